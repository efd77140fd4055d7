"""The pages of a game, built in memory as Markdown from its committed files, in every report language:
`page.md` in English and `page.fr.md` beside it in French (the suffix structure of mkdocs-static-i18n,
English being the default language).

    games/<id>/index.md        the game: players, standings, current turn and deadline, how to send orders,
                               the map of the current position, the standings over time, the phases
    games/<id>/<turn>.md       one adjudicated phase: the game master's narrative, the map, the report,
                               previous and next phases
    games/<id>/<turn>.svg      the map of a turn, one file for every language (`<turn>.svg#fr` shows it in
                               French: `render.render_map`)

Everything comes from committed files (game.yaml, states, results, deadlines.yaml, narrative/), never
from the clock: the same commit gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from babel.dates import format_datetime

from pipeline.core.position import Position
from pipeline.games import families
from pipeline.storage.gamedir import Game, deadlines, phase_of_turn

from .chart import standings_charts
from .i18n import LANGUAGES, Translator, translator
from .option_words import rule_choices
from .render import drawing_for
from .report import load_phase, public_report
from .turn_map import render_turn
from .words import Words

ORDER_SYNTAX = Path("games") / "orders.md"
RULES = Path("games") / "rules.md"


@dataclass(frozen=True)
class Page:
    path: Path  # relative to the site folder
    content: str


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
    # how a turn's map is drawn in every language (game, turn, the game's turns -> SVG): `judge site`'s cache
    # of it, else `render_turn`
    draw_map: Callable[[Game, str, Sequence[str]], str | None] | None = None

    @property
    def current(self) -> str:
        return self.turns[-1]


def game_info(game: Game, repo_url: str | None = None) -> GameInfo:
    return GameInfo(game, game.turns(), game.adjudicated(), deadlines(game), repo_url)


# ---- the map: the one seam with the renderer ------------------------------------------------------------
def map_figure(info: GameInfo, turn: str, lang: str) -> tuple[list[Page], list[str]]:
    """The map of `turn` (with its orders drawn once adjudicated) and the Markdown that shows it in `lang`,
    linked to itself for zooming on a phone: one file for every language, `games/<id>/<turn>.svg`, given
    with the default language's page (`map_link` shows it in another); nothing for a map without a drawing
    (every shipped map has one: the Machiavelli boards and the standard Diplomacy board)."""
    if lang == LANGUAGES[0]:
        svg = (info.draw_map or _draw_turn)(info.game, turn, info.turns)
        if svg is None:
            return [], []
        files = [Page(Path("games") / info.game.id / f"{turn}.svg", svg)]
    elif drawing_for(info.game.board, info.game.map_name) is None:
        return [], []
    else:
        files = []
    t = translator(lang)
    alt = t.gettext("Map: %(phase)s") % {"phase": Words(info.game.board, t).phase(phase_of_turn(turn))}
    link = map_link(turn, lang)
    return files, [f'[![{alt}]({link}){{ .game-map loading="lazy" }}]({link})', ""]


def map_link(turn: str, lang: str) -> str:
    """The address of a turn's map in `lang`, from a page beside it: ``<turn>.svg``, ``<turn>.svg#fr``."""
    return f"{turn}.svg" if lang == LANGUAGES[0] else f"{turn}.svg#{lang}"


def _draw_turn(game: Game, turn: str, turns: Sequence[str]) -> str | None:
    return render_turn(game, turn, LANGUAGES, turns)


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


def standing(info: GameInfo, position: Position, pid: str) -> tuple[int, ...]:
    """What ranks a power, as its family says (Machiavelli: cities, provinces, ducats; Diplomacy: supply
    centres)."""
    return info.game.family.standing(position, pid)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _player(info: GameInfo, pid: str) -> str:
    login = info.game.players.get(pid)
    return f"[{login}](https://github.com/{login})" if login else "—"


def games_table(infos: list[GameInfo], lang: str, prefix: str) -> list[str]:
    """One row per game: its page, rules, current turn and deadline; links start with `prefix`."""
    t = translator(lang)
    header = [t.gettext("Game"), t.gettext("Rules"), t.gettext("Current turn"), t.gettext("Deadline")]
    rows = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for info in infos:
        w = Words(info.game.board, t)
        game = info.game
        rows.append(
            f"| [{_cell(game.title_in(lang))}]({prefix}{game.id}/index.md) "
            f"| [`{game.data.get('profile', 'standard')}`]({prefix}rules.md) "
            f"| {turn_title(info, info.current, t, w)} | {deadline_text(info, lang)} |"
        )
    return rows


def turn_title(info: GameInfo, turn: str, t: Translator, w: Words) -> str:
    """A turn's name in words: a board game's phase, or what the family calls it (« 229 av. J.-C. »)."""
    if info.game.rules.family in families():
        return w.phase(phase_of_turn(turn))
    return info.game.game_family.title(info.game.board, turn, t)


