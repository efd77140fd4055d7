"""`judge render`: the map of one turn of a game, as an SVG file.

The position is the turn's committed state. When the turn has been adjudicated, its orders are drawn from its
committed results file (every order as read, with its result code and detail, and the events such as plague):
the same file the turn's report is written from, so the map and the report always agree, and nothing has to be
adjudicated again (no dice secret, no order file, no rules code in the way).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pipeline.errors import DataError
from pipeline.publish.turn_map import render_turn
from pipeline.storage.gamedir import load_game, write_all

Echo = Callable[[str], None]


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
