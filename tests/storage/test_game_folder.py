"""A game folder end to end: new, validate, adjudicate, replay, site; bad order files; all-or-nothing writes."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from pipeline.commands import game as commands
from pipeline.errors import DataError, PipelineError
from pipeline.publish.site import build_site
from pipeline.storage.atomic import WriteError
from pipeline.storage.gamedir import load_game, write_all
from pipeline.storage.sealed import unseal

DEMO = Path(__file__).resolve().parents[2] / "games" / "demo"


def orders_file(folder: Path, turn: str, power: str, *orders: str) -> Path:
    path = folder / "orders" / turn / f"{power}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f"game: {folder.name}\nturn: {turn}\npower: {power}\norders:\n" + "".join(f"  - {o}\n" for o in orders)
    )
    return path


@pytest.mark.parametrize("folder", sorted(p for p in DEMO.parent.iterdir() if (p / "game.yaml").exists()))
def test_every_committed_game_replays_byte_for_byte(folder: Path) -> None:
    assert commands.replay(folder, lambda s: None) == []


def test_the_machiavelli_demo_shows_the_economy() -> None:
    """The committed Machiavelli demo goes through a loan, a bribe, a rebellion put down, a siege to its
    end, a retreat, the year's income and the adjustments (if it is ever rewritten, it must still). Its
    money is secret: the loan, the bribe and the income are in the powers' encrypted reports only."""
    folder = DEMO.parent / "machiavelli"
    game = load_game(folder)
    results = "".join(p.read_text() for p in sorted((folder / "results").glob("*.yaml")))
    private = "".join(
        unseal(p.read_bytes(), game.identities, str(p)) for p in sorted((folder / "private").rglob("*.age"))
    )
    for shown in ("event: rebellion,", "rebellion ended", "city_taken", "Build"):
        assert shown in results
    for secret in ("Borrow", "buy G sie", "income:", "treasury:"):
        assert secret in private and secret not in results
    assert (folder / "results" / "1454-fall-retreat.yaml").exists()


def test_a_changed_result_file_is_caught_by_replay(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    shutil.copytree(DEMO, folder)
    path = folder / "results" / "1901-spring-movement.yaml"
    path.write_text(path.read_text().replace("bounced", "succeeds", 1))
    assert commands.replay(folder, lambda s: None) == [str(path)]


def test_new_game_then_adjudicate_with_missing_orders(tmp_path: Path) -> None:
    folder = tmp_path / "g1"
    commands.new_game(folder, "standard", "Test: a game")
    assert load_game(folder).title == "Test: a game"
    orders_file(folder, "1901-spring-movement", "france", "A par-bur", "A mar S A par-bur", "F bre-mao")
    with pytest.raises(PipelineError, match="waiting for orders from austria, england, germany"):
        commands.adjudicate(folder, lambda s: None)
    assert commands.adjudicate(folder, lambda s: None, force=True) == 1
    game = load_game(folder)
    assert game.current_turn() == "1901-fall-movement"
    assert str(game.state("1901-fall-movement").unit_at("bur")) == "A bur"
    results = game.results_path("1901-spring-movement").read_text()
    assert "{order: A bud H, result: no_order, succeeded: true}" in results


def test_every_problem_of_every_order_file_at_once(tmp_path: Path) -> None:
    folder = tmp_path / "g2"
    commands.new_game(folder)
    orders_file(folder, "1901-spring-movement", "france", "A par-bur", "A par jumps", "F bre-par", "F mao-spa")
    path = orders_file(folder, "1901-spring-movement", "england", "F lon-nth")
    path.write_text(path.read_text().replace("power: england", "power: france"))
    with pytest.raises(DataError) as err:
        commands.validate(folder, lambda s: None)
    lines = str(err.value).splitlines()
    assert len(lines) == 4
    assert lines[0].endswith("england.yaml:3: power: this file is for power 'england' (from its path), not 'france'")
    assert lines[1].endswith(
        "france.yaml:6: orders[1]: order 'A par jumps' not understood: expected H, -, S, C, convert, besiege, lift or "
        "Disband after the unit, got 'jumps'"
    )
    assert lines[2].endswith("france.yaml:7: orders[2]: order 'F bre-par': a fleet cannot go to Paris")
    assert lines[3].endswith("france.yaml:8: orders[3]: order 'F mao-spa': France has no unit in Mid-Atlantic Ocean")
    assert not (folder / "results").exists()  # nothing was written


def test_write_all_changes_nothing_when_one_file_cannot_be_written(tmp_path: Path) -> None:
    keep = tmp_path / "a.yaml"
    keep.write_text("old\n")
    blocker = tmp_path / "b"
    blocker.write_text("a file where a folder is needed\n")
    with pytest.raises(WriteError, match=r"c\.yaml: cannot write the file \(not a directory\); nothing was changed"):
        write_all({keep: "new\n", blocker / "c.yaml": "x\n"})
    assert keep.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.yaml", "b"]


def test_site_pages_are_written_under_games_only(tmp_path: Path) -> None:
    games = tmp_path / "games"
    shutil.copytree(DEMO, games / "demo")
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.md").write_text("hand-written\n")
    build_site(games, site)
    assert (site / "index.md").read_text() == "hand-written\n"
    page = (site / "games" / "demo" / "1902-spring-retreat.md").read_text()  # one page per phase
    assert "| `A nwy-fin` | The army in Norway retreats to Finland. | Succeeds. |" in page
    assert page.startswith("# Spring 1902: retreats\n")
    french = (site / "games" / "demo" / "1902-spring-retreat.fr.md").read_text()  # mkdocs-static-i18n's suffixes
    assert "| `A nwy-fin` | L'armée en Norvège se retire en Finlande. | Réussite. |" in french
    assert "[Spring 1902: retreats](1902-spring-retreat.md)" in (site / "games" / "demo" / "index.md").read_text()


def test_structured_orders_and_alliances_read_like_text(tmp_path: Path, new_dice_game: Callable[..., None]) -> None:
    folder = tmp_path / "m"
    new_dice_game(folder, "judge")
    path = folder / "orders" / "1454-spring-movement" / "florence.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "game: m\nturn: 1454-spring-movement\npower: florence\n"
        "orders:\n"
        "  - {unit: A Arezzo, move: siena}\n"
        "  - {unit: F Pisa, convert: garrison}\n"
        "  - {unit: A Florence, support: {unit: A Arezzo, move: siena}}\n"
        "  - {unit: A Florence, jump: true}\n"
        "allow: [turkey]\n"
    )
    from pipeline.storage.gamedir import load_game
    from pipeline.storage.orders_files import read_order_file

    game = load_game(folder)
    with pytest.raises(DataError) as err:
        read_order_file(game, "1454-spring-movement", game.state("1454-spring-movement"), path)
    (problem,) = err.value.problems
    assert problem.line == 8 and "exactly one of hold, move, support" in problem.message and "'jump'" in problem.message
    path.write_text(path.read_text().replace("  - {unit: A Florence, jump: true}\n", ""))
    read = read_order_file(game, "1454-spring-movement", game.state("1454-spring-movement"), path)
    assert [str(o) for o in read.orders] == ["A are-sie", "F psa convert G", "A flo S A are-sie", "Ally turkey"]


