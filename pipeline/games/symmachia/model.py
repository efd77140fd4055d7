"""Symmachia's vocabulary: goods, kinds of place and unit, seasons, campaign orders, and the year's label.

Values only; the rules that use them are in the other modules of the package ([S 1] ... [S 9]).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Good(enum.Enum):
    """The six resources of trade [S 3.1]: four civil goods the population needs, two the king buys."""

    GRAIN = "grain"  # grain and salted fish
    WINE = "wine"  # wine and olive oil
    CRAFTS = "crafts"
    INCENSE = "incense"  # incense and spices, the oriental luxury goods
    WOOD = "wood"
    MERCENARIES = "mercenaries"


CIVIL_GOODS = (Good.GRAIN, Good.WINE, Good.CRAFTS, Good.INCENSE)
PROVINCE_GOODS = (*CIVIL_GOODS, Good.WOOD)  # what a province's balance lists (mercenaries are named units)


class PlaceKind(enum.Enum):
    LAND = "land"
    DESERT = "desert"  # never controlled nor pacified [S 8.5]
    SEA = "sea"


class MercenaryKind(enum.Enum):
    FOOT = "foot"  # the only kind a fleet may take [S 3.9]
    CAVALRY = "cavalry"
    ELEPHANTS = "elephants"


class UnitKind(enum.Enum):
    ARMY = "army"
    FLEET = "fleet"


class Season(enum.Enum):
    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"

    @property
    def index(self) -> int:
        return SEASONS.index(self)


SEASONS = (Season.SPRING, Season.SUMMER, Season.AUTUMN)


class OrderKind(enum.Enum):
    """The campaign orders [S 6.1] [S 6.2]: the letters of the order sheet."""

    MARCH = "M"  # army: into an adjacent province; fleet: into an adjacent sea zone
    FALL_UPON = "F"  # pursue a named enemy army or fleet
    PACIFY = "P"
    EMBARK = "E"  # army: onto a named fleet; fleet: take a named army aboard
    CONVOY = "C"  # into an adjacent sea zone, the army aboard
    LAND = "A"  # the army aboard goes ashore on a coastal province
    DEFEND = "D"  # hold, with a radius of defence
    RAID = "R"  # fleet: ravage a coastal province, or blockade a sea zone
    CLEAR = "N"  # fleet: clear the pirates off an adjacent coast


ARMY_ORDERS = frozenset(
    {
        OrderKind.MARCH,
        OrderKind.FALL_UPON,
        OrderKind.PACIFY,
        OrderKind.EMBARK,
        OrderKind.CONVOY,
        OrderKind.LAND,
        OrderKind.DEFEND,
    }
)
FLEET_ORDERS = frozenset(
    {
        OrderKind.MARCH,
        OrderKind.FALL_UPON,
        OrderKind.EMBARK,
        OrderKind.CONVOY,
        OrderKind.LAND,
        OrderKind.DEFEND,
        OrderKind.RAID,
        OrderKind.CLEAR,
    }
)
TARGETLESS = frozenset({OrderKind.PACIFY, OrderKind.DEFEND})  # P may name its province; D names none


NO_PRIORITY = -1  # the radius `N`: defence never takes priority over the order [S 6.4]


@dataclass(frozen=True)
class Title:
    """A name in the two languages of the reports."""

    en: str
    fr: str

    def __str__(self) -> str:
        return self.en


def year_label(year: int) -> str:
    """``-229`` (229 BC) as ``229bc``, ``12`` as ``12ad``: how turn ids and dice purposes name a year."""
    return f"{-year}bc" if year < 0 else f"{year}ad"


def next_year(year: int) -> int:
    """The year after `year`: 229 BC is followed by 228 BC (there is no year 0)."""
    return 1 if year == -1 else year + 1


def round_up_ten(amount: int) -> int:
    """Talents are counted in tens; an amount that is not is rounded up to the next ten [S 2.1]."""
    return -(-amount // 10) * 10
