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
from dataclasses import dataclass, field

from pipeline.board.board import Board, space_of
from pipeline.board.ledger import Ledger
from pipeline.board.legality import Illegal, find_unit
from pipeline.board.order_kinds.expense import EXPENSE_KIND, NONE, PROVINCE
from pipeline.board.order_kinds.expense import KIND as EXPENSE
from pipeline.board.order_kinds.give_chit import KIND as GIVE_CHIT
from pipeline.board.order_kinds.permit_bribes import KIND as PERMIT_BRIBES
from pipeline.board.orders import Expense, GiveChit, Order
from pipeline.board.outcome import NO_DETAIL, Outcome, Reason, SubReason
from pipeline.board.position import Position, Rebellion, standing_sieges
from pipeline.board.units import AUTONOMOUS, CITY, Unit, UnitKind
from pipeline.shared.dice import Audience, Dice

from .assassination import chances, spend_chit
from .income import holds_home_country
from .legality_hooks import garrison_city
from .options import MachiavelliOptions
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


_Funded = tuple[str, Expense, Unit | None, int]  # power, order, target, what it was paid


@dataclass
class _Account:
    """The campaign's expenses as they are carried out: the treasuries and the board they change, the
    bribes, counter-bribes and attempts waiting for the rest, and the outcomes so far, in order."""

    treasury: dict[str, int]
    famine: set[str]
    rebellions: dict[str, Rebellion]
    units: dict[str, Unit]
    owners: dict[str, str]
    cities: dict[str, str]
    chits: dict[str, frozenset[str]]
    outcomes: list[Outcome] = field(default_factory=list)
    bribes: dict[str, list[_Funded]] = field(default_factory=dict)  # by the target's space
    counters: dict[str, int] = field(default_factory=dict)  # by the target's space: what counts of them
    attempts: list[tuple[str, Expense, int]] = field(default_factory=list)
    struck: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, position: Position) -> _Account:
        return cls(
            dict(position.ledger.treasury),
            set(position.famine),
            dict(position.rebellions),
            dict(position.units),
            dict(position.owners),
            dict(position.cities),
            dict(position.chits),
        )

    def add(
        self,
        power: str,
        order: Order,
        succeeded: bool,
        reason: Reason,
        detail: Mapping[str, str] = NO_DETAIL,
        unit: Unit | None = None,
    ) -> None:
        self.outcomes.append(Outcome(power, order, succeeded, reason, detail, unit))


def settle_expenses(
    board: Board,
    position: Position,
    orders: Iterable[tuple[str, Order]],
    rules: MachiavelliOptions,
    dice: Dice | None = None,
) -> ExpenseResult:
    """The treasuries and the board after the campaign's expenses. `dice` roll the assassinations."""
    orders = list(orders)
    account = _Account.of(position)
    accepted = _accepted(board, position, orders, rules, account)
    funded = _funded(accepted, rules, account)
    permits = _permits(orders, rules, account)
    for expense in funded:
        _carry_out(board, position, rules, account, expense, permits.get(expense[0], set()))
    for space, offers in sorted(account.bribes.items()):
        _settle_bribes(board, account, space, offers)
    for power, attempt, paid in account.attempts:  # after every other expense [M 13.5]
        _attempt(account, power, attempt, paid, dice)
    # then chits change hands [M 16.1], the receiver's from the next campaign
    for power, chit in GIVE_CHIT.among(orders):
        _give_chit(board, account, power, chit, rules)
    return ExpenseResult(_after(position, account), tuple(account.outcomes), frozenset(account.struck))


def _accepted(
    board: Board, position: Position, orders: list[tuple[str, Order]], rules: MachiavelliOptions, account: _Account
) -> list[tuple[str, Expense, Unit | None]]:
    """The expenses accepted on receipt, each power's in numeric order; the others refused, not charged."""
    accepted: list[tuple[str, Expense, Unit | None]] = []
    by_power: dict[str, list[tuple[str, Expense]]] = {}
    for power, expense in EXPENSE.among(orders):
        if expense.kind != NONE:  # `Expense 2: none` is no expense
            by_power.setdefault(power, []).append((power, expense))
    for power, mine in by_power.items():
        mine.sort(key=lambda po: po[1].number)
        for _, order in mine:
            try:
                target = check_expense(board, position, power, order, rules)
            except Illegal as why:
                account.add(power, order, False, why.reason, why.detail)  # refused, not charged
                continue
            accepted.append((power, order, target))
    return accepted


