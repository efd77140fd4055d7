"""A club's game repository in real git repositories: `origin` (bare, GitHub's copy), the game master's
clone, in which the checks run as in the workflow's checkout of the base, and each player's fork (a bare
repository cloned from origin, as GitHub's web editor makes one) with the player's clone of it.

A pull request is simulated as GitHub makes it: the fork's branch fetched into the base clone as a ref
(`refs/pull/<n>/head`), never checked out; its merge as `validate-orders.yml` does it: a merge commit of
exactly the head checked onto exactly the base checked, made by `judge check-pull-request` itself, pushed
fast-forward only.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.cli import cli

ROOT = Path(__file__).resolve().parents[2]
DEMO_TURN = "1902-fall-movement"  # the turn being played in games/demo
SECRET_TURN = "1455-spring-movement"  # ... and in games/machiavelli-objectif (secret orders)
MASTER = "gm-one"
DEMO_PLAYERS = {p: f"{p}-player" for p in ("austria", "england", "france", "germany", "italy", "russia", "turkey")}
SECRET_PLAYERS = {"florence": "flo", "venice": "doge"}
SYMMACHIA_PLAYERS = {"lagids": "ptolemy", "seleucids": "seleucus"}  # the Catan demo names its players already


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def judge(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`judge ...` as the workflow runs it: a process of its own, this worktree's code (never a `pipeline`
    folder of the repository it runs in: the code is imported from here first)."""
    code = f"import sys; sys.path.insert(0, {str(ROOT)!r}); from pipeline.cli import main; main()"
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, capture_output=True, text=True, env=env)


def with_players(game_yaml: Path, players: dict[str, str]) -> None:
    text = game_yaml.read_text(encoding="utf-8")
    for power, login in players.items():
        text = re.sub(rf"(?m)^  {power}:\n    player: *$", f"  {power}:\n    player: {login}", text)
    if "masters: []" in text:
        text = text.replace("masters: []", f"masters: [{MASTER}]")
    else:
        text = text.replace("powers:\n", f"masters: [{MASTER}]\npowers:\n", 1)
    game_yaml.write_text(text, encoding="utf-8")


@dataclass
class Player:
    login: str
    fork: Path  # the fork on "GitHub" (bare)
    clone: Path  # the player's working copy of the fork

    def commit(self, files: dict[str, str | bytes], message: str = "My orders", branch: str = "orders") -> str:
        """Write files (path -> text or bytes; None-free) on a branch of the fork and push it; the head sha."""
        git(self.clone, "checkout", "-q", "-B", branch, "origin/main")
        for name, content in files.items():
            path = self.clone / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        git(self.clone, "add", "-A")
        git(self.clone, "commit", "-q", "-m", message)
        git(self.clone, "push", "-q", "-f", "origin", f"{branch}:{branch}")
        return git(self.clone, "rev-parse", "HEAD")

    def sync(self) -> None:
        """Bring the fork's main up to date with origin (GitHub's "Sync fork")."""
        git(self.clone, "fetch", "-q", "upstream")
        git(self.clone, "checkout", "-q", "-B", "main", "upstream/main")
        git(self.clone, "push", "-q", "-f", "origin", "main")
        git(self.clone, "fetch", "-q", "origin")


