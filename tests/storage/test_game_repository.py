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
from pipeline.errors import DataError, PipelineError
from pipeline.shared import dice_chain
from pipeline.shared.dice import derived_roll
from pipeline.storage.gamedir import load_game
from pipeline.storage.lock import LOCK_FILE
from pipeline.storage.sealed import generate_key, seal, unseal

GAMES = Path(__file__).resolve().parents[2] / "games"
MACHIAVELLI = GAMES / "machiavelli"
TURN = "1455-spring-movement"  # the demo game's turn being played
DEMO_TURN = "1902-fall-movement"  # the standard Diplomacy demo's


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


def test_the_seed_changes_with_the_orders_and_the_files() -> None:
    """The dice depend on the order files as committed and on the orders too: the game master, who knows the
    chain, cannot know them before the last file is in."""
    link = dice_chain.turn_link("22" * 32, 10, 1)
    files = "ab" * 32
    a = dice_chain.turn_seed(link, files, dice_chain.orders_digest([("venice", "A pad H")]))
    b = dice_chain.turn_seed(link, files, dice_chain.orders_digest([("venice", "A pad-tre")]))
    c = dice_chain.turn_seed(link, "cd" * 32, dice_chain.orders_digest([("venice", "A pad H")]))
    assert len({a, b, c}) == 3
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


def test_with_secret_money_an_assassinations_die_is_its_payers(demo: Path) -> None:
    """In a game with secret money an assassination is an expense, its payer's business [M 16.2]: its die,
    which names him, is in his private report, not in the public results, which keep their public dice
    (the rebellions after Florence's default); `judge verify` checks it there with the game's key. (The
    die's value comes from the encrypted file's fresh randomness: success or not, it goes there.)"""
    path = write_orders(demo, "venice", "Borrow 20 ducats for 1 year", "'Expense 1: 24 assassinate papacy'")
    encrypt_orders(demo, path)
    path.unlink()
    assert commands.adjudicate(demo, quiet, force=True) == 1
    results = (demo / "results" / TURN).with_suffix(".yaml").read_text()
    assert "- {event: assassination, place: florence}" in results and "purpose: rebellion" in results
    assert "assassination venice" not in results and "assassinate" not in results
    identities = load_game(demo).identities
    reports = {p.name: unseal(p.read_bytes(), identities, str(p)) for p in (demo / "private" / TURN).glob("*.age")}
    assert "dice:\n- {purpose: assassination venice papacy, sides: 6, value:" in reports.pop("venice.yaml.age")
    assert reports and not [name for name, text in reports.items() if "assassination venice" in text]
    assert commands.verify(demo, quiet) == []


def test_verify_reads_the_rank_a_die_says(demo: Path) -> None:
    """A die in a list that does not hold every roll of its purpose (the second of two sponsors' plots on one
    victim, in his own report) says its rank `n` among the turn's rolls of that purpose: `judge verify`
    recomputes it from that rank (and the dice after it in the list from their own rank in it), and a wrong
    rank is caught like a wrong value (docs/secrets-and-dice.md)."""
    path = demo / "results" / "1454-fall-retreat.yaml"
    text = path.read_text()
    seed = text.split("  seed: ")[1].split()[0]
    purpose = "famine year (first die)"
    values = [derived_roll(seed, purpose, n, 6) for n in range(8)]
    wrong = next(n for n in range(2, 8) if values[n] != values[1])

    def said(n: int) -> str:
        die = f"- {{purpose: {purpose}, sides: 6, value: {values[1]}, n: {n}}}\n"
        return text.replace("order_files:", die + "order_files:")

    path.write_text(said(1))
    assert commands.verify(demo, quiet) == []
    path.write_text(said(wrong))
    problems = commands.verify(demo, quiet)
    assert [p.message for p in problems] == [f"{purpose}: {values[1]} rolled, the seed gives {values[wrong]}"]


def test_verify_finds_a_forged_link(demo: Path) -> None:
    path = demo / "results" / "1454-summer-movement.yaml"
    text = path.read_text()
    link = text.split("link: ")[1].split("\n")[0]
    path.write_text(text.replace(link, "ab" * 32))
    messages = [p.message for p in commands.verify(demo, quiet)]
    assert "the link does not hash to the one of turn 1454-spring-movement" in messages
    assert any("hash to the one of turn 1454-summer-movement" in m for m in messages)  # the next link breaks too


