"""A power's legal orders for a Symmachia year, as plain data for an order form and `judge legal-orders`
(docs/symmachia-orders.md): what each section of its order file may name this year. Each campaign order
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


def first_orders(scenario: Scenario, state: State, unit: Unit) -> list[str]:
    """Every campaign order the unit may be given for the spring, from where it stands."""
    s, pub, here = scenario, state.public, unit.place
    others = [u for u in pub.units.values() if u.power != unit.power]
    out: list[str] = []
    if unit.kind is UnitKind.ARMY:
        if unit.aboard:
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
        if any(u.aboard == unit.id for u in pub.units.values()):
            out += [f"C {z}" for z in near] + [f"A {p}" for p in coasts]
        out += [f"R {p}" for p in coasts] + [f"R {z}" for z in (zone, *near)]
        pirate_coasts = {p.province for p in pub.pirates}
        out += [f"N {p}" for p in coasts if p in pirate_coasts]
    return out + DEFENCES


def legal_orders(scenario: Scenario, state: State, power: str) -> dict[str, Any]:
    pub = state.public
    info = pub.powers[power]
    alive = sorted(p for p, i in pub.powers.items() if not i.eliminated and p != power)
    mine = state.provinces_of(power)
    forecast = pub.forecasts.get(power)
    units = state.units_of(power)
    others_leaders = sorted(lid for lid, leader in pub.leaders.items() if leader.power not in (None, power))
    mercenaries = sorted(m for p in mine for m in scenario.provinces[p].mercenaries)

    def unit(u: Unit) -> dict[str, Any]:
        return {"kind": u.kind.value, "at": u.place, "leader": u.leader, "orders": first_orders(scenario, state, u)}

    return {
        "power": power,
        "year": year_label(pub.year),
        "major": info.major,
        "trade": {
            "sell": {g.value: forecast.exports.get(g, 0) for g in PROVINCE_GOODS} if forecast else {},
            "buy": {g.value: forecast.imports.get(g, 0) for g in PROVINCE_GOODS} if forecast else {},
            "partners": alive,
            "mercenaries_for_sale": mercenaries,
            "posts": sorted(scenario.posts),
        },
        "politics": {
            "main_trading_post": sorted(
                scenario.provinces[p].trading_post or "" for p in mine if scenario.provinces[p].trading_post
            ),
            "new_capital": mine if pub.owners.get(info.capital) != power else [],
            "friendship": alive,
            "gifts": alive,
            "gifts_to_minors": MINOR_GIFTS_LIMIT,
            "plot_kings": [p for p in alive if pub.powers[p].major] if info.major else [],
            "plot_generals": others_leaders,
            "corruption": sorted(u.id for u in pub.units.values() if u.power != power),
            "counter_corruption": [u.id for u in units],
            "tribute": sorted(h.place for h in pub.hordes),
            "rome": sorted(p for p in scenario.provinces if pub.owners.get(p) != power),
            "dorea": [p for p in alive if pub.powers[p].major] if info.major else [],
            "patronage": info.major,
            "forgive": sorted(info.fought),
            "bosporus": alive if any(pub.owners.get(st.province) == power for st in scenario.straits) else [],
        },
        "military": {
            "units": {
                u.id: {
                    "kind": u.kind.value,
                    "at": u.place,
                    "leader": u.leader,
                    "orders": first_orders(scenario, state, u),
                }
                for u in units
            },
            "may_create": len(units) < MAX_UNITS,
            "create_army_at": sorted(p for p in mine if not scenario.provinces[p].desert),
            "create_fleet_at": sorted({z for p in mine for z in scenario.provinces[p].coasts}),
            "mercenaries": mercenaries,
        },
    }
