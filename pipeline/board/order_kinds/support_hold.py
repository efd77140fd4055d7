"""Support of a hold: the unit adds its strength to another unit's defence (``F tri S A ven``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..position import PhaseKind
from ..reasons import Reason
from ..units import UnitKind
from .hold import HOLD_WORDS
from .kind import MOVEMENT, Form, OrderKind, OrderT, unit_text
from .presenting import Explained, Pen, Refusal, Telling, supported
from .reading import Reader

SUPPORT_WORDS = frozenset({"s", "support", "supports", "soutient", "soutien"})
FORM = Form("support_hold", "{unit} S {other}", {"unit": "unit", "other": "other_unit"})


@dataclass(frozen=True, slots=True)
class SupportHold:
    """``F tri S A ven``: the unit at `at` supports the unit at `target` where it stands."""

    kind: UnitKind | None
    at: str
    target_kind: UnitKind | None
    target: str

    def __str__(self) -> str:
        return FORM.text(unit=unit_text(self.kind, self.at), other=unit_text(self.target_kind, self.target))


def read(r: Reader, kind: UnitKind | None, at: str, phase: PhaseKind) -> SupportHold | None:
    if not r.take(SUPPORT_WORDS):
        return None
    target_kind, target = r.unit()
    r.take(HOLD_WORDS)
    r.end()
    return SupportHold(kind, at, target_kind, target)


def sentence(order: SupportHold, s: Telling) -> str:
    return s.t.gettext("%(unit)s supports %(target)s.") % {
        "unit": s.subject(order.kind, order.at),
        "target": s.other(order.target_kind, order.target),
    }


def explain_support(order: object, refusal: Refusal) -> Explained:
    """A support refused for a conversion: a support is not converted (any support kind)."""
    return Explained("support" if refusal.reason is Reason.ILLEGAL_CONVERSION else None)


def draw(order: SupportHold, pen: Pen) -> object:
    start, target = supported(pen, order.kind, order.at, order.target_kind, order.target)
    return pen.arrow("order sup support", start, target, head=False)


def support_kind(
    order: type[OrderT],
    form: Form,
    rank: int,
    read: Callable[[Reader, UnitKind | None, str, PhaseKind], OrderT | None],
    sentence: Callable[[OrderT, Telling], str],
    draw: Callable[[OrderT, Pen], object | None],
    supports_into: Callable[[OrderT], str] | None = None,
) -> OrderKind[OrderT]:
    """A kind of support (of a hold, a move, a conversion), its id its form's: ordered after its unit with
    ``S``, listed among the supports at `rank`, its refusals explained alike."""
    return OrderKind(
        id=form.id,
        order=order,
        forms=(form,),
        phases=frozenset({MOVEMENT}),
        group="supports",
        rank=rank,
        for_unit=True,
        after_unit=read,
        after_words=SUPPORT_WORDS,
        keyword="S",
        sentence=sentence,
        explain=explain_support,
        draw=draw,
        supports_into=supports_into,
    )


KIND = support_kind(SupportHold, FORM, 2, read, sentence, draw)
