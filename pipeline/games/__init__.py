"""The game families and the registry the rest of the pipeline finds them by.

A family is a `GameFamily` (`pipeline.games.contract`), exposed as `FAMILY` by its package. The registry
finds every family two ways: the packages of `pipeline/games/` (a new family is one folder), and the entry
points of the group `judge.families` of every installed distribution (a club's family, installed as a package
of its own: `[project.entry-points."judge.families"] myfamily = "mypackage:FAMILY"`). `register` adds one
more, for a program that makes its family at run time (the tests' reference family).

The board families (Diplomacy, Machiavelli) also have their engine's side, a `pipeline.board.family.Family`:
`board_families`, `family_of`, `start_position` and `play_phase` are for the code that plays positions
directly (the DATC runner, the benchmarks, the engine's tests).
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Iterable
from importlib.metadata import entry_points
from typing import Any

from pipeline.board.board import Board
from pipeline.board.calendar import PhaseResult
from pipeline.board.family import AnyFamily as BoardFamily
from pipeline.board.legality import DEFAULT_RULES
from pipeline.board.orders import Order
from pipeline.board.position import Position
from pipeline.board.rules import DEFAULT_FAMILY, Rules
from pipeline.errors import DataError
from pipeline.shared.dice import Dice

from .contract import GameFamily, Profile

ENTRY_POINTS = "judge.families"
AnyFamily = GameFamily[Any, Any, Any, Any, Any]
_registered: dict[str, AnyFamily] = {}


@functools.cache
def _found() -> dict[str, AnyFamily]:
    """The families of `pipeline/games/`'s packages and of the installed entry points, by id."""
    found: dict[str, AnyFamily] = {}
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            _add(found, getattr(importlib.import_module(f"{__name__}.{module.name}"), "FAMILY", None), module.name)
    for point in entry_points(group=ENTRY_POINTS):
        _add(found, point.load(), point.value)
    return found


def _add(found: dict[str, AnyFamily], value: object, where: str) -> None:
    if value is None:
        return
    if not isinstance(value, GameFamily):
        raise TypeError(f"{where}: its FAMILY is not a GameFamily (pipeline.games.contract)")
    if found.get(value.id, value) is not value:
        raise ValueError(f"two families have the id {value.id!r} ({where})")
    found[value.id] = value


def families() -> dict[str, AnyFamily]:
    """Every family, by id."""
    return {**_found(), **_registered}


def register(family: AnyFamily) -> None:
    """Add a family made at run time (the tests' reference family); its id must be new or its own."""
    if family.id in _found() and _found()[family.id] is not family:
        raise ValueError(f"a family with the id {family.id!r} exists already")
    _registered[family.id] = family


def unregister(family_id: str) -> None:
    _registered.pop(family_id, None)


def family(family_id: str) -> AnyFamily:
    """The family of that id; `ValueError` naming the known ones for another."""
    found = families().get(family_id)
    if found is None:
        raise ValueError(f"unknown game family {family_id!r} (known: {', '.join(sorted(families()))})")
    return found


def profiles() -> dict[str, Profile[Any]]:
    """Every family's profiles, by name (docs/rule-options.md)."""
    return {name: p for f in families().values() for name, p in f.profiles.items()}


def profile(name: str) -> Profile[Any]:
    """A profile by name; an unknown name raises `DataError` naming the known ones."""
    known = profiles()
    try:
        return known[name]
    except KeyError:
        raise DataError(f"unknown profile {name!r} (known: {', '.join(known)})") from None


# ---- the board families' engine side --------------------------------------------------------------------


def board_families() -> dict[str, BoardFamily]:
    """The engine's family of every board family, by id."""
    return {f.id: engine for f in families().values() if (engine := getattr(f.rules, "family", None)) is not None}


def board_rules(name: str = "standard") -> Rules:
    """A board family's profile's rules (the engine's options, its map and family)."""
    options = profile(name).options
    if not isinstance(options, Rules):
        raise DataError(f"profile {name!r} is not a board family's")
    return options


def family_of(rules: Rules) -> BoardFamily:
    """The engine's family a board game's rules are played under."""
    try:
        return board_families()[rules.family]
    except KeyError:
        raise ValueError(f"unknown board family {rules.family!r} (known: {', '.join(board_families())})") from None


def start_position(board: Board, rules: Rules = DEFAULT_RULES) -> Position:
    """The map's starting position under `rules` (`Family.start_position` of their family)."""
    return family_of(rules).start_position(board, rules)


def play_phase(
    board: Board,
    position: Position,
    orders: Iterable[tuple[str, Order]],
    rules: Rules = DEFAULT_RULES,
    dice: Dice | None = None,
) -> PhaseResult:
    """Adjudicate one phase under `rules` (`Family.play_phase` of their family)."""
    return family_of(rules).play_phase(board, position, orders, rules, dice)


__all__ = [
    "DEFAULT_FAMILY",
    "ENTRY_POINTS",
    "GameFamily",
    "board_families",
    "board_rules",
    "families",
    "family",
    "family_of",
    "play_phase",
    "profile",
    "profiles",
    "register",
    "start_position",
    "unregister",
]
