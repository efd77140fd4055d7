"""`judge run-games` (the adjudication workflow's one call), and a whole turn from the players' pull
requests to the published site, in real repositories."""

from __future__ import annotations

import re
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result

from pipeline.cli import cli
from pipeline.commands.run_games import run_games
from pipeline.errors import DataError
from pipeline.storage.gamedir import load_game
from pipeline.storage.sealed import seal

from .conftest import DEMO_PLAYERS, DEMO_TURN, MASTER, ROOT, SECRET_TURN, Club, git, judge, order_file, with_players

NOW = datetime(2030, 1, 1, tzinfo=UTC)


def files_of(folder: Path) -> dict[Path, bytes]:
    """Every file under `folder` with its bytes, but the judge's lock (never committed)."""
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file() and p.name != ".judge-lock"}


def holds(folder: Path, power: str) -> str:
    """Every unit of `power` holds: a valid order file for the demo's turn."""
    position = load_game(folder).state(DEMO_TURN)
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
        ("demo", "force", None, MASTER, "force needs a turn like 1901-spring-movement (--turn; games/demo is"),
        ("demo", "rerun", "1902-spring; rm -rf /", MASTER, "rerun needs a turn like 1901-spring-movement"),
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
    before = files_of(games)
    with pytest.raises(DataError, match=message.replace("(", r"\(")):
        run_games(games, action, game, turn, actor, print, NOW)
    assert before == files_of(games)


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
    before = files_of(games / "broken")
    run = run_games(games, "adjudicate", None, None, "github-actions", print, NOW)
    assert (run.changed, run.failed) == (["demo"], ["broken"])
    assert before == files_of(games / "broken")
    assert "### `games/broken`: failed" in run.summary and "### `games/machiavelli-objectif`: unchanged" in run.summary
    assert f"turn {SECRET_TURN}: waiting for orders" in run.summary


def test_the_command_line_exits_1_when_a_game_failed(club: Club) -> None:
    failed = judge(club.base, "run-games", "--action", "force", "--game", "demo", "--turn", DEMO_TURN, "--actor", "x")
    assert failed.returncode == 1 and failed.stderr.startswith("error: force: x is not a master of games/demo")
    ok = judge(club.base, "run-games", "--actor", "github-actions")
    assert ok.returncode == 0 and ok.stdout.endswith("changed: none\n"), ok.stdout + ok.stderr


# ---- force and rerun in every family, as CI runs them ----------------------------------------------------

# A copy of each family's demo game, its turn being played, and a turn id of another family.
FAMILY_GAMES = {
    "diplomacy": ("demo", DEMO_TURN, "r12"),
    "machiavelli": ("machiavelli", "1455-spring-movement", "y05-225bc"),
    "symmachia": ("symmachia-demo", "y05-225bc", "1454-spring-movement"),
    "catan": ("catan-demo", "r12", "y06-224bc"),
}
EXAMPLES = {"diplomacy": "1901-spring-movement", "machiavelli": "1901-spring-movement"} | {
    "symmachia": "y01-229bc",
    "catan": "r01",
}


@pytest.fixture
def family_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The demo game of each family with a master (gm-one), as a real game is: no longer a demo, its keys out
    of its folder and given as CI gives them, in JUDGE_AGE_IDENTITY and JUDGE_DICE_SECRETS."""
    games = tmp_path / "games"
    identities: list[str] = []
    dice: list[str] = []
    for name, _, _ in FAMILY_GAMES.values():
        folder = games / name
        shutil.copytree(ROOT / "games" / name, folder)
        with_players(folder / "game.yaml", {})
        settings = folder / "game.yaml"
        settings.write_text(re.sub(r"(?m)^demo: true.*\n", "", settings.read_text(encoding="utf-8")), encoding="utf-8")
        secrets = folder / "demo-secrets.yaml"
        if secrets.exists():
            keys = yaml.safe_load(secrets.read_text(encoding="utf-8"))
            identities.append(keys["age_identity"])
            if "dice_secret" in keys:
                dice.append(f"{name} {keys['dice_secret']}")
            secrets.unlink()
    monkeypatch.setenv("JUDGE_AGE_IDENTITY", "\n".join(identities))
    monkeypatch.setenv("JUDGE_DICE_SECRETS", "\n".join(dice))
    return games


def run_games_cli(games: Path, *args: str) -> Result:
    """`judge run-games` as the workflow calls it (the keys in the environment), in this process."""
    result = CliRunner().invoke(cli, ["run-games", "--games", str(games), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def adjudicated(games: Path, game: str, turn: str) -> dict[str, object]:
    """How an adjudicated turn's results say it came to be adjudicated."""
    data = yaml.safe_load((games / game / "results" / f"{turn}.yaml").read_text(encoding="utf-8"))
    return dict(data["adjudicated"])


@pytest.mark.parametrize("family", sorted(FAMILY_GAMES))
def test_a_master_forces_and_reruns_a_turn_of_each_family(family_games: Path, family: str) -> None:
    """The workflow's force and rerun take the turn ids of the game's own family: the turn being played is
    forced (its results say so), then run again (they say that too); each time the game replays and every
    die checks out against its chain, with the keys from the environment alone."""
    game, turn, _ = FAMILY_GAMES[family]
    assert not (family_games / game / "results" / f"{turn}.yaml").exists()
    forced = run_games_cli(family_games, "--action", "force", "--game", game, "--turn", turn, "--actor", MASTER)
    assert forced.exit_code == 0, forced.output
    assert forced.output.endswith(f"changed: {game}\n"), forced.output
    assert f"{game}: replay matches the files written, and every die checks out" in forced.output
    first = adjudicated(family_games, game, turn)
    assert first.pop("why") == "forced" and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", str(first.pop("at")))
    assert first == {}  # when it was adjudicated, from the workflow's clock (the feed's date)
    again = run_games_cli(family_games, "--action", "rerun", "--game", game, "--turn", turn, "--actor", MASTER)
    assert again.exit_code == 0, again.output
    assert f"{game}: 1 turn(s) adjudicated again from {turn}" in again.output
    assert again.output.endswith(f"changed: {game}\n"), again.output
    rerun = adjudicated(family_games, game, turn)
    assert rerun.pop("rerun") is True and rerun.pop("why") == "forced" and "at" in rerun


