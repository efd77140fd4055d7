"""Machiavelli's expenses: famine relief, bribes and counter-bribes, paid after the borrowing phase and
carried out before the movement [M 13] [M 14] (judge, expenses; Objectif §6.3).

- Refused on receipt, and not charged [M 13.4]: an expense on a unit or province that is not there, a
  bribe on one's own unit, an expense numbered beyond those allowed (option `max_expenses`: 1 to 4 for
  the judge). Found out at resolution, and charged: a bribe or counter-bribe with no unit of one's own
  next to the target (option `bribe_adjacency`), a kind of bribe this target cannot take.
- Funded in numeric order. When the treasury runs short, the judge uses what is left (option
  `underfunded_expense: use_remainder`); Objectif carries out only what is fully paid (`void`). An amount
  above the minimum counts in steps of 3, the rest is lost [M 14.3]. All money is spent, whatever comes
  of it.
- Famine relief (3) ends the famine in one province.
- Bribes on a unit: only the largest counts (a tie at the top: all fail); the counter-bribes on the unit,
  by anyone, are taken from it; it succeeds if what is left reaches the minimum of its kind: disband an
  autonomous garrison 6, buy one 9, turn another power's garrison autonomous 9, disband another power's
  garrison 12, disband an army or fleet 12, buy one 18; doubled for a garrison in a major city (value 2 or
  3) and for militia and elite professionals (both: four times).
- A bought unit changes hands with its province (and city, if no garrison holds it); a power may not
  gain a second special unit so ([M 14.9]: the bribe fails); a disbanded unit leaves the board.

- Pacification (12) ends a rebellion; causing one costs 9 or 15 (see `rebellions`), and buying a unit in
  a rebelling province liberates it.

- Assassinations come last (see `assassination`): a funded attempt spends its chit and rolls one die;
  the victims are returned for their effects.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pipeline.board.board import Board, space_of
from pipeline.board.ledger import Ledger
from pipeline.board.legality import Illegal, find_unit
from pipeline.board.order_kinds.expense import EXPENSE_KIND, NONE, PROVINCE
from pipeline.board.orders import Expense, GiveChit, Order, PermitBribes
from pipeline.board.outcome import Outcome, Reason, SubReason
from pipeline.board.position import Position, standing_sieges
from pipeline.board.rules import Rules
from pipeline.board.units import AUTONOMOUS, CITY, Unit, UnitKind
from pipeline.shared.dice import Audience, Dice

from .assassination import chances, spend_chit
from .income import holds_home_country
from .legality_hooks import garrison_city
from .rebellions import CAUSE_AT_HOME, CAUSE_IN_CONQUEST, PACIFY, barred, place_rebellion, with_control

MINIMUM = {
    "disband autonomous": 6,
    "buy autonomous": 9,
    "to autonomous": 9,
    "disband garrison": 12,
    "disband unit": 12,
    "buy unit": 18,
}


@dataclass(frozen=True)
class ExpenseResult:
    position: Position
    outcomes: tuple[Outcome, ...]
    assassinated: frozenset[str] = frozenset()  # the powers an attempt struck


def bribe_kind(order: Expense, target: Unit) -> str:
    """The kind of bribe an expense is against this unit, or raise `Illegal` if it cannot be one."""
    garrison = target.kind is UnitKind.GARRISON
    autonomous = target.power == AUTONOMOUS
    if order.kind == "disband":
        return "disband autonomous" if autonomous else "disband garrison" if garrison else "disband unit"
    if order.kind == "buy":
        if autonomous:
            return "buy autonomous"
        if garrison:
            raise Illegal(Reason.ILLEGAL_EXPENSE)  # buying another power's garrison is in neither rule set
        return "buy unit"
    if order.kind == "to autonomous" and garrison and not autonomous:
        return "to autonomous"
    raise Illegal(Reason.ILLEGAL_EXPENSE)


def minimum(board: Board, kind: str, target: Unit) -> int:
    cost = MINIMUM[kind]
    city = board.spaces[space_of(target.location)].city
    if target.kind is UnitKind.GARRISON and city is not None and city.value >= 2:
        cost *= 2  # a garrison in a major city
    if target.special in ("militia", "professionals"):
        cost *= 2
    return cost


def settle_expenses(
    board: Board, position: Position, orders: Iterable[tuple[str, Order]], rules: Rules, dice: Dice | None = None
) -> ExpenseResult:
    """The treasuries and the board after the campaign's expenses. `dice` roll the assassinations."""
    orders = list(orders)
    outcomes: list[Outcome] = []
    treasury = dict(position.ledger.treasury)
    accepted: list[tuple[str, Expense, Unit | None]] = []
    by_power: dict[str, list[tuple[str, Expense]]] = {}
    for power, order in orders:
        if isinstance(order, Expense) and order.kind != NONE:  # `Expense 2: none` is no expense
            by_power.setdefault(power, []).append((power, order))
    for power, mine in by_power.items():
        mine.sort(key=lambda po: po[1].number)
        for _, order in mine:
            try:
                target = check_expense(board, position, power, order, rules)
            except Illegal as why:
                outcomes.append(Outcome(power, order, False, why.reason, why.detail))  # refused, not charged
                continue
            accepted.append((power, order, target))

    # funding, in numeric order: what each expense really brings
    funded: list[tuple[str, Expense, Unit | None, int]] = []
    for power, order, target in accepted:
        available = treasury.get(power, 0)
        if available < order.ducats and rules.underfunded_expense == "void":
            outcomes.append(Outcome(power, order, False, Reason.NO_FUNDS))
            continue
        paid = min(order.ducats, available)
        treasury[power] = available - paid
        funded.append((power, order, target, paid))

    permits: dict[str, set[str]] = {}  # power -> the powers whose units it may bribe from [M 14.7] (Objectif §6.3a d)
    for power, order in orders:
        if isinstance(order, PermitBribes):
            if rules.bribe_adjacency != "own_or_permitted":
                outcomes.append(Outcome(power, order, False, Reason.ILLEGAL_OPTION_OFF))
                continue
            permits.setdefault(order.power, set()).add(power)
            outcomes.append(Outcome(power, order, True, Reason.SUCCEEDS))
    famine = set(position.famine)
    rebellions = dict(position.rebellions)
    units = dict(position.units)
    owners, cities = dict(position.owners), dict(position.cities)
    bribes: dict[str, list[tuple[str, Expense, Unit, int]]] = {}
    attempts: list[tuple[str, Expense, int]] = []
    counters: dict[str, int] = {}
    for power, order, target, paid in funded:
        if order.kind == "famine relief":
            relieved = order.target in famine and paid >= 3
            famine.discard(order.target)
            reason = Reason.SUCCEEDS if relieved else Reason.NO_FUNDS if paid < 3 else Reason.NOTHING_TO_DO
            outcomes.append(Outcome(power, order, relieved, reason, {"paid": str(paid)}))
        elif order.kind == "assassinate":
            attempts.append((power, order, paid))
        elif order.kind == "pacify":
            pacified = order.target in rebellions and paid >= PACIFY
            reason = Reason.SUCCEEDS if pacified else Reason.TOO_LITTLE if paid < PACIFY else Reason.NOTHING_TO_DO
            if pacified:
                del rebellions[order.target]
            outcomes.append(Outcome(power, order, pacified, reason, {"paid": str(paid), "needed": str(PACIFY)}))
        elif order.kind == "rebellion":
            try:  # found out at resolution: charged [M 15.1] (judge, expenses j, k)
                if order.target in rebellions:
                    raise Illegal(Reason.REBELLION_NOT_ALLOWED, why=SubReason.ALREADY_REBELLING)
                need = rebellion_cost(board, position, power, order.target)
            except Illegal as why:
                outcomes.append(Outcome(power, order, False, why.reason, {"paid": str(paid)} | why.detail))
                continue
            detail = {"paid": str(paid), "needed": str(need)}
            if paid < need:
                outcomes.append(Outcome(power, order, False, Reason.TOO_LITTLE, detail))
                continue
            city = garrison_city(board, order.target, rules)
            rebellions[order.target] = place_rebellion(position, order.target, city, rules.rebellion_suspends_control)
            outcomes.append(Outcome(power, order, True, Reason.SUCCEEDS, detail))
        elif rules.bribe_adjacency != "off" and not _adjacent(
            board, position, power, order, target, permits.get(power, set())
        ):  # charged, useless
            outcomes.append(Outcome(power, order, False, Reason.NOT_ADJACENT_TO_TARGET, {"paid": str(paid)}, target))
        elif order.kind == "counter-bribe":
            assert target is not None
            counters[target.space] = counters.get(target.space, 0) + paid - paid % 3
            outcomes.append(Outcome(power, order, True, Reason.SUCCEEDS, {"paid": str(paid)}, target))
        else:
            assert target is not None
            bribes.setdefault(target.space, []).append((power, order, target, paid))

    for space, offers in sorted(bribes.items()):
        offers.sort(key=lambda offer: offer[3], reverse=True)
        top = offers[0][3]
        tied = len(offers) > 1 and offers[1][3] == top
        for rank, (power, order, target, paid) in enumerate(offers):
            try:
                kind = bribe_kind(order, target)
            except Illegal:  # found out at resolution: charged [M 13.4], no effect
                outcomes.append(Outcome(power, order, False, Reason.ILLEGAL_EXPENSE, {"paid": str(paid)}, target))
                continue
            need = minimum(board, kind, target)
            worth = paid - (paid - need) % 3 if paid >= need else paid  # over the minimum, steps of 3 [M 14.3]
            detail = {"paid": str(paid), "needed": str(need)}
            if rank > 0 or tied:
                outcomes.append(Outcome(power, order, False, Reason.OUTBID, detail, target))
                continue
            if worth - counters.get(space, 0) < need:
                if counters.get(space):  # the report says whether counter-bribes took it below the minimum
                    detail["counter"] = str(counters[space])
                outcomes.append(Outcome(power, order, False, Reason.BRIBE_TOO_SMALL, detail, target))
                continue
            if kind.startswith("buy") and target.special and any(u.special for u in units.values() if u.power == power):
                outcomes.append(Outcome(power, order, False, Reason.NO_BUILD_ALLOWED, detail, target))
                continue  # a second special unit cannot be bought [M 14.9]
            province = space_of(target.location)
            if kind.startswith("disband"):
                del units[space]
            elif kind == "to autonomous":
                units[space] = dataclasses.replace(target, power=AUTONOMOUS)
                cities[province] = AUTONOMOUS
                if province not in units:
                    owners[province] = AUTONOMOUS
            else:  # bought: the unit, its province, and its city if no garrison holds it, change hands
                units[space] = dataclasses.replace(target, power=power)
                rebellions.pop(province, None)  # buying a unit liberates its province [M 15.6] (judge, rebellions 7)
                if target.kind is UnitKind.GARRISON:
                    cities[province] = power
                    if province not in units:
                        owners[province] = power
                elif not board.spaces[province].is_sea:
                    owners[province] = power
                    if province + CITY not in units and board.spaces[province].city is not None:
                        cities[province] = power
            outcomes.append(Outcome(power, order, True, Reason.SUCCEEDS, detail, target))

    chits = dict(position.chits)
    struck: set[str] = set()
    for power, order, paid in attempts:  # after every other expense [M 13.5]
        chits = spend_chit(chits, power, order.target)
        faces = chances(paid)
        detail = {"paid": str(paid)}
        if not faces:
            outcomes.append(Outcome(power, order, False, Reason.TOO_LITTLE, detail | {"needed": "12"}))
            continue
        assert dice is not None  # refused on receipt without dice
        # an expense, its payer's business in a game with secret money: the die names him (his report's)
        die = dice.roll(f"assassination {power} {order.target}", 6, Audience.of(power))
        success = die > 6 - faces
        if success:
            struck.add(order.target)
        reason = Reason.SUCCEEDS if success else Reason.ATTEMPT_FAILED
        outcomes.append(Outcome(power, order, success, reason, detail | {"die": str(die)}))

    for power, order in orders:  # then chits change hands [M 16.1], the receiver's from the next campaign
        if isinstance(order, GiveChit):
            refused = _chit_gift_refused(board, chits, power, order, rules)
            if refused is None:
                chits = spend_chit(chits, power, order.victim)
                chits[order.to] = chits.get(order.to, frozenset()) | {order.victim}
            outcomes.append(Outcome(power, order, refused is None, refused or Reason.SUCCEEDS))
    ledger = Ledger.build(treasury, dict(position.ledger.loans), set(position.ledger.banned))
    sieges = standing_sieges(units, position.sieges)
    owners, cities = with_control(owners, cities, position.rebellions, rebellions)
    after = dataclasses.replace(
        position,
        units=dict(sorted(units.items())),
        owners=dict(sorted(owners.items())),
        cities=dict(sorted(cities.items())),
        sieges=sieges,
        ledger=ledger,
        famine=frozenset(famine),
        rebellions=dict(sorted(rebellions.items())),
        chits=chits,
    )
    return ExpenseResult(after, tuple(outcomes), frozenset(struck))


