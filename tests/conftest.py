"""Shared fixtures: the standard board, and positions written as text."""

from __future__ import annotations

import pytest

from pipeline.core.board import Board
from pipeline.core.position import Phase, PhaseKind, Position
from pipeline.core.units import Unit, UnitKind
from pipeline.storage.maps import shipped_board


@pytest.fixture(scope="session")
def board() -> Board:
    return shipped_board("standard")


def units(*entries: str) -> list[Unit]:
    """``units("england: F nth", "france: A par")``"""
    out = []
    for e in entries:
        power, _, rest = e.partition(":")
        kind, loc = rest.split()
        out.append(Unit(power.strip(), UnitKind.from_letter(kind), loc))
    return out


def position(
    *entries: str, season: str = "spring", kind: PhaseKind = PhaseKind.MOVEMENT, owners: dict[str, str] | None = None
) -> Position:
    return Position.build(Phase(season, 1901, kind), units(*entries), owners or {})
