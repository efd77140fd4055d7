"""A power's legal orders for a Symmachia year, as plain data for an order form and `judge legal-orders`
(pipeline/games/symmachia/pages/orders.md): what each section of its order file may name this year. Each campaign order
is listed for the unit's first season, from where it stands (a plan's later rows follow from where the
earlier ones take it, which the form checks as `judge validate` does); the trade lines from the published
capacities [S 3.4]; the political acts with the powers, provinces, leaders and units they may name.
"""

from __future__ import annotations

from typing import Any

from .model import PROVINCE_GOODS, UnitKind, year_label
from .orders import MINOR_GIFTS_LIMIT
from .scenario import MAX_UNITS, Scenario
from .state import State, Unit

DEFENCES = ["D0", "D1", "D2", "D3", "DN"]
SEASON_ROWS = ("spring", "summer", "autumn")  # a plan's rows [S 6.1]


def first_orders(scenario: Scenario, state: State, unit: Unit) -> list[str]:
    """Every campaign order the unit may be given for the spring, from where it stands."""
    return orders_from(scenario, state, unit, _start(state, unit))


# Where a unit stands in its plan: the place, and an army's fleet when it is aboard (a fleet: whether it
# carries an army). The key the order form's data names it by: `place`, `place|fleet` or `place|carrying`.
Position = tuple[str, str | None]


def _start(state: State, unit: Unit) -> Position:
    if unit.kind is UnitKind.ARMY:
        return unit.place, unit.aboard
    carrying = any(u.aboard == unit.id for u in state.public.units.values())
    return unit.place, "carrying" if carrying else None


def _key(position: Position) -> str:
    place, with_ = position
    return f"{place}|{with_}" if with_ else place


def orders_from(scenario: Scenario, state: State, unit: Unit, position: Position) -> list[str]:
    """Every campaign order the unit may be given from `position` (its place, aboard or carrying)."""
    s, pub, (here, with_) = scenario, state.public, position
    others = [u for u in pub.units.values() if u.power != unit.power]
    out: list[str] = []
    if unit.kind is UnitKind.ARMY:
        if with_:
            zone = here
            out += [f"A {p}" for p in s.coasts_of(zone)] + [f"C {z}" for z in s.seas[zone].adjacent]
        else:
            near = s.provinces[here].borders
            out += [f"M {p}" for p in near]
            out += [f"F {u.id}" for u in others if u.kind is UnitKind.ARMY and u.place in (here, *near)]
            out += ["P", *(f"P {p}" for p in near)]
            fleets = [u for u in pub.units.values() if u.kind is UnitKind.FLEET and u.place in s.provinces[here].coasts]
            out += [f"E {u.id}" for u in fleets if u.power == unit.power]
    else:
        zone = here
        near = s.seas[zone].adjacent if zone in s.seas else ()
        coasts = s.coasts_of(zone) if zone in s.seas else ()
        out += [f"M {z}" for z in near]
        out += [f"F {u.id}" for u in others if u.kind is UnitKind.FLEET and u.place in (zone, *near)]
        armies = [u for u in pub.units.values() if u.kind is UnitKind.ARMY and u.power == unit.power]
        out += [f"E {u.id}" for u in armies if u.place in coasts and not u.aboard]
        if with_:
            out += [f"C {z}" for z in near] + [f"A {p}" for p in coasts]
        out += [f"R {p}" for p in coasts] + [f"R {z}" for z in (zone, *near)]
        pirate_coasts = {p.province for p in pub.pirates}
        out += [f"N {p}" for p in coasts if p in pirate_coasts]
    return out + DEFENCES


def _after(state: State, unit: Unit, position: Position, order: str) -> Position:
    """Where the order takes the unit if it succeeds, as the reading of a plan follows it
    (`orders.Reader.follow`): a march, a convoy, a landing, an embarkation or a pacification moves it."""
    letter, _, target = order.partition(" ")
    here, with_ = position
    if not target or letter in ("F", "R", "N"):
        return position
    if letter == "A":
        return (target, None) if unit.kind is UnitKind.ARMY else (here, None)
    if letter == "E":
        if unit.kind is UnitKind.FLEET:
            return here, "carrying"
        fleet = state.public.units.get(target)
        return (fleet.place, target) if fleet is not None else position
    return target, with_  # M, C, P


def _retreats(scenario: Scenario, unit: Unit, position: Position) -> list[str]:
    """The places next to `position` a unit may name to fall back to after a defeat [S 6.4]."""
    here, with_ = position
    if unit.kind is UnitKind.FLEET:
        return list(scenario.seas[here].adjacent) if here in scenario.seas else []
    if with_:
        return list(scenario.coasts_of(here))
    return list(scenario.provinces[here].borders) if here in scenario.provinces else []


