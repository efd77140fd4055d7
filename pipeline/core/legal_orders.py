"""Every legal order of a phase, for one power: what an order form may offer (docs/legal-orders.md).

Nothing here decides legality. Candidate orders are generated from the board's adjacency and the
position, written as text (`str(order)`, the canonical notation), read back with `parse_order` and
checked with `check_parsed_order`: the same code path `read_order_file` takes. Only the orders that
pass are kept, each as the canonical text of the order the check returns. So an exported order is
always accepted, and (tests/core/test_legal_orders.py) every order the check accepts is exported, with
two documented exceptions that the form loses nothing by:

- a move to a space the army cannot reach over land goes by convoy whether or not it says so
  (`pipeline.core.movement`): only its ``via convoy`` form is listed;
- convoyed moves (``A lon-bel via convoy``, also to a neighbour) and convoy orders are listed only where
  a route of fleets standing on the board now (any power's, in spaces that may carry an army) leads
  from the army to its destination, through the convoying fleet for a convoy order. The check itself
  only asks whether the seas could make such a route.

Money orders (Machiavelli's loans, payments and expenses) carry amounts and cannot be listed: `money`
says what may be spent on what (kinds, minimums, targets, the treasury, the loan limit) with the text
templates the notation prints, so that a form builds texts the parser reads back.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from pipeline.errors import OrderError

from .adjustment import adjustments_due
from .board import Board, space_of
from .expenses import bribe_kind, minimum, rebellion_cost
from .ledger import LOAN_LIMIT, LOAN_RATES
from .legality import Illegal
from .notation import check_parsed_order, parse_order
from .orders import (
    Ally,
    Besiege,
    Borrow,
    Build,
    Convert,
    Convoy,
    Disband,
    Expense,
    GiveChit,
    Hold,
    LiftSiege,
    Maintain,
    Move,
    Order,
    Pay,
    PermitBribes,
    Remove,
    Retreat,
    SupportConvert,
    SupportHold,
    SupportMove,
    Waive,
)
from .position import PhaseKind, Position
from .rebellions import PACIFY
from .rules import Rules
from .units import AUTONOMOUS, SPECIALS, Unit, UnitKind
from .upkeep import COSTS, unit_cost

FORMAT = 1  # version of the JSON structure (docs/legal-orders.md)
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
FAMINE_RELIEF = 3  # ducats that end a famine (pipeline.core.expenses)
ASSASSINATION_STAKES = (12, 24, 36)  # each 12 more ducats, one more face of the die

# the order of kinds in a unit's list, then the text
_RANK = {
    Hold: 0,
    Move: 1,
    Retreat: 1,
    SupportHold: 2,
    SupportMove: 3,
    SupportConvert: 4,
    Convoy: 5,
    Convert: 6,
    Besiege: 7,
    LiftSiege: 8,
    Maintain: 0,
    Remove: 9,
    Disband: 9,
}


@dataclass(frozen=True)
class UnitOrders:
    """The legal orders of one unit: `unit` is its text (``A ven``, ``F cro/sc``, ``G ven``)."""

    unit: str
    orders: tuple[str, ...]
    upkeep: int | None = None  # Machiavelli's adjustment phase: ducats to maintain it

    def to_data(self) -> dict[str, object]:
        data: dict[str, object] = {"unit": self.unit, "orders": list(self.orders)}
        if self.upkeep is not None:
            data["upkeep"] = self.upkeep
        return data


@dataclass(frozen=True)
class LegalOrders:
    """What `power` may order in the phase of the position."""

    power: str
    phase: str  # "Spring 1901 Movement"
    phase_kind: str  # movement | retreat | adjustment
    units: tuple[UnitOrders, ...]
    orders: tuple[str, ...] = ()  # orders that are no one unit's: Machiavelli's `Ally <power>`
    adjustments: dict[str, object] | None = None
    money: dict[str, object] | None = None

    def to_data(self) -> dict[str, object]:
        return {
            "power": self.power,
            "phase": self.phase,
            "phase_kind": self.phase_kind,
            "units": [u.to_data() for u in self.units],
            "orders": list(self.orders),
            "adjustments": self.adjustments,
            "money": self.money,
        }


def accepted(text: str, board: Board, position: Position, power: str, rules: Rules) -> str | None:
    """The canonical text of the order `text` says, if the order-file check accepts it; else None."""
    try:
        order = parse_order(text, board, position.phase.kind)
        return str(check_parsed_order(text, order, board, position, power, rules))
    except OrderError:
        return None


def _keep(candidates: Iterable[Order], board: Board, position: Position, power: str, rules: Rules) -> tuple[str, ...]:
    """The canonical texts of the candidates the check accepts, sorted by kind of order, then text."""
    kept: dict[str, int] = {}
    for order in candidates:
        text = accepted(str(order), board, position, power, rules)
        if text is not None:
            kept[text] = _RANK.get(type(order), 10)
    return tuple(sorted(kept, key=lambda t: (kept[t], t)))


def _unit_key(unit: Unit) -> tuple[str, str]:
    return (unit.location, unit.kind.value)


# ---- convoys ------------------------------------------------------------------------------


def convoy_fleets(board: Board, position: Position) -> frozenset[str]:
    """The spaces where a fleet stands that could carry an army (any power's)."""
    return frozenset(u.space for u in position.units.values() if u.kind is FLEET and board.can_convoy_from(u.space))


def fleet_route(board: Board, fleets: frozenset[str], src: str, dst: str, via: str | None = None) -> bool:
    """Is there a route of the `fleets` from space `src` to space `dst` (through `via`, if given)?"""
    if via is not None:
        return board.on_convoy_route(src, dst, via, fleets)
    usable = fleets - {src, dst}
    near = board.fleet_neighbours
    seen = {f for f in usable if src in near(f)}
    queue = sorted(seen)
    while queue:
        f = queue.pop()
        if dst in near(f):
            return True
        for n in near(f):
            if n in usable and n not in seen:
                seen.add(n)
                queue.append(n)
    return False


def convoy_destinations(board: Board, fleets: frozenset[str], src: str) -> list[str]:
    """The spaces an army in `src` could reach through a route of the `fleets`."""
    if not any(src in board.fleet_neighbours(f) for f in fleets):
        return []
    ends = sorted({n for f in fleets for n in board.fleet_neighbours(f)} - {src})
    return [
        s
        for s in ends
        if not board.spaces[s].is_sea and not board.spaces[s].no_armies and fleet_route(board, fleets, src, s)
    ]


# ---- the phases -----------------------------------------------------------------------------


def _movement_candidates(board: Board, position: Position, unit: Unit, fleets: frozenset[str]) -> Iterator[Order]:
    k, at = unit.kind, unit.location
    yield Hold(k, at)
    if k is ARMY:
        near = board.army_adjacency.get(unit.space, frozenset())
        by_convoy = set(convoy_destinations(board, fleets, unit.space))
        for s in sorted(near):
            yield Move(k, at, s)
        for s in sorted(by_convoy):
            yield Move(k, at, s, True)
    elif k is FLEET:
        for loc in sorted(board.fleet_adjacency.get(at, frozenset())):
            yield Move(k, at, loc)
    reach = frozenset({at}) if k is GARRISON else board.reachable_spaces(k, at)
    for other in sorted(position.units.values(), key=_unit_key):
        if other.space == unit.space:
            continue
        ok, ol = other.kind, other.location
        if space_of(ol) in reach:
            yield SupportHold(k, at, ok, ol)
        for s in sorted(reach - {other.space}):
            yield SupportMove(k, at, ok, ol, s)
            for loc in board.locations(s) if board.spaces[s].coasts else ():
                yield SupportMove(k, at, ok, ol, loc)  # a coast named in a support stays (DATC 6.B.9)
        if ok is GARRISON:
            yield SupportConvert(k, at, ok, ol, ARMY)
            yield SupportConvert(k, at, ok, ol, FLEET)
        if k is FLEET and ok is ARMY and unit.space in fleets:
            for s in convoy_destinations(board, fleets, other.space):
                if fleet_route(board, fleets, other.space, s, unit.space):
                    yield Convoy(k, at, ok, ol, s)
    if board.has_cities():
        for into in (ARMY, FLEET, GARRISON):
            yield Convert(k, at, into)
        yield Besiege(k, at)
        yield LiftSiege(k, at)


def _movement(
    board: Board, position: Position, rules: Rules, power: str
) -> tuple[tuple[UnitOrders, ...], tuple[str, ...]]:
    fleets = convoy_fleets(board, position)
    units = tuple(
        UnitOrders(str(u), _keep(_movement_candidates(board, position, u, fleets), board, position, power, rules))
        for u in sorted(position.units_of(power), key=_unit_key)
    )
    others: tuple[str, ...] = ()
    if board.straits and rules.strait_permission == "allow_command":
        others = _keep((Ally(p) for p in sorted(board.powers) if p != power), board, position, power, rules)
    return units, others


def _retreats(board: Board, position: Position, rules: Rules, power: str) -> tuple[UnitOrders, ...]:
    out = []
    for entry in sorted(position.dislodged, key=lambda d: _unit_key(d.unit)):
        u = entry.unit
        if u.power != power:
            continue
        if u.kind is ARMY:
            places = sorted(board.army_adjacency.get(u.space, frozenset()))
        else:
            places = sorted(board.fleet_adjacency.get(u.location, frozenset()))
        candidates: list[Order] = [Retreat(u.kind, u.location, p) for p in places]
        candidates += [Convert(u.kind, u.location, GARRISON), Disband(u.kind, u.location)]
        out.append(UnitOrders(str(u), _keep(candidates, board, position, power, rules)))
    return tuple(out)


def _adjustments(
    board: Board, position: Position, rules: Rules, power: str
) -> tuple[tuple[UnitOrders, ...], dict[str, object]]:
    machiavelli = rules.game == "machiavelli"
    units = []
    for u in sorted(position.units_of(power), key=_unit_key):
        candidates: list[Order] = [Remove(u.kind, u.location)]
        if machiavelli:
            candidates.insert(0, Maintain(u.kind, u.location))
        orders = _keep(candidates, board, position, power, rules)
        units.append(UnitOrders(str(u), orders, unit_cost(u) if machiavelli else None))
    builds: list[Build] = []
    specials: tuple[str | None, ...] = (None, *sorted(SPECIALS)) if machiavelli else (None,)
    for s, sp in sorted(board.spaces.items()):
        if sp.home is None or (machiavelli and sp.city is None):
            continue
        for special in specials:
            builds.append(Build(ARMY, s, special))
            builds.extend(Build(FLEET, loc, special) for loc in board.locations(s))
            if machiavelli:
                builds.append(Build(GARRISON, s, special))
    build_texts = _keep(builds, board, position, power, rules)
    data: dict[str, object] = {"waive": accepted(str(Waive()), board, position, power, rules) is not None}
    if machiavelli:
        data["treasury"] = position.ledger.ducats(power)
        data["builds"] = [{"order": t, "cost": COSTS[_special_of(t, board, position)]} for t in build_texts]
        data["unit_limits"] = (
            dict(zip(("armies", "fleets", "garrisons"), rules.unit_limits, strict=True))
            if (rules.unit_limits)
            else None
        )
        data["special_units"] = rules.special_units
    else:
        data["due"] = adjustments_due(position, power)
        data["builds"] = list(build_texts)
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


def _money(board: Board, position: Position, rules: Rules, power: str) -> dict[str, object]:
    ledger = position.ledger

    def ok(order: Order) -> str | None:
        return accepted(str(order), board, position, power, rules)

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
        "expenses": _expenses(board, position, rules, power),
    }
    return data


