"""Machiavelli's elimination and victory, checked at the end of every campaign.

Elimination [M 20.2] (judge, adjustments 2; Objectif §9): a power that controls no city of its home country, nor
of a home country it has taken whole (every one of them being in another power's hands: a city no one
controls, as after an elimination, is not counted as lost), is out of the game: its units are removed,
its ducats lost and its loans cancelled, and its provinces and cities become uncontrolled [M 20.2].

Victory [M 20.3] (Objectif §4.2, the `victory_cities` option, 23 by default): a power that controls that many
cities (fortified or not, fortresses apart) wins; if several do at once, the one with most cities
[M 20.3], and a tie is no winner yet.
"""

from __future__ import annotations

import dataclasses

from pipeline.board.board import Board
from pipeline.board.ledger import Ledger
from pipeline.board.position import Position, standing_sieges
from pipeline.board.units import Unit

from .income import holds_home_country
from .options import MachiavelliOptions


def home_cities(board: Board, position: Position, power: str) -> list[str]:
    """The cities of the power's home countries (its own, and any taken whole)."""
    owners = {power} | {p for p in board.powers if p != power and holds_home_country(board, position, power, p)}
    return sorted(
        s for s, sp in board.spaces.items() if sp.home in owners and sp.city is not None and not sp.city.fortress
    )


def eliminations(board: Board, position: Position) -> tuple[Position, list[tuple[str, list[Unit]]]]:
    """Remove every power left with no city of a home country; return who went and with which units."""
    out: list[tuple[str, list[Unit]]] = []
    for power in sorted(board.powers):
        present = any(o == power for o in position.owners.values()) or position.units_of(power)
        cities = home_cities(board, position, power)
        # out when every home city is in another's hands (a city no one controls is not lost yet)
        if not present or not cities or not all(position.cities.get(c) not in (None, power) for c in cities):
            continue
        lost = position.units_of(power)
        ledger = position.ledger
        treasury = {p: d for p, d in ledger.treasury.items() if p != power}
        loans = {p: ls for p, ls in ledger.loans.items() if p != power}
        position = dataclasses.replace(
            position,
            units={s: u for s, u in position.units.items() if u.power != power},
            sieges=standing_sieges({s: u for s, u in position.units.items() if u.power != power}, position.sieges),
            owners={s: o for s, o in position.owners.items() if o != power},
            cities={s: o for s, o in position.cities.items() if o != power},
            ledger=Ledger.build(treasury, loans, set(ledger.banned)),
        )
        out.append((power, lost))
    return position, out


def victor(board: Board, position: Position, rules: MachiavelliOptions) -> str | None:
    counts = dict.fromkeys(board.powers, 0)
    for space, owner in position.cities.items():
        city = board.spaces[space].city
        if owner in counts and city is not None and not city.fortress:
            counts[owner] += 1
    winners = sorted((n, p) for p, n in counts.items() if n >= rules.victory_cities)
    if not winners or (len(winners) > 1 and winners[-1][0] == winners[-2][0]):
        return None
    return winners[-1][1]
