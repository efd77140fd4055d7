"""Build: a new unit in a home supply centre (``Build A kie``); Machiavelli's special units are built by
name (``Build militia A flo``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from ..units import UnitKind
from .kind import ADJUSTMENT, Form, OrderKind, unit_text
from .reading import UNIT_KINDS, Reader

BUILD_WORDS = frozenset({"build", "builds"})
# the judge's names of the special units: ``militia``, ``elite mercenary``, ``ep``...
SPECIAL_WORDS = {
    "militia": frozenset({"militia", "cm", "milice"}),
    "mercenaries": frozenset({"mercenaries", "mercenary", "em", "mercenaires"}),
    "professionals": frozenset({"professionals", "professional", "ep"}),
}
FORM = Form("build", "Build {unit}", {"unit": "new_unit"})
SPECIAL = Form("build_special", "Build {special} {unit}", {"special": "special", "unit": "new_unit"})


@dataclass(frozen=True, slots=True)
class Build:
    """``Build A kie``: a new unit of `kind` at `at` (a special unit named by `special`)."""

    kind: UnitKind | None
    at: str
    special: str | None = None  # Machiavelli: militia, mercenaries, professionals

    def __str__(self) -> str:
        unit = unit_text(self.kind, self.at)
        return SPECIAL.text(special=self.special, unit=unit) if self.special else FORM.text(unit=unit)


def _special_word(word: str) -> bool:
    return word in {"elite", "citizen's", "citizens"} or any(word in words for words in SPECIAL_WORDS.values())


def _special(r: Reader) -> str | None:
    r.take({"elite", "citizen's", "citizens"})
    for name, words in SPECIAL_WORDS.items():
        if r.take(words):
            return name
    return None


def read(r: Reader, phase: PhaseKind) -> Build | None:
    """``Build A kie``; the judge's ``b a kie`` too, which in another phase is read as a build (refused there
    as a build out of its phase) when a unit follows, rather than as a unit at a place ``b``."""
    written_b = r.peek() == "b" and (phase is ADJUSTMENT or r.peek(1) in UNIT_KINDS or _special_word(r.peek(1)))
    if not (r.take(BUILD_WORDS) or (written_b and r.take({"b"}))):
        return None
    special = _special(r)
    kind, at = r.unit()
    r.end()
    return Build(kind, at, special)


KIND = OrderKind(
    id="build",
    order=Build,
    forms=(FORM, SPECIAL),
    phases=frozenset({ADJUSTMENT}),
    group="build",
    words=BUILD_WORDS | {"b"},
    read=read,
)