def test_verify_finds_orders_changed_after_the_turn(demo: Path) -> None:
    """A revealed file changed after the turn no longer is the text of its encrypted file; an encrypted file
    changed (even re-encrypted with the same orders) changes the hash of the files, which the seed recorded."""
    path = demo / "orders" / "1454-spring-movement" / "austria.yaml"
    data = path.read_text()
    assert "  - A aus-cri\n" in data
    path.write_text(data.replace("  - A aus-cri\n", "  - A aus H\n"))
    assert any("revealed orders differ" in p.message for p in commands.verify(demo, quiet))
    path.write_text(data)
    sealed = demo / "orders" / "1454-spring-movement" / "austria.yaml.age"
    game = load_game(demo)
    from pipeline.storage.sealed import unseal

    text = unseal(sealed.read_bytes(), game.identities, str(sealed))
    sealed.write_text(seal(text, [public_key(demo)]))
    assert "seed.files" in [p.where for p in commands.verify(demo, quiet)]


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


def seal_orders(folder: Path, power: str, *orders: str) -> Path:
    """A player's encrypted order file for the demo's current turn (the plain one removed, as sent)."""
    plain = write_orders(folder, power, *orders)
    sealed = encrypt_orders(folder, plain)
    plain.unlink()
    return sealed


def results_of(folder: Path, turn: str = TURN) -> str:
    return (folder / "results" / f"{turn}.yaml").read_text()


def test_a_ciphertext_copied_to_another_power_is_refused_without_a_word_of_it(demo: Path) -> None:
    """The encrypted document names its power; under another power's name it is refused before anything
    in it is read: the turn goes on, and no order of the copied file reaches the log or the results."""
    sealed = seal_orders(demo, "venice", "A pad H")
    copy = sealed.with_name("florence.yaml.age")
    copy.write_bytes(sealed.read_bytes())
    said: list[str] = []
    assert commands.adjudicate(demo, said.append, force=True) == 1
    log = "\n".join(said)
    assert "florence.yaml.age was refused: it names another game, turn or power" in log
    assert "A pad" not in log
    results = results_of(demo)
    assert "{file: florence.yaml.age, power: florence, reason: wrong_binding}" in results
    assert "{order: A pad H, result: succeeds" in results  # Venice's own file is played
    assert not (demo / "orders" / TURN / "florence.yaml").exists()  # a refused file is not revealed
    assert commands.replay(demo, quiet) == [] and commands.verify(demo, quiet) == []


def test_an_encrypted_file_must_name_its_game_turn_and_power(demo: Path) -> None:
    path = demo / "orders" / TURN / "venice.yaml.age"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(seal("orders:\n  - A pad H\n", [public_key(demo)]))
    said: list[str] = []
    commands.adjudicate(demo, said.append, force=True)
    assert "reason: wrong_binding" in results_of(demo)
    assert any("venice.yaml.age was refused" in line for line in said)


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda t: t[:60] + "AAAA" + t[64:], "cannot decrypt this file"),
        (lambda t: "not age at all\n", "cannot decrypt this file"),
    ],
    ids=["corrupt", "not-age"],
)
def test_a_corrupt_ciphertext_costs_its_power_its_orders_only(demo: Path, damage, message: str) -> None:  # type: ignore[no-untyped-def]
    """A file that does not decrypt does not stop the turn: its power has no orders, the others are played,
    the public results say why in general words and the details go to that power's private report."""
    sealed = seal_orders(demo, "venice", "A pad H")
    sealed.write_text(damage(sealed.read_text()))
    seal_orders(demo, "florence", "A luc H")
    said: list[str] = []
    assert commands.adjudicate(demo, said.append, force=True) == 1
    assert "{file: venice.yaml.age, power: venice, reason: not_decrypted}" in results_of(demo)
    assert "{order: A luc H, result: succeeds" in results_of(demo)
    assert any("venice.yaml.age was refused: it could not be decrypted" in line for line in said)
    game = load_game(demo)
    from pipeline.storage.sealed import unseal

    report = demo / "private" / TURN / "venice.yaml.age"
    assert message in unseal(report.read_bytes(), game.identities, str(report))
    assert commands.replay(demo, quiet) == [] and commands.verify(demo, quiet) == []


