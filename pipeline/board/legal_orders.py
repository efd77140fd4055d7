"""Every legal order of a phase: what an order form may offer (docs/legal-orders.md), and the orders
random play draws from (tests, benchmarks). One generator of candidate orders serves both.

Nothing here decides legality. Candidate orders are generated from the board's adjacency and the
position, written as text (`str(order)`, the canonical notation), read back with `parse_order` and
checked with `check_parsed_order`: the same code path `read_order_file` takes. Only the orders that
pass are kept, each as the canonical text of the order the check returns. So an exported order is
always accepted, and (tests/board/test_legal_orders.py) every order the check accepts is exported, with
two documented exceptions that the form loses nothing by:

- a move to a space the army cannot reach over land goes by convoy whether or not it says so
  (`pipeline.board.movement`): only its ``via convoy`` form is listed;
- convoyed moves (``A lon-bel via convoy``, also to a neighbour) and convoy orders are listed only where
  a route of fleets standing on the board now (any power's, in spaces that may carry an army) leads
  from the army to its destination, through the convoying fleet for a convoy order. The check itself
  only asks whether the seas could make such a route.

In a movement phase each unit's orders also say which of them can succeed (`first`: its own orders, its
supports of moves the supported unit could make over land or along its coasts, its convoys overseas by itself
alone; `_FittingOrders`), for a form to offer first and the rest one step away: a presentation of the same
legal list, made here because only the board knows where each unit can go.

Money orders (Machiavelli's loans, payments and expenses) carry amounts and cannot be listed: `money`
says what may be spent on what (kinds, minimums, targets, the treasury, the loan limit) with the text
templates the notation prints, so that a form builds texts the parser reads back.

What a family adds (its check and its `LegalityHooks`, its units' other orders, its orders for no unit, its
adjustments, its money) comes in as `LegalOrderHooks`, which every board family (`pipeline.board.family`)
provides. Each kind of order says how the form
lists it (`pipeline.board.order_kinds`: its rank in a unit's list, its group, its text templates, which
`notation` exports).

Random play (`movement_options`, `retreat_choices`, `adjustment_choices`) takes the same candidates
as order values, with likelier supports and convoys: a support only where the supported unit could
move, a convoy wherever the seas could carry the army.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from pipeline.errors import OrderError

from .adjustment import adjustments_due, build_sites
from .board import Board, space_of
from .legality import DEFAULT_RULES, NO_LEGALITY_HOOKS, AnyLegalityHooks, Illegal, check_movement_order
from .notation import parse_order
from .order_checks import OrderCheck, check_order, check_parsed_order
from .order_kinds import KINDS, kind_of
from .orders import (
    MOVEMENT_KINDS,
    Build,
    Convert,
    Convoy,
    Disband,
    Hold,
    Move,
    MovementOrder,
    Order,
    Remove,
    Retreat,
    SupportConvert,
    SupportHold,
    SupportMove,
    Waive,
)
from .position import Dislodged, PhaseKind, Position
from .retreat import city_retreat, retreat_options
from .rules import Rules
from .units import ARMY, AUTONOMOUS, FLEET, GARRISON, SPECIALS, Unit, UnitKind

FORMAT = 1  # version of the JSON structure (docs/legal-orders.md)


@dataclass(frozen=True)
class UnitOrders:
    """The legal orders of one unit: `unit` is its text (``A ven``, ``F cro/sc``, ``G ven``)."""

    unit: str
    orders: tuple[str, ...]
    upkeep: int | None = None  # Machiavelli's adjustment phase: ducats to maintain it
    first: tuple[str, ...] | None = None  # a movement phase: the orders that can succeed, which a form offers first

    def to_data(self) -> dict[str, object]:
        data: dict[str, object] = {"unit": self.unit, "orders": list(self.orders)}
        if self.upkeep is not None:
            data["upkeep"] = self.upkeep
        if self.first is not None:
            data["first"] = list(self.first)
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


UnitExtras = Callable[[Unit], Iterable[Order]]


class LegalOrderHooks(Protocol):
    """What a game family adds to the legal orders (`pipeline.board.family.Family` provides them; `rules` are
    its games' options, of its own class)."""

    @property
    def legality_hooks(self) -> AnyLegalityHooks: ...

    def check_order(self, board: Board, position: Position, power: str, order: Order, rules: Any) -> Order: ...

    def unit_order_extras(self, unit: Unit) -> Iterable[Order]: ...

    def unitless_orders(self, board: Board, rules: Any, power: str) -> Iterable[Order]: ...

    def legal_adjustments(
        self, board: Board, position: Position, rules: Any, power: str
    ) -> tuple[tuple[UnitOrders, ...], dict[str, object]] | None: ...

    def legal_money(self, board: Board, position: Position, rules: Any, power: str) -> dict[str, object] | None: ...


def accepted(
    text: str, board: Board, position: Position, power: str, rules: Rules, check: OrderCheck[Any] = check_order
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
    check: OrderCheck[Any] = check_order,
) -> tuple[str, ...]:
    """The canonical texts of the candidates the check accepts, sorted by kind of order (the kinds'
    `rank`), then text."""
    return ranked(kept_texts(candidates, lambda text: accepted(text, board, position, power, rules, check)))


def kept_texts(candidates: Iterable[Order], accept: Callable[[str], str | None]) -> dict[str, tuple[str, int]]:
    """The candidates `accept` takes (`accepted` with the order file's check): each one's text → its canonical
    text and its kind's `rank`."""
    kept: dict[str, tuple[str, int]] = {}
    for order in candidates:
        written = str(order)
        text = accept(written)
        if text is not None:
            kept[written] = (text, kind_of(order).rank)
    return kept


def ranked(kept: dict[str, tuple[str, int]]) -> tuple[str, ...]:
    """The canonical texts of `kept_texts`, once each, sorted by kind of order (rank), then text."""
    ranks = dict(kept.values())
    return tuple(sorted(ranks, key=lambda t: (ranks[t], t)))


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
    return board.convoy_chain(src, dst, fleets)


def convoy_destinations(board: Board, fleets: frozenset[str], src: str) -> list[str]:
    """The spaces an army in `src` could reach through a route of the `fleets`: the fleets a route from `src`
    reaches are found once, and an end that holds no fleet (a route to it never passes it) is reached when
    one of them touches it; an end that holds one (a coast that convoys) is asked on its own."""
    near = board.fleet_neighbours
    if not any(src in near(f) for f in fleets):
        return []
    ends = sorted({n for f in fleets for n in near(f)} - {src})
    touched = {n for f in _reached_fleets(board, fleets, src) for n in near(f)}
    return [
        s
        for s in ends
        if not board.spaces[s].is_sea
        and not board.spaces[s].no_armies
        and (s in touched if s not in fleets else fleet_route(board, fleets, src, s))
    ]


def _reached_fleets(board: Board, fleets: frozenset[str], src: str) -> set[str]:
    """The `fleets` (but one in `src`) a chain of them starting next to `src` reaches."""
    near = board.fleet_neighbours
    todo = [f for f in near(src) if f in fleets and f != src]
    seen = set(todo)
    while todo:
        for n in near(todo.pop()):
            if n in fleets and n != src and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


# ---- the candidates: one generator for the form and for random play -------------------------------


class _Reach(Protocol):
    """How far a unit's candidate supports and convoys go."""

    def convoy_moves(self, army: Unit) -> Iterable[str]: ...

    def supports_hold(self, within: frozenset[str], other: Unit) -> bool: ...

    def support_moves(self, unit: Unit, within: frozenset[str], other: Unit) -> Iterable[str]: ...

    def convoys(self, fleet: Unit, army: Unit) -> Iterable[str]: ...


class _EveryOrder:
    """For the form: every support the check may accept (a coast named or not), and convoys along the
    routes of the fleets on the board."""

    def __init__(self, board: Board, position: Position) -> None:
        self.board = board
        self.fleets = convoy_fleets(board, position)

    def convoy_moves(self, army: Unit) -> Iterable[str]:
        return convoy_destinations(self.board, self.fleets, army.space)

    def supports_hold(self, within: frozenset[str], other: Unit) -> bool:
        return space_of(other.location) in within

    def support_moves(self, unit: Unit, within: frozenset[str], other: Unit) -> Iterator[str]:
        for s in sorted(within - {other.space}):
            yield s
            if self.board.spaces[s].coasts:
                yield from self.board.locations(s)  # a coast named in a support stays [D 2.8] (DATC 6.B.9)

    def convoys(self, fleet: Unit, army: Unit) -> Iterator[str]:
        board, fleets = self.board, self.fleets
        if fleet.space in fleets:
            for s in convoy_destinations(board, fleets, army.space):
                if fleet_route(board, fleets, army.space, s, fleet.space):
                    yield s


class _FittingOrders:
    """For the orders a form offers first, those that can succeed (docs/legal-orders.md, `first`): the unit's
    own hold and moves (by convoy too) as `_EveryOrder` finds them; the holds it may support (within its
    reach); a support of a move only where the supported unit could order that move itself this turn over land
    or along its coasts (`may_move`: the order file's check), no support named with a coast; a convoy by this
    fleet alone (the army and its end both next to it) to a place the army could not walk to."""

    def __init__(self, every: _EveryOrder, may_move: Callable[[Unit, Order], bool]) -> None:
        self.every = every
        self.may_move = may_move
        self.moves: dict[str, frozenset[str]] = {}  # by the unit's space: where it could move this turn

    def convoy_moves(self, army: Unit) -> Iterable[str]:
        return self.every.convoy_moves(army)

    def supports_hold(self, within: frozenset[str], other: Unit) -> bool:
        return self.every.supports_hold(within, other)

    def support_moves(self, unit: Unit, within: frozenset[str], other: Unit) -> Iterable[str]:
        return sorted(s for s in self._moves_of(other) if s in within)

    def convoys(self, fleet: Unit, army: Unit) -> Iterable[str]:
        near = self.every.board.fleet_neighbours(fleet.space)
        if army.space not in near:
            return []
        return [s for s in self._overseas(army, self.every.convoys(fleet, army)) if s in near]

    def _overseas(self, army: Unit, ends: Iterable[str]) -> list[str]:
        """The ends of convoys the army could not reach over land."""
        land = self.every.board.army_adjacency.get(army.space, frozenset())
        return [s for s in ends if s not in land]

    def _moves_of(self, unit: Unit) -> frozenset[str]:
        found = self.moves.get(unit.space)
        if found is None:
            board, k, at = self.every.board, unit.kind, unit.location
            tried: list[Move] = []
            if k is ARMY:
                tried += [Move(k, at, s) for s in sorted(board.army_adjacency.get(unit.space, frozenset()))]
            elif k is FLEET:
                tried += [Move(k, at, loc) for loc in sorted(board.fleet_adjacency.get(at, frozenset()))]
            found = self.moves[unit.space] = frozenset(space_of(m.to) for m in tried if self.may_move(unit, m))
        return found


def destinations(board: Board, unit: Unit) -> list[tuple[str, bool]]:
    """(location, by convoy) for each move the unit could order: to its neighbours, and an army on a
    coast to every coast the seas could carry it to."""
    if unit.kind is FLEET:
        return [(loc, False) for loc in sorted(board.fleet_adjacency.get(unit.location, ()))]
    out = [(s, False) for s in sorted(board.army_adjacency.get(unit.space, ()))]
    if board.spaces[unit.space].kind == "coast":
        out.extend(
            (s, True)
            for s in sorted(board.spaces)
            if s != unit.space and board.spaces[s].kind == "coast" and board.convoy_possible(unit.space, s)
        )
    return out


class _LikelyOrders:
    """For random play: a support of a move only where the supported unit could move, of a hold only of
    an army or fleet within reach; convoys wherever the seas could carry the army."""

    def __init__(self, board: Board, position: Position) -> None:
        self.board = board
        self.moves = {s: destinations(board, u) if u.kind is not GARRISON else [] for s, u in position.units.items()}
        self.targets = {s: sorted({space_of(loc) for loc, _ in m}) for s, m in self.moves.items()}

    def convoy_moves(self, army: Unit) -> Iterable[str]:
        return [s for s, via in self.moves[army.space] if via]

    def supports_hold(self, within: frozenset[str], other: Unit) -> bool:
        return other.space in within

    def support_moves(self, unit: Unit, within: frozenset[str], other: Unit) -> Iterable[str]:
        return [s for s in self.targets[other.space] if s != unit.space and s in within]

    def convoys(self, fleet: Unit, army: Unit) -> Iterable[str]:
        if not self.board.can_convoy_from(fleet.space):
            return []
        route = self.board.convoy_possible
        return [s for s, via in self.moves[army.space] if via and route(army.space, s, via=fleet.space)]


def _no_extras(unit: Unit) -> Iterable[Order]:
    return ()


def unit_candidates(
    board: Board, position: Position, unit: Unit, reach: _Reach, extras: UnitExtras = _no_extras
) -> Iterator[Order]:
    """The candidate orders of a unit in a movement phase: hold, moves, supports of every other unit,
    convoys, and the family's `extras` (Machiavelli's conversions and sieges, `Family.unit_order_extras`)."""
    k, at = unit.kind, unit.location
    yield Hold(k, at)
    if k is ARMY:
        for s in sorted(board.army_adjacency.get(unit.space, frozenset())):
            yield Move(k, at, s)
        for s in reach.convoy_moves(unit):
            yield Move(k, at, s, True)
    elif k is FLEET:
        for loc in sorted(board.fleet_adjacency.get(at, frozenset())):
            yield Move(k, at, loc)
    within = frozenset({at}) if k is GARRISON else board.reachable_spaces(k, at)  # a garrison: its own province
    for other in position.units.values():
        if other.space == unit.space:
            continue
        ok, ol = other.kind, other.location
        if reach.supports_hold(within, other):
            yield SupportHold(k, at, ok, ol)
        for s in reach.support_moves(unit, within, other):
            yield SupportMove(k, at, ok, ol, s)
        if k is FLEET and ok is ARMY:
            for s in reach.convoys(unit, other):
                yield Convoy(k, at, ok, ol, s)
        if ok is GARRISON:
            yield SupportConvert(k, at, ok, ol, ARMY)
            yield SupportConvert(k, at, ok, ol, FLEET)
    yield from extras(unit)


def retreat_candidates(
    board: Board, position: Position, entry: Dislodged, rules: Rules, hooks: AnyLegalityHooks = NO_LEGALITY_HOOKS
) -> list[Order]:
    """A dislodged unit's retreats (into its city too, where the family's `hooks` allow it), then disbanding."""
    u = entry.unit
    places = retreat_options(board, position, entry, rules, hooks)
    choices: list[Order] = [Retreat(u.kind, u.location, loc) for loc in places]
    if city_retreat(board, position, entry, rules, hooks):
        choices.append(Convert(u.kind, u.location, GARRISON))
    choices.append(Disband(u.kind, u.location))
    return choices


# ---- random play --------------------------------------------------------------------------------


def movement_options(
    board: Board,
    position: Position,
    rules: Rules = DEFAULT_RULES,
    extras: UnitExtras | None = None,
    hooks: AnyLegalityHooks = NO_LEGALITY_HOOKS,
) -> dict[str, list[MovementOrder]]:
    """Every likely order of each unit on the board, by space (for a garrison: its city's space), for
    random play.

    `extras`: the family's other orders of a unit (Machiavelli's conversions and sieges,
    `Family.unit_order_extras`); with them, every order listed has passed the adjudicator's own legality
    checks, with the family's `hooks` (`Family.legality_hooks`).
    """
    likely = _LikelyOrders(board, position)
    out: dict[str, list[MovementOrder]] = {}
    for space, unit in position.units.items():
        if unit.power == AUTONOMOUS:
            continue
        candidates = unit_candidates(board, position, unit, likely, extras or _no_extras)
        orders = [o for o in candidates if isinstance(o, MOVEMENT_KINDS)]
        if extras is not None:
            orders = [o for o in orders if _legal(board, position, unit.power, o, rules, hooks)]
        out[space] = orders
    return out


def _legal(
    board: Board, position: Position, power: str, order: MovementOrder, rules: Rules, hooks: AnyLegalityHooks
) -> bool:
    try:
        check_movement_order(board, position, power, order, rules, hooks)
    except Illegal:
        return False
    return True


def retreat_choices(
    board: Board, position: Position, rules: Rules = DEFAULT_RULES, hooks: AnyLegalityHooks = NO_LEGALITY_HOOKS
) -> dict[str, list[Order]]:
    """For each dislodged unit: its retreats (into its city too, where the family's `hooks` allow it), then
    disbanding."""
    return {e.unit.space: retreat_candidates(board, position, e, rules, hooks) for e in position.dislodged}


def adjustment_choices(board: Board, position: Position, power: str) -> tuple[int, list[Order]]:
    """Diplomacy's adjustments: how many builds (positive) or removals (negative) are due, and the orders
    that could fill them."""
    due = adjustments_due(position, power)
    if due > 0:
        choices: list[Order] = []
        for space in build_sites(board, position, power):
            if board.spaces[space].kind != "sea":
                choices.append(Build(ARMY, space))
            if board.spaces[space].kind != "land":
                choices.extend(Build(FLEET, loc) for loc in board.locations(space))
        choices.append(Waive())
        return due, choices
    if due < 0:
        return due, [Remove(u.kind, u.location) for u in position.units_of(power)]
    return 0, []


# ---- the phases, for the form -------------------------------------------------------------------


def _movement(
    board: Board, position: Position, rules: Rules, power: str, hooks: LegalOrderHooks
) -> tuple[tuple[UnitOrders, ...], tuple[str, ...]]:
    every = _EveryOrder(board, position)
    check = hooks.check_order

    def may_move(unit: Unit, move: Order) -> bool:
        return accepted(str(move), board, position, unit.power, rules, check) is not None

    def accept(text: str) -> str | None:
        return accepted(text, board, position, power, rules, check)

    fitting = _FittingOrders(every, may_move)
    units = []
    for u in sorted(position.units_of(power), key=unit_key):
        kept = kept_texts(unit_candidates(board, position, u, every, hooks.unit_order_extras), accept)
        fits = map(str, unit_candidates(board, position, u, fitting, hooks.unit_order_extras))
        likely = {kept[c][0] for c in fits if c in kept}
        orders = ranked(kept)
        units.append(UnitOrders(str(u), orders, first=tuple(t for t in orders if t in likely)))
    others = keep(hooks.unitless_orders(board, rules, power), board, position, power, rules, check)
    return tuple(units), others


def _retreats(
    board: Board, position: Position, rules: Rules, power: str, hooks: LegalOrderHooks
) -> tuple[UnitOrders, ...]:
    check, legality = hooks.check_order, hooks.legality_hooks
    return tuple(
        UnitOrders(
            str(entry.unit),
            keep(retreat_candidates(board, position, entry, rules, legality), board, position, power, rules, check),
        )
        for entry in sorted(position.dislodged, key=lambda d: unit_key(d.unit))
        if entry.unit.power == power
    )


def _adjustments(
    board: Board, position: Position, rules: Rules, power: str, check: OrderCheck[Any]
) -> tuple[tuple[UnitOrders, ...], dict[str, object]]:
    """Diplomacy's adjustments: removals of one's units, builds in one's home centres, or a waive."""
    units = [
        UnitOrders(str(u), keep([Remove(u.kind, u.location)], board, position, power, rules, check))
        for u in sorted(position.units_of(power), key=unit_key)
    ]
    due, choices = adjustment_choices(board, position, power)
    build_texts = keep([c for c in choices if kind_of(c).builds], board, position, power, rules, check)
    waive = accepted(str(Waive()), board, position, power, rules, check)
    data: dict[str, object] = {"waive": waive is not None, "waive_order": waive, "due": due}
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
        units = _retreats(board, position, rules, power, hooks)
    else:
        family = hooks.legal_adjustments(board, position, rules, power)
        units, adjustments = family or _adjustments(board, position, rules, power, hooks.check_order)
    money = hooks.legal_money(board, position, rules, power)
    return LegalOrders(power, str(position.phase), kind.value, units, others, adjustments, money)


def notation(phase: PhaseKind) -> dict[str, object]:
    """How the orders of a phase are written, for a form that reads and builds their texts: the unit kinds'
    letters, the special units, and every form of every kind ordered in the phase, in the registry's
    order (`pipeline.board.order_kinds`), with its template and what each of its fields holds."""
    forms = [
        {"form": f.id, "kind": k.id, "group": k.group, "template": f.template, "fields": dict(f.fields)}
        for k in KINDS
        if phase in k.phases
        for f in k.forms
    ]
    return {"unit_kinds": [k.value for k in UnitKind], "specials": sorted(SPECIALS), "forms": forms}


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
        "notation": notation(position.phase.kind),
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


def without_amounts(data: dict[str, object]) -> dict[str, object]:
    """`legal_orders_data` of what everybody may see of a game with secret money: the position is the public
    one (no treasury, no loan), so what depends on the amounts held is left out (null): `treasury`, `loans`, the
    loan `room`, what is `owed_to_bank` and whether gifts are allowed (they may not be while in debt); what may
    be spent on what, the minimums and the templates stay."""
    powers = data["powers"]
    assert isinstance(powers, dict)
    for orders in powers.values():
        adjustments = orders.get("adjustments")
        if isinstance(adjustments, dict) and "treasury" in adjustments:
            adjustments["treasury"] = None
        money = orders.get("money")
        if isinstance(money, dict):
            money["treasury"] = None
            money["loans"] = None
            money["borrow"]["room"] = None
            money["pay"]["owed_to_bank"] = None
            money["pay"]["gifts_allowed"] = None
    data["secret_money"] = True
    return data
