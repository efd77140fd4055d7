"""The campaign, step 9 of the year [S 6]: spring, summer and autumn, each in the rules' order [S 6.2]:

1. forces that are no longer friends and share a place fight;
2. fleets' M, C and F orders, with their defence, at once: battles, then retreats;
3. fleets clear pirates (N orders, and those their defence triggers; pirates in a fleet's own zone);
4. fleets' A and R orders and armies' A, F and M orders, with the armies' defence, at once: battles,
   then retreats;
5. E and P orders; then forces the season made hostile (a minor its protector attacked, which breaks
   with him at once) and that share a place fight, so that none is left beside an enemy (A36);
6. the season's event;
7. an army ending the season in a province its side does not hold ravages it.

Orders are a queue [S 6.3]: an order stays until carried out, the plan slips, a beaten unit turns to
its secondary plan or holds (D0). Simultaneous moves follow [S 6.7]: a unit whose defence has priority
stays to meet an enemy entering its place; one that enters a place an enemy leaves meets no one; of two
that attack each other, or a ring of them, the most competent attacks and the others stay.
"""

from __future__ import annotations

import enum
from collections import deque
from dataclasses import dataclass

from pipeline.shared.dice import GAME_MASTER

from .battles import (
    DEATH_CHANCE,
    battle,
    blocked,
    crossing_allowed,
    fight_place,
    forces_at,
    hostile_forces,
    leave_desert,
    shown_values,
    side_of,
    total_victory,
)
from .combat import (
    MAX_ROUNDS,
    PIRATES_BASE,
    Result,
    Side,
    pacification_threshold,
    result,
)
from .events import season_event
from .model import NO_PRIORITY, SEASONS, OrderKind, UnitKind
from .orders import CampaignOrder, ConditionKind, PlanRow
from .outcome import Code, Entry, Glory, Seen, Step
from .state import Horde, LedgerLine, Pirates, Ravage
from .succession import destroy, leader_dies, test_generals
from .work import UnitW, Work

DEFAULT_ARMY_RADIUS = 3  # [S 6.4]


class Status(enum.Enum):
    DONE = "done"
    RETRY = "retry"  # not carried out, without a defeat: tried again next season
    DEFEATED = "defeated"
    SKIP = "skip"  # cannot be carried out at all: the plan moves on


@dataclass
class Act:
    order: CampaignOrder
    row: PlanRow | None
    radius: int
    dest: str | None = None  # where it moves in this season's movement step
    implicit: bool = False  # a march that is not the order itself (back to where the order is carried out)


# ---- the campaign --------------------------------------------------------------------------------


def setup(w: Work) -> None:
    """Each unit's plan for the year: the orders, or the game master's replacement."""
    for power, orders in w.orders.items():
        for u in orders.military:
            unit = w.units.get(u.unit)
            if unit is None or unit.power != power:
                continue
            unit.plan = w.ruling.plans.get(u.unit, u.plan)
            unit.defence_priorities = (u.defence_provinces, u.defence_enemies)
            unit.fight_first = u.fight_first


def run(w: Work) -> None:
    """Step 9, with step 10 (bribes paid as battles are fought) and step 11 (usurpations after a
    disaster or a king's death, from the season after)."""
    setup(w)
    for index, season in enumerate(SEASONS):
        w.season, w.season_index = season, index
        if index:
            usurpations(w, SEASONS[index - 1])
        play_season(w)
    usurpations(w, SEASONS[-1])
    w.season, w.season_index = None, -1


def usurpations(w: Work, after: object) -> None:
    """Step 11: each power that suffered a disaster or lost its king last season puts its generals to
    the test now (one test each, whatever the causes)."""
    for power in w.alive_powers():
        if after in w.disasters.get(power, []) or after in w.king_deaths.get(power, []):
            test_generals(
                w,
                power,
                "disaster" if after in w.disasters.get(power, []) else "king's death",
                Step.CAMPAIGN_USURPATION,
            )


def play_season(w: Work) -> None:
    for u in w.units.values():
        u.start, u.came_from, u.moved, u.held, u.beaten, u.retried = u.place, None, False, False, False, False
    for u in w.units.values():
        if u.power in w.autonomous and u.locked is None:
            # a minor its protector attacked defends itself alone for the rest of the campaign [S 7.4]
            u.locked = CampaignOrder(OrderKind.DEFEND, None, DEFAULT_ARMY_RADIUS if u.kind is UnitKind.ARMY else 0)
    status: dict[str, Status] = {}
    acts = {uid: current_act(w, u) for uid, u in sorted(w.units.items())}
    turn_back(w, acts)
    w.retreat_prefs = {uid: act.row.retreat if act.row is not None else () for uid, act in acts.items()}
    w.attempted = set()
    w.defeated_by = {}
    meetings(w)
    fleet_moves(w, acts, status)
    clear_pirates(w, acts, status)
    land_moves(w, acts, status)
    embark_and_pacify(w, acts, status)
    meetings(w)  # forces the season made hostile (a minor its protector attacked) fight before it ends [S 6.8]
    season_event(w)
    season_end(w, acts, status)


def default_radius(u: UnitW) -> int:
    """D3 for an army, D0 for a fleet or a beaten army [S 6.4]."""
    return 0 if u.kind is UnitKind.FLEET or u.defeats else DEFAULT_ARMY_RADIUS


def condition_holds(w: Work, u: UnitW, row: PlanRow) -> bool:
    cond = row.only_if
    if cond is None:
        return True
    if cond.kind is ConditionKind.TREATY:
        return frozenset((u.power, cond.power or "")) in w.treaties
    seen = w.positions.get(cond.after.index if cond.after else -1, {})
    return seen.get(cond.unit or "") == cond.place