def test_a_file_encrypted_to_another_key_is_refused(demo: Path) -> None:
    _, stranger = generate_key()
    path = demo / "orders" / TURN / "venice.yaml.age"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(seal(f"game: machiavelli\nturn: {TURN}\npower: venice\norders: [A pad H]\n", [stranger]))
    commands.adjudicate(demo, quiet, force=True)
    assert "{file: venice.yaml.age, power: venice, reason: not_decrypted}" in results_of(demo)


def test_a_secret_orders_game_refuses_plain_order_files(demo: Path) -> None:
    """Orders in clear in a game with secret orders would show everybody a power's plans (and its money):
    validation refuses them, and the adjudication does not play them."""
    plain = write_orders(demo, "venice", "Borrow 15 for 2 years", "A pad H")
    with pytest.raises(DataError, match=r"orders are secret in this game: send venice\.yaml\.age"):
        commands.validate(demo, quiet)
    commands.adjudicate(demo, quiet, force=True)
    assert "- file: venice.yaml\n  power: venice\n  reason: in_clear\n" in results_of(demo)
    assert "{order: A pad H, result: no_order" in results_of(demo)
    assert plain.exists()


def test_beside_its_encrypted_file_a_plain_one_is_never_read(demo: Path) -> None:
    plain = write_orders(demo, "venice", "Borrow 15 for 2 years", "A pad H")
    encrypt_orders(demo, plain)
    with pytest.raises(DataError, match="this plain file is not read"):
        commands.validate(demo, quiet)
    commands.adjudicate(demo, quiet, force=True)
    assert "{order: A pad H, result: succeeds" in results_of(demo)
    assert "Borrow" not in plain.read_text()  # the revealed text, money orders kept secret, replaced it
    assert commands.replay(demo, quiet) == [] and commands.verify(demo, quiet) == []


def test_validate_without_the_key_leaves_the_encrypted_files_for_the_adjudication(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (demo / "demo-secrets.yaml").unlink()
    seal_orders(demo, "venice", "A pad H")
    lines: list[str] = []
    commands.validate(demo, lines.append)
    assert any("venice.yaml.age: venice, encrypted" in line for line in lines)


# --- who may write which file ------------------------------------------------------------------------


def test_a_player_may_send_only_their_power_s_orders(demo: Path) -> None:
    path = seal_orders(demo, "florence", "A luc H")
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
    "content, reason, message",
    [
        ("orders: [A par-bur\n", "unreadable", "not valid YAML"),
        (f"game: demo\nturn: {DEMO_TURN}\npower: france\norders: [A xyz H]\n", "invalid_orders", "xyz"),
        (f"game: demo\nturn: {DEMO_TURN}\npower: france\norders: [A parsi-bur]\n", "invalid_orders", "parsi"),
        ("a: &x [1, 2]\nb: *x\n", "unreadable", "anchors and aliases"),
        (
            f"game: demo\nturn: {DEMO_TURN}\npower: france\norders: [A par-bur, F bre S A par-mun]\n",
            "invalid_orders",
            "F bre S A par-mun",
        ),
    ],
    ids=["malformed", "unknown-unit", "misspelt", "yaml-bomb", "illegal-support"],
)
def test_a_bad_order_file_costs_only_what_it_must(tmp_path: Path, content: str, reason: str, message: str) -> None:
    """Validation refuses a bad file with its line; at the adjudication it does not stop the turn: a file
    that cannot be read costs its power its orders, an illegal order costs that order (the unit has none),
    and the public results (the file is public) say which and why."""
    folder = tmp_path / "demo"
    shutil.copytree(GAMES / "demo", folder)
    path = folder / "orders" / DEMO_TURN / "france.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    with pytest.raises(DataError, match=message) as err:
        commands.validate(folder, quiet)
    assert str(path) in str(err.value)
    assert commands.adjudicate(folder, quiet, force=True) == 1
    results = results_of(folder, DEMO_TURN)
    assert f"reason: {reason}" in results and message in results
    if reason == "invalid_orders" and "par-bur" in content:
        assert "{order: A par-bur, result: succeeds" in results  # the legal order is played
    assert commands.replay(folder, quiet) == []


