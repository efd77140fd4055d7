"""Battles and retreats [S 5] [S 6.8]: the combat values of two forces in a place (a horde's or pirates'
own malus, corruption paid as the battle is fought), the outcome and its consequences (deaths, glory,
prestige, pillage), the retreat in the rules' tiers, and the order battles are fought in when several
forces share a place. The campaign's steps and the season's events call them."""

from __future__ import annotations

from dataclasses import replace

from .combat import HORDE_BASE, MAX_MERCENARY_BONUS, MAX_ROUNDS, Result, Side, corruption_malus, result
from .model import MercenaryKind, UnitKind
from .outcome import Code, Entry, Glory, Seen, Step
from .state import Horde, Pirates, Ravage
from .succession import destroy, leader_dies
from .work import UnitW, Work

DEATH_CHANCE = 5  # a leader's risk in a battle he survives the outcome of [S 5.4]


def _force_power(force: UnitW | Horde) -> str | None:
    return force.power if isinstance(force, UnitW) else None


def forces_at(w: Work, place: str) -> list[UnitW | Horde]:
    units: list[UnitW | Horde] = [u for u in w.unit_at(place) if u.aboard is None]
    return units + [h for h in w.hordes if h.place == place]


def hostile_forces(w: Work, a: UnitW | Horde, b: UnitW | Horde) -> bool:
    """Hordes are everybody's enemies but their own kind's."""
    if a is b or (isinstance(a, Horde) and isinstance(b, Horde)):
        return False
    return w.hostile(_force_power(a), _force_power(b))


def competence_of(w: Work, force: UnitW | Horde) -> int:
    return w.competence.get(force.leader, 0)


def side_of(w: Work, force: UnitW | Horde, place: str, against: UnitW | Horde) -> Side:
    if isinstance(force, Horde):
        return Side(competence=competence_of(w, force), base=HORDE_BASE)
    u = force
    mercs = len(u.mercenaries)
    if u.kind is UnitKind.FLEET:
        aboard = [a for a in w.units.values() if a.aboard == u.id]
        mercs += sum(1 for a in aboard for m in a.mercenaries if w.s.mercenaries[m].kind is MercenaryKind.FOOT)
    leader = w.leaders.get(u.leader)
    attacker_from = against.came_from if isinstance(against, UnitW) else None
    at_pass = not u.moved and attacker_from is not None and place in w.s.provinces and w.s.is_pass(attacker_from, place)
    return Side(
        competence=competence_of(w, u),
        king=w.powers[u.power].king == u.leader,
        mercenaries=min(mercs, MAX_MERCENARY_BONUS),
        glorious=leader is not None and leader.glorious,
        at_pass=at_pass,
        unknown_terrain=u.kind is UnitKind.ARMY and w.owners.get(place) != u.power,
        corruption=0,
        defeats=u.defeats,
        fleet_age=u.age if u.kind is UnitKind.FLEET else 0,
    )


def _betrayal(w: Work, u: UnitW | Horde, enemy: UnitW | Horde) -> int:
    """Step 10: the bribes offered against `u` for the enemy's power are paid now, as the battle is
    fought; the first such battle only, and one betrayal at most [S 7.5]."""
    if not isinstance(u, UnitW) or not isinstance(enemy, UnitW) or u.id in w.betrayed:
        return 0
    offers = [o for o in w.bribes.get(u.id, []) if enemy.power in o[2]]
    if not offers:
        return 0
    paid = 0
    for briber, amount, _ in offers:
        if w.pay(briber, amount, Step.BRIBES, Entry.BRIBE, u.id):
            paid += amount
        w.bribes[u.id].remove((briber, amount, _))
    malus = corruption_malus(paid, w.counter.get(u.id, 0))
    if malus:
        w.betrayed.add(u.id)
    w.rec(
        Step.BRIBES,
        Code.BETRAYAL,
        u.power,
        unit=u.id,
        paid=paid,
        counter=w.counter.get(u.id, 0),
        malus=malus,
        seen=Seen.MASTER,
    )
    return malus


def shown_values(side: Side, die: int) -> tuple[str, ...]:
    """A side's modifiers and die as the game master's record lists them (``competence=+1``)."""
    return (*(f"{k}={v:+d}" for k, v in side.modifiers()), f"die={die}")


def _label(force: UnitW | Horde | Pirates) -> str:
    return force.id


