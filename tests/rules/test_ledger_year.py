"""A whole year of Machiavelli from the 1454 start under each profile, with loans, gifts, bribes,
maintenance and builds given at random and dice derived from a seed: at every phase, every power's
treasury moves only by what the results account for (income, loans, payments, collections, expenses,
upkeep), so no ducat is created or lost outside the rules."""

from __future__ import annotations

import random

import pytest

from pipeline.board.board import Board
from pipeline.board.calendar import EventKind, PhaseResult
from pipeline.board.legal_orders import movement_options, retreat_choices
from pipeline.board.orders import Borrow, Build, Expense, Maintain, Order, Pay
from pipeline.board.outcome import Reason
from pipeline.board.position import PhaseKind, Position
from pipeline.board.rules import Rules
from pipeline.board.units import AUTONOMOUS, UnitKind
from pipeline.games import board_rules, family_of, play_phase, start_position
from pipeline.shared.dice import HashDice
from pipeline.storage.maps import shipped_board


def money_orders(board: Board, position: Position, rng: random.Random) -> list[tuple[str, Order]]:
    orders: list[tuple[str, Order]] = []
    powers = sorted(board.powers)
    for power in powers:
        if rng.random() < 0.5:
            orders.append((power, Borrow(rng.randrange(0, 30), rng.choice([1, 2]))))
        if rng.random() < 0.3:
            orders.append((power, Pay(rng.randrange(0, 15), rng.choice(["bank", *[p for p in powers if p != power]]))))
        targets = [u for u in position.units.values() if u.power != power]
        for number in range(1, rng.randrange(1, 4)):
            target = rng.choice(targets)
            kind = rng.choice(["disband", "buy", "counter-bribe", "to autonomous"])
            orders.append((power, Expense(number, rng.randrange(3, 30), kind, target.kind, target.location)))
    return orders


def adjustment_orders(board: Board, position: Position, rng: random.Random) -> list[tuple[str, Order]]:
    orders: list[tuple[str, Order]] = [
        (u.power, Maintain(u.kind, u.location)) for u in position.units.values() if u.power != AUTONOMOUS
    ]
    orders = [o for o in orders if rng.random() < 0.8]
    for space, sp in board.spaces.items():
        if sp.home and sp.city is not None and rng.random() < 0.3:
            orders.append((sp.home, Build(UnitKind.ARMY, space)))
    return orders


def accounted(result: PhaseResult, power: str) -> int:
    """The change of a power's treasury the results explain."""
    change = sum(line.ducats for line in result.income.get(power, ()))
    for o in result.outcomes:
        paid = int(o.detail.get("paid", 0))
        if isinstance(o.order, Borrow) and o.power == power:
            change += int(o.detail.get("granted", 0))
        elif isinstance(o.order, Pay) and o.order.to == power and o.succeeded:
            change += paid  # a gift received
        elif o.power == power and (o.succeeded or o.reason is not Reason.SUCCEEDS):
            change -= paid  # a payment, a collection, an expense, maintenance or a build
    return change


def play_year(board: Board, rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    position = start_position(board, board_rules("judge"))  # from spring, as the year is played here
    while position.phase.year < 1455 or position.phase.kind is not PhaseKind.MOVEMENT:
        kind = position.phase.kind
        if kind is PhaseKind.MOVEMENT:
            options = movement_options(
                board, position, rules, family_of(rules).unit_order_extras, family_of(rules).legality_hooks
            )
            orders = [(position.units[s].power, rng.choice(opts)) for s, opts in options.items() if opts]
            if not (rules.calendar == "objectif" and position.phase.season == "spring"):
                orders += money_orders(board, position, rng)
        elif kind is PhaseKind.RETREAT:
            choices = retreat_choices(board, position, rules, family_of(rules).legality_hooks)
            orders = [(d.unit.power, rng.choice(choices[d.unit.space])) for d in position.dislodged]
        else:
            orders = adjustment_orders(board, position, rng) + money_orders(board, position, rng)
        result = play_phase(board, position, orders, rules, HashDice(f"ledger {seed}"))
        eliminated = {e.place for e in result.events if e.kind is EventKind.ELIMINATED}
        for power in board.powers:
            before, after = position.ledger.ducats(power), result.after.ledger.ducats(power)
            if power in eliminated:
                assert after == 0
                continue
            assert after == before + accounted(result, power), (str(position.phase), power)
            assert after >= 0
        position = result.after


@pytest.mark.parametrize("name", ["judge", "objectif"])
@pytest.mark.parametrize("seed", range(4))
def test_no_ducat_is_created_or_lost_in_a_year(name: str, seed: int) -> None:
    rules = board_rules(name)
    play_year(shipped_board(rules.map), rules, seed)
