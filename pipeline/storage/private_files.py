"""What of a game stays secret in a public repository, and the files that keep it encrypted.

In a Machiavelli game with secret orders, each power's money is its own business: its treasury and loans,
its money orders (loans, payments, expenses and bribes) and their results, and its income line by line.
Those are kept out of the public files and written encrypted instead:

    state/<turn>.private.yaml.age     every power's treasury and loans, to the game's key (the adjudicator
                                      reads them back to play the next turn)
    private/<turn>/<power>.yaml.age   one power's report of the turn (its treasury and loans after the turn,
                                      its money orders and their results, its income), to its player's key
                                      and the game's

Everything else (units, control, rebellions, famine, every die, the events) stays public. Age encryption
uses fresh randomness, so encrypted files are compared by their decrypted text (`judge replay --check`
does so when it holds the game's key).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

PRIVATE_SUFFIX = ".private.yaml.age"
MASTER = "game_master"  # private/<turn>/game_master.yaml.age: the game master's record, to the game's key


@dataclass
class TurnFiles:
    """The files a turn writes: public text, and text to encrypt with its recipients."""

    public: dict[Path, str] = field(default_factory=dict)
    sealed: dict[Path, tuple[str, tuple[str, ...]]] = field(default_factory=dict)

    def __ior__(self, other: TurnFiles) -> TurnFiles:
        self.public |= other.public
        self.sealed |= other.sealed
        return self

    def paths(self) -> list[Path]:
        return [*self.public, *self.sealed]


def private_state_path(state_path: Path) -> Path:
    return state_path.with_name(state_path.name.removesuffix(".yaml") + PRIVATE_SUFFIX)


def private_report_path(folder: Path, turn: str, power: str) -> Path:
    return folder / "private" / turn / f"{power}.yaml.age"


def private_reports(folder: Path, turn: str) -> list[Path]:
    """The private reports a turn wrote, power by power."""
    return sorted((folder / "private" / turn).glob("*.yaml.age"))
