"""Machiavelli's year: three campaigns (spring, summer, fall), each with its loans and expenses, a
movement phase and a retreat phase if needed, control of provinces and cities updated after each; at
the end of each campaign the spring famine's starvation, eliminations and victory; plague opens the
summer; after fall, famine and the year's income, then the adjustment phase (option `calendar`:
`judge`, that fall; `objectif`, at the opening of the next spring, which takes that spring's loans and
expenses first).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from pipeline.board.board import Board
from pipeline.board.calendar import Event, EventKind, IncomeLine, PhaseResult, map_start, next_campaign
from pipeline.board.ledger import Ledger
from pipeline.board.movement import MovementResult, adjudicate_movement
from pipeline.board.order_checks import revised_sets
from pipeline.board.orders import MONEY_KINDS, Order
from pipeline.board.outcome import Outcome, Reason
from pipeline.board.position import Phase, PhaseKind, Position, Rebellion
from pipeline.board.retreat import RetreatResult, adjudicate_retreats
from pipeline.board.units import Unit
from pipeline.shared.dice import Dice, DiceError

from .assassination import all_chits, assassination_effects
from .banking import settle_banking
from .conquest import eliminations, victor
from .control import update_control
from .disasters import eliminate_in, strike
from .expenses import settle_expenses
from .income import compute_income
from .legality import money_phase
from .legality_hooks import LEGALITY_HOOKS
from .movement_hooks import movement_hooks
from .options import MachiavelliOptions
from .upkeep import UpkeepResult, adjudicate_upkeep

SEASONS = ("spring", "summer", "fall")


def start_position(board: Board, rules: MachiavelliOptions) -> Position:
    """The map's starting position, with cities controlled as their provinces, the map's treasuries,
    and every power's chits. Option `first_order_phase: summer` [M 2.4] (Objectif §4.1): the spring of
    the first year is the referee's setup, and the first orders are for the summer."""
    if board.start is None:
        raise ValueError(f"the map {board.name!r} has no start position")
    s = board.start
    cities = {p: power for p, power in s.owners if board.spaces[p].city is not None}
    position = map_start(
        board,
        "summer" if rules.first_order_phase == "summer" else s.season,
        cities=cities,
        chits=all_chits(board.powers),  # one chit for every other power
        ledger=Ledger.build(dict(s.treasury), {}, set()) if s.treasury else None,
    )
    return update_control(board, position)


def next_phase(board: Board, position: Position, rules: MachiavelliOptions) -> Position:
    """From a position just adjudicated to the next phase that needs orders."""
    following = next_campaign(position, SEASONS)
    if following is not None:
        return following
    phase = position.phase
    if phase.kind is PhaseKind.RETREAT:
        if rules.calendar == "objectif":  # adjustments open the next spring
            return position.at_phase(Phase(SEASONS[0], phase.year + 1, PhaseKind.ADJUSTMENT))
        return position.at_phase(Phase(phase.season, phase.year, PhaseKind.ADJUSTMENT))
    if phase.season == SEASONS[0]:  # Objectif: the spring goes on
        return position.at_phase(Phase(SEASONS[0], phase.year, PhaseKind.MOVEMENT))
    return position.at_phase(Phase(SEASONS[0], phase.year + 1, PhaseKind.MOVEMENT))


def play_phase(
    board: Board,
    position: Position,
    orders: Iterable[tuple[str, Order]],
    rules: MachiavelliOptions,
    dice: Dice | None = None,
) -> PhaseResult:
    """Adjudicate the phase `position` is in and move on to the next phase that needs orders; `dice`
    where the rules roll (the yearly income, before the adjustment phase)."""
    kind = position.phase.kind
    played = position
    result: MovementResult | RetreatResult | UpkeepResult
    money: tuple[Outcome, ...] = ()
    assassinated: frozenset[str] = frozenset()
    lost: list[Unit] = []
    if money_phase(position, rules):  # Objectif's spring: loans and expenses before adjustments
        orders = revised_sets(list(orders))  # numbered expenses, one payment per recipient [M 13.2] [M 12.11]
        rolling = dice if rules.dice else None  # `nodice`: no assassination, no rebellion roll
        banking = settle_banking(position, orders, rules)
        spent = settle_expenses(board, banking.position, orders, rules, rolling)
        defaulted = {o.power for o in banking.outcomes if o.reason is Reason.DEFAULTED}
        assassinated = spent.assassinated | defaulted  # a default has the effects of an assassination
        position, lost = assassination_effects(board, spent.position, assassinated, rolling, rules)
        # control is recomputed after the expenses as after every move [M 11.1]: a city whose garrison a
        # bribe removed passes at once to the power whose army or fleet stands in its province
        position = update_control(board, position)
        money = banking.outcomes + spent.outcomes
        orders = [(p, o) for p, o in orders if not isinstance(o, MONEY_KINDS)]
    if kind is PhaseKind.MOVEMENT:
        holding = frozenset(assassinated) | position.struck  # also those struck in Objectif's spring adjustments
        result = adjudicate_movement(board, position, orders, rules=rules, hooks=movement_hooks(holding))
    elif kind is PhaseKind.RETREAT:
        result = adjudicate_retreats(board, position, orders, rules, LEGALITY_HOOKS)
    else:
        result = adjudicate_upkeep(board, position, orders, rules)
    after = result.position
    income: dict[str, tuple[IncomeLine, ...]] = {}
    events = [Event(EventKind.ASSASSINATION, power, None) for power in sorted(assassinated)]
    events += [Event(EventKind.ASSASSINATION, u.location, u) for u in lost]
    events += rebellion_events(played.rebellions, position.rebellions, after.rebellions)
    after = update_control(board, after)
    if kind is PhaseKind.ADJUSTMENT and assassinated:  # the victims' units hold in the coming moves
        after = dataclasses.replace(after, struck=frozenset(assassinated))
    following = next_phase(board, after, rules)
    if kind is not PhaseKind.ADJUSTMENT and following.phase.kind is not PhaseKind.RETREAT:
        following, ended = _campaign_end(board, following, rules, played.phase.season)
        events += ended
        following, income, opened = _season_opens(board, following, rules, dice)
        events += opened
    draws = tuple(dice.draws) if dice is not None else ()
    return PhaseResult(played, money + result.outcomes, following, income, draws, tuple(events))


