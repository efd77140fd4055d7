"""What `judge site` publishes for the order form and the private-report page (pipeline/publish/order_form.py)."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from pathlib import Path

import pytest

from pipeline.board.legal_orders import legal_orders_json
from pipeline.board.presentation.words import Words
from pipeline.publish.order_form import has_private_reports, private_page, ui_strings
from pipeline.publish.pages import game_info
from pipeline.publish.site import build_site
from pipeline.publish.turns import legal_orders_data
from pipeline.shared.i18n import LANGUAGES, translator
from pipeline.storage.gamedir import load_game
from pipeline.storage.private_files import private_report_path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"


@pytest.fixture
def site(games_site: Path) -> Path:
    """The shipped games' pages (`games_site`, tests/conftest.py: made once for this module and others)."""
    return games_site


def test_a_public_game_publishes_legal_orders_json_as_is(site: Path) -> None:
    for game_id in ("demo", "machiavelli-objectif"):
        game = load_game(GAMES / game_id)
        turn = game.current_turn()
        expected = legal_orders_json(
            game.setup, game.state(turn), game.options, game.setup.powers, game.family.rules.family, game.id, turn
        )
        assert not game.secret_money
        assert (site / "games" / game_id / "orders.json").read_text(encoding="utf-8") == expected


def test_a_secret_money_game_publishes_no_amount_held(site: Path) -> None:
    game = load_game(GAMES / "machiavelli")
    turn = game.current_turn()
    assert game.secret_money
    published = json.loads((site / "games" / "machiavelli" / "orders.json").read_text(encoding="utf-8"))
    assert published == legal_orders_data(game, turn, public=True)
    full = json.loads(
        legal_orders_json(
            game.setup, game.state(turn), game.options, game.setup.powers, game.family.rules.family, game.id, turn
        )
    )
    public = json.loads(
        legal_orders_json(
            game.setup,
            game.state(turn, public=True),
            game.options,
            game.setup.powers,
            game.family.rules.family,
            game.id,
            turn,
        )
    )
    assert published["secret_money"] is True
    withheld = {"treasury", "loans", "room", "owed_to_bank", "gifts_allowed"}
    for power, orders in published["powers"].items():
        money = orders["money"]
        assert money is not None  # spring 1455 is a money phase
        assert money["treasury"] is None and money["loans"] is None
        assert money["borrow"]["room"] is None and money["pay"]["owed_to_bank"] is None
        assert money["pay"]["gifts_allowed"] is None
        # everything else is the public position's, and the units' orders are the full position's
        assert orders["units"] == full["powers"][power]["units"]
        assert money["expenses"] == public["powers"][power]["money"]["expenses"]
        assert {k: v for k, v in money["borrow"].items() if k not in withheld} == {
            k: v for k, v in public["powers"][power]["money"]["borrow"].items() if k not in withheld
        }
    # no treasury of the private state anywhere in the file
    text = (site / "games" / "machiavelli" / "orders.json").read_text(encoding="utf-8")
    assert '"treasury": null' in text and not any(f'"treasury": {n}' in text for n in range(0, 100))


def test_every_page_exists_in_both_languages(site: Path) -> None:
    for game_id in ("demo", "machiavelli", "machiavelli-objectif"):
        game = load_game(GAMES / game_id)
        base = site / "games" / game_id
        names = ["orders"] + (["private"] if has_private_reports(game) else [])
        for lang in LANGUAGES:  # each power in a sentence, as `Words` says it ("the Papacy")
            settings = json.loads((base / f"form-{lang}.json").read_text(encoding="utf-8"))
            w = Words(game.setup, translator(lang))
            assert settings["names"]["powers_the"] == {p: w.power_the(p) for p in sorted(game.setup.powers)}
        for name in names:
            english, french = base / f"{name}.md", base / f"{name}.fr.md"
            assert english.is_file() and french.is_file(), (game_id, name)
            assert f'data-game="{game_id}" data-lang="en"' in english.read_text(encoding="utf-8")
            assert f'data-game="{game_id}" data-lang="fr"' in french.read_text(encoding="utf-8")
        assert not (base / "private.md").exists() or has_private_reports(game)
        for lang in LANGUAGES:
            settings = json.loads((base / f"form-{lang}.json").read_text(encoding="utf-8"))
            assert settings["game"] == game_id and settings["turn"] == game.current_turn()
            assert settings["secret_orders"] == game.settings.secret_orders
            assert settings["public_key"] == game.settings.public_key
            assert settings["repo_url"] == "https://github.com/owner/repo"
            assert set(settings["powers"]) == set(game.setup.powers)
    fr = json.loads((site / "games" / "machiavelli" / "form-fr.json").read_text(encoding="utf-8"))
    assert fr["powers"]["venice"] == "Venise"
    assert fr["names"]["powers_the"]["papacy"] == "la Papauté" and fr["names"]["powers_the"]["venice"] == "Venise"
    index = (site / "games" / "machiavelli" / "index.md").read_text(encoding="utf-8")
    assert "(orders.md)" in index and "(private.md)" in index


