"""Killing `judge adjudicate` at any point leaves the game as it was, or fully adjudicated.

A child process adjudicates a copy of the Machiavelli demo (with an encrypted order file, so the turn
writes results, the next state, the revealed orders and the next deadline) and is killed with SIGKILL
just before its k-th file operation (each write flushed to disk, each rename, each removal), for every
k until a run finishes. Whatever the next `judge` command then reads must be one of the two games.

Then 40 kills at seeded random moments: half after a random time, half before a random file operation
(taking the game's lock counts as one); and when the kill left a change to finish, the next command is
killed too, before a random operation of its recovery (under the lock, midway through the moves). After
each, the game is before or after the turn, and replaying it matches its files.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pipeline.commands.game import replay
from pipeline.commands.secret_orders import encrypt_orders
from pipeline.storage.atomic import JOURNAL, TEMP_SUFFIX
from pipeline.storage.gamedir import load_game
from pipeline.storage.sealed import unseal

GAMES = Path(__file__).resolve().parents[2] / "games"
TURN = "1455-spring-movement"

CHILD = """
import fcntl, os, signal, sys
from datetime import datetime, UTC
from pathlib import Path

limit, done = int(sys.argv[2]), [0]

def tick():
    if done[0] >= limit:
        os.kill(os.getpid(), signal.SIGKILL)
    done[0] += 1

def counted(real):
    def call(*args, **kwargs):
        tick()
        return real(*args, **kwargs)
    return call

os.replace = counted(os.replace)
os.fsync = counted(os.fsync)
os.unlink = counted(os.unlink)
Path.unlink = counted(Path.unlink)
fcntl.flock = counted(fcntl.flock)

from pipeline.commands import game
from pipeline.storage.gamedir import load_game
print("ready", flush=True)
if sys.argv[3] == "adjudicate":
    game.adjudicate(Path(sys.argv[1]), lambda s: None, force=True, now=datetime(2026, 12, 1, tzinfo=UTC))
else:
    load_game(Path(sys.argv[1]))  # what any command does first: finish or clear an interrupted change
print(done[0], flush=True)
"""


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file of the game; encrypted ones by their text (age encrypts with fresh randomness each time)."""
    keys = load_game(folder).identities
    return {
        str(p.relative_to(folder)): unseal(p.read_bytes(), keys, str(p)).encode()
        if p.suffix == ".age"
        else p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def template(tmp_path: Path) -> Path:
    folder = tmp_path / "template" / "machiavelli"
    shutil.copytree(GAMES / "machiavelli", folder)
    plain = folder / "orders" / TURN / "venice.yaml"
    plain.parent.mkdir(parents=True, exist_ok=True)
    plain.write_text(f"game: machiavelli\nturn: {TURN}\npower: venice\norders:\n  - A pad H\n")
    encrypt_orders(folder, plain)
    plain.unlink()
    return folder


def prepared(template: Path, tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name / "machiavelli"
    shutil.copytree(template, folder)  # the same ciphertext each time (age encrypts with fresh randomness)
    return folder


def start_child(folder: Path, limit: int, command: str = "adjudicate") -> subprocess.Popen[str]:
    """A `judge` process killed before its file operation number `limit`; it prints "ready" once imported
    and, if it finishes, how many operations it made."""
    env = {**os.environ, "PYTHONPATH": str(GAMES.parent)}
    env.pop("JUDGE_AGE_IDENTITY", None)
    env.pop("JUDGE_DICE_SECRETS", None)
    argv = [sys.executable, "-c", CHILD, str(folder), str(limit), command]
    return subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, text=True)


def run_child(folder: Path, limit: int, command: str = "adjudicate") -> int:
    child = start_child(folder, limit, command)
    child.communicate()
    return child.returncode


def kill_after(folder: Path, delay: float) -> None:
    """An adjudication killed `delay` seconds after it starts playing (its imports done)."""
    child = start_child(folder, 10_000)
    assert child.stdout is not None and child.stdout.readline() == "ready\n"
    time.sleep(delay)
    child.kill()
    child.communicate()


def unfinished(folder: Path) -> bool:
    """Whether a killed run left a change to finish or temporary files to clear."""
    return (folder / JOURNAL).exists() or any(folder.rglob(f"*{TEMP_SUFFIX}"))


def test_a_killed_adjudication_leaves_the_game_before_or_after(tmp_path: Path) -> None:
    source = template(tmp_path)
    reference = prepared(source, tmp_path, "reference")
    before = snapshot(reference)
    assert run_child(reference, 10_000) == 0
    after = snapshot(reference)
    assert after != before and f"results/{TURN}.yaml" in after and f"orders/{TURN}/venice.yaml" in after
    killed_between: list[int] = []
    for limit in range(0, 200):
        folder = prepared(source, tmp_path, f"k{limit}")
        code = run_child(folder, limit)
        seen = snapshot(folder)  # loading the game first: finish or clear the interrupted change, as any command
        assert seen in (before, after), f"killed before file operation {limit}: a half-written game"
        if code == 0:
            break
        assert code == -9
        killed_between.append(limit)
        shutil.rmtree(folder.parent)
    else:
        pytest.fail("the adjudication never finished")
    assert len(killed_between) >= 8, killed_between  # every staged write, the commit and each move interrupted
    print(f"killed at {len(killed_between)} points")


def test_killed_at_random_moments_the_game_is_before_or_after(tmp_path: Path) -> None:
    rng = random.Random(1455)
    source = template(tmp_path)
    reference = prepared(source, tmp_path, "reference")
    before = snapshot(reference)
    child = start_child(reference, 10_000)
    assert child.stdout is not None and child.stdout.readline() == "ready\n"
    started = time.monotonic()
    operations = int(child.communicate()[0])
    duration = time.monotonic() - started
    after = snapshot(reference)
    seen_after = recovered = 0
    for n in range(40):
        folder = prepared(source, tmp_path, f"r{n}")
        if n % 2:
            kill_after(folder, rng.uniform(0, duration))
        else:
            assert run_child(folder, rng.randrange(operations)) == -9
        if unfinished(folder):
            run_child(folder, rng.randrange(6), "read")  # the next command killed while it recovers
            recovered += 1
        seen = snapshot(folder)
        assert seen in (before, after), f"kill {n}: a half-written game"
        assert replay(folder, lambda _: None) == [], f"kill {n}: the replay differs"
        seen_after += seen == after
        shutil.rmtree(folder.parent)
    assert 0 < seen_after < 40 and recovered > 5, (seen_after, recovered)
    print(f"{seen_after} of 40 kills after the turn, {recovered} left a change to finish ({operations} operations)")
