"""Machiavelli's borrowing phase, at the start of every campaign [M 12.2] (judge, borrowing; Objectif §6.4).

In this order, all powers at once:
1. payments to the bank: early repayment, interest first, earliest-due loan first; never more than is
   owed, nor more than the treasury holds before anything comes in;
2. payments to other powers, from what is left (a power that still owes the bank may not give: option
   `gift_while_indebted`), credited to the receivers after every payment is made;
3. borrowing: one or two years at 20 % or 50 %, interest rounded up, while the outstanding principal stays
   within 25 ducats (Objectif: principal and interest, option `loan_limit_basis`); a loan beyond the limit
   is cut to what fits (option `loan_excess: cap`) or refused (`reject`);
4. the bank collects every loan due this season; a power that cannot pay defaults: its treasury goes to
   the bank, the debt is cancelled, and the bank never lends to it again [M 12.9]. A default has the
   effects of an assassination too; those come with the expenses.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from pipeline.board.ledger import Ledger, Loan
from pipeline.board.order_kinds.borrow import KIND as BORROW
from pipeline.board.order_kinds.pay import KIND as PAY
from pipeline.board.orders import Borrow, Order, Pay
from pipeline.board.outcome import Outcome, Reason
from pipeline.board.position import Position

from .options import MachiavelliOptions

LOAN_RATES = {1: 0.2, 2: 0.5}  # years -> interest rate [M 12.3] (judge, borrowing; Objectif §6.4 b)
LOAN_LIMIT = 25  # ducats (principal, or principal and interest: the `loan_limit_basis` option)


def loan_interest(principal: int, years: int) -> int:
    """20 % for one year, 50 % for two, always rounded up."""
    return math.ceil(principal * LOAN_RATES[years] - 1e-9)


@dataclass(frozen=True)
class BankingResult:
    position: Position
    outcomes: tuple[Outcome, ...]
    defaulted: frozenset[str]  # powers that could not pay a loan due this season


@dataclass
class _Books:
    """The treasuries and loans as the borrowing phase changes them, and the outcomes so far, in order."""

    treasury: dict[str, int]
    loans: dict[str, list[Loan]]
    banned: set[str]
    outcomes: list[Outcome] = field(default_factory=list)
    defaulted: set[str] = field(default_factory=set)


def settle_banking(position: Position, orders: Iterable[tuple[str, Order]], rules: MachiavelliOptions) -> BankingResult:
    """Carry out the money orders of a campaign; the other orders are left alone."""
    ledger = position.ledger
    books = _Books(dict(ledger.treasury), {p: list(ls) for p, ls in ledger.loans.items()}, set(ledger.banned))
    money = [(p, o) for p, o in orders if BORROW.of(o) is not None or PAY.of(o) is not None]
    if not (rules.loans and rules.dice):  # `noloans` or `nodice`: no bank at all; gifts between powers still work
        books.outcomes += [Outcome(p, o, False, Reason.ILLEGAL_OPTION_OFF) for p, o in money if _with_bank(o)]
        money = [(p, o) for p, o in money if not _with_bank(o)]
    _pay_the_bank(books, money)
    _pay_the_powers(books, money, rules)
    _borrow(books, money, rules, position, ledger.banned)
    _collect(books, position)
    new_ledger = Ledger.build(books.treasury, {p: tuple(ls) for p, ls in books.loans.items()}, books.banned)
    return BankingResult(position.with_ledger(new_ledger), tuple(books.outcomes), frozenset(books.defaulted))


def _pay_the_bank(books: _Books, money: list[tuple[str, Order]]) -> None:
    """1. Payments to the bank: never more than is owed, nor than the treasury holds."""
    treasury, loans = books.treasury, books.loans
    for power, given in money:
        order = PAY.of(given)
        if order is not None and order.to == "bank":
            owed = sum(loan.owed for loan in loans.get(power, []))
            amount = min(order.ducats, treasury.get(power, 0), owed)
            if amount == 0:
                books.outcomes.append(
                    Outcome(power, order, False, Reason.NOTHING_OWED if not owed else Reason.NO_FUNDS)
                )
                continue
            treasury[power] = treasury.get(power, 0) - amount
            loans[power] = _repay(loans.get(power, []), amount)
            books.outcomes.append(Outcome(power, order, True, Reason.SUCCEEDS, {"paid": str(amount)}))


def _pay_the_powers(books: _Books, money: list[tuple[str, Order]], rules: MachiavelliOptions) -> None:
    """2. Payments to other powers, credited once all are made."""
    treasury = books.treasury
    incoming: dict[str, int] = {}
    for power, given in money:
        order = PAY.of(given)
        if order is not None and order.to != "bank":
            if books.loans.get(power) and rules.gift_while_indebted == "forbidden":
                books.outcomes.append(Outcome(power, order, False, Reason.IN_DEBT))
                continue
            amount = min(order.ducats, treasury.get(power, 0))
            if amount == 0:
                books.outcomes.append(Outcome(power, order, False, Reason.NO_FUNDS))
                continue
            treasury[power] = treasury.get(power, 0) - amount
            incoming[order.to] = incoming.get(order.to, 0) + amount
            books.outcomes.append(Outcome(power, order, True, Reason.SUCCEEDS, {"paid": str(amount)}))
    for power, amount in incoming.items():
        treasury[power] = treasury.get(power, 0) + amount


def _borrow(
    books: _Books,
    money: list[tuple[str, Order]],
    rules: MachiavelliOptions,
    position: Position,
    banned: frozenset[str],
) -> None:
    """3. Borrowing, one loan per duration, within the bank's limit; never to a power it banned before."""
    phase = position.phase
    for power, given in money:
        order = BORROW.of(given)
        if order is None:
            continue
        if power in banned:
            books.outcomes.append(Outcome(power, order, False, Reason.BANNED))
            continue
        granted = _grant(order, books.loans.get(power, []), rules)
        if granted == 0 or (granted < order.ducats and rules.loan_excess == "reject"):
            books.outcomes.append(Outcome(power, order, False, Reason.OVER_LIMIT))
            continue
        loan = Loan(phase.year + order.years, phase.season, granted, loan_interest(granted, order.years))
        books.loans.setdefault(power, []).append(loan)
        books.treasury[power] = books.treasury.get(power, 0) + granted
        detail = {"granted": str(granted), "due": str(loan)}
        reason = Reason.SUCCEEDS if granted == order.ducats else Reason.CUT
        books.outcomes.append(Outcome(power, order, True, reason, detail))


