"""`judge datc`: adjudicate DATC case files and say which cases fail."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.board.rules import Rules
    from pipeline.datc.runner import CaseResult


@dataclass
class DatcSummary:
    passed: int
    failed: int
    failures: list[CaseResult]  # the failing cases' results (a passing case's is dropped once counted)


def run(
    paths: Iterable[Path],
    map_name: str = "standard",
    echo: Callable[[str], None] = print,
    show_all: bool = False,
    profile: str | None = None,
) -> DatcSummary:
    """Run every case of every file under the rules of `profile`, a Diplomacy profile (None: the engine's
    defaults, the 2000 rulebook's, which are profile `standard`'s); print each failing case, then ``N passed,
    M failed``.

    The cycle collector is paused for the run, from the loading of the engine's modules on (17 of a run's 29
    rounds came during those imports): the cases make no reference cycles (each phase's objects are freed as
    soon as it is done; tests/datc/test_runner.py), so it would find nothing, yet it would go again and again
    through every object the run keeps: the cases of the file being read (a sixth of a run's time)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _run_cases(paths, map_name, echo, show_all, profile)
    finally:
        # what the run made and keeps goes to the collector's oldest generation, as if it had been through its
        # rounds: else the first round once it is back would go through all of it (a tenth of a run's time)
        gc.freeze()
        gc.unfreeze()
        if collecting:
            gc.enable()


def _run_cases(
    paths: Iterable[Path], map_name: str, echo: Callable[[str], None], show_all: bool, profile: str | None
) -> DatcSummary:
    # the engine's modules loaded here, with the collector already paused (`run`)
    from pipeline.board.legality import DEFAULT_RULES
    from pipeline.datc.reader import read_datc
    from pipeline.datc.runner import CaseError, Readings, run_case
    from pipeline.storage.maps import load_board, map_path
    from pipeline.storage.yamlio import read_text

    rules = DEFAULT_RULES if profile is None else diplomacy_profile(profile)  # (no family imported without one)
    board = load_board(map_path(map_name))
    readings = Readings(board)  # each unit's and order's text read once for all the cases
    failures: list[CaseResult] = []
    passed = failed = 0
    for path in paths:
        for case in read_datc(read_text(path), str(path)):
            try:
                result = run_case(board, case, readings, rules)
            except CaseError as err:
                echo(f"FAILED {case.id}: {err}")
                failed += 1
                continue
            if result.passed:
                passed += 1
                if show_all:
                    echo(f"passed {case.id} {case.title}".rstrip())
            else:
                failed += 1
                failures.append(result)
                echo(result.report())
    echo(f"{passed} passed, {failed} failed")
    return DatcSummary(passed, failed, failures)


def diplomacy_profile(name: str) -> Rules:
    """The rules of a Diplomacy profile, the only ones DATC cases are written for; another name raises
    `DataError`, naming the Diplomacy profiles."""
    from pipeline.board.rules import DEFAULT_FAMILY, Rules
    from pipeline.errors import DataError
    from pipeline.games import family

    known = family(DEFAULT_FAMILY).profiles
    if name not in known:
        raise DataError(
            f"unknown profile {name!r} for DATC cases, which are standard Diplomacy's (known: {', '.join(known)})"
        )
    rules = known[name].options
    if not isinstance(rules, Rules):
        raise DataError(f"profile {name!r} is not one of the board's")
    return rules
