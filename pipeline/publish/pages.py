"""The pages of a game, built in memory as Markdown from its committed files, in every report language:
`page.md` in English and `page.fr.md` beside it in French (the suffix structure of mkdocs-static-i18n,
English being the default language). Every family's games have the same pages, made from its contract
(`pipeline.games.contract`): the site never asks which game is played.

    games/<id>/index.md        the game: its rules, current turn and deadline, the map of the current state,
                               the standings with the players, how to send orders, the rules chosen, the
                               standings over time, every turn adjudicated; once it is over, who won
    games/<id>/<turn>.md       one adjudicated turn: the map with its orders, the game master's narrative, the
                               report, the turns before and after
    games/<id>/<turn>[-<name>].svg   the maps of a turn: one file for every language when the family draws
                               one for all (`<turn>.svg#fr` shows it in French), else one a language
                               (`<turn>.fr.svg`)

Everything comes from committed files (game.yaml, states, results, deadlines.yaml, narrative/), never
from the clock: the same commit gives the same bytes. What a player or a game master wrote (a title, a name,
a narrative) is escaped for the Markdown where it is put (`pipeline.escape`; docs/security.md, "Player text is
data").
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from babel.dates import format_datetime

from pipeline.escape import markdown_text, markdown_without_html, markup_text
from pipeline.games.contract import Table
from pipeline.shared.i18n import LANGUAGES, Translator, translator
from pipeline.storage.gamedir import Game, deadlines

from .chart import standings_charts
from .option_words import rule_choices, rules_version_lines
from .turns import turn_maps, turn_report

RULES = Path("games") / "rules"  # the Rules section: its page, each family's rules and order syntax (reference.py)
Maps = Mapping[str, Mapping[str, str]]  # a turn's maps: by name, then by language (`Presentation.draw_map`)


@dataclass(frozen=True)
class Page:
    path: Path  # relative to the site folder
    content: str


def rules_address(family_id: str, orders: bool = False) -> str:
    """A family's rules page (or its order syntax page) in the Rules section, relative to the section: a
    folder a family, its rules the folder's page."""
    return f"{family_id}/{'orders' if orders else 'index'}.md"


def localized(path: Path, lang: str) -> Path:
    """``games/demo/index.md`` in English, ``games/demo/index.fr.md`` in French (any extension)."""
    return path if lang == LANGUAGES[0] else path.with_suffix(f".{lang}{path.suffix}")


@dataclass(frozen=True)
class GameInfo:
    """What the pages of a game are made of, read once from its folder."""

    game: Game
    turns: list[str]  # every turn with a state, in the order played
    adjudicated: list[str]  # the turns with results
    deadlines: Mapping[str, datetime]
    repo_url: str | None = None
    # a turn's maps in every language (game, turn, the game's turns -> maps): `judge site`'s cache of them, else
    # `turns.turn_maps`
    draw_map: Callable[[Game, str, Sequence[str]], Maps] | None = None

    @property
    def current(self) -> str:
        return self.turns[-1]

    def maps(self, turn: str) -> Maps:
        draw = self.draw_map or (lambda game, t, turns: turn_maps(game, t, LANGUAGES, turns))
        return draw(self.game, turn, self.turns)


def game_info(game: Game, repo_url: str | None = None) -> GameInfo:
    return GameInfo(game, game.turns(), game.adjudicated(), deadlines(game), repo_url)


# ---- the maps: files and figures ---------------------------------------------------------------------------
def map_figures(info: GameInfo, turn: str, maps: Maps, lang: str) -> tuple[list[Page], list[str]]:
    """The map files of a turn that `lang`'s page writes, and the Markdown that shows them there, each linked to
    itself for zooming on a phone. A map the family drew once for every language (the same text in each) is
    written with the default language's page and shown at ``#<lang>`` in the others."""
    t = translator(lang)
    title = info.game.family.presentation.title(info.game.setup, turn, t)
    pages: list[Page] = []
    figures: list[str] = []
    for number, (name, by_lang) in enumerate(maps.items(), 1):
        svg = by_lang.get(lang)
        if svg is None:
            continue
        file = f"{turn}{'-' + name if name else ''}.svg"
        shared = lang != LANGUAGES[0] and svg == by_lang.get(LANGUAGES[0])
        if not shared:
            pages.append(Page(localized(Path("games") / info.game.id / file, lang), svg))
        link = f"{file}#{lang}" if shared else file
        words = {"turn": markdown_text(title), "number": number, "count": len(maps)}
        alt = t.gettext("Map: %(turn)s") if len(maps) == 1 else t.gettext("Map %(number)s of %(count)s: %(turn)s")
        figures += [f'[![{alt % words}]({link}){{ .game-map loading="lazy" }}]({link})', ""]
    return pages, figures


