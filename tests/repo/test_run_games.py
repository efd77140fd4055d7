"""`judge run-games` (the adjudication workflow's one call), and a whole turn from the players' pull
requests to the published site, in real repositories."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from pipeline.commands.run_games import run_games
from pipeline.errors import DataError
from pipeline.storage.gamedir import load_game

from .conftest import DEMO_PLAYERS, DEMO_TURN, MASTER, SECRET_TURN, Club, git, judge, order_file

NOW = datetime(2030, 1, 1, tzinfo=UTC)


def holds(folder: Path, power: str) -> str:
    """Every unit of `power` holds: a valid order file for the demo's turn."""
    position = load_game(folder).position(DEMO_TURN)
    units = sorted(f"{u.kind.value} {u.location} H" for u in position.units.values() if u.power == power)
    return order_file("demo", DEMO_TURN, power, *units)


def test_a_whole_turn_from_pull_requests_to_the_published_site(club: Club) -> None:
    """Each power's player sends a pull request from a fork; each is checked and merged as the workflow
    does; the adjudication runs in a fresh clone, commits and pushes; the site shows the new phase.
    (`mkdocs build` is left out: slow, and tests/test_site.py covers it.)"""
    for power, login in sorted(DEMO_PLAYERS.items()):
        player = club.player(login)
        player.commit({f"games/demo/orders/{DEMO_TURN}/{power}.yaml": holds(club.base / "games" / "demo", power)})
        head = club.pull_request(player)
        status, report = club.check(head, login)
        assert status == 0, report
        club.merge(head)
    runner = club.root / "runner"
    git(club.root, "clone", "-q", str(club.origin), str(runner))
    summary = club.root / "summary.md"
    run = judge(runner, "run-games", "--games", "games", "--actor", "github-actions", "--summary", str(summary))
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.endswith("changed: demo\n")  # machiavelli-objectif waits for its orders
    assert "### `games/demo`: changed" in summary.read_text(encoding="utf-8")
    git(runner, "add", "-A", "games")
    git(runner, "commit", "-q", "-m", "Adjudicate: demo")
    git(runner, "push", "-q", "origin", "HEAD:refs/heads/main")
    assert f"games/demo/results/{DEMO_TURN}.yaml" in club.main_files()
    site = club.root / "site"
    (site / "site").mkdir(parents=True)
    published = club.root / "published"
    git(club.root, "clone", "-q", str(club.origin), str(published))
    done = judge(site, "site", "--games", str(published / "games"), "--site", "site")
    assert done.returncode == 0, done.stderr
    page = site / "site" / "games" / "demo" / f"{DEMO_TURN}.md"
    assert page.is_file() and (site / "site" / "games" / "demo" / f"{DEMO_TURN}.fr.md").is_file()


@pytest.fixture
def games(club: Club) -> Path:
    return club.base / "games"


@pytest.mark.parametrize(
    ("game", "action", "turn", "actor", "message"),
    [
        ("demo", "force", DEMO_TURN, "france-player", "force: france-player is not a master of games/demo"),
        ("demo", "rerun", "1902-spring-movement", "someone", "rerun: someone is not a master of games/demo"),
        (None, "force", None, MASTER, "force is for one game: say which"),
        ("demo", "force", None, MASTER, "force needs a turn like 1454-spring-movement"),
        ("demo", "rerun", "1902-spring; rm -rf /", MASTER, "rerun needs a turn like 1454-spring-movement"),
        ("demo", "rerun", "1902-spring-nothing", MASTER, "rerun needs a turn like"),
        ("../demo", "adjudicate", None, MASTER, "there is no game '../demo'"),
        ("demo\nx", "adjudicate", None, MASTER, "there is no game 'demo\\\\nx' "),
        ("demo", "adjudicate", DEMO_TURN, MASTER, "a turn is for force and rerun"),
        ("demo", "delete", None, MASTER, "action 'delete' is not one of adjudicate, force, rerun"),
        ("demo", "force", DEMO_TURN, "not a login", "'not a login' is not a GitHub login"),
    ],
)
def test_inputs_and_rights_are_checked_before_anything_is_touched(
    games: Path, game: str | None, action: str, turn: str | None, actor: str, message: str
) -> None:
    before = {p: p.read_bytes() for p in games.rglob("*") if p.is_file()}
    with pytest.raises(DataError, match=message.replace("(", r"\(")):
        run_games(games, action, game, turn, actor, print, NOW)
    assert before == {p: p.read_bytes() for p in games.rglob("*") if p.is_file()}


def test_a_master_forces_the_turn_being_played_and_a_late_force_does_nothing(games: Path) -> None:
    run = run_games(games, "force", "demo", DEMO_TURN, "GM-One", print, NOW)  # logins ignore case
    assert (run.changed, run.failed) == (["demo"], [])
    assert (games / "demo" / "results" / f"{DEMO_TURN}.yaml").is_file()
    # The same force arriving again (a retry after main moved): that turn is done, the next is not forced.
    lines: list[str] = []
    again = run_games(games, "force", "demo", DEMO_TURN, MASTER, lines.append, NOW)
    assert (again.changed, again.failed) == ([], [])
    assert f"demo: turn {DEMO_TURN} was adjudicated already (now 1902-fall-adjustment): nothing forced" in lines


def test_a_master_reruns_a_turn(games: Path) -> None:
    run = run_games(games, "rerun", "demo", "1902-spring-movement", MASTER, print, NOW)
    assert (run.changed, run.failed) == (["demo"], [])
    assert "2 turn(s) adjudicated again from 1902-spring-movement" in run.summary


def test_a_failing_game_is_put_back_and_does_not_stop_the_others(games: Path) -> None:
    shutil.copytree(games / "demo", games / "broken")
    for power in DEMO_PLAYERS:
        path = games / "broken" / "orders" / DEMO_TURN / f"{power}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(holds(games / "demo", power).replace("game: demo", "game: broken"))
        path = games / "demo" / "orders" / DEMO_TURN / f"{power}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(holds(games / "demo", power))
    (games / "broken" / "orders" / DEMO_TURN / "france.yaml").write_text("orders: [A par-mos]\n")
    before = {p: p.read_bytes() for p in (games / "broken").rglob("*") if p.is_file()}
    run = run_games(games, "adjudicate", None, None, "github-actions", print, NOW)
    assert (run.changed, run.failed) == (["demo"], ["broken"])
    assert before == {p: p.read_bytes() for p in (games / "broken").rglob("*") if p.is_file()}
    assert "### `games/broken`: failed" in run.summary and "### `games/machiavelli-objectif`: unchanged" in run.summary
    assert f"turn {SECRET_TURN}: waiting for orders" in run.summary


def test_the_command_line_exits_1_when_a_game_failed(club: Club) -> None:
    failed = judge(club.base, "run-games", "--action", "force", "--game", "demo", "--turn", DEMO_TURN, "--actor", "x")
    assert failed.returncode == 1 and failed.stderr.startswith("error: force: x is not a master of games/demo")
    ok = judge(club.base, "run-games", "--actor", "github-actions")
    assert ok.returncode == 0 and ok.stdout.endswith("changed: none\n"), ok.stdout + ok.stderr
