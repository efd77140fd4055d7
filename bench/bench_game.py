"""Benchmark of the game repository: validating and adjudicating a Machiavelli turn, and replaying a game.

Creates a Machiavelli game (the judge's rules, a dice chain, secret orders with a demo key), plays it for
60 phases with random legal orders written as order files (every power's file encrypted, as a game with
secret orders takes them), timing for each turn `judge validate` and `judge adjudicate` as the commands
run them (files read, decrypted and checked; results, state and revealed orders written); then times
`judge replay --check` and `judge verify` of the whole game, and the building of its site (`judge site`,
then `mkdocs build --strict` of the project's site with only this game in it). Writes `bench/game-results.md`.

    python3 bench/bench_game.py [--phases 60] [--seed 1]
"""

from __future__ import annotations

import argparse
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from pipeline.board.legal_orders import movement_options, retreat_choices
from pipeline.board.orders import Maintain
from pipeline.board.position import PhaseKind
from pipeline.board.units import AUTONOMOUS
from pipeline.commands import game as commands
from pipeline.commands.secret_orders import encrypt_orders
from pipeline.games import family_of
from pipeline.publish.site import build_site
from pipeline.storage.gamedir import load_game
from pipeline.storage.orders_files import order_file_text


def quiet(_: str) -> None:
    pass


def write_turn_orders(folder: Path, rng: random.Random) -> int:
    """Random legal orders for every power that has something to order; returns the number of orders."""
    game = load_game(folder)
    turn = game.current_turn()
    position = game.state(turn)
    board, rules = game.setup, game.options
    by_power: dict[str, list[str]] = {}
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        for space, options in movement_options(
            board, position, rules, family_of(rules).unit_order_extras, family_of(rules).legality_hooks
        ).items():
            if options:
                by_power.setdefault(position.units[space].power, []).append(str(rng.choice(options)))
    elif kind is PhaseKind.RETREAT:
        choices = retreat_choices(board, position, rules, family_of(rules).legality_hooks)
        for d in position.dislodged:
            by_power.setdefault(d.unit.power, []).append(str(rng.choice(choices[d.unit.space])))
    else:
        for unit in position.units.values():
            if unit.power != AUTONOMOUS:  # keep every unit the treasury can pay for
                by_power.setdefault(unit.power, []).append(str(Maintain(unit.kind, unit.location)))
    for power in commands.powers_to_order(game, position):
        path = game.orders_dir(turn) / f"{power}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(order_file_text(game, turn, power, by_power.get(power, [])))
        encrypt_orders(folder, path)  # a game with secret orders takes no plain file
        path.unlink()
    return sum(len(v) for v in by_power.values())


def build_the_site(games: Path) -> tuple[float, float, int]:
    """The site of the games under `games` (only the benchmark's): `judge site` into a copy of the project's
    hand-written site, then `mkdocs build --strict`; the two times and the number of files written."""
    project = Path(__file__).resolve().parent.parent
    work = games / ".site-project"  # no game.yaml: not taken for a game
    shutil.copytree(project / "site", work / "site", ignore=shutil.ignore_patterns("games"))
    shutil.copy(project / "mkdocs.yml", work / "mkdocs.yml")
    (work / "pipeline" / "publish").mkdir(parents=True)
    shutil.copy(project / "pipeline" / "publish" / "mkdocs_hooks.py", work / "pipeline" / "publish")
    start = time.perf_counter()
    written = build_site(games, work / "site")
    site_time = time.perf_counter() - start
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q"], cwd=work, check=True)
    return site_time, time.perf_counter() - start, len(written)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phases", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    root = Path(tempfile.mkdtemp(prefix="bench-game-"))
    folder = root / "bench"
    try:
        commands.new_game(folder, "judge", "Benchmark", fresh_secret=lambda: f"{args.seed:064x}", demo=True)
        timings: dict[str, list[tuple[float, float, int]]] = {}
        for _ in range(args.phases):
            kind = load_game(folder).state(load_game(folder).current_turn()).phase.kind.value
            count = write_turn_orders(folder, rng)
            start = time.perf_counter()
            commands.validate(folder, quiet)
            validated = time.perf_counter()
            commands.adjudicate(folder, quiet, force=True)
            done = time.perf_counter()
            timings.setdefault(kind, []).append((validated - start, done - validated, count))
        phases = len(load_game(folder).adjudicated())
        start = time.perf_counter()
        differences = commands.replay(folder, quiet)
        replay_time = time.perf_counter() - start
        tracemalloc.start()  # a second replay for the memory: tracing slows Python down several times
        commands.replay(folder, quiet)
        _, replay_peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        start = time.perf_counter()
        problems = commands.verify(folder, quiet)
        verify_time = time.perf_counter() - start
        assert not differences and not problems, (differences, problems)
        size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
        site_time, mkdocs_time, pages = build_the_site(root)
    finally:
        shutil.rmtree(root)

    lines = [
        "# Game repository benchmark",
        "",
        f"`python3 bench/bench_game.py --phases {args.phases} --seed {args.seed}`: a Machiavelli game (judge's rules,",
        "dice chain, every power's orders encrypted) played with random legal orders; each turn timed as",
        f"`judge validate` then `judge adjudicate` run it. Python {platform.python_version()}, {platform.machine()}.",
        "",
        "| phase kind | turns | orders per turn (median) | validate, median ms | adjudicate, median ms |",
        "|---|---:|---:|---:|---:|",
    ]
    for kind, rows in sorted(timings.items()):
        lines.append(
            f"| {kind} | {len(rows)} | {statistics.median(r[2] for r in rows):.0f} | "
            f"{statistics.median(r[0] for r in rows) * 1000:.1f} | {statistics.median(r[1] for r in rows) * 1000:.1f} |"
        )
    lines += [
        "",
        "| whole game | figure |",
        "|---|---:|",
        f"| phases adjudicated | {phases} |",
        f"| `judge replay --check` of the whole game | {replay_time:.2f} s |",
        f"| peak memory traced during the replay | {replay_peak / 2**20:.1f} MiB |",
        f"| `judge verify` of the whole game | {verify_time:.2f} s |",
        f"| size of the game folder | {size / 1024:.0f} KiB |",
        f"| `judge site`: {pages} pages and maps in French and English | {site_time:.1f} s |",
        f"| `mkdocs build --strict` of that site | {mkdocs_time:.1f} s |",
        "",
    ]
    out = Path(__file__).with_name("game-results.md")
    out.write_text("\n".join(lines))
    sys.stdout.write("\n".join(lines))


if __name__ == "__main__":
    main()
