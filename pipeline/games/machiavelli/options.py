"""Machiavelli's rule options: the board families' shared `Rules` and the choices where the e-mail judge's
rules and the Objectif club's differ (docs/rule-options.md lists each, with its default per profile). Only
Machiavelli's own modules read them; the shared engine learns what they change through the family's hooks
(`movement_hooks.py`, `legality_hooks.py`, `family.py`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pipeline.board.rules import Rules, option_kinds

# The options with named choices, each a `Literal` that mypy checks wherever an option is compared
# (`options.siege_commitment == "lockd"` is a type error); `CHOICES` and the checks of `with_options`
# are derived from these annotations, so a choice is written in one place.
ConversionModel = Literal["separate_space", "convert_first"]
RetreatIntoCity = Literal["last_resort", "any"]
PortSiegeUnits = Literal["army_or_fleet", "fleet_only"]
SiegeCommitment = Literal["locked", "free"]
StraitPermission = Literal["allow_command", "none"]
YesNo = Literal["yes", "no"]
LoanLimitBasis = Literal["principal", "principal_plus_interest"]
LoanExcess = Literal["cap", "reject"]
GiftWhileIndebted = Literal["forbidden", "allowed"]
DisasterYearRoll = Literal["2d6", "2d6_original", "1d6"]
UnderfundedExpense = Literal["use_remainder", "void"]
CalendarName = Literal["judge", "objectif"]
BribeAdjacency = Literal["off", "own", "own_or_permitted"]
RebellionPutDown = Literal["hold_only", "enter_or_hold"]
AssassinatedSieges = Literal["broken", "paused"]
FirstOrderPhase = Literal["spring", "summer"]


@dataclass(frozen=True)
class MachiavelliOptions(Rules):
    """The options of a Machiavelli game: the shared ones and Machiavelli's (see docs/rule-options.md)."""

    conversion_model: ConversionModel = (
        "separate_space"  # the city is a space of its own; a conversion is a move (judge)
    )
    retreat_into_city: RetreatIntoCity = (
        "last_resort"  # a dislodged unit may retreat into its city: only if nothing else
    )
    port_siege_units: PortSiegeUnits = "army_or_fleet"  # who may besiege a port city
    siege_commitment: SiegeCommitment = "locked"  # after a first besiege the besieger may only besiege again or lift
    straits: frozenset[str] = frozenset()  # controller spaces of the straits in play (empty: all of the map's)
    strait_permission: StraitPermission = "allow_command"  # `Ally <power>` opens a power's straits to that power
    strait_entry_blocks: YesNo = "yes"  # a fleet entering the strait's space this turn closes it already
    fortresses: bool = False  # the classic board's optional fortresses may hold garrisons
    loans: bool = True  # the judge's `loans` flag: the bank lends
    loan_limit_basis: LoanLimitBasis = (
        "principal"  # what the 25-ducat limit counts: principal (judge), or with interest
    )
    loan_excess: LoanExcess = "cap"  # a loan beyond the limit is cut to what fits, or refused
    gift_while_indebted: GiftWhileIndebted = "forbidden"  # may a power owing the bank give ducats to others?
    dice: bool = True  # the judge's `dice` flag; without dice variable income is 4 in odd years, 3 in even
    genoa_variable_income: bool = True  # the controller of Genoa's city rolls Genoa's variable income
    unit_limits: tuple[int, int, int] | None = (12, 8, 6)  # armies, fleets, garrisons a power may have [M 3.5]
    famine: bool = True  # the judge's `famine` flag
    plague: bool = False  # the judge's `plague` flag: off in the judge's rules ("too nasty"), on for Objectif
    disaster_year_roll: DisasterYearRoll = "2d6"  # how the year roll reads: see disasters.py
    victory_cities: int = 23  # cities a power must control at the end of a campaign to win [M 20.3]
    first_order_phase: FirstOrderPhase = (
        "spring"  # the first campaign with orders: spring, or summer after a setup spring
    )
    calendar: CalendarName = "judge"  # judge: income and adjustments after fall; objectif: at the start of spring
    max_expenses: int | None = 4  # expenses a power may order a campaign (judge: 4; Objectif: no limit)
    underfunded_expense: UnderfundedExpense = "use_remainder"  # short of money: use what is left (judge), or not at all
    bribe_adjacency: BribeAdjacency = "own"  # off | own | own_or_permitted: who must stand next to a bribed unit
    rebellion_suspends_control: bool = False  # nobody controls a rebelling province or city [M 15.11]
    rebellion_put_down: RebellionPutDown = (
        "hold_only"  # the target's unit must hold in the province, or may also move in
    )
    assassinations: bool = True  # the judge's `assassinations` flag: the assassination expense
    special_units: bool = True  # the judge's `special` flag: mercenaries and professionals may be built
    assassination_chits_tradable: bool = True  # `give <power> to <power>` (judge); never traded (Objectif)
    assassinated_sieges: AssassinatedSieges = (
        "broken"  # the victim's sieges are broken (judge) or stand still (Objectif)
    )

    def option_value(self, name: str, value: Any) -> Any:
        """The straits in play as a set, an expense limit (or none), a number of cities, the unit limits as
        three numbers (or none); `ValueError` says what was expected."""
        if name == "straits":
            return frozenset(str(v) for v in value or ())
        if name == "max_expenses" and not (value is None or (isinstance(value, int) and value > 0)):
            raise ValueError(f"expected a number or null, got {value!r}")
        if name == "victory_cities" and not (isinstance(value, int) and value > 0):
            raise ValueError(f"expected a number of cities, got {value!r}")
        if name == "unit_limits":
            if value is not None and not (isinstance(value, (list, tuple)) and len(value) == 3):
                raise ValueError(f"expected [armies, fleets, garrisons] or null, got {value!r}")
            return tuple(int(v) for v in value) if value is not None else None
        return value


CHOICES, FLAGS = option_kinds(MachiavelliOptions)  # every option's of a Machiavelli game, the shared ones too
