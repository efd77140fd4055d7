"""`judge run-games`: what the adjudication workflow does, in one process for every game.

Run hourly, after orders are merged, or by a game master from the Actions tab: adjudicate each game whose
turn is due (`game.adjudicate(..., when_due=True)`), or force or rerun one game of any family (its masters
only, a turn id of the game's family), then check each game that changed (`replay` must give the committed
files again, `verify` every die). A game that fails, in its adjudication or its check, is put back as it
was and does not stop the others; the workflow commits what the others changed. A turn due but waiting for
its game master's ruling is no failure: each run says so in general words (what it waits for comes from the
order files, which may be secret) until a master rules or forces it. The inputs come from the workflow's
dispatch form: each is checked here before any file is touched.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from pipeline.errors import DataError, PipelineError
from pipeline.storage.game_settings import check_login
from pipeline.storage.gamedir import Game, load_game

from . import game as commands
from .issue_orders import GAME_NAME
from .markdown import escaped, fenced

Echo = Callable[[str], None]
ACTIONS = ("adjudicate", "force", "rerun")
SHOWN_TURN = 40  # the characters of a refused --turn a message shows
CHANGED, UNCHANGED, WAITING, FAILED = "changed", "unchanged", "waiting for its game master's ruling", "failed"


@dataclass
class GamesRun:
    changed: list[str] = field(default_factory=list)  # the games whose files changed and checked out
    failed: list[str] = field(default_factory=list)  # the games put back as they were
    waiting: list[str] = field(default_factory=list)  # the games whose due turn waits for a ruling
    summary: str = ""  # Markdown for the run's summary


def run_games(
    games_dir: Path,
    action: str,
    game_id: str | None,
    turn: str | None,
    actor: str,
    echo: Echo,
    now: datetime,
    identity_file: Path | None = None,
) -> GamesRun:
    """Run `action` on the games of `games_dir` (or on `game_id` alone) for `actor`; what changed, what
    failed, and the summary. `DataError` before anything is touched if an input is not valid or the actor
    may not force or rerun that game."""
    ids = _chosen_games(games_dir, action, game_id, turn, actor)
    run = GamesRun()
    summary = [f"## judge run-games: {action}", ""]
    for name in ids:
        lines: list[str] = []

        def say(line: str, lines: list[str] = lines, name: str = name) -> None:
            lines.append(line)
            echo(f"{name}: {line}")

        status = _run_game(games_dir / name, action, turn, say, now, identity_file)
        listed = {CHANGED: run.changed, WAITING: run.waiting, FAILED: run.failed}
        if status in listed:
            listed[status].append(name)
        summary += [f"### `games/{escaped(name)}`: {status}", "", *fenced(lines), ""]
    run.summary = "\n".join(summary)
    return run


def _run_game(folder: Path, action: str, turn: str | None, say: Echo, now: datetime, identity_file: Path | None) -> str:
    """Run `action` on one game and check what changed; the game's status. A game that fails is put back as it
    was."""
    with tempfile.TemporaryDirectory(prefix="judge-run-games-") as tmp:
        saved = Path(tmp) / folder.name
        shutil.copytree(folder, saved, symlinks=True)
        try:
            if not _act(folder, action, turn, say, now, identity_file):
                return UNCHANGED
            _check(folder, say, identity_file)
            return CHANGED
        except commands.AwaitingRuling as awaiting:  # raised before anything is written
            say(_awaiting_words(folder, awaiting))
            return WAITING
        except Exception as err:  # one game's failure, whatever it is, must not stop the others
            message = str(err) if isinstance(err, PipelineError) else f"{type(err).__name__}: {err}"
            for line in message.splitlines():
                say(f"error: {line}")
            shutil.rmtree(folder)
            shutil.copytree(saved, folder, symlinks=True)
            say("failed: the game's files are as they were")
            return FAILED


def _awaiting_words(folder: Path, awaiting: commands.AwaitingRuling) -> str:
    """A due turn waiting for its game master's ruling, in words for a public log: not what it waits for
    (drawn from the order files, secret in a game with secret orders) but how a master learns it and what
    he may do."""
    game, turn = f"games/{folder.name}", awaiting.turn
    return (
        f"turn {turn}: waiting for the game master's ruling on what its order files leave to him (judge validate "
        f"{game} with the game's key shows it); a master commits {game}/orders/{turn}/{awaiting.ruling} or forces "
        f"turn {turn} from the Actions tab"
    )


def _chosen_games(games_dir: Path, action: str, game_id: str | None, turn: str | None, actor: str) -> list[str]:
    """The games to run, once every input is checked."""
    if action not in ACTIONS:
        raise DataError(f"action {action!r} is not one of {', '.join(ACTIONS)}")
    if game_id is None or game_id == "":
        if action != "adjudicate":
            raise DataError(f"{action} is for one game: say which (--game)")
        if turn:
            raise DataError("a turn is for force and rerun, of one game")
        return sorted(p.parent.name for p in games_dir.glob("*/game.yaml") if GAME_NAME.fullmatch(p.parent.name))
    if not GAME_NAME.fullmatch(game_id) or not (games_dir / game_id / "game.yaml").is_file():
        raise DataError(f"there is no game '{escaped(game_id)}' (a folder of {games_dir}/ with a game.yaml)")
    if action == "adjudicate":
        if turn:
            raise DataError("a turn is for force and rerun: adjudicate plays the turn being played, if it is due")
        return [game_id]
    game = load_game(games_dir / game_id)
    _check_turn(game, action, turn)
    problem = check_login(actor, "actor")  # anyone may ask for the games that are due; the rest is the masters'
    if problem is not None:
        raise DataError(str(problem))
    masters = game.settings.masters
    if actor.lower() not in {m.lower() for m in masters}:
        who = ", ".join(masters) or "none"
        raise DataError(f"{action}: {actor} is not a master of games/{game_id} (its masters, in game.yaml: {who})")
    return [game_id]


def _check_turn(game: Game, action: str, turn: str | None) -> None:
    """A force or rerun names a turn id of the game's own family (the dispatch form's text, checked whole)."""
    if turn is not None and game.family.rules.is_turn(turn):
        return
    shown = escaped((turn or "")[:SHOWN_TURN]) + ("..." if len(turn or "") > SHOWN_TURN else "")
    raise DataError(
        f"{action} needs a turn like {game.family.rules.turn_example} (--turn; games/{game.id} is playing "
        f"{game.current_turn()}), not '{shown}'"
    )


def _act(folder: Path, action: str, turn: str | None, say: Echo, now: datetime, identity_file: Path | None) -> int:
    """Adjudicate, force or rerun one game; the number of turns played (0: nothing changed)."""
    if action == "adjudicate":
        return commands.adjudicate(folder, say, when_due=True, now=now, identity_file=identity_file)
    assert turn is not None
    if action == "rerun":
        count = commands.rerun(folder, turn, say, identity_file)
        say(f"{count} turn(s) adjudicated again from {turn}")
        return count
    game = load_game(folder)
    current = game.current_turn()
    if turn != current:
        if game.turn_key(turn) < game.turn_key(current):
            # A force that arrives after the turn was adjudicated (at its deadline, or by another run) must
            # not force the next turn, which has only just begun.
            say(f"turn {turn} was adjudicated already (now {current}): nothing forced")
            return 0
        raise DataError(f"turn {turn} is not the turn being played ({current})")
    return commands.adjudicate(folder, say, force=True, now=now, identity_file=identity_file)


def _check(folder: Path, say: Echo, identity_file: Path | None) -> None:
    """A game just changed must replay to its committed files, and every die check out against its chain."""
    differences = commands.replay(folder, say, identity_file)
    problems = commands.verify(folder, say, identity_file)
    if differences or problems:
        found = [f"replay differs: {path}" for path in differences] + [str(p) for p in problems]
        raise DataError("the game does not check out after the run:\n" + "\n".join(found))
    say("replay matches the files written, and every die checks out")
