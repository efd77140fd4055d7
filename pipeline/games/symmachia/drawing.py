"""The map of a Symmachia year, as SVG, in the reader's language.

A scenario with a drawing (``scenarios/<scenario>.drawing.json``, written by ``tools/draw_boards.py`` from
the real coastline, see docs/maps.md) is drawn over it: each province's shape filled by its owner (a tint of
the power's colour under a hatching of the power's own, so that colour is never the only cue; independents
plain, deserts sand), ravaged provinces hatched red, the sea zones blue (a blockaded zone cross-hatched),
cities, capitals (a star), trading posts (a square, filled with its power's colour where it is a power's
main trading post), passes, the Bosporus crossing, the long passage off the map's edge; hordes and pirates
by their names; each unit with its commander where it stands. A season's map shows the units where that
season found them, and its moves and retreats (arrows in the power's colour), embarkations and landings (an
army aboard goes with its fleet), battles, raids, blockades and pacifications. Every name is placed clear of
the arrows, units and markers where its province leaves room. A legend under the map says what each colour,
hatching and sign means.

The drawing is the family's own data, read once per process from its package (like its code: no game's
file). A scenario without a drawing but with each place's ``at`` gets a schematic map (places where they
lie on the globe, each province a disc in its owner's colour); without either, no map.

The output depends on its inputs only (sorted everywhere): the same year gives the same bytes.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pipeline.escape import markup_text as escape  # text and attributes of the SVG
from pipeline.games.contract import Translations
from pipeline.shared.map_text import Box, Point, ink, overlap, place_name, segment_hits, text_width, tint
from pipeline.shared.map_text import coordinate as _r

from .report import SEASON_NAMES, SEASONS, Namer, year_in_words
from .scenario import Scenario
from .state import State

# each power's colour, in the order of the scenario's powers: every two of the first eight, and every two that
# share a hatching in a larger scenario (the 1st, 9th, 17th...), apart for normal vision and the common
# colour-vision deficiencies, and from sea, land, desert and the land beyond the map (tests/test_map_colours.py)
COLOURS = (
    "#0EA5FF", "#430D0D", "#001E3C", "#B31998", "#127E64", "#88FF34", "#AAA15D", "#675500", "#0036B8", "#D7B042",
)  # fmt: skip
# each power's hatching, told from the others without colour
HATCHINGS = ("rising", "falling", "horizontal", "vertical", "grid", "lattice", "dots", "zigzag")
SEA, SEA_EDGE, SEA_TEXT = "#CFE6F3", "#8DB6D6", "#1B4F72"
LAND, DESERT, OFFBOARD, BORDER = "#F4EFE1", "#EEDFB0", "#D9D6CC", "#7A6A4F"
RED, NOBODY = "#C62828", "#ffffff"
FONT = 8.0  # place names, in the drawing's units
NAME_SIZES = (8.0, 7.0, 6.0)
SMALL = 6.0  # commanders, hordes, pirates
UNIT_R = 5.5  # half a unit icon
STACK = 13.0  # between two units in one place
NEAR = 70.0
LEGEND_ROW = 16.0
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_SUBPATH = re.compile(r"M([^MZ]*)Z")


# ---- the drawing ---------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Shape:
    kind: str  # coast | land | desert | sea
    path: str
    label: Point  # the name and the units
    city: Point | None  # the main city (or the town of its trading post)
    post: Point | None  # the trading post

    @functools.cached_property
    def rings(self) -> tuple[tuple[Point, ...], ...]:
        return tuple(
            tuple((float(x), float(y)) for x, y in (pair.split(",") for pair in body.split()))
            for body in _SUBPATH.findall(self.path)
        )

    def contains(self, point: Point) -> bool:
        """Is the point inside the shape (even-odd over all its rings, holes included)?"""
        x, y = point
        inside = False
        for ring in self.rings:
            for (x1, y1), (x2, y2) in zip(ring, (*ring[1:], ring[0]), strict=True):
                if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                    inside = not inside
        return inside


@dataclass(frozen=True)
class Drawing:
    """A scenario's drawing: each place's shape and points, in SVG units (x east, y south)."""

    width: float
    height: float
    shapes: Mapping[str, Shape]
    land: str  # every land, the scenario's and beyond it (the coastline)
    offboard: str  # the land beyond the scenario's provinces
    crossings: tuple[tuple[str, str, Point, Point], ...]  # a land move drawn as a line (the Bosporus)
    passes: tuple[tuple[str, str, Point], ...]
    passages: tuple[tuple[str, str, Point, Point, int], ...]  # two zones, their ends at the edge, seasons

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Drawing:
        def pt(v: Any) -> Point:
            return (float(v[0]), float(v[1]))

        shapes = {
            sid: Shape(
                kind=str(e["kind"]),
                path=str(e["path"]),
                label=pt(e["label"]),
                city=pt(e["city"]) if e.get("city") else None,
                post=pt(e["post"]) if e.get("post") else None,
            )
            for sid, e in data["spaces"].items()
        }
        return cls(
            width=float(data["viewbox"][2]),
            height=float(data["viewbox"][3]),
            shapes=shapes,
            land=str(data.get("land", "")),
            offboard=str(data.get("offboard", "")),
            crossings=tuple(
                (c["spaces"][0], c["spaces"][1], pt(c["line"][:2]), pt(c["line"][2:]))
                for c in data.get("crossings", [])
            ),
            passes=tuple((p["provinces"][0], p["provinces"][1], pt(p["at"])) for p in data.get("passes", [])),
            passages=tuple(
                (p["zones"][0], p["zones"][1], pt(p["ends"][0]), pt(p["ends"][1]), int(p["seasons"]))
                for p in data.get("passages", [])
            ),
        )


@functools.lru_cache(maxsize=4)
def _drawing_file(scenario_id: str) -> Drawing | None:
    if not _ID.match(scenario_id):
        return None
    resource = importlib.resources.files(__package__).joinpath("scenarios", f"{scenario_id}.drawing.json")
    if not resource.is_file():
        return None
    return Drawing.from_data(json.loads(resource.read_text(encoding="utf-8")))


def scenario_drawing(scenario: Scenario) -> Drawing | None:
    """The drawing shipped for the scenario (or for the scenario whose places it shares, its `drawing`), if it
    draws exactly the scenario's places."""
    drawing = _drawing_file(scenario.drawing or scenario.id)
    if drawing is None or set(drawing.shapes) != set(scenario.provinces) | set(scenario.seas):
        return None
    return drawing


