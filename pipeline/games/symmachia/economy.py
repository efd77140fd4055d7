"""The kingdoms' own economy [S 2]: each province's balance of goods, local income (provinces, capital,
mines), the tax on surpluses sold inside the kingdom, the capacities of export and import published for
the year to come, and who goes short once trade is done.

`forecast` is pure on plain inputs, so that a game's first state and each winter's step 25 compute the
same way; the steps that change a `Work` come after it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from .model import CIVIL_GOODS, PROVINCE_GOODS, Good, UnitKind
from .options import Options
from .outcome import Code, Entry, Step
from .scenario import Scenario
from .state import Forecast
from .work import Work

PROVINCE_TAX = 100  # [S 2.2]
CAPITAL_TAX = 200
MINE_TAX = 200
SALE_TAX = 200  # per unit sold, inside the kingdom or abroad [S 3.1] [S 3.2]


def province_balance(
    scenario: Scenario, province: str, ravaged: bool, bad_harvest: bool, unsafe: Collection[str]
) -> dict[Good, int]:
    """A province's balance of goods for the year [S 2.4] [S 8.10] [S 3.8]: a ravaged province produces
    no surplus but keeps its deficits; a bad harvest leaves no surplus of grain nor wine and a grain
    deficit of 1; incense from an outlet whose sea route is unsafe does not count."""
    prov = scenario.provinces[province]
    out: dict[Good, int] = {}
    for good in PROVINCE_GOODS:
        value = prov.resources.get(good, 0)
        if value > 0 and ravaged:
            value = 0
        if bad_harvest and good in (Good.GRAIN, Good.WINE) and value > 0:
            value = 0
        if bad_harvest and good is Good.GRAIN:
            value = min(value, 0) - 1
        if good is Good.INCENSE and value > 0 and any(z in unsafe for z in prov.incense_needs_safe):
            value = 0
        if value:
            out[good] = value
    return out


def local_income(
    scenario: Scenario, owners: Mapping[str, str], power: str, original_capital: str, ravaged: Collection[str]
) -> dict[str, int]:
    """What each of the power's provinces pays [S 2.2]: 100, the original capital 200 more, each mine
    200; a ravaged province nothing."""
    out = {}
    for province, owner in sorted(owners.items()):
        if owner != power:
            continue
        if province in ravaged:
            out[province] = 0
            continue
        prov = scenario.provinces[province]
        out[province] = PROVINCE_TAX + MINE_TAX * prov.mines + (CAPITAL_TAX if province == original_capital else 0)
    return out


def forecast(
    scenario: Scenario,
    owners: Mapping[str, str],
    powers: Mapping[str, str],
    fleets: Mapping[str, int],
    balances: Mapping[str, Mapping[Good, int]],
    ravaged: Collection[str],
    options: Options,
) -> dict[str, Forecast]:
    """The year to come for every power (`powers` maps each to its original capital): local income, the
    provincial trade tax and the capacities of export and import [S 2.2] [S 3.1]. Each deficit a surplus
    of the kingdom can fill earns 200 (incense nothing, unless the option says so); the rest is what the
    power may sell or must buy abroad. Wood: the power may sell its whole surplus; what it keeps serves
    its own fleets, free, and it must buy what they lack."""
    out = {}
    for power, capital in sorted(powers.items()):
        mine = [p for p, o in owners.items() if o == power]
        local = sum(local_income(scenario, owners, power, capital, ravaged).values())
        provincial = 0
        exports: dict[Good, int] = {}
        imports: dict[Good, int] = {}
        for good in CIVIL_GOODS:
            surplus = sum(v for p in mine if (v := balances.get(p, {}).get(good, 0)) > 0)
            deficit = -sum(v for p in mine if (v := balances.get(p, {}).get(good, 0)) < 0)
            inside = min(surplus, deficit)
            if good is not Good.INCENSE or options.internal_incense_taxed:
                provincial += SALE_TAX * inside
            if surplus > inside:
                exports[good] = surplus - inside
            if deficit > inside:
                imports[good] = deficit - inside
        wood = sum(v for p in mine if (v := balances.get(p, {}).get(Good.WOOD, 0)) > 0)
        need = fleets.get(power, 0)
        if wood:
            exports[Good.WOOD] = wood
        if need > wood:
            imports[Good.WOOD] = need - wood
        out[power] = Forecast(local, provincial, exports, imports)
    return out


def all_balances(
    scenario: Scenario, ravaged: Collection[str], bad_harvest: Collection[str], unsafe: Collection[str]
) -> dict[str, dict[Good, int]]:
    out = {}
    for province in sorted(scenario.provinces):
        bal = province_balance(scenario, province, province in ravaged, province in bad_harvest, unsafe)
        if bal:
            out[province] = bal
    return out


def fleet_counts(units: Mapping[str, object]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for unit in units.values():
        if getattr(unit, "kind", None) is UnitKind.FLEET:
            power = str(getattr(unit, "power", ""))
            counts[power] = counts.get(power, 0) + 1
    return counts


# ---- steps of the year ---------------------------------------------------------------------------


def collect_income(w: Work) -> None:
    """Step 3: each power collects the local and provincial income its last report announced [S 2.2]."""
    for power in w.alive_powers():
        f = w.state.public.forecasts.get(power)
        if f is None:
            continue
        w.credit(power, f.local, Step.INCOME, Entry.LOCAL_INCOME)
        w.credit(power, f.provincial, Step.INCOME, Entry.PROVINCIAL_TRADE)
        w.rec(Step.INCOME, Code.LOCAL_INCOME, power, amount=f.local)
        if f.provincial:
            w.rec(Step.INCOME, Code.PROVINCIAL_TRADE, power, amount=f.provincial)


def allocate_supplies(
    w: Work, exported: Mapping[tuple[str, Good], int], imported: Mapping[tuple[str, Good], int]
) -> None:
    """After trade, who goes short [S 3.3]: the capital's province is served first, then the provinces
    with a trading post, then the rest, a die between equals; a province short of any part of its
    deficit suffers the shortage (famine, for grain)."""
    for power in w.alive_powers():
        mine = w.provinces_of(power)
        capital = w.powers[power].capital
        for good in CIVIL_GOODS:
            surplus = sum(v for p in mine if (v := w.balances.get(p, {}).get(good, 0)) > 0)
            needy = {p: -v for p in mine if (v := w.balances.get(p, {}).get(good, 0)) < 0}
            if not needy:
                continue
            w.needs.setdefault(power, set()).add(good)
            supply = surplus - exported.get((power, good), 0) + imported.get((power, good), 0)
            first = [p for p in needy if p == capital]
            posts = [p for p in needy if p != capital and w.s.provinces[p].trading_post]
            rest = [p for p in needy if p not in first and p not in posts]
            short = []
            for group, name in ((first, "capital"), (posts, "posts"), (rest, "others")):
                for province in w.shuffled(group, "supply", power, good.value, name):
                    served = min(needy[province], supply)
                    supply -= served
                    if served < needy[province]:
                        short.append(province)
            if short:
                w.shortages.setdefault(power, {})[good] = sorted(short)
                w.rec(Step.TRADE, Code.SHORTAGE, power, good=good.value, provinces=tuple(sorted(short)))
            else:
                w.rec(Step.TRADE, Code.SUPPLIED, power, good=good.value)
