"""Machiavelli: keep a unit for another year, paying for it (``Maintain A flo``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..position import PhaseKind
from ..reasons import Reason
from ..units import UnitKind
from .kind import ADJUSTMENT, Form, OrderKind, unit_text
from .presenting import Pen, Telling
from .reading import Reader
from .remove import explain_adjustment

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


def sentence(order: Maintain, s: Telling) -> str:
    return s.t.gettext("%(unit)s is kept and paid for.") % {"unit": s.subject(order.kind, order.at)}


def result(order: Maintain, reason: Reason, s: Telling, detail: Mapping[str, str]) -> str | None:
    """A unit not paid for is removed."""
    if reason is not Reason.NO_FUNDS:
        return None
    return s.t.gettext("Fails: not enough ducats in the treasury; the unit is removed.")


def draw(order: Maintain, pen: Pen) -> object | None:
    """A unit kept is drawn as it stands; one that could not be, crossed out."""
    return pen.cross("order maintain failed", pen.start(order.kind, order.at, False)) if pen.failed else None


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
    sentence=sentence,
    result=result,
    explain=explain_adjustment,
    draw=draw,
    keeps=True,
)