# ---- the game page --------------------------------------------------------------------------------------
def game_page(info: GameInfo, lang: str) -> tuple[str, list[Page]]:
    """The game's page in `lang`, and the map files it shows."""
    game, t = info.game, translator(lang)
    w = Words(game.board, t)
    position = game.position(info.current, public=True)  # what everybody may see: no secret treasury
    profile_name = str(game.data.get("profile", "standard"))
    lines = [f"# {game.title_in(lang)}", ""]
    lines.append(
        t.gettext("Rules: [%(profile)s](%(rules)s), map %(map)s.")
        % {"profile": f"`{profile_name}`", "rules": f"../rules.md#{profile_name}", "map": w.board_name()}
    )
    lines += [
        "",
        t.gettext("Current turn: **%(phase)s**. Deadline: %(deadline)s.")
        % {"phase": w.phase(position.phase), "deadline": deadline_text(info, lang)},
    ]
    lines += ["", "## " + t.gettext("Standings"), ""]
    lines += ['<div class="pbem-standings" markdown>', "", *standings_table(info, position, t, w), "", "</div>"]
    if position.rebellions:
        rebels = [
            t.gettext("%(place)s (against %(power)s)") % {"place": w.place(p), "power": w.power_the(r.target)}
            for p, r in sorted(position.rebellions.items())
        ]
        lines += ["", t.gettext("Rebellions: %(list)s.") % {"list": t.join(rebels)}]
    if position.famine:
        lines += ["", t.gettext("Famine: %(list)s.") % {"list": t.join([w.place(p) for p in sorted(position.famine)])}]
    files, figure = map_figure(info, info.current, lang)
    if figure:
        lines += ["", "## " + t.gettext("Map"), "", *figure]
    lines += ["", "## " + t.gettext("How to send orders"), ""]
    lines += sending_orders(info, t, w)
    lines += ["", "## " + t.gettext("This game's rules"), "", *game_rules(info, t)]
    charts = standings_charts(game, info.turns, lang)
    if charts:
        lines += ["", "## " + t.gettext("Standings over time"), ""]
        for chart in charts:
            lines += ['<div class="standings-chart">', chart, "</div>", ""]
        lines.pop()
    lines += ["", "## " + t.gettext("Phases"), ""]
    if info.adjudicated:
        lines += [f"- [{w.phase(phase_of_turn(turn))}]({turn}.md)" for turn in reversed(info.adjudicated)]
    else:
        lines.append(t.gettext("No phase has been adjudicated yet."))
    return "\n".join(lines) + "\n", files


def game_rules(info: GameInfo, t: Translator) -> list[str]:
    """The rules the game's game.yaml chose, a sentence each (`option_words.rule_choices`), and where the
    others are told."""
    game = info.game
    profile = str(game.data.get("profile", "standard"))
    choices = rule_choices(game, t)
    rules = f"../rules.md#{profile}"
    if not choices:
        return [t.gettext("The rules of its [profile](%(rules)s), with no option changed.") % {"rules": rules}]
    lines = [t.gettext("Its choices, among the options of its [profile](%(rules)s):") % {"rules": rules}, ""]
    return lines + ["- " + said for said in choices]


def standings_table(info: GameInfo, position: Position, t: Translator, w: Words) -> list[str]:
    game = info.game
    machiavelli = game.family.controls_cities
    if machiavelli:  # provinces and cities are controlled apart, and every power keeps a treasury
        header = [
            t.gettext("Power"),
            t.gettext("Player"),
            t.gettext("Cities"),
            t.gettext("Provinces"),
            t.gettext("Ducats"),
            t.gettext("Units"),
        ]
    else:
        header = [t.gettext("Power"), t.gettext("Player"), t.gettext("Supply centres"), t.gettext("Units")]
    lines = ["| " + " | ".join(header) + " |", "|---|---|" + "--:|" * (len(header) - 3) + "---|"]
    powers = sorted(game.board.powers, key=lambda pid: (tuple(-n for n in standing(info, position, pid)), pid))
    for pid in powers:
        # a unit's letter and place kept together (no-break space): a narrow column wraps between units only
        units = ", ".join(str(u).replace(" ", "\u00a0") for u in sorted(position.units_of(pid))) or "—"
        centres = len(position.centres_of(pid))
        if machiavelli:
            cities = sum(1 for owner in position.cities.values() if owner == pid)
            ducats = position.ledger.ducats(pid)
            debt = sum(loan.owed for loan in position.ledger.debt(pid))
            money = t.gettext("%(ducats)s (owes %(debt)s)") % {"ducats": ducats, "debt": debt} if debt else str(ducats)
            if game.secret_money:
                money = "—"  # each power's treasury is its own secret
            row = [w.power(pid), _player(info, pid), str(cities), str(centres), money, units]
        else:
            row = [w.power(pid), _player(info, pid), str(centres), units]
        lines.append("| " + " | ".join(_cell(c) for c in row) + " |")
    return lines


