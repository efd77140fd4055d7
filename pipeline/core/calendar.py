"""The year: which phase follows which, and when supply centres or provinces change hands.

Diplomacy: spring movement and retreats, fall movement and retreats, then (after centres are taken)
the winter adjustments. Machiavelli: three campaigns (spring, summer, fall), each a movement and a
retreat phase, with control of provinces and cities updated after each; the yearly economy and
adjustments after fall belong to the economy (not built yet: playing that phase says so).
A retreat phase with no one to retreat, or a Diplomacy adjustment phase with nothing to adjust, is
skipped. `play_phase` adjudicates the current phase and returns the next position that needs orders.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .adjustment import AdjustmentResult, adjudicate_adjustments, adjustments_due, build_sites
from .assassination import all_chits, assassination_effects
from .banking import settle_banking
from .board import Board
from .conquest import eliminations, victor
from .control import update_control
from .dice import Dice, DiceError, Draw
from .disasters import eliminate_in, strike
from .expenses import settle_expenses
from .income import IncomeLine, compute_income
from .ledger import Ledger
from .legality import DEFAULT_RULES
from .movement import MovementResult, adjudicate_movement
from .orders import MONEY_KINDS, Order
from .outcome import Outcome, Reason
from .position import Phase, PhaseKind, Position
from .rebellions import Rebellion
from .retreat import RetreatResult, adjudicate_retreats
from .rules import Rules
from .units import Unit
from .upkeep import UpkeepResult, adjudicate_upkeep


@dataclass(frozen=True)
class PhaseResult:
    played: Position  # the position the orders were given in
    outcomes: tuple[Outcome, ...]
    after: Position  # the next phase to be played
    income: Mapping[str, tuple[IncomeLine, ...]] = field(default_factory=dict)  # Machiavelli: the year's income
    draws: tuple[Draw, ...] = ()  # every die rolled, with its purpose
    events: tuple[Event, ...] = ()  # famine and plague: provinces struck and units lost


@dataclass(frozen=True)
class Event:
    """Something that befell the board between phases: `kind` (famine, plague) at `place` (a province
    struck, or where `unit` was lost)."""

    kind: str
    place: str
    unit: Unit | None


def take_centres(position: Position, board: Board) -> Position:
    """Each supply centre with a unit on it now belongs to that unit's power."""
    owners = dict(position.owners)
    for space, unit in position.units.items():
        if board.spaces[space].supply_center:
            owners[space] = unit.power
    return Position.build(position.phase, position.units.values(), owners)


def needs_adjustment(board: Board, position: Position) -> bool:
    for power in board.powers:
        due = adjustments_due(position, power)
        if due < 0 or (due > 0 and build_sites(board, position, power)):
            return True
    return False


def next_phase(board: Board, position: Position, rules: Rules = DEFAULT_RULES) -> Position:
    """From a position just adjudicated to the next phase that needs orders."""
    phase = position.phase
    if phase.kind is PhaseKind.MOVEMENT or (phase.kind is PhaseKind.RETREAT and position.dislodged):
        return position
    seasons = rules.seasons
    if phase.kind is PhaseKind.RETREAT:
        if phase.season != seasons[-1]:
            season = seasons[seasons.index(phase.season) + 1]
            return position.at_phase(Phase(season, phase.year, PhaseKind.MOVEMENT))
        if rules.game == "machiavelli" and rules.calendar == "objectif":  # adjustments open the next spring
            return position.at_phase(Phase(seasons[0], phase.year + 1, PhaseKind.ADJUSTMENT))
        if rules.game == "machiavelli":
            return position.at_phase(Phase(phase.season, phase.year, PhaseKind.ADJUSTMENT))
        winter = take_centres(position, board).at_phase(Phase(phase.season, phase.year, PhaseKind.ADJUSTMENT))
        if needs_adjustment(board, winter):
            return winter
        position = winter
    if phase.kind is PhaseKind.ADJUSTMENT and phase.season == seasons[0]:  # Objectif: the spring goes on
        return position.at_phase(Phase(seasons[0], phase.year, PhaseKind.MOVEMENT))
    return position.at_phase(Phase(seasons[0], phase.year + 1, PhaseKind.MOVEMENT))


