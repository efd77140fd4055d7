"""Machiavelli: let the fleets of `power` through the straits this power's fleets close (``Ally turkey``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from .kind import MOVEMENT, Form, OrderKind
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


KIND = OrderKind(
    id="ally",
    order=Ally,
    forms=(FORM,),
    phases=frozenset({MOVEMENT}),
    group="power",
    words=ALLY_WORDS,
    read=read,
)
