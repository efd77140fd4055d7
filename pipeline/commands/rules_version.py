"""`judge rules-version GAME --to N`: a game moved on to a newer version of its family's rules.

A change of a family's rules that would change the results of turns already played is a new version of its
rules (`GameFamily.rules_versions`); a game keeps the version it was created under until its game masters
decide otherwise with this command. The change is recorded in game.yaml (`rules_version`, and in
`rules_changes` the turn it applies from: the game's current turn, not yet adjudicated), so the turns
already played keep the version they were played under and the game replays byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from pipeline.errors import DataError
from pipeline.storage.atomic import write_all
from pipeline.storage.game_settings import RulesChange, parse_settings
from pipeline.storage.gamedir import Game, family_facts, load_game, read_game_file
from pipeline.storage.lock import writes_game
from pipeline.storage.yamlio import dump_edited, locate


@writes_game
def move(folder: Path, to: int, echo: Callable[[str], None]) -> RulesChange:
    """Move the game in `folder` to version `to` of its family's rules from its current turn on, and say so;
    DataError, nothing written, for a version the family has not, one not newer than the game's, or a game
    that is over."""
    game = load_game(folder)
    change = _change(game, to)
    path = folder / "game.yaml"
    data = read_game_file(path)
    changes = [dict(c) for c in data.get("rules_changes") or []]
    if changes and changes[-1]["turn"] == change.turn:  # moved again before the turn is played: one change
        change = RulesChange(change.turn, int(changes.pop()["from"]), to)
    written = CommentedSeq()
    for item in [*changes, {"turn": change.turn, "from": change.was, "to": change.to}]:
        flow = CommentedMap(item)
        flow.fa.set_flow_style()
        written.append(flow)
    data["rules_version"] = to
    data["rules_changes"] = written
    _, problems = parse_settings(data, family_facts(game.family, game.powers))
    if problems:  # what the game masters wrote by hand before, now found wrong
        raise DataError(locate(problems, data, str(path)))
    write_all({path: dump_edited(data)}, root=folder)
    note = game.family.rules_versions[to - 1].note.get("en", "")
    echo(f"{folder}: the {game.family.id} rules version {to} from turn {change.turn} on (version {change.was} "
         f"until then): {note} Commit game.yaml.")  # fmt: skip
    return change


def _change(game: Game, to: int) -> RulesChange:
    """The change asked: from the version in force to `to`, from the game's current turn."""
    known = [v.number for v in game.family.rules_versions]
    current = game.settings.rules.current
    where = f"{game.folder}: "
    if to not in known:
        have = ", ".join(map(str, known))
        raise DataError(f"{where}the {game.family.id} rules have no version {to} in this release (they have {have})")
    if to <= current:
        raise DataError(
            f"{where}the game plays version {current} of the {game.family.id} rules: it moves on only to a newer "
            f"one ({', '.join(str(n) for n in known if n > current) or 'none in this release'})"
        )
    turn = game.current_turn()
    state = game.state(turn, public=True)
    if game.settings.ended or game.family.rules.game_over(game.setup, state, game.options) is not None:
        raise DataError(f"{where}the game is over: its rules version does not change any more")
    return RulesChange(turn, current, to)
