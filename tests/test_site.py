"""`judge site`: the pages it writes from the demo games, in both languages, the same bytes on every run, only
under site/games/ (and the home pages' games block), stale pages removed, narratives, the map seam."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from pipeline.errors import DataError
from pipeline.games import families
from pipeline.publish import mkdocs_hooks
from pipeline.publish import site as site_module
from pipeline.publish.chart import line_chart
from pipeline.publish.mkdocs_hooks import BEGIN, END
from pipeline.publish.pages import localized
from pipeline.publish.site import MANIFEST, build_site, pages_url
from pipeline.shared.i18n import LANGUAGES
from pipeline.storage.gamedir import load_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("built") / "site"
    shutil.copytree(ROOT / "site", site, ignore=shutil.ignore_patterns("games"))
    build_site(GAMES, site, repo_url="https://github.com/example/games")
    return site


def test_every_page_exists_in_both_languages(built: Path) -> None:
    games = built / "games"
    assert (games / "index.md").is_file() and (games / "index.fr.md").is_file()
    for name in ("rules/index", *(f"rules/{f}/{page}" for f in families() for page in ("index", "orders"))):
        assert (games / f"{name}.md").is_file() and (games / f"{name}.fr.md").is_file(), name
    for game in ("demo", "machiavelli", "machiavelli-objectif"):
        turns = sorted(p.stem for p in (GAMES / game / "results").glob("*.yaml"))
        for page in ["index", *turns]:
            assert (games / game / f"{page}.md").is_file(), (game, page)
            assert (games / game / f"{page}.fr.md").is_file(), (game, page)
    assert (games / "feed.xml").is_file() and (games / "feed.fr.xml").is_file()


def test_two_runs_give_the_same_bytes(built: Path, tmp_path: Path) -> None:
    again = tmp_path / "site"
    shutil.copytree(ROOT / "site", again, ignore=shutil.ignore_patterns("games"))
    build_site(GAMES, again, repo_url="https://github.com/example/games")
    assert snapshot(again) == snapshot(built)
    build_site(GAMES, again, repo_url="https://github.com/example/games")  # over its own output
    assert snapshot(again) == snapshot(built)


def test_the_game_page(built: Path) -> None:
    page = (built / "games" / "machiavelli" / "index.md").read_text()
    assert page.startswith("# Demo game: Machiavelli, the e-mail judge's rules\n")
    assert "Current turn: **Spring 1455: movement**. Deadline: no deadline set." in page
    assert "| Power | Player | Cities | Provinces | Ducats | Units |" in page
    units = ", ".join(u.replace(" ", "\u00a0") for u in ("F cro/sc", "A fer", "A man", "A pad", "G ven"))
    assert f"| Venice | — | 10 | 13 | — | {units} |" in page  # most cities; money secret; a unit kept on one line
    assert '<div class="pbem-standings" markdown>' in page
    # the profile and the board named in words
    rules = "[Machiavelli, the e-mail judge's rules](../rules/machiavelli/index.md)"
    assert f"Rules: {rules}, map Machiavelli (classic board)." in page
    assert "## This game's rules" in page and "- An assassinated power's sieges are broken." in page
    # every option in force, in words, folded under its summary
    assert "<summary>Every option this game plays with, in words</summary>" in page
    assert "- A power may have at most 12 armies, 8 fleets and 6 garrisons." in page
    assert "[order syntax](../rules/machiavelli/orders.md)" in page
    assert "`<power>.yaml.age`" in page  # the game has secret orders
    folder = "games/machiavelli/orders/1455-spring-movement/"
    assert f"[{folder}](https://github.com/example/games/tree/main/{folder})" in page
    assert '<svg aria-label="Cities controlled"' in page
    assert "Ducats in the treasury" not in page  # the treasuries of a game with secret money are not charted
    objectif = (built / "games" / "machiavelli-objectif" / "index.md").read_text()
    assert '<svg aria-label="Ducats in the treasury"' in objectif  # its money is public
    assert "- [Spring 1454: movement](1454-spring-movement.md)" in page
    french = (built / "games" / "machiavelli" / "index.fr.md").read_text()  # in French from title to map
    assert french.startswith("# Partie de démonstration\u00a0: Machiavel, règles du juge par courriel\n")
    assert "puissance pour **Printemps 1455\u00a0: mouvements** sont déposés dans le fichier" in french
    assert (
        "Machiavel (plateau classique)\u00a0: Printemps 1455"
        in (built / "games/machiavelli/1455-spring-movement.svg").read_text()  # the map's words in each language
    )
    assert (
        "[Partie de démonstration\u00a0: Diplomatie standard](games/demo/index.md)"
        in (built / "games/.home.fr.md").read_text()
    )
    french = (built / "games" / "demo" / "index.fr.md").read_text()
    assert "| Puissance | Joueur | Centres de ravitaillement | Unités |" in french
    assert '<svg aria-label="Centres de ravitaillement"' in french


def test_without_a_repository_the_orders_folder_is_plain_text(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(GAMES / "demo", tmp_path / "games" / "demo")
    build_site(tmp_path / "games", site)
    page = (site / "games" / "demo" / "index.md").read_text()
    assert "the folder `games/demo/orders/1902-fall-movement/`" in page
    assert "github.com" not in page


def test_a_phase_page(built: Path) -> None:
    page = (built / "games" / "machiavelli" / "1454-summer-movement.md").read_text()
    assert page.startswith("# Summer 1454: movement\n")
    assert "← Previous: [Spring 1454: movement](1454-spring-movement.md)" in page
    assert "Next: [Fall 1454: movement](1454-fall-movement.md) →" in page
    assert "## Orders" in page and "### Venice" in page
    french = (built / "games" / "machiavelli" / "1454-summer-movement.fr.md").read_text()
    assert french.startswith("# Été 1454\u00a0: mouvements\n")
    assert "Précédente\u00a0: [Printemps 1454\u00a0: mouvements](1454-spring-movement.md)" in french


def test_the_rules_and_the_order_syntax_come_from_the_families_pages(built: Path) -> None:
    """The Rules section: each family's players' rules (`Presentation.rules_page`, in its package), each rule
    set's options in words where the page places them (`Presentation.option_words`), and its order syntax
    (`Presentation.orders_page`), in both languages."""
    rules = (built / "games" / "rules" / "machiavelli" / "index.md").read_text()
    assert rules.startswith("# Machiavelli\n") and "## Sieges" in rules
    judge = rules[rules.index("### The e-mail judge's rules") : rules.index("### The Objectif club's rules")]
    objectif = rules[rules.index("### The Objectif club's rules") :]
    assert "- After a first besiege, the besieger may only besiege again or lift" in judge
    assert "- After a first besiege, the besieger may be given any order" in objectif
    assert "- The board: Machiavelli (classic board)." in judge
    assert "<!-- options:" not in rules and "`siege_commitment`" not in rules and "`locked`" not in rules
    assert "[the order syntax](orders.md)" in rules
    french = (built / "games" / "rules" / "machiavelli" / "index.fr.md").read_text()  # from the catalogues
    assert french.startswith("# Machiavel\n") and "## Les sièges" in french
    assert "- Après un premier siège, l’assiégeant ne peut qu’assiéger encore" in french
    assert "After a first besiege" not in french
    index = (built / "games" / "rules" / "index.md").read_text()
    assert "- [Diplomacy](diplomacy/index.md), and [its order syntax](diplomacy/orders.md)" in index
    orders = (built / "games" / "rules" / "diplomacy" / "orders.md").read_text()
    assert orders.startswith("# Diplomacy: the order syntax\n")
    assert "| move by convoy | `A lon-bel via convoy` |" in orders  # the board families' page, copied
    french = (built / "games" / "rules" / "diplomacy" / "orders.fr.md").read_text()
    assert french.startswith("# Diplomatie\u00a0: la syntaxe des ordres\n")
    assert "| se déplacer par convoi | `A lon-bel via convoy` |" in french  # its translation
    assert "Cette page n'existe qu'en anglais." not in french
    for page in (orders, french):  # the notes for developers stay in docs/
        assert "Hypothesis" not in page and "str(order)" not in page and "OrderSyntaxError" not in page


def test_hand_written_pages_are_left_alone_and_their_games_block_written_apart(built: Path) -> None:
    for name in ("index.md", "index.fr.md"):
        assert (built / name).read_bytes() == (ROOT / "site" / name).read_bytes()
        assert f"{BEGIN}\n{END}" in (built / name).read_text()  # filled by the MkDocs hook at build time
    block = (built / "games" / ".home.md").read_text()
    assert "[Demo game: standard Diplomacy](games/demo/index.md)" in block and "games/feed.xml" in block
    assert site_module.HOME_BLOCK == mkdocs_hooks.HOME_BLOCK  # where the hook reads the block `judge site` writes
    assert "[Flux RSS des nouveaux tours](games/feed.xml)" in (built / "games" / ".home.fr.md").read_text()


def test_stale_generated_pages_are_removed_and_hand_written_ones_kept(tmp_path: Path) -> None:
    games, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(GAMES / "demo", games / "demo")
    shutil.copytree(GAMES / "machiavelli", games / "machiavelli")
    mine = site / "games" / "notes.md"  # a page someone wrote by hand under games/
    mine.parent.mkdir(parents=True)
    mine.write_text("mine\n")
    build_site(games, site)
    assert (site / "games" / "machiavelli" / "1454-fall-retreat.md").is_file()
    assert "games/machiavelli/index.md" in (site / MANIFEST).read_text()
    shutil.rmtree(games / "machiavelli")
    (games / "demo" / "results" / "1902-spring-retreat.yaml").unlink()
    build_site(games, site)
    assert not (site / "games" / "machiavelli").exists()
    assert not (site / "games" / "demo" / "1902-spring-retreat.md").exists()
    assert (site / "games" / "demo" / "1902-spring-movement.md").is_file()
    assert mine.read_text() == "mine\n"


def test_the_narrative_of_a_turn(tmp_path: Path) -> None:
    games, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(GAMES / "demo", games / "demo")
    narrative = games / "demo" / "narrative"
    narrative.mkdir()
    (narrative / "1901-spring-movement.md").write_text("# Opening\n\nEngland sails north.\n")
    (narrative / "1901-spring-movement.fr.md").write_text("L'Angleterre fait voile au nord.\n")
    (narrative / "1901-fall-movement.fr.md").write_text("Seulement en français.\n")
    build_site(games, site)
    demo = site / "games" / "demo"
    english = (demo / "1901-spring-movement.md").read_text()
    assert "## The game master's narrative\n\n### Opening\n\nEngland sails north." in english
    assert "L'Angleterre fait voile au nord." in (demo / "1901-spring-movement.fr.md").read_text()
    assert "Seulement en français." in (demo / "1901-fall-movement.md").read_text()  # the only one there is
    assert "narrative" not in (demo / "1901-fall-adjustment.md").read_text()


def test_a_finished_game_of_its_own_kind_shows_its_narrative(built: Path) -> None:
    """The Catan game for six is won: its page says so instead of a turn and a deadline, and shows the game
    master's narrative (narrative/game.md) in each language, its links to the turns' pages."""
    six = built / "games" / "catan-six"
    page = (six / "index.md").read_text()
    assert "The game is over: its turns are below." in page and "Current turn" not in page
    assert "## The game master's narrative\n\n**Orange won** in [round 40](r40.md)" in page
    french = (six / "index.fr.md").read_text()
    assert "La partie est finie\u00a0: ses tours sont ci-dessous." in french
    assert "**Orange a gagné** au [tour de table 40](r40.md)" in french
    assert (six / "r40.md").is_file() and (six / "r40.fr.md").is_file()
    orders = (six / "orders.md").read_text()  # no form once nobody orders
    assert "The game is over: no more orders are taken." in orders and "pbem-form" not in orders
    assert "Orange won" in orders


def test_every_phase_page_shows_its_map(tmp_path: Path) -> None:
    """Each phase page of a game shows the map of that phase (one file for both languages, the French page
    showing it at `#fr`), the game page the current position's: the Machiavelli games and, now that the
    standard board is drawn, the Diplomacy demo game."""
    site = tmp_path / "site"
    build_site(GAMES, site)
    assert "](1454-spring-movement.svg#fr)" in (site / "games/machiavelli/1454-spring-movement.fr.md").read_text()
    for game, turn in (("machiavelli", "1454-spring-movement"), ("demo", "1901-spring-movement")):
        for lang in LANGUAGES:
            page = (site / "games" / game / localized(Path(f"{turn}.md"), lang)).read_text()
            assert f"]({turn}.svg{'#' + lang if lang != LANGUAGES[0] else ''})" in page  # one file, each language
        svg = (site / "games" / game / f"{turn}.svg").read_text()
        assert svg.startswith("<?xml") and 'data-map-languages="en fr"' in svg
    demo = site / "games" / "demo"
    for phase in sorted(p.stem for p in (GAMES / "demo" / "results").glob("*.yaml")):
        assert (demo / f"{phase}.svg").is_file() and not (demo / f"{phase}.fr.svg").exists(), phase


def test_the_chart_is_deterministic_with_stable_ids() -> None:
    args = ("chart-g-en-cities", "Cities", ["1454", "", "1455"], {"Venice": [3, 4, 5], "Milan": [3, 2, 2]})
    svg = line_chart(*args)
    assert svg == line_chart(*args)
    assert 'id="chart-g-en-cities"' in svg and 'id="chart-g-en-cities-1"' in svg
    assert "\n" not in svg and "Venice (5)" in svg


def test_deadlines_come_from_the_deadlines_file(tmp_path: Path) -> None:
    games, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(GAMES / "demo", games / "demo")
    (games / "demo" / "deadlines.yaml").write_text(
        "1901-spring-movement: '2026-11-02T20:00:00+01:00'\n1902-fall-movement: '2026-12-03T20:00:00+01:00'\n"
    )
    build_site(games, site)
    page = (site / "games" / "demo" / "index.md").read_text()
    assert "Deadline: December 3, 2026" in page
    assert "Date limite\u00a0: 3 décembre 2026" in (site / "games" / "demo" / "index.fr.md").read_text()
    assert "December 3, 2026" in (site / "games" / "index.md").read_text()
    feed = (site / "games" / "feed.xml").read_text()
    assert feed.count("<item>") == 5 and feed.count("<pubDate>") == 1
    assert "<pubDate>Mon, 02 Nov 2026 20:00:00 +0100</pubDate>" in feed


def test_no_page_of_a_game_shows_a_code(built: Path) -> None:
    """A player reads words on the site, never a reason or sub-reason code (`illegal_no_unit`,
    `already_rebelling`): every game page and phase page, both languages."""
    from pipeline.board.outcome import Reason, SubReason

    codes = {r.value for r in Reason if "_" in r.value} | {w.value for w in SubReason}
    pattern = re.compile(r"\b(" + "|".join(sorted(codes, key=len, reverse=True)) + r")\b")
    pages = [
        p for game in ("demo", "machiavelli", "machiavelli-objectif") for p in (built / "games" / game).glob("*.md")
    ]
    assert len(pages) > 20
    for page in pages:
        found = pattern.findall(page.read_text(encoding="utf-8"))
        assert not found, (page.name, sorted(set(found)))


def test_each_feed_has_the_site_name_of_its_language(tmp_path: Path) -> None:
    """The French feed's title is the French site name of mkdocs.yml's i18n languages, the English feed's
    the site's name; the rules page cites no rule number for developers (`[M 7.5]`)."""
    (tmp_path / "mkdocs.yml").write_text((GAMES.parent / "mkdocs.yml").read_text(encoding="utf-8"))
    site = tmp_path / "site"
    build_site(GAMES, site)
    assert "<title>Play-by-mail games</title>" in (site / "games" / "feed.xml").read_text()
    assert "<title>Parties par correspondance</title>" in (site / "games" / "feed.fr.xml").read_text()
    for rules in ("rules/machiavelli/index.md", "rules/machiavelli/index.fr.md"):
        text = (site / "games" / rules).read_text()
        assert "[M " not in text and "[D " not in text and "()" not in text


