"""The map of a Symmachia year, as SVG, from the scenario's geography (each place's `at`, its borders and
coasts): a schematic map, places where they lie on the globe (an equirectangular projection), each
province a disc in its owner's colour (with a letter, so that the owner reads without colour), capitals
ringed, trading posts squared, ravaged provinces crossed, hordes and pirates named; the sea zones as
labelled ellipses. Each unit with its commander stands at its place; a season's map adds that season's
moves (arrows), battles and raids. Names in the reader's language.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from html import escape
from typing import Any

from pipeline.games.family import Translations

from .report import SEASON_NAMES, Namer, year_in_words
from .scenario import Scenario
from .state import State

SCALE = 48.0  # pixels to a degree of latitude
MARGIN = 60.0
# each power's colour: apart for the common colour-vision deficiencies (the project's palettes' hues)
COLOURS = (
    "#117733", "#AA3377", "#7570B3", "#CC6677", "#999933", "#332288", "#EE7733", "#44AA99", "#882255", "#DDAA33",
)  # fmt: skip
SEA, NOBODY = "#cfe3f2", "#ffffff"


class Projection:
    """Longitude and latitude to the drawing's x and y (north up), the scenario's places framed."""

    def __init__(self, scenario: Scenario) -> None:
        points = [p.at for p in scenario.provinces.values() if p.at] + [z.at for z in scenario.seas.values() if z.at]
        self.lon0 = min(p[0] for p in points)
        self.lat1 = max(p[1] for p in points)
        mid = (self.lat1 + min(p[1] for p in points)) / 2
        self.kx = SCALE * math.cos(math.radians(mid))
        self.width = (max(p[0] for p in points) - self.lon0) * self.kx + 2 * MARGIN
        self.height = (self.lat1 - min(p[1] for p in points)) * SCALE + 2 * MARGIN + 30

    def xy(self, at: tuple[float, float]) -> tuple[float, float]:
        return MARGIN + (at[0] - self.lon0) * self.kx, MARGIN + 30 + (self.lat1 - at[1]) * SCALE


def colours(scenario: Scenario) -> dict[str, str]:
    return {pid: COLOURS[i % len(COLOURS)] for i, pid in enumerate(sorted(scenario.powers))}


def codes(scenario: Scenario) -> dict[str, str]:
    """Each power's letters on its provinces (the legend says whose): its first letter, or two when
    another power's name starts with the same one."""
    firsts = [pid[0] for pid in scenario.powers]
    return {pid: pid[0].upper() + (pid[1] if firsts.count(pid[0]) > 1 else "") for pid in scenario.powers}


