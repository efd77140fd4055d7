"""Whether a single order is allowed where its unit stands: the checks that need no other order.

Each check returns the order with its destination made exact (the coast a fleet can reach filled
in), or raises `Illegal` with the reason code. Whether fleets stand where they could carry an army's
move by convoy depends on the other units, so `pipeline.board.movement` checks that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .board import Board, coast_of, space_of
from .orders import (
    Besiege,
    Convert,
    Convoy,
    Hold,
    LiftSiege,
    Move,
    MovementOrder,
    SupportConvert,
    SupportHold,
    SupportMove,
)
from .outcome import Reason, SubReason
from .position import Dislodged, Position
from .rules import Rules
from .units import ARMY, CITY, FLEET, GARRISON, Unit, UnitKind

DEFAULT_RULES = Rules()
# the options of a family's game: the shared `Rules`, or a family's subclass of them (Machiavelli's); a family's
# hooks are typed by its own, and the engine hands them the game's options as it got them
R = TypeVar("R", bound=Rules)


class Illegal(Exception):
    """An order that cannot be carried out, with the reason code for the report."""

    def __init__(self, reason: Reason, why: SubReason | None = None, **detail: str) -> None:
        super().__init__(reason.value)
        self.reason = reason
        self.detail = detail if why is None else detail | {"why": why.value}  # (`detail`: a new dict each call)


def check_unit(order_kind: UnitKind | None, order_at: str, unit: Unit | None, power: str) -> Unit:
    """The order's unit must exist, belong to `power`, and be of the kind named."""
    if unit is None:
        raise Illegal(Reason.ILLEGAL_NO_UNIT, at=space_of(order_at))
    if unit.power != power:
        raise Illegal(Reason.ILLEGAL_NOT_OWNER, owner=unit.power)
    if order_kind is not None and order_kind is not unit.kind:
        raise Illegal(Reason.ILLEGAL_WRONG_KIND, actual=unit.kind.value)
    return unit  # a wrong coast in the unit's own place is ignored: the unit is known [D 2.7] (DATC 6.B.10)


def find_unit(position: Position, kind: UnitKind | None, at: str) -> Unit | None:
    """The unit an order names: ``G x`` is the garrison in the city of x, ``A x`` and ``F x`` the unit in
    the province; with no kind given, whichever is there (both there: ambiguous)."""
    space = at.partition("/")[0]  # `space_of`, without its call: every order asks
    if kind is GARRISON:
        return position.units.get(space + CITY)
    unit = position.units.get(space)
    if kind is None:
        garrison = position.units.get(space + CITY)
        if unit is not None and garrison is not None:
            raise Illegal(Reason.ILLEGAL_AMBIGUOUS_UNIT)
        return unit or garrison
    return unit


@dataclass(frozen=True)
class LegalityHooks(Generic[R]):
    """What a family adds to the shared checks of one order and to the retreats (`pipeline.board.retreat`),
    each hook named for what it decides. A hook left None (all of them for Diplomacy) adds nothing; the
    movement plan asks them through `MovementHooks.legality`; docs/architecture.md lists Machiavelli's."""

    garrison_city: Callable[[Board, str, R], bool] | None = None  # may the province's city hold a garrison?
    army_besieges_port: Callable[[R], bool] | None = None  # may an army besiege a port city? (None: yes)
    retreat_closed: Callable[[Board, Position, Unit, str, R], bool] | None = None  # shut to this retreat?
    space_taken: Callable[[Board, Position, str], bool] | None = None  # held, though no unit stands in it?
    city_retreat: Callable[[Board, Position, Dislodged, R], bool] | None = None  # retreat into its city?


AnyLegalityHooks = LegalityHooks[Any]  # a game's family's hooks, as the engine holds them
NO_LEGALITY_HOOKS: AnyLegalityHooks = LegalityHooks()


def garrison_city(board: Board, province: str, rules: Rules, hooks: AnyLegalityHooks = NO_LEGALITY_HOOKS) -> bool:
    """Can the city of `province` hold a garrison under these rules? The family says
    (`LegalityHooks.garrison_city`); no city can where it says nothing."""
    return hooks.garrison_city is not None and hooks.garrison_city(board, province, rules)


def step_destination(board: Board, unit: Unit, to: str) -> str:
    """The exact location a one-step move of `unit` to `to` ends at, or raise `Illegal`.

    Armies ignore coasts. A fleet naming no coast of a split-coast space gets the one coast it can
    reach; if it can reach two, the order is ambiguous and illegal [D 2.7] (the DATC's preference).
    """
    space = space_of(to)
    target = board.spaces[space]
    if space == unit.space:
        raise Illegal(Reason.ILLEGAL_OWN_SPACE)
    if unit.kind is ARMY:
        if target.is_sea or target.no_armies:
            raise Illegal(Reason.ILLEGAL_TERRAIN)
        if not board.adjacent(ARMY, unit.location, space):
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


