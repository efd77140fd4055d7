"""The map of a position as an SVG document: who controls what, the units, and a finished phase's orders.

`render_map(board, position, outcomes, language, map_name)` draws a Machiavelli board or the standard
Diplomacy board from its committed drawing (`geometry.load_drawing`, see docs/maps.md and docs/render.md):

- each space is one ``<path id="s-<space>">``; land is filled by its controller's colour *and* a hatching
  of its own kind (colour is never the only cue), seas are blue, land beyond the board grey;
- cities are drawn by kind (square: fortified city, circle: open city, diamond: fortress, an anchor beside a
  port) with their value in ducats; a city whose controller is not the province's is filled with its
  controller's colour;
- units are ``<use id="u-<space>">`` of one shared icon per kind and power: the kind by its shape and letter
  (circle "A": army, hull "F": fleet, tower "G": garrison, drawn at the city), the power by its colour; elite
  units carry a badge of their own shape;
- sieges, rebellions, famine (and, from a phase's events, plague) are markers;
- with `outcomes` (a finished phase), the orders are arrows in their power's colour: moves, supports,
  convoys, conversions, sieges, retreats, builds and removals; a failed order is dashed with a red cross,
  a dislodged unit has a red ring (and, in a retreat phase, stands aside of its province);
- on the standard map (no cities): each supply centre is a dot filled with its controller's colour, a fleet
  on a split coast stands at its coast's point, and the legend shows only what that map has;
- every place by its full name, clear of the orders, units, cities and other names (`place_name`);
- a legend under the map, a ``<title>`` and a ``<desc>`` with the whole position in words.

The output depends on its inputs only (no random id, no clock, sorted everywhere): the same position gives
the same bytes. A board without a drawing gives None.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import cast
from xml.etree import ElementTree

import svgwrite
import svgwrite.base
import svgwrite.container
import svgwrite.drawing
from svgwrite.base import Desc, Title

from pipeline.board.board import Board, coast_of, space_of
from pipeline.board.calendar import Event, EventKind
from pipeline.board.family import AnyFamily
from pipeline.board.order_kinds import kind_of
from pipeline.board.outcome import Outcome, Reason
from pipeline.board.position import Position
from pipeline.board.units import AUTONOMOUS, CITY, Unit, UnitKind
from pipeline.shared.i18n import translator
from pipeline.shared.map_text import FALLBACK, Candidate, tint
from pipeline.shared.map_text import candidates as _candidates
from pipeline.shared.map_text import choose as _choose
from pipeline.shared.map_text import coordinate as _r
from pipeline.shared.map_text import ink as _ink
from pipeline.shared.map_text import segment_hits as _segment_hits
from pipeline.shared.translations import Translations

from .geometry import DRAWING_DIR, SAME_DRAWING, BoardDrawing, has_drawing, load_drawing
from .words import Words

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom

# The powers' colours and hatchings are their family's (`Family.palette`); a power a family does not list
# takes one of these, in order. Seas are a pale blue no power uses.
# The kinds of hatching, each told from the others without colour: lines of four directions, two grids,
# dots and a zigzag, drawn in the power's colour on its tint.
HATCHINGS = ("horizontal", "vertical", "rising", "falling", "grid", "lattice", "dots", "zigzag")
AUTONOMOUS_COLOUR = "#DDDDDD"
SEA = "#CFE6F3"
SEA_TEXT = "#1B4F72"
LAND = "#F4EFE1"
OFFBOARD = "#C8C8C8"
FAILED = "#D62728"
LEGEND_HEIGHT = 190.0
FONT = 8.0  # place names, in user units
NAME_SIZES = (8.0, 7.0, 6.0, 5.0)  # a name too wide for its space is written smaller, or on two lines
NEAR = 60.0  # how far from a label point an obstacle may matter to its name
UNIT_R = 7.0  # half the size of a unit icon
DISLODGED_SHIFT = (11.0, -9.0)  # where a dislodged unit stands, from its province's label point
NEAR_CITY = 13.0  # a city closer than this to the label point is drawn aside of it


def _pt(p: Point) -> str:
    return f"{_r(p[0])},{_r(p[1])}"


_RING = re.compile(r"M([^MZ]*)Z")
_PAIR = re.compile(r"(-?\d+(?:\.\d)?),(-?\d+(?:\.\d)?)")


@functools.lru_cache(maxsize=4096)
def compact_path(d: str) -> str:
    """A drawing's path data (``M x,y x,y ... Z`` rings, coordinates in tenths) written shorter for the same
    shape: each point from the one before (``l``, or ``h``/``v`` along an axis), in tenths as the drawing has
    them, so that every point lands where it was; a point on the straight line between its neighbours,
    which draws nothing, left out (never a ring's first). Path data of any other form is kept as it is."""
    rings = _RING.findall(d)
    if not rings or "".join(f"M{ring}Z" for ring in rings) != d:
        return d
    out = []
    for ring in rings:
        pairs = [_PAIR.fullmatch(pair) for pair in ring.split()]
        if len(pairs) < 3 or None in pairs:
            return d
        points = [(round(float(m[1]) * 10), round(float(m[2]) * 10)) for m in pairs if m is not None]
        out.append(_ring_data(_without_straight_points(points)))
    return "".join(out)


def _without_straight_points(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    kept = list(points)
    i = 1
    while i < len(kept) and len(kept) > 3:
        (ax, ay), (px, py), (bx, by) = kept[i - 1], kept[i], kept[(i + 1) % len(kept)]
        straight = (px - ax) * (by - ay) == (py - ay) * (bx - ax)
        if straight and (px - ax) * (bx - px) + (py - ay) * (by - py) > 0:
            del kept[i]  # the line from the point before to the one after goes through it, the same way
            i = max(1, i - 1)
        else:
            i += 1
    return kept


def _tenths(n: int) -> str:
    whole, tenth = divmod(abs(n), 10)
    return ("-" if n < 0 else "") + str(whole) + (f".{tenth}" if tenth else "")


def _ring_data(points: list[tuple[int, int]]) -> str:
    (x, y), *rest = points
    text, command = [f"M{_tenths(x)},{_tenths(y)}"], ""
    for nx, ny in rest:
        dx, dy = nx - x, ny - y
        if dy == 0:
            step, numbers = "h", [_tenths(dx)]
        elif dx == 0:
            step, numbers = "v", [_tenths(dy)]
        else:
            step, numbers = "l", [_tenths(dx), _tenths(dy)]
        for number in numbers:  # a number after another needs a space unless its minus sign parts them
            text.append(step if step != command else "" if number.startswith("-") else " ")
            text.append(number)
            command = step
        x, y = nx, ny
    text.append("z")
    return "".join(text)


def palette(board: Board, family: AnyFamily) -> dict[str, tuple[str, str]]:
    """Each power's colour and hatching (one of HATCHINGS): the family's own for its powers, others from
    the fallback lists. Autonomous garrisons are light grey with grey dots (not in this mapping)."""
    known = family.palette
    out = {}
    for i, pid in enumerate(sorted(board.powers)):
        out[pid] = known.get(pid, (FALLBACK[i % len(FALLBACK)], HATCHINGS[i % len(HATCHINGS)]))
    return out


def drawing_for(board: Board, map_name: str | None = None) -> BoardDrawing | None:
    """The drawing of `map_name`, or (without a name) the drawing whose spaces are the board's; None if none."""
    if map_name is not None:
        return load_drawing(map_name) if has_drawing(map_name) else None
    names = sorted({p.stem for p in DRAWING_DIR.glob("*.json")} | set(SAME_DRAWING))
    for name in names:
        if has_drawing(name):
            drawing = load_drawing(name)
            if set(drawing.spaces) == set(board.spaces):
                return drawing
    return None


def _tint(colour: str) -> str:
    """The colour mixed with white: the fill of a controlled province under its hatching."""
    return tint(colour, 0.55)


BANDS = 16  # the horizontal bands of a space's outline that `_Outline` files its edges under


@dataclass(frozen=True)
class _Outline:
    """A space's rings as the edges a point-in-space test crosses (the horizontal ones never are), filed
    under each horizontal band of the space they span, and their bounds: what `inside` reads for each corner
    of each name tried, made once a process."""

    bands: tuple[tuple[tuple[float, float, float, float], ...], ...]
    left: float
    top: float
    right: float
    bottom: float

    @classmethod
    def of(cls, polygons: Sequence[Sequence[Sequence[Point]]]) -> _Outline:
        points = [point for polygon in polygons for ring in polygon for point in ring]
        left, top = min(x for x, _ in points), min(y for _, y in points)
        right, bottom = max(x for x, _ in points), max(y for _, y in points)
        bands: list[list[tuple[float, float, float, float]]] = [[] for _ in range(BANDS)]
        outline = cls((), left, top, right, bottom)
        for polygon in polygons:
            for ring in polygon:
                for (x1, y1), (x2, y2) in zip(ring, [*ring[1:], ring[0]], strict=True):
                    if y1 != y2:
                        for band in range(outline.band(min(y1, y2)), outline.band(max(y1, y2)) + 1):
                            bands[band].append((x1, y1, x2, y2))
        return cls(tuple(tuple(band) for band in bands), left, top, right, bottom)

    def band(self, y: float) -> int:
        """The band of a height within the bounds (a band a height above another's is never before it)."""
        return min(BANDS - 1, int((y - self.top) * BANDS / ((self.bottom - self.top) or 1.0)))

    def inside(self, point: Point) -> bool:
        """Whether the point is inside (the even-odd rule, as the space is filled). An edge crossed at the
        point's height spans it, so it is filed under the point's band."""
        x, y = point
        # a point beyond the bounds crosses no edge, or (on the left) every ring's edges an even number of
        # times: outside (by a margin, so that no rounding decides it)
        if y < self.top or y >= self.bottom or x > self.right + 1 or x < self.left - 1:
            return False
        inside = False
        for x1, y1, x2, y2 in self.bands[self.band(y)]:
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        return inside


_Reach = tuple[Point, Point, float, float, float, float, float]


def _reach(p: Point, q: Point, pad: float) -> _Reach:
    """A stroke, how near a name may come to it, and its bounds grown by that: a box beyond them is not
    crossed (by a margin, so that no rounding decides it)."""
    grow = pad + 0.01
    return p, q, pad, min(p[0], q[0]) - grow, min(p[1], q[1]) - grow, max(p[0], q[0]) + grow, max(p[1], q[1]) + grow


class _Boxes:
    """Boxes by where their centres are, to find those whose centre is within NEAR of a point (on each
    axis) without looking at every box of the map."""

    def __init__(self, boxes: Iterable[Box]) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = {}
        for box in boxes:
            self.add(box)

    def add(self, box: Box) -> None:
        cell = (math.floor((box[0] + box[2]) / (2 * NEAR)), math.floor((box[1] + box[3]) / (2 * NEAR)))
        self.cells.setdefault(cell, []).append(box)

    def near(self, x: float, y: float) -> list[Box]:
        column, row = math.floor(x / NEAR), math.floor(y / NEAR)
        found = []
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for b in self.cells.get((column + dx, row + dy), ()):
                    if abs(b[0] + b[2] - 2 * x) < 2 * NEAR and abs(b[1] + b[3] - 2 * y) < 2 * NEAR:
                        found.append(b)
        return found


# each drawing's spaces as `_Outline`s, made once a process (by the drawing's identity: `load_drawing` keeps it)
_OUTLINES: dict[int, tuple[BoardDrawing, dict[str, _Outline]]] = {}


def _outline(drawing: BoardDrawing, sid: str) -> _Outline:
    known = _OUTLINES.get(id(drawing))
    if known is None or known[0] is not drawing:
        known = _OUTLINES[id(drawing)] = (drawing, {})
    outlines = known[1]
    if sid not in outlines:
        outlines[sid] = _Outline.of(drawing.spaces[sid].polygons)
    return outlines[sid]


@dataclass(frozen=True)
class _NamePlaces:
    """Every box each space's name may take in one language (`map_text.candidates`), scored for its rank and
    how much of it leaves its space: what does not change from turn to turn (the drawing's label points and
    outlines, the names), made once per drawing and language's names for every map of the process. A map
    then scores only what its boxes run into (`_Renderer.place_name`)."""

    spaces: Mapping[str, tuple[Candidate, ...]]

    @classmethod
    def of(cls, drawing: BoardDrawing, names: Mapping[str, str]) -> _NamePlaces:
        spaces = {}
        for sid, name in sorted(names.items()):
            centres, outside = _name_centres(drawing.spaces[sid].label), _name_outside(_outline(drawing, sid))
            spaces[sid] = _candidates(name, NAME_SIZES, 8, centres, outside)
        return cls(spaces)


def _name_centres(label: Point) -> Callable[[float, float], list[Point]]:
    """Where a name of a given width and height may be centred, from its space's label point, best first:
    under it (clear of the unit there), above, beside, at a corner, further off."""
    x, y = label

    def centres(w: float, h: float) -> list[Point]:
        below, above = y + UNIT_R + 1.5 + h / 2, y - UNIT_R - 4 - h / 2
        beside = x + UNIT_R + 3 + w / 2, x - UNIT_R - 3 - w / 2
        out = [(x, below), (x, above), (beside[0], y), (beside[1], y)]
        out += [(x + dx, y + dy) for dy in (below - y, above - y) for dx in (w / 2 + 2, -w / 2 - 2)]
        return [*out, (x, below + 9), (x, above - 9)]

    return centres


def _name_outside(outline: _Outline) -> Callable[[Box, Point], int]:
    """How much of a name's box leaves its space: 4 for each corner outside. A name may run over its border
    (its white halo keeps it readable) rather than shrink."""

    def outside(box: Box, centre: Point) -> int:
        corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
        return 4 * sum(1 for c in corners if not outline.inside(c))

    return outside


# each drawing's `_NamePlaces` by language's names, made once a process (by the drawing's identity, as `_OUTLINES`)
_PLACES: dict[tuple[int, tuple[tuple[str, str], ...]], tuple[BoardDrawing, _NamePlaces]] = {}


def _name_places(drawing: BoardDrawing, names: Mapping[str, str]) -> _NamePlaces:
    key = (id(drawing), tuple(sorted(names.items())))
    known = _PLACES.get(key)
    if known is None or known[0] is not drawing:
        known = _PLACES[key] = (drawing, _NamePlaces.of(drawing, names))
    return known[1]


@dataclass(frozen=True)
class _Arrow:
    css: str  # classes of the order's group
    power: str
    failed: bool


class _Renderer:
    def __init__(
        self,
        board: Board,
        drawing: BoardDrawing,
        position: Position,
        outcomes: Sequence[Outcome] | None,
        events: Sequence[Event],
        languages: Sequence[str],
        family: AnyFamily,
    ) -> None:
        self.board = board
        self.drawing = drawing
        self.position = position
        self.outcomes = list(outcomes or [])
        self.events = list(events)
        # each language's words, the first the one shown (`speak` turns to another one)
        self.languages = [(lang, Words(board, translator(lang))) for lang in languages]
        self.lang, self.words = self.languages[0]
        self.t: Translations = self.words.t
        self.colours = palette(board, family)
        self.diplomacy = family.holdings == "owners"  # supply centres owned: no cities, no garrisons
        x, y, w, h = drawing.viewbox
        self.width, self.height = w, h
        self.dwg = _Drawing(
            size=("100%", "100%"),
            viewBox=f"{_r(x)} {_r(y)} {_r(w)} {_r(h + LEGEND_HEIGHT)}",
            debug=False,
            profile="full",
        )
        self.dwg["data-text-size"] = _r(FONT)  # the names' size, for the viewer's readable zoom (map-zoom.js)
        self.icons: set[str] = set()  # ids of the unit icons used, defined at the end
        # what a place name must stay clear of: the orders' strokes (segments, half their width) and the
        # boxes of units, cities, values and markers
        self.strokes: list[tuple[Point, Point, float]] = []
        self.boxes: list[Box] = []
        self.defs = self.dwg.defs

    # ---- places ---------------------------------------------------------------------------------------
    def label(self, space: str) -> Point:
        return self.drawing.spaces[space].label

    def city(self, space: str) -> Point:
        shape = self.drawing.spaces[space]
        if shape.city is None:
            return shape.label
        if math.dist(shape.city, shape.label) < NEAR_CITY:
            return (shape.label[0] - NEAR_CITY, shape.label[1] - 4)
        return shape.city

    def unit_point(self, kind: UnitKind | None, location: str) -> Point:
        space = space_of(location).removesuffix(CITY)
        if kind is UnitKind.GARRISON:
            return self.city(space)
        return self.place(location)

    def place(self, location: str) -> Point:
        """Where a unit at `location` stands: its coast's point for a fleet on a split coast, else the label."""
        shape = self.drawing.spaces[space_of(location)]
        coast = coast_of(location)
        if coast is not None and coast in shape.coasts:
            return shape.coasts[coast]
        return shape.label

    def dislodged_point(self, location: str) -> Point:
        x, y = self.label(space_of(location))
        return (x + DISLODGED_SHIFT[0], y + DISLODGED_SHIFT[1])

    def kind_at(self, kind: UnitKind | None, location: str) -> UnitKind | None:
        """The kind of the unit an order names: as written, or the unit standing there."""
        if kind is not None:
            return kind
        space = space_of(location)
        unit = self.position.units.get(space)
        if unit is not None:
            return unit.kind
        return UnitKind.GARRISON if space + CITY in self.position.units else None

    # ---- the document ----------------------------------------------------------------------------------
    def speak(self, lang: str, words: Words) -> None:
        """Write the words that follow in `lang`."""
        self.lang, self.words, self.t = lang, words, words.t

    def in_language(self, parent: _Element, lang: str) -> _Element:
        """Where a text in `lang` goes: `parent` itself in a map of one language, else a group of `parent`
        marked with its language (shown by the map's stylesheet only at the file's ``#<lang>``, the first
        language elsewhere)."""
        if len(self.languages) == 1:
            return parent
        group = self.dwg.g()
        group["data-map-lang"] = lang
        parent.add(group)
        return group

    def render(self) -> str:
        dwg = self.dwg
        if len(self.languages) == 1:
            dwg.set_desc(self.title(), self.description())
        else:  # a title and a description in each language (SVG 2's alternatives by `lang`), the first first
            for i, (lang, words) in enumerate(self.languages):
                self.speak(lang, words)
                for at, element in enumerate((Title(self.title()), Desc(self.description()))):
                    element.xml.set("lang", lang)
                    dwg.elements.insert(2 * i + at, element)
            dwg["data-map-languages"] = " ".join(lang for lang, _ in self.languages)
            self.speak(*self.languages[0])
        dwg.defs.add(dwg.style(self.css()))
        for lang, _ in self.languages[1:]:  # the targets of ``#<lang>``, before all they show or hide
            dwg.add(dwg.g(id=lang))
        self.patterns()
        self.background()
        self.spaces()
        self.crossings()
        self.cities()
        self.markers()
        arrows = self.orders() if self.outcomes else None
        self.units()
        for lang, words in self.languages:
            self.speak(lang, words)
            self.names()
        self.speak(*self.languages[0])
        if arrows is not None:
            dwg.add(arrows)
        self.legend()
        self.define_icons()
        return '<?xml version="1.0" encoding="utf-8"?>\n' + svg_text(dwg) + "\n"

    def title(self) -> str:
        text = self.t.pgettext("map title", "%(map)s: %(phase)s")
        return text % {"map": self.words.board_name(), "phase": self.words.phase(self.position.phase)}

    def css(self) -> str:
        rules = [
            "text{font-family:sans-serif;text-anchor:middle}",
            f".nm{{font-size:{_r(FONT)}px;paint-order:stroke;stroke:#fff;stroke-width:2px;stroke-linejoin:round}}",
            f".nm.sea{{fill:{SEA_TEXT};font-style:italic}}",
            *[f".z{_r(size)}{{font-size:{_r(size)}px}}" for size in NAME_SIZES[1:]],
            ".sp{stroke:#555;stroke-width:.5;fill-rule:evenodd}",
            f".sea{{fill:{SEA}}}",
            f".land,.coast{{fill:{LAND}}}",
            f".off{{fill:{OFFBOARD};stroke:#999;stroke-width:.4;fill-rule:evenodd}}",
            ".cross{stroke:#555;stroke-width:1.2;stroke-dasharray:2 2;fill:none}",
            ".ct{fill:#fff;stroke:#222;stroke-width:.8}",
            ".val{font-size:6px;font-weight:bold}",
            ".ul{font-size:7px;font-weight:bold;dominant-baseline:central}",
            ".ln{fill:none;stroke-width:2.2;stroke-linecap:round}",
            ".cs{fill:none;stroke:#222;stroke-width:3.6;stroke-linecap:round}",
            ".sup .ln,.sup .cs,.cvy .ln,.cvy .cs{stroke-dasharray:5 3}",
            ".sup .ln,.cvy .ln{stroke-width:1.6}.sup .cs,.cvy .cs{stroke-width:2.8}",
            ".failed .ln,.failed .cs{stroke-dasharray:3 3}",
            ".retreat .ln,.retreat .cs{stroke-dasharray:8 2 2 2}",
            f".x{{stroke:{FAILED};stroke-width:2.4;stroke-linecap:round}}",
            f".ring{{fill:none;stroke:{FAILED};stroke-width:1.8}}",
            ".siege{fill:none;stroke:#222;stroke-width:1.4;stroke-dasharray:2 1.5}",
            ".build{fill:none;stroke:#222;stroke-width:1.4;stroke-dasharray:3 2}",
            ".lg{font-size:9px;text-anchor:start}",
            ".lgh{font-size:10px;font-weight:bold;text-anchor:start}",
        ]
        for pid, (colour, _) in sorted(self.colours.items()):
            rules.append(f".f-{pid}{{fill:{colour}}}.s-{pid}{{stroke:{colour}}}.p-{pid}{{fill:url(#h-{pid})}}")
        rules.append(f".f-{AUTONOMOUS}{{fill:{AUTONOMOUS_COLOUR}}}.s-{AUTONOMOUS}{{stroke:#777}}")
        rules.append(f".p-{AUTONOMOUS}{{fill:url(#h-{AUTONOMOUS})}}")
        if len(self.languages) > 1:  # the first language's words, or another's at the file's #<lang>
            first = self.languages[0][0]
            rules.append(f"svg [data-map-lang]:not([data-map-lang={first}]){{display:none}}")
            for lang, _ in self.languages[1:]:
                at = f"#{lang}:target~"  # the empty group #<lang>, before all the words
                for which, display in ((lang, "inline"), (first, "none")):
                    rules.append(f"{at}[data-map-lang={which}],{at}* [data-map-lang={which}]{{display:{display}}}")
        return "".join(rules)

    def patterns(self) -> None:
        """One hatching per power: its colour's tint under a hatching of its own kind, in its colour."""
        dwg = self.dwg
        for pid, (colour, hatching) in sorted(self.colours.items()):
            self.defs.add(hatching_pattern(dwg, f"h-{pid}", colour, hatching))
        pattern = dwg.pattern(id=f"h-{AUTONOMOUS}", size=(6, 6), patternUnits="userSpaceOnUse")
        pattern.add(dwg.rect((0, 0), (6, 6), fill=_tint(AUTONOMOUS_COLOUR)))
        pattern.add(dwg.circle((3, 3), 0.9, fill="#999"))
        self.defs.add(pattern)

    def background(self) -> None:
        dwg = self.dwg
        dwg.add(dwg.rect((0, 0), (_r(self.width), _r(self.height)), fill=SEA))
        if self.drawing.offboard:
            dwg.add(dwg.path(d=compact_path(self.drawing.offboard), class_="off"))

    def spaces(self) -> None:
        dwg = self.dwg
        group = dwg.g(id="spaces")
        owners = self.position.owners
        for sid in sorted(self.drawing.spaces):
            shape = self.drawing.spaces[sid]
            css = ["sp", shape.kind]
            owner = owners.get(sid)
            if shape.kind != "sea" and owner is not None:
                css.append(f"p-{owner}")
            group.add(dwg.path(d=compact_path(shape.path), id=f"s-{sid}", class_=" ".join(css)))
        dwg.add(group)

    def crossings(self) -> None:
        dwg = self.dwg
        for c in self.drawing.crossings:
            (x1, y1), (x2, y2) = c.line
            dwg.add(dwg.path(d=f"M{_pt((x1, y1))}L{_pt((x2, y2))}", class_="cross"))

    def cities(self) -> None:
        if self.diplomacy:
            self.supply_centres()
            return
        dwg = self.dwg
        group = dwg.g(id="cities")
        for sid in sorted(self.board.spaces):
            city = self.board.spaces[sid].city
            if city is None or sid not in self.drawing.spaces:
                continue
            x, y = self.city(sid)
            controller = self.position.cities.get(sid)
            differs = controller is not None and controller != self.position.owners.get(sid)
            css = f"ct f-{controller}" if differs else "ct"
            if city.fortress:
                shape = dwg.path(d=f"M{_pt((x, y - 4.5))}l4.5,4.5l-4.5,4.5l-4.5,-4.5z", class_=css)
            elif city.fortified:
                shape = dwg.rect((_r(x - 3.5), _r(y - 3.5)), (7, 7), class_=css)
            else:
                shape = dwg.circle((_r(x), _r(y)), 3, class_=css)
            shape["id"] = f"c-{sid}"
            if controller is not None:
                shape["data-controller"] = controller
            group.add(shape)
            self.boxes.append((x - 4.5, y - 4.5, x + 4.5, y + 4.5))
            if city.port:
                group.add(dwg.use("#port", insert=(_r(x - 7), _r(y + 1))))
                self.boxes.append((x - 10, y - 3, x - 4, y + 4))
            if city.value:
                group.add(dwg.text(str(city.value), insert=(_r(x + 6.5), _r(y - 3)), class_="val nm"))
                self.boxes.append((x + 4.5, y - 8, x + 8.5, y - 2))
        dwg.add(group)
        self.defs.add(self.port_icon())

    def supply_centres(self) -> None:
        """The standard map's supply centres: a dot at the centre's city, filled with its controller's colour
        (white when no one controls it), ringed so that it shows on any hatching."""
        dwg = self.dwg
        group = dwg.g(id="centres")
        for sid in sorted(self.board.spaces):
            shape = self.drawing.spaces.get(sid)
            if not self.board.spaces[sid].supply_center or shape is None:
                continue
            x, y = self.city(sid)
            controller = self.position.owners.get(sid)
            dot = dwg.circle((_r(x), _r(y)), 3.4, class_=f"ct sc f-{controller}" if controller else "ct sc")
            dot["id"] = f"c-{sid}"
            self.boxes.append((x - 3.4, y - 3.4, x + 3.4, y + 3.4))
            if controller is not None:
                dot["data-controller"] = controller
            group.add(dot)
        dwg.add(group)

    def port_icon(self) -> _Element:
        dwg = self.dwg
        g = dwg.g(id="port", fill="none", stroke="#1B4F72", stroke_width=1)
        g.add(dwg.path(d="M0,-3.5v6M-2,-2h4M-2.5,1a2.6,2.6 0 0 0 5,0"))
        return g

    def markers(self) -> None:
        dwg = self.dwg
        group = dwg.g(id="markers")
        position = self.position
        for province in sorted(position.sieges):
            x, y = self.city(province)
            group.add(dwg.circle((_r(x), _r(y)), 9.5, class_="siege", id=f"siege-{province}"))
        plague = sorted({e.place for e in self.events if e.kind is EventKind.PLAGUE and e.unit is None})
        famine = sorted(
            set(position.famine) | {e.place for e in self.events if e.kind is EventKind.FAMINE and not e.unit}
        )
        marks = [(p, "rebellion") for p in sorted(position.rebellions) if p in self.drawing.spaces]
        marks += [(p, "famine") for p in famine if p in self.drawing.spaces]
        marks += [(p, "plague") for p in plague if p in self.drawing.spaces]
        placed: dict[str, int] = {}
        for province, kind in marks:
            x, y = self.label(province)
            n = placed.get(province, 0)
            placed[province] = n + 1
            use = dwg.use(f"#{kind}", insert=(_r(x - 10 - 9 * n), _r(y + 9)), id=f"{kind}-{province}")
            self.boxes.append((x - 15 - 9 * n, y + 4, x - 5 - 9 * n, y + 14))
            group.add(use)
        dwg.add(group)
        for kind in ("rebellion", "famine", "plague"):
            self.defs.add(self.marker_icon(kind))

    def marker_icon(self, kind: str) -> _Element:
        dwg = self.dwg
        g = dwg.g(id=kind)
        if kind == "rebellion":  # a red flag
            g.add(dwg.path(d="M-2.5,4V-4.5", stroke="#222", stroke_width=1.2))
            g.add(dwg.path(d="M-2,-4.5L4,-2.5L-2,-0.5z", fill=FAILED, stroke="#222", stroke_width=0.5))
        elif kind == "famine":  # an ochre ear of wheat
            g.add(dwg.path(d="M0,4.5V-4.5", stroke="#7A5200", stroke_width=1))
            for dy in (-3, -0.5, 2):
                g.add(dwg.ellipse((-1.3, dy), (1.3, 0.8), fill="#C98A00"))
                g.add(dwg.ellipse((1.3, dy), (1.3, 0.8), fill="#C98A00"))
        else:  # plague: a black skull-like disc with a white cross
            g.add(dwg.circle((0, 0), 4.2, fill="#222"))
            g.add(dwg.path(d="M-2.2,-2.2l4.4,4.4m0,-4.4l-4.4,4.4", stroke="#fff", stroke_width=1.1))
        return g

    # ---- units ----------------------------------------------------------------------------------------
    def icon(self, kind: UnitKind, power: str) -> str:
        ident = f"{kind.value.lower()}-{power}"
        self.icons.add(ident)
        return "#" + ident

    def define_icons(self) -> None:
        """One icon per kind and power: the kind by its shape and its notation letter (A, F, G: the same in
        English and French), the power by its colour; the elite badges by shape and letter too."""
        dwg = self.dwg
        for ident in sorted(self.icons):
            letter, _, power = ident.partition("-")
            g = dwg.g(id=ident, class_=f"f-{power}", stroke="#222", stroke_width=0.9)
            r = UNIT_R
            if letter == "a":  # army: a round shield
                g.add(dwg.circle((0, 0), r))
            elif letter == "f":  # fleet: a hull with a sail
                g.add(dwg.path(d=f"M{_r(-r - 2)},-2.5H{_r(r + 2)}L{_r(r - 1.5)},{_r(r - 1)}H{_r(-r + 1.5)}z"))
                g.add(dwg.path(d=f"M-1,-3V{_r(-r - 3)}L5,-3z", stroke_width=0.7))
            else:  # garrison: a tower with battlements
                g.add(dwg.path(d="M-6,6V-4H-4V-6.5H-1.5V-4H1.5V-6.5H4V-4H6V6z"))
            colour = AUTONOMOUS_COLOUR if power == AUTONOMOUS else self.colours[power][0]
            ink = _ink(colour)
            dy = 2.2 if letter == "f" else 0.8
            g.add(dwg.text(letter.upper(), insert=(0, _r(dy)), class_="ul", fill=ink, stroke="none"))
            self.defs.add(g)
        badges = {  # elite units: circle, square, triangle
            "mercenaries": ("M", "M0,-3.6a3.6,3.6 0 1 0 0.01,0z"),
            "professionals": ("P", "M-3.3,-3.3h6.6v6.6h-6.6z"),
            "militia": ("m", "M0,-4.4L4,3H-4z"),
        }
        for special, (letter, outline) in badges.items():
            g = dwg.g(id=f"sp-{special}")
            g.add(dwg.path(d=outline, fill="#FFD700", stroke="#222", stroke_width=0.6))
            g.add(dwg.text(letter, insert=(0, 0.6), class_="ul", style="font-size:5px", fill="#000"))
            self.defs.add(g)

    def unit(self, group: _Element, unit: Unit, at: Point, ident: str, extra: str = "") -> None:
        dwg = self.dwg
        css = f"unit {unit.kind.noun} pw-{unit.power}" + (f" {extra}" if extra else "")
        use = dwg.use(self.icon(unit.kind, unit.power), insert=(_r(at[0]), _r(at[1])), id=ident, class_=css)
        use["data-unit"] = str(unit)
        use["data-power"] = unit.power
        group.add(use)
        x, y = at
        reach = UNIT_R + (3 if unit.kind is UnitKind.FLEET else 1)
        self.boxes.append((x - reach, y - UNIT_R - 3, x + reach, y + UNIT_R))
        if unit.special:
            group.add(dwg.use(f"#sp-{unit.special}", insert=(_r(at[0] + 6), _r(at[1] - 6))))
            self.boxes.append((x + 2, y - 10.5, x + 10.5, y - 2))
        if "dislodged" in extra:
            group.add(dwg.circle((_r(at[0]), _r(at[1])), UNIT_R + 2.5, class_="ring"))

    def units(self) -> None:
        dwg = self.dwg
        group = dwg.g(id="units")
        dislodged_here = {o.unit.space for o in self.outcomes if o.unit is not None and o.reason is Reason.DISLODGED}
        for space, unit in sorted(self.position.units.items()):
            ident = "u-" + space.replace(".", "-")
            extra = "dislodged" if space in dislodged_here else ""
            self.unit(group, unit, self.unit_point(unit.kind, unit.location), ident, extra)
        for d in self.position.dislodged:
            ident = "d-" + d.unit.space.replace(".", "-")
            self.unit(group, d.unit, self.dislodged_point(d.unit.location), ident, "dislodged")
        dwg.add(group)

    # ---- orders ---------------------------------------------------------------------------------------
    def orders(self) -> _Element:
        group = self.dwg.g(id="orders")
        retreat = self.position.phase.kind.value == "retreat"
        for i, o in enumerate(self.outcomes):
            drawn = kind_of(o.order).draw(o.order, _Pen(self, o.power, o.succeeded, retreat))
            if drawn is not None:  # holds, lifting a siege, money, kept units: nothing to draw
                element = cast(_Element, drawn)
                element["id"] = f"o-{i}"
                element["data-order"] = str(o.order)
                group.add(element)
        return group

    def order_start(self, kind: UnitKind | None, at: str, retreat: bool) -> Point:
        """Where an order of the unit at `at` starts: the unit, or its dislodged place if `retreat`."""
        if retreat:
            return self.dislodged_point(at)
        return self.unit_point(self.kind_at(kind, at), at)

    def build(self, power: str, succeeded: bool, kind: UnitKind | None, at: Point) -> _Element:
        """A new unit's ring, its icon if it was built, crossed out if it was not."""
        g = self.dwg.g(class_=f"order build pw-{power}")
        g.add(self.dwg.circle((_r(at[0]), _r(at[1])), UNIT_R + 3, class_=f"build s-{power}"))
        if succeeded and kind is not None:
            g.add(self.dwg.use(self.icon(kind, power), insert=(_r(at[0]), _r(at[1])), opacity=0.6))
        if not succeeded:
            self._x(g, at)
            g["class"] += " failed"
        return g

    def cross(self, css: str, at: Point) -> _Element:
        g = self.dwg.g(class_=css)
        self._x(g, at, 6)
        return g

    def _x(self, g: _Element, at: Point, size: float = 4.0) -> None:
        x, y = at
        d = f"M{_pt((x - size, y - size))}L{_pt((x + size, y + size))}"
        d += f"M{_pt((x - size, y + size))}L{_pt((x + size, y - size))}"
        self.strokes += [
            ((x - size, y - size), (x + size, y + size), 1.2),
            ((x - size, y + size), (x + size, y - size), 1.2),
        ]
        g.add(self.dwg.path(d=d, class_="x"))

    def arrow(
        self, a: _Arrow, start: Point, end: Point, head: bool, bend: bool = False, stop: float = UNIT_R + 1
    ) -> _Element:
        dwg = self.dwg
        (x1, y1), (x2, y2) = start, end
        length = math.dist(start, end) or 1.0
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        begin = min(UNIT_R, length / 3)
        finish = min(stop, length / 3) if head else min(3.0, length / 3)
        sx, sy = x1 + ux * begin, y1 + uy * begin
        ex, ey = x2 - ux * finish, y2 - uy * finish
        if bend:  # a short curve, for a conversion between a province and its city
            cx, cy = (sx + ex) / 2 - uy * 8, (sy + ey) / 2 + ux * 8
            d = f"M{_pt((sx, sy))}Q{_pt((cx, cy))} {_pt((ex, ey))}"
            ux, uy = ex - cx, ey - cy
            n = math.hypot(ux, uy) or 1.0
            ux, uy = ux / n, uy / n
        else:
            d = f"M{_pt((sx, sy))}L{_pt((ex, ey))}"
        g = dwg.g(class_=f"{a.css} pw-{a.power}" + (" failed" if a.failed else ""))
        if bend:
            curve = [
                (
                    (1 - t) ** 2 * sx + 2 * (1 - t) * t * cx + t * t * ex,
                    (1 - t) ** 2 * sy + 2 * (1 - t) * t * cy + t * t * ey,
                )
                for t in (0, 0.25, 0.5, 0.75, 1)
            ]
            self.strokes += [(p, q, 1.8) for p, q in itertools.pairwise(curve)]
        else:
            self.strokes.append(((sx, sy), (ex, ey), 1.8))
        g.add(dwg.path(d=d, class_="cs"))
        g.add(dwg.path(d=d, class_=f"ln s-{a.power}"))
        if head:  # the head: a triangle of the power's colour, outlined
            size = 6.0
            bx, by = ex - ux * size, ey - uy * size
            pts = [(ex + ux * 1.5, ey + uy * 1.5), (bx - uy * 3.5, by + ux * 3.5), (bx + uy * 3.5, by - ux * 3.5)]
            self.strokes += [(pts[0], pts[1], 0.5), (pts[1], pts[2], 0.5), (pts[2], pts[0], 0.5)]
            g.add(dwg.path(d="M" + "L".join(_pt(p) for p in pts) + "z", class_=f"f-{a.power}", stroke="#222"))
        else:  # a support or convoy ends in a dot
            g.add(dwg.circle((_r(ex), _r(ey)), 2.2, class_=f"f-{a.power}", stroke="#222", stroke_width=0.7))
        if a.failed:
            self._x(g, ((sx + ex) / 2, (sy + ey) / 2))
        return g

    # ---- names ----------------------------------------------------------------------------------------
    def names(self) -> None:
        """Every space's full name (one naming style), placed under its label point, or where it is clear of
        the orders, units, cities and names already placed and within its space, written smaller or on two
        lines where it does not fit otherwise."""
        dwg = self.dwg
        first = self.lang == self.languages[0][0]
        group = dwg.g(id="names" if first else f"names-{self.lang}")
        if len(self.languages) > 1:
            group["data-map-lang"] = self.lang
        # what a name must stay clear of: the units, cities and markers, then the names placed (this
        # language's: another language's are not seen with them), and the orders' strokes
        obstacles = _Boxes(self.boxes)
        reaches = [_reach(p, q, pad + 0.5) for p, q, pad in self.strokes]
        places = _name_places(self.drawing, {sid: self.words.place(sid) for sid in self.drawing.spaces})
        for sid in sorted(self.drawing.spaces):
            shape = self.drawing.spaces[sid]
            chosen = self.place_name(sid, places.spaces[sid], obstacles, reaches)
            lines, size, box = chosen.lines, chosen.size, chosen.box
            obstacles.add(box)
            css = "nm sea" if shape.kind == "sea" else "nm"
            if size != FONT:
                css += f" z{_r(size)}"
            x = (box[0] + box[2]) / 2
            step = size * 1.05
            baseline = box[1] + step * 0.8
            if len(lines) == 1:
                group.add(dwg.text(lines[0], insert=(_r(x), _r(baseline)), class_=css))
                continue
            text = dwg.text("", insert=(_r(x), _r(baseline)), class_=css)
            for i, line in enumerate(lines):
                text.add(dwg.tspan(line, insert=(_r(x), _r(baseline + i * step))))
            group.add(text)
        dwg.add(group)

    def place_name(
        self, sid: str, places: tuple[Candidate, ...], obstacles: _Boxes, every_reach: Sequence[_Reach]
    ) -> Candidate:
        """The box of a space's name, of its `places` (`_NamePlaces`): crossing no order (`every_reach`,
        `_reach`) and covering no unit, city or name (`obstacles`) above all, then as large as may be, within
        its space, on one line, under its label point."""
        x, y = self.drawing.spaces[sid].label
        near = obstacles.near(x, y)
        around = (x - NEAR, y - NEAR, x + NEAR, y + NEAR)
        reaches = [
            r
            for r in every_reach
            if around[0] < r[5]
            and r[3] < around[2]
            and around[1] < r[6]
            and r[4] < around[3]
            and _segment_hits(around, r[0], r[1], r[2] - 0.5)
        ]

        def blocked(box: Box, limit: int) -> int:  # a box as `map_text.place_name` makes it; `choose`'s limit
            x0, y0, x1, y1 = box
            score = 0
            for p, q, pad, left, top, right, bottom in reaches:
                if x0 < right and left < x1 and y0 < bottom and top < y1 and _segment_hits(box, p, q, pad):
                    score += 1000
                    if score >= limit:
                        return score
            for b in near:  # `_overlap`, written out: this is the map's most repeated test
                if x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1:
                    score += 100
                    if score >= limit:
                        return score
            return score

        return _choose(places, blocked)

    # ---- the legend and the description ------------------------------------------------------------------
    def legend(self) -> None:
        """The legend under the map: its symbols once, their words in each language."""
        dwg = self.dwg
        top = self.height
        g = dwg.g(id="legend")
        g.add(dwg.rect((0, _r(top)), (_r(self.width), _r(LEGEND_HEIGHT)), fill="#fff", stroke="#555"))
        # powers: hatching, unit letter, name
        x, y = 10.0, top + 34
        holders = [*sorted(self.colours)] + ([] if self.diplomacy else [AUTONOMOUS])
        spots = [(x + (i % 5) * 190, y + (i // 5) * 20) for i in range(len(holders))]
        for pid, (cx, cy) in zip(holders, spots, strict=True):
            g.add(dwg.rect((_r(cx), _r(cy - 7)), (16, 12), class_=f"p-{pid}", stroke="#555", stroke_width=0.5))
            g.add(dwg.use(self.icon(UnitKind.ARMY, pid), insert=(_r(cx + 28), _r(cy - 1))))
        y += 50
        shown = {"", "std" if self.diplomacy else "mach"}
        symbols = [symbol for which, _, symbol in self.legend_entries() if which in shown]
        places = [(x + (i % 5) * 190, y + (i // 5) * 22) for i in range(len(symbols))]
        for (what, ref), (cx, cy) in zip(symbols, places, strict=True):
            self.legend_symbol(g, what, ref, (cx + 10, cy))
        for lang, words in self.languages:
            self.speak(lang, words)
            texts = self.in_language(g, lang)
            texts.add(dwg.text(self.title(), insert=(10, _r(top + 16)), class_="lgh"))
            for pid, (cx, cy) in zip(holders, spots, strict=True):
                texts.add(dwg.text(self.words.power(pid), insert=(_r(cx + 40), _r(cy + 2)), class_="lg"))
            entries = [text for which, text, _ in self.legend_entries() if which in shown]
            for text, (cx, cy) in zip(entries, places, strict=True):
                texts.add(dwg.text(text, insert=(_r(cx + 26), _r(cy + 3)), class_="lg"))
        self.speak(*self.languages[0])
        dwg.add(g)

    def legend_entries(self) -> list[tuple[str, str, tuple[str, object]]]:
        """The legend's entries in the language spoken: (for which maps: "" all, "mach" the Machiavelli maps,
        "std" the standard map; text; symbol)."""
        t, example = self.t, AUTONOMOUS
        return [
            ("", t.pgettext("map legend", "Army"), ("use", self.icon(UnitKind.ARMY, example))),
            ("", t.pgettext("map legend", "Fleet"), ("use", self.icon(UnitKind.FLEET, example))),
            ("std", t.pgettext("map legend", "Supply centre"), ("centre", None)),
            ("mach", t.pgettext("map legend", "Garrison"), ("use", self.icon(UnitKind.GARRISON, example))),
            ("mach", t.pgettext("map legend", "Elite mercenaries"), ("use", "#sp-mercenaries")),
            ("mach", t.pgettext("map legend", "Elite professionals"), ("use", "#sp-professionals")),
            ("mach", t.pgettext("map legend", "Militia"), ("use", "#sp-militia")),
            ("mach", t.pgettext("map legend", "Fortified city"), ("rect", None)),
            ("mach", t.pgettext("map legend", "Open city"), ("circle", None)),
            ("mach", t.pgettext("map legend", "Fortress"), ("diamond", None)),
            ("mach", t.pgettext("map legend", "Port"), ("use", "#port")),
            ("mach", t.pgettext("map legend", "Income in ducats"), ("value", None)),
            ("mach", t.pgettext("map legend", "Siege"), ("siege", None)),
            ("mach", t.pgettext("map legend", "Rebellion"), ("use", "#rebellion")),
            ("mach", t.pgettext("map legend", "Famine"), ("use", "#famine")),
            ("mach", t.pgettext("map legend", "Plague"), ("use", "#plague")),
            ("", t.pgettext("map legend", "Move"), ("arrow", "move")),
            ("", t.pgettext("map legend", "Support or convoy"), ("arrow", "sup")),
            ("mach", t.pgettext("map legend", "Conversion"), ("arrow", "convert")),
            ("", t.pgettext("map legend", "Retreat"), ("arrow", "retreat")),
            ("", t.pgettext("map legend", "Failed order"), ("arrow", "failed")),
            ("", t.pgettext("map legend", "Dislodged unit"), ("ring", None)),
            ("", t.pgettext("map legend", "Sea"), ("swatch", SEA)),
            ("", t.pgettext("map legend", "Beyond the board"), ("swatch", OFFBOARD)),
        ]

    def legend_symbol(self, g: _Element, what: str, ref: object, at: Point) -> None:
        dwg = self.dwg
        x, y = at
        if what == "use":
            g.add(dwg.use(str(ref), insert=(_r(x), _r(y))))
        elif what == "centre":
            g.add(dwg.circle((_r(x), _r(y)), 3.4, class_="ct sc"))
        elif what == "rect":
            g.add(dwg.rect((_r(x - 3.5), _r(y - 3.5)), (7, 7), class_="ct"))
        elif what == "circle":
            g.add(dwg.circle((_r(x), _r(y)), 3, class_="ct"))
        elif what == "diamond":
            g.add(dwg.path(d=f"M{_pt((x, y - 4.5))}l4.5,4.5l-4.5,4.5l-4.5,-4.5z", class_="ct"))
        elif what == "value":
            g.add(dwg.text("3", insert=(_r(x), _r(y + 3)), class_="val nm"))
        elif what == "siege":
            g.add(dwg.circle((_r(x), _r(y)), 7, class_="siege"))
        elif what == "ring":
            g.add(dwg.circle((_r(x), _r(y)), 7, class_="ring"))
        elif what == "swatch":
            g.add(dwg.rect((_r(x - 8), _r(y - 6)), (16, 12), fill=str(ref), stroke="#555", stroke_width=0.5))
        elif what == "arrow":
            kind = str(ref)
            css = {"sup": "order sup", "convert": "order convert", "retreat": "order retreat"}.get(kind, "order move")
            arrow = _Arrow(css, AUTONOMOUS, kind == "failed")
            g.add(self.arrow(arrow, (x - 12, y), (x + 12, y), head=kind != "sup", bend=kind == "convert", stop=0))

    def description(self) -> str:
        """The position in words: units by power, then control of provinces and cities, then the markers."""
        t, w, position = self.t, self.words, self.position
        line = t.pgettext("map description", "%(what)s: %(list)s.")
        entry = t.pgettext("map description", "%(power)s: %(list)s")
        between = t.pgettext("map description", "; ")
        holders = [*sorted(self.board.powers), AUTONOMOUS]
        lines = [self.title() + "."]
        units = []
        for pid in holders:
            mine = sorted(position.units_of(pid))
            if mine:
                listed = ", ".join(_unit_text(u) + f" ({w.place(u.location)})" for u in mine)
                units.append(entry % {"power": w.power(pid), "list": listed})
        lines.append(line % {"what": t.gettext("Units"), "list": between.join(units) or "-"})
        controls = [(t.gettext("Supply centres") if self.diplomacy else t.gettext("Provinces"), position.owners)]
        if position.cities:
            controls.append((t.gettext("Cities"), position.cities))
        for what, mapping in controls:
            parts = []
            for pid in holders:
                places = sorted(p for p, owner in mapping.items() if owner == pid)
                if places:
                    parts.append(entry % {"power": w.power(pid), "list": ", ".join(w.place(p) for p in places)})
            lines.append(line % {"what": what, "list": between.join(parts) or "-"})
        markers = [
            (
                t.pgettext("map legend", "Dislodged unit"),
                [f"{w.power(d.unit.power)} {_unit_text(d.unit)}" for d in position.dislodged],
            ),
            (t.pgettext("map legend", "Siege"), [w.place(p) for p in sorted(position.sieges)]),
            (
                t.pgettext("map legend", "Rebellion"),
                [f"{w.place(p)} ({w.power(r.target)})" for p, r in sorted(position.rebellions.items())],
            ),
            (t.pgettext("map legend", "Famine"), [w.place(p) for p in sorted(position.famine)]),
        ]
        for what, items in markers:
            if items:
                lines.append(line % {"what": what, "list": ", ".join(items)})
        return "\n".join(lines)


Attributes = dict[str, object]


class _Element:
    """An SVG element of the map as svgwrite holds one (its name, its attributes by their SVG names, its
    children and a text's words) made without svgwrite's element classes: these check and convert every
    attribute as it is set, which cost most of the time of a map's elements (hundreds a map: its spaces,
    names, units, orders). `svg_text` writes it as svgwrite writes its own."""

    __slots__ = ("attribs", "elementname", "elements", "text")

    def __init__(self, elementname: str, attribs: Attributes, extra: Attributes, text: str = "") -> None:
        self.elementname = elementname
        # svgwrite's keywords: ``class_`` is ``class``, ``stroke_width`` ``stroke-width``
        self.attribs = attribs | {key.rstrip("_").replace("_", "-"): value for key, value in extra.items()}
        self.elements: list[_Element] = []
        self.text = text

    def add(self, element: _Element) -> _Element:
        self.elements.append(element)
        return element

    def __getitem__(self, key: str) -> object:
        return self.attribs[key]

    def __setitem__(self, key: str, value: object) -> None:
        self.attribs[key] = value

    def get_xml(self) -> ElementTree.Element:
        """The element as svgwrite's `get_xml` gives its own (its `tostring` calls it)."""
        xml = ElementTree.Element(self.elementname)
        for name, value in sorted(self.attribs.items()):
            if value is not None and (value := str(value)):
                xml.set(name, value)
        xml.text = self.text or None
        xml.extend(element.get_xml() for element in self.elements)
        return xml


class _Drawing(svgwrite.Drawing):  # type: ignore[misc]
    """svgwrite's drawing, for the document (its root's attributes, the `<defs>` and stylesheet, the title
    and description), whose elements of the kinds a map makes by the hundred are `_Element`s, made with
    svgwrite's arguments (`insert`, `center`, `size`, keywords)."""

    def g(self, **extra: object) -> _Element:
        return _Element("g", {}, extra)

    def text(self, text: str, insert: Point | tuple[str, str], **extra: object) -> _Element:
        return _Element("text", {"x": insert[0], "y": insert[1]}, extra, str(text))

    def tspan(self, text: str, insert: Point | tuple[str, str], **extra: object) -> _Element:
        return _Element("tspan", {"x": insert[0], "y": insert[1]}, extra, str(text))

    def use(self, href: str, insert: Point | tuple[str, str], **extra: object) -> _Element:
        return _Element("use", {"xlink:href": href, "x": insert[0], "y": insert[1]}, extra)

    def path(self, d: str, **extra: object) -> _Element:
        return _Element("path", {"d": d}, extra)

    def circle(self, center: Point | tuple[str, str], r: float, **extra: object) -> _Element:
        return _Element("circle", {"cx": center[0], "cy": center[1], "r": r}, extra)

    def ellipse(self, center: Point, r: Point, **extra: object) -> _Element:
        return _Element("ellipse", {"cx": center[0], "cy": center[1], "rx": r[0], "ry": r[1]}, extra)

    def rect(self, insert: Point | tuple[str, str], size: Point | tuple[str, str], **extra: object) -> _Element:
        return _Element("rect", {"x": insert[0], "y": insert[1], "width": size[0], "height": size[1]}, extra)


class _Pen:
    """The map as one order's kind draws it (`pipeline.board.order_kinds.presenting.Pen`): the renderer's
    places and strokes, in the colour of the order's power, crossed out if it failed."""

    def __init__(self, renderer: _Renderer, power: str, succeeded: bool, retreat: bool) -> None:
        self.r, self.power, self.succeeded, self.retreat = renderer, power, succeeded, retreat
        self.failed = not succeeded
        self.spaces = renderer.drawing.spaces
        self.start, self.place, self.label, self.city = (
            renderer.order_start,
            renderer.place,
            renderer.label,
            renderer.city,
        )
        self.unit_point, self.kind_at = renderer.unit_point, renderer.kind_at
        self.dislodged_point = renderer.dislodged_point

    def arrow(
        self, css: str, start: Point, end: Point, head: bool, bend: bool = False, stop: float | None = None
    ) -> _Element:
        arrow = _Arrow(css, self.power, self.failed)
        return self.r.arrow(arrow, start, end, head=head, bend=bend, stop=UNIT_R + 1 if stop is None else stop)

    def cross(self, css: str, at: Point) -> _Element:
        return self.r.cross(css, at)

    def build(self, kind: UnitKind | None, at: Point) -> _Element:
        return self.r.build(self.power, self.succeeded, kind, at)


def svg_text(drawing: svgwrite.Drawing) -> str:
    """The drawing's SVG as svgwrite's `tostring` writes it (each element's attributes sorted, the empty ones
    left out, a text's words and the stylesheet's CDATA), written straight from its elements (`_Element`s
    and svgwrite's) rather than through an ElementTree of them. An svgwrite element of a kind this does not
    know is written by svgwrite."""
    # what svgwrite's `Drawing.get_xml` sets on the drawing before it writes it (calling it would build the
    # whole ElementTree this writer spares)
    drawing.attribs.update(
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "xmlns:xlink": "http://www.w3.org/1999/xlink",
            "xmlns:ev": "http://www.w3.org/2001/xml-events",
            "baseProfile": drawing.profile,
            "version": drawing.version,
        }
    )
    out: list[str] = []
    _write_element(drawing, out)
    return "".join(out)


_ATTRIBUTES_ONLY = (svgwrite.base.BaseElement.get_xml, svgwrite.drawing.Drawing.get_xml)


def _write_element(element: _Element | svgwrite.base.BaseElement, out: list[str]) -> None:
    kind = type(element)
    text = ""
    if kind is _Element:
        text = ElementTree._escape_cdata(element.text) if element.text else ""  # type: ignore[attr-defined]
    elif kind.get_xml is svgwrite.container.Script.get_xml:
        text = f"<![CDATA[{element._content}]]>" if element._content else ""
    elif kind.get_xml not in _ATTRIBUTES_ONLY:
        out.append(ElementTree.tostring(element.get_xml(), encoding="unicode"))
        return
    out.append(f"<{element.elementname}")
    for name, value in sorted(element.attribs.items()):
        if value is not None and (value := str(value)):
            out.append(f' {name}="{ElementTree._escape_attrib(value)}"')  # type: ignore[attr-defined]
    if not text and not element.elements:
        out.append(" />")
        return
    out.append(">" + text)
    for child in element.elements:
        _write_element(child, out)
    out.append(f"</{element.elementname}>")


def hatching_pattern(dwg: svgwrite.Drawing, ident: str, colour: str, hatching: str) -> svgwrite.container.Pattern:
    """A 6-unit tile of `colour`'s tint with the `hatching` (one of HATCHINGS) in `colour`."""
    pattern = dwg.pattern(id=ident, size=(6, 6), patternUnits="userSpaceOnUse")
    turn = {"vertical": 90, "rising": -45, "falling": 45, "lattice": 45}.get(hatching)
    if turn is not None:
        pattern["patternTransform"] = f"rotate({turn})"
    pattern.add(dwg.rect((0, 0), (6, 6), fill=_tint(colour)))
    if hatching in ("horizontal", "vertical", "rising", "falling"):
        pattern.add(dwg.rect((0, 0), (6, 1.6), fill=colour))
    elif hatching in ("grid", "lattice"):
        pattern.add(dwg.path(d="M0,0.5H6M0.5,0V6", stroke=colour, stroke_width=1))
    elif hatching == "dots":
        pattern.add(dwg.circle((3, 3), 1.4, fill=colour))
    elif hatching == "zigzag":
        pattern.add(dwg.path(d="M0,4.5L3,1.5L6,4.5", fill="none", stroke=colour, stroke_width=1.2))
    else:
        raise ValueError(f"no hatching {hatching!r} (hatchings: {', '.join(HATCHINGS)})")
    return pattern


def _unit_text(unit: Unit) -> str:
    return f"{unit} ({unit.special})" if unit.special else str(unit)


def render_map(
    board: Board,
    position: Position,
    outcomes: Iterable[Outcome] | None = None,
    language: str | Sequence[str] = "en",
    map_name: str | None = None,
    events: Iterable[Event] = (),
    *,
    family: AnyFamily,
) -> str | None:
    """The position as an SVG document (text), with the orders of a finished phase when `outcomes` are given
    and the provinces its `events` struck with plague or famine; names in `language` ("en" or "fr"), or, given
    several languages (``("en", "fr")``), one map for all of them: its words in each language, the first's
    shown, another's at the file's ``#<lang>`` (``map.svg#fr``), the rest drawn once.
    `map_name` chooses the drawing (the game's map id, e.g. ``machiavelli-objectif``); without it, the drawing
    with the board's spaces is used; `family`: the game's family (its colours, and control or supply
    centres). None for a board that has no drawing."""
    drawing = drawing_for(board, map_name)
    if drawing is None:
        return None
    listed = None if outcomes is None else list(outcomes)
    languages = [language] if isinstance(language, str) else list(language)
    return _Renderer(board, drawing, position, listed, list(events), languages, family).render()


__all__ = ["drawing_for", "palette", "render_map"]
