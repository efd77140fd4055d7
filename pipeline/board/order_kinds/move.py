"""Move: a unit goes to a neighbouring place (``A lvp-yor``), an army also by convoy (``A lon-bel via
convoy``; the judge's ``A sal - gon - ion - dur`` names the route)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..board import space_of
from ..position import PhaseKind
from ..reasons import Reason
from ..units import UnitKind
from .convoy import CONVOY_WORDS
from .kind import MOVEMENT, RETREAT, Form, OrderKind, unit_text
from .presenting import Explained, Pen, Refusal, Telling
from .reading import MOVE, Reader

RETREAT_WORDS = frozenset({"r", "retreat", "retreats"})
FORM = Form("move", "{unit}-{to}", {"unit": "unit", "to": "place"})
BY_CONVOY = Form("move_convoy", "{unit}-{to} via convoy", {"unit": "unit", "to": "place"})


@dataclass(frozen=True, slots=True)
class Move:
    """``A lvp-yor``: the unit at `at` moves to `to`, by convoy if `via_convoy`."""

    kind: UnitKind | None
    at: str
    to: str
    via_convoy: bool = False

    def __str__(self) -> str:
        return (BY_CONVOY if self.via_convoy else FORM).text(unit=unit_text(self.kind, self.at), to=self.to)


def read_destination(r: Reader) -> tuple[str, bool]:
    """Where a move goes, after its dash, and whether it says it goes by convoy (``via convoy``, or a route
    of more than one place)."""
    r.take({"to"})  # "move to"
    route = [r.place()]
    while r.take(MOVE):  # the judge's convoy route: A sal - gon - ion - dur
        route.append(r.place())
    via = len(route) > 1
    if r.take({"via"}):
        if not r.take(CONVOY_WORDS):
            raise r.fail("'convoy' after 'via'")
        via = True
    r.end()
    return route[-1], via


def read(r: Reader, kind: UnitKind | None, at: str, phase: PhaseKind) -> Move | None:
    if phase is RETREAT or not r.take(MOVE | RETREAT_WORDS):
        return None  # a dash in a retreat phase is a retreat
    to, via = read_destination(r)
    return Move(kind, at, to, via)


def sentence(order: Move, s: Telling) -> str:
    t = s.t
    text = (
        t.gettext("%(unit)s moves %(to_place)s by convoy.")
        if order.via_convoy
        else t.gettext("%(unit)s moves %(to_place)s.")
    )
    return text % {"unit": s.subject(order.kind, order.at), "to_place": s.w.to(order.to)}


def result(order: Move, reason: Reason, s: Telling, detail: Mapping[str, str]) -> str | None:
    """A bounce names the unit that held the destination apart from those that moved with it."""
    return s.bounced(detail, space_of(order.to)) if reason is Reason.BOUNCED else None


def explain(order: Move, refusal: Refusal) -> Explained:
    own_space_or_not_convoyable = (Reason.ILLEGAL_OWN_SPACE, Reason.ILLEGAL_NOT_CONVOYABLE)
    return Explained("move" if refusal.reason in own_space_or_not_convoyable else None)


def draw(order: Move, pen: Pen) -> object:
    css = "order move convoyed" if order.via_convoy else "order move"
    return pen.arrow(css, pen.start(order.kind, order.at, pen.retreat), pen.place(order.to), head=True)


def destination(order: Move) -> str:
    """Where the move sends its unit."""
    return order.to


KIND = OrderKind(
    id="move",
    order=Move,
    forms=(FORM, BY_CONVOY),
    phases=frozenset({MOVEMENT}),
    group="moves",
    rank=1,
    for_unit=True,
    after_unit=read,
    after_words=MOVE | RETREAT_WORDS,
    keyword="-",
    sentence=sentence,
    result=result,
    explain=explain,
    draw=draw,
    moves_to=destination,
)
