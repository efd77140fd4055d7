"""What a rule case can say (docs/rule-cases.md): fixtures, units checked in part, orders refused by
validation, and warnings about a position that may not mean what it says. Each test writes a case file
and runs it as `judge cases` does."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.cases import read_cases, run_rule_case
from pipeline.errors import DataError


def run(tmp_path: Path, text: str) -> list:
    path = tmp_path / "cases.yaml"
    path.write_text(text, encoding="utf-8")
    return [run_rule_case(case) for case in read_cases(path)]


def test_the_start_fixture_gives_the_whole_setup_and_units_include_checks_a_part(tmp_path: Path) -> None:
    (good, bad) = run(
        tmp_path,
        """
cases:
  - id: F-1
    title: the 1901 setup, one move
    fixture: start
    turns:
      - orders: {france: [A par-bur]}
        expect: {units_include: {france: [A bur, A mar, F bre], germany: [A mun]}}
  - id: F-2
    title: a unit that is not there
    fixture: start
    turns:
      - orders: {france: [A par-bur]}
        expect: {units_include: {france: [A par]}}
""",
    )
    assert good.passed, good.report()
    assert not bad.passed and "units expected but missing: france: A par" in bad.report()


def test_a_fixture_of_the_file_and_the_case_s_own_keys_over_it(tmp_path: Path) -> None:
    (outcome,) = run(
        tmp_path,
        """
fixtures:
  tuscany:
    profile: judge
    phase: Spring 1455 Movement
    units: {florence: [A flo], autonomous: [G sie]}
    control: {florence: [flo]}
    treasury: {florence: 30}
cases:
  - id: F-3
    title: a bribe from the fixture's treasury
    fixture: tuscany
    treasury: {florence: 6}
    turns:
      - orders: {florence: ["Expense 1: 6 disband G sie"]}
        results: {"Expense 1: 6 disband G sie": succeeds}
        expect: {units: {florence: [A flo]}, treasury: {florence: 0}}
""",
    )
    assert outcome.passed, outcome.report()


def test_an_unknown_fixture_is_refused_with_the_known_ones(tmp_path: Path) -> None:
    with pytest.raises(DataError) as raised:
        run(tmp_path, "cases:\n  - id: F-4\n    fixture: nowhere\n    turns: [{orders: {}}]\n")
    assert "no fixture 'nowhere' (known: start)" in str(raised.value)


def test_refused_checks_what_validation_says_and_leaves_the_order_out(tmp_path: Path) -> None:
    (good, accepted, other) = run(
        tmp_path,
        """
cases:
  - id: R-1
    title: a move to a province not next to the army, and an order not understood
    fixture: start
    turns:
      - orders: {france: [A par-mun, A mar frobnicate, A mar-spa]}
        refused: {A par-mun: illegal_not_adjacent, A mar frobnicate: not_understood}
        expect: {units_include: {france: [A par, A spa]}}
  - id: R-2
    title: an order that is in fact accepted
    fixture: start
    turns:
      - orders: {france: [A par-bur]}
        refused: {A par-bur: illegal_not_adjacent}
  - id: R-3
    title: refused for another reason
    fixture: start
    turns:
      - orders: {france: [A par-lon]}
        refused: {A par-lon: illegal_no_unit}
""",
    )
    assert good.passed, good.report()
    assert not accepted.passed and "expected refused as illegal_not_adjacent, but it is accepted" in accepted.report()
    assert not other.passed and "refused as illegal_not_adjacent" in other.report()


def test_cities_beside_control_warn_of_the_cities_they_leave_out(tmp_path: Path) -> None:
    (outcome,) = run(
        tmp_path,
        """
cases:
  - id: W-1
    title: cities given for one province of two
    profile: judge
    phase: Spring 1455 Movement
    units: {florence: [A flo, A psa]}
    control: {florence: [flo, psa]}
    cities: {florence: [flo]}
    turns:
      - orders: {florence: [A flo H]}
""",
    )
    assert outcome.passed
    assert outcome.warnings == ["cities: given beside control, it leaves the cities of psa uncontrolled"]
