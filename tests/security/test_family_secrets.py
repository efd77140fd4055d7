"""The secrets of the families of their own kind (docs/security.md, promises 10 and 11): Symmachia's treasuries,
ledgers and leaders' competences and the Catan variant's hands and development cards never reach a public
file; each die goes where its audience reads it (docs/security.md's table of dice): a die whose record is
not public (a plot's, a loyalty test's, one that would betray a competence, a card or a power's secret
money) is in no public file, but in its power's report or the game master's record, where `judge verify`
checks it once the game's key is public; and a player cannot send the game master's ruling."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from pipeline.commands import game as commands
from pipeline.commands.turn_orders import check_sent_files
from pipeline.errors import DataError
from pipeline.games.symmachia.model import SEASONS
from pipeline.storage.gamedir import load_game
from pipeline.storage.sealed import seal, unseal
from tests.games.symmachia.conftest import send_first_year

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


# The dice whose record is not public, by the words of their purpose, in each demo's settings (Symmachia's
# `battle_dice_sealed` on; the Machiavelli demo's secret money, the Objectif demo's open treasuries), with
# who reads them: "power" its power's report, "master" the game master's record (docs/security.md).
SECRET_DICE: dict[str, dict[str, str]] = {
    "symmachia-demo": {
        "plot": "power",  # the sponsor learns the outcome [S 7.8]
        "loyalty": "master",  # the test is the game master's record [S 7.6]
        "secession": "master",  # the same [S 7.9]
        "competence": "master",  # a new leader's secret competence [S 5.1]
        "initiative": "master",  # a die between equal competences tells they are equal [S 6.7]
        "battle": "master",  # with the public modifiers and difference: the competences [S 5.1]
        "pirates": "master",  # the same, against the pirates' chief [S 6.6]
        "pacify": "master",  # the same, against the public threshold [S 6.5]
    },
    "symmachia-world": {  # the same secrets on the seed's whole world
        "plot": "power",
        "loyalty": "master",
        "secession": "master",
        "competence": "master",
        "initiative": "master",
        "battle": "master",
        "pirates": "master",
        "pacify": "master",
    },
    "catan-demo": {"card": "master"},  # the card, and from where it falls, the deck [K 3.3]
    "catan-six": {"card": "master"},  # the same
    "machiavelli": {"variable income": "power", "assassination": "power"},  # its secret money [M 17] [M 16]
    "machiavelli-objectif": {},  # open treasuries: every die public
    "demo": {},  # standard Diplomacy rolls none
}
# Those the demos roll, so that the tests look for the right words where they are
ROLLED = {
    "symmachia-demo": {"plot", "loyalty", "competence", "battle", "pirates", "pacify"},
    "catan-demo": {"card"},
    "machiavelli": {"variable income"},
}


def _what(purpose: str, game: str) -> str:
    """What a die decides, as its purpose says it: Symmachia's after the year and season (``228bc plot
    theodotus``, not ``228bc summer palace plot``, which is public), Catan's at its end [K 3.7], the board
    families' the whole purpose."""
    if game == "symmachia-demo":
        words = purpose.split()[1:]
        return " ".join(words[1:] if words and words[0] in {s.value for s in SEASONS} else words)
    if game.startswith("catan-"):
        return purpose.split()[-1]
    return purpose


def _secret_word(purpose: str, game: str) -> str | None:
    what = _what(purpose, game)
    return next((w for w in SECRET_DICE[game] if what == w or what.startswith(f"{w} ")), None)


def _dice_in(data: Any) -> Iterator[str]:
    """The purpose of every die a file's data holds, wherever it is."""
    if isinstance(data, dict):
        if {"purpose", "sides", "value"} <= set(data):
            yield str(data["purpose"])
        for value in data.values():
            yield from _dice_in(value)
    elif isinstance(data, list):
        for value in data:
            yield from _dice_in(value)


def test_every_demo_is_in_the_table_of_secret_dice() -> None:
    assert sorted(SECRET_DICE) == sorted(p.name for p in GAMES.iterdir() if (p / "game.yaml").exists())


@pytest.mark.parametrize("game", sorted(SECRET_DICE))
def test_no_public_file_holds_a_die_whose_record_is_not_public(game: str) -> None:
    """No die of a secret act (a plot, a loyalty test, a die that would tell a competence, a card, a
    power's secret money) is in any public state or results file of the demos; the public results still
    hold the others (the table is not empty for nothing)."""
    public = _public_files(GAMES / game)
    shown = [(path.name, p) for path in public for p in _dice_in(yaml.safe_load(path.read_text(encoding="utf-8")))]
    assert not [(name, p) for name, p in shown if _secret_word(p, game)]
    assert shown or game == "demo"


