"""Reading orders written as text: syntax only.

Accepts the DATC / judge notation and its common variants, case-insensitively::

    A lvp-yor      A lvp - yor      A lvp -> yor      army liverpool to yorkshire
    A lon-bel via convoy            F nth C A lon-bel        F nth convoys A lon - bel
    A vie S A bud-gal               A vie supports A bud     F tri S F ven H
    A par H        A par hold       F stp/sc-bot      F spa(nc)-gas
    A par-bur      (retreat phase)  A par Disband     Build A kie    Remove F nth    Waive

Places are looked up among the board's ids, names and aliases (``mid`` and ``Mid-Atlantic Ocean``
both give ``mao``). Two kinds of error here: `OrderSyntaxError` (not understood, or an unknown place)
and `AmbiguousOrderError` (a name for more than one place). Whether an order is allowed is the legality
checks' (`pipeline.core.order_checks.read_order` reads and checks).

Each kind reads its own words (`pipeline.core.order_kinds`): an order starts with its kind's keyword
(``Build``, ``Expense``, ``Ally``...) or with its unit, followed by its kind's keyword (``H``, ``-``,
``S``...); the kinds are tried in the registry's order, among those whose first words the text starts with.
"""

from __future__ import annotations

from typing import Any

from pipeline.errors import OrderSyntaxError

from .board import Board
from .order_kinds import KINDS, OrderKind
from .order_kinds.reading import Reader
from .orders import Order
from .position import PhaseKind


def _index(pairs: list[tuple[str, OrderKind[Any]]]) -> dict[str, tuple[OrderKind[Any], ...]]:
    found: dict[str, list[OrderKind[Any]]] = {}
    for word, kind in pairs:
        found.setdefault(word, []).append(kind)
    return {word: tuple(kinds) for word, kinds in found.items()}


_LEADING = _index([(w, k) for k in KINDS if k.read is not None for w in sorted(k.words)])
_AFTER_UNIT = _index([(w, k) for k in KINDS if k.after_unit is not None for w in sorted(k.after_words)])
_KEYWORDS = list(dict.fromkeys(k.keyword for k in KINDS if k.after_unit is not None and k.keyword))
_AFTER_THE_UNIT = ", ".join(_KEYWORDS[:-1]) + " or " + _KEYWORDS[-1] + " after the unit"


def parse_order(text: str, board: Board, phase: PhaseKind = PhaseKind.MOVEMENT) -> Order:
    """Read one order. `phase` decides what ``A x-y`` (move or retreat) and ``A x D`` mean."""
    r = Reader(text, board)
    if r.at_end():
        raise OrderSyntaxError("empty order")
    for kind in _LEADING.get(r.peek(), ()):
        assert kind.read is not None
        order: Order | None = kind.read(r, phase)
        if order is not None:
            return order
        r.pos = 0
    unit_kind, at = r.unit()
    start = r.pos
    for kind in _AFTER_UNIT.get(r.peek(), ()):
        assert kind.after_unit is not None
        found: Order | None = kind.after_unit(r, unit_kind, at, phase)
        if found is not None:
            return found
        r.pos = start
    raise r.fail(_AFTER_THE_UNIT)
