"""Every DATC case in tests/datc/files, one test id per case and profile.

The rules each case checks are in its comments in the file (DATC v2.4 and v3.0 section 6, the engines' bug
reports, the project's own cases); the DATC's preferred options apply (see tests/datc/files/README.md). The
files directly in tests/datc/files hold under every Diplomacy profile (the 2000 rulebook, `standard`, and the
2023 one, `standard-2023`) and run under both; those in a folder named for a profile run under it alone, and
each of them fails under the other profile (the cases where the two rulebooks differ).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.board.legality import DEFAULT_RULES
from pipeline.datc.reader import DatcCase, read_datc
from pipeline.datc.runner import run_case
from pipeline.games import board_rules, family

ROOT = Path(__file__).parent / "files"
PROFILES = ("standard", "standard-2023")
SHARED = sorted(ROOT.glob("*.txt"))
OWN = {name: sorted((ROOT / name).glob("*.txt")) for name in PROFILES}


def _read(path: Path) -> list[DatcCase]:
    return read_datc(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT.parent)))


def _cases() -> list[tuple[str, DatcCase]]:
    """(profile, case): the shared files' cases under each profile, then each profile's own."""
    shared = [c for path in SHARED for c in _read(path)]
    runs = [(name, c) for name in PROFILES for c in shared]
    runs += [(name, c) for name in PROFILES for path in OWN[name] for c in _read(path)]
    return runs


RUNS = _cases()
CASES = [c for path in [*SHARED, *OWN["standard"], *OWN["standard-2023"]] for c in _read(path)]  # each once


def _id(run: tuple[str, DatcCase]) -> str:
    name, case = run
    same = [c for n, c in RUNS if n == name and c.id == case.id and c.file == case.file]
    suffix = f"@{case.line}" if len(same) > 1 else ""
    return f"{name}:{Path(case.file).parent.name}/{Path(case.file).stem}:{case.id}{suffix}"


def test_the_files_hold_the_expected_number_of_cases() -> None:
    # guards against a reader that silently drops cases: the counts of CASE lines in the files
    paths = SHARED + OWN["standard"] + OWN["standard-2023"]
    expected = sum(p.read_text(encoding="utf-8").count("\nCASE ") for p in paths)
    assert len({(c.file, c.line) for _, c in RUNS}) == expected >= 180
    assert all(OWN.values()), "a profile without cases of its own"


def test_the_profiles_are_the_diplomacy_family_s_and_standard_is_the_engine_s_defaults() -> None:
    # `judge datc` without --profile plays the engine's defaults: they must be the 2000 rules of `standard`
    assert set(family("diplomacy").profiles) == set(PROFILES)
    assert board_rules("standard") == DEFAULT_RULES


@pytest.mark.parametrize("run", RUNS, ids=[_id(r) for r in RUNS])
def test_datc_case(board, run: tuple[str, DatcCase]) -> None:
    name, case = run
    result = run_case(board, case, rules=board_rules(name))
    assert result.passed, result.report()


@pytest.mark.parametrize("name", PROFILES)
def test_a_profile_s_own_cases_fail_under_the_other_profile(board, name: str) -> None:
    """The cases a profile holds apart are the ones where the rulebooks differ: under the other profile each
    fails (else it belongs with the shared files, and the difference it was written for is not checked)."""
    (other,) = set(PROFILES) - {name}
    for path in OWN[name]:
        for case in _read(path):
            assert not run_case(board, case, rules=board_rules(other)).passed, (name, case.id)
