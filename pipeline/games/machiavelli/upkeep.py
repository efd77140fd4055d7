"""Machiavelli's adjustment phase: every unit is paid for another year, or removed; new units are bought.

The rules: [M 18] (judge, adjustments 3; Objectif §6.3c). Each power's orders are carried out in this
order: first maintenance, in the order given (3 ducats a unit, 6 for militia and elite mercenaries, 9 for
elite professionals; a unit the treasury cannot pay for is removed); units named in no order are removed
[M 18.2]; then builds, in the order given. A new unit goes in a home province of the power (or of a
home country it has taken whole) that has a city, where it controls both province and city: an army or
fleet in the province (fleets only where the city is a port), a garrison in a fortified city; one new
unit per province, and none where a unit was removed this phase (no trading old units for new); one
special unit per power; within the unit limits [M 3.5] (judge: 12 armies, 8 fleets, 6 garrisons). The
treasury never goes below zero. Nothing is built in a famined or rebelling province.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pipeline.board.board import Board, Space, space_of
from pipeline.board.ledger import Ledger
from pipeline.board.legality import Illegal, find_unit
from pipeline.board.order_kinds import kind_of
from pipeline.board.order_kinds.build import KIND as BUILD
from pipeline.board.order_kinds.maintain import KIND as MAINTAIN
from pipeline.board.order_kinds.remove import KIND as REMOVE
from pipeline.board.orders import Build, Order, Remove
from pipeline.board.outcome import Outcome, Reason
from pipeline.board.position import Position
from pipeline.board.units import AUTONOMOUS, CITY, SPECIALS, Unit, UnitKind

from .income import holds_home_country
from .legality_hooks import garrison_city
from .options import MachiavelliOptions

COSTS = {None: 3, "militia": 6, "mercenaries": 6, "professionals": 9}


@dataclass(frozen=True)
class UpkeepResult:
    position: Position
    outcomes: tuple[Outcome, ...]


def unit_cost(unit: Unit) -> int:
    return COSTS[unit.special]


def adjudicate_upkeep(
    board: Board, position: Position, orders: Iterable[tuple[str, Order]], rules: MachiavelliOptions
) -> UpkeepResult:
    treasury = dict(position.ledger.treasury)
    units = dict(position.units)
    outcomes: list[Outcome] = []
    given: dict[str, list[Order]] = {}
    for power, order in orders:
        kind = kind_of(order)
        if kind.keeps or kind.removes or kind.builds:
            given.setdefault(power, []).append(order)
        else:
            outcomes.append(Outcome(power, order, False, Reason.ILLEGAL_WRONG_PHASE))

    for power in sorted(board.powers):
        mine = given.get(power, [])
        kept: set[str] = set()
        removed: set[str] = set()
        for given_order in mine:  # maintenance first, in the order given
            upkeep = MAINTAIN.of(given_order) or REMOVE.of(given_order)
            if upkeep is None:
                continue
            try:
                unit = find_unit(position, upkeep.kind, upkeep.at)
            except Illegal as why:
                outcomes.append(Outcome(power, upkeep, False, why.reason))
                continue
            if unit is None or unit.power != power or unit.space in kept | removed:
                reason = Reason.ILLEGAL_NO_UNIT if unit is None or unit.power == power else Reason.ILLEGAL_NOT_OWNER
                outcomes.append(Outcome(power, upkeep, False, reason, {}, unit))
                continue
            if kind_of(upkeep).removes:
                removed.add(unit.space)
                outcomes.append(Outcome(power, upkeep, True, Reason.SUCCEEDS, {}, unit))
            elif treasury.get(power, 0) >= unit_cost(unit):
                treasury[power] = treasury.get(power, 0) - unit_cost(unit)
                kept.add(unit.space)
                outcomes.append(Outcome(power, upkeep, True, Reason.SUCCEEDS, {"paid": str(unit_cost(unit))}, unit))
            else:
                removed.add(unit.space)
                outcomes.append(Outcome(power, upkeep, False, Reason.NO_FUNDS, {}, unit))
        for unit in position.units_of(power):  # units no order named are removed [M 18.2]
            if unit.space not in kept | removed:
                removed.add(unit.space)
                outcomes.append(Outcome(power, Remove(unit.kind, unit.location), True, Reason.NO_ORDER, {}, unit))
        for space in removed:
            del units[space]
        emptied = {space_of(position.units[space].location) for space in removed}  # provinces that lost a unit

        built: set[str] = set()
        for given_order in mine:  # then builds, in the order given
            build = BUILD.of(given_order)
            if build is None:
                continue
            try:
                unit = new_unit(board, position, power, build, units, emptied, built, rules)
            except Illegal as why:
                outcomes.append(Outcome(power, build, False, why.reason, why.detail))
                continue
            cost = unit_cost(unit)
            if treasury.get(power, 0) < cost:
                outcomes.append(Outcome(power, build, False, Reason.NO_FUNDS))
                continue
            treasury[power] = treasury.get(power, 0) - cost
            units[unit.space] = unit
            built.add(space_of(unit.location))
            outcomes.append(Outcome(power, build, True, Reason.SUCCEEDS, {"paid": str(cost)}, unit))

    ledger = Ledger.build(treasury, dict(position.ledger.loans), set(position.ledger.banned))
    after = Position.build(
        position.phase,
        units.values(),
        position.owners,
        cities=position.cities,
        sieges=position.sieges,
        ledger=ledger,
        famine=position.famine,
        rebellions=position.rebellions,
        chits=position.chits,
    )
    return UpkeepResult(after, tuple(outcomes))


def new_unit(
    board: Board,
    position: Position,
    power: str,
    order: Build,
    units: dict[str, Unit],
    removed: set[str],
    built: set[str],
    rules: MachiavelliOptions,
) -> Unit:
    """The unit a build order makes, or raise `Illegal`. `removed`: provinces that lost a unit this phase."""
    province = space_of(order.at)
    if order.kind is None:
        raise Illegal(Reason.ILLEGAL_WRONG_KIND)
    space = _build_province(board, position, power, province, built)
    if order.special is not None:
        _check_special(order.special, power, units, rules)
    kind = order.kind
    location = order.at if kind is UnitKind.FLEET else province
    _check_room(board, province, space, kind, location, units, removed, rules)
    if rules.unit_limits is not None:
        limit = dict(zip((UnitKind.ARMY, UnitKind.FLEET, UnitKind.GARRISON), rules.unit_limits, strict=True))[kind]
        if sum(1 for u in units.values() if u.power == power and u.kind is kind) >= limit:
            raise Illegal(Reason.NO_BUILD_ALLOWED, allowed=str(limit))  # as many as the rules allow [M 3.5]
    assert power != AUTONOMOUS
    return Unit(power, kind, location, order.special)


def _build_province(board: Board, position: Position, power: str, province: str, built: set[str]) -> Space:
    """The province built in, or raise `Illegal`: a city of a home country the power holds [M 18.2], province
    and city controlled, not built in already, nor starving or rebelling."""
    space = board.spaces.get(province)
    if space is None or space.city is None:
        raise Illegal(Reason.BUILD_NOT_HOME)
    homes = {power} | {p for p in board.powers if p != power and holds_home_country(board, position, power, p)}
    if space.home not in homes:
        raise Illegal(Reason.BUILD_NOT_HOME)
    if position.owners.get(province) != power or position.cities.get(province) != power:
        raise Illegal(Reason.BUILD_NOT_OWNED)
    if province in built:
        raise Illegal(Reason.BUILD_OCCUPIED)  # one new unit per province
    if province in position.famine:
        raise Illegal(Reason.BUILD_FAMINE)
    if province in position.rebellions:
        raise Illegal(Reason.BUILD_REBELLION)  # gap: no builds in a rebelling province
    return space


def _check_special(special: str, power: str, units: dict[str, Unit], rules: MachiavelliOptions) -> None:
    """A special unit: in play, of a known kind, and the power's only one."""
    if not rules.special_units:
        raise Illegal(Reason.ILLEGAL_OPTION_OFF)  # the judge's `special` flag off
    if special not in SPECIALS:
        raise Illegal(Reason.ILLEGAL_WRONG_KIND)
    if any(u.special for u in units.values() if u.power == power):
        raise Illegal(Reason.NO_BUILD_ALLOWED)  # one special unit per power


def _check_room(
    board: Board,
    province: str,
    space: Space,
    kind: UnitKind,
    location: str,
    units: dict[str, Unit],
    removed: set[str],
    rules: MachiavelliOptions,
) -> None:
    """Room for the new unit where it is built, and a place it can stand on (a port, a coast, a city)."""
    slot = province + CITY if kind is UnitKind.GARRISON else province
    if slot in units or province in removed or (space.single_unit and (province in units or province + CITY in units)):
        raise Illegal(Reason.BUILD_OCCUPIED)  # no room, or an old unit traded for a new one [M 18.4]
    if kind is UnitKind.GARRISON and not garrison_city(board, province, rules):
        raise Illegal(Reason.ILLEGAL_NO_CITY)
    if kind is UnitKind.FLEET:
        assert space.city is not None
        if not space.city.port:
            raise Illegal(Reason.ILLEGAL_NO_CITY)
        if space.coasts and location == province:
            raise Illegal(Reason.ILLEGAL_COAST_NEEDED)
    if not board.can_hold(kind, location):
        raise Illegal(Reason.ILLEGAL_TERRAIN)
