"""Every DATC case in tests/datc/files, one test id per case.

The rules each case checks are in its comments in the file (DATC v2.4 section 6 and the engines' bug
reports); the DATC's preferred options apply (see tests/datc/files/README.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.datc.reader import DatcCase, read_datc
from pipeline.datc.runner import run_case

FILES = sorted((Path(__file__).parent / "files").glob("*.txt"))


def _cases() -> list[DatcCase]:
    cases = []
    for path in FILES:
        cases.extend(read_datc(path.read_text(encoding="utf-8"), str(path.relative_to(Path(__file__).parent))))
    return cases


CASES = _cases()


def _id(case: DatcCase) -> str:
    same = [c for c in CASES if c.id == case.id and c.file == case.file]
    suffix = f"@{case.line}" if len(same) > 1 else ""
    return f"{Path(case.file).stem}:{case.id}{suffix}"


def test_the_files_hold_the_expected_number_of_cases() -> None:
    # guards against a reader that silently drops cases: the counts of CASE lines in the files
    expected = sum(p.read_text(encoding="utf-8").count("\nCASE ") for p in FILES)
    assert len(CASES) == expected >= 150


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_datc_case(board, case: DatcCase) -> None:
    result = run_case(board, case)
    assert result.passed, result.report()
