"""The winter's military steps [S 4]: a new fleet (16), home ports (17), the fleets' upkeep with their
wood (18), a new army and the emergency army (19), the armies' upkeep (20). 500 talents a unit a year,
paid in advance; a new unit costs 500 more; four units at most, one new a year; what a treasury cannot
pay goes unpaid, in the order the military orders list the units."""

from __future__ import annotations

from .model import UnitKind
from .orders import Status, UnitOrders
from .outcome import Code, Entry, Step, Why
from .scenario import MAX_UNITS
from .succession import destroy, second_for
from .work import UnitW, Work

UPKEEP = 500
NEW_UNIT = 500
NEW_FLEET_WOOD = 1  # to build; its first year's upkeep takes one more [S 3.7]


def _creation(w: Work, power: str, kind: UnitKind) -> UnitOrders | None:
    orders = w.orders.get(power)
    if orders is None:
        return None
    return next((u for u in orders.military if u.status is Status.CREATE and u.kind is kind), None)


def _commander(w: Work, power: str, order: UnitOrders) -> str:
    leader = order.commander or w.powers[power].king
    if leader not in w.leaders and order.new_commander:
        leader = w.new_leader(power, order.new_commander, f"appointed {order.unit}")
    if leader not in w.leaders or w.commander_of(leader) is not None:
        leader = second_for(w, power, leader if leader in w.leaders else w.powers[power].king)
    return leader


def _raise(w: Work, power: str, order: UnitOrders, kind: UnitKind, step: Step, entry: Entry) -> UnitW | None:
    why = None
    place = order.at or ""
    if len(w.units_of(power)) >= MAX_UNITS:
        why = Why.LIMIT
    elif kind is UnitKind.ARMY and w.owners.get(place) != power:
        why = Why.NOT_POSSIBLE  # raised in a province the power still controls after the campaign [S 4.5]
    elif kind is UnitKind.FLEET and not any(w.owners.get(p) == power for p in w.s.coasts_of(place)):
        why = Why.NOT_POSSIBLE
    elif kind is UnitKind.FLEET and w.wood.get(power, 0) < NEW_FLEET_WOOD:
        why = Why.NO_WOOD
    elif order.unit in w.units:
        why = Why.NOT_POSSIBLE
    elif not w.pay(power, NEW_UNIT, step, entry, order.unit):
        why = Why.UNAFFORDABLE
    if why is not None:
        w.rec(step, Code.UNIT_NOT_RAISED, power, unit=order.unit, why=why.value)
        return None
    if kind is UnitKind.FLEET:
        w.wood[power] -= NEW_FLEET_WOOD
    unit = UnitW(order.unit, power, kind, place, _commander(w, power, order))
    w.units[unit.id] = unit
    w.created[power] = unit.id
    return unit


def new_fleet(w: Work) -> None:
    """Step 16."""
    for power in w.alive_powers():
        order = _creation(w, power, UnitKind.FLEET)
        if order is not None and _raise(w, power, order, UnitKind.FLEET, Step.NEW_FLEET, Entry.NEW_FLEET):
            w.rec(Step.NEW_FLEET, Code.FLEET_BUILT, power, unit=order.unit, zone=order.at or "")


def home_ports(w: Work) -> None:
    """Step 17: a fleet whose power holds no coast on its maritime group sinks or scatters [S 4.4]."""
    for unit in sorted((u for u in w.units.values() if u.kind is UnitKind.FLEET), key=lambda u: u.id):
        group = w.s.seas[unit.place].group
        ports = [
            p for p in w.provinces_of(unit.power) if any(w.s.seas[z].group == group for z in w.s.provinces[p].coasts)
        ]
        if not ports:
            w.rec(Step.HOME_PORTS, Code.NO_HOME_PORT, unit.power, unit=unit.id)
            destroy(w, unit, "no home port", Step.HOME_PORTS)


def _pay_order(w: Work, power: str, kind: UnitKind) -> list[UnitW]:
    """Units in the order their upkeep is paid: as the military orders list them, the rest after."""
    orders = w.orders.get(power)
    listed = [u.unit for u in orders.military] if orders is not None else []
    units = [u for u in w.units_of(power) if u.kind is kind]
    return sorted(units, key=lambda u: (listed.index(u.id) if u.id in listed else len(listed), u.id))


