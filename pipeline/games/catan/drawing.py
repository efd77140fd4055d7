"""The map of a Catan game as one SVG document, drawn from the board and the state alone (no drawing file:
a hex board is its own geometry) [K 1] [K 2]:

- the hexes, pointy-topped at their axial coordinates, each filled by its terrain and named in words (the
  colour is never the only cue), with its number token (6 and 8 in bold, pips for the odds);
- harbours on their coasts (``3:1``, or ``2:1`` and the resource);
- roads along their sides, ships as hulls on theirs; settlements as houses, cities as towers with their
  status, walls as a ring, a sabotaged city crossed;
- units on their slots, inside the hex against the side they face: a disc of the owner's colour with the
  kind's letter (the same in both languages), an inactive unit hollow and dashed; explorers on their
  corner, guards at their post, corruption markers in the hex by the city they rob;
- the round's moves as arrows, its combats as a burst at the target (and a line from the attacker);
- a legend under the map, in the reader's language: the players with their colour and points, the units'
  letters, the buildings, the terrains and the marks.

Pure: `render(board, state, events, t, title)` returns the document's text; the same inputs give the same
bytes. Players' colours (`PALETTE`) stay at least 19 apart in CIEDE2000 for normal vision and the three
common colour-vision deficiencies (`tests/games/catan/test_drawing.py`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from pipeline.escape import markup_text as escape  # text and attributes of the SVG

from .board import Board, Edge, Terrain
from .outcome import Combat, Event, Moved, Side
from .report import A_UNIT, RESOURCE_NAMES, TERRAIN_NAMES, UNIT_NAMES, seat_name
from .said import N_, Gettext, said
from .state import CatanState
from .units import UnitKind

SIZE = 40.0  # a hex's radius, centre to corner
SQ3 = math.sqrt(3)

# the seats' colours, in the order of play: orange, blue, white, black, sky blue, brown
PALETTE: tuple[str, ...] = ("#E69F00", "#0072B2", "#FFFFFF", "#222222", "#56B4E9", "#8C510A")
DARK = frozenset({"#0072B2", "#222222", "#8C510A"})  # pieces that take a light outline and letter

UNLAID = "#D9D9D9"  # a drafted board's hex still to come [K 1.6]
TERRAIN_COLOURS: Mapping[Terrain, str] = {
    Terrain.HILLS: "#D9A27E",
    Terrain.FOREST: "#8DB580",
    Terrain.PASTURE: "#CDE6A8",
    Terrain.FIELDS: "#EFD98C",
    Terrain.MOUNTAINS: "#B9B4AE",
    Terrain.GOLD: "#F3C94B",
    Terrain.DESERT: "#EDE1C6",
    Terrain.SEA: "#BFDDEE",
}
LETTERS: Mapping[UnitKind, str] = {
    UnitKind.MILITARY: "M",
    UnitKind.ASSAULT: "A",
    UnitKind.GUARD: "G",
    UnitKind.WORKER: "W",
    UnitKind.BARBARIAN: "B",
    UnitKind.EXPLORER: "E",
    UnitKind.DIPLOMAT: "D",
    UnitKind.REFORMER: "R",
    UnitKind.PIRATE: "P",
    UnitKind.PROTECTION: "S",
}
HEADINGS: Mapping[str, str] = {"players": N_("players"), "units": N_("units"), "marks": N_("marks"),
                               "terrains": N_("terrains")}  # fmt: skip
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
LEGEND_HEIGHT = 150.0

STYLE = """
.hex{stroke:#6b6b6b;stroke-width:1}.sea{stroke:#9cc3d9}
.tname{font:6px sans-serif;fill:#333;text-anchor:middle}
.token{fill:#fffdf4;stroke:#555;stroke-width:.8}.tnum{font:10px sans-serif;text-anchor:middle;fill:#222}
.hot{font-weight:bold}.pip{fill:#222}
.harbour{fill:#fff;stroke:#33658a;stroke-width:.8}.htext{font:5.5px sans-serif;text-anchor:middle;fill:#123}
.road{stroke-width:5;stroke-linecap:round}.casing{stroke:#222;stroke-width:7.4;stroke-linecap:round}
.ship{stroke:#222;stroke-width:.9}.piece{stroke:#222;stroke-width:1}.light{stroke:#f4f4f4}
.walls{fill:none;stroke:#444;stroke-width:2.4}.status{font:bold 7px sans-serif;text-anchor:middle}
.sabotage{stroke:#000;stroke-width:1.6}
.unit{stroke-width:1}.inactive{fill-opacity:.25;stroke-dasharray:2 1.5}
.letter{font:bold 7px sans-serif;text-anchor:middle}
.marker{stroke:#222;stroke-width:.8}
.move{fill:none;stroke-width:2.2}.movecasing{fill:none;stroke:#222;stroke-width:3.8}
.combat{stroke:#222;stroke-width:1;fill:#fff}.combatline{stroke:#222;stroke-width:1;stroke-dasharray:3 2}
.legend{font:8px sans-serif;fill:#222}.lhead{font:bold 8.5px sans-serif}
""".strip()


def _fmt(x: float) -> str:
    text = f"{x:.1f}"
    return "0.0" if text == "-0.0" else text


def _pt(p: tuple[float, float]) -> str:
    return f"{_fmt(p[0])},{_fmt(p[1])}"


class _Geometry:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.centres = {
            h.id: (SIZE * SQ3 * (h.q + h.r / 2), SIZE * 1.5 * h.r)
            for h in sorted(board.hexes.values(), key=lambda h: h.id)
        }

    def centre(self, hex_id: str) -> tuple[float, float]:
        return self.centres[hex_id]

    def corners(self, hex_id: str) -> list[tuple[float, float]]:
        x, y = self.centres[hex_id]
        return [
            (x + SIZE * math.cos(math.radians(60 * i - 30)), y + SIZE * math.sin(math.radians(60 * i - 30)))
            for i in range(6)
        ]

    def vertex(self, hexes: Iterable[str]) -> tuple[float, float]:
        pts = [self.centres[h] for h in hexes]
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))

    def edge_ends(self, edge: Edge, shorten: float = 0.0) -> tuple[tuple[float, float], tuple[float, float]]:
        (x1, y1), (x2, y2) = (self.centres[h] for h in edge.hexes)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy)
        half = SIZE / 2 * (1 - shorten)
        px, py = -dy / length * half, dx / length * half
        return (mx - px, my - py), (mx + px, my + py)

    def slot(self, hex_id: str, toward: str) -> tuple[float, float]:
        (x1, y1), (x2, y2) = self.centres[hex_id], self.centres[toward]
        return (x1 + (x2 - x1) * 0.33, y1 + (y2 - y1) * 0.33)

    def place(self, name: str) -> tuple[float, float] | None:
        """Where a record's place is: a slot (``c3>d4``), a corner (``c3/d3/d4``), a side (``c3/d3``)."""
        if ">" in name:
            a, b = name.split(">", 1)
            return self.slot(a, b) if a in self.centres and b in self.centres else None
        parts = name.split("/")
        if all(p in self.centres for p in parts) and len(parts) in (2, 3):
            return self.vertex(parts)
        return None


def _outline(colour: str) -> str:
    return " light" if colour in DARK else ""


def _text_colour(colour: str) -> str:
    return "#fff" if colour in DARK else "#111"


def render(
    board: Board,
    state: CatanState,
    events: Iterable[Event],
    t: Gettext,
    title: str,
    unlaid: frozenset[str] = frozenset(),
) -> str:
    """The map of `state` on `board`, with the round's moves and combats from `events`, in `t`'s language;
    the hexes of `unlaid` are a drafted board's still to come [K 1.6], grey and unnamed."""
    g = _Geometry(board)
    colours = {p: PALETTE[i % len(PALETTE)] for i, p in enumerate(state.seats)}
    xs = [x for hid in g.centres for x, _ in g.corners(hid)]
    ys = [y for hid in g.centres for _, y in g.corners(hid)]
    left, top = min(xs) - 6, min(ys) - 6
    width, height = max(xs) - left + 6, max(ys) - top + 6
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_fmt(left)} {_fmt(top)} {_fmt(width)} '
        f'{_fmt(height + LEGEND_HEIGHT)}" role="img" aria-labelledby="map-title map-desc" data-text-size="6">',
        f'<title id="map-title">{escape(title)}</title>',
        f'<desc id="map-desc">{escape(_description(board, state, t))}</desc>',
        f"<style>{STYLE}</style>",
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#222"/></marker></defs>',
    ]
    out += _hexes(g, board, state, t, unlaid)
    out += _harbours(g, board, t)
    out += _routes(g, state, colours)
    out += _buildings(g, state, colours)
    out += _markers(g, state, colours)
    out += _units(g, state, colours)
    out += _round(g, list(events), colours)
    out += _legend(state, colours, t, left, top + height)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _hexes(g: _Geometry, board: Board, state: CatanState, t: Gettext, unlaid: frozenset[str]) -> list[str]:
    out = ['<g id="hexes">']
    for hid, h in sorted(board.hexes.items()):
        pts = " ".join(_pt(p) for p in g.corners(hid))
        sea = " sea" if h.terrain is Terrain.SEA else ""
        if hid in unlaid:
            x, y = g.centre(hid)
            words = escape(t.gettext(N_("to be laid")))
            out.append(f'<polygon id="h-{hid}" class="hex" data-terrain="" fill="{UNLAID}" points="{pts}"/>')
            out.append(f'<text class="tname" x="{_fmt(x)}" y="{_fmt(y - SIZE * 0.55)}">{words}</text>')
            out.append(f'<text class="tname" x="{_fmt(x)}" y="{_fmt(y + SIZE * 0.72)}">{hid}</text>')
            continue
        out.append(
            f'<polygon id="h-{hid}" class="hex{sea}" data-terrain="{h.terrain.value}" '
            f'fill="{TERRAIN_COLOURS[h.terrain]}" points="{pts}"/>'
        )
        x, y = g.centre(hid)
        if h.terrain is not Terrain.SEA:
            out.append(
                f'<text class="tname" x="{_fmt(x)}" y="{_fmt(y - SIZE * 0.55)}">'
                f"{escape(t.gettext(TERRAIN_NAMES[h.terrain]))}</text>"
            )
        token = state.tokens.get(hid)
        if token is not None:
            hot = " hot" if token in (6, 8) else ""
            out.append(f'<circle class="token" cx="{_fmt(x)}" cy="{_fmt(y)}" r="9"/>')
            out.append(f'<text class="tnum{hot}" x="{_fmt(x)}" y="{_fmt(y + 2.5)}">{token}</text>')
            n = PIPS[token]
            for i in range(n):
                px = x + (i - (n - 1) / 2) * 2.2
                out.append(f'<circle class="pip" cx="{_fmt(px)}" cy="{_fmt(y + 6)}" r=".7"/>')
        out.append(f'<text class="tname" x="{_fmt(x)}" y="{_fmt(y + SIZE * 0.72)}">{hid}</text>')
    out.append("</g>")
    return out


def _harbours(g: _Geometry, board: Board, t: Gettext) -> list[str]:
    out = ['<g id="harbours">']
    for h in board.harbours:
        sea = next(x for x in h.edge.hexes if not board.is_land(x))
        land = next(x for x in h.edge.hexes if board.is_land(x))
        (sx, sy), (lx, ly) = g.centre(sea), g.centre(land)
        x, y = sx + (lx - sx) * 0.3, sy + (ly - sy) * 0.3
        rate = "3:1" if h.resource is None else "2:1"
        what = "" if h.resource is None else t.gettext(RESOURCE_NAMES[h.resource])
        out.append(f'<g id="p-{h.edge}" class="harbour-mark" data-trade="{h.resource.value if h.resource else "any"}">')
        out.append(f'<rect class="harbour" x="{_fmt(x - 13)}" y="{_fmt(y - 7)}" width="26" height="14" rx="3"/>')
        out.append(f'<text class="htext" x="{_fmt(x)}" y="{_fmt(y - 0.5)}">{rate}</text>')
        if what:
            out.append(f'<text class="htext" x="{_fmt(x)}" y="{_fmt(y + 5)}">{escape(what)}</text>')
        out.append("</g>")
    out.append("</g>")
    return out


def _side(g: _Geometry, edge: Edge, prefix: str, cls: str, owner: str, colour: str, dash: str) -> list[str]:
    """A road or a ship's route along a side, in its owner's colour over a casing (the group left open)."""
    a, b = g.edge_ends(edge, 0.2)
    line = f'x1="{_fmt(a[0])}" y1="{_fmt(a[1])}" x2="{_fmt(b[0])}" y2="{_fmt(b[1])}"'
    casing = "#f4f4f4" if colour in DARK else "#222"
    return [
        f'<g id="{prefix}-{edge}" class="{cls}" data-owner="{escape(owner)}">',
        f'<line class="casing" stroke="{casing}"{dash} {line}/>',
        f'<line class="road" stroke="{colour}"{dash} {line}/>',
    ]


def _routes(g: _Geometry, state: CatanState, colours: Mapping[str, str]) -> list[str]:
    out = ['<g id="routes">']
    for edge, owner in sorted(state.roads.items()):
        out += _side(g, edge, "r", "road-piece", owner, colours[owner], "")
        out.append("</g>")
    for edge, ship in sorted(state.ships.items()):
        colour = colours[ship.owner]
        out += _side(g, edge, "s", "ship-piece", ship.owner, colour, ' stroke-dasharray="5 3"')
        a, b = g.edge_ends(edge, 0.2)
        x, y = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        hull = [(x - 6, y - 1), (x + 6, y - 1), (x + 3.5, y + 3.5), (x - 3.5, y + 3.5)]
        sail = [(x - 0.5, y - 2), (x - 0.5, y - 9), (x + 5, y - 2)]
        for shape in (hull, sail):
            out.append(
                f'<polygon class="ship{_outline(colour)}" fill="{colour}" points="{" ".join(_pt(p) for p in shape)}"/>'
            )
        out.append("</g>")
    out.append("</g>")
    return out


def _buildings(g: _Geometry, state: CatanState, colours: Mapping[str, str]) -> list[str]:
    out = ['<g id="buildings">']
    for v, b in sorted(state.buildings.items()):
        x, y = g.vertex(v.hexes)
        colour = colours[b.owner]
        cls = f"piece{_outline(colour)}"
        kind = "city" if b.is_city else "settlement"
        attrs = f'id="b-{v}" class="building {kind}" data-owner="{escape(b.owner)}"'
        if b.is_city:
            attrs += f' data-status="{b.status}"'
        out.append(f"<g {attrs}>")
        if b.walls:
            out.append(f'<rect class="walls" x="{_fmt(x - 10)}" y="{_fmt(y - 10)}" width="20" height="20" rx="2"/>')
        if b.is_city:
            pts = [(x - 7, y + 6), (x + 7, y + 6), (x + 7, y - 3), (x + 2, y - 3), (x + 2, y - 8), (x - 7, y - 8)]
            out.append(f'<polygon class="{cls}" fill="{colour}" points="{" ".join(_pt(p) for p in pts)}"/>')
            out.append(
                f'<text class="status" fill="{_text_colour(colour)}" x="{_fmt(x - 2.5)}" y="{_fmt(y + 4)}">'
                f"{b.status}</text>"
            )
        else:
            pts = [(x - 5, y + 5), (x + 5, y + 5), (x + 5, y - 1), (x, y - 6), (x - 5, y - 1)]
            out.append(f'<polygon class="{cls}" fill="{colour}" points="{" ".join(_pt(p) for p in pts)}"/>')
        if b.sabotaged:
            out.append(
                f'<path class="sabotage" d="M{_pt((x - 8, y - 8))} L{_pt((x + 8, y + 8))} '
                f'M{_pt((x + 8, y - 8))} L{_pt((x - 8, y + 8))}"/>'
            )
        out.append("</g>")
    out.append("</g>")
    return out


def _disc(x: float, y: float, kind: UnitKind, colour: str, active: bool, attrs: str) -> list[str]:
    inactive = "" if active else " inactive"
    return [
        f"<g {attrs}>",
        f'<circle class="unit piece{_outline(colour)}{inactive}" fill="{colour}" cx="{_fmt(x)}" cy="{_fmt(y)}" '
        'r="5.5"/>',
        f'<text class="letter" fill="{_text_colour(colour) if active else "#111"}" x="{_fmt(x)}" '
        f'y="{_fmt(y + 2.5)}">{LETTERS[kind]}</text></g>',
    ]


def _markers(g: _Geometry, state: CatanState, colours: Mapping[str, str]) -> list[str]:
    out = ['<g id="markers">']
    for c in state.corruption:
        (hx, hy), (vx, vy) = g.centre(c.hex), g.vertex(c.city.hexes)
        x, y = hx + (vx - hx) * 0.55, hy + (vy - hy) * 0.55
        colour = colours[c.owner]
        pts = [(x, y - 6), (x + 6, y), (x, y + 6), (x - 6, y)]
        out.append(f'<g id="m-{c.hex}-{c.city}" class="corruption" data-owner="{escape(c.owner)}">')
        out.append(
            f'<polygon class="marker{_outline(colour)}" fill="{colour}" points="{" ".join(_pt(p) for p in pts)}"/>'
        )
        out.append(f'<text class="letter" fill="{_text_colour(colour)}" x="{_fmt(x)}" y="{_fmt(y + 2.5)}">C</text></g>')
    out.append("</g>")
    return out


def _units(g: _Geometry, state: CatanState, colours: Mapping[str, str]) -> list[str]:
    out = ['<g id="units">']
    for slot, u in sorted(state.units.items()):
        x, y = g.slot(slot.hex, slot.toward)
        active = "true" if u.active else "false"
        attrs = f'id="u-{slot}" class="unit-piece {u.kind.value}" data-owner="{escape(u.owner)}" data-active="{active}"'
        out += _disc(x, y, u.kind, colours[u.owner], u.active, attrs)
    for v, u in sorted(state.explorers.items()):
        x, y = g.vertex(v.hexes)
        attrs = f'id="x-{v}" class="unit-piece explorer" data-owner="{escape(u.owner)}" data-active="true"'
        out += _disc(x + 8, y - 8, u.kind, colours[u.owner], True, attrs)
    for guard in state.guards:
        vx, vy = g.vertex(guard.city.hexes)
        if guard.hex is None:
            x, y = vx - 9, vy - 9
        else:
            hx, hy = g.centre(guard.hex)
            x, y = hx + (vx - hx) * 0.3, hy + (vy - hy) * 0.3
        active = "true" if guard.active else "false"
        gid = f"g-{guard.city}-{guard.hex or 'city'}"
        attrs = f'id="{gid}" class="unit-piece guard" data-owner="{escape(guard.owner)}" data-active="{active}"'
        out += _disc(x, y, UnitKind.GUARD, colours[guard.owner], guard.active, attrs)
    out.append("</g>")
    return out


def _round(g: _Geometry, events: list[Event], colours: Mapping[str, str]) -> list[str]:
    out = ['<g id="round">']
    n = 0
    for e in events:
        if isinstance(e, Moved):
            pts = [p for p in (g.place(s) for s in e.path) if p is not None]
            if len(pts) < 2:
                continue
            n += 1
            d = "M" + " L".join(_pt(p) for p in pts)
            kind = e.unit.value if e.unit is not None else "ship"
            out.append(f'<g id="mv-{n}" class="move-mark {kind}" data-owner="{escape(e.player)}">')
            out.append(f'<path class="movecasing" d="{d}"/>')
            out.append(f'<path class="move" stroke="{colours[e.player]}" d="{d}" marker-end="url(#arrow)"/></g>')
        elif isinstance(e, Combat):
            target = g.place(e.target_at)
            if target is None:
                continue
            n += 1
            result = {Side.ATTACKER: "won", Side.DEFENDER: "lost", Side.TIE: "tie"}[e.winner]
            out.append(
                f'<g id="cb-{n}" class="combat-mark {result}" data-attacker="{escape(e.attacker)}" '
                f'data-defender="{escape(e.defender)}">'
            )
            start = g.place(e.at) if e.at else None
            if start is not None:
                out.append(
                    f'<line class="combatline" x1="{_fmt(start[0])}" y1="{_fmt(start[1])}" x2="{_fmt(target[0])}" '
                    f'y2="{_fmt(target[1])}"/>'
                )
            x, y = target
            burst = [
                (
                    x + (9 if i % 2 == 0 else 4) * math.cos(math.radians(i * 30)),
                    y + (9 if i % 2 == 0 else 4) * math.sin(math.radians(i * 30)),
                )
                for i in range(12)
            ]
            out.append(f'<polygon class="combat" fill-opacity=".6" points="{" ".join(_pt(p) for p in burst)}"/></g>')
    out.append("</g>")
    return out


def _legend(state: CatanState, colours: Mapping[str, str], t: Gettext, left: float, top: float) -> list[str]:
    out = [f'<g id="legend" class="legend" transform="translate({_fmt(left + 8)},{_fmt(top + 12)})">']
    out.append(f'<text class="lhead" x="0" y="0">{escape(t.gettext(HEADINGS["players"]))}</text>')
    for i, p in enumerate(state.seats):
        y = 12 + i * 12
        points = said(N_("{player}: {points} points"), player=seat_name(p), points=state.points(p)).words(t)
        out.append(
            f'<rect class="piece{_outline(colours[p])}" fill="{colours[p]}" x="0" y="{y - 7}" width="9" height="9"/>'
        )
        out.append(f'<text x="13" y="{y}">{escape(points)}</text>')
    out.append(f'<text class="lhead" x="110" y="0">{escape(t.gettext(HEADINGS["units"]))}</text>')
    for i, kind in enumerate(UnitKind):
        x, y = 110 + (i // 5) * 90, 12 + (i % 5) * 12
        out.append(f'<text class="letter" x="{x + 3}" y="{y}">{LETTERS[kind]}</text>')
        out.append(f'<text x="{x + 10}" y="{y}">{escape(t.gettext(UNIT_NAMES[kind]))}</text>')
    marks = [
        N_("house: settlement; tower: city and its status"),
        N_("square: walls; cross: sabotaged city"),
        N_("hollow dashed disc: inactive unit"),
        N_("diamond C: corruption marker"),
        N_("arrow: a move of the round; star: a combat"),
    ]
    out.append(f'<text class="lhead" x="300" y="0">{escape(t.gettext(HEADINGS["marks"]))}</text>')
    for i, mark in enumerate(marks):
        out.append(f'<text x="300" y="{12 + i * 12}">{escape(t.gettext(mark))}</text>')
    y0 = 12 + 6 * 12 + 8
    out.append(f'<text class="lhead" x="0" y="{y0}">{escape(t.gettext(HEADINGS["terrains"]))}</text>')
    for i, terrain in enumerate(Terrain):
        x, y = (i % 4) * 110, y0 + 12 + (i // 4) * 12
        out.append(f'<rect class="hex" fill="{TERRAIN_COLOURS[terrain]}" x="{x}" y="{y - 7}" width="9" height="9"/>')
        out.append(f'<text x="{x + 13}" y="{y}">{escape(t.gettext(TERRAIN_NAMES[terrain]))}</text>')
    out.append("</g>")
    return out


def _description(board: Board, state: CatanState, t: Gettext) -> str:
    """The state in words, for a reader who cannot see the drawing."""
    parts = []
    for p in state.seats:
        buildings = [
            said(N_("city {at} (status {status})") if b.is_city else N_("settlement {at}"), at=v, status=b.status)
            for v, b in sorted(state.buildings.items())
            if b.owner == p
        ]
        units = [
            said(N_("{unit} on {at}"), unit=said(A_UNIT[u.kind]), at=s)
            for s, u in sorted(state.units.items())
            if u.owner == p
        ]
        units += [
            said(N_("{unit} on {at}"), unit=said(A_UNIT[u.kind]), at=v)
            for v, u in sorted(state.explorers.items())
            if u.owner == p
        ]
        roads = sum(1 for o in state.roads.values() if o == p)
        ships = sum(1 for s in state.ships.values() if s.owner == p)
        parts.append(
            said(
                N_("{player}: {buildings}; {roads} roads, {ships} ships; units: {units}"),
                player=seat_name(p),
                buildings=t.join([b.words(t) for b in buildings]) or "-",
                roads=roads,
                ships=ships,
                units=t.join([u.words(t) for u in units]) or "-",
            ).words(t)
        )
    return ". ".join(parts)