def map_link(info: GameInfo, turn: str, lang: str) -> str | None:
    """The address of a turn's first map in `lang`, from a page beside it (None: the game has no map)."""
    maps = info.maps(turn)
    if not maps:
        return None
    name, by_lang = next(iter(maps.items()))
    file = f"{turn}{'-' + name if name else ''}.svg"
    shared = lang != LANGUAGES[0] and by_lang.get(lang) == by_lang.get(LANGUAGES[0])
    return f"{file}#{lang}" if shared else file


# ---- common pieces --------------------------------------------------------------------------------------
def format_deadline(when: datetime, info: GameInfo, lang: str) -> str:
    """A deadline in the game's time zone (or the file's), in the language's way."""
    zone = info.game.settings.deadlines.timezone if info.game.settings.deadlines else None
    tz = ZoneInfo(zone) if zone else when.tzinfo
    return format_datetime(when, "long", tzinfo=tz, locale=lang)


def deadline_text(info: GameInfo, lang: str) -> str:
    t = translator(lang)
    when = info.deadlines.get(info.current)
    if when is None:
        return t.gettext("no deadline set")
    return format_deadline(when, info, lang)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def title_lines(title: str) -> list[str]:
    """A page's title as its first heading, escaped for the Markdown; when that takes an escape, also as the
    page's front matter `title`, escaped for HTML. MkDocs takes a page's title from its heading, keeping the
    heading's entities, and the theme's `<title>` unescapes them (`page.title | striptags`): a heading's
    ``&lt;/title&gt;`` would come back as a tag there. The front matter's title the theme writes as it is."""
    shown = markdown_text(title)
    if shown == title:
        return [f"# {title}", ""]
    return ["---", f"title: {json.dumps(markup_text(title))}", "---", "", f"# {shown}", ""]


def turn_title(info: GameInfo, turn: str, t: Translator) -> str:
    """A turn's name in words (« printemps 1901, mouvements », « 229 av. J.-C. », « tour 3 »), escaped."""
    return markdown_text(info.game.family.presentation.title(info.game.setup, turn, t))


def seat_word(info: GameInfo, t: Translator) -> str:
    """What the game's family calls a player's side, in a sentence (« power », « colour »)."""
    return info.game.family.presentation.seat_word(t).lower()


def profile_title(game: Game, t: Translator) -> str:
    """The game's profile named in words in the reader's language (`Presentation.profile_title`), escaped."""
    return markdown_text(game.family.presentation.profile_title(game.profile.name, t))


def _player(info: GameInfo, power: str) -> str:
    login = info.game.players.get(power)
    return f"[{login}](https://github.com/{login})" if login else "—"


def games_table(infos: list[GameInfo], lang: str, prefix: str) -> list[str]:
    """One row per game: its page, rules, current turn and deadline; links start with `prefix`."""
    t = translator(lang)
    header = [t.gettext("Game"), t.gettext("Rules"), t.gettext("Current turn"), t.gettext("Deadline")]
    rows = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for info in infos:
        game = info.game
        rows.append(
            f"| [{_cell(markdown_text(game.title_in(lang)))}]({prefix}{game.id}/index.md) "
            f"| [{_cell(profile_title(game, t))}]({prefix}rules/{rules_address(game.family.id)}) "
            f"| {_cell(turn_title(info, info.current, t))} | {deadline_text(info, lang)} |"
        )
    return rows


def table_lines(table: Table) -> list[str]:
    """A table in Markdown (its cells already escaped)."""
    marks = [("--:" if a == "right" else "---") for a in table.align] or ["---"] * len(table.header)
    marks += ["---"] * (len(table.header) - len(marks))
    lines = ["| " + " | ".join(table.header) + " |", "|" + "|".join(marks) + "|"]
    return lines + ["| " + " | ".join(_cell(c) for c in row) + " |" for row in table.rows]


