"""The game repository's safety: secret orders, dice anyone can verify, who may write which file, deadlines,
and bad files refused with the game left as it was."""

from __future__ import annotations

import hashlib
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from pipeline.commands import game as commands
from pipeline.commands.secret_orders import decrypt_file, encrypt_orders
from pipeline.core import dice_chain
from pipeline.errors import DataError, PipelineError
from pipeline.storage.gamedir import load_game
from pipeline.storage.lock import LOCK_FILE
from pipeline.storage.sealed import generate_key, seal

GAMES = Path(__file__).resolve().parents[2] / "games"
MACHIAVELLI = GAMES / "machiavelli"
TURN = "1455-spring-movement"  # the demo game's turn being played


def quiet(_: str) -> None:
    pass


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file of the game; not the lock a writing command leaves (ignored by git, not the game's)."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != LOCK_FILE
    }


@pytest.fixture
def demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the committed Machiavelli demo, with players, and no key in the environment."""
    monkeypatch.delenv("JUDGE_AGE_IDENTITY", raising=False)
    monkeypatch.delenv("JUDGE_DICE_SECRETS", raising=False)
    folder = tmp_path / "machiavelli"
    shutil.copytree(MACHIAVELLI, folder)
    text = (folder / "game.yaml").read_text()
    text = text.replace("masters: []", "masters: [the-master]")
    text = text.replace("  florence:\n    player:\n", "  florence:\n    player: flo-player\n")
    text = text.replace("  venice:\n    player:\n", "  venice:\n    player: doge\n")
    (folder / "game.yaml").write_text(text)
    return folder


def write_orders(folder: Path, power: str, *orders: str, turn: str = TURN, game: str = "machiavelli") -> Path:
    path = folder / "orders" / turn / f"{power}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"game: {game}\nturn: {turn}\npower: {power}\norders:\n" + "".join(f"  - {o}\n" for o in orders))
    return path


def public_key(folder: Path) -> str:
    return str(load_game(folder).settings.public_key)


# --- the hash chain ----------------------------------------------------------------------------------


def test_each_link_hashes_to_the_one_before_and_the_first_to_the_commitment() -> None:
    """Turn t reveals link(length - t); sha256 of it is the previous turn's link, or the commitment."""
    secret = "11" * 32
    commitment = dice_chain.commitment(secret, 50)
    links = [dice_chain.turn_link(secret, 50, t) for t in range(1, 6)]
    assert hashlib.sha256(bytes.fromhex(links[0])).hexdigest() == commitment
    assert dice_chain.chain_breaks(commitment, links) == []
    assert dice_chain.chain_breaks(commitment, [links[0], links[2], links[3]]) == [2]


def test_the_seed_changes_with_the_orders() -> None:
    """The dice depend on the orders too: the game master, who knows the chain, cannot know them early."""
    link = dice_chain.turn_link("22" * 32, 10, 1)
    a = dice_chain.turn_seed(link, dice_chain.orders_digest([("venice", "A pad H")]))
    b = dice_chain.turn_seed(link, dice_chain.orders_digest([("venice", "A pad-tre")]))
    assert a != b
    assert dice_chain.orders_digest([("a", "x"), ("b", "y")]) == dice_chain.orders_digest([("b", "y"), ("a", "x")])


def test_verify_passes_on_the_committed_games_and_finds_a_changed_die(demo: Path) -> None:
    assert commands.verify(demo, quiet) == []
    path = demo / "results" / "1454-fall-retreat.yaml"  # the judge rolls famine and income after the retreats
    text = path.read_text()
    rolled = next(line for line in text.splitlines() if "value:" in line and "purpose:" in line)
    value = int(rolled.split("value: ")[1].rstrip("}"))
    path.write_text(text.replace(rolled, rolled.replace(f"value: {value}", f"value: {value % 6 + 1}"), 1))
    problems = commands.verify(demo, quiet)
    assert len(problems) == 1 and "the seed gives" in problems[0].message


