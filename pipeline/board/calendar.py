"""What every family's year is made of: the result of a phase, the events between phases, and the
steps of the calendar that Diplomacy and Machiavelli share.

Which phase follows which, and what a phase settles besides its orders, belong to the game's family
(`pipeline/games/<family>/calendar.py`): Diplomacy's two campaigns and winter adjustments, Machiavelli's
three campaigns, its money and its year's end. Each family's `play_phase` is built from these pieces and
the shared engine (`movement`, `retreat`, `adjustment`), so nothing here asks which game is played.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pipeline.shared.dice import Draw

from .board import Board
from .outcome import Outcome
from .position import Phase, PhaseKind, Position
from .units import Unit


@dataclass(frozen=True)
class IncomeLine:
    """One line of a power's income for the year (Machiavelli): what paid, where, how much."""

    source: str  # province | city | sea | variable
    place: str  # the space, or the power (or city) whose variable income was rolled
    ducats: int


@dataclass(frozen=True)
class PhaseResult:
    played: Position  # the position the orders were given in
    outcomes: tuple[Outcome, ...]
    after: Position  # the next phase to be played
    income: Mapping[str, tuple[IncomeLine, ...]] = field(default_factory=dict)  # Machiavelli: the year's income
    draws: tuple[Draw, ...] = ()  # every die rolled, with its purpose
    events: tuple[Event, ...] = ()  # famine and plague: provinces struck and units lost


class EventKind(enum.Enum):
    """What can befall the board between phases; the value is what the results file writes."""

    FAMINE = "famine"  # a province struck, or (with a unit) a unit starved
    PLAGUE = "plague"  # a province struck, or a unit lost to it
    ASSASSINATION = "assassination"  # a power assassinated, or one of its units lost
    REBELLION = "rebellion"  # a province rises
    REBELLION_ENDED = "rebellion ended"  # the whole rebellion is over
    PROVINCE_REBELLION_ENDED = "province rebellion ended"  # the province's rebels are gone, its city's stay
    CITY_REBELLION_ENDED = "city rebellion ended"  # the city's rebels are gone, the province's stay
    ELIMINATED = "eliminated"  # a power out of the game, or one of its units removed
    VICTORY = "victory"  # a power has won

    @classmethod
    def read(cls, text: object) -> EventKind | None:
        """The kind a results file names, None for a text that names none."""
        try:
            return cls(text)
        except ValueError:
            return None


@dataclass(frozen=True)
class Event:
    """Something that befell the board between phases: `kind` at `place` (a province struck, or where
    `unit` was lost; a power for an assassination, an elimination or a victory)."""

    kind: EventKind
    place: str
    unit: Unit | None


def next_campaign(position: Position, seasons: tuple[str, ...]) -> Position | None:
    """The step every calendar shares: a movement phase goes on to its retreats, a retreat phase with
    units to retreat is played, and a retreat phase before the year's last season opens the next
    campaign. None: the year's last retreats are over, and the family says what comes next."""
    phase = position.phase
    if phase.kind is PhaseKind.MOVEMENT or (phase.kind is PhaseKind.RETREAT and position.dislodged):
        return position
    if phase.kind is PhaseKind.RETREAT and phase.season != seasons[-1]:
        season = seasons[seasons.index(phase.season) + 1]
        return position.at_phase(Phase(season, phase.year, PhaseKind.MOVEMENT))
    return None


def map_start(board: Board, season: str | None = None, **extras: Any) -> Position:
    """The map's starting position, with its first orders in `season` (the map's own by default) and
    what the family adds to it (`extras`: the fields of `Position.build`, such as Machiavelli's cities)."""
    if board.start is None:
        raise ValueError(f"the map {board.name!r} has no start position")
    s = board.start
    phase = Phase(season or s.season, s.year, PhaseKind.MOVEMENT)
    return Position.build(phase, [Unit(p, k, loc) for p, k, loc in s.units], dict(s.owners), **extras)
