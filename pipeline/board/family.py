"""The board families' base: a game family played on the shared board engine of `pipeline/board/` (board,
units, position, orders, the movement resolver, retreats, adjustments): its calendar (which phases follow
which, and what each settles), its start position, its legality check, the hooks it adds to the movement
rules, what its state files hold, its legal orders for the order form and the facts its reports and maps
draw on. Diplomacy and Machiavelli each define one subclass; `pipeline.games.board_family` makes its rules, and
`pipeline.board.presentation` its presentation, the contract's (`pipeline.games.contract`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic

from pipeline.errors import Problem
from pipeline.shared.dice import Dice
from pipeline.shared.translations import Translations

from .board import Board
from .calendar import PhaseResult
from .legal_orders import LegalOrders, UnitOrders, legal_orders
from .legality import LegalityHooks, R
from .movement import NO_HOOKS, MovementHooks
from .notation import parse_order
from .order_checks import check_parsed_order
from .orders import Order
from .position import PhaseKind, Position
from .rules import Rules
from .units import AUTONOMOUS, Unit

# ---- the board families' base ------------------------------------------------------------------------


class Family(ABC, Generic[R]):
    """A game family. Facts are attributes; rules are methods (pure: values in, values out). `R` is the class
    of its games' options: the shared `Rules`, or its own subclass of them, which its methods and hooks read
    (the engine hands them a game's options as it got them)."""

    id: str  # the family id game rules name (`Rules.family`)
    seasons: tuple[str, ...]  # the campaigns of a year, in order
    holdings: str = "owners"  # what a state file calls the places each power holds: `owners` (supply centres)
    has_money: bool = False  # treasuries, loans and money orders: what a game's `secret_money` keeps secret
    movement_hooks: MovementHooks[R] = NO_HOOKS  # what the family adds to the shared movement rules
    palette: Mapping[str, tuple[str, str]] = {}  # each power's colour and hatching on the map (render.HATCHINGS)
    profiles: Mapping[str, R] = {}  # the rule profiles a game may name (`profile:` in game.yaml)
    profile_titles: Mapping[str, str] = {}  # each profile's name in words, in English (the catalogues translate)
    option_class: type[Rules] = Rules  # the class of its games' options (`R`)
    options: tuple[str, ...] = ()  # the options a game of the family may set (the others keep their default)

    @property
    def legality_hooks(self) -> LegalityHooks[R]:
        """What the family adds to the shared checks of one order and to the retreats: the movement hooks'
        (`MovementHooks.legality`), so that an order file's check, the movement plan, the retreats and the
        order form ask the same."""
        return self.movement_hooks.legality

    # ---- the calendar ------------------------------------------------------------------------

    def winners(self, board: Board, position: Position, rules: R) -> tuple[tuple[str, ...], str] | None:
        """Whether the game is over in `position`: who won, and why (a code its presentation words); None
        while it goes on."""
        return None

    @abstractmethod
    def start_position(self, board: Board, rules: R) -> Position:
        """The map's starting position under these rules, in the first phase with orders."""

    @abstractmethod
    def play_phase(
        self,
        board: Board,
        position: Position,
        orders: Iterable[tuple[str, Order]],
        rules: R,
        dice: Dice | None = None,
    ) -> PhaseResult:
        """Adjudicate the phase `position` is in, with every step the family's calendar puts in it,
        and move on to the next phase that needs orders."""

    def rolls_dice(self, rules: R) -> bool:
        """Do these rules roll dice (then a game keeps a dice commitment in its game.yaml)?"""
        return False

    # ---- orders ------------------------------------------------------------------------------

    def order_file_entries(
        self, data: Mapping[str, Any], lines: Callable[[str], int | None]
    ) -> tuple[list[tuple[str, str]], list[Problem]]:
        """What an order file gives besides its `orders:` list, as more orders (each with its key path), and
        the problems of those keys (Machiavelli: `allow:`, which opens a power's straits)."""
        return [], []

    @abstractmethod
    def check_order(self, board: Board, position: Position, power: str, order: Order, rules: R) -> Order:
        """The legality check of one order on its own: the order as the adjudication will read it, or
        `Illegal` with the reason."""

    def read_order(self, text: str, board: Board, position: Position, power: str, rules: R) -> Order:
        """Parse an order and check it (`pipeline.board.order_checks.read_order` with this family's check)."""
        return self.check_parsed_order(
            text, parse_order(text, board, position.phase.kind), board, position, power, rules
        )

    def check_parsed_order(
        self, text: str, order: Order, board: Board, position: Position, power: str, rules: R
    ) -> Order:
        """An order already parsed from `text`, checked; errors name the order as written."""
        return check_parsed_order(text, order, board, position, power, rules, check=self.check_order)

    def as_ordered(self, position: Position, power: str, orders: Iterable[Order]) -> Position:
        """The position an order file's unit orders are checked on (Machiavelli: with the units the
        file buys already the buyer's)."""
        return position

    def position_for(self, position: Position, ordered: Position, power: str, order: Order) -> Position:
        """The position one order of a file is checked on, given `ordered` (`as_ordered`'s): the
        position as it is, but where the family lets a file order what it buys."""
        return position

    def powers_to_order(self, board: Board, position: Position) -> list[str]:
        """The powers with something to order in this phase (never the autonomous garrisons): in a
        movement phase every power with units, in a retreat phase those dislodged, in an adjustment
        phase those the family says (`adjusting_powers`)."""
        kind = position.phase.kind
        if kind is PhaseKind.MOVEMENT:
            powers = {u.power for u in position.units.values()}
        elif kind is PhaseKind.RETREAT:
            powers = {d.unit.power for d in position.dislodged}
        else:
            powers = self.adjusting_powers(board, position)
        return sorted(powers - {AUTONOMOUS})

    @abstractmethod
    def adjusting_powers(self, board: Board, position: Position) -> set[str]:
        """The powers with something to order in an adjustment phase."""

    def legal_orders(self, board: Board, position: Position, rules: R, power: str) -> LegalOrders:
        """Every legal order of `power` in this phase, for the order form (docs/legal-orders.md)."""
        return legal_orders(board, position, rules, power, self)

    # ---- hooks of the legal orders (pipeline.board.legal_orders) --------------------------------

    def unit_order_extras(self, unit: Unit) -> Iterable[Order]:
        """Orders a unit may be given besides moves, holds, supports and convoys (to be checked)."""
        return ()

    def unitless_orders(self, board: Board, rules: R, power: str) -> Iterable[Order]:
        """The orders for no unit a power may give in a movement phase, to be checked (Machiavelli:
        `Ally <power>`, where the map has straits and the rules the command)."""
        return ()

    def legal_adjustments(
        self, board: Board, position: Position, rules: R, power: str
    ) -> tuple[tuple[UnitOrders, ...], dict[str, object]] | None:
        """The adjustment phase's legal orders, if the family's differ from Diplomacy's."""
        return None

    def legal_money(self, board: Board, position: Position, rules: R, power: str) -> dict[str, object] | None:
        """What may be spent on what in this phase (None: no money orders now)."""
        return None

    # ---- what the site shows -----------------------------------------------------------------

    def standing(self, position: Position, power: str) -> tuple[int, ...]:
        """What ranks a power in the standings, most important first."""
        return (len(position.centres_of(power)),)

    def option_value(self, name: str, value: Any, t: Translations) -> str:
        """What the family's own option `name` (one of `options` the shared `Rules` has not) set to `value`
        means for a player, in `t`'s language (`KeyError`: no such option)."""
        raise KeyError(name)

    # ---- the state codec: what the family adds to a state file ----------------------------------

    state_sections: tuple[str, ...] = ()  # the sections it adds after the units and the control, in order
    private_sections: tuple[str, ...] = ()  # of those, each power's own business when the game keeps money secret

    def state_to_data(self, board: Board, position: Position) -> dict[str, Any]:
        """The family's sections of the state file of `position`, as plain data (storage lays it out)."""
        return {}

    def state_from_data(
        self, board: Board, data: Mapping[str, Any], problems: list[Problem], case: bool = False
    ) -> dict[str, Any]:
        """The fields of `Position.build` the family adds, read from a state file (or, `case`, a rule case:
        places as players name them, defaults for what it leaves out); every problem to `problems`."""
        return {}

    def check_expected(self, board: Board, expect: Mapping[str, Any], after: Position) -> list[str]:
        """What a rule case expects of the family's sections that the position after a phase belies."""
        return []

    def case_warnings(self, board: Board, data: Mapping[str, Any]) -> list[str]:
        """What a rule case's position may not mean as written (said, the case still played)."""
        return []


AnyFamily = Family[Any]  # a board family, whatever the class of its games' options
