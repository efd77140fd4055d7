"""Machiavelli: pay the bank (repaying loans early) or give ducats to another power (``Pay 5 to bank``,
``Pay 3 to venice``); one payment per recipient, ``Pay 0 ducats to Milan`` none."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from ..reasons import Reason
from .kind import ADJUSTMENT, MOVEMENT, Form, OrderKind
from .presenting import Explained, Refusal, Telling
from .reading import Reader

PAY_WORDS = frozenset({"pay", "give", "loan", "paie", "donne"})
BANK = "bank"
FORM = Form("pay", "Pay {ducats} to {to}", {"ducats": "number", "to": "power_or_bank"})


@dataclass(frozen=True, slots=True)
class Pay:
    """``Pay 5 to bank``: `ducats` paid to `to` (the bank or a power)."""

    ducats: int
    to: str  # "bank" or a power id

    def __str__(self) -> str:
        return FORM.text(ducats=self.ducats, to=self.to)


def read(r: Reader, phase: PhaseKind) -> Pay | None:
    if not r.take(PAY_WORDS):
        return None
    ducats = r.amount()
    if not r.take({"to", "a"}):
        raise r.fail("'to' and 'bank' or a power")
    if r.take({"bank", "banque", "la"}):
        r.take({"banque"})
        r.end()
        return Pay(ducats, BANK)
    return Pay(ducats, r.power())


def sentence(order: Pay, s: Telling) -> str:
    t, w = s.t, s.w
    if order.to == BANK:
        return t.gettext("Pays %(amount)s to the bank.") % {"amount": w.ducats(order.ducats)}
    return t.gettext("Gives %(amount)s %(to_power)s.") % {
        "amount": w.ducats(order.ducats),
        "to_power": w.power_to(order.to),
    }


def explain(order: Pay, refusal: Refusal) -> Explained:
    """A payment to whom the power cannot pay, or a second one to the same."""
    paying = refusal.reason in (Reason.ILLEGAL_NOT_OWNER, Reason.ILLEGAL_DUPLICATE)
    return Explained("pay" if paying else None, other=order.to)


KIND = OrderKind(
    id="pay",
    order=Pay,
    forms=(FORM,),
    phases=frozenset({MOVEMENT, ADJUSTMENT}),
    group="money",
    words=PAY_WORDS,
    read=read,
    slot=lambda order: order.to,  # one payment per recipient: a second is refused
    clears=lambda order: order.ducats == 0,  # ``Pay 0 ducats to Milan``: no payment to Milan
    sentence=sentence,
    explain=explain,
)
