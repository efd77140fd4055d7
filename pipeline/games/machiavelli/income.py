"""Machiavelli's yearly income [M 17] (judge, adjustments 2; Objectif §6.2), line by line.

- 1 ducat for each land province the power controls;
- each city it controls pays its value (1, 2 or 3; a fortress nothing), unless the city is besieged;
- 1 ducat for each sea one of its fleets is in;
- variable income: one die on its own line of the table, and one on the line of every other power's
  home country it has taken whole (all its provinces and cities); the controller of Genoa's city also
  rolls Genoa's line (option `genoa_variable_income`). Without dice (the judge's `nodice`) the die is 4
  in odd years and 3 in even years.

Nothing comes from a famined province (nor from its city unless garrisoned), nor from a province or
city in rebellion (an unfortified city follows its province: [M 17.3]).
"""

from __future__ import annotations

from pipeline.board.board import Board
from pipeline.board.calendar import IncomeLine
from pipeline.board.position import Position
from pipeline.board.units import CITY, UnitKind
from pipeline.shared.dice import Audience, Dice

from .options import MachiavelliOptions
from .rebellions import city_in_revolt


def home_country(board: Board, power: str) -> list[str]:
    return sorted(s for s, sp in board.spaces.items() if sp.home == power)


def holds_home_country(board: Board, position: Position, power: str, other: str) -> bool:
    """Does `power` control every province and city of `other`'s home country?"""
    homes = home_country(board, other)
    return bool(homes) and all(
        position.owners.get(p) == power and (board.spaces[p].city is None or position.cities.get(p) == power)
        for p in homes
    )


def compute_income(
    board: Board, position: Position, power: str, dice: Dice, rules: MachiavelliOptions
) -> list[IncomeLine]:
    """A power's income lines: its provinces, cities and fleets at sea, then its rolls of the variable income."""
    return _fixed_income(board, position, power) + _variable_income(board, position, power, dice, rules)


def _fixed_income(board: Board, position: Position, power: str) -> list[IncomeLine]:
    """1 a province, a city's value, 1 a fleet at sea: none from a starving or rebelling place, nor a besieged
    city."""
    lines: list[IncomeLine] = []
    for province, owner in position.owners.items():
        revolt = province in position.rebellions and position.rebellions[province].province
        if owner == power and not board.spaces[province].is_sea and province not in position.famine and not revolt:
            lines.append(IncomeLine("province", province, 1))
    for province, owner in position.cities.items():
        city = board.spaces[province].city
        if owner != power or city is None or not city.value or province in position.sieges:
            continue
        if city_in_revolt(board, position.rebellions, province):
            continue
        if province in position.famine and province + CITY not in position.units:
            continue  # in famine, only a garrisoned city pays
        lines.append(IncomeLine("city", province, city.value))
    for unit in position.units_of(power):
        if unit.kind is UnitKind.FLEET and board.spaces[unit.space].is_sea:
            lines.append(IncomeLine("sea", unit.space, 1))
    return lines


def _variable_income(
    board: Board, position: Position, power: str, dice: Dice, rules: MachiavelliOptions
) -> list[IncomeLine]:
    """The variable income table's lines the power rolls: its own, each home country it holds, Genoa's."""
    lines: list[IncomeLine] = []
    rollers = [power] if power in board.variable_income and _alive(position, power) else []
    rollers += [
        other for other in sorted(board.powers) if other != power and holds_home_country(board, position, power, other)
    ]
    if rules.genoa_variable_income:
        rollers += [s for s in board.variable_income if s in board.spaces and position.cities.get(s) == power]
    for line in rollers:
        if line not in board.variable_income:
            continue
        purpose = f"variable income {line}" if line == power else f"variable income {line} for {power}"
        # the power's money, its own business in a game with secret money (then its report's) [M 17]
        die = dice.roll(purpose, 6, Audience.of(power)) if rules.dice else (4 if position.phase.year % 2 else 3)
        lines.append(IncomeLine("variable", line, board.variable_income[line][die - 1]))
    return lines


def _alive(position: Position, power: str) -> bool:
    return any(owner == power for owner in position.owners.values()) or bool(position.units_of(power))
