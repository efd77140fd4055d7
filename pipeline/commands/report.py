"""`judge report`: a turn's report in words for one reader, for a game whose family writes its own reports
(`GameFamily.report`): the public one, a power's own, or the game master's view."""

from __future__ import annotations

from pathlib import Path

from pipeline.errors import DataError
from pipeline.publish.family_pages import is_own_kind, turn_report
from pipeline.storage.gamedir import load_game
from pipeline.storage.private_files import MASTER


def report(
    folder: Path,
    turn: str | None = None,
    lang: str = "en",
    power: str | None = None,
    master: bool = False,
    identity_file: Path | None = None,
) -> str:
    game = load_game(folder, identity_file)
    if not is_own_kind(game):
        raise DataError(f"{game.id}: its reports are the site's pages and private reports (judge site)")
    done = game.adjudicated()
    if not done:
        raise DataError(f"{game.id}: no turn has been adjudicated yet")
    turn = turn or done[-1]
    if turn not in done:
        raise DataError(f"turn {turn!r} has not been adjudicated (adjudicated: {', '.join(done)})")
    if master and power is not None:
        raise DataError("give --power or --master, not both")
    return turn_report(game, turn, lang, MASTER if master else power)
