"""Player text is data (docs/security.md, "Player text is data"): every string a player or a game master
chooses in a file of the four families, played with hostile values.

- Names are checked when the file is read (`pipeline.games.names`): a Symmachia unit's new id, a new
  commander's name, the game master's heirs, seconds and usurpers; a Catan step's label. Each hostile value
  is refused by `judge validate` in words, at its file and line, and no line of the output begins a GitHub
  Actions workflow command (``::`` at a line's start).
- Free text (a Symmachia speech, a unit's notes) is accepted, and the log shows it on one line.
- A board family's order is read against the map: any other text is refused in words.
- Then the values go all the way, as if the name rule had let them through (it is turned off for that, so
  that the escapes are tested on their own): the four games adjudicated with them (leaders and powers named
  with them, speeches, notes, a new army, a Catan label, Diplomacy and Machiavelli orders, the game master's
  narrative and the game's title), the site written (`judge site`) and built strict (`judge build-site`) once
  for all of them, and read in Chromium: no raw tag in any built file, no script run (a dialog would show
  it), no link or image made of a player's text, and no line of any command's output beginning ``::``.
"""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from pipeline.cli import cli
from pipeline.games import names
from pipeline.storage.gamedir import load_game
from pipeline.storage.sealed import seal
from tests import test_site_browser as harness

from .conftest import GAMES, copy_game

browser, server = harness.browser, harness.server  # `server` serves the module's `built` site
ROOT = Path(__file__).resolve().parents[2]

HOSTILE = {
    "script": "<script>alert(1)</script>",
    "img-double-quotes": '<img src="x" onerror="alert(2)">',
    "img-single-quotes": "<img src='x' onerror='alert(3)'>",
    "link": "[x](nowhere.md)",
    "image": "![x](y.png)",
    "template-value": "{{ x }}",
    "template-block": "{% x %}",
    "workflow-command": "a\n::warning::x",
    "right-to-left": "ab\u202ecd",
}
# what a hostile value would leave in a page's HTML had it been read as markup: a tag, a link, an image
RAW = ["<script>alert", '<img src="x"', "<img src='x'", 'href="nowhere.md"', 'src="y.png"', "\u202e"]
SYMMACHIA_TURN, CATAN_TURN = "y05-225bc", "r12"
BOARD_TURN = {"demo": "1902-fall-movement", "machiavelli": "1455-spring-movement"}


def judge(*args: str | Path) -> tuple[int, str]:
    """A `judge` command: its exit status and its output (stdout and stderr), which may not hold a traceback
    nor a line beginning a workflow command."""
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    commands = [line for line in result.output.splitlines() if line.lstrip().startswith("::")]
    assert commands == [], result.output
    return result.exit_code, result.output


def write_file(folder: Path, turn: str, name: str, data: dict[str, Any]) -> Path:
    """`data` as the file `name` of the turn, encrypted to the game's key when its orders are secret."""
    game = load_game(folder)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    turn_dir = folder / "orders" / turn
    turn_dir.mkdir(parents=True, exist_ok=True)
    for old in turn_dir.glob(f"{name}.yaml*"):
        old.unlink()
    if game.settings.secret_orders:
        assert game.settings.public_key is not None
        path = turn_dir / f"{name}.yaml.age"
        path.write_text(seal(text, [game.settings.public_key]), encoding="utf-8")
    else:
        path = turn_dir / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
    return path


def binding(folder: Path, turn: str, power: str) -> dict[str, Any]:
    return {"game": folder.name, "turn": turn, "power": power}


# ---- names checked when read ------------------------------------------------------------------------


def symmachia_names(folder: Path, value: str) -> None:
    """[S 10.5] every name a file chooses, each `value`: [S 10.1] a unit raised under a new id and a new
    commander; [S 10.4] the ruling's heirs, seconds and usurpers."""
    orders = binding(folder, SYMMACHIA_TURN, "antigonids") | {
        "year": "225bc",
        "military": {value: {"create": "army", "at": "macedonia", "commander": {"new": value}}},
    }
    write_file(folder, SYMMACHIA_TURN, "antigonids", orders)
    ruling = {"game": folder.name, "turn": SYMMACHIA_TURN, "year": "225bc"}
    ruling |= {"heirs": {"lagids": value}, "seconds": {"taurion": value}, "usurpers": {"apelles": {"name": value}}}
    write_file(folder, SYMMACHIA_TURN, "ruling", ruling)


