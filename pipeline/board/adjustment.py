"""The adjustment phase: each power builds or removes units until it has one per supply centre.

Builds go in a home centre the power owns and that is empty, one per space, no more than it is
due; a waive gives one up. Removals name the power's own units. A power that removes too few is
in civil disorder: its units farthest from its owned home centres (rulebook 2000, DATC v2.4) or from
every supply centre it owns (option `civil_disorder_distance`: the 2023 rulebook, DATC v3.0) are removed
first (distance in moves through any space, armies and fleets alike), fleets before armies, then by the
name of the space [D 6.4]. Builds not ordered are forfeited.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from .board import Board, coast_of, space_of
from .legality import DEFAULT_RULES, Illegal
from .order_kinds import kind_of
from .order_kinds.build import KIND as BUILD
from .order_kinds.remove import KIND as REMOVE
from .orders import Build, Order, Remove
from .outcome import Outcome, Reason
from .position import Phase, PhaseKind, Position
from .rules import Rules
from .units import Unit, UnitKind


@dataclass(frozen=True)
class AdjustmentResult:
    position: Position
    outcomes: tuple[Outcome, ...]


def adjustments_due(position: Position, power: str) -> int:
    """Builds due (positive) or removals due (negative)."""
    return len(position.centres_of(power)) - len(position.units_of(power))


def build_sites(board: Board, position: Position, power: str) -> list[str]:
    """The spaces where `power` may build now: owned, empty home centres."""
    return [
        s
        for s, sp in board.spaces.items()
        if sp.home == power and position.owners.get(s) == power and s not in position.units
    ]


def build_location(board: Board, position: Position, power: str, order: Build, used: set[str]) -> str:
    if order.special is not None:
        raise Illegal(Reason.ILLEGAL_OPTION_OFF)  # militia, mercenaries, professionals: Machiavelli's only
    space = space_of(order.at)
    sp = board.spaces[space]
    if sp.home != power:
        raise Illegal(Reason.BUILD_NOT_HOME)
    if position.owners.get(space) != power:
        raise Illegal(Reason.BUILD_NOT_OWNED)
    if space in position.units or space in used:
        raise Illegal(Reason.BUILD_OCCUPIED)
    kind = order.kind
    if kind is None:
        raise Illegal(Reason.ILLEGAL_WRONG_KIND)
    if kind is UnitKind.ARMY:
        if sp.is_sea or sp.no_armies:
            raise Illegal(Reason.ILLEGAL_TERRAIN)
        return space
    if sp.kind == "land":
        raise Illegal(Reason.ILLEGAL_TERRAIN)
    if sp.coasts and coast_of(order.at) is None:
        raise Illegal(Reason.ILLEGAL_COAST_NEEDED)
    if not board.can_hold(kind, order.at):
        raise Illegal(Reason.ILLEGAL_WRONG_COAST)
    return order.at


def disorder_distances(board: Board, power: str, position: Position, rules: Rules = DEFAULT_RULES) -> dict[str, int]:
    """Moves from every space to the nearest centre civil disorder counts from [D 6.4]: a home centre `power`
    owns, or under the 2023 rules any supply centre it owns; any home centre, if it owns none of those."""
    homes = [s for s, sp in board.spaces.items() if sp.home == power]
    if rules.civil_disorder_distance == "owned_centres":
        owned = [s for s in board.spaces if position.owners.get(s) == power and board.spaces[s].supply_center]
    else:
        owned = [s for s in homes if position.owners.get(s) == power]
    start = tuple(owned or homes)
    key = ("distance", start)
    found = board.memo.get(key)
    if not isinstance(found, dict):
        dist = dict.fromkeys(start, 0)
        queue = deque(start)
        while queue:
            s = queue.popleft()
            for n in sorted(board.neighbours(s)):
                if n not in dist:
                    dist[n] = dist[s] + 1
                    queue.append(n)
        found = board.memo[key] = dist
    return found


def civil_disorder_order(board: Board, position: Position, power: str, rules: Rules = DEFAULT_RULES) -> list[Unit]:
    """The power's units in the order civil disorder removes them."""
    dist = disorder_distances(board, power, position, rules)
    far = len(board.spaces) + 1

    def key(u: Unit) -> tuple[int, int, str]:
        return (-dist.get(u.space, far), 0 if u.kind is UnitKind.FLEET else 1, board.spaces[u.space].name.lower())

    return sorted(position.units_of(power), key=key)


