"""Politics and intrigue [S 7]: friendship treaties (step 1), Rome (2), tribute to the hordes (6), the
reshuffle of commands with its disgraces and disbandings (7), counter-corruption, bribes offered and
plots on generals (8), gifts and protectors (12-14), territorial treaties (15), plots on kings (21),
patronage (22), the winter's usurpations (23) and secessions (24)."""

from __future__ import annotations

from pipeline.shared.dice import GAME_MASTER, PUBLIC, Audience

from .french import noun
from .model import Good, Title, UnitKind
from .orders import Status
from .outcome import Code, Entry, Glory, Seen, Step, Why
from .succession import leader_dies, loyalty, second_for, test_generals, usurp
from .work import Work

TRIBUTE = 700  # a province a horde occupies [S 7.7]
GENERAL_PLOT = 500  # [S 7.8]
KING_PLOT = 1000
SECESSION_CHANCE = 30  # [S 7.9]


def plot_result(w: Work, purpose: str, victim: str, audience: Audience = PUBLIC) -> tuple[bool, bool, int]:
    """The assassination table on a d100 [S 7.8]: 1-10 the victim dies, no trace; 11-30 he dies and the
    assassin names his master; 31-60 it fails, no trace; 61-100 it fails and the assassin talks. Gives
    (killed, identified, the roll); the die is read by `audience`, as the record of the plot."""
    roll = w.roll(100, purpose, victim, audience=audience)
    return roll <= 30, 10 < roll <= 30 or roll > 60, roll


# ---- step 1: friendship treaties --------------------------------------------------------------------


def sign_treaties(w: Work) -> None:
    """Both must sign; the treaty binds before the spring's orders and ends with the year [S 7.2]."""
    wanted = {
        p: set(o.politics.friendship) for p, o in w.orders.items() if p in w.powers and not w.powers[p].eliminated
    }
    for power in sorted(wanted):
        for other in sorted(wanted[power]):
            pair = frozenset((power, other))
            if power in wanted.get(other, set()):
                if pair not in w.treaties and power < other:
                    w.treaties.add(pair)
                    w.rec(Step.TREATIES, Code.TREATY, None, powers=tuple(sorted(pair)))
            else:
                w.rec(Step.TREATIES, Code.TREATY_UNSIGNED, power, partner=other, seen=Seen.PRIVATE, readers=(power,))
    w.signed = set(w.treaties)


def mutineers(uid: str) -> str:
    """The id of the leader a unit's mutineers find (the dice of his tests name him so)."""
    return f"leader_of_the_{uid}_mutineers"


def mutineers_leader(w: Work, king: str) -> Title:
    """The name of the leader a king's mutineers find among themselves [S 7.6]."""
    name = w.leaders[king].name if king in w.leaders else Title(king, king)
    return Title(f"leader of {name.en}'s mutineers", f"le chef des mutins {noun(name.fr).of()}")


def speeches(w: Work) -> None:
    """Each power's speech, published with the year as written [S 7.12]."""
    for power, orders in sorted(w.orders.items()):
        said = orders.politics
        if said.speech.strip() and said.speech_fr.strip():
            w.rec(Step.TREATIES, Code.SPEECH, power, text=said.speech.strip(), text_fr=said.speech_fr.strip())
        elif said.speech.strip():
            w.rec(Step.TREATIES, Code.SPEECH, power, text=said.speech.strip())


# ---- step 2: Rome -------------------------------------------------------------------------------


def rome(w: Work) -> None:
    """Rome's arbitration [S 7.11]: the rules leave its effect to the game master; his ruling says what
    becomes of each province asked about (a new master, independence, or nothing)."""
    for power in sorted(w.orders):
        provinces = w.orders[power].politics.rome
        if not provinces:
            continue
        w.rec(Step.ROME, Code.ROME_REQUEST, power, provinces=provinces)
        if not w.o.rome_arbitration:
            continue
        for province in provinces:
            if province not in w.ruling.rome:
                continue
            to = w.ruling.rome[province]
            if to == "":
                w.rec(Step.ROME, Code.ROME_RULING, power, province=province, to="", refused=True)
                continue
            if to is None:
                w.owners.pop(province, None)
            else:
                w.owners[province] = to
            w.rec(Step.ROME, Code.ROME_RULING, power, province=province, to=to or "")


