"""The hex board [K 1] [K 2]: hexes with their terrain and number token, harbours, and the places pieces
stand on, all named by the hexes that meet there.

- a hex has an id (``c3``) and axial coordinates; its six neighbours are found from them;
- an **edge** is the side two hexes share, written ``c3/d4`` (roads, ships, harbours) [K 2.2];
- a **vertex** is the corner three hexes share, written ``c3/d3/d4`` (settlements, cities, explorers)
  [K 2.2];
- a **slot** is the inside face of one side of a hex, written ``c3>d4`` (in hex c3, against its side
  toward d4): where a unit stands [K 2.3]. Its three neighbours are the two sides of the same hex that
  meet it at a corner and the same side seen from the other hex [K 2.4].

Only places among hexes on the board exist: a land hex has a hex (sea at least) on each of its six
sides, so every place a building, road or land unit can take has a name (`layout.py` checks it).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations

from .resources import Resource

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six sides of a hex in turn round it: each is next to the one before and the one after."""


class Terrain(enum.Enum):
    HILLS = "hills"
    FOREST = "forest"
    PASTURE = "pasture"
    FIELDS = "fields"
    MOUNTAINS = "mountains"
    GOLD = "gold"  # Seafarers' gold field: a resource of the player's choice [K 4.4]
    DESERT = "desert"
    SEA = "sea"

    @property
    def is_land(self) -> bool:
        return self is not Terrain.SEA

    @property
    def produces(self) -> bool:
        return self not in (Terrain.DESERT, Terrain.SEA)

    def __str__(self) -> str:
        return self.value


YIELDS: Mapping[Terrain, Resource] = {
    Terrain.HILLS: Resource.BRICK,
    Terrain.FOREST: Resource.LUMBER,
    Terrain.PASTURE: Resource.WOOL,
    Terrain.FIELDS: Resource.GRAIN,
    Terrain.MOUNTAINS: Resource.ORE,
}


@dataclass(frozen=True)
class Hex:
    id: str
    q: int
    r: int
    terrain: Terrain
    token: int | None = None  # the number token printed on the board at the start (the state keeps the current one)


@dataclass(frozen=True, order=True)
class Edge:
    hexes: tuple[str, str]  # sorted

    @classmethod
    def between(cls, a: str, b: str) -> Edge:
        x, y = sorted((a, b))
        return cls((x, y))

    def __str__(self) -> str:
        return "/".join(self.hexes)


@dataclass(frozen=True, order=True)
class Vertex:
    hexes: tuple[str, str, str]  # sorted

    @classmethod
    def among(cls, a: str, b: str, c: str) -> Vertex:
        x, y, z = sorted((a, b, c))
        return cls((x, y, z))

    def __str__(self) -> str:
        return "/".join(self.hexes)


@dataclass(frozen=True, order=True)
class Slot:
    hex: str
    toward: str

    @property
    def edge(self) -> Edge:
        return Edge.between(self.hex, self.toward)

    def __str__(self) -> str:
        return f"{self.hex}>{self.toward}"


@dataclass(frozen=True)
class Harbour:
    edge: Edge
    resource: Resource | None  # None: 3 of any one resource for 1; else 2 of this one for 1 [K 5.3]


