"""The contract every game family implements in full: what storage, the commands and the site ask of a game,
so that none of them ever asks which game is played (docs/architecture.md, docs/adding-a-family.md).

A family is a `GameFamily`: its id, its profiles, its declared options, and two parts a reader can tell apart:

- its **rules** (`Rules`), pure (data in, data out; no file, network, clock or randomness but the dice passed
  in): the setup and the options, the turns, the state as plain data, one power's order file read with every
  problem, who must order, the adjudication of a given turn, the legal orders, whether the game is over and
  who won, and its rule cases;
- its **presentation** (`Presentation`): names in the reader's language, the standings, the reports (public,
  a power's, the game master's) in French and English, the maps, the order form's data, the words for its
  options and for the end of the game.

The family's own values are its type parameters: its setup (a board family's map, Symmachia's scenario, a
Catan board), its state, one power's orders, the game master's ruling and its options. Plain data as YAML
reads and writes it is `Data`. Every member is the family's to give: none answers "ask someone else".
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from copy import copy
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from pipeline.errors import Problem
from pipeline.shared.dice import Dice, DiceShares
from pipeline.shared.options import OptionSet
from pipeline.shared.translations import Translations as Translations  # the contract's own word for it

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
OrdersT = TypeVar("OrdersT")
RulingT = TypeVar("RulingT")
OptionsT = TypeVar("OptionsT")

Data = Mapping[str, Any]  # plain data, as a YAML file reads and writes it: the one `Any` of the contract
MASTER = "game_master"  # the viewer of the game master's view of a report


@dataclass(frozen=True)
class Profile(Generic[OptionsT]):
    """A named set of a family's rules a game.yaml may name: the setup it is played on (`map`, a file of the
    family's setup folder) and its options."""

    name: str
    family: str
    map: str
    options: OptionsT


@dataclass(frozen=True)
class RulesVersion:
    """One version of a family's rules (`GameFamily.rules_versions`, numbered from 1, newest last): a change
    of the rules that would change the results of a turn already played is a new version, chosen per game,
    so that a running game keeps the rules it started with. `note` says in a line, in each language of the
    site, what changed from the version before (the first: the rules as first published)."""

    number: int
    note: Mapping[str, str]  # language ("en", "fr") -> one line


FIRST_VERSION = RulesVersion(1, {"en": "The rules as first published.", "fr": "Les règles telles que publiées."})


@dataclass(frozen=True)
class StateData:
    """A state as plain data, in the parts storage keeps apart: `public` is the state file everybody reads
    (`state/<turn>.yaml`); `secret`, if any, is encrypted to the game's key beside it
    (`state/<turn>.private.yaml.age`): each power's private part and the game master's."""

    public: Data
    secret: Data | None = None


@dataclass(frozen=True)
class ReadOrders(Generic[OrdersT]):
    """One order file's data read by the family: its orders, the problems (strict: each refuses the file;
    lenient: what was left out of it), and the warnings (legal orders that defeat themselves). Each problem
    names its key path (`where`); storage adds the file and the line."""

    orders: OrdersT
    problems: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class TurnResult(Generic[StateT]):
    """One adjudicated turn: the next turn's id and state, and its record as plain data.

    `record` and `record_end` are the family's sections of the turn's public results file (storage writes
    `no_orders` and `refused` between them, then the order files, the trigger and the dice seed after);
    `private` is each power's own report (encrypted to its player and the game: storage adds the game, turn
    and power before, and why its file was refused after); `master` is the game master's record
    (encrypted to the game's key). Every die rolled is in one of their `dice` lists at least, as its audience
    says (`shared.dice.shares`): a public die in `record_end`'s, a power's in its report's, and the game
    master's in his record's; `with_dice` adds the last two."""

    turn: str
    state: StateT
    record: Data
    record_end: Data = field(default_factory=dict)
    private: Mapping[str, Data] = field(default_factory=dict)
    master: Data = field(default_factory=dict)

    def with_dice(self, rolled: DiceShares) -> TurnResult[StateT]:
        """The turn with the dice only some read: each power's after what its report holds (a report made for
        them alone if it had none), the game master's after his record. The public ones are the family's to
        lay out in `record_end`."""
        private = dict(self.private)
        for power, own in rolled.powers.items():
            private[power] = _adding(private.get(power, {}), "dice", list(own))
        master = _adding(self.master, "dice", list(rolled.master)) if rolled.master else self.master
        return replace(self, private=private, master=master)


