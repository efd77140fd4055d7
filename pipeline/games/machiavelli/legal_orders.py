"""Machiavelli's part of the legal orders for an order form (docs/legal-orders.md): its units' other
orders (conversions, sieges), its adjustment phase (maintenance and builds bought with ducats) and what
may be spent on what in a money phase. The shared part, and the principle (every order listed is one
the order-file check accepts), is `pipeline.board.legal_orders`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pipeline.board.board import Board, space_of
from pipeline.board.legal_orders import UnitOrders, accepted, keep, unit_key
from pipeline.board.legality import Illegal
from pipeline.board.notation import parse_order
from pipeline.board.order_checks import OrderCheck
from pipeline.board.order_kinds import expense
from pipeline.board.order_kinds.build import KIND as BUILD
from pipeline.board.orders import (
    Ally,
    Besiege,
    Borrow,
    Build,
    Convert,
    Expense,
    GiveChit,
    LiftSiege,
    Maintain,
    Order,
    Pay,
    PermitBribes,
    Remove,
    Waive,
)
from pipeline.board.position import Position
from pipeline.board.units import ARMY, FLEET, GARRISON, SPECIALS, Unit, UnitKind

from .banking import LOAN_LIMIT, LOAN_RATES
from .expenses import bribe_kind, minimum, rebellion_cost
from .options import MachiavelliOptions
from .rebellions import PACIFY
from .straits import allies_allowed
from .upkeep import COSTS, unit_cost

EXPENSE_KINDS = tuple(k.name for k in expense.EXPENSE_KINDS)
BRIBE_KINDS = tuple(k.name for k in expense.EXPENSE_KINDS if k.target == expense.UNIT)  # on a unit
COUNTER_BRIBE_STEP = 3  # a counter-bribe counts in steps of 3 ducats
FAMINE_RELIEF = 3  # ducats that end a famine (expenses)
ASSASSINATION_STAKES = (12, 24, 36)  # each 12 more ducats, one more face of the die


def ally_orders(board: Board, rules: MachiavelliOptions, power: str) -> list[Order]:
    """The orders for no unit of a movement phase: `Ally <power>` for each other power, where the map has
    straits and the rules the command [M 8.5] (`Family.unitless_orders`)."""
    if not board.straits or not allies_allowed(rules):
        return []
    return [Ally(p) for p in sorted(board.powers) if p != power]


def unit_order_extras(unit: Unit) -> list[Order]:
    """A unit's orders besides moves, holds, supports and convoys: convert, besiege, lift a siege."""
    k, at = unit.kind, unit.location
    return [*(Convert(k, at, into) for into in (ARMY, FLEET, GARRISON)), Besiege(k, at), LiftSiege(k, at)]


def legal_adjustments(
    board: Board, position: Position, rules: MachiavelliOptions, power: str, check: OrderCheck[MachiavelliOptions]
) -> tuple[tuple[UnitOrders, ...], dict[str, object]]:
    """The adjustment phase: maintain or remove each unit (at its cost), and the builds the treasury
    may buy (each with its cost), special units included."""
    units = []
    for u in sorted(position.units_of(power), key=unit_key):
        orders = keep([Maintain(u.kind, u.location), Remove(u.kind, u.location)], board, position, power, rules, check)
        units.append(UnitOrders(str(u), orders, unit_cost(u)))
    builds: list[Build] = []
    for s, sp in sorted(board.spaces.items()):
        if sp.home is None or sp.city is None:
            continue
        for special in (None, *sorted(SPECIALS)):
            builds.append(Build(ARMY, s, special))
            builds.extend(Build(FLEET, loc, special) for loc in board.locations(s))
            builds.append(Build(GARRISON, s, special))
    build_texts = keep(builds, board, position, power, rules, check)
    waive = accepted(str(Waive()), board, position, power, rules, check)
    data: dict[str, object] = {"waive": waive is not None, "waive_order": waive}
    data["treasury"] = position.ledger.ducats(power)
    data["builds"] = [{"order": t, "cost": COSTS[_special_of(t, board, position)]} for t in build_texts]
    data["unit_limits"] = (
        dict(zip(("armies", "fleets", "garrisons"), rules.unit_limits, strict=True)) if (rules.unit_limits) else None
    )
    data["special_units"] = rules.special_units
    return tuple(units), data


def _special_of(text: str, board: Board, position: Position) -> str | None:
    build = BUILD.of(parse_order(text, board, position.phase.kind))
    assert build is not None
    return build.special


# ---- money ----------------------------------------------------------------------------------


def _template(order: Order, **fields: str) -> str:
    """The text the notation prints for `order`, with sentinel values turned into ``{field}``."""
    text = str(order)
    for name, sentinel in fields.items():
        text = text.replace(sentinel, "{" + name + "}")
    return text