# ---- the year's map ------------------------------------------------------------------------------------


def draw_year(
    scenario: Scenario, state: State, records: list[Mapping[str, Any]], season: str | None, t: Translations
) -> str | None:
    """The map of `state` (the year's start) with `season`'s moves, battles and raids (None: the state's
    alone); None if the scenario has neither a drawing nor positions."""
    drawing = scenario_drawing(scenario)
    if drawing is not None:
        return _Map(scenario, drawing, state, records, season, t).svg()
    return _schematic(scenario, state, records, season, t)


def _powers(scenario: Scenario, state: State | None) -> list[str]:
    """The scenario's powers, then those risen since (a usurper's): each keeps its colour from year to year."""
    risen = sorted(p for p in (state.public.powers if state else {}) if p not in scenario.powers and _ID.match(p))
    return sorted(scenario.powers) + risen


def colours(scenario: Scenario, state: State | None = None) -> dict[str, str]:
    return {pid: COLOURS[i % len(COLOURS)] for i, pid in enumerate(_powers(scenario, state))}


def hatchings(scenario: Scenario, state: State | None = None) -> dict[str, str]:
    return {pid: HATCHINGS[i % len(HATCHINGS)] for i, pid in enumerate(_powers(scenario, state))}


def _shade(colour: str, amount: float = 0.35) -> str:
    """The colour darkened: a power's text on the map, readable on its tint."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c * (1 - amount)):02X}" for c in rgb)


def _around(p: Point, r: float) -> Box:
    return (p[0] - r, p[1] - r, p[0] + r, p[1] + r)


def _star(c: Point, r: float, points: int = 5, inner: float = 0.45) -> str:
    pts = []
    for k in range(2 * points):
        a = math.pi * k / points - math.pi / 2
        rr = r if k % 2 == 0 else r * inner
        pts.append(f"{_r(c[0] + rr * math.cos(a))},{_r(c[1] + rr * math.sin(a))}")
    return "M" + " ".join(pts) + "Z"


def _horde(at: Point) -> str:
    """A horde's sign: a spiked disc (the map's and the legend's)."""
    return _star(at, 5.0, points=8, inner=0.6)


def _flag(at: Point) -> str:
    """The pirates' sign: a flag on its pole."""
    x, y = at
    return f"M{_r(x - 3)},{_r(y + 5)}V{_r(y - 5)}h6.5l-2,2.5 2,2.5h-6.5"


def _pass(at: Point) -> str:
    """A pass's sign: two arcs facing each other."""
    x, y = at
    return f"M{_r(x - 3)},{_r(y - 3.5)}q2,3.5 0,7M{_r(x + 3)},{_r(y - 3.5)}q-2,3.5 0,7"


def _hull(at: Point) -> str:
    """A fleet's sign: a hull."""
    x, y = at
    return f"M{_r(x - 6.5)},{_r(y - 2.5)}h13l-3,6h-7z"


@dataclass
class _Season:
    """Where each unit, horde and band of pirates stood when the season began, and what the season did."""

    units: dict[str, str] = field(default_factory=dict)  # unit -> place
    aboard: dict[str, str] = field(default_factory=dict)  # army -> the fleet carrying it
    hordes: dict[str, str] = field(default_factory=dict)  # horde -> province
    pirates: dict[str, str] = field(default_factory=dict)  # pirates -> zone
    moves: list[tuple[str, str, str, str]] = field(default_factory=list)  # (kind, unit, from, to)
    signs: list[tuple[str, str]] = field(default_factory=list)  # (kind, place)

    def go(self, unit: str, place: str) -> None:
        """A unit (or horde) to a place; the armies aboard a fleet go with it."""
        if unit in self.hordes:
            self.hordes[unit] = place
            return
        self.units[unit] = place
        for army, fleet in self.aboard.items():
            if fleet == unit:
                self.units[army] = place


MOVES = ("move", "retreat", "convoyed", "landed", "horde_moves", "embarked")
SIGNS = ("battle", "pacified", "raid", "blockade", "pirates")


