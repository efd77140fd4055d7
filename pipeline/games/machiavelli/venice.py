"""Venice [M 9.2] (judge, map 5; judge 3.1b, Venice province a-e), as movement hooks: a single-unit
province (`single_unit` on the map) holds one unit at a time, in the province or its city, which are one
space.

- A unit converting there stays in place and changes kind after the moves (`converts_in_place`, with
  Objectif's conversions: `conversions.py`).
- A garrison converting out fails if the province is attacked, whatever the strengths
  (`conversion_stopped`).
- While a garrison holds the city nothing enters the province (`shut_spaces`), nor retreats into it
  (`space_taken`, a hook of the retreats: `legality_hooks.py`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.board.board import Board, space_of
from pipeline.board.movement import Decisions, Setting
from pipeline.board.position import Position
from pipeline.board.units import CITY, Unit, UnitKind

from .options import MachiavelliOptions


def in_single_unit_province(board: Board, unit: Unit) -> bool:
    """Does `unit` stand in a single-unit province (Venice), in the province or its city?"""
    return board.spaces[space_of(unit.location)].single_unit


def shut_spaces(setting: Setting[MachiavelliOptions], units: Sequence[Unit]) -> frozenset[str]:
    """The movement hook `shut_spaces`: the single-unit provinces whose city holds a garrison, which no move
    may enter [M 9.2]."""
    spaces = setting.board.spaces
    return frozenset(u.location for u in units if u.kind is UnitKind.GARRISON and spaces[u.location].single_unit)


def space_taken(board: Board, position: Position, space: str) -> bool:
    """The retreat hook `space_taken`: is `space` a single-unit province whose city holds a garrison, which no
    retreat may enter [M 9.2]?"""
    return board.spaces[space].single_unit and space + CITY in position.units


def conversion_stopped(decisions: Decisions, i: int) -> list[int]:
    """The movement hook `conversion_stopped`: a garrison converting out of a single-unit province fails when
    the province is attacked, whatever the strengths [M 9.2]; the moves that attack it (none: it converts)."""
    unit = decisions.orders[i].unit
    if unit.kind is not UnitKind.GARRISON or not in_single_unit_province(decisions.plan.setting.board, unit):
        return []
    return decisions.attackers(space_of(unit.location))
