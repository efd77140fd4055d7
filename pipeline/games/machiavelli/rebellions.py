"""Machiavelli's rebellions [M 15] (judge, rebellions 1-9, expenses b, j, k; Objectif §6.3b).

- Caused by an expense in a land province another power controls: 9 ducats, 15 in a province of that
  power's home country (or of a home country it has taken whole: [M 15.1]). Never at sea, never in a
  single-unit province (Venice) while a unit is there. A second rebellion ordered on the same province in
  the same campaign is charged and lost [M 15.2] (Objectif §6.3b j).
- Placed in the province, and in its fortified city too (a fortress only when in play) unless a
  garrison holds the city [M 15.3] (judge, rebellions 1); the city stays loyal even if that garrison later leaves.
- No income from a province or city in rebellion (a loyal city in a rebelling province still pays,
  unless it is unfortified: [M 17.3]), and no builds in a rebelling province.
- Ended by pacification (12 ducats), by liberation (a unit of another power moving into the province,
  or buying a unit there), or put down: the province when a unit of the power it is directed at holds
  there (option `rebellion_put_down`: `enter_or_hold` also accepts a unit moving in), the city by a
  two-campaign siege by that power.
- While a rebellion stands, a single power other than its target moving into the province gets one
  automatic support; two or more powers moving in at once get none [M 15.5] (judge, rebellions 8).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from pipeline.board.board import Board, space_of
from pipeline.board.movement import CampaignDeeds, Decisions, campaign_deeds
from pipeline.board.position import Position, Rebellion
from pipeline.board.units import CITY, Unit

from .options import MachiavelliOptions

CAUSE_IN_CONQUEST = 9
CAUSE_AT_HOME = 15
PACIFY = 12


def barred(board: Board, position: Position, province: str) -> bool:
    """No rebellion in a single-unit province (Venice) while a unit is there [M 15.2] (judge, rebellions 9)."""
    return board.spaces[province].single_unit and position.occupied(province)


def place_rebellion(position: Position, province: str, garrison_city: bool, suspends: bool = False) -> Rebellion:
    """The rebellion raised in `province`: the province, and its city if that city could hold a garrison
    (`garrison_city`: fortified, a fortress only when in play) and none holds it."""
    rebel_city = garrison_city and province + CITY not in position.units
    return Rebellion(position.owners[province], True, rebel_city, 0, suspends)


def with_control(
    owners: Mapping[str, str],
    cities: Mapping[str, str],
    before: Mapping[str, Rebellion],
    after: Mapping[str, Rebellion],
) -> tuple[dict[str, str], dict[str, str]]:
    """Control where rebellions suspend it: what rebels now has no controller; what stopped rebelling
    without changing hands (pacified, put down) returns to the rebellion's target. Liberated places
    are given by the units standing there (see `control`)."""
    owners, cities = dict(owners), dict(cities)
    for province, rebellion in before.items():
        now = after.get(province)
        if not rebellion.suspends:
            continue
        if rebellion.province and not (now and now.province) and province not in owners:
            owners[province] = rebellion.target
        if rebellion.city and not (now and now.city) and province not in cities:
            cities[province] = rebellion.target
    for province, rebellion in after.items():
        if rebellion.suspends and rebellion.province:
            owners.pop(province, None)
        if rebellion.suspends and rebellion.city:
            cities.pop(province, None)
    return dict(sorted(owners.items())), dict(sorted(cities.items()))


def city_in_revolt(board: Board, rebellions: Mapping[str, Rebellion], province: str) -> bool:
    """Does the city of `province` pay nothing for the rebellion? Its own revolt, or an unfortified city
    following its province [M 17.3]."""
    rebellion = rebellions.get(province)
    if rebellion is None:
        return False
    city = board.spaces[province].city
    return rebellion.city or (rebellion.province and city is not None and not city.fortified)


def after_campaign(
    rebellions: Mapping[str, Rebellion], deeds: CampaignDeeds, enter_puts_down: bool
) -> tuple[dict[str, Rebellion], list[tuple[str, str]]]:
    """The rebellions left after a movement phase, and what ended (province, "liberated" | "put down" |
    "city put down")."""
    entered, held, besieged = set(deeds.entered), set(deeds.held), set(deeds.besieged)
    out: dict[str, Rebellion] = {}
    ended: list[tuple[str, str]] = []
    for province, rebellion in sorted(rebellions.items()):
        target = rebellion.target
        if any(p == province and power != target for p, power in entered):
            ended.append((province, "liberated"))
            continue
        if rebellion.province and ((province, target) in held or (enter_puts_down and (province, target) in entered)):
            rebellion = dataclasses.replace(rebellion, province=False)
            ended.append((province, "put down"))
        if rebellion.city:
            siege = rebellion.siege + 1 if (province, target) in besieged else 0
            rebellion = dataclasses.replace(rebellion, siege=siege)
            if siege >= 2:
                rebellion = dataclasses.replace(rebellion, city=False, siege=0)
                ended.append((province, "city put down"))
        if rebellion.province or rebellion.city:
            out[province] = rebellion
    return out, ended


def rebel_support(
    position: Position, moves_into: Mapping[str, Sequence[int]], powers: Sequence[str], units: Sequence[Unit]
) -> list[int]:
    """The movement hook `extra_support`: the rebels support the one power, not their target, moving
    into their province from outside it [M 15.5] (judge, rebellions 8); two or more powers moving in get none."""
    support = [0] * len(units)
    for province, rebellion in position.rebellions.items():
        movers = [
            i
            for i in moves_into.get(province, ())
            if powers[i] != rebellion.target and space_of(units[i].location).removesuffix(CITY) != province
        ]
        if len({powers[i] for i in movers}) == 1:
            for i in movers:
                support[i] = 1
    return support


def after_moves(
    decisions: Decisions, owners: dict[str, str], cities: dict[str, str], assassinated: frozenset[str]
) -> tuple[dict[str, Rebellion], dict[str, str], dict[str, str]]:
    """The movement hook `after_moves` (with the powers assassinated this campaign): the rebellions left
    standing once the units have moved, held and besieged, and control where a rebellion that ended had
    suspended it. The deeds of an assassinated power's units put down nothing [M 15.8]."""
    position = decisions.plan.setting.position
    rules: MachiavelliOptions = decisions.plan.setting.rules
    left: dict[str, Rebellion] = {}
    if position.rebellions:
        deeds = campaign_deeds(decisions)
        if assassinated:
            deeds = CampaignDeeds(
                [d for d in deeds.held if d[1] not in assassinated],
                [d for d in deeds.entered if d[1] not in assassinated],
                [d for d in deeds.besieged if d[1] not in assassinated],
            )
        left, _ = after_campaign(position.rebellions, deeds, rules.rebellion_put_down == "enter_or_hold")
    owners, cities = with_control(owners, cities, position.rebellions, left)
    return left, owners, cities