# ---- the game page --------------------------------------------------------------------------------------
def game_page(info: GameInfo, lang: str) -> tuple[str, list[Page]]:
    """The game's page in `lang`, and the map files it shows."""
    game, t = info.game, translator(lang)
    shows = game.family.presentation
    state = game.state(info.current, public=True)  # what everybody may see: no secret treasury
    lines = title_lines(game.title_in(lang))
    lines.append(
        t.gettext("Rules: [%(profile)s](%(rules)s), map %(map)s.")
        % {
            "profile": profile_title(game, t),
            "rules": f"../rules/{rules_address(game.family.id)}",
            "map": shows.setup_name(game.setup, t),
        }
    )
    over = game.family.rules.game_over(game.setup, state, game.options)
    if over is None:
        lines += [
            "",
            t.gettext("Current turn: **%(phase)s**. Deadline: %(deadline)s.")
            % {"phase": turn_title(info, info.current, t), "deadline": deadline_text(info, lang)},
        ]
    else:  # somebody has won: no turn to play, no deadline
        lines += ["", t.gettext("The game is over: its turns are below.")]
    files, figure = map_figures(info, info.current, info.maps(info.current), lang)
    if figure:  # the map first, under its own heading, in the table of contents
        lines += ["", "## " + t.gettext("Map"), "", *figure[:-1]]
    if over is not None:
        lines += ["", "## " + t.gettext("The end of the game"), "", shows.outcome_words(game.setup, over, t)]
    told = narrative(game, "game", lang)  # the game master's word on the whole game: narrative/game.md
    if told:
        told = demote(markdown_without_html(told, turn_pages(info)))
        lines += ["", "## " + t.gettext("The game master's narrative"), "", told]
    lines += ["", "## " + t.gettext("Standings"), ""]
    lines += ['<div class="pbem-standings" markdown>', "", *_standings(info, state, t), "", "</div>"]
    lines += [f"\n{note}" for note in shows.state_notes(game.setup, state, t)]
    lines += ["", "## " + t.gettext("How to send orders"), "", *sending_orders(info, t)]
    lines += ["", "## " + t.gettext("This game's rules"), "", *game_rules(info, t)]
    charts = standings_charts(game, info.turns, lang)
    if charts:
        lines += ["", "## " + t.gettext("Standings over time"), ""]
        for chart in charts:
            lines += ['<div class="standings-chart">', chart, "</div>", ""]
        lines.pop()
    lines += ["", "## " + t.gettext("Turns"), ""]
    if info.adjudicated:
        lines += [f"- [{turn_title(info, turn, t)}]({turn}.md)" for turn in reversed(info.adjudicated)]
    else:
        lines.append(t.gettext("No turn has been adjudicated yet."))
    return "\n".join(lines) + "\n", files


def _standings(info: GameInfo, state: object, t: Translator) -> list[str]:
    """The family's standings, with each power's player after its name."""
    game = info.game
    table = game.family.presentation.standings(game.setup, state, game.secret_money, t)
    ranked = [p for p, _ in game.family.rules.ranking(game.setup, state)]
    header = (table.header[0], t.gettext("Player"), *table.header[1:])
    align = (*table.align[:1], "left", *table.align[1:]) if table.align else ()
    rows = tuple(
        (row[0], _player(info, ranked[n]) if n < len(ranked) else "—", *row[1:]) for n, row in enumerate(table.rows)
    )
    return table_lines(Table(header, rows, align))


def game_rules(info: GameInfo, t: Translator) -> list[str]:
    """The rules the game's game.yaml chose, a sentence each (`option_words.rule_choices`), where the others
    are told, then every option in force, folded."""
    game = info.game
    choices = rule_choices(game, t)
    rules = f"../rules/{rules_address(game.family.id)}"
    versions = [line for said in rules_version_lines(game, t) for line in (said, "")]
    if not choices:
        lines = [t.gettext("The rules of its [profile](%(rules)s), with no option changed.") % {"rules": rules}]
    else:
        lines = [t.gettext("Its choices, among the options of its [profile](%(rules)s):") % {"rules": rules}, ""]
        lines += ["- " + said for said in choices]
    said = [words[0] for words in game.family.presentation.option_words(game.options, t).values()]
    return [*versions, *lines, "", *folded(t.gettext("Every option this game plays with, in words"), said)]


def folded(summary: str, items: Sequence[str]) -> list[str]:
    """A list under a summary that opens it (HTML's `details`, its Markdown kept): Markdown lines."""
    return ['<details markdown="1">', f"<summary>{summary}</summary>", "", *(f"- {i}" for i in items), "", "</details>"]


def sending_orders(info: GameInfo, t: Translator) -> list[str]:
    """Where the current turn's orders go: the order form, the private reports, the file and its folder."""
    game, turn = info.game, info.current
    folder = f"games/{game.id}/orders/{turn}/"
    seat = seat_word(info, t)
    name = f"<{seat}>.yaml" + (".age" if game.settings.secret_orders else "")
    lines = [
        t.gettext(
            "The [order form](%(form)s) offers every legal order of the turn and writes the order file for you "
            "(encrypted if the orders are secret), ready to send from GitHub or to download."
        )
        % {"form": "orders.md"},
        "",
    ]
    if game.secret_money or game.settings.secret_orders:
        lines += [
            t.gettext("Your own business and why your orders were refused, if they were: [private reports](%(page)s).")
            % {"page": "private.md"},
            "",
        ]
    syntax = f"../rules/{rules_address(game.family.id, orders=True)}"
    lines.append(
        t.gettext(
            "The orders of each %(seat)s for **%(phase)s** are committed as the file `%(file)s` in the folder "
            "`%(folder)s` of the game's repository, written in the [order syntax](%(syntax)s)."
        )
        % {
            "seat": seat,
            "phase": turn_title(info, turn, t),
            "file": name,
            "folder": folder,
            "syntax": syntax,
        }
    )
    if info.repo_url:
        url = f"{info.repo_url.rstrip('/')}/tree/main/{folder}"
        lines += ["", t.gettext("The folder on GitHub: [%(folder)s](%(url)s).") % {"folder": folder, "url": url}]
    return lines


