"""Deaths, successions and usurpations [S 7.6] [S 5.7] [S 9.3]: a dead general's second takes his
command, a dead king's heir his throne (names from the game master's ruling, else made up; the
competence of anyone new drawn in secret), and a general may rise against his king: 50 in 100 if he has
been glorious, 20 otherwise. An admiral turns pirate in his sea zone; a strategos founds a minor power,
taking the province he stands in if it is his king's."""

from __future__ import annotations

from pipeline.shared.dice import GAME_MASTER

from .checking import slug
from .french import noun
from .model import OrderKind, Title, UnitKind, next_year
from .orders import CampaignOrder
from .outcome import Code, Glory, Seen, Step
from .state import Pirates
from .work import PowerW, UnitW, Work

GLORIOUS_CHANCE = 50
PLAIN_CHANCE = 20


def second_for(w: Work, power: str, dead: str) -> str:
    """Who takes a dead or missing commander's place: the one the game master names, a leader of the
    power's court without a command, or a new officer [S 5.7]."""
    named = w.ruling.seconds.get(dead)
    if named is not None:
        lid = slug(named)
        if lid in w.leaders and w.commander_of(lid) is None:
            return lid
        return w.new_leader(power, named, f"second of {dead}")
    court = [
        lid
        for lid, leader in sorted(w.leaders.items())
        if leader.power == power and not w.is_king(lid) and w.commander_of(lid) is None and lid != dead
    ]
    if court:
        return court[0]
    name = w.leaders[dead].name if dead in w.leaders else Title(dead, dead)
    second = Title(f"{name.en}'s second", f"le second {noun(name.fr).of()}")
    return w.new_leader(power, second, f"second of {dead}")


def leader_dies(w: Work, leader: str, cause: str, step: Step) -> None:
    """A leader's death: his unit passes to his second at once; a king's throne to his heir, who is in
    his capital, safe [S 9.3]."""
    info = w.leaders.get(leader)
    if info is None:
        return
    power = info.power
    unit = w.commander_of(leader)
    king_of = next((p for p, pw in w.powers.items() if pw.king == leader), None)
    if king_of is not None:
        w.rec(step, Code.KING_DIED, king_of, king=leader, cause=cause)
        w.king_deaths.setdefault(king_of, []).append(w.season)
        named = w.ruling.heirs.get(king_of)
        heir = named or Title(f"{info.name.en}'s heir", f"l’héritier {noun(info.name.fr).of()}")
        new = w.new_leader(king_of, heir, f"heir of {leader}")
        w.powers[king_of].king = new
        w.rec(step, Code.NEW_KING, king_of, king=new)
    else:
        w.rec(step, Code.LEADER_DIED, power, leader=leader, cause=cause)
    if unit is not None and power is not None:
        second = second_for(w, power, leader)
        unit.leader = second
        w.rec(step, Code.NEW_LEADER, power, leader=second, unit=unit.id)
        w.rec(step, Code.NEW_LEADER, power, leader=second, competence=w.competence.get(second, 0), seen=Seen.MASTER)
    del w.leaders[leader]
    w.competence.pop(leader, None)


def destroy(w: Work, unit: UnitW, why: str, step: Step) -> None:
    """A unit gone: its general dies with it (when it is destroyed in battle) is the caller's concern;
    an army aboard sinks with its fleet [S 5.5]."""
    for other in [u for u in w.units.values() if u.aboard == unit.id]:
        w.rec(step, Code.DESTROYED, other.power, unit=other.id, why="sunk")
        w.units.pop(other.id, None)
    w.units.pop(unit.id, None)
    w.rec(step, Code.DESTROYED, unit.power, unit=unit.id, why=why)


def loyalty(w: Work, leader: str, trigger: str, step: Step) -> bool:
    """A general's loyalty test: True if he rises against his king."""
    info = w.leaders.get(leader)
    if info is None:
        return False
    chance = GLORIOUS_CHANCE if info.glorious else PLAIN_CHANCE
    rebels, roll = w.percent(chance, "loyalty", leader, trigger, audience=GAME_MASTER)
    w.rec(
        step,
        Code.LOYALTY,
        info.power,
        leader=leader,
        trigger=trigger,
        chance=chance,
        roll=roll,
        loyal=not rebels,
        seen=Seen.MASTER,
    )
    return rebels


def test_generals(w: Work, power: str, trigger: str, step: Step) -> None:
    """After a king's death or a disaster, each of the power's generals may rise [S 7.6]."""
    for unit in list(w.units_of(power)):
        if unit.id not in w.units or w.is_king(unit.leader):
            continue
        if loyalty(w, unit.leader, trigger, step):
            usurp(w, unit, power, step)


def usurp(w: Work, unit: UnitW, betrayed: str, step: Step) -> None:
    leader = unit.leader
    if unit.kind is UnitKind.FLEET:
        coasts = w.s.coasts_of(unit.place)
        own = [p for p in coasts if w.owners.get(p) == betrayed]
        harried = w.pick(own or list(coasts), "pirate coast", unit.id) if coasts else ""
        if harried:
            info = w.leaders[leader]
            w.pirates.append(
                Pirates(
                    f"pirates_{leader}",
                    Title(info.name.en, info.name.fr),
                    harried,
                    unit.place,
                    leader,
                    w.season_number(),
                )
            )
            w.leaders[leader].power = None
        w.rec(step, Code.PIRATE_ADMIRAL, betrayed, leader=leader, zone=unit.place, province=harried)
        destroy(w, unit, "turned pirate", step)
        return
    named = w.ruling.usurpers.get(leader)
    title = Title(named.name, named.name) if named is not None else w.leaders[leader].name  # his own, in each language
    pid = base = slug(title.en) or f"usurper_{leader}"
    n = 2
    while pid in w.powers:
        pid, n = f"{base}_{n}", n + 1
    aggressors = sorted(p for p in w.powers[betrayed].aggressors_last_year if p in w.majors())
    candidates = aggressors or [p for p in w.majors() if p != betrayed]
    protector = w.pick(candidates, "protector", pid) if candidates else None
    province = unit.place if w.owners.get(unit.place) == betrayed else ""
    w.powers[pid] = PowerW(
        pid, title, False, leader, province, province, protector, None, 0, False, betrayed, set(), set()
    )
    w.treasury[pid] = named.treasury if named is not None else 0
    w.leaders[leader].power = pid
    unit.power = pid
    unit.wages_from = next_year(w.year)  # no wages due before the winter of the year after [S 7.6]
    if province:
        # the province goes over without being ravaged; the army holds it for the rest of the campaign
        w.owners[province] = pid
        w.usurped.add(province)
        w.glory(betrayed, Glory.PROVINCE_LOST, -1, province)
        unit.locked = CampaignOrder(OrderKind.DEFEND, None, 0)
    else:
        unit.locked = CampaignOrder(OrderKind.PACIFY, unit.place if unit.place in w.s.provinces else None)
    w.rec(
        step,
        Code.USURPATION,
        betrayed,
        leader=leader,
        unit=unit.id,
        new_power=pid,
        province=province,
        protector=protector or "",
    )
