"""Remove: in an adjustment phase, a unit leaves the board (``Remove F nth``; ``F nth Disband`` too)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from ..reasons import Reason
from ..units import UnitKind
from .disband import DISBAND_WORDS
from .kind import ADJUSTMENT, Form, OrderKind, unit_text
from .presenting import Explained, Pen, Refusal, Telling
from .reading import Reader

REMOVE_WORDS = frozenset({"remove", "removes"})
FORM = Form("remove", "Remove {unit}", {"unit": "unit"})


@dataclass(frozen=True, slots=True)
class Remove:
    """``Remove F nth``: the unit at `at` leaves the board in an adjustment phase."""

    kind: UnitKind | None
    at: str

    def __str__(self) -> str:
        return FORM.text(unit=unit_text(self.kind, self.at))


def read(r: Reader, phase: PhaseKind) -> Remove | None:
    if not (r.take(REMOVE_WORDS) or (phase is ADJUSTMENT and r.take(DISBAND_WORDS))):
        return None
    kind, at = r.unit()
    r.end()
    return Remove(kind, at)


def read_after_unit(r: Reader, kind: UnitKind | None, at: str, phase: PhaseKind) -> Remove | None:
    if phase is not ADJUSTMENT or not r.take(DISBAND_WORDS):
        return None
    r.end()
    return Remove(kind, at)


def sentence(order: Remove, s: Telling) -> str:
    return s.t.gettext("%(unit)s is removed.") % {"unit": s.subject(order.kind, order.at)}


def explain_adjustment(order: object, refusal: Refusal) -> Explained:
    """An order of the adjustments about a unit (kept, removed) given out of them."""
    out_of_phase = refusal.reason is Reason.ILLEGAL_WRONG_PHASE and refusal.phase is not ADJUSTMENT
    return Explained("adjust" if out_of_phase else None)


def draw(order: Remove, pen: Pen) -> object:
    at = pen.dislodged_point(order.at) if pen.retreat else pen.start(order.kind, order.at, False)
    return pen.cross("order remove", at)


KIND = OrderKind(
    id="remove",
    order=Remove,
    forms=(FORM,),
    phases=frozenset({ADJUSTMENT}),
    group="adjust",
    rank=9,
    for_unit=True,
    words=REMOVE_WORDS | DISBAND_WORDS,
    read=read,
    after_unit=read_after_unit,
    after_words=DISBAND_WORDS,
    keyword="Disband",
    sentence=sentence,
    explain=explain_adjustment,
    draw=draw,
    removes=True,
)
