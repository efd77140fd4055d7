"""Attacks on the adjudication, each played as a hostile player (or game master) would, and shown to do no
harm: docs/security.md lists them with the promise each one tests.

- a copied ciphertext cannot make the judge print another power's orders;
- no file (garbage, an encrypted file in a public game, an illegal order, a file merged into a past turn)
  stalls a game, and what is refused is said in general words, the details going to the power's private
  report;
- a forged state or results file fails `judge replay --check` with its name;
- a game of dice without its commitment is refused, and the dice depend on the files as committed;
- an ended game publishes its secrets, and `judge verify` then checks everything with them.
"""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.cli import cli
from pipeline.commands import game as commands
from pipeline.errors import DataError, PipelineError
from pipeline.storage.gamedir import load_game
from pipeline.storage.sealed import seal, unseal

GAMES = Path(__file__).resolve().parents[2] / "games"
TURN = "1455-spring-movement"  # the Machiavelli demo's turn being played (secret orders, secret money)
DEMO_TURN = "1902-fall-movement"  # the standard Diplomacy demo's (public orders)


def quiet(_: str) -> None:
    pass


@pytest.fixture
def secret_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("JUDGE_AGE_IDENTITY", raising=False)
    monkeypatch.delenv("JUDGE_DICE_SECRETS", raising=False)
    folder = tmp_path / "machiavelli"
    shutil.copytree(GAMES / "machiavelli", folder)
    return folder


@pytest.fixture
def public_game(tmp_path: Path) -> Path:
    folder = tmp_path / "demo"
    shutil.copytree(GAMES / "demo", folder)
    return folder


def sealed_orders(folder: Path, power: str, *orders: str, turn: str = TURN) -> Path:
    """A player's encrypted file, as `age` would write it (no check: a hostile player need not use ours)."""
    sealed = folder / "orders" / turn / f"{power}.yaml.age"
    sealed.parent.mkdir(parents=True, exist_ok=True)
    text = f"game: {folder.name}\nturn: {turn}\npower: {power}\norders:\n" + "".join(f"  - {o}\n" for o in orders)
    sealed.write_text(seal(text, [str(load_game(folder).settings.public_key)]))
    return sealed


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def with_deadline(folder: Path, when: str = "2026-12-01T20:00:00+01:00") -> None:
    (folder / "deadlines.yaml").write_text(f"{TURN}: '{when}'\n")


# --- reading another power's orders ------------------------------------------------------------------


def test_a_copied_ciphertext_never_prints_its_orders(secret_game: Path) -> None:
    """Venice's encrypted file copied to Florence's name: before the deadline `--when-due` reads nothing;
    after it, Florence's copy is refused in general words, and Venice's orders appear only as Venice's."""
    venice = sealed_orders(secret_game, "venice", "A pad-vic", "G ven H")
    (venice.parent / "florence.yaml.age").write_bytes(venice.read_bytes())
    with_deadline(secret_game)
    from pipeline import cli as cli_module

    real_now = cli_module._now
    try:  # the clock the command reads, set before and after the deadline (never the machine's)
        cli_module._now = lambda: datetime(2026, 12, 1, 12, tzinfo=UTC)
        code, before = run("adjudicate", str(secret_game), "--when-due")
        assert code == 0 and "not due yet" in before and "vic" not in before
        cli_module._now = lambda: datetime(2026, 12, 3, tzinfo=UTC)
        code, after = run("adjudicate", str(secret_game), "--when-due")
    finally:
        cli_module._now = real_now
    assert code == 0, after
    assert "florence.yaml.age was refused: it names another game, turn or power" in after
    assert "pad" not in after and "vic" not in after
    results = (secret_game / "results" / f"{TURN}.yaml").read_text()
    assert results.count("A pad-vic") == 1  # Venice's own order, under Venice


