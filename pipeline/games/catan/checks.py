"""What of a player's file cannot run as the game stands, said before the round as warnings [K 3.4]: the file
is read and used all the same, each such step is skipped when it comes, but the player learns it when he
checks his file (`judge validate`), step by step.

The script is played on a copy of the table, at its most favourable: every condition met, the hand as it
is now with the most any one roll could bring (a gold field counted as any resource), each offer taken,
each attack won. A step the rules still refuse there cannot run whatever the roll and the others do
before his turn, but what they do might open it (a unit of theirs moved away, a corner freed). Without
the hands (a state read without the game's key) the hand is taken as one that pays for anything, and
only what the board refuses is said. A placement choice on a corner already closed, a drafted hex on a
place already taken, are said the same way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from pipeline.shared.dice import PUBLIC, Audience, Draw

from .board import YIELDS, Board, Terrain
from .context import Context, Skip
from .options import CatanOptions
from .orders import Offer, Step, TurnOrders, When
from .outcome import Reason, Section
from .report import REASON_WORDS, hand_words
from .resources import EMPTY, RESOURCES, Hand
from .said import N_, FileProblem, said
from .setup import Choice, check_choice
from .state import CatanState, Table
from .steps import do_step
from .units import UnitKind

RICH = Hand((99, 99, 99, 99, 99))


@dataclasses.dataclass
class BestDice:
    """Dice that favour the player whose script is tried: his attacks roll their highest, the defence its
    lowest, a card drawn the first of the deck."""

    draws: list[Draw] = dataclasses.field(default_factory=list)

    def roll(self, purpose: str, sides: int = 6, audience: Audience = PUBLIC) -> int:
        value = sides if purpose.endswith((" attack", " knight")) else 1
        self.draws.append(Draw(purpose, sides, value, audience))
        return value


def best_income(board: Board, table: Table, player: str) -> Hand:
    """The most one roll could bring `player`, resource by resource [K 4.2] [K 12.2]: over every number,
    his buildings' cards and his active workers' beside them, a gold field's counted as each resource."""
    best = [0] * len(RESOURCES)
    for roll in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        got = [0] * len(RESOURCES)
        for hid, token in table.tokens.items():
            terrain = board.hexes[hid].terrain
            if token != roll or not terrain.produces:
                continue
            corners = [table.buildings[v] for v in board.hex_vertices(hid) if v in table.buildings]
            mine = [b for b in corners if b.owner == player]
            n = sum(2 if b.is_city else 1 for b in mine)
            if mine:
                n += sum(
                    1
                    for s, u in table.units.items()
                    if s.hex == hid and u.owner == player and u.kind is UnitKind.WORKER and u.active
                )
            for i, r in enumerate(RESOURCES):
                if terrain is Terrain.GOLD or YIELDS.get(terrain) is r:
                    got[i] += n
        best = [max(a, b) for a, b in zip(best, got, strict=True)]
    a, b, c, d, e = best
    return Hand((a, b, c, d, e))


def _path(step: Step, index: int) -> str:
    return f"script.{step.section.value}[{index}]"


def _warning(where: str, reason: Reason, missing: Hand = EMPTY) -> FileProblem:
    why = said(REASON_WORDS[reason])
    if missing:
        why = said(N_("{why}: {missing} missing"), why=why, missing=hand_words(missing))
    return FileProblem(where, said(N_("this step cannot run as the game stands, even at best: {why}"), why=why))


def script_warnings(
    board: Board, state: CatanState, options: CatanOptions, player: str, orders: TurnOrders, hands_known: bool
) -> list[FileProblem]:
    """Each step of `orders`' script that the rules refuse on the most favourable play of the player's
    turn, with why; the steps after it are tried on the table it leaves."""
    table = state.table()
    table.round = state.round + 1
    hand = table.hand(player) + best_income(board, table, player) if hands_known else RICH
    table.set_hand(player, hand)
    ctx = Context(board, options, BestDice(), table, player)
    out: list[FileProblem] = []
    seen: dict[Section, int] = {}
    for step in orders.steps:
        index = seen.get(step.section, 0)
        seen[step.section] = index + 1
        ctx.step = step.index
        try:
            if isinstance(step.order, Offer):  # taken by somebody, if the hand holds what it gives
                ctx.charge(step.order.give)
                table.set_hand(player, table.hand(player) + step.order.get)
            else:
                do_step(ctx, dataclasses.replace(step, when=When()))
        except Skip as skip:
            if hands_known or skip.reason not in (Reason.CANNOT_AFFORD, Reason.BANK_LACKS):
                out.append(_warning(_path(step, index), skip.reason, skip.missing))
    return out


def placement_warnings(board: Board, state: CatanState, choices: tuple[Choice, ...]) -> list[FileProblem]:
    """Each placement choice already closed [K 18.2]: its corner taken or too near a building, off the
    board's start islands, its side taken or unfit."""
    table = state.table()
    ctx = Context(board, CatanOptions(), BestDice(), table, state.seats[0])
    out = []
    for i, choice in enumerate(choices):
        try:
            check_choice(ctx, choice)
        except Skip as skip:
            out.append(_warning(f"setup[{i}]", skip.reason))
    return out


def draft_warnings(ranked: tuple[str, ...], open_places: Mapping[str, object]) -> list[FileProblem]:
    """Each place a drafter ranks that is no longer open to his hex [K 1.6]."""
    return [
        FileProblem(f"draft[{i}]", said(N_("hex {hex} is taken already: your hex cannot go there"), hex=h))
        for i, h in enumerate(ranked)
        if h not in open_places
    ]