# ---- step 6: tribute ----------------------------------------------------------------------------


def pay_tribute(w: Work) -> None:
    """700 talents for each province a horde occupies, and it withdraws at the start of spring; when
    two kings pay for the same horde, the first in the order of the powers pays [S 7.7]."""
    for power in w.alive_powers():
        orders = w.orders.get(power)
        if orders is None:
            continue
        for province in orders.politics.tribute:
            horde = next((h for h in w.hordes if h.place == province), None)
            if horde is None:
                w.rec(
                    Step.TRIBUTE,
                    Code.TRIBUTE_REFUSED,
                    power,
                    province=province,
                    why=Why.NOT_POSSIBLE.value,
                    seen=Seen.PRIVATE,
                    readers=(power,),
                )
                continue
            if not w.pay(power, TRIBUTE, Step.TRIBUTE, Entry.TRIBUTE, horde.id):
                w.rec(
                    Step.TRIBUTE,
                    Code.TRIBUTE_REFUSED,
                    power,
                    province=province,
                    why=Why.UNAFFORDABLE.value,
                    seen=Seen.PRIVATE,
                    readers=(power,),
                )
                continue
            w.hordes = [h for h in w.hordes if h.id != horde.id]
            w.rec(Step.TRIBUTE, Code.TRIBUTE, power, horde=horde.id, province=province, amount=TRIBUTE)
            w.rec(Step.TRIBUTE, Code.HORDE_GONE, None, horde=horde.id, why="tribute")


# ---- step 7: commands, disgraces, disbandings -----------------------------------------------------


def reshuffle(w: Work) -> None:
    """The year's changes of command take effect before the campaign [S 4.1]; a unit disbanded, or a
    general left without a post, may rise at once (after the mercenaries joined) [S 7.6]."""
    for power in w.alive_powers():
        orders = w.orders.get(power)
        if orders is None:
            continue
        for u in orders.military:
            unit = w.units.get(u.unit)
            if unit is None or unit.power != power or u.status is not Status.DISBAND:
                continue
            leader = unit.leader
            if w.is_king(leader):
                # the mutineers find a leader among themselves [S 7.6]
                leader = w.new_leader(power, mutineers_leader(w, leader), f"mutineer {unit.id}", mutineers(unit.id))
                unit.leader = leader
            if loyalty(w, leader, "disbanded", Step.EARLY_USURPATION):
                usurp(w, unit, power, Step.EARLY_USURPATION)
                continue
            del w.units[unit.id]
            w.rec(Step.EARLY_USURPATION, Code.DISBANDED, power, unit=unit.id, why="orders")
        changes: dict[str, str] = {}
        for u in orders.military:
            unit = w.units.get(u.unit)
            if unit is None or unit.power != power or u.status is Status.CREATE or u.commander is None:
                continue
            new = u.commander
            if u.new_commander is not None and new not in w.leaders:
                new = w.new_leader(power, u.new_commander, f"appointed {u.unit}")
            if new != unit.leader:
                changes[unit.id] = new
        posts = set(changes.values())
        for uid in sorted(changes):
            unit = w.units.get(uid)
            if unit is None:
                continue
            old = unit.leader
            if w.is_king(old) or old in posts:
                continue  # a king goes home, a general to his new post
            w.rec(Step.EARLY_USURPATION, Code.DISGRACE, power, leader=old)
            if loyalty(w, old, "disgrace", Step.EARLY_USURPATION):
                usurp(w, unit, power, Step.EARLY_USURPATION)
                changes.pop(uid)  # his successor stays without a post
        for uid, new in sorted(changes.items()):
            unit = w.units.get(uid)
            if unit is None or unit.power != power:
                continue
            unit.leader = new
            w.rec(Step.EARLY_USURPATION, Code.COMMAND, power, unit=uid, leader=new)
        # a unit whose general went elsewhere and got nobody in his place: his second takes it
        seen: dict[str, str] = {}
        for unit in w.units_of(power):
            if unit.leader in seen:
                unit.leader = second_for(w, power, unit.leader)
                w.rec(Step.EARLY_USURPATION, Code.COMMAND, power, unit=unit.id, leader=unit.leader)
            seen[unit.leader] = unit.id


