"""Machiavelli's orders checked on their own: the money orders of a money phase (loans, payments,
permissions, expenses) and the adjustment phase's maintenance and bought builds; every other order is
checked by the shared check (`pipeline.core.notation.check_order`). Also the position an order file is
checked on when it buys units."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from pipeline.core.board import Board
from pipeline.core.legality import Illegal, check_unit, find_unit
from pipeline.core.notation import check_order as shared_check
from pipeline.core.orders import MONEY_KINDS, Build, Expense, Maintain, Order, Pay, PermitBribes, Remove, Waive
from pipeline.core.outcome import Reason
from pipeline.core.position import PhaseKind, Position
from pipeline.core.rules import Rules

from .expenses import check_expense
from .upkeep import new_unit


def money_before_adjustments(rules: Rules, season: str) -> bool:
    """Objectif's calendar: the spring's loans and expenses are settled in the adjustment phase that
    opens it; otherwise in each campaign's movement phase."""
    return rules.calendar == "objectif" and season == "spring"


def money_phase(position: Position, rules: Rules) -> bool:
    """Are loans, payments and expenses ordered in this phase?"""
    early = money_before_adjustments(rules, position.phase.season)
    return position.phase.kind is (PhaseKind.ADJUSTMENT if early else PhaseKind.MOVEMENT)


def check_order(board: Board, position: Position, power: str, order: Order, rules: Rules) -> Order:
    """Check one order on its own in the phase of `position`; raise `Illegal` with the reason."""
    kind = position.phase.kind
    if isinstance(order, MONEY_KINDS):
        if not money_phase(position, rules):
            raise Illegal(Reason.ILLEGAL_WRONG_PHASE)
        if isinstance(order, Pay) and order.to != "bank" and (order.to not in board.powers or order.to == power):
            raise Illegal(Reason.ILLEGAL_NOT_OWNER)
        if isinstance(order, PermitBribes) and (order.power not in board.powers or order.power == power):
            raise Illegal(Reason.ILLEGAL_NOT_OWNER)
        if isinstance(order, Expense):
            check_expense(board, position, power, order, rules)
        return order
    if kind is PhaseKind.ADJUSTMENT and isinstance(order, Waive):
        raise Illegal(Reason.ILLEGAL_WRONG_PHASE)  # nothing to give up: builds are bought (`upkeep` refuses it too)
    if kind is PhaseKind.ADJUSTMENT and isinstance(order, (Build, Remove, Maintain)):
        if isinstance(order, Build):
            new_unit(board, position, power, order, dict(position.units), set(), set(), rules)
        else:
            check_unit(order.kind, order.at, find_unit(position, order.kind, order.at), power)
        return order
    return shared_check(board, position, power, order, rules)


def bought(position: Position, power: str, orders: Iterable[Order]) -> Position:
    """The position as the power hopes it after its purchases (a power may order a unit it buys in the
    same campaign; if the purchase fails, those orders are void at adjudication)."""
    units = dict(position.units)
    for order in orders:
        if isinstance(order, Expense) and order.kind == "buy":
            try:
                unit = find_unit(position, order.target_kind, order.target)
            except Illegal:
                continue  # reported when the expense itself is checked
            if unit is not None:
                units[unit.space] = dataclasses.replace(unit, power=power)
    return dataclasses.replace(position, units=units)