@pytest.mark.parametrize("family", sorted(FAMILY_GAMES))
def test_a_turn_not_of_the_games_family_is_refused_with_its_example(family_games: Path, family: str) -> None:
    """A turn id of another family, or one of this family's with anything around it, is refused before
    anything is touched, with the game's family's example and the turn the game is playing."""
    game, turn, other = FAMILY_GAMES[family]
    before = files_of(family_games / game)
    expected = f"force needs a turn like {EXAMPLES[family]} (--turn; games/{game} is playing {turn}), not "
    arabic = re.sub("[0-9]", lambda d: chr(0x660 + int(d[0])), turn, count=1)  # a digit as int() reads one
    for bad in (other, f"{turn}\n", f" {turn}", f"{turn}; rm -rf /", turn.upper(), arabic):
        with pytest.raises(DataError) as refused:
            run_games(family_games, "force", game, bad, MASTER, print, NOW)
        assert str(refused.value).startswith(expected), str(refused.value)
    assert before == files_of(family_games / game)


def test_a_refused_turn_is_shown_escaped_and_cut_short(family_games: Path) -> None:
    """The dispatch form's text in the refusal (the run's log): its first 40 characters, control characters
    as escapes."""
    with pytest.raises(DataError) as refused:
        run_games(family_games, "rerun", "catan-demo", "r1\x1b[2J" + "x" * 5000, MASTER, print, NOW)
    assert str(refused.value).endswith("not 'r1\\x1b[2J" + "x" * 34 + "...'"), str(refused.value)


@pytest.mark.parametrize("family", sorted(FAMILY_GAMES))
def test_a_non_master_may_not_force_or_rerun_a_game_of_any_family(family_games: Path, family: str) -> None:
    game, turn, _ = FAMILY_GAMES[family]
    for action in ("force", "rerun"):
        refused = run_games_cli(family_games, "--action", action, "--game", game, "--turn", turn, "--actor", "rival")
        assert refused.exit_code == 1
        assert (
            refused.output
            == f"error: {action}: rival is not a master of games/{game} (its masters, in game.yaml: {MASTER})\n"
        )
    assert not (family_games / game / "results" / f"{turn}.yaml").exists()


def test_a_year_waiting_for_a_ruling_is_said_each_hour_without_failing_then_forced(family_games: Path) -> None:
    """A Symmachia year past its deadline whose orders carry free text (`notes:`) waits for the game
    master's ruling [S 10.4] (docs/rules/symmachia.md, pipeline/games/symmachia/pages/orders.md, "The game master's
    ruling"). The hourly run does not fail on it, hour after hour: it says the year waits, in general words
    (not which unit's orders carry notes, nor what they say: the order files are secret), and leaves the
    game as it is; its master then forces the year, which is played without the ruling."""
    folder = family_games / "symmachia-demo"
    settings = folder / "game.yaml"
    settings.write_text(settings.read_text(encoding="utf-8") + "deadlines: {year: 168h, timezone: UTC}\n", "utf-8")
    (folder / "deadlines.yaml").write_text("y05-225bc: 2020-12-01T20:00:00+00:00\n", encoding="utf-8")
    rhodes = (
        "game: symmachia-demo\nturn: y05-225bc\npower: rhodes\nyear: 225bc\nmilitary:\n"
        "  rhodes_f1: {plan: [{order: D0}], notes: 'Hold the strait if the Lagids ask.'}\n"
    )
    key = load_game(folder).settings.public_key
    assert key is not None
    (folder / "orders" / "y05-225bc").mkdir()
    (folder / "orders" / "y05-225bc" / "rhodes.yaml.age").write_text(seal(rhodes, [key]), encoding="utf-8")
    before = files_of(folder)
    for _hour in range(2):
        summary = family_games.parent / "summary.md"
        summary.unlink(missing_ok=True)
        hourly = run_games_cli(family_games, "--actor", "github-actions", "--summary", str(summary))
        assert hourly.exit_code == 0, hourly.output
        said = (
            "symmachia-demo: turn y05-225bc: waiting for the game master's ruling on what its order files leave to"
            " him (judge validate games/symmachia-demo with the game's key shows it); a master commits"
            " games/symmachia-demo/orders/y05-225bc/ruling.yaml.age or forces turn y05-225bc from the Actions tab"
        )
        assert said in hourly.output.splitlines(), hourly.output
        assert "waiting for a ruling: symmachia-demo\n" in hourly.output and "error" not in hourly.output
        report = summary.read_text(encoding="utf-8")
        assert "### `games/symmachia-demo`: waiting for its game master's ruling" in report
        for secret in ("rhodes_f1", "notes of", "strait", "Lagids"):
            assert secret not in hourly.output + report, secret
        assert before == files_of(folder)  # nothing written, nothing put back
    forced = run_games_cli(
        family_games, "--action", "force", "--game", "symmachia-demo", "--turn", "y05-225bc", "--actor", MASTER
    )
    assert forced.exit_code == 0 and forced.output.endswith("changed: symmachia-demo\n"), forced.output
    assert adjudicated(family_games, "symmachia-demo", "y05-225bc")["why"] == "forced"
    assert load_game(folder).current_turn() == "y06-224bc"