# ---- step 8: counter-corruption, plots on generals, bribes offered ---------------------------------


def spring_payments(w: Work) -> None:
    for power in w.alive_powers():
        orders = w.orders.get(power)
        if orders is None:
            continue
        for uid, amount in orders.politics.counter_corruption:
            if uid not in w.units:
                continue
            if w.pay(power, amount, Step.SPRING_PAYMENTS, Entry.COUNTER_CORRUPTION, uid):
                w.counter[uid] = w.counter.get(uid, 0) + amount
                w.rec(
                    Step.SPRING_PAYMENTS,
                    Code.COUNTER_CORRUPTION,
                    power,
                    unit=uid,
                    amount=amount,
                    seen=Seen.PRIVATE,
                    readers=(power,),
                )
        for victim in dict.fromkeys(orders.politics.plot_generals):
            plot_general(w, power, victim)
    for power in w.alive_powers():
        orders = w.orders.get(power)
        if orders is None:
            continue
        reserved = 0
        for bribe in orders.politics.corruption:
            # the money must be there at the start of the campaign; it is spent only if the battle is fought
            if bribe.target not in w.units:
                w.rec(
                    Step.SPRING_PAYMENTS,
                    Code.CORRUPTION_DROPPED,
                    power,
                    unit=bribe.target,
                    why=Why.NO_UNIT.value,
                    seen=Seen.PRIVATE,
                    readers=(power,),
                )
                continue
            if reserved + bribe.amount > w.treasury.get(power, 0):
                w.rec(
                    Step.SPRING_PAYMENTS,
                    Code.CORRUPTION_DROPPED,
                    power,
                    unit=bribe.target,
                    why=Why.UNAFFORDABLE.value,
                    seen=Seen.PRIVATE,
                    readers=(power,),
                )
                continue
            reserved += bribe.amount
            w.bribes.setdefault(bribe.target, []).append((power, bribe.amount, bribe.beneficiaries))
            w.rec(
                Step.SPRING_PAYMENTS,
                Code.CORRUPTION_OFFER,
                power,
                unit=bribe.target,
                amount=bribe.amount,
                beneficiaries=bribe.beneficiaries,
                seen=Seen.PRIVATE,
                readers=(power,),
            )


def plot_general(w: Work, sponsor: str, victim: str) -> None:
    """500 talents, at the start of spring [S 7.8]."""
    leader = w.leaders.get(victim)
    if leader is None or leader.power is None or w.is_king(victim):
        w.rec(
            Step.SPRING_PAYMENTS,
            Code.PLOT_REFUSED,
            sponsor,
            victim=victim,
            why=Why.NOT_POSSIBLE.value,
            seen=Seen.PRIVATE,
            readers=(sponsor,),
        )
        return
    plot(w, sponsor, victim, leader.power, GENERAL_PLOT, Step.SPRING_PAYMENTS, Entry.PLOT_GENERAL)


