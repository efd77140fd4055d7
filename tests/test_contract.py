"""The contract every family implements (pipeline/games/contract.py, docs/adding-a-family.md), played over every
registered family and the tests' reference one: create a game with its keys, read a good and a bad order file,
adjudicate, replay byte for byte, report in both languages for everybody, a power and the game master, draw the
maps, give the order form's data and the legal orders, play a rule case, make the site's pages, end the game."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.cases import read_cases, run_rule_case
from pipeline.cli import cli
from pipeline.commands import game as commands
from pipeline.commands.secret_orders import encrypt_orders
from pipeline.games import families, register, unregister
from pipeline.games.contract import MASTER, Presentation, Rules
from pipeline.publish.order_form import form_pages, form_settings
from pipeline.publish.pages import game_info, game_pages
from pipeline.publish.reference import family_rules_page, page_file
from pipeline.publish.turns import legal_orders_data, turn_maps, turn_report
from pipeline.shared.i18n import LANGUAGES
from pipeline.storage.gamedir import load_game
from pipeline.storage.sealed import seal
from tests.reference_family import FAMILY as SUMMIT

ROOT = Path(__file__).resolve().parent.parent
# each family's profile, a power, a good file of its first turn and a bad one (the problem's key, and its line)
PLAYED = {
    "diplomacy": ("standard", "france", "orders:\n  - A par-bur\n", "orders:\n  - A par-xyz\n"),
    "machiavelli": ("judge", "florence", "orders:\n  - A flo-pst\n", "orders:\n  - A flo-nowhere\n"),
    "symmachia": ("symmachia", "rhodes", "military:\n  rhodes_f1: {plan: [D0]}\n", "military:\n  nobody: {}\n"),
    "catan": ("catan", "black", "setup:\n  - {settlement: e3/e4/f3, road: e3/f3}\n", "setup:\n  - {castle: x}\n"),
    "summit": ("summit", "red", "pace: 2\n", "pace: 7\n"),
}
CASES = {
    "diplomacy": ROOT / "tests" / "rules" / "cases" / "standard.yaml",
    "summit": ROOT / "tests" / "reference_family" / "cases.yaml",
}


@pytest.fixture(autouse=True)
def reference_family() -> Iterator[None]:
    register(SUMMIT)
    yield
    unregister(SUMMIT.id)


def _ids() -> list[str]:
    register(SUMMIT)
    try:
        return sorted(families())
    finally:
        unregister(SUMMIT.id)


def test_every_family_is_played_here() -> None:
    assert set(_ids()) == set(PLAYED), "a family without a line in PLAYED: add its profile and files"


@pytest.mark.parametrize("family_id", _ids())
def test_every_family_gives_its_players_pages_in_both_languages(family_id: str) -> None:
    """`Presentation.rules_page` and `orders_page`: Markdown in the family's package (or the board engine's, for
    the board families' shared syntax), English and French, each titled; the rules page is what the site's
    Rules section shows (`publish/reference.py`), and places each profile's options where it wants them."""
    family = families()[family_id]
    for source in (page_file(family.presentation.rules_page), page_file(family.presentation.orders_page)):
        assert source.suffix == ".md", source
        for page in (source, source.with_suffix(".fr.md")):
            assert page.is_file(), f"{family_id}: no {page}"
            assert page.read_text(encoding="utf-8").startswith("# "), f"{page}: its first line is its title"
    assert family.presentation.rules_page.startswith(("pipeline.games.", "tests.reference_family:"))
    site = family_rules_page(family, "fr")
    assert site.startswith("# ") and "<!-- options:" not in site and "<details" in site


def _send(folder: Path, power: str, body: str, checked: bool = True) -> Path:
    """A power's file for the current turn, encrypted to the game's key as a player sends it: by `judge encrypt`
    (which checks it first), or, not `checked`, sealed by hand as a player who skips the check may."""
    game = load_game(folder)
    turn = game.current_turn()
    plain = folder / "orders" / turn / f"{power}.yaml"
    plain.parent.mkdir(parents=True, exist_ok=True)
    year = f"year: {turn.split('-')[1]}\n" if game.family.id == "symmachia" else ""
    plain.write_text(f"game: {folder.name}\nturn: {turn}\npower: {power}\n{year}{body}", encoding="utf-8")
    sealed = plain.with_name(plain.name + ".age")
    if checked:
        encrypt_orders(folder, plain)
    else:
        sealed.write_text(seal(plain.read_text(encoding="utf-8"), [game.settings.public_key or ""]), encoding="utf-8")
    plain.unlink()
    return sealed