def check_movement_order(
    board: Board,
    position: Position,
    power: str,
    order: MovementOrder,
    rules: Rules = DEFAULT_RULES,
    hooks: AnyLegalityHooks = NO_LEGALITY_HOOKS,
) -> MovementOrder:
    """Check one movement-phase order on its own, with the family's `hooks`; return it with exact
    destinations."""
    return check_order_of(board, position, power, order, find_unit(position, order.kind, order.at), rules, hooks)


def check_order_of(
    board: Board,
    position: Position,
    power: str,
    order: MovementOrder,
    found: Unit | None,
    rules: Rules,
    hooks: AnyLegalityHooks = NO_LEGALITY_HOOKS,
) -> MovementOrder:
    """`check_movement_order` for the unit `found` already where the order names it (`find_unit`)."""
    unit = check_unit(order.kind, order.at, found, power)
    if unit.kind is GARRISON and type(order) not in _GARRISON_ORDERS:
        raise Illegal(Reason.ILLEGAL_GARRISON)
    return _MOVEMENT_CHECKS[type(order)](board, position, unit, order, rules, hooks)


def _check_hold(
    board: Board, position: Position, unit: Unit, order: Hold, rules: Rules, hooks: AnyLegalityHooks
) -> Hold:
    return order if order.kind is unit.kind and order.at == unit.location else Hold(unit.kind, unit.location)


def _check_move(
    board: Board, position: Position, unit: Unit, order: Move, rules: Rules, hooks: AnyLegalityHooks
) -> Move:
    if unit.kind is FLEET:
        if order.via_convoy:
            raise Illegal(Reason.ILLEGAL_NOT_CONVOYABLE)
        to = step_destination(board, unit, order.to)
        return (
            order if to == order.to and order.kind and order.at == unit.location else Move(unit.kind, unit.location, to)
        )
    space = order.to.partition("/")[0]  # `space_of`, without its call
    if space == unit.space:
        raise Illegal(Reason.ILLEGAL_OWN_SPACE)
    target = board.spaces[space]
    if target.is_sea or target.no_armies:
        raise Illegal(Reason.ILLEGAL_TERRAIN)
    if space not in board.army_adjacency[unit.space] and not board.convoy_possible(unit.space, space):
        raise Illegal(Reason.ILLEGAL_NOT_ADJACENT)
    if space == order.to and order.kind and order.at == unit.location:
        return order
    return Move(unit.kind, unit.location, space, order.via_convoy)


def _check_support(
    board: Board,
    position: Position,
    unit: Unit,
    order: SupportHold | SupportMove | SupportConvert,
    rules: Rules,
    hooks: AnyLegalityHooks,
) -> SupportHold | SupportMove | SupportConvert:
    supported = find_unit(position, order.target_kind, order.target)
    if supported is None:
        raise Illegal(Reason.ILLEGAL_NO_UNIT, at=space_of(order.target))
    if supported.space == unit.space:
        raise Illegal(Reason.ILLEGAL_OWN_SPACE)
    # a garrison supports only into its own province; others must be able to move where they support
    reach = {unit.location} if unit.kind is GARRISON else board.reachable_spaces(unit.kind, unit.location)
    # (the kinds told apart by `type(order) is`, and `space_of` written out as `partition`: quicker, for the
    # commonest order of a phase)
    if type(order) is SupportHold:
        target_space = supported.location.partition("/")[0]
        if target_space not in reach:
            raise Illegal(Reason.ILLEGAL_UNREACHABLE, at=target_space)
        same = order.target_kind is supported.kind and order.target == supported.location
        if order.kind and order.at == unit.location and same:
            return order
        return SupportHold(unit.kind, unit.location, supported.kind, supported.location)
    if type(order) is SupportConvert:
        province = supported.location
        if supported.kind is not GARRISON or order.into is GARRISON:
            raise Illegal(Reason.ILLEGAL_CONVERSION)
        if province not in reach or province == unit.space:
            raise Illegal(Reason.ILLEGAL_UNREACHABLE, at=province)
        return SupportConvert(unit.kind, unit.location, supported.kind, supported.location, order.into)
    assert type(order) is SupportMove  # the third kind of support (the two above return)
    to_space = order.to.partition("/")[0]
    if to_space == unit.space or to_space == supported.space:
        raise Illegal(Reason.ILLEGAL_OWN_SPACE)
    if to_space not in reach:
        raise Illegal(Reason.ILLEGAL_UNREACHABLE, at=to_space)
    # a coast named in the support stays: it must match the move's coast [D 2.8] (DATC 6.B.9)
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


