"""The secrets of the families of their own kind (docs/security.md, promise 10): Symmachia's treasuries,
ledgers and leaders' competences and the Catan variant's hands and development cards never reach a public
file; the dice that would betray a competence stay sealed in the game master's record, where `judge
verify` checks them once the game's key is public; and a player cannot send the game master's ruling."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from pipeline.commands import game as commands
from pipeline.commands.turn_orders import check_sent_files
from pipeline.errors import DataError
from pipeline.storage.gamedir import load_game
from pipeline.storage.sealed import seal, unseal

from .conftest import GAMES, copy_game

# What each family keeps secret (the keys of its state's secret part), and where a public file may not
# hold them: Symmachia's anywhere; the Catan variant's under a player (its public state gives only counts).
SECRET_KEYS = {
    "symmachia-demo": {"treasury", "ledger", "competence"},
    "catan-demo": {"hand", "cards", "answers"},
    "catan-six": {"hand", "cards", "answers"},
}


def quiet(_: str) -> None:
    pass


def _identity(folder: Path) -> str:
    return str(yaml.safe_load((folder / "demo-secrets.yaml").read_text(encoding="utf-8"))["age_identity"])


def _keys(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from _keys(value)
    elif isinstance(data, list):
        for value in data:
            yield from _keys(value)


def _public_files(folder: Path) -> list[Path]:
    states = [p for p in sorted((folder / "state").glob("*.yaml")) if not p.name.endswith(".private.yaml")]
    return states + sorted((folder / "results").glob("*.yaml"))


@pytest.mark.parametrize("game", sorted(SECRET_KEYS))
def test_what_a_family_keeps_secret_is_in_no_public_file(game: str) -> None:
    """Every secret part of the demo's states holds the family's secrets (so the test looks for the right
    words), and no public state or results file holds any of them: Symmachia's treasuries, ledgers and
    competences nowhere; the Catan variant's hands and cards under no player, the deck as its size alone,
    a development card bought without its kind [K 3.3]."""
    folder = GAMES / game
    identity = _identity(folder)
    secret_keys: set[str] = set()
    for sealed in sorted((folder / "state").glob("*.private.yaml.age")):
        secret_keys |= set(_keys(yaml.safe_load(unseal(sealed.read_bytes(), [identity], str(sealed)))))
    assert SECRET_KEYS[game] <= secret_keys
    public = _public_files(folder)
    assert len(public) > 4
    for path in public:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if game.startswith("catan"):
            held = {k for player in (data.get("players") or {}).values() for k in player}
            assert not SECRET_KEYS[game] & held, path.name
            assert set(data.get("deck") or {}) <= {"cards"}, path.name
            bought = [r for r in data.get("records") or [] if r.get("piece") == "card"]
            assert all("card" not in r for r in bought), path.name
        else:
            found = SECRET_KEYS[game] & set(_keys(data))
            assert not found, f"{path.name}: {found}"


BETRAYING = [("symmachia-demo", ("competence", "battle")), ("catan-demo", ("card",))]


@pytest.mark.parametrize(("game", "betraying"), BETRAYING)
def test_the_dice_that_would_tell_a_secret_are_sealed(game: str, betraying: tuple[str, ...]) -> None:
    """A die that would tell a secret (a leader's competence drawn during the game, or with the public
    modifiers a battle's [S 5.1]; the development card drawn [K 3.3]) is not among the turn's published
    dice; the game master's record holds it."""
    folder = GAMES / game
    identity = _identity(folder)
    sealed: list[str] = []
    for results in sorted((folder / "results").glob("*.yaml")):
        shown = [str(d["purpose"]) for d in yaml.safe_load(results.read_text(encoding="utf-8")).get("dice") or []]
        assert not [p for p in shown if set(p.split()) & set(betraying)], results.name
        record = folder / "private" / results.stem / "game_master.yaml.age"
        if record.exists():
            master = yaml.safe_load(unseal(record.read_bytes(), [identity], str(record)))
            sealed += [str(d["purpose"]) for d in master.get("dice") or []]
    for word in betraying:
        assert any(word in p.split() for p in sealed), word


def test_verify_checks_the_sealed_dice_once_the_key_is_public(tmp_path: Path) -> None:
    """With the game's key at hand (a demo's, an ended game's published one) `judge verify` checks the
    sealed dice as it does the public ones: a sealed die changed after the year, re-encrypted to the game's
    key, is caught."""
    folder = copy_game(tmp_path, "symmachia-demo")
    assert commands.verify(folder, quiet) == []
    identity = _identity(folder)
    game = load_game(folder)
    record = folder / "private" / "y02-228bc" / "game_master.yaml.age"
    master = yaml.safe_load(unseal(record.read_bytes(), [identity], str(record)))
    die = master["dice"][0]
    die["value"] = die["value"] % die["sides"] + 1
    assert game.settings.public_key is not None
    record.write_text(seal(yaml.safe_dump(master, sort_keys=False), [game.settings.public_key]), encoding="utf-8")
    problems = commands.verify(folder, quiet)
    assert any(str(die["purpose"]) in p.message and "the seed gives" in p.message for p in problems), problems


@pytest.mark.parametrize(("author", "refused"), [("lagids-player", True), ("gm-one", False)])
def test_only_a_game_master_sends_the_ruling(tmp_path: Path, author: str, refused: bool) -> None:
    """The ruling file of a Symmachia year is the game master's judgement: a player's pull request that
    adds it (encrypted to the game's key, as a master's would be) is refused, a master's is not."""
    folder = copy_game(tmp_path, "symmachia-demo")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("masters: []", "masters: [gm-one]")
    text = text.replace("  lagids:\n    player:", "  lagids:\n    player: lagids-player")
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    game = load_game(folder)
    turn = game.current_turn()
    ruling = folder / "orders" / turn / "ruling.yaml.age"
    ruling.parent.mkdir(parents=True, exist_ok=True)
    assert game.settings.public_key is not None
    ruling.write_text(seal(f"game: symmachia-demo\nturn: {turn}\n", [game.settings.public_key]), encoding="utf-8")
    problems = [p.message for p in check_sent_files(game, turn, [ruling], author)]
    if refused:
        assert problems == ["@lagids-player may not write the game master's ruling"]
    else:
        assert problems == []


def test_a_copied_ruling_is_refused_without_a_word_of_it(tmp_path: Path) -> None:
    """The game master's encrypted ruling of a year, copied into a later year's folder: its binding (game,
    turn) is checked before anything else in it is read, and the message says only what the path expects,
    nothing of what the ruling says (its turn, its notes, its Roman decisions [S 10.4])."""
    folder = copy_game(tmp_path, "symmachia-demo")
    turn = load_game(folder).current_turn()
    copied = folder / "orders" / turn / "ruling.yaml.age"
    copied.parent.mkdir(parents=True, exist_ok=True)
    copied.write_bytes((folder / "orders" / "y01-229bc" / "ruling.yaml.age").read_bytes())
    with pytest.raises(DataError) as raised:
        commands.adjudicate(folder, quiet, force=True)
    said = " ".join(p.message for p in raised.value.problems)  # the words, without the folder's path
    assert f"turn: {turn}" in said and "nothing in it was read" in said, said
    for word in ("y01", "229", "northern_league_f1", "ignored", "epirus", "independent"):
        assert word not in said, said