@pytest.mark.parametrize("family_id", _ids())
def test_a_game_of_every_family_goes_through_the_contract(tmp_path: Path, family_id: str) -> None:
    profile, power, good, bad = PLAYED[family_id]
    folder = tmp_path / "games" / "played"
    created = commands.new_game(folder, profile, fresh_secret=lambda: "cd" * 32, demo=True).game
    assert created.family.id == family_id
    turn = created.current_turn()
    _send(folder, power, bad, checked=False)
    refused = CliRunner().invoke(cli, ["validate", str(folder)])
    assert refused.exit_code == 1 and "Traceback" not in refused.output, refused.output
    assert f"{power}.yaml.age:" in refused.output and refused.output.startswith("error: ")
    _send(folder, power, good)
    checked = CliRunner().invoke(cli, ["validate", str(folder)])
    assert checked.exit_code == 0, checked.output
    assert commands.adjudicate(folder, lambda _: None, force=True) == 1
    assert commands.replay(folder, lambda _: None) == []
    game = load_game(folder)
    _reports(game, turn, power)
    _maps(game, turn)
    legal = legal_orders_data(game, game.current_turn(), public=True)
    assert legal["game"] == "played" and isinstance(legal["powers"], dict)
    info = game_info(game)
    for lang in LANGUAGES:
        json.dumps(form_settings(info, lang))
    pages = {str(p.path) for p in [*game_pages(game, info=info), *form_pages(info)]}
    assert {"games/played/index.md", "games/played/index.fr.md", f"games/played/{turn}.fr.md"} <= pages
    assert "games/played/orders.md" in pages and "games/played/orders.json" in pages


def _reports(game: object, turn: str, power: str) -> None:
    """The turn's report for everybody, the power and the game master, in both languages."""
    for viewer in (None, power, MASTER):
        texts = [turn_report(game, turn, lang, viewer) for lang in LANGUAGES]  # type: ignore[arg-type]
        assert all(t.startswith("#") for t in texts) and texts[0] != texts[1], (viewer, texts)


def _maps(game: object, turn: str) -> None:
    """The turn's maps, well-formed SVG in each language."""
    maps = turn_maps(game, turn, LANGUAGES)  # type: ignore[arg-type]
    assert maps, "no map"
    for by_lang in maps.values():
        assert set(by_lang) == set(LANGUAGES)
        for svg in by_lang.values():
            ET.fromstring(svg)


@pytest.mark.parametrize("family_id", sorted(CASES))
def test_a_rule_case_of_the_family_is_played(family_id: str) -> None:
    cases = read_cases(CASES[family_id])
    outcomes = [run_rule_case(case) for case in cases]
    assert outcomes and all(o.passed for o in outcomes), [o.report() for o in outcomes if not o.passed]


def test_the_reference_family_is_played_to_its_end(tmp_path: Path) -> None:
    """Climbers up the hill until one reaches the summit: the game is over, its page says who won in both
    languages, and `judge adjudicate` refuses to play it further."""
    folder = tmp_path / "games" / "hill"
    commands.new_game(folder, "summit", fresh_secret=lambda: "ab" * 32, demo=True)
    rounds = 0
    while (over := _over(folder)) is None and rounds < 10:
        for climber in ("red", "blue", "green"):
            _send(folder, climber, {"red": "pace: 3\n", "blue": "pace: 1\n", "green": "pace: 2\n"}[climber])
        commands.adjudicate(folder, lambda _: None)
        rounds += 1
    game = load_game(folder)
    assert over is not None and over.winners == ("red",) and rounds > 1  # type: ignore[attr-defined]
    pages = {str(p.path): p.content for p in game_pages(game)}
    assert "Red won, first to the summit." in pages["games/hill/index.md"]
    assert "Rouge a gagné, le premier au sommet." in pages["games/hill/index.fr.md"]
    with pytest.raises(commands.GameOverError, match="Red won, first to the summit"):
        commands.adjudicate(folder, lambda _: None, force=True)


def _over(folder: Path) -> object:
    game = load_game(folder)
    return game.family.rules.game_over(game.setup, game.state(game.current_turn()), game.options)


def test_a_game_its_masters_ended_is_adjudicated_no_more(tmp_path: Path) -> None:
    folder = tmp_path / "games" / "ended"
    commands.new_game(folder, "standard")
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text() + "ended: true\n")
    with pytest.raises(Exception, match="has ended"):
        commands.adjudicate(folder, lambda _: None, force=True)


def test_a_family_that_forgets_a_member_fails_it_by_name() -> None:
    """Every member of both parts is abstract: a family that leaves one out cannot be made, and the error
    names the member."""
    for part, base in ((type(SUMMIT.rules), Rules), (type(SUMMIT.presentation), Presentation)):
        for member in sorted(base.__abstractmethods__):
            kept = {k: v for k, v in vars(part).items() if k != member}
            broken = type(f"Without_{member}", (base,), kept)
            with pytest.raises(TypeError, match=member):
                broken()
