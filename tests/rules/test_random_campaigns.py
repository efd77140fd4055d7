"""Random legal orders for a year of Machiavelli campaigns under each profile: whatever the orders, the
adjudicator keeps the board's invariants, and the same orders always give the same positions."""

from __future__ import annotations

import random

import pytest

from pipeline.board.board import Board
from pipeline.board.legal_orders import movement_options, retreat_choices
from pipeline.board.notation import parse_order
from pipeline.board.orders import Maintain
from pipeline.board.position import Phase, PhaseKind, Position
from pipeline.board.rules import Rules
from pipeline.board.units import AUTONOMOUS, CITY, UnitKind
from pipeline.games import board_rules, family_of, play_phase, start_position
from pipeline.shared.dice import HashDice
from pipeline.storage.maps import shipped_board


def check_invariants(board: Board, position: Position) -> None:
    for space, unit in position.units.items():
        assert unit.space == space
        assert board.can_hold(unit.kind, unit.location), unit
        province = unit.location.split("/")[0]
        if unit.kind is UnitKind.GARRISON:
            assert position.cities.get(province) == unit.power  # a garrison controls its city
        elif not board.spaces[province].is_sea:  # seas are never controlled
            assert position.owners.get(province) == unit.power  # the last army or fleet controls its province
        if board.spaces[province].single_unit:  # Venice: one unit only
            assert not (province in position.units and province + CITY in position.units)
    for province in position.sieges:
        garrison = position.units.get(province + CITY)
        assert garrison is not None and position.units.get(province) is not None


def play_year(board: Board, rules: Rules, seed: int) -> list[Position]:
    rng = random.Random(seed)
    position = start_position(board, board_rules("judge"))  # from spring, as the year is played here
    seen = [position]
    start_year = position.phase.year
    while position.phase.year == start_year or position.phase.kind is not PhaseKind.MOVEMENT:
        if position.phase.kind is PhaseKind.ADJUSTMENT:  # keep most units, in random order
            orders = [(u.power, Maintain(u.kind, u.location)) for u in position.units.values() if u.power != AUTONOMOUS]
            rng.shuffle(orders)
            orders = orders[: len(orders) * 4 // 5]
        elif position.phase.kind is PhaseKind.MOVEMENT:
            options = movement_options(
                board, position, rules, family_of(rules).unit_order_extras, family_of(rules).legality_hooks
            )
            orders = [(position.units[s].power, rng.choice(opts)) for s, opts in options.items() if opts]
        else:
            choices = retreat_choices(board, position, rules, family_of(rules).legality_hooks)
            orders = [(d.unit.power, rng.choice(choices[d.unit.space])) for d in position.dislodged]
        for _, order in orders if position.phase.kind is not PhaseKind.ADJUSTMENT else ():  # read back from text
            assert parse_order(str(order), board, position.phase.kind) == order
        result = play_phase(board, position, orders, rules, HashDice(f"test {seed}"))
        assert all(o.reason.value != "illegal_no_unit" for o in result.outcomes)
        position = result.after
        check_invariants(board, position)
        assert all(d >= 0 for d in position.ledger.treasury.values())  # a treasury is never negative
        seen.append(position)
    return seen


@pytest.mark.parametrize("name", ["judge", "objectif"])
@pytest.mark.parametrize("seed", range(6))
def test_random_year(name: str, seed: int) -> None:
    rules = board_rules(name)
    board = shipped_board(rules.map)
    first = play_year(board, rules, seed)
    assert first[-1].phase == Phase("spring", 1455, PhaseKind.MOVEMENT) and len(first) >= 5
    assert any(p.ledger.treasury for p in first)  # the year's income was collected
    assert play_year(board, rules, seed) == first  # the same orders, the same positions
    assert any(u.power == AUTONOMOUS for u in first[-1].units.values())
