"""A position: the phase, the units on the board, who owns which centre, and what a retreat needs.

Positions are values: phases return new positions and never change the one they were given.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .ledger import Ledger
from .units import CITY, Unit


class PhaseKind(enum.Enum):
    MOVEMENT = "movement"
    RETREAT = "retreat"
    ADJUSTMENT = "adjustment"


@dataclass(frozen=True)
class Phase:
    season: str  # "spring", "fall" (Machiavelli adds "summer")
    year: int
    kind: PhaseKind

    def __str__(self) -> str:
        return f"{self.season.title()} {self.year} {self.kind.value.title()}"

    @classmethod
    def parse(cls, text: str) -> Phase:
        """``Spring 1901 Movement`` or ``Spring 1901, Movement``."""
        parts = text.replace(",", " ").split()
        if len(parts) != 3 or not parts[1].isdigit():
            raise ValueError(f"expected a phase such as 'Spring 1901 Movement', got {text!r}")
        return cls(parts[0].lower(), int(parts[1]), PhaseKind(parts[2].lower()))


def standing_sieges(units: Mapping[str, Unit], sieges: Mapping[str, int]) -> dict[str, int]:
    """The sieges that still stand: a garrison in the city and another power's unit in the province (a
    siege ends when its besieger or its garrison is gone, however that came about)."""
    out = {}
    for province, campaigns in sorted(sieges.items()):
        besieger, garrison = units.get(province), units.get(province + ".city")
        if besieger is not None and garrison is not None and besieger.power != garrison.power:
            out[province] = campaigns
    return out


# A Machiavelli rebellion as the position holds it: a value here, so that the position imports no family
# (the rules that raise and end rebellions: pipeline/games/machiavelli/rebellions.py).
@dataclass(frozen=True, order=True)
class Rebellion:
    """A rebellion directed at `target`, in the province and (`city`) in its city; `siege`: campaigns
    the target has besieged the rebel city so far; `suspends`: nobody controls what rebels until the
    rebellion ends (option `rebellion_suspends_control`, Objectif's reading, [M 15.11])."""

    target: str
    province: bool = True
    city: bool = False
    siege: int = 0
    suspends: bool = False


@dataclass(frozen=True)
class Dislodged:
    """A unit dislodged in the movement phase, waiting to retreat.

    `attacker_from` is the space the dislodging unit came from when it came over land (a retreat
    there is forbidden); None when it came by convoy.
    """

    unit: Unit
    attacker_from: str | None


_NO_LEDGER = Ledger()  # a value: one for every position without money (a Diplomacy game's)


@dataclass(frozen=True)
class Position:
    """Where everything stands at the start of a phase (`Position.build` makes one in its canonical order)."""

    phase: Phase
    units: Mapping[str, Unit]  # space -> unit; read-only by convention
    owners: Mapping[str, str]  # supply-centre space -> power
    dislodged: tuple[Dislodged, ...] = ()
    contested: frozenset[str] = field(default_factory=frozenset)  # spaces left empty by a standoff
    cities: Mapping[str, str] = field(default_factory=dict)  # Machiavelli: province -> controller of its city
    sieges: Mapping[str, int] = field(default_factory=dict)  # Machiavelli: province -> campaigns besieged so far
    ledger: Ledger = field(default_factory=Ledger)  # Machiavelli: treasuries and loans
    famine: frozenset[str] = frozenset()  # Machiavelli: provinces struck by famine until the end of spring
    rebellions: Mapping[str, Rebellion] = field(default_factory=dict)  # Machiavelli: province -> its rebellion
    chits: Mapping[str, frozenset[str]] = field(default_factory=dict)  # Machiavelli: power -> who it may assassinate
    # Machiavelli, Objectif's calendar: powers assassinated in the spring's adjustment phase, whose units
    # hold in that spring's moves
    struck: frozenset[str] = frozenset()

    @classmethod
    def build(
        cls,
        phase: Phase,
        units: Iterable[Unit],
        owners: Mapping[str, str] | Iterable[tuple[str, str]] = (),
        dislodged: Iterable[Dislodged] = (),
        contested: Iterable[str] = (),
        cities: Mapping[str, str] | None = None,
        sieges: Mapping[str, int] | None = None,
        ledger: Ledger | None = None,
        famine: Iterable[str] = (),
        rebellions: Mapping[str, Rebellion] | None = None,
        chits: Mapping[str, Iterable[str]] | None = None,
        struck: Iterable[str] = (),
    ) -> Position:
        by_space: dict[str, Unit] = {}
        for u in units:
            if u.space in by_space:
                raise ValueError(f"two units in {u.space}: {by_space[u.space]} and {u}")
            by_space[u.space] = u
        own = owners if isinstance(owners, Mapping) else dict(owners)
        # (the keys sorted: quicker than the items; what a Diplomacy position leaves empty is not sorted)
        return cls(
            phase,
            {space: by_space[space] for space in sorted(by_space)},
            {space: own[space] for space in sorted(own)},
            tuple(sorted(dislodged, key=lambda d: d.unit)),
            frozenset(contested),
            {province: cities[province] for province in sorted(cities)} if cities else {},
            standing_sieges(by_space, sieges) if sieges else {},
            ledger or _NO_LEDGER,
            frozenset(famine),
            {province: rebellions[province] for province in sorted(rebellions)} if rebellions else {},
            {p: frozenset(chits[p]) for p in sorted(chits)} if chits else {},
            frozenset(struck),
        )

    def at_phase(self, phase: Phase) -> Position:
        """The same units and owners in another phase, with no one waiting to retreat."""
        return Position(
            phase,
            self.units,
            self.owners,
            (),
            frozenset(),
            self.cities,
            self.sieges,
            self.ledger,
            self.famine,
            self.rebellions,
            self.chits,
            self.struck,
        )

    def with_ledger(self, ledger: Ledger) -> Position:
        return dataclasses.replace(self, ledger=ledger)

    def occupied(self, province: str) -> bool:
        """Does a unit stand in the province or in its city?"""
        return province in self.units or province + CITY in self.units

    def unit_at(self, space: str) -> Unit | None:
        return self.units.get(space)

    def units_of(self, power: str) -> list[Unit]:
        return [u for u in self.units.values() if u.power == power]

    def centres_of(self, power: str) -> list[str]:
        return [s for s, p in self.owners.items() if p == power]