def plot(w: Work, sponsor: str, victim: str, target: str, cost: int, step: Step, entry: Entry) -> None:
    """A plot paid for and carried out [S 7.8]: the sponsor learns the outcome; a death is public, and
    so is the sponsor's name when the assassin talks; an identified plot counts as a fight and an
    attack."""
    if not w.pay(sponsor, cost, step, entry, victim):
        w.rec(
            step,
            Code.PLOT_REFUSED,
            sponsor,
            victim=victim,
            why=Why.UNAFFORDABLE.value,
            seen=Seen.PRIVATE,
            readers=(sponsor,),
        )
        return
    # the sponsor's secret, as his record of it; what the public learns is the public record's [S 7.8]
    killed, identified, roll = plot_result(w, "plot", victim, Audience.of(sponsor))
    w.rec(
        step,
        Code.PLOT,
        sponsor,
        victim=victim,
        roll=roll,
        killed=killed,
        identified=identified,
        seen=Seen.PRIVATE,
        readers=(sponsor,),
    )
    if identified or killed:
        w.rec(step, Code.PLOT, sponsor if identified else None, victim=victim, killed=killed, identified=identified)
    if identified:
        w.fought(sponsor, target, sponsor)
    if killed:
        leader_dies(w, victim, "assassination", step)


# ---- steps 12-14: gifts and protectors --------------------------------------------------------------


def gifts(w: Work) -> None:
    """Steps 12 and 13, gifts between major powers, received as soon as paid so that a gift received
    may be passed on [S 7.3]; step 14, gifts to minors and their protectors for next year [S 7.4]."""
    pending = [
        (power, g.to, g.amount)
        for power in w.majors()
        for g in w.orders[power].politics.gifts
        if power in w.orders and g.to in w.powers and w.powers[g.to].major and not w.powers[g.to].eliminated
    ]
    changed = True
    while pending and changed:
        changed = False
        for gift in list(pending):
            sender, to, amount = gift
            if w.transfer(sender, to, amount, Step.GIFTS_TO_MAJORS, Entry.GIFT_GIVEN, Entry.GIFT_RECEIVED):
                pending.remove(gift)
                changed = True
                w.rec(Step.GIFTS_RECEIVED, Code.GIFT, sender, to=to, amount=amount)
    for sender, to, amount in pending:
        w.rec(
            Step.GIFTS_TO_MAJORS,
            Code.GIFT_REFUSED,
            sender,
            to=to,
            amount=amount,
            why=Why.UNAFFORDABLE.value,
            seen=Seen.PRIVATE,
            readers=(sender,),
        )
    given: dict[str, dict[str, int]] = {}
    for sender in w.majors():
        orders = w.orders.get(sender)
        if orders is None:
            continue
        for g in orders.politics.gifts:
            info = w.powers.get(g.to)
            if info is None or info.major or info.eliminated:
                continue
            if w.transfer(sender, g.to, g.amount, Step.GIFTS_TO_MINORS, Entry.GIFT_GIVEN, Entry.GIFT_RECEIVED):
                given.setdefault(g.to, {})[sender] = given.get(g.to, {}).get(sender, 0) + g.amount
                w.rec(
                    Step.GIFTS_TO_MINORS,
                    Code.GIFT,
                    sender,
                    to=g.to,
                    amount=g.amount,
                    seen=Seen.PRIVATE,
                    readers=(sender, g.to),
                )
            else:
                w.rec(
                    Step.GIFTS_TO_MINORS,
                    Code.GIFT_REFUSED,
                    sender,
                    to=g.to,
                    amount=g.amount,
                    why=Why.UNAFFORDABLE.value,
                    seen=Seen.PRIVATE,
                    readers=(sender,),
                )
    for minor in sorted(p for p in w.alive_powers() if not w.powers[p].major):
        choose_protector(w, minor, given.get(minor, {}))