def _adding(section: Data, key: str, value: object) -> Data:
    """A copy of a section with one more key, of the family's own kind of mapping (its layout kept)."""
    out: MutableMapping[str, object] = copy(section) if isinstance(section, MutableMapping) else dict(section)
    out[key] = value
    return out


@dataclass(frozen=True)
class GameOver:
    """A game that is over: who won (several: a shared victory; none: a draw or no winner), and why, as a
    code the family's presentation words (`Presentation.outcome_words`), with the facts those words need."""

    winners: tuple[str, ...]
    reason: str
    detail: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Table:
    """A table of the site's pages: its header and its rows, every cell already words in the reader's
    language (Markdown text, escaped)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    align: tuple[str, ...] = ()  # each column's: "left", "right" (default: left)


class Rules(ABC, Generic[SetupT, StateT, OrdersT, RulingT, OptionsT]):
    """A family's rules: pure functions of its values, and the facts storage needs about them."""

    setup_folder: str  # where the setups are: `maps` (pipeline/maps/) or a folder of the family's package
    turn_example: str  # a turn id as messages show one (``1901-spring-movement``, ``y01-229bc``, ``r01``)
    turn_pattern: re.Pattern[str]  # what every turn id of the family is, whole and in ASCII (`is_turn`)
    turn_kinds: tuple[str, ...]  # the kinds of turn (`turn_kind`), each of which game.yaml may give a deadline
    has_money: bool = False  # something of each power is its own business (a game's `secret_money`)
    always_secret: bool = False  # that business is kept encrypted whatever game.yaml says (a key is needed)
    ruling_file: str | None = None  # the game master's ruling file in a turn's folder (without .yaml); None: none

    # ---- the game's fixed data and options ---------------------------------------------------------

    @abstractmethod
    def setup_from_data(self, data: object) -> SetupT:
        """The setup from its file's data; `DataError` with every problem at its key path."""

    @abstractmethod
    def powers(self, setup: SetupT) -> tuple[str, ...]:
        """Every power of a game on this setup."""

    @abstractmethod
    def seats(self, setup: SetupT, options: OptionsT) -> tuple[str, ...]:
        """The powers a game of this setup plays with these options: game.yaml's powers, who may send files."""

    @abstractmethod
    def options_of(self, profile: OptionsT, data: Data) -> OptionsT:
        """The options a game plays with: its profile's, with game.yaml's `options` over them; `DataError`
        with every problem (an option the family does not have named with those it has)."""

    def with_version(self, options: OptionsT, version: int) -> OptionsT:
        """The options of a game played under the family's rules version `version` (a number of
        `GameFamily.rules_versions`; storage asks it of every turn, with the version in force at that turn).
        A family whose adjudication differs between versions keeps the version in its options and reads it
        there; one with a single version gives the options back as they are."""
        return options

    @abstractmethod
    def rolls_dice(self, options: OptionsT) -> bool:
        """Do these options roll dice (then a game keeps a dice commitment in its game.yaml)?"""

    # ---- turns -------------------------------------------------------------------------------------

    def is_turn(self, turn: str) -> bool:
        """Whether `turn`, the whole text, has the form of this family's turn ids (`turn_pattern`)."""
        return self.turn_pattern.fullmatch(turn) is not None

    @abstractmethod
    def turn_key(self, turn: str) -> tuple[int, ...]:
        """What sorts turn ids in the order they are played; `ValueError` (or `KeyError`) for a name that is
        no turn id."""

    @abstractmethod
    def turn_kind(self, turn: str) -> str:
        """The kind of a turn, as the deadlines name it (`movement`, `retreat`, `adjustment`, `year`)."""

    @abstractmethod
    def start(self, setup: SetupT, options: OptionsT, dice: Dice) -> tuple[str, StateT]:
        """The first turn's id and state; `dice` draws what is drawn once per game (secretly: the state's
        secret part keeps it)."""

    # ---- the state codec ---------------------------------------------------------------------------

    @abstractmethod
    def state_to_data(self, setup: SetupT, state: StateT, secret: bool) -> StateData:
        """The state as plain data in its parts (`secret`: the game keeps each power's business encrypted)."""

    @abstractmethod
    def state_from_data(self, setup: SetupT, public: Data, secret: Data | None, file: str) -> StateT:
        """A state from its parts (`secret` None: not at hand, what everybody may see); `DataError` with
        every problem (their key paths; `file` names the state file)."""

    # ---- orders ------------------------------------------------------------------------------------

    @abstractmethod
    def powers_to_order(self, setup: SetupT, state: StateT) -> list[str]:
        """The powers who must send an order file for the turn `state` is in."""

    @abstractmethod
    def read_orders(
        self,
        setup: SetupT,
        state: StateT,
        options: OptionsT,
        power: str,
        data: Data,
        lines: Callable[[str], int | None],
        lenient: bool,
    ) -> ReadOrders[OrdersT]:
        """One order file's data as the power's orders: its `game`, `turn` and `power` are storage's to check,
        and left out of `data`. `lines(where)` gives the line of a key path, for messages that name two
        lines. A file that cannot be used at all raises `DataError` (`refusals.RefusedFile` with its reason)."""

    @abstractmethod
    def no_orders(self, setup: SetupT, state: StateT, power: str) -> OrdersT:
        """The orders of a power that sent no file (its units hold, its business is the default's)."""

    @abstractmethod
    def order_lines(self, orders: OrdersT) -> list[str]:
        """A power's orders, one line each, as the dice seed hashes them: these lines never change."""

    @abstractmethod
    def order_words(self, orders: OrdersT) -> list[str]:
        """A power's orders in words, one line each, as `judge validate` and `judge encrypt` print them (the
        `order_lines` themselves where they are words a player reads)."""

    @abstractmethod
    def revealed_lines(self, orders: OrdersT, secret: bool) -> list[str] | None:
        """What of an encrypted order file is published once the turn is adjudicated, one order a line (None:
        the file as written)."""

    @abstractmethod
    def read_ruling(self, setup: SetupT, state: StateT, data: Data) -> RulingT:
        """The game master's ruling file's data (`ruling_file`); `DataError` with every problem."""

    @abstractmethod
    def no_ruling(self, setup: SetupT, state: StateT) -> RulingT:
        """The ruling of a turn the game master wrote none for."""

    @abstractmethod
    def waiting_for(
        self, setup: SetupT, state: StateT, options: OptionsT, orders: Mapping[str, OrdersT], ruling: RulingT
    ) -> list[str]:
        """What the turn waits for before it can be adjudicated (the game master's ruling on free text), in
        words; empty: it can be (`--force` adjudicates anyway, ignoring what it waits for)."""

    @abstractmethod
    def adjudicate(
        self,
        setup: SetupT,
        turn: str,
        state: StateT,
        options: OptionsT,
        orders: Mapping[str, OrdersT],
        ruling: RulingT,
        dice: Dice,
        secret: bool,
        force: bool,
    ) -> TurnResult[StateT]:
        """The turn `turn` played from `state`: `orders` by power (only those who sent a usable file), `ruling`
        the game master's, `secret` as in `state_to_data`, `force` what the turn waited for ignored."""

    @abstractmethod
    def legal_orders(
        self, setup: SetupT, state: StateT, options: OptionsT, powers: Sequence[str], secret: bool
    ) -> Data:
        """The legal orders of `powers` this turn, as the order form's data (docs/legal-orders.md): `powers`,
        each one's, and what the family's form needs besides; `secret`: `state` is what everybody sees of a
        game whose business is secret (what depends on the amounts held is left out)."""

    @abstractmethod
    def game_over(self, setup: SetupT, state: StateT, options: OptionsT) -> GameOver | None:
        """Whether the game is over in `state`, and who won and why (None: it goes on)."""

    @abstractmethod
    def ranking(self, setup: SetupT, state: StateT) -> list[tuple[str, tuple[int, ...]]]:
        """Each power with what ranks it, best first, as everybody may see it (the standings, the charts)."""

    # ---- rule cases (docs/rule-cases.md) -----------------------------------------------------------

    @abstractmethod
    def case_problems(self, case: Data) -> list[tuple[str, str]]:
        """What of a rule case is not in the shape the family's cases take, as (key path under the case,
        what was expected) pairs: said when the file is read, before any case is played."""

    @abstractmethod
    def play_case(self, setup: SetupT, options: OptionsT, case: Data) -> tuple[list[str], list[str]]:
        """Play one rule case on the family's setup and options: its failures (what came out that the case
        did not expect, in words) and its warnings (what the case may not mean as written)."""


