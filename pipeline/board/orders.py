"""Orders as values, with their canonical text form.

`str(order)` gives the canonical notation (the DATC's): ``A lvp-yor``, ``A lon-bel via convoy``,
``F nth C A yor-lon``, ``A vie S A bud-gal``, ``F tri S A ven``, ``A par H``, in a retreat phase
``A par-bur`` and ``A par Disband``, in an adjustment phase ``Build A kie``, ``Remove F nth`` and
``Waive``. Machiavelli adds ``G gen convert A``, ``A per S G sie convert A``, ``A sie besiege``,
``A sie lift`` and ``Ally turkey``. `pipeline.board.notation.parse_order` reads it back: ``parse(str(o)) == o``.

Each value is defined, with its reading and its text, in its kind's module (`pipeline.board.order_kinds`);
this module gathers them and their unions.

`kind` is the unit kind as written; it may be None where the notation allows leaving it out.
"""

from __future__ import annotations

from .board import space_of
from .order_kinds.ally import Ally
from .order_kinds.besiege import Besiege
from .order_kinds.borrow import Borrow
from .order_kinds.build import Build
from .order_kinds.convert import Convert
from .order_kinds.convoy import Convoy
from .order_kinds.disband import Disband
from .order_kinds.expense import Expense
from .order_kinds.give_chit import GiveChit
from .order_kinds.hold import Hold
from .order_kinds.lift_siege import LiftSiege
from .order_kinds.maintain import Maintain
from .order_kinds.move import Move
from .order_kinds.pay import Pay
from .order_kinds.permit_bribes import PermitBribes
from .order_kinds.remove import Remove
from .order_kinds.retreat import Retreat
from .order_kinds.support_convert import SupportConvert
from .order_kinds.support_hold import SupportHold
from .order_kinds.support_move import SupportMove
from .order_kinds.waive import Waive

MovementOrder = Hold | Move | SupportHold | SupportMove | Convoy | Convert | SupportConvert | Besiege | LiftSiege
RetreatOrder = Retreat | Disband | Convert
AdjustmentOrder = Build | Remove | Waive | Maintain
MoneyOrder = Borrow | Pay | Expense | GiveChit | PermitBribes
Order = MovementOrder | RetreatOrder | AdjustmentOrder | Ally | MoneyOrder


def order_space(order: Order) -> str | None:
    """The space of the unit an order is for (None for a waive)."""
    at = getattr(order, "at", None)
    return space_of(at) if at is not None else None


# the same unions as tuples, for isinstance checks
MOVEMENT_KINDS = (Hold, Move, SupportHold, SupportMove, Convoy, Convert, SupportConvert, Besiege, LiftSiege)
MONEY_KINDS = (Borrow, Pay, Expense, GiveChit, PermitBribes)

__all__ = [
    "MONEY_KINDS",
    "MOVEMENT_KINDS",
    "AdjustmentOrder",
    "Ally",
    "Besiege",
    "Borrow",
    "Build",
    "Convert",
    "Convoy",
    "Disband",
    "Expense",
    "GiveChit",
    "Hold",
    "LiftSiege",
    "Maintain",
    "MoneyOrder",
    "Move",
    "MovementOrder",
    "Order",
    "Pay",
    "PermitBribes",
    "Remove",
    "Retreat",
    "RetreatOrder",
    "SupportConvert",
    "SupportHold",
    "SupportMove",
    "Waive",
    "order_space",
]
