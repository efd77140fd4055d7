"""What a game's rule options are, for a player, a sentence each in the page's language: the family says what
each value of each of its options means (`Presentation.option_words`); a game's page says those its game.yaml
chose and those its family's profiles set apart (`rule_choices`)."""

from __future__ import annotations

from pipeline.games.contract import Translations
from pipeline.storage.gamedir import Game


def rule_choices(game: Game, t: Translations) -> list[str]:
    """What a game plays with, in words: every option its family's profiles set apart (their values differ),
    and every option its game.yaml sets, at the value the game plays with."""
    family = game.family
    said = family.presentation.option_words(game.options, t)
    by_profile = [family.presentation.option_words(p.options, t) for p in family.profiles.values()]
    chosen = game.data.get("options") or {}
    chosen = chosen if isinstance(chosen, dict) else {}
    apart = {name for name in said if len({words[name][0] for words in by_profile if name in words}) > 1}
    return [words[0] for name, words in said.items() if name in apart or name in chosen]
