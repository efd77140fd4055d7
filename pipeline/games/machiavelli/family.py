"""The Machiavelli family: what it adds to the shared engine, each rule in its own module of this
package (calendar, legality, movement hooks, legal orders, money), and the facts the
storage, the reports and the maps ask of it."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pipeline.board.board import Board
from pipeline.board.family import Family
from pipeline.board.legal_orders import UnitOrders
from pipeline.board.orders import Ally, Order
from pipeline.board.position import Position
from pipeline.board.rules import Rules
from pipeline.board.units import AUTONOMOUS, Unit
from pipeline.errors import Problem
from pipeline.games.names import N_
from pipeline.shared.translations import Translations

from . import calendar, legal_orders, legality, option_words, state
from .conquest import victor
from .movement_hooks import MOVEMENT_HOOKS
from .options import MachiavelliOptions

# Each power's colour and hatching on the map (and its colour in the charts): colours that stay apart for
# normal vision and the common colour-vision deficiencies (tests/test_map_colours.py simulates them), and a
# hatching of a kind of its own, so that a province's controller reads without colour too.
PALETTE = {
    "austria": ("#382A1D", "vertical"),
    "florence": ("#066901", "falling"),
    "france": ("#6F8FEC", "grid"),
    "milan": ("#081146", "rising"),
    "naples": ("#D6868C", "lattice"),
    "papacy": ("#FFD59E", "dots"),
    "turkey": ("#939200", "zigzag"),
    "venice": ("#9B3C7F", "horizontal"),
}

PROFILE_TITLES = {  # each profile in words
    "judge": N_("Machiavelli, the e-mail judge's rules"),
    "objectif": N_("Machiavelli, the Objectif club's rules"),
}

PROFILES = {
    # the e-mail judge (1991 rules, later judge defaults where the text is silent), classic board
    "judge": MachiavelliOptions(map="machiavelli-classic", family="machiavelli"),
    # the Objectif club (2001), Avalon Hill 1995 board; only Messina is a strait there
    "objectif": MachiavelliOptions(
        map="machiavelli-objectif",
        family="machiavelli",
        conversion_model="convert_first",
        retreat_into_city="any",
        siege_commitment="free",
        strait_permission="none",
        strait_entry_blocks="no",
        loan_limit_basis="principal_plus_interest",
        gift_while_indebted="allowed",
        unit_limits=None,
        plague=True,
        calendar="objectif",
        first_order_phase="summer",
        max_expenses=None,
        underfunded_expense="void",
        bribe_adjacency="own_or_permitted",
        rebellion_put_down="enter_or_hold",
        rebellion_suspends_control=True,
        assassinated_sieges="paused",
        assassination_chits_tradable=False,
    ),
}


# the options a Machiavelli game may set (docs/rule-options.md): its own, and none of the shared ones (the
# map and family, which its profile names, and the Diplomacy rulebooks' choices)
_SHARED = {f.name for f in dataclasses.fields(Rules)}
OPTIONS = tuple(f.name for f in dataclasses.fields(MachiavelliOptions) if f.name not in _SHARED)


class MachiavelliFamily(Family[MachiavelliOptions]):
    id = "machiavelli"
    seasons = calendar.SEASONS
    holdings = "control"  # provinces and cities controlled, not supply centres owned
    has_money = True
    movement_hooks = MOVEMENT_HOOKS
    palette = PALETTE
    option_class = MachiavelliOptions
    profiles = PROFILES
    profile_titles = PROFILE_TITLES
    options = OPTIONS

    def winners(
        self, board: Board, position: Position, rules: MachiavelliOptions
    ) -> tuple[tuple[str, ...], str] | None:
        """A power controlling `victory_cities` cities wins [M 20.3]; the last power standing too [M 20.2]."""
        winner = victor(board, position, rules)
        if winner is not None:
            return (winner,), "cities"
        standing = sorted({u.power for u in position.units.values()} - {AUTONOMOUS})
        return ((standing[0],), "last_power") if len(standing) == 1 else None

    def order_file_entries(
        self, data: Mapping[str, Any], lines: Callable[[str], int | None]
    ) -> tuple[list[tuple[str, str]], list[Problem]]:
        """`allow: [turkey]` orders `Ally turkey`: the power opens its straits to Turkey's fleets [M 11.2]."""
        allow = data.get("allow") or []
        if not isinstance(allow, list) or not all(isinstance(p, str) for p in allow):
            return [], [Problem("allow", "expected a list of powers, like [turkey]", lines("allow"))]
        return [(f"allow[{i}]", str(Ally(p))) for i, p in enumerate(allow)], []

    def start_position(self, board: Board, rules: MachiavelliOptions) -> Position:
        return calendar.start_position(board, rules)

    play_phase = staticmethod(calendar.play_phase)  # the family's calendar (`calendar.py`)

    def rolls_dice(self, rules: MachiavelliOptions) -> bool:
        """The judge's `dice` flag: income, famine, plague, the bank and assassinations roll."""
        return rules.dice

    def check_order(
        self, board: Board, position: Position, power: str, order: Order, rules: MachiavelliOptions
    ) -> Order:
        return legality.check_order(board, position, power, order, rules)

    def as_ordered(self, position: Position, power: str, orders: Iterable[Order]) -> Position:
        return legality.bought(position, power, orders)

    def position_for(self, position: Position, ordered: Position, power: str, order: Order) -> Position:
        return legality.position_for(position, ordered, power, order)

    def adjusting_powers(self, board: Board, position: Position) -> set[str]:
        """Every power with units to maintain or ducats to build with."""
        return {u.power for u in position.units.values()} | {p for p in board.powers if position.ledger.ducats(p) > 0}

    def unit_order_extras(self, unit: Unit) -> Iterable[Order]:
        return legal_orders.unit_order_extras(unit)

    def unitless_orders(self, board: Board, rules: MachiavelliOptions, power: str) -> Iterable[Order]:
        return legal_orders.ally_orders(board, rules, power)

    def legal_adjustments(
        self, board: Board, position: Position, rules: MachiavelliOptions, power: str
    ) -> tuple[tuple[UnitOrders, ...], dict[str, object]]:
        return legal_orders.legal_adjustments(board, position, rules, power, self.check_order)

    def legal_money(
        self, board: Board, position: Position, rules: MachiavelliOptions, power: str
    ) -> dict[str, object] | None:
        if not legality.money_phase(position, rules):
            return None
        return legal_orders.legal_money(board, position, rules, power, self.check_order)

    def standing(self, position: Position, power: str) -> tuple[int, ...]:
        """Cities, then provinces, then ducats."""
        cities = sum(1 for owner in position.cities.values() if owner == power)
        return cities, len(position.centres_of(power)), position.ledger.ducats(power)

    def option_value(self, name: str, value: Any, t: Translations) -> str:
        return option_words.option_value(name, value, t)

    state_sections = state.SECTIONS
    private_sections = state.PRIVATE_SECTIONS

    def state_to_data(self, board: Board, position: Position) -> dict[str, Any]:
        return state.to_data(board, position)

    def state_from_data(
        self, board: Board, data: Mapping[str, Any], problems: list[Problem], case: bool = False
    ) -> dict[str, Any]:
        return state.from_data(board, data, problems, case)

    def check_expected(self, board: Board, expect: Mapping[str, Any], after: Position) -> list[str]:
        return state.check_expected(board, expect, after)

    def case_warnings(self, board: Board, data: Mapping[str, Any]) -> list[str]:
        return state.case_warnings(board, data)
