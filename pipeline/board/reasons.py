"""The reason codes of an order's result: why it succeeded or failed (`Reason`), and, where the order alone
does not say it, more precisely why (`SubReason`). Codes, never prose: the reports, the explanations and the
order kinds (`pipeline.board.order_kinds`) put them into words. Apart from `pipeline.board.outcome` so that
the order kinds, which `outcome` imports through the orders, can name them."""

from __future__ import annotations

import enum
from collections.abc import Mapping


class Reason(enum.Enum):
    # success
    SUCCEEDS = "succeeds"
    # movement results
    BOUNCED = "bounced"  # detail: against (spaces whose strength stopped the move)
    NO_CONVOY_PATH = "no_convoy_path"  # the convoy was disrupted or never complete
    NO_CONVOY_ORDERED = "no_convoy_ordered"  # `via convoy` to a neighbour, no fleet ordered to carry it (2023 rules)
    CONVOY_PARADOX = "convoy_paradox"  # Szykman rule: the convoyed move fails
    SUPPORT_CUT = "support_cut"  # detail: by
    SUPPORT_NOT_MATCHED = "support_not_matched"  # the supported unit did something else
    CONVOY_NOT_MATCHED = "convoy_not_matched"  # the army did not order this move
    CONVOY_DISRUPTED = "convoy_disrupted"  # the convoying fleet was dislodged
    STRAIT_CLOSED = "strait_closed"  # a fleet of another power entered the strait's space this turn
    SIEGE_STARTED = "siege_started"  # first campaign of a siege
    CITY_TAKEN = "city_taken"  # second campaign: the garrison is gone, the city changes hands
    DISLODGED = "dislodged"  # detail: by
    # illegal orders: understood, not allowed; the unit holds (or disbands, or nothing happens)
    ILLEGAL_NO_UNIT = "illegal_no_unit"
    ILLEGAL_NOT_OWNER = "illegal_not_owner"
    ILLEGAL_WRONG_KIND = "illegal_wrong_kind"
    ILLEGAL_NOT_ADJACENT = "illegal_not_adjacent"
    ILLEGAL_TERRAIN = "illegal_terrain"  # army to sea, fleet inland
    ILLEGAL_COAST_NEEDED = "illegal_coast_needed"
    ILLEGAL_WRONG_COAST = "illegal_wrong_coast"
    ILLEGAL_OWN_SPACE = "illegal_own_space"  # move or support into the unit's own space
    ILLEGAL_UNREACHABLE = "illegal_unreachable"  # a support into a space the supporter cannot reach
    ILLEGAL_NOT_CONVOYABLE = "illegal_not_convoyable"  # only armies are convoyed, by fleets at sea
    ILLEGAL_NO_CONVOY_ROUTE = "illegal_no_convoy_route"  # no fleets could carry the army there
    ILLEGAL_WRONG_PHASE = "illegal_wrong_phase"
    ILLEGAL_AMBIGUOUS_UNIT = "illegal_ambiguous_unit"  # no unit kind given where an army or fleet and a garrison stand
    ILLEGAL_GARRISON = "illegal_garrison"  # garrisons only hold, convert, or support into their own province
    ILLEGAL_NO_CITY = "illegal_no_city"  # no fortified city (or no port, for a fleet) to convert or besiege in
    ILLEGAL_CITY_OCCUPIED = "illegal_city_occupied"  # a conversion into a city that holds a garrison
    ILLEGAL_CONVERSION = "illegal_conversion"  # army to fleet directly, into the same kind, or while besieged
    ILLEGAL_NOTHING_TO_BESIEGE = "illegal_nothing_to_besiege"  # no foreign garrison in the city
    ILLEGAL_NOT_BESIEGING = "illegal_not_besieging"  # lift siege without a siege
    ILLEGAL_SIEGE_LOCKED = "illegal_siege_locked"  # a besieger may only besiege again or lift (judge)
    ILLEGAL_OPTION_OFF = "illegal_option_off"  # an order the rules in play do not have (Ally without permissions)
    ILLEGAL_STRAIT_CLOSED = "illegal_strait_closed"  # a fleet of another power holds the strait
    ILLEGAL_DUPLICATE = "illegal_duplicate"  # a second order for the same unit
    # retreats
    NOT_DISLODGED = "not_dislodged"
    RETREAT_TO_ATTACKER = "retreat_to_attacker"
    RETREAT_CONTESTED = "retreat_contested"
    RETREAT_OCCUPIED = "retreat_occupied"
    RETREAT_BOUNCED = "retreat_bounced"  # detail: with
    DISBANDED = "disbanded"
    NO_ORDER = "no_order"  # default applied: hold, disband, or civil disorder
    # adjustments
    BUILD_NOT_HOME = "build_not_home"
    BUILD_NOT_OWNED = "build_not_owned"
    BUILD_OCCUPIED = "build_occupied"
    NO_BUILD_ALLOWED = "no_build_allowed"  # no builds left, or none due
    NO_REMOVAL_DUE = "no_removal_due"
    CIVIL_DISORDER = "civil_disorder"
    BUILD_FAMINE = "build_famine"  # nothing may be built in a famined province (Machiavelli)
    BUILD_REBELLION = "build_rebellion"  # nothing may be built in a rebelling province (Machiavelli)
    # money (Machiavelli)
    NOTHING_OWED = "nothing_owed"  # a payment to the bank with no loan to repay: nothing taken
    NO_FUNDS = "no_funds"  # the treasury is empty
    IN_DEBT = "in_debt"  # no gifts while owing the bank
    BANNED = "banned"  # the bank lends no more to a power that defaulted
    OVER_LIMIT = "over_limit"  # the loan would take the debt over the bank's limit
    CUT = "cut"  # the loan was cut to what the limit allows (detail: granted)
    COLLECTED = "collected"  # the bank took a loan that fell due (detail: paid)
    DEFAULTED = "defaulted"  # a loan fell due and could not be paid: the bank took the treasury (detail: paid)
    ILLEGAL_EXPENSE = "illegal_expense"  # an expense this target cannot take (a bribe on one's own unit...)
    TOO_MANY_EXPENSES = "too_many_expenses"  # beyond the number allowed a campaign
    NOT_ADJACENT_TO_TARGET = "not_adjacent_to_target"  # no unit of one's own next to the bribed unit
    OUTBID = "outbid"  # a larger bribe on the same unit, or a tie at the top
    BRIBE_TOO_SMALL = "bribe_too_small"  # what is left after counter-bribes is under the minimum
    NOTHING_TO_DO = "nothing_to_do"  # famine relief where there is no famine, pacifying no rebellion
    NO_CHIT = "no_chit"  # no assassination chit left against that power
    ATTEMPT_FAILED = "attempt_failed"  # the assassin's die missed (detail: die)
    ASSASSINATED = "assassinated"  # the power's leader was struck: the unit holds
    TOO_LITTLE = "too_little"  # less than the expense costs (detail: paid, needed)
    REBELLION_NOT_ALLOWED = "rebellion_not_allowed"  # not another power's province, Venice occupied, one already

    @property
    def illegal(self) -> bool:
        return self.value.startswith("illegal_")


class SubReason(enum.Enum):
    """Why, more precisely, a reason applies, where the order alone does not say it (`detail["why"]`):
    written in the results as its value, put into words by the reports and by `CHECK_WORDS`."""

    ASSASSINATIONS_OFF = "assassinations_off"  # the rules in play have no assassinations
    LAND_EXPECTED = "land_expected"  # an expense on a province named a sea
    ALREADY_REBELLING = "already_rebelling"  # a rebellion where one is going on
    NOT_ANOTHER_POWERS = "not_another_powers"  # a rebellion in a province no other power controls
    UNIT_PRESENT = "unit_present"  # a rebellion where a unit stands
    NOT_NEEDED = "not_needed"  # a convoy by a fleet no route needs, a shorter one leaving it out (2023 rules)

    @classmethod
    def of(cls, detail: Mapping[str, str]) -> SubReason | None:
        """The sub-reason an outcome's detail names, if any."""
        try:
            return cls(detail.get("why"))
        except ValueError:
            return None
