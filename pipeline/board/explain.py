"""A refused order's reason in words, for `judge validate` and `judge adjudicate`: the sentence of
`CHECK_WORDS` for its reason code, filled in with the order's places and powers as the board names them."""

from __future__ import annotations

from collections.abc import Mapping

from .board import Board, coast_of, space_of
from .order_kinds import kind_of
from .order_kinds.presenting import Explained, Refusal
from .orders import Order
from .outcome import CHECK_WORDS, OTHER_WORDS, Reason, SubReason
from .position import PhaseKind, Position
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
) -> str:
    """Why `order` of `power` is refused in `position`, in plain words: never a reason code. The order's kind
    adds what only it knows (`pipeline.board.order_kinds.presenting.Explained`)."""
    refusal = Refusal(reason, detail, board, position, power, _unit(order, position), "allowed" in detail)
    told = kind_of(order).explain(order, refusal)
    at = getattr(order, "at", None)
    to = getattr(order, "to", None)
    target = getattr(order, "target", None)
    unit = refusal.unit
    place = detail.get("at") or told.place or at or ""
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
        "other": _other_power(board, power, told.other),
        "phase": _PHASES[position.phase.kind],
        "limit": detail.get("allowed", ""),  # a limit of the rules, the family's check tells it
        "needed": detail.get("needed", "more"),
        "ducats": str(getattr(order, "ducats", "")),
    }
    words = CHECK_WORDS.get(reason, OTHER_WORDS)
    if isinstance(words, str):
        return words.format_map(values)
    case = _case(refusal, told, at, place)
    return words.get(case, words[""]).format_map(values)


# the reasons whose sub-reason, when the results give one, chooses their sentence before the order's kind
_SUB_REASON_FIRST = (Reason.ILLEGAL_NO_CONVOY_ROUTE, Reason.ILLEGAL_EXPENSE, Reason.REBELLION_NOT_ALLOWED)


def _case(refusal: Refusal, told: Explained, at: str | None, place: str) -> str:
    """Which of a reason's sentences fits this order ("" the general one): the sub-reason's, a retreat's, the
    case the order's kind chose, or the general rules'."""
    reason, detail = refusal.reason, refusal.detail
    why = SubReason.of(detail)
    if reason in _SUB_REASON_FIRST and why is not None:
        return why.value
    if reason is Reason.ILLEGAL_NO_CITY and refusal.phase is PhaseKind.RETREAT:
        return "retreat"
    if told.case is not None:
        return told.case
    if reason is Reason.ILLEGAL_NO_UNIT:
        return "own" if at and space_of(place) == space_of(at) else ""
    if reason is Reason.TOO_MANY_EXPENSES:
        return "limit" if "allowed" in detail else ""
    if reason is Reason.ILLEGAL_NOT_OWNER:
        return "autonomous" if detail.get("owner") == AUTONOMOUS else ""
    return ""
