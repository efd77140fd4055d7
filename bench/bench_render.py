"""Benchmark of the map renderer: the time to draw one map, over every turn of the Machiavelli demo games.

For each turn of games/machiavelli and games/machiavelli-objectif, in English and French, with the turn's orders
when it has results: `render_map` alone (position and outcomes already read; the drawing is loaded once per
process, so the first call is timed apart), and `render_turn` as `judge render` runs it (state and results files
read too); and the site's map of each turn, one document for both languages (`render_map` given both).
Reports medians, the largest document and the sizes. Writes `bench/render-results.md`.

    python3 bench/bench_render.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from pipeline.board.calendar import Event
from pipeline.board.outcome import Outcome
from pipeline.board.position import Position
from pipeline.board.presentation.geometry import load_drawing
from pipeline.board.presentation.render import render_map
from pipeline.board.presentation.turn_map import turn_outcomes
from pipeline.shared.i18n import LANGUAGES
from pipeline.storage.gamedir import Game, load_game
from tests.board_support import render_turn

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("machiavelli", "machiavelli-objectif")


def _draw_ms(
    game: Game,
    position: Position,
    outcomes: list[Outcome] | None,
    events: list[Event],
    language: str | Sequence[str],
    repeat: int,
) -> tuple[float, str | None]:
    """The median time of `repeat` calls of `render_map` in `language` (or languages), in milliseconds, and
    the map drawn."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        svg = render_map(
            game.setup, position, outcomes, language, game.map_name, events, family=game.family.rules.family
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, svg


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="Times each map is drawn (the median is kept).")
    args = parser.parse_args()

    load_drawing.cache_clear()
    game = load_game(ROOT / "games" / GAMES[0])
    start = time.perf_counter()
    render_map(game.setup, game.state(game.turns()[0]), None, "en", game.map_name, family=game.family.rules.family)
    first = time.perf_counter() - start

    draw_ms: list[float] = []
    turn_ms: list[float] = []
    sizes: list[tuple[int, str]] = []
    both_ms: list[float] = []  # the site's map, one for both languages
    both_sizes: list[int] = []
    for name in GAMES:
        game = load_game(ROOT / "games" / name)
        for turn in game.turns():
            position = game.state(turn)
            found = turn_outcomes(game, turn)
            outcomes, events = found if found is not None else (None, [])
            for lang in ("en", "fr"):
                ms, svg = _draw_ms(game, position, outcomes, events, lang, args.repeat)
                draw_ms.append(ms)
                game.forget_files()  # read again, as `judge render` reads them: not the files read above
                start = time.perf_counter()
                render_turn(game, turn, lang)
                turn_ms.append((time.perf_counter() - start) * 1000)
                assert svg is not None
                sizes.append((len(svg.encode("utf-8")), f"{name} {turn} {lang}"))
            ms, both = _draw_ms(game, position, outcomes, events, LANGUAGES, args.repeat)
            both_ms.append(ms)
            assert both is not None
            both_sizes.append(len(both.encode("utf-8")))

    largest = max(sizes)
    lines = [
        "# Map renderer benchmark",
        "",
        f"`python3 bench/bench_render.py --repeat {args.repeat}`: every turn of the two Machiavelli demo games",
        f"({len(sizes) // 2} turns, each in English and French, with its orders when adjudicated).",
        f"Python {platform.python_version()}, {platform.machine()}.",
        "",
        "| figure | value |",
        "|---|---:|",
        f"| maps drawn | {len(sizes)} |",
        f"| first map of the process (drawing and catalogue read) | {first * 1000:.1f} ms |",
        f"| `render_map`, median | {statistics.median(draw_ms):.1f} ms |",
        f"| `render_map`, slowest | {max(draw_ms):.1f} ms |",
        f"| `render_turn` (state and results read too), median | {statistics.median(turn_ms):.1f} ms |",
        f"| document size, median | {statistics.median(s for s, _ in sizes) / 1024:.1f} KiB |",
        f"| document size, largest ({largest[1]}) | {largest[0] / 1024:.1f} KiB |",
        "| budget | 300 KiB |",
        f"| the site's map, one for both languages: `render_map`, median | {statistics.median(both_ms):.1f} ms |",
        f"| the site's map: document size, median | {statistics.median(both_sizes) / 1024:.1f} KiB |",
        "",
    ]
    text = "\n".join(lines)
    (ROOT / "bench" / "render-results.md").write_text(text, encoding="utf-8")
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
