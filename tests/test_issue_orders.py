"""Orders sent as a GitHub issue (`judge orders-from-issue`, pipeline/commands/issue_orders.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.cli import cli
from pipeline.commands.issue_orders import IssueOrders, orders_from_issue, parse_issue_body
from pipeline.errors import DataError
from pipeline.storage.gamedir import load_game
from pipeline.storage.orders_files import read_order_file

ROOT = Path(__file__).resolve().parent.parent
TURN = "1902-fall-movement"


def body(game: str = "demo", turn: str = TURN, power: str = "france", orders: str = "A par-bur\nF bre-eng") -> str:
    """An issue body as GitHub writes the answers of .github/ISSUE_TEMPLATE/orders.yml."""
    return f"### Game\n\n{game}\n\n### Turn\n\n{turn}\n\n### Power\n\n{power}\n\n### Orders\n\n{orders}\n"


@pytest.fixture
def games(tmp_path: Path) -> Path:
    """The demo games, France played by alice, Florence by bob in the secret game."""
    for name in ("demo", "machiavelli"):
        shutil.copytree(ROOT / "games" / name, tmp_path / name)
    for name, power, login in (("demo", "france", "alice"), ("machiavelli", "florence", "bob")):
        path = tmp_path / name / "game.yaml"
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(f"  {power}:\n    player:", f"  {power}:\n    player: {login}"), encoding="utf-8")
    return tmp_path


def test_the_body_of_the_form_is_read() -> None:
    assert parse_issue_body(body()) == IssueOrders("demo", TURN, "france", ("A par-bur", "F bre-eng"))


def test_bullets_fences_comments_and_windows_line_ends_are_read() -> None:
    text = body(orders="```text\n- A par-bur\n* F bre-eng\n# a comment\n\n1. A mar-spa\n```").replace("\n", "\r\n")
    assert parse_issue_body(text).orders == ("A par-bur", "F bre-eng", "A mar-spa")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Please adjudicate my orders: A par-bur", "no '### Game' section"),
        (body(power="_No response_"), "the power is not given"),
        (body(orders=""), "the orders is not given"),
        (body(game="demo game"), "the game is one word"),
        ("### Game\n\ndemo\n", "no '### Turn' section; no '### Power' section; no '### Orders' section"),
    ],
)
def test_a_malformed_body_is_told_clearly(text: str, message: str) -> None:
    with pytest.raises(DataError, match=message.replace("(", r"\(")):
        parse_issue_body(text)


def test_valid_orders_are_written_and_validated(games: Path) -> None:
    lines: list[str] = []
    path = orders_from_issue(games, body(), "Alice", lines.append)
    assert path == games / "demo" / "orders" / TURN / "france.yaml"
    assert path.read_text(encoding="utf-8") == (
        f"game: demo\nturn: {TURN}\npower: france\norders:\n  - A par-bur\n  - F bre-eng\n"
    )
    game = load_game(games / "demo")
    assert [str(o) for o in read_order_file(game, TURN, game.state(TURN), path).orders] == ["A par-bur", "F bre-eng"]
    assert f"{path}: france, 2 order(s)" in lines and "  A par-bur" in lines


def test_another_login_is_refused_and_nothing_is_written(games: Path) -> None:
    with pytest.raises(DataError, match="@mallory may not write france's orders: only its player @alice"):
        orders_from_issue(games, body(), "mallory", print)
    assert not (games / "demo" / "orders" / TURN / "france.yaml").exists()


def test_a_secret_game_is_refused(games: Path) -> None:
    turn = load_game(games / "machiavelli").current_turn()
    with pytest.raises(DataError, match="orders are secret in machiavelli"):
        orders_from_issue(games, body("machiavelli", turn, "florence", "A are H"), "bob", print)
    assert not (games / "machiavelli" / "orders" / turn / "florence.yaml").exists()


def test_an_invalid_order_leaves_the_previous_file(games: Path) -> None:
    path = orders_from_issue(games, body(), "alice", print)
    before = path.read_text(encoding="utf-8")
    with pytest.raises(DataError, match="orders\\[1\\]"):
        orders_from_issue(games, body(orders="A par-bur\nA par-mos"), "alice", print)
    assert path.read_text(encoding="utf-8") == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (body(game="../etc"), "there is no game '../etc'"),
        (body(game="nowhere"), "there is no game 'nowhere'"),
        (body(turn="1901-spring-movement"), f"the turn being played in demo is {TURN}, not '1901-spring-movement'"),
        (body(power="prussia"), "'prussia' is not a power of demo"),
    ],
)
def test_wrong_game_turn_or_power_is_told(games: Path, text: str, message: str) -> None:
    with pytest.raises(DataError, match=message.replace("(", r"\(")):
        orders_from_issue(games, text, "alice", print)


def test_an_issue_edited_by_someone_else_is_refused_and_nothing_is_written(games: Path) -> None:
    """A collaborator who may edit issues could rewrite a player's orders: only the author's own text counts."""
    with pytest.raises(DataError, match="mallory edited this issue, which alice opened: orders are read only"):
        orders_from_issue(games, body(orders="A par-pic"), "alice", print, sender="mallory")
    assert not (games / "demo" / "orders" / TURN / "france.yaml").exists()
    assert orders_from_issue(games, body(), "alice", print, sender="Alice").exists()  # logins ignore case


def command(games: Path, issue: Path, author: str, sender: str) -> list[str]:
    issue_args = ["--author", author, "--sender", sender, "--body-file", str(issue)]
    return ["orders-from-issue", "--games", str(games), *issue_args]


def test_the_command_line(games: Path, tmp_path: Path) -> None:
    issue = tmp_path / "issue.md"
    issue.write_text(body(), encoding="utf-8")
    runner = CliRunner()
    ok = runner.invoke(cli, command(games, issue, "alice", "alice"))
    assert ok.exit_code == 0, ok.output
    assert ok.output.endswith(f"written: {games / 'demo' / 'orders' / TURN / 'france.yaml'}\n")
    refused = runner.invoke(cli, command(games, issue, "bob", "bob"))
    assert refused.exit_code == 1 and "error: @bob may not write france's orders" in refused.output
    edited = runner.invoke(cli, command(games, issue, "alice", "mallory"))
    assert edited.exit_code == 1 and edited.output.startswith("error: mallory edited this issue, which alice opened")
    without_sender = runner.invoke(cli, ["orders-from-issue", "--games", str(games), "--author", "alice"])
    assert without_sender.exit_code == 2 and "Missing option '--sender'" in without_sender.output


def test_the_issue_form_and_its_workflow() -> None:
    from ruamel.yaml import YAML

    form = YAML(typ="safe").load((ROOT / ".github" / "ISSUE_TEMPLATE" / "orders.yml").read_text(encoding="utf-8"))
    labels = [item["attributes"]["label"] for item in form["body"] if item["type"] != "markdown"]
    assert labels == ["Game", "Turn", "Power", "Orders"]  # the sections parse_issue_body reads
    assert form["body"][-1]["type"] == "textarea"
    workflow = YAML(typ="safe").load((ROOT / ".github" / "workflows" / "orders-from-issue.yml").read_text("utf-8"))
    assert workflow["on"] == {"issues": {"types": ["opened", "edited"]}}
    assert "concurrency" not in workflow  # a workflow-level group would hold every issue event, labelled or not
    job = workflow["jobs"]["orders"]
    assert job["concurrency"] == {
        "group": "orders-from-issue-${{ github.event.issue.number }}",
        "cancel-in-progress": False,
    }
    assert job["permissions"] == {"contents": "write", "issues": "write", "actions": "write"}
    assert "'orders'" in job["if"] and form["labels"] == ["orders"]
    step = next(s for s in job["steps"] if s.get("id") == "read")
    assert step["env"]["SENDER"] == "${{ github.event.sender.login }}"
    assert step["env"]["AUTHOR"] == "${{ github.event.issue.user.login }}"
    script = "\n".join(step.get("run", "") for step in job["steps"])
    assert "env -u GITHUB_TOKEN judge orders-from-issue" in script  # the judge never gets the token
    assert '--author "$AUTHOR" --sender "$SENDER" --body-file "$body"' in script
    assert "git reset --quiet --hard FETCH_HEAD" in script  # main moved: read again, never rebase a file
    assert 'gh issue comment "$NUMBER"' in script


def test_the_comment_is_written_by_the_judge_and_the_players_text_cannot_break_out_of_it(
    games: Path, tmp_path: Path
) -> None:
    issue, report = tmp_path / "issue.md", tmp_path / "report.md"
    issue.write_text(body(orders="A par-bur\n'~~~~~~~~~~~~~~~~ `@everyone`'"), encoding="utf-8")
    refused = CliRunner().invoke(cli, [*command(games, issue, "alice", "alice"), "--report", str(report)])
    assert refused.exit_code == 1
    text = report.read_text(encoding="utf-8")
    assert text.startswith("These orders were not taken, read as `alice`:\n\n~~~~~~~~~~~~~~~~~")
    assert "`@everyone`" not in text and "'@everyone'" in text
    issue.write_text(body(), encoding="utf-8")
    taken = CliRunner().invoke(cli, [*command(games, issue, "alice", "alice"), "--report", str(report)])
    assert taken.exit_code == 0 and report.read_text(encoding="utf-8").startswith("Orders read as `alice`:")
