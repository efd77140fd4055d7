"""Machiavelli's conversion: an army or fleet becomes the garrison of its province's city, or a garrison
an army or fleet in its province (``G gen convert A``); in a retreat phase a dislodged unit retreats into
its province's city (``A gen convert G``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..board import space_of
from ..position import PhaseKind
from ..units import UnitKind
from .kind import MOVEMENT, RETREAT, Form, OrderKind, unit_text
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
)
