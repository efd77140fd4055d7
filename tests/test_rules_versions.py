"""Rules versions chosen per game (issue 33): a rule change that would alter past results is a new version of its
family's rules (`GameFamily.rules_versions`); `judge new` records the newest in game.yaml, a game keeps its own
(absent: version 1) through adjudications, replays and upgrades, and moves on only by its game masters'
`judge rules-version`, from a turn on. Shown on the tests' reference family, whose version 2 changed what a
climber who loses a jostle does (tests/reference_family/__init__.py): one step instead of none."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline import __version__
from pipeline.cases import read_cases, run_rule_case
from pipeline.cli import cli
from pipeline.commands import club
from pipeline.commands import game as commands
from pipeline.errors import DataError
from pipeline.games import register, unregister
from pipeline.publish.option_words import rules_version_lines
from pipeline.publish.pages import game_info, game_pages
from pipeline.shared.i18n import translator
from pipeline.storage.gamedir import load_game
from tests.reference_family import FAMILY as SUMMIT
from tests.test_club import fake_wheel
from tests.test_contract import _send

# the reference family as a release before its version 2 had it: the same rules, one version
SUMMIT_V1 = dataclasses.replace(SUMMIT, rules_versions=SUMMIT.rules_versions[:1])
SUMMIT_CASES = Path(__file__).resolve().parent / "reference_family" / "cases.yaml"
JOSTLE = {"red": "pace: 2\n", "blue": "pace: 2\n", "green": "pace: 3\n"}  # red and blue jostle at pace 2


@pytest.fixture
def release() -> Iterator[None]:
    """The reference family of the release at hand: version 1 only until the test moves on to `SUMMIT`."""
    register(SUMMIT_V1)
    yield
    unregister(SUMMIT.id)


def upgrade_family() -> None:
    """The next release: the same family, with its version 2."""
    unregister(SUMMIT.id)
    register(SUMMIT)


def play(folder: Path, paces: dict[str, str] = JOSTLE) -> None:
    for climber, body in paces.items():
        _send(folder, climber, body)
    assert commands.adjudicate(folder, lambda _: None) == 1


def climbs(folder: Path, turn: str) -> dict[str, int]:
    results = load_game(folder).recorded_results(turn)
    assert results is not None
    return dict(results["climbs"])


def jostled(climbed: dict[str, int]) -> list[int]:
    """How far red and blue, who jostled, climbed: their pace, 2, for the one whose die was highest."""
    return sorted(climbed[p] for p in ("red", "blue"))


def test_a_game_keeps_version_1_after_version_2_appears(release: None, tmp_path: Path) -> None:
    folder = tmp_path / "games" / "old"
    commands.new_game(folder, "summit", fresh_secret=lambda: "ab" * 32, demo=True)
    assert "rules_version: 1\n" in (folder / "game.yaml").read_text(encoding="utf-8")
    play(folder)
    assert jostled(climbs(folder, "t01"))[0] == 0  # version 1: the loser stays (or both, on a tie)
    upgrade_family()
    assert load_game(folder).settings.rules.current == 1
    assert commands.replay(folder, lambda _: None) == []
    play(folder)  # its next turn too is played under version 1
    assert jostled(climbs(folder, "t02"))[0] == 0
    assert commands.replay(folder, lambda _: None) == []
    # the change is real: the same game read under version 2 would not replay
    path = folder / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("rules_version: 1\n", "rules_version: 2\n"))
    assert commands.replay(folder, lambda _: None) != []


def test_a_game_created_before_versions_is_played_under_version_1(release: None, tmp_path: Path) -> None:
    folder = tmp_path / "games" / "older"
    commands.new_game(folder, "summit", fresh_secret=lambda: "ab" * 32, demo=True)
    path = folder / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("rules_version: 1\n", ""), encoding="utf-8")
    play(folder)
    upgrade_family()
    game = load_game(folder)
    assert game.settings.rules.current == 1 and game.options.version == 1
    assert commands.replay(folder, lambda _: None) == []


def test_a_new_game_gets_the_newest_version(release: None, tmp_path: Path) -> None:
    upgrade_family()
    folder = tmp_path / "games" / "new"
    commands.new_game(folder, "summit", fresh_secret=lambda: "ab" * 32, demo=True)
    assert "rules_version: 2\n" in (folder / "game.yaml").read_text(encoding="utf-8")
    play(folder)
    assert jostled(climbs(folder, "t01"))[0] == 1  # version 2: the loser climbs one step
    assert commands.replay(folder, lambda _: None) == []


def test_the_masters_move_a_game_on_from_its_current_turn(release: None, tmp_path: Path) -> None:
    """`judge rules-version --to 2` records the change and its turn: t01 stays under version 1, t02 on is
    played under version 2, the whole game replays, and its page says so in both languages."""
    folder = tmp_path / "games" / "moved"
    commands.new_game(folder, "summit", fresh_secret=lambda: "ab" * 32, demo=True)
    play(folder)
    upgrade_family()
    result = CliRunner().invoke(cli, ["rules-version", str(folder), "--to", "2"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "the summit rules version 2 from turn t02 on (version 1 until then)" in said
    assert "A climber who loses a jostle climbs one step instead of none." in said
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    assert "rules_version: 2\n" in text and "rules_changes:\n- {turn: t02, from: 1, to: 2}\n" in text
    assert "title: moved\n" in text  # the rest of game.yaml as it was
    game = load_game(folder)
    assert (game.rules_version("t01"), game.rules_version("t02"), game.rules_version("t09")) == (1, 2, 2)
    play(folder)
    assert jostled(climbs(folder, "t01"))[0] == 0 and jostled(climbs(folder, "t02"))[0] == 1
    assert commands.replay(folder, lambda _: None) == []
    pages = {str(p.path): p.content for p in game_pages(load_game(folder), info=game_info(load_game(folder)))}
    assert (
        "Version 2 of the family's rules since turn 2: A climber who loses a jostle climbs one step"
        in pages["games/moved/index.md"]
    )
    assert "Version 1 until turn 2." in pages["games/moved/index.md"]
    french = pages["games/moved/index.fr.md"]
    assert "Version 2 des règles de la famille depuis tour 2\u00a0: Un grimpeur qui perd une bousculade" in french
    assert "Version 1 jusqu'à tour 2." in french


def test_a_game_moved_before_its_first_turn_plays_it_under_the_new_version(release: None, tmp_path: Path) -> None:
    """Moved at its first turn, the game plays every turn under version 2; its first state stays judge new's."""
    folder = tmp_path / "games" / "early"
    commands.new_game(folder, "summit", fresh_secret=lambda: "ab" * 32, demo=True)
    upgrade_family()
    assert CliRunner().invoke(cli, ["rules-version", str(folder), "--to", "2"]).exit_code == 0
    assert "- {turn: t01, from: 1, to: 2}\n" in (folder / "game.yaml").read_text(encoding="utf-8")
    play(folder)
    assert jostled(climbs(folder, "t01"))[0] == 1
    assert commands.replay(folder, lambda _: None) == []


