"""Build: a new unit in a home supply centre (``Build A kie``); Machiavelli's special units are built by
name (``Build militia A flo``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..board import space_of
from ..position import PhaseKind
from ..reasons import Reason
from ..units import UnitKind
from .kind import ADJUSTMENT, Form, OrderKind, unit_text
from .presenting import Explained, Pen, Refusal, Telling
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


def sentence(order: Build, s: Telling) -> str:
    t, w = s.t, s.w
    built = w.new_unit(order.kind, order.at)
    if order.special:
        return t.gettext("Builds %(unit)s (%(special)s).") % {"unit": built, "special": w.special(order.special)}
    return t.gettext("Builds %(unit)s.") % {"unit": built}


_BUILD_CASES = (Reason.ILLEGAL_WRONG_KIND, Reason.ILLEGAL_WRONG_COAST, Reason.ILLEGAL_TERRAIN)


def explain(order: Build, refusal: Refusal) -> Explained:
    """A build given out of the adjustments, of a unit it cannot build there, or beyond what a power may
    have: a second special unit, or more units than the rules allow."""
    reason = refusal.reason
    if reason in _BUILD_CASES or (reason is Reason.ILLEGAL_WRONG_PHASE and refusal.phase is not ADJUSTMENT):
        return Explained("build")
    if reason is not Reason.NO_BUILD_ALLOWED:
        return Explained()
    units = [u for u in refusal.position.units.values() if u.power == refusal.power]
    if order.special and any(u.special for u in units):
        return Explained("special")
    return Explained("limit" if refusal.units_limited else "")


def explain_waive(order: object, refusal: Refusal) -> Explained:
    """A build or a waived build given out of the adjustments."""
    out_of_phase = refusal.reason is Reason.ILLEGAL_WRONG_PHASE and refusal.phase is not ADJUSTMENT
    return Explained("build" if out_of_phase else None)


def draw(order: Build, pen: Pen) -> object | None:
    if space_of(order.at) not in pen.spaces:
        return None
    return pen.build(order.kind, pen.unit_point(order.kind, order.at))


KIND = OrderKind(
    id="build",
    order=Build,
    forms=(FORM, SPECIAL),
    phases=frozenset({ADJUSTMENT}),
    group="build",
    words=BUILD_WORDS | {"b"},
    read=read,
    sentence=sentence,
    explain=explain,
    draw=draw,
    builds=True,
)