def choose_protector(w: Work, minor: str, donors: dict[str, int]) -> None:
    """Next year's protector: the largest donor of the year (a die between equals); nobody gave, the
    protector stays; an aggressor of the minor, or the protector who attacked it, cannot be chosen, and
    if nobody else gave the protector is drawn among the other kings [S 7.4]."""
    info = w.powers[minor]
    barred = {a for a, v in w.aggressions if v == minor}
    if minor in w.autonomous and info.protector:
        barred.add(info.protector)
    eligible = {p: a for p, a in donors.items() if p not in barred}
    if eligible:
        top = max(eligible.values())
        # a tie tells the gifts, which the minor alone reads with each giver (and its protector with it)
        chosen = w.pick([p for p, a in eligible.items() if a == top], "protector", minor, audience=Audience.of(minor))
        amount = top
    elif info.protector and info.protector not in barred and not donors:
        chosen, amount = info.protector, 0
    else:
        others = [p for p in w.majors() if p not in barred]
        if not others:
            return
        chosen, amount = w.pick(others, "protector", minor), 0
    info.protector = chosen
    w.rec(Step.GIFTS_TO_MINORS, Code.PROTECTOR, minor, minor=minor, protector=chosen, amount=amount)


# ---- step 15: territorial treaties --------------------------------------------------------------


def territorial_treaties(w: Work) -> None:
    """Dôrea [S 7.10]: both sides' terms must match and still be possible after the campaign; the
    receiver holds a province next to each one ceded; no original capital, no enemy army there."""
    done: set[frozenset[str]] = set()
    for a in w.majors():
        oa = w.orders.get(a)
        if oa is None:
            continue
        for d in oa.politics.dorea:
            b = d.partner
            pair = frozenset((a, b))
            if pair in done or b not in w.orders:
                continue
            match = next((e for e in w.orders[b].politics.dorea if e.partner == a), None)
            why = None
            if match is None or (d.give_talents, set(d.give_provinces), d.get_talents, set(d.get_provinces)) != (
                match.get_talents,
                set(match.get_provinces),
                match.give_talents,
                set(match.give_provinces),
            ):
                why = Why.NOT_MATCHED
            else:
                why = _dorea_possible(w, a, b, d.give_provinces, d.get_provinces, d.give_talents, d.get_talents)
            done.add(pair)
            if why is not None:
                for p in (a, b):
                    w.rec(
                        Step.DOREA,
                        Code.DOREA_FAILED,
                        p,
                        partner=b if p == a else a,
                        why=why.value,
                        seen=Seen.PRIVATE,
                        readers=(p,),
                    )
                continue
            w.transfer(a, b, d.give_talents, Step.DOREA, Entry.DOREA_PAID, Entry.DOREA_RECEIVED)
            w.transfer(b, a, d.get_talents, Step.DOREA, Entry.DOREA_PAID, Entry.DOREA_RECEIVED)
            for p in d.give_provinces:
                w.owners[p] = b
            for p in d.get_provinces:
                w.owners[p] = a
            w.rec(
                Step.DOREA,
                Code.DOREA,
                a,
                partner=b,
                gave=d.give_provinces,
                got=d.get_provinces,
                gave_talents=d.give_talents,
                got_talents=d.get_talents,
            )


def _dorea_possible(
    w: Work, a: str, b: str, give: tuple[str, ...], get: tuple[str, ...], pay_a: int, pay_b: int
) -> Why | None:
    for giver, receiver, provinces in ((a, b, give), (b, a, get)):
        for p in provinces:
            if w.owners.get(p) != giver or w.powers[giver].original_capital == p:
                return Why.NOT_POSSIBLE
            if not any(w.owners.get(n) == receiver for n in w.s.provinces[p].borders):
                return Why.NOT_ALLOWED
            if any(u.kind is UnitKind.ARMY and u.aboard is None and w.hostile(u.power, receiver) for u in w.unit_at(p)):
                return Why.NOT_ALLOWED
    if w.treasury.get(a, 0) < pay_a or w.treasury.get(b, 0) < pay_b:
        return Why.UNAFFORDABLE
    return None


# ---- steps 21-24 --------------------------------------------------------------------------------


def plots_on_kings(w: Work) -> None:
    """1,000 talents each, at the year's end [S 7.8]."""
    for sponsor in w.alive_powers():
        orders = w.orders.get(sponsor)
        if orders is None:
            continue
        for target in dict.fromkeys(orders.politics.plot_kings):
            info = w.powers.get(target)
            if info is not None and not info.eliminated:
                plot(w, sponsor, info.king, target, KING_PLOT, Step.KING_PLOTS, Entry.PLOT_KING)


