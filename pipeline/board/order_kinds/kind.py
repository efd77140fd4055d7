"""What an order kind tells the rest of the pipeline: how it is read, how it is written, where it is
ordered, how an order form lists it, and how the report, the explanations and the map present it. Each
kind's module defines its order (a frozen value) and one `OrderKind`; `pipeline.board.order_kinds`
registers them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from ..position import PhaseKind
from ..reasons import Reason
from ..units import UnitKind
from .presenting import NOTHING_TO_ADD, Explained, Pen, Refusal, Telling
from .reading import Reader

MOVEMENT, RETREAT, ADJUSTMENT = PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT


def unit_text(kind: UnitKind | None, at: str) -> str:
    """A unit as an order writes it: ``A par``, or ``par`` where the kind is left out."""
    return f"{kind.value} {at}" if kind else at


@dataclass(frozen=True)
class Form:
    """One canonical way of writing a kind: `template` with ``{field}`` placeholders, and what each field
    holds (`FIELD_TYPES`). Printing an order fills its form's template."""

    id: str  # the kind's id, or the kind's id and a variant (``move_convoy``)
    template: str
    fields: Mapping[str, str]
    text: Callable[..., str] = field(init=False, repr=False, compare=False)  # the template filled: text(unit=...)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", self.template.format)  # bound once: orders are printed by the thousand


# what a form's field holds, for a form that puts orders into words (docs/legal-orders.md)
FIELD_TYPES = {
    "unit": "the unit given the order, as `A ven`",
    "other_unit": "another unit on the board, as `A pad`",
    "new_unit": "a unit built, as `A flo`",
    "place": "a place a unit goes to, as `tre` or `spa/nc`",
    "unit_kind": "a unit kind's letter: A, F or G",
    "special": "a special unit: militia, mercenaries, professionals",
    "power": "a power's id",
    "power_or_bank": "a power's id, or bank",
    "number": "a whole number",
    "expense_kind": "an expense kind's name, as `famine relief`",
    "target": "an expense's target: a province's id, a power's id or a unit (`A bol`)",
}

OrderT = TypeVar("OrderT")


def nothing_to_add(order: object, refusal: Refusal) -> Explained:
    """A kind whose refusals the general rules explain."""
    return NOTHING_TO_ADD


def no_result_of_its_own(order: object, reason: Reason, s: Telling, detail: Mapping[str, str]) -> str | None:
    """A kind whose results the general sentences say."""
    return None


def no_aftermath(order: object, power: str, s: Telling) -> str | None:
    """A kind whose success changes nothing the phase's events tell."""
    return None


def nothing_drawn(order: object, pen: Pen) -> object | None:
    """A kind the map does not draw (a hold, a payment...)."""
    return None


@dataclass(frozen=True)
class OrderKind(Generic[OrderT]):
    """One kind of order. The notation (`pipeline.board.notation.parse_order`) reads a text with `read`
    when it starts with one of `words` (lower case, without accents), else reads a unit and then, with
    `after_unit`, what follows it when that starts with one of `after_words` (``""``: nothing follows);
    kinds are tried in the order of `pipeline.board.order_kinds.KINDS`."""

    id: str
    order: type[OrderT]  # the value its reading gives (`Hold`, `Expense`, ...)
    forms: tuple[Form, ...]
    phases: frozenset[PhaseKind]  # the phases it is ordered in (by some family)
    group: str  # how an order form groups it: hold, moves, supports, convoys, other, adjust, build, power, money
    rank: int = 10  # its place in a unit's list of legal orders (then the text)
    for_unit: bool = False  # an order for a unit on the board (one order per unit)
    words: frozenset[str] = frozenset()
    # reads the kind from its keyword on (``Build A kie``); None if the text is not of this kind (the
    # parser takes back what was read)
    read: Callable[[Reader, PhaseKind], OrderT | None] | None = None
    # reads the kind after its unit (``A par H``), given the unit; None if the text is not of this kind
    # (the parser takes back what was read)
    after_unit: Callable[[Reader, UnitKind | None, str, PhaseKind], OrderT | None] | None = None
    after_words: frozenset[str] = frozenset()
    keyword: str | None = None  # how the parser's message names it after a unit: ``H``, ``-``, ``S``...
    # the slot an order fills among its power's orders, for a kind whose orders have slots (an expense's
    # number, a payment's recipient): a later order for a slot replaces the earlier one if `replaces` (as the
    # judge reads a revision), else it is refused as a second order there (`pipeline.board.order_checks.revised`)
    slot: Callable[[OrderT], object] | None = None
    replaces: bool = False
    clears: Callable[[OrderT], bool] | None = None  # an order that leaves its slot empty (``Expense 2: none``)
    # the order in words, as the report says what it asked for: "The army in Vienna moves to Galicia."
    sentence: Callable[[OrderT, Telling], str] | None = None
    # what came of it, where the kind says it its own way (None: the general sentence of the reason)
    result: Callable[[OrderT, Reason, Telling, Mapping[str, str]], str | None] = no_result_of_its_own
    # what it changed on the board, once it succeeded, among the phase's events ("Milan buys the army in Pisa.")
    aftermath: Callable[[OrderT, str, Telling], str | None] = no_aftermath
    # what it adds to a refusal's words (`pipeline.board.explain`): the case of the reason, the power it names
    explain: Callable[[OrderT, Refusal], Explained] = nothing_to_add
    # its arrow, cross or marker on the map (None: nothing drawn)
    draw: Callable[[OrderT, Pen], object | None] = nothing_drawn
    # what the rules ask of it (the movement, the retreats, the adjustments: `pipeline.board.movement`,
    # `retreat`, `adjustment`), so that they never ask which class an order is
    holds: bool = False  # it stands where it is, and nothing depends on it (a hold)
    moves_to: Callable[[OrderT], str] | None = None  # where it sends its unit in a movement phase (a move)
    supports_into: Callable[[OrderT], str] | None = None  # the space it supports a move or conversion into
    besieges: bool = False  # its unit besieges the city of its province
    lifts_siege: bool = False  # its unit lifts the siege it laid
    for_dislodged: bool = False  # in a retreat phase, it is for a dislodged unit (a retreat, a disband)
    retreats_to: Callable[[OrderT], str] | None = None  # where it sends a dislodged unit (a retreat)
    disbands: bool = False  # it disbands its unit (in a retreat phase)
    builds: bool = False  # it builds a unit (in an adjustment phase)
    removes: bool = False  # it removes one of its power's units (in an adjustment phase)
    keeps: bool = False  # it keeps one of its power's units, paying its upkeep (in an adjustment phase)
    waives: bool = False  # it gives up a build due
    becomes: Callable[[OrderT], UnitKind] | None = None  # the kind its unit converts into (a conversion)

    @property
    def adjusts(self) -> bool:
        """Is it an order of the adjustments (a build, a removal, an upkeep, a waive)?"""
        return self.builds or self.removes or self.keeps or self.waives

    def of(self, order: object) -> OrderT | None:
        """`order`, if it is of this kind (then typed as such); else None. For a family's rules that settle
        this kind's own orders (Machiavelli's bank settles its loans)."""
        return order if isinstance(order, self.order) else None

    def among(self, orders: Iterable[tuple[str, object]]) -> list[tuple[str, OrderT]]:
        """The orders of this kind among `orders` (power, order), in the order given."""
        return [(power, order) for power, order in orders if isinstance(order, self.order)]
