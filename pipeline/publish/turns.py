"""A turn of a game as its readers see it: its report in a language, for everybody, a power or the game
master (the private parts decrypted with the keys at hand), and its maps. What `judge report`, `judge render`
and the site's turn pages show, from the committed files alone (`Presentation.report`, `draw_map`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pipeline.errors import DataError
from pipeline.games.contract import MASTER
from pipeline.shared.i18n import LANGUAGES, translator
from pipeline.storage.gamedir import Game
from pipeline.storage.private_files import private_report_path
from pipeline.storage.sealed import unseal
from pipeline.storage.yamlio import parse_yaml


def results_of(game: Game, turn: str) -> dict[str, Any]:
    """A turn's committed results, as data (a copy: a viewer's private parts are added to it)."""
    data = game.recorded_results(turn)
    if data is None:
        raise DataError(f"turn {turn} has not been adjudicated", file=str(game.results_path(turn)))
    return dict(data)


def following(game: Game, turn: str, turns: Sequence[str] | None = None) -> str | None:
    """The turn after `turn`, if it has begun."""
    turns = game.turns() if turns is None else turns
    at = turns.index(turn) + 1 if turn in turns else len(turns)
    return turns[at] if at < len(turns) else None


def _sealed(game: Game, path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    data = parse_yaml(unseal(path.read_bytes(), game.identities, str(path)), str(path))
    return dict(data) if isinstance(data, dict) else {}


def turn_report(
    game: Game,
    turn: str,
    lang: str,
    viewer: str | None,
    public: bool = False,
    turns: Sequence[str] | None = None,
) -> str:
    """A turn's report in `lang` for `viewer` (None: everybody; a power; `MASTER`), from the states before and
    after it as that viewer may see them."""
    results = results_of(game, turn)
    hidden = public or viewer is None
    if viewer == MASTER:
        results[MASTER] = _sealed(game, private_report_path(game.folder, turn, MASTER))
        results["private_of"] = {p: _sealed(game, private_report_path(game.folder, turn, p)) for p in game.powers}
    elif viewer is not None:
        if viewer not in game.powers:
            raise DataError(f"no power {viewer!r} in {game.id} (its powers: {', '.join(game.powers)})")
        results["private"] = _sealed(game, private_report_path(game.folder, turn, viewer))
    before = game.state(turn, public=hidden)
    nxt = following(game, turn, turns)
    after = game.state(nxt, public=hidden) if nxt is not None else None
    return game.family.presentation.report(
        game.setup, game.options_at(turn), turn, before, after, results, translator(lang), viewer
    )


def turn_maps(
    game: Game, turn: str, languages: Sequence[str], turns: Sequence[str] | None = None
) -> Mapping[str, Mapping[str, str]]:
    """The maps of a turn by name and language (`Presentation.draw_map`): its state as everybody sees it, with
    its orders once it is adjudicated."""
    turns = game.turns() if turns is None else turns
    if turn not in turns:
        raise DataError(f"{game.id} has no turn {turn!r} (its turns: {', '.join(turns) or 'none'})")
    results = game.recorded_results(turn)
    state = game.state(turn, public=True)
    return game.family.presentation.draw_map(
        game.setup, game.options_at(turn), turn, state, results, [translator(lang) for lang in languages]
    )


def legal_orders_data(game: Game, turn: str, power: str | None = None, public: bool = False) -> dict[str, Any]:
    """The legal orders of `turn` (`Rules.legal_orders`) with the game's and the turn's ids: of `power`, or
    of every power who orders. `public`: from what everybody may see (the site's order page); else from the
    state with its secret part where the game's key is at hand."""
    rules = game.family.rules
    hidden = public or not game.identities
    state = game.state(turn, public=hidden)
    powers = rules.powers_to_order(game.setup, state)
    if power is not None:
        powers = [power_named(game, power)]
    data = dict(rules.legal_orders(game.setup, state, game.options_at(turn), powers, hidden and game.secret_money))
    return {**data, "game": game.id, "turn": turn}


def power_named(game: Game, name: str) -> str:
    """The power a reader names: by its id or its name in a report language, in any case (``France``)."""
    wanted = name.casefold()
    for power in game.powers:
        names = {
            power,
            *(game.family.presentation.power_name(game.setup, power, translator(lang)) for lang in LANGUAGES),
        }
        if wanted in {n.casefold() for n in names}:
            return power
    raise DataError(f"no power {name!r} in {game.id} (its powers: {', '.join(game.powers)})")