def test_autonomous_garrisons_are_never_waited_for(tmp_path: Path, new_dice_game: Callable[..., None]) -> None:
    folder = tmp_path / "m"
    new_dice_game(folder, "judge", "Test: Machiavelli")
    game = load_game(folder)
    position = game.state(game.turns()[-1])
    needed = commands.powers_to_order(game, position)
    assert "autonomous" not in needed
    assert needed == sorted(game.setup.powers)  # every power has units in 1454


def test_a_unit_bought_in_the_same_sheet_may_be_ordered(tmp_path: Path, new_dice_game: Callable[..., None]) -> None:
    """Machiavelli [M 14.8] (judge, expenses c 6; Objectif §6.3a e): the buyer orders the unit it buys in
    the same campaign; the file is checked as if the purchase succeeds, the seller's orders are then void."""
    folder = tmp_path / "m"
    new_dice_game(folder, "judge")
    turn = "1454-spring-movement"
    orders = folder / "orders" / turn
    orders.mkdir(parents=True, exist_ok=True)
    (orders / "florence.yaml").write_text(
        f"game: m\nturn: {turn}\npower: florence\norders:\n"
        "  - Borrow 25 for 1 year\n  - 'Expense 1: 18 buy A per'\n  - A per - sie\n  - A are H\n"
    )
    (orders / "papacy.yaml").write_text(f"game: m\nturn: {turn}\npower: papacy\norders:\n  - A per - spo\n")
    from pipeline.storage.orders_files import read_order_file

    game = load_game(folder)
    position = game.state(turn)
    assert [str(o) for o in read_order_file(game, turn, position, orders / "florence.yaml").orders][2] == "A per-sie"
    (orders / "venice.yaml").write_text(f"game: m\nturn: {turn}\npower: venice\norders:\n  - A per - spo\n")
    with pytest.raises(
        DataError, match="the army in Perugia belongs to Papacy, not to Venice"
    ):  # without a purchase, another's unit is not for ordering
        read_order_file(game, turn, position, orders / "venice.yaml")
    (orders / "venice.yaml").unlink()
    assert commands.adjudicate(folder, lambda s: None, force=True) == 1
    after = load_game(folder)
    state = after.state(after.turns()[-1])
    assert state.units["sie"].power == "florence"


def test_a_yaml_bomb_and_a_huge_file_are_refused_and_cost_only_their_orders(tmp_path: Path) -> None:
    """Validation refuses both files with their line; the adjudication does not read the bomb's aliases nor
    the huge file past its size, refuses both, and plays the turn with those powers' units holding."""
    folder = tmp_path / "g3"
    commands.new_game(folder)
    turn = "1901-spring-movement"
    bomb = orders_file(folder, turn, "france", "A par-bur")
    levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    levels += [f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]" for p, n in zip("abcdefgh", "bcdefghi", strict=True)]
    bomb.write_text(bomb.read_text() + "\n".join(levels) + "\n")
    huge = orders_file(folder, turn, "england", "F lon-nth")
    huge.write_text(huge.read_text() + "# " + "x" * 200_000 + "\n")
    with pytest.raises(DataError) as err:
        commands.validate(folder, lambda s: None)
    message = str(err.value)
    assert "france.yaml:7: anchors and aliases (& and *) are not accepted here" in message
    assert "england.yaml: the file is" in message and "at most 65,536 are read" in message
    assert commands.adjudicate(folder, lambda s: None, force=True) == 1
    results = (folder / "results" / f"{turn}.yaml").read_text()
    assert "- file: england.yaml\n  power: england\n  reason: unreadable\n" in results
    assert "- file: france.yaml\n  power: france\n  reason: unreadable\n" in results
    assert "{order: A par H, result: no_order" in results