def turn_back(w: Work, acts: dict[str, Act]) -> None:
    """A fleet at sea on a long passage whose order is no longer to cross it is back in its zone [S 8.2]."""
    for uid, act in acts.items():
        u = w.units[uid]
        to = act.dest or (act.order.target if act.order.kind is OrderKind.MARCH else None)
        if u.passage and frozenset((u.place, to or "")) not in w.s.long_passages:
            u.passage = 0


def current_act(w: Work, u: UnitW) -> Act:
    if u.locked is not None:
        return Act(u.locked, None, u.locked.radius if u.locked.radius is not None else 0)
    if u.held_d0:
        return Act(CampaignOrder(OrderKind.DEFEND, None, 0), None, 0)
    if u.secondary is not None:
        order = u.secondary[u.sec_index] if u.sec_index < len(u.secondary) else CampaignOrder(OrderKind.DEFEND, None, 0)
        row = u.plan[u.row] if u.row < len(u.plan) else None
        act = Act(order, row, order.radius if order.kind is OrderKind.DEFEND and order.radius is not None else 0)
    elif u.row < len(u.plan):
        row = u.plan[u.row]
        order = row.order
        if not condition_holds(w, u, row):
            order = row.otherwise or CampaignOrder(OrderKind.DEFEND, None, row.defence)
        radius = row.defence if row.defence is not None else default_radius(u)
        if order.kind is OrderKind.DEFEND and order.radius is not None and row.defence is None:
            radius = order.radius
        act = Act(order, row, radius)
    else:
        act = Act(CampaignOrder(OrderKind.DEFEND, None, None), None, default_radius(u))
    if u.return_to is not None and u.return_to != u.place:
        act.dest, act.implicit = u.return_to, True
    return act


# ---- battles -------------------------------------------------------------------------------------


def meetings(w: Work) -> None:
    """Forces no longer friends, or a horde come among troops, that share a place fight first."""
    places = sorted({u.place for u in w.units.values() if u.aboard is None} | {h.place for h in w.hordes})
    for place in places:
        fight_place(w, place)


# ---- moving --------------------------------------------------------------------------------------


def _minor_may_invade(w: Work, u: UnitW, target: str) -> bool:
    """A minor power's armies enter only provinces next to its land, or next to a desert or sea zone
    next to it [S 7.4]."""
    info = w.powers[u.power]
    if info.major or w.owners.get(target) == u.power:
        return True
    mine = set(w.provinces_of(u.power))
    near = {n for p in mine for n in w.s.neighbours(p)}
    if near & {target} or any(n in mine for n in w.s.neighbours(target)):
        return True
    gaps = {n for n in near if n in w.s.seas or (n in w.s.provinces and w.s.provinces[n].desert)}
    return any(n in gaps for n in w.s.neighbours(target))


def first_step(w: Work, start: str, goal: str, sea: bool, allowed: set[str] | None = None) -> str | None:
    """The first step of a shortest path from `start` to `goal` (sea zones for a fleet, land for an
    army), through the places of `allowed` only when given."""
    if start == goal:
        return None
    prev: dict[str, str] = {}
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in sorted(w.s.seas[here].adjacent if sea else w.s.provinces[here].borders):
            if nxt in seen or (allowed is not None and nxt not in allowed):
                continue
            seen.add(nxt)
            prev[nxt] = here
            if nxt == goal:
                node = goal
                while prev[node] != start:
                    node = prev[node]
                return node
            queue.append(nxt)
    return None


def intent(w: Work, u: UnitW, act: Act, status: dict[str, Status]) -> str | None:
    """Where the unit means to go in its movement step, or None; a move that cannot happen now marks
    its order tried again (or skipped, when it never can)."""
    if act.dest is not None:
        return _checked_move(w, u, act.dest, act, status)
    order = act.order
    sea = u.kind is UnitKind.FLEET
    if not sea and u.aboard is not None:
        return None
    if order.kind is OrderKind.MARCH and order.target:
        return _checked_move(w, u, order.target, act, status)
    if order.kind is OrderKind.FALL_UPON and order.target:
        target = w.units.get(order.target)
        if target is None:
            status[u.id] = Status.DONE
            return None
        if target.place == u.place or target.place not in (w.s.seas if sea else w.s.provinces):
            return None
        step = first_step(w, u.place, target.place, sea)
        return _checked_move(w, u, step, act, status) if step else None
    if not sea and order.kind is OrderKind.PACIFY and order.target and order.target != u.place:
        act.implicit = True
        return _checked_move(w, u, order.target, act, status)
    return None


def _checked_move(w: Work, u: UnitW, to: str | None, act: Act, status: dict[str, Status]) -> str | None:
    if to is None:
        return None
    here = u.place
    if u.kind is UnitKind.FLEET:
        if here not in w.s.seas or to not in w.s.seas[here].adjacent:
            status[u.id] = Status.SKIP
            return None
    else:
        if here not in w.s.provinces or to not in w.s.provinces[here].borders:
            status[u.id] = Status.SKIP
            return None
        if not crossing_allowed(w, u, here, to) or not _minor_may_invade(w, u, to):
            status[u.id] = Status.SKIP
            w.rec(Step.CAMPAIGN, Code.HOLD, u.power, unit=u.id, order=str(act.order), why="not_allowed")
            return None
        prov = w.s.provinces[here]
        if prov.desert and u.desert_since is not None and w.season_number() - u.desert_since < 2:
            status[u.id] = Status.RETRY  # a desert holds an army a full season [S 8.5]
            return None
    if blocked(w, here) or blocked(w, to):
        status[u.id] = Status.RETRY
        w.rec(Step.CAMPAIGN, Code.HOLD, u.power, unit=u.id, order=str(act.order), why="storm")
        return None
    pair = frozenset((here, to))
    if pair in w.s.long_passages:
        u.passage += 1
        if u.passage < w.s.long_passages[pair]:
            status[u.id] = Status.RETRY  # on its way: three seasons from one sea to the other [S 8.2]
            return None
    return to


