"""Machiavelli's conversion: an army or fleet becomes the garrison of its province's city, or a garrison
an army or fleet in its province (``G gen convert A``); in a retreat phase a dislodged unit retreats into
its province's city (``A gen convert G``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..board import space_of
from ..position import PhaseKind
from ..reasons import Reason
from ..units import CITY, UnitKind
from .kind import MOVEMENT, RETREAT, Form, OrderKind, unit_text
from .presenting import Explained, Pen, Refusal, Telling
from .reading import UNIT_KINDS, Reader

CONVERT_WORDS = frozenset({"convert", "converts", "convertit", ">>>"})
FORM = Form("convert", "{unit} convert {into}", {"unit": "unit", "into": "unit_kind"})


@dataclass(frozen=True, slots=True)
class Convert:
    """``G gen convert A``: the unit at `at` becomes a unit of kind `into`."""

    kind: UnitKind | None
    at: str
    into: UnitKind

    def __str__(self) -> str:
        return FORM.text(unit=unit_text(self.kind, self.at), into=self.into.value)


def judge_conversion(r: Reader) -> bool:
    """``c`` is convoy in the DATC's notation and convert in the judge's: a unit kind alone after it converts."""
    return r.peek() == "c" and r.peek(1) in UNIT_KINDS and r.pos + 2 >= r.size


def read(r: Reader, kind: UnitKind | None, at: str, phase: PhaseKind) -> Convert | None:
    if not (r.take(CONVERT_WORDS) or (judge_conversion(r) and r.take({"c"}))):
        return None
    r.take({"to"})
    into = r.required_kind()
    if not r.at_end():  # Objectif writes the place again: G sav >>> F sav
        again = r.place()
        if space_of(again) != space_of(at):
            raise r.refuse("a unit converts in its own province")
    r.end()
    return Convert(kind, at, into)


def sentence(order: Convert, s: Telling) -> str:
    t, unit = s.t, s.subject(order.kind, order.at)
    if s.phase is RETREAT:
        return t.gettext("%(unit)s retreats into the city of its province.") % {"unit": unit}
    return {
        UnitKind.ARMY: t.gettext("%(unit)s converts into an army."),
        UnitKind.FLEET: t.gettext("%(unit)s converts into a fleet."),
        UnitKind.GARRISON: t.gettext("%(unit)s converts into a garrison."),
    }[order.into] % {"unit": unit}


def result(order: Convert, reason: Reason, s: Telling, detail: Mapping[str, str]) -> str | None:
    """A conversion bounces when its province is attacked."""
    if reason is not Reason.BOUNCED:
        return None
    against = [space for space in detail.get("against", "").split() if space]
    return s.t.gettext("Fails: the conversion is stopped by the attack of %(units)s.") % {
        "units": s.t.join([s.mover(space) for space in against])
    }


def explain(order: Convert, refusal: Refusal) -> Explained:
    """A conversion where the unit cannot be (terrain), or one the unit cannot make: into its own kind, out
    of a besieged city, or two steps at once."""
    if refusal.reason is Reason.ILLEGAL_TERRAIN:
        return Explained("convert")
    unit = refusal.unit
    if refusal.reason is not Reason.ILLEGAL_CONVERSION or unit is None:
        return Explained()
    if order.into is unit.kind:
        return Explained("same")
    space = space_of(order.at)
    garrison = refusal.position.units.get(space + CITY)
    if garrison is not None and order.kind is UnitKind.GARRISON and space in refusal.position.sieges:
        return Explained("besieged")
    return Explained("two steps")


def draw(order: Convert, pen: Pen) -> object:
    """A short curve between the province and its city, the way the unit goes."""
    space = space_of(order.at)
    if pen.retreat:
        start, end = pen.dislodged_point(order.at), pen.city(space)
    elif pen.kind_at(order.kind, order.at) is UnitKind.GARRISON:
        start, end = pen.city(space), pen.label(space)
    else:
        start, end = pen.label(space), pen.city(space)
    return pen.arrow("order convert", start, end, head=True, bend=True)


def new_kind(order: Convert) -> UnitKind:
    """The kind the converting unit becomes."""
    return order.into


KIND = OrderKind(
    id="convert",
    order=Convert,
    forms=(FORM,),
    phases=frozenset({MOVEMENT, RETREAT}),
    group="other",
    rank=6,
    for_unit=True,
    after_unit=read,
    after_words=CONVERT_WORDS | {"c"},
    keyword="convert",
    sentence=sentence,
    result=result,
    explain=explain,
    draw=draw,
    becomes=new_kind,
)
