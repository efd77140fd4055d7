"""`judge report`: a turn's report in words for one reader (`Presentation.report`): the public one, a power's
own (with its private report, read with the player's or the game's key), or the game master's view."""

from __future__ import annotations

from pathlib import Path

from pipeline.errors import DataError
from pipeline.games.contract import MASTER
from pipeline.publish.turns import turn_report
from pipeline.storage.gamedir import load_game


def report(
    folder: Path,
    turn: str | None = None,
    lang: str = "en",
    power: str | None = None,
    master: bool = False,
    identity_file: Path | None = None,
) -> str:
    game = load_game(folder, identity_file)
    done = game.adjudicated()
    if not done:
        raise DataError(f"{game.id}: no turn has been adjudicated yet")
    turn = turn or done[-1]
    if turn not in done:
        raise DataError(f"turn {turn!r} has not been adjudicated (adjudicated: {', '.join(done)})")
    if master and power is not None:
        raise DataError("give --power or --master, not both")
    return turn_report(game, turn, lang, MASTER if master else power)