def _funded(
    accepted: list[tuple[str, Expense, Unit | None]], rules: MachiavelliOptions, account: _Account
) -> list[_Funded]:
    """Funding, in numeric order: what each expense really brings out of its power's treasury."""
    funded: list[_Funded] = []
    for power, order, target in accepted:
        available = account.treasury.get(power, 0)
        if available < order.ducats and rules.underfunded_expense == "void":
            account.add(power, order, False, Reason.NO_FUNDS)
            continue
        paid = min(order.ducats, available)
        account.treasury[power] = available - paid
        funded.append((power, order, target, paid))
    return funded


def _permits(orders: list[tuple[str, Order]], rules: MachiavelliOptions, account: _Account) -> dict[str, set[str]]:
    """Power -> the powers whose units it may bribe from [M 14.7] (Objectif §6.3a d)."""
    permits: dict[str, set[str]] = {}
    for power, order in PERMIT_BRIBES.among(orders):
        if rules.bribe_adjacency != "own_or_permitted":
            account.add(power, order, False, Reason.ILLEGAL_OPTION_OFF)
            continue
        permits.setdefault(order.power, set()).add(power)
        account.add(power, order, True, Reason.SUCCEEDS)
    return permits


def _carry_out(
    board: Board, position: Position, rules: MachiavelliOptions, account: _Account, funded: _Funded, lenders: set[str]
) -> None:
    """One funded expense: a province's carried out now, a unit's set aside for its bribes' reckoning."""
    power, order, target, paid = funded
    if order.kind == "famine relief":
        _relieve_famine(account, power, order, paid)
    elif order.kind == "assassinate":
        account.attempts.append((power, order, paid))
    elif order.kind == "pacify":
        _pacify(account, power, order, paid)
    elif order.kind == "rebellion":
        _cause_rebellion(board, position, rules, account, power, order, paid)
    elif rules.bribe_adjacency != "off" and not _adjacent(board, position, power, order, target, lenders):
        account.add(power, order, False, Reason.NOT_ADJACENT_TO_TARGET, {"paid": str(paid)}, target)  # charged
    elif order.kind == "counter-bribe":
        assert target is not None
        account.counters[target.space] = account.counters.get(target.space, 0) + paid - paid % 3
        account.add(power, order, True, Reason.SUCCEEDS, {"paid": str(paid)}, target)
    else:
        assert target is not None
        account.bribes.setdefault(target.space, []).append(funded)


def _relieve_famine(account: _Account, power: str, order: Expense, paid: int) -> None:
    relieved = order.target in account.famine and paid >= 3
    account.famine.discard(order.target)
    reason = Reason.SUCCEEDS if relieved else Reason.NO_FUNDS if paid < 3 else Reason.NOTHING_TO_DO
    account.add(power, order, relieved, reason, {"paid": str(paid)})


def _pacify(account: _Account, power: str, order: Expense, paid: int) -> None:
    pacified = order.target in account.rebellions and paid >= PACIFY
    reason = Reason.SUCCEEDS if pacified else Reason.TOO_LITTLE if paid < PACIFY else Reason.NOTHING_TO_DO
    if pacified:
        del account.rebellions[order.target]
    account.add(power, order, pacified, reason, {"paid": str(paid), "needed": str(PACIFY)})


def _cause_rebellion(
    board: Board,
    position: Position,
    rules: MachiavelliOptions,
    account: _Account,
    power: str,
    order: Expense,
    paid: int,
) -> None:
    try:  # found out at resolution: charged [M 15.1] (judge, expenses j, k)
        if order.target in account.rebellions:
            raise Illegal(Reason.REBELLION_NOT_ALLOWED, why=SubReason.ALREADY_REBELLING)
        need = rebellion_cost(board, position, power, order.target)
    except Illegal as why:
        account.add(power, order, False, why.reason, {"paid": str(paid)} | why.detail)
        return
    detail = {"paid": str(paid), "needed": str(need)}
    if paid < need:
        account.add(power, order, False, Reason.TOO_LITTLE, detail)
        return
    city = garrison_city(board, order.target, rules)
    account.rebellions[order.target] = place_rebellion(position, order.target, city, rules.rebellion_suspends_control)
    account.add(power, order, True, Reason.SUCCEEDS, detail)


