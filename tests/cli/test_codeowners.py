"""`judge codeowners`: CODEOWNERS from the games' masters, and the committed file kept fresh."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.cli import cli
from pipeline.commands.codeowners import HEADER, check_login, codeowners, load_owners
from pipeline.errors import DataError

ROOT = Path(__file__).resolve().parent.parent.parent

GAME = """\
title: A game with players
profile: judge
map: machiavelli-classic
masters: [gm-two, GameMaster1]
powers:
  venice:
    player: doge
    public_key: age1examplenotarealkey
  florence:
    player: medici-2
  milan: {player: null}
  naples:
  papacy: {}
"""


def write_game(games: Path, game_id: str, text: str) -> Path:
    path = games / game_id / "game.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_masters_own_the_game_and_players_own_nothing(tmp_path: Path) -> None:
    write_game(tmp_path, "italy-1454", GAME)
    write_game(tmp_path, "quiet", "title: nobody yet\npowers:\n  france:\n    player:\n")
    write_game(tmp_path, "players-only", "title: no master\npowers:\n  france:\n    player: alice\n")
    assert codeowners(tmp_path) == HEADER + "\n# italy-1454\n/games/italy-1454/ @GameMaster1 @gm-two\n"
    assert "doge" not in codeowners(tmp_path)  # players have no write access: never code owners


def test_games_come_in_the_order_of_their_folders_and_the_output_is_stable(tmp_path: Path) -> None:
    write_game(tmp_path, "b-game", "masters: [bob]\n")
    write_game(tmp_path, "a-game", "masters: [alice, Alice]\npowers:\n  england: {player: carol}\n")
    text = codeowners(tmp_path)
    assert text.index("# a-game") < text.index("# b-game")
    assert "/games/a-game/ @alice\n" in text  # logins are case-insensitive: one line, no duplicate
    assert text == codeowners(tmp_path)


def test_a_game_without_players_or_masters_adds_nothing(tmp_path: Path) -> None:
    write_game(tmp_path, "demo", "title: demo\npowers:\n  france:\n    player:\n")
    assert codeowners(tmp_path) == HEADER


@pytest.mark.parametrize(
    ("login", "valid"),
    [
        ("alice", True),
        ("a", True),
        ("Bob-42", True),
        ("12345", True),
        ("a" * 39, True),
        ("a" * 40, False),
        ("-alice", False),
        ("alice-", False),
        ("al--ice", False),
        ("al_ice", False),
        ("@alice", False),
        ("al ice", False),
        ("", False),
        (12345, False),
    ],
)
def test_github_login_syntax(login: object, valid: bool) -> None:
    assert (check_login(login, "powers.france.player") is None) is valid


def test_bad_logins_are_reported_with_file_and_line(tmp_path: Path) -> None:
    text = "title: g\nmasters:\n  - good\n  - bad_login\npowers:\n  france:\n    player: '@alice'\n"
    path = write_game(tmp_path, "g", text + "  italy:\n    player: ok\n")
    with pytest.raises(DataError) as err:
        codeowners(tmp_path)
    messages = [str(p) for p in err.value.problems]
    assert messages == [
        f"{path}:4: masters[1]: 'bad_login' is not a GitHub login: letters, digits and single hyphens, "
        "not first or last",
        f"{path}:7: powers.france.player: write the GitHub login without '@': 'alice'",
    ]


def test_the_masters_of_a_game(tmp_path: Path) -> None:
    owners = load_owners(write_game(tmp_path, "italy-1454", GAME))
    assert owners.masters == ["gm-two", "GameMaster1"]
    assert owners.is_master("gamemaster1") and not owners.is_master("doge")
    assert owners.players == {"venice": "doge", "florence": "medici-2"}
    assert load_owners(write_game(tmp_path, "none", "title: t\n")).masters == []
    with pytest.raises(DataError, match=r"game.yaml:1: masters: masters is a list"):
        load_owners(write_game(tmp_path, "bad", "masters: alice\n"))


def test_the_command_prints_or_writes_and_fails_in_one_line(tmp_path: Path) -> None:
    games = tmp_path / "games"
    write_game(games, "g", "masters: [gm]\n")
    runner = CliRunner()
    printed = runner.invoke(cli, ["codeowners", "--games", str(games)])
    assert printed.exit_code == 0
    assert printed.output == HEADER + "\n# g\n/games/g/ @gm\n"
    out = tmp_path / ".github" / "CODEOWNERS"
    written = runner.invoke(cli, ["codeowners", "--games", str(games), "--write", str(out)])
    assert written.exit_code == 0
    assert out.read_text(encoding="utf-8") == printed.output
    (games / "g" / "game.yaml").write_text("masters: [-gm]\n")
    failed = runner.invoke(cli, ["codeowners", "--games", str(games)])
    assert failed.exit_code == 1
    assert failed.output.startswith(f"error: {games / 'g' / 'game.yaml'}:1: masters[0]: '-gm' is not a GitHub login")
    assert "Traceback" not in failed.output


def test_the_committed_codeowners_is_what_the_command_writes() -> None:
    committed = (ROOT / ".github" / "CODEOWNERS").read_text(encoding="utf-8")
    assert committed == codeowners(ROOT / "games"), "run `judge codeowners --write .github/CODEOWNERS`"
