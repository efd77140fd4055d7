"""The interfaces between the pipeline and a game family: everything storage, commands and publish ask of
a game, so that none of them asks which game is played. docs/architecture.md describes each hook.

`GameFamily` is the level the pipeline speaks at: whole turns on the family's own values (its fixed
data, its state, one power's orders, the game master's ruling), read from and written to plain data.
Storage keeps what every game shares (the folder, game.yaml, order files sealed and read with their lines,
the dice, the lock, the audit trail); the family gives the rest. A family whose state is its own
(Symmachia, the Catan variant) subclasses `GameFamily`.

`Family` is the base of the board families (Diplomacy, Machiavelli; `pipeline.storage.board_family`
adapts it to `GameFamily`): a set of rules played on the shared engine of `pipeline/core/` (board, units,
position, orders, the movement resolver, retreats, adjustments, dice): its calendar (which phases follow
which, and what each settles), its start position, its legality check, the hooks it adds to the movement
rules, what its state files hold, its legal orders for the order form and the facts its reports and maps
draw on. Each family's package (`pipeline/games/<id>/`) defines one subclass and exposes one instance as
`FAMILY`; `pipeline.games` registers them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from pipeline.core.board import Board
from pipeline.core.calendar import PhaseResult
from pipeline.core.dice import Dice
from pipeline.core.legal_orders import LegalOrders, UnitOrders, legal_orders
from pipeline.core.movement import NO_HOOKS, MovementHooks
from pipeline.core.notation import parse_order
from pipeline.core.order_checks import check_parsed_order
from pipeline.core.orders import Order
from pipeline.core.position import PhaseKind, Position
from pipeline.core.rules import Rules
from pipeline.core.units import AUTONOMOUS, Unit
from pipeline.errors import Problem

# ---- the pipeline's interface: whole turns on the family's own values ----------------------------------


@dataclass(frozen=True)
class StateData:
    """A state as plain data, in the parts storage keeps apart: `public` is the state file everybody reads
    (`state/<turn>.yaml`); `secret`, if any, is encrypted to the game's key beside it
    (`state/<turn>.private.yaml.age`): each power's private part and the game master's."""

    public: Mapping[str, Any]
    secret: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class ReadOrders:
    """One order file's data read by the family: its orders (the family's value), the problems (strict: each
    refuses the file; lenient: what was left out of it), and the warnings (legal orders that defeat
    themselves). Each problem names its key path (`where`); storage adds the file and the line."""

    orders: Any
    problems: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class TurnResult:
    """One adjudicated turn: the next turn's id and state, and its record as plain data.

    `record` and `record_end` are the family's sections of the turn's public results file (storage writes
    `no_orders` and `refused` between them, then the order files, the trigger and the dice seed after);
    `private` is each power's own report (encrypted to its player and the game: storage adds the game, turn
    and power before, and why its file was refused after); `master` is the game master's record
    (encrypted to the game's key). Every die rolled is in `record_end`'s `dice` list, or, sealed until the
    game ends, in `master`'s."""

    turn: str
    state: Any
    record: Mapping[str, Any]
    record_end: Mapping[str, Any] = field(default_factory=dict)
    private: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    master: Mapping[str, Any] = field(default_factory=dict)


class Translations(Protocol):
    """One language's messages, as publish gives them to a family's reports and maps (`publish.i18n`):
    the gettext calls Babel extracts into the catalogues, and lists joined the language's way."""

    lang: str

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    def join(self, items: list[str], style: str = "standard") -> str: ...


class GameFamily(ABC):
    """What the pipeline asks of a game family, at the level of whole turns (pure: data in, data out).

    `setup` is the game's fixed data (a board family's map, Symmachia's scenario), `options` its rule
    options (a board family's `Rules`), `state` one turn's state and `orders` one power's orders, each the
    family's own value."""

    id: str
    turn_example: str = ""  # a turn id as messages show one (``1901-spring-movement``, ``y01-229bc``)
    profiles: Mapping[str, Rules] = {}  # the profiles a game.yaml may name; their `map` names the setup
    has_money: bool = False  # something of each power is its own business (a game's `secret_money`)
    always_secret: bool = False  # that business is kept encrypted whatever game.yaml says (then a key is needed)
    turn_kinds: tuple[str, ...] = ()  # the kinds of turn (`turn_kind`), each of which game.yaml may give a deadline
    setup_folder: str = "maps"  # where the setups are: `maps` (pipeline/maps/) or a folder of the family's package
    ruling_file: str | None = None  # the name (without .yaml) of the game master's ruling file in a turn's folder
    orders_page: str = "docs/orders"  # the page of the order files' syntax (``.md``; ``.fr.md`` in French)
    secret_note: str = "Each power's part and the game master's: encrypted beside it."  # the state file's header
    revealed_note: str = "what stays secret is left out."  # the header of a revealed order file cut short

    # ---- the game's fixed data and options ---------------------------------------------------------

    @abstractmethod
    def setup_from_data(self, data: Any) -> Any:
        """The setup from its file's data; `DataError` with every problem at its key path."""

    @abstractmethod
    def powers(self, setup: Any) -> tuple[str, ...]:
        """Every power of a game on this setup (game.yaml's `powers`, the order files' names)."""

    def seats(self, setup: Any, options: Any) -> tuple[str, ...]:
        """The powers a game of this setup plays with these options: game.yaml's powers, who may send files
        (the setup's every power unless the family's options take fewer)."""
        return tuple(self.powers(setup))

    def options_of(self, rules: Rules, data: Mapping[str, Any]) -> Any:
        """The rule options a game plays with: its profile's, with game.yaml's `options` over them;
        `DataError` with every problem."""
        return rules.with_options(data)

    def rolls_dice(self, options: Any) -> bool:
        """Do these options roll dice (then a game keeps a dice commitment in its game.yaml)?"""
        return False

    def option_words(self, options: Any, t: Translations) -> dict[str, list[str]] | None:
        """Each rule option by name, as players read it in t's language: first what its value in `options`
        means, then what each of its other values would (a yes/no option's other, every other named
        choice; a number says only its own). None: the board families', publish's own."""
        return None

    # ---- turns -------------------------------------------------------------------------------------

    @abstractmethod
    def turn_key(self, turn: str) -> tuple[int, ...]:
        """What sorts turn ids in the order they are played; `ValueError` (or `KeyError`) for a name
        that is no turn id."""

    @abstractmethod
    def turn_kind(self, turn: str) -> str:
        """The kind of a turn, as the deadlines name it (`movement`, `retreat`, `adjustment`, `year`)."""

    @abstractmethod
    def start(self, setup: Any, options: Any, dice: Dice) -> tuple[str, Any]:
        """The first turn's id and state; `dice` draws what is drawn once per game (secretly: the state's
        secret part keeps it)."""

    # ---- the state codec ---------------------------------------------------------------------------

    @abstractmethod
    def state_to_data(self, setup: Any, state: Any, secret: bool) -> StateData:
        """The state as plain data in its parts (`secret`: the game keeps each power's business encrypted)."""

    @abstractmethod
    def state_from_data(
        self, setup: Any, public: Mapping[str, Any], secret: Mapping[str, Any] | None, file: str
    ) -> Any:
        """A state from its parts (`secret` None: not at hand, what everybody may see); `DataError` with
        every problem (their key paths; `file` names the state file)."""

    # ---- orders ------------------------------------------------------------------------------------

    @abstractmethod
    def powers_to_order(self, setup: Any, state: Any) -> list[str]:
        """The powers who must send an order file for the turn `state` is in."""

    def is_over(self, setup: Any, state: Any) -> bool:
        """Whether the game is over at `state` (somebody has won): no turn is adjudicated any more."""
        return False

    @abstractmethod
    def read_orders(
        self,
        setup: Any,
        state: Any,
        options: Any,
        power: str,
        data: Mapping[str, Any],
        lines: Callable[[str], int | None],
        lenient: bool,
    ) -> ReadOrders:
        """One order file's data as the power's orders: its `game`, `turn` and `power` are storage's to
        check, and left out of `data`. `lines(where)` gives the line of a key path, for messages that name two lines.
        A file that cannot be used at all raises `DataError`."""

    @abstractmethod
    def order_lines(self, orders: Any) -> list[str]:
        """A power's orders, one line each, as `judge validate` prints them; the dice seed hashes them."""

    def order_words(self, orders: Any) -> list[str]:
        """A power's orders in words, one line each, as `judge validate` prints them: `order_lines`, unless the
        family's lines, which the dice hash and so never change, are not words a player reads."""
        return self.order_lines(orders)

    def revealed_lines(self, orders: Any, secret: bool) -> list[str] | None:
        """What of an encrypted order file is published once the turn is adjudicated, one order a line
        (None: the file as written)."""
        return None

    def no_orders(self, setup: Any, state: Any, power: str) -> Any:
        """The orders of a power that sent no file (None: it has none)."""
        return None

    def read_ruling(self, setup: Any, state: Any, data: Mapping[str, Any]) -> Any:
        """The game master's ruling file's data (`ruling_file`); `DataError` with every problem."""
        raise NotImplementedError

    def waiting_for(self, setup: Any, state: Any, options: Any, orders: Mapping[str, Any], ruling: Any) -> list[str]:
        """What the turn waits for before it can be adjudicated (the game master's ruling on free text),
        in words; empty: it can be (`--force` adjudicates anyway, ignoring what it waits for)."""
        return []

    @abstractmethod
    def adjudicate(
        self,
        setup: Any,
        state: Any,
        options: Any,
        orders: Mapping[str, Any],
        ruling: Any,
        dice: Dice,
        secret: bool,
        force: bool,
    ) -> TurnResult:
        """The turn played: `orders` by power (only those who sent a usable file), `ruling` the game
        master's (None: no file), `secret` as in `state_to_data`, `force` what the turn waited for ignored."""

    # ---- what the site shows -----------------------------------------------------------------------

    def standings(self, setup: Any, state: Any) -> list[tuple[str, tuple[int, ...]]] | None:
        """Each power with what ranks it, best first (None: the board families' standings, publish's)."""
        return None

    def legal_orders(self, setup: Any, state: Any, options: Any, power: str) -> Mapping[str, Any] | None:
        """The legal orders of `power` this turn, as the order form's data (docs/legal-orders.md; None: the
        board families', which `pipeline.core.legal_orders` lists)."""
        return None

    def order_form(self, setup: Any, state: Any, t: Translations) -> Mapping[str, Any] | None:
        """What the site's order form shows besides `legal_orders`, in the reader's language: the names of
        what the orders name and the form's own words (docs/order-form.md; None: no form of its own, as
        the board families, whose form is publish's)."""
        return None

    def power_name(self, setup: Any, power: str, t: Translations) -> str:
        """A power's name in the reader's language."""
        return power

    def standing_labels(self, t: Translations) -> list[str]:
        """The names of what `standings` ranks by, in the reader's language."""
        return []

    def title(self, setup: Any, turn: str, t: Translations) -> str:
        """A turn's name in words (« 229 av. J.-C. »)."""
        return turn

    def report(
        self,
        setup: Any,
        turn: str,
        before: Any,
        after: Any,
        results: Mapping[str, Any],
        t: Translations,
        viewer: str | None = None,
    ) -> str | None:
        """The report of an adjudicated turn (Markdown) from its state before and after and its results'
        data: the public one (`viewer` None), one power's (`viewer` the power: its private report's data
        under `results["private"]`), or the game master's (`viewer` "game_master": his record under
        `results["game_master"]`, every power's private report under `results["private_of"]`). None: the
        board families' report, publish's."""
        return None

    def draw_map(
        self, setup: Any, turn: str, state: Any, results: Mapping[str, Any] | None, t: Translations
    ) -> Mapping[str, str] | None:
        """The maps of a turn as SVG, by name (``""`` the state's, or one a season); None: the board
        families' drawing, publish's."""
        return None

    # ---- rule cases (docs/rule-cases.md) -----------------------------------------------------------

    def case_problems(self, case: Mapping[str, Any]) -> list[tuple[str, str]]:
        """What of a rule case is not in the shape the family's cases take, as (key path under the case,
        what was expected) pairs: said when the file is read, before any case is played."""
        return [("profile", f"the {self.id} family plays no rule cases")]

    def play_case(self, setup: Any, options: Any, case: Mapping[str, Any]) -> tuple[list[str], list[str]]:
        """Play one rule case on the family's setup and options: its failures (what came out that the case
        did not expect, in words) and its warnings (what the case may not mean as written)."""
        return [f"the {self.id} family plays no rule cases"], []


# ---- the board families' base ------------------------------------------------------------------------


class Family(ABC):
    """A game family. Facts are attributes; rules are methods (pure: values in, values out)."""

    id: str  # the family id game rules name (`Rules.family`)
    seasons: tuple[str, ...]  # the campaigns of a year, in order
    controls_cities: bool = False  # provinces and cities are controlled (states, standings, reports, maps)
    has_money: bool = False  # treasuries, loans and money orders: what a game's `secret_money` keeps secret
    strait_permissions: bool = False  # an order file may open its power's straits (`allow:`)
    movement_hooks: MovementHooks = NO_HOOKS  # what the family adds to the shared movement rules
    palette: Mapping[str, tuple[str, str]] = {}  # each power's colour and hatching on the map (render.HATCHINGS)
    profiles: Mapping[str, Rules] = {}  # the rule profiles a game may name (`profile:` in game.yaml)

    # ---- the calendar ------------------------------------------------------------------------

    @abstractmethod
    def start_position(self, board: Board, rules: Rules) -> Position:
        """The map's starting position under these rules, in the first phase with orders."""

    @abstractmethod
    def play_phase(
        self,
        board: Board,
        position: Position,
        orders: Iterable[tuple[str, Order]],
        rules: Rules,
        dice: Dice | None = None,
    ) -> PhaseResult:
        """Adjudicate the phase `position` is in, with every step the family's calendar puts in it,
        and move on to the next phase that needs orders."""

    def rolls_dice(self, rules: Rules) -> bool:
        """Do these rules roll dice (then a game keeps a dice commitment in its game.yaml)?"""
        return False

    # ---- orders ------------------------------------------------------------------------------

    @abstractmethod
    def check_order(self, board: Board, position: Position, power: str, order: Order, rules: Rules) -> Order:
        """The legality check of one order on its own: the order as the adjudication will read it, or
        `Illegal` with the reason."""

    def read_order(self, text: str, board: Board, position: Position, power: str, rules: Rules) -> Order:
        """Parse an order and check it (`pipeline.core.order_checks.read_order` with this family's check)."""
        return self.check_parsed_order(
            text, parse_order(text, board, position.phase.kind), board, position, power, rules
        )

    def check_parsed_order(
        self, text: str, order: Order, board: Board, position: Position, power: str, rules: Rules
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

    def legal_orders(self, board: Board, position: Position, rules: Rules, power: str) -> LegalOrders:
        """Every legal order of `power` in this phase, for the order form (docs/legal-orders.md)."""
        return legal_orders(board, position, rules, power, self)

    # ---- hooks of the legal orders (pipeline.core.legal_orders) --------------------------------

    def unit_order_extras(self, unit: Unit) -> Iterable[Order]:
        """Orders a unit may be given besides moves, holds, supports and convoys (to be checked)."""
        return ()

    def legal_adjustments(
        self, board: Board, position: Position, rules: Rules, power: str
    ) -> tuple[tuple[UnitOrders, ...], dict[str, object]] | None:
        """The adjustment phase's legal orders, if the family's differ from Diplomacy's."""
        return None

    def legal_money(self, board: Board, position: Position, rules: Rules, power: str) -> dict[str, object] | None:
        """What may be spent on what in this phase (None: no money orders now)."""
        return None

    # ---- what the site shows -----------------------------------------------------------------

    def standing(self, position: Position, power: str) -> tuple[int, ...]:
        """What ranks a power in the standings, most important first."""
        return (len(position.centres_of(power)),)

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
