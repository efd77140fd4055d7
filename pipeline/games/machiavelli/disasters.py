"""Famine and plague [M 19] (judge, adjustments 1, movement 1; Objectif §5.1, §5.2, §10, §11).

A year roll decides whether a disaster strikes one row, one column, or a row and a column of the map's
table; further rolls pick the row and the column (two dice each, 2 to 12), and every province listed
there is struck. Famine is rolled at the end of the fall campaign: a famined province yields no income
(its city only if garrisoned), nothing may be built there, and every unit in it at the end of the next
spring campaign (its garrison and an autonomous garrison included) is eliminated; then the famine ends.
Plague is rolled at the start of summer, and every unit in a plagued province is eliminated at once.
Neither strikes in the first year of the game [M 2.5] (Objectif §4.1).

The year roll [M 19.1] (option `disaster_year_roll`): `2d6` — 2 or 3 nothing, 4 or 6 a row, 5 or 7 a column, 8 to 12
both (the judge's table); `2d6_original` — 4 or 7 a row, 5 or 6 a column (the printed rules, as the judge
notes); `1d6` — 1 nothing, 2 or 3 a row, 4 or 5 a column, 6 both (the 1995 board's judge).
"""

from __future__ import annotations

from collections.abc import Mapping

from pipeline.board.position import Position
from pipeline.board.units import CITY, Unit
from pipeline.shared.dice import Dice

YEAR_TABLES: dict[str, dict[int, str]] = {
    "2d6": {2: "", 3: "", 4: "row", 6: "row", 5: "column", 7: "column"} | dict.fromkeys(range(8, 13), "both"),
    "2d6_original": {2: "", 3: "", 4: "row", 7: "row", 5: "column", 6: "column"} | dict.fromkeys(range(8, 13), "both"),
    "1d6": {1: "", 2: "row", 3: "row", 4: "column", 5: "column", 6: "both"},
}


def two_dice(dice: Dice, purpose: str) -> int:
    return dice.roll(f"{purpose} (first die)") + dice.roll(f"{purpose} (second die)")


def strike(table: Mapping[int, Mapping[int, str]], dice: Dice, name: str, year_roll: str) -> frozenset[str]:
    """The provinces a disaster strikes this year (none, if the year roll spares it)."""
    roll = dice.roll(f"{name} year") if year_roll == "1d6" else two_dice(dice, f"{name} year")
    kind = YEAR_TABLES[year_roll].get(roll, "")
    struck: set[str] = set()
    if kind in ("row", "both"):
        row = two_dice(dice, f"{name} row")
        struck.update(table.get(row, {}).values())
    if kind in ("column", "both"):
        column = two_dice(dice, f"{name} column")
        struck.update(p for cells in table.values() for c, p in cells.items() if c == column)
    return frozenset(struck)


def eliminate_in(position: Position, provinces: frozenset[str]) -> tuple[Position, list[Unit]]:
    """Remove every unit (garrisons included) standing in the given provinces."""
    dead = [u for u in position.units.values() if u.space.removesuffix(CITY) in provinces]
    units = [u for u in position.units.values() if u not in dead]
    return (
        Position.build(
            position.phase, units, position.owners, position.dislodged, position.contested,
            position.cities, position.sieges,
            position.ledger, position.famine, position.rebellions, position.chits, position.struck,
        ),
        dead,
    )  # fmt: skip
