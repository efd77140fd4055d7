"""A round, seat by seat [K 3.1]: each player's turn runs his script in the fixed phases (income, trade,
construction, movement and combat) [K 3.2], each step checked against the table as it is when the step
comes and skipped, with its reason, when it cannot be done [K 3.4]; the others answer by their standing
answers. A player who reaches the target on his own turn wins, and the round stops there [K 17.5].
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from pipeline.shared.dice import Dice

from .answers import stand
from .board import Board
from .context import Context
from .options import CatanOptions, PirateReactivation, special_building
from .orders import NO_ORDERS, TurnOrders
from .outcome import Event, GuardResult, GuardStood, Reactivates, Section, TurnBegan
from .production import income_phase
from .special import Specials
from .state import CatanState, Guard, Player, Unit
from .steps import check_victory, play_step
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
    specials = Specials(special_building(options, len(table.seats)), orders)
    for player in players:
        if table.winner is not None:
            break
        ctx = Context(board, options, dice, table, player, answers, events, uses)
        play_turn(ctx, orders.get(player, NO_ORDERS), specials.labels_of(player))
        if table.winner is None:  # [K 3.6]
            specials.after(board, options, dice, table, player, answers, events)
    specials.close(events)
    return RoundResult(table.freeze(), tuple(events))


def play_turn(ctx: Context, orders: TurnOrders, labels: dict[str, object] | None = None) -> None:
    """A player's turn: the start of his turn, his income, then his script's steps in their phases (those
    of the special building phase apart, played after the others' turns)."""
    ctx.emit(TurnBegan(ctx.player))
    start_of_turn(ctx)
    if ctx.table.winner is None:
        income_phase(ctx)
        labels = {} if labels is None else labels
        for step in orders.steps:
            if step.section is not Section.SPECIAL:
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