def play_phase(
    board: Board,
    position: Position,
    orders: Iterable[tuple[str, Order]],
    rules: Rules = DEFAULT_RULES,
    dice: Dice | None = None,
) -> PhaseResult:
    """Adjudicate the phase `position` is in and move on to the next phase that needs orders.

    Machiavelli needs `dice` where the rules roll (the yearly income, before the adjustment phase).
    """
    kind = position.phase.kind
    played = position
    result: MovementResult | RetreatResult | AdjustmentResult | UpkeepResult
    money: tuple[Outcome, ...] = ()
    assassinated: frozenset[str] = frozenset()
    lost: list[Unit] = []
    early = rules.money_before_adjustments(position.phase.season)
    money_now = kind is (PhaseKind.ADJUSTMENT if early else PhaseKind.MOVEMENT)
    if rules.game == "machiavelli" and money_now:  # Objectif's spring: loans and expenses before adjustments
        orders = list(orders)
        rolling = dice if rules.dice else None  # `nodice`: no assassination, no rebellion roll
        banking = settle_banking(position, orders, rules)
        spent = settle_expenses(board, banking.position, orders, rules, rolling)
        defaulted = {o.power for o in banking.outcomes if o.reason is Reason.DEFAULTED}
        assassinated = spent.assassinated | defaulted  # a default has the effects of an assassination
        position, lost = assassination_effects(board, spent.position, assassinated, rolling, rules)
        money = banking.outcomes + spent.outcomes
        orders = [(p, o) for p, o in orders if not isinstance(o, MONEY_KINDS)]
    if kind is PhaseKind.MOVEMENT:
        holding = frozenset(assassinated) | position.struck  # also those struck in Objectif's spring adjustments
        result = adjudicate_movement(board, position, orders, rules=rules, assassinated=holding)
    elif kind is PhaseKind.RETREAT:
        result = adjudicate_retreats(board, position, orders, rules)
    elif rules.game == "machiavelli":
        result = adjudicate_upkeep(board, position, orders, rules)
    else:
        result = adjudicate_adjustments(board, position, orders)
    after = result.position
    income: dict[str, tuple[IncomeLine, ...]] = {}
    events: list[Event] = []
    if rules.game == "machiavelli":
        events += [Event("assassination", power, None) for power in sorted(assassinated)]
        events += [Event("assassination", u.location, u) for u in lost]
        events += rebellion_events(played.rebellions, position.rebellions, after.rebellions)
        after = update_control(board, after)
        if kind is PhaseKind.ADJUSTMENT and assassinated:  # the victims' units hold in the coming moves
            after = dataclasses.replace(after, struck=frozenset(assassinated))
    following = next_phase(board, after, rules)
    if (
        rules.game == "machiavelli"
        and kind is not PhaseKind.ADJUSTMENT
        and following.phase.kind is not PhaseKind.RETREAT
    ):
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
    events = [Event("rebellion", p, None) for p in sorted(raised) if p not in before]
    for province, rebellion in sorted({**before, **raised}.items()):
        left = after.get(province)
        if left is None:
            events.append(Event("rebellion ended", province, None))
            continue
        if rebellion.province and not left.province:
            events.append(Event("province rebellion ended", province, None))
        if rebellion.city and not left.city:
            events.append(Event("city rebellion ended", province, None))
    return events


def _campaign_end(board: Board, position: Position, rules: Rules, season: str) -> tuple[Position, list[Event]]:
    """The end of a Machiavelli campaign: after spring, units still in famined provinces starve and the
    famine ends (judge adjustment 1 a); then eliminations and victory (Objectif 4.2, 9; judge adjustment 2)."""
    events: list[Event] = []
    if season == "spring" and position.famine:
        position, dead = eliminate_in(position, position.famine)
        events += [Event("famine", u.location, u) for u in dead]
        position = update_control(board, dataclasses.replace(position, famine=frozenset()))
    position, gone = eliminations(board, position)
    events += [Event("eliminated", power, None) for power, _ in gone]
    events += [Event("eliminated", u.location, u) for _, units in gone for u in units]
    winner = victor(board, position, rules)
    if winner is not None:
        events.append(Event("victory", winner, None))
    return position, events


