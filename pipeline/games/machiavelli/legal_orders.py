"""Machiavelli's part of the legal orders for an order form (docs/legal-orders.md): its units' other
orders (conversions, sieges), its adjustment phase (maintenance and builds bought with ducats) and what
may be spent on what in a money phase. The shared part, and the principle (every order listed is one
the order-file check accepts), is `pipeline.core.legal_orders`.
"""

from __future__ import annotations

from pipeline.core.board import Board, space_of
from pipeline.core.legal_orders import OrderCheck, UnitOrders, accepted, keep, unit_key
from pipeline.core.legality import Illegal
from pipeline.core.notation import parse_order
from pipeline.core.orders import (
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
from pipeline.core.position import Position
from pipeline.core.rules import Rules
from pipeline.core.units import SPECIALS, Unit, UnitKind

from .banking import LOAN_LIMIT, LOAN_RATES
from .expenses import bribe_kind, minimum, rebellion_cost
from .rebellions import PACIFY
from .upkeep import COSTS, unit_cost

ARMY, FLEET, GARRISON = UnitKind.ARMY, UnitKind.FLEET, UnitKind.GARRISON
EXPENSE_KINDS = (
    "famine relief",
    "pacify",
    "rebellion",
    "assassinate",
    "counter-bribe",
    "disband",
    "buy",
    "to autonomous",
)
BRIBE_KINDS = ("counter-bribe", "disband", "buy", "to autonomous")
COUNTER_BRIBE_STEP = 3  # a counter-bribe counts in steps of 3 ducats
FAMINE_RELIEF = 3  # ducats that end a famine (expenses)
ASSASSINATION_STAKES = (12, 24, 36)  # each 12 more ducats, one more face of the die


def unit_order_extras(unit: Unit) -> list[Order]:
    """A unit's orders besides moves, holds, supports and convoys: convert, besiege, lift a siege."""
    k, at = unit.kind, unit.location
    return [*(Convert(k, at, into) for into in (ARMY, FLEET, GARRISON)), Besiege(k, at), LiftSiege(k, at)]


def legal_adjustments(
    board: Board, position: Position, rules: Rules, power: str, check: OrderCheck
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
    data: dict[str, object] = {"waive": accepted(str(Waive()), board, position, power, rules, check) is not None}
    data["treasury"] = position.ledger.ducats(power)
    data["builds"] = [{"order": t, "cost": COSTS[_special_of(t, board, position)]} for t in build_texts]
    data["unit_limits"] = (
        dict(zip(("armies", "fleets", "garrisons"), rules.unit_limits, strict=True)) if (rules.unit_limits) else None
    )
    data["special_units"] = rules.special_units
    return tuple(units), data


def _special_of(text: str, board: Board, position: Position) -> str | None:
    order = parse_order(text, board, position.phase.kind)
    assert isinstance(order, Build)
    return order.special


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


def legal_money(board: Board, position: Position, rules: Rules, power: str, check: OrderCheck) -> dict[str, object]:
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


def _expenses(board: Board, position: Position, rules: Rules, power: str, check: OrderCheck) -> dict[str, object]:
    def ok(kind: str, ducats: int, target_kind: UnitKind | None, target: str) -> bool:
        return (
            accepted(str(Expense(1, ducats, kind, target_kind, target)), board, position, power, rules, check)
            is not None
        )

    land = [s for s, sp in sorted(board.spaces.items()) if not sp.is_sea]
    rebellion: list[dict[str, object]] = []
    for s in land:
        if s in position.rebellions:
            continue
        try:
            cost = rebellion_cost(board, position, power, s)
        except Illegal:
            continue
        if ok("rebellion", cost, None, s):
            rebellion.append({"target": s, "cost": cost, "controller": position.owners.get(s)})
    bribes: list[dict[str, object]] = []
    for target in sorted(position.units.values(), key=unit_key):
        own = target.power == power
        minimums: dict[str, int] = {}
        for kind in BRIBE_KINDS:
            if kind == "counter-bribe":
                need = COUNTER_BRIBE_STEP
            elif own:
                continue  # no bribe on one's own unit (refused)
            else:
                try:
                    need = minimum(board, bribe_kind(Expense(1, 0, kind, None, ""), target), target)
                except Illegal:
                    continue  # a bribe this unit cannot take: charged, and no effect
            if ok(kind, need, target.kind, target.location):
                minimums[kind] = need
        if minimums:
            near = own or rules.bribe_adjacency == "off" or _near_own(board, position, power, target)
            bribes.append({"target": str(target), "power": target.power, "adjacent": near, "minimums": minimums})
    data: dict[str, object] = {
        "max": rules.max_expenses,
        "numbers": list(range(1, rules.max_expenses + 1)) if rules.max_expenses is not None else None,
        "underfunded": rules.underfunded_expense,
        "bribe_adjacency": rules.bribe_adjacency,
        "templates": {
            kind: _template(Expense(987654, 876543, kind, None, "@t"), number="987654", ducats="876543", target="@t")
            for kind in EXPENSE_KINDS
            if kind != "assassinate" or (rules.assassinations and rules.dice)
        },
        "famine relief": {
            "cost": FAMINE_RELIEF,
            "targets": [s for s in land if s in position.famine and ok("famine relief", FAMINE_RELIEF, None, s)],
        },
        "pacify": {
            "cost": PACIFY,
            "targets": [s for s in land if s in position.rebellions and ok("pacify", PACIFY, None, s)],
        },
        "rebellion": {"targets": rebellion},
        "bribes": bribes,
    }
    if rules.assassinations and rules.dice:
        data["assassinate"] = {
            "stakes": list(ASSASSINATION_STAKES),
            "targets": [p for p in sorted(position.chits.get(power, frozenset())) if ok("assassinate", 12, None, p)],
        }
    return data
