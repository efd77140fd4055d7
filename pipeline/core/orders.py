"""Orders as values, with their canonical text form.

`str(order)` gives the canonical notation (the DATC's): ``A lvp-yor``, ``A lon-bel via convoy``,
``F nth C A yor-lon``, ``A vie S A bud-gal``, ``F tri S A ven``, ``A par H``, in a retreat phase
``A par-bur`` and ``A par Disband``, in an adjustment phase ``Build A kie``, ``Remove F nth`` and
``Waive``. Machiavelli adds ``G gen convert A``, ``A per S G sie convert A``, ``A sie besiege``,
``A sie lift`` and ``Ally turkey``. `pipeline.core.notation.parse_order` reads it back: ``parse(str(o)) == o``.

`kind` is the unit kind as written; it may be None where the notation allows leaving it out.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import space_of
from .units import UnitKind


def _unit(kind: UnitKind | None, at: str) -> str:
    return f"{kind.value} {at}" if kind else at


@dataclass(frozen=True, slots=True)
class Hold:
    kind: UnitKind | None
    at: str

    def __str__(self) -> str:
        return f"{_unit(self.kind, self.at)} H"


@dataclass(frozen=True, slots=True)
class Move:
    kind: UnitKind | None
    at: str
    to: str
    via_convoy: bool = False

    def __str__(self) -> str:
        return f"{_unit(self.kind, self.at)}-{self.to}" + (" via convoy" if self.via_convoy else "")


@dataclass(frozen=True, slots=True)
class SupportHold:
    kind: UnitKind | None
    at: str
    target_kind: UnitKind | None
    target: str

    def __str__(self) -> str:
        return f"{_unit(self.kind, self.at)} S {_unit(self.target_kind, self.target)}"


@dataclass(frozen=True, slots=True)
class SupportMove:
    kind: UnitKind | None
    at: str
    target_kind: UnitKind | None
    target: str
    to: str

    def __str__(self) -> str:
        return f"{_unit(self.kind, self.at)} S {_unit(self.target_kind, self.target)}-{self.to}"


@dataclass(frozen=True, slots=True)
class Convoy:
    kind: UnitKind | None
    at: str
    target_kind: UnitKind | None
    target: str
    to: str

    def __str__(self) -> str:
        return f"{_unit(self.kind, self.at)} C {_unit(self.target_kind, self.target)}-{self.to}"


@dataclass(frozen=True, slots=True)
class Convert:
    """Machiavelli: an army or fleet becomes the garrison of its province's city, or a garrison an army or
    fleet in its province (in a retreat phase: a dislodged unit retreats into its province's city)."""

    kind: UnitKind | None
    at: str
    into: UnitKind

    def __str__(self) -> str:
        return f"{_unit(self.kind, self.at)} convert {self.into.value}"


@dataclass(frozen=True, slots=True)
class SupportConvert:
    """Machiavelli: support a garrison converting into an army or fleet (a move into its province)."""

    kind: UnitKind | None
    at: str
    target_kind: UnitKind | None
    target: str
    into: UnitKind

    def __str__(self) -> str:
        return f"{_unit(self.kind, self.at)} S {_unit(self.target_kind, self.target)} convert {self.into.value}"


@dataclass(frozen=True, slots=True)
class Besiege:
    """Machiavelli: besiege the garrison in the city of the unit's province."""

    kind: UnitKind | None
    at: str

    def __str__(self) -> str:
        return f"{_unit(self.kind, self.at)} besiege"


@dataclass(frozen=True, slots=True)
class LiftSiege:
    kind: UnitKind | None
    at: str

    def __str__(self) -> str:
        return f"{_unit(self.kind, self.at)} lift"


@dataclass(frozen=True, slots=True)
class Ally:
    """Machiavelli: let the fleets of `power` through the straits this power's fleets close."""

    power: str

    def __str__(self) -> str:
        return f"Ally {self.power}"


@dataclass(frozen=True, slots=True)
class Borrow:
    """Machiavelli: borrow from the bank for one or two years."""

    ducats: int
    years: int

    def __str__(self) -> str:
        return f"Borrow {self.ducats} for {self.years} year{'s' if self.years > 1 else ''}"


@dataclass(frozen=True, slots=True)
class Pay:
    """Machiavelli: pay the bank (repaying loans early) or give ducats to another power."""

    ducats: int
    to: str  # "bank" or a power id

    def __str__(self) -> str:
        return f"Pay {self.ducats} to {self.to}"


@dataclass(frozen=True, slots=True)
class PermitBribes:
    """Machiavelli [M 14.7] (Objectif §6.3a d): let `power` bribe from this power's units this campaign (they count
    as standing next to the target for it)."""

    power: str

    def __str__(self) -> str:
        return f"Permit bribes {self.power}"


@dataclass(frozen=True, slots=True)
class GiveChit:
    """Machiavelli (judge): give one's assassination chit against `victim` to the power `to`."""

    victim: str
    to: str

    def __str__(self) -> str:
        return f"Give {self.victim} to {self.to}"


@dataclass(frozen=True, slots=True)
class Expense:
    """Machiavelli: an expense of the campaign, numbered. `kind` is one of famine relief, pacify,
    rebellion, assassinate, counter-bribe, disband, buy, to autonomous; the target is a province (the
    first three), a power (assassinate) or a unit."""

    number: int
    ducats: int
    kind: str
    target_kind: UnitKind | None
    target: str

    def __str__(self) -> str:
        return f"Expense {self.number}: {self.ducats} {self.kind} {_unit(self.target_kind, self.target)}"


@dataclass(frozen=True, slots=True)
class Retreat:
    kind: UnitKind | None
    at: str
    to: str

    def __str__(self) -> str:
        return f"{_unit(self.kind, self.at)}-{self.to}"


@dataclass(frozen=True, slots=True)
class Disband:
    kind: UnitKind | None
    at: str

    def __str__(self) -> str:
        return f"{_unit(self.kind, self.at)} Disband"


@dataclass(frozen=True, slots=True)
class Build:
    kind: UnitKind | None
    at: str
    special: str | None = None  # Machiavelli: militia, mercenaries, professionals

    def __str__(self) -> str:
        special = f"{self.special} " if self.special else ""
        return f"Build {special}{_unit(self.kind, self.at)}"


@dataclass(frozen=True, slots=True)
class Maintain:
    """Machiavelli: keep a unit for another year, paying for it."""

    kind: UnitKind | None
    at: str

    def __str__(self) -> str:
        return f"Maintain {_unit(self.kind, self.at)}"


@dataclass(frozen=True, slots=True)
class Remove:
    kind: UnitKind | None
    at: str

    def __str__(self) -> str:
        return f"Remove {_unit(self.kind, self.at)}"


@dataclass(frozen=True, slots=True)
class Waive:
    def __str__(self) -> str:
        return "Waive"


MovementOrder = Hold | Move | SupportHold | SupportMove | Convoy | Convert | SupportConvert | Besiege | LiftSiege
RetreatOrder = Retreat | Disband | Convert
AdjustmentOrder = Build | Remove | Waive | Maintain
MoneyOrder = Borrow | Pay | Expense | GiveChit | PermitBribes
Order = MovementOrder | RetreatOrder | AdjustmentOrder | Ally | MoneyOrder


def order_space(order: Order) -> str | None:
    """The space of the unit an order is for (None for a waive)."""
    at = getattr(order, "at", None)
    return space_of(at) if at is not None else None


# the same unions as tuples, for isinstance checks
MOVEMENT_KINDS = (Hold, Move, SupportHold, SupportMove, Convoy, Convert, SupportConvert, Besiege, LiftSiege)
MONEY_KINDS = (Borrow, Pay, Expense, GiveChit, PermitBribes)