def draw_year(
    scenario: Scenario, state: State, records: list[Mapping[str, Any]], season: str | None, t: Translations
) -> str | None:
    """The map of `state` (the year's start) with `season`'s moves, battles and raids (None: the state's
    alone); None if the scenario gives no positions."""
    places = {p: v.at for p, v in scenario.provinces.items() if v.at} | {z: v.at for z, v in scenario.seas.items()}
    if not all(places.get(p) for p in scenario.provinces) or not all(places.get(z) for z in scenario.seas):
        return None
    n = Namer(scenario, state, t)
    proj = Projection(scenario)
    at = {p: proj.xy(xy) for p, xy in places.items() if xy}
    paint, letters = colours(scenario), codes(scenario)
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {proj.width:.0f} {proj.height:.0f}" '
        f'width="{proj.width:.0f}" height="{proj.height:.0f}" font-family="sans-serif" font-size="10">',
        f'<rect width="100%" height="100%" fill="{SEA}"/>',
    ]
    title = year_in_words(state.public.year, t) + (f" — {SEASON_NAMES[season](t)}" if season else "")
    out.append(f'<text x="{MARGIN}" y="24" font-size="18" font-weight="bold">{escape(title)}</text>')
    drawn: set[frozenset[str]] = set()
    for pid, prov in scenario.provinces.items():  # the borders, then the coasts
        for other in prov.borders:
            pair = frozenset((pid, other))
            if pair not in drawn and other in at:
                drawn.add(pair)
                out.append(_line(at[pid], at[other], "#8c7b55", 1.5))
        for zone in prov.coasts:
            out.append(_line(at[pid], at[zone], "#9cbfd8", 1, dash="3 3"))
    for zid, sea in scenario.seas.items():
        x, y = at[zid]
        out.append(f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="34" ry="14" fill="#b7d4ea" stroke="#7aa6c8"/>')
        out.append(_label(x, y + 3, n.title(sea.name), italic=True))
    ravaged = set(state.public.ravaged)
    capitals = {info.capital for info in state.public.powers.values()}
    for pid, prov in scenario.provinces.items():
        x, y = at[pid]
        owner = state.public.owners.get(pid)
        fill = paint.get(owner, NOBODY) if owner else NOBODY
        if prov.desert:
            fill = "#e8d9a8" if not owner else fill
        ring = ' stroke="#000" stroke-width="3"' if pid in capitals else ' stroke="#6b5a3a" stroke-width="1"'
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="11" fill="{fill}"{ring}/>')
        if owner:
            out.append(_label(x, y + 4, letters.get(owner, "?"), bold=True, colour="#fff", size=9))
        if prov.trading_post:
            out.append(f'<rect x="{x + 8:.1f}" y="{y - 14:.1f}" width="6" height="6" fill="#000"/>')
        if pid in ravaged:
            out.append(_line((x - 9, y - 9), (x + 9, y + 9), "#c00", 2))
            out.append(_line((x - 9, y + 9), (x + 9, y - 9), "#c00", 2))
        out.append(_label(x, y + 22, n.title(prov.name)))
    bands = [(h.place, n.title(h.name)) for h in state.public.hordes]
    bands += [(p.zone, n.title(p.name)) for p in state.public.pirates]
    for place, name in bands:
        if place in at:
            x, y = at[place]
            out.append(_label(x, y - 16, "⚔ " + name, colour="#c00", bold=True))
    stacked: dict[str, int] = {}
    for unit in sorted(state.public.units.values(), key=lambda u: u.id):
        if unit.place not in at:
            continue
        x, y = at[unit.place]
        k = stacked.get(unit.place, 0)
        stacked[unit.place] = k + 1
        mark = "▲" if unit.kind.value == "army" else "◆"
        text = f"{mark} {n.leader(unit.leader)}"
        out.append(_label(x + 14, y - 4 + 11 * k, text, anchor="start", colour=paint.get(unit.power, "#000")))
    if season is not None:
        out += _season(records, season, at)
    out += _legend(scenario, paint, letters, n, proj)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _season(records: list[Mapping[str, Any]], season: str, at: Mapping[str, tuple[float, float]]) -> list[str]:
    """A season's moves and retreats (arrows), battles, pacifications, raids and blockades (signs)."""
    out = [
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" '
        'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#000"/></marker></defs>'
    ]
    signs = {"battle": "✶", "pacified": "☮", "raid": "✹", "blockade": "⛓"}
    for r in records:
        if r.get("season") != season:
            continue
        code = str(r.get("code"))
        frm, to = str(r.get("frm", "")), str(r.get("to", ""))
        where = str(r.get("place") or r.get("province") or r.get("zone") or "")
        if code in ("move", "retreat") and frm in at and to in at:
            (x1, y1), (x2, y2) = at[frm], at[to]
            dash = ' stroke-dasharray="4 2"' if code == "retreat" else ""
            out.append(
                f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#000" stroke-width="2"'
                f'{dash} marker-end="url(#arrow)"/>'
            )
        elif code in signs and where in at:
            x, y = at[where]
            out.append(_label(x, y - 12, signs[code], colour="#c00", size=16))
    return out


def _legend(
    scenario: Scenario, paint: Mapping[str, str], letters: Mapping[str, str], n: Namer, proj: Projection
) -> list[str]:
    out = []
    x, y = MARGIN, proj.height - 14 - 14 * ((len(scenario.powers) + 1) // 2)
    for i, pid in enumerate(sorted(scenario.powers)):
        px, py = x + (i % 2) * 220, y + 14 * (i // 2)
        out.append(f'<circle cx="{px:.1f}" cy="{py - 3:.1f}" r="5" fill="{paint[pid]}"/>')
        out.append(_label(px + 9, py, f"{letters[pid]} {n.power(pid)}", anchor="start"))
    return out


def _line(a: tuple[float, float], b: tuple[float, float], colour: str, width: float, dash: str | None = None) -> str:
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" stroke="{colour}" '
        f'stroke-width="{width}"{dashes}/>'
    )


def _label(
    x: float,
    y: float,
    text: str,
    anchor: str = "middle",
    italic: bool = False,
    bold: bool = False,
    colour: str = "#222",
    size: int | None = None,
) -> str:
    style = (' font-style="italic"' if italic else "") + (' font-weight="bold"' if bold else "")
    style += f' font-size="{size}"' if size else ""
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" fill="{colour}"{style}>{escape(text)}</text>'
