"""Machiavelli: lift the siege the unit keeps (``A sie lift``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from ..units import UnitKind
from .kind import MOVEMENT, Form, OrderKind, unit_text
from .presenting import Telling
from .reading import Reader

LIFT_WORDS = frozenset({"l", "lift", "lifts", "leve"})
_TAIL = frozenset({"siege", "le"})  # "lift siege", "lève le siège"
FORM = Form("lift_siege", "{unit} lift", {"unit": "unit"})


@dataclass(frozen=True, slots=True)
class LiftSiege:
    """``A sie lift``: the unit at `at` lifts its siege."""

    kind: UnitKind | None
    at: str

    def __str__(self) -> str:
        return FORM.text(unit=unit_text(self.kind, self.at))


def read(r: Reader, kind: UnitKind | None, at: str, phase: PhaseKind) -> LiftSiege | None:
    if not r.take(LIFT_WORDS):
        return None
    while r.take(_TAIL):
        pass
    r.end()
    return LiftSiege(kind, at)


def sentence(order: LiftSiege, s: Telling) -> str:
    return s.t.gettext("%(unit)s lifts the siege.") % {"unit": s.subject(order.kind, order.at)}


KIND = OrderKind(
    id="lift_siege",
    order=LiftSiege,
    forms=(FORM,),
    phases=frozenset({MOVEMENT}),
    group="other",
    rank=8,
    for_unit=True,
    after_unit=read,
    after_words=LIFT_WORDS,
    keyword="lift",
    sentence=sentence,
    lifts_siege=True,
)
