"""Hold: the unit stays and defends its place (``A par H``; ``A par`` alone holds too)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from ..units import UnitKind
from .kind import MOVEMENT, Form, OrderKind, unit_text
from .presenting import Telling
from .reading import Reader

HOLD_WORDS = frozenset({"h", "hold", "holds", "stand", "stands", "xxx", "tient", "reste"})
FORM = Form("hold", "{unit} H", {"unit": "unit"})


@dataclass(frozen=True, slots=True)
class Hold:
    """``A par H``: the unit at `at` holds."""

    kind: UnitKind | None
    at: str

    def __str__(self) -> str:
        return FORM.text(unit=unit_text(self.kind, self.at))


def read(r: Reader, kind: UnitKind | None, at: str, phase: PhaseKind) -> Hold:
    r.take(HOLD_WORDS)
    r.end()
    return Hold(kind, at)


def sentence(order: Hold, s: Telling) -> str:
    return s.t.gettext("%(unit)s holds.") % {"unit": s.subject(order.kind, order.at)}


KIND = OrderKind(
    id="hold",
    order=Hold,
    forms=(FORM,),
    phases=frozenset({MOVEMENT}),
    group="hold",
    rank=0,
    for_unit=True,
    after_unit=read,
    after_words=HOLD_WORDS | {""},
    keyword="H",
    sentence=sentence,
    holds=True,
)
