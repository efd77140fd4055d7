"""The map of one turn of a game: its committed state, and when the turn has been adjudicated, its orders
as the committed results file gives them (the file the turn's report is written from, so map and report
agree, and nothing is adjudicated again). Only what everybody may see is drawn."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pipeline.board.board import Board
from pipeline.board.calendar import Event, EventKind
from pipeline.board.family import AnyFamily
from pipeline.board.orders import Order, order_space
from pipeline.board.outcome import Outcome
from pipeline.board.position import Position
from pipeline.board.units import CITY, Unit, UnitKind

from .render import render_map
from .report import PhaseRecord


def turn_outcomes(record: PhaseRecord) -> tuple[list[Outcome], list[Event]]:
    """The orders of an adjudicated turn as outcomes, and its events (province events only: plague, famine,
    rebellions). Orders that no longer parse are left out."""
    outcomes = []
    for entry in record.entries():
        if entry.order is None:
            continue
        detail = {k: v for k, v in entry.detail.items() if k != "dislodged_from"}
        outcomes.append(
            Outcome(
                entry.power,
                entry.order,
                entry.succeeded,
                entry.reason,
                detail,
                _unit_of(record.played, entry.order),
                entry.detail.get("dislodged_from"),
            )
        )
    events = []
    for item in record.results.get("events") or []:
        kind = EventKind.read(item.get("event"))
        if kind is not None and "unit" not in item and re.fullmatch(r"[a-z][a-z0-9_]*", str(item.get("place", ""))):
            events.append(Event(kind, str(item["place"]), None))
    return outcomes, events


def _unit_of(position: Position, order: Order) -> Unit | None:
    """The unit an order was for, in the position it was given in (a dislodged unit, in a retreat phase)."""
    space = order_space(order)
    if space is None:
        return None
    kind = getattr(order, "kind", None)
    if kind is UnitKind.GARRISON:
        return position.units.get(space + CITY)
    for dislodged in position.dislodged:
        if dislodged.unit.space == space:
            return dislodged.unit
    return position.units.get(space) or position.units.get(space + CITY)


def draw_turn(
    board: Board, family: AnyFamily, position: Position, record: PhaseRecord | None, langs: Sequence[str]
) -> str | None:
    """The SVG map of a turn in each of `langs` (`render.render_map`: the first shown, the others at
    ``#<lang>``): `position`, with the orders of `record` once the turn is adjudicated; None for a map without
    a drawing."""
    outcomes, events = turn_outcomes(record) if record is not None else (None, [])
    return render_map(board, position, outcomes, list(langs), board.id or None, events, family=family)
