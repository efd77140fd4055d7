"""Combat value and the outcome of a battle [S 5]: 1d6 plus the leader's competence, +1 for a king in
person, +1 a mercenary (three at most), +1 for glory, +1 for a defender at a pass; -1 in unknown
terrain, -1 or -2 for corruption, -1 a defeat this campaign, -2 or -4 for an old fleet; a horde starts
at -2, pirates at -4. The difference decides: 0 again, 1-5 a non-decisive victory, 6 or more a total
victory (a disaster for the loser). Pure arithmetic, the dice given."""

from __future__ import annotations

import enum
from dataclasses import dataclass

HORDE_BASE = -2  # the terrain malus included [S 5.2]
PIRATES_BASE = -4
MAX_MERCENARY_BONUS = 3
TOTAL = 6  # the difference of a total victory [S 5.3]
FLEET_AGE_MALUS = (0, -2, -4)  # years without wood [S 3.7]
MAX_ROUNDS = 20  # equal values: the dice are rolled again, this many times at most


class Result(enum.Enum):
    AGAIN = "again"  # equal values: the dice are rolled again
    NON_DECISIVE = "non_decisive"
    TOTAL = "total"


@dataclass(frozen=True)
class Side:
    """Everything a side's combat value counts, but the die."""

    competence: int = 0
    king: bool = False
    mercenaries: int = 0
    glorious: bool = False
    at_pass: bool = False  # a defender waiting where the attacker crosses a pass [S 8.4]
    unknown_terrain: bool = False  # a province its own power does not control [S 5.2]
    corruption: int = 0  # the betrayal malus, 0, 1 or 2 [S 7.5]
    defeats: int = 0  # this campaign
    fleet_age: int = 0
    base: int = 0  # a horde's or pirates' own malus

    def modifiers(self) -> list[tuple[str, int]]:
        """Each modifier that is not zero, by name: what the game master's record shows."""
        parts = [
            ("base", self.base),
            ("competence", self.competence),
            ("king", 1 if self.king else 0),
            ("mercenaries", min(self.mercenaries, MAX_MERCENARY_BONUS)),
            ("glory", 1 if self.glorious else 0),
            ("pass", 1 if self.at_pass else 0),
            ("terrain", -1 if self.unknown_terrain else 0),
            ("corruption", -self.corruption),
            ("defeats", -self.defeats),
            ("fleet_age", FLEET_AGE_MALUS[min(self.fleet_age, 2)]),
        ]
        return [(name, value) for name, value in parts if value]

    def value(self, die: int) -> int:
        return die + sum(v for _, v in self.modifiers())


def result(difference: int) -> Result:
    d = abs(difference)
    if d == 0:
        return Result.AGAIN
    return Result.TOTAL if d >= TOTAL else Result.NON_DECISIVE


def corruption_malus(offered: int, counter: int) -> int:
    """The betrayal [S 7.5]: offers less counter-corruption of 300 to 599 give -1, of 600 or more -2."""
    net = offered - counter
    if net >= 600:
        return 2
    if net >= 300:
        return 1
    return 0


def pacification_threshold(attempts_before: int) -> int:
    """What a pacification's combat value must reach [S 6.5]: 5, one less for each consecutive attempt
    before it (5, 4, 3 ... -1 at the seventh)."""
    return 5 - attempts_before
