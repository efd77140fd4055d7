"""The rules of a board family (Diplomacy, Machiavelli: a `Family` over a `Position` on a `Board`, the shared
engine of `pipeline/board/`) as the contract's (`pipeline.games.contract.Rules`): the setup a `Board`, the
options its `Rules`, the state a `Position`, a power's orders a tuple of `Order`, no ruling; the state files,
order files and results they have always written, byte for byte. `board_family` makes the whole family,
with its presentation (`pipeline.board.presentation`).

Turn ids name a phase (``1901-spring-movement``: a year, one of the family's seasons, a kind of phase) and
sort with `pipeline.board.turns.turn_key`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pipeline.board.board import Board
from pipeline.board.codec import (
    merge_state,
    outcomes_to_data,
    position_from_data,
    position_to_data,
    split_state,
    year_end_to_data,
)
from pipeline.board.explain import check_words
from pipeline.board.family import AnyFamily
from pipeline.board.legal_orders import legal_orders_data, without_amounts
from pipeline.board.notation import parse_order, split_orders, structured_order
from pipeline.board.order_checks import revised, unit_ordered
from pipeline.board.orders import MONEY_KINDS, Order
from pipeline.board.outcome import Reason
from pipeline.board.position import PhaseKind, Position
from pipeline.board.presentation.form import form_names
from pipeline.board.presentation.option_words import option_words
from pipeline.board.presentation.render import palette
from pipeline.board.presentation.report import PhaseRecord, private_report, public_report, with_private
from pipeline.board.presentation.standings import standings_table, state_notes
from pipeline.board.presentation.turn_map import draw_turn
from pipeline.board.presentation.words import Words
from pipeline.board.rules import Rules
from pipeline.board.turns import phase_of_turn, turn_id, turn_key
from pipeline.errors import AmbiguousOrderError, IllegalOrderError, OrderError, Problem
from pipeline.escape import markdown_text
from pipeline.shared.dice import Dice, published, shares
from pipeline.shared.options import OptionSet

from .contract import (
    MASTER,
    Data,
    GameFamily,
    GameOver,
    Profile,
    ReadOrders,
    StateData,
    Table,
    Translations,
    TurnResult,
)
from .contract import Presentation as FamilyPresentation
from .contract import Rules as FamilyRules
from .refusals import Refusal, RefusedFile

Orders = tuple[Order, ...]


def _said(text: str, why: OrderError | Reason) -> tuple[tuple[str, str], ...]:
    """A refused order as a report puts it into words (`Problem.said`): the order as written, the reason's
    code (an illegal order's, with its details; ``ambiguous``; ``not_understood``)."""
    if isinstance(why, Reason):
        result, detail = why.value, {}
    elif isinstance(why, IllegalOrderError) and isinstance(why.reason, Reason):
        result, detail = why.reason.value, why.detail
    else:
        result, detail = ("ambiguous" if isinstance(why, AmbiguousOrderError) else "not_understood"), {}
    return (("order", text.strip()), ("result", result), *sorted((k, str(v)) for k, v in detail.items()))


class BoardRules(FamilyRules[Board, Position, Orders, None, Rules]):
    """A board family's rules as the contract's: the engine's, with the family's calendar and hooks."""

    setup_folder = "maps"
    turn_kinds = tuple(kind.value for kind in PhaseKind)  # a phase's: `movement`, `retreat`, `adjustment`
    turn_example = "1901-spring-movement"

    def __init__(self, family: AnyFamily) -> None:
        self.family = family
        self.has_money = family.has_money
        seasons = "|".join(map(re.escape, family.seasons))
        self.turn_pattern = re.compile(f"[0-9]{{1,5}}-({seasons})-({'|'.join(self.turn_kinds)})")

    def setup_from_data(self, data: Any) -> Board:
        return Board.from_dict(data)

    def powers(self, setup: Board) -> tuple[str, ...]:
        return tuple(setup.powers)

    def seats(self, setup: Board, options: Rules) -> tuple[str, ...]:
        return tuple(setup.powers)

    def options_of(self, profile: Rules, data: Data) -> Rules:
        return profile.with_options(data)

    def rolls_dice(self, options: Rules) -> bool:
        return self.family.rolls_dice(options)

    def turn_key(self, turn: str) -> tuple[int, ...]:
        return turn_key(turn)

    def turn_kind(self, turn: str) -> str:
        return phase_of_turn(turn).kind.value

    def start(self, setup: Board, options: Rules, dice: Dice) -> tuple[str, Position]:
        position = self.family.start_position(setup, options)
        return turn_id(position.phase), position

    # ---- the state codec ---------------------------------------------------------------------------

    def state_to_data(self, setup: Board, state: Position, secret: bool) -> StateData:
        data = position_to_data(setup, state, self.family)
        if not secret:
            return StateData(data)
        public, private = split_state(data, self.family)
        return StateData(public, private)

    def state_from_data(self, setup: Board, public: Data, secret: Data | None, file: str) -> Position:
        if secret:  # the private part merged into a copy: the data read stays the file's
            public = merge_state(dict(public), secret, self.family)
        return position_from_data(setup, public, file, self.family)

    # ---- orders ------------------------------------------------------------------------------------

    def powers_to_order(self, setup: Board, state: Position) -> list[str]:
        return self.family.powers_to_order(setup, state)

    def read_orders(
        self,
        setup: Board,
        state: Position,
        options: Rules,
        power: str,
        data: Data,
        lines: Callable[[str], int | None],
        lenient: bool,
    ) -> ReadOrders[Orders]:
        family = self.family
        raw = data.get("orders")
        if raw is None:
            raw = []
        if not isinstance(raw, list):
            raise RefusedFile(
                Refusal.UNREADABLE,
                Problem("orders", "expected a list of orders, one per line starting with '- '", lines("orders")),
            )
        extra, problems = family.order_file_entries(data, lines)  # Machiavelli's `allow:` (`Ally` orders)
        entries: list[tuple[str, object]] = [(f"orders[{i}]", entry) for i, entry in enumerate(raw)]
        entries += extra
        texts: list[tuple[str, str]] = []
        for where, entry in entries:
            try:
                text = entry if isinstance(entry, str) else structured_order(entry)
            except ValueError as err:
                problems.append(Problem(where, str(err), lines(where)))
                continue
            texts += [(where, piece) for piece in split_orders(text)]  # `A are-sie; A flo-are`: two orders
        parsed: list[tuple[str, str, Order]] = []
        for where, text in texts:
            try:
                parsed.append((where, text, parse_order(text, setup, state.phase.kind)))
            except OrderError as err:
                problems.append(Problem(where, str(err), lines(where), said=_said(text, err)))
        # as the judge reads a set and its revisions: a later `Expense 1:` replaces the first, a second payment
        # to one power is refused
        kept, clashes = revised([((where, text), order) for where, text, order in parsed])
        by_key = {(where, text): order for where, text, order in parsed}
        for (where, text), (first, _) in clashes:
            words = check_words(Reason.ILLEGAL_DUPLICATE, {}, by_key[(where, text)], setup, state, power)
            line = lines(where)
            both = f"lines {lines(first)} and {line}" if line is not None else f"{first} and {where}"
            said = _said(text, Reason.ILLEGAL_DUPLICATE)
            problems.append(Problem(where, f"order {text.strip()!r}: {words} ({both})", line, said=said))
        bought = family.as_ordered(state, power, [o for _, o in kept])
        orders: list[Order] = []
        ordered: dict[str, str] = {}  # the space of each unit ordered -> where its first order is
        for (where, text), order in kept:
            try:
                seen = family.position_for(state, bought, power, order)
                checked = family.check_parsed_order(text, order, setup, seen, power, options)
            except OrderError as err:
                problems.append(Problem(where, str(err), lines(where), said=_said(text, err)))
                continue
            unit = unit_ordered(seen, checked)
            if unit is not None and unit.space in ordered:
                first, line = ordered[unit.space], lines(where)
                both = f"lines {lines(first)} and {line}" if line is not None else f"{first} and {where}"
                message = f"two orders for {unit} ({both}): give each unit one order"
                problems.append(Problem(where, message, line, said=_said(text, Reason.ILLEGAL_DUPLICATE)))
                continue
            if unit is not None:
                ordered[unit.space] = where
            orders.append(checked)
        problems.sort(key=lambda p: p.line or 0)  # in the order of the file's lines (stable: allow's first)
        return ReadOrders(tuple(orders), tuple(problems))

    def no_orders(self, setup: Board, state: Position, power: str) -> Orders:
        return ()

    def order_lines(self, orders: Orders) -> list[str]:
        return [str(o) for o in orders]

    def order_words(self, orders: Orders) -> list[str]:
        return self.order_lines(orders)  # the orders as the syntax writes them

    def revealed_lines(self, orders: Orders, secret: bool) -> list[str] | None:
        if not secret:
            return None
        return [str(o) for o in orders if not isinstance(o, MONEY_KINDS)]

    def read_ruling(self, setup: Board, state: Position, data: Data) -> None:
        return None

    def no_ruling(self, setup: Board, state: Position) -> None:
        return None

    def waiting_for(
        self, setup: Board, state: Position, options: Rules, orders: Mapping[str, Orders], ruling: None
    ) -> list[str]:
        return []

    def adjudicate(
        self,
        setup: Board,
        turn: str,
        state: Position,
        options: Rules,
        orders: Mapping[str, Orders],
        ruling: None,
        dice: Dice,
        secret: bool,
        force: bool,
    ) -> TurnResult[Position]:
        pairs = [(power, o) for power in sorted(orders) for o in orders[power]]
        result = self.family.play_phase(setup, state, pairs, options, dice)
        public = [o for o in result.outcomes if not (secret and isinstance(o.order, MONEY_KINDS))]
        record = outcomes_to_data(setup, result.played, public)
        # with secret money, a die of a power's money is its own (`Audience.of`); without, every die is public
        rolled = shares(result.draws if secret else published(result.draws))
        record_end = year_end_to_data({} if secret else result.income, rolled.public, result.events)
        private: dict[str, Data] = {}
        if secret:
            ledger = result.after.ledger
            for power in sorted(setup.powers):
                money = [o for o in result.outcomes if o.power == power and isinstance(o.order, MONEY_KINDS)]
                income = result.income.get(power, ())
                if not (money or income or ledger.ducats(power) or ledger.debt(power)):
                    continue
                report: dict[str, Any] = {"treasury": ledger.ducats(power)}
                if ledger.debt(power):
                    report["loans"] = [str(loan) for loan in ledger.debt(power)]
                if money:
                    report["orders"] = outcomes_to_data(setup, result.played, money)["orders"][power]
                if income:
                    report["income"] = year_end_to_data({power: income}, [])["income"][power]
                private[power] = report
        return TurnResult(turn_id(result.after.phase), result.after, record, record_end, private).with_dice(rolled)

    def legal_orders(self, setup: Board, state: Position, options: Rules, powers: Sequence[str], secret: bool) -> Data:
        data = legal_orders_data(setup, state, options, powers, self.family)
        return without_amounts(data) if secret else data

    def game_over(self, setup: Board, state: Position, options: Rules) -> GameOver | None:
        won = self.family.winners(setup, state, options)
        return GameOver(*won) if won is not None else None

    def ranking(self, setup: Board, state: Position) -> list[tuple[str, tuple[int, ...]]]:
        ranked = [(p, self.family.standing(state, p)) for p in setup.powers]
        return sorted(ranked, key=lambda item: (tuple(-n for n in item[1]), item[0]))

    def case_problems(self, case: Data) -> list[tuple[str, str]]:
        from pipeline.board.cases import case_problems

        return case_problems(self.family, case)

    def play_case(self, setup: Board, options: Rules, case: Data) -> tuple[list[str], list[str]]:
        from pipeline.board.cases import play_case

        return play_case(self.family, setup, options, case)


class BoardPresentation(FamilyPresentation[Board, Position, Rules]):
    """A board family's presentation: the board engine's reports, maps and words (`pipeline.board.presentation`),
    supply centres or controlled provinces and cities as the family holds them (`Family.holdings`)."""

    orders_page = "pipeline.board:pages/orders.md"  # both families' syntax
    secret_note = "Treasuries and loans: encrypted beside it."
    revealed_note = "the money orders stay secret."

    def __init__(self, family: AnyFamily) -> None:
        self.family = family
        # the family's own players' rules, in its package: pipeline/games/<family>/pages/rules.md
        self.rules_page = type(family).__module__.rpartition(".")[0] + ":pages/rules.md"
        self.cities = family.holdings == "control"  # provinces and cities controlled, every power a treasury

    def title(self, setup: Board, turn: str, t: Translations) -> str:
        return Words(setup, t).phase(phase_of_turn(turn))

    def power_name(self, setup: Board, power: str, t: Translations) -> str:
        return Words(setup, t).power(power)

    def seat_word(self, t: Translations) -> str:
        return t.gettext("Power")

    def profile_title(self, profile: str, t: Translations) -> str:
        title = self.family.profile_titles.get(profile)
        return t.gettext(title) if title else profile

    def setup_name(self, setup: Board, t: Translations) -> str:
        return Words(setup, t).board_name()

    def standings(self, setup: Board, state: Position, secret: bool, t: Translations) -> Table:
        header, rows, align = standings_table(setup, state, self.family, secret, t)
        return Table(tuple(header), tuple(tuple(row) for row in rows), tuple(align))

    def standing_labels(self, t: Translations, secret: bool) -> list[str | None]:
        if self.cities:  # cities, provinces, ducats (each power's secret with secret money)
            return [t.gettext("Cities controlled"), None, None if secret else t.gettext("Ducats in the treasury")]
        return [t.gettext("Supply centres")]

    def axis_label(self, setup: Board, turn: str, t: Translations) -> str:
        return str(phase_of_turn(turn).year)

    def colours(self, setup: Board) -> Mapping[str, str]:
        return {power: colour for power, (colour, _) in palette(setup, self.family).items()}

    def state_notes(self, setup: Board, state: Position, t: Translations) -> list[str]:
        return state_notes(setup, state, t)

    def option_words(self, options: Rules, t: Translations) -> dict[str, list[str]]:
        return option_words(options, self.family, t)

    def report(
        self,
        setup: Board,
        options: Rules,
        turn: str,
        before: Position,
        after: Position | None,
        results: Data,
        t: Translations,
        viewer: str | None = None,
    ) -> str:
        record = PhaseRecord(setup, options, self.family, phase_of_turn(turn), before, results, after)
        text = public_report(record, t, level=1)
        if viewer == MASTER:
            for power, own in sorted(_mapping(results.get("private_of")).items()):
                merged = dataclasses.replace(record, results=with_private(results, _mapping(own), power))
                text += "\n" + private_report(merged, power, t, level=2)
        elif viewer is not None:
            own = _mapping(results.get("private"))
            merged = dataclasses.replace(record, results=with_private(results, own, viewer))
            text += "\n" + private_report(merged, viewer, t, level=2)
        return text

    def draw_map(
        self,
        setup: Board,
        options: Rules,
        turn: str,
        state: Position,
        results: Data | None,
        languages: Sequence[Translations],
    ) -> Mapping[str, Mapping[str, str]]:
        record = None
        if results is not None:
            record = PhaseRecord(setup, options, self.family, phase_of_turn(turn), state, results, None)
        svg = draw_turn(setup, self.family, state, record, [t.lang for t in languages])
        return {"": {t.lang: svg for t in languages}} if svg is not None else {}

    def order_form(self, setup: Board, state: Position, options: Rules, t: Translations) -> Data:
        return form_names(setup, state, t)

    def outcome_words(self, setup: Board, over: GameOver, t: Translations) -> str:
        w = Words(setup, t, markdown_text)
        who = t.join([w.power_the(p) for p in over.winners])
        if over.reason == "cities":
            said = t.gettext("%(powers)s won, controlling the cities the rules ask for.")
        elif over.reason == "centres":
            said = t.gettext("%(powers)s won, holding a majority of the supply centres.")
        else:
            said = t.gettext("%(powers)s won, the last power standing.")
        return said % {"powers": who[:1].upper() + who[1:]}


def _mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def board_family(family: AnyFamily) -> GameFamily[Board, Position, Orders, None, Rules]:
    """A board family as the contract's `GameFamily`: its profiles, its declared options, its rules and its
    presentation."""
    profiles = {name: Profile(name, family.id, rules.map, rules) for name, rules in family.profiles.items()}
    declared = OptionSet.of_dataclass(family.id, family.option_class, leave_out=frozenset(_not_options(family)))
    return GameFamily(family.id, profiles, declared, BoardRules(family), BoardPresentation(family))


def _not_options(family: AnyFamily) -> set[str]:
    return {f.name for f in dataclasses.fields(family.option_class)} - set(family.options)
