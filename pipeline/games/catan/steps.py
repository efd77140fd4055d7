"""A step of a player's script [K 3.4] [K 3.5]: its condition, what it does, or the reason the rules refuse
it; and the victory a step may bring [K 17.5]. The turn (`turn.py`) and the special building phase
(`special.py`) play steps alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import build, cards, combat, movement, trade
from .board import Edge
from .context import Context, Skip
from .orders import (
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
)
from .outcome import Action, Reason, Side, StepDone, Won
from .resources import EMPTY
from .routes import update_awards
from .state import Card, Table


def check_victory(ctx: Context) -> None:
    """The player whose turn it is wins on reaching the target [K 17.5]; points reached in another's
    turn wait for his own."""
    table = ctx.table
    points = table.points(ctx.player)
    if table.winner is None and points >= ctx.options.victory_points:
        table.winner = ctx.player
        ctx.emit(Won(ctx.player, points, made_of(table, ctx.player)))


def made_of(table: Table, player: str) -> tuple[tuple[str, int], ...]:
    """What a player's points are made of [K 17.1] [K 17.6], each source with its count."""
    buildings = [b for _, b in table.buildings_of(player)]
    counts = {
        "settlement": sum(1 for b in buildings if not b.is_city),
        "city": sum(1 for b in buildings if b.is_city),
        "longest_route": int(table.longest_route == player),
        "largest_army": int(table.largest_army == player),
        "card": sum(1 for c in table.players[player].cards if c.card is Card.VICTORY_POINT),
        "islands": sum(table.islands.get(player, {}).values()),
    }
    return tuple((k, n) for k, n in counts.items() if n)


def unmet(ctx: Context, step: Step, labels: Mapping[str, object]) -> Reason | None:
    """Why a step's condition is not met, or None [K 3.5]."""
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


def play_step(ctx: Context, step: Step, labels: dict[str, object], wins: bool = True) -> Reason | None:
    """One step: its condition [K 3.5], then what it does, or the reason it cannot be done [K 3.4]; that
    reason, None when it ran. `wins`: the player whose turn it is may win by it [K 17.5]."""
    ctx.step = step.index
    mark = len(ctx.events)
    result: object = None
    skip = None
    reason = unmet(ctx, step, labels)
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
        if wins:
            check_victory(ctx)
    return reason


def do_step(ctx: Context, step: Step) -> Side | None:
    """What one step does, its condition apart; `Skip` when the rules refuse it [K 3.4]; an attack's side
    that won."""
    return RULES[type(step.order)](ctx, step.order)


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


RULES: Mapping[type, Callable[[Context, Any], Side | None]] = {
    Offer: trade.offer,
    BankTrade: trade.bank,
    Place: _place,
    BuyCard: lambda ctx, _: build.buy_card(ctx),
    RaiseUnit: build.raise_unit,
    Reactivate: build.reactivate,
    Play: cards.play,
    Move: movement.move_unit,
    MoveShip: movement.move_ship,
    MoveExplorer: movement.move_explorer,
    Swap: movement.swap_tokens,
    Attack: combat.attack,
    Knight: combat.knight,
}
"""The rule that plays each kind of step [K 3.2]."""
