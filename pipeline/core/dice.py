"""Dice: every random draw the rules need comes from a source passed in, and is recorded.

The rules core has no randomness of its own. It asks a `Dice` for a roll named by its purpose
(``variable income milan``, ``famine year``); the source decides the value: fixed values for tests and
rule cases, or values derived from a recorded seed (`HashDice`) so a turn replays exactly. Every draw is
kept, with its purpose, for the turn's results.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from pipeline.errors import PipelineError


class DiceError(PipelineError):
    """A roll the dice cannot give (no value fixed for its purpose)."""


@dataclass(frozen=True)
class Draw:
    purpose: str
    sides: int
    value: int

    def __str__(self) -> str:
        return f"{self.purpose}: {self.value} (d{self.sides})"


class Dice(Protocol):
    draws: list[Draw]

    def roll(self, purpose: str, sides: int = 6) -> int: ...


@dataclass
class FixedDice:
    """Dice whose values are given by purpose (for tests and rule cases); an unlisted roll is an error,
    unless a `default` is given."""

    values: Mapping[str, int]
    default: int | None = None
    draws: list[Draw] = field(default_factory=list)

    def roll(self, purpose: str, sides: int = 6) -> int:
        value = self.values.get(purpose, self.default)
        if value is None:
            raise DiceError(f"no die is fixed for {purpose!r}")
        if not 1 <= value <= sides:
            raise DiceError(f"the die for {purpose!r} is {value}, not between 1 and {sides}")
        self.draws.append(Draw(purpose, sides, value))
        return value


@dataclass
class HashDice:
    """Dice derived from a seed: the n-th roll for a purpose is fixed by the seed, the purpose and n.

    A game's seed for a turn comes from its hash chain and the turn's orders (`dice_chain`), and is
    written in the turn's results, so anyone can recompute every roll.
    """

    seed: str
    draws: list[Draw] = field(default_factory=list)

    def roll(self, purpose: str, sides: int = 6) -> int:
        n = sum(1 for d in self.draws if d.purpose == purpose)
        value = derived_roll(self.seed, purpose, n, sides)
        self.draws.append(Draw(purpose, sides, value))
        return value


def derived_roll(seed: str, purpose: str, n: int, sides: int) -> int:
    """The n-th roll (0-based) for `purpose` from `seed`: what `HashDice` gives, and what `judge verify`
    recomputes for every die of a game."""
    digest = hashlib.sha256(f"{seed}\n{purpose}\n{n}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % sides + 1
