"""The DATC runner reading a whole run's cases once (`Readings`): the same results as each case read on its
own, and what a case notes (a power read by its closest name, an order left out) noted in every case."""

from __future__ import annotations

import gc

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipeline.board.board import Board
from pipeline.board.units import Unit, UnitKind
from pipeline.datc.reader import read_datc
from pipeline.datc.runner import CaseResult, Readings, run_case, same_units
from pipeline.games import board_rules

from .test_datc import CASES, PROFILES

CASE = """CASE X.{n} a power misspelt and an order that is no order, in two cases
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
Germnay: A ber
England: F lon
ORDERS
Germnay: A ber-kie
England: F lon fly to the moon
POSTSTATE
Germany: A kie
England: F lon
END
"""
TWO_CASES = CASE.format(n=1) + CASE.format(n=2)


def _told(result: CaseResult) -> tuple[object, ...]:
    return (result.passed, result.got_units, result.got_dislodged, result.outcomes, result.notes, result.trace)


def test_one_reading_for_every_case_gives_what_each_case_read_alone_gives(board: Board) -> None:
    readings = Readings(board)
    shared = [_told(run_case(board, case, readings)) for case in CASES]
    alone = [_told(run_case(board, case)) for case in CASES]
    assert shared == alone
    kept = any(readings.orders.values()), any(readings.texts.values()), readings.owners, readings.units, readings.places
    assert all(kept) and readings.powers  # the run kept what it read


def test_every_case_notes_its_misspelt_power_and_its_unreadable_order(board: Board) -> None:
    readings = Readings(board)
    results = [run_case(board, case, readings) for case in read_datc(TWO_CASES, "two.txt")]
    for result, first in zip(results, (4, 16), strict=True):
        assert result.passed, result.report()
        assert result.notes[:2] == [
            f"line {first}: power 'Germnay' read as 'germany'",
            f"line {first + 3}: power 'Germnay' read as 'germany'",
        ]
        assert result.notes[2].startswith(f"line {first + 4}: order 'F lon fly to the moon' not understood")
    assert "Germnay" not in readings.powers and ("Germnay", "A ber") not in readings.units


@pytest.mark.parametrize("name", PROFILES)
def test_the_cases_make_no_reference_cycles(board: Board, name: str) -> None:
    # `judge datc` pauses the cycle collector for its run (pipeline/commands/datc.py): sound only while
    # every case's objects are freed by their counts alone, refused orders, paradoxes, retreats and builds too,
    # under every profile
    readings = Readings(board)
    cases = [*CASES, *read_datc(TWO_CASES, "two.txt")]
    rules = board_rules(name)
    gc.collect()
    gc.disable()
    try:
        results = [run_case(board, case, readings, rules) for case in cases]
        left = gc.collect()  # the objects only the collector could free
    finally:
        gc.enable()
    assert left == 0 and len(results) == len(cases)


_PLACES = [(UnitKind.ARMY, "par"), (UnitKind.FLEET, "par"), (UnitKind.ARMY, "stp"), (UnitKind.FLEET, "stp/nc")]
_PLACES += [(UnitKind.FLEET, "stp/sc"), (UnitKind.FLEET, "nth"), (UnitKind.ARMY, "bur")]
_UNITS = [Unit(power, kind, location) for power in ("france", "england") for kind, location in _PLACES]


@given(st.lists(st.sampled_from(_UNITS), max_size=6), st.lists(st.sampled_from(_UNITS), max_size=6), st.randoms())
def test_same_units_is_the_comparison_of_the_sets(listed: list[Unit], held: list[Unit], rnd) -> None:
    got = {u.space: u for u in held}  # a position's units: one per space
    for expected in (listed, [*got.values()], [*got.values(), *listed[:1]], rnd.sample([*got.values()], len(got))):
        assert same_units(expected, got) == (set(expected) == set(got.values())), (expected, got)
