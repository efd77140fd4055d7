"""The Catan variant's rule cases (`tests/rules/cases/catan-*.yaml`, docs/rules/catan.md "Rule cases"):
every worked example of the examples file is among them, each cites a rule of the page, and a case is
read and played as the page says: its shape checked with every problem at its line, and what does not
come out as expected said in words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pipeline.cases import read_cases, run_rule_case
from pipeline.errors import DataError

ROOT = Path(__file__).resolve().parents[3]
FILES = sorted((ROOT / "tests" / "rules" / "cases").glob("catan-*.yaml"))
CASES = [case for path in FILES for case in read_cases(path)]
RULES = set(re.findall(r"^\*\*K (\d+\.\d+)\*\*", (ROOT / "docs" / "rules" / "catan.md").read_text(), re.M))


def test_every_worked_example_is_a_case() -> None:
    """[K 19] the worked examples C-01 to C-22 of the examples file, each named in a case's title."""
    named = {m for c in CASES for m in re.findall(r"\bC-\d\d\b", c.title)}
    assert named == {f"C-{n:02d}" for n in range(1, 23)}


def test_every_case_cites_a_rule_of_the_page_and_its_text() -> None:
    """[K 19] a case's source names a rule [K n.m] that the page has, and the seed's heading, an option or
    the base game rule."""
    for case in CASES:
        cited = re.findall(r"\[K (\d+\.\d+)\]", case.source)
        assert cited and set(cited) <= RULES, case.id
        assert re.search(r"seed|option|base game|5-6 extension|Seafarers|C&K|issue 14", case.source), case.id


CASE = """cases:
  - id: X
    profile: catan
    map: base
    seats: [orange, blue]
    units: {c3>c4: {owner: orange, kind: military}, c4>c3: {owner: blue, kind: worker}}
    turns:
      - orders:
          orange: {script: {act: [{attack: {unit: c3>c4, target: c4>c3}}]}}
        rolls: {orange: [3, 4], blue: [3, 4]}
        dice: {orange step 1 attack: 4, orange step 1 defence: 9}
        expect:
          units: {c3>c4: {owner: orange, kind: military, active: false}}
          hands: {orange: {ore: 1}}
          records: ["the attacker wins"]
"""


def _outcome(tmp_path: Path, text: str):
    path = tmp_path / "case.yaml"
    path.write_text(text)
    (case,) = read_cases(path)
    return run_rule_case(case)


def test_a_case_that_does_not_come_out_fails_in_words(tmp_path: Path) -> None:
    """[K 10.3] the attacker lost: the units, the hand and the record differ, each said, the record shown."""
    outcome = _outcome(tmp_path, CASE)
    assert not outcome.passed
    units, hand, record = outcome.failures
    assert units.startswith("round 1: units: expected {c3>c4: {owner: orange, kind: military, active: false}}")
    assert "got {c4>c3: {owner: blue, kind: worker}}" in units
    assert hand == "round 1: the hand of orange: expected 1 ore, got nothing"
    assert "no line of the record says 'the attacker wins'" in record and "d20 4 against d10 9" in record


def test_the_same_case_with_the_dice_that_win_passes(tmp_path: Path) -> None:
    """[K 10.2]"""
    text = CASE.replace("attack: 4,", "attack: 14,").replace("hands: {orange: {ore: 1}}", "hands: {orange: {}}")
    assert _outcome(tmp_path, text).passed


def test_a_die_the_case_does_not_fix_is_named(tmp_path: Path) -> None:
    """[K 3.7] every die by its purpose."""
    outcome = _outcome(tmp_path, CASE.replace(", blue: [3, 4]", ""))
    assert outcome.failures == ["round 1: a die the case does not fix: no die is fixed for 'round 1 blue roll 1'"]


def test_a_position_that_cannot_be_set_up_says_every_problem(tmp_path: Path) -> None:
    """[K 2.3] slots of the board, seats of the case."""
    outcome = _outcome(tmp_path, CASE.replace("c4>c3: {owner: blue", "c4>c9: {owner: sky"))
    assert outcome.failures == [
        "the position cannot be set up: units.c4>c9: 'c4>c9' is not a slot of the board",
        "the position cannot be set up: units.c4>c9.owner: 'sky' is not a player of the game (orange, blue)",
    ]


def test_every_problem_of_a_case_files_shape_at_its_line(tmp_path: Path) -> None:
    """[K 3.4] unknown keys, rolls that are not two dice, records that are not a list: all at once."""
    text = (
        CASE.replace("    seats:", "    unitz: {}\n    seats:")
        .replace("rolls: {orange: [3, 4], blue: [3, 4]}", "rolls: {orange: [3, 9]}")
        .replace('records: ["the attacker wins"]', "records: the attacker wins")
    )
    path = tmp_path / "case.yaml"
    path.write_text(text)
    with pytest.raises(DataError) as err:
        read_cases(path)
    said = [(p.line, p.where) for p in err.value.problems]
    assert said == [(5, "cases[0].unitz"), (11, "cases[0].turns[0].rolls"), (16, "cases[0].turns[0].expect.records")]


def test_a_refused_file_is_checked_against_the_words_the_case_expects(tmp_path: Path) -> None:
    """[K 3.4] a file that cannot be read is refused with its problems; the case says which."""
    text = CASE.replace("{attack: {unit: c3>c4, target: c4>c3}}", "{attack: {unit: c3>c4, target: c4>c9}}")
    outcome = _outcome(tmp_path, text)
    assert any("the file of orange is refused" in f and "c4>c9" in f for f in outcome.failures)
    expected = text.replace("        rolls:", "        refused: {orange: [c4>c9]}\n        rolls:")
    outcome = _outcome(tmp_path, expected)
    assert not any("refused" in f for f in outcome.failures)
