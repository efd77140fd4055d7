"""Machiavelli's rules in the shared movement engine are its hooks: without them the engine plays the board
as Diplomacy would; with them straits close, sieges lock and count, and assassinated powers hold."""

from __future__ import annotations

from pipeline.board.movement import NO_HOOKS, MovementHooks, adjudicate_movement
from pipeline.board.notation import parse_order
from pipeline.board.outcome import Outcome, Reason
from pipeline.board.position import Phase, PhaseKind, Position
from pipeline.board.units import Unit, UnitKind
from pipeline.games import board_rules
from pipeline.games.machiavelli.movement_hooks import MOVEMENT_HOOKS, movement_hooks
from pipeline.storage.maps import shipped_board

BOARD = shipped_board("machiavelli-classic")
RULES = board_rules("judge")


def play(units: list[Unit], orders: list[tuple[str, str]], hooks: MovementHooks, **sieges: int) -> dict[str, Outcome]:
    position = Position.build(Phase("spring", 1455, PhaseKind.MOVEMENT), units, sieges=sieges)
    given = [(power, parse_order(text, BOARD)) for power, text in orders]
    result = adjudicate_movement(BOARD, position, given, rules=RULES, hooks=hooks)
    return {str(o.order): o for o in result.outcomes}


def test_a_strait_is_closed_by_the_hook_only() -> None:
    units = [Unit("naples", UnitKind.FLEET, "mes"), Unit("turkey", UnitKind.FLEET, "gon")]
    orders = [("naples", "F mes H"), ("turkey", "F gon-ion")]
    assert play(units, orders, MOVEMENT_HOOKS)["F gon-ion"].reason is Reason.ILLEGAL_STRAIT_CLOSED  # [M 8.2]
    assert play(units, orders, NO_HOOKS)["F gon-ion"].succeeded  # Diplomacy knows no straits
    allowed = play(units, [*orders, ("naples", "Ally turkey")], MOVEMENT_HOOKS)
    assert allowed["F gon-ion"].succeeded and allowed["Ally turkey"].succeeded  # [M 8.5]


def test_the_siege_lock_and_the_siege_count_are_hooks() -> None:
    units = [Unit("florence", UnitKind.ARMY, "sie"), Unit("papacy", UnitKind.GARRISON, "sie")]
    locked = play(units, [("florence", "A sie-are")], MOVEMENT_HOOKS, sie=1)
    assert locked["A sie-are"].reason is Reason.ILLEGAL_SIEGE_LOCKED  # [M 7.4]
    taken = play(units, [("florence", "A sie besiege")], MOVEMENT_HOOKS, sie=1)
    assert taken["A sie besiege"].reason is Reason.CITY_TAKEN and taken["G sie H"].reason is Reason.CITY_TAKEN
    plain = play(units, [("florence", "A sie besiege")], NO_HOOKS, sie=1)
    assert plain["A sie besiege"].reason is Reason.SIEGE_STARTED  # no siege counts without the hook


def test_an_assassinated_power_holds_for_the_phase_its_hooks_are_made_for() -> None:
    units = [Unit("florence", UnitKind.ARMY, "sie"), Unit("milan", UnitKind.ARMY, "mil")]
    orders = [("florence", "A sie-are"), ("milan", "A mil-pav")]
    out = play(units, orders, movement_hooks(frozenset({"florence"})))
    assert out["A sie-are"].reason is Reason.ASSASSINATED and out["A mil-pav"].succeeded  # [M 16.4]
    assert play(units, orders, MOVEMENT_HOOKS)["A sie-are"].succeeded
