"""Orders as values, with their canonical text form.

`str(order)` gives the canonical notation (the DATC's): ``A lvp-yor``, ``A lon-bel via convoy``,
``F nth C A yor-lon``, ``A vie S A bud-gal``, ``F tri S A ven``, ``A par H``, in a retreat phase
``A par-bur`` and ``A par Disband``, in an adjustment phase ``Build A kie``, ``Remove F nth`` and
``Waive``. `pipeline.core.notation.parse_order` reads it back: ``parse(str(o)) == o``.

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

    def __str__(self) -> str:
        return f"Build {_unit(self.kind, self.at)}"


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


MovementOrder = Hold | Move | SupportHold | SupportMove | Convoy
RetreatOrder = Retreat | Disband
AdjustmentOrder = Build | Remove | Waive
Order = MovementOrder | RetreatOrder | AdjustmentOrder


def order_space(order: Order) -> str | None:
    """The space of the unit an order is for (None for a waive)."""
    at = getattr(order, "at", None)
    return space_of(at) if at is not None else None