def expense_text(number: int, ducats: int, kind: str, target: str) -> str:
    """``Expense 1: 12 disband A bol``: `target` is a province id, a power id or a unit (``A bol``)."""
    unit_kind, _, place = target.partition(" ")
    if place and unit_kind in ("A", "F", "G"):
        return str(Expense(number, ducats, kind, UnitKind(unit_kind), place))
    return str(Expense(number, ducats, kind, None, target))


def _near_own(board: Board, position: Position, power: str, target: Unit) -> bool:
    """Does one of the power's units stand in or next to the target's province (option `bribe_adjacency`)?"""
    province = space_of(target.location)
    near = board.neighbours(province) | {province}
    return any(space_of(u.location) in near for u in position.units.values() if u.power == power)


def legal_money(
    board: Board, position: Position, rules: MachiavelliOptions, power: str, check: OrderCheck[MachiavelliOptions]
) -> dict[str, object]:
    """What may be spent on what: loans, payments, permissions, chits and the expenses."""
    ledger = position.ledger

    def ok(order: Order) -> str | None:
        return accepted(str(order), board, position, power, rules, check)

    loans = ledger.debt(power)
    principal = sum(loan.principal for loan in loans)
    owed = sum(loan.owed for loan in loans)
    bank = rules.loans and rules.dice
    others = [p for p in sorted(board.powers) if p != power]
    data: dict[str, object] = {
        "treasury": ledger.ducats(power),
        "loans": [
            {"principal": x.principal, "interest": x.interest, "due": f"{x.due_season.title()} {x.due_year}"}
            for x in loans
        ],
        "borrow": {
            "allowed": bank and power not in ledger.banned,
            "limit": LOAN_LIMIT,
            "limit_basis": rules.loan_limit_basis,
            "room": max(0, LOAN_LIMIT - (principal if rules.loan_limit_basis == "principal" else owed)),
            "excess": rules.loan_excess,
            "years": {str(y): {"rate_percent": round(r * 100)} for y, r in sorted(LOAN_RATES.items())},
            "templates": {str(y): _template(Borrow(987654, y), ducats="987654") for y in sorted(LOAN_RATES)},
        },
        "pay": {
            "to": [t for t in ["bank", *others] if ok(Pay(1, t))],
            "owed_to_bank": owed,
            "bank_allowed": bank,
            "gifts_allowed": not (loans and rules.gift_while_indebted == "forbidden"),
            "template": _template(Pay(987654, "@to"), ducats="987654", to="@to"),
        },
        "permit_bribes": {
            "in_play": rules.bribe_adjacency == "own_or_permitted",
            "orders": [t for p in others if (t := ok(PermitBribes(p)))]
            if rules.bribe_adjacency == "own_or_permitted"
            else [],
        },
        "give_chits": {
            "in_play": rules.assassinations and rules.assassination_chits_tradable,
            "orders": [
                t
                for victim in sorted(position.chits.get(power, frozenset()))
                for to in others
                if to != victim
                and victim not in position.chits.get(to, frozenset())
                and (t := ok(GiveChit(victim, to)))
            ]
            if rules.assassinations and rules.assassination_chits_tradable
            else [],
        },
        "expenses": _expenses(board, position, rules, power, check),
    }
    return data


@dataclass(frozen=True)
class _Spending:
    """What the offers of each kind of expense are computed from."""

    board: Board
    position: Position
    rules: MachiavelliOptions
    power: str
    check: OrderCheck[MachiavelliOptions]

    def accepted(self, kind: str, ducats: int, target_kind: UnitKind | None, target: str) -> bool:
        order = Expense(1, ducats, kind, target_kind, target)
        return accepted(str(order), self.board, self.position, self.power, self.rules, self.check) is not None

    @property
    def land(self) -> list[str]:
        return [s for s, sp in sorted(self.board.spaces.items()) if not sp.is_sea]


Offer = dict[str, object]


def _famine_relief(x: _Spending, kind: str) -> list[Offer]:
    """The provinces struck by famine, at the cost of relief."""
    famine = [s for s in x.land if s in x.position.famine and x.accepted(kind, FAMINE_RELIEF, None, s)]
    return [{"target": s, "cost": FAMINE_RELIEF} for s in famine]


def _pacify(x: _Spending, kind: str) -> list[Offer]:
    """The provinces in rebellion, at the cost of pacification."""
    rebelling = [s for s in x.land if s in x.position.rebellions and x.accepted(kind, PACIFY, None, s)]
    return [{"target": s, "cost": PACIFY} for s in rebelling]


def _rebellion(x: _Spending, kind: str) -> list[Offer]:
    """Each land province another power controls where a rebellion may be raised, at its cost."""
    offers: list[Offer] = []
    for s in x.land:
        if s in x.position.rebellions:
            continue
        try:
            cost = rebellion_cost(x.board, x.position, x.power, s)
        except Illegal:
            continue
        if x.accepted(kind, cost, None, s):
            offers.append({"target": s, "cost": cost, "power": x.position.owners.get(s)})
    return offers


