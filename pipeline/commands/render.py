"""`judge render`: the maps of one turn of a game, as SVG files.

The position is the turn's committed state. When the turn has been adjudicated, its orders are drawn from its
committed results file (every order as read, with its result code and detail, and the events such as plague):
the same file the turn's report is written from, so the map and the report always agree, and nothing has to be
adjudicated again (no dice secret, no order file, no rules code in the way).

A family may draw several maps for a turn (Symmachia: the year's start and each season's): `--out map.svg`
writes the turn's map there and each other beside it (`map-spring.svg`...); without `--out` the turn's map is
printed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pipeline.errors import DataError
from pipeline.publish.turns import turn_maps
from pipeline.storage.gamedir import load_game, write_all

Echo = Callable[[str], None]


def render(folder: Path, turn: str, echo: Echo, lang: str = "en", out: Path | None = None) -> None:
    """Write the maps of a game's turn (the first to `out`, the others beside it), or print the first."""
    game = load_game(folder)
    maps = {name: by_lang[lang] for name, by_lang in turn_maps(game, turn, [lang]).items()}
    if not maps:
        raise DataError(f"the map {game.map_name!r} has no drawing: no picture of it can be made (docs/render.md)")
    if out is None:
        echo(maps.get("", next(iter(maps.values()))).rstrip("\n"))
        return
    files = {out if name == "" else out.with_name(f"{out.stem}-{name}{out.suffix}"): svg for name, svg in maps.items()}
    write_all(files)
    for path, svg in files.items():
        echo(f"wrote {path} ({len(svg.encode('utf-8')) // 1024} KB)")


__all__ = ["render"]