class Presentation(ABC, Generic[SetupT, StateT, OptionsT]):
    """A family's presentation: what the site, the reports and the order form show of its games, in the
    reader's language (`t`)."""

    # the players' pages, Markdown shipped in a package as `<package>:<path in it>` (``pipeline.games.catan:
    # pages/rules.md``; docs/adding-a-family.md, "The players' pages"): its rules and its order syntax, each
    # ``<name>.md`` in English with ``<name>.fr.md`` beside it in French
    rules_page: str
    orders_page: str
    secret_note: str = "Each power's part and the game master's: encrypted beside it."  # the state file's header
    revealed_note: str = "what stays secret is left out."  # the header of a revealed order file cut short

    @abstractmethod
    def title(self, setup: SetupT, turn: str, t: Translations) -> str:
        """A turn's name in words (« printemps 1901, mouvements », « 229 av. J.-C. », « tour 3 »)."""

    @abstractmethod
    def power_name(self, setup: SetupT, power: str, t: Translations) -> str:
        """A power's name in the reader's language, as plain text (each medium escapes it its own way)."""

    @abstractmethod
    def setup_name(self, setup: SetupT, t: Translations) -> str:
        """The setup's name (a board's, a scenario's title), in the reader's language."""

    @abstractmethod
    def profile_title(self, profile: str, t: Translations) -> str:
        """A profile's name in words, in the reader's language (« Diplomatie, règles de 2000 »), as plain text:
        what the site's pages show for the profile id a game.yaml names."""

    @abstractmethod
    def seat_word(self, t: Translations) -> str:
        """What the family calls a player's side (a power, a kingdom, a colour), for a table's header."""

    @abstractmethod
    def standings(self, setup: SetupT, state: StateT, secret: bool, t: Translations) -> Table:
        """The standings of a state as a table (first column the power, in `ranking`'s order); `secret`: each
        power's business is its own (shown as a dash)."""

    @abstractmethod
    def standing_labels(self, t: Translations, secret: bool) -> list[str | None]:
        """The name of each number `Rules.ranking` gives, in the reader's language, as a chart's title; None
        for a number no chart shows (a tie-break, or a treasury that is each power's secret)."""

    @abstractmethod
    def axis_label(self, setup: SetupT, turn: str, t: Translations) -> str:
        """A turn as a chart's axis names it, short (the year: each label is shown once, under its first turn)."""

    @abstractmethod
    def colours(self, setup: SetupT) -> Mapping[str, str]:
        """Each power's colour, as its map shows it (the charts draw its line in it)."""

    @abstractmethod
    def state_notes(self, setup: SetupT, state: StateT, t: Translations) -> list[str]:
        """What the game page says of a state besides its standings, a sentence each (rebellions, famine)."""

    @abstractmethod
    def option_words(self, options: OptionsT, t: Translations) -> dict[str, list[str]]:
        """Each rule option by name: first what its value in `options` means, then what each of its other
        values would (a yes/no option's other, every other named choice; a number only its own)."""

    @abstractmethod
    def report(
        self,
        setup: SetupT,
        options: OptionsT,
        turn: str,
        before: StateT,
        after: StateT | None,
        results: Data,
        t: Translations,
        viewer: str | None = None,
    ) -> str:
        """The report of an adjudicated turn (Markdown, every player's value escaped) from its state before and
        after and its results' data: the public one (`viewer` None), one power's (`viewer` the power: its
        private report's data under `results["private"]`), or the game master's (`viewer` `MASTER`: his
        record under `results["game_master"]`, every power's private report under `results["private_of"]`)."""

    @abstractmethod
    def draw_map(
        self,
        setup: SetupT,
        options: OptionsT,
        turn: str,
        state: StateT,
        results: Data | None,
        languages: Sequence[Translations],
    ) -> Mapping[str, Mapping[str, str]]:
        """The maps of a turn as SVG, by name (``""`` the state's; others, say one a season) and language, with
        its orders drawn once it is adjudicated (`results`); none for a setup without a drawing. One SVG may
        serve several languages (its words in each, the first's shown, another's at ``#<lang>``): the same
        text for each of them, which the site writes once."""

    @abstractmethod
    def order_form(self, setup: SetupT, state: StateT, options: OptionsT, t: Translations) -> Data:
        """What the site's order form shows besides the legal orders, in the reader's language: the names of
        what the orders name and the form's own words (docs/order-form.md)."""

    def private_words(self, setup: SetupT, state: StateT, t: Translations) -> Data:
        """What the private-report page needs to put a power's private report (its data, decrypted in the
        reader's browser) into words, for a family whose order form has no report words of its own
        (docs/order-form.md, "Private reports"): ``headings`` (a section's title by its key, a table's
        columns by ``<key>_columns``, a field's name), ``words`` (a code or an id in words) and ``sentences``
        (a record's sentence by its code, with ``%(field)s`` placeholders). Empty: the page shows the
        report's sections by their keys, each value as written."""
        return {}

    @abstractmethod
    def outcome_words(self, setup: SetupT, over: GameOver, t: Translations) -> str:
        """Who won the game and why, in a sentence (Markdown, escaped)."""


@dataclass(frozen=True, eq=False)  # a family is itself: compared and hashed as the one object it is
class GameFamily(Generic[SetupT, StateT, OrdersT, RulingT, OptionsT]):
    """A game family: its id (what a profile names), its profiles, the options a game may set, its rules and
    its presentation. Each family's package exposes one as `FAMILY`; `pipeline.games` finds them."""

    id: str
    profiles: Mapping[str, Profile[OptionsT]]
    options: OptionSet
    rules: Rules[SetupT, StateT, OrdersT, RulingT, OptionsT]
    presentation: Presentation[SetupT, StateT, OptionsT]
    form_script: str | None = None  # the site's script of the family's order form (`<id>-form.js`); None: none
    rules_versions: tuple[RulesVersion, ...] = (FIRST_VERSION,)  # numbered 1, 2... in order: newest last

    def __post_init__(self) -> None:
        numbers = [v.number for v in self.rules_versions]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"family {self.id!r}: its rules versions are numbered 1, 2... in order, not {numbers}")

    @property
    def newest_version(self) -> int:
        """The rules version a new game is created under (`judge new`)."""
        return self.rules_versions[-1].number
