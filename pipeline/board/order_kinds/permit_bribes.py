"""Machiavelli [M 14.7] (Objectif §6.3a d): let `power` bribe from this power's units this campaign (they
count as standing next to the target for it): ``Permit bribes florence``."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from ..reasons import Reason
from .kind import ADJUSTMENT, MOVEMENT, Form, OrderKind
from .presenting import Explained, Refusal, Telling
from .reading import Reader

PERMIT_WORDS = frozenset({"permit", "autorise", "autoriser"})
FORM = Form("permit_bribes", "Permit bribes {power}", {"power": "power"})


@dataclass(frozen=True, slots=True)
class PermitBribes:
    """``Permit bribes florence``: `power` may bribe from this power's units."""

    power: str

    def __str__(self) -> str:
        return FORM.text(power=self.power)


def read(r: Reader, phase: PhaseKind) -> PermitBribes | None:
    if not r.take(PERMIT_WORDS):
        return None
    r.take({"bribes", "bribe", "corruption", "corruptions"})
    r.take({"by", "for", "to", "a", "pour"})
    return PermitBribes(r.power())


def sentence(order: PermitBribes, s: Telling) -> str:
    return s.t.gettext("Allows %(power)s to bribe from next to its units.") % {"power": s.w.power_the(order.power)}


def explain(order: PermitBribes, refusal: Refusal) -> Explained:
    """A permission the power cannot give."""
    return Explained("permit" if refusal.reason is Reason.ILLEGAL_NOT_OWNER else None, other=order.power)


KIND = OrderKind(
    id="permit_bribes",
    order=PermitBribes,
    forms=(FORM,),
    phases=frozenset({MOVEMENT, ADJUSTMENT}),
    group="power",
    words=PERMIT_WORDS,
    read=read,
    sentence=sentence,
    explain=explain,
)
