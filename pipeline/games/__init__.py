"""The game families, one package each (`diplomacy`, `machiavelli`), and the registry the rest of the
pipeline finds them by: `family(id)`, `family_of(rules)`. This module alone imports the families'
packages (tests/test_architecture.py checks it); each package exposes its family as `FAMILY`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from pipeline.core.board import Board
from pipeline.core.calendar import PhaseResult
from pipeline.core.dice import Dice
from pipeline.core.legality import DEFAULT_RULES
from pipeline.core.orders import Order
from pipeline.core.position import Position
from pipeline.core.rules import DEFAULT_FAMILY, Rules
from pipeline.errors import DataError

from .family import Family


@functools.cache
def families() -> dict[str, Family]:
    """Every family, by id (imported on first use, so that a family's package may import the core
    and `pipeline.games.family` without a cycle)."""
    from . import diplomacy, machiavelli

    return {f.id: f for f in (diplomacy.FAMILY, machiavelli.FAMILY)}


def family(family_id: str = DEFAULT_FAMILY) -> Family:
    try:
        return families()[family_id]
    except KeyError:
        raise ValueError(f"unknown game family {family_id!r} (known: {', '.join(sorted(families()))})") from None


def family_of(rules: Rules) -> Family:
    """The family a game's rules are played under."""
    return family(rules.family)


def profiles() -> dict[str, Rules]:
    """Every family's rule profiles, by name (docs/rule-options.md)."""
    return {name: rules for f in families().values() for name, rules in f.profiles.items()}


def profile(name: str) -> Rules:
    """The rules of a profile; an unknown name raises `DataError`."""
    known = profiles()
    try:
        return known[name]
    except KeyError:
        raise DataError(f"unknown profile {name!r} (known: {', '.join(known)})") from None


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


__all__ = ["Family", "families", "family", "family_of", "play_phase", "profile", "profiles", "start_position"]