def _settle_bribes(board: Board, account: _Account, space: str, offers: list[_Funded]) -> None:
    """The bribes on one unit: only the largest counts (a tie at the top: all fail), less the counter-bribes."""
    offers.sort(key=lambda offer: offer[3], reverse=True)
    top = offers[0][3]
    tied = len(offers) > 1 and offers[1][3] == top
    for rank, (power, order, target, paid) in enumerate(offers):
        assert target is not None
        try:
            kind = bribe_kind(order, target)
        except Illegal:  # found out at resolution: charged [M 13.4], no effect
            account.add(power, order, False, Reason.ILLEGAL_EXPENSE, {"paid": str(paid)}, target)
            continue
        need = minimum(board, kind, target)
        worth = paid - (paid - need) % 3 if paid >= need else paid  # over the minimum, steps of 3 [M 14.3]
        detail = {"paid": str(paid), "needed": str(need)}
        if rank > 0 or tied:
            account.add(power, order, False, Reason.OUTBID, detail, target)
            continue
        if worth - account.counters.get(space, 0) < need:
            if account.counters.get(space):  # the report says whether counter-bribes took it below the minimum
                detail["counter"] = str(account.counters[space])
            account.add(power, order, False, Reason.BRIBE_TOO_SMALL, detail, target)
            continue
        special = any(u.special for u in account.units.values() if u.power == power)
        if kind.startswith("buy") and target.special and special:
            account.add(power, order, False, Reason.NO_BUILD_ALLOWED, detail, target)
            continue  # a second special unit cannot be bought [M 14.9]
        _bribe_takes(board, account, power, kind, target)
        account.add(power, order, True, Reason.SUCCEEDS, detail, target)


def _bribe_takes(board: Board, account: _Account, power: str, kind: str, target: Unit) -> None:
    """A successful bribe: the unit leaves the board, turns autonomous, or changes hands with its province."""
    space, province = target.space, space_of(target.location)
    units, owners, cities = account.units, account.owners, account.cities
    if kind.startswith("disband"):
        del units[space]
    elif kind == "to autonomous":
        units[space] = dataclasses.replace(target, power=AUTONOMOUS)
        cities[province] = AUTONOMOUS
        if province not in units:
            owners[province] = AUTONOMOUS
    else:  # bought: the unit, its province, and its city if no garrison holds it, change hands
        units[space] = dataclasses.replace(target, power=power)
        account.rebellions.pop(province, None)  # buying a unit liberates its province [M 15.6] (judge, rebellions 7)
        if target.kind is UnitKind.GARRISON:
            cities[province] = power
            if province not in units:
                owners[province] = power
        elif not board.spaces[province].is_sea:
            owners[province] = power
            if province + CITY not in units and board.spaces[province].city is not None:
                cities[province] = power


def _attempt(account: _Account, power: str, order: Expense, paid: int, dice: Dice | None) -> None:
    """An assassination attempt: its chit spent, one die rolled if the money buys a chance [M 16.2]."""
    account.chits = spend_chit(account.chits, power, order.target)
    faces = chances(paid)
    detail = {"paid": str(paid)}
    if not faces:
        account.add(power, order, False, Reason.TOO_LITTLE, detail | {"needed": "12"})
        return
    assert dice is not None  # refused on receipt without dice
    # an expense, its payer's business in a game with secret money: the die names him (his report's)
    die = dice.roll(f"assassination {power} {order.target}", 6, Audience.of(power))
    success = die > 6 - faces
    if success:
        account.struck.add(order.target)
    reason = Reason.SUCCEEDS if success else Reason.ATTEMPT_FAILED
    account.add(power, order, success, reason, detail | {"die": str(die)})


def _give_chit(board: Board, account: _Account, power: str, order: GiveChit, rules: MachiavelliOptions) -> None:
    refused = _chit_gift_refused(board, account.chits, power, order, rules)
    if refused is None:
        account.chits = spend_chit(account.chits, power, order.victim)
        account.chits[order.to] = account.chits.get(order.to, frozenset()) | {order.victim}
    account.add(power, order, refused is None, refused or Reason.SUCCEEDS)


def _after(position: Position, account: _Account) -> Position:
    """The position the expenses leave: control follows the rebellions begun and ended."""
    ledger = Ledger.build(account.treasury, dict(position.ledger.loans), set(position.ledger.banned))
    sieges = standing_sieges(account.units, position.sieges)
    owners, cities = with_control(account.owners, account.cities, position.rebellions, account.rebellions)
    return dataclasses.replace(
        position,
        units=dict(sorted(account.units.items())),
        owners=dict(sorted(owners.items())),
        cities=dict(sorted(cities.items())),
        sieges=sieges,
        ledger=ledger,
        famine=frozenset(account.famine),
        rebellions=dict(sorted(account.rebellions.items())),
        chits=account.chits,
    )


def check_expense(
    board: Board, position: Position, power: str, order: Expense, rules: MachiavelliOptions
) -> Unit | None:
    """The expense's target unit (None for a province), or raise `Illegal`: refused, not charged. What the
    order and the position say is checked here, the amount too: below the least its kind ever costs on its
    target, an expense is refused [M 13.4]."""
    if rules.max_expenses is not None and not 1 <= order.number <= rules.max_expenses:
        raise Illegal(Reason.TOO_MANY_EXPENSES, allowed=str(rules.max_expenses))
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
    board: Board, chits: Mapping[str, frozenset[str]], power: str, order: GiveChit, rules: MachiavelliOptions
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
