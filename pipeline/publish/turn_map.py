"""The map of one turn of a game: its committed state, and when the turn has been adjudicated, its orders
as the committed results file gives them (the file the turn's report is written from, so map and report
agree, and nothing is adjudicated again). Only what everybody may see is drawn."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pipeline.board.calendar import Event, EventKind
from pipeline.board.orders import Order, order_space
from pipeline.board.outcome import Outcome
from pipeline.board.position import Position
from pipeline.board.units import CITY, Unit, UnitKind
from pipeline.errors import DataError
from pipeline.storage.gamedir import Game

from .render import render_map
from .report import load_phase


def turn_outcomes(
    game: Game, turn: str, turns: Sequence[str] | None = None
) -> tuple[list[Outcome], list[Event]] | None:
    """The orders of an adjudicated turn as outcomes, and its events (province events only: plague, famine,
    rebellions); None if the turn has no results yet. Orders that no longer parse are left out. `turns`: the
    game's, if the caller has listed them (`load_phase`)."""
    if not game.results_path(turn).exists():
        return None
    record = load_phase(game, turn, turns=turns)
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


def render_turn(
    game: Game, turn: str, lang: str | Sequence[str] = "en", turns: Sequence[str] | None = None
) -> str | None:
    """The SVG map of `turn` (with its orders when it has results) in `lang`, or in each of several languages
    (`render.render_map`); None for a map without a drawing. `turns`: the game's, when the caller has listed
    them already (the site lists them once for all of a game's maps, not twice a map)."""
    turns = game.turns() if turns is None else turns
    if turn not in turns:
        raise DataError(f"no state for turn {turn!r} (turns: {', '.join(turns) or 'none'})")
    found = turn_outcomes(game, turn, turns)
    outcomes, events = found if found is not None else (None, [])
    position = game.position(turn, public=True)
    return render_map(game.board, position, outcomes, lang, game.map_name, events, family=game.family)
