"""A Symmachia year, resolved in the rules' 26 steps [S 2.1]; the order is also the order money is
spent in, and no treasury ever goes below zero: an item it cannot pay at its step is skipped.

`resolve_year(scenario, state, orders, ruling, dice, options)` gives the next year's state and the
records of everything that happened (`outcome.Record`). The same inputs and the same dice give the same
outputs; the dice are asked by purpose (`pipeline.shared.dice`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pipeline.shared.dice import Dice

from . import campaign, economy, military, politics, prestige, trade
from .economy import all_balances, fleet_counts, forecast
from .mercenaries import hire
from .model import next_year
from .options import DEFAULT_OPTIONS, Options
from .orders import PendingRuling, PowerOrders, Ruling, empty_ruling, no_orders, pending_notes
from .outcome import Code, Record, Step
from .scenario import Scenario
from .state import Leader, MasterState, PowerPublic, PrivateState, PublicState, State, Unit
from .work import LeaderW, PowerW, UnitW, Work


@dataclass(frozen=True)
class YearResult:
    state: State
    records: tuple[Record, ...]


def pending(
    state: State, orders: Mapping[str, PowerOrders], ruling: Ruling, options: Options = DEFAULT_OPTIONS
) -> list[str]:
    """What the year waits for from the game master: units whose orders carry free text he has not
    ruled on, and provinces whose arbitration by Rome was asked and not yet decided."""
    out = [f"notes of {uid}" for uid in pending_notes(orders, ruling)]
    if options.rome_arbitration:
        asked = sorted({p for o in orders.values() for p in o.politics.rome})
        out += [f"Rome's arbitration on {p}" for p in asked if p not in ruling.rome]
    return out


def resolve_year(
    scenario: Scenario,
    state: State,
    orders: Mapping[str, PowerOrders],
    ruling: Ruling | None,
    dice: Dice,
    options: Options = DEFAULT_OPTIONS,
    force: bool = False,
) -> YearResult:
    """The whole year. Free text the game master has not ruled on stops it (`PendingRuling`), unless
    `force`: then it is ignored."""
    ruling = ruling or empty_ruling(state.public.year)
    waiting = pending(state, orders, ruling, options)
    if waiting and not force:
        raise PendingRuling("the year waits for the game master's ruling on: " + "; ".join(waiting))
    w = _work(scenario, state, orders, ruling, dice, options)
    new_capitals(w)
    politics.speeches(w)
    politics.sign_treaties(w)  # 1
    politics.rome(w)  # 2
    economy.collect_income(w)  # 3
    exported, imported = trade.settle_trade(w)  # 4
    economy.allocate_supplies(w, exported, imported)
    hire(w)  # 5
    politics.pay_tribute(w)  # 6
    politics.reshuffle(w)  # 7
    politics.spring_payments(w)  # 8
    campaign.run(w)  # 9, 10, 11
    w.treaties_ending.clear()
    politics.gifts(w)  # 12, 13, 14
    politics.territorial_treaties(w)  # 15
    military.new_fleet(w)  # 16
    military.home_ports(w)  # 17
    military.fleet_upkeep(w)  # 18
    military.new_army(w)  # 19
    military.army_upkeep(w)  # 20
    politics.plots_on_kings(w)  # 21
    politics.patronage(w)  # 22
    politics.late_usurpations(w)  # 23
    politics.secessions(w)  # 24
    prestige.eliminate(w)
    temporary_capitals(w)  # 25
    gains = prestige.year_prestige(w)  # 26
    return YearResult(_next_state(w, gains), tuple(w.records))


def _work(
    scenario: Scenario, state: State, orders: Mapping[str, PowerOrders], ruling: Ruling, dice: Dice, options: Options
) -> Work:
    pub = state.public
    powers = {
        p: PowerW(
            p,
            info.name,
            info.major,
            info.king,
            info.capital,
            info.original_capital,
            info.protector,
            info.main_trading_post,
            info.prestige,
            info.eliminated,
            info.usurper_of,
            set(info.fought),
            set(info.aggressors),
        )
        for p, info in pub.powers.items()
    }
    units = {
        u.id: UnitW(
            u.id,
            u.power,
            u.kind,
            u.place,
            u.leader,
            u.age,
            u.aboard,
            u.pacify_attempts,
            u.desert_since,
            u.wages_from,
            u.passage,
        )
        for u in pub.units.values()
    }
    all_orders = {p: orders.get(p) or no_orders(p, pub.year) for p in sorted(powers) if not powers[p].eliminated}
    return Work(
        scenario,
        options,
        dice,
        ruling,
        pub.year,
        all_orders,
        powers,
        dict(pub.owners),
        {p: priv.treasury for p, priv in state.private.items()},
        {lid: LeaderW(lid, leader.name, leader.power, leader.glorious) for lid, leader in pub.leaders.items()},
        dict(state.master.competence),
        units,
        list(pub.hordes),
        list(pub.pirates),
        pub.ravaged,
        frozenset(pub.blockades),
        pub.balances,
        state,
    )


def new_capitals(w: Work) -> None:
    """A king whose capital was taken names a new, temporary one in his orders [S 2.3]: while his original
    capital is lost, the court sits where his orders say (a province he holds), the choice made for him
    at step 25 standing only until he names one."""
    for power, orders in w.orders.items():
        wanted = orders.politics.new_capital
        info = w.powers[power]
        lost = w.owners.get(info.original_capital) != power or w.owners.get(info.capital) != power
        if wanted and wanted != info.capital and w.owners.get(wanted) == power and lost:
            info.capital = wanted
            w.rec(Step.TREATIES, Code.NEW_CAPITAL, power, province=wanted, temporary=wanted != info.original_capital)


def temporary_capitals(w: Work) -> None:
    """Step 25's capitals: a king back in his original capital returns his court to it; one who lost
    his and named none sits in his province with the most income, a die between equals [S 2.3]."""
    for power in w.alive_powers():
        info = w.powers[power]
        if w.owners.get(info.original_capital) == power and info.original_capital:
            if info.capital != info.original_capital:
                info.capital = info.original_capital
                w.rec(Step.FORECAST, Code.NEW_CAPITAL, power, province=info.capital, temporary=False)
            continue
        if w.owners.get(info.capital) == power:
            continue
        incomes = economy.local_income(w.s, w.owners, power, info.original_capital, set(w.ravaged))
        if not incomes:
            continue
        best = max(incomes.values())
        info.capital = w.pick([p for p, v in incomes.items() if v == best], "capital", power)
        w.rec(Step.FORECAST, Code.NEW_CAPITAL, power, province=info.capital, temporary=True)


def _next_state(w: Work, gains: dict[str, int]) -> State:
    ravaged = {p: tuple(causes) for p, causes in sorted(w.ravaged.items())}
    unsafe = {p.zone for p in w.pirates} | w.blockades
    balances = all_balances(w.s, set(ravaged), w.bad_harvest, unsafe)
    alive = w.alive_powers()
    units = {
        u.id: Unit(
            u.id,
            u.power,
            u.kind,
            u.place,
            u.leader,
            u.age,
            u.aboard,
            u.pacify_attempts,
            u.desert_since,
            u.wages_from,
            u.passage,
        )
        for u in sorted(w.units.values(), key=lambda u: u.id)
    }
    forecasts = forecast(
        w.s,
        w.owners,
        {p: w.powers[p].original_capital for p in alive},
        fleet_counts(units),
        balances,
        set(ravaged),
        w.o,
    )
    powers = {}
    for pid, info in sorted(w.powers.items()):
        fought = sorted({q for pair in w.fights if pid in pair for q in pair if q != pid})
        aggressors = sorted({a for a, v in w.aggressions if v == pid})
        powers[pid] = PowerPublic(
            pid,
            info.name,
            info.major,
            info.king,
            info.capital,
            info.original_capital,
            info.protector,
            info.main_post,
            info.prestige,
            gains.get(pid, 0),
            info.eliminated,
            tuple(fought),
            tuple(aggressors),
            info.usurper_of,
        )
    threshold = w.s.prestige_threshold or w.o.prestige_threshold
    winners = prestige.winners({p: w.powers[p].prestige for p in w.majors()}, gains, threshold)
    for p in winners:
        w.rec(Step.PRESTIGE, Code.WINNER, p, prestige=w.powers[p].prestige)
    public = PublicState(
        w.state.public.scenario,
        next_year(w.year),
        dict(sorted(w.owners.items())),
        powers,
        {lid: Leader(lid, leader.name, leader.power, leader.glorious) for lid, leader in sorted(w.leaders.items())},
        units,
        tuple(sorted(w.hordes, key=lambda h: h.id)),
        tuple(sorted(w.pirates, key=lambda p: p.id)),
        ravaged,
        tuple(sorted(w.blockades)),
        balances,
        forecasts,
        winners,
    )
    private = {p: PrivateState(w.treasury.get(p, 0), tuple(w.ledger.get(p, []))) for p in sorted(w.powers)}
    master = MasterState({lid: w.competence[lid] for lid in sorted(w.competence) if lid in w.leaders})
    return State(public, private, master)
