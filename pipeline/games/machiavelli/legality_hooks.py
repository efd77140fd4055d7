"""What Machiavelli adds to the shared checks of one order and to the retreats
(`pipeline.board.legality.LegalityHooks`), each rule in the module of its concept where it has one:

- A city holds a garrison when it is fortified; the classic board's fortresses only under option
  `fortresses` [M 1.7] (`garrison_city`).
- Option `port_siege_units: fleet_only`: only a fleet besieges a port city [M 7.3] (`army_besieges_port`).
- A fleet may not retreat through a strait another power's fleet closes [M 10.3] (`straits.retreat_closed`).
- Venice's city and province are one space: a garrison in the city takes it for retreats [M 9.2]
  (`venice.space_taken`).
- Option `retreat_into_city`: a dislodged army or fleet may become the garrison of its province's empty
  fortified city, only when it has no other retreat (`last_resort`, judge) or always (`any`, Objectif),
  never when its attacker came out of that city [M 10.2] (`city_retreat`).
"""

from __future__ import annotations

from pipeline.board.board import Board
from pipeline.board.legality import LegalityHooks
from pipeline.board.position import Dislodged, Position
from pipeline.board.retreat import retreat_options
from pipeline.board.units import CITY, UnitKind

from . import straits, venice
from .options import MachiavelliOptions


def garrison_city(board: Board, province: str, rules: MachiavelliOptions) -> bool:
    """The hook `garrison_city`: can the city of `province` hold a garrison under these rules [M 1.7]?"""
    city = board.spaces[province].city
    return city is not None and city.fortified and (rules.fortresses or not city.fortress)


def army_besieges_port(rules: MachiavelliOptions) -> bool:
    """The hook `army_besieges_port`: may an army besiege a port city [M 7.3]?"""
    return rules.port_siege_units != "fleet_only"


def city_retreat(board: Board, position: Position, entry: Dislodged, rules: MachiavelliOptions) -> bool:
    """The hook `city_retreat`: may the dislodged unit retreat into the city of its own province, becoming
    its garrison [M 10.2]? The city must hold a garrison, be empty and (for a fleet) a port, and the
    attacker must not have come out of it; under the judge's rules only when no other retreat is open."""
    unit = entry.unit
    province = unit.space
    city = board.spaces[province].city if province in board.spaces else None
    if (
        unit.kind is UnitKind.GARRISON
        or city is None
        or not garrison_city(board, province, rules)
        or (unit.kind is UnitKind.FLEET and not city.port)
        or board.spaces[province].single_unit
        or province + CITY in position.units
        or entry.attacker_from == province + CITY
    ):
        return False
    return rules.retreat_into_city == "any" or not retreat_options(board, position, entry, rules, LEGALITY_HOOKS)


LEGALITY_HOOKS = LegalityHooks[MachiavelliOptions](
    garrison_city=garrison_city,
    army_besieges_port=army_besieges_port,
    retreat_closed=straits.retreat_closed,
    space_taken=venice.space_taken,
    city_retreat=city_retreat,
)
