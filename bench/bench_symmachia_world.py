"""Benchmark of a year of Symmachia's largest scenarios as a user meets it: `judge adjudicate --force` of the
first year of a game made by `judge new --profile symmachia --map world-229` (the seed's world of 229 BC, 79
provinces, 18 powers) and of one made with `--map vespers-88` (88 BC, the same world, 17 powers), no order
file sent (every power defends and pays what it can), each run a process of its own from a fresh copy of
the new game, as the adjudication workflow runs it. Every run's results are checked to be the same bytes.
Then, in one process, what the run is made of: the game loaded, the year resolved by the family, the
public report and each power's private one in both languages, the maps of the year (its start and each
season) in both languages.

Writes `bench/symmachia-world-results.md`.

    python3 bench/bench_symmachia_world.py [--runs 5]
"""

from __future__ import annotations

import argparse
import platform
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_catan import site_work, timed
from bench_club import run
from bench_symmachia import timeless

from pipeline.commands import game as commands
from pipeline.commands.turn_dice import dice_for, dice_secret, turn_seed
from pipeline.commands.turn_orders import read_turn_orders
from pipeline.shared.i18n import translator
from pipeline.storage.gamedir import load_game

PROJECT = Path(__file__).resolve().parent.parent
SCENARIOS = ("world-229", "vespers-88")


def new_game(root: Path, scenario: str) -> Path:
    """A game of the scenario as `judge new --map` makes it, its first year not adjudicated."""
    folder = root / scenario
    commands.new_game(folder, "symmachia", fresh_secret=lambda: "5e" * 32, demo=True, map_name=scenario)
    return folder


def processes(template: Path, root: Path, runs: int) -> list:
    """`judge adjudicate --force` of the template's first year, `runs` times, each from a fresh copy; every
    run's results the same bytes."""
    out, results = [], set()
    for i in range(runs):
        folder = root / f"{template.name}-{i}"
        shutil.copytree(template, folder)
        out.append(run([sys.executable, "-m", "pipeline", "adjudicate", str(folder), "--force"], PROJECT))
        results.add(timeless(next((folder / "results").glob("*.yaml")).read_bytes()))
    if len(results) != 1:
        sys.exit(f"the runs of {template.name} gave different results")
    return out


def steps(template: Path, root: Path) -> tuple[dict[str, float], int, int]:
    """What one year is made of, in one process; the size of the year's map and of its results file."""
    folder = root / f"{template.name}-steps"
    shutil.copytree(template, folder)
    game = load_game(folder)
    family, turn = game.family, game.current_turn()
    state = game.state(turn)
    orders = read_turn_orders(game, turn, state, lenient=True)
    seed = turn_seed(game, turn, orders, dice_secret(game))

    def year() -> object:
        return family.rules.adjudicate(
            game.setup,
            turn,
            state,
            game.options,
            orders.by_power(),
            family.rules.no_ruling(game.setup, state),
            dice_for(game, turn, seed),
            True,
            True,
        )

    result = year()
    public = {**result.record, **result.record_end}
    out = {"load the game (game.yaml, scenario, keys)": timed(lambda: load_game(folder))}
    out["resolve the year (the family, 26 steps)"] = timed(year)

    reports, maps = site_work(game, turn, state, result)

    out[f"the reports: public and {len(result.private)} private, in two languages"] = timed(reports, 3)
    out["the maps of the year (its start and three seasons), in two languages"] = timed(maps, 3)
    drawn = family.presentation.draw_map(game.setup, game.options, turn, result.state, public, [translator("en")])
    size = len(drawn[""]["en"].encode()) if drawn else 0
    commands.adjudicate(folder, lambda line: None, force=True)
    results = next((folder / "results").glob("*.yaml")).stat().st_size
    return out, size, results


def table(name: str, runs: list, measured: dict[str, float], size: int, results: int) -> list[str]:
    walls, cpus = sorted(r.wall for r in runs), sorted(r.cpu for r in runs)
    return [
        f"## `{name}`",
        "",
        f"| `judge adjudicate --force` of the first year (one process, {len(runs)} runs) | median | min | max |",
        "|---|---|---|---|",
        f"| wall time | {statistics.median(walls):.2f} s | {walls[0]:.2f} s | {walls[-1]:.2f} s |",
        f"| CPU time | {statistics.median(cpus):.2f} s | {cpus[0]:.2f} s | {cpus[-1]:.2f} s |",
        f"| peak memory | {statistics.median(r.peak_mib for r in runs):.0f} MiB | | |",
        "",
        "What it is made of, in one process (median of 5, the reports and maps of 3):",
        "",
        "| step | ms |",
        "|---|---|",
        *(f"| {step} | {ms:.1f} |" for step, ms in measured.items()),
        "",
        f"The map of the year's start is {size / 1024:.0f} KB of SVG; the year's results file {results / 1024:.0f} KB.",
        "",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    lines = [
        "# One year of Symmachia's world (bench/bench_symmachia_world.py)",
        "",
        "`judge adjudicate --force` of the first year of a new game of each scenario, no order sent, each run a "
        f"process from a fresh copy of the game; Python {platform.python_version()} on {platform.machine()}, a "
        "shared machine (2 cores, other work running). The runs' results were the same bytes.",
        "",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for scenario in SCENARIOS:
            template = new_game(root / "templates", scenario)
            runs = processes(template, root, args.runs)
            measured, size, results = steps(template, root)
            lines += table(scenario, runs, measured, size, results)
    out = PROJECT / "bench" / "symmachia-world-results.md"
    out.write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
