"""Boards, states and one player's turn for the Catan rule tests: a state written with the pieces a test
needs, a turn played with fixed dice named by what they decide (``step 2 attack``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from ruamel.yaml import YAML

from pipeline.games.catan.board import Board, Edge, Slot, Vertex
from pipeline.games.catan.context import Context
from pipeline.games.catan.layout import board_from_data
from pipeline.games.catan.options import DEFAULT_OPTIONS, CatanOptions
from pipeline.games.catan.orders import orders_from_data
from pipeline.games.catan.outcome import Event, Reason, StepDone
from pipeline.games.catan.resources import Hand
from pipeline.games.catan.state import Building, BuildingKind, CatanState, Player, Unit, new_state
from pipeline.games.catan.turn import play_turn
from pipeline.games.catan.units import UnitKind
from pipeline.shared.dice import FixedDice

BOARDS = Path(__file__).resolve().parents[3] / "pipeline" / "games" / "catan" / "boards"
SEATS = ("a", "b", "c")
T = TypeVar("T")


def board_data(name: str) -> Any:
    return YAML(typ="safe").load((BOARDS / f"{name}.yaml").read_text())


@cache
def board(name: str = "base") -> Board:
    return board_from_data(board_data(name))


def V(text: str, b: Board | None = None) -> Vertex:
    found = (b or board()).vertex_named(text)
    assert found is not None, text
    return found


def E(text: str, b: Board | None = None) -> Edge:
    found = (b or board()).edge_named(text)
    assert found is not None, text
    return found


def S(text: str, b: Board | None = None) -> Slot:
    found = (b or board()).slot_named(text)
    assert found is not None, text
    return found


def settlement(owner: str) -> Building:
    return Building(owner)


def city(owner: str, status: int = 1, walls: bool = False, sabotaged: bool = False) -> Building:
    return Building(owner, BuildingKind.CITY, status, walls, sabotaged)


def unit(owner: str, kind: UnitKind, active: bool = True, home: str | None = None) -> Unit:
    return Unit(owner, kind, active, V(home) if home else None)


def state(
    b: Board | None = None,
    seats: tuple[str, ...] = SEATS,
    *,
    hands: Mapping[str, Hand] | None = None,
    buildings: Mapping[str, Building] | None = None,
    roads: Mapping[str, str] | None = None,
    units: Mapping[str, Unit] | None = None,
    options: CatanOptions = DEFAULT_OPTIONS,
    **fields: Any,
) -> CatanState:
    """A state on board `b` (the base board) with these pieces; other fields as `CatanState` names them."""
    b = b or board()
    st = new_state(b, seats, options)
    players = {p: Player((hands or {}).get(p, Hand())) for p in seats}
    return dataclasses.replace(
        st,
        players=players,
        buildings={V(k, b): v for k, v in (buildings or {}).items()},
        roads={E(k, b): v for k, v in (roads or {}).items()},
        units={S(k, b): v for k, v in (units or {}).items()},
        **fields,
    )


def play(
    st: CatanState,
    player: str,
    turn: Mapping[str, Any] | None = None,
    *,
    b: Board | None = None,
    dice: Mapping[str, int] | None = None,
    answers: Mapping[str, Mapping[str, Any]] | None = None,
    roll: tuple[int, int] = (6, 6),
    options: CatanOptions = DEFAULT_OPTIONS,
) -> tuple[CatanState, list[Event], FixedDice]:
    """`player`'s turn of the next round: his script `turn` (sections trade, build, act), the others'
    standing `answers`, the two income dice `roll` and the other dice by what they decide."""
    b = b or board()
    r = st.round + 1
    values = {f"round {r} {player} roll 1": roll[0], f"round {r} {player} roll 2": roll[1]}
    values |= {f"round {r} {player} {k}": v for k, v in (dice or {}).items()}
    fixed = FixedDice(values)
    mine = orders_from_data({"script": turn or {}, "answers": (answers or {}).get(player)}, b, player, st.seats)
    others = {
        p: orders_from_data({"answers": a}, b, p, st.seats).answers for p, a in (answers or {}).items() if p != player
    }
    table = st.table()
    table.round = r
    ctx = Context(b, options, fixed, table, player, {player: mine.answers, **others})
    play_turn(ctx, mine)
    return table.freeze(), ctx.events, fixed


def of(events: list[Event], kind: type[T]) -> list[T]:
    return [e for e in events if isinstance(e, kind)]


def reasons(events: list[Event]) -> list[Reason | None]:
    """Each step's reason (None: it ran), in the script's order."""
    return [e.reason for e in of(events, StepDone)]