def _collect(books: _Books, position: Position) -> None:
    """4. The bank collects what is due this season; a power that cannot pay defaults [M 12.9]."""
    phase = position.phase
    treasury, loans = books.treasury, books.loans
    for power in sorted(loans):
        due = [loan for loan in loans[power] if (loan.due_year, loan.due_season) == (phase.year, phase.season)]
        owed = sum(loan.owed for loan in due)
        if not owed:
            continue
        held = treasury.get(power, 0)
        if held >= owed:
            treasury[power] = held - owed
            loans[power] = [loan for loan in loans[power] if loan not in due]
            books.outcomes.append(Outcome(power, Pay(owed, "bank"), True, Reason.COLLECTED, {"paid": str(owed)}))
        else:  # default: the bank takes everything, cancels the debt, and lends no more
            books.outcomes.append(Outcome(power, Pay(held, "bank"), False, Reason.DEFAULTED, {"paid": str(held)}))
            treasury[power] = 0
            loans[power] = []
            books.defaulted.add(power)
            books.banned.add(power)


def _with_bank(order: Order) -> bool:
    """A loan, or a payment to the bank (not a gift to a power)."""
    pay = PAY.of(order)
    return pay is None or pay.to == "bank"


def _repay(loans: list[Loan], amount: int) -> list[Loan]:
    """Pay `amount` off the loans, earliest due first, each one's interest before its principal."""
    out = []
    for loan in sorted(loans, key=lambda loan: loan.due_order):
        interest = min(amount, loan.interest)
        amount -= interest
        principal = min(amount, loan.principal)
        amount -= principal
        left = Loan(loan.due_year, loan.due_season, loan.principal - principal, loan.interest - interest)
        if left.owed:
            out.append(left)
    return out


def _grant(order: Borrow, loans: list[Loan], rules: MachiavelliOptions) -> int:
    """The largest part of the loan asked for that keeps the debt within the bank's limit."""
    if rules.loan_limit_basis == "principal":
        return max(0, min(order.ducats, LOAN_LIMIT - sum(loan.principal for loan in loans)))
    room = LOAN_LIMIT - sum(loan.owed for loan in loans)
    ducats = order.ducats
    while ducats > 0 and ducats + loan_interest(ducats, order.years) > room:
        ducats -= 1
    return ducats
