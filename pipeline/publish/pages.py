"""The pages of a game, built in memory as Markdown from its committed state and results, in every report
language: `index.md` in English and `index.fr.md` beside it in French (the suffix structure of
mkdocs-static-i18n, English being the default language)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.storage.gamedir import Game

from .i18n import LANGUAGES, translator
from .report import load_phase, public_report
from .words import Words


@dataclass(frozen=True)
class Page:
    path: Path  # relative to the site folder
    content: str


def localized(path: Path, lang: str) -> Path:
    """``games/demo/index.md`` in English, ``games/demo/index.fr.md`` in French."""
    return path if lang == LANGUAGES[0] else path.with_suffix(f".{lang}.md")


def game_pages(game: Game) -> list[Page]:
    """The game's page in each language."""
    base = Path("games") / game.id / "index.md"
    return [Page(localized(base, lang), game_page(game, lang)) for lang in LANGUAGES]


def game_page(game: Game, lang: str) -> str:
    """The game's current position, then the report of every adjudicated turn, newest first."""
    t = translator(lang)
    w = Words(game.board, t)
    turns = game.turns()
    position = game.position(turns[-1], public=True)  # what everybody may see: no secret treasury
    intro = t.gettext("Map: %(map)s. Next turn: **%(phase)s**.") % {
        "map": game.board.name,
        "phase": w.phase(position.phase),
    }
    lines = [f"# {game.title}", "", intro, "", "## " + t.gettext("Position"), ""]
    machiavelli = game.rules.game == "machiavelli"
    if machiavelli:  # provinces and cities are controlled apart, and every power keeps a treasury
        header = [
            t.gettext("Power"),
            t.gettext("Units"),
            t.gettext("Provinces"),
            t.gettext("Cities"),
            t.gettext("Ducats"),
        ]
    else:
        header = [t.gettext("Power"), t.gettext("Units"), t.gettext("Supply centres")]
    lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for pid in sorted(game.board.powers):
        units = ", ".join(str(u) for u in sorted(position.units_of(pid))) or "-"
        centres = ", ".join(sorted(position.centres_of(pid))) or "-"
        row = [w.power(pid), units, f"{len(position.centres_of(pid))}: {centres}"]
        if machiavelli:
            cities = sorted(p for p, owner in position.cities.items() if owner == pid)
            ducats = position.ledger.ducats(pid)
            debt = sum(loan.owed for loan in position.ledger.debt(pid))
            money = t.gettext("%(ducats)s (owes %(debt)s)") % {"ducats": ducats, "debt": debt} if debt else str(ducats)
            row += [f"{len(cities)}: {', '.join(cities) or '-'}", money]
        lines.append("| " + " | ".join(row) + " |")
    if position.rebellions:
        rebels = [
            t.gettext("%(place)s (against %(power)s)") % {"place": w.place(p), "power": w.power_the(r.target)}
            for p, r in position.rebellions.items()
        ]
        lines += ["", t.gettext("Rebellions: %(list)s.") % {"list": t.join(rebels)}]
    if position.famine:
        lines += ["", t.gettext("Famine: %(list)s.") % {"list": t.join([w.place(p) for p in sorted(position.famine)])}]
    for turn in reversed(turns):
        if game.results_path(turn).exists():
            lines += ["", public_report(load_phase(game, turn), lang, level=2).rstrip("\n")]
    return "\n".join(lines) + "\n"
