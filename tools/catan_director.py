"""The director of `games/catan-six` (tools/catan_six_demo.py): what each seat writes in its file for a turn,
read from the turn's state as the seats would read it. Every step it writes is first tried with the rules'
own code on a copy of the table with the seat's hand as it is, so that the file asks what the seat can do;
the round then plays it with its own dice, and what the dice decide (a roll, a fight) the next turn's files
take as it came.

- The draft [K 1.6]: land round a main island on the table's centre, the sea round it, three isles off its
  coast; one drafter sends no file and one ranks only a place already taken, to show what comes of it.
- The placement [K 18]: the richest corners of the main island, ranked, for every seat.
- A round: each seat's economy (trades with the bank, a city, a settlement and the roads toward it, a card,
  a knight), his special building steps [K 3.6], standing answers given in the first round and left to
  stand; and the scenes (`scenes.py`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from catan_plan import Plan, best_corners, pips
from catan_scenes import Scenes

from pipeline.games.catan import draft
from pipeline.games.catan.board import Board, Terrain, cell_place
from pipeline.games.catan.family import CatanGame
from pipeline.games.catan.layout import Layout
from pipeline.games.catan.resources import RESOURCES
from pipeline.storage.gamedir import Game

ISLES = ((-6, 3), (6, -5), (3, 5))  # where the isles grow, from the table's centre
MAIN = 32  # the land hexes of the main island, within 3 of the centre
LAST_HOLD = 110  # after this round no seat is held back from winning, whatever the scenes
NO_FILE = "h05"  # a drafter who sends nothing: his hex goes on the open cell nearest the centre
TAKEN = "h09"  # a drafter who ranks only the centre, taken long before


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def draft_choices(layout: Layout, state: draft.Draft) -> list[str]:
    """Where the drafter would lay his hex, ranked: land on the main island until it holds its share, then
    on the isles; sea round the main island and on the way to the isles."""
    centre = cell_place(layout.centre())
    assert centre is not None
    open_cells = draft.empty(layout, state)

    def off(cell: str) -> tuple[int, int]:
        q, r = cell_place(cell) or centre
        return q - centre[0], r - centre[1]

    def from_centre(cell: str) -> int:
        return _distance(off(cell), (0, 0))

    def from_isles(cell: str) -> int:
        return min(_distance(off(cell), isle) for isle in ISLES)

    land = [h for h, t in state.laid.items() if t is not Terrain.SEA]
    if state.hand is Terrain.SEA:
        ranked = [c for c in open_cells if from_centre(c) >= 4 and from_isles(c) >= 2]
        return sorted(ranked, key=lambda c: (from_isles(c), -from_centre(c), c))
    if sum(1 for h in land if from_centre(h) <= 3) < MAIN:
        near = [c for c in open_cells if from_centre(c) <= 3]
        if near:
            return sorted(near, key=lambda c: (from_centre(c), c))
    for pick in ([c for c in open_cells if from_isles(c) <= 1], [c for c in open_cells if from_centre(c) <= 3]):
        if pick:
            return sorted(pick, key=lambda c: (from_isles(c), from_centre(c), c))
    return sorted(open_cells, key=lambda c: (from_isles(c), c))


def main_island(board: Board) -> str:
    """The island with the most land."""
    sizes: dict[str, int] = {}
    for h, x in board.hexes.items():
        if x.terrain.is_land:
            sizes[board.island(h)] = sizes.get(board.island(h), 0) + 1
    return max(sorted(sizes), key=lambda i: sizes[i])


def placement_choices(board: Board, state: Any) -> list[dict[str, str]]:
    """The richest corners of the main island, each with its best side for a road: every seat ranks them
    alike, and the snake order gives each the best still open [K 18.2]."""
    island = main_island(board)
    out = []
    for vertex in best_corners(board, state, island, 24):
        sides = [e for e in board.vertex_edges(vertex) if board.edge_is_land(e)]
        best = max(sides, key=lambda e: (sum(pips(board, state, v) for v in board.edge_vertices(e)), str(e)))
        out.append({"settlement": str(vertex), "road": str(best)})
    return out


class Director:
    """The files of each turn, and the scenes played so far."""

    def __init__(self) -> None:
        self.scenes = Scenes()

    def files(self, game: Game, turn: str, state: CatanGame) -> dict[str, dict[str, Any]]:
        if state.draft is not None:
            return self._draft(game, turn, state)
        if not state.placed:
            choices = placement_choices(state.board, state.state)
            gold = [r.value for r in reversed(RESOURCES)]
            return {seat: {"setup": choices, "answers": {"gold": gold}} for seat in state.state.seats}
        self.scenes.learn(game, state)
        return self._round(game, state)

    def _draft(self, game: Game, turn: str, state: CatanGame) -> dict[str, dict[str, Any]]:
        assert state.draft is not None
        seat = state.draft.drafter(state.state.seats)
        if turn == NO_FILE:
            return {}
        if turn == TAKEN:
            return {seat: {"draft": [game.setup.centre()]}}
        return {seat: {"draft": draft_choices(game.setup, state.draft)[:6]}}

    def _round(self, game: Game, state: CatanGame) -> dict[str, dict[str, Any]]:
        files = {}
        for seat in state.state.seats:
            plan = Plan(state.board, state.state, game.options, seat)
            plan.hold = not self.scenes.finished and state.state.round < LAST_HOLD
            self.scenes.trade(plan)
            plan.economy_trade()
            self.scenes.build(plan)
            plan.economy_build()
            self.scenes.act(plan)
            plan.economy_act()
            files[seat] = plan.file()
        return files


def seats_of(state: Any) -> Iterable[str]:
    return state.seats