def season_positions(state: State, records: Sequence[Mapping[str, Any]], season: str | None) -> _Season:
    """The units' places at the start of `season` (the year's start for None), replaying the earlier
    seasons' moves, retreats, embarkations, landings and losses, and that season's moves and signs."""
    pub = state.public
    now = _Season(
        units={uid: u.place for uid, u in sorted(pub.units.items())},
        aboard={uid: u.aboard for uid, u in sorted(pub.units.items()) if u.aboard},
        hordes={h.id: h.place for h in pub.hordes},
        pirates={p.id: p.zone for p in pub.pirates},
    )
    if season is None:
        return now
    for name in SEASONS:
        own = [r for r in records if r.get("season") == name]
        now.moves, now.signs = [], []
        if name == season:
            start = _Season(dict(now.units), dict(now.aboard), dict(now.hordes), dict(now.pirates))
            _play(now, own)
            start.moves, start.signs = now.moves, now.signs
            return start
        _play(now, own)
    return now


def _play(now: _Season, records: Sequence[Mapping[str, Any]]) -> None:
    """A season's records played on the places: the moves (with where each started) and signs noted."""
    for r in records:
        code = str(r.get("code"))
        unit = str(r.get("unit") or r.get("army") or r.get("horde") or "")
        frm = now.units.get(unit) or now.hordes.get(unit) or ""
        if code in MOVES:
            if code == "embarked":
                fleet = str(r.get("fleet", ""))
                to = now.units.get(fleet, "")
                if fleet:
                    now.aboard[unit] = fleet
            else:
                to = str(r.get("to") or r.get("province") or "")
                if code == "landed":
                    now.aboard.pop(unit, None)
                    # the army's own move ashore, if it made one, is the landing
                    now.moves = [("landed", *m[1:]) if m[1] == unit and m[3] == to else m for m in now.moves]
                elif code == "convoyed":
                    continue  # its fleet's own move carries it (and draws the way)
            if frm and to and frm != to:
                now.moves.append((code, unit, frm, to))
            if to:
                now.go(unit, to)
        elif code in SIGNS:
            place = str(r.get("place") or r.get("province") or r.get("zone") or "")
            if place:
                now.signs.append((code, place))
        elif code in ("destroyed", "disbanded"):
            now.units.pop(unit, None)
            now.aboard.pop(unit, None)
        elif code == "horde_gone":
            now.hordes.pop(str(r.get("horde")), None)
        elif code in ("pirates_gone", "pirates_cleared"):
            now.pirates.pop(str(r.get("pirates")), None)


