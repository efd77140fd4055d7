"""The `judge` command line: exit statuses, summary lines, one-line errors and no tracebacks."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from pipeline.cli import cli

FILES = Path(__file__).resolve().parent.parent / "datc" / "files"

FAILING_CASE = """\
CASE T.1 a case whose expectation is wrong on purpose
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	England: F nth
ORDERS
	England: F nth-nwy
POSTSTATE_SAME
END
"""


def test_datc_passes_the_published_cases() -> None:
    result = CliRunner().invoke(cli, ["datc", str(FILES / "datc_v2.4_public.txt")])
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == "126 passed, 0 failed"


def test_datc_plays_the_cases_under_the_profile_given() -> None:
    """`--profile standard-2023` plays the 2023 rulebook: its own cases pass, the 2000 rules' fail (each case
    of the two folders is one where the rulebooks differ), and the v3.0 cases both share pass under both."""
    own_2023, own_2000 = str(FILES / "standard-2023" / "datc_v3.0.txt"), str(FILES / "standard" / "extra.txt")
    shared = str(FILES / "datc_v3.0.txt")
    runner = CliRunner()
    under_2023 = runner.invoke(cli, ["datc", "--profile", "standard-2023", own_2023, shared])
    assert under_2023.exit_code == 0 and under_2023.output.splitlines()[-1] == "17 passed, 0 failed"
    without = runner.invoke(cli, ["datc", own_2023, own_2000, shared])  # the 2000 rules, profile standard's
    assert without.exit_code == 1 and without.output.splitlines()[-1] == "17 passed, 4 failed"
    assert without.output == runner.invoke(cli, ["datc", "--profile", "standard", own_2023, own_2000, shared]).output
    wrong = runner.invoke(cli, ["datc", "--profile", "standard-2023", own_2000])
    assert wrong.exit_code == 1 and wrong.output.splitlines()[-1] == "0 passed, 4 failed"


def test_datc_refuses_a_profile_that_is_not_diplomacy_s_in_one_line() -> None:
    for name in ("judge", "standard-2024"):
        result = CliRunner().invoke(cli, ["datc", "--profile", name, str(FILES / "datc_v3.0.txt")])
        assert result.exit_code == 1 and "Traceback" not in result.output
        assert result.output == (
            f"error: unknown profile {name!r} for DATC cases, which are standard Diplomacy's "
            "(known: standard, standard-2023)\n"
        )


def test_datc_gives_the_collector_back_as_it_found_it_even_on_bad_input(tmp_path: Path) -> None:
    """`judge datc` pauses the cycle collector from the loading of the engine on; a caller in the same process
    (these tests) gets it back on, whether the run ends well, with failing cases, or on a file it cannot read."""
    bad = tmp_path / "bad.txt"
    bad.write_text("stray text\n")
    assert gc.isenabled()
    for path in (FILES / "datc_v2.4_public.txt", bad, tmp_path / "missing.txt"):
        CliRunner().invoke(cli, ["datc", str(path)])
        assert gc.isenabled(), path.name


def test_the_judge_process_leaves_the_collectors_last_round_at_exit_nothing_to_go_through() -> None:
    """`main` freezes what the process holds once its command is done, so the interpreter's collection at exit
    goes through no object (without the freeze, after `judge datc` on the published cases: about 21,000). The
    process's collector says, at the start of each full round, how many objects that round would go through."""
    code = f"""
import gc, os, sys
def seen(phase, info):
    if phase == "start" and info["generation"] == 2:
        os.write(1, b"round of %d\\n" % len(gc.get_objects(generation=2)))
gc.callbacks.append(seen)
sys.argv = ["judge", "datc", {str(FILES / "datc_v2.4_public.txt")!r}]
from pipeline.cli import main
main()
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert "126 passed, 0 failed" in lines
    assert lines[-1] == "round of 0"  # the last round, at exit, after the summary


def test_datc_reports_a_failing_case_and_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "cases.txt"
    path.write_text(FAILING_CASE)
    result = CliRunner().invoke(cli, ["datc", str(path)])
    assert result.exit_code == 1
    assert "FAILED T.1" in result.output
    assert "units expected but missing: england: F nth" in result.output
    assert "units not expected:         england: F nwy" in result.output
    assert result.output.splitlines()[-1] == "0 passed, 1 failed"


def test_a_case_that_cannot_be_set_up_fails_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("CASE T.2\nPRESTATE\n\tEngland F\nEND\n")
    result = CliRunner().invoke(cli, ["datc", str(path)])
    assert result.exit_code == 1
    assert f"FAILED T.2: {path}:3: expected a unit like 'A lvp', got 'F'" in result.output


def test_malformed_datc_file_lists_every_problem_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("stray text\nCASE T.2\nPRESTATE\n\t???\nEND\nCASE T.3\n")
    result = CliRunner().invoke(cli, ["datc", str(path)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    lines = result.output.splitlines()
    assert lines == [
        f"error: {path}:1: 'stray text' outside a CASE ... END block",
        f"{path}:4: expected 'Power: ...', got '???'",
        f"{path}:6: case T.3 has no END",
    ]


def test_check_map_with_an_asymmetric_edge(tmp_path: Path) -> None:
    path = tmp_path / "map.yaml"
    path.write_text(
        "name: t\npowers: {red: {}}\nspaces:\n  aaa: {kind: land, army: [bbb]}\n  bbb: {kind: land, army: []}\n"
    )
    result = CliRunner().invoke(cli, ["check-map", str(path)])
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"error: {path}:5: spaces.bbb.army: asymmetric army adjacency: aaa lists bbb, but bbb does not list aaa"
    )


def test_python_dash_m_runs_the_same_cli() -> None:
    done = subprocess.run([sys.executable, "-m", "pipeline", "--version"], capture_output=True, text=True, check=True)
    assert done.stdout.startswith("judge, version")


def test_cases_reports_a_failing_case_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "cases.yaml"
    path.write_text(
        "cases:\n"
        "  - id: T-1\n"
        "    title: wrong on purpose\n"
        "    source: test\n"
        "    units: {england: [F nth]}\n"
        "    turns:\n"
        "      - orders: {england: [F nth-nwy]}\n"
        "        results: {F nth-nwy: bounced}\n"
        "        expect: {units: {england: [F nth]}}\n"
    )
    result = CliRunner().invoke(cli, ["cases", str(path)])
    assert result.exit_code == 1
    assert f"FAILED T-1 wrong on purpose ({path}:2)" in result.output
    assert "turn 1 (Spring 1901 Movement): F nth-nwy: expected bounced, got succeeds" in result.output
    assert "units expected but missing: england: F nth" in result.output
    assert result.output.splitlines()[-1] == "0 passed, 1 failed"


def test_cases_with_a_bad_file_names_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "cases.yaml"
    path.write_text("cases:\n  - id: T-1\n  - title: no id\n    turns: []\n")
    result = CliRunner().invoke(cli, ["cases", str(path)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"error: {path}:2: cases[0]: a case needs an id and turns",
        f"{path}:3: cases[1]: a case needs an id and turns",
    ]


def test_replay_check_of_several_games_fails_if_any_differs(tmp_path: Path) -> None:
    import shutil

    games = Path(__file__).resolve().parents[2] / "games"
    for name in ("demo", "machiavelli"):
        shutil.copytree(games / name, tmp_path / name)
    result = CliRunner().invoke(cli, ["replay", "--check", str(tmp_path / "demo"), str(tmp_path / "machiavelli")])
    assert result.exit_code == 0 and result.output.count("replay matches the committed files") == 2
    state = tmp_path / "machiavelli" / "results" / "1454-fall-movement.yaml"
    assert "result: succeeds" in state.read_text()
    state.write_text(state.read_text().replace("result: succeeds", "result: bounced", 1))
    result = CliRunner().invoke(cli, ["replay", "--check", str(tmp_path / "demo"), str(tmp_path / "machiavelli")])
    assert result.exit_code == 1 and f"differs: {state}" in result.output


def test_validate_and_adjudicate_say_what_is_wrong_in_words_never_a_reason_code(tmp_path: Path) -> None:
    """`judge validate` and `judge adjudicate` print a refused order as the reports put it ("Paris is not next
    to London"), never a reason or sub-reason code (`illegal_not_adjacent`), for every check the file meets."""
    import re
    import shutil

    from pipeline.board.outcome import Reason, SubReason

    games = Path(__file__).resolve().parents[2] / "games"
    folder = tmp_path / "demo"
    shutil.copytree(games / "demo", folder)
    bad = [
        "A par-lon",  # not next
        "F bre-par",  # terrain
        "A mar S A spa-nap",  # unreachable
        "A bur H",  # no unit
        "F pic H",  # wrong kind
        "A spa-spa",  # own space
        "F mao C F bre-pic",  # not convoyable
        "Build A par",  # wrong phase
        "Expense 1: 3 famine relief par",  # no money in Diplomacy
        "A ber H",  # another power's unit
    ]
    path = folder / "orders" / "1902-fall-movement" / "france.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "game: demo\nturn: 1902-fall-movement\npower: france\norders:\n" + "".join(f"  - {o}\n" for o in bad)
    )
    codes = {r.value for r in Reason if "_" in r.value} | {w.value for w in SubReason}
    pattern = re.compile(r"\b(" + "|".join(sorted(codes, key=len, reverse=True)) + r")\b")
    validated = CliRunner().invoke(cli, ["validate", str(folder)])
    assert validated.exit_code == 1 and "Paris is not next to London" in validated.output, validated.output
    assert validated.output.count("order '") == len(bad), validated.output
    adjudicated = CliRunner().invoke(cli, ["adjudicate", "--force", str(folder)])
    assert adjudicated.exit_code == 0 and "Paris is not next to London" in adjudicated.output, adjudicated.output
    for output in (validated.output, adjudicated.output):
        assert not pattern.findall(output), output
