"""The order kinds: one module each, with its order (a frozen value), its keywords and reading, its
canonical text (`Form` templates) and what an order form needs to list it (`OrderKind`).

`KINDS` is the registry, in the order the notation tries the kinds (`pipeline.board.notation`). The
values are also `pipeline.board.orders`'s; whether an order is allowed is not a kind's business but the
legality checks' (`pipeline.board.order_checks`, and each family's), and the legal-order generator
(`pipeline.board.legal_orders`) lists and ranks orders with the kinds' `rank` and `group`.

Every family reads every kind: a Diplomacy game understands ``A sie besiege`` and refuses it as illegal.
"""

from __future__ import annotations

from typing import Any

from . import (
    ally,
    besiege,
    borrow,
    build,
    convert,
    convoy,
    disband,
    expense,
    give_chit,
    hold,
    lift_siege,
    maintain,
    move,
    pay,
    permit_bribes,
    remove,
    retreat,
    support_convert,
    support_hold,
    support_move,
    waive,
)
from .kind import FIELD_TYPES, Form, OrderKind

KINDS: tuple[OrderKind[Any], ...] = (
    # written after their unit
    hold.KIND,
    move.KIND,
    retreat.KIND,
    support_move.KIND,
    support_convert.KIND,
    support_hold.KIND,
    convoy.KIND,
    convert.KIND,
    besiege.KIND,
    lift_siege.KIND,
    disband.KIND,
    # starting with their keyword
    build.KIND,
    remove.KIND,
    maintain.KIND,
    waive.KIND,
    ally.KIND,
    permit_bribes.KIND,
    expense.KIND,
    borrow.KIND,
    give_chit.KIND,
    pay.KIND,
)
BY_ORDER: dict[type, OrderKind[Any]] = {k.order: k for k in KINDS}
BY_ID: dict[str, OrderKind[Any]] = {k.id: k for k in KINDS}


def kind_of(order: object) -> OrderKind[Any]:
    """The kind of an order value."""
    return BY_ORDER[type(order)]


__all__ = ["BY_ID", "BY_ORDER", "FIELD_TYPES", "KINDS", "Form", "OrderKind", "kind_of"]