def _threatened_by(w: Work, movers: dict[str, str], candidates: dict[str, int]) -> dict[str, list[str]]:
    """For each candidate, the hostile movers entering the place it stands in."""
    units = w.units
    threatened_by: dict[str, list[str]] = {}
    for uid in candidates:
        here = units[uid].place
        threatened_by[uid] = [
            v for v, dest in movers.items() if dest == here and v != uid and w.hostile(units[v].power, units[uid].power)
        ]
    return threatened_by


def _decide_once(
    threatened_by: dict[str, list[str]], movers: dict[str, str], undecided: set[str], moving: set[str], held: set[str]
) -> bool:
    """One pass over the undecided: held if a threat moves, moving if no threat can; whether any was decided."""
    changed = False
    for uid in sorted(undecided):
        if any(v in moving for v in threatened_by[uid]):
            held.add(uid)
            undecided.discard(uid)
            changed = True
        elif all(v in held or v not in movers for v in threatened_by[uid]):
            moving.add(uid)
            undecided.discard(uid)
            changed = True
    return changed


def _break_ring(
    w: Work, threatened_by: dict[str, list[str]], undecided: set[str], moving: set[str], held: set[str]
) -> None:
    """A ring (or a pair) of attacks on defended places: the most competent attacks, the others of the
    ring are paralysed [S 6.7]."""
    units = w.units
    ring = _ring(threatened_by, undecided)
    best = max(w.competence.get(units[u].leader, 0) for u in ring)
    tied = [u for u in ring if w.competence.get(units[u].leader, 0) == best]
    first = w.pick(tied, "initiative", *sorted(ring), audience=GAME_MASTER)  # a tie tells competences
    moving.add(first)
    held.update(ring - {first})
    undecided -= ring


def _mutual_attack(w: Work, final: dict[str, str], a: str) -> str | None:
    """The free mover attacking the place of `a` while `a` attacks its own, if any."""
    units = w.units
    return next(
        (
            v
            for v in sorted(final)
            if v != a
            and final.get(v) == units[a].place
            and final.get(a) == units[v].place
            and w.hostile(units[a].power, units[v].power)
        ),
        None,
    )


def _settle_mutual_attacks(w: Work, final: dict[str, str], held: set[str]) -> None:
    """Two free movers attacking each other's places: the most competent attacks, the other stays."""
    units = w.units
    for a in sorted(final):
        b = _mutual_attack(w, final, a)
        if b is None or a not in final:
            continue
        ca, cb = w.competence.get(units[a].leader, 0), w.competence.get(units[b].leader, 0)
        stays = b if ca > cb else a if cb > ca else w.pick([a, b], "initiative", a, b, audience=GAME_MASTER)
        del final[stays]
        held.add(stays)


def settle_moves(
    w: Work, movers: dict[str, str], candidates: dict[str, int], raided: set[str]
) -> tuple[dict[str, str], set[str]]:
    """Which movers move, and which units their defence keeps in place [S 6.7]. `candidates` are the
    units whose defence has priority where they stand (their radius); `raided` the places a raid
    threatens this step."""
    units = w.units
    threatened_by = _threatened_by(w, movers, candidates)
    held: set[str] = {uid for uid in candidates if units[uid].place in raided and units[uid].kind is UnitKind.ARMY}
    undecided = {uid for uid in movers if uid in candidates and (threatened_by.get(uid) or uid in held)}
    moving = {uid for uid in movers if uid not in undecided}
    undecided -= held
    while undecided:
        if not _decide_once(threatened_by, movers, undecided, moving, held) and undecided:
            _break_ring(w, threatened_by, undecided, moving, held)
    for uid in candidates:
        if uid not in movers and (threatened_by.get(uid) or units[uid].place in raided):
            held.add(uid)
    final = {uid: movers[uid] for uid in sorted(moving)}
    _settle_mutual_attacks(w, final, held)
    return final, held


def _ring(threatened_by: dict[str, list[str]], undecided: set[str]) -> set[str]:
    """The first deadlocked ring among the undecided: the units each reaches through their threats and
    that reach it back."""

    def reach(start: str) -> set[str]:
        seen, stack = {start}, [start]
        while stack:
            for v in threatened_by.get(stack.pop(), []):
                if v in undecided and v not in seen:
                    seen.add(v)
                    stack.append(v)
        return seen

    for uid in sorted(undecided):
        ring = {v for v in reach(uid) if uid in reach(v)}
        if len(ring) > 1:
            return ring
    return {min(undecided)}


def reactions(w: Work, acts: dict[str, Act], final: dict[str, str], held: set[str]) -> dict[str, tuple[str, str]]:
    """Armies whose defence reaches a threatened province of their king's (radius 1-3) go to meet the
    danger, one province a season, through their side's land only [S 6.4]: the nearest; at equal
    distance the player's priorities, then the original capital, a trading post, a province with
    resources not ravaged, one a route crosses, then a die. Gives unit -> (its step, the threat)."""
    threats: dict[str, set[str]] = {}  # province -> hostile powers in or entering it
    for uid, u in w.units.items():
        if u.kind is not UnitKind.ARMY or u.aboard:
            continue
        where = final.get(uid, u.place)
        if where in w.s.provinces:
            threats.setdefault(where, set()).add(u.power)
    horde_at = {h.place for h in w.hordes} | set(w.horde_moves.values())
    out: dict[str, tuple[str, str]] = {}
    route_places = {x for r in w.s.routes for x in r.crosses} | {w.s.posts[p].province for p in w.s.posts}
    for uid, u in sorted(w.units.items()):
        act = acts.get(uid)
        if act is None or u.kind is not UnitKind.ARMY or u.aboard or uid in held or act.radius < 1:
            continue
        own = {p for p, o in w.owners.items() if o == u.power}
        friendly = {p for p in w.s.provinces if w.side_holds(u.power, p)}
        dist = w.s.distances(u.place, through=friendly | {u.place}, land_only=True)
        found = []
        for p, d in dist.items():
            if not 1 <= d <= act.radius or p not in own:
                continue
            enemies = {e for e in threats.get(p, set()) if w.hostile(e, u.power)}
            if enemies or p in horde_at:
                found.append((d, p, enemies))
        if not found:
            continue
        nearest = min(d for d, _, _ in found)
        tied = [(p, e) for d, p, e in found if d == nearest]
        ranks = {p: _defence_rank(w, u, p, e, route_places) for p, e in tied}
        best = min(ranks.values())
        target = w.pick([p for p, r in ranks.items() if r == best], "defence", uid)
        step = target if nearest == 1 else first_step(w, u.place, target, False, friendly)
        if step is not None and not blocked(w, step) and not blocked(w, u.place):
            out[uid] = (step, target)
    return out


