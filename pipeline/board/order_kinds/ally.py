"""Machiavelli: let the fleets of `power` through the straits this power's fleets close (``Ally turkey``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from ..reasons import Reason
from .kind import MOVEMENT, Form, OrderKind
from .presenting import Explained, Refusal, Telling
from .reading import Reader

ALLY_WORDS = frozenset({"ally", "allow", "alliance", "allie"})
FORM = Form("ally", "Ally {power}", {"power": "power"})


@dataclass(frozen=True, slots=True)
class Ally:
    """``Ally turkey``: the fleets of `power` may pass the straits this power's fleets close."""

    power: str

    def __str__(self) -> str:
        return FORM.text(power=self.power)


def read(r: Reader, phase: PhaseKind) -> Ally | None:
    if not r.take(ALLY_WORDS):
        return None
    r.take({"with"})
    return Ally(r.power())


def sentence(order: Ally, s: Telling) -> str:
    return s.t.gettext("Lets the units %(of_power)s count as allies.") % {"of_power": s.w.power_of(order.power)}


def explain(order: Ally, refusal: Refusal) -> Explained:
    """An ally that is no power of the game."""
    return Explained("ally" if refusal.reason is Reason.ILLEGAL_NOT_OWNER else None, other=order.power)


KIND = OrderKind(
    id="ally",
    order=Ally,
    forms=(FORM,),
    phases=frozenset({MOVEMENT}),
    group="power",
    words=ALLY_WORDS,
    read=read,
    sentence=sentence,
    explain=explain,
)