def _season_opens(
    board: Board, position: Position, rules: Rules, dice: Dice | None
) -> tuple[Position, dict[str, tuple[IncomeLine, ...]], list[Event]]:
    """Plague opens the summer; after fall, famine is rolled and the year's income collected."""
    events: list[Event] = []
    income: dict[str, tuple[IncomeLine, ...]] = {}
    phase = position.phase
    first_year = board.start is not None and phase.year == board.start.year
    if phase.kind is PhaseKind.MOVEMENT and phase.season == "summer" and rules.plague and rules.dice and not first_year:
        plagued = strike(board.plague, _need(dice, "plague"), "plague", rules.disaster_year_roll)
        position, dead = eliminate_in(position, plagued)
        events += [Event("plague", p, None) for p in sorted(plagued)]
        events += [Event("plague", u.location, u) for u in dead]
        position = update_control(board, position)
    if phase.kind is PhaseKind.ADJUSTMENT:
        dice = _need(dice, "the yearly income")
        if rules.famine and rules.dice:  # `nodice` turns off every random event (judge options)
            famine = strike(board.famine, dice, "famine", rules.disaster_year_roll)
            position = dataclasses.replace(position, famine=famine)
            events += [Event("famine", p, None) for p in sorted(famine)]
        position, income = collect_income(board, position, dice, rules)
    return position, income, events


def _need(dice: Dice | None, purpose: str) -> Dice:
    if dice is None:
        raise DiceError(f"{purpose} needs dice")
    return dice


def collect_income(
    board: Board, position: Position, dice: Dice, rules: Rules
) -> tuple[Position, dict[str, tuple[IncomeLine, ...]]]:
    """Every power's income for the year, added to its treasury."""
    income = {p: tuple(compute_income(board, position, p, dice, rules)) for p in sorted(board.powers)}
    treasury = dict(position.ledger.treasury)
    for power, lines in income.items():
        if lines:
            treasury[power] = treasury.get(power, 0) + sum(line.ducats for line in lines)
    ledger = Ledger.build(treasury, dict(position.ledger.loans), set(position.ledger.banned))
    return position.with_ledger(ledger), {p: lines for p, lines in income.items() if lines}


def winner(board: Board, position: Position) -> str | None:
    """The power holding more than half the supply centres (18 of 34 on the standard map), if any."""
    need = sum(1 for s in board.spaces.values() if s.supply_center) // 2 + 1
    for power in sorted(board.powers):
        if len(position.centres_of(power)) >= need:
            return power
    return None


def start_position(board: Board, rules: Rules = DEFAULT_RULES) -> Position:
    """The map's starting position (Machiavelli: with cities controlled as their provinces, the map's
    treasuries, and every power's chits). Option `first_order_phase: summer` (Objectif 4.1, gap G-1):
    the spring of the first year is the referee's setup, and the first orders are for the summer."""
    if board.start is None:
        raise ValueError(f"the map {board.name!r} has no start position")
    s = board.start
    owners = dict(s.owners)
    cities = {p: power for p, power in owners.items() if board.spaces[p].city is not None}
    season = "summer" if rules.game == "machiavelli" and rules.first_order_phase == "summer" else s.season
    position = Position.build(
        Phase(season, s.year, PhaseKind.MOVEMENT),
        [Unit(p, k, loc) for p, k, loc in s.units],
        owners,
        cities=cities,
        chits=all_chits(board.powers) if cities else None,  # Machiavelli: one chit for every other power
        ledger=Ledger.build(dict(s.treasury), {}, set()) if s.treasury else None,
    )
    return update_control(board, position) if cities else position