def _defence_rank(w: Work, u: UnitW, p: str, enemies: set[str], route_places: set[str]) -> tuple[int, ...]:
    """The order of equal dangers [S 6.4]: the player's provinces, then the original capital, a trading
    post, resources not ravaged, a route; then the player's enemies."""
    prio_prov, prio_enemies = u.defence_priorities
    info = w.s.provinces[p]
    enemy_rank = min((prio_enemies.index(e) for e in enemies if e in prio_enemies), default=len(prio_enemies))
    return (
        prio_prov.index(p) if p in prio_prov else len(prio_prov),
        0 if w.powers[u.power].original_capital == p else 1,
        0 if info.trading_post else 1,
        0 if info.resources and p not in w.ravaged_last else 1,
        0 if p in route_places else 1,
        enemy_rank,
    )


def apply_moves(
    w: Work, final: dict[str, str], acts: dict[str, Act] | None = None, status: dict[str, Status] | None = None
) -> None:
    """The moves made; a march that arrives is done, a pursuit goes on until its enemy is no more."""
    for uid, dest in sorted(final.items()):
        u = w.units.get(uid)
        if u is None:
            continue
        leave_desert(w, u, dest)
        u.came_from, u.place, u.moved = u.place, dest, True
        u.pacify_attempts = 0
        u.passage = 0
        for a in w.units.values():
            if a.aboard == uid:
                a.place = dest
        w.rec(Step.CAMPAIGN, Code.MOVE, u.power, unit=uid, frm=u.came_from, to=dest)
        if acts is not None and status is not None and uid not in status:
            act = acts[uid]
            done = not act.implicit and act.order.kind in (OrderKind.MARCH, OrderKind.CONVOY)
            status[uid] = Status.DONE if done else Status.RETRY


def _defence_candidates(w: Work, acts: dict[str, Act], kind: UnitKind) -> dict[str, int]:
    """Units whose defence has priority where they stand: armies in their king's provinces, fleets in
    their zone."""
    out = {}
    for uid, u in w.units.items():
        act = acts.get(uid)
        if act is None or u.kind is not kind or act.radius == NO_PRIORITY or u.aboard:
            continue
        if kind is UnitKind.ARMY and w.owners.get(u.place) != u.power:
            continue
        out[uid] = act.radius
    return out


def _mark_moves(
    w: Work,
    acts: dict[str, Act],
    movers: dict[str, str],
    final: dict[str, str],
    held: set[str],
    status: dict[str, Status],
) -> None:
    for uid in movers:
        if uid in held or uid not in final:
            status.setdefault(uid, Status.RETRY)
            w.units[uid].held = uid in held
            if uid in held:
                w.rec(Step.CAMPAIGN, Code.HOLD, w.units[uid].power, unit=uid, order=str(acts[uid].order), why="defence")


def fleet_moves(w: Work, acts: dict[str, Act], status: dict[str, Status]) -> None:
    """Step 2: fleets' M, C and F orders, with their defence, at once [S 6.2]."""
    movers: dict[str, str] = {}
    for uid, u in sorted(w.units.items()):
        act = acts[uid]
        if u.kind is not UnitKind.FLEET or uid in status:
            continue
        if act.order.kind is OrderKind.CONVOY and act.order.target:
            army = next((a for a in w.units.values() if a.aboard == uid), None)
            army_act = acts.get(army.id) if army else None
            if (
                army is None
                or army_act is None
                or army_act.order.kind is not OrderKind.CONVOY
                or army_act.order.target != act.order.target
            ):
                w.rec(Step.CAMPAIGN, Code.NOT_IN_PHASE, u.power, fleet=uid, army=army.id if army else "")
                status[uid] = Status.RETRY
                if army is not None:
                    status[army.id] = Status.RETRY
                continue
            dest = _checked_move(w, u, act.order.target, act, status)
            if dest:
                movers[uid] = dest
            continue
        dest = intent(w, u, act, status)
        if dest:
            movers[uid] = dest
    final, held = settle_moves(w, movers, _defence_candidates(w, acts, UnitKind.FLEET), set())
    _mark_moves(w, acts, movers, final, held, status)
    apply_moves(w, final, acts, status)
    for uid in final:
        u = w.units[uid]
        if acts[uid].order.kind is OrderKind.CONVOY:
            army = next((a for a in w.units.values() if a.aboard == uid), None)
            if army is not None:
                w.rec(Step.CAMPAIGN, Code.CONVOYED, u.power, army=army.id, fleet=uid, to=u.place)
                status[army.id] = Status.DONE
    for zone in sorted({w.units[uid].place for uid in final}):
        fight_place(w, zone)


