"""The standings of a game over time as inline SVG line charts (svgwrite): one a number its family ranks the
powers by (`Rules.ranking`, named by `Presentation.standing_labels`: supply centres, cities, ducats, prestige,
victory points), one point per state file. Each power in its map colour (`Presentation.colours`), with dashes
and markers of its own; equal lines are drawn side by side.

Deterministic: no time stamp, no random or counter-made id (every id is built from the game's id and the
chart's name), coordinates rounded to one decimal, so the same states give the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping

import svgwrite

from pipeline.shared.i18n import Translator, translator
from pipeline.shared.map_text import FALLBACK, text_width
from pipeline.storage.gamedir import Game

DASHES = ("", "7,3", "2,2.5", "9,3,2,3")  # told apart without colour too, with the markers
MARKERS = ("circle", "square", "triangle", "diamond", "down", "cross")
WIDTH, HEIGHT = 480, 230  # narrow, so that the words stay readable on a phone (the chart shrinks to fit)
LEFT, RIGHT, TOP, BOTTOM = 34, 22, 30, 26
FONT, TITLE_FONT = 13, 15
SPREAD = 2.4  # equal values are drawn this far apart, side by side, so that no line hides another


def _nice_step(top: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top / step <= 5:
            return step
    return max(1, top // 5)


def _marker(dwg: svgwrite.Drawing, shape: str, at: tuple[float, float], colour: str) -> svgwrite.base.BaseElement:
    x, y = at
    r = 3.2
    corners = {
        "triangle": [(x, y - r * 1.2), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)],
        "down": [(x, y + r * 1.2), (x + r * 1.1, y - r * 0.8), (x - r * 1.1, y - r * 0.8)],
        "diamond": [(x, y - r * 1.3), (x + r * 1.3, y), (x, y + r * 1.3), (x - r * 1.3, y)],
    }
    outline = {"stroke": "#222", "stroke_width": 0.6}  # a light colour's marker shows on white too
    if shape == "circle":
        return dwg.circle((x, y), r, fill=colour, **outline)
    if shape == "square":
        return dwg.rect((round(x - r, 1), round(y - r, 1)), (round(2 * r, 1), round(2 * r, 1)), fill=colour, **outline)
    if shape == "cross":
        d = f"M{x - r:.1f},{y - r:.1f}L{x + r:.1f},{y + r:.1f}M{x - r:.1f},{y + r:.1f}L{x + r:.1f},{y - r:.1f}"
        return dwg.path(d=d, stroke=colour, stroke_width=2.4, fill="none")
    return dwg.polygon([(round(px, 1), round(py, 1)) for px, py in corners[shape]], fill=colour, **outline)


def line_chart(
    chart_id: str,
    title: str,
    labels: list[str],
    series: dict[str, list[int]],
    colours: Mapping[str, str] | None = None,
) -> str:
    """A line chart: one line per series (name -> one value per point) in its colour (`colours`, by name;
    else one of the map's fallback colours), each with its own dashes and markers; the x axis labelled where
    `labels` has a text (the years), a legend below, every text within the chart. Returns one line of SVG
    (no blank line: it sits in a Markdown page as raw HTML)."""
    points = max(len(labels), 1)
    keys = _legend_layout(series)
    height = HEIGHT + (keys[-1][2] + 1 if keys else 0) * (FONT + 7) + 6
    top_value = max([1, *[v for values in series.values() for v in values]])
    step = _nice_step(top_value)
    top_value = ((top_value + step - 1) // step) * step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return round(LEFT + (plot_w * i / (points - 1) if points > 1 else plot_w / 2), 1)

    def y(v: float) -> float:
        return round(TOP + plot_h - plot_h * v / top_value, 1)

    dwg = svgwrite.Drawing(size=(WIDTH, height), viewBox=f"0 0 {WIDTH} {height}", debug=False)
    dwg.attribs.update({"id": chart_id, "role": "img", "aria-label": title})
    dwg.attribs["style"] = f"max-width:100%;height:auto;font-family:sans-serif;font-size:{FONT}px"
    dwg.set_desc(title=title)
    dwg.add(dwg.text(title, insert=(4, 18), font_weight="bold", font_size=f"{TITLE_FONT}px", fill="currentColor"))
    grid = dwg.g(id=f"{chart_id}-axes", stroke="#9e9e9e", stroke_width=0.5)
    for v in range(0, top_value + 1, step):
        grid.add(dwg.line((LEFT, y(v)), (WIDTH - RIGHT, y(v))))
        dwg.add(dwg.text(str(v), insert=(LEFT - 6, y(v) + 4), text_anchor="end", fill="currentColor"))
    for i, label in enumerate(labels):
        if label:
            grid.add(dwg.line((x(i), TOP), (x(i), TOP + plot_h), stroke_dasharray="2,3"))
            # a year's label starts at its line, and ends there when it would run past the chart's edge
            anchor = "end" if x(i) + text_width(label, FONT) > WIDTH - 2 else "start"
            shift = -2 if anchor == "end" else 2
            dwg.add(dwg.text(label, insert=(x(i) + shift, HEIGHT - 8), text_anchor=anchor, fill="currentColor"))
    dwg.add(grid)
    offsets = _spread(list(series.values()))
    for n, (name, values) in enumerate(series.items()):
        colour = (colours or {}).get(name) or FALLBACK[n % len(FALLBACK)]
        dash, shape = DASHES[n % len(DASHES)], MARKERS[n % len(MARKERS)]
        pts = [(x(i), round(y(v) + offsets[n][i], 1)) for i, v in enumerate(values)]
        group = dwg.g(id=f"{chart_id}-{n}")
        line = dwg.polyline(pts, fill="none", stroke=colour, stroke_width=2.2)
        if dash:
            line["stroke-dasharray"] = dash
        group.set_desc(title=f"{name}: {', '.join(str(v) for v in values)}")
        group.add(line)
        for at in pts:
            group.add(_marker(dwg, shape, at, colour))
        dwg.add(group)
    for n, (text, lx, row) in enumerate(keys):
        name = list(series)[n]
        colour = (colours or {}).get(name) or FALLBACK[n % len(FALLBACK)]
        ly = HEIGHT + 6 + row * (FONT + 7)
        key = dwg.line((lx, ly), (lx + 24, ly), stroke=colour, stroke_width=2.6)
        dash = DASHES[n % len(DASHES)]
        if dash:
            key["stroke-dasharray"] = dash
        dwg.add(key)
        dwg.add(_marker(dwg, MARKERS[n % len(MARKERS)], (lx + 12, ly), colour))
        dwg.add(dwg.text(text, insert=(lx + 30, ly + 4.5), fill="currentColor"))
    return str(dwg.tostring())


def _spread(series: list[list[int]]) -> list[list[float]]:
    """How far each series' point is drawn from its value: zero where no other series has that value at that
    point, else the series with equal values side by side round it, SPREAD apart, in the legend's order."""
    offsets = [[0.0] * len(values) for values in series]
    for i in range(max((len(values) for values in series), default=0)):
        equal: dict[int, list[int]] = {}
        for n, values in enumerate(series):
            if i < len(values):
                equal.setdefault(values[i], []).append(n)
        for group in equal.values():
            for rank, n in enumerate(group):
                offsets[n][i] = (rank - (len(group) - 1) / 2) * SPREAD
    return offsets


def _legend_layout(series: dict[str, list[int]]) -> list[tuple[str, float, int]]:
    """Each series' legend text (its name and last value), where it starts and on which row: as many on a
    row as fit in the chart's width."""
    out, lx, row = [], 4.0, 0
    for name, values in series.items():
        text = f"{name} ({values[-1] if values else 0})"
        width = 30 + text_width(text, FONT) + 14
        if lx > 4 and lx + width > WIDTH:
            lx, row = 4.0, row + 1
        out.append((text, lx, row))
        lx += width
    return out


def _axis_labels(game: Game, turns: list[str], t: Translator) -> list[str]:
    """Each turn's axis label, shown under the first turn that has it, nothing under the others (a year's)."""
    labels, seen = [], set()
    for turn in turns:
        label = game.family.presentation.axis_label(game.setup, turn, t)
        labels.append(label if label not in seen else "")
        seen.add(label)
    return labels


def standings_charts(game: Game, turns: list[str], lang: str) -> list[str]:
    """The charts of the game page in `lang`, one a number of the family's ranking that it names
    (`Presentation.standing_labels`), one point per state (nothing before a second state)."""
    if len(turns) < 2:
        return []
    t = translator(lang)
    shows = game.family.presentation
    ranks = [dict(game.family.rules.ranking(game.setup, game.state(turn, public=True))) for turn in turns]
    powers = sorted({p for ranked in ranks for p in ranked})
    names = {p: shows.power_name(game.setup, p, t) for p in powers}
    colours = {names[p]: colour for p, colour in shows.colours(game.setup).items() if p in names}
    labels = _axis_labels(game, turns, t)
    charts = []
    for n, title in enumerate(shows.standing_labels(t, game.secret_money)):
        if title is None:
            continue
        series = {names[p]: [ranked[p][n] if p in ranked else 0 for ranked in ranks] for p in powers}
        charts.append(line_chart(f"chart-{game.id}-{lang}-{n}", title, labels, series, colours))
    return charts
