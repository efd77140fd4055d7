"""`judge datc`: adjudicate DATC case files and say which cases fail."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from pipeline.datc.reader import DatcCase, read_datc
from pipeline.datc.runner import CaseError, CaseResult, Readings, run_case
from pipeline.storage.maps import load_board, map_path
from pipeline.storage.yamlio import read_text


@dataclass
class DatcSummary:
    passed: int
    failed: int
    results: list[CaseResult]


def run(
    paths: Iterable[Path], map_name: str = "standard", echo: Callable[[str], None] = print, show_all: bool = False
) -> DatcSummary:
    """Run every case of every file; print each failing case, then ``N passed, M failed``."""
    board = load_board(map_path(map_name))
    readings = Readings(board)  # each unit's and order's text read once for all the cases
    results: list[CaseResult] = []
    passed = failed = 0
    try:
        for path in paths:
            for case in _read_cases(path):
                try:
                    result = run_case(board, case, readings)
                except CaseError as err:
                    echo(f"FAILED {case.id}: {err}")
                    failed += 1
                    continue
                results.append(result)
                if result.passed:
                    passed += 1
                    if show_all:
                        echo(f"passed {case.id} {case.title}".rstrip())
                else:
                    failed += 1
                    echo(result.report())
    finally:
        gc.unfreeze()
    echo(f"{passed} passed, {failed} failed")
    return DatcSummary(passed, failed, results)


def _read_cases(path: Path) -> list[DatcCase]:
    """The cases of one file, read with the cycle collector paused, then kept out of its rounds until the run
    ends (`gc.freeze`): a file of a thousand cases is some two hundred thousand small objects that live to the
    end, which the collector would otherwise go through again and again (a sixth of a run's time)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        cases = read_datc(read_text(path), str(path))
    finally:
        if collecting:
            gc.enable()
    gc.freeze()
    return cases