@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_symmachia_name_that_is_no_plain_name_is_refused_when_read(tmp_path: Path, value: str) -> None:
    """[S 10.5] each name refused at its key path and line: four names and an id."""
    folder = copy_game(tmp_path, "symmachia-demo")
    symmachia_names(folder, value)
    status, output = judge("validate", folder)
    assert status == 1
    assert output.count("expected a name of letters, spaces, apostrophes, hyphens and periods") == 4, output
    assert output.count("expected an id of lower-case letters, digits and _") == 1, output
    for where in ("commander.new", "heirs.lagids", "seconds.taurion", "usurpers.apelles.name"):
        assert re.search(rf"antigonids\.yaml\.age:\d+: military\..*\.{where}: |ruling\.yaml\.age:\d+: {where}", output)


@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_catan_label_that_is_no_word_is_refused_when_read(tmp_path: Path, value: str) -> None:
    """[K 3.8] a step's label, which later conditions name [K 3.5]."""
    folder = copy_game(tmp_path, "catan-demo")
    write_file(folder, CATAN_TURN, "blue", binding(folder, CATAN_TURN, "blue") | {"script": _labelled(value)})
    status, output = judge("validate", folder)
    assert status == 1
    assert re.search(r"blue\.yaml\.age:\d+: script\.build\[0\]\.label: expected a label of letters, digits", output)


def _labelled(label: str) -> dict[str, Any]:
    return {"build": [{"card": "buy", "label": label}]}


def test_the_names_the_rule_lets_through() -> None:
    """Letters of any script with spaces, apostrophes, hyphens and periods; the scenario's ids; labels."""
    for name in ("Antiochus III", "Molon's heir", "Ptolémée Évergète", "Ἀντίγονος", "Jean-Baptiste", "St. Lycus"):
        assert names.name_problem(name) is None, name
    for name in ("Antiochus 3", " Lycus", "Lycus_", "Lycus:", "x" * (names.LIMIT + 1)):
        assert names.name_problem(name) is not None, name
    assert names.name_problem("antigonids_a3", names.NameKind.ID) is None
    assert names.name_problem("Antigonids_a3", names.NameKind.ID) is not None
    assert names.name_problem("siege-2", names.NameKind.LABEL) is None
    assert names.name_problem("-siege", names.NameKind.LABEL) is not None


def test_a_refused_name_is_said_in_french_too() -> None:
    from pipeline.shared.i18n import translator

    problem = names.name_problem("<b>")
    assert problem is not None
    french = translator("fr").gettext(problem.template).format_map(dict(problem.values))
    assert french.startswith("un nom de lettres") and "'<b>'" in french


@pytest.mark.parametrize("value", [v for v in HOSTILE.values() if "<" in v], ids=["script", "img", "img-single"])
def test_svgwrite_escapes_the_text_of_the_board_maps_and_charts(value: str) -> None:
    """The board families' maps and charts are written with svgwrite's elements and ElementTree's escapes
    (`render.svg_text`): their text and attributes hold no tag, whatever a name held."""
    from pipeline.publish.chart import line_chart

    chart = line_chart("chart-x", value, ["1901", "1902"], {value: [1, 2]}, {value: "#123456"})
    assert "<" + value[1:] not in chart and "&lt;" + value[1:4] in chart


# ---- free text accepted, and logged on one line --------------------------------------------------------


@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_free_text_is_accepted_and_logged_on_one_line(tmp_path: Path, value: str) -> None:
    """[S 7.12] a speech and [S 10.2] a unit's notes are the player's own words: accepted as written, and
    `judge validate` shows each on one line of its output."""
    folder = copy_game(tmp_path, "symmachia-demo")
    orders = binding(folder, SYMMACHIA_TURN, "antigonids") | {
        "year": "225bc",
        "politics": {"speech": value},
        "military": {"antigonids_a1": {"notes": value}},
    }
    write_file(folder, SYMMACHIA_TURN, "antigonids", orders)
    status, output = judge("validate", folder)
    assert status == 0, output
    shown = value.replace("\n", "\\n").replace("\u202e", "\\u202e")
    assert sum(shown in line for line in output.splitlines()) == 2, output