def sending_orders(info: GameInfo, t: Translator, w: Words) -> list[str]:
    """Where the current turn's orders go: the order file, its syntax, the folder on GitHub if known."""
    game, turn = info.game, info.current
    folder = f"games/{game.id}/orders/{turn}/"
    name = "<power>.yaml.age" if game.settings.secret_orders else "<power>.yaml"
    lines = [
        t.gettext(
            "The [order form](%(form)s) offers every legal order of the turn and writes the order file for you "
            "(encrypted if the orders are secret), ready to send from GitHub or to download."
        )
        % {"form": "orders.md"},
        "",
    ]
    if game.secret_money:
        lines += [
            t.gettext("Your treasury, loans and money orders: [private reports](%(page)s), read with your key.")
            % {"page": "private.md"},
            "",
        ]
    elif game.settings.secret_orders:
        lines += [
            t.gettext("Why your encrypted orders were refused, if they were: [private reports](%(page)s).")
            % {"page": "private.md"},
            "",
        ]
    lines += [
        t.gettext(
            "Each power commits its orders for %(phase)s as the file `%(file)s` in the folder `%(folder)s` "
            "of the game's repository, written in the [order syntax](%(syntax)s):"
        )
        % {"phase": w.phase_in_sentence(phase_of_turn(turn)), "file": name, "folder": folder, "syntax": "../orders.md"},
        "",
        "```yaml",
        f"game: {game.id}",
        f"turn: {turn}",
        f"power: {sorted(game.board.powers)[0]}",
        "orders:",
        "  - ...",
        "```",
    ]
    if game.settings.secret_orders:
        lines += [
            "",
            t.gettext(
                "Orders are secret in this game: encrypt the file to the game's key with `judge encrypt` "
                "before committing it; it is published in clear with the results."
            ),
        ]
    if info.repo_url:
        url = f"{info.repo_url.rstrip('/')}/tree/main/{folder}"
        lines += ["", t.gettext("The folder on GitHub: [%(folder)s](%(url)s).") % {"folder": folder, "url": url}]
    return lines


# ---- the phase pages ------------------------------------------------------------------------------------
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


def demote(markdown: str) -> str:
    """The narrative's headings one level down, under the page's own section heading."""
    out, fenced = [], False
    for line in markdown.splitlines():
        if line.startswith(("```", "~~~")):
            fenced = not fenced
        out.append("##" + line if not fenced and line.startswith("#") else line)
    return "\n".join(out)


def phase_page(info: GameInfo, turn: str, lang: str) -> tuple[str, list[Page]]:
    """One adjudicated phase in `lang`: links to the game and the phases around it, the narrative, the map
    of the position the orders were given in with what came of them, and the report."""
    game, t = info.game, translator(lang)
    w = Words(game.board, t)
    record = load_phase(game, turn, turns=info.turns)
    report = public_report(record, lang, level=1).rstrip("\n").split("\n")
    index = info.adjudicated.index(turn)
    links = [f"[{_cell(game.title_in(lang))}](index.md)"]
    if index > 0:
        before = info.adjudicated[index - 1]
        links.insert(0, "← " + t.gettext("Previous: [%(phase)s](%(page)s)") % _phase_link(w, before))
    if index + 1 < len(info.adjudicated):
        after = info.adjudicated[index + 1]
        links.append(t.gettext("Next: [%(phase)s](%(page)s)") % _phase_link(w, after) + " →")
    navigation = " · ".join(links)
    lines = [report[0], "", navigation]
    files, figure = map_figure(info, turn, lang)
    if figure:
        lines += ["", *figure[:-1]]
    text = narrative(game, turn, lang)
    if text:
        lines += ["", "## " + t.gettext("The game master's narrative"), "", demote(text)]
    lines += report[1:]
    lines += ["", navigation]
    return "\n".join(lines) + "\n", files


def _phase_link(w: Words, turn: str) -> dict[str, str]:
    return {"phase": w.phase(phase_of_turn(turn)), "page": f"{turn}.md"}


def game_pages(game: Game, repo_url: str | None = None, info: GameInfo | None = None) -> list[Page]:
    """Every page and map of the game, in every language."""
    info = info or game_info(game, repo_url)
    pages: list[Page] = []
    base = Path("games") / game.id
    for lang in LANGUAGES:
        content, files = game_page(info, lang)
        pages += [Page(localized(base / "index.md", lang), content), *files]
        for turn in info.adjudicated:
            content, files = phase_page(info, turn, lang)
            pages += [Page(localized(base / f"{turn}.md", lang), content), *files]
    return pages
