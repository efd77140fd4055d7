"""Machiavelli's sieges [M 7] (judge, garrisons; judge 3.1b, sieges; Objectif §8.1, §8.2), as movement hooks.

- An army or fleet takes the city of its province from another power's (or an autonomous) garrison by
  besieging it in two consecutive campaigns; the siege ends when the besieger does anything else, is
  dislodged, or the garrison is gone [M 7.1, M 7.6] (`sieges_after`).
- Option `siege_commitment: locked` (judge): after a first besiege the besieger may only besiege again or
  lift the siege; another order is refused and the unit holds [M 7.4, M 7.5] (`siege_lock`).
- Option `assassinated_sieges: paused` (Objectif): the sieges of an assassinated power stand still for the
  campaign instead of being broken [M 16.4].
"""

from __future__ import annotations

from pipeline.board.movement import Decisions, Setting, Sieges
from pipeline.board.order_kinds import kind_of
from pipeline.board.orders import MovementOrder
from pipeline.board.units import CITY, Unit

from .options import MachiavelliOptions


def besieging(setting: Setting[MachiavelliOptions], unit: Unit) -> bool:
    """Is `unit` besieging the garrison of another power in its province's city since an earlier campaign?"""
    garrison = setting.position.units.get(unit.space + CITY)
    return unit.space in setting.position.sieges and garrison is not None and garrison.power != unit.power


def siege_lock(setting: Setting[MachiavelliOptions], unit: Unit, order: MovementOrder) -> bool:
    """The movement hook `siege_lock`: under `siege_commitment: locked` a besieger may only besiege or lift
    [M 7.4]."""
    return (
        setting.rules.siege_commitment == "locked"
        and besieging(setting, unit)
        and not (kind_of(order).besieges or kind_of(order).lifts_siege)
    )


def sieges_after(decisions: Decisions, assassinated: frozenset[str]) -> Sieges:
    """The movement hook `sieges` (with the powers assassinated this campaign): the sieges going on after
    the moves (province -> campaigns so far) and the cities taken by a second consecutive siege (province
    -> the besieger's power). A siege lasts while its besieger besieges and is not dislodged [M 7.1, M 7.6];
    an assassinated power's stands still under `assassinated_sieges: paused` [M 16.4]."""
    position = decisions.plan.setting.position
    rules: MachiavelliOptions = decisions.plan.setting.rules
    going_on: dict[str, int] = {}
    taken: dict[str, str] = {}
    for planned in decisions.orders:
        unit = planned.unit
        paused = unit.power in assassinated and rules.assassinated_sieges == "paused"
        if paused and unit.space in position.sieges and decisions.dislodger(unit.space) is None:
            going_on[unit.space] = position.sieges[unit.space]  # the siege stands still
            continue
        if not kind_of(planned.order).besieges or planned.refusal is not None:
            continue
        if unit.space + CITY not in position.units:
            continue  # a siege of a rebel city: the rebellion keeps its count
        if decisions.dislodger(unit.space) is not None:
            continue
        campaigns = position.sieges.get(unit.space, 0) + 1
        if campaigns >= 2:
            taken[unit.space] = unit.power
        else:
            going_on[unit.space] = campaigns
    return going_on, taken
