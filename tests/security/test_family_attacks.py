"""The attacks of docs/security.md played on the families of their own kind (issue 28): a Symmachia game
(its order files and the game master's ruling) and a Catan game, each a copy of its demo, whose key is at
hand as the adjudication's is. The same promises as the board families' (tests/security/
test_adjudication_attacks.py): no plain file in a secret game, a copied sealed file leaks nothing, one bad
file stalls nothing, no forged state passes `judge replay --check`, the dice need their commitment."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pipeline.cli import cli
from pipeline.commands import game as commands
from pipeline.storage.gamedir import load_game
from pipeline.storage.sealed import seal

from .conftest import copy_game


@dataclass(frozen=True)
class Family:
    game: str
    victim: str  # whose file is copied
    thief: str  # under whose name
    body: str  # the victim's orders, without their binding
    words: tuple[str, ...]  # what of them must never reach the log


FAMILIES = [
    Family(
        "symmachia-demo", "lagids", "seleucids",
        "year: 225bc\npolitics:\n  plot_generals: [achaeus]\n  counter_corruption: {lagids_a2: 70}\n",
        ("achaeus", "counter_corruption", "70"),
    ),
    Family(
        "catan-demo", "orange", "blue",
        "script:\n  trade:\n    - offer: {to: [white], give: {wool: 7}, get: {ore: 3}}\n",
        ("wool: 7", "ore: 3", "offer"),
    ),
]  # fmt: skip


def quiet(_: str) -> None:
    pass


def run(*args: str | Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def sealed(folder: Path, power: str, body: str, name: str | None = None) -> Path:
    """`power`'s file for the turn being played, encrypted to the game's key as `age` would (unchecked)."""
    game = load_game(folder)
    turn = game.current_turn()
    path = folder / "orders" / turn / f"{name or power}.yaml.age"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = f"game: {folder.name}\nturn: {turn}\npower: {power}\n{body}"
    path.write_text(seal(text, [str(game.settings.public_key)]), encoding="utf-8")
    return path


def results(folder: Path, turn: str) -> dict[str, object]:
    data = yaml.safe_load((folder / "results" / f"{turn}.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def refused(folder: Path, turn: str) -> dict[str, str]:
    return {str(r["file"]): str(r["reason"]) for r in results(folder, turn).get("refused") or []}  # type: ignore[attr-defined]


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.game)
def test_a_plain_file_in_a_secret_game_is_refused_and_the_turn_goes_on(tmp_path: Path, family: Family) -> None:
    folder = copy_game(tmp_path, family.game)
    turn = load_game(folder).current_turn()
    plain = folder / "orders" / turn / f"{family.victim}.yaml"
    plain.parent.mkdir(parents=True, exist_ok=True)
    plain.write_text(f"game: {family.game}\nturn: {turn}\npower: {family.victim}\n{family.body}", encoding="utf-8")
    code, out = run("validate", folder)
    assert code == 1 and "secret" in out, out
    code, out = run("adjudicate", folder, "--force")
    assert code == 0, out
    assert refused(folder, turn) == {f"{family.victim}.yaml": "in_clear"}
    assert commands.replay(folder, quiet) == []


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.game)
def test_a_copied_sealed_file_leaks_nothing(tmp_path: Path, family: Family) -> None:
    """The victim's encrypted file copied to the thief's name: refused for its binding, in general words,
    and nothing of the victim's orders reaches the log or the refusal's record; the victim's own file is
    played as the victim's."""
    folder = copy_game(tmp_path, family.game)
    turn = load_game(folder).current_turn()
    victim = sealed(folder, family.victim, family.body)
    (victim.parent / f"{family.thief}.yaml.age").write_bytes(victim.read_bytes())
    code, out = run("adjudicate", folder, "--force")
    assert code == 0, out
    assert f"{family.thief}.yaml.age was refused: it names another game, turn or power" in out
    assert refused(folder, turn) == {f"{family.thief}.yaml.age": "wrong_binding"}
    for word in family.words:
        assert word not in out, word
    (entry,) = results(folder, turn)["refused"]  # type: ignore[misc]
    assert set(entry) <= {"file", "power", "reason"}, entry  # the reason alone: no word of the file
    assert f"{family.victim}.yaml.age" in str(results(folder, turn)["order_files"])  # played as the victim's
    assert commands.replay(folder, quiet) == []


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.game)
@pytest.mark.parametrize(
    ("content", "reason"),
    [("garbage, not age\n", "not_decrypted"), ("-----BEGIN AGE ENCRYPTED FILE-----\nAAAA\n", "not_decrypted")],
    ids=["garbage", "broken-armor"],
)
def test_one_bad_file_stalls_nothing(tmp_path: Path, family: Family, content: str, reason: str) -> None:
    folder = copy_game(tmp_path, family.game)
    turn = load_game(folder).current_turn()
    bad = folder / "orders" / turn / f"{family.thief}.yaml.age"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text(content, encoding="utf-8")
    (bad.parent / "notes.txt").write_text("a stray file\n", encoding="utf-8")
    sealed(folder, family.victim, family.body)
    code, out = run("adjudicate", folder, "--force")
    assert code == 0, out
    assert refused(folder, turn) == {f"{family.thief}.yaml.age": reason, "notes.txt": "not_an_order_file"}
    assert load_game(folder).current_turn() != turn
    assert commands.replay(folder, quiet) == [] and commands.verify(folder, quiet) == []


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.game)
def test_no_forged_state_passes_the_replay(tmp_path: Path, family: Family) -> None:
    """A public state file changed, and one written for a turn never played: `replay --check` names both."""
    folder = copy_game(tmp_path, family.game)
    game = load_game(folder)
    turn = game.current_turn()
    current = folder / "state" / f"{turn}.yaml"
    data = yaml.safe_load(current.read_text(encoding="utf-8"))
    forged_future = folder / "state" / f"{_later(game.turns()[-1])}.yaml"
    forged_future.write_text(current.read_text(encoding="utf-8"), encoding="utf-8")
    current.write_text(yaml.safe_dump(_forged(data), sort_keys=False), encoding="utf-8")
    code, out = run("replay", "--check", folder)
    assert code == 1, out
    assert str(current) in out and f"{forged_future} (no adjudicated turn of the game writes this file)" in out


