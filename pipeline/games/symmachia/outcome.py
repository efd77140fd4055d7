"""What a year's resolution records, for the reports to put into words: codes, never prose.

A `Record` is one thing that happened (a trade settled, a battle, a plot, a province ravaged), at a step
of the year [S 2.1], with its details as plain values, and who may read it: everyone, some powers (the
private report of a power and of its protector), or the game master alone. A treasury's lines are
`Entry` codes (`state.LedgerLine`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from .model import Season

Value = str | int | bool | tuple[str, ...]


class Step(enum.IntEnum):
    """The 26 steps of a year, in the rules' order, which is also the order money is spent in [S 2.1]."""

    TREATIES = 1
    ROME = 2
    INCOME = 3
    TRADE = 4
    MERCENARIES = 5
    TRIBUTE = 6
    EARLY_USURPATION = 7
    SPRING_PAYMENTS = 8
    CAMPAIGN = 9
    BRIBES = 10
    CAMPAIGN_USURPATION = 11
    GIFTS_RECEIVED = 12
    GIFTS_TO_MAJORS = 13
    GIFTS_TO_MINORS = 14
    DOREA = 15
    NEW_FLEET = 16
    HOME_PORTS = 17
    FLEET_UPKEEP = 18
    NEW_ARMY = 19
    ARMY_UPKEEP = 20
    KING_PLOTS = 21
    PATRONAGE = 22
    LATE_USURPATION = 23
    SECESSION = 24
    FORECAST = 25
    PRESTIGE = 26


class Seen(enum.Enum):
    PUBLIC = "public"
    PRIVATE = "private"  # the powers in `readers` (and the protectors of minors among them)
    MASTER = "game_master"