def battle(
    w: Work, a: UnitW | Horde, b: UnitW | Horde, place: str, step: Step = Step.CAMPAIGN
) -> tuple[UnitW | Horde, UnitW | Horde, Result]:
    """One battle between two forces in `place`: the values, the outcome and its consequences."""
    side_a, side_b = side_of(w, a, place, b), side_of(w, b, place, a)
    malus_a, malus_b = _betrayal(w, a, b), _betrayal(w, b, a)
    side_a, side_b = replace(side_a, corruption=malus_a), replace(side_b, corruption=malus_b)
    rounds = 0
    while True:
        suffix = (f"again {rounds}",) if rounds else ()
        die_a = w.roll(6, "battle", place, _label(a), *suffix, audience=w.fight_dice)
        die_b = w.roll(6, "battle", place, _label(b), *suffix, audience=w.fight_dice)
        va, vb = side_a.value(die_a), side_b.value(die_b)
        outcome = result(va - vb)
        if outcome is not Result.AGAIN or rounds >= MAX_ROUNDS:
            break
        rounds += 1
    if outcome is Result.AGAIN:
        outcome = Result.NON_DECISIVE  # the die decides after as many rolls as the rules' patience allows
    winner, loser = (a, b) if va > vb or (va == vb and _label(a) < _label(b)) else (b, a)
    w.rec(
        step,
        Code.BATTLE_VALUES,
        None,
        place=place,
        a=_label(a),
        b=_label(b),
        a_values=shown_values(side_a, die_a),
        b_values=shown_values(side_b, die_b),
        a_total=va,
        b_total=vb,
        seen=Seen.MASTER,
    )
    pw, pl = _force_power(winner), _force_power(loser)
    aggressor = None
    if isinstance(winner, UnitW) and winner.moved:
        aggressor = pw
    elif isinstance(loser, UnitW) and loser.moved:
        aggressor = pl
    w.fought(pw, pl, aggressor)
    w.rec(
        step,
        Code.BATTLE,
        pw,
        place=place,
        winner=_label(winner),
        loser=_label(loser),
        result=outcome.value,
        difference=abs(va - vb),
        loser_power=pl or "",
    )
    consequences(w, winner, loser, outcome, place, step)
    return winner, loser, outcome


def consequences(w: Work, winner: UnitW | Horde, loser: UnitW | Horde, outcome: Result, place: str, step: Step) -> None:
    """[S 5.4] [S 5.5]: the winner's leader risks death; the loser retreats (or is destroyed), losing
    its mercenaries and taking -1 for the rest of the campaign; glory, prestige, pillage."""
    pw, pl = _force_power(winner), _force_power(loser)
    survived = True
    if isinstance(winner, UnitW) and winner.id in w.units:
        dies, _ = w.percent(DEATH_CHANCE, "death", winner.leader)
        if dies:
            survived = False
            leader_dies(w, winner.leader, "battle", step)
    if isinstance(loser, Horde):
        w.hordes = [h for h in w.hordes if h.id != loser.id]
        w.rec(step, Code.HORDE_GONE, None, horde=loser.id, why="beaten")
        if outcome is Result.TOTAL:
            total_victory(w, winner, pl, survived)
        _pillage(w, winner, place)
        return
    assert isinstance(loser, UnitW)
    loser.beaten = True
    w.defeated_by[loser.id] = pw
    if outcome is Result.NON_DECISIVE:
        dies, _ = w.percent(DEATH_CHANCE, "death", loser.leader)
        if dies:
            leader_dies(w, loser.leader, "battle", step)
        loser.mercenaries.clear()
        for a in w.units.values():
            if a.aboard == loser.id:
                a.mercenaries.clear()
        loser.defeats += 1
        if retreat(w, loser, winner, place):
            _pillage(w, winner, place)
            return
        outcome = Result.TOTAL  # no retreat: the defeat becomes a disaster [S 5.4]
    # a disaster: the unit and its general are lost, an army aboard sinks with its fleet
    if pl is not None:
        w.disasters.setdefault(pl, []).append(w.season)
        w.glory(pl, Glory.DISASTER, -1, loser.id)
    leader = loser.leader
    destroy(w, loser, "disaster", step)
    leader_dies(w, leader, "battle", step)
    total_victory(w, winner, pl, survived)
    _pillage(w, winner, place)


def total_victory(w: Work, winner: UnitW | Horde, against: str | None, survived: bool = True) -> None:
    """+1 prestige to the winner's king; glory to its general, if he lived through it [S 5.5]."""
    if isinstance(winner, UnitW) and winner.id in w.units:
        w.glory(winner.power, Glory.TOTAL_VICTORY, 1, against or "")
        leader = w.leaders.get(winner.leader)
        if leader is not None and survived:
            leader.glorious = True


def _pillage(w: Work, winner: UnitW | Horde, place: str) -> None:
    """The winner of a battle in a province its side does not hold pillages it [S 5.4]."""
    if place not in w.s.provinces:
        return
    if isinstance(winner, Horde):
        w.ravage(place, Ravage.BARBARIANS)
    elif winner.kind is UnitKind.ARMY and not w.side_holds(winner.power, place):
        w.ravage(place, Ravage.PILLAGE)