def test_verify_finds_a_forged_link(demo: Path) -> None:
    path = demo / "results" / "1454-summer-movement.yaml"
    text = path.read_text()
    link = text.split("link: ")[1].split("\n")[0]
    path.write_text(text.replace(link, "ab" * 32))
    messages = [p.message for p in commands.verify(demo, quiet)]
    assert "the link does not hash to the one of turn 1454-spring-movement" in messages
    assert any("hash to the one of turn 1454-summer-movement" in m for m in messages)  # the next link breaks too


def test_verify_finds_orders_changed_after_the_turn(demo: Path) -> None:
    """Changing a past order file changes the hash of the turn's orders, which the results recorded."""
    path = demo / "orders" / "1454-spring-movement" / "austria.yaml"
    data = path.read_text()
    assert "  - A aus - cri\n" in data
    path.write_text(data.replace("  - A aus - cri\n", "  - A aus H\n"))
    assert any(p.where == "seed.orders" for p in commands.verify(demo, quiet))


def test_adjudicating_a_chained_game_without_the_secret_is_refused(demo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secrets = (demo / "demo-secrets.yaml").read_text()
    monkeypatch.setenv("JUDGE_AGE_IDENTITY", secrets.split("age_identity: ")[1].split()[0])
    (demo / "demo-secrets.yaml").unlink()
    before = snapshot(demo)
    with pytest.raises(PipelineError, match="needs the game master's dice secret"):
        commands.adjudicate(demo, quiet, force=True)
    assert snapshot(demo) == before


def test_a_wrong_dice_secret_is_refused(demo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secrets = (demo / "demo-secrets.yaml").read_text()
    monkeypatch.setenv("JUDGE_AGE_IDENTITY", secrets.split("age_identity: ")[1].split()[0])
    (demo / "demo-secrets.yaml").unlink()
    monkeypatch.setenv("JUDGE_DICE_SECRETS", "machiavelli " + "33" * 32)
    with pytest.raises(PipelineError, match="does not match the commitment"):
        commands.adjudicate(demo, quiet, force=True)


def test_the_secret_from_the_environment_adjudicates_and_verifies(demo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secrets = (demo / "demo-secrets.yaml").read_text()
    dice = secrets.split("dice_secret: ")[1].split()[0]
    identity = secrets.split("age_identity: ")[1].split()[0]
    (demo / "demo-secrets.yaml").unlink()
    monkeypatch.setenv("JUDGE_DICE_SECRETS", f"other-game {'44' * 32}\nmachiavelli {dice}\n")
    monkeypatch.setenv("JUDGE_AGE_IDENTITY", f"# the game's key\n{identity}\n")
    assert commands.adjudicate(demo, quiet, force=True) == 1
    assert commands.verify(demo, quiet) == []
    assert commands.replay(demo, quiet) == []


# --- secret orders -----------------------------------------------------------------------------------


def test_encrypted_orders_are_read_revealed_and_replayed(demo: Path) -> None:
    plain = write_orders(demo, "venice", "A pad H")
    sealed = encrypt_orders(demo, plain)
    plain.unlink()
    assert sealed.name == "venice.yaml.age" and "BEGIN AGE ENCRYPTED FILE" in sealed.read_text()
    assert "A pad H" not in sealed.read_text()
    commands.adjudicate(demo, quiet, force=True)
    revealed = demo / "orders" / TURN / "venice.yaml"
    assert "A pad H" in revealed.read_text()  # published with the results, as the judges do
    assert "{order: A pad H, result: succeeds" in (demo / "results" / f"{TURN}.yaml").read_text()
    assert commands.replay(demo, quiet) == []
    assert commands.verify(demo, quiet) == []


def test_a_player_reads_back_their_own_encrypted_orders(demo: Path, tmp_path: Path) -> None:
    identity, public = generate_key()
    text = (demo / "game.yaml").read_text()
    (demo / "game.yaml").write_text(text.replace("player: doge\n", f"player: doge\n    public_key: {public}\n"))
    sealed = encrypt_orders(demo, write_orders(demo, "venice", "A pad H"))
    key = tmp_path / "venice.key"
    key.write_text(identity + "\n")
    assert "A pad H" in decrypt_file(sealed, key)


def test_a_ciphertext_copied_to_another_power_is_refused(demo: Path) -> None:
    """The encrypted document names its power; under another power's name it is refused."""
    sealed = encrypt_orders(demo, write_orders(demo, "venice", "A pad H"))
    sealed.rename(sealed.with_name("florence.yaml.age"))
    before = snapshot(demo)
    with pytest.raises(DataError, match="this file is for power 'florence'"):
        commands.adjudicate(demo, quiet, force=True)
    assert snapshot(demo) == before


def test_an_encrypted_file_must_name_its_turn(demo: Path) -> None:
    path = demo / "orders" / TURN / "venice.yaml.age"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(seal("orders:\n  - A pad H\n", [public_key(demo)]))
    with pytest.raises(DataError) as err:
        commands.adjudicate(demo, quiet, force=True)
    assert "an encrypted order file must say its game" in str(err.value)
    assert "must say its turn" in str(err.value) and "must say its power" in str(err.value)


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda t: t[:60] + "AAAA" + t[64:], "cannot decrypt this file"),
        (lambda t: "not age at all\n", "cannot decrypt this file"),
    ],
    ids=["corrupt", "not-age"],
)
def test_a_corrupt_ciphertext_is_refused_and_changes_nothing(demo: Path, damage, message: str) -> None:  # type: ignore[no-untyped-def]
    sealed = encrypt_orders(demo, write_orders(demo, "venice", "A pad H"))
    (demo / "orders" / TURN / "venice.yaml").unlink()
    sealed.write_text(damage(sealed.read_text()))
    before = snapshot(demo)
    with pytest.raises(DataError, match=message) as err:
        commands.adjudicate(demo, quiet, force=True)
    assert "venice.yaml.age" in str(err.value)
    assert snapshot(demo) == before