class Code(enum.Enum):
    # economy [S 2] [S 3]
    LOCAL_INCOME = "local_income"
    PROVINCIAL_TRADE = "provincial_trade"
    MAIN_POST = "main_post"  # detail: post, chosen (bool)
    MAIN_POST_REFUSED = "main_post_refused"  # detail: post, why
    NO_MAIN_POST = "no_main_post"  # border trade only
    TRADE = "trade"  # detail: good, quantity, seller, buyer, route | border
    TRADE_CANCELLED = "trade_cancelled"  # detail: good, seller, buyer, why (a `Why` value)
    TRANSIT = "transit"  # detail: post, units, talents, to
    SHORTAGE = "shortage"  # detail: good, provinces
    SUPPLIED = "supplied"  # detail: good (every deficit covered)
    MERCENARIES_JOIN = "mercenaries_join"  # detail: mercenary, unit, seller
    MERCENARIES_CANCELLED = "mercenaries_cancelled"  # detail: mercenary, why
    TRIBUTE = "tribute"  # detail: horde, province, amount
    TRIBUTE_REFUSED = "tribute_refused"  # detail: province, why
    # politics [S 7]
    TREATY = "treaty"  # detail: powers
    TREATY_UNSIGNED = "treaty_unsigned"  # detail: partner
    TREATY_BROKEN = "treaty_broken"  # detail: powers, by
    ROME_REQUEST = "rome_request"  # detail: provinces
    ROME_RULING = "rome_ruling"  # detail: province, to
    SPEECH = "speech"  # detail: text
    NEW_CAPITAL = "new_capital"  # detail: province, temporary
    COMMAND = "command"  # detail: unit, leader (a change of commander)
    DISGRACE = "disgrace"  # detail: leader
    DISBANDED = "disbanded"  # detail: unit, why
    LOYALTY = "loyalty"  # detail: leader, chance, roll, loyal
    USURPATION = "usurpation"  # detail: leader, unit, against, new_power, province
    PIRATE_ADMIRAL = "pirate_admiral"  # detail: leader, zone
    COUNTER_CORRUPTION = "counter_corruption"  # detail: unit, amount
    CORRUPTION_OFFER = "corruption_offer"  # detail: unit, amount, beneficiaries
    CORRUPTION_DROPPED = "corruption_dropped"  # detail: unit, why
    BETRAYAL = "betrayal"  # detail: unit, malus, paid
    PLOT = "plot"  # detail: victim, roll, killed, talks
    PLOT_REFUSED = "plot_refused"  # detail: victim, why
    GIFT = "gift"  # detail: to, amount
    GIFT_REFUSED = "gift_refused"  # detail: to, why
    PROTECTOR = "protector"  # detail: minor, protector, amount
    AUTONOMY = "autonomy"  # detail: minor, aggressor
    DOREA = "dorea"  # detail: partner, gave, got
    DOREA_FAILED = "dorea_failed"  # detail: partner, why
    PATRONAGE = "patronage"  # detail: amount
    PATRON_OF_THE_YEAR = "patron_of_the_year"
    SECESSION = "secession"  # detail: province, roll
    SECESSION_TEST = "secession_test"  # detail: province, roll, revolts
    KING_DIED = "king_died"  # detail: king, cause
    NEW_KING = "new_king"  # detail: king
    LEADER_DIED = "leader_died"  # detail: leader, cause
    NEW_LEADER = "new_leader"  # detail: leader, unit
    ELIMINATED = "eliminated"
    TREASURY_TAKEN = "treasury_taken"  # detail: from, amount
    # military preparation [S 4]
    FLEET_BUILT = "fleet_built"
    ARMY_RAISED = "army_raised"  # detail: unit, province, emergency
    UNIT_NOT_RAISED = "unit_not_raised"  # detail: unit, why
    NO_HOME_PORT = "no_home_port"  # detail: unit (sunk)
    UPKEEP = "upkeep"  # detail: unit, amount, wood
    UNPAID = "unpaid"  # detail: unit
    FLEET_AGED = "fleet_aged"  # detail: unit, age
    FLEET_ROTTED = "fleet_rotted"  # detail: unit (sinks in its third year without wood)
    # the campaign [S 6]
    MOVE = "move"  # detail: unit, from, to
    HOLD = "hold"  # detail: unit, order (why it did not act)
    DEFENCE = "defence"  # detail: unit, threat, toward
    BATTLE = "battle"  # detail: place, winner, loser, result, difference
    BATTLE_VALUES = "battle_values"  # game master: each side's modifiers and die
    RETREAT = "retreat"  # detail: unit, to
    DESTROYED = "destroyed"  # detail: unit, why
    PACIFIED = "pacified"  # detail: unit, province, from, value, threshold
    PACIFY_FAILED = "pacify_failed"  # detail: unit, province, value, threshold
    EMBARKED = "embarked"  # detail: army, fleet
    LANDED = "landed"  # detail: army, fleet, province
    CONVOYED = "convoyed"  # detail: army, fleet, to
    RAID = "raid"  # detail: unit, province
    RAID_STOPPED = "raid_stopped"  # detail: unit, province, why
    BLOCKADE = "blockade"  # detail: unit, zone
    PIRATES_CLEARED = "pirates_cleared"  # detail: unit, pirates
    RAVAGED = "ravaged"  # detail: province, why
    DESERT_LOSSES = "desert_losses"  # detail: unit
    NOT_IN_PHASE = "not_in_phase"  # detail: army, fleet (E, C or A orders that do not match)
    # events [S 8]
    EVENT = "event"  # detail: roll, province, kind
    STORM = "storm"  # detail: place, season (the season it stops)
    HORDE = "horde"  # detail: horde, province
    HORDE_MOVES = "horde_moves"  # detail: horde, from, to
    HORDE_GONE = "horde_gone"  # detail: horde, why
    PIRATES = "pirates"  # detail: pirates, province, zone
    PIRATES_GONE = "pirates_gone"  # detail: pirates, why
    BAD_HARVEST = "bad_harvest"  # detail: province
    EPIDEMIC = "epidemic"  # detail: province
    PALACE_PLOT = "palace_plot"  # detail: king, roll, killed
    FAVOURABLE = "favourable"  # detail: province, amount
    # prestige [S 9]
    PRESTIGE = "prestige"  # detail: cause (a `Glory` value), delta, about
    WINNER = "winner"  # detail: prestige


