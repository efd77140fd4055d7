"""Waive: give up one build due (``Waive``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from .build import explain_waive
from .kind import ADJUSTMENT, Form, OrderKind
from .presenting import Telling
from .reading import Reader

WAIVE_WORDS = frozenset({"waive", "waives"})
FORM = Form("waive", "Waive", {})


@dataclass(frozen=True, slots=True)
class Waive:
    """``Waive``: one build due given up."""

    def __str__(self) -> str:
        return FORM.text()


def read(r: Reader, phase: PhaseKind) -> Waive | None:
    if not r.take(WAIVE_WORDS):
        return None
    r.end()
    return Waive()


def sentence(order: Waive, s: Telling) -> str:
    return s.t.gettext("Waives a build.")


KIND = OrderKind(
    id="waive",
    order=Waive,
    forms=(FORM,),
    phases=frozenset({ADJUSTMENT}),
    group="build",
    words=WAIVE_WORDS,
    read=read,
    sentence=sentence,
    explain=explain_waive,
    waives=True,
)
