"""The standings of a game over time as inline SVG line charts (svgwrite): cities and ducats per power in
Machiavelli, supply centres in Diplomacy, one point per state file.

Deterministic: no time stamp, no random or counter-made id (every id is built from the game's id and the
chart's name), coordinates rounded to one decimal, so the same states give the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable

import svgwrite

from pipeline.core.position import Position
from pipeline.storage.gamedir import Game, phase_of_turn

from .i18n import translator
from .words import Words

# colour-blind-safe colours first (Okabe and Ito), then a few more for maps with many powers
PALETTE = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#CC79A7",
    "#D55E00",
    "#56B4E9",
    "#000000",
    "#F0E442",
    "#7F7F7F",
    "#8C564B",
)
DASHES = ("", "6,3", "2,2", "8,3,2,3")  # told apart without colour too
WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 28, 24


def _nice_step(top: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top / step <= 6:
            return step
    return max(1, top // 5)


def line_chart(chart_id: str, title: str, labels: list[str], series: dict[str, list[int]]) -> str:
    """A line chart: one line per series (name -> one value per point), the x axis labelled where
    `labels` has a text (the years), a legend below. Returns one line of SVG (no blank line: it sits in a
    Markdown page as raw HTML)."""
    points = max(len(labels), 1)
    rows = (len(series) + 3) // 4
    height = HEIGHT + rows * 18
    top_value = max([1, *[v for values in series.values() for v in values]])
    step = _nice_step(top_value)
    top_value = ((top_value + step - 1) // step) * step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return round(LEFT + (plot_w * i / (points - 1) if points > 1 else plot_w / 2), 1)

    def y(v: int) -> float:
        return round(TOP + plot_h - plot_h * v / top_value, 1)

    dwg = svgwrite.Drawing(size=(WIDTH, height), viewBox=f"0 0 {WIDTH} {height}", debug=False)
    dwg.attribs.update({"id": chart_id, "role": "img", "aria-label": title})
    dwg.attribs["style"] = "max-width:100%;height:auto;font-family:sans-serif;font-size:11px"
    dwg.set_desc(title=title)
    dwg.add(dwg.text(title, insert=(LEFT, 16), font_weight="bold", font_size="13px", fill="currentColor"))
    grid = dwg.g(id=f"{chart_id}-axes", stroke="#9e9e9e", stroke_width=0.5)
    for v in range(0, top_value + 1, step):
        grid.add(dwg.line((LEFT, y(v)), (WIDTH - RIGHT, y(v))))
        dwg.add(dwg.text(str(v), insert=(LEFT - 6, y(v) + 4), text_anchor="end", fill="currentColor"))
    for i, label in enumerate(labels):
        if label:
            grid.add(dwg.line((x(i), TOP), (x(i), TOP + plot_h), stroke_dasharray="2,3"))
            dwg.add(dwg.text(label, insert=(x(i), HEIGHT - 8), text_anchor="middle", fill="currentColor"))
    dwg.add(grid)
    for n, (name, values) in enumerate(series.items()):
        colour, dash = PALETTE[n % len(PALETTE)], DASHES[(n // 2) % len(DASHES)]
        line = dwg.polyline(
            [(x(i), y(v)) for i, v in enumerate(values)],
            id=f"{chart_id}-{n}",
            fill="none",
            stroke=colour,
            stroke_width=2,
        )
        if dash:
            line["stroke-dasharray"] = dash
        line.set_desc(title=f"{name}: {', '.join(str(v) for v in values)}")
        dwg.add(line)
        lx, ly = LEFT + (n % 4) * 150, HEIGHT + 4 + (n // 4) * 18
        key = dwg.line((lx, ly), (lx + 22, ly), stroke=colour, stroke_width=3)
        if dash:
            key["stroke-dasharray"] = dash
        dwg.add(key)
        last = values[-1] if values else 0
        dwg.add(dwg.text(f"{name} ({last})", insert=(lx + 28, ly + 4), fill="currentColor"))
    return str(dwg.tostring())


def _year_labels(turns: list[str]) -> list[str]:
    """The year under the first state of each year, nothing under the others."""
    labels, seen = [], set()
    for turn in turns:
        year = phase_of_turn(turn).year
        labels.append(str(year) if year not in seen else "")
        seen.add(year)
    return labels


def standings_charts(game: Game, turns: list[str], lang: str) -> list[str]:
    """The charts of the game page in `lang`, one point per state (nothing before a second state)."""
    if len(turns) < 2:
        return []
    t = translator(lang)
    w = Words(game.board, t)
    positions = [game.position(turn, public=True) for turn in turns]  # what everybody may see
    powers = sorted(game.board.powers)
    labels = _year_labels(turns)

    def series(value: Callable[[Position, str], int]) -> dict[str, list[int]]:
        return {w.power(pid): [value(p, pid) for p in positions] for pid in powers}

    prefix = f"chart-{game.id}-{lang}"
    if game.family.controls_cities:
        cities = series(lambda p, pid: sum(1 for owner in p.cities.values() if owner == pid))
        charts = [line_chart(f"{prefix}-cities", t.gettext("Cities controlled"), labels, cities)]
        if not game.secret_money:  # treasuries are each power's secret otherwise
            ducats = series(lambda p, pid: p.ledger.ducats(pid))
            charts.append(line_chart(f"{prefix}-ducats", t.gettext("Ducats in the treasury"), labels, ducats))
        return charts
    centres = series(lambda p, pid: len(p.centres_of(pid)))
    return [line_chart(f"{prefix}-centres", t.gettext("Supply centres"), labels, centres)]