def check_expense(board: Board, position: Position, power: str, order: Expense, rules: Rules) -> Unit | None:
    """The expense's target unit (None for a province), or raise `Illegal`: refused, not charged. What the
    order and the position say is checked here, the amount too: below the least its kind ever costs on its
    target, an expense is refused [M 13.4]."""
    if rules.max_expenses is not None and not 1 <= order.number <= rules.max_expenses:
        raise Illegal(Reason.TOO_MANY_EXPENSES)
    if order.kind == NONE:
        return None  # `Expense 2: none` takes back expense 2: it is no expense (`order_checks.revised`)
    if order.kind == "assassinate":
        if not (rules.assassinations and rules.dice):
            raise Illegal(Reason.ILLEGAL_EXPENSE, why=SubReason.ASSASSINATIONS_OFF)
        if order.target not in position.chits.get(power, frozenset()):
            raise Illegal(Reason.NO_CHIT)
        _at_least(order, ASSASSINATION)
        return None
    if EXPENSE_KIND[order.kind].target == PROVINCE:
        if order.target not in board.spaces or board.spaces[order.target].is_sea:
            raise Illegal(Reason.ILLEGAL_EXPENSE, why=SubReason.LAND_EXPECTED)
        _at_least(order, _LEAST_ON_PROVINCE[order.kind])
        return None
    target = find_unit(position, order.target_kind, order.target)
    if target is None:
        raise Illegal(Reason.ILLEGAL_NO_UNIT)
    if order.kind == "counter-bribe":
        _at_least(order, COUNTER_BRIBE)
        return target
    if target.power == power:
        raise Illegal(Reason.ILLEGAL_EXPENSE)  # no bribe on one's own unit [M 13.4]
    try:
        kind = bribe_kind(order, target)
    except Illegal:
        return target  # a bribe this unit cannot take: found out at resolution, charged [M 14.9]
    _at_least(order, minimum(board, kind, target))
    return target


