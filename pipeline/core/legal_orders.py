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

What a family adds (its check, its units' other orders, its adjustments, its money) comes in as
`LegalOrderHooks`, which every `pipeline.games` family provides.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from pipeline.errors import OrderError

from .adjustment import adjustments_due
from .board import Board, space_of
from .notation import check_order, check_parsed_order, parse_order
from .orders import (
    Ally,
    Besiege,
    Build,
    Convert,
    Convoy,
    Disband,
    Hold,
    LiftSiege,
    Maintain,
    Move,
    Order,
    Remove,
    Retreat,
    SupportConvert,
    SupportHold,
    SupportMove,
    Waive,
)
from .position import PhaseKind, Position
from .rules import Rules
from .units import AUTONOMOUS, Unit, UnitKind

FORMAT = 1  # version of the JSON structure (docs/legal-orders.md)
ARMY, FLEET, GARRISON = UnitKind.ARMY, UnitKind.FLEET, UnitKind.GARRISON
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


OrderCheck = Callable[[Board, Position, str, Order, Rules], Order]


class LegalOrderHooks(Protocol):
    """What a game family adds to the legal orders (`pipeline.games.family.Family` provides them)."""

    def check_order(self, board: Board, position: Position, power: str, order: Order, rules: Rules) -> Order: ...

    def unit_order_extras(self, unit: Unit) -> Iterable[Order]: ...

    def legal_adjustments(
        self, board: Board, position: Position, rules: Rules, power: str
    ) -> tuple[tuple[UnitOrders, ...], dict[str, object]] | None: ...

    def legal_money(self, board: Board, position: Position, rules: Rules, power: str) -> dict[str, object] | None: ...


def accepted(
    text: str, board: Board, position: Position, power: str, rules: Rules, check: OrderCheck = check_order
) -> str | None:
    """The canonical text of the order `text` says, if the order-file check (the family's `check`)
    accepts it; else None."""
    try:
        order = parse_order(text, board, position.phase.kind)
        return str(check_parsed_order(text, order, board, position, power, rules, check))
    except OrderError:
        return None


def keep(
    candidates: Iterable[Order],
    board: Board,
    position: Position,
    power: str,
    rules: Rules,
    check: OrderCheck = check_order,
) -> tuple[str, ...]:
    """The canonical texts of the candidates the check accepts, sorted by kind of order, then text."""
    kept: dict[str, int] = {}
    for order in candidates:
        text = accepted(str(order), board, position, power, rules, check)
        if text is not None:
            kept[text] = _RANK.get(type(order), 10)
    return tuple(sorted(kept, key=lambda t: (kept[t], t)))


def unit_key(unit: Unit) -> tuple[str, str]:
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


def _movement_candidates(
    board: Board, position: Position, unit: Unit, fleets: frozenset[str], hooks: LegalOrderHooks
) -> Iterator[Order]:
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
    for other in sorted(position.units.values(), key=unit_key):
        if other.space == unit.space:
            continue
        ok, ol = other.kind, other.location
        if space_of(ol) in reach:
            yield SupportHold(k, at, ok, ol)
        for s in sorted(reach - {other.space}):
            yield SupportMove(k, at, ok, ol, s)
            for loc in board.locations(s) if board.spaces[s].coasts else ():
                yield SupportMove(k, at, ok, ol, loc)  # a coast named in a support stays [D 2.8] (DATC 6.B.9)
        if ok is GARRISON:
            yield SupportConvert(k, at, ok, ol, ARMY)
            yield SupportConvert(k, at, ok, ol, FLEET)
        if k is FLEET and ok is ARMY and unit.space in fleets:
            for s in convoy_destinations(board, fleets, other.space):
                if fleet_route(board, fleets, other.space, s, unit.space):
                    yield Convoy(k, at, ok, ol, s)
    yield from hooks.unit_order_extras(unit)


def _movement(
    board: Board, position: Position, rules: Rules, power: str, hooks: LegalOrderHooks
) -> tuple[tuple[UnitOrders, ...], tuple[str, ...]]:
    fleets = convoy_fleets(board, position)
    check = hooks.check_order
    units = tuple(
        UnitOrders(
            str(u), keep(_movement_candidates(board, position, u, fleets, hooks), board, position, power, rules, check)
        )
        for u in sorted(position.units_of(power), key=unit_key)
    )
    others: tuple[str, ...] = ()
    if board.straits and rules.strait_permission == "allow_command":
        others = keep((Ally(p) for p in sorted(board.powers) if p != power), board, position, power, rules, check)
    return units, others


def _retreats(board: Board, position: Position, rules: Rules, power: str, check: OrderCheck) -> tuple[UnitOrders, ...]:
    out = []
    for entry in sorted(position.dislodged, key=lambda d: unit_key(d.unit)):
        u = entry.unit
        if u.power != power:
            continue
        if u.kind is ARMY:
            places = sorted(board.army_adjacency.get(u.space, frozenset()))
        else:
            places = sorted(board.fleet_adjacency.get(u.location, frozenset()))
        candidates: list[Order] = [Retreat(u.kind, u.location, p) for p in places]
        candidates += [Convert(u.kind, u.location, GARRISON), Disband(u.kind, u.location)]
        out.append(UnitOrders(str(u), keep(candidates, board, position, power, rules, check)))
    return tuple(out)


def _adjustments(
    board: Board, position: Position, rules: Rules, power: str, check: OrderCheck
) -> tuple[tuple[UnitOrders, ...], dict[str, object]]:
    """Diplomacy's adjustments: removals of one's units, builds in one's home centres, or a waive."""
    units = [
        UnitOrders(str(u), keep([Remove(u.kind, u.location)], board, position, power, rules, check))
        for u in sorted(position.units_of(power), key=unit_key)
    ]
    builds: list[Build] = []
    for s, sp in sorted(board.spaces.items()):
        if sp.home is not None:
            builds.append(Build(ARMY, s, None))
            builds.extend(Build(FLEET, loc, None) for loc in board.locations(s))
    build_texts = keep(builds, board, position, power, rules, check)
    data: dict[str, object] = {"waive": accepted(str(Waive()), board, position, power, rules, check) is not None}
    data["due"] = adjustments_due(position, power)
    data["builds"] = list(build_texts)
    return tuple(units), data


# ---- the whole ------------------------------------------------------------------------------


def legal_orders(board: Board, position: Position, rules: Rules, power: str, hooks: LegalOrderHooks) -> LegalOrders:
    """Every legal order of `power` in the phase of `position` (see the module's docstring), under the
    rules of the family `hooks` stands for."""
    kind = position.phase.kind
    others: tuple[str, ...] = ()
    adjustments: dict[str, object] | None = None
    if kind is PhaseKind.MOVEMENT:
        units, others = _movement(board, position, rules, power, hooks)
    elif kind is PhaseKind.RETREAT:
        units = _retreats(board, position, rules, power, hooks.check_order)
    else:
        family = hooks.legal_adjustments(board, position, rules, power)
        units, adjustments = family or _adjustments(board, position, rules, power, hooks.check_order)
    money = hooks.legal_money(board, position, rules, power)
    return LegalOrders(power, str(position.phase), kind.value, units, others, adjustments, money)


def legal_orders_data(
    board: Board,
    position: Position,
    rules: Rules,
    powers: Iterable[str],
    hooks: LegalOrderHooks,
    game: str = "",
    turn: str = "",
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
        "powers": {p: legal_orders(board, position, rules, p, hooks).to_data() for p in chosen},
    }


def legal_orders_json(
    board: Board,
    position: Position,
    rules: Rules,
    powers: Iterable[str],
    hooks: LegalOrderHooks,
    game: str = "",
    turn: str = "",
) -> str:
    """`legal_orders_data` as JSON text: keys sorted, two-space indents, a final newline."""
    data = legal_orders_data(board, position, rules, powers, hooks, game, turn)
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
