"""`judge datc`: adjudicate DATC case files and say which cases fail."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from pipeline.datc.reader import read_datc
from pipeline.datc.runner import CaseError, CaseResult, Readings, run_case
from pipeline.storage.maps import load_board, map_path
from pipeline.storage.yamlio import read_text


@dataclass
class DatcSummary:
    passed: int
    failed: int
    failures: list[CaseResult]  # the failing cases' results (a passing case's is dropped once counted)


def run(
    paths: Iterable[Path], map_name: str = "standard", echo: Callable[[str], None] = print, show_all: bool = False
) -> DatcSummary:
    """Run every case of every file; print each failing case, then ``N passed, M failed``.

    The cycle collector is paused for the run: the cases make no reference cycles (each phase's objects are
    freed as soon as it is done; tests/datc/test_runner.py), so it would find nothing, yet it would go again
    and again through every object the run keeps: the cases of the file being read (a sixth of a run's time)."""
    board = load_board(map_path(map_name))
    readings = Readings(board)  # each unit's and order's text read once for all the cases
    failures: list[CaseResult] = []
    passed = failed = 0
    collecting = gc.isenabled()
    gc.disable()
    try:
        for path in paths:
            for case in read_datc(read_text(path), str(path)):
                try:
                    result = run_case(board, case, readings)
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
    finally:
        # what the run made and keeps goes to the collector's oldest generation, as if it had been through its
        # rounds: else the first round once it is back would go through all of it (a tenth of a run's time)
        gc.freeze()
        gc.unfreeze()
        if collecting:
            gc.enable()
    echo(f"{passed} passed, {failed} failed")
    return DatcSummary(passed, failed, failures)
