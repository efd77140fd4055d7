"""The pages of a game whose family is of its own kind (`GameFamily.report`, `draw_map`, `standings`,
`title`): the game's page (its current turn, standings and every turn adjudicated) and one page a turn with
the family's public report and maps, in every language. A board family's pages are `pages.py`'s.

`turn_report` gives a turn's report for one reader, as `judge report` prints it: the public one, a power's
(with its private report decrypted) or the game master's (with his record and every power's report).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pipeline.errors import DataError
from pipeline.games import GameFamily
from pipeline.storage.gamedir import Game
from pipeline.storage.private_files import MASTER, private_report_path
from pipeline.storage.sealed import unseal
from pipeline.storage.yamlio import parse_yaml

from .i18n import LANGUAGES, translator
from .pages import GameInfo, Page, deadline_text, localized


def is_own_kind(game: Game) -> bool:
    """Whether the game's family publishes its own reports (a family of its own kind gives `report`)."""
    return type(game.game_family).report is not GameFamily.report


def own_game_pages(info: GameInfo) -> list[Page]:
    """Every page and map of the game, in every language."""
    game = info.game
    base = Path("games") / game.id
    pages: list[Page] = []
    for lang in LANGUAGES:
        pages.append(Page(localized(base / "index.md", lang), _game_page(info, lang)))
        for turn in info.adjudicated:
            content, maps = _turn_page(info, turn, lang)
            pages += [Page(localized(base / f"{turn}.md", lang), content), *maps]
    return pages


def _game_page(info: GameInfo, lang: str) -> str:
    game, t = info.game, translator(lang)
    family = game.game_family
    state = game.state(info.current, public=True)
    lines = [f"# {game.title_in(lang)}", ""]
    lines += [t.gettext("Current turn: %(turn)s") % {"turn": family.title(game.board, info.current, t)}, ""]
    lines += [t.gettext("Deadline: %(deadline)s") % {"deadline": deadline_text(info, lang)}, ""]
    standings = family.standings(game.board, state) or []
    if standings:
        header = [t.gettext("Power"), *family.standing_labels(t)]
        lines += ["## " + t.gettext("Standings"), "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        for power, rank in standings:
            cells = [family.power_name(game.board, power, t), *(str(v) for v in rank)]
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
    if info.adjudicated:
        lines += ["## " + t.gettext("Turns"), ""]
        lines += [f"- [{family.title(game.board, turn, t)}]({turn}.md)" for turn in reversed(info.adjudicated)]
        lines.append("")
    return "\n".join(lines)


def _turn_page(info: GameInfo, turn: str, lang: str) -> tuple[str, list[Page]]:
    game = info.game
    text = turn_report(game, turn, lang, None, public=True)
    maps = game.game_family.draw_map(game.board, turn, _after(game, turn, True), _results(game, turn), translator(lang))
    pages: list[Page] = []
    figures: list[str] = []
    for name, svg in sorted((maps or {}).items()):
        file = f"{turn}{'-' + name if name else ''}.svg"
        pages.append(Page(localized(Path("games") / game.id / file, lang), svg))
        figures += [f'[![{name or turn}]({file}){{ .game-map loading="lazy" }}]({file})', ""]
    return text + ("\n" + "\n".join(figures) if figures else ""), pages


def _results(game: Game, turn: str) -> dict[str, Any]:
    data = game.recorded_results(turn)
    if data is None:
        raise DataError(f"turn {turn} has not been adjudicated", file=str(game.results_path(turn)))
    return dict(data)


def _after(game: Game, turn: str, public: bool) -> Any:
    turns = game.turns()
    following = turns[turns.index(turn) + 1] if turn in turns and turns.index(turn) + 1 < len(turns) else None
    return game.state(following, public=public) if following else None


def _sealed(game: Game, path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    data = parse_yaml(unseal(path.read_bytes(), game.identities, str(path)), str(path))
    return dict(data) if isinstance(data, dict) else {}


def turn_report(game: Game, turn: str, lang: str, viewer: str | None, public: bool = False) -> str:
    """A turn's report in `lang` for `viewer` (None: everybody; a power; `game_master`)."""
    results = _results(game, turn)
    hidden = public or viewer is None
    if viewer == MASTER:
        results[MASTER] = _sealed(game, private_report_path(game.folder, turn, MASTER))
        results["private_of"] = {p: _sealed(game, private_report_path(game.folder, turn, p)) for p in game.powers}
    elif viewer is not None:
        if viewer not in game.powers:
            raise DataError(f"no power {viewer!r} in {game.id} (its powers: {', '.join(game.powers)})")
        results["private"] = _sealed(game, private_report_path(game.folder, turn, viewer))
    before = game.state(turn, public=hidden)
    text = game.game_family.report(
        game.board, turn, before, _after(game, turn, hidden), results, translator(lang), viewer
    )
    if text is None:
        raise DataError(f"{game.id}: its family's reports are the site's pages (judge site)")
    return text