FAMINE_RELIEF, COUNTER_BRIBE, ASSASSINATION = 3, 3, 12  # ducats [M 13.1] [M 19.3] [M 14.5] [M 16.2]
# the least an expense on a province costs: a rebellion costs 9 outside the controller's home country, 15 in
# it, which the expenses of the same campaign may change: only what is below 9 is known too little at once
_LEAST_ON_PROVINCE = {"famine relief": FAMINE_RELIEF, "pacify": PACIFY, "rebellion": CAUSE_IN_CONQUEST}


def _at_least(order: Expense, needed: int) -> None:
    """An expense below the least it costs is refused, not charged [M 13.4]."""
    if order.ducats < needed:
        raise Illegal(Reason.TOO_LITTLE, needed=str(needed))


def _chit_gift_refused(
    board: Board, chits: Mapping[str, frozenset[str]], power: str, order: GiveChit, rules: Rules
) -> Reason | None:
    if not (rules.assassinations and rules.assassination_chits_tradable):
        return Reason.ILLEGAL_OPTION_OFF
    if order.victim not in chits.get(power, frozenset()):
        return Reason.NO_CHIT
    if order.to not in board.powers or order.to in (power, order.victim):
        return Reason.ILLEGAL_NOT_OWNER
    if order.victim in chits.get(order.to, frozenset()):
        return Reason.NOTHING_TO_DO  # one chit per victim: the receiver has one already
    return None