def test_the_settings_name_every_place_of_the_board_in_both_languages(site: Path) -> None:
    """`places` has every space and every coast of the game's board, with its name, where a unit stands and
    where it goes, as the reports say them (`Words`)."""
    for game_id in ("demo", "machiavelli", "machiavelli-objectif"):
        board = load_game(GAMES / game_id).setup
        locations = set(board.spaces) | {f"{sid}/{c}" for sid, sp in board.spaces.items() for c in sp.coasts}
        for lang in LANGUAGES:
            settings = json.loads((site / "games" / game_id / f"form-{lang}.json").read_text(encoding="utf-8"))
            places = settings["names"]["places"]
            assert set(places) == locations, (game_id, lang)
            w = Words(board, translator(lang))
            for loc, forms in places.items():
                assert forms == {"name": w.place_coast(loc), "in": w.in_(loc), "to": w.to(loc)}
                assert all(forms.values()) and forms["name"] != loc, (game_id, lang, loc)
    machiavelli = site / "games" / "machiavelli"
    en = json.loads((machiavelli / "form-en.json").read_text(encoding="utf-8"))["names"]["places"]
    fr = json.loads((machiavelli / "form-fr.json").read_text(encoding="utf-8"))["names"]["places"]
    assert en["ven"] == {"name": "Venice", "in": "in Venice", "to": "to Venice"}
    assert fr["ven"] == {"name": "Venise", "in": "à Venise", "to": "à Venise"}
    assert fr["cro/sc"]["in"] == "en Croatie (côte sud)"
    standard = json.loads((site / "games" / "demo" / "form-fr.json").read_text(encoding="utf-8"))["names"]["places"]
    assert standard["stp/nc"]["name"] == "Saint-Pétersbourg (côte nord)"
    assert standard["nth"]["to"] == "dans la mer du Nord"


def test_the_order_page_shows_the_current_map_and_the_settings_place_every_location_on_it(site: Path) -> None:
    """The order page holds the current position's map (the file the game page shows, which the script draws
    in the form to be clicked), and `map_points` puts every space and coast of the board inside the map."""
    for game_id in ("demo", "machiavelli", "machiavelli-objectif"):
        game = load_game(GAMES / game_id)
        folder = site / "games" / game_id
        turn = game.current_turn()
        for lang in LANGUAGES:
            page = (folder / ("orders.md" if lang == "en" else f"orders.{lang}.md")).read_text(encoding="utf-8")
            link = f"{turn}.svg" if lang == LANGUAGES[0] else f"{turn}.svg#{lang}"  # one map file, each language
            assert f"]({link}){{ .pbem-order-map }}" in page, (game_id, lang)
        assert (folder / f"{turn}.svg").is_file()
        points = json.loads((folder / "form-en.json").read_text(encoding="utf-8"))["names"]["map_points"]
        places = json.loads((folder / "form-en.json").read_text(encoding="utf-8"))["names"]["places"]
        assert points.keys() == places.keys()
        svg = (folder / f"{turn}.svg").read_text(encoding="utf-8")
        left, top, width, height = map(float, re.search(r'viewBox="([^"]+)"', svg)[1].split())  # type: ignore[index]
        assert all(left <= x <= left + width and top <= y <= top + height for x, y in points.values()), game_id


