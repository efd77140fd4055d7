"""The game families, one package each, and the registry the rest of the pipeline finds them by. This
module alone imports the families' packages (tests/test_architecture.py checks it); each package exposes
its family as `FAMILY`.

The board families (`diplomacy`, `machiavelli`: a `Family` over a `Position`) are `families()`, found by
`family(id)` and `family_of(rules)`; the families of their own kind (a `GameFamily` whose state is its
own) are `own_families()`. `any_family(id)` finds either: storage speaks to both through `GameFamily`
(`pipeline.storage.board_family` adapts a board family).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from pipeline.board.board import Board
from pipeline.board.calendar import PhaseResult
from pipeline.board.legality import DEFAULT_RULES
from pipeline.board.orders import Order
from pipeline.board.position import Position
from pipeline.board.rules import DEFAULT_FAMILY, Rules
from pipeline.errors import DataError
from pipeline.shared.dice import Dice

from .family import Family, GameFamily, ReadOrders, StateData, Translations, TurnResult


@functools.cache
def families() -> dict[str, Family]:
    """Every family, by id (imported on first use, so that a family's package may import the core
    and `pipeline.games.family` without a cycle)."""
    from . import diplomacy, machiavelli

    return {f.id: f for f in (diplomacy.FAMILY, machiavelli.FAMILY)}


@functools.cache
def own_families() -> dict[str, GameFamily]:
    """Every family of its own kind (its own state, orders and records), by id."""
    from . import catan, symmachia

    return {f.id: f for f in (catan.FAMILY, symmachia.FAMILY)}


def family(family_id: str = DEFAULT_FAMILY) -> Family:
    """A board family."""
    try:
        return families()[family_id]
    except KeyError:
        raise ValueError(f"unknown game family {family_id!r} (known: {', '.join(sorted(families()))})") from None


def any_family(family_id: str) -> Family | GameFamily:
    """A family of either kind, by id."""
    found = families().get(family_id) or own_families().get(family_id)
    if found is None:
        known = ", ".join(sorted([*families(), *own_families()]))
        raise ValueError(f"unknown game family {family_id!r} (known: {known})")
    return found


def family_of(rules: Rules) -> Family:
    """The family a game's rules are played under."""
    return family(rules.family)


def profiles() -> dict[str, Rules]:
    """Every family's rule profiles, by name (docs/rule-options.md)."""
    every: list[Family | GameFamily] = [*families().values(), *own_families().values()]
    return {name: rules for f in every for name, rules in f.profiles.items()}


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


__all__ = [
    "Family",
    "GameFamily",
    "ReadOrders",
    "StateData",
    "Translations",
    "TurnResult",
    "any_family",
    "families",
    "family",
    "family_of",
    "own_families",
    "play_phase",
    "profile",
    "profiles",
    "start_position",
]