def adjudicate_adjustments(
    board: Board, position: Position, orders: Iterable[tuple[str, Order]], rules: Rules = DEFAULT_RULES
) -> AdjustmentResult:
    outcomes: list[Outcome] = []
    by_power: dict[str, list[Order]] = {}
    for power, order in orders:
        if kind_of(order).adjusts:
            by_power.setdefault(power, []).append(order)
        else:
            outcomes.append(Outcome(power, order, False, Reason.ILLEGAL_WRONG_PHASE))

    units = dict(position.units)
    for power in sorted(board.powers):
        due = adjustments_due(position, power)
        given = by_power.get(power, [])
        if due >= 0:
            outcomes.extend(_builds(board, position, power, due, given, units))
        else:
            outcomes.extend(_removals(board, position, power, -due, given, units, rules))
    phase = position.phase
    after = Position.build(Phase(phase.season, phase.year, PhaseKind.ADJUSTMENT), units.values(), position.owners)
    return AdjustmentResult(after, tuple(outcomes))


def _builds(
    board: Board, position: Position, power: str, due: int, given: list[Order], units: dict[str, Unit]
) -> list[Outcome]:
    """Carry out up to `due` builds or waives, in the order given; add the new units to `units`."""
    outcomes: list[Outcome] = []
    used: set[str] = set()
    spent = 0
    for order in given:
        kind = kind_of(order)
        if kind.removes or kind.keeps:
            outcomes.append(Outcome(power, order, False, Reason.NO_REMOVAL_DUE))
            continue
        if spent >= due:
            outcomes.append(Outcome(power, order, False, Reason.NO_BUILD_ALLOWED))
            continue
        build = BUILD.of(order)
        if build is None:  # a waive: one build due spent
            spent += 1
            outcomes.append(Outcome(power, order, True, Reason.SUCCEEDS))
            continue
        try:
            loc = build_location(board, position, power, build, used)
        except Illegal as why:
            outcomes.append(Outcome(power, order, False, why.reason, why.detail))
            continue
        assert build.kind is not None  # build_location refuses a build that names no kind
        unit = Unit(power, build.kind, loc)
        spent += 1
        used.add(unit.space)
        units[unit.space] = unit
        outcomes.append(Outcome(power, order, True, Reason.SUCCEEDS, {}, unit))
    return outcomes


def _removals(
    board: Board,
    position: Position,
    power: str,
    due: int,
    given: list[Order],
    units: dict[str, Unit],
    rules: Rules,
) -> list[Outcome]:
    """Carry out `due` removals: those ordered first, then civil disorder; take them out of `units`."""
    outcomes: list[Outcome] = []
    removed: set[str] = set()
    for given_order in given:
        order = REMOVE.of(given_order)
        if order is None:
            outcomes.append(Outcome(power, given_order, False, Reason.NO_BUILD_ALLOWED))
            continue
        space = space_of(order.at)
        unit = position.unit_at(space)
        if unit is None or space in removed:
            outcomes.append(Outcome(power, order, False, Reason.ILLEGAL_NO_UNIT))
        elif unit.power != power:
            outcomes.append(Outcome(power, order, False, Reason.ILLEGAL_NOT_OWNER, {}, unit))
        elif order.kind is not None and order.kind is not unit.kind:
            outcomes.append(Outcome(power, order, False, Reason.ILLEGAL_WRONG_KIND, {}, unit))
        elif len(removed) >= due:
            outcomes.append(Outcome(power, order, False, Reason.NO_REMOVAL_DUE, {}, unit))
        else:
            removed.add(space)
            del units[space]
            outcomes.append(Outcome(power, order, True, Reason.SUCCEEDS, {}, unit))
    for unit in civil_disorder_order(board, position, power, rules):
        if len(removed) >= due:
            break
        if unit.space not in removed:
            removed.add(unit.space)
            del units[unit.space]
            outcomes.append(Outcome(power, Remove(unit.kind, unit.location), True, Reason.CIVIL_DISORDER, {}, unit))
    return outcomes
