"""Playing hostile input through the `judge` command line: a copied demo game, a file written into it."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner, Result

from pipeline.cli import cli

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "games"
CURRENT_TURN = {"demo": "1902-fall-movement", "machiavelli": "1455-spring-movement"}


@dataclass(frozen=True)
class Outcome:
    """What a command did: its exit status, its output and the exception CliRunner caught."""

    result: Result

    @property
    def lines(self) -> list[str]:
        return self.result.output.splitlines()

    def assert_clean(self) -> None:
        """Exit 0 or 1, never a traceback: the CLI's own exit or no exception at all."""
        exc = self.result.exception
        assert exc is None or isinstance(exc, SystemExit), repr(exc)
        assert self.result.exit_code in (0, 1), self.result.output
        assert "Traceback" not in self.result.output

    def assert_error(self, *expected: str) -> str:
        """Refused in clean `error:` lines, the whole output containing every `expected` text; the output."""
        self.assert_clean()
        assert self.result.exit_code == 1, self.result.output
        errors = [line for line in self.lines if line.startswith("error: ")]
        assert errors, self.result.output
        for text in expected:
            assert text in self.result.output, self.result.output
        return self.result.output


def invoke(*args: str | Path) -> Outcome:
    return Outcome(CliRunner().invoke(cli, [str(a) for a in args]))


def copy_game(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(GAMES / name, folder)
    return folder


def write_orders(folder: Path, power: str, content: str | bytes) -> Path:
    """Write `content` as `power`'s order file of the game's current turn (replacing an encrypted one)."""
    turn_dir = folder / "orders" / CURRENT_TURN[folder.name]
    turn_dir.mkdir(parents=True, exist_ok=True)
    for old in turn_dir.glob(f"{power}.yaml*"):
        old.unlink()
    path = turn_dir / f"{power}.yaml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path