@dataclass(frozen=True)
class Board:
    name: str
    hexes: Mapping[str, Hex]
    harbours: tuple[Harbour, ...] = ()
    title: Mapping[str, str] = field(default_factory=dict)
    players: tuple[int, int] = (3, 4)
    start: tuple[str, ...] = ()  # a hex of each island the placement's settlements stand on; empty: anywhere
    # derived once, from the hexes
    _neighbours: dict[str, tuple[str | None, ...]] = field(init=False, repr=False, compare=False)
    _edge_vertices: dict[Edge, tuple[Vertex, ...]] = field(init=False, repr=False, compare=False)
    _vertex_edges: dict[Vertex, tuple[Edge, ...]] = field(init=False, repr=False, compare=False)
    _hex_vertices: dict[str, tuple[Vertex, ...]] = field(init=False, repr=False, compare=False)
    _island_of: dict[str, str] = field(init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        at = {(h.q, h.r): h.id for h in self.hexes.values()}
        neighbours = {h.id: tuple(at.get((h.q + dq, h.r + dr)) for dq, dr in DIRECTIONS) for h in self.hexes.values()}
        edge_vertices: dict[Edge, list[Vertex]] = {}
        vertex_edges: dict[Vertex, tuple[Edge, ...]] = {}
        for hid, around in neighbours.items():
            for side, other in enumerate(around):
                if other is None:
                    continue
                edge_vertices.setdefault(Edge.between(hid, other), [])
                third = around[(side + 1) % 6]
                if third is not None:
                    v = Vertex.among(hid, other, third)
                    vertex_edges[v] = tuple(sorted(Edge.between(a, b) for a, b in combinations(v.hexes, 2)))
        for v, edges in vertex_edges.items():
            for e in edges:
                edge_vertices[e].append(v)
        object.__setattr__(self, "_neighbours", neighbours)
        object.__setattr__(self, "_edge_vertices", {e: tuple(sorted(vs)) for e, vs in edge_vertices.items()})
        object.__setattr__(self, "_vertex_edges", vertex_edges)
        hex_vertices: dict[str, list[Vertex]] = {h: [] for h in self.hexes}
        for v in sorted(vertex_edges):
            for h in v.hexes:
                hex_vertices[h].append(v)
        object.__setattr__(self, "_hex_vertices", {h: tuple(vs) for h, vs in hex_vertices.items()})

    def with_hexes(self, hexes: Mapping[str, Hex]) -> Board:
        """The same board with these hexes (a drawn or drafted board laid)."""
        return Board(self.name, hexes, self.harbours, self.title, self.players, self.start)

    def with_harbours(self, harbours: tuple[Harbour, ...]) -> Board:
        """The same board with these harbours (a board whose harbours are drawn, laid)."""
        return Board(self.name, self.hexes, harbours, self.title, self.players, self.start)

    # ---- islands ---------------------------------------------------------------------------------

    def island(self, hex_id: str) -> str:
        """The island a land hex is part of, named by its first hex by id: the land hexes one can walk
        between across sides (Seafarers' islands) [K 1.7]."""
        return self._islands()[hex_id]

    def vertex_island(self, vertex: Vertex) -> str | None:
        """The island a corner of land is on (the land hexes that meet at a corner touch each other)."""
        land = [h for h in vertex.hexes if self.is_land(h)]
        return self.island(land[0]) if land else None

    def start_islands(self) -> frozenset[str]:
        """The islands the placement's settlements stand on (empty: any)."""
        return frozenset(self.island(h) for h in self.start if h in self.hexes and self.is_land(h))

    def _islands(self) -> dict[str, str]:
        if self._island_of:
            return self._island_of
        island_of = self._island_of
        for first in sorted(h for h in self.hexes if self.is_land(h)):
            if first in island_of:
                continue
            todo, seen = [first], {first}
            while todo:
                for n in self.neighbours(todo.pop()):
                    if n not in seen and self.is_land(n):
                        seen.add(n)
                        todo.append(n)
            island_of.update((h, first) for h in seen)
        return island_of

    # ---- hexes -----------------------------------------------------------------------------------

    def tokens(self) -> dict[str, int]:
        """The number tokens as the board lays them, by hex (a game's state starts from them; reformers move
        them [K 14.5])."""
        return {h.id: h.token for h in self.hexes.values() if h.token is not None}

    def is_land(self, hex_id: str) -> bool:
        return self.hexes[hex_id].terrain.is_land

    def neighbours(self, hex_id: str) -> list[str]:
        return [n for n in self._neighbours[hex_id] if n is not None]

    def adjacent(self, a: str, b: str) -> bool:
        return a in self._neighbours and b in self._neighbours[a]

    def common_neighbours(self, a: str, b: str) -> list[str]:
        return sorted(set(self.neighbours(a)) & set(self.neighbours(b)))

    # ---- edges and vertices ----------------------------------------------------------------------

    @property
    def edges(self) -> list[Edge]:
        return sorted(self._edge_vertices)

    @property
    def vertices(self) -> list[Vertex]:
        return sorted(self._vertex_edges)

    def edge_vertices(self, edge: Edge) -> tuple[Vertex, ...]:
        """The edge's ends that are corners of three hexes of the board (two, inside the board)."""
        return self._edge_vertices[edge]

    def hex_vertices(self, hex_id: str) -> tuple[Vertex, ...]:
        """The corners of a hex (six, inside the board)."""
        return self._hex_vertices[hex_id]

    def vertex_edges(self, vertex: Vertex) -> tuple[Edge, ...]:
        return self._vertex_edges[vertex]

    def vertex_neighbours(self, vertex: Vertex) -> list[Vertex]:
        """The vertices one edge away."""
        return sorted({w for e in self._vertex_edges[vertex] for w in self._edge_vertices[e] if w != vertex})

    def touching_edges(self, edge: Edge) -> list[Edge]:
        """The edges that share a vertex with `edge` (four, inside the board)."""
        return sorted({f for v in self._edge_vertices[edge] for f in self._vertex_edges[v] if f != edge})

    def edge_is_land(self, edge: Edge) -> bool:
        """A road may go here: land on at least one side [K 6.4]."""
        return any(self.is_land(h) for h in edge.hexes)

    def edge_is_sea(self, edge: Edge) -> bool:
        """A ship may go here: sea on at least one side [K 6.5]."""
        return any(not self.is_land(h) for h in edge.hexes)

    def vertex_is_land(self, vertex: Vertex) -> bool:
        """A settlement may stand here: a corner of at least one land hex [K 6.2]."""
        return any(self.is_land(h) for h in vertex.hexes)

    def vertex_is_coastal(self, vertex: Vertex) -> bool:
        return self.vertex_is_land(vertex) and any(not self.is_land(h) for h in vertex.hexes)

    # ---- slots -----------------------------------------------------------------------------------

    def slot_exists(self, slot: Slot) -> bool:
        return self.adjacent(slot.hex, slot.toward)

    def slot_neighbours(self, slot: Slot) -> list[Slot]:
        """Left, right and across [K 2.4]: the two sides of the same hex that meet this one at a corner,
        and the same side from the hex on the other side."""
        sides = [Slot(slot.hex, c) for c in self.common_neighbours(slot.hex, slot.toward)]
        return sorted([*sides, Slot(slot.toward, slot.hex)])

    def vertex_slots(self, vertex: Vertex) -> list[Slot]:
        """The six slots round a vertex, A to F [K 2.5]: both faces of its three edges."""
        return sorted(Slot(a, b) for a in vertex.hexes for b in vertex.hexes if a != b)

    def hex_slots(self, hex_id: str) -> list[Slot]:
        return sorted(Slot(hex_id, n) for n in self.neighbours(hex_id))

    def slots_by_edge(self, edge: Edge) -> list[Slot]:
        """The slots next to a ship on `edge` [K 15.3]: the two faces of the edge and of the four edges
        touching it."""
        return sorted(Slot(a, b) for e in (edge, *self.touching_edges(edge)) for a, b in (e.hexes, e.hexes[::-1]))

    # ---- reading places --------------------------------------------------------------------------

    def hex_named(self, text: object) -> str | None:
        return text if isinstance(text, str) and text in self.hexes else None

    def edge_named(self, text: object) -> Edge | None:
        """``c3/d4``, the two hexes in either order."""
        parts = _parts(text, "/", 2)
        if parts is None or not self.adjacent(*parts):
            return None
        return Edge.between(*parts)

    def vertex_named(self, text: object) -> Vertex | None:
        """``c3/d3/d4``, the three hexes in any order."""
        parts = _parts(text, "/", 3)
        if parts is None:
            return None
        v = Vertex.among(*parts)
        return v if v in self._vertex_edges else None

    def slot_named(self, text: object) -> Slot | None:
        """``c3>d4``: in hex c3, against its side toward d4."""
        parts = _parts(text, ">", 2)
        if parts is None:
            return None
        slot = Slot(*parts)
        return slot if self.slot_exists(slot) else None

    def harbour_rates(self, vertices: Iterable[Vertex]) -> tuple[bool, frozenset[Resource]]:
        """What harbours buildings on `vertices` open: a 3:1 harbour, and the 2:1 harbours' resources."""
        at = set(vertices)
        generic, special = False, set()
        for harbour in self.harbours:
            if at & set(self.edge_vertices(harbour.edge)):
                if harbour.resource is None:
                    generic = True
                else:
                    special.add(harbour.resource)
        return generic, frozenset(special)


# ---- a table's cells: where an open board's hexes are laid [K 1.6] ---------------------------------------

CELL = re.compile(r"^([a-z])([1-9][0-9]?)$")


def cell_id(q: int, r: int) -> str:
    """The cell of a table at axial (q, r): its row's letter (a, b, ... from r 0) and its column's number
    (from 1), odd rows half a hex to the right of even ones (``k12``)."""
    return f"{chr(ord('a') + r)}{q + (r - (r & 1)) // 2 + 1}"


def cell_place(hex_id: str) -> tuple[int, int] | None:
    """The axial coordinates of a table's cell by its id (None: not a cell's id)."""
    m = CELL.match(hex_id)
    if m is None:
        return None
    row, column = ord(m[1]) - ord("a"), int(m[2])
    return column - 1 - (row - (row & 1)) // 2, row


def cell_neighbours(hex_id: str) -> list[str]:
    """The cells round a cell, by id (those with a row a to z and a column from 1)."""
    place = cell_place(hex_id)
    if place is None:
        return []
    q, r = place
    out = []
    for dq, dr in DIRECTIONS:
        if 0 <= r + dr < 26 and (cid := cell_id(q + dq, r + dr)) and CELL.match(cid):
            out.append(cid)
    return out


def _parts(text: object, sep: str, n: int) -> list[str] | None:
    if not isinstance(text, str):
        return None
    parts = [p.strip() for p in text.split(sep)]
    return parts if len(parts) == n and len(set(parts)) == n and all(parts) else None