def test_the_order_words_are_in_both_languages() -> None:
    """A template for each kind of order and each unit kind, with the placeholders the script fills."""
    kinds = ["hold", "move", "move_convoy", "retreat", "support_hold", "support_move", "support_convert"]
    kinds += ["convoy", "convert", "besiege", "lift_siege", "disband", "maintain", "remove", "build", "build_special"]
    for lang in LANGUAGES:
        words = ui_strings(lang)
        assert {f"label_{k}" for k in kinds} <= set(words)
        for unit in "AFG":
            for prefix in ("unit", "the", "new"):
                assert "%(in_place)s" in words[f"{prefix}_{unit}"]
            assert words[f"into_{unit}"]
        for k in kinds:
            assert "%(unit)s" in words[f"label_{k}"], (lang, k)
    fr, en = ui_strings("fr"), ui_strings("en")
    assert fr["label_support_move"] % {
        "unit": "Armée à Venise",
        "other": "l'armée à Padoue",
        "to": "à Trévise",
    } == ("Armée à Venise soutient l'armée à Padoue, qui va à Trévise")
    assert en["label_support_move"] % {
        "unit": "Army in Venice",
        "other": "the army in Padua",
        "to": "to Treviso",
    } == ("Army in Venice supports the army in Padua to Treviso")


def test_the_power_orders_words_are_in_both_languages() -> None:
    """The sentences of `Ally`, `Permit bribes` and `Give`, filled with the powers in a sentence (`powers_the`),
    and the autonomous garrisons' name for a bribe's target."""
    for lang in LANGUAGES:
        words = ui_strings(lang)
        for key in ("power_ally", "power_permit_bribes"):
            assert "%(power)s" in words[key], (lang, key)
        assert "%(victim)s" in words["power_give_chit"] and "%(to)s" in words["power_give_chit"]
    en, fr = ui_strings("en"), ui_strings("fr")
    assert en["power_ally"] % {"power": "Turkey"} == "Let Turkey's fleets through your straits"
    assert fr["power_ally"] % {"power": "la Turquie"} == "Laisser passer les flottes de la Turquie par vos détroits"
    assert fr["power_permit_bribes"] % {"power": "la Papauté"} == (
        "Autoriser la Papauté à corrompre à partir de vos unités"
    )
    assert fr["power_give_chit"] % {"victim": "Milan", "to": "Venise"} == (
        "Donner à Venise votre jeton d'assassinat contre Milan"
    )
    assert en["power_give_chit"] % {"victim": "Milan", "to": "the Papacy"} == (
        "Give your assassination chit against Milan to the Papacy"
    )
    assert fr["autonomous"] == "Garnisons autonomes"


def test_the_private_reports_are_published_as_committed(site: Path) -> None:
    game = load_game(GAMES / "machiavelli")
    settings = json.loads((site / "games" / "machiavelli" / "form-en.json").read_text(encoding="utf-8"))
    assert settings["private_reports"]
    for entry in settings["private_reports"]:
        for power in entry["powers"]:
            committed = private_report_path(game.folder, entry["turn"], power)
            published = site / "games" / "machiavelli" / "private" / entry["turn"] / f"{power}.yaml.age"
            assert published.read_bytes() == committed.read_bytes()
            assert published.read_text(encoding="ascii").startswith("-----BEGIN AGE ENCRYPTED FILE-----")
    # open treasuries, but secret orders: only the reports that say why a power's orders were refused
    objectif = sorted(p.name for p in (site / "games" / "machiavelli-objectif" / "private").rglob("*.age"))
    assert objectif == sorted(p.name for p in (GAMES / "machiavelli-objectif" / "private").rglob("*.age"))


def test_the_script_words_come_from_the_catalogues(site: Path) -> None:
    english = json.loads((site / "games" / "order-form-en.json").read_text(encoding="utf-8"))
    french = json.loads((site / "games" / "order-form-fr.json").read_text(encoding="utf-8"))
    assert english == ui_strings("en") and french == ui_strings("fr")
    assert set(english) == set(french)
    same = {k for k in english if english[k] == french[k]}
    assert same == {"cost", "ducats", "minimum", "report_total"}  # the same words in both languages
    assert french["choose_power"] == translator("fr").gettext("Choose your power") == "Choisissez votre puissance"