def test_when_due_decides_from_the_file_list_before_reading_any_file(
    secret_game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (secret_game / "orders" / TURN).mkdir(parents=True, exist_ok=True)
    (secret_game / "orders" / TURN / "venice.yaml.age").write_text("garbage\n")
    with_deadline(secret_game)

    def no_reading(*args: object, **kwargs: object) -> None:
        raise AssertionError("an order file was read before the deadline decided")

    monkeypatch.setattr("pipeline.commands.turn_orders.read_order_file", no_reading)
    said: list[str] = []
    assert commands.adjudicate(secret_game, said.append, when_due=True, now=datetime(2026, 12, 1, tzinfo=UTC)) == 0
    assert "not due yet" in said[-1]


# --- no file stalls a game -------------------------------------------------------------------------


def test_an_illegal_order_in_a_secret_file_costs_that_order_and_its_details_stay_private(secret_game: Path) -> None:
    """`A pad S A ver-man` is not a legal support (Verona is not next to Mantua for that move): the unit
    has no order, the turn goes on, and what the file said reaches only Venice's private report."""
    sealed_orders(secret_game, "venice", "A pad S A ver-man", "G ven H")
    code, out = run("adjudicate", str(secret_game), "--force")
    assert code == 0, out
    assert "1 order(s) of venice.yaml.age were not played" in out and "ver-man" not in out
    results = (secret_game / "results" / f"{TURN}.yaml").read_text()
    assert "{file: venice.yaml.age, power: venice, reason: invalid_orders, orders: 1}" in results
    assert "{order: A pad H, result: no_order" in results and "{order: G ven H, result: succeeds" in results
    report = secret_game / "private" / TURN / "venice.yaml.age"
    text = unseal(report.read_bytes(), load_game(secret_game).identities, str(report))
    assert "reason: invalid_orders" in text and "A pad S A ver-man" in text


@pytest.mark.parametrize(
    "name, content, reason",
    [
        ("france.yaml.age", "-----BEGIN AGE ENCRYPTED FILE-----\nAAAA\n", "sealed_in_open_game"),
        ("france.yaml", "\x00\x01\x02 garbage", "unreadable"),
        ("notes.txt", "hello", "not_an_order_file"),
    ],
    ids=["age-in-public-game", "garbage", "stray-file"],
)
def test_no_single_file_stalls_a_public_game(public_game: Path, name: str, content: str, reason: str) -> None:
    path = public_game / "orders" / DEMO_TURN / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    code, out = run("adjudicate", str(public_game), "--force")
    assert code == 0, out
    assert f"reason: {reason}" in (public_game / "results" / f"{DEMO_TURN}.yaml").read_text()
    assert commands.replay(public_game, quiet) == []


def test_a_file_merged_into_a_turn_already_adjudicated_is_not_part_of_it(public_game: Path) -> None:
    """The turn's results list the files it read: a file arriving later (every power of that turn had sent
    its own, so here a stray one, which the turn would have refused) changes neither its replay nor the next
    adjudication."""
    extra = public_game / "orders" / "1902-spring-movement" / "france2.yaml"
    extra.write_text("orders: [A par-bur]\n")
    assert commands.replay(public_game, quiet) == []
    code, out = run("adjudicate", str(public_game), "--force")
    assert code == 0, out


def test_the_adjudication_refuses_to_start_without_the_game_s_key(
    secret_game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CI secret missing or wrong must not play the turn as if nobody had sent orders."""
    secrets = (secret_game / "demo-secrets.yaml").read_text()
    monkeypatch.setenv("JUDGE_DICE_SECRETS", "machiavelli " + secrets.split("dice_secret: ")[1].split()[0])
    (secret_game / "demo-secrets.yaml").unlink()
    sealed_orders(secret_game, "venice", "G ven H")  # encrypting needs no private key
    code, out = run("adjudicate", str(secret_game), "--force")
    assert code == 1 and out.count("\n") == 1 and "the game's private key" in out and "nothing was adjudicated" in out
    assert not (secret_game / "results" / f"{TURN}.yaml").exists()


# --- a forged history ------------------------------------------------------------------------------


def test_a_state_for_a_turn_never_adjudicated_fails_the_replay(public_game: Path) -> None:
    """England given Paris in a state of a turn that was never played: `replay --check` names the file."""
    current = public_game / "state" / f"{DEMO_TURN}.yaml"
    forged = public_game / "state" / "1903-spring-movement.yaml"
    forged.write_text(current.read_text().replace("france: A par", "england: A par"))
    code, out = run("replay", "--check", str(public_game))
    assert code == 1 and f"{forged} (no adjudicated turn of the game writes this file)" in out


@pytest.mark.parametrize("kept", ["results", "private", "state"])
def test_any_extra_file_of_the_history_fails_the_replay(secret_game: Path, kept: str) -> None:
    extra = secret_game / kept / "1999-spring-movement.yaml"
    extra.parent.mkdir(parents=True, exist_ok=True)
    extra.write_text("phase: Spring 1999 Movement\n")
    assert any(str(extra) in d for d in commands.replay(secret_game, quiet))


def test_a_changed_first_state_fails_the_replay(public_game: Path) -> None:
    """The first state must be the rules' start, not whatever the file says."""
    first = public_game / "state" / "1901-spring-movement.yaml"
    first.write_text(first.read_text().replace("A par", "A bur"))
    assert str(first) in commands.replay(public_game, quiet)


# --- dice ---------------------------------------------------------------------------------------------


def test_a_game_of_dice_without_its_commitment_is_refused(secret_game: Path) -> None:
    text = (secret_game / "game.yaml").read_text()
    kept = [line for line in text.splitlines() if not line.startswith("dice:")]
    (secret_game / "game.yaml").write_text("\n".join(kept) + "\n")
    code, out = run("verify", str(secret_game))
    assert code == 1 and "this game's rules roll dice" in out and "Traceback" not in out


def test_the_dice_depend_on_the_files_as_committed(secret_game: Path) -> None:
    """The same orders encrypted twice (fresh randomness each time) give two seeds: nobody knows the dice
    before the last file is in, and the game master, who knows the chain, cannot choose them by the
    orders he might write."""
    seeds = []
    for attempt in range(2):
        folder = secret_game.parent / f"try{attempt}" / "machiavelli"
        shutil.copytree(secret_game, folder)
        sealed_orders(folder, "venice", "G ven H")
        commands.adjudicate(folder, quiet, force=True)
        seeds.append((folder / "results" / f"{TURN}.yaml").read_text().split("  seed: ")[1].split()[0])
        assert commands.verify(folder, quiet) == []
    assert seeds[0] != seeds[1]


def test_a_forced_turn_is_recorded(secret_game: Path) -> None:
    commands.adjudicate(secret_game, quiet, force=True)
    assert "adjudicated: {why: forced}" in (secret_game / "results" / f"{TURN}.yaml").read_text()


# --- an ended game's secrets --------------------------------------------------------------------------


def test_an_ended_game_publishes_its_secrets_and_verify_checks_everything(
    secret_game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secrets = (secret_game / "demo-secrets.yaml").read_text()
    identity = secrets.split("age_identity: ")[1].split()[0]
    dice = secrets.split("dice_secret: ")[1].split()[0]
    (secret_game / "demo-secrets.yaml").unlink()
    text = (secret_game / "game.yaml").read_text().replace("demo: true", "demo: false")
    (secret_game / "game.yaml").write_text(text)
    key = tmp_path / "game.key"
    key.write_text(identity + "\n")
    monkeypatch.setenv("JUDGE_DICE_SECRETS", f"machiavelli {dice}")
    with pytest.raises(DataError, match="has not ended"):
        from pipeline.commands.publish_secrets import publish_secrets

        publish_secrets(secret_game, quiet, key)
    (secret_game / "game.yaml").write_text(text + "ended: true\n")
    with pytest.raises(PipelineError, match="has ended"):
        commands.adjudicate(secret_game, quiet, force=True, identity_file=key)
    publish_secrets(secret_game, quiet, key)
    monkeypatch.delenv("JUDGE_DICE_SECRETS")
    assert load_game(secret_game).identities  # anyone now holds the game's key
    assert commands.verify(secret_game, quiet) == []
    revealed = secret_game / "orders" / "1454-spring-movement" / "austria.yaml"
    revealed.write_text(revealed.read_text().replace("A aus-cri", "A aus H"))
    assert any("revealed orders differ" in p.message for p in commands.verify(secret_game, quiet))


def test_another_power_s_bad_file_never_blocks_a_player_s_pull_request(public_game: Path) -> None:
    """A pull request is checked on the files it sends: a bad file already in the turn's folder (a master's
    mistake) does not stop the other players from sending theirs."""
    folder = public_game / "orders" / DEMO_TURN
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "england.yaml").write_text("orders: [F lon-xyz]\n")
    (folder / "notes.txt").write_text("a stray file\n")
    mine = folder / "france.yaml"
    mine.write_text(f"game: demo\nturn: {DEMO_TURN}\npower: france\norders: [A par-bur]\n")
    said: list[str] = []
    commands.validate(public_game, said.append, sent=[mine])
    assert any("france, 1 order(s)" in line for line in said)
    with pytest.raises(DataError, match="xyz"):
        commands.validate(public_game, quiet)


def test_a_hostile_file_name_reaches_the_log_and_the_report_on_one_line(public_game: Path) -> None:
    """A file named with a newline and an escape sequence: the log and the report show it escaped."""
    from pipeline.board.presentation.report import public_report
    from pipeline.shared.i18n import translator
    from tests.board_support import load_phase

    folder = public_game / "orders" / DEMO_TURN
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "x\n\x1b[31m`y.yaml").write_text("orders: []\n")
    said: list[str] = []
    commands.adjudicate(public_game, said.append, force=True)
    (line,) = [s for s in said if "ignored" in s]
    assert "x\\n\\x1b[31m`y.yaml was ignored: it is not an order file" in line and "\n" not in line
    report = public_report(load_phase(load_game(public_game), DEMO_TURN), translator("fr"))
    assert "- `x\\n\\x1b[31m'y.yaml` a été ignoré" in report