def test_each_turn_has_one_map_for_both_languages(tmp_path: Path) -> None:
    """A board game's turn has one map file, `<turn>.svg`, with the words of both languages (the French ones
    shown at `<turn>.svg#fr`, which the French pages show); a family that draws a map a language
    (`Presentation.draw_map`) has its French maps in `<turn>.fr.svg`."""
    site = tmp_path / "site"
    build_site(GAMES, site)
    svg = (site / "games" / "machiavelli" / "1454-spring-movement.svg").read_text()
    assert ">Venice<" in svg and ">Venise<" in svg  # the place names, in both languages
    assert ">Fortified city<" in svg and ">Ville fortifiée<" in svg  # the legend
    board = {"demo", "machiavelli", "machiavelli-objectif"}  # their maps carry both languages
    assert not [p for p in site.rglob("*.fr.svg") if p.parent.name in board]
    others = [p.name for p in GAMES.iterdir() if (p / "game.yaml").is_file() and p.name not in board]
    assert others and all(any((site / "games" / name).glob("*.fr.svg")) for name in others)


def test_a_run_killed_midway_leaves_nothing_the_next_one_does_not_remove(tmp_path: Path) -> None:
    """Each game's files are named in `.generated.pending` before they are written: a run killed then leaves
    that list, and the next run removes what it listed and does not write again (a game removed meanwhile)."""
    games, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(GAMES / "demo", games / "demo")
    build_site(games, site)
    assert not (site / "games" / ".generated.pending").exists()
    ghost = site / "games" / "gone" / "index.md"  # what a killed run had written of a game removed since
    ghost.parent.mkdir()
    ghost.write_text("# Gone\n")
    (site / "games" / ".generated.pending").write_text("games/gone/index.md\n")
    build_site(games, site)
    assert not ghost.exists() and not ghost.parent.exists()
    assert not (site / "games" / ".generated.pending").exists()
    assert "games/gone/index.md" not in (site / MANIFEST).read_text()