def _assassinate(x: _Spending, kind: str) -> list[Offer]:
    """The powers the power holds a chit for (staked: `ASSASSINATION_STAKES`)."""
    chits = sorted(x.position.chits.get(x.power, frozenset()))
    return [{"target": p} for p in chits if x.accepted(kind, ASSASSINATION_STAKES[0], None, p)]


def _bribe(x: _Spending, kind: str) -> list[Offer]:
    """Every unit on the board this bribe may target, with its minimum: a counter-bribe any unit (one's own
    included), the others another power's unit that can take them."""
    offers: list[Offer] = []
    for target in sorted(x.position.units.values(), key=unit_key):
        own = target.power == x.power
        if kind == "counter-bribe":
            need = COUNTER_BRIBE_STEP
        elif own:
            continue  # no bribe on one's own unit (refused)
        else:
            try:
                need = minimum(x.board, bribe_kind(Expense(1, 0, kind, None, ""), target), target)
            except Illegal:
                continue  # a bribe this unit cannot take: charged, and no effect
        if x.accepted(kind, need, target.kind, target.location):
            near = own or x.rules.bribe_adjacency == "off" or _near_own(x.board, x.position, x.power, target)
            offers.append({"target": str(target), "minimum": need, "power": target.power, "adjacent": near})
    return offers


# the offers of each kind of expense (`pipeline.board.order_kinds.expense.EXPENSE_KINDS`)
OFFERS: dict[str, Callable[[_Spending, str], list[Offer]]] = {
    "famine relief": _famine_relief,
    "pacify": _pacify,
    "rebellion": _rebellion,
    "assassinate": _assassinate,
    "counter-bribe": _bribe,
    "disband": _bribe,
    "buy": _bribe,
    "to autonomous": _bribe,
}


def _in_play(kind: expense.ExpenseKind, rules: MachiavelliOptions) -> bool:
    return kind.name != "assassinate" or (rules.assassinations and rules.dice)


def _expenses(
    board: Board, position: Position, rules: MachiavelliOptions, power: str, check: OrderCheck[MachiavelliOptions]
) -> dict[str, object]:
    spending = _Spending(board, position, rules, power, check)
    kinds: list[dict[str, object]] = []
    offers: dict[str, list[Offer]] = {}
    for kind in expense.EXPENSE_KINDS:
        if not _in_play(kind, rules):
            continue
        offers[kind.name] = OFFERS[kind.name](spending, kind.name)
        entry: dict[str, object] = {"kind": kind.name, "target": kind.target, "offers": offers[kind.name]}
        if kind.target == expense.POWER:
            entry["stakes"] = list(ASSASSINATION_STAKES)
        kinds.append(entry)
    data: dict[str, object] = {
        "max": rules.max_expenses,
        "numbers": list(range(1, rules.max_expenses + 1)) if rules.max_expenses is not None else None,
        "underfunded": rules.underfunded_expense,
        "bribe_adjacency": rules.bribe_adjacency,
        "templates": {
            kind.name: _template(
                Expense(987654, 876543, kind.name, None, "@t"), number="987654", ducats="876543", target="@t"
            )
            for kind in expense.EXPENSE_KINDS
            if _in_play(kind, rules)
        },
        "kinds": kinds,
        **_by_kind(offers, [str(u) for u in sorted(position.units.values(), key=unit_key)]),
    }
    return data


def _by_kind(offers: dict[str, list[Offer]], units: list[str]) -> dict[str, object]:
    """The same offers in the first shape of the format (docs/legal-orders.md): famine relief, pacification,
    rebellion and assassination by kind, the bribes by unit (in the order of `units`) with their minimums by
    kind."""
    rebel = offers["rebellion"]
    data: dict[str, object] = {
        "famine relief": {"cost": FAMINE_RELIEF, "targets": [o["target"] for o in offers["famine relief"]]},
        "pacify": {"cost": PACIFY, "targets": [o["target"] for o in offers["pacify"]]},
        "rebellion": {"targets": [{"target": o["target"], "cost": o["cost"], "controller": o["power"]} for o in rebel]},
    }
    bribes: dict[object, dict[str, Any]] = {}
    for name in BRIBE_KINDS:
        for o in offers[name]:
            entry = bribes.setdefault(
                o["target"], {"target": o["target"], "power": o["power"], "adjacent": o["adjacent"], "minimums": {}}
            )
            entry["minimums"][name] = o["minimum"]
    data["bribes"] = sorted(bribes.values(), key=lambda entry: units.index(entry["target"]))
    if "assassinate" in offers:
        targets = [o["target"] for o in offers["assassinate"]]
        data["assassinate"] = {"stakes": list(ASSASSINATION_STAKES), "targets": targets}
    return data
