"""The pages of a game whose family is of its own kind (`GameFamily.report`, `draw_map`, `standings`,
`title`): the game's page (its current turn, standings and every turn adjudicated) and one page a turn with
the family's public report and maps, in every language. A board family's pages are `pages.py`'s.

`turn_report` gives a turn's report for one reader, as `judge report` prints it: the public one, a power's
(with its private report decrypted) or the game master's (with his record and every power's report).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pipeline.errors import DataError
from pipeline.games import GameFamily
from pipeline.storage.gamedir import Game
from pipeline.storage.private_files import MASTER, private_report_path
from pipeline.storage.sealed import unseal
from pipeline.storage.yamlio import parse_yaml

from .i18n import LANGUAGES, translator
from .pages import GameInfo, Page, deadline_text, demote, game_rules, localized, narrative


def is_own_kind(game: Game) -> bool:
    """Whether the game's family publishes its own reports (a family of its own kind gives `report`)."""
    return type(game.game_family).report is not GameFamily.report


def own_game_pages(info: GameInfo) -> list[Page]:
    """Every page and map of the game, in every language."""
    game = info.game
    base = Path("games") / game.id
    pages: list[Page] = []
    legal = _legal_orders(game, info.current)
    if legal:
        pages.append(Page(base / "orders.json", _json(legal)))
    for lang in LANGUAGES:
        content, maps = _game_page(info, lang, bool(legal))
        pages += [Page(localized(base / "index.md", lang), content), *maps]
        if legal:
            names = game.game_family.order_form(game.board, game.state(info.current, public=True), translator(lang))
            pages.append(Page(localized(base / "orders.md", lang), _order_page(info, names is not None, lang)))
            if names is not None:  # one file a language, at the site's root as the board families' (order_form.py)
                pages.append(Page(base / f"form-{lang}.json", _json(_form_settings(info, names, lang))))
        for turn in info.adjudicated:
            content, maps = _turn_page(info, turn, lang)
            pages += [Page(localized(base / f"{turn}.md", lang), content), *maps]
    return pages


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def _game_page(info: GameInfo, lang: str, orders: bool) -> tuple[str, list[Page]]:
    """The game's page in `lang` (`orders`: it has an order page) and its maps."""
    game, t = info.game, translator(lang)
    family = game.game_family
    state = game.state(info.current, public=True)
    lines = [f"# {game.title_in(lang)}", ""]
    if family.is_over(game.board, state):  # somebody has won: no turn to play
        lines += [t.gettext("The game is over: its turns are below."), ""]
    else:
        lines += [t.gettext("Current turn: %(turn)s") % {"turn": family.title(game.board, info.current, t)}, ""]
        lines += [t.gettext("Deadline: %(deadline)s") % {"deadline": deadline_text(info, lang)}, ""]
    text = narrative(game, "game", lang)  # the game master's word on the whole game: narrative/game.md
    if text:
        lines += ["## " + t.gettext("The game master's narrative"), "", demote(text), ""]
    if orders:
        lines += ["[" + t.gettext("Sending orders: %(game)s") % {"game": game.title_in(lang)} + "](orders.md)", ""]
    standings = family.standings(game.board, state) or []
    if standings:
        header = [t.gettext("Power"), *family.standing_labels(t)]
        lines += ["## " + t.gettext("Standings"), "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        for power, rank in standings:
            cells = [family.power_name(game.board, power, t), *(str(v) for v in rank)]
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
    lines += ["## " + t.gettext("This game's rules"), "", *game_rules(info, t), ""]
    if info.adjudicated:
        lines += ["## " + t.gettext("Turns"), ""]
        lines += [f"- [{family.title(game.board, turn, t)}]({turn}.md)" for turn in reversed(info.adjudicated)]
        lines.append("")
    maps = game.game_family.draw_map(game.board, info.current, state, None, t) or {}
    pages, figures = _figures(game, info.current, maps, lang)
    return "\n".join([*lines, *figures]), pages


def _legal_orders(game: Game, turn: str) -> dict[str, Any]:
    """Each power's legal orders of the current turn (`GameFamily.legal_orders`), what the order page shows."""
    family = game.game_family
    state = game.state(turn, public=True)
    out = {}
    for power in family.powers_to_order(game.board, state):
        legal = family.legal_orders(game.board, state, game.options, power)
        if legal is not None:
            out[power] = legal
    return {"game": game.id, "turn": turn, "powers": out} if out else {}


def _order_page(info: GameInfo, form: bool, lang: str) -> str:
    """The order page: how to send a file, then, if the family has one (`form`), its order form
    (`site/assets/javascripts/<family>-form.js`, run by order-form.js), which offers the legal orders of
    `orders.json` and writes the file."""
    game, t = info.game, translator(lang)
    family = game.game_family
    lines = ["# " + t.gettext("Sending orders: %(game)s") % {"game": game.title_in(lang)}, ""]
    syntax = family.orders_page + (".fr.md" if lang == "fr" else ".md")
    link = f"[{syntax}]({info.repo_url.rstrip('/')}/blob/main/{syntax})" if info.repo_url else f"`{syntax}`"
    lines += [
        t.gettext(
            "Write one order file a power, check it with `judge validate`, encrypt it with `judge encrypt` and "
            "send it in a pull request; the syntax: %(syntax)s. Every legal order of this turn: %(json)s."
        )
        % {
            "syntax": link,
            "json": "[orders.json](orders.json)",
        },
        "",
    ]
    if form:
        lines += [
            t.gettext(
                "Or fill in the form below: choose your power, then its orders among the legal ones. The page "
                "writes the order file, encrypted when the game's orders are secret; send it from GitHub or "
                "download it."
            ),
            "",
            "<noscript>" + t.gettext("This page needs JavaScript.") + "</noscript>",
            "",
            f'<div class="pbem-form" data-form="family-orders" data-family="{family.id}" data-game="{game.id}" '
            f'data-lang="{lang}"></div>',
            "",
        ]
    return "\n".join(lines)


def _form_settings(info: GameInfo, names: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The settings of the family's order form (`form-<lang>.json`): the game, its turn and powers, what is
    needed to send the file (secret orders, the keys, the repository, the orders' folder), and the family's
    names and words (`names`: `GameFamily.order_form`)."""
    game, t = info.game, translator(lang)
    family = game.game_family
    return {
        "format": 1,
        "family": family.id,
        "game": game.id,
        "title": game.title_in(lang),
        "turn": info.current,
        "turn_title": family.title(game.board, info.current, t),
        "powers": {p: family.power_name(game.board, p, t) for p in game.powers},
        "players": dict(sorted(game.players.items())),
        "secret_orders": game.settings.secret_orders,
        "public_key": game.settings.public_key,
        "player_keys": dict(sorted(game.settings.player_keys.items())),
        "repo_url": info.repo_url.rstrip("/") if info.repo_url else None,
        "folder": f"games/{game.id}/orders/{info.current}",
        "names": names,
    }


def _turn_page(info: GameInfo, turn: str, lang: str) -> tuple[str, list[Page]]:
    game = info.game
    text = turn_report(game, turn, lang, None, public=True)
    if text.startswith("## "):  # the page's title is the report's first heading, or the turn's name, never
        text = text[1:]  # its file's
    elif not text.startswith("# "):
        text = f"# {game.game_family.title(game.board, turn, translator(lang))}\n\n{text}"
    told = narrative(game, turn, lang)
    if told:  # the game master's word, under the report's title
        title, _, rest = text.partition("\n")
        heading = translator(lang).gettext("The game master's narrative")
        text = f"{title}\n\n## {heading}\n\n{demote(told)}\n{rest}"
    state = game.state(turn, public=True)
    maps = game.game_family.draw_map(game.board, turn, state, _results(game, turn), translator(lang))
    pages, figures = _figures(game, turn, maps or {}, lang)
    return text + ("\n" + "\n".join(figures) if figures else ""), pages


def _figures(game: Game, turn: str, maps: Mapping[str, str], lang: str) -> tuple[list[Page], list[str]]:
    """Each map as `games/<id>/<turn>[-<name>].svg` (`.fr.svg` in French) and the Markdown that shows it."""
    pages: list[Page] = []
    figures: list[str] = []
    t = translator(lang)
    title = game.game_family.title(game.board, turn, t)
    for number, (name, svg) in enumerate(maps.items(), 1):
        file = f"{turn}{'-' + name if name else ''}.svg"
        pages.append(Page(localized(Path("games") / game.id / file, lang), svg))
        words = {"turn": title, "number": number, "count": len(maps)}
        alt = t.gettext("Map: %(turn)s") if len(maps) == 1 else t.gettext("Map %(number)s of %(count)s: %(turn)s")
        figures += [f'[![{alt % words}]({file}){{ .game-map loading="lazy" }}]({file})', ""]
    return pages, figures


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
