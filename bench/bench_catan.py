"""Benchmark of one round of Klarfeld's Catan as a user meets it: `judge adjudicate` of the six-seat demo
game's last full round (`games/catan-six`, round 39: six seats' encrypted files on the large drafted board),
each run a process of its own as the adjudication workflow runs it, from a copy of the game with that round
and the next not yet adjudicated. Then, in one process, what the run is made of: the game loaded, the six
files decrypted and read, the round played by the family, and the turn's files written; and what the site
makes of the round: its public report and each seat's private one in both languages, and its map in both
languages. Then the site of the finished game alone in a repository with the project's site and mkdocs.yml,
from scratch: `judge site --no-cache`, then `judge build-site` (`mkdocs build --strict`), each a process.
Last, `judge cases` of the variant's rule case files (`tests/rules/cases/catan-*.yaml`), each run a process
of its own.

Writes `bench/catan-results.md`.

    python3 bench/bench_catan.py [--runs 5]
"""

from __future__ import annotations

import argparse
import platform
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_club import build, make_club, run, sizes

from pipeline.commands import game as commands
from pipeline.commands.turn_dice import dice_for, dice_secret, turn_seed
from pipeline.commands.turn_orders import read_turn_orders
from pipeline.shared.i18n import translator
from pipeline.storage.gamedir import load_game

PROJECT = Path(__file__).resolve().parent.parent
DEMO = PROJECT / "games" / "catan-six"
ROUND = "r39"
CASES = sorted((PROJECT / "tests" / "rules" / "cases").glob("catan-*.yaml"))


def unplayed(root: Path) -> Path:
    """A copy of the demo game with ROUND and the rounds after it not adjudicated (their encrypted files kept)."""
    folder = root / DEMO.name
    shutil.copytree(DEMO, folder)
    later = [t for t in load_game(DEMO).adjudicated() if t.startswith("r") and int(t[1:]) >= int(ROUND[1:])]
    for turn in later:
        following = f"r{int(turn[1:]) + 1:02d}"
        files = [folder / "results" / f"{turn}.yaml", *folder.glob(f"state/{following}.*"), folder / "private" / turn]
        for path in files:
            if path.is_dir():
                shutil.rmtree(path)
            elif path.exists():
                path.unlink()
        for plain in (folder / "orders" / turn).glob("*.yaml"):
            plain.unlink()  # the revealed copies, which the adjudication writes
    return folder


def timed(step: Callable[[], object], times: int = 5) -> float:
    """The median wall time of `step`, in milliseconds."""
    runs = []
    for _ in range(times):
        start = time.perf_counter()
        step()
        runs.append((time.perf_counter() - start) * 1000)
    return statistics.median(runs)


