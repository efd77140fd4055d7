"""Rule options: the choices where rule sets differ, and the profiles that bundle them.

Standard Diplomacy needs none of the Machiavelli options (their defaults change nothing on a map without
cities, garrisons or straits); its own are the few points where the 2023 rulebook differs from the 2000 one,
the 2000 rules by default. `family` names the game family the rules are played under (`pipeline.games`). The
profiles that bundle options (Diplomacy's `standard`, the 2000 rules, and `standard-2023`; Machiavelli's
`judge`, the e-mail judge's rules on the classic board, and `objectif`, the Objectif club's on the Avalon
Hill 1995 board) belong to the families (`pipeline.games.profile`); a game picks a profile and may override
single options.
docs/rule-options.md lists every option with its default per profile.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin, get_type_hints

from pipeline.errors import DataError, Problem

# The options with named choices, each a `Literal` that mypy checks wherever an option is compared
# (`rules.siege_commitment == "lockd"` is a type error); `CHOICES` and the checks of `with_options`
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
ExplicitConvoy = Literal["land_fallback", "convoy_only"]
ConvoyOrders = Literal["any_route", "necessary_fleet"]
CivilDisorderDistance = Literal["home_centres", "owned_centres"]


DEFAULT_FAMILY = "diplomacy"  # the family of rules given no profile (the DATC's, the standard map's)


@dataclass(frozen=True)
class Rules:
    """Options of the movement and retreat rules a game is played with (see docs/rule-options.md)."""

    map: str = "standard"
    family: str = DEFAULT_FAMILY  # the game family (`pipeline.games`): its calendar, orders and state
    # the Diplomacy rulebook's choices where the 2023 edition differs from the 2000 one (DATC v3.0)
    explicit_convoy: ExplicitConvoy = "land_fallback"  # `via convoy` with no convoy ordered: over land, or no move
    convoy_orders: ConvoyOrders = "any_route"  # a convoy order: any fleet on a route, or one a route needs
    civil_disorder_distance: CivilDisorderDistance = "home_centres"  # disbands counted from home or owned centres
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
    disaster_year_roll: DisasterYearRoll = "2d6"  # how the year roll reads: see pipeline/games/machiavelli/disasters.py
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

    def with_options(self, options: Mapping[str, Any]) -> Rules:
        """These rules with some options overridden; a bad name or value raises `DataError`."""
        problems = []
        known = {f.name: f for f in dataclasses.fields(self)}
        changes: dict[str, Any] = {}
        for name, value in options.items():
            if name not in known:
                problems.append(Problem(f"options.{name}", f"unknown rule option (known: {', '.join(sorted(known))})"))
                continue
            if name in CHOICES and value not in CHOICES[name]:
                problems.append(
                    Problem(f"options.{name}", f"expected one of {', '.join(CHOICES[name])}, got {value!r}")
                )
                continue
            if name == "straits":
                value = frozenset(str(v) for v in value or ())
            elif name == "max_expenses" and not (value is None or (isinstance(value, int) and value > 0)):
                problems.append(Problem("options.max_expenses", f"expected a number or null, got {value!r}"))
                continue
            elif name == "victory_cities" and not (isinstance(value, int) and value > 0):
                problems.append(Problem("options.victory_cities", f"expected a number of cities, got {value!r}"))
                continue
            elif name == "unit_limits":
                if value is not None and not (isinstance(value, (list, tuple)) and len(value) == 3):
                    problems.append(
                        Problem("options.unit_limits", f"expected [armies, fleets, garrisons] or null, got {value!r}")
                    )
                    continue
                value = tuple(int(v) for v in value) if value is not None else None
            elif name in FLAGS and not isinstance(value, bool):
                problems.append(Problem(f"options.{name}", f"expected true or false, got {value!r}"))
                continue
            changes[name] = value
        if problems:
            raise DataError(problems)
        return dataclasses.replace(self, **changes)


def _option_kinds() -> tuple[dict[str, tuple[str, ...]], frozenset[str]]:
    """The named choices of each `Literal` option and the names of the yes/no options, read from
    `Rules`' annotations."""
    choices: dict[str, tuple[str, ...]] = {}
    flags = set()
    for name, hint in get_type_hints(Rules).items():
        if get_origin(hint) is Literal:
            choices[name] = tuple(str(c) for c in get_args(hint))
        elif hint is bool:
            flags.add(name)
    return choices, frozenset(flags)


CHOICES, FLAGS = _option_kinds()
