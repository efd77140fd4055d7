"""Every rule case in tests/rules/cases (docs/rule-cases.md), one test id per case.

Each case names the rule it checks (`[M 7.4]`, docs/rules/) and its sources (the e-mail judge's rules, the Objectif
rules, the DATC) in its `source` field.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.cases import RuleCase, case_files, read_cases, run_rule_case

CASES = [case for path in case_files([Path(__file__).parent / "cases"]) for case in read_cases(path)]


def test_every_case_names_its_source() -> None:
    assert CASES
    assert all(case.source for case in CASES), [c.id for c in CASES if not c.source]


@pytest.mark.parametrize("case", CASES, ids=[f"{Path(c.file).stem}:{c.id}" for c in CASES])
def test_rule_case(case: RuleCase) -> None:
    outcome = run_rule_case(case)
    assert outcome.passed, outcome.report()