def rebellion_events(
    before: Mapping[str, Rebellion], raised: Mapping[str, Rebellion], after: Mapping[str, Rebellion]
) -> list[Event]:
    """Rebellions raised by the expenses, and those (or their province or city part) ended since:
    pacified, bought out, liberated or put down; the outcomes of the orders say which."""
    events = [Event(EventKind.REBELLION, p, None) for p in sorted(raised) if p not in before]
    for province, rebellion in sorted({**before, **raised}.items()):
        left = after.get(province)
        if left is None:
            events.append(Event(EventKind.REBELLION_ENDED, province, None))
            continue
        if rebellion.province and not left.province:
            events.append(Event(EventKind.PROVINCE_REBELLION_ENDED, province, None))
        if rebellion.city and not left.city:
            events.append(Event(EventKind.CITY_REBELLION_ENDED, province, None))
    return events


def _campaign_end(
    board: Board, position: Position, rules: MachiavelliOptions, season: str
) -> tuple[Position, list[Event]]:
    """The end of a Machiavelli campaign: after spring, units still in famined provinces starve and the
    famine ends [M 19.2] (judge, adjustments 1 a); then eliminations and victory [M 20.2] [M 20.3] (Objectif §4.2,
    §9; judge, adjustments 2)."""
    events: list[Event] = []
    if season == "spring" and position.famine:
        position, dead = eliminate_in(position, position.famine)
        events += [Event(EventKind.FAMINE, u.location, u) for u in dead]
        position = update_control(board, dataclasses.replace(position, famine=frozenset()))
    position, gone = eliminations(board, position)
    events += [Event(EventKind.ELIMINATED, power, None) for power, _ in gone]
    events += [Event(EventKind.ELIMINATED, u.location, u) for _, units in gone for u in units]
    winner = victor(board, position, rules)
    if winner is not None:
        events.append(Event(EventKind.VICTORY, winner, None))
    return position, events


def _season_opens(
    board: Board, position: Position, rules: MachiavelliOptions, dice: Dice | None
) -> tuple[Position, dict[str, tuple[IncomeLine, ...]], list[Event]]:
    """Plague opens the summer; after fall, famine is rolled and the year's income collected."""
    events: list[Event] = []
    income: dict[str, tuple[IncomeLine, ...]] = {}
    phase = position.phase
    first_year = board.start is not None and phase.year == board.start.year
    if phase.kind is PhaseKind.MOVEMENT and phase.season == "summer" and rules.plague and rules.dice and not first_year:
        plagued = strike(board.plague, _need(dice, "plague"), "plague", rules.disaster_year_roll)
        position, dead = eliminate_in(position, plagued)
        events += [Event(EventKind.PLAGUE, p, None) for p in sorted(plagued)]
        events += [Event(EventKind.PLAGUE, u.location, u) for u in dead]
        position = update_control(board, position)
    if phase.kind is PhaseKind.ADJUSTMENT:
        dice = _need(dice, "the yearly income")
        if rules.famine and rules.dice:  # `nodice` turns off every random event [M 19.5] (judge, options)
            famine = strike(board.famine, dice, "famine", rules.disaster_year_roll)
            position = dataclasses.replace(position, famine=famine)
            events += [Event(EventKind.FAMINE, p, None) for p in sorted(famine)]
        position, income = collect_income(board, position, dice, rules)
    return position, income, events


def _need(dice: Dice | None, purpose: str) -> Dice:
    if dice is None:
        raise DiceError(f"{purpose} needs dice")
    return dice


def collect_income(
    board: Board, position: Position, dice: Dice, rules: MachiavelliOptions
) -> tuple[Position, dict[str, tuple[IncomeLine, ...]]]:
    """Every power's income for the year, added to its treasury."""
    income = {p: tuple(compute_income(board, position, p, dice, rules)) for p in sorted(board.powers)}
    treasury = dict(position.ledger.treasury)
    for power, lines in income.items():
        if lines:
            treasury[power] = treasury.get(power, 0) + sum(line.ducats for line in lines)
    ledger = Ledger.build(treasury, dict(position.ledger.loans), set(position.ledger.banned))
    return position.with_ledger(ledger), {p: lines for p, lines in income.items() if lines}