def _fight_pirates(w: Work, fleet: UnitW, pirates: Pirates) -> bool:
    """A fleet against pirates [S 6.6]: True if they are gone."""
    mine = side_of(w, fleet, fleet.place, fleet)
    theirs = Side(competence=w.competence.get(pirates.leader, 0), base=PIRATES_BASE)
    rounds = 0
    while True:
        suffix = (f"again {rounds}",) if rounds else ()
        die_f = w.roll(6, "pirates", pirates.id, fleet.id, *suffix, audience=w.fight_dice)
        die_p = w.roll(6, "pirates", pirates.id, pirates.id, *suffix, audience=w.fight_dice)
        vf, vp = mine.value(die_f), theirs.value(die_p)
        outcome = result(vf - vp)
        if outcome is not Result.AGAIN or rounds >= MAX_ROUNDS:
            break
        rounds += 1
    w.rec(  # the game master sees the values of every fight, the pirates' as the battles' [S 5.2]
        Step.CAMPAIGN,
        Code.BATTLE_VALUES,
        None,
        place=pirates.zone,
        a=fleet.id,
        b=pirates.id,
        a_values=shown_values(mine, die_f),
        b_values=shown_values(theirs, die_p),
        a_total=vf,
        b_total=vp,
        seen=Seen.MASTER,
    )
    w.rec(
        Step.CAMPAIGN,
        Code.BATTLE,
        fleet.power if vf > vp else None,
        place=pirates.zone,
        winner=fleet.id if vf > vp else pirates.id,
        loser=pirates.id if vf > vp else fleet.id,
        result=outcome.value,
        difference=abs(vf - vp),
    )
    if vf > vp:
        w.pirates = [p for p in w.pirates if p.id != pirates.id]
        w.rec(Step.CAMPAIGN, Code.PIRATES_GONE, fleet.power, pirates=pirates.id, why="beaten")
        if outcome is Result.TOTAL:
            total_victory(w, fleet, None)
        dies, _ = w.percent(DEATH_CHANCE, "death", fleet.leader)
        if dies:
            leader_dies(w, fleet.leader, "battle", Step.CAMPAIGN)
        return True
    fleet.beaten = True
    if outcome is Result.TOTAL:
        w.disasters.setdefault(fleet.power, []).append(w.season)
        w.glory(fleet.power, Glory.DISASTER, -1, pirates.id)
        leader = fleet.leader
        destroy(w, fleet, "disaster", Step.CAMPAIGN)
        leader_dies(w, leader, "battle", Step.CAMPAIGN)
        return False
    # a non-decisive defeat: the fleet keeps its zone but loses its bonuses
    fleet.mercenaries.clear()
    fleet.defeats += 1
    dies, _ = w.percent(DEATH_CHANCE, "death", fleet.leader)
    if dies:
        leader_dies(w, fleet.leader, "battle", Step.CAMPAIGN)
    return False


def clear_pirates(w: Work, acts: dict[str, Act], status: dict[str, Status]) -> None:
    """Step 3: pirates in a fleet's own zone are fought at once; N orders; a fleet defending (D1-D3,
    or without orders) clears one of its king's adjacent coasts a season [S 6.6]."""
    for uid in sorted(w.units):
        u = w.units.get(uid)
        if u is None or u.kind is not UnitKind.FLEET or u.beaten:
            continue
        for p in [p for p in w.pirates if p.zone == u.place]:
            if uid in w.units and not w.units[uid].beaten:
                _fight_pirates(w, u, p)
        if uid not in w.units or u.beaten:
            continue
        act = acts[uid]
        if act.order.kind is OrderKind.CLEAR:
            target = act.order.target
            found = [p for p in w.pirates if p.province == target and target in w.s.coasts_of(u.place)]
            if found:
                cleared = _fight_pirates(w, u, found[0])
                status[uid] = Status.DONE if cleared else Status.DEFEATED
            else:
                status[uid] = Status.DONE
            continue
        defending = act.order.kind is OrderKind.DEFEND and (1 <= act.radius <= 3 or act.row is None)
        if defending:
            coasts = [
                p.province
                for p in w.pirates
                if p.province in w.s.coasts_of(u.place) and w.owners.get(p.province) == u.power
            ]
            if coasts:
                target = w.pick(coasts, "clear", uid)
                _fight_pirates(w, u, next(p for p in w.pirates if p.province == target))


def _landing(w: Work, u: UnitW, act: Act, acts: dict[str, Act], status: dict[str, Status]) -> str | None:
    """Where an army aboard lands this step, if it may: its fleet lands it on that coast too [S 6.2]."""
    target = act.order.target
    if act.order.kind is not OrderKind.LAND or not target or u.aboard is None:
        return None
    carrier = w.units.get(u.aboard)
    carrier_act = acts.get(u.aboard)
    if (
        carrier is None
        or carrier_act is None
        or carrier_act.order.kind is not OrderKind.LAND
        or carrier_act.order.target != target
        or target not in w.s.coasts_of(carrier.place)
    ):
        w.rec(Step.CAMPAIGN, Code.NOT_IN_PHASE, u.power, army=u.id, fleet=u.aboard)
        status[u.id] = Status.RETRY
        return None
    if blocked(w, target) or blocked(w, u.place):
        status[u.id] = Status.RETRY
        return None
    return target


def _step_intents(
    w: Work, acts: dict[str, Act], status: dict[str, Status]
) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """This step's armies' moves, armies' landings and fleets' raids, each unit to its destination."""
    movers: dict[str, str] = {}
    landings: dict[str, str] = {}
    raids: dict[str, str] = {}
    for uid, u in sorted(w.units.items()):
        act = acts[uid]
        if (uid in status and status[uid] is not Status.RETRY) or u.beaten:
            continue
        if u.kind is UnitKind.FLEET:
            if act.order.kind is OrderKind.RAID and act.order.target:
                raids[uid] = act.order.target
            continue
        if u.aboard is not None:
            landing = _landing(w, u, act, acts, status)
            if landing is not None:
                landings[uid] = landing
            continue
        if uid in status:
            continue
        dest = intent(w, u, act, status)
        if dest:
            movers[uid] = dest
    return movers, landings, raids


