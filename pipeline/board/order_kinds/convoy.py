"""Convoy: a fleet carries an army across its sea (``F nth C A lon-bel``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..position import PhaseKind
from ..units import UnitKind
from .convert import judge_conversion
from .kind import MOVEMENT, Form, OrderKind, unit_text
from .reading import MOVE, Reader

CONVOY_WORDS = frozenset({"c", "convoy", "convoys", "t", "transport", "transports", "convoie", "transporte"})
FORM = Form("convoy", "{unit} C {other}-{to}", {"unit": "unit", "other": "other_unit", "to": "place"})


@dataclass(frozen=True, slots=True)
class Convoy:
    """``F nth C A lon-bel``: the fleet at `at` carries the army at `target` to `to`."""

    kind: UnitKind | None
    at: str
    target_kind: UnitKind | None
    target: str
    to: str

    def __str__(self) -> str:
        return FORM.text(unit=unit_text(self.kind, self.at), other=unit_text(self.target_kind, self.target), to=self.to)


def read(r: Reader, kind: UnitKind | None, at: str, phase: PhaseKind) -> Convoy | None:
    if judge_conversion(r) or not r.take(CONVOY_WORDS):
        return None
    target_kind, target = r.unit()
    if not r.take(MOVE):
        raise r.fail("'-' and the army's destination")
    to = r.place()
    r.end()
    return Convoy(kind, at, target_kind, target, to)


KIND = OrderKind(
    id="convoy",
    order=Convoy,
    forms=(FORM,),
    phases=frozenset({MOVEMENT}),
    group="convoys",
    rank=5,
    for_unit=True,
    after_unit=read,
    after_words=CONVOY_WORDS,
    keyword="C",
)