def test_rerun_from_a_past_turn_rewrites_what_follows(tmp_path: Path) -> None:
    """The game master fixes an order of spring 1902 (Russia's support is withdrawn): the English army
    is no longer dislodged, so the retreat turn that followed disappears and fall 1902 comes next."""
    folder = tmp_path / "demo"
    shutil.copytree(DEMO, folder)
    russia = folder / "orders" / "1902-spring-movement" / "russia.yaml"
    russia.write_text(russia.read_text().replace("  - F stp/nc S F swe-nwy\n", "  - F stp/nc H\n"))
    assert commands.rerun(folder, "1902-spring-movement", lambda s: None) == 1
    game = load_game(folder)
    assert game.current_turn() == "1902-fall-movement"
    assert not (folder / "state" / "1902-spring-retreat.yaml").exists()
    assert not (folder / "results" / "1902-spring-retreat.yaml").exists()
    assert "dislodged" not in game.results_path("1902-spring-movement").read_text()
    assert game.state("1902-fall-movement").unit_at("nwy").power == "england"
    assert commands.replay(folder, lambda s: None) == []  # the rewritten game is consistent
    # the earlier turns are untouched
    for turn in ("1901-spring-movement", "1901-fall-movement", "1901-fall-adjustment"):
        assert game.results_path(turn).read_text() == (DEMO / "results" / f"{turn}.yaml").read_text()


def test_rerun_of_a_turn_not_adjudicated_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    shutil.copytree(DEMO, folder)
    with pytest.raises(DataError, match="has not been adjudicated"):
        commands.rerun(folder, "1902-fall-movement", lambda s: None)


def test_a_title_per_language_or_one_for_all(tmp_path: Path) -> None:
    folder = tmp_path / "g3"
    commands.new_game(folder, "standard", "Test: a game")
    game = load_game(folder)
    assert (game.title_in("en"), game.title_in("fr")) == ("Test: a game", "Test: a game")  # one for every language
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("title: 'Test: a game'", "title: {fr: 'Essai\u00a0: une partie'}"), encoding="utf-8")
    game = load_game(folder)
    assert game.title_in("fr") == "Essai\u00a0: une partie"
    assert game.title_in("en") == game.title == "Essai\u00a0: une partie"  # the one given, for want of English
    demo = load_game(DEMO)
    assert (demo.title_in("en"), demo.title_in("fr")) == (
        "Demo game: standard Diplomacy",
        "Partie de démonstration\u00a0: Diplomatie standard",
    )


def test_a_state_and_results_are_read_once_while_their_files_stay_as_they_are(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    shutil.copytree(Path(__file__).resolve().parents[2] / "games" / "demo", folder)
    game = load_game(folder)
    turn = game.turns()[0]
    position, results = game.state(turn, public=True), game.recorded_results(turn)
    assert game.state(turn, public=True) is position and game.recorded_results(turn) is results
    state = game.state_path(turn)
    state.write_text(state.read_text().replace("A vie", "A boh"))  # another file now: read again
    assert game.state(turn, public=True) is not position
    assert "boh" in {unit.space for unit in game.state(turn, public=True).units.values()}
    game.forget_files()
    assert game.recorded_results(turn) is not results and game.recorded_results(turn) == results


def test_a_turn_records_when_it_was_adjudicated_and_replays_with_it(tmp_path: Path) -> None:
    """The results record the adjudication's clock (UTC, to the second: the site's feed dates the turn by
    it, never by the clock of its build); a replay keeps the recorded time, byte for byte; a turn adjudicated
    with no clock records none."""
    from datetime import UTC, datetime, timedelta, timezone

    folder = tmp_path / "g1"
    commands.new_game(folder, "standard", "Test: a game")
    paris = timezone(timedelta(hours=1))
    assert commands.adjudicate(folder, lambda s: None, force=True, now=datetime(2026, 12, 7, 21, 5, 9, 7, paris))
    game = load_game(folder)
    results = game.results_path("1901-spring-movement").read_text()
    assert "adjudicated: {why: forced, at: '2026-12-07T20:05:09Z'}" in results
    assert game.adjudicated_at("1901-spring-movement") == datetime(2026, 12, 7, 20, 5, 9, tzinfo=UTC)
    assert commands.replay(folder, lambda s: None) == []
    assert commands.adjudicate(folder, lambda s: None, force=True) == 1
    assert load_game(folder).adjudicated_at("1901-fall-movement") is None
