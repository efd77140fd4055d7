"""`judge render`: the map of one turn of a game, as an SVG file.

The position is the turn's committed state. When the turn has been adjudicated, its orders are drawn from its
committed results file (every order as read, with its result code and detail, and the events such as plague):
the same file the turn's report is written from, so the map and the report always agree, and nothing has to be
adjudicated again (no dice secret, no order file, no rules code in the way).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from pipeline.core.calendar import Event
from pipeline.core.orders import Order, order_space
from pipeline.core.outcome import Outcome
from pipeline.core.position import Position
from pipeline.core.units import CITY, Unit, UnitKind
from pipeline.errors import DataError
from pipeline.publish.render import render_map
from pipeline.publish.report import load_phase
from pipeline.storage.gamedir import Game, load_game, write_all

Echo = Callable[[str], None]


def turn_outcomes(game: Game, turn: str) -> tuple[list[Outcome], list[Event]] | None:
    """The orders of an adjudicated turn as outcomes, and its events (province events only: plague, famine,
    rebellions); None if the turn has no results yet. Orders that no longer parse are left out."""
    if not game.results_path(turn).exists():
        return None
    record = load_phase(game, turn)
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
        if "unit" not in item and re.fullmatch(r"[a-z][a-z0-9_]*", str(item.get("place", ""))):
            events.append(Event(str(item.get("event")), str(item["place"]), None))
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


def render_turn(game: Game, turn: str, lang: str = "en") -> str | None:
    """The SVG map of `turn` (with its orders when it has results); None for a map without a drawing."""
    if turn not in game.turns():
        raise DataError(f"no state for turn {turn!r} (turns: {', '.join(game.turns()) or 'none'})")
    found = turn_outcomes(game, turn)
    outcomes, events = found if found is not None else (None, [])
    return render_map(game.board, game.position(turn), outcomes, lang, game.map_name, events)


def render(folder: Path, turn: str, echo: Echo, lang: str = "en", out: Path | None = None) -> None:
    """Write the map of a game's turn to `out`, or print it."""
    game = load_game(folder)
    svg = render_turn(game, turn, lang)
    if svg is None:
        raise DataError(f"the map {game.map_name!r} has no drawing: no picture of it can be made (docs/render.md)")
    if out is None:
        echo(svg.rstrip("\n"))
    else:
        write_all({out: svg})
        echo(f"wrote {out} ({len(svg.encode('utf-8')) // 1024} KB)")
