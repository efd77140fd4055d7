"""The players' drafting of a drawn board [K 1.6] (option `hex_placement: draft`), as the seed has it: each
player in turn places a hex drawn from the pool where he likes, then the number tokens are laid at random.

A draft turn (`h01`, `h02`, ...) is one seat's: the seats in their order, round and round, one hex each,
until every drawn hex is laid. The hex a seat places is drawn at the end of the turn before (the first at
the game's creation, from its setup dice) and shown in the state, so that his file knows it:

```yaml
draft: [d3, c3, e4]     # ranked: the first of these drawn hexes still empty takes it
```

If none is empty, the first empty drawn hex by id takes it, so that the game goes on. A draw is one die
as many sides as the hexes left in the pool, named ``board draft <n>`` (the n-th hex drawn), the pool in
the order of the terrains; after the last hex, the tokens are shuffled onto the producing hexes by the
dice ``board token <i>`` (`layout.lay_tokens`), and the pool's harbours laid on the coast [K 1.8].

A board without a frame (`table:`) is laid where the drafters like: the first hex on the table's centre,
each next one on a cell of the table beside a hex already laid (`empty`); the file ranks such cells by
their ids (`draft: [k12, k13]`), and without an open choice the hex goes on the open cell nearest the
centre. The board is what results, closed by the sea (`layout.open_sea`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from pipeline.shared.dice import Dice

from .board import Board, Hex, Terrain, cell_neighbours, cell_place
from .layout import Layout, lay_tokens, with_terrains
from .outcome import Event, HexPlaced, TokensLaid
from .said import N_, FileProblems, Found, quoted


@dataclass(frozen=True)
class Draft:
    """A draft under way: the hexes laid so far, by id, and the hex drawn for the next seat."""

    laid: Mapping[str, Terrain]
    hand: Terrain

    def drafter(self, seats: tuple[str, ...]) -> str:
        return seats[len(self.laid) % len(seats)]


def turn_id(draft: Draft) -> str:
    return f"h{len(draft.laid) + 1:02d}"


def left(layout: Layout, laid: Mapping[str, Terrain]) -> list[Terrain]:
    """The pool's terrains not laid yet, in the order of the terrains (the order the draws count in)."""
    pool = Counter(layout.terrains) - Counter(laid.values())
    return [t for t in Terrain for _ in range(pool[t])]


def draw(layout: Layout, laid: Mapping[str, Terrain], dice: Dice) -> Terrain:
    """The next hex from what is left of the pool, by a die of as many sides."""
    rest = left(layout, laid)
    if len(rest) == 1:
        return rest[0]
    return rest[dice.roll(f"board draft {len(laid) + 1}", len(rest)) - 1]


def start(layout: Layout, dice: Dice) -> Draft:
    return Draft({}, draw(layout, {}, dice))


def empty(layout: Layout, draft: Draft) -> list[str]:
    """Where the next hex may go: the drawn hexes still empty, by id; on a board without a frame, the cells
    of its table beside a hex laid (the centre for the first), by row and column."""
    if layout.table is None:
        return sorted(h for h in layout.drawn_terrain if h not in draft.laid)
    if not draft.laid:
        return [layout.centre()]
    cells = layout.cells()
    found = {c for h in draft.laid for c in cell_neighbours(h) if c in cells and c not in draft.laid}
    centre = cell_place(layout.centre())
    assert centre is not None
    return sorted(found, key=lambda cell: _from_centre(cell, centre))


def _from_centre(cell: str, centre: tuple[int, int]) -> tuple[int, str, int]:
    """A cell's distance from the table's centre in hexes, then its row and column: the open cells in the
    order a hex goes on when none of its drafter's choices is open, so that the board grows round the
    centre."""
    q, r = cell_place(cell) or centre
    dq, dr = q - centre[0], r - centre[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2, cell[0], int(cell[1:])


def choices_from_data(data: object, layout: Layout) -> tuple[str, ...]:
    """A seat's draft file: `draft:` and the drawn hexes it would put its hex on, ranked; `FileProblems`
    with every problem."""
    found = Found()
    ranked: list[str] = []
    if not isinstance(data, Mapping) or not isinstance(data.get("draft"), list):
        found.add("draft", N_("expected draft and a list of the drawn hexes you would lay your hex on, ranked"))
    else:
        cells = layout.cells()
        for i, hid in enumerate(data["draft"]):
            if layout.table is not None and hid not in cells:
                found.add(
                    f"draft[{i}]",
                    N_("{value} is not a cell of the table (a row b to {row}, a column 2 to {column}: {example})"),
                    value=quoted(hid),
                    row=chr(ord("a") + layout.table[0]),
                    column=layout.table[1] + 1,
                    example=layout.centre(),
                )
            elif layout.table is None and hid not in layout.drawn_terrain:
                found.add(
                    f"draft[{i}]",
                    N_("{value} is not a hex of the board that is drawn ({hexes})"),
                    value=quoted(hid),
                    hexes=", ".join(sorted(layout.drawn_terrain)),
                )
            else:
                ranked.append(str(hid))
        for key in sorted(set(data) - {"draft"}, key=str):
            found.add(str(key), N_("not a key here ({keys})"), keys="draft")
    if found:
        raise FileProblems(found.items)
    return tuple(ranked)


def place(
    layout: Layout, draft: Draft, seat: str, ranked: tuple[str, ...], dice: Dice
) -> tuple[Draft | Board, tuple[Event, ...]]:
    """The seat's hex laid on his first open choice, then the next hex drawn; after the last, the board
    with its tokens laid."""
    open_hexes = empty(layout, draft)
    target = next((h for h in ranked if h in open_hexes), None)
    events: list[Event] = [HexPlaced(seat, target or open_hexes[0], draft.hand, target is not None)]
    laid = {**draft.laid, (target or open_hexes[0]): draft.hand}
    if len(laid) < layout.to_lay:
        return Draft(dict(sorted(laid.items())), draw(layout, laid, dice)), tuple(events)
    board = lay_tokens(layout, laid, dice)
    events.append(TokensLaid(sum(1 for h in board.hexes.values() if h.token is not None)))
    return board, tuple(events)


def board_so_far(layout: Layout, draft: Draft) -> Board:
    """The board as the draft has laid it: the hexes placed, the others still to come (desert, no token);
    on a board without a frame, the cells open to the next hex as such."""
    hexes = with_terrains(layout, draft.laid)
    if layout.table is not None:
        for cell in empty(layout, draft):
            q, r = cell_place(cell) or (0, 0)
            hexes[cell] = Hex(cell, q, r, Terrain.DESERT)
    return layout.board.with_hexes(hexes)