def _draw_horde_moves(w: Work) -> dict[str, str]:
    """The barbarians move at random in summer, every year after the one they came [S 8.8]."""
    horde_moves: dict[str, str] = {}
    if w.season is SEASONS[1]:
        occupied = {u.place for u in w.units.values()} | {h.place for h in w.hordes}
        for h in sorted(w.hordes, key=lambda h: h.id):
            if h.since >= w.year:
                continue
            free = [p for p in w.s.provinces[h.place].borders if not w.s.provinces[p].desert and p not in occupied]
            if free:
                horde_moves[h.id] = w.pick(free, "horde", h.id)
                occupied.add(horde_moves[h.id])
    return horde_moves


def _settle_with_reactions(
    w: Work, acts: dict[str, Act], movers: dict[str, str], raided: set[str]
) -> tuple[dict[str, str], set[str], dict[str, tuple[str, str]]]:
    """The moves settled with the armies' defence, then again with the armies that react to a threat."""
    candidates = _defence_candidates(w, acts, UnitKind.ARMY)
    final, held = settle_moves(w, movers, candidates, raided)
    react = reactions(w, acts, final, held)
    if react:
        others = {uid: d for uid, d in movers.items() if uid not in react}
        again, held = settle_moves(w, others, {k: v for k, v in candidates.items() if k not in react}, raided)
        final = {**again, **{uid: s for uid, (s, _) in react.items()}}
    return final, held, react


def _land(w: Work, landings: dict[str, str], status: dict[str, Status]) -> None:
    """The armies landed leave their fleets, both done for the season."""
    for uid in landings:
        landed = w.units.get(uid)
        if landed is not None:
            carrier_id = landed.aboard or ""
            landed.aboard = None
            w.rec(Step.CAMPAIGN, Code.LANDED, landed.power, army=uid, fleet=carrier_id, province=landed.place)
            status[uid] = Status.DONE
            if carrier_id in w.units:
                status[carrier_id] = Status.DONE


def _move_hordes(w: Work, horde_moves: dict[str, str]) -> None:
    for hid, dest in sorted(horde_moves.items()):
        w.hordes = [Horde(h.id, h.name, dest, h.leader, h.since) if h.id == hid else h for h in w.hordes]
        w.rec(Step.CAMPAIGN, Code.HORDE_MOVES, None, horde=hid, to=dest)


def land_moves(w: Work, acts: dict[str, Act], status: dict[str, Status]) -> None:
    """Step 4: fleets' A and R, armies' A, F and M, with the armies' defence, at once [S 6.2]."""
    movers, landings, raids = _step_intents(w, acts, status)
    horde_moves = w.horde_moves = _draw_horde_moves(w)
    raided = {t for t in raids.values() if t in w.s.provinces} | {
        p.province for p in w.pirates if p.since < w.season_number()
    }
    final, held, react = _settle_with_reactions(w, acts, movers, raided)
    _mark_moves(w, acts, movers, final, held, status)
    for uid, (step, target) in sorted(react.items()):
        u = w.units[uid]
        status[uid] = Status.RETRY
        u.held = True
        w.rec(Step.CAMPAIGN, Code.DEFENCE, u.power, unit=uid, threat=target, toward=step)
    final.update(landings)
    apply_moves(w, final, acts, status)
    _land(w, landings, status)
    _move_hordes(w, horde_moves)
    for uid in sorted(react):
        reactor = w.units.get(uid)
        if reactor is not None and not _feasible_from(w, reactor, acts[uid]):
            reactor.return_to = reactor.start
    places = sorted({w.units[uid].place for uid in final if uid in w.units} | set(horde_moves.values()))
    for place in places:
        fight_place(w, place)
    _raids(w, acts, raids, status, held)


def _feasible_from(w: Work, u: UnitW, act: Act) -> bool:
    """Can the postponed order still be carried out from where the defence took the unit?"""
    order, here = act.order, u.place
    if order.kind is OrderKind.MARCH and order.target:
        return here in w.s.provinces and order.target in w.s.provinces[here].borders
    if order.kind is OrderKind.PACIFY:
        target = order.target or u.start
        return target == here or (here in w.s.provinces and target in w.s.provinces[here].borders)
    if order.kind is OrderKind.EMBARK:
        return here == u.start
    return True


def _army_in_defence(w: Work, province: str, acts: dict[str, Act]) -> bool:
    """An army of the province's side, there from the season's start, with a defence that has
    priority: no raid and no pirate harms the province [S 6.6] [S 8.9]."""
    owner = w.owners.get(province)
    for u in w.unit_at(province):
        act = acts.get(u.id)
        if (
            u.kind is UnitKind.ARMY
            and u.aboard is None
            and u.start == province
            and owner is not None
            and w.allied(u.power, owner)
        ):
            if act is None or act.radius != NO_PRIORITY:
                return True
    return False


