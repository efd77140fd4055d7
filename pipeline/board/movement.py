"""The movement phase in three stages: the plan, the decisions, the execution.

1. The plan (`plan_movement`): every order is checked (`legality`); an illegal order is recorded with
   its reason and its unit holds; a unit without an order holds. The orders are then matched: which
   supports and convoys are for a move or hold actually ordered; which moves go by convoy [D 4.3]
   (explicitly, when not adjacent, or when the army's own power convoys it: the 2000 rulebook's
   "intent"); which moves meet head to head. The plan is frozen: one `PlannedOrder` per unit.
2. The decisions (`Decisions`): one yes/no decision per order, found by the guess-and-check
   `Resolver` with the equations of Kruijswijk's "The Math of Adjudication" ch. 2 (attack, hold,
   defend and prevent strength).
3. The execution (`execute`): the moves that succeed are made, dislodged units wait to retreat, the
   spaces left empty by a standoff are recorded, and every order gets its outcome.

The engine is shared by every family; what a family adds to the plan, the strength equations or the
end of the phase comes in as `MovementHooks` (Machiavelli's: `pipeline/games/machiavelli/movement_hooks.py`),
never as a test of which game is played. Without hooks (Diplomacy) none of it is looked at.
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, cast

from .backup import szykman_then_circular
from .board import Board, space_of
from .legality import (
    DEFAULT_RULES,
    NO_LEGALITY_HOOKS,
    Illegal,
    LegalityHooks,
    R,
    check_order_of,
    find_unit,
)
from .order_kinds import kind_of
from .orders import (
    MOVEMENT_KINDS,
    Ally,
    Besiege,
    Convert,
    Convoy,
    Hold,
    Move,
    MovementOrder,
    Order,
    SupportConvert,
    SupportHold,
    SupportMove,
)
from .outcome import NO_DETAIL, Outcome, Reason
from .position import Dislodged, Phase, PhaseKind, Position, Rebellion
from .resolver import Resolver
from .rules import Rules
from .units import ARMY, CITY, FLEET, GARRISON, Unit

UnitStrength = Callable[[Unit], int]

SHUT = 1_000_000  # the hold strength of a space no move may enter


# a unit's own strength (`Unit.strength`), read without a function of Python's around it (one per unit)
_unit_strength: UnitStrength = operator.attrgetter("strength")


# ---- the values the stages pass on --------------------------------------------------------------


class Setting(NamedTuple, Generic[R]):
    """What every stage and hook of one movement phase reads: the map, the position before the moves,
    the rules, and what the `Ally` orders given grant (power -> the powers it lets through). The values
    of a phase are named tuples: frozen, and quick to make (a frozen dataclass is not: every field costs a
    call), which the benchmark of a whole game counts."""

    board: Board
    position: Position
    rules: R  # the game's options: its family's class of them
    allies: Mapping[str, frozenset[str]]


class UnitOrder(NamedTuple):
    """A unit and the order it carries out once checked: the checked order, the order as written
    (`given`; None when the unit had none) and why it was refused, if it was (its order is then a hold).
    A named tuple, like `PlannedOrder` (see `Setting`)."""

    unit: Unit
    order: MovementOrder
    given: Order | None = None
    refusal: Illegal | None = None

    def refused(self, why: Illegal) -> UnitOrder:
        """The same unit holding instead, its order refused for `why`."""
        return UnitOrder(self.unit, Hold(self.unit.kind, self.unit.location), self.given or self.order, why)


# a UnitOrder from its four fields, without the call of UnitOrder(...) (one per order given)
_unit_order = functools.partial(tuple.__new__, UnitOrder)


class Role(enum.Enum):
    """What an order is to the strength equations."""

    MOVE = "move"  # a move, or a conversion between a province and its city
    SUPPORT = "support"
    CONVOY = "convoy"
    HOLD = "hold"  # a hold, a siege, a conversion in place: no other decision depends on it


# the roles as module names: read often, and a global is quicker to read than a class attribute
MOVE, SUPPORT, CONVOY, HOLD = Role.MOVE, Role.SUPPORT, Role.CONVOY, Role.HOLD


class PlannedOrder(NamedTuple):
    """One unit's order in the plan: what it is, where it goes, and the orders matched to it (by their
    numbers in `Plan.orders`)."""

    unit: Unit  # as it stands for the moves (an Objectif garrison that converted first: the new unit)
    order: MovementOrder  # what it carries out: the checked order, or a hold
    given: Order | None  # as written, for the report; None: no order
    refusal: Illegal | None  # why the order given was refused (the unit holds)
    role: Role
    dest: str | None  # the space a move goes to
    by_convoy: bool  # a move carried by fleets
    matched: bool  # a support or convoy for an order actually given (True for the other orders)
    convoys: tuple[int, ...]  # the convoys carrying this move
    supports: tuple[int, ...]  # the supports given to this order
    opposing: int | None  # the move coming the other way, head to head
    strength: int
    extra_support: int  # what the family adds to its attack, defence and prevention
    in_place: bool  # a conversion made where the unit stands, after the moves


# a PlannedOrder from its fourteen fields in order, without the call of PlannedOrder(...) (one per unit)
_planned_order = functools.partial(tuple.__new__, PlannedOrder)


class Plan(NamedTuple):
    """The orders of one movement phase, checked and matched."""

    setting: Setting[Any]
    orders: tuple[PlannedOrder, ...]  # one per unit on the board, in board order
    order_at: Mapping[str, int]  # space -> the number of its unit's order
    moves_into: Mapping[str, tuple[int, ...]]  # space -> the moves into it
    shut: frozenset[str]  # empty spaces no move may enter, however strong
    unitless: tuple[Outcome, ...]  # orders that never reach the decisions (no unit of theirs, duplicates, Ally)


@dataclass(frozen=True)
class CampaignDeeds:
    """What the units did in one movement phase, province by province (for the rules that follow
    deeds rather than orders, such as Machiavelli's rebellions)."""

    held: Iterable[tuple[str, str]]  # (province, power): a unit ordered to hold there, not dislodged
    entered: Iterable[tuple[str, str]]  # (province, power): a unit that moved into the province
    besieged: Iterable[tuple[str, str]]  # (province, power): a siege order carried out there


@dataclass(frozen=True)
class MovementResult:
    position: Position  # the retreat phase of the same season (dislodged units, contested spaces)
    outcomes: tuple[Outcome, ...]


# ---- the hooks ------------------------------------------------------------------------------------

Owners = dict[str, str]
Sieges = tuple[dict[str, int], dict[str, str]]  # sieges going on (province -> campaigns), cities taken (-> by)
# (position, moves into each space, each order's power, each order's unit) -> strength added to each order
ExtraSupport = Callable[[Position, Mapping[str, Sequence[int]], Sequence[str], Sequence[Unit]], list[int]]
# (decisions, owners, cities) -> rebellions, owners and cities after the moves
AfterMoves = Callable[["Decisions", Owners, Owners], tuple[dict[str, Rebellion], Owners, Owners]]


@dataclass(frozen=True)
class MovementHooks(Generic[R]):
    """What a family adds to the shared movement rules, each hook named for what it decides, grouped by
    the stage that asks it. A hook left None (all of them for Diplomacy) adds nothing and costs nothing;
    docs/architecture.md lists Machiavelli's."""

    # the plan
    allies_allowed: Callable[[R], bool] | None = None  # are `Ally` orders in play? (None: yes, opening nothing)
    void: Callable[[Setting[R], Unit], Illegal | None] | None = None  # why the unit holds whatever its order
    before_moves: Callable[[Setting[R], Sequence[UnitOrder]], Sequence[UnitOrder]] | None = None  # what happens first
    way_closed: Callable[[Setting[R], str, str, str], bool] | None = None  # (src, dst, power): shut to its fleets?
    siege_lock: Callable[[Setting[R], Unit, MovementOrder], bool] | None = None  # bound to another order?
    converts_in_place: Callable[[Setting[R], Unit], bool] | None = None  # a conversion that is no move
    shut_spaces: Callable[[Setting[R], Sequence[Unit]], frozenset[str]] | None = None  # empty, yet closed to moves
    extra_support: ExtraSupport | None = None  # added to each order's attack, defence and prevention
    # the decisions
    entry_blocked: Callable[[Decisions, int], bool] | None = None  # a move stopped by another order's doing
    conversion_stopped: Callable[[Decisions, int], Sequence[int]] | None = None  # the moves that stop it
    # the execution
    converts_when_dislodged: Callable[[Setting[R]], bool] | None = None  # a converting unit is not dislodged
    sieges: Callable[[Decisions], Sieges] | None = None  # the sieges after the moves, the cities taken
    after_moves: AfterMoves | None = None  # what else the moves change (rebellions, owners, cities)
    # the checks of each order on its own, which the plan makes with the family's hooks (`Family.legality_hooks`)
    legality: LegalityHooks[R] = NO_LEGALITY_HOOKS


AnyMovementHooks = MovementHooks[Any]  # a game's family's hooks, as the engine holds them
NO_HOOKS: AnyMovementHooks = MovementHooks()


def adjudicate_movement(
    board: Board,
    position: Position,
    orders: Iterable[tuple[str, Order]],
    *,
    rules: Rules = DEFAULT_RULES,
    strength: UnitStrength = _unit_strength,
    trace: list[str] | None = None,
    hooks: AnyMovementHooks = NO_HOOKS,
) -> MovementResult:
    """Adjudicate a movement phase. `orders` are (power, order) pairs, in the order given; `hooks`: what
    the game's family adds to the movement rules; `trace` collects the resolver's guesses."""
    plan = plan_movement(board, position, orders, rules, strength, hooks)
    decisions = Decisions(plan, hooks, trace)
    decisions.decide_all()
    return execute(decisions, hooks)


# ---- 1. the plan ----------------------------------------------------------------------------------


def plan_movement(
    board: Board,
    position: Position,
    given: Iterable[tuple[str, Order]],
    rules: Rules,
    strength: UnitStrength,
    hooks: AnyMovementHooks,
) -> Plan:
    """The orders checked, alone and against each other, and matched."""
    unitless, allies, orders = _read_orders(board, position, given, rules, hooks)
    setting = Setting(board, position, rules, allies)
    if hooks.void is not None:
        orders = [_voided(setting, o, hooks.void) for o in orders]
    if hooks.before_moves is not None:
        orders = list(hooks.before_moves(setting, orders))
    units = [o.unit for o in orders]  # as they stand for the moves: the checks change orders, not units
    found: list[frozenset[str]] = []  # the convoying fleets, once asked for: few phases need them

    def fleets() -> frozenset[str]:  # (not functools.cache: making its wrapper costs more than most phases ask)
        if not found:
            found.append(_convoying_fleets(board, units))
        return found[0]

    near = board.army_adjacency
    orders = [
        _convoy_route_checked(board, o, fleets)
        if type(o.order) is Move and o.unit.kind is ARMY and o.order.to not in near[o.unit.space]
        else o
        for o in orders
    ]
    if hooks.way_closed is not None or hooks.siege_lock is not None:
        orders = [_checked_by_family(setting, o, hooks) for o in orders]
    return _matched(setting, orders, units, fleets, tuple(unitless), strength, hooks)


def _read_orders(
    board: Board, position: Position, given: Iterable[tuple[str, Order]], rules: Rules, hooks: AnyMovementHooks
) -> tuple[list[Outcome], dict[str, frozenset[str]], list[UnitOrder]]:
    """Each order checked on its own: the outcomes of those that never reach the decisions, what the
    `Ally` orders grant, and one checked order per unit on the board, in board order."""
    unitless: list[Outcome] = []
    allies: dict[str, frozenset[str]] = {}
    chosen: dict[str, UnitOrder] = {}  # space -> its unit's order, checked
    for power, order in given:
        if type(order) not in _MOVEMENT_TYPES:  # (a set: quicker than isinstance over the kinds)
            if type(order) is not Ally:
                unitless.append(Outcome(power, order, False, Reason.ILLEGAL_WRONG_PHASE))
            elif hooks.allies_allowed is not None and not hooks.allies_allowed(rules):
                unitless.append(Outcome(power, order, False, Reason.ILLEGAL_OPTION_OFF))
            else:
                allies[power] = allies.get(power, frozenset()) | {order.power}
                unitless.append(Outcome(power, order, True, Reason.SUCCEEDS))
            continue
        ordered = cast(MovementOrder, order)  # of a movement kind (the set above)
        try:
            unit = find_unit(position, ordered.kind, ordered.at)
        except Illegal as why:
            unitless.append(Outcome(power, order, False, why.reason, why.detail))
            continue
        space = unit.space if unit is not None else space_of(ordered.at)
        if space in chosen:
            unitless.append(Outcome(power, order, False, Reason.ILLEGAL_DUPLICATE))
            continue
        try:
            checked = check_order_of(board, position, power, ordered, unit, rules, hooks.legality)
        except Illegal as why:
            if unit is None or why.reason is Reason.ILLEGAL_NOT_OWNER:
                unitless.append(Outcome(power, order, False, why.reason, why.detail, unit))
            else:  # the refusal kept without its traceback, which holds this frame (and so `chosen`): a cycle
                chosen[space] = UnitOrder(unit, Hold(unit.kind, unit.location), order, why.with_traceback(None))
            continue
        assert unit is not None  # a checked order has its unit
        chosen[space] = _unit_order((unit, checked, order, None))
    units = position.units.items()
    orders = [chosen.get(space) or UnitOrder(unit, Hold(unit.kind, unit.location)) for space, unit in units]
    return unitless, allies, orders


_MOVEMENT_TYPES = frozenset(MOVEMENT_KINDS)


def _voided(setting: Setting[Any], order: UnitOrder, void: Callable[[Setting[Any], Unit], Illegal | None]) -> UnitOrder:
    if order.refusal is not None or kind_of(order.order).holds:
        return order
    why = void(setting, order.unit)
    return order if why is None else order.refused(why)


def _convoying_fleets(board: Board, units: Sequence[Unit]) -> frozenset[str]:
    """The spaces holding a fleet that could take part in a convoy, whatever its order."""
    return frozenset(u.space for u in units if u.kind is FLEET and board.can_convoy_from(u.space))


def _fleet_chain(board: Board, fleets: frozenset[str], src: str, dst: str) -> bool:
    """Is there a chain of fleets, whatever their orders, from `src` to `dst`?"""
    near = board.fleet_neighbours
    todo = [s for s in near(src) if s in fleets]
    seen: set[str] = set()
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        if dst in near(s):
            return True
        todo.extend(n for n in near(s) if n in fleets and n not in seen)
    return False


def _convoy_route_checked(board: Board, planned: UnitOrder, fleets: Callable[[], frozenset[str]]) -> UnitOrder:
    """A check that needs the other units, for an army's move to a space that is not a neighbour (the plan
    asks only for those): it needs fleets that could carry it: with no chain of fleets from one end to the
    other it is illegal and the army holds [D 4.4] (DATC 6.D.32); with one, it is a move even if no convoy
    is ordered [D 4.4] (DATC 6.D.8)."""
    unit, order = planned.unit, planned.order
    assert type(order) is Move
    if not _fleet_chain(board, fleets(), unit.space, order.to):
        return planned.refused(Illegal(Reason.ILLEGAL_NO_CONVOY_ROUTE))
    return planned


def _checked_by_family(setting: Setting[Any], planned: UnitOrder, hooks: AnyMovementHooks) -> UnitOrder:
    """The family's checks that need the other units: a way shut to fleets, a unit bound to its siege."""
    unit, order = planned.unit, planned.order
    if hooks.way_closed is not None and unit.kind is FLEET:
        if type(order) is Move or type(order) is SupportMove:
            target = space_of(order.to)
        elif type(order) is SupportHold:
            target = space_of(order.target)
        else:
            target = None
        if target is not None and hooks.way_closed(setting, unit.space, target, unit.power):
            planned = planned.refused(Illegal(Reason.ILLEGAL_STRAIT_CLOSED))
    lock = hooks.siege_lock
    if lock is not None and planned.refusal is None and planned.given is not None and lock(setting, unit, order):
        planned = planned.refused(Illegal(Reason.ILLEGAL_SIEGE_LOCKED))
    return planned


def _matched(
    setting: Setting[Any],
    orders: Sequence[UnitOrder],
    units: Sequence[Unit],
    fleets: Callable[[], frozenset[str]],
    unitless: tuple[Outcome, ...],
    strength: UnitStrength,
    hooks: AnyMovementHooks,
) -> Plan:
    """The plan: each order's role and destination, the convoys and supports matched to the orders they
    are for, the moves by convoy and the moves head to head. `units`: the orders' units."""
    n = len(orders)
    index = {u.space: i for i, u in enumerate(units)}
    roles, dest, in_place, moves_into, moving, supporting, convoying = _roles(setting, orders, hooks)
    convoys, matched = _match_convoys(n, index, dest, convoying)
    by_convoy = _by_convoy(setting, orders, units, moving, convoys, matched, fleets)
    supports = _match_supports(n, orders, index, roles, dest, supporting, matched)
    opposing = _head_to_head(units, moving, dest, by_convoy, index)
    if hooks.extra_support is not None:
        extra = hooks.extra_support(setting.position, moves_into, [u.power for u in units], units)
    else:
        extra = [0] * n
    # each planned order: its unit order's four fields, then the plan's (the columns zipped: no Python code run
    # per order)
    strengths = map(strength, units)
    columns = zip(roles, dest, by_convoy, matched, convoys, supports, opposing, strengths, extra, in_place, strict=True)
    planned = map(_planned_order, map(tuple.__add__, orders, columns))
    shut = hooks.shut_spaces(setting, units) if hooks.shut_spaces else frozenset()
    into = {space: tuple(movers) for space, movers in moves_into.items()}
    return Plan(setting, tuple(planned), index, into, shut, unitless)


_Supporting = list[tuple[int, SupportHold | SupportMove | SupportConvert]]
_Roles = tuple[
    list[Role], list[str | None], list[bool], dict[str, list[int]], list[int], _Supporting, list[tuple[int, Convoy]]
]  # roles, destinations, converted in place, the moves into each space, the moves, the supports, the convoys


def _roles(setting: Setting[Any], orders: Sequence[UnitOrder], hooks: AnyMovementHooks) -> _Roles:
    """Each order's role (hold, move, support, convoy) and a move's destination (a conversion moves between
    the province and its city, unless it converts in place)."""
    n = len(orders)
    roles = [HOLD] * n
    dest: list[str | None] = [None] * n
    in_place = [False] * n
    moves_into: dict[str, list[int]] = {}
    moving: list[int] = []
    supporting: _Supporting = []
    convoying: list[tuple[int, Convoy]] = []
    # (`space_of` written out below as `partition`, without its call: a few per order)
    for i, o in enumerate(orders):
        order = o.order
        if type(order) is Move:
            to = order.to.partition("/")[0]
        elif type(order) is Convert:
            if hooks.converts_in_place is not None and hooks.converts_in_place(setting, o.unit):
                in_place[i] = True  # it holds for the moves, and changes kind afterwards
                continue
            # a move between the province and its city
            to = space_of(order.at) + ("" if o.unit.kind is GARRISON else CITY)
        else:
            if type(order) is SupportHold or type(order) is SupportMove or type(order) is SupportConvert:
                roles[i] = SUPPORT
                supporting.append((i, order))
            elif type(order) is Convoy:
                roles[i] = CONVOY
                convoying.append((i, order))
            continue
        roles[i] = MOVE
        dest[i] = to
        moving.append(i)
        moves_into.setdefault(to, []).append(i)
    return roles, dest, in_place, moves_into, moving, supporting, convoying


def _match_convoys(
    n: int, index: Mapping[str, int], dest: list[str | None], convoying: list[tuple[int, Convoy]]
) -> tuple[list[tuple[int, ...]], list[bool]]:
    """Convoys matched to the army's move when it goes to the same place; each order matched or not.
    (Tuples that grow: most orders have none, and share the one empty tuple.)"""
    convoys: list[tuple[int, ...]] = [()] * n
    matched = [True] * n
    for c, convoy in convoying:
        a = index.get(convoy.target.partition("/")[0])
        if a is not None and dest[a] == convoy.to:
            convoys[a] += (c,)
        else:
            matched[c] = False
    return convoys, matched


def _match_supports(
    n: int,
    orders: Sequence[UnitOrder],
    index: Mapping[str, int],
    roles: list[Role],
    dest: list[str | None],
    supporting: _Supporting,
    matched: list[bool],
) -> list[tuple[int, ...]]:
    """Supports matched to the order they name, when it is that order; the others unmatched in `matched`."""
    supports: list[tuple[int, ...]] = [()] * n
    for s, support in supporting:
        city = CITY if support.target_kind is GARRISON else ""
        t = index.get(support.target.partition("/")[0] + city)
        if t is None:  # a garrison that converted first is no longer where the support looked for it
            matched[s] = False
            continue
        supported = orders[t].order
        if type(support) is SupportHold:
            ok = roles[t] is not MOVE
        elif type(support) is SupportConvert:
            ok = type(supported) is Convert and supported.into is support.into and roles[t] is MOVE
        else:
            assert type(support) is SupportMove
            to = support.to
            ok = dest[t] == to.partition("/")[0] and (to == dest[t] or (type(supported) is Move and supported.to == to))
        if ok:
            supports[t] += (s,)
        else:
            matched[s] = False
    return supports


def _by_convoy(
    setting: Setting[Any],
    orders: Sequence[UnitOrder],
    units: Sequence[Unit],
    moving: Sequence[int],
    convoys: list[tuple[int, ...]],
    matched: list[bool],
    fleets: Callable[[], frozenset[str]],
) -> list[bool]:
    """Which moves go by convoy [D 4.3]: not to a neighbour; "via convoy" with a convoy ordered for it (without
    one, under the 2000 rules, the words are ignored and the army goes by land; under the 2023 rules it goes by
    convoy all the same, and fails: DATC 6.G.8); or with the "intent" of the army's own power: one of its fleets
    ordered to convoy the army and standing on a route of fleets between the two ends. The convoys of a move
    made over land carry nothing: taken from `convoys`, and unmatched in `matched`."""
    board = setting.board
    by_convoy = [False] * len(orders)
    binding = setting.rules.explicit_convoy == "convoy_only"
    for i in moving:
        order, unit = orders[i].order, units[i]
        if type(order) is Move and unit.kind is ARMY:
            if order.to not in board.army_adjacency[unit.space] or (order.via_convoy and (convoys[i] or binding)):
                by_convoy[i] = True
            elif convoys[i]:
                by_convoy[i] = any(
                    units[c].power == unit.power
                    and board.on_convoy_route(unit.space, order.to, units[c].space, fleets())
                    for c in convoys[i]
                )
            if not by_convoy[i] and convoys[i]:
                for c in convoys[i]:
                    matched[c] = False
                convoys[i] = ()
    return by_convoy


def _head_to_head(
    units: Sequence[Unit],
    moving: Sequence[int],
    dest: Sequence[str | None],
    by_convoy: Sequence[bool],
    index: Mapping[str, int],
) -> list[int | None]:
    """For each move, the move coming the other way over land into its space, head to head (both over land)."""
    opposing: list[int | None] = [None] * len(units)
    for i in moving:
        target = dest[i]
        if target is not None and not by_convoy[i]:
            j = index.get(target)
            if j is not None and dest[j] == units[i].space and not by_convoy[j]:
                opposing[i] = j
    return opposing


# ---- 2. the decisions -----------------------------------------------------------------------------


class Decisions(Resolver):
    """One decision per order of the plan: does the move succeed, is the support given, does the convoy
    carry (a hold is not a decision anything depends on)? `resolve(i)` answers: the `Resolver` calls
    `adjudicate(i)`, the equations below, and settles cycles with the Szykman rule then circular movement."""

    def __init__(self, plan: Plan, hooks: AnyMovementHooks, trace: list[str] | None = None) -> None:
        orders = plan.orders
        self.paradoxes: set[int] = set()  # the convoys failed by the Szykman rule
        backup = szykman_then_circular(
            lambda d: orders[d].role is CONVOY, lambda d: orders[d].role is MOVE, self.paradoxes
        )
        super().__init__(len(orders), backup, trace)
        self.plan = plan
        self.orders = plan.orders
        self.order_at = plan.order_at
        self.moves_into = plan.moves_into
        self.shut = plan.shut
        self._entry_blocked = hooks.entry_blocked
        self._way_closed = hooks.way_closed

    def decide_all(self) -> None:
        for i in range(len(self.orders)):
            self.resolve(i)

    def adjudicate(self, i: int) -> bool:
        planned = self.orders[i]
        role = planned.role
        if role is MOVE:
            return self.move_succeeds(i)
        if not planned.matched:
            return False
        if role is SUPPORT:
            return self.cutter(i) is None
        if role is CONVOY:
            return self.dislodger(planned.unit.space) is None
        return True

    def destination(self, i: int) -> str:
        dest = self.orders[i].dest
        assert dest is not None, "only a move has a destination"
        return dest

    def move_succeeds(self, i: int) -> bool:
        attack = self.attack(i)
        if attack == 0 or (self._entry_blocked is not None and self._entry_blocked(self, i)):
            return False
        move = self.orders[i]
        dest = move.dest
        assert dest is not None  # a move has one (`destination`, without the call the equations make often)
        j = move.opposing
        if j is not None:
            if attack <= self.defend(j):
                return False
        elif attack <= self.hold(dest):
            return False
        for k in self.moves_into[dest]:
            if k != i and attack <= self.prevent(k):
                return False
        return True

    def path(self, i: int) -> bool:
        """Is there a chain of convoying fleets, none dislodged, from the army to its destination?"""
        move = self.orders[i]
        if not move.by_convoy:
            return True
        fleets = {self.orders[c].unit.space: c for c in move.convoys}
        if not fleets:
            return False
        board, dest, power = self.plan.setting.board, self.destination(i), move.unit.power
        closed = self._way_closed
        setting = self.plan.setting
        seen: set[str] = set()
        todo = [s for s in board.fleet_neighbours(move.unit.space) if s in fleets]
        while todo:
            s = todo.pop()
            if s in seen:
                continue
            seen.add(s)
            if not self.resolve(fleets[s]):
                continue
            near = board.fleet_neighbours(s)
            if dest in near and not (closed and closed(setting, s, dest, power)):
                return True
            todo.extend(
                n for n in near if n in fleets and n not in seen and not (closed and closed(setting, s, n, power))
            )
        return False

    def support(self, i: int, exclude_power: str | None = None) -> int:
        total = 0
        orders = self.orders
        for s in orders[i].supports:
            supporter = orders[s]
            if supporter.unit.power != exclude_power and self.resolve(s):
                total += supporter.strength
        return total

    def attack(self, i: int) -> int:
        if not self.path(i):
            return 0
        move = self.orders[i]
        dest = move.dest
        assert dest is not None
        k = self.order_at.get(dest)
        if k is None or (move.opposing is None and self.orders[k].role is MOVE and self.resolve(k)):
            return move.strength + self.support(i) + move.extra_support
        there = self.orders[k].unit.power
        if there == move.unit.power:
            return 0  # no power may dislodge its own unit
        return move.strength + self.support(i, exclude_power=there) + move.extra_support

    def hold(self, space: str) -> int:
        k = self.order_at.get(space)
        if k is None:
            return SHUT if space in self.shut else 0
        held = self.orders[k]
        if held.role is MOVE:
            return 0 if self.resolve(k) else held.strength
        return held.strength + self.support(k)

    def defend(self, j: int) -> int:
        return self.orders[j].strength + self.support(j) + self.orders[j].extra_support

    def prevent(self, k: int) -> int:
        if not self.path(k):
            return 0
        j = self.orders[k].opposing
        if j is not None and self.resolve(j):
            return 0
        return self.orders[k].strength + self.support(k) + self.orders[k].extra_support

    def cutter(self, s: int) -> int | None:
        """The move that cuts support `s`, if any (an attack from elsewhere, or a dislodgement)."""
        supporter = self.orders[s]
        space, power = supporter.unit.space, supporter.unit.power
        for j in self.moves_into.get(space, ()):  # (most supports are not attacked: nothing more to look at)
            attacker = self.orders[j].unit
            if attacker.power == power or not self.path(j):
                continue
            if attacker.space != _supported_into(supporter.order) or self.resolve(j):
                return j
        return None

    def dislodger(self, space: str) -> int | None:
        """The move that succeeds into `space`, if any."""
        for j in self.moves_into.get(space, ()):
            if self.resolve(j):
                return j
        return None

    def attackers(self, space: str) -> list[int]:
        """The moves into `space` that can get there (by land, or by a convoy still standing)."""
        return [j for j in self.moves_into.get(space, ()) if self.path(j)]


def _supported_into(order: MovementOrder) -> str | None:
    """The space a support is given into (a move's destination, a conversion's province), from which an attack
    cuts it only by dislodging it; None for a support of a hold."""
    into = kind_of(order).supports_into
    return into(order) if into is not None else None


# ---- 3. the execution -----------------------------------------------------------------------------


def execute(decisions: Decisions, hooks: AnyMovementHooks) -> MovementResult:
    """The position after the moves, and every order's outcome."""
    plan = decisions.plan
    setting, resolve = plan.setting, decisions.resolve
    position = setting.position
    moved: list[Unit] = []
    stayed: list[Unit] = []
    dislodged: list[Dislodged] = []
    outcomes: list[Outcome] = []
    sieges, taken = hooks.sieges(decisions) if hooks.sieges is not None else ({}, {})
    cities = dict(position.cities)
    for province, power in taken.items():
        cities[province] = power
    converts_dislodged = hooks.converts_when_dislodged
    orders, dislodger, moves_into = plan.orders, decisions.dislodger, plan.moves_into
    for i, planned in enumerate(orders):
        unit, order = planned.unit, planned.order
        succeeded = resolve(i)
        if succeeded and planned.role is MOVE:
            moved.append(_arrived(unit, order))
            by = None
        else:
            j = dislodger(unit.space) if unit.space in moves_into else None  # (most units are not attacked)
            by = orders[j].unit.space if j is not None else None
            converting = type(order) is Convert and planned.refusal is None
            if j is not None and converting and converts_dislodged is not None and converts_dislodged(setting):
                stayed.append(_arrived(unit, order))  # it converts even if it must retreat: safe in its city
                by = None
            elif j is not None:
                dislodged.append(Dislodged(unit, None if orders[j].by_convoy else by))
            elif unit.kind is GARRISON and unit.location in taken:
                pass  # the siege is over: the garrison is gone
            elif converting and planned.in_place and not _conversion_stopped(decisions, hooks, i):
                stayed.append(_arrived(unit, order))  # a conversion in place
            else:
                stayed.append(unit)
        outcomes.append(_outcome(decisions, hooks, planned, i, succeeded, by, taken))
    units = moved + stayed  # where they stand after the moves
    occupied = {u.space for u in units}
    contested = {
        space
        for space, movers in plan.moves_into.items()
        if space not in occupied and any(_stood_off(decisions, j) for j in movers)
    }
    phase = position.phase
    owners, rebellions = position.owners, position.rebellions  # (Position.build makes its own dicts of them)
    if hooks.after_moves is not None:
        rebellions, owners, cities = hooks.after_moves(decisions, dict(owners), cities)
    after = Position.build(
        Phase(phase.season, phase.year, PhaseKind.RETREAT),
        units,
        owners,
        dislodged,
        contested,
        cities,
        sieges,
        position.ledger,
        position.famine,
        rebellions,
        position.chits,
    )
    return MovementResult(after, plan.unitless + tuple(outcomes))


def campaign_deeds(decisions: Decisions) -> CampaignDeeds:
    """What the units did, once they have moved, held and besieged: an order carried out, its unit not
    dislodged."""
    held, entered, besieged = [], [], []
    for i, planned in enumerate(decisions.orders):
        unit, order = planned.unit, planned.order
        if planned.refusal is not None or decisions.dislodger(unit.space) is not None:
            continue
        province = space_of(unit.location).removesuffix(CITY)
        kind = kind_of(order)
        if kind.holds and planned.given is not None and kind_of(planned.given).holds:  # given, not a default
            held.append((province, unit.power))
        elif kind.moves_to is not None and decisions.resolve(i):
            entered.append((space_of(kind.moves_to(order)), unit.power))
        elif kind.besieges:
            besieged.append((province, unit.power))
    return CampaignDeeds(held, entered, besieged)


def _arrived(unit: Unit, order: MovementOrder) -> Unit:
    """The unit after its move or conversion succeeded."""
    if type(order) is Convert:
        return Unit(unit.power, order.into, space_of(unit.location), unit.special)
    assert type(order) is Move, "only a move or a conversion arrives"
    return Unit(unit.power, unit.kind, order.to, unit.special)


def _conversion_stopped(decisions: Decisions, hooks: AnyMovementHooks, i: int) -> Sequence[int]:
    """The moves that stop conversion in place `i` (the family's rule; none without one)."""
    return hooks.conversion_stopped(decisions, i) if hooks.conversion_stopped is not None else ()


def _stood_off(decisions: Decisions, j: int) -> bool:
    """Did move `j` fail in a standoff (not for want of a convoy, nor by losing head to head)?"""
    if decisions.resolve(j) or not decisions.path(j):
        return False
    k = decisions.orders[j].opposing
    return k is None or not decisions.resolve(k)


def _outcome(
    decisions: Decisions,
    hooks: AnyMovementHooks,
    planned: PlannedOrder,
    i: int,
    succeeded: bool,
    dislodged_by: str | None,
    taken: Mapping[str, str],
) -> Outcome:
    """The outcome of `planned`, order `i` of the plan."""
    unit, order, as_given, refusal = planned.unit, planned.order, planned.given, planned.refusal
    blocked = hooks.entry_blocked
    detail: Mapping[str, str]  # NO_DETAIL when the reason speaks of no place: one for all (a dict each was made)
    if refusal is not None:
        ok, reason, detail = False, refusal.reason, refusal.detail
    elif unit.kind is GARRISON and unit.location in taken:
        ok, reason, detail = False, Reason.CITY_TAKEN, {"by": taken[unit.location]}
    elif as_given is None:
        ok, reason, detail = dislodged_by is None, Reason.NO_ORDER, NO_DETAIL
    elif type(order) is Besiege and dislodged_by is None:
        ok, reason, detail = True, Reason.CITY_TAKEN if unit.space in taken else Reason.SIEGE_STARTED, NO_DETAIL
    elif blocked is not None and type(order) is Move and not succeeded and blocked(decisions, i):
        ok, reason, detail = False, Reason.STRAIT_CLOSED, NO_DETAIL
    else:
        ok, reason, detail = _result(decisions, hooks, planned, i, succeeded, dislodged_by)
    return _outcome_of((unit.power, as_given or order, ok, reason, detail, unit, dislodged_by))


# an Outcome from its seven fields, without the call of Outcome(...) (one per unit)
_outcome_of = functools.partial(tuple.__new__, Outcome)


# the result of an order carried out as given, most orders' (one tuple for all, its Enum member read once)
_SUCCEEDED: tuple[bool, Reason, Mapping[str, str]] = (True, Reason.SUCCEEDS, NO_DETAIL)


def _result(
    decisions: Decisions,
    hooks: AnyMovementHooks,
    planned: PlannedOrder,
    i: int,
    succeeded: bool,
    dislodged_by: str | None,
) -> tuple[bool, Reason, Mapping[str, str]]:
    """Succeeded or not, why, and the places the reason speaks of, for `planned` (order `i` of the plan), an
    order that was carried out."""
    role = planned.role
    if role is MOVE:
        if succeeded:
            return _SUCCEEDED
        if not decisions.path(i):
            return False, _no_path(decisions, planned), NO_DETAIL
        return False, Reason.BOUNCED, {"against": " ".join(_bounced_against(decisions, i))}
    if role is SUPPORT:
        if not planned.matched:
            return False, Reason.SUPPORT_NOT_MATCHED, NO_DETAIL
        if not succeeded:
            j = decisions.cutter(i)
            return False, Reason.SUPPORT_CUT, {"by": decisions.orders[j].unit.space if j is not None else ""}
        return _SUCCEEDED
    if role is CONVOY:
        if not planned.matched:
            return False, Reason.CONVOY_NOT_MATCHED, NO_DETAIL
        if i in decisions.paradoxes:
            return False, Reason.CONVOY_PARADOX, NO_DETAIL
        if not succeeded:
            return False, Reason.CONVOY_DISRUPTED, NO_DETAIL
        return _SUCCEEDED
    if dislodged_by is not None:
        return False, Reason.DISLODGED, {"by": dislodged_by}
    if type(planned.order) is Convert:
        stoppers = _conversion_stopped(decisions, hooks, i)
        if stoppers:
            against = sorted(decisions.orders[j].unit.space for j in stoppers)
            return False, Reason.BOUNCED, {"against": " ".join(against)}
    return _SUCCEEDED


def _no_path(decisions: Decisions, planned: PlannedOrder) -> Reason:
    """Why a move by convoy found no route: a paradox; no convoy ordered for an army ordered `via convoy` to a
    neighbour, which under the 2023 rules does not go over land [D 4.3]; or no route of its convoys standing."""
    if any(c in decisions.paradoxes for c in planned.convoys):
        return Reason.CONVOY_PARADOX
    if not planned.convoys and planned.dest in decisions.plan.setting.board.army_adjacency[planned.unit.space]:
        return Reason.NO_CONVOY_ORDERED
    return Reason.NO_CONVOY_PATH


def _bounced_against(decisions: Decisions, i: int) -> list[str]:
    attack = decisions.attack(i)
    dest = decisions.destination(i)
    against: list[str] = []
    j = decisions.orders[i].opposing
    if (
        attack == 0
        or (j is not None and attack <= decisions.defend(j))
        or (j is None and attack <= decisions.hold(dest))
    ):
        against.append(dest)
    against.extend(
        decisions.orders[k].unit.space for k in decisions.moves_into[dest] if k != i and attack <= decisions.prevent(k)
    )
    return sorted(set(against))