@pytest.mark.parametrize("game", sorted(BOARD_TURN))
@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_board_order_of_any_other_text_is_refused_in_words(tmp_path: Path, game: str, value: str) -> None:
    """Diplomacy's and Machiavelli's orders are read against the map: a text that is no order is not
    understood, said at its line."""
    folder = copy_game(tmp_path, game)
    power = "france" if game == "demo" else "venice"
    write_file(folder, BOARD_TURN[game], power, binding(folder, BOARD_TURN[game], power) | {"orders": [value]})
    status, output = judge("validate", folder)
    assert status == 1
    assert re.search(rf"{power}\.yaml(\.age)?:\d+: orders\[0\]: ", output), output


# ---- the values all the way, as if the rule had let them through -----------------------------------------


def hostile_symmachia(folder: Path) -> None:
    """Leaders, powers and the pirates named with the hostile values in the year's state, a speech each, a
    unit's notes (ruled on), a new army under a new id and commander, the ruling's names."""
    path = folder / "state" / f"{SYMMACHIA_TURN}.yaml"
    state = yaml.safe_load(path.read_text(encoding="utf-8"))
    values = list(HOSTILE.values())
    for i, info in enumerate(state["powers"].values()):
        info["name"] = {"en": values[i % len(values)], "fr": values[(i + 1) % len(values)]}
    for i, info in enumerate(state["leaders"].values()):
        info["name"] = values[i % len(values)]
    for pirates in state["pirates"]:
        pirates["name"] = values[-1]
    path.write_text(yaml.safe_dump(state, sort_keys=False, allow_unicode=True), encoding="utf-8")
    majors = [p for p, info in state["powers"].items() if info.get("major")]
    for i, power in enumerate(majors):
        orders = binding(folder, SYMMACHIA_TURN, power) | {"year": "225bc"}
        orders["politics"] = {"speech": values[i % len(values)]}
        if power == "antigonids":
            orders["military"] = {
                values[1]: {"create": "army", "at": "macedonia", "commander": {"new": values[0]}},
                "antigonids_a1": {"notes": values[-2]},
            }
        write_file(folder, SYMMACHIA_TURN, power, orders)
    ruling = {"game": folder.name, "turn": SYMMACHIA_TURN, "year": "225bc", "notes": {"antigonids_a1": "ignored"}}
    ruling |= {"heirs": dict.fromkeys(majors, values[3]), "seconds": {"taurion": values[4]}}
    write_file(folder, SYMMACHIA_TURN, "ruling", ruling)


def hostile_board_game(folder: Path, turn: str, power: str) -> None:
    """Every hostile value as an order, the game's title made of them, and the game master's narrative of
    the turn before and of this one: his Markdown with HTML, attribute lists and templates in it."""
    orders = binding(folder, turn, power) | {"orders": list(HOSTILE.values())}
    write_file(folder, turn, power, orders)
    settings = folder / "game.yaml"
    one_line = " ".join(v for v in HOSTILE.values() if v.isprintable())  # as game.yaml takes a title
    title = "title: " + json.dumps(one_line)  # a YAML scalar
    text = re.sub(r"(?m)^title:.*$", lambda _: title, settings.read_text(encoding="utf-8"))
    settings.write_text(text, encoding="utf-8")
    before = load_game(folder).adjudicated()[-1]
    narrative = "\n\n".join(
        [
            '# The turn {: onclick="alert(4)" }',
            *HOSTILE.values(),
            '<div onmouseover="alert(5)">a *block* of HTML</div>',
            "Some `<code>` kept as code.",
            f"[The turn before]({before}.md), a page of the game that exists: a link.",
        ]
    )
    (folder / "narrative").mkdir(exist_ok=True)
    for adjudicated in [before, turn]:
        for name in (f"{adjudicated}.md", f"{adjudicated}.fr.md"):
            (folder / "narrative" / name).write_text(narrative, encoding="utf-8")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The four games adjudicated with the hostile values (the name rule turned off), their site written and
    built strict once: the folder of the built site."""
    work = tmp_path_factory.mktemp("player-text")
    games = work / "games"
    for game in ("symmachia-demo", "catan-demo", *BOARD_TURN):
        shutil.copytree(GAMES / game, games / game)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(names, "name_problem", lambda value, kind=names.NameKind.NAME: None)
        hostile_symmachia(games / "symmachia-demo")
        label = {"script": _labelled(HOSTILE["script"])}
        write_file(games / "catan-demo", CATAN_TURN, "blue", binding(games / "catan-demo", CATAN_TURN, "blue") | label)
        hostile_board_game(games / "demo", BOARD_TURN["demo"], "france")
        hostile_board_game(games / "machiavelli", BOARD_TURN["machiavelli"], "venice")
        for game in ("symmachia-demo", "catan-demo", *BOARD_TURN):
            judge("validate", games / game)
            status, output = judge("adjudicate", games / game, "--force")
            assert status == 0, output
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")  # its hooks' paths made absolute
    (work / "mkdocs.yml").write_text(re.sub(r"(?m)^(  - )(pipeline/)", rf"\g<1>{ROOT}/\g<2>", config))
    shutil.copytree(ROOT / "site", work / "site", ignore=shutil.ignore_patterns("games"))
    status, output = judge("site", "--games", games, "--site", work / "site", "--no-cache")
    assert status == 0, output
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NO_MKDOCS_2_WARNING", "1")
        status, output = judge("build-site", "--config", work / "mkdocs.yml")
    assert status == 0, output  # strict: a warning would have failed it
    return work / "_build" / "site"


def test_the_hostile_values_reach_the_pages(built: Path) -> None:
    """The test is worth its name: the values are on the pages, shown as text."""
    page = (built / "games" / "symmachia-demo" / SYMMACHIA_TURN / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "[x](nowhere.md)" in page and "{{ x }}" in page and "ab\\u202ecd" in page
    phase = (built / "games" / "demo" / BOARD_TURN["demo"] / "index.html").read_text(encoding="utf-8")
    assert "a *block* of HTML" not in phase and "&lt;div onmouseover=" in phase  # the narrative, as written
    assert "<em>block</em>" in phase and "<code>&lt;code&gt;</code>" in phase  # its Markdown kept
    assert re.search(r'<a href="[^"]+">The turn before</a>', phase)  # a link to a turn page of the game kept


class _Markup(HTMLParser):
    """What a page's markup made: its elements' event handlers, and its scripts' text."""

    def __init__(self) -> None:
        super().__init__()
        self.handlers: list[str] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handlers += [f"<{tag} {name}=...>" for name, _ in attrs if name.startswith("on")]
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts.append(data)


