"""What every rule of a turn works with: the board, the options, the dice, the table being played, whose
turn it is, the standing answers of everyone, the records so far, and what this turn has already used
(moves, attacks, the one card, the one ship move)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pipeline.shared.dice import PUBLIC, Audience, Dice

from .answers import Answers
from .board import Board, Slot, Vertex
from .options import CatanOptions
from .outcome import Event, Reason
from .resources import EMPTY, RESOURCES, Hand, Resource
from .state import Guard, Table, Unit


class Skip(Exception):
    """A step that cannot be done now: it is reported with its reason and skipped [K 3.4]."""

    def __init__(self, reason: Reason, missing: Hand = EMPTY, refusals: tuple[tuple[str, Reason], ...] = ()) -> None:
        super().__init__(reason.value)
        self.reason = reason
        self.missing = missing
        self.refusals = refusals


@dataclass
class Context:
    board: Board
    options: CatanOptions
    dice: Dice
    table: Table
    player: str
    answers: Mapping[str, Answers] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    uses: dict[tuple[str, int], int] = field(default_factory=dict)  # standing answers used this round
    step: int = 0  # the step being played (0: none, at the turn's start)
    roll: int | None = None
    moved: set[Slot] = field(default_factory=set)  # where the units that moved this turn stand now
    attacked: set[Slot] = field(default_factory=set)
    explorers_moved: set[Vertex] = field(default_factory=set)
    card_played: bool = False
    ship_moved: bool = False
    gold_taken: dict[str, int] = field(default_factory=dict)  # gold cards each player chose this turn
    special: bool = False  # the special building phase after another's turn [K 3.6]

    def own_round(self) -> int:
        """The round a card bought or a ship built now counts as bought or built in [K 16.2] [K 15.9]: in a
        special building phase before the player's own turn of the round, the round before, so that his
        turn may play or move it; else this round."""
        if self.special and self.table.players[self.player].turns < self.table.round:
            return self.table.round - 1
        return self.table.round

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def purpose(self, what: str) -> str:
        """A die's purpose: the round, the player whose turn it is, the step and what the die decides."""
        step = f" step {self.step}" if self.step else ""
        return f"round {self.table.round} {self.player}{step} {what}"

    def roll_die(self, what: str, sides: int, audience: Audience = PUBLIC) -> int:
        """A die of this step, read by `audience` (public unless said: the table sees the dice rolled)."""
        return self.dice.roll(self.purpose(what), sides, audience)

    def charge(self, cost: Hand) -> None:
        """The player whose turn it is pays `cost` to the bank, or the step is skipped."""
        hand = self.table.hand(self.player)
        if not hand.covers(cost):
            raise Skip(Reason.CANNOT_AFFORD, hand.missing(cost))
        self.table.pay(self.player, cost)

    def leave(self, where: Slot | Vertex | Guard) -> None:
        """A unit leaves the board for its owner's reserve [K 8.4]: what this turn did with its slot is
        forgotten (a unit that steps there after it has not moved nor attacked [K 9.1] [K 10.9]), and the
        status counter of the city that raised it turns active [K 7.3]."""
        if isinstance(where, Guard):
            home = None
        else:
            home = (self.table.units[where] if isinstance(where, Slot) else self.table.explorers[where]).home
        self.table.remove_unit_at(where)
        if isinstance(where, Slot):
            self.moved.discard(where)
            self.attacked.discard(where)
        self.table.wake(home)

    # ---- shared questions ------------------------------------------------------------------------

    def own_unit(self, unit: Unit | None, active: bool = False) -> Unit:
        """The unit a step names, which must be there and the player's (and active, if asked)."""
        if unit is None:
            raise Skip(Reason.NO_UNIT)
        if unit.owner != self.player:
            raise Skip(Reason.NOT_YOURS)
        if active and not unit.active:
            raise Skip(Reason.INACTIVE)
        return unit

    def gold_choice(self, player: str) -> Resource:
        """The resource `player` takes from a gold field [K 4.4]: the next of his `gold` answers, in turn;
        without answers, the resource he holds fewest of (the first in the resources' order on a tie)."""
        choices = self.answers.get(player, Answers()).gold
        n = self.gold_taken.get(player, 0)
        self.gold_taken[player] = n + 1
        if choices:
            return choices[n % len(choices)]
        hand = self.table.hand(player)
        return min(RESOURCES, key=lambda r: (hand[r], RESOURCES.index(r)))
