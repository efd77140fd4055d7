"""Retreat: a dislodged unit goes to a neighbouring place (``A par-bur`` in a retreat phase)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from ..reasons import Reason
from ..units import UnitKind
from .kind import RETREAT, Form, OrderKind, unit_text
from .move import RETREAT_WORDS, read_destination
from .presenting import Explained, Pen, Refusal, Telling
from .reading import MOVE, Reader

FORM = Form("retreat", "{unit}-{to}", {"unit": "unit", "to": "place"})


@dataclass(frozen=True, slots=True)
class Retreat:
    """``A par-bur`` in a retreat phase: the dislodged unit at `at` retreats to `to`."""

    kind: UnitKind | None
    at: str
    to: str

    def __str__(self) -> str:
        return FORM.text(unit=unit_text(self.kind, self.at), to=self.to)


def read(r: Reader, kind: UnitKind | None, at: str, phase: PhaseKind) -> Retreat | None:
    if phase is not RETREAT or not r.take(MOVE | RETREAT_WORDS):
        return None
    to, via = read_destination(r)
    if via:
        raise r.refuse("a retreat cannot go by convoy")
    return Retreat(kind, at, to)


def sentence(order: Retreat, s: Telling) -> str:
    return s.t.gettext("%(unit)s retreats %(to_place)s.") % {
        "unit": s.subject(order.kind, order.at),
        "to_place": s.w.to(order.to),
    }


def explain(order: Retreat, refusal: Refusal) -> Explained:
    return Explained("move" if refusal.reason is Reason.ILLEGAL_OWN_SPACE else None)


def draw(order: Retreat, pen: Pen) -> object:
    return pen.arrow("order retreat", pen.start(order.kind, order.at, pen.retreat), pen.place(order.to), head=True)


def destination(order: Retreat) -> str:
    """Where the retreat sends its dislodged unit."""
    return order.to


KIND = OrderKind(
    id="retreat",
    order=Retreat,
    forms=(FORM,),
    phases=frozenset({RETREAT}),
    group="moves",
    rank=1,
    for_unit=True,
    after_unit=read,
    after_words=MOVE | RETREAT_WORDS,
    keyword="-",
    sentence=sentence,
    explain=explain,
    draw=draw,
    for_dislodged=True,
    retreats_to=destination,
)
