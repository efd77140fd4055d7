"""The standard Diplomacy year: which phase follows which, and when centres change hands.

Spring movement, spring retreats, fall movement, fall retreats, then (after centres are taken) the
winter adjustments. A retreat phase with no one to retreat, or an adjustment phase with nothing to
adjust, is skipped. `play_phase` adjudicates the current phase and returns the next position.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .adjustment import AdjustmentResult, adjudicate_adjustments, adjustments_due, build_sites
from .board import Board
from .movement import MovementResult, adjudicate_movement
from .orders import Order
from .outcome import Outcome
from .position import Phase, PhaseKind, Position
from .retreat import RetreatResult, adjudicate_retreats
from .units import Unit

SEASONS = ("spring", "fall")


@dataclass(frozen=True)
class PhaseResult:
    played: Position  # the position the orders were given in
    outcomes: tuple[Outcome, ...]
    after: Position  # the next phase to be played


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


def next_phase(board: Board, position: Position) -> Position:
    """From a position just adjudicated to the next phase that needs orders."""
    phase = position.phase
    if phase.kind is PhaseKind.MOVEMENT or (phase.kind is PhaseKind.RETREAT and position.dislodged):
        return position
    if phase.kind is PhaseKind.RETREAT:
        if phase.season != SEASONS[-1]:
            season = SEASONS[SEASONS.index(phase.season) + 1]
            return position.at_phase(Phase(season, phase.year, PhaseKind.MOVEMENT))
        winter = take_centres(position, board).at_phase(Phase(phase.season, phase.year, PhaseKind.ADJUSTMENT))
        if needs_adjustment(board, winter):
            return winter
        position = winter
    return position.at_phase(Phase(SEASONS[0], phase.year + 1, PhaseKind.MOVEMENT))


def play_phase(board: Board, position: Position, orders: Iterable[tuple[str, Order]]) -> PhaseResult:
    """Adjudicate the phase `position` is in and move on to the next phase that needs orders."""
    kind = position.phase.kind
    result: MovementResult | RetreatResult | AdjustmentResult
    if kind is PhaseKind.MOVEMENT:
        result = adjudicate_movement(board, position, orders)
    elif kind is PhaseKind.RETREAT:
        result = adjudicate_retreats(board, position, orders)
    else:
        result = adjudicate_adjustments(board, position, orders)
    return PhaseResult(position, result.outcomes, next_phase(board, result.position))


def winner(board: Board, position: Position) -> str | None:
    """The power holding more than half the supply centres (18 of 34 on the standard map), if any."""
    need = sum(1 for s in board.spaces.values() if s.supply_center) // 2 + 1
    for power in sorted(board.powers):
        if len(position.centres_of(power)) >= need:
            return power
    return None


def start_position(board: Board) -> Position:
    """The map's starting position."""
    if board.start is None:
        raise ValueError(f"the map {board.name!r} has no start position")
    s = board.start
    return Position.build(
        Phase(s.season, s.year, PhaseKind.MOVEMENT),
        [Unit(p, k, loc) for p, k, loc in s.units],
        dict(s.owners),
    )
