"""Machiavelli: keep a unit for another year, paying for it (``Maintain A flo``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from ..units import UnitKind
from .kind import ADJUSTMENT, Form, OrderKind, unit_text
from .reading import Reader

MAINTAIN_WORDS = frozenset({"maintain", "maintains", "m", "entretient"})
FORM = Form("maintain", "Maintain {unit}", {"unit": "unit"})


@dataclass(frozen=True, slots=True)
class Maintain:
    """``Maintain A flo``: the unit at `at` is kept and paid for."""

    kind: UnitKind | None
    at: str

    def __str__(self) -> str:
        return FORM.text(unit=unit_text(self.kind, self.at))


def read(r: Reader, phase: PhaseKind) -> Maintain | None:
    if phase is not ADJUSTMENT or not r.take(MAINTAIN_WORDS):
        return None  # "m" is also a move
    kind, at = r.unit()
    r.end()
    return Maintain(kind, at)


KIND = OrderKind(
    id="maintain",
    order=Maintain,
    forms=(FORM,),
    phases=frozenset({ADJUSTMENT}),
    group="adjust",
    rank=0,
    for_unit=True,
    words=MAINTAIN_WORDS,
    read=read,
)