def retreat_options(w: Work, u: UnitW, winner: UnitW | Horde, place: str) -> list[list[str]]:
    """The places a beaten unit may retreat to, in the rules' tiers [S 5.4]."""
    came = winner.came_from if isinstance(winner, UnitW) else None
    hostile_at = {p for p in {*w.s.provinces, *w.s.seas} if any(hostile_forces(w, f, u) for f in forces_at(w, p))}
    blocked = {p for p, i in w.storms.items() if i == w.season_index}
    if u.kind is UnitKind.FLEET:
        zones = [
            z
            for z in w.s.seas[place].adjacent
            if z != came
            and z not in hostile_at
            and z not in blocked
            and not any(p.zone == z for p in w.pirates)
            and frozenset((place, z)) not in w.s.long_passages
        ]
        return [zones]
    own, friend, independent, enemy, desert = [], [], [], [], []
    for p in w.s.provinces[place].borders:
        if p == came or p in hostile_at or p in blocked or not crossing_allowed(w, u, place, p):
            continue
        prov = w.s.provinces[p]
        owner = w.owners.get(p)
        if prov.desert:
            desert.append(p)
        elif owner == u.power:
            own.append(p)
        elif owner is not None and w.allied(owner, u.power):
            friend.append(p)
        elif owner is None:
            independent.append(p)
        else:
            enemy.append(p)
    for zone in w.s.provinces[place].coasts:
        if zone == came:
            continue
        for f in w.unit_at(zone):
            if f.kind is UnitKind.FLEET and not any(a.aboard == f.id for a in w.units.values()):
                (own if f.power == u.power else friend if w.allied(f.power, u.power) else []).append(f"fleet:{f.id}")
    return [own, friend, independent, enemy, desert]


def retreat(w: Work, u: UnitW, winner: UnitW | Horde, place: str) -> bool:
    """Retreat in good order in the same season; False when there is nowhere to go."""
    if u.aboard is not None and u.aboard in w.units:
        return False  # an army aboard moves only with its fleet
    prefs = w.retreat_prefs.get(u.id, ())
    for tier in retreat_options(w, u, winner, place):
        if not tier:
            continue
        by_place = {t.split(":", 1)[1] if t.startswith("fleet:") else t: t for t in tier}
        fleets_at = {w.units[t.split(":", 1)[1]].place: t for t in tier if t.startswith("fleet:")}
        chosen = next((by_place.get(p) or fleets_at.get(p) for p in prefs if p in by_place or p in fleets_at), None)
        if chosen is None:
            chosen = w.pick(tier, "retreat", u.id)
        if chosen.startswith("fleet:"):
            fleet = w.units[chosen.split(":", 1)[1]]
            u.aboard, u.place = fleet.id, fleet.place
            w.rec(Step.CAMPAIGN, Code.RETREAT, u.power, unit=u.id, to=fleet.place, fleet=fleet.id)
        else:
            leave_desert(w, u, chosen)
            u.place = chosen
            for a in w.units.values():
                if a.aboard == u.id:
                    a.place = chosen
            w.rec(Step.CAMPAIGN, Code.RETREAT, u.power, unit=u.id, to=chosen)
        return True
    return False


def fight_place(w: Work, place: str) -> None:
    """Every battle in a place until no two hostile forces remain [S 6.8]: of one power's several
    forces the most competent fights first; with more than two factions the least competent generals
    fight first, unless a player asked his to fight first."""
    for _ in range(2 * len(w.units) + 2 * len(w.hordes) + 1):
        forces = forces_at(w, place)
        if not any(hostile_forces(w, a, b) for a in forces for b in forces):
            return
        champions: dict[str, UnitW | Horde] = {}
        for f in forces:
            key = _force_power(f) or f"horde:{f.id}"
            best = champions.get(key)
            if best is None or _rank_first(w, f) > _rank_first(w, best):
                champions[key] = f
        order = sorted(
            champions.values(), key=lambda f: (not (isinstance(f, UnitW) and f.fight_first), competence_of(w, f), f.id)
        )
        first = order[0]
        other = next((f for f in order[1:] if hostile_forces(w, first, f)), None)
        if other is None:
            first = next(f for f in order if any(hostile_forces(w, f, g) for g in order))
            other = next(g for g in order if hostile_forces(w, first, g))
        battle(w, first, other, place)


def _rank_first(w: Work, f: UnitW | Horde) -> tuple[bool, int, str]:
    return (isinstance(f, UnitW) and f.fight_first, competence_of(w, f), f.id)


def blocked(w: Work, place: str) -> bool:
    """A storm, snow or earthquake: nobody moves in it or into it this season [S 8.7]."""
    return w.storms.get(place) == w.season_index


def crossing_allowed(w: Work, u: UnitW, a: str, b: str) -> bool:
    """A strait's land crossing: its master's armies and the allies he lists only [S 8.1]."""
    strait = w.s.strait_of(a, b)
    if strait is None:
        return True
    master = w.owners.get(strait.province)
    if master is None:
        return False
    if master == u.power or w.player(u.power) == w.player(master):
        return True
    orders = w.orders.get(master)
    return orders is not None and u.power in orders.politics.bosporus


def leave_desert(w: Work, u: UnitW, to: str) -> None:
    here = w.s.provinces.get(u.place)
    if here is not None and here.desert and to != u.place and u.mercenaries:
        u.mercenaries.clear()  # beasts die and mercenaries desert on the way out [S 8.5]
        w.rec(Step.CAMPAIGN, Code.DESERT_LOSSES, u.power, unit=u.id)
