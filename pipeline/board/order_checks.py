"""The legality of one order in the phase of a position: the check every family shares, and the
reading of an order from its text with a family's check.

`check_order` looks up the check of the order's kind in the phase (`SHARED_CHECKS`): the movement
kinds' are `pipeline.board.legality`'s, the retreats' and Diplomacy's adjustments' are here; a kind with no
check in the phase is refused as given in the wrong phase. A family with other orders (money, builds
bought) checks those first and hands the rest to `check_order` (`Family.check_order`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from pipeline.errors import AmbiguousOrderError, IllegalOrderError

from .adjustment import adjustments_due, build_location
from .board import Board, space_of
from .explain import check_words
from .legality import (
    DEFAULT_RULES,
    NO_LEGALITY_HOOKS,
    AnyLegalityHooks,
    Illegal,
    R,
    check_movement_order,
    check_unit,
    find_unit,
)
from .notation import parse_order
from .order_kinds import kind_of
from .orders import (
    MONEY_KINDS,
    MOVEMENT_KINDS,
    Ally,
    Build,
    Convert,
    Disband,
    Order,
    Remove,
    Retreat,
    Waive,
)
from .outcome import Reason
from .position import Dislodged, PhaseKind, Position
from .retreat import city_retreat, retreat_destination
from .rules import Rules
from .units import Unit, UnitKind

# a family's check of one order (`Family.check_order`), typed by the class of its games' options
OrderCheck = Callable[[Board, Position, str, Order, R], Order]
MOVEMENT, RETREAT, ADJUSTMENT = PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT


def check_order(
    board: Board,
    position: Position,
    power: str,
    order: Order,
    rules: Rules = DEFAULT_RULES,
    hooks: AnyLegalityHooks = NO_LEGALITY_HOOKS,
) -> Order:
    """Check one order on its own in the phase of `position`; return it as the adjudication reads it
    (exact places, the unit's kind written), or raise `Illegal` with the reason.

    The orders every family shares, with Diplomacy's adjustments; `hooks`: what the family adds to them."""
    check = SHARED_CHECKS.get((position.phase.kind, type(order)), wrong_phase)
    return check(board, position, power, order, rules, hooks)


def wrong_phase(
    board: Board, position: Position, power: str, order: Order, rules: Rules, hooks: AnyLegalityHooks
) -> Order:
    raise Illegal(Reason.ILLEGAL_WRONG_PHASE)


def _no_money(
    board: Board, position: Position, power: str, order: Order, rules: Rules, hooks: AnyLegalityHooks
) -> Order:
    raise Illegal(Reason.ILLEGAL_OPTION_OFF)  # no money in this game


def _check_ally(
    board: Board, position: Position, power: str, order: Ally, rules: Rules, hooks: AnyLegalityHooks
) -> Ally:
    if order.power not in board.powers:
        raise Illegal(Reason.ILLEGAL_NOT_OWNER)
    return order


def _dislodged(position: Position, power: str, kind: UnitKind | None, at: str) -> Dislodged:
    """The dislodged unit a retreat-phase order is for, checked to be the power's and of the kind named."""
    entry = next((d for d in position.dislodged if d.unit.space == space_of(at)), None)
    if entry is None:
        raise Illegal(Reason.NOT_DISLODGED)
    check_unit(kind, at, entry.unit, power)
    return entry


def _check_retreat(
    board: Board, position: Position, power: str, order: Retreat, rules: Rules, hooks: AnyLegalityHooks
) -> Retreat:
    entry = _dislodged(position, power, order.kind, order.at)
    unit = entry.unit
    return Retreat(unit.kind, unit.location, retreat_destination(board, position, entry, order.to, rules, hooks))


def _check_city_retreat(
    board: Board, position: Position, power: str, order: Convert, rules: Rules, hooks: AnyLegalityHooks
) -> Convert:
    """A dislodged unit retreats into its province's city, becoming its garrison, where the family allows it
    (`LegalityHooks.city_retreat`)."""
    entry = _dislodged(position, power, order.kind, order.at)
    if order.into is not UnitKind.GARRISON or not city_retreat(board, position, entry, rules, hooks):
        raise Illegal(Reason.ILLEGAL_NO_CITY)
    return Convert(entry.unit.kind, entry.unit.location, order.into)


def _check_disband(
    board: Board, position: Position, power: str, order: Disband, rules: Rules, hooks: AnyLegalityHooks
) -> Disband:
    unit = _dislodged(position, power, order.kind, order.at).unit
    return Disband(unit.kind, unit.location)


def _check_removal(
    board: Board, position: Position, power: str, order: Remove, rules: Rules, hooks: AnyLegalityHooks
) -> Remove:
    if adjustments_due(position, power) >= 0:
        raise Illegal(Reason.NO_REMOVAL_DUE)
    check_unit(order.kind, order.at, position.unit_at(space_of(order.at)), power)
    return order


def _check_build(
    board: Board, position: Position, power: str, order: Build, rules: Rules, hooks: AnyLegalityHooks
) -> Build:
    if adjustments_due(position, power) <= 0:
        raise Illegal(Reason.NO_BUILD_ALLOWED)
    build_location(board, position, power, order, set())
    return order


def _check_waive(
    board: Board, position: Position, power: str, order: Waive, rules: Rules, hooks: AnyLegalityHooks
) -> Waive:
    if adjustments_due(position, power) <= 0:
        raise Illegal(Reason.NO_BUILD_ALLOWED)
    return order


# the shared check of each kind in each phase; any other is refused as given in the wrong phase
SHARED_CHECKS: Mapping[tuple[PhaseKind, type], Callable[..., Order]] = {
    **{(MOVEMENT, kind): check_movement_order for kind in MOVEMENT_KINDS},
    **{(MOVEMENT, kind): _no_money for kind in MONEY_KINDS},
    (MOVEMENT, Ally): _check_ally,
    (RETREAT, Retreat): _check_retreat,
    (RETREAT, Convert): _check_city_retreat,
    (RETREAT, Disband): _check_disband,
    (ADJUSTMENT, Remove): _check_removal,
    (ADJUSTMENT, Build): _check_build,
    (ADJUSTMENT, Waive): _check_waive,
}


def read_order(
    text: str,
    board: Board,
    position: Position,
    power: str,
    rules: Rules = DEFAULT_RULES,
    check: OrderCheck[Any] | None = None,
) -> Order:
    """Read an order and check it is allowed in `position` for `power`.

    Raises `OrderSyntaxError` (not understood), `AmbiguousOrderError` (a coast must be named) or
    `IllegalOrderError` (understood, not allowed here), each with a message naming the order.
    Whether a convoy is ordered for a long army move depends on the other orders and is left to
    the adjudication. `check` is the legality check of the game's family (`Family.check_order`); by
    default the shared one, `check_order`.
    """
    order = parse_order(text, board, position.phase.kind)
    return check_parsed_order(text, order, board, position, power, rules, check)


def check_parsed_order(
    text: str,
    order: Order,
    board: Board,
    position: Position,
    power: str,
    rules: Rules = DEFAULT_RULES,
    check: OrderCheck[Any] | None = None,
) -> Order:
    """`read_order` for an order already parsed from `text` (which names it in the messages)."""
    try:
        return (check or check_order)(board, position, power, order, rules)
    except Illegal as why:
        quoted = text.strip()
        if why.reason is Reason.ILLEGAL_COAST_NEEDED:
            raise AmbiguousOrderError(f"order {quoted!r} is ambiguous: name the coast") from None
        words = check_words(why.reason, why.detail, order, board, position, power)
        raise IllegalOrderError(f"order {quoted!r}: {words}", why.reason, why.detail) from None


def unit_ordered(position: Position, order: Order) -> Unit | None:
    """The unit on the board an order is for (a dislodged one for a retreat or a disband in a retreat
    phase), if it stands there; None for an order that is for no unit already on the board (a build,
    money, an alliance) and for a name that fits two units."""
    at = getattr(order, "at", None)
    if at is None or not kind_of(order).for_unit:
        return None
    if kind_of(order).for_dislodged and position.phase.kind is PhaseKind.RETREAT:
        return next((d.unit for d in position.dislodged if d.unit.space == space_of(at)), None)
    try:
        return find_unit(position, getattr(order, "kind", None), at)
    except Illegal:
        return None


K = TypeVar("K")


def revised(orders: Sequence[tuple[K, Order]]) -> tuple[list[tuple[K, Order]], list[tuple[K, K]]]:
    """One power's orders as its set says them, read in the order written, as the judge reads an order
    and its revisions: in a kind with slots (`OrderKind.slot`), a later order for a slot replaces the
    earlier one where the kind `replaces` (``Expense 1:`` written twice: the second counts, the first is
    neither carried out nor charged), or is a second order there, refused (two payments to one power);
    an order that `clears` its slot (``Expense 2: none``, ``Pay 0 ducats to Milan``) leaves it empty and is
    no order itself. Each order comes with a key (where it is written); returns the orders kept, in the
    order written, and each refused order's key with the key of the order that holds its slot."""
    kept: dict[int, tuple[K, Order]] = {}
    holder: dict[tuple[str, object], int] = {}  # (kind, slot) -> the index of the order that holds it
    refused: list[tuple[K, K]] = []
    for i, (key, order) in enumerate(orders):
        kind = kind_of(order)
        if kind.slot is None:
            kept[i] = (key, order)
            continue
        slot = (kind.id, kind.slot(order))
        if slot in holder and not kind.replaces:
            refused.append((key, orders[holder[slot]][0]))
            continue
        kept.pop(holder.pop(slot, -1), None)
        if kind.clears is not None and kind.clears(order):
            if not kind.replaces:
                holder[slot] = i  # a payment of nothing still takes the recipient's one payment
            continue
        holder[slot] = i
        kept[i] = (key, order)
    return [kept[i] for i in sorted(kept)], refused


def revised_sets(orders: Sequence[tuple[str, Order]]) -> list[tuple[str, Order]]:
    """Each power's orders `revised`, as the adjudication plays them: a refused second order in a slot is
    left out (the first stands), in the order given."""
    powers = list(dict.fromkeys(power for power, _ in orders))
    kept = {power: revised([(i, o) for i, (p, o) in enumerate(orders) if p == power])[0] for power in powers}
    keys = sorted(i for found in kept.values() for i, _ in found)
    return [orders[i] for i in keys]