# ---- the rules on the site, for players ------------------------------------------------------------------
# a command a player may not have, or a file of the repository named to him
COMMAND = re.compile(
    r"\bjudge (validate|encrypt|new|site|build-site|status|adjudicate|legal-orders|replay|verify|report|render)\b"
    r"|\bdocs/|\bpipeline/"
)


def _players_pages(built: Path) -> list[Path]:
    """The Markdown of every page a player reads: the hand-written ones and every generated page."""
    return sorted(p for p in built.rglob("*.md") if "private" not in p.parts)


def test_every_order_page_links_its_familys_order_syntax_on_the_site(built: Path) -> None:
    """Issue 32: an order page links its family's order syntax page, and the page is there (both languages)."""
    for game in sorted(p for p in GAMES.iterdir() if (p / "game.yaml").is_file()):
        family = load_game(game).family.id
        for lang in LANGUAGES:
            page = built / "games" / game.name / localized(Path("orders.md"), lang)
            link = re.search(r"\]\((\.\./rules/[^)]+)\)", page.read_text())
            assert link is not None and link[1] == f"../rules/{family}/orders.md", (page, link)
            target = (page.parent / link[1]).resolve()
            assert localized(target, lang).is_file(), target


def test_no_players_page_asks_for_a_command_or_names_a_repository_file(built: Path) -> None:
    """Issue 32: no page a player reads tells him to run the judge or names a file of the repository (the
    site's form checks and seals in the browser); HTML comments (the home page's games block) are not read."""
    found = []
    for page in _players_pages(built):
        text = re.sub(r"<!--.*?-->", "", page.read_text(encoding="utf-8"), flags=re.S)
        found += [f"{page.relative_to(built)}: {m[0]!r}" for m in COMMAND.finditer(text)]
    assert found == []


