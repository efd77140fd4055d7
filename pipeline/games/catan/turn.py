"""A round, seat by seat [K 3.1]: each player's turn runs his script in the fixed phases (income, trade,
construction, movement and combat) [K 3.2], each step checked against the table as it is when the step
comes and skipped, with its reason, when it cannot be done [K 3.4]; the others answer by their standing
answers. A player who reaches the target on his own turn wins, and the round stops there [K 17.5].
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from pipeline.core.dice import Dice

from . import build, cards, combat, movement, trade
from .answers import stand
from .board import Board, Edge
from .context import Context, Skip
from .options import CatanOptions, PirateReactivation
from .orders import (
    NO_ORDERS,
    Attack,
    BankTrade,
    BuyCard,
    Knight,
    Move,
    MoveExplorer,
    MoveShip,
    Offer,
    Place,
    Play,
    RaiseUnit,
    Reactivate,
    Step,
    Swap,
    TurnOrders,
)
from .outcome import Action, Event, GuardResult, GuardStood, Reactivates, Reason, Side, StepDone, TurnBegan, Won
from .production import income_phase
from .resources import EMPTY
from .routes import update_awards
from .state import CatanState, Guard, Player, Unit
from .units import UnitKind

GUARD_TURNS = 3  # [K 13.7]


@dataclass(frozen=True)
class RoundResult:
    state: CatanState
    events: tuple[Event, ...]


def play_round(
    board: Board,
    state: CatanState,
    orders: Mapping[str, TurnOrders],
    options: CatanOptions,
    dice: Dice,
) -> RoundResult:
    """The next round: every seat's turn in the order of play, until somebody wins."""
    return _play_turns(board, state, orders, options, dice, state.seats, True)


def play_player_turn(
    board: Board,
    state: CatanState,
    player: str,
    orders: Mapping[str, TurnOrders],
    options: CatanOptions,
    dice: Dice,
) -> RoundResult:
    """One seat's turn, with a file a player-turn [K 3.1]: the first seat's turn begins the next round, the
    others' go on with the round the first began; the others answer by the files they sent for it."""
    return _play_turns(board, state, orders, options, dice, (player,), player == state.seats[0])


def next_seat(state: CatanState) -> str:
    """Whose turn comes next, with a file a player-turn: the first seat that has not played the round yet,
    or the first seat for a new round."""
    return next((p for p in state.seats if state.players[p].turns < state.round), state.seats[0])


def _play_turns(
    board: Board,
    state: CatanState,
    orders: Mapping[str, TurnOrders],
    options: CatanOptions,
    dice: Dice,
    players: tuple[str, ...],
    new_round: bool,
) -> RoundResult:
    table = state.table()
    table.round = state.round + 1 if new_round else state.round
    events: list[Event] = []
    uses: dict[tuple[str, int], int] = {}
    table.answers = {p: stand(table.answers.get(p), orders.get(p, NO_ORDERS).answers) for p in table.seats}
    answers = dict(table.answers)
    for player in players:
        if table.winner is not None:
            break
        ctx = Context(board, options, dice, table, player, answers, events, uses)
        play_turn(ctx, orders.get(player, NO_ORDERS))
    return RoundResult(table.freeze(), tuple(events))


def play_turn(ctx: Context, orders: TurnOrders) -> None:
    ctx.emit(TurnBegan(ctx.player))
    start_of_turn(ctx)
    if ctx.table.winner is None:
        income_phase(ctx)
        labels: dict[str, object] = {}
        for step in orders.steps:
            play_step(ctx, step, labels)
    ctx.step = 0
    p = ctx.table.players[ctx.player]
    ctx.table.players[ctx.player] = Player(p.hand, p.cards, p.knights, p.turns + 1)


def start_of_turn(ctx: Context) -> None:
    """Before the dice: the player's guards count one more turn, and stand down after three [K 13.7]; his
    pirates turn active again when they reactivate by themselves [K 15.6]; and he wins if he is at the
    target already [K 17.5]."""
    table = ctx.table
    for guard in sorted((g for g in table.guards if g.owner == ctx.player), key=lambda g: g.key):
        turns = guard.turns + 1
        table.guards.remove(guard)
        if turns < GUARD_TURNS:
            table.guards.append(Guard(guard.owner, guard.city, guard.hex, turns, guard.active))
            continue
        if guard.hex is None:
            b = table.buildings.get(guard.city)
            if b is not None:
                table.buildings[guard.city] = replace(b, sabotaged=False)
            result = GuardResult.STATUS_RESTORED
        else:
            table.corruption = [c for c in table.corruption if not (c.hex == guard.hex and c.city == guard.city)]
            result = GuardResult.MARKER_REMOVED
        ctx.emit(GuardStood(ctx.player, str(guard.city), guard.hex, result))
    if ctx.options.pirate_reactivation is PirateReactivation.FREE:
        for slot, unit in sorted(table.units.items()):
            if unit.owner == ctx.player and unit.kind is UnitKind.PIRATE and not unit.active:
                table.units[slot] = Unit(unit.owner, unit.kind, True, unit.home)
                ctx.emit(Reactivates(ctx.player, unit.kind, str(slot)))
    check_victory(ctx)