@dataclass
class Club:
    root: Path
    origin: Path
    base: Path  # the game master's clone: the checkout of main the checks run in
    players: dict[str, Player] = field(default_factory=dict)
    pulls: int = 0
    merges: dict[str, str] = field(default_factory=dict)  # a head checked and passed: the merge commit made

    def player(self, login: str) -> Player:
        if login not in self.players:
            fork = self.root / "forks" / f"{login}.git"
            git(self.root, "clone", "-q", "--bare", str(self.origin), str(fork))
            clone = self.root / "players" / login
            git(self.root, "clone", "-q", str(fork), str(clone))
            git(clone, "remote", "add", "upstream", str(self.origin))
            self.players[login] = Player(login, fork, clone)
        return self.players[login]

    def pull_request(self, player: Player, branch: str = "orders") -> str:
        """Open a pull request from the player's fork: its head fetched into the base clone as GitHub's
        `refs/pull/<n>/head` (objects only, the work tree untouched), the base clone on origin's main."""
        self.pulls += 1
        git(self.base, "fetch", "-q", "origin", "main")
        git(self.base, "checkout", "-q", "--detach", "origin/main")
        git(self.base, "fetch", "-q", str(player.fork), f"+refs/heads/{branch}:refs/pull/{self.pulls}/head")
        return git(self.base, "rev-parse", f"refs/pull/{self.pulls}/head")

    def check(self, head: str, author: str) -> tuple[int, str]:
        """`judge check-pull-request` in the base clone (in this process: quicker, the same code), as the
        workflow runs it; the exit status and the report. The merge commit it makes, if it passes, is kept
        for `merge`."""
        report, merge_file = self.root / "report.md", self.root / "merge-commit"
        report.unlink(missing_ok=True)
        merge_file.unlink(missing_ok=True)
        base = git(self.base, "rev-parse", "HEAD")
        args = ["--base", base, "--head", head, "--author", author, "--repo", str(self.base)]
        args += ["--number", str(self.pulls), "--merge-commit", str(merge_file), "--report", str(report)]
        result = CliRunner().invoke(cli, ["check-pull-request", *args])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.output
        assert merge_file.exists() == (result.exit_code == 0), "a merge commit is made if and only if it passed"
        if merge_file.exists():
            self.merges[head] = merge_file.read_text(encoding="ascii").strip()
        return result.exit_code, report.read_text(encoding="utf-8") if report.exists() else result.output

    def merge(self, head: str) -> str:
        """What validate-orders.yml does once the check passed: push the merge commit the check made (of
        exactly the head checked onto exactly the base checked), fast-forward only (refused if main moved
        meanwhile); the commit pushed."""
        commit = self.merges[head]
        git(self.base, "push", "-q", "origin", f"{commit}:refs/heads/main")
        return commit

    def main_files(self) -> set[str]:
        return set(git(self.origin, "ls-tree", "-r", "--name-only", "main").splitlines())


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Club]:
    """origin holding a copy of games/demo (public orders, a player for each power) and
    games/machiavelli-objectif (secret orders), the workflows and a module of the judge, and the game
    master's clone. No key in the environment, as in the pull-request workflow; git configured for the
    test alone."""
    yield make_club(tmp_path, monkeypatch, {"demo": DEMO_PLAYERS, "machiavelli-objectif": SECRET_PLAYERS})


@pytest.fixture
def family_club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Club]:
    """The same, with the families of their own kind: games/symmachia-demo and games/catan-demo (whose
    orders are always secret)."""
    yield make_club(tmp_path, monkeypatch, {"symmachia-demo": SYMMACHIA_PLAYERS, "catan-demo": {}})


def make_club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, games: dict[str, dict[str, str]]) -> Club:
    """origin holding copies of `games` (each with these players and the master), the workflows and a module
    of the judge, and the game master's clone."""
    for name in ("JUDGE_AGE_IDENTITY", "JUDGE_DICE_SECRETS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "gitconfig"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for who in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{who}_NAME", "someone")
        monkeypatch.setenv(f"GIT_{who}_EMAIL", "someone@example.org")
    (tmp_path / "gitconfig").write_text("[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n")
    source = tmp_path / "source"
    for game, players in games.items():
        shutil.copytree(ROOT / "games" / game, source / "games" / game)
        with_players(source / "games" / game / "game.yaml", players)
    shutil.copytree(ROOT / ".github", source / ".github")
    (source / "pipeline").mkdir()
    shutil.copy(ROOT / "pipeline" / "cli.py", source / "pipeline" / "cli.py")
    git(source, "init", "-q")
    git(source, "add", "-A")
    git(source, "commit", "-q", "-m", "The club's games")
    origin = tmp_path / "origin.git"
    git(tmp_path, "clone", "-q", "--bare", str(source), str(origin))
    base = tmp_path / "master"
    git(tmp_path, "clone", "-q", str(origin), str(base))
    return Club(tmp_path, origin, base)


def order_file(game: str, turn: str, power: str, *orders: str) -> str:
    return f"game: {game}\nturn: {turn}\npower: {power}\norders:\n" + "".join(f"  - {o}\n" for o in orders)
