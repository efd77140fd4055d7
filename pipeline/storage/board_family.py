"""The board families (Diplomacy, Machiavelli: a `Family` over a `Position` on a `Board`) seen through the
pipeline's interface, `GameFamily`: the adapter storage, commands and publish speak to them through, with
the state files, order files and results they have always written, byte for byte.

Turn ids name a phase (``1901-spring-movement``: a year, one of the family's seasons, a kind of phase) and
sort with `turn_key`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

from ruamel.yaml.comments import CommentedMap

from pipeline.board.board import Board
from pipeline.board.explain import check_words
from pipeline.board.notation import parse_order, split_orders, structured_order
from pipeline.board.order_checks import revised, unit_ordered
from pipeline.board.orders import MONEY_KINDS, Ally, Order
from pipeline.board.outcome import Reason
from pipeline.board.position import Phase, PhaseKind, Position
from pipeline.board.rules import Rules
from pipeline.errors import AmbiguousOrderError, IllegalOrderError, OrderError, Problem
from pipeline.games import Family, GameFamily, ReadOrders, StateData, TurnResult, any_family
from pipeline.shared.dice import Dice, DiceShares, published, shares

from .private_files import merge_state, split_state
from .refusals import Refusal, RefusedFile
from .state_files import flow_list, flow_map, outcomes_to_data, position_from_data, position_to_data, year_end_to_data

PHASE_ORDER = {PhaseKind.MOVEMENT: 0, PhaseKind.RETREAT: 1, PhaseKind.ADJUSTMENT: 2}
SEASON_ORDER = {"spring": 0, "summer": 1, "fall": 2, "winter": 3}


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


def turn_id(phase: Phase) -> str:
    return f"{phase.year}-{phase.season}-{phase.kind.value}"


def phase_of_turn(turn: str) -> Phase:
    year, season, kind = turn.split("-")
    return Phase(season, int(year), PhaseKind(kind))


def turn_key(turn: str) -> tuple[int, int, int]:
    phase = phase_of_turn(turn)
    order = PHASE_ORDER[phase.kind]
    if phase.kind is PhaseKind.ADJUSTMENT and phase.season == "spring":
        order = -1  # Objectif's calendar: the adjustments open the spring
    return phase.year, SEASON_ORDER.get(phase.season, 9), order


class BoardFamily(GameFamily):
    """A board family as a `GameFamily`: setup a `Board`, options its `Rules`, state a `Position`, a
    power's orders a tuple of `Order`."""

    setup_folder = "maps"
    turn_kinds = tuple(kind.value for kind in PhaseKind)  # a phase's: `movement`, `retreat`, `adjustment`
    turn_example = "1901-spring-movement"
    secret_note = "Treasuries and loans: encrypted beside it."
    revealed_note = "the money orders stay secret."

    def __init__(self, family: Family) -> None:
        self.family = family
        self.id = family.id
        self.profiles = family.profiles
        self.has_money = family.has_money
        seasons = "|".join(map(re.escape, family.seasons))
        self.turn_pattern = re.compile(f"[0-9]{{1,5}}-({seasons})-({'|'.join(self.turn_kinds)})")

    def setup_from_data(self, data: Any) -> Board:
        return Board.from_dict(data)

    def powers(self, setup: Board) -> tuple[str, ...]:
        return tuple(setup.powers)

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

    def state_from_data(
        self, setup: Board, public: Mapping[str, Any], secret: Mapping[str, Any] | None, file: str
    ) -> Position:
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
        data: Mapping[str, Any],
        lines: Callable[[str], int | None],
        lenient: bool,
    ) -> ReadOrders:
        family = self.family
        problems: list[Problem] = []
        raw = data.get("orders")
        if raw is None:
            raw = []
        if not isinstance(raw, list):
            raise RefusedFile(
                Refusal.UNREADABLE,
                Problem("orders", "expected a list of orders, one per line starting with '- '", lines("orders")),
            )
        allow = data.get("allow") or []
        if allow and not family.strait_permissions:
            problems.append(
                Problem(
                    "allow",
                    "`allow:` opens one's straits to other powers' fleets, a Machiavelli rule: "
                    "a Diplomacy game has no such key",
                    lines("allow"),
                )
            )
            allow = []
        if not isinstance(allow, list) or not all(isinstance(p, str) for p in allow):
            problems.append(Problem("allow", "expected a list of powers, like [turkey]", lines("allow")))
            allow = []
        entries = [(f"orders[{i}]", entry) for i, entry in enumerate(raw)]
        # `allow: [turkey]` orders `Ally turkey`
        entries += [(f"allow[{i}]", str(Ally(p))) for i, p in enumerate(allow)]
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

    def order_lines(self, orders: tuple[Order, ...]) -> list[str]:
        return [str(o) for o in orders]

    def revealed_lines(self, orders: tuple[Order, ...], secret: bool) -> list[str] | None:
        if not secret:
            return None
        return [str(o) for o in orders if not isinstance(o, MONEY_KINDS)]

    def adjudicate(
        self,
        setup: Board,
        state: Position,
        options: Rules,
        orders: Mapping[str, Any],
        ruling: Any,
        dice: Dice,
        secret: bool,
        force: bool,
    ) -> TurnResult:
        pairs = [(power, o) for power in sorted(orders) for o in orders[power]]
        result = self.family.play_phase(setup, state, pairs, options, dice)
        public = [o for o in result.outcomes if not (secret and isinstance(o.order, MONEY_KINDS))]
        record = outcomes_to_data(setup, result.played, public)
        # with secret money, a die of a power's money is its own (`Audience.of`); without, every die is public
        rolled = _flow(shares(result.draws if secret else published(result.draws)))
        record_end = year_end_to_data({} if secret else result.income, rolled.public, result.events)
        private: dict[str, Mapping[str, Any]] = {}
        if secret:
            ledger = result.after.ledger
            for power in sorted(setup.powers):
                money = [o for o in result.outcomes if o.power == power and isinstance(o.order, MONEY_KINDS)]
                income = result.income.get(power, ())
                if not (money or income or ledger.ducats(power) or ledger.debt(power)):
                    continue
                report = CommentedMap([("treasury", ledger.ducats(power))])
                if ledger.debt(power):
                    report["loans"] = flow_list(str(loan) for loan in ledger.debt(power))
                if money:
                    report["orders"] = outcomes_to_data(setup, result.played, money)["orders"][power]
                if income:
                    report["income"] = year_end_to_data({power: income}, [])["income"][power]
                private[power] = report
        return TurnResult(turn_id(result.after.phase), result.after, record, record_end, private).with_dice(rolled)


def _flow(rolled: DiceShares) -> DiceShares:
    """The dice each on one line, as the results write them (`year_end_to_data`)."""
    powers = {p: tuple(flow_map(d) for d in own) for p, own in rolled.powers.items()}
    return DiceShares(rolled.public, powers, tuple(flow_map(d) for d in rolled.master))


@functools.cache
def game_family(family_id: str) -> GameFamily:
    """The family of that id as the pipeline speaks to it: a family of its own kind as it is, a board
    family through its adapter (one per family)."""
    found = any_family(family_id)
    return found if isinstance(found, GameFamily) else BoardFamily(found)


def game_family_of(rules: Rules) -> GameFamily:
    return game_family(rules.family)
