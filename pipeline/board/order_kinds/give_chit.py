"""Machiavelli (judge): give one's assassination chit against `victim` to the power `to` (``Give milan to
venice``: the same words as a payment, with a power where the ducats would be)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from ..reasons import Reason
from .kind import ADJUSTMENT, MOVEMENT, Form, OrderKind
from .pay import PAY_WORDS
from .presenting import Explained, Refusal, Telling
from .reading import Reader

FORM = Form("give_chit", "Give {victim} to {to}", {"victim": "power", "to": "power"})


@dataclass(frozen=True, slots=True)
class GiveChit:
    """``Give milan to venice``: the chit against `victim` given to the power `to`."""

    victim: str
    to: str

    def __str__(self) -> str:
        return FORM.text(victim=self.victim, to=self.to)


def read(r: Reader, phase: PhaseKind) -> GiveChit | None:
    if not r.take(PAY_WORDS) or r.at_end() or r.peek().isdigit():
        return None  # ducats: a payment
    r.take({"chit", "jeton"})
    rest = r.words[r.pos : r.size]
    if "to" not in rest and "a" not in rest:
        raise r.fail("'<power> to <power>': whose chit, and to whom")
    split = r.pos + min(rest.index(w) for w in ("to", "a") if w in rest)
    victim = r.power_named(" ".join(r.tokens[r.pos : split]))
    r.pos = split + 1
    return GiveChit(victim, r.power())


def sentence(order: GiveChit, s: Telling) -> str:
    return s.t.gettext("Gives its assassination chit against %(victim)s %(to_power)s.") % {
        "victim": s.w.power_the(order.victim),
        "to_power": s.w.power_to(order.to),
    }


def explain(order: GiveChit, refusal: Refusal) -> Explained:
    """A chit the power cannot give (it names the recipient), or has not (it names the victim)."""
    reason = refusal.reason
    other = order.victim if reason is Reason.NO_CHIT else order.to
    return Explained("chit" if reason is Reason.ILLEGAL_NOT_OWNER else None, other=other)


KIND = OrderKind(
    id="give_chit",
    order=GiveChit,
    forms=(FORM,),
    phases=frozenset({MOVEMENT, ADJUSTMENT}),
    group="power",
    words=PAY_WORDS,
    read=read,
    sentence=sentence,
    explain=explain,
)