def site_work(game: Any, turn: str, state: Any, result: Any) -> tuple[Callable[[], None], Callable[[], None]]:
    """What the site makes of a turn of a family of its own kind: its public report and each player's private
    one in both languages; its maps in both languages."""
    family = game.family
    public = {**result.record, **result.record_end}

    def reports() -> None:
        for lang in ("en", "fr"):
            t = translator(lang)
            family.presentation.report(game.setup, game.options, turn, state, result.state, public, t)
            for seat, own in result.private.items():
                mine = {**public, "private": own}
                family.presentation.report(game.setup, game.options, turn, state, result.state, mine, t, seat)

    def maps() -> None:
        for lang in ("en", "fr"):
            family.presentation.draw_map(game.setup, game.options, turn, result.state, public, [translator(lang)])

    return reports, maps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        processes = []
        for i in range(args.runs):
            folder = unplayed(Path(tmp) / str(i))
            processes.append(run([sys.executable, "-m", "pipeline", "adjudicate", str(folder)], PROJECT))
        folder = unplayed(Path(tmp) / "steps")
        game = load_game(folder)
        family = game.family
        state = game.state(ROUND)
        steps = {"load the game (game.yaml, board, keys)": timed(lambda: load_game(folder))}
        steps["decrypt and read the six files"] = timed(lambda: read_turn_orders(game, ROUND, state, lenient=True))
        orders = read_turn_orders(game, ROUND, state, lenient=True)
        seed = turn_seed(game, ROUND, orders, dice_secret(game))
        steps["play the round (the family)"] = timed(
            lambda: family.rules.adjudicate(
                game.setup,
                ROUND,
                state,
                game.options,
                orders.by_power(),
                None,
                dice_for(game, ROUND, seed),
                True,
                False,
            )
        )
        result = family.rules.adjudicate(game.setup, ROUND, state, game.options, orders.by_power(), None,
                                   dice_for(game, ROUND, seed), True, False)  # fmt: skip
        steps["the turn's files made and written (play_turn, write_turn_files)"] = timed(
            lambda: commands.write_turn_files(game, commands.play_turn(game, ROUND, state, dice_secret(game))[2]), 1
        )
        public = {**result.record, **result.record_end}
        reports, maps = site_work(game, ROUND, state, result)
        steps["the reports: public and six private, in two languages"] = timed(reports)
        steps["the map in two languages"] = timed(maps)
        drawn = family.presentation.draw_map(game.setup, game.options, ROUND, result.state, public, [translator("en")])
        size = len(drawn[""]["en"].encode())
        site_runs = []
        for i in range(2):  # from scratch each time: no cache, no built site
            root = Path(tmp) / f"site-{i}"
            (club,) = make_club(root, DEMO, 1)
            club.rename(root / "games" / DEMO.name)
            site_runs.append(build(root, cached=False))
        built = root / "_build" / "site"
        pages = sum(1 for _ in built.rglob("*.html"))
        weight = sizes(built)
    cases = [run([sys.executable, "-m", "pipeline", "cases", *map(str, CASES)], PROJECT) for _ in range(args.runs)]
    count = sum(path.read_text().count("\n  - id: ") for path in CASES)
    walls = sorted(r.wall for r in processes)
    turns = len(load_game(DEMO).adjudicated())
    cpus = sorted(r.cpu for r in processes)
    lines = [
        "# One round of Klarfeld's Catan (bench/bench_catan.py)",
        "",
        "What issue 30 asks: a round of six seats adjudicated in under a second as a whole process, and the site "
        "of the finished six-seat demo built in under a minute.",
        "",
        f"`judge adjudicate` of `games/{DEMO.name}`'s round {int(ROUND[1:])} (six seats' encrypted files), {args.runs} "
        "runs, each "
        "a process from a copy of the game with that round not adjudicated; Python "
        f"{platform.python_version()} on {platform.machine()}, a shared machine (2 cores, other work running).",
        "",
        "| `judge adjudicate` (one process) | median | min | max |",
        "|---|---|---|---|",
        f"| wall time | {statistics.median(walls):.2f} s | {walls[0]:.2f} s | {walls[-1]:.2f} s |",
        f"| CPU time | {statistics.median(cpus):.2f} s | {cpus[0]:.2f} s | {cpus[-1]:.2f} s |",
        f"| peak memory | {statistics.median(r.peak_mib for r in processes):.0f} MiB | | |",
        "",
        "What it is made of, in one process (median of 5, the writing once):",
        "",
        "| step | ms |",
        "|---|---|",
        *(f"| {name} | {ms:.1f} |" for name, ms in steps.items()),
        "",
        f"The map of the round is {size / 1024:.0f} KB of SVG.",
        "",
        f"The site of the finished game (`games/{DEMO.name}`, {turns} turns) alone in a repository "
        "with the project's site and mkdocs.yml, from scratch (no cache, no built site), twice, each command a "
        "process: "
        f"{pages} HTML pages, {weight['maps'] / 2**20:.1f} MiB of maps.",
        "",
        "| the site, from scratch | `judge site --no-cache` | `judge build-site` (`mkdocs build --strict`) "
        "| together |",
        "|---|---|---|---|",
        *(
            f"| run {i + 1}: wall (CPU) | {a.wall:.1f} s ({a.cpu:.1f} s) | {b.wall:.1f} s ({b.cpu:.1f} s) | "
            f"{a.wall + b.wall:.1f} s |"
            for i, (a, b) in enumerate(site_runs)
        ),
        "",
        f"`judge cases` of the {len(CASES)} case files of the variant ({count} cases), {args.runs} runs, each a "
        "process:",
        "",
        "| `judge cases tests/rules/cases/catan-*.yaml` | median | min | max |",
        "|---|---|---|---|",
        *(
            f"| {name} | {statistics.median(values):.2f} s | {min(values):.2f} s | {max(values):.2f} s |"
            for name, values in (("wall time", [r.wall for r in cases]), ("CPU time", [r.cpu for r in cases]))
        ),
        "",
    ]
    out = PROJECT / "bench" / "catan-results.md"
    out.write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
