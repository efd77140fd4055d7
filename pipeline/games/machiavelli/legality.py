"""Machiavelli's orders checked on their own: the money orders of a money phase (loans, payments,
permissions, expenses) and the adjustment phase's maintenance and bought builds; every other order is
checked by the shared check (`pipeline.board.order_checks.check_order`). Also the position an order file is
checked on when it buys units."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping

from pipeline.board.board import Board
from pipeline.board.legality import Illegal, check_unit, find_unit
from pipeline.board.order_checks import check_order as shared_check
from pipeline.board.order_kinds.expense import KIND as EXPENSE
from pipeline.board.orders import (
    Borrow,
    Build,
    Expense,
    GiveChit,
    Maintain,
    Order,
    Pay,
    PermitBribes,
    Remove,
    Waive,
)
from pipeline.board.outcome import Reason
from pipeline.board.position import PhaseKind, Position

from .expenses import check_expense
from .legality_hooks import LEGALITY_HOOKS
from .options import MachiavelliOptions
from .upkeep import new_unit


def money_before_adjustments(rules: MachiavelliOptions, season: str) -> bool:
    """Objectif's calendar: the spring's loans and expenses are settled in the adjustment phase that
    opens it; otherwise in each campaign's movement phase."""
    return rules.calendar == "objectif" and season == "spring"


def money_phase(position: Position, rules: MachiavelliOptions) -> bool:
    """Are loans, payments and expenses ordered in this phase?"""
    early = money_before_adjustments(rules, position.phase.season)
    return position.phase.kind is (PhaseKind.ADJUSTMENT if early else PhaseKind.MOVEMENT)


def check_order(board: Board, position: Position, power: str, order: Order, rules: MachiavelliOptions) -> Order:
    """Check one order on its own in the phase of `position`; raise `Illegal` with the reason."""
    money = _MONEY_CHECKS.get(type(order))
    if money is not None:
        if not money_phase(position, rules):
            raise Illegal(Reason.ILLEGAL_WRONG_PHASE)
        return money(board, position, power, order, rules)
    check = _CHECKS.get((position.phase.kind, type(order)))
    if check is None:
        return shared_check(board, position, power, order, rules, LEGALITY_HOOKS)
    return check(board, position, power, order, rules)


def _check_borrow(board: Board, position: Position, power: str, order: Borrow, rules: MachiavelliOptions) -> Borrow:
    return order  # how much the bank lends is settled with the loans (`banking`)


def _check_pay(board: Board, position: Position, power: str, order: Pay, rules: MachiavelliOptions) -> Pay:
    if order.to != "bank" and (order.to not in board.powers or order.to == power):
        raise Illegal(Reason.ILLEGAL_NOT_OWNER)
    return order


def _check_permit(
    board: Board, position: Position, power: str, order: PermitBribes, rules: MachiavelliOptions
) -> PermitBribes:
    if order.power not in board.powers or order.power == power:
        raise Illegal(Reason.ILLEGAL_NOT_OWNER)
    return order


def _check_give_chit(
    board: Board, position: Position, power: str, order: GiveChit, rules: MachiavelliOptions
) -> GiveChit:
    return order  # whether the chit is there to give is settled with the expenses (`expenses`)


def _check_expense(board: Board, position: Position, power: str, order: Expense, rules: MachiavelliOptions) -> Expense:
    check_expense(board, position, power, order, rules)
    return order


def _no_waive(board: Board, position: Position, power: str, order: Waive, rules: MachiavelliOptions) -> Waive:
    raise Illegal(Reason.ILLEGAL_WRONG_PHASE)  # nothing to give up: builds are bought (`upkeep` refuses it too)


def _check_build(board: Board, position: Position, power: str, order: Build, rules: MachiavelliOptions) -> Build:
    new_unit(board, position, power, order, dict(position.units), set(), set(), rules)
    return order


def _check_kept(
    board: Board, position: Position, power: str, order: Maintain | Remove, rules: MachiavelliOptions
) -> Order:
    """A unit maintained or removed must be the power's."""
    check_unit(order.kind, order.at, find_unit(position, order.kind, order.at), power)
    return order


_MONEY_CHECKS: Mapping[type, Callable[..., Order]] = {
    Borrow: _check_borrow,
    Pay: _check_pay,
    PermitBribes: _check_permit,
    GiveChit: _check_give_chit,
    Expense: _check_expense,
}
# the family's own checks of the other kinds, by phase; any other is the shared check's
_CHECKS: Mapping[tuple[PhaseKind, type], Callable[..., Order]] = {
    (PhaseKind.ADJUSTMENT, Waive): _no_waive,
    (PhaseKind.ADJUSTMENT, Build): _check_build,
    (PhaseKind.ADJUSTMENT, Maintain): _check_kept,
    (PhaseKind.ADJUSTMENT, Remove): _check_kept,
}


def bought(position: Position, power: str, orders: Iterable[Order]) -> Position:
    """The position as the power hopes it after its purchases (a power may order a unit it buys in the
    same campaign; if the purchase fails, those orders are void at adjudication)."""
    units = dict(position.units)
    for order in orders:
        expense = EXPENSE.of(order)
        if expense is not None and expense.kind == "buy":
            try:
                unit = find_unit(position, expense.target_kind, expense.target)
            except Illegal:
                continue  # reported when the expense itself is checked
            if unit is not None:
                units[unit.space] = dataclasses.replace(unit, power=power)
    return dataclasses.replace(position, units=units)


def position_for(position: Position, bought: Position, power: str, order: Order) -> Position:
    """Where one order of a file is checked: an order for a unit the file buys, on `bought` (as if bought);
    any other order (the purchase itself included) on the position as it is."""
    at = getattr(order, "at", None)
    if at is None:
        return position
    kind = getattr(order, "kind", None)
    try:
        now, then = find_unit(position, kind, at), find_unit(bought, kind, at)
    except Illegal:
        return position
    return bought if now is not None and then is not None and now.power != power and then.power == power else position
