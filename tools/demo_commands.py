"""What the tools that play a demo game share: `judge` run in the process as a user runs it, and the game's
title set in both languages once `judge new` has made it, and a file of orders written as a player writes it
and sealed (`catan_six_demo.py`, `symmachia_world_demo.py`)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from ruamel.yaml import YAML

from pipeline.cli import cli


def judge(*args: object) -> str:
    """`judge ARGS...`, its output; a failure stops the tool with judge's own words."""
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    if result.exit_code:
        raise SystemExit(f"judge {' '.join(map(str, args))}: {result.output}")
    return result.output


def entitle(folder: Path, title: dict[str, str]) -> None:
    """The first line of the new game's game.yaml, its title, in both languages."""
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    first = text.splitlines()[0]
    assert first.startswith("title:"), first
    line = f'title: {{en: "{title["en"]}", fr: "{title["fr"]}"}}'
    (folder / "game.yaml").write_text(text.replace(first, line, 1), encoding="utf-8")


def send(folder: Path, turn: str, power: str, body: dict[str, object]) -> None:
    """A power's (a seat's) file for the turn, in plain YAML as a player writes it (each entry written out,
    no alias), then sealed by `judge encrypt`."""
    plain = folder.parent / f"{power}.yaml"
    yaml = YAML()
    yaml.default_flow_style = None
    yaml.width = 110
    yaml.representer.ignore_aliases = lambda *_: True
    with plain.open("w", encoding="utf-8") as out:
        yaml.dump({"game": folder.name, "turn": turn, "power": power, **body}, out)
    try:
        judge("encrypt", folder, plain)
    finally:
        plain.unlink()