def test_no_raw_tag_on_any_built_page(built: Path) -> None:
    """No hostile value is markup in any built file: no tag, link or image of its own in a page, a map or
    the feed (the data files hold it with `<` escaped), no event handler, no script of its own."""
    found = []
    for path in sorted(p for p in built.rglob("*") if p.suffix in (".html", ".svg", ".xml", ".json")):
        name, text = path.relative_to(built), path.read_text(encoding="utf-8")
        found += [f"{name}: {raw!r}" for raw in RAW if raw in text and not (path.suffix == ".json" and raw == "\u202e")]
        if path.suffix != ".json":
            markup = _Markup()
            markup.feed(text)
            found += [f"{name}: {handler}" for handler in markup.handlers]
            found += [f"{name}: a script of a player's" for script in markup.scripts if "alert(" in script]
    assert found == []


# the elements a hostile value would make, read as markup
MADE = (
    'document.querySelectorAll(\'img[onerror], [onclick], [onmouseover], a[href$="nowhere.md"], img[src="y.png"]\')'
    ".length"
)


@pytest.mark.browser
def test_no_script_runs_on_any_page_that_shows_them(built: Path, server: str, browser: Any) -> None:
    """Every built page where a hostile value is shown, and the site's search for one, in Chromium: no dialog
    opens (each value would open one, were it read as markup), and the page has no element a value made."""
    pages = [
        path.relative_to(built).as_posix().removesuffix("index.html")
        for path in sorted(built.rglob("index.html"))
        if "alert(" in path.read_text(encoding="utf-8")
    ]
    assert len(pages) >= 8
    dialogs: list[str] = []
    context = browser.new_context()
    tab = context.new_page()
    tab.on("dialog", lambda d: (dialogs.append(f"{tab.url}: {d.message}"), d.dismiss()))
    try:
        for address in pages:
            assert (response := tab.goto(server + address, wait_until="load")) is not None and response.ok, address
            assert tab.evaluate(MADE) == 0, address
        tab.goto(server + "games/demo/", wait_until="load")  # the search shows Symmachia's reports in its results
        tab.locator(".md-search__input").click()
        tab.locator(".md-search__input").press_sequentially("lacks")  # "<script>alert(1)</script> lacks grain"
        tab.locator(".md-search-result__item").first.wait_for()
        assert tab.locator(".md-search-result__item").count() > 0
        assert tab.evaluate(MADE) == 0
    finally:
        context.close()
    assert dialogs == []