def rebellion_cost(board: Board, position: Position, power: str, province: str) -> int:
    """What causing a rebellion in `province` costs `power`: 15 in the controller's home country (or one
    it has taken whole: [M 15.1]), 9 elsewhere; or raise `Illegal` (charged all the same)."""
    space = board.spaces[province]
    controller = position.owners.get(province)
    if controller is None or controller in (power, AUTONOMOUS):
        raise Illegal(Reason.REBELLION_NOT_ALLOWED, why=SubReason.NOT_ANOTHER_POWERS)
    if barred(board, position, province):
        raise Illegal(Reason.REBELLION_NOT_ALLOWED, why=SubReason.UNIT_PRESENT)
    home = space.home == controller or (
        space.home is not None and holds_home_country(board, position, controller, space.home)
    )
    return CAUSE_AT_HOME if home else CAUSE_IN_CONQUEST


def _adjacent(
    board: Board, position: Position, power: str, order: Expense, target: Unit | None, lenders: set[str]
) -> bool:
    """Does a unit of the power, or of a power that lent it its units (`lenders`), stand next to the target
    (option `bribe_adjacency`)? One's own unit can always be counter-bribed; a province is next to the
    garrisons of its neighbours."""
    if target is None or (order.kind == "counter-bribe" and target.power == power):
        return True
    province = space_of(target.location)
    near = board.neighbours(province) | {province}
    return any(space_of(u.location) in near for u in position.units.values() if u.power in lenders | {power})