def test_the_script_uses_only_words_it_is_given() -> None:
    """Every `t.key` the script reads is one of the words `judge site` writes."""
    script = (ROOT / "site" / "assets" / "javascripts" / "order-form.js").read_text(encoding="utf-8")
    used = set(re.findall(r"\bt\.([a-z_]+)\b", script))
    assert used <= set(ui_strings("en")), used - set(ui_strings("en"))


def _literals(script: str) -> list[str]:
    """The string, template and regular-expression literals of a script, its comments left out (a scanner
    for this project's scripts: a `/` starts a regular expression where a value is expected)."""
    found: list[str] = []
    i, n, last = 0, len(script), ""
    while i < n:
        c = script[i]
        if script.startswith("//", i):
            newline = script.find("\n", i)
            i = n if newline < 0 else newline
            continue
        if script.startswith("/*", i):
            i = script.index("*/", i) + 2
            continue
        regex = c == "/" and (last == "" or last in "(,=:[!&|?{};" or script[:i].rstrip().endswith("return"))
        if c in "\"'`" or regex:
            end = "/" if regex else c
            j, in_class = i + 1, False
            while j < n and (script[j] != end or in_class):
                if script[j] == "\\":
                    j += 1
                elif regex and script[j] in "[]":
                    in_class = script[j] == "["
                j += 1
            found.append(script[i + 1 : j])
            i, last = j + 1, "x"
            continue
        if not c.isspace():
            last = c
        i += 1
    return found


_LINKING = {"to", "for", "year", "years"}  # words of the templates that are ordinary words of the script too


def _notation_words() -> tuple[set[str], set[str], set[str]]:
    """What the notation writes, from the order kinds' registry: the words of the forms' templates (but for
    the linking words), the unit kinds' letters and the special units; the ids of the kinds and their forms;
    the expense kinds' names."""
    from pipeline.board.order_kinds import KINDS
    from pipeline.board.order_kinds.expense import EXPENSE_KINDS
    from pipeline.board.units import SPECIALS, UnitKind

    words = {k.value for k in UnitKind} | set(SPECIALS)
    for kind in KINDS:
        for form in kind.forms:
            words |= set(re.findall(r"[A-Za-z]+", re.sub(r"\{\w+\}", " ", form.template))) - _LINKING
    ids = {k.id for k in KINDS} | {f.id for k in KINDS for f in k.forms}
    return words, ids, {k.name for k in EXPENSE_KINDS}


def _named(literals: list[str]) -> set[str]:
    """The keywords, ids and expense kinds the literals name."""
    words, ids, phrases = _notation_words()
    found = {lit for lit in literals if lit in ids}
    for lit in literals:
        found |= set(re.findall(r"[\w-]+", re.sub(r"\\+.", " ", lit))) & words
        found |= {p for p in phrases if p in lit}
    return found


def test_the_script_names_no_kind_nor_keyword() -> None:
    """The order form takes the kinds, their templates and the expense kinds from the legal orders
    (`notation`, `expenses.kinds`): no literal of its script names a kind, a form, a keyword of the
    notation, a unit kind, a special unit or an expense kind."""
    script = (ROOT / "site" / "assets" / "javascripts" / "order-form.js").read_text(encoding="utf-8")
    literals = _literals(script)
    assert "pbem-expense-kind" in literals and "AGE-SECRET-KEY-1…" in literals  # the scanner finds them
    assert not _named(literals), _named(literals)


def test_the_script_check_would_catch_a_keyword() -> None:
    sample = 'const a = x / 2; // "Waive"\nif (/^(Maintain|Remove)\\b/.test(o)) f("famine relief", `${u} S ${v}`);'
    literals = _literals(sample)
    assert "Waive" not in " ".join(literals)  # in a comment
    assert _named(literals) == {"Maintain", "Remove", "famine relief", "S"}


