"""A game under profile `standard-2023` (the 2023 rulebook), made and played as a club plays one: `judge new
--profile standard-2023`, a year of order files adjudicated, then `judge replay --check` byte for byte. The
year meets two of the 2023 rules: an explicit convoy that is not there [D 4.3] (DATC v3.0 6.G.8) and civil
disorder counted from every centre owned [D 6.4] (DATC v3.0 6.J); the same files played under profile
`standard` come out otherwise, which the replay of a copy that names it catches."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.board.notation import parse_order
from pipeline.board.outcome import Reason
from pipeline.board.presentation.report import public_report
from pipeline.board.presentation.sentences import Entry, Sentences
from pipeline.board.presentation.words import Words
from pipeline.cli import cli
from pipeline.commands import game as commands
from pipeline.shared.i18n import translator
from pipeline.storage.gamedir import load_game
from pipeline.storage.maps import shipped_board
from tests.board_support import load_phase
from tests.conftest import position

# (turn, power, orders): every order file of the year; the other powers send none (their units hold)
YEAR = [
    ("1901-spring-movement", "england", ["F edi-nwg", "F lon-nth", "A lvp-edi via convoy"]),
    ("1901-spring-movement", "germany", ["A mun-ruh", "F kie-den", "A ber-kie"]),
    ("1901-spring-movement", "austria", ["A vie-boh", "A bud-gal", "F tri-alb"]),
    ("1901-spring-movement", "italy", ["A ven-tyr", "A rom-ven", "F nap-ion"]),
    ("1901-fall-movement", "austria", ["A boh-mun", "A gal H", "F alb H"]),
    ("1901-fall-movement", "italy", ["A tyr-vie", "A ven-tri", "F ion H"]),
]


def _write(folder: Path, turn: str, power: str, orders: list[str]) -> None:
    path = folder / "orders" / turn / f"{power}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = "".join(f"  - {o}\n" for o in orders)
    path.write_text(f"game: {folder.name}\nturn: {turn}\npower: {power}\norders:\n{lines}", encoding="utf-8")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The game after its first year, adjudicated turn by turn (`--force`: the powers with no file hold)."""
    folder = tmp_path_factory.mktemp("clubs") / "rulebook-2023"
    made = CliRunner().invoke(cli, ["new", str(folder), "--profile", "standard-2023", "--title", "The 2023 rules"])
    assert made.exit_code == 0, made.output
    for turn in ("1901-spring-movement", "1901-fall-movement", "1901-fall-adjustment"):
        for when, power, orders in YEAR:
            if when == turn:
                _write(folder, turn, power, orders)
        assert commands.adjudicate(folder, lambda s: None, force=True) == 1
    return folder


def test_the_game_names_its_profile_and_plays_its_rules(played: Path) -> None:
    game = load_game(played)
    assert game.data["profile"] == "standard-2023" and game.options.explicit_convoy == "convoy_only"
    assert game.current_turn() == "1902-spring-movement"
    played_turns = ["1901-spring-movement", "1901-fall-movement", "1901-fall-adjustment"]
    assert [t for t in game.turns() if game.results_path(t).exists()] == played_turns


def test_the_explicit_convoy_that_is_not_there_leaves_the_army_at_home_and_the_reports_say_why(played: Path) -> None:
    """[D 4.3]: no English fleet convoys the army of Liverpool, so it stays there (under the 2000 rules it would
    walk into Edinburgh); both reports say so in a sentence of their own."""
    game = load_game(played)
    assert game.state("1901-fall-movement").unit_at("lvp") is not None
    assert game.state("1901-fall-movement").unit_at("edi") is None
    results = game.results_path("1901-spring-movement").read_text(encoding="utf-8")
    assert "{order: A lvp-edi via convoy, result: no_convoy_ordered, succeeded: false}" in results
    record = load_phase(game, "1901-spring-movement")
    english, french = public_report(record, translator("en")), public_report(record, translator("fr"))
    assert "no fleet was ordered to convoy it; under these rules it does not go over land instead" in english
    assert (
        "aucune flotte n'avait l'ordre de la convoyer\u00a0; sous ces règles elle ne passe pas par la terre" in french
    )


def test_civil_disorder_removes_the_unit_farthest_from_the_centres_austria_owns(played: Path) -> None:
    """[D 6.4]: Austria ends 1901 with Budapest and Munich and three units, and orders nothing: counted from
    both its centres the fleet in Albania is farthest (two moves from Budapest) and goes, where the 2000 rules,
    counting from Budapest alone, would remove the army in Munich (three moves away)."""
    game = load_game(played)
    winter = game.state("1901-fall-adjustment")
    assert sorted(winter.centres_of("austria")) == ["bud", "mun"]
    results = game.results_path("1901-fall-adjustment").read_text(encoding="utf-8")
    assert "{order: Remove F alb, result: civil_disorder, succeeded: true}" in results
    spring = game.state("1902-spring-movement")
    assert sorted(u.location for u in spring.units_of("austria")) == ["gal", "mun"]


def test_the_year_replays_byte_for_byte_and_the_same_files_under_the_2000_rules_do_not(
    played: Path, tmp_path: Path
) -> None:
    replayed = CliRunner().invoke(cli, ["replay", "--check", str(played)])
    assert replayed.exit_code == 0, replayed.output
    copy = tmp_path / played.name
    shutil.copytree(played, copy)
    settings = copy / "game.yaml"
    settings.write_text(settings.read_text().replace("standard-2023", "standard"), encoding="utf-8")
    differ = commands.replay(copy, lambda s: None)
    assert sorted(str(Path(p).relative_to(copy)) for p in differ) == [
        "results/1901-fall-adjustment.yaml",  # Munich removed, not Albania
        "results/1901-fall-movement.yaml",
        "results/1901-spring-movement.yaml",  # the army from Liverpool moved to Edinburgh by land
        "state/1901-fall-adjustment.yaml",
        "state/1901-fall-movement.yaml",  # and stands there
        "state/1902-spring-movement.yaml",
    ]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_convoy_order_no_route_needs_is_reported_in_words_of_its_own(lang: str) -> None:
    """[D 4.1]: the report says why the 2023 rules refuse the French fleet's convoy in the Western
    Mediterranean (DATC v3.0 6.G.19), not the general sentence of a convoy with no chain of fleets."""
    board = shipped_board("standard")
    t = translator(lang)
    sentences = Sentences(Words(board, t), position("france: A mar", "france: F wes", "italy: F lyo"))
    order = parse_order("F wes C A mar-spa", board)
    refused = Entry("france", str(order), order, Reason.ILLEGAL_NO_CONVOY_ROUTE, False, {"why": "not_needed"})
    general = Entry("france", str(order), order, Reason.ILLEGAL_NO_CONVOY_ROUTE, False, {})
    said = sentences.result(refused)
    assert said != sentences.result(general) and "not_needed" not in said
    assert said.startswith({"en": "Not allowed: a shorter chain", "fr": "Ordre impossible\u00a0: une chaîne"}[lang])
