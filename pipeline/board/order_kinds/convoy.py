"""Convoy: a fleet carries an army across its sea (``F nth C A lon-bel``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from ..reasons import Reason
from ..units import UnitKind
from .convert import judge_conversion
from .kind import MOVEMENT, Form, OrderKind, unit_text
from .presenting import Explained, Pen, Refusal, Telling, aiding_line, aiding_values
from .reading import MOVE, Reader

CONVOY_WORDS = frozenset({"c", "convoy", "convoys", "t", "transport", "transports", "convoie", "transporte"})
FORM = Form("convoy", "{unit} C {other}-{to}", {"unit": "unit", "other": "other_unit", "to": "place"})


@dataclass(frozen=True, slots=True)
class Convoy:
    """``F nth C A lon-bel``: the fleet at `at` carries the army at `target` to `to`."""

    kind: UnitKind | None
    at: str
    target_kind: UnitKind | None
    target: str
    to: str

    def __str__(self) -> str:
        return FORM.text(unit=unit_text(self.kind, self.at), other=unit_text(self.target_kind, self.target), to=self.to)


def read(r: Reader, kind: UnitKind | None, at: str, phase: PhaseKind) -> Convoy | None:
    if judge_conversion(r) or not r.take(CONVOY_WORDS):
        return None
    target_kind, target = r.unit()
    if not r.take(MOVE):
        raise r.fail("'-' and the army's destination")
    to = r.place()
    r.end()
    return Convoy(kind, at, target_kind, target, to)


def sentence(order: Convoy, s: Telling) -> str:
    return s.t.gettext("%(unit)s convoys %(target)s %(to_place)s.") % aiding_values(order, s)


def explain(order: Convoy, refusal: Refusal) -> Explained:
    """A convoy to its own place, of what a fleet at sea cannot carry ("target") or by a unit that cannot
    convoy, or along no route."""
    reason, unit = refusal.reason, refusal.unit
    if reason is Reason.ILLEGAL_OWN_SPACE or reason is Reason.ILLEGAL_NO_CONVOY_ROUTE:
        return Explained("convoy")
    if reason is Reason.ILLEGAL_NOT_CONVOYABLE and unit is not None:
        at_sea = unit.kind is UnitKind.FLEET and refusal.board.can_convoy_from(unit.space)
        return Explained("target" if at_sea else "convoy")
    return Explained()


def draw(order: Convoy, pen: Pen) -> object:
    return aiding_line(order, pen, "order cvy convoy")


KIND = OrderKind(
    id="convoy",
    order=Convoy,
    forms=(FORM,),
    phases=frozenset({MOVEMENT}),
    group="convoys",
    rank=5,
    for_unit=True,
    after_unit=read,
    after_words=CONVOY_WORDS,
    keyword="C",
    sentence=sentence,
    explain=explain,
    draw=draw,
)