def test_a_second_run_removes_nothing_it_still_writes_and_gives_the_same_bytes(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    build_site(GAMES, site)
    first = {p: p.read_bytes() for p in site.rglob("*") if p.is_file()}
    build_site(GAMES, site)
    assert {p: p.read_bytes() for p in site.rglob("*") if p.is_file()} == first
    shutil.rmtree(site / "games" / "machiavelli" / "private")
    build_site(GAMES, site)
    assert (site / "games" / "machiavelli" / "private" / "1454-spring-movement" / "florence.yaml.age").is_file()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_private_report_words_are_the_public_report_s_sentences_with_placeholders(lang: str) -> None:
    """The private-report page's words (`report` in the settings): the public report's result sentences with
    placeholders for the figures, none of the stand-in figures left, no code; the ones the page falls back
    on are there for every reason."""
    from pipeline.board.outcome import Reason
    from pipeline.board.presentation.private_words import private_report_words
    from pipeline.storage.maps import shipped_board

    words = private_report_words(shipped_board("machiavelli-classic"), translator(lang))
    results = words["results"]
    assert isinstance(results, dict)
    assert {r.value for r in Reason} <= set(results)  # every reason alone, the last fallback
    codes = re.compile(r"\b[a-z]+_[a-z_]+\b|\d{4,}")
    for key, sentence in results.items():
        assert not codes.search(sentence.replace("%(", "")), (key, sentence)
    assert "%(needed)s" in results["too_little:needed"] and "%(paid)s" not in results["too_little:needed"]
    assert "%(owed)s" in results["succeeds:due,granted"] and "%(when)s" in results["succeeds:due,granted"]
    english = private_report_words(shipped_board("machiavelli-classic"), translator("en"))["results"]
    assert isinstance(english, dict)
    assert (results["succeeds:paid"] == english["succeeds:paid"]) is (lang == "en")


def test_the_private_report_words_are_made_once_a_process_for_each_board_and_language() -> None:
    """A club's games on one map share the words (made once, the same as made again); another board or
    language gets its own."""
    from pipeline.board.presentation import private_words
    from pipeline.storage.maps import shipped_board

    classic, other = shipped_board("machiavelli-classic"), shipped_board("machiavelli-1995")
    first = private_words.private_report_words(classic, translator("en"))
    assert private_words.private_report_words(classic, translator("en")) is first
    assert first == private_words._report_words(classic, translator("en"))
    assert private_words.private_report_words(classic, translator("fr")) != first
    assert private_words.private_report_words(other, translator("en")) is not first


DEMO_KEY_WORDS = (
    "**This is a demo game**: its keys are public on purpose, so that anyone may try this page. Every report here "
    "opens with the game's key, `age_identity` in the file [%(file)s](%(url)s) of its repository: copy it from "
    "there and paste it below."
)
NO_PLAYER_KEY = (
    "No player's key is recorded in this game: every report opens with the game's own private key (an age key, "
    "`AGE-SECRET-KEY-1…`), which the game master keeps."
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_demo_game_s_private_page_says_where_its_key_is(lang: str) -> None:
    """A demo game's keys are in the open on purpose (`demo-secrets.yaml`): its private page says so, in the
    page's language, and links the file on the repository when the site knows it, else names it."""
    game = load_game(GAMES / "machiavelli")
    assert game.settings.demo and not game.settings.player_keys
    t = translator(lang)
    linked = private_page(game_info(game, "https://github.com/example-owner/example-games"), lang)
    named = private_page(game_info(game), lang)
    url = "https://github.com/example-owner/example-games/blob/main/games/machiavelli/demo-secrets.yaml"
    assert f"[games/machiavelli/demo-secrets.yaml]({url})" in linked
    assert "`games/machiavelli/demo-secrets.yaml`" in named and url not in named
    demo = t.gettext(DEMO_KEY_WORDS).partition("`age_identity`")[0]
    for page in (linked, named):
        assert demo in page and "`age_identity`" in page
        assert t.gettext(NO_PLAYER_KEY) in page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_private_page_names_each_power_s_key(lang: str) -> None:
    """Which key opens a power's report: the private half of the public key game.yaml records for the power,
    listed by the power's name in the page's language; the others open with the game's key only. A game that
    is no demo says nothing of demo keys."""
    game = load_game(GAMES / "machiavelli")
    key = "age1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs3290gq"
    game.settings = dataclasses.replace(game.settings, demo=False, player_keys={"florence": key})
    t = translator(lang)
    page = private_page(game_info(game), lang)
    florence = game.family.presentation.power_name(game.setup, "florence", t)
    assert f"- **{florence}**: `{key}`" in page
    assert t.gettext("The reports of the other powers open with the game's key only.") in page
    assert "demo-secrets.yaml" not in page
    assert t.gettext(NO_PLAYER_KEY) not in page
