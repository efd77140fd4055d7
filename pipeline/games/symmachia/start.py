"""A game's first state, from its scenario [S 1.3]: the powers' start, the published balances and
revenues of the first year, and every leader's competence drawn in secret where the scenario fixes
none (uniformly over the options' range [S 5.1])."""

from __future__ import annotations

from pipeline.shared.dice import GAME_MASTER, Dice

from .economy import all_balances, fleet_counts, forecast
from .model import year_label
from .options import DEFAULT_OPTIONS, Options
from .scenario import LeaderStart, Scenario
from .state import Horde, Leader, MasterState, Pirates, PowerPublic, PrivateState, PublicState, Ravage, State, Unit


def start_state(scenario: Scenario, dice: Dice, options: Options = DEFAULT_OPTIONS) -> State:
    label = year_label(scenario.start_year)
    leaders: dict[str, Leader] = {}
    competence: dict[str, int] = {}
    span = options.competence_max - options.competence_min + 1

    def enrol(leader: LeaderStart, power: str | None) -> None:
        leaders[leader.id] = Leader(leader.id, leader.name, power, leader.glorious)
        if leader.competence is not None:
            competence[leader.id] = leader.competence
        else:
            competence[leader.id] = (
                options.competence_min + dice.roll(f"{label} competence {leader.id}", span, GAME_MASTER) - 1
            )

    owners: dict[str, str] = {}
    powers: dict[str, PowerPublic] = {}
    units: dict[str, Unit] = {}
    for pid, p in sorted(scenario.powers.items()):
        for prov in p.provinces:
            owners[prov] = pid
        powers[pid] = PowerPublic(
            pid, p.name, p.major, p.king.id, p.capital, p.capital, p.protector, p.main_trading_post, p.prestige
        )
        for leader in (p.king, *p.leaders):
            enrol(leader, pid)
        for u in p.units:
            units[u.id] = Unit(u.id, pid, u.kind, u.at, u.leader, u.age)
    for h in scenario.hordes:
        enrol(h.leader, None)
    for pi in scenario.pirates:
        enrol(pi.leader, None)
    values = {r.value: r for r in Ravage}
    ravaged = {p: (values.get(why, Ravage.WAR),) for p, why in sorted(scenario.ravaged.items())}
    pirates = tuple(Pirates(p.id, p.name, p.at, p.zone, p.leader.id, _last_season(p.since)) for p in scenario.pirates)
    hordes = tuple(Horde(h.id, h.name, h.at, h.leader.id, h.since) for h in scenario.hordes)
    balances = all_balances(scenario, set(ravaged), (), {p.zone for p in pirates})
    forecasts = forecast(
        scenario,
        owners,
        {pid: p.capital for pid, p in powers.items()},
        fleet_counts(units),
        balances,
        set(ravaged),
        options,
    )
    public = PublicState(
        scenario.id,
        scenario.start_year,
        owners,
        powers,
        leaders,
        units,
        hordes,
        pirates,
        ravaged,
        (),
        balances,
        forecasts,
    )
    private = {pid: PrivateState(p.treasury) for pid, p in sorted(scenario.powers.items())}
    return State(public, private, MasterState(competence))


def _last_season(year: int) -> int:
    """The season number of a year's autumn: pirates there before the game raid from its first spring."""
    return (year if year < 0 else year - 1) * 3 + 2
