"""Disband: a dislodged unit leaves the board instead of retreating (``A par Disband``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from ..units import UnitKind
from .kind import ADJUSTMENT, RETREAT, Form, OrderKind, unit_text
from .presenting import Pen, Telling
from .reading import Reader

DISBAND_WORDS = frozenset({"d", "disband", "disbands"})
FORM = Form("disband", "{unit} Disband", {"unit": "unit"})


@dataclass(frozen=True, slots=True)
class Disband:
    """``A par Disband``: the dislodged unit at `at` leaves the board."""

    kind: UnitKind | None
    at: str

    def __str__(self) -> str:
        return FORM.text(unit=unit_text(self.kind, self.at))


def read(r: Reader, kind: UnitKind | None, at: str, phase: PhaseKind) -> Disband | None:
    if phase is ADJUSTMENT or not r.take(DISBAND_WORDS):
        return None  # disbanding in an adjustment phase is a removal
    r.end()
    return Disband(kind, at)


def sentence(order: Disband, s: Telling) -> str:
    return s.t.gettext("%(unit)s disbands.") % {"unit": s.subject(order.kind, order.at)}


def draw(order: Disband, pen: Pen) -> object:
    at = pen.dislodged_point(order.at) if pen.retreat else pen.start(order.kind, order.at, False)
    return pen.cross("order disband", at)


KIND = OrderKind(
    id="disband",
    order=Disband,
    forms=(FORM,),
    phases=frozenset({RETREAT}),
    group="other",
    rank=9,
    for_unit=True,
    after_unit=read,
    after_words=DISBAND_WORDS,
    keyword="Disband",
    sentence=sentence,
    draw=draw,
    for_dislodged=True,
    disbands=True,
)
