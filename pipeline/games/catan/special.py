"""The 5-6 player extension's special building phase [K 3.6]: with five or six players, after each player's
turn, each other player in the order of play builds what the `special` steps of his file say, with no trade
and no card played. A step is done at most once in the round: one the rules refuse is tried again at the
next such phase, and the round's end reports once each step never done, with its last reason. Under the
option's `pieces` (its default) units are raised and reactivated in their owner's own turn only; under
`units`, there too. Points reached there wait for the player's own turn [K 17.5].
"""

from __future__ import annotations

from collections.abc import Mapping

from pipeline.shared.dice import Dice

from .answers import Answers
from .board import Board
from .context import Context
from .options import CatanOptions, SpecialBuilding
from .orders import NO_ORDERS, Step, TurnOrders
from .outcome import Action, Event, Reason, Section, SpecialPhase, StepDone
from .state import Table
from .steps import play_step

UNIT_ACTIONS = frozenset({Action.UNIT, Action.REACTIVATE})


class Specials:
    """A round's special building phases, and what they have done so far."""

    def __init__(self, kind: SpecialBuilding, orders: Mapping[str, TurnOrders]) -> None:
        self.kind = kind
        self.orders = orders
        self.done: set[tuple[str, int]] = set()
        self.last: dict[tuple[str, int], StepDone] = {}  # the last refusal of each step not done yet
        self.labels: dict[str, dict[str, object]] = {}  # each player's labels, his own turn's and these

    def labels_of(self, player: str) -> dict[str, object]:
        return self.labels.setdefault(player, {})

    def after(
        self,
        board: Board,
        options: CatanOptions,
        dice: Dice,
        table: Table,
        active: str,
        answers: Mapping[str, Answers],
        events: list[Event],
    ) -> None:
        """The special building phase after `active`'s turn: each other player in the order of play from the
        next one, his steps not done yet."""
        if self.kind is SpecialBuilding.OFF:
            return
        seats = table.seats
        i = seats.index(active)
        announced = False
        for player in (*seats[i + 1 :], *seats[:i]):
            steps = [s for s in self._steps(player) if (player, s.index) not in self.done]
            if not steps:
                continue
            if not announced:
                events.append(SpecialPhase(active))
                announced = True
            ctx = Context(board, options, dice, table, player, answers, events, special=True)
            for step in steps:
                self._play(ctx, step)

    def _steps(self, player: str) -> list[Step]:
        return [s for s in self.orders.get(player, NO_ORDERS).steps if s.section is Section.SPECIAL]

    def _play(self, ctx: Context, step: Step) -> None:
        key = (ctx.player, step.index)
        if self.kind is SpecialBuilding.PIECES and step.action in UNIT_ACTIONS:
            self.last[key] = StepDone(ctx.player, step.index, step.section, step.action, Reason.SPECIAL_NO_UNITS)
            return
        mark = len(ctx.events)
        if play_step(ctx, step, self.labels_of(ctx.player), wins=False) is None:
            self.done.add(key)
            self.last.pop(key, None)
        else:  # said once, at the round's end, if never done
            record = ctx.events.pop(mark)
            assert isinstance(record, StepDone)
            self.last[key] = record

    def close(self, events: list[Event]) -> None:
        """The round's end: each special step never done, with its last reason (none came: a game of fewer
        than five, or the round cut short by a win)."""
        for player in sorted(self.orders):
            for step in self._steps(player):
                key = (player, step.index)
                if key not in self.done:
                    default = StepDone(player, step.index, Section.SPECIAL, step.action, Reason.NO_SPECIAL_PHASE)
                    events.append(self.last.get(key, default))
