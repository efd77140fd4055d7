"""What a board family's order form shows besides the legal orders, in the reader's language: the powers'
names (alone and in a sentence), the board's places in words (to put an order into words), where each place is
on the map (to draw the orders clicked), and the words of a power's private report (`private_words`). The
site's script `site/assets/javascripts/order-form.js` reads them (docs/order-form.md)."""

from __future__ import annotations

from pipeline.board.board import Board
from pipeline.board.position import Position
from pipeline.shared.translations import Translations

from .private_words import private_report_words
from .render import drawing_for
from .words import Words


def form_names(board: Board, position: Position, t: Translations) -> dict[str, object]:
    """The board's part of the order form's settings in t's language."""
    w = Words(board, t)
    return {
        "phase": w.phase(position.phase),
        "powers_the": {p: w.power_the(p) for p in sorted(board.powers)},
        "places": place_names(board, t),
        "map_points": map_points(board),
        "report": private_report_words(board, t),
    }


def place_names(board: Board, t: Translations) -> dict[str, dict[str, str]]:
    """Every location of the board (each space, and each coast of a split-coast province: `stp/nc`) in the
    language: its bare name, where a unit stands and where it goes ("Venice", "in Venice", "to Venice" /
    "Venise", "à Venise", "à Venise"). The form turns a canonical order text into words with these."""
    w = Words(board, t)
    locations = []
    for sid, space in board.spaces.items():
        locations.append(sid)
        locations.extend(f"{sid}/{coast}" for coast in space.coasts)
    return {loc: {"name": w.place_coast(loc), "in": w.in_(loc), "to": w.to(loc)} for loc in sorted(locations)}


def map_points(board: Board) -> dict[str, list[float]] | None:
    """Where each location of the board stands on the game's map, in the map's units (a space's label point, a
    split coast's point where the drawing has one), as the map draws units there: where the order form draws
    the orders a player gives by clicking the map. None without a drawing."""
    drawing = drawing_for(board, board.id or None)
    if drawing is None:
        return None
    points = {}
    for sid, space in board.spaces.items():
        shape = drawing.spaces[sid]
        points[sid] = [round(c, 1) for c in shape.label]
        for coast in space.coasts:  # where the map draws a fleet on it: its coast's point, else the label's
            points[f"{sid}/{coast}"] = [round(c, 1) for c in shape.coasts.get(coast, shape.label)]
    return dict(sorted(points.items()))
