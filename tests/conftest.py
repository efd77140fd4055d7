"""Shared fixtures: the standard board, positions written as text, and games of dice with their secret."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings

from pipeline.board.board import Board
from pipeline.board.position import Phase, PhaseKind, Position
from pipeline.board.units import Unit, UnitKind
from pipeline.storage.maps import shipped_board

# No property test is timed: speed is the benchmarks' business, and a loaded machine made Hypothesis's
# 200 ms deadline fail tests that were right.
settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")


@pytest.fixture(scope="session")
def board() -> Board:
    return shipped_board("standard")


@pytest.fixture(scope="session")
def games_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped games' pages as `judge site` writes them (the repository `owner/repo`), made once for the
    tests that only read them (tests/test_order_form.py, tests/test_family_order_forms.py)."""
    from pipeline.publish.site import build_site

    folder = tmp_path_factory.mktemp("games-site") / "site"
    folder.mkdir()
    build_site(Path(__file__).resolve().parent.parent / "games", folder, repo_url="https://github.com/owner/repo/")
    return folder


def units(*entries: str) -> list[Unit]:
    """``units("england: F nth", "france: A par")``"""
    out = []
    for e in entries:
        power, _, rest = e.partition(":")
        kind, loc = rest.split()
        out.append(Unit(power.strip(), UnitKind.from_letter(kind), loc))
    return out


def position(
    *entries: str, season: str = "spring", kind: PhaseKind = PhaseKind.MOVEMENT, owners: dict[str, str] | None = None
) -> Position:
    return Position.build(Phase(season, 1901, kind), units(*entries), owners or {})


@pytest.fixture
def new_dice_game(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """`judge new` for rules that roll dice, with the game master's dice secret handed to the adjudication
    as CI hands it (JUDGE_DICE_SECRETS): a game of dice without its commitment is refused."""
    from pipeline.commands import game as commands

    def make(folder: Path, profile: str = "judge", title: str | None = None) -> None:
        secret = hashlib.sha256(folder.name.encode()).hexdigest()
        commands.new_game(folder, profile, title, fresh_secret=lambda: secret)
        known = os.environ.get("JUDGE_DICE_SECRETS", "")
        monkeypatch.setenv("JUDGE_DICE_SECRETS", f"{known}\n{folder.name} {secret}".strip())

    return make