def _later(turn: str) -> str:
    """A turn id of the same family after `turn` (y05-225bc -> y09-221bc, r12 -> r19)."""
    if turn.startswith("y"):
        number, year = int(turn[1:3]) + 4, int(turn.split("-")[1][:-2]) - 4
        return f"y{number:02d}-{year}bc"
    return f"r{int(turn[1:]) + 7:02d}"


def _forged(data: dict[str, object]) -> dict[str, object]:
    """A state with one public value changed to a player's gain: a Symmachia power's prestige, a Catan
    player's cards in hand."""
    text = yaml.safe_dump(data, sort_keys=False)
    for key in ("prestige: ", "cards_in_hand: "):
        if key in text:
            head, _, tail = text.partition(key)
            value, _, rest = tail.partition("\n")
            return yaml.safe_load(f"{head}{key}{int(value) + 10}\n{rest}")
    raise AssertionError("no public value to forge")


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.game)
def test_the_dice_need_their_commitment(tmp_path: Path, family: Family) -> None:
    folder = copy_game(tmp_path, family.game)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    start = text.index("dice:\n")
    end = text.index("\n", text.index("links:", start)) + 1
    (folder / "game.yaml").write_text(text[:start] + text[end:], encoding="utf-8")
    code, out = run("verify", folder)
    assert code == 1 and "this game's rules roll dice" in out, out
    code, out = run("adjudicate", folder, "--force")
    assert code == 1 and "roll dice" in out, out
