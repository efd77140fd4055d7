"""The Diplomacy family: the shared engine as it is, supply centres taken after fall, adjustments in
winter (`calendar`), the standard map's colours."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pipeline.board.adjustment import adjustments_due
from pipeline.board.board import Board
from pipeline.board.calendar import map_start
from pipeline.board.family import Family
from pipeline.board.order_checks import check_order
from pipeline.board.orders import Order
from pipeline.board.position import Position
from pipeline.board.rules import Rules
from pipeline.errors import Problem
from pipeline.games.names import N_

from . import calendar

# Each power's colour and hatching on the map (and its colour in the charts): the board game's hues (Austria
# red, England navy, France light blue, Germany brown, Italy green, Russia purple, Turkey yellow) in shades
# that stay apart for normal vision and the common colour-vision deficiencies, the unit letters on them in
# black or white (tests/test_map_colours.py simulates them), each hatching of a kind of its own.
PALETTE = {
    "austria": ("#DE1703", "horizontal"),
    "england": ("#00304C", "grid"),
    "france": ("#47B3E7", "vertical"),
    "germany": ("#4E2724", "rising"),
    "italy": ("#408365", "falling"),
    "russia": ("#9608CA", "lattice"),
    "turkey": ("#D2CE3B", "dots"),
}

# the 2000 rulebook (4th edition), which DATC v2.4 follows, and the 2023 edition, which DATC v3.0 follows: the
# three points where they differ are options (docs/rule-options.md, docs/rules/diplomacy.md [D 9])
PROFILES = {
    "standard": Rules(),
    "standard-2023": Rules(
        explicit_convoy="convoy_only", convoy_orders="necessary_fleet", civil_disorder_distance="owned_centres"
    ),
}


PROFILE_TITLES = {
    "standard": N_("Diplomacy, the 2000 rules"),
    "standard-2023": N_("Diplomacy, the 2023 rules"),
}

VICTORY_CENTRES = 18  # "a majority of the 34 supply centres" (the rulebook's victory criterion)


class DiplomacyFamily(Family[Rules]):
    id = "diplomacy"
    seasons = calendar.SEASONS
    palette = PALETTE
    profiles = PROFILES
    profile_titles = PROFILE_TITLES
    options = ("explicit_convoy", "convoy_orders", "civil_disorder_distance")  # the rulebooks' differences

    def winners(self, board: Board, position: Position, rules: Rules) -> tuple[tuple[str, ...], str] | None:
        """A power that holds a majority of the supply centres wins (18 of the standard map's 34) [D 9];
        the last power with units, too."""
        centres = {p: len(position.centres_of(p)) for p in board.powers}
        majority = max(VICTORY_CENTRES, sum(1 for s in board.spaces.values() if s.supply_center) // 2 + 1)
        won = sorted(p for p, n in centres.items() if n >= majority)
        if won:
            return tuple(won), "centres"
        standing = sorted({u.power for u in position.units.values()})
        return ((standing[0],), "last_power") if len(standing) == 1 else None

    def order_file_entries(
        self, data: Mapping[str, Any], lines: Callable[[str], int | None]
    ) -> tuple[list[tuple[str, str]], list[Problem]]:
        if not data.get("allow"):
            return [], []
        why = "`allow:` opens one's straits to other powers' fleets, a Machiavelli rule: a Diplomacy game has no "
        return [], [Problem("allow", why + "such key", lines("allow"))]

    def start_position(self, board: Board, rules: Rules) -> Position:
        return map_start(board)

    play_phase = staticmethod(calendar.play_phase)  # the family's calendar (`calendar.py`)

    def check_order(self, board: Board, position: Position, power: str, order: Order, rules: Rules) -> Order:
        return check_order(board, position, power, order, rules)

    def adjusting_powers(self, board: Board, position: Position) -> set[str]:
        """Those with builds or removals due."""
        return {p for p in board.powers if adjustments_due(position, p) != 0}
