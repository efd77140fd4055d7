"""Machiavelli: borrow from the bank for one or two years (``Borrow 10 for 2 years``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from .kind import ADJUSTMENT, MOVEMENT, Form, OrderKind
from .presenting import Telling
from .reading import Reader

BORROW_WORDS = frozenset({"borrow", "emprunte"})
ONE_YEAR = Form("borrow_one_year", "Borrow {ducats} for {years} year", {"ducats": "number", "years": "number"})
YEARS = Form("borrow", "Borrow {ducats} for {years} years", {"ducats": "number", "years": "number"})


@dataclass(frozen=True, slots=True)
class Borrow:
    """``Borrow 10 for 2 years``: `ducats` from the bank for `years` years."""

    ducats: int
    years: int

    def __str__(self) -> str:
        return (YEARS if self.years > 1 else ONE_YEAR).text(ducats=self.ducats, years=self.years)


def read(r: Reader, phase: PhaseKind) -> Borrow | None:
    if not r.take(BORROW_WORDS):
        return None
    ducats = r.amount()
    if not r.take({"for", "pour"}):
        raise r.fail("'for 1 year' or 'for 2 years'")
    years = r.number()
    if years not in (1, 2) or not r.take({"year", "years", "an", "ans"}):
        raise r.fail("'1 year' or '2 years'")
    r.end()
    return Borrow(ducats, years)


def sentence(order: Borrow, s: Telling) -> str:
    return s.t.ngettext(
        "Borrows %(amount)s from the bank for %(years)s year.",
        "Borrows %(amount)s from the bank for %(years)s years.",
        order.years,
    ) % {"amount": s.w.ducats(order.ducats), "years": order.years}


KIND = OrderKind(
    id="borrow",
    order=Borrow,
    forms=(ONE_YEAR, YEARS),
    phases=frozenset({MOVEMENT, ADJUSTMENT}),
    group="money",
    words=BORROW_WORDS,
    read=read,
    sentence=sentence,
)
