"""Whether a single order is allowed where its unit stands: the checks that need no other order.

Each check returns the order with its destination made exact (the coast a fleet can reach filled
in), or raises `Illegal` with the reason code. Whether fleets stand where they could carry an army's
move by convoy depends on the other units, so `pipeline.core.movement` checks that.
"""

from __future__ import annotations

from .board import Board, coast_of, space_of
from .orders import Convoy, Hold, Move, MovementOrder, SupportHold, SupportMove
from .outcome import Reason
from .position import Position
from .units import Unit, UnitKind


class Illegal(Exception):
    """An order that cannot be carried out, with the reason code for the report."""

    def __init__(self, reason: Reason, **detail: str) -> None:
        super().__init__(reason.value)
        self.reason = reason
        self.detail = detail


def check_unit(order_kind: UnitKind | None, order_at: str, unit: Unit | None, power: str) -> Unit:
    """The order's unit must exist, belong to `power`, and be of the kind named."""
    if unit is None:
        raise Illegal(Reason.ILLEGAL_NO_UNIT, at=space_of(order_at))
    if unit.power != power:
        raise Illegal(Reason.ILLEGAL_NOT_OWNER, owner=unit.power)
    if order_kind is not None and order_kind is not unit.kind:
        raise Illegal(Reason.ILLEGAL_WRONG_KIND, actual=unit.kind.value)
    return unit  # a wrong coast in the unit's own place is ignored: the unit is known (DATC 6.B.10)


def step_destination(board: Board, unit: Unit, to: str) -> str:
    """The exact location a one-step move of `unit` to `to` ends at, or raise `Illegal`.

    Armies ignore coasts. A fleet naming no coast of a split-coast space gets the one coast it can
    reach; if it can reach two, the order is ambiguous and illegal (the DATC's preference).
    """
    space = space_of(to)
    target = board.spaces[space]
    if space == unit.space:
        raise Illegal(Reason.ILLEGAL_OWN_SPACE)
    if unit.kind is UnitKind.ARMY:
        if target.is_sea:
            raise Illegal(Reason.ILLEGAL_TERRAIN)
        if not board.adjacent(UnitKind.ARMY, unit.location, space):
            raise Illegal(Reason.ILLEGAL_NOT_ADJACENT)
        return space
    if target.kind == "land":
        raise Illegal(Reason.ILLEGAL_TERRAIN)
    reachable = board.fleet_destinations(unit.location, space)
    if not reachable:
        raise Illegal(Reason.ILLEGAL_NOT_ADJACENT)
    if coast_of(to) is not None:
        if to not in reachable:
            raise Illegal(Reason.ILLEGAL_WRONG_COAST)
        return to
    if len(reachable) > 1:
        raise Illegal(Reason.ILLEGAL_COAST_NEEDED)
    return reachable[0]


def check_movement_order(board: Board, position: Position, power: str, order: MovementOrder) -> MovementOrder:
    """Check one movement-phase order on its own; return it with exact destinations."""
    unit = check_unit(order.kind, order.at, position.units.get(space_of(order.at)), power)
    if isinstance(order, Move):
        return _check_move(board, unit, order)
    if isinstance(order, (SupportHold, SupportMove)):
        return _check_support(board, position, unit, order)
    if isinstance(order, Hold):
        return order if order.kind is unit.kind and order.at == unit.location else Hold(unit.kind, unit.location)
    return _check_convoy(board, position, unit, order)


def _check_move(board: Board, unit: Unit, order: Move) -> Move:
    if unit.kind is UnitKind.FLEET:
        if order.via_convoy:
            raise Illegal(Reason.ILLEGAL_NOT_CONVOYABLE)
        to = step_destination(board, unit, order.to)
        return (
            order if to == order.to and order.kind and order.at == unit.location else Move(unit.kind, unit.location, to)
        )
    space = space_of(order.to)
    if space == unit.space:
        raise Illegal(Reason.ILLEGAL_OWN_SPACE)
    if board.spaces[space].is_sea:
        raise Illegal(Reason.ILLEGAL_TERRAIN)
    if space not in board.army_adjacency[unit.space] and not board.convoy_possible(unit.space, space):
        raise Illegal(Reason.ILLEGAL_NOT_ADJACENT)
    if space == order.to and order.kind and order.at == unit.location:
        return order
    return Move(unit.kind, unit.location, space, order.via_convoy)


def _check_support(
    board: Board, position: Position, unit: Unit, order: SupportHold | SupportMove
) -> SupportHold | SupportMove:
    target_space = space_of(order.target)
    supported = position.units.get(target_space)
    if target_space == unit.space:
        raise Illegal(Reason.ILLEGAL_OWN_SPACE)
    if supported is None:
        raise Illegal(Reason.ILLEGAL_NO_UNIT, at=target_space)
    if isinstance(order, SupportHold):
        if target_space not in board.reachable_spaces(unit.kind, unit.location):
            raise Illegal(Reason.ILLEGAL_UNREACHABLE, at=target_space)
        if (
            order.kind
            and order.at == unit.location
            and order.target_kind is supported.kind
            and order.target == supported.location
        ):
            return order
        return SupportHold(unit.kind, unit.location, supported.kind, supported.location)
    to_space = space_of(order.to)
    if to_space == unit.space or to_space == target_space:
        raise Illegal(Reason.ILLEGAL_OWN_SPACE)
    if to_space not in board.reachable_spaces(unit.kind, unit.location):
        raise Illegal(Reason.ILLEGAL_UNREACHABLE, at=to_space)
    # a coast named in the support stays: it must match the move's coast (DATC 6.B.9)
    to = order.to if to_space != order.to and board.spaces[to_space].coasts else to_space
    if (
        to == order.to
        and order.kind
        and order.at == unit.location
        and order.target_kind is supported.kind
        and order.target == supported.location
    ):
        return order
    return SupportMove(unit.kind, unit.location, supported.kind, supported.location, to)


def _check_convoy(board: Board, position: Position, unit: Unit, order: Convoy) -> Convoy:
    if unit.kind is not UnitKind.FLEET or not board.can_convoy_from(unit.space):
        raise Illegal(Reason.ILLEGAL_NOT_CONVOYABLE)
    target_space, to_space = space_of(order.target), space_of(order.to)
    army = position.unit_at(target_space)
    if army is None:
        raise Illegal(Reason.ILLEGAL_NO_UNIT, at=target_space)
    if army.kind is not UnitKind.ARMY:
        raise Illegal(Reason.ILLEGAL_NOT_CONVOYABLE)
    if to_space == target_space:
        raise Illegal(Reason.ILLEGAL_OWN_SPACE)
    if board.spaces[to_space].is_sea or not board.convoy_possible(target_space, to_space, via=unit.space):
        raise Illegal(Reason.ILLEGAL_NO_CONVOY_ROUTE)
    return Convoy(unit.kind, unit.location, army.kind, army.location, to_space)