def fleet_upkeep(w: Work) -> None:
    """Step 18: 500 and one wood a fleet. Without wood a fleet ages: -2 the first year, -4 the second,
    and it sinks the third [S 3.7]; the fleets an order marks go without first."""
    for power in w.alive_powers():
        orders = w.orders.get(power)
        no_wood = {u.unit for u in orders.military if u.no_wood} if orders is not None else set()
        fleets = _pay_order(w, power, UnitKind.FLEET)
        for unit in sorted(fleets, key=lambda u: u.id in no_wood):
            if unit.wages_from is not None and unit.wages_from > w.year:
                continue
            if not w.pay(power, UPKEEP, Step.FLEET_UPKEEP, Entry.FLEET_UPKEEP, unit.id):
                w.unpaid.append(unit.id)
                w.rec(Step.FLEET_UPKEEP, Code.UNPAID, power, unit=unit.id)
                continue
            if unit.id not in no_wood and w.wood.get(power, 0) > 0:
                w.wood[power] -= 1
                if w.o.wood_resets_fleet_age:
                    unit.age = 0
                w.rec(Step.FLEET_UPKEEP, Code.UPKEEP, power, unit=unit.id, amount=UPKEEP, wood=True)
                continue
            unit.age += 1
            if unit.age >= 3:
                w.rec(Step.FLEET_UPKEEP, Code.FLEET_ROTTED, power, unit=unit.id)
                destroy(w, unit, "rotted", Step.FLEET_UPKEEP)
                continue
            w.rec(Step.FLEET_UPKEEP, Code.FLEET_AGED, power, unit=unit.id, age=unit.age)


def new_army(w: Work) -> None:
    """Step 19, and the emergency army: a power left with no army that ordered none raises one in its
    capital's province, its king at its head, when the treasury allows [S 4.6]."""
    for power in w.alive_powers():
        order = _creation(w, power, UnitKind.ARMY)
        if order is not None:
            unit = _raise(w, power, order, UnitKind.ARMY, Step.NEW_ARMY, Entry.NEW_ARMY)
            if unit is not None:
                w.rec(Step.NEW_ARMY, Code.ARMY_RAISED, power, unit=unit.id, province=unit.place, emergency=False)
            continue
        if any(u.kind is UnitKind.ARMY for u in w.units_of(power)) or power in w.created:
            continue
        info = w.powers[power]
        province = info.capital if w.owners.get(info.capital) == power else next(iter(w.provinces_of(power)), "")
        need = NEW_UNIT + UPKEEP if w.o.emergency_army_needs_full_year else NEW_UNIT
        if not province or len(w.units_of(power)) >= MAX_UNITS or w.treasury.get(power, 0) < need:
            continue
        uid = f"{power}_emergency_{-w.year if w.year < 0 else w.year}"
        king_unit = w.commander_of(info.king)
        if king_unit is not None:
            king_unit.leader = second_for(w, power, info.king)  # the king leaves his fleet
        w.pay(power, NEW_UNIT, Step.NEW_ARMY, Entry.NEW_ARMY, uid)
        w.units[uid] = UnitW(uid, power, UnitKind.ARMY, province, info.king)
        w.created[power] = uid
        w.rec(Step.NEW_ARMY, Code.ARMY_RAISED, power, unit=uid, province=province, emergency=True)


def army_upkeep(w: Work) -> None:
    """Step 20: 500 an army (a usurper's ask nothing until the winter of the year after)."""
    for power in w.alive_powers():
        for unit in _pay_order(w, power, UnitKind.ARMY):
            if unit.wages_from is not None and unit.wages_from > w.year:
                continue
            if w.pay(power, UPKEEP, Step.ARMY_UPKEEP, Entry.ARMY_UPKEEP, unit.id):
                w.rec(Step.ARMY_UPKEEP, Code.UPKEEP, power, unit=unit.id, amount=UPKEEP, wood=False)
            else:
                w.unpaid.append(unit.id)
                w.rec(Step.ARMY_UPKEEP, Code.UNPAID, power, unit=unit.id)
