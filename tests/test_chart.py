"""The standings charts (pipeline/publish/chart.py): nothing clipped, in the map's colours, lines told apart."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pipeline.board.presentation.render import palette
from pipeline.publish import chart
from pipeline.publish.chart import line_chart, standings_charts
from pipeline.shared.map_text import text_width
from pipeline.storage.gamedir import load_game

GAMES = Path(__file__).resolve().parent.parent / "games"


def _chart_texts(svg: str) -> tuple[tuple[float, float], list[tuple[str, float, float, float, float]]]:
    """The chart's view box size and each text's box (estimated letter by letter, as the chart lays them)."""
    root = ET.fromstring(svg)
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    base = float(re.search(r"font-size:(\d+)px", root.get("style", ""))[1])
    out = []
    for e in root.iter("{http://www.w3.org/2000/svg}text"):
        size = float((e.get("font-size") or f"{base}px").removesuffix("px"))
        w, x, y = text_width(e.text or "", size), float(e.get("x")), float(e.get("y"))
        left = {"end": x - w, "middle": x - w / 2}.get(e.get("text-anchor") or "start", x)
        out.append((e.text or "", left, y - size * 0.8, left + w, y + size * 0.25))
    return (width, height), out


def test_the_charts_keep_every_text_inside_and_use_the_map_colours() -> None:
    """The demo games' charts: every text (title, values, years, the legend with long French names) within
    the view box; each power's line in its map colour, with dashes or markers of its own; equal lines apart."""
    for name in ("machiavelli", "demo"):
        game = load_game(GAMES / name)
        colours = {colour for colour, _ in palette(game.setup, game.family.rules.family).values()}
        for lang in ("en", "fr"):
            for svg in standings_charts(game, game.turns(), lang):
                (width, height), texts = _chart_texts(svg)
                outside = [t for t in texts if t[1] < 0 or t[2] < 0 or t[3] > width or t[4] > height]
                assert outside == [], outside
                lines = re.findall(r'<polyline fill="none" points="([^"]+)" stroke="(#[0-9A-F]{6})"', svg)
                assert {colour for _, colour in lines} == colours
                assert len({points for points, _ in lines}) == len(lines)  # no line on top of another
    long = line_chart(
        "c", "Villes", ["1454", "", "1455", "", "", "1456"], {f"Garnisons autonomes {i}": [i] * 6 for i in range(9)}
    )
    (width, height), texts = _chart_texts(long)
    assert [t for t in texts if t[1] < 0 or t[3] > width or t[4] > height] == []
    assert {t[0] for t in texts} >= {"1456", "Garnisons autonomes 8 (8)"}


def test_only_equal_values_are_drawn_apart() -> None:
    """Two powers level at a point are drawn side by side there, 2.4 units apart round the true height; a
    value no other power shares is drawn at its height."""
    svg = line_chart("c", "Cities", ["1454", "", ""], {"Venice": [3, 4, 5], "Milan": [3, 2, 5], "Naples": [1, 2, 0]})
    lines = [
        [tuple(float(v) for v in p.split(",")) for p in points.split()]
        for points in re.findall(r'<polyline fill="none" points="([^"]+)"', svg)
    ]
    venice, milan, naples = lines
    assert venice[0][1] - milan[0][1] == pytest.approx(-2.4) and venice[2][1] - milan[2][1] == pytest.approx(-2.4)
    assert milan[1][1] - naples[1][1] == pytest.approx(-2.4)
    plot = chart.HEIGHT - chart.TOP - chart.BOTTOM  # the values run from 0 to 5

    def height(value: int) -> float:
        return round(chart.TOP + plot - plot * value / 5, 1)

    assert venice[1][1] == height(4) and naples[0][1] == height(1) and naples[2][1] == height(0)
