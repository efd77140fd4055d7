"""`judge render`: the map of one turn of a game, as an SVG file.

The position is the turn's committed state. When the turn has been adjudicated, its orders are drawn from its
committed results file (every order as read, with its result code and detail, and the events such as plague):
the same file the turn's report is written from, so the map and the report always agree, and nothing has to be
adjudicated again (no dice secret, no order file, no rules code in the way).

A family that draws its own maps (Symmachia, the Catan variant: `GameFamily.draw_map`) may draw several for a
turn (Symmachia: the year's start and each season's): `--out map.svg` writes the turn's map there and each
other beside it (`map-spring.svg`...); without `--out` the turn's map is printed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from pipeline.errors import DataError
from pipeline.publish.family_pages import is_own_kind
from pipeline.publish.i18n import translator
from pipeline.publish.turn_map import render_turn
from pipeline.storage.gamedir import load_game, write_all

Echo = Callable[[str], None]


def render(folder: Path, turn: str, echo: Echo, lang: str = "en", out: Path | None = None) -> None:
    """Write the map of a game's turn to `out`, or print it."""
    game = load_game(folder)
    if turn not in game.turns():
        raise DataError(f"{game.id} has no turn {turn!r} (its turns: {', '.join(game.turns())})")
    if is_own_kind(game):  # the family draws its own maps; a board family's state is read by render_turn alone
        state, results = game.state(turn, public=True), game.recorded_results(turn)
        maps = game.game_family.draw_map(game.board, turn, state, results, translator(lang))
        if maps is None:
            raise DataError(f"{game.id}: turn {turn} has no map")
        _write_family_maps(maps, echo, out)
        return
    svg = render_turn(game, turn, lang)
    if svg is None:
        raise DataError(f"the map {game.map_name!r} has no drawing: no picture of it can be made (docs/render.md)")
    if out is None:
        echo(svg.rstrip("\n"))
    else:
        write_all({out: svg})
        echo(f"wrote {out} ({len(svg.encode('utf-8')) // 1024} KB)")


def _write_family_maps(maps: Mapping[str, str], echo: Echo, out: Path | None) -> None:
    """The maps a family drew for a turn: the turn's own (``""``) to `out` or printed, the others (a season's)
    beside `out`, named after it."""
    if out is None:
        echo(maps.get("", next(iter(maps.values()), "")).rstrip("\n"))
        return
    files = {out if name == "" else out.with_name(f"{out.stem}-{name}{out.suffix}"): svg for name, svg in maps.items()}
    write_all(files)
    for path, svg in files.items():
        echo(f"wrote {path} ({len(svg.encode('utf-8')) // 1024} KB)")
