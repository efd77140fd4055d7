"""Symmachia's rule cases through `judge cases` (docs/rules/symmachia.md, "Rule cases"): a case file's
problems are all said at once with their lines, a case that does not hold fails in words, and every case
of tests/rules/cases/symmachia-*.yaml names its rules section and the seed's."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.cases import read_cases, run_rule_case
from pipeline.errors import DataError
from pipeline.games.symmachia.report import inert

CASES = Path(__file__).resolve().parents[2] / "rules" / "cases"


def test_every_symmachia_case_cites_the_rules_page_and_the_seed() -> None:
    cases = [c for path in sorted(CASES.glob("symmachia-*.yaml")) for c in read_cases(path)]
    assert len(cases) >= 90  # every file read: a file that fails to load would drop its cases
    for case in cases:
        assert "[S " in case.source and "§" in case.source, (case.id, case.source)


def _case_file(folder: Path, text: str) -> Path:
    file = folder / "symmachia-case.yaml"
    file.write_text(text, encoding="utf-8")
    return file


def test_a_case_files_problems_are_all_said_with_their_lines(tmp_path: Path) -> None:
    file = _case_file(
        tmp_path,
        """cases:
  - id: SY-BAD-01
    source: "[S 3.4] (§2.1.5)"
    profile: symmachia
    strat: {treasury: {lagids: 100}}
    turns:
      - orders: {lagids: [sell grain]}
        dice: {"229bc spring event": zero}
        expect:
          treasury: {lagids: lots}
          recrods: []
""",
    )
    with pytest.raises(DataError) as err:
        read_cases(file)
    said = {(p.where, p.line): p.message for p in err.value.problems}
    assert said[("cases[0].strat", 5)].endswith("(did you mean 'start'?)")
    assert "order file's content" in said[("cases[0].turns[0].orders.lagids", 7)]
    assert "die's value" in said[("cases[0].turns[0].dice.229bc spring event", 8)]
    assert "whole number" in said[("cases[0].turns[0].expect.treasury.lagids", 10)]
    assert "did you mean 'records'" in said[("cases[0].turns[0].expect.recrods", 11)]


def test_a_case_that_does_not_hold_fails_in_words(tmp_path: Path) -> None:
    file = _case_file(
        tmp_path,
        """cases:
  - id: SY-WRONG-01
    source: "[S 2.2] (§2.1.2)"
    profile: symmachia
    start: {hordes: [], pirates: [], owners: {nowhere: lagids}}
    turns: [{}]
  - id: SY-WRONG-02
    source: "[S 2.2] (§2.1.2)"
    profile: symmachia
    start: {hordes: [], pirates: []}
    turns:
      - orders: {lagids: {trade: [{sell: grain, quantity: 9, to: antigonids}]}}
        dice: {"229bc spring event": 120}
        expect:
          treasury: {lagids: 1}
          records: [{code: local_income, power: antigonids, amount: 900}]
          owners: {egypt: seleucids}
  - id: SY-WRONG-03
    source: "[S 1.2] (§2.1.2)"
    profile: symmachia
    scenario: {provinces: {egypt: {mines: two, events: [flood]}, atlantis: {mines: 1}}}
    turns: [{}]
""",
    )
    bad_start, wrong, bad_scenario = (run_rule_case(c) for c in read_cases(file))
    assert bad_scenario.failures == [
        "cannot be set up: scenario.provinces.egypt.mines: expected a number of mines, found 'two'",
        "cannot be set up: scenario.provinces.egypt.events: expected a list of favourable, storm, barbarians,"
        " pirates, bad_harvest, epidemic",
        "cannot be set up: scenario.provinces.atlantis: no province 'atlantis' in the scenario"
        " (did you mean 'galatia'?)",
    ]
    assert not bad_start.passed
    assert bad_start.failures == ["cannot be set up: start.owners.nowhere: no province 'nowhere'"]
    assert not wrong.passed
    text = "\n".join(wrong.failures)
    assert "the die '229bc spring event' is a d100: 120 cannot be rolled" in text
    assert "treasury of lagids: expected 1, found 2600" in text
    assert "no record {code: local_income, power: antigonids, amount: 900}" in text
    assert "owners.egypt: expected 'seleucids', found 'lagids'" in text
    assert "Traceback" not in text


def test_a_speech_is_shown_as_written_and_nothing_more() -> None:
    """[S 7.12]: the words as the player wrote them, on one line, with no HTML or Markdown of their own."""
    assert inert("Let the Museum shine over the Greeks.") == "Let the Museum shine over the Greeks."
    shown = inert("<script>alert(1)</script>\n# **Hail** [me](javascript:x)")
    assert "<" not in shown and "\n" not in shown
    assert shown == "&lt;script>alert(1)&lt;/script> # \\*\\*Hail\\*\\* \\[me\\](javascript:x)"
