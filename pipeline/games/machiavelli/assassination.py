"""Machiavelli's assassinations [M 16] (judge, expenses l and assassination 1-4; Objectif §6.3b).

- An attempt is an expense against a power: 12, 24 or 36 ducats (more counts as 36, what is not a
  multiple of 12 is lost), and needs a chit: each power starts with one for every other power, and an
  attempt, funded, spends it whatever comes of it. Without a chit (or with option `assassinations` off,
  or without dice) the expense is refused and not charged.
- One die per attempt: it succeeds on 6 for 12 ducats, 5-6 for 24, 4-6 for 36. Several successes on one
  victim have the effect of one. Counter-bribes do nothing against it.
- The victim, for the campaign: every order of its units becomes a hold (others may still support
  them), and those holds put down no rebellion; the sieges it conducts are broken (option
  `assassinated_sieges: paused`, Objectif: they stand still instead); its garrisons under siege are lost
  at once; and one die for every province it controls raises a rebellion there on 1 for a home province
  with a unit in it (province or city, any owner: [M 16.4]), 1-2 for one without, 1-3 for a conquered
  province with a unit, 1-5 without. It stays in the game.
- A power that cannot repay the bank suffers the same effects, even with option `assassinations` off.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from pipeline.board.board import Board
from pipeline.board.legality import Illegal
from pipeline.board.outcome import Reason
from pipeline.board.position import Position
from pipeline.board.units import CITY, Unit
from pipeline.shared.dice import Dice

from .legality_hooks import garrison_city
from .options import MachiavelliOptions
from .rebellions import barred, place_rebellion, with_control

MAX_STAKE = 36


def holds_for_assassination(assassinated: frozenset[str], unit: Unit) -> Illegal | None:
    """For the movement hook `void`: every order of an assassinated power's units is played as a hold
    [M 16.4]."""
    return Illegal(Reason.ASSASSINATED) if unit.power in assassinated else None


def chances(ducats: int) -> int:
    """How many faces of the die succeed for this stake: 1 for 12, 2 for 24, 3 for 36 or more."""
    return min(MAX_STAKE, ducats) // 12


def all_chits(powers: Iterable[str]) -> dict[str, frozenset[str]]:
    """The chits each power starts with: one for every other power."""
    everyone = sorted(powers)
    return {p: frozenset(q for q in everyone if q != p) for p in everyone}


def rebellion_threshold(board: Board, position: Position, victim: str, province: str) -> int:
    """The highest die that raises a rebellion in a province of the victim [M 16.4] (judge, assassination 3)."""
    occupied = position.occupied(province)
    if board.spaces[province].home == victim:
        return 1 if occupied else 2
    return 3 if occupied else 5


def assassination_effects(
    board: Board, position: Position, victims: Iterable[str], dice: Dice | None, rules: MachiavelliOptions
) -> tuple[Position, list[Unit]]:
    """The position after the victims' besieged garrisons fall (returned too), their sieges break
    (unless `paused`) and their provinces roll for rebellion. Without dice (`nodice`) none rebels."""
    paused = rules.assassinated_sieges == "paused"
    victims = sorted(set(victims))
    if not victims:
        return position, []
    lost: list[Unit] = []
    units = dict(position.units)
    sieges = dict(position.sieges)
    for province in sorted(position.sieges):
        garrison, besieger = units.get(province + CITY), units.get(province)
        if garrison is not None and garrison.power in victims:
            lost.append(units.pop(province + CITY))  # a besieged garrison of the victim is lost [M 16.4]
            del sieges[province]
        elif besieger is not None and besieger.power in victims and not paused:
            del sieges[province]
    rebellions = dict(position.rebellions)
    for province, rebellion in position.rebellions.items():
        if rebellion.target in victims and rebellion.siege and not paused:
            rebellions[province] = dataclasses.replace(rebellion, siege=0)
    after = dataclasses.replace(position, units=units, sieges=sieges, rebellions=rebellions)
    for victim in victims:
        for province, owner in sorted(position.owners.items()):
            space = board.spaces[province]
            if owner != victim or space.is_sea or province in rebellions or dice is None:
                continue
            if barred(board, after, province):
                continue
            if dice.roll(f"rebellion {province}") <= rebellion_threshold(board, after, victim, province):
                city = garrison_city(board, province, rules)
                rebellions[province] = place_rebellion(after, province, city, rules.rebellion_suspends_control)
    owners, cities = with_control(after.owners, after.cities, position.rebellions, rebellions)
    return dataclasses.replace(after, owners=owners, cities=cities, rebellions=dict(sorted(rebellions.items()))), lost


def spend_chit(chits: Mapping[str, frozenset[str]], holder: str, victim: str) -> dict[str, frozenset[str]]:
    out = dict(chits)
    out[holder] = out.get(holder, frozenset()) - {victim}
    return out