def plan_choices(scenario: Scenario, state: State, unit: Unit) -> dict[str, Any]:
    """The choices of each row of the unit's three-row plan [S 6.1]: from where it starts, each position a
    row may leave it in (`positions`, by key), with the orders it may be given there in the order of
    `orders_from`, each with the position it leads to (`[order, key]`), and the places it may retreat to."""
    start = _start(state, unit)
    positions: dict[str, Any] = {}
    layer = [start]
    for _ in SEASON_ROWS:
        following = []
        for position in layer:
            key = _key(position)
            if key in positions:
                continue
            orders = []
            for order in orders_from(scenario, state, unit, position):
                after = _after(state, unit, position, order)
                orders.append([order, _key(after)])
                following.append(after)
            positions[key] = {"at": position[0], "orders": orders, "retreat": _retreats(scenario, unit, position)}
        layer = following
    for position in layer:  # where the last row leaves it: only where it may retreat to
        positions.setdefault(
            _key(position), {"at": position[0], "orders": [], "retreat": _retreats(scenario, unit, position)}
        )
    return {"start": _key(start), "positions": dict(sorted(positions.items()))}


def _new_id(state: State, power: str, letter: str) -> str:
    """The first id `<power>_<letter><n>` no unit has had (a new unit needs a new id)."""
    n = 1
    while f"{power}_{letter}{n}" in state.public.units:
        n += 1
    return f"{power}_{letter}{n}"


def _trade(scenario: Scenario, state: State, power: str, alive: list[str], mercenaries: list[str]) -> dict[str, Any]:
    """What `power` may sell, buy and trade with whom this year."""
    pub = state.public
    forecast = pub.forecasts.get(power)
    return {
        "sell": {g.value: forecast.exports.get(g, 0) for g in PROVINCE_GOODS} if forecast else {},
        "buy": {g.value: forecast.imports.get(g, 0) for g in PROVINCE_GOODS} if forecast else {},
        "partners": alive,
        "mercenaries_for_sale": mercenaries,
        "mercenaries_to_buy": {
            m: owner
            for m, merc in sorted(scenario.mercenaries.items())
            if (owner := pub.owners.get(merc.origin)) is not None and owner != power and owner in alive
        },
        "posts": sorted(scenario.posts),
    }


def _politics(scenario: Scenario, state: State, power: str, alive: list[str]) -> dict[str, Any]:
    """The political acts open to `power` and their possible targets."""
    pub = state.public
    info = pub.powers[power]
    mine = state.provinces_of(power)
    kings = [p for p in alive if pub.powers[p].major] if info.major else []
    return {
        "main_trading_post": sorted(
            scenario.provinces[p].trading_post or "" for p in mine if scenario.provinces[p].trading_post
        ),
        "new_capital": mine if pub.owners.get(info.capital) != power else [],
        "friendship": alive,
        "gifts": alive,
        "gifts_to_minors": MINOR_GIFTS_LIMIT,
        "plot_kings": kings,
        "plot_generals": sorted(lid for lid, leader in pub.leaders.items() if leader.power not in (None, power)),
        "corruption": sorted(u.id for u in pub.units.values() if u.power != power),
        "counter_corruption": [u.id for u in state.units_of(power)],
        "tribute": sorted(h.place for h in pub.hordes),
        "rome": sorted(p for p in scenario.provinces if pub.owners.get(p) != power),
        "dorea": list(kings),
        "patronage": info.major,
        "forgive": sorted(info.fought),
        "bosporus": alive if any(pub.owners.get(st.province) == power for st in scenario.straits) else [],
    }


def _military(scenario: Scenario, state: State, power: str, mercenaries: list[str]) -> dict[str, Any]:
    """The units of `power` with their first orders and plans, and what it may raise where."""
    pub = state.public
    king = pub.powers[power].king
    mine = state.provinces_of(power)
    units = state.units_of(power)
    return {
        "units": {
            u.id: {
                "kind": u.kind.value,
                "at": u.place,
                "leader": u.leader,
                "orders": first_orders(scenario, state, u),
                "plan": plan_choices(scenario, state, u),
            }
            for u in units
        },
        "leaders": sorted(lid for lid, leader in pub.leaders.items() if leader.power == power and lid != king),
        "new_ids": {"army": _new_id(state, power, "a"), "fleet": _new_id(state, power, "f")},
        "may_create": len(units) < MAX_UNITS,
        "create_army_at": sorted(p for p in mine if not scenario.provinces[p].desert),
        "create_fleet_at": sorted({z for p in mine for z in scenario.provinces[p].coasts}),
        "mercenaries": mercenaries,
    }


def legal_orders(scenario: Scenario, state: State, power: str) -> dict[str, Any]:
    pub = state.public
    alive = sorted(p for p, i in pub.powers.items() if not i.eliminated and p != power)
    mercenaries = sorted(m for p in state.provinces_of(power) for m in scenario.provinces[p].mercenaries)
    return {
        "power": power,
        "year": year_label(pub.year),
        "major": pub.powers[power].major,
        "trade": _trade(scenario, state, power, alive, mercenaries),
        "politics": _politics(scenario, state, power, alive),
        "military": _military(scenario, state, power, mercenaries),
    }