def patronage_share(revenue: int) -> int:
    """A tenth of the year's revenue but gifts, rounded up to the hundred, never under 100 [S 7.1]."""
    return max(100, -(-revenue // 1000) * 100)


def patronage(w: Work) -> None:
    """Step 22: each patron pays his share; one drawn at random gains 1 prestige; their number and names
    are published [S 7.1]."""
    patrons = []
    for power in w.majors():
        orders = w.orders.get(power)
        if orders is None or not orders.politics.patronage:
            continue
        amount = patronage_share(w.revenue.get(power, 0))
        if w.pay(power, amount, Step.PATRONAGE, Entry.PATRONAGE):
            patrons.append(power)
            w.rec(Step.PATRONAGE, Code.PATRONAGE, power, amount=amount, seen=Seen.PRIVATE, readers=(power,))
    w.patrons = patrons
    if patrons:
        w.rec(Step.PATRONAGE, Code.PATRONAGE, None, patrons=tuple(patrons), count=len(patrons))
        chosen = w.pick(patrons, "patron")
        w.glory(chosen, Glory.PATRON, 1)
        w.rec(Step.PATRONAGE, Code.PATRON_OF_THE_YEAR, chosen)


def late_usurpations(w: Work) -> None:
    """Step 23: after a king's assassination at the year's end, any general; the army whose wages went
    unpaid; the general wintering in a desert without his king [S 7.6]."""
    for power in w.alive_powers():
        if None in w.king_deaths.get(power, []):
            test_generals(w, power, "king's death", Step.LATE_USURPATION)
    for uid in list(w.unpaid):
        unit = w.units.get(uid)
        if unit is None:
            continue
        power = unit.power
        if w.is_king(unit.leader):
            unit.leader = w.new_leader(power, mutineers_leader(w, unit.leader), f"mutineer {uid}", mutineers(uid))
        if loyalty(w, unit.leader, "unpaid", Step.LATE_USURPATION):
            usurp(w, unit, power, Step.LATE_USURPATION)
        else:
            del w.units[uid]
            w.rec(Step.LATE_USURPATION, Code.DISBANDED, power, unit=uid, why="unpaid")
    for unit in list(w.units.values()):
        here = w.s.provinces.get(unit.place)
        if (
            unit.kind is UnitKind.ARMY
            and unit.aboard is None
            and here is not None
            and here.desert
            and not w.is_king(unit.leader)
        ):
            if loyalty(w, unit.leader, "desert", Step.LATE_USURPATION):
                usurp(w, unit, unit.power, Step.LATE_USURPATION)


def secessions(w: Work) -> None:
    """Step 24: after a disaster or the king's death, each province with an unmet need of a civil good
    revolts 30 times in 100 (once, whatever the goods), unless the king leads an army there [S 7.9]."""
    for power in w.alive_powers():
        if not w.disasters.get(power) and not w.king_deaths.get(power):
            continue
        short = w.shortages.get(power, {})
        at_risk = sorted(
            {p for good in (Good.GRAIN, Good.WINE, Good.CRAFTS, Good.INCENSE) for p in short.get(good, [])}
        )
        king_unit = w.commander_of(w.powers[power].king)
        for province in at_risk:
            if w.owners.get(province) != power or province in w.usurped:
                continue
            if king_unit is not None and king_unit.place == province and king_unit.kind is UnitKind.ARMY:
                continue
            revolts, roll = w.percent(SECESSION_CHANCE, "secession", province, audience=GAME_MASTER)
            w.rec(
                Step.SECESSION,
                Code.SECESSION_TEST,
                power,
                province=province,
                roll=roll,
                revolts=revolts,
                seen=Seen.MASTER,
            )
            if revolts:
                w.owners.pop(province)
                w.glory(power, Glory.PROVINCE_LOST, -1, province)
                w.rec(Step.SECESSION, Code.SECESSION, power, province=province)