def _raids(w: Work, acts: dict[str, Act], raids: dict[str, str], status: dict[str, Status], held: set[str]) -> None:
    for uid, target in sorted(raids.items()):
        u = w.units.get(uid)
        if u is None or u.beaten:
            continue
        if any(f.kind is UnitKind.FLEET and w.hostile(f.power, u.power) for f in w.unit_at(u.place)):
            status[uid] = Status.RETRY  # the enemy fleets in its zone first [S 6.6]
            w.rec(Step.CAMPAIGN, Code.RAID_STOPPED, u.power, unit=uid, target=target, why="enemy_fleet")
            continue
        if target in w.s.seas:
            if target == u.place or target in w.s.seas[u.place].adjacent:
                w.blockades.add(target)
                w.rec(Step.CAMPAIGN, Code.BLOCKADE, u.power, unit=uid, zone=target)
                status[uid] = Status.DONE
            else:
                status[uid] = Status.SKIP
            continue
        if target not in w.s.coasts_of(u.place):
            status[uid] = Status.SKIP
            continue
        owner = w.owners.get(target)
        w.fought(u.power, owner, u.power)
        if _army_in_defence(w, target, acts):
            status[uid] = Status.RETRY
            w.rec(Step.CAMPAIGN, Code.RAID_STOPPED, u.power, unit=uid, province=target, why="army_in_defence")
            continue
        w.rec(Step.CAMPAIGN, Code.RAID, u.power, unit=uid, province=target)
        w.ravage(target, Ravage.RAID)
        status[uid] = Status.DONE
    for p in sorted(w.pirates, key=lambda p: p.id):
        if p.since >= w.season_number():
            continue  # beaten in the season after they came, they never pillage [S 6.6]
        if _army_in_defence(w, p.province, acts):
            w.rec(Step.CAMPAIGN, Code.RAID_STOPPED, None, unit=p.id, province=p.province, why="army_in_defence")
            continue
        w.rec(Step.CAMPAIGN, Code.RAID, None, unit=p.id, province=p.province)
        w.ravage(p.province, Ravage.PIRATES)


def _may_board(w: Work, u: UnitW, fleet: UnitW | None, acts: dict[str, Act]) -> bool:
    """Whether army `u` may board `fleet`: the fleet's matching E order, on its coast, allied, free and
    unthreatened [S 6.1]."""
    fleet_act = acts.get(fleet.id) if fleet else None
    return (
        fleet is not None
        and fleet_act is not None
        and fleet_act.order.kind is OrderKind.EMBARK
        and fleet_act.order.target == u.id
        and fleet.place in w.s.provinces[u.place].coasts
        and w.allied(fleet.power, u.power)
        and not fleet.beaten
        and not any(a.aboard == fleet.id for a in w.units.values())
        and not any(f.kind is UnitKind.FLEET and w.hostile(f.power, fleet.power) for f in w.unit_at(fleet.place))
    )


def _embark(w: Work, acts: dict[str, Act], status: dict[str, Status]) -> None:
    """The armies' E orders: each boards its fleet, or waits [S 6.1]."""
    for uid in sorted(w.units):
        u = w.units.get(uid)
        # an army that met its attacker without moving still carries out its E or P [S 6.4]
        if u is None or u.kind is not UnitKind.ARMY or u.beaten or u.moved or u.aboard or uid in status:
            continue
        act = acts[uid]
        if act.order.kind is not OrderKind.EMBARK:
            continue
        fleet = w.units.get(act.order.target or "")
        if fleet is None or not _may_board(w, u, fleet, acts):
            w.rec(Step.CAMPAIGN, Code.NOT_IN_PHASE, u.power, army=uid, fleet=act.order.target or "")
            status[uid] = Status.RETRY
            continue
        u.aboard, u.place = fleet.id, fleet.place
        status[uid] = status[fleet.id] = Status.DONE
        w.rec(Step.CAMPAIGN, Code.EMBARKED, u.power, army=uid, fleet=fleet.id)


def _pacifiers(w: Work, acts: dict[str, Act], status: dict[str, Status]) -> dict[str, list[UnitW]]:
    """The armies that pacify the province they stand in this step, by province."""
    pacifiers: dict[str, list[UnitW]] = {}
    for uid in sorted(w.units):
        u = w.units.get(uid)
        if u is None or u.kind is not UnitKind.ARMY or u.beaten or u.aboard or u.place not in w.s.provinces:
            continue
        act = acts[uid]
        if (
            act.order.kind is not OrderKind.PACIFY
            or (act.order.target or u.place) != u.place
            or u.moved
            or uid in status
        ):
            continue
        pacifiers.setdefault(u.place, []).append(u)
    return pacifiers


def _rivalry(w: Work, province: str, armies: list[UnitW]) -> None:
    """Friends pacifying the same province: rivalry wins, a pitched battle [S 6.5]."""
    rivals = [a for a in armies if a.power != armies[0].power and frozenset((a.power, armies[0].power)) in w.treaties]
    if not rivals:
        return
    first, second = armies[0], rivals[0]
    treaty = frozenset((first.power, second.power))
    was = treaty in w.treaties
    w.treaties.discard(treaty)
    battle(w, first, second, province)
    if was:
        w.treaties.add(treaty)
        w.treaties_ending.add(treaty)


def embark_and_pacify(w: Work, acts: dict[str, Act], status: dict[str, Status]) -> None:
    """Step 5: E and P orders [S 6.1] [S 6.5]."""
    _embark(w, acts, status)
    for province, armies in sorted(_pacifiers(w, acts, status).items()):
        _rivalry(w, province, armies)
        for a in armies:
            if a.id in w.units and not a.beaten and a.place == province:
                pacify(w, a, status)


def pacify(w: Work, u: UnitW, status: dict[str, Status]) -> None:
    province = u.place
    prov = w.s.provinces[province]
    if prov.desert:
        status[u.id] = Status.SKIP  # a desert is never pacified [S 8.5]
        return
    if w.owners.get(province) == u.power:
        status[u.id] = Status.DONE
        return
    if any(hostile_forces(w, f, u) for f in forces_at(w, province)):
        status[u.id] = Status.RETRY  # the enemy troops must be gone first
        return
    side = side_of(w, u, province, u)
    die = w.roll(6, "pacify", province, u.id, audience=w.fight_dice)
    value = side.value(die)
    threshold = pacification_threshold(u.pacify_attempts)
    w.attempted.add(u.id)
    owner = w.owners.get(province)
    w.fought(u.power, owner, u.power)
    w.rec(
        Step.CAMPAIGN,
        Code.BATTLE_VALUES,
        u.power,
        place=province,
        a=u.id,
        a_values=shown_values(side, die),
        a_total=value,
        seen=Seen.MASTER,
    )
    if value < threshold:
        u.pacify_attempts += 1
        status[u.id] = Status.RETRY
        w.rec(Step.CAMPAIGN, Code.PACIFY_FAILED, u.power, unit=u.id, province=province, threshold=threshold)
        return
    u.pacify_attempts = 0
    status[u.id] = Status.DONE
    w.rec(Step.CAMPAIGN, Code.PACIFIED, u.power, unit=u.id, province=province, frm=owner or "", threshold=threshold)
    conquer(w, province, u.power)


