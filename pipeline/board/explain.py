"""A refused order's reason in words, for `judge validate` and `judge adjudicate`: the sentence of
`CHECK_WORDS` for its reason code, filled in with the order's places and powers as the board names them."""

from __future__ import annotations

from collections.abc import Mapping

from .board import Board, coast_of, space_of
from .orders import (
    Ally,
    Besiege,
    Build,
    Convert,
    Convoy,
    Expense,
    GiveChit,
    Maintain,
    Move,
    Order,
    Pay,
    PermitBribes,
    Remove,
    Retreat,
    SupportConvert,
    SupportHold,
    SupportMove,
    Waive,
)
from .outcome import CHECK_WORDS, OTHER_WORDS, Reason, SubReason
from .position import PhaseKind, Position
from .rules import Rules
from .units import AUTONOMOUS, CITY, Unit, UnitKind

_KIND = {UnitKind.ARMY: "army", UnitKind.FLEET: "fleet", UnitKind.GARRISON: "garrison"}
_A_KIND = {UnitKind.ARMY: "an army", UnitKind.FLEET: "a fleet", UnitKind.GARRISON: "a garrison"}
_COASTS = {"nc": "north coast", "sc": "south coast", "ec": "east coast", "wc": "west coast"}
_PHASES = {
    PhaseKind.MOVEMENT: "a movement phase",
    PhaseKind.RETREAT: "a retreat phase",
    PhaseKind.ADJUSTMENT: "an adjustment phase",
}


def place_name(board: Board, location: str) -> str:
    """A place as the board names it: ``Spain (north coast)``, ``Venice``."""
    location = location.removesuffix(CITY)
    space = board.spaces.get(space_of(location))
    if space is None:
        return location
    coast = coast_of(location)
    return f"{space.name} ({_COASTS.get(coast, coast + ' coast')})" if coast else space.name


def power_name(board: Board, power: str) -> str:
    if power == AUTONOMOUS:
        return "no power (an autonomous garrison)"
    found = board.powers.get(power)
    return found.name if found is not None else power


def _other_power(board: Board, power: str, other: str) -> str:
    if other == "bank":
        return "the bank"
    return "itself" if other == power else power_name(board, other) if other else "that power"


def _unit(order: Order, position: Position) -> Unit | None:
    """The unit the order is for, if it stands there (a dislodged one in a retreat phase)."""
    at, kind = getattr(order, "at", None), getattr(order, "kind", None)
    if not isinstance(at, str):
        return None
    space = space_of(at)
    if position.phase.kind is PhaseKind.RETREAT:
        found = next((d.unit for d in position.dislodged if d.unit.space == space), None)
        if found is not None:
            return found
    if kind is UnitKind.GARRISON:
        return position.units.get(space + CITY)
    return position.units.get(space) or position.units.get(space + CITY)


def check_words(
    reason: Reason,
    detail: Mapping[str, str],
    order: Order,
    board: Board,
    position: Position,
    power: str,
    rules: Rules | None = None,
) -> str:
    """Why `order` of `power` is refused in `position`, in plain words: never a reason code."""
    at = getattr(order, "at", None)
    to = getattr(order, "to", None)
    target = getattr(order, "target", None)
    unit = _unit(order, position)
    other = ""
    if isinstance(order, Pay | GiveChit):
        other = order.to
    elif isinstance(order, PermitBribes | Ally):
        other = order.power
    if isinstance(order, GiveChit) and reason is Reason.NO_CHIT:
        other = order.victim
    if isinstance(order, Expense) and order.kind == "assassinate":
        other = target or ""
    place = detail.get("at") or (target if isinstance(order, Expense) else at) or ""
    owner = detail.get("owner", "")
    actual = {"A": "an army", "F": "a fleet", "G": "a garrison"}.get(detail.get("actual", ""), "of another kind")
    kind = getattr(order, "kind", None)
    into = getattr(order, "into", None)
    values = {
        "power": power_name(board, power),
        "at": place_name(board, at) if at else "that place",
        "to": place_name(board, to) if isinstance(to, str) and to != "bank" else "there",
        "target": place_name(board, target) if target else "that place",
        "place": place_name(board, place) if place else "that place",
        "owner": power_name(board, owner) if owner else "another power",
        "actual": actual,
        "actual_kind": _KIND[unit.kind] if unit is not None else "unit",
        "kind": _KIND.get(kind, "unit") if isinstance(kind, UnitKind) else "unit",
        "a_kind": _A_KIND.get(kind, "a unit") if isinstance(kind, UnitKind) else "a unit",
        "into": _A_KIND.get(into, "a unit") if isinstance(into, UnitKind) else "a unit",
        "other": _other_power(board, power, other),
        "phase": _PHASES[position.phase.kind],
        "limit": str(rules.max_expenses) if rules is not None and rules.max_expenses is not None else "",
        "needed": detail.get("needed", "more"),
        "ducats": str(getattr(order, "ducats", "")),
    }
    words = CHECK_WORDS.get(reason, OTHER_WORDS)
    if isinstance(words, str):
        return words.format_map(values)
    case = _case(reason, detail, order, board, position, power, rules, place)
    return words.get(case, words[""]).format_map(values)