def test_a_50_mb_file_is_refused_unread(demo: Path) -> None:
    path = demo / "orders" / TURN / "venice.yaml.age"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        out.truncate(50 * 1024 * 1024)
    commands.adjudicate(demo, quiet, force=True)
    assert "{file: venice.yaml.age, power: venice, reason: unreadable}" in results_of(demo)


def test_new_game_records_only_the_end_of_the_chain(tmp_path: Path) -> None:
    game, secret, _ = commands.new_game(tmp_path / "g", "judge", fresh_secret=lambda: "55" * 32)
    assert secret == "55" * 32
    assert game.settings.dice is not None
    assert game.settings.dice.commitment == dice_chain.commitment("55" * 32)
    assert "55" * 32 not in (tmp_path / "g" / "game.yaml").read_text()
    standard, none, _ = commands.new_game(tmp_path / "d", "standard", fresh_secret=lambda: "55" * 32)
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
    assert game.state("1454-summer-movement").ledger.ducats("florence") > 0
    assert game.state("1454-summer-movement", public=True).ledger.ducats("florence") == 0


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


def test_a_family_of_its_own_kind_sets_deadlines_by_its_own_kinds_of_turn(tmp_path: Path) -> None:
    """Deadlines are given by the kinds of turn a game's family has: a Symmachia game's `year` (a board
    family's movement, retreat and adjustment mean nothing there, and are refused with the kinds it has);
    once a year is played after its deadline, the next one's deadline is written, its length later at the
    set time."""
    folder = tmp_path / "symmachia"
    shutil.copytree(GAMES / "symmachia-demo", folder)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(text + "deadlines: {movement: 72h}\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"deadlines\.movement: unknown setting \(year, weekdays"):
        load_game(folder)
    game_yaml.write_text(text + "deadlines: {year: 14d, time: '20:00', timezone: Europe/Paris}\n", encoding="utf-8")
    turn = load_game(folder).current_turn()
    for sent in (folder / "orders" / turn).glob("*.yaml*"):
        sent.unlink()
    (folder / "deadlines.yaml").write_text(f"{turn}: '2026-12-01T20:00:00+01:00'\n")
    late = datetime(2026, 12, 1, 21, 1, tzinfo=UTC)
    assert commands.adjudicate(folder, quiet, when_due=True, now=late) == 1
    game = load_game(folder)
    due = commands.deadlines(game)[game.current_turn()]
    # opened 22:01 in Paris on 1 December: 14 days later is 22:01, so the next 20:00 is the day after
    assert due == datetime(2026, 12, 16, 20, 0, tzinfo=due.tzinfo) and due.utcoffset() == timedelta(hours=1)


def test_an_illegal_order_of_a_plain_file_is_named_illegal_in_its_powers_orders(tmp_path: Path) -> None:
    """Issue 32: an order a plain file gave that could not be played stands in its power's orders of the
    public report, named as not allowed with its reason, in both languages; the file's other orders are
    played, and the results keep the problem as data (`refused.said`) for the report to word."""
    from pipeline.commands.report import report

    folder = tmp_path / "demo"
    shutil.copytree(GAMES / "demo", folder)
    path = folder / "orders" / DEMO_TURN / "france.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"game: demo\nturn: {DEMO_TURN}\npower: france\norders: [A par-bur, F bre-mun]\n")
    assert commands.adjudicate(folder, quiet, force=True) == 1
    assert "  - {line: 4, order: F bre-mun, result: illegal_terrain}" in results_of(folder, DEMO_TURN)
    english = report(folder, DEMO_TURN, "en").split("## ")
    (france,) = [part for part in english if part.startswith("France")]
    (row,) = [line for line in france.splitlines() if line.startswith("| `F bre-mun`")]
    assert "Not allowed" in row and "No order" not in row
    assert "| `A par-bur` |" in france  # the file's legal order stands beside it
    assert "could not be played: it stands, with why, among its power's orders." in "## ".join(english)
    french = report(folder, DEMO_TURN, "fr")
    (row,) = [line for line in french.splitlines() if line.startswith("| `F bre-mun`")]
    assert "Ordre impossible" in row and "Pas d'ordre" not in row, row
    assert "## Fichiers d'ordres non joués en entier" in french and "il figure, avec sa raison" in french
    assert commands.replay(folder, quiet) == []
