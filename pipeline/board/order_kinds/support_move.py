"""Support of a move: the unit adds its strength to another unit's move (``A vie S A bud-gal``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..board import space_of
from ..position import PhaseKind
from ..units import UnitKind
from .kind import Form, unit_text
from .presenting import Pen, Telling, aiding_line, aiding_values
from .reading import MOVE, Reader
from .support_hold import SUPPORT_WORDS, support_kind

FORM = Form("support_move", "{unit} S {other}-{to}", {"unit": "unit", "other": "other_unit", "to": "place"})


@dataclass(frozen=True, slots=True)
class SupportMove:
    """``A vie S A bud-gal``: the unit at `at` supports the move of the unit at `target` to `to`."""

    kind: UnitKind | None
    at: str
    target_kind: UnitKind | None
    target: str
    to: str

    def __str__(self) -> str:
        return FORM.text(unit=unit_text(self.kind, self.at), other=unit_text(self.target_kind, self.target), to=self.to)


def read(r: Reader, kind: UnitKind | None, at: str, phase: PhaseKind) -> SupportMove | None:
    if not r.take(SUPPORT_WORDS):
        return None
    target_kind, target = r.unit()
    if not r.take(MOVE):
        return None  # a support of a hold or of a conversion
    to = r.place()
    r.end()
    return SupportMove(kind, at, target_kind, target, to)


def sentence(order: SupportMove, s: Telling) -> str:
    return s.t.gettext("%(unit)s supports %(target)s moving %(to_place)s.") % aiding_values(order, s)


def draw(order: SupportMove, pen: Pen) -> object:
    return aiding_line(order, pen, "order sup support")


def supported_space(order: SupportMove) -> str:
    """The space the supported move goes into."""
    return space_of(order.to)


KIND = support_kind(SupportMove, FORM, 3, read, sentence, draw, supported_space)