class _Map:
    def __init__(
        self,
        scenario: Scenario,
        drawing: Drawing,
        state: State,
        records: list[Mapping[str, Any]],
        season: str | None,
        t: Translations,
    ) -> None:
        self.s, self.d, self.st, self.t, self.season = scenario, drawing, state, t, season
        self.n = Namer(scenario, state, t)
        self.powers = _powers(scenario, state)
        self.paint, self.hatch = colours(scenario, state), hatchings(scenario, state)
        self.now = season_positions(state, records, season)
        self.out: list[str] = []
        self.boxes: list[Box] = []  # what a name may not cover
        self.strokes: list[tuple[Point, Point, float]] = []  # what a name may not cross
        self.unit_at: dict[str, Point] = {}

    # ---- the whole ------------------------------------------------------------------------------------

    def svg(self) -> str:
        d = self.d
        legend = self._legend_rows()
        height = d.height + legend
        title = year_in_words(self.st.public.year, self.t)
        if self.season:
            title += f" — {SEASON_NAMES[self.season](self.t)}"
        self.out += [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_r(d.width)} {_r(height)}" '
            f'width="{_r(d.width)}" height="{_r(height)}" font-family="sans-serif" font-size="{_r(FONT)}" '
            f'data-text-size="{_r(FONT)}">',  # the names' size, for the viewer's readable zoom (map-zoom.js)
            f"<title>{escape(title)}</title>",
            "<style>"
            f".pr{{stroke:{BORDER};stroke-width:.6;stroke-linejoin:round}}"
            f".zn{{fill:{SEA};stroke:{SEA_EDGE};stroke-width:.6;stroke-linejoin:round}}"
            ".nm{paint-order:stroke;stroke:#fff;stroke-width:2.2px;stroke-linejoin:round;fill:#222}"
            f".sea{{font-style:italic;fill:{SEA_TEXT}}}"
            ".cm{font-size:6px;paint-order:stroke;stroke:#fff;stroke-width:1.8px;stroke-linejoin:round}"
            "</style>",
        ]
        self._defs()
        self.out.append(f'<rect width="{_r(d.width)}" height="{_r(d.height)}" fill="{SEA}"/>')
        if d.offboard:
            self.out.append(f'<path d="{d.offboard}" fill="{OFFBOARD}" stroke="{BORDER}" stroke-width=".3"/>')
        self._places()
        self._features()
        self._markers()
        self._stand()
        self._moves()
        self._signs()
        self._units()
        self._names()
        self._legend(title)
        self.out.append("</svg>")
        return "\n".join(self.out) + "\n"

    def _defs(self) -> None:
        defs = ["<defs>"]
        for pid in self.powers:
            defs.append(_pattern(f"h-{pid}", self.paint[pid], tint(self.paint[pid], 0.6), self.hatch[pid]))
        defs.append(_pattern("ravaged", RED, None, "cross", size=7.0, width=0.9))
        defs.append(_pattern("blockade", "#1B4F72", None, "cross", size=6.0, width=0.7))
        defs.append(_pattern("desert", "#B08D57", DESERT, "dots"))
        for pid in self.powers:
            defs.append(_arrowhead(f"a-{pid}", _shade(self.paint[pid], 0.15)))
        defs.append(_arrowhead("a-horde", RED))
        defs.append(_arrowhead("a-grey", "#555"))
        defs.append("</defs>")
        self.out.append("".join(defs))

    # ---- the places -----------------------------------------------------------------------------------

    def _places(self) -> None:
        pub, out = self.st.public, self.out
        for zid in sorted(self.s.seas):
            shape = self.d.shapes[zid]
            out.append(
                f'<path id="z-{zid}" class="zn" d="{shape.path}"><title>{escape(self.n.place(zid))}</title></path>'
            )
        for zid in sorted(set(pub.blockades) & set(self.s.seas)):
            out.append(f'<path id="b-{zid}" class="blockaded" d="{self.d.shapes[zid].path}" fill="url(#blockade)"/>')
        for pid in sorted(self.s.provinces):
            prov, shape = self.s.provinces[pid], self.d.shapes[pid]
            owner = pub.owners.get(pid)
            if prov.desert:
                fill = "url(#desert)"
            elif owner in self.paint:
                fill = f"url(#h-{owner})"
            else:
                fill = LAND
            who = self.n.power(owner) if owner else self.t.gettext("independent")
            tip = escape(f"{self.n.place(pid)} — {who}")
            out.append(f'<path id="p-{pid}" class="pr" d="{shape.path}" fill="{fill}"><title>{tip}</title></path>')
        for pid in sorted(set(pub.ravaged) & set(self.s.provinces)):
            out.append(f'<path id="r-{pid}" class="ravaged" d="{self.d.shapes[pid].path}" fill="url(#ravaged)"/>')

    def _features(self) -> None:
        """Passes, the Bosporus crossing and the long passages: part of the geography the rules read."""
        out = self.out
        for a, b, p, q in self.d.crossings:
            strait = self.s.strait_of(a, b)
            name = self.n.title(strait.name) if strait else f"{self.n.place(a)} — {self.n.place(b)}"
            out.append(
                f'<line x1="{_r(p[0])}" y1="{_r(p[1])}" x2="{_r(q[0])}" y2="{_r(q[1])}" stroke="{BORDER}" '
                f'stroke-width="1.4" stroke-dasharray="2 1.5"><title>{escape(name)}</title></line>'
            )
        for a, b, at in self.d.passes:
            title = self.s.pass_names.get(frozenset((a, b)))
            out.append(
                f'<path d="{_pass(at)}" fill="none" stroke="#000" stroke-width="1.3">'
                f"<title>{escape(self.n.title(title) if title else '')}</title></path>"
            )
            self.boxes.append(_around(at, 4.0))
        for a, b, p, q, seasons in self.d.passages:
            bottom = self.d.height - 3
            words = self.t.gettext("%(from)s — %(to)s: %(seasons)s seasons at sea") % {
                "from": self.n.place(a),
                "to": self.n.place(b),
                "seasons": seasons,
            }
            out.append(
                f'<path d="M{_r(p[0])},{_r(p[1])}L{_r(p[0])},{_r(bottom)}L{_r(q[0])},{_r(bottom)}L{_r(q[0])},'
                f'{_r(q[1])}" fill="none" stroke="{SEA_TEXT}" stroke-width="1.2" stroke-dasharray="4 2">'
                f"<title>{escape(words)}</title></path>"
            )
            mid = ((p[0] + q[0]) / 2, bottom - 4)
            out.append(_text(mid, words, "nm sea", size=SMALL))
            self.boxes.append(_text_box(mid, words, SMALL))

    def _markers(self) -> None:
        """Cities, capitals, trading posts; hordes and pirates."""
        pub, out = self.st.public, self.out
        capitals = {info.capital: pid for pid, info in pub.powers.items() if not info.eliminated}
        mains = {info.main_trading_post: pid for pid, info in pub.powers.items() if info.main_trading_post}
        for pid in sorted(self.s.provinces):
            prov, shape = self.s.provinces[pid], self.d.shapes[pid]
            city = shape.city or shape.label
            if pid in capitals:
                colour = self.paint.get(capitals[pid], "#000")
                tip = self.t.gettext("Capital of %(power)s") % {"power": self.n.power(capitals[pid])}
                out.append(
                    f'<path id="c-{pid}" d="{_star(city, 5.5)}" fill="{colour}" stroke="#000" stroke-width=".7">'
                    f"<title>{escape(tip)}</title></path>"
                )
                self.boxes.append(_around(city, 5.5))
            elif shape.city is not None:
                out.append(f'<circle cx="{_r(city[0])}" cy="{_r(city[1])}" r="1.6" fill="#222"/>')
                self.boxes.append(_around(city, 2.0))
            if prov.trading_post and shape.post is not None:
                post = self.s.posts[prov.trading_post]
                x, y = shape.post
                if shape.post == shape.city:
                    x, y = x + 6.5, y - 4.5  # beside its city's star or dot
                main = mains.get(post.id)
                fill = self.paint.get(main, "#fff") if main else "#fff"
                tip = self.n.title(post.name)
                if main:
                    tip = self.t.gettext("%(post)s, main trading post of %(power)s") % {
                        "post": tip,
                        "power": self.n.power(main),
                    }
                out.append(
                    f'<rect id="t-{post.id}" x="{_r(x - 2.6)}" y="{_r(y - 2.6)}" width="5.2" height="5.2" '
                    f'fill="{fill}" stroke="#000" stroke-width=".8"><title>{escape(tip)}</title></rect>'
                )
                self.boxes.append(_around((x, y), 3.0))
        leaders = pub.leaders
        for horde in pub.hordes:
            place = self.now.hordes.get(horde.id, "")
            if place not in self.d.shapes:
                continue
            lx, ly = self.d.shapes[place].label
            at = (lx, ly - 12)
            chief = leaders.get(horde.leader)
            words = self.n.title(horde.name) + (f" ({self.n.title(chief.name)})" if chief else "")
            self._band(at, words, "horde", horde.id)
        for band in pub.pirates:
            zone = self.now.pirates.get(band.id, "")
            if zone not in self.d.shapes:
                continue
            zx, zy = self.d.shapes[zone].label
            at = (zx, zy + 12)
            chief = leaders.get(band.leader)
            words = self.n.title(band.name) + (f" ({self.n.title(chief.name)})" if chief else "")
            self._band(at, words, "pirates", band.id)

    def _band(self, at: Point, words: str, kind: str, ident: str) -> None:
        x, y = at
        if kind == "horde":  # a red spiked disc
            icon = f'<path d="{_horde(at)}" fill="{RED}" stroke="#000" stroke-width=".5"/>'
        else:  # a black flag
            icon = f'<path d="{_flag(at)}" fill="#111" stroke="#111" stroke-width=".8"/>'
        centre = (x + 7 + text_width(words, SMALL) / 2, y + SMALL * 0.35)
        name = _text(centre, words, "cm", colour=RED if kind == "horde" else "#111", weight="bold")
        self.out.append(f'<g id="{kind}-{escape(ident)}">{icon}{name}</g>')
        self.boxes.append(_around(at, 5.5))
        self.boxes.append(_text_box(centre, words, SMALL))

    # ---- units and moves ------------------------------------------------------------------------------

    def _stand(self) -> None:
        """Where each unit stands: in a row on its place's label point."""
        pub = self.st.public
        self.here: dict[str, list[str]] = {}
        for uid, place in sorted(self.now.units.items()):
            if place in self.d.shapes and uid in pub.units:
                self.here.setdefault(place, []).append(uid)
        for place, uids in sorted(self.here.items()):
            lx, ly = self.d.shapes[place].label
            for k, uid in enumerate(uids):
                at = (lx + (k - (len(uids) - 1) / 2) * STACK, ly)
                self.unit_at[uid] = at
                self.boxes.append(_around(at, UNIT_R + 0.5))

    def _units(self) -> None:
        for place, uids in sorted(self.here.items()):
            for k, uid in enumerate(uids):
                self._unit(uid, self.unit_at[uid], (self.d.shapes[place].label[0], k) if len(uids) > 1 else None)

    def _unit(self, uid: str, at: Point, stack: tuple[float, int] | None) -> None:
        """A unit's icon and its commander's name: beside it, or for units sharing a place, one name a line
        under the row of their icons (`stack`: the row's middle and the unit's rank in it)."""
        unit = self.st.public.units[uid]
        colour = self.paint.get(unit.power, "#777777")
        x, y = at
        kind = unit.kind.value
        tip = f"{self.n.power(unit.power)}: {self.n.unit(uid)}"
        if kind == "army":
            shape = f'<circle cx="{_r(x)}" cy="{_r(y)}" r="{_r(UNIT_R)}"'
            letter = self.t.gettext("A")  # army
        else:
            shape = f'<path d="{_hull(at)}"'
            letter = self.t.gettext("F")  # fleet
        fg = ink(colour)
        icon = (
            f'{shape} fill="{colour}" stroke="#000" stroke-width=".8"><title>{escape(tip)}</title>'
            f"{'</circle>' if kind == 'army' else '</path>'}"
            f'<text x="{_r(x)}" y="{_r(y + 2.3)}" text-anchor="middle" font-size="6.5" font-weight="bold" '
            f'fill="{fg}">{escape(letter)}</text>'
        )
        name = self.n.leader(unit.leader)
        if unit.aboard:
            name += " ⚓"
        # the commander beside his unit, clear of arrows and markers: to its right, else under it, to its left
        # or over it
        w = text_width(name, SMALL)
        spots = [(stack[0], y + UNIT_R + 6 + stack[1] * SMALL * 1.1)] if stack else []
        spots += [(x + UNIT_R + 2 + w / 2, y + 2), (x, y + UNIT_R + 6), (x - UNIT_R - 2 - w / 2, y + 2)]
        spots += [(x, y - UNIT_R - 2.5)]

        def cost(c: Point) -> int:
            box = _text_box(c, name, SMALL)
            crossed = sum(1 for p, q, pad in self.strokes if segment_hits(box, p, q, pad))
            return 30 * crossed + 10 * sum(1 for b in self.boxes if overlap(box, b)) + spots.index(c)

        best = min(spots, key=cost)
        label = _text(best, name, "cm", colour=_shade(colour))
        self.out.append(
            f'<g id="u-{escape(uid)}" class="unit {kind}" data-power="{escape(unit.power)}">{icon}{label}</g>'
        )
        self.boxes.append(_text_box(best, name, SMALL))

    def _moves(self) -> None:
        pub, out = self.st.public, self.out
        drawn: list[str] = []
        for n, (code, uid, frm, to) in enumerate(self.now.moves):
            if frm not in self.d.shapes or to not in self.d.shapes:
                continue
            start = (
                self.unit_at.get(uid, self.d.shapes[frm].label)
                if self.now.units.get(uid) == frm
                else self.d.shapes[frm].label
            )
            end = self.d.shapes[to].label
            unit = pub.units.get(uid)
            power = unit.power if unit else None
            colour = _shade(self.paint[power], 0.15) if power in self.paint else RED
            head = f"a-{power}" if power in self.paint else "a-horde"
            p, q = _shorten(start, end, UNIT_R + 1, UNIT_R + 2)
            dash = {
                "retreat": ' stroke-dasharray="4 2"',
                "landed": ' stroke-dasharray="5 2 1.5 2"',
                "embarked": ' stroke-dasharray="5 2 1.5 2"',
            }
            tip = f"{self.n.unit(uid)}: {self.n.place(frm)} → {self.n.place(to)}"
            drawn.append(
                f'<line id="m-{n}" class="mv {code}" data-unit="{escape(uid)}" data-from="{frm}" data-to="{to}" '
                f'x1="{_r(p[0])}" y1="{_r(p[1])}" x2="{_r(q[0])}" y2="{_r(q[1])}" stroke="{colour}" '
                f'stroke-width="1.8"{dash.get(code, "")} marker-end="url(#{head})"><title>{escape(tip)}</title></line>'
            )
            self.strokes.append((p, q, 1.5))
        out += drawn

    def _signs(self) -> None:
        """The season's battles, raids, blockades, pacifications and new pirates, by their places."""
        out = self.out
        seen: dict[str, int] = {}
        for code, place in self.now.signs:
            if place not in self.d.shapes:
                continue
            k = seen.get(place, 0)
            seen[place] = k + 1
            lx, ly = self.d.shapes[place].label
            at = (lx - 11 + 9 * k, ly - 11)
            out.append(f'<g class="sign {code}" data-place="{place}">{_sign(code, at, self._sign_name(code))}</g>')
            self.boxes.append(_around(at, 5.0))

    def _sign_name(self, code: str) -> str:
        names = {
            "battle": self.t.gettext("battle"),
            "pacified": self.t.gettext("pacified"),
            "raid": self.t.gettext("raid"),
            "blockade": self.t.gettext("blockade"),
            "pirates": self.t.gettext("pirates appear"),
        }
        return names.get(code, code)

    # ---- the names ------------------------------------------------------------------------------------

    def _names(self) -> None:
        placed: list[Box] = []
        order = sorted(self.s.provinces) + sorted(self.s.seas)
        for sid in order:
            shape = self.d.shapes[sid]
            name = self.n.place(sid)
            lines, size, box = self._place_name(shape, name, placed)
            placed.append(box)
            css = "nm sea" if shape.kind == "sea" else "nm"
            x = (box[0] + box[2]) / 2
            step = size * 1.05
            base = box[1] + step * 0.8
            attrs = f' font-size="{_r(size)}"' if size != FONT else ""
            if len(lines) == 1:
                where = f'x="{_r(x)}" y="{_r(base)}"'
                self.out.append(f'<text {where} text-anchor="middle" class="{css}"{attrs}>{escape(lines[0])}</text>')
                continue
            spans = "".join(
                f'<tspan x="{_r(x)}" y="{_r(base + i * step)}">{escape(line)}</tspan>' for i, line in enumerate(lines)
            )
            self.out.append(f'<text text-anchor="middle" class="{css}"{attrs}>{spans}</text>')

    def _place_name(self, shape: Shape, name: str, placed: Sequence[Box]) -> tuple[list[str], float, Box]:
        """The lines, size and box of a name: crossing no arrow and covering no unit, marker or name above
        all, then within its place and the map, as large as may be, on one line, on its label point (under
        or over the units there)."""
        x, y = shape.label
        near = [
            b
            for b in [*self.boxes, *placed]
            if abs(b[0] + b[2] - 2 * x) < 2 * NEAR and abs(b[1] + b[3] - 2 * y) < 2 * NEAR
        ]
        strokes = [s for s in self.strokes if segment_hits(_around((x, y), NEAR), s[0], s[1], s[2])]
        occupied = any(overlap(_around((x, y), 2.0), b) for b in self.boxes)

        def centres(w: float, h: float) -> list[Point]:
            below, above = y + UNIT_R + 3 + h / 2, y - UNIT_R - 3 - h / 2
            out: list[Point] = [] if occupied else [(x, y)]
            out += [(x, below), (x, above), (x + UNIT_R + 4 + w / 2, y), (x - UNIT_R - 4 - w / 2, y)]
            out += [(x + dx, cy) for cy in (below, above) for dx in (w / 2 + 4, -w / 2 - 4)]
            return [*out, (x, below + 10), (x, above - 10), (x, below + 20), (x, above - 20)]

        def blocked(box: Box) -> int:
            crossed = sum(1 for p, q, pad in strokes if segment_hits(box, p, q, pad + 0.5))
            covered = sum(1 for b in near if overlap(box, b))
            off = box[0] < 0 or box[1] < 0 or box[2] > self.d.width or box[3] > self.d.height  # the map's edge
            return 1000 * crossed + 100 * covered + (500 if off else 0)

        def outside(box: Box, c: Point) -> int:
            corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3]), c]
            return 5 * sum(1 for k in corners if not shape.contains(k))

        return place_name(name, NAME_SIZES, 6, centres, blocked, outside)

    # ---- the legend -----------------------------------------------------------------------------------

    def _signs_legend(self) -> list[tuple[str, str]]:
        t = self.t
        return [
            ("capital", t.gettext("capital")),
            ("city", t.gettext("city")),
            ("post", t.gettext("trading post")),
            ("main_post", t.gettext("main trading post")),
            ("independent", t.gettext("independent")),
            ("desert", t.gettext("desert")),
            ("ravaged", t.gettext("ravaged")),
            ("blockaded", t.gettext("blockaded (closed to trade)")),
            ("army", t.gettext("army and its commander")),
            ("fleet", t.gettext("fleet and its commander")),
            ("horde", t.gettext("horde")),
            ("pirates", t.gettext("pirates")),
            ("pass", t.gettext("pass")),
            ("strait", t.gettext("strait crossing")),
            ("move", t.gettext("move")),
            ("retreat", t.gettext("retreat")),
            ("embarked", t.gettext("embarkation, landing")),
            ("battle", t.gettext("battle")),
            ("raid", t.gettext("raid")),
            ("pacified", t.gettext("pacified")),
        ]

    def _legend_rows(self) -> float:
        powers = (len(self.powers) + 3) // 4
        signs = (len(self._signs_legend()) + 4) // 5
        return LEGEND_ROW * (powers + signs + 2) + 8

    def _legend(self, title: str) -> None:
        out, d = self.out, self.d
        top = d.height
        out.append(f'<rect y="{_r(top)}" width="{_r(d.width)}" height="{_r(self._legend_rows())}" fill="#fff"/>')
        out.append(f'<text x="10" y="{_r(top + 14)}" font-size="11" font-weight="bold">{escape(title)}</text>')
        col = d.width / 4
        for i, pid in enumerate(self.powers):
            x, y = 10 + (i % 4) * col, top + LEGEND_ROW * (1.6 + i // 4)
            out.append(
                f'<rect x="{_r(x)}" y="{_r(y - 8)}" width="16" height="10" fill="url(#h-{pid})" stroke="{BORDER}" '
                'stroke-width=".6"/>'
            )
            out.append(f'<text x="{_r(x + 21)}" y="{_r(y)}">{escape(self.n.power(pid))}</text>')
        first = top + LEGEND_ROW * (1.6 + (len(self.powers) + 3) // 4 + 0.2)
        col = d.width / 5
        for i, (kind, words) in enumerate(self._signs_legend()):
            x, y = 10 + (i % 5) * col, first + LEGEND_ROW * (i // 5)
            out.append(_legend_sign(kind, (x + 8, y - 3)))
            out.append(f'<text x="{_r(x + 21)}" y="{_r(y)}">{escape(words)}</text>')


def _text_box(centre: Point, text: str, size: float) -> Box:
    w = text_width(text, size)
    return (centre[0] - w / 2, centre[1] - size * 0.8, centre[0] + w / 2, centre[1] + size * 0.25)


def _text(
    centre: Point, text: str, css: str, size: float | None = None, colour: str | None = None, weight: str = ""
) -> str:
    """A line of text whose box `_text_box` gives, centred on `centre` (its baseline a little below)."""
    attrs = f' font-size="{_r(size)}"' if size else ""
    attrs += f' fill="{colour}"' if colour else ""
    attrs += f' font-weight="{weight}"' if weight else ""
    return (
        f'<text x="{_r(centre[0])}" y="{_r(centre[1])}" text-anchor="middle" class="{css}"{attrs}>{escape(text)}</text>'
    )


def _shorten(p: Point, q: Point, a: float, b: float) -> tuple[Point, Point]:
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    if length <= a + b + 1:
        return p, q
    ux, uy = dx / length, dy / length
    return (p[0] + ux * a, p[1] + uy * a), (q[0] - ux * b, q[1] - uy * b)


def _pattern(ident: str, ink: str, ground: str | None, kind: str, size: float = 5.0, width: float = 0.8) -> str:
    s = _r(size)
    back = f'<rect width="{s}" height="{s}" fill="{ground}"/>' if ground else ""
    half = _r(size / 2)
    marks = {
        "horizontal": f"M0,{half}H{s}",
        "vertical": f"M{half},0V{s}",
        "rising": f"M0,{s}L{s},0M-1,1L1,-1M{_r(size - 1)},{_r(size + 1)}L{_r(size + 1)},{_r(size - 1)}",
        "falling": f"M0,0L{s},{s}M{_r(size - 1)},-1L{_r(size + 1)},1M-1,{_r(size - 1)}L1,{_r(size + 1)}",
        "grid": f"M0,{half}H{s}M{half},0V{s}",
        "lattice": f"M0,0L{s},{s}M{s},0L0,{s}",
        "cross": f"M0,0L{s},{s}M{s},0L0,{s}",
        "zigzag": f"M0,{_r(size * 0.7)}L{half},{_r(size * 0.3)}L{s},{_r(size * 0.7)}",
    }
    if kind == "dots":
        ink_marks = f'<circle cx="{half}" cy="{half}" r="{_r(size / 6)}" fill="{ink}"/>'
    else:
        ink_marks = f'<path d="{marks[kind]}" stroke="{ink}" stroke-width="{_r(width)}" fill="none"/>'
    return f'<pattern id="{ident}" patternUnits="userSpaceOnUse" width="{s}" height="{s}">{back}{ink_marks}</pattern>'


def _arrowhead(ident: str, colour: str) -> str:
    return (
        f'<marker id="{ident}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4.5" markerHeight="4.5" '
        f'orient="auto"><path d="M0,0L10,5L0,10z" fill="{colour}"/></marker>'
    )


def _sign(code: str, at: Point, name: str) -> str:
    x, y = at
    tip = f"<title>{escape(name)}</title>"
    if code == "battle":
        star = _star(at, 5.5, points=8, inner=0.4)
        return f'<path d="{star}" fill="#FFD600" stroke="{RED}" stroke-width=".9">{tip}</path>'
    if code == "raid":
        return (
            f'<path d="M{_r(x)},{_r(y - 5)}q4,4 2,9h-4q-2,-5 2,-9z" fill="#EF6C00" stroke="{RED}" stroke-width=".6">'
            f"{tip}</path>"
        )
    if code == "pacified":
        return (
            f'<g>{tip}<circle cx="{_r(x)}" cy="{_r(y)}" r="4.5" fill="#fff" stroke="#2E7D32" stroke-width="1"/>'
            f'<path d="M{_r(x - 2.5)},{_r(y)}l1.8,2 3.2,-4" fill="none" stroke="#2E7D32" stroke-width="1.3"/></g>'
        )
    if code == "blockade":
        return (
            f'<g>{tip}<circle cx="{_r(x - 2)}" cy="{_r(y)}" r="2.6" fill="none" stroke="#1B4F72" stroke-width="1.3"/>'
            f'<circle cx="{_r(x + 2)}" cy="{_r(y)}" r="2.6" fill="none" stroke="#1B4F72" stroke-width="1.3"/></g>'
        )
    return f'<path d="{_flag(at)}" fill="#111" stroke="#111" stroke-width=".8">{tip}</path>'


def _legend_sign(kind: str, at: Point) -> str:
    x, y = at
    if kind == "capital":
        return f'<path d="{_star(at, 5.5)}" fill="#888" stroke="#000" stroke-width=".7"/>'
    if kind == "city":
        return f'<circle cx="{_r(x)}" cy="{_r(y)}" r="1.6" fill="#222"/>'
    if kind in ("post", "main_post"):
        fill = "#fff" if kind == "post" else COLOURS[0]
        return (
            f'<rect x="{_r(x - 2.6)}" y="{_r(y - 2.6)}" width="5.2" height="5.2" fill="{fill}" stroke="#000" '
            'stroke-width=".8"/>'
        )
    if kind in ("independent", "desert", "ravaged", "blockaded"):
        fill = {
            "independent": LAND,
            "desert": "url(#desert)",
            "ravaged": "url(#ravaged)",
            "blockaded": "url(#blockade)",
        }[kind]
        back = SEA if kind == "blockaded" else LAND
        return (
            f'<rect x="{_r(x - 8)}" y="{_r(y - 5)}" width="16" height="10" fill="{back}" stroke="{BORDER}" '
            'stroke-width=".6"/>'
            f'<rect x="{_r(x - 8)}" y="{_r(y - 5)}" width="16" height="10" fill="{fill}"/>'
        )
    if kind == "army":
        return f'<circle cx="{_r(x)}" cy="{_r(y)}" r="{_r(UNIT_R)}" fill="#888" stroke="#000" stroke-width=".8"/>'
    if kind == "fleet":
        return f'<path d="{_hull(at)}" fill="#888" stroke="#000" stroke-width=".8"/>'
    if kind == "horde":
        return f'<path d="{_horde(at)}" fill="{RED}" stroke="#000" stroke-width=".5"/>'
    if kind == "pass":
        return f'<path d="{_pass(at)}" fill="none" stroke="#000" stroke-width="1.3"/>'
    if kind == "strait":
        return (
            f'<line x1="{_r(x - 8)}" y1="{_r(y)}" x2="{_r(x + 8)}" y2="{_r(y)}" stroke="{BORDER}" stroke-width="1.4" '
            'stroke-dasharray="2 1.5"/>'
        )
    if kind in ("move", "retreat", "embarked"):
        dash = {"retreat": "4 2", "embarked": "5 2 1.5 2"}.get(kind)
        dash = f' stroke-dasharray="{dash}"' if dash else ""
        return (
            f'<line x1="{_r(x - 8)}" y1="{_r(y)}" x2="{_r(x + 6)}" y2="{_r(y)}" stroke="#555" stroke-width="1.8"{dash} '
            'marker-end="url(#a-grey)"/>'
        )
    return _sign(kind, at, "")


# ---- the schematic map of a scenario without a drawing ---------------------------------------------------

SCALE = 48.0  # pixels to a degree of latitude
MARGIN = 60.0
SCHEMATIC_SEA = "#cfe3f2"


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


def codes(scenario: Scenario) -> dict[str, str]:
    """Each power's letters on its provinces (the legend says whose): its first letter, or two when
    another power's name starts with the same one."""
    firsts = [pid[0] for pid in scenario.powers]
    return {pid: pid[0].upper() + (pid[1] if firsts.count(pid[0]) > 1 else "") for pid in scenario.powers}


def _schematic(
    scenario: Scenario, state: State, records: list[Mapping[str, Any]], season: str | None, t: Translations
) -> str | None:
    """The schematic map: places at their `at`, provinces as discs; None if some place has no `at`."""
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
        f'<rect width="100%" height="100%" fill="{SCHEMATIC_SEA}"/>',
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
            out.append(_label(x, y + 4, letters.get(owner, "?"), bold=True, colour=ink(fill), size=9))
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
        out += _schematic_season(records, season, at)
    out += _schematic_legend(scenario, paint, letters, n, proj)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _schematic_season(
    records: list[Mapping[str, Any]], season: str, at: Mapping[str, tuple[float, float]]
) -> list[str]:
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


def _schematic_legend(
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