def check_victory(ctx: Context) -> None:
    """The player whose turn it is wins on reaching the target [K 17.5]; points reached in another's
    turn wait for his own."""
    points = ctx.table.points(ctx.player)
    if ctx.table.winner is None and points >= ctx.options.victory_points:
        ctx.table.winner = ctx.player
        ctx.emit(Won(ctx.player, points))


def _unmet(ctx: Context, step: Step, labels: Mapping[str, object]) -> Reason | None:
    w = step.when
    if ctx.table.winner is not None:
        return Reason.GAME_OVER
    if w.roll is not None and ctx.roll not in w.roll:
        return Reason.ROLL_DIFFERS
    if w.has is not None and not ctx.table.hand(ctx.player).covers(w.has):
        return Reason.HAND_SHORT
    if w.after is not None and labels.get(w.after) is None:
        return Reason.AFTER_NOT_DONE
    if w.unless is not None and labels.get(w.unless) is not None:
        return Reason.UNLESS_DONE
    if w.won is not None and labels.get(w.won) is not Side.ATTACKER:
        return Reason.WON_NOT_MET
    if w.lost is not None and labels.get(w.lost) not in (Side.DEFENDER, Side.TIE):
        return Reason.LOST_NOT_MET
    return None


def play_step(ctx: Context, step: Step, labels: dict[str, object]) -> None:
    """One step: its condition [K 3.5], then what it does, or the reason it cannot be done [K 3.4]."""
    ctx.step = step.index
    mark = len(ctx.events)
    result: object = None
    skip = None
    reason = _unmet(ctx, step, labels)
    if reason is not None:
        skip = Skip(reason)
    else:
        try:
            result = do_step(ctx, step) or True
        except Skip as s:
            skip = s
    if step.label is not None:
        labels[step.label] = None if skip else result
    reason, missing, refusals = (skip.reason, skip.missing, skip.refusals) if skip else (None, EMPTY, ())
    ctx.events.insert(
        mark, StepDone(ctx.player, step.index, step.section, step.action, reason, missing, refusals, step.label)
    )
    if skip is None:
        update_awards(ctx)
        check_victory(ctx)


def do_step(ctx: Context, step: Step) -> Side | None:
    """What one step does, its condition apart; `Skip` when the rules refuse it [K 3.4]."""
    order = step.order
    if isinstance(order, Offer):
        trade.offer(ctx, order)
    elif isinstance(order, BankTrade):
        trade.bank(ctx, order)
    elif isinstance(order, Place):
        _place(ctx, order)
    elif isinstance(order, BuyCard):
        build.buy_card(ctx)
    elif isinstance(order, RaiseUnit):
        build.raise_unit(ctx, order)
    elif isinstance(order, Reactivate):
        build.reactivate(ctx, order)
    elif isinstance(order, Play):
        cards.play(ctx, order)
    elif isinstance(order, Move):
        movement.move_unit(ctx, order)
    elif isinstance(order, MoveShip):
        movement.move_ship(ctx, order)
    elif isinstance(order, MoveExplorer):
        movement.move_explorer(ctx, order)
    elif isinstance(order, Swap):
        movement.swap_tokens(ctx, order)
    elif isinstance(order, Attack):
        return combat.attack(ctx, order)
    elif isinstance(order, Knight):
        return combat.knight(ctx, order)
    return None


def _place(ctx: Context, order: Place) -> None:
    at = order.at
    if isinstance(at, Edge):
        (build.road if order.action is Action.ROAD else build.ship)(ctx, at)
    elif order.action is Action.SETTLEMENT:
        build.settlement(ctx, at, order.discount)
    elif order.action is Action.CITY:
        build.city(ctx, at)
    elif order.action is Action.STATUS:
        build.status(ctx, at)
    else:
        build.walls(ctx, at)