# ---- the turn pages -------------------------------------------------------------------------------------
def narrative(game: Game, turn: str, lang: str) -> str | None:
    """The game master's text for the turn, `narrative/<turn>.md` (English, or the game's only language)
    and `narrative/<turn>.fr.md`: the page's own language first, else the other one."""
    folder = game.folder / "narrative"
    names = [localized(Path(f"{turn}.md"), lang)] + [
        localized(Path(f"{turn}.md"), other) for other in LANGUAGES if other != lang
    ]
    for name in names:
        if (folder / name).is_file():
            return (folder / name).read_text(encoding="utf-8").strip()
    return None


def turn_pages(info: GameInfo) -> set[str]:
    """The pages of the game's adjudicated turns, as a narrative beside them links them (``r40.md``)."""
    return {f"{turn}.md" for turn in info.adjudicated}


def demote(markdown: str) -> str:
    """The narrative's headings one level down, under the page's own section heading."""
    out, fenced = [], False
    for line in markdown.splitlines():
        if line.startswith(("```", "~~~")):
            fenced = not fenced
        out.append("##" + line if not fenced and line.startswith("#") else line)
    return "\n".join(out)


def turn_page(info: GameInfo, turn: str, lang: str) -> tuple[str, list[Page]]:
    """One adjudicated turn in `lang`: links to the game and the turns around it, the map of the state the
    orders were given in with what came of them, the game master's narrative, and the report."""
    game, t = info.game, translator(lang)
    report = turn_report(game, turn, lang, None, public=True, turns=info.turns).rstrip("\n").split("\n")
    if report[0].startswith("## "):
        report[0] = report[0][1:]  # the page's title is the report's first heading
    elif not report[0].startswith("# "):
        report.insert(0, f"# {turn_title(info, turn, t)}")
    index = info.adjudicated.index(turn)
    links = [f"[{_cell(markdown_text(game.title_in(lang)))}](index.md)"]
    if index > 0:
        before = info.adjudicated[index - 1]
        links.insert(0, "← " + t.gettext("Previous: [%(phase)s](%(page)s)") % _turn_link(info, before, t))
    if index + 1 < len(info.adjudicated):
        after = info.adjudicated[index + 1]
        links.append(t.gettext("Next: [%(phase)s](%(page)s)") % _turn_link(info, after, t) + " →")
    navigation = " · ".join(links)
    lines = [report[0], "", navigation]
    files, figures = map_figures(info, turn, info.maps(turn), lang)
    if figures:  # under its own heading, in the table of contents, as on the game's page
        lines += ["", "## " + t.gettext("Map"), "", *figures[:-1]]
    text = narrative(game, turn, lang)
    if text:
        narrated = demote(markdown_without_html(text, turn_pages(info)))
        lines += ["", "## " + t.gettext("The game master's narrative"), "", narrated]
    lines += report[1:]
    lines += ["", navigation]
    return "\n".join(lines) + "\n", files


def _turn_link(info: GameInfo, turn: str, t: Translator) -> dict[str, str]:
    return {"phase": turn_title(info, turn, t), "page": f"{turn}.md"}


def game_pages(game: Game, repo_url: str | None = None, info: GameInfo | None = None) -> list[Page]:
    """Every page and map of the game, in every language."""
    info = info or game_info(game, repo_url)
    pages: list[Page] = []
    base = Path("games") / game.id
    for lang in LANGUAGES:
        content, files = game_page(info, lang)
        pages += [Page(localized(base / "index.md", lang), content), *files]
        for turn in info.adjudicated:
            content, files = turn_page(info, turn, lang)
            pages += [Page(localized(base / f"{turn}.md", lang), content), *files]
    return _once(pages)


def _once(pages: list[Page]) -> list[Page]:
    """The pages, a map a game page and its turn's page both write kept once (the same bytes)."""
    seen: dict[Path, Page] = {}
    for page in pages:
        seen.setdefault(page.path, page)
    return list(seen.values())