def conquer(w: Work, province: str, power: str) -> None:
    """A province taken by arms [S 6.5] [S 9.1] [S 9.3]: prestige for the conqueror and against the
    loser (and for a major power's capital), the loser's last treasury when it was its last province."""
    previous = w.owners.get(province)
    w.owners[province] = power
    if not w.powers[power].capital:
        w.powers[power].capital = w.powers[power].original_capital = province  # a usurper's first province
    w.conquests.setdefault(power, []).append(province)
    w.glory(power, Glory.CONQUEST, 1, province)
    if previous is None:
        return
    w.glory(previous, Glory.PROVINCE_LOST, -1, province)
    lost = w.powers[previous]
    if lost.major and lost.original_capital == province:
        w.glory(power, Glory.CAPITAL_TAKEN, 1, province)
        w.glory(previous, Glory.CAPITAL_LOST, -1, province)
    elif w.powers[power].original_capital == province:
        w.glory(power, Glory.CAPITAL_TAKEN, 1, province)  # a capital retaken takes the point back
        w.glory(previous, Glory.CAPITAL_LOST, -1, province)
    if not w.provinces_of(previous):
        amount = min(w.treasury.get(previous, 0), 1000)
        if amount:
            w.treasury[previous] -= amount
            w.credit(power, amount, Step.CAMPAIGN, Entry.TREASURY_TAKEN, previous)
            w.ledger.setdefault(previous, []).append(
                LedgerLine(int(Step.CAMPAIGN), Entry.TREASURY_LOST.value, -amount, power)
            )
        w.rec(Step.CAMPAIGN, Code.TREASURY_TAKEN, power, frm=previous, amount=amount)


def _ravage_season(w: Work) -> None:
    """Armies on ground their side does not hold, and the barbarians, ravage it."""
    for uid in sorted(w.units):
        u = w.units[uid]
        if (
            u.kind is UnitKind.ARMY
            and u.aboard is None
            and u.place in w.s.provinces
            and not w.side_holds(u.power, u.place)
        ):
            w.ravage(u.place, Ravage.OCCUPATION)
    for h in w.hordes:
        w.ravage(h.place, Ravage.BARBARIANS)


def _count_desert(w: Work, u: UnitW) -> None:
    """The season an army entered the desert it stands in, None out of one."""
    here = w.s.provinces.get(u.place)
    if u.kind is UnitKind.ARMY and u.aboard is None and here is not None and here.desert:
        if u.desert_since is None:
            u.desert_since = w.season_number()
    else:
        u.desert_since = None


def _season_status(w: Work, u: UnitW, act: Act, status: dict[str, Status]) -> Status:
    """How the unit's order of the season ended, an implicit order never done."""
    st = (
        Status.DEFEATED
        if u.beaten
        else status.get(u.id, Status.DONE if act.order.kind is OrderKind.DEFEND else Status.RETRY)
    )
    if act.order.kind is OrderKind.FALL_UPON and act.order.target not in w.units and not u.beaten:
        st = Status.DONE  # the enemy annihilated [S 6.1]
    if act.implicit and st is Status.DONE:
        st = Status.RETRY
    return st


def _defeated(u: UnitW, by: str | None) -> None:
    """A defeat turns a unit to its secondary plan where its row has one for this enemy, else holds it."""
    u.return_to = None
    if u.secondary is None and not u.held_d0:
        row = u.plan[u.row] if u.row < len(u.plan) else None
        if row is not None and row.secondary and (not row.secondary_if or by in row.secondary_if):
            u.secondary, u.sec_index = row.secondary, 0
        else:
            u.held_d0 = True


def _move_queue(w: Work, u: UnitW, act: Act, st: Status) -> None:
    """The unit's orders' queue moved on by how its order ended [S 6.3]."""
    if act.implicit and u.place == (u.return_to or act.dest):
        u.return_to = None
    if u.locked is not None:
        return
    if st is Status.DEFEATED:
        _defeated(u, w.defeated_by.get(u.id))
        return  # a defeat on the secondary plan keeps its order [S 6.3]
    if st in (Status.DONE, Status.SKIP):
        if st is Status.SKIP:
            w.rec(Step.CAMPAIGN, Code.HOLD, u.power, unit=u.id, order=str(act.order), why="impossible")
        if u.secondary is not None:
            u.sec_index += 1
        elif not u.held_d0:
            u.row += 1


def _end_treaties(w: Work) -> None:
    """The treaties broken this season end."""
    for treaty in w.treaties_ending:
        if treaty in w.treaties:
            w.treaties.discard(treaty)
            w.rec(Step.CAMPAIGN, Code.TREATY_BROKEN, None, powers=tuple(sorted(treaty)))
    w.treaties_ending.clear()


def season_end(w: Work, acts: dict[str, Act], status: dict[str, Status]) -> None:
    """Step 7, and the orders' queue moved on [S 6.3]."""
    _ravage_season(w)
    w.positions[w.season_index] = {uid: u.place for uid, u in w.units.items()}
    for uid in sorted(w.units):
        u = w.units[uid]
        if uid not in w.attempted:
            u.pacify_attempts = 0  # consecutive attempts only [S 6.5]
        _count_desert(w, u)
        act = acts.get(uid)
        if act is None:
            continue  # raised or recalled this season
        _move_queue(w, u, act, _season_status(w, u, act, status))
    _end_treaties(w)
