"""The retreat phase: each dislodged unit retreats to an adjacent free space or is disbanded.

A unit may not retreat into an occupied space, into the space its attacker came from (unless the
attacker came by convoy), into a space left empty by a standoff, or by convoy. Two units retreating
to the same space are both disbanded; a unit without a valid retreat order is disbanded. What a family
adds (Machiavelli: straits closed to retreats, Venice's one unit, the retreat into a city) comes in as its
`LegalityHooks` (`pipeline.board.legality`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass

from .board import Board, space_of
from .legality import DEFAULT_RULES, NO_LEGALITY_HOOKS, AnyLegalityHooks, Illegal, check_unit, step_destination
from .order_kinds import kind_of
from .orders import Disband, Order
from .outcome import Outcome, Reason
from .position import Dislodged, Phase, PhaseKind, Position
from .rules import Rules
from .units import CITY, Unit, UnitKind


@dataclass(frozen=True)
class RetreatResult:
    position: Position  # the same season, with no one left to retreat
    outcomes: tuple[Outcome, ...]


def retreat_destination(
    board: Board,
    position: Position,
    entry: Dislodged,
    to: str,
    rules: Rules = DEFAULT_RULES,
    hooks: AnyLegalityHooks = NO_LEGALITY_HOOKS,
) -> str:
    """The exact location a retreat to `to` ends at, or raise `Illegal`; the family's `hooks` may close
    a way (`retreat_closed`) or hold a space no unit stands in (`space_taken`)."""
    dest = step_destination(board, entry.unit, to)
    space = space_of(dest)
    if hooks.retreat_closed is not None and hooks.retreat_closed(board, position, entry.unit, space, rules):
        raise Illegal(Reason.ILLEGAL_STRAIT_CLOSED)
    if space in position.units or (hooks.space_taken is not None and hooks.space_taken(board, position, space)):
        raise Illegal(Reason.RETREAT_OCCUPIED)
    if space == entry.attacker_from:
        raise Illegal(Reason.RETREAT_TO_ATTACKER)
    if space in position.contested:
        raise Illegal(Reason.RETREAT_CONTESTED)
    return dest


def city_retreat(
    board: Board,
    position: Position,
    entry: Dislodged,
    rules: Rules = DEFAULT_RULES,
    hooks: AnyLegalityHooks = NO_LEGALITY_HOOKS,
) -> bool:
    """May the dislodged unit retreat into the city of its own province, becoming its garrison? The family
    says (`LegalityHooks.city_retreat`); never where it says nothing."""
    return hooks.city_retreat is not None and hooks.city_retreat(board, position, entry, rules)


def retreat_options(
    board: Board,
    position: Position,
    entry: Dislodged,
    rules: Rules = DEFAULT_RULES,
    hooks: AnyLegalityHooks = NO_LEGALITY_HOOKS,
) -> list[str]:
    """Every location the dislodged unit could retreat to (empty: it will be disbanded unless it may
    retreat into its city, see `city_retreat`)."""
    unit = entry.unit
    if unit.kind is UnitKind.ARMY:
        candidates = sorted(board.army_adjacency.get(unit.space, ()))
    else:
        candidates = sorted(board.fleet_adjacency.get(unit.location, ()))
    options = []
    for loc in candidates:
        with contextlib.suppress(Illegal):
            options.append(retreat_destination(board, position, entry, loc, rules, hooks))
    return options


def adjudicate_retreats(
    board: Board,
    position: Position,
    orders: Iterable[tuple[str, Order]],
    rules: Rules = DEFAULT_RULES,
    hooks: AnyLegalityHooks = NO_LEGALITY_HOOKS,
) -> RetreatResult:
    """Each dislodged unit's retreat order carried out, with the family's `hooks`; two retreats to one
    place both fail, and a unit without a valid retreat is disbanded."""
    waiting = {d.unit.space: d for d in position.dislodged}
    outcomes: list[Outcome] = []
    chosen: dict[str, tuple[str, Order, str | None]] = {}  # space -> (power, order, destination)
    for power, order in orders:
        at = getattr(order, "at", None)
        if PhaseKind.RETREAT not in kind_of(order).phases or at is None:
            outcomes.append(Outcome(power, order, False, Reason.ILLEGAL_WRONG_PHASE))
            continue
        entry = waiting.get(space_of(at))
        if entry is None:
            reason = Reason.NOT_DISLODGED if space_of(at) in position.units else Reason.ILLEGAL_NO_UNIT
            outcomes.append(Outcome(power, order, False, reason))
            continue
        if entry.unit.space in chosen:
            outcomes.append(Outcome(power, order, False, Reason.ILLEGAL_DUPLICATE, {}, entry.unit))
            continue
        try:
            check_unit(getattr(order, "kind", None), at, entry.unit, power)
            dest = _destination(board, position, entry, order, rules, hooks)
        except Illegal as why:
            outcomes.append(Outcome(power, order, False, why.reason, why.detail, entry.unit))
            if why.reason is not Reason.ILLEGAL_NOT_OWNER:
                chosen[entry.unit.space] = (power, order, None)
            continue
        chosen[entry.unit.space] = (power, order, dest)

    targets: dict[str, list[str]] = {}
    for space, (_, _, dest) in chosen.items():
        if dest is not None:
            targets.setdefault(space_of(dest), []).append(space)
    retreated: list[Unit] = []
    for space, entry in waiting.items():
        unit = entry.unit
        if space not in chosen:
            outcomes.append(Outcome(unit.power, Disband(unit.kind, unit.location), True, Reason.NO_ORDER, {}, unit))
            continue
        power, order, dest = chosen[space]
        if dest is None:
            if kind_of(order).disbands:
                outcomes.append(Outcome(power, order, True, Reason.DISBANDED, {}, unit))
            continue  # an illegal retreat: already reported, the unit is disbanded
        rivals = [s for s in targets[space_of(dest)] if s != space]
        if rivals:
            outcomes.append(Outcome(power, order, False, Reason.RETREAT_BOUNCED, {"with": " ".join(rivals)}, unit))
            continue
        if dest.endswith(CITY):
            retreated.append(Unit(unit.power, UnitKind.GARRISON, unit.space, unit.special))
        else:
            retreated.append(Unit(unit.power, unit.kind, dest, unit.special))
        outcomes.append(Outcome(power, order, True, Reason.SUCCEEDS, {}, unit))

    phase = position.phase
    after = Position.build(
        Phase(phase.season, phase.year, PhaseKind.RETREAT),
        list(position.units.values()) + retreated,
        position.owners,
        cities=position.cities,
        sieges=position.sieges,
        ledger=position.ledger,
        famine=position.famine,
        rebellions=position.rebellions,
        chits=position.chits,
    )
    return RetreatResult(after, tuple(outcomes))


def _destination(
    board: Board,
    position: Position,
    entry: Dislodged,
    order: Order,
    rules: Rules,
    hooks: AnyLegalityHooks,
) -> str | None:
    """Where a retreat order takes the unit (the city space for a retreat into the city); None to disband."""
    kind = kind_of(order)
    if kind.retreats_to is not None:
        return retreat_destination(board, position, entry, kind.retreats_to(order), rules, hooks)
    if kind.becomes is not None:
        if kind.becomes(order) is not UnitKind.GARRISON or not city_retreat(board, position, entry, rules, hooks):
            raise Illegal(Reason.ILLEGAL_NO_CITY)
        return entry.unit.space + CITY
    return None
