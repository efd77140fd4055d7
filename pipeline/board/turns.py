"""A board game's turn ids: a phase as ``1901-spring-movement`` (a year, a season, a kind of phase), which
sort in the order they are played (`turn_key`)."""

from __future__ import annotations

from .position import Phase, PhaseKind

PHASE_ORDER = {PhaseKind.MOVEMENT: 0, PhaseKind.RETREAT: 1, PhaseKind.ADJUSTMENT: 2}
SEASON_ORDER = {"spring": 0, "summer": 1, "fall": 2, "winter": 3}


def turn_id(phase: Phase) -> str:
    return f"{phase.year}-{phase.season}-{phase.kind.value}"


def phase_of_turn(turn: str) -> Phase:
    year, season, kind = turn.split("-")
    return Phase(season, int(year), PhaseKind(kind))


def turn_key(turn: str) -> tuple[int, int, int]:
    phase = phase_of_turn(turn)
    order = PHASE_ORDER[phase.kind]
    if phase.kind is PhaseKind.ADJUSTMENT and phase.season == "spring":
        order = -1  # Objectif's calendar: the adjustments open the spring
    return phase.year, SEASON_ORDER.get(phase.season, 9), order
