"""Units: who owns them, what kind they are, where they stand."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

SPECIALS = {"militia": 1, "mercenaries": 2, "professionals": 2}  # Machiavelli's special units and their strength
AUTONOMOUS = "autonomous"  # the owner of Machiavelli's autonomous garrisons: no power
CITY = ".city"  # suffix of the space a garrison occupies: the city of province `mil` is `mil.city`


class UnitKind(enum.Enum):
    """The kinds of unit. The value is the letter used in order notation."""

    ARMY = "A"
    FLEET = "F"
    GARRISON = "G"  # Machiavelli: a unit inside the fortified city of its province

    @classmethod
    def from_letter(cls, letter: str) -> UnitKind:
        return cls(letter.upper())

    @property
    def noun(self) -> str:
        return self.name.lower()


# the kinds as module names, for the code that reads them for every order and unit: Python 3.11 reads an Enum
# class's members through its metaclass's hook (50 ns against 5 for a global)
ARMY, FLEET, GARRISON = UnitKind.ARMY, UnitKind.FLEET, UnitKind.GARRISON


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit of `power`, of `kind`, at `location` (a space id, or ``space/coast`` for a fleet).

    `space` is what the unit occupies: its location without the coast, or for a garrison the city of
    its province (``mil.city``), so that a province can hold one army or fleet and one garrison.
    """

    power: str
    kind: UnitKind = field(hash=False)  # the location tells units apart, and an enum's hash is a call of Python's
    location: str
    space: str = field(init=False, compare=False, repr=False)
    special: str | None = None  # Machiavelli's special units: one of SPECIALS

    def __post_init__(self) -> None:
        space = self.location.split("/", 1)[0]
        object.__setattr__(self, "space", space + CITY if self.kind is UnitKind.GARRISON else space)

    def __str__(self) -> str:
        return f"{self.kind.value} {self.location}"

    @property
    def strength(self) -> int:
        """1, or 2 for Machiavelli's elite mercenaries and elite professionals."""
        return SPECIALS[self.special] if self.special else 1

    def __lt__(self, other: object) -> bool:  # sort by place, then power: stable output everywhere
        if not isinstance(other, Unit):
            return NotImplemented
        return (self.location, self.power, self.kind.value) < (other.location, other.power, other.kind.value)