def test_a_file_encrypted_to_another_key_is_refused(demo: Path) -> None:
    _, stranger = generate_key()
    path = demo / "orders" / TURN / "venice.yaml.age"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(seal(f"game: machiavelli\nturn: {TURN}\npower: venice\norders: [A pad H]\n", [stranger]))
    with pytest.raises(DataError, match="not encrypted to this game's key"):
        commands.adjudicate(demo, quiet, force=True)


def test_plain_and_encrypted_orders_for_one_power_are_refused(demo: Path) -> None:
    encrypt_orders(demo, write_orders(demo, "venice", "A pad H"))
    with pytest.raises(DataError, match="two order files for venice"):
        commands.validate(demo, quiet)


def test_validate_without_the_key_reads_the_plain_files_and_leaves_the_encrypted(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (demo / "demo-secrets.yaml").unlink()
    encrypt_orders(demo, write_orders(demo, "venice", "A pad H"))
    (demo / "orders" / TURN / "venice.yaml").unlink()
    write_orders(demo, "florence", "A luc H")
    lines: list[str] = []
    commands.validate(demo, lines.append)
    assert any("venice.yaml.age: venice, encrypted" in line for line in lines)
    assert "  A luc H" in lines


# --- who may write which file ------------------------------------------------------------------------


def test_a_player_may_send_only_their_power_s_orders(demo: Path) -> None:
    path = write_orders(demo, "florence", "A luc H")
    commands.validate(demo, quiet, author="flo-player", sent=[path])
    commands.validate(demo, quiet, author="Flo-Player", sent=[path])  # GitHub logins ignore case
    commands.validate(demo, quiet, author="the-master", sent=[path])
    with pytest.raises(DataError, match="@doge may not write florence's orders: only its player @flo-player"):
        commands.validate(demo, quiet, author="doge", sent=[path])


def test_orders_for_a_past_or_future_turn_or_outside_the_game_are_refused(demo: Path) -> None:
    past = write_orders(demo, "florence", "A luc H", turn="1454-spring-movement")
    future = demo / "orders" / "1456-spring-movement" / "florence.yaml"
    outside = demo / "orders" / ".." / "x.yaml"
    with pytest.raises(DataError) as err:
        commands.validate(demo, quiet, author="flo-player", sent=[past, future, outside])
    text = str(err.value)
    assert "turn 1454-spring-movement was adjudicated already: orders now go in orders/1455-spring-movement/" in text
    assert "turn 1456-spring-movement has not begun" in text
    assert "not an order file of this game" in text


def test_a_stray_file_in_the_turn_folder_is_reported(demo: Path) -> None:
    (demo / "orders" / TURN).mkdir(parents=True, exist_ok=True)
    (demo / "orders" / TURN / "notes.txt").write_text("hello")
    with pytest.raises(DataError, match="not an order file"):
        commands.validate(demo, quiet)


def test_a_bad_login_or_key_in_game_yaml_is_reported_with_its_line(demo: Path) -> None:
    text = (demo / "game.yaml").read_text()
    text = text.replace("player: doge", "player: -not a login-").replace("masters: [the-master]", "masters: [a--b]")
    (demo / "game.yaml").write_text(text.replace("public_key: age1", "public_key: agx1"))
    with pytest.raises(DataError) as err:
        load_game(demo)
    lines = str(err.value).splitlines()
    assert len(lines) == 3
    assert any("game.yaml:5: masters[0]: 'a--b' is not a GitHub login" in line for line in lines)
    assert any("powers.venice.player" in line for line in lines)
    assert any("public_key" in line and "not an age public key" in line for line in lines)


# --- deadlines ---------------------------------------------------------------------------------------


def test_when_due_waits_before_the_deadline_and_adjudicates_after(demo: Path) -> None:
    """Orders missing: nothing happens before the deadline (and its grace); after it, the turn is
    adjudicated and the missing powers' units hold, recorded under `no_orders`."""
    now = datetime(2026, 12, 1, 12, tzinfo=UTC)
    (demo / "deadlines.yaml").write_text(f"{TURN}: '2026-12-01T20:00:00+01:00'\n")
    said: list[str] = []
    assert commands.adjudicate(demo, said.append, when_due=True, now=now) == 0
    assert "not due yet" in said[-1]
    grace_not_over = datetime(2026, 12, 1, 19, 30, tzinfo=UTC)  # 20:30 in Paris, grace 1h
    assert commands.adjudicate(demo, quiet, when_due=True, now=grace_not_over) == 0
    late = datetime(2026, 12, 1, 20, 1, tzinfo=UTC)
    assert commands.adjudicate(demo, quiet, when_due=True, now=late) == 1
    results = (demo / "results" / f"{TURN}.yaml").read_text()
    assert "no_orders: [austria, florence, france, milan, naples, papacy, turkey, venice]" in results
    deadlines = commands.deadlines(load_game(demo))
    next_turn = load_game(demo).current_turn()
    assert deadlines[next_turn] == datetime(
        2026, 12, 5, 20, 0, tzinfo=deadlines[next_turn].tzinfo
    )  # 72h from 21:01, at 20:00
    assert deadlines[next_turn].utcoffset() == timedelta(hours=1)


def test_status_shows_the_deadline(demo: Path) -> None:
    (demo / "deadlines.yaml").write_text(f"{TURN}: '2026-12-01T20:00:00+01:00'\n")
    said: list[str] = []
    commands.status(demo, said.append, datetime(2026, 12, 2, tzinfo=UTC))
    assert "  deadline 2026-12-01T20:00:00+01:00 (passed)" in said


# --- bad files leave the game as it was ---------------------------------------------------------------


@pytest.mark.parametrize(
    "content, message",
    [
        ("orders: [A pad H\n", "not valid YAML"),
        (f"game: machiavelli\nturn: {TURN}\npower: venice\norders: [A xyz H]\n", "xyz"),
        (f"game: machiavelli\nturn: {TURN}\npower: venice\norders: [A padoa-tre]\n", "padoa"),
        ("a: &x [1, 2]\nb: *x\n", "anchors and aliases"),
    ],
    ids=["malformed", "unknown-unit", "misspelt", "yaml-bomb"],
)
def test_a_bad_order_file_is_refused_with_its_line_and_changes_nothing(demo: Path, content: str, message: str) -> None:
    path = demo / "orders" / TURN / "venice.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    before = snapshot(demo)
    with pytest.raises(DataError, match=message) as err:
        commands.adjudicate(demo, quiet, force=True)
    assert str(path) in str(err.value)
    assert snapshot(demo) == before


def test_a_50_mb_file_is_refused_unread(demo: Path) -> None:
    path = demo / "orders" / TURN / "venice.yaml.age"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        out.truncate(50 * 1024 * 1024)
    before = {k: v for k, v in snapshot(demo).items() if not k.endswith(".age")}
    with pytest.raises(DataError, match="52,428,800 bytes; at most"):
        commands.adjudicate(demo, quiet, force=True)
    assert {k: v for k, v in snapshot(demo).items() if not k.endswith(".age")} == before


def test_new_game_records_only_the_end_of_the_chain(tmp_path: Path) -> None:
    game, secret = commands.new_game(tmp_path / "g", "judge", fresh_secret=lambda: "55" * 32)
    assert secret == "55" * 32
    assert game.settings.dice is not None
    assert game.settings.dice.commitment == dice_chain.commitment("55" * 32)
    assert "55" * 32 not in (tmp_path / "g" / "game.yaml").read_text()
    standard, none = commands.new_game(tmp_path / "d", "standard", fresh_secret=lambda: "55" * 32)
    assert none is None and standard.settings.dice is None  # standard Diplomacy rolls no dice


@pytest.mark.parametrize(
    "folder", sorted(p for p in GAMES.iterdir() if (p / "game.yaml").exists()), ids=lambda p: p.name
)
def test_every_committed_game_verifies(folder: Path) -> None:
    """`judge verify` passes on every committed game (what CI and the README's main command run)."""
    assert commands.verify(folder, quiet) == []


# --- secret money --------------------------------------------------------------------------------------


def test_secret_money_stays_out_of_the_public_files(demo: Path) -> None:
    """With `secret_money`, treasuries and loans are not in the public state, money orders and income not in
    the public results, and the revealed orders keep only the unit orders; all of it is in encrypted files."""
    state = (demo / "state" / "1454-summer-movement.yaml").read_text()
    assert "\ntreasury:" not in state and "\nloans:" not in state
    assert (demo / "state" / "1454-summer-movement.private.yaml.age").exists()
    public = "".join(p.read_text() for p in (demo / "results").glob("*.yaml"))
    assert "Borrow" not in public and "income:" not in public
    revealed = (demo / "orders" / "1454-spring-movement" / "florence.yaml").read_text()
    assert "Borrow" not in revealed and "A are" in revealed
    game = load_game(demo)
    assert game.position("1454-summer-movement").ledger.ducats("florence") > 0
    assert game.position("1454-summer-movement", public=True).ledger.ducats("florence") == 0


def test_a_player_reads_their_private_report_and_nobody_else_s(demo: Path, tmp_path: Path) -> None:
    identity, public = generate_key()
    text = (demo / "game.yaml").read_text()
    (demo / "game.yaml").write_text(
        text.replace("player: flo-player\n", f"player: flo-player\n    public_key: {public}\n")
    )
    commands.rerun(demo, "1454-spring-movement", quiet)
    key = tmp_path / "florence.key"
    key.write_text(identity)
    report = decrypt_file(demo / "private" / "1454-spring-movement" / "florence.yaml.age", key)
    assert "power: florence" in report and "Borrow 20 for 1 year" in report and "treasury:" in report
    others = [p for p in (demo / "private" / "1454-spring-movement").glob("*.age") if p.name != "florence.yaml.age"]
    assert others
    for other in others:
        with pytest.raises(DataError, match="not encrypted to this game's key"):
            decrypt_file(other, key)


def test_replaying_secret_money_needs_the_key_and_verify_checks_what_it_can(demo: Path) -> None:
    (demo / "demo-secrets.yaml").unlink()
    with pytest.raises(DataError, match="no private key is at hand"):
        commands.replay(demo, quiet)
    assert commands.verify(demo, quiet) == []  # links, seeds and dice; the orders' hash needs the key
