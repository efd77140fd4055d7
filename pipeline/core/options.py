"""Every legal order for every unit: for order forms, random play and the benchmark.

These are orders `legality` accepts on their own; a convoyed move is listed when some route of
seas could carry it, and is legal once a convoy is ordered for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .adjustment import adjustments_due, build_sites
from .board import Board, space_of
from .legality import DEFAULT_RULES, Illegal, check_movement_order
from .orders import (
    MOVEMENT_KINDS,
    Build,
    Convert,
    Convoy,
    Disband,
    Hold,
    Move,
    MovementOrder,
    Order,
    Remove,
    Retreat,
    SupportConvert,
    SupportHold,
    SupportMove,
    Waive,
)
from .position import Position
from .retreat import city_retreat, retreat_options
from .rules import Rules
from .units import AUTONOMOUS, Unit, UnitKind

ARMY, FLEET, GARRISON = UnitKind.ARMY, UnitKind.FLEET, UnitKind.GARRISON


def destinations(board: Board, unit: Unit) -> list[tuple[str, bool]]:
    """(location, by convoy) for each move the unit can order."""
    if unit.kind is UnitKind.FLEET:
        return [(loc, False) for loc in sorted(board.fleet_adjacency.get(unit.location, ()))]
    out = [(s, False) for s in sorted(board.army_adjacency.get(unit.space, ()))]
    if board.spaces[unit.space].kind == "coast":
        out.extend(
            (s, True)
            for s in sorted(board.spaces)
            if s != unit.space and board.spaces[s].kind == "coast" and board.convoy_possible(unit.space, s)
        )
    return out


def movement_options(
    board: Board,
    position: Position,
    rules: Rules = DEFAULT_RULES,
    extras: Callable[[Unit], Iterable[Order]] | None = None,
) -> dict[str, list[MovementOrder]]:
    """Every order each unit on the board could be given, by space (for a garrison: its city's space).

    `extras`: the family's other orders of a unit (Machiavelli's conversions and sieges,
    `Family.unit_order_extras`); with them, every order listed has passed the adjudicator's own legality
    checks.
    """
    moves = {
        space: destinations(board, u) if u.kind is not UnitKind.GARRISON else [] for space, u in position.units.items()
    }
    targets = {space: sorted({space_of(loc) for loc, _ in m}) for space, m in moves.items()}
    out: dict[str, list[MovementOrder]] = {}
    for space, unit in position.units.items():
        if unit.power == AUTONOMOUS:
            continue
        k, at = unit.kind, unit.location
        reach = board.reachable_spaces(k, at) if k is not GARRISON else frozenset({at})
        orders: list[MovementOrder] = [Hold(k, at)]
        orders.extend(Move(k, at, loc, via) for loc, via in moves[space])
        for other_space, other in position.units.items():
            if other_space == space:
                continue
            if other_space in reach:
                orders.append(SupportHold(k, at, other.kind, other.location))
            for dest in targets[other_space]:
                if dest != space and dest in reach:
                    orders.append(SupportMove(k, at, other.kind, other.location, dest))
            if k is UnitKind.FLEET and other.kind is UnitKind.ARMY and board.can_convoy_from(space):
                for dest, via in moves[other_space]:
                    if via and board.convoy_possible(other_space, dest, via=space):
                        orders.append(Convoy(k, at, other.kind, other.location, dest))
            if other.kind is UnitKind.GARRISON:
                orders.extend(SupportConvert(k, at, other.kind, other.location, into) for into in (ARMY, FLEET))
        if extras is not None:
            for extra in extras(unit):  # a conversion into what the unit already is: no order
                if isinstance(extra, MOVEMENT_KINDS) and not (isinstance(extra, Convert) and extra.into is k):
                    orders.append(extra)
            if k is GARRISON:  # a garrison supports only into its own province
                orders = [o for o in orders if not isinstance(o, Move)]
            orders = [o for o in orders if _legal(board, position, unit.power, o, rules)]
        out[space] = orders
    return out


def _legal(board: Board, position: Position, power: str, order: MovementOrder, rules: Rules) -> bool:
    try:
        check_movement_order(board, position, power, order, rules)
    except Illegal:
        return False
    return True


def retreat_choices(board: Board, position: Position, rules: Rules = DEFAULT_RULES) -> dict[str, list[Order]]:
    """For each dislodged unit: its retreats (into its city too, where allowed), then disbanding."""
    out: dict[str, list[Order]] = {}
    for entry in position.dislodged:
        u = entry.unit
        options = retreat_options(board, position, entry, rules)
        choices: list[Order] = [Retreat(u.kind, u.location, loc) for loc in options]
        if city_retreat(board, position, entry, rules):
            choices.append(Convert(u.kind, u.location, GARRISON))
        choices.append(Disband(u.kind, u.location))
        out[u.space] = choices
    return out


def adjustment_choices(board: Board, position: Position, power: str) -> tuple[int, list[Order]]:
    """How many builds (positive) or removals (negative) are due, and the orders that could fill them."""
    due = adjustments_due(position, power)
    if due > 0:
        choices: list[Order] = []
        for space in build_sites(board, position, power):
            if board.spaces[space].kind != "sea":
                choices.append(Build(UnitKind.ARMY, space))
            if board.spaces[space].kind == "coast":
                choices.extend(Build(UnitKind.FLEET, loc) for loc in board.locations(space))
        choices.append(Waive())
        return due, choices
    if due < 0:
        return due, [Remove(u.kind, u.location) for u in position.units_of(power)]
    return 0, []