@pytest.mark.parametrize("game", sorted(ROLLED))
def test_the_dice_of_secret_acts_are_where_their_audience_reads_them(game: str) -> None:
    """Each secret die the demo rolled is in the report of the power it belongs to (a plot's in its
    sponsor's, a variable income's in its power's) or in the game master's record, as the table says."""
    folder = GAMES / game
    identity = _identity(folder)
    found: set[str] = set()
    for sealed in sorted((folder / "private").glob("*/*.yaml.age")):
        data = yaml.safe_load(unseal(sealed.read_bytes(), [identity], str(sealed)))
        reader = "master" if sealed.name == "game_master.yaml.age" else "power"
        for purpose in _dice_in(data.get("dice") or []):
            word = _secret_word(purpose, game)
            assert word is not None, f"{sealed}: {purpose} is public in the table"
            assert SECRET_DICE[game][word] == reader, f"{sealed}: {purpose}"
            if word == "variable income":
                assert purpose.split()[-1] == data["power"], purpose  # its own variable income
            found.add(word)
    assert ROLLED[game] <= found


def test_docs_list_every_die_of_a_secret_act() -> None:
    """docs/security.md's table of dice names each kind of secret die the tests know."""
    text = (GAMES.parent / "docs" / "security.md").read_text(encoding="utf-8")
    table = text.split("### 11. Each die is read by those who read what it decides", 1)[1].split("\n#", 1)[0]
    for game, words in SECRET_DICE.items():
        for word in words:
            assert f"`{word}" in table, (game, word)


def test_a_plot_and_a_pirate_fight_leave_no_die_in_the_public_results(tmp_path: Path) -> None:
    """A year of a new game with a plot on a general and a fleet that fights the Illyrian pirates: the
    public results tell the fight (its winner and difference) but hold neither its dice nor the plot's; the
    plot's die is in its sponsor's report, the fight's in the game master's record, and `judge verify`
    checks them all with the game's key [S 7.8] [S 5.1]."""
    folder = tmp_path / "sym"
    commands.new_game(folder, "symmachia", fresh_secret=lambda: "ab" * 32, demo=True)
    orders = {
        "antigonids": "politics:\n  plot_generals: [zopyrion]\n",
        "achaeans": "military:\n  achaeans_f1: {plan: [M cretan_sea, M ionian_sea, N epirus]}\n",
    }
    for power in load_game(folder).powers:
        send_first_year(folder, power, orders.get(power, ""))
    assert commands.adjudicate(folder, quiet) == 1
    results = yaml.safe_load((folder / "results" / "y01-229bc.yaml").read_text(encoding="utf-8"))
    fights = [r for r in results["records"] if r["code"] == "battle" and "illyrian_pirates" in r.values()]
    assert len(fights) == 1 and "difference" in fights[0]
    shown = [str(d["purpose"]) for d in results["dice"]]
    assert shown and not [p for p in shown if _secret_word(p, "symmachia-demo") in ("plot", "pirates")], shown
    identity = _identity(folder)

    def sealed_dice(reader: str) -> list[str]:
        path = folder / "private" / "y01-229bc" / f"{reader}.yaml.age"
        return [str(d["purpose"]) for d in yaml.safe_load(unseal(path.read_bytes(), [identity], str(path)))["dice"]]

    assert sealed_dice("antigonids") == ["229bc plot zopyrion"]
    assert "229bc summer pirates illyrian_pirates achaeans_f1" in sealed_dice("game_master")
    assert not [p for p in sealed_dice("game_master") if _secret_word(p, "symmachia-demo") == "plot"]
    lines: list[str] = []
    assert commands.verify(folder, lines.append) == []
    assert len(shown) + 1 + len(sealed_dice("game_master")) == int(lines[-1].split(", ")[1].split()[0]), lines


@pytest.mark.parametrize("reader", ["game_master", "lagids"])
def test_verify_checks_the_sealed_dice_once_the_key_is_public(tmp_path: Path, reader: str) -> None:
    """With the game's key at hand (a demo's, an ended game's published one) `judge verify` checks the
    sealed dice as it does the public ones: a die changed after the year in the game master's record (a
    battle's) or in a power's report (the Lagids' plot on Seleucus), re-encrypted to the game's key, is
    caught."""
    folder = copy_game(tmp_path, "symmachia-demo")
    assert commands.verify(folder, quiet) == []
    identity = _identity(folder)
    game = load_game(folder)
    record = folder / "private" / "y02-228bc" / f"{reader}.yaml.age"
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
