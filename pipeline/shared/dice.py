"""Dice: every random draw the rules need comes from a source passed in, and is recorded.

The rules core has no randomness of its own. It asks a `Dice` for a roll named by its purpose
(``variable income milan``, ``famine year``) and says who may read it, its `Audience`: everybody, some
powers, or the game master alone, as the record the die decides (a plot's die its sponsor's, a die that
would tell a secret competence the game master's). The source decides the value, whatever the audience:
fixed values for tests and rule cases, or values derived from a recorded seed (`HashDice`) so a turn
replays exactly. Every draw is kept, with its purpose and audience, and `shares` tells where each goes:
the turn's public results, a power's private report, the game master's record.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pipeline.errors import PipelineError


class DiceError(PipelineError):
    """A roll the dice cannot give (no value fixed for its purpose)."""


@dataclass(frozen=True)
class Audience:
    """Who may read a die: everybody (`PUBLIC`), the powers named (`Audience.of`), or the game master alone
    (`GAME_MASTER`). The game master, who holds the game's key, reads every power's dice too."""

    powers: tuple[str, ...] = ()
    master_only: bool = False

    @staticmethod
    def of(*powers: str) -> Audience:
        """The dice of these powers alone (a plot's sponsor, the power whose money a die decides)."""
        if not powers:
            raise ValueError("a die read by some powers names at least one")
        return Audience(tuple(sorted(set(powers))))

    @property
    def public(self) -> bool:
        return not self.powers and not self.master_only


PUBLIC = Audience()
GAME_MASTER = Audience(master_only=True)


@dataclass(frozen=True)
class Draw:
    purpose: str
    sides: int
    value: int
    audience: Audience = PUBLIC

    def __str__(self) -> str:
        return f"{self.purpose}: {self.value} (d{self.sides})"


class Dice(Protocol):
    draws: list[Draw]

    def roll(self, purpose: str, sides: int = 6, audience: Audience = PUBLIC) -> int: ...


@dataclass
class FixedDice:
    """Dice whose values are given by purpose (for tests and rule cases); an unlisted roll is an error,
    unless a `default` is given."""

    values: Mapping[str, int]
    default: int | None = None
    draws: list[Draw] = field(default_factory=list)

    def roll(self, purpose: str, sides: int = 6, audience: Audience = PUBLIC) -> int:
        value = self.values.get(purpose, self.default)
        if value is None:
            raise DiceError(f"no die is fixed for {purpose!r}")
        if not 1 <= value <= sides:
            raise DiceError(f"the die for {purpose!r} is {value}, not between 1 and {sides}")
        self.draws.append(Draw(purpose, sides, value, audience))
        return value


@dataclass
class HashDice:
    """Dice derived from a seed: the n-th roll for a purpose is fixed by the seed, the purpose and n (never
    by its audience).

    A game's seed for a turn comes from its hash chain and the turn's orders (`dice_chain`), and is
    written in the turn's results, so anyone can recompute every roll.
    """

    seed: str
    draws: list[Draw] = field(default_factory=list)

    def roll(self, purpose: str, sides: int = 6, audience: Audience = PUBLIC) -> int:
        n = sum(1 for d in self.draws if d.purpose == purpose)
        value = derived_roll(self.seed, purpose, n, sides)
        self.draws.append(Draw(purpose, sides, value, audience))
        return value


def derived_roll(seed: str, purpose: str, n: int, sides: int) -> int:
    """The n-th roll (0-based) for `purpose` from `seed`: what `HashDice` gives, and what `judge verify`
    recomputes for every die of a game."""
    digest = hashlib.sha256(f"{seed}\n{purpose}\n{n}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % sides + 1


# ---- where each die is written ------------------------------------------------------------------------


@dataclass(frozen=True)
class DiceShares:
    """A turn's dice as data, each where its audience reads it: `public` in the turn's results, `powers`
    in each power's private report, `master` in the game master's record. A die is `{purpose, sides,
    value}`, with `n` (its rank among the turn's rolls of its purpose, from 0) when that is not its rank
    among its own list's: `judge verify` recomputes it from the seed, the purpose and n."""

    public: tuple[dict[str, Any], ...] = ()
    powers: Mapping[str, tuple[dict[str, Any], ...]] = field(default_factory=dict)
    master: tuple[dict[str, Any], ...] = ()


def shares(draws: Sequence[Draw], readers: Callable[[str], Iterable[str]] | None = None) -> DiceShares:
    """Where each of a turn's dice goes, in the order rolled. `readers` gives the powers whose reports hold
    a power's dice (a minor's protector besides the minor itself); by default the power alone."""
    lists: dict[tuple[str, str], list[dict[str, Any]]] = {}  # ("public" | "master" | "power", power)
    rolled: dict[str, int] = {}  # purpose -> how many were rolled before
    for draw in draws:
        n = rolled.get(draw.purpose, 0)
        rolled[draw.purpose] = n + 1
        for where in _places(draw.audience, readers):
            held = lists.setdefault(where, [])
            data: dict[str, Any] = {"purpose": draw.purpose, "sides": draw.sides, "value": draw.value}
            if sum(1 for d in held if d["purpose"] == draw.purpose) != n:
                data["n"] = n
            held.append(data)
    return DiceShares(
        tuple(lists.get(("public", ""), ())),
        {p: tuple(d) for (kind, p), d in sorted(lists.items()) if kind == "power"},
        tuple(lists.get(("master", ""), ())),
    )


def _places(audience: Audience, readers: Callable[[str], Iterable[str]] | None) -> list[tuple[str, str]]:
    if audience.public:
        return [("public", "")]
    if audience.master_only:
        return [("master", "")]
    names = {r for p in audience.powers for r in (readers(p) if readers is not None else (p,))}
    if not names:  # nobody left to read it (a power gone): the game master keeps it, so that it is verified
        return [("master", "")]
    return [("power", name) for name in sorted(names)]


def published(draws: Iterable[Draw]) -> list[Draw]:
    """The dice all made public: a game that keeps nothing of its powers secret (a board game with open
    treasuries) publishes the dice of their money too."""
    return [Draw(d.purpose, d.sides, d.value) for d in draws]
