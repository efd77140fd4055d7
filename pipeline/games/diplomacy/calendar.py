"""Diplomacy's year: spring movement and retreats, fall movement and retreats, then (after the supply
centres are taken) the winter adjustments. A retreat phase with no one to retreat, or an adjustment
phase with nothing to adjust, is skipped."""

from __future__ import annotations

from collections.abc import Iterable

from pipeline.board.adjustment import AdjustmentResult, adjudicate_adjustments, adjustments_due, build_sites
from pipeline.board.board import Board
from pipeline.board.calendar import PhaseResult, next_campaign
from pipeline.board.movement import MovementResult, adjudicate_movement
from pipeline.board.orders import Order
from pipeline.board.position import Phase, PhaseKind, Position
from pipeline.board.retreat import RetreatResult, adjudicate_retreats
from pipeline.board.rules import Rules
from pipeline.shared.dice import Dice

SEASONS = ("spring", "fall")


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
    following = next_campaign(position, SEASONS)
    if following is not None:
        return following
    phase = position.phase
    if phase.kind is PhaseKind.RETREAT:
        winter = take_centres(position, board).at_phase(Phase(phase.season, phase.year, PhaseKind.ADJUSTMENT))
        if needs_adjustment(board, winter):
            return winter
        position = winter
    return position.at_phase(Phase(SEASONS[0], phase.year + 1, PhaseKind.MOVEMENT))


def play_phase(
    board: Board,
    position: Position,
    orders: Iterable[tuple[str, Order]],
    rules: Rules,
    dice: Dice | None = None,
) -> PhaseResult:
    """Adjudicate the phase `position` is in and move on to the next phase that needs orders."""
    kind = position.phase.kind
    result: MovementResult | RetreatResult | AdjustmentResult
    if kind is PhaseKind.MOVEMENT:
        result = adjudicate_movement(board, position, orders, rules=rules)
    elif kind is PhaseKind.RETREAT:
        result = adjudicate_retreats(board, position, orders, rules)
    else:
        result = adjudicate_adjustments(board, position, orders, rules)
    draws = tuple(dice.draws) if dice is not None else ()
    return PhaseResult(position, result.outcomes, next_phase(board, result.position), {}, draws, ())


def winner(board: Board, position: Position) -> str | None:
    """The power holding more than half the supply centres (18 of 34 on the standard map), if any."""
    need = sum(1 for s in board.spaces.values() if s.supply_center) // 2 + 1
    for power in sorted(board.powers):
        if len(position.centres_of(power)) >= need:
            return power
    return None
