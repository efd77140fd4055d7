"""Machiavelli: besiege the garrison in the city of the unit's province (``A sie besiege``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..board import space_of
from ..position import PhaseKind
from ..reasons import Reason
from ..units import UnitKind
from .kind import MOVEMENT, Form, OrderKind, unit_text
from .presenting import Explained, Pen, Refusal, Telling
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


def sentence(order: Besiege, s: Telling) -> str:
    return s.t.gettext("%(unit)s besieges the city.") % {"unit": s.subject(order.kind, order.at)}


def explain(order: Besiege, refusal: Refusal) -> Explained:
    """An army besieging where there is no city to besiege."""
    unit = refusal.unit
    army = unit is not None and unit.kind is UnitKind.ARMY
    return Explained("besiege" if refusal.reason is Reason.ILLEGAL_NO_CITY and army else None)


def draw(order: Besiege, pen: Pen) -> object:
    space = space_of(order.at)
    return pen.arrow("order besiege", pen.label(space), pen.city(space), head=True, stop=3.5)


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
    sentence=sentence,
    explain=explain,
    draw=draw,
    besieges=True,
)
