"""What the tests of the board families' reports and maps make of a demo game: a phase's record from its
committed files (`load_phase`), and a turn's map in one or several languages (`render_turn`), through the
contract the site uses (`pipeline.publish.turns`)."""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.board.presentation.report import PhaseRecord, with_private
from pipeline.board.turns import phase_of_turn
from pipeline.publish.turns import following, turn_maps
from pipeline.storage.gamedir import Game
from pipeline.storage.private_files import private_reports
from pipeline.storage.sealed import unseal
from pipeline.storage.yamlio import parse_yaml


def load_phase(game: Game, turn: str, private: bool = False) -> PhaseRecord:
    """The record of a board game's `turn`: what everybody may read, or with `private` (the game's key at
    hand) each power's money put back from its encrypted report."""
    results = dict(game.recorded_results(turn) or {})
    if private and game.secret_money:
        for path in private_reports(game.folder, turn):
            own = parse_yaml(unseal(path.read_bytes(), game.identities, str(path)), str(path))
            results = with_private(results, own, str(own.get("power")))
    nxt = following(game, turn)
    return PhaseRecord(
        game.setup,
        game.options,
        game.family.rules.family,  # type: ignore[attr-defined]
        phase_of_turn(turn),
        game.state(turn, public=not private),
        results,
        game.state(nxt, public=not private) if nxt else None,
    )


def render_turn(game: Game, turn: str, lang: str | Sequence[str] = "en") -> str | None:
    """A turn's map: in one language, or one map for several (the first shown, the others at ``#<lang>``)."""
    langs = [lang] if isinstance(lang, str) else list(lang)
    maps = turn_maps(game, turn, langs)
    return maps[""][langs[0]] if "" in maps else None
