"""Machiavelli: support of a garrison converting into an army or fleet, which is a move into its province
(``A per S G sie convert A``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..board import space_of
from ..position import PhaseKind
from ..units import UnitKind
from .convert import CONVERT_WORDS
from .kind import Form, unit_text
from .presenting import Pen, Telling, supported
from .reading import Reader
from .support_hold import SUPPORT_WORDS, support_kind

FORM = Form(
    "support_convert", "{unit} S {other} convert {into}", {"unit": "unit", "other": "other_unit", "into": "unit_kind"}
)


@dataclass(frozen=True, slots=True)
class SupportConvert:
    """``A per S G sie convert A``: the unit at `at` supports the conversion of the unit at `target` into `into`."""

    kind: UnitKind | None
    at: str
    target_kind: UnitKind | None
    target: str
    into: UnitKind

    def __str__(self) -> str:
        return FORM.text(
            unit=unit_text(self.kind, self.at), other=unit_text(self.target_kind, self.target), into=self.into.value
        )


def read(r: Reader, kind: UnitKind | None, at: str, phase: PhaseKind) -> SupportConvert | None:
    if not r.take(SUPPORT_WORDS):
        return None
    target_kind, target = r.unit()
    if not (r.take(CONVERT_WORDS) or r.take({"c"})):
        return None  # a support of a hold
    r.take({"to"})
    into = r.required_kind()
    r.end()
    return SupportConvert(kind, at, target_kind, target, into)


def sentence(order: SupportConvert, s: Telling) -> str:
    t = s.t
    return {
        UnitKind.ARMY: t.gettext("%(unit)s supports %(target)s converting into an army."),
        UnitKind.FLEET: t.gettext("%(unit)s supports %(target)s converting into a fleet."),
        UnitKind.GARRISON: t.gettext("%(unit)s supports %(target)s converting into a garrison."),
    }[order.into] % {"unit": s.subject(order.kind, order.at), "target": s.other(order.target_kind, order.target)}


def draw(order: SupportConvert, pen: Pen) -> object:
    start, _ = supported(pen, order.kind, order.at, order.target_kind, order.target)
    return pen.arrow("order sup support", start, pen.label(space_of(order.target)), head=False)


def supported_space(order: SupportConvert) -> str:
    """The province whose unit the support helps convert."""
    return space_of(order.target)


KIND = support_kind(SupportConvert, FORM, 4, read, sentence, draw, supported_space)
