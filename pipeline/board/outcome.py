"""What happened to each order: succeeded or not, and a reason code that reports can explain.

Reasons are codes, never prose (`pipeline.board.reasons`, named here too): reports translate them.
`detail` carries the places a reason speaks of (``{"against": "tyr"}``, ``{"by": "boh"}``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import NamedTuple

from .orders import Order
from .reasons import Reason, SubReason
from .units import Unit

# What `judge validate` and `judge adjudicate` say when an order is refused, one entry per reason code: a
# sentence, or its variants by case ("" the general one), filled in by `pipeline.board.explain` with the
# order's places and powers as the board names them: {power} the ordering power, {at} the unit's place,
# {to} where the order goes, {target} the unit it supports, convoys or bribes, {place} the place the
# reason names, {owner} the unit's owner, {actual} the unit found there, {kind} and {a_kind} the order's
# unit kind, {into} a conversion's kind, {other} another power the order names, {phase} the phase.
CHECK_WORDS: dict[Reason, str | Mapping[str, str]] = {
    Reason.ILLEGAL_NO_UNIT: {"": "there is no unit in {place}", "own": "{power} has no unit in {place}"},
    Reason.ILLEGAL_NOT_OWNER: {
        "": "the {actual_kind} in {at} belongs to {owner}, not to {power}",
        "autonomous": "the garrison in {at} is autonomous, not {power}'s",
        "pay": "{power} cannot pay {other}",
        "permit": "{power} cannot allow {other} to bribe",
        "ally": "{other} is not a power of this game",
        "chit": "{power} cannot give that assassination chit to {other}",
    },
    Reason.ILLEGAL_WRONG_KIND: {
        "": "the unit in {at} is {actual}, not {a_kind}",
        "build": "a build must say what it builds: an army, a fleet or a garrison, and a special unit of a known kind",
    },
    Reason.ILLEGAL_NOT_ADJACENT: "{at} is not next to {to}",
    Reason.ILLEGAL_TERRAIN: {
        "": "{a_kind} cannot go to {to}",
        "convert": "{into} cannot stand in {at}",
        "build": "{a_kind} cannot be built in {at}",
    },
    Reason.ILLEGAL_COAST_NEEDED: "the coast of {to} must be named",
    Reason.ILLEGAL_WRONG_COAST: {"": "the fleet in {at} cannot reach {to}", "build": "no fleet can be built on {at}"},
    Reason.ILLEGAL_OWN_SPACE: {
        "": "the {actual_kind} in {at} cannot move or give support to where it stands",
        "move": "the {actual_kind} in {at} is already in {to}",
        "convoy": "the army in {target} is already in {to}",
    },
    Reason.ILLEGAL_UNREACHABLE: "the {kind} in {at} cannot reach {place}, so it cannot support there",
    Reason.ILLEGAL_NOT_CONVOYABLE: {
        "": "only armies are convoyed, and only by fleets at sea",
        "move": "the unit in {at} is a fleet: only armies are convoyed",
        "convoy": "the {actual_kind} in {at} cannot convoy: only fleets at sea do",
        "target": "the unit in {target} is not an army: only armies are convoyed",
    },
    Reason.ILLEGAL_NO_CONVOY_ROUTE: {
        "": "no chain of fleets could carry the army there",
        "convoy": "no chain of fleets through {at} could carry the army in {target} to {to}",
        SubReason.NOT_NEEDED.value: (
            "every chain of fleets through {at} that could carry the army in {target} to {to} has a shorter way "
            "round {at}: under these rules a fleet convoys only where a chain needs it"
        ),
    },
    Reason.ILLEGAL_WRONG_PHASE: {
        "": "this order cannot be given in {phase}",
        "build": "builds belong to the adjustment phase, not to {phase}",
        "adjust": "units are maintained or removed in the adjustment phase, not in {phase}",
    },
    Reason.ILLEGAL_AMBIGUOUS_UNIT: "an army or fleet and a garrison both stand in {at}: say which (A, F or G)",
    Reason.ILLEGAL_GARRISON: "the garrison in {at} may only hold, convert, or support into its own province",
    Reason.ILLEGAL_NO_CITY: {
        "": "there is no fortified city in {at} (or no port, for a fleet)",
        "retreat": "the {actual_kind} in {at} cannot retreat into the city of its province",
        "besiege": "under these rules the port of {at} is besieged by fleets only",
    },
    Reason.ILLEGAL_CITY_OCCUPIED: "the city of {at} already holds a garrison",
    Reason.ILLEGAL_CONVERSION: {
        "": "the {actual_kind} in {at} cannot convert that way",
        "same": "the {actual_kind} in {at} is already {into}",
        "besieged": "the garrison in {at} is besieged and cannot convert",
        "two steps": "an army becomes a fleet, or a fleet an army, only through a garrison, one campaign each",
        "support": "only a garrison is supported in converting, into an army or a fleet",
    },
    Reason.ILLEGAL_NOTHING_TO_BESIEGE: "there is no foreign garrison in the city of {at} to besiege",
    Reason.ILLEGAL_NOT_BESIEGING: "the {actual_kind} in {at} is not besieging the city",
    Reason.ILLEGAL_SIEGE_LOCKED: "the {actual_kind} in {at} is besieging: it may only go on with the siege or lift it",
    Reason.ILLEGAL_OPTION_OFF: "the rules of this game have no such order",
    Reason.ILLEGAL_STRAIT_CLOSED: "a fleet of another power holds the strait to {to}",
    Reason.ILLEGAL_DUPLICATE: {
        "": "the {actual_kind} in {at} already has an order",
        "pay": "a second payment to {other}: one payment per recipient in a set of orders",
    },
    Reason.ILLEGAL_EXPENSE: {
        "": "this expense cannot be spent on the unit in {target}",
        SubReason.ASSASSINATIONS_OFF.value: "there are no assassinations under the rules of this game",
        SubReason.LAND_EXPECTED.value: "{target} is not a land province",
        "own": "{power} cannot bribe its own unit in {target}",
    },
    Reason.NOT_DISLODGED: "{power} has no dislodged unit in {at}",
    Reason.RETREAT_TO_ATTACKER: "the {actual_kind} in {at} cannot retreat to {to}, where its attacker came from",
    Reason.RETREAT_CONTESTED: "{to} was left empty by a standoff: no retreat there",
    Reason.RETREAT_OCCUPIED: "{to} is occupied: no retreat there",
    Reason.BUILD_NOT_HOME: "{at} is not in the home country of {power}",
    Reason.BUILD_NOT_OWNED: "{power} does not control {at}",
    Reason.BUILD_OCCUPIED: "there is no room for a new unit in {at}",
    Reason.NO_BUILD_ALLOWED: {
        "": "{power} has no build due",
        "special": "{power} already has a special unit",
        "limit": "{power} has as many units of that kind as the rules allow",
    },
    Reason.NO_REMOVAL_DUE: "{power} has no unit to remove",
    Reason.BUILD_FAMINE: "no build in a province in famine, and {at} is in famine",
    Reason.BUILD_REBELLION: "no build in a province in rebellion, and {at} is in rebellion",
    Reason.TOO_MANY_EXPENSES: {
        "": "more expenses than a campaign allows",
        "limit": "a campaign allows at most {limit} expenses, numbered 1 to {limit}",
    },
    Reason.TOO_LITTLE: "this expense needs at least {needed} ducats, not {ducats}",
    Reason.NO_CHIT: "{power} has no assassination chit left against {other}",
    Reason.NOTHING_TO_DO: "{other} already holds an assassination chit against that power",
    Reason.REBELLION_NOT_ALLOWED: {
        "": "no rebellion can be raised in {target}",
        SubReason.ALREADY_REBELLING.value: "{target} is already in rebellion",
        SubReason.NOT_ANOTHER_POWERS.value: "a rebellion is raised only in a province another power controls",
        SubReason.UNIT_PRESENT.value: "a unit stands in {target}",
    },
}
# the results of adjudication, never the answer of a check of one order on its own: a sentence all the same
OTHER_WORDS = "this order cannot be carried out here"


class _NoDetail(Mapping[str, str]):
    """The empty detail, read-only: one value for every outcome whose reason speaks of no place (a movement
    phase gives one to most of its units). Not a mappingproxy, which cannot be pickled, and outcomes are
    (bench/trees_adjudication.py): this one is pickled as the name of the one value."""

    __slots__ = ()

    def __getitem__(self, key: str) -> str:
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "{}"

    def __reduce__(self) -> str:
        return "NO_DETAIL"


NO_DETAIL: Mapping[str, str] = _NoDetail()  # the one default every outcome shares


class Outcome(NamedTuple):
    """The result of one order. `unit` is the unit it was for (None for a waive or a bad build). A named
    tuple: frozen, and quick to make (a frozen dataclass is not: every field costs a call; a movement phase
    makes one per unit, a third of its execution's time)."""

    power: str
    order: Order
    succeeded: bool
    reason: Reason
    detail: Mapping[str, str] = NO_DETAIL
    unit: Unit | None = None
    dislodged_by: str | None = None  # space the dislodging unit came from

    def __str__(self) -> str:
        text = f"{self.power}: {self.order}: {self.reason.value}"
        if self.detail:
            text += " (" + ", ".join(f"{k} {v}" for k, v in sorted(self.detail.items())) + ")"
        if self.dislodged_by:
            text += f", dislodged from {self.dislodged_by}"
        return text


__all__ = ["CHECK_WORDS", "NO_DETAIL", "OTHER_WORDS", "Outcome", "Reason", "SubReason"]
