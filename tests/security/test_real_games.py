"""A real game of every family, set up as a club sets one up (issue 28): `judge new` makes the game's key
pair and dice secret and says where each goes, never into the repository; the adjudication gets them as CI
gives them (`JUDGE_AGE_IDENTITY`, `JUDGE_DICE_SECRETS`); a player's encrypted orders are validated and
played, and the game replays and verifies. A creation that is refused leaves nothing behind."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result

from pipeline.cli import cli

# profile -> (the power that orders, its first turn's order file body without its binding)
FIRST_ORDERS = {
    "standard": ("france", "orders:\n  - A par-bur\n"),
    "judge": ("florence", "orders:\n  - A flo-pst\n  - F psa H\n"),
    "objectif": ("france", "orders:\n  - A avi - pro\n"),
    "symmachia": ("rhodes", "year: 229bc\nmilitary:\n  rhodes_f1: {plan: [D0]}\n"),
    "catan": ("black", "setup:\n  - {settlement: e3/e4/f3, road: e3/f3}\n  - {settlement: g6/h5/h6, ship: g6/h6}\n"),
}


def run(*args: str | Path, env: dict[str, str] | None = None) -> Result:
    result = CliRunner().invoke(cli, [str(a) for a in args], env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.mark.parametrize("profile", sorted(FIRST_ORDERS))
def test_a_real_game_of_every_family_is_created_played_and_replayed(tmp_path: Path, profile: str) -> None:
    folder, key_file, dice_file = tmp_path / "games" / "real", tmp_path / "game.key", tmp_path / "game.dice"
    power, body = FIRST_ORDERS[profile]
    made = run("new", folder, "--profile", profile, "--secret", "--master", "gm-one",
               "--player", f"{power}=a-player", "--key-file", key_file, "--dice-secret-file", dice_file)  # fmt: skip
    assert made.exit_code == 0, made.output
    assert f"the game's private key is in {key_file}: add its line to the JUDGE_AGE_IDENTITY secret" in made.output
    identity = key_file.read_text(encoding="ascii").strip()
    assert identity.startswith("AGE-SECRET-KEY-1") and stat.S_IMODE(key_file.stat().st_mode) == 0o600
    settings = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    assert settings["secret_orders"] is True and settings["public_key"].startswith("age1")
    assert settings["masters"] == ["gm-one"] and settings["powers"][power] == {"player": "a-player"}
    assert "demo" not in settings and not (folder / "demo-secrets.yaml").exists()
    written = "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in folder.rglob("*") if p.is_file())
    assert identity not in written  # the private key is nowhere in the game's folder
    env = {"JUDGE_AGE_IDENTITY": identity, "JUDGE_DICE_SECRETS": ""}
    if dice_file.exists():  # rules that roll dice: the secret's line is "game-id secret"
        env["JUDGE_DICE_SECRETS"] = dice_file.read_text(encoding="ascii").strip()
        assert env["JUDGE_DICE_SECRETS"].split()[0] == "real"
    turn = settings_turn(folder)
    plain = tmp_path / f"{power}.yaml"
    plain.write_text(f"game: real\nturn: {turn}\npower: {power}\n{body}", encoding="utf-8")
    sealed = folder / "orders" / turn / f"{power}.yaml.age"
    encrypted = run("encrypt", folder, plain, "--out", sealed, env=env)
    assert encrypted.exit_code == 0, encrypted.output
    checked = run("validate", folder, "--author", "a-player", "--file", sealed, env=env)
    assert checked.exit_code == 0 and "problem" not in checked.output, checked.output
    played = run("adjudicate", folder, "--force", env=env)
    assert played.exit_code == 0, played.output
    results = yaml.safe_load((folder / "results" / f"{turn}.yaml").read_text(encoding="utf-8"))
    assert results["order_files"] == [f"{power}.yaml.age"]
    assert not results.get("refused") and power not in (results.get("no_orders") or [])
    secrets = [identity, *env["JUDGE_DICE_SECRETS"].split()[1:]]
    assert not [s for s in secrets if s in played.output]  # neither secret reaches the log
    replayed = run("replay", folder, "--check", env=env)
    assert replayed.exit_code == 0 and "matches" in replayed.output, replayed.output
    verified = run("verify", folder, env=env)
    assert verified.exit_code == 0, verified.output
    without_key = run("adjudicate", folder, "--force", env={"JUDGE_AGE_IDENTITY": "", "JUDGE_DICE_SECRETS": ""})
    assert without_key.exit_code == 1 and "private key" in without_key.output, without_key.output


def settings_turn(folder: Path) -> str:
    """The game's current turn: the folder its first order files go in."""
    (turn,) = [p.name for p in (folder / "orders").iterdir()]
    return turn


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--player", "prussia=someone"], "--player prussia=someone: 'prussia' is not a power of this game"),
        (["--master", "@gm"], "--master @gm: write the GitHub login without '@'"),
        (["--public-key", "age1nope"], "--public-key: 'age1nope' is not an age public key"),
        (["--player", "france=-bad-"], "--player france=-bad-: '-bad-' is not a GitHub login"),
    ],
)
def test_a_refused_creation_leaves_nothing_behind(tmp_path: Path, args: list[str], said: str) -> None:
    folder = tmp_path / "games" / "x"
    refused = run("new", folder, "--profile", "standard", "--secret", *args)
    assert refused.exit_code == 1 and said in refused.output, refused.output
    assert not folder.exists() and list((tmp_path / "games").iterdir()) == []


@pytest.mark.parametrize("profile", ["symmachia", "catan"])
def test_a_family_whose_business_is_secret_gets_its_key_without_asking(tmp_path: Path, profile: str) -> None:
    """Symmachia's treasuries and the Catan hands are always encrypted: `judge new` makes the key pair
    without `--secret`, or takes the club's public key, whose private half it never sees."""
    made = run("new", tmp_path / "a", "--profile", profile)
    assert made.exit_code == 0 and "the game's private key (keep it; add this line to" in made.output
    club_key = "age1y5efmv57eap5sd30wfyv8lheggahc8epm6wcklr573l34jhezenqyczyvz"
    taken = run("new", tmp_path / "b", "--profile", profile, "--public-key", club_key)
    assert taken.exit_code == 0 and "private key" not in taken.output, taken.output
    assert yaml.safe_load((tmp_path / "b" / "game.yaml").read_text(encoding="utf-8"))["public_key"] == club_key


def test_the_key_file_is_never_overwritten(tmp_path: Path) -> None:
    key_file = tmp_path / "game.key"
    key_file.write_text("someone else's\n", encoding="utf-8")
    made = run("new", tmp_path / "g", "--profile", "catan", "--key-file", key_file)
    assert made.exit_code == 1 and "exists already; not overwritten" in made.output
    assert key_file.read_text(encoding="utf-8") == "someone else's\n"