class Why(enum.Enum):
    """Reasons a trade, an offer or an order did not happen."""

    OVER_CAPACITY = "over_capacity"  # the power's orders of that good exceed its published capacity: all void
    NO_MATCHING_ORDER = "no_matching_order"  # the partner ordered nothing in return
    NO_ROUTE = "no_route"  # no usable route and no border to trade across
    UNAFFORDABLE = "unaffordable"  # the treasury could not pay at that step
    NO_PATH = "no_path"  # mercenaries could not reach their unit
    UNAVAILABLE = "unavailable"  # ravaged origin, or not the seller's
    NO_UNIT = "no_unit"  # the unit named no longer exists
    FULL = "full"  # three mercenaries already
    FOOT_ONLY = "foot_only"  # a fleet offered horsemen or elephants
    NOT_ALLOWED = "not_allowed"  # a rule forbids it (a minor's limits, a fought king's post ...)
    NOT_MATCHED = "not_matched"  # the partner's terms differ
    NOT_POSSIBLE = "not_possible"  # no longer possible at the step it is applied
    LIMIT = "limit"  # four units, or one new unit a year
    NO_WOOD = "no_wood"
    NO_BATTLE = "no_battle"  # bribes are paid only when the battle is fought


class Glory(enum.Enum):
    """The causes of a prestige change at the year's end [S 9]."""

    TOTAL_VICTORY = "total_victory"
    DISASTER = "disaster"
    CONQUEST = "conquest"
    PROVINCE_LOST = "province_lost"
    CAPITAL_TAKEN = "capital_taken"
    CAPITAL_LOST = "capital_lost"
    EUERGETES = "euergetes"  # a civil good supplied to every province
    FAMINE = "famine"
    PATRON = "patron"
    ROME = "rome"


class Entry(enum.Enum):
    """The lines of a treasury."""

    LOCAL_INCOME = "local_income"
    PROVINCIAL_TRADE = "provincial_trade"
    SALE_TAX = "sale_tax"
    TRANSIT = "transit"
    WOOD_BOUGHT = "wood_bought"
    WOOD_SOLD = "wood_sold"
    MERCENARIES_BOUGHT = "mercenaries_bought"
    MERCENARIES_SOLD = "mercenaries_sold"
    TRIBUTE = "tribute"
    COUNTER_CORRUPTION = "counter_corruption"
    PLOT_GENERAL = "plot_general"
    BRIBE = "bribe"
    GIFT_RECEIVED = "gift_received"
    GIFT_GIVEN = "gift_given"
    DOREA_PAID = "dorea_paid"
    DOREA_RECEIVED = "dorea_received"
    NEW_FLEET = "new_fleet"
    FLEET_UPKEEP = "fleet_upkeep"
    NEW_ARMY = "new_army"
    ARMY_UPKEEP = "army_upkeep"
    PLOT_KING = "plot_king"
    PATRONAGE = "patronage"
    FAVOURABLE_EVENT = "favourable_event"
    TREASURY_TAKEN = "treasury_taken"
    TREASURY_LOST = "treasury_lost"
    ROME = "rome"


@dataclass(frozen=True)
class Record:
    step: Step
    code: Code
    power: str | None = None
    season: Season | None = None
    detail: tuple[tuple[str, Value], ...] = ()
    seen: Seen = Seen.PUBLIC
    readers: tuple[str, ...] = ()

    def get(self, key: str, default: Value | None = None) -> Value | None:
        return next((v for k, v in self.detail if k == key), default)

    @property
    def details(self) -> Mapping[str, Value]:
        return dict(self.detail)

    def to_data(self) -> dict[str, object]:
        out: dict[str, object] = {"step": int(self.step), "code": self.code.value}
        if self.power is not None:
            out["power"] = self.power
        if self.season is not None:
            out["season"] = self.season.value
        for key, value in self.detail:
            out[key] = list(value) if isinstance(value, tuple) else value
        if self.seen is not Seen.PUBLIC:
            out["seen"] = self.seen.value
        if self.readers:
            out["readers"] = list(self.readers)
        return out


def record(
    step: Step,
    code: Code,
    power: str | None = None,
    season: Season | None = None,
    *,
    seen: Seen = Seen.PUBLIC,
    readers: tuple[str, ...] = (),
    **detail: Value,
) -> Record:
    """A `Record` with its details as keywords (enum values are stored as their codes)."""
    return Record(step, code, power, season, tuple(detail.items()), seen, readers)