def _case(
    reason: Reason,
    detail: Mapping[str, str],
    order: Order,
    board: Board,
    position: Position,
    power: str,
    rules: Rules | None,
    place: str,
) -> str:
    """Which of a reason's sentences fits this order ("" the general one)."""
    at = getattr(order, "at", None)
    unit = _unit(order, position)
    if reason is Reason.ILLEGAL_NO_UNIT:
        own = at and not isinstance(order, Expense) and space_of(place) == space_of(at)
        return "own" if own else ""
    if reason is Reason.ILLEGAL_WRONG_PHASE and position.phase.kind is not PhaseKind.ADJUSTMENT:
        return "build" if isinstance(order, Build | Waive) else "adjust" if isinstance(order, Maintain | Remove) else ""
    if reason is Reason.ILLEGAL_DUPLICATE:
        return "pay" if isinstance(order, Pay) else ""
    if reason is Reason.TOO_MANY_EXPENSES:
        return "limit" if rules is not None and rules.max_expenses is not None else ""
    if reason is Reason.ILLEGAL_NOT_OWNER:
        kinds: list[tuple[type, str]] = [(Pay, "pay"), (PermitBribes, "permit"), (Ally, "ally"), (GiveChit, "chit")]
        for cls, case in kinds:
            if isinstance(order, cls):
                return case
        return "autonomous" if detail.get("owner") == AUTONOMOUS else ""
    if reason in (Reason.ILLEGAL_WRONG_KIND, Reason.ILLEGAL_WRONG_COAST):
        return "build" if isinstance(order, Build) else ""
    if reason is Reason.ILLEGAL_TERRAIN:
        return "build" if isinstance(order, Build) else "convert" if isinstance(order, Convert) else ""
    if reason is Reason.ILLEGAL_OWN_SPACE:
        return "move" if isinstance(order, Move | Retreat) else "convoy" if isinstance(order, Convoy) else ""
    if reason is Reason.ILLEGAL_NOT_CONVOYABLE:
        if isinstance(order, Move):
            return "move"
        if isinstance(order, Convoy) and unit is not None:
            at_sea = unit.kind is UnitKind.FLEET and board.can_convoy_from(unit.space)
            return "target" if at_sea else "convoy"
        return ""
    if reason is Reason.ILLEGAL_NO_CONVOY_ROUTE:
        why = SubReason.of(detail)
        return why.value if why is not None else "convoy" if isinstance(order, Convoy) else ""
    if reason is Reason.ILLEGAL_NO_CITY:
        if position.phase.kind is PhaseKind.RETREAT:
            return "retreat"
        return "besiege" if isinstance(order, Besiege) and unit is not None and unit.kind is UnitKind.ARMY else ""
    if reason is Reason.ILLEGAL_CONVERSION:
        if isinstance(order, SupportConvert | SupportHold | SupportMove):
            return "support"
        if isinstance(order, Convert) and unit is not None:
            if order.into is unit.kind:
                return "same"
            garrison = position.units.get(space_of(order.at) + CITY)
            if garrison is not None and order.kind is UnitKind.GARRISON and space_of(order.at) in position.sieges:
                return "besieged"
            return "two steps"
        return ""
    if reason is Reason.ILLEGAL_EXPENSE:
        why = SubReason.of(detail)
        if why is not None:
            return why.value
        if isinstance(order, Expense):
            bribed = position.unit_at(order.target)
            return "own" if bribed is not None and bribed.power == power else ""
        return ""
    if reason is Reason.NO_BUILD_ALLOWED and isinstance(order, Build):
        units = [u for u in position.units.values() if u.power == power]
        if order.special and any(u.special for u in units):
            return "special"
        if "allowed" in detail:  # the family's limit of units of a kind (`allowed`: how many)
            return "limit"
        return ""
    if reason is Reason.REBELLION_NOT_ALLOWED:
        why = SubReason.of(detail)
        return why.value if why is not None else ""
    return ""