def _expenses(board: Board, position: Position, rules: Rules, power: str) -> dict[str, object]:
    def ok(kind: str, ducats: int, target_kind: UnitKind | None, target: str) -> bool:
        return accepted(str(Expense(1, ducats, kind, target_kind, target)), board, position, power, rules) is not None

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
    for target in sorted(position.units.values(), key=_unit_key):
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


# ---- the whole ------------------------------------------------------------------------------


def money_phase(position: Position, rules: Rules) -> bool:
    """Are loans, payments and expenses ordered in this phase?"""
    if rules.game != "machiavelli":
        return False
    early = rules.money_before_adjustments(position.phase.season)
    return position.phase.kind is (PhaseKind.ADJUSTMENT if early else PhaseKind.MOVEMENT)


def legal_orders(board: Board, position: Position, rules: Rules, power: str) -> LegalOrders:
    """Every legal order of `power` in the phase of `position` (see the module's docstring)."""
    kind = position.phase.kind
    others: tuple[str, ...] = ()
    adjustments: dict[str, object] | None = None
    if kind is PhaseKind.MOVEMENT:
        units, others = _movement(board, position, rules, power)
    elif kind is PhaseKind.RETREAT:
        units = _retreats(board, position, rules, power)
    else:
        units, adjustments = _adjustments(board, position, rules, power)
    money = _money(board, position, rules, power) if money_phase(position, rules) else None
    return LegalOrders(power, str(position.phase), kind.value, units, others, adjustments, money)


def legal_orders_data(
    board: Board, position: Position, rules: Rules, powers: Iterable[str], game: str = "", turn: str = ""
) -> dict[str, object]:
    """The JSON-ready structure of docs/legal-orders.md for the `powers` (sorted)."""
    chosen = sorted(set(powers) - {AUTONOMOUS})
    return {
        "format": FORMAT,
        "game": game,
        "turn": turn,
        "phase": str(position.phase),
        "phase_kind": position.phase.kind.value,
        "map": board.name,
        "powers": {p: legal_orders(board, position, rules, p).to_data() for p in chosen},
    }


def legal_orders_json(
    board: Board, position: Position, rules: Rules, powers: Iterable[str], game: str = "", turn: str = ""
) -> str:
    """`legal_orders_data` as JSON text: keys sorted, two-space indents, a final newline."""
    data = legal_orders_data(board, position, rules, powers, game, turn)
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
