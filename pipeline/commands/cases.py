"""`judge cases`: play rule cases (docs/rule-cases.md) and say which fail."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from pipeline.cases import CaseOutcome, case_files, read_cases, run_rule_case
from pipeline.errors import DataError, Problem


def run(paths: Iterable[Path], echo: Callable[[str], None] = print, show_all: bool = False) -> list[CaseOutcome]:
    """Play every case of every file (folders are searched); print failures, then ``N passed, M failed``."""
    outcomes: list[CaseOutcome] = []
    problems: list[Problem] = []
    for path in case_files(paths):
        try:
            cases = read_cases(path)
        except DataError as err:
            problems.extend(err.problems)
            continue
        for case in cases:
            outcome = run_rule_case(case)
            outcomes.append(outcome)
            if not outcome.passed or outcome.warnings:
                echo(outcome.report())
            elif show_all:
                echo(f"passed {case.id} {case.title}".rstrip())
    if problems:
        raise DataError(problems)
    passed = sum(o.passed for o in outcomes)
    echo(f"{passed} passed, {len(outcomes) - passed} failed")
    return outcomes