def test_the_french_rules_pages_carry_no_english(built: Path) -> None:
    """Issue 32: the French rules pages, less their code, have none of the English tell-tale words that
    tests/test_phone_browser.py looks for on the built site (its `ENGLISH`)."""
    from tests.test_phone_browser import ENGLISH, _pattern

    english = _pattern(ENGLISH)
    pages = sorted((built / "games" / "rules").rglob("*.fr.md"))
    assert len(pages) == 1 + 2 * len(families())
    found = []
    for page in pages:
        text = re.sub(r"`[^`]*`|```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
        found += [f"{page.relative_to(built)}: {m[1]!r}" for m in english.finditer(text)]
    assert found == []


def test_a_game_may_not_take_the_rules_sections_name(tmp_path: Path) -> None:
    shutil.copytree(GAMES / "demo", tmp_path / "games" / "rules")
    with pytest.raises(DataError, match="a game may not be called 'rules'"):
        build_site(tmp_path / "games", tmp_path / "site")
    assert not (tmp_path / "site" / "games").exists()  # nothing half-written


def test_the_feed_is_dated_by_each_turns_recorded_adjudication_with_absolute_links(tmp_path: Path) -> None:
    """Each item is dated by the time its turn's results record it was adjudicated at, else by its
    deadline; its title names the turn, then the game, without repeating a colon chain; with the site's
    address its links are absolute, the French feed's under /fr/."""
    games, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(GAMES / "demo", games / "demo")
    results = games / "demo" / "results" / "1901-fall-movement.yaml"
    results.write_text(
        results.read_text().replace("{why: all_orders_in}", "{why: all_orders_in, at: '2026-11-09T19:30:00Z'}")
    )
    (games / "demo" / "deadlines.yaml").write_text("1901-spring-movement: '2026-11-02T20:00:00+01:00'\n")
    build_site(games, site, site_url="https://club.example/games/")
    feed = (site / "games" / "feed.xml").read_text()
    assert feed.count("<item>") == 5 and feed.count("<pubDate>") == 2
    first = feed[feed.index("<item>") :]  # the newest turn first
    assert first.startswith(
        "<item>\n<title>Fall 1901: movement — Demo game: standard Diplomacy</title>\n"
        "<link>https://club.example/games/games/demo/1901-fall-movement/</link>"
    )
    assert "<pubDate>Mon, 09 Nov 2026 19:30:00 +0000</pubDate>" in first.split("</item>")[0]
    assert "<pubDate>Mon, 02 Nov 2026 20:00:00 +0100</pubDate>" in feed
    french = (site / "games" / "feed.fr.xml").read_text()
    assert "<link>https://club.example/games/fr/games/demo/1901-fall-movement/</link>" in french
    assert (
        "<title>Automne 1901\u00a0: mouvements — Partie de démonstration\u00a0: Diplomatie standard</title>" in french
    )


@pytest.mark.parametrize(
    ("repository", "address"),
    [
        ("club/games", "https://club.github.io/games/"),
        ("Club-42/Diplo.site", "https://club-42.github.io/Diplo.site/"),
        ("club/club.github.io", "https://club.github.io/"),
        ("", None),
        ("club", None),
        ("club/../x", None),
        ("club/games/extra", None),
        ("-club/games", None),
        ("club/games\nsite_url: x", None),
    ],
)
def test_the_site_address_of_a_repository_on_github_pages(repository: str, address: str | None) -> None:
    """`judge site` in GitHub Actions, with no site_url, takes the repository's GitHub Pages address from
    GITHUB_REPOSITORY (owner/name); anything else gives none (relative links), never a made-up address."""
    assert pages_url(repository) == address


def test_judge_site_takes_the_site_address_from_its_option_mkdocs_yml_or_the_repository(tmp_path: Path) -> None:
    """--site-url first, then mkdocs.yml's site_url, then GITHUB_REPOSITORY's GitHub Pages address."""
    from click.testing import CliRunner

    from pipeline.cli import cli

    games = tmp_path / "games"
    shutil.copytree(GAMES / "demo", games / "demo")
    runner = CliRunner()

    def link(*args: str, **env: str) -> str:
        site = tmp_path / "site"
        result = runner.invoke(cli, ["site", "--games", str(games), "--site", str(site), "--no-cache", *args], env=env)
        assert result.exit_code == 0, result.output
        feed = (site / "games" / "feed.xml").read_text()
        return feed[feed.index("<item>") :].split("<link>")[1].split("demo/")[0]

    assert link(GITHUB_REPOSITORY="club/games") == "https://club.github.io/games/games/"
    assert link("--site-url", "https://a.example/", GITHUB_REPOSITORY="club/games") == "https://a.example/games/"
    (tmp_path / "mkdocs.yml").write_text("site_name: x\nsite_url: https://b.example/site/\n")
    assert link(GITHUB_REPOSITORY="club/games") == "https://b.example/site/games/"
    (tmp_path / "mkdocs.yml").unlink()
    assert link(GITHUB_REPOSITORY="") == "games/"
