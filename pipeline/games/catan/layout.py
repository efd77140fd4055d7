"""The board data format [K 1.5] and the board drawn by lot [K 1.6].

A board file (``pipeline/games/catan/boards/<name>.yaml``) is read by the storage layer and handed here
as plain data; everything wrong with it is reported at once, each problem at its key:

```yaml
board: base-4
title: {en: The base island, fr: L'île de base}
players: [3, 4]
hexes:
  a1: {at: [0, -3], terrain: sea}
  b2: {at: [-1, -2], terrain: hills, token: 5}
  c3: {at: [-1, -1], terrain: drawn}          # its terrain (and token) from the pool
harbours:
  - {edge: a1/b2, trade: any}                  # 3:1
  - {edge: a2/b3, trade: ore}                  # 2:1 in ore
pool:                                          # what the drawn hexes take, in a shuffled order
  terrains: {hills: 3, forest: 4, desert: 1}
  tokens: [2, 3, 3, 4]
```

A hex's `token` may also be `drawn` with a fixed terrain. Drawing shuffles the pool with the dice (one
roll a card, by purpose), so that the same seed lays the same board. The pool may hold harbours too
(`harbours: {any: 5, wool: 2, ore: 1}`), laid on the coast once the hexes and tokens are [K 1.8].

A board may have no hexes at all but a table the players lay the pool's hexes on, where they like, without
a frame [K 1.6]:

```yaml
table: {rows: 20, columns: 30}   # the cells b2 ... u31 (rows b, c ...; columns 2, 3 ...); a ring round them
pool: {terrains: {...}, tokens: [...], harbours: {...}}
start: [d4]                       # optional: the placement's settlements stand on these hexes' islands
```
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

from pipeline.errors import DataError, Problem
from pipeline.shared.dice import Dice

from .board import DIRECTIONS, Board, Edge, Harbour, Hex, Terrain, cell_id, cell_neighbours, cell_place
from .resources import Resource, resource_named

DRAWN = "drawn"
TOKENS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
_ID = re.compile(r"^[a-z][a-z0-9_-]*$")
T = TypeVar("T")


@dataclass(frozen=True)
class Layout:
    """A board as its file gives it: hexes whose terrain or token may still be drawn."""

    board: Board  # the drawn hexes as desert without a token, until `draw_board`
    drawn_terrain: tuple[str, ...] = ()
    drawn_token: tuple[str, ...] = ()
    terrains: tuple[Terrain, ...] = ()  # the pool, in the file's order
    tokens: tuple[int, ...] = ()
    harbours: tuple[Resource | None, ...] = ()  # the pool's harbours (None: 3:1), laid on the coast [K 1.8]
    table: tuple[int, int] | None = None  # an open board: the rows and columns of its table [K 1.6]

    @property
    def fixed(self) -> bool:
        return not self.drawn_terrain and not self.drawn_token and not self.harbours and self.table is None

    @property
    def drafts(self) -> bool:
        """Its hexes may be laid by the players: it draws hexes into a frame, or has none [K 1.6]."""
        return bool(self.drawn_terrain) or self.table is not None

    @property
    def to_lay(self) -> int:
        """How many hexes the players lay."""
        return len(self.terrains) if self.table is not None else len(self.drawn_terrain)

    def cells(self) -> frozenset[str]:
        """An open board's table: the cells a hex may be laid on (its ring apart)."""
        if self.table is None:
            return frozenset()
        rows, columns = self.table
        return frozenset(
            cell_id(column - 1 - (row - (row & 1)) // 2, row)
            for row in range(1, rows + 1)
            for column in range(2, columns + 2)
        )

    def centre(self) -> str:
        """The cell an open board's first hex goes on."""
        assert self.table is not None
        rows, columns = self.table
        row, column = (rows + 1) // 2, (columns + 3) // 2
        return cell_id(column - 1 - (row - (row & 1)) // 2, row)


def layout_from_data(data: object) -> Layout:
    """A board file's content, checked; `DataError` with every problem otherwise."""
    problems: list[Problem] = []
    if not isinstance(data, Mapping):
        raise DataError([Problem("", "a board file is a mapping with board, hexes and harbours")])
    name = data.get("board")
    if not isinstance(name, str) or not name:
        problems.append(Problem("board", "the board's name is missing"))
        name = "?"
    title = _title(data.get("title"), problems)
    players = _players(data.get("players", [3, 4]), problems)
    table = _table(data.get("table"), problems)
    if table is None:
        hexes, drawn_terrain, drawn_token = _hexes(data.get("hexes"), problems)
    else:
        hexes, drawn_terrain, drawn_token = {}, [], []
        if data.get("hexes"):
            problems.append(Problem("hexes", "a board laid on a table has no hexes of its own: its pool is laid"))
    start = _start(data.get("start", []), table is not None, hexes, problems)
    board = Board(name, hexes, (), title, players, start)
    harbours = _harbours(data.get("harbours", []), board, problems)
    board = Board(name, hexes, harbours, title, players, start)
    _check_edges(board, problems)
    terrains, tokens, pooled = _pool(data.get("pool"), problems)
    _check_pool(board, drawn_terrain, drawn_token, terrains, tokens, problems, table is not None)
    for key in sorted(set(data) - KEYS):
        problems.append(Problem(str(key), f"not a key of a board file ({', '.join(sorted(KEYS))})"))
    if problems:
        raise DataError(problems)
    return Layout(board, tuple(drawn_terrain), tuple(drawn_token), tuple(terrains), tuple(tokens), tuple(pooled), table)


KEYS = frozenset({"board", "title", "players", "hexes", "harbours", "pool", "table", "start"})


def board_from_data(data: object) -> Board:
    """A board file's content whose every hex and token is fixed."""
    layout = layout_from_data(data)
    if not layout.fixed:
        raise DataError([Problem("hexes", "this board draws hexes or tokens: lay it with draw_board and the dice")])
    return layout.board


def draw_board(layout: Layout, dice: Dice) -> Board:
    """The layout with its drawn hexes and tokens laid [K 1.6]: the pool's terrains shuffled onto the drawn
    hexes (by id), then the tokens onto every producing hex that draws one, each shuffle a Fisher-Yates
    of dice rolls named ``board terrain <i>`` and ``board token <i>``; then its harbours [K 1.8]."""
    if layout.table is not None:
        raise DataError([Problem("options.hex_placement", "a board without a frame is laid by its players: draft")])
    terrains = _shuffled(list(layout.terrains), dice, "board terrain")
    return lay_tokens(layout, dict(zip(layout.drawn_terrain, terrains, strict=True)), dice)


def with_terrains(layout: Layout, terrains: Mapping[str, Terrain]) -> dict[str, Hex]:
    """The layout's hexes with these terrains on (some of) its drawn hexes (an open board's cells), no token
    on them yet."""
    hexes = dict(layout.board.hexes)
    for hid, terrain in terrains.items():
        q, r = (hexes[hid].q, hexes[hid].r) if hid in hexes else cell_place(hid) or (0, 0)
        hexes[hid] = Hex(hid, q, r, terrain)
    return hexes


def lay_tokens(layout: Layout, terrains: Mapping[str, Terrain], dice: Dice) -> Board:
    """The layout with these terrains on its drawn hexes (an open board: on the cells they were laid on,
    closed by a ring of sea), then the pool's tokens shuffled onto every producing hex that draws one (by
    id), by dice rolls named ``board token <i>`` [K 1.6], then the pool's harbours [K 1.8]."""
    hexes = with_terrains(layout, terrains)
    drawn = set(terrains) if layout.table is not None else {*layout.drawn_token, *layout.drawn_terrain}
    wanting = sorted(h for h in drawn if hexes[h].terrain.produces)
    tokens = _shuffled(list(layout.tokens), dice, "board token")
    for hid, token in zip(wanting, tokens, strict=True):
        old = hexes[hid]
        hexes[hid] = Hex(hid, old.q, old.r, old.terrain, token)
    if layout.table is not None:
        hexes |= open_sea(hexes)
    board = layout.board.with_hexes(hexes)
    return lay_harbours(board, layout.harbours, dice) if layout.harbours else board


def open_sea(hexes: Mapping[str, Hex]) -> dict[str, Hex]:
    """The sea round an open board [K 1.6]: each empty cell beside one of its land hexes, so that every
    corner and side of its land is named (the table's edge is the sea's)."""
    out: dict[str, Hex] = {}
    for hid, h in sorted(hexes.items()):
        if h.terrain is Terrain.SEA:
            continue
        for cell in cell_neighbours(hid):
            if cell not in hexes and cell not in out:
                place = cell_place(cell)
                assert place is not None
                out[cell] = Hex(cell, place[0], place[1], Terrain.SEA)
    return out


def coast(board: Board) -> list[Edge]:
    """The sides between a sea and a land hex whose two ends are corners of the board: where a harbour may
    lie [K 1.8]."""
    return [e for e in board.edges if sum(board.is_land(h) for h in e.hexes) == 1 and len(board.edge_vertices(e)) == 2]


def lay_harbours(board: Board, pool: tuple[Resource | None, ...], dice: Dice) -> Board:
    """The pool's harbours laid at random on the coast, one after the other in the pool's order, each on a
    side drawn by one die among the coast's sides that share no corner with a harbour already laid (die
    ``board harbour <n>``); a harbour that finds no such side is not laid [K 1.8]."""
    laid: list[Harbour] = []
    taken: set[object] = set()
    for n, resource in enumerate(pool, start=1):
        free = [e for e in coast(board) if not taken & set(board.edge_vertices(e))]
        if not free:
            break
        edge = free[dice.roll(f"board harbour {n}", len(free)) - 1] if len(free) > 1 else free[0]
        laid.append(Harbour(edge, resource))
        taken |= set(board.edge_vertices(edge))
    return board.with_harbours(tuple(laid))


def board_to_data(board: Board) -> dict[str, object]:
    """A board as a board file holds it, every hex fixed (a drawn board kept with its game)."""
    hexes: dict[str, object] = {}
    for hid, h in sorted(board.hexes.items()):
        entry: dict[str, object] = {"at": [h.q, h.r], "terrain": h.terrain.value}
        if h.token is not None:
            entry["token"] = h.token
        hexes[hid] = entry
    return {
        "board": board.name,
        "title": dict(board.title),
        "players": list(board.players),
        "hexes": hexes,
        "harbours": [{"edge": str(h.edge), "trade": h.resource.value if h.resource else "any"} for h in board.harbours],
    }


def _shuffled(items: list[T], dice: Dice, purpose: str) -> list[T]:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = dice.roll(f"{purpose} {i}", i + 1) - 1
        out[i], out[j] = out[j], out[i]
    return out


# ---- the parts of a board file ---------------------------------------------------------------------


def _title(data: object, problems: list[Problem]) -> dict[str, str]:
    if data is None:
        return {}
    if isinstance(data, str):
        return {"en": data}
    if isinstance(data, Mapping) and all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        return dict(data)
    problems.append(Problem("title", "expected a title, or one per language ({en: ..., fr: ...})"))
    return {}


def _players(data: object, problems: list[Problem]) -> tuple[int, int]:
    if (
        isinstance(data, list)
        and len(data) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in data)
        and 2 <= data[0] <= data[1] <= 8
    ):
        return data[0], data[1]
    problems.append(Problem("players", "expected the fewest and most players, such as [3, 4]"))
    return 3, 4


def _hexes(data: object, problems: list[Problem]) -> tuple[dict[str, Hex], list[str], list[str]]:
    hexes: dict[str, Hex] = {}
    drawn_terrain: list[str] = []
    drawn_token: list[str] = []
    if not isinstance(data, Mapping) or not data:
        problems.append(Problem("hexes", "expected the hexes by id, each with its place (at) and terrain"))
        return hexes, drawn_terrain, drawn_token
    taken: dict[tuple[int, int], str] = {}
    for hid in sorted(data, key=str):
        where = f"hexes.{hid}"
        entry = data[hid]
        if not isinstance(hid, str) or not _ID.match(hid):
            problems.append(Problem(where, "a hex id is a lower-case letter, then letters, digits, - or _"))
            continue
        if not isinstance(entry, Mapping):
            problems.append(Problem(where, "expected {at: [q, r], terrain: ..., token: ...}"))
            continue
        at = entry.get("at")
        if not (
            isinstance(at, list) and len(at) == 2 and all(isinstance(n, int) and not isinstance(n, bool) for n in at)
        ):
            problems.append(Problem(f"{where}.at", "expected the hex's axial coordinates, two whole numbers [q, r]"))
            continue
        q, r = at
        if (q, r) in taken:
            problems.append(Problem(f"{where}.at", f"hex {taken[(q, r)]} is already at [{q}, {r}]"))
            continue
        taken[(q, r)] = hid
        terrain_name = entry.get("terrain")
        token = entry.get("token")
        terrain: Terrain | None = None
        if terrain_name == DRAWN:
            drawn_terrain.append(hid)
            if token is not None:
                problems.append(Problem(f"{where}.token", "a drawn hex draws its token too"))
        else:
            try:
                terrain = Terrain(terrain_name)
            except ValueError:
                known = ", ".join(t.value for t in Terrain)
                problems.append(Problem(f"{where}.terrain", f"{terrain_name!r} is not a terrain ({known}, or drawn)"))
        if token == DRAWN:
            if terrain is not None and not terrain.produces:
                problems.append(Problem(f"{where}.token", f"{terrain} produces nothing and takes no token"))
            drawn_token.append(hid)
            token = None
        elif token is not None:
            if terrain is not None and not terrain.produces:
                problems.append(Problem(f"{where}.token", f"{terrain} produces nothing and takes no token"))
            elif isinstance(token, bool) or token not in TOKENS:
                problems.append(Problem(f"{where}.token", f"a number token is 2 to 12 but not 7, not {token!r}"))
                token = None
        elif terrain is not None and terrain.produces:
            problems.append(Problem(f"{where}.token", f"{terrain} needs a number token (or token: drawn)"))
        for key in sorted(set(entry) - {"at", "terrain", "token"}, key=str):
            problems.append(Problem(f"{where}.{key}", "not a key of a hex (at, terrain, token)"))
        hexes[hid] = Hex(hid, q, r, terrain or Terrain.DESERT, token if isinstance(token, int) else None)
    return hexes, drawn_terrain, drawn_token


def _harbours(data: object, board: Board, problems: list[Problem]) -> tuple[Harbour, ...]:
    if not isinstance(data, list):
        problems.append(Problem("harbours", "expected a list of {edge: ..., trade: any | <resource>}"))
        return ()
    out: list[Harbour] = []
    seen: set[Edge] = set()
    for i, entry in enumerate(data):
        where = f"harbours[{i}]"
        if not isinstance(entry, Mapping):
            problems.append(Problem(where, "expected {edge: ..., trade: any | <resource>}"))
            continue
        edge = board.edge_named(entry.get("edge"))
        if edge is None:
            problems.append(Problem(f"{where}.edge", f"{entry.get('edge')!r} is not the side two hexes share (a1/b2)"))
            continue
        if edge in seen:
            problems.append(Problem(f"{where}.edge", f"{edge} already has a harbour"))
            continue
        land = [board.is_land(h) for h in edge.hexes]
        if land.count(True) != 1:
            problems.append(
                Problem(f"{where}.edge", f"a harbour is on a coast, between a sea and a land hex: {edge} is not")
            )
        trade = entry.get("trade")
        resource: Resource | None = None
        if trade != "any":
            resource = resource_named(trade)
            if resource is None:
                problems.append(Problem(f"{where}.trade", f"expected any (3:1) or a resource (2:1), got {trade!r}"))
                continue
        seen.add(edge)
        out.append(Harbour(edge, resource))
    return tuple(out)


def _check_edges(board: Board, problems: list[Problem]) -> None:
    """Every land hex has a hex on each side, so that every place around it can be named [K 1.5]."""
    for hid, hx in sorted(board.hexes.items()):
        if hx.terrain is Terrain.SEA:
            continue
        missing = [
            f"[{hx.q + dq}, {hx.r + dr}]"
            for dq, dr in DIRECTIONS
            if not any((h.q, h.r) == (hx.q + dq, hx.r + dr) for h in board.hexes.values())
        ]
        if missing:
            problems.append(
                Problem(f"hexes.{hid}", f"a land hex needs a hex on every side; put sea at {', '.join(missing)}")
            )


def _table(data: object, problems: list[Problem]) -> tuple[int, int] | None:
    """An open board's table [K 1.6]: its rows (at most 24, for the letters b to y, a and z its ring) and
    columns (at most 97)."""
    if data is None:
        return None
    if isinstance(data, Mapping) and set(data) == {"rows", "columns"}:
        rows, columns = data["rows"], data["columns"]
        if _count(rows) and _count(columns) and 1 <= rows <= 24 and 1 <= columns <= 97:
            return rows, columns
    problems.append(Problem("table", "expected {rows: <1 to 24>, columns: <1 to 97>}, the cells the hexes are laid on"))
    return None


def _count(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


def _start(data: object, open_board: bool, hexes: Mapping[str, Hex], problems: list[Problem]) -> tuple[str, ...]:
    """The hexes whose islands the placement's settlements stand on [K 18.2] (Seafarers' home islands)."""
    if not isinstance(data, list) or not all(isinstance(h, str) for h in data):
        problems.append(Problem("start", "expected a list of land hexes, one on each island the placement uses"))
        return ()
    for i, hid in enumerate(data):
        if not open_board and (hid not in hexes or not hexes[hid].terrain.is_land):
            problems.append(Problem(f"start[{i}]", f"{hid!r} is not a land hex of the board"))
    return tuple(data)


def _pool(data: object, problems: list[Problem]) -> tuple[list[Terrain], list[int], list[Resource | None]]:
    if data is None:
        return [], [], []
    if not isinstance(data, Mapping):
        problems.append(Problem("pool", "expected {terrains: {<terrain>: <count>}, tokens: [...], harbours: {...}}"))
        return [], [], []
    terrains: list[Terrain] = []
    raw = data.get("terrains", {})
    if not isinstance(raw, Mapping):
        problems.append(Problem("pool.terrains", "expected each terrain with its count"))
        raw = {}
    for name, n in raw.items():
        try:
            terrain = Terrain(name)
        except ValueError:
            problems.append(Problem(f"pool.terrains.{name}", "not a terrain"))
            continue
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            problems.append(Problem(f"pool.terrains.{name}", f"expected a count, got {n!r}"))
            continue
        terrains += [terrain] * n
    tokens: list[int] = []
    raw_tokens = data.get("tokens", [])
    if not isinstance(raw_tokens, list):
        problems.append(Problem("pool.tokens", "expected a list of number tokens"))
        raw_tokens = []
    for i, t in enumerate(raw_tokens):
        if isinstance(t, bool) or t not in TOKENS:
            problems.append(Problem(f"pool.tokens[{i}]", f"a number token is 2 to 12 but not 7, not {t!r}"))
        else:
            tokens.append(t)
    return terrains, tokens, _pool_harbours(data.get("harbours", {}), problems)


def _pool_harbours(data: object, problems: list[Problem]) -> list[Resource | None]:
    """The pool's harbours, `{any: 5, wool: 2}`, in the order the file gives them."""
    if not isinstance(data, Mapping):
        problems.append(Problem("pool.harbours", "expected each harbour's trade (any, or a resource) with its count"))
        return []
    out: list[Resource | None] = []
    for name, n in data.items():
        resource = None if name == "any" else resource_named(name)
        if name != "any" and resource is None:
            problems.append(Problem(f"pool.harbours.{name}", "expected any (3:1) or a resource (2:1)"))
        elif not _count(n) or n < 0:
            problems.append(Problem(f"pool.harbours.{name}", f"expected a count, got {n!r}"))
        else:
            out += [resource] * n
    return out


def _check_pool(
    board: Board,
    drawn_terrain: list[str],
    drawn_token: list[str],
    terrains: list[Terrain],
    tokens: list[int],
    problems: list[Problem],
    open_board: bool = False,
) -> None:
    if open_board:
        wanted = sum(1 for t in terrains if t.produces)
        if not terrains or len(tokens) != wanted:
            problems.append(
                Problem(
                    "pool",
                    f"an open board lays its pool: {len(terrains)} hexes take {wanted} tokens, not {len(tokens)}",
                )
            )
        return
    if len(terrains) != len(drawn_terrain):
        problems.append(
            Problem(
                "pool.terrains", f"{len(drawn_terrain)} hexes are drawn but the pool holds {len(terrains)} terrains"
            )
        )
    wanted = sum(1 for t in terrains if t.produces) + len(drawn_token)
    if (drawn_terrain or drawn_token) and len(tokens) != wanted:
        problems.append(
            Problem("pool.tokens", f"the drawn hexes take {wanted} number tokens, the pool holds {len(tokens)}")
        )
