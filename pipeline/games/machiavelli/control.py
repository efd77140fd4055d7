"""Machiavelli's control of provinces and cities: who holds what after each movement and retreat.

The e-mail judge's rule, which both profiles follow: the last power to have an army or fleet in a
province controls it, and its city too if no garrison stands there; a garrison always controls its
city, and the province as well while no army or fleet is in it (so a province reverts to the
garrison's owner, an autonomous garrison included, when the unit leaves). Seas are never controlled.
A province or city nobody stands in keeps its controller. Under option `rebellion_suspends_control`
a rebelling province or city has no controller until the rebellion ends (see `rebellions`).
"""

from __future__ import annotations

import dataclasses

from pipeline.board.board import Board
from pipeline.board.position import Position
from pipeline.board.units import CITY, UnitKind

from .rebellions import with_control


def update_control(board: Board, position: Position) -> Position:
    owners = dict(position.owners)
    cities = dict(position.cities)
    for province, space in board.spaces.items():
        if space.is_sea:
            continue
        unit = position.units.get(province)
        garrison = position.units.get(province + CITY)
        if unit is not None and unit.kind is not UnitKind.GARRISON:
            owners[province] = unit.power
            if garrison is None and space.city is not None:
                cities[province] = unit.power
        elif garrison is not None:
            owners[province] = garrison.power
        if garrison is not None:
            cities[province] = garrison.power
    owners, cities = with_control(owners, cities, {}, position.rebellions)  # what rebels may have no controller
    return dataclasses.replace(position, owners=owners, cities=cities)
