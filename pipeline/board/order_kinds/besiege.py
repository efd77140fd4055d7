"""Machiavelli: besiege the garrison in the city of the unit's province (``A sie besiege``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from ..units import UnitKind
from .kind import MOVEMENT, Form, OrderKind, unit_text
from .reading import Reader

BESIEGE_WORDS = frozenset({"b", "besiege", "besieges", "siege", "as1", "as2", "assiege"})
FORM = Form("besiege", "{unit} besiege", {"unit": "unit"})


@dataclass(frozen=True, slots=True)
class Besiege:
    """``A sie besiege``: the unit at `at` besieges the city of its province."""

    kind: UnitKind | None
    at: str

    def __str__(self) -> str:
        return FORM.text(unit=unit_text(self.kind, self.at))


def read(r: Reader, kind: UnitKind | None, at: str, phase: PhaseKind) -> Besiege | None:
    if not r.take(BESIEGE_WORDS):
        return None
    r.end()
    return Besiege(kind, at)


KIND = OrderKind(
    id="besiege",
    order=Besiege,
    forms=(FORM,),
    phases=frozenset({MOVEMENT}),
    group="other",
    rank=7,
    for_unit=True,
    after_unit=read,
    after_words=BESIEGE_WORDS,
    keyword="besiege",
)