@pytest.mark.parametrize(
    ("to", "said"),
    [
        ("3", "the summit rules have no version 3 in this release (they have 1, 2)"),
        ("1", "the game plays version 1 of the summit rules: it moves on only to a newer one (2)"),
    ],
)
def test_a_move_to_no_newer_version_is_refused(release: None, tmp_path: Path, to: str, said: str) -> None:
    upgrade_family()
    folder = tmp_path / "games" / "stays"
    commands.new_game(folder, "summit", fresh_secret=lambda: "ab" * 32, demo=True)
    path = folder / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("rules_version: 2\n", "rules_version: 1\n"))
    before = path.read_bytes()
    result = CliRunner().invoke(cli, ["rules-version", str(folder), "--to", to])
    assert result.exit_code == 1 and said in " ".join(result.output.split()), result.output
    assert "Traceback" not in result.output and path.read_bytes() == before


def test_a_game_over_keeps_its_version(release: None, tmp_path: Path) -> None:
    folder = tmp_path / "games" / "over"
    commands.new_game(folder, "summit", fresh_secret=lambda: "ab" * 32, demo=True)
    path = folder / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "ended: true\n", encoding="utf-8")
    upgrade_family()
    result = CliRunner().invoke(cli, ["rules-version", str(folder), "--to", "2"])
    assert result.exit_code == 1 and "the game is over: its rules version does not change" in result.output


