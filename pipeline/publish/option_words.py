"""What a game's rule options are, for a player, a sentence each in the page's language: the family says what
each value of each of its options means (`Presentation.option_words`); a game's page says those its game.yaml
chose and those its family's profiles set apart (`rule_choices`)."""

from __future__ import annotations

from pipeline.escape import markdown_text
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


def rules_version_lines(game: Game, t: Translations) -> list[str]:
    """The version of its family's rules a game plays, and since which turn, with what it changed, a sentence
    each (none for a family with one version, never moved); the versions it played before, if any."""
    versions, played = game.family.rules_versions, game.settings.rules
    if len(versions) == 1 and not played.changes:
        return []

    def note(number: int) -> str:
        said = versions[number - 1].note
        return markdown_text(said.get(t.lang) or said.get("en") or "")

    def turn(name: str) -> str:
        return markdown_text(game.family.presentation.title(game.setup, name, t))

    if not played.changes:
        return [
            t.gettext("Version %(version)s of the family's rules: %(note)s")
            % {"version": played.current, "note": note(played.current)}
        ]
    last = played.changes[-1]
    lines = [
        t.gettext("Version %(version)s of the family's rules since %(turn)s: %(note)s")
        % {"version": last.to, "turn": turn(last.turn), "note": note(last.to)}
    ]
    since: str | None = None  # the turn the version before began: the game's start for the first
    for change in played.changes:
        until = {"version": change.was, "turn": turn(change.turn)}
        lines.append(
            t.gettext("Version %(version)s until %(turn)s.") % until
            if since is None
            else t.gettext("Version %(version)s from %(since)s until %(turn)s.") % {**until, "since": turn(since)}
        )
        since = change.turn
    return lines