def _check_convoy(
    board: Board, position: Position, unit: Unit, order: Convoy, rules: Rules, hooks: AnyLegalityHooks
) -> Convoy:
    if unit.kind is not FLEET or not board.can_convoy_from(unit.space):
        raise Illegal(Reason.ILLEGAL_NOT_CONVOYABLE)
    target_space, to_space = space_of(order.target), space_of(order.to)
    army = position.units.get(target_space)
    if army is None:
        raise Illegal(Reason.ILLEGAL_NO_UNIT, at=target_space)
    if army.kind is not ARMY:
        raise Illegal(Reason.ILLEGAL_NOT_CONVOYABLE)
    if to_space == target_space:
        raise Illegal(Reason.ILLEGAL_OWN_SPACE)
    if (
        board.spaces[to_space].is_sea
        or board.spaces[to_space].no_armies
        or not board.convoy_possible(target_space, to_space, via=unit.space)
    ):
        raise Illegal(Reason.ILLEGAL_NO_CONVOY_ROUTE)
    if rules.convoy_orders == "necessary_fleet" and not board.needed_on_route(target_space, to_space, unit.space):
        raise Illegal(Reason.ILLEGAL_NO_CONVOY_ROUTE, why=SubReason.NOT_NEEDED)  # DATC v3.0 6.G.19 [D 4.1]
    return Convoy(unit.kind, unit.location, army.kind, army.location, to_space)


def _check_convert(
    board: Board, position: Position, unit: Unit, order: Convert, rules: Rules, hooks: AnyLegalityHooks
) -> Convert:
    """Army or fleet into the garrison of its province's empty fortified city, or the reverse; fleets only
    in ports; never army to fleet at once; a besieged garrison cannot convert."""
    province = space_of(unit.location)
    city = board.spaces[province].city
    if order.into is unit.kind:
        raise Illegal(Reason.ILLEGAL_CONVERSION)
    fleet = FLEET in (unit.kind, order.into)
    if not garrison_city(board, province, rules, hooks) or city is None or (fleet and not city.port):
        raise Illegal(Reason.ILLEGAL_NO_CITY)
    if unit.kind is GARRISON:
        if province in position.sieges:
            raise Illegal(Reason.ILLEGAL_CONVERSION)
        if order.into is ARMY and not board.can_hold(ARMY, province):
            raise Illegal(Reason.ILLEGAL_TERRAIN)
        if order.into is FLEET and board.spaces[province].coasts:
            raise Illegal(Reason.ILLEGAL_COAST_NEEDED)
    elif order.into is not GARRISON:
        raise Illegal(Reason.ILLEGAL_CONVERSION)  # army to fleet takes two campaigns, through a garrison
    elif position.units.get(province + CITY) is not None:
        raise Illegal(Reason.ILLEGAL_CITY_OCCUPIED)
    return Convert(unit.kind, unit.location, order.into)


def _check_lift(
    board: Board, position: Position, unit: Unit, order: LiftSiege, rules: Rules, hooks: AnyLegalityHooks
) -> LiftSiege:
    if space_of(unit.location) not in position.sieges:
        raise Illegal(Reason.ILLEGAL_NOT_BESIEGING)
    return LiftSiege(unit.kind, unit.location)


def _check_besiege(
    board: Board, position: Position, unit: Unit, order: Besiege, rules: Rules, hooks: AnyLegalityHooks
) -> Besiege:
    province = space_of(unit.location)
    garrison = position.units.get(province + CITY)
    rebellion = position.rebellions.get(province)
    rebel_city = garrison is None and rebellion is not None and rebellion.city and rebellion.target == unit.power
    if not rebel_city and (garrison is None or garrison.power == unit.power):
        raise Illegal(Reason.ILLEGAL_NOTHING_TO_BESIEGE)
    city = board.spaces[province].city
    assert city is not None  # a garrison or a rebellion in a city: there is one
    if unit.kind is FLEET and not city.port:
        raise Illegal(Reason.ILLEGAL_NO_CITY)
    if unit.kind is ARMY and city.port and hooks.army_besieges_port is not None and not hooks.army_besieges_port(rules):
        raise Illegal(Reason.ILLEGAL_NO_CITY)
    return Besiege(unit.kind, unit.location)


# the check of each kind of movement order, given the unit it is for
_MOVEMENT_CHECKS: dict[type, Callable[..., MovementOrder]] = {
    Hold: _check_hold,
    Move: _check_move,
    SupportHold: _check_support,
    SupportMove: _check_support,
    SupportConvert: _check_support,
    Convoy: _check_convoy,
    Convert: _check_convert,
    Besiege: _check_besiege,
    LiftSiege: _check_lift,
}
# a garrison holds and supports into its own province, or converts; it never moves, convoys nor besieges
_GARRISON_ORDERS = frozenset({Hold, SupportHold, SupportMove, SupportConvert, Convert})