@pytest.mark.parametrize(
    ("yaml", "said"),
    [
        ("rules_version: 3\n", "3 is not a rules version of summit (1 to 2) (a newer release of the judge has it"),
        ("rules_version: two\n", "'two' is not a rules version of summit (1 to 2)"),
        ("rules_version: 2\nrules_changes:\n- {turn: t9x, from: 1, to: 2}\n", "'t9x' is not a turn id of the game"),
        ("rules_version: 2\nrules_changes:\n- {turn: t03, from: 2, to: 2}\n", "another version than 2"),
        ("rules_version: 1\nrules_changes:\n- {turn: t03, from: 1, to: 2}\n", "expected 2, the version the last"),
        (
            "rules_version: 1\nrules_changes:\n- {turn: t05, from: 1, to: 2}\n- {turn: t03, from: 2, to: 1}\n",
            "expected a turn after t05",
        ),
        ("rules_version: 2\nrules_changes: {turn: t03}\n", "expected a list of changes"),
        ("rules_version: 2\nrules_changes:\n- {turn: t03, to: 2}\n", "expected a change like {turn:"),
    ],
)
def test_a_wrong_rules_version_is_said_with_its_line(release: None, tmp_path: Path, yaml: str, said: str) -> None:
    upgrade_family()
    folder = tmp_path / "games" / "wrong"
    commands.new_game(folder, "summit", fresh_secret=lambda: "ab" * 32, demo=True)
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8").replace("rules_version: 2\n", "")
    path.write_text(text + yaml, encoding="utf-8")
    first = len(text.splitlines()) + 1  # the first line added
    with pytest.raises(DataError) as err:
        load_game(folder)
    message = str(err.value)
    lines = range(first, first + yaml.count("\n"))
    assert said in message and any(f"game.yaml:{n}:" in message for n in lines), message


def test_a_family_with_one_version_says_none_on_its_page(tmp_path: Path) -> None:
    folder = tmp_path / "games" / "dip"
    commands.new_game(folder, "standard")
    game = load_game(folder)
    assert game.settings.rules.current == 1 and rules_version_lines(game, translator("en")) == []


def test_upgrade_of_a_club_with_a_game_on_version_1_passes(
    release: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A club's repository of release 0.1.9 (this judge calling itself so) with a game of the reference family
    on version 1 and a turn whose results version 2 would change: the upgrade to a release with version 2
    replays it under version 1, passes, and says the game keeps its version and how to move it on."""
    from pipeline.commands import turn_files

    monkeypatch.setattr(club, "__version__", "0.1.9")
    monkeypatch.setattr(turn_files, "__version__", "0.1.9")
    repo = tmp_path / "club"
    club.init(repo, fake_wheel(tmp_path, "0.1.9"))
    folder = repo / "games" / "hill"
    commands.new_game(folder, "summit", fresh_secret=lambda: "ab" * 32, demo=True)
    play(folder)
    monkeypatch.undo()
    upgrade_family()
    (tmp_path / "dist").mkdir()
    result = CliRunner().invoke(cli, ["upgrade", str(repo), "--wheel", str(fake_wheel(tmp_path / "dist"))])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert f"hill: its past is the same under release {__version__} (it plays version 1 of the summit rules" in said
    assert f"`judge rules-version {folder} --to 2` moves it on" in said
    assert f"upgraded from release 0.1.9 to {__version__}" in said


def test_a_rule_case_names_a_version_its_family_has(tmp_path: Path) -> None:
    """A case may be played under an older version (`rules_version:`, docs/rule-cases.md): one the family has
    not is said at its line when the file is read."""
    register(SUMMIT)
    try:
        path = tmp_path / "cases.yaml"
        path.write_text(
            "cases:\n  - id: X-1\n    profile: summit\n    rules_version: 5\n    heights: {red: 0}\n"
            "    turns: [{orders: {red: 1}, expect: {red: 1}}]\n",
            encoding="utf-8",
        )
        with pytest.raises(
            DataError, match=r"cases.yaml:4: cases\[0\].rules_version: expected a rules version of summit, 1 to 2"
        ):
            read_cases(path)
        cases = read_cases(SUMMIT_CASES)
        assert {c.id: c.data.get("rules_version") for c in cases}["SU-03"] == 1
        assert all(run_rule_case(c).passed for c in cases)
    finally:
        unregister(SUMMIT.id)
