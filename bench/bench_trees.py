"""The resolver of several checkouts, measured in the same run as a user meets it: is this tree slower?

Each tree (a checkout's root, this one first) runs the same whole-process workloads, on the same input
files (this tree's), one tree after the other within each round, so that a shared machine's load falls
on each alike:

- *random phases*: `judge datc FILE` on every movement phase of seeded random games of standard
  Diplomacy written as one DATC file (`bench_resolver.datc_case_text`, the file section 6 of
  `bench/results.md` runs);
- *DATC files*: `judge datc` on every file of `tests/datc/files/`.

Each figure is the best run's CPU time (user and system) of the whole process, imports included, with
the median beside it; and, where valgrind is installed, the instructions each workload executes
(`callgrind`, one run per tree), which a loaded machine does not disturb. Writes `bench/trees-results.md`.

    python3 bench/bench_trees.py OLD_TREE [--rounds 5] [--games 20] [--out FILE]
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
sys.path[:0] = [str(ROOT), str(BENCH_DIR)]

import bench_resolver  # noqa: E402  (this tree's recorder of random games)

from pipeline.core.position import PhaseKind  # noqa: E402
from pipeline.storage.maps import shipped_board  # noqa: E402


@dataclass(frozen=True)
class Run:
    """One whole process: CPU seconds (user and system), wall seconds, the last line it printed."""

    cpu: float
    wall: float
    said: str


def judge(tree: Path, files: list[Path]) -> list[str]:
    return [sys.executable, "-m", "pipeline", "datc", *map(str, files)]


def run(tree: Path, args: list[str]) -> Run:
    """Run `args` with `tree` first on the path, to its end."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    start = time.perf_counter()
    process = subprocess.Popen(args, env=env, cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert process.stdout is not None
    output = process.stdout.read().decode()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):  # `judge datc` says 1 when a case fails
        raise SystemExit(f"{tree}: {' '.join(args)} failed")
    return Run(usage.ru_utime + usage.ru_stime, wall, (output.strip().splitlines() or [""])[-1])


def instructions(tree: Path, args: list[str]) -> int | None:
    """The instructions the process executes under callgrind (None without valgrind)."""
    if shutil.which("valgrind") is None:
        return None
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *args]
    done = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found[1]) if found else None


def random_phases_file(folder: Path, games: int, years: int, seed: int) -> tuple[Path, int]:
    """Every movement phase of `games` seeded random games as one DATC file; the file and its phases."""
    board = shipped_board("standard")
    recorded = bench_resolver.record_games(board, games, years, random.Random(seed))
    phases = [p for p in recorded if p.position.phase.kind is PhaseKind.MOVEMENT]
    text = ["VARIANT_ALL Standard", ""]
    for number, p in enumerate(phases, start=1):
        text += bench_resolver.datc_case_text(board, number, p)
    path = folder / "random-movement-phases.txt"
    path.write_text("\n".join(text), encoding="utf-8")
    return path, len(phases)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="+", type=Path, help="the other checkouts' roots (this one is measured first)")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each workload in each tree (default 5)")
    parser.add_argument("--games", type=int, default=20, help="random games of the random-phases file (default 20)")
    parser.add_argument("--years", type=int, default=20, help="years per random game (default 20)")
    parser.add_argument("--seed", type=int, default=20240602)
    parser.add_argument("--no-callgrind", action="store_true", help="time only")
    parser.add_argument("--out", type=Path, default=BENCH_DIR / "trees-results.md")
    args = parser.parse_args()
    trees = [ROOT, *(t.resolve() for t in args.trees)]
    datc_files = sorted((ROOT / "tests" / "datc" / "files").glob("*.txt"))
    with tempfile.TemporaryDirectory(prefix="bench-trees-") as folder:
        phases_file, phases = random_phases_file(Path(folder), args.games, args.years, args.seed)
        workloads = {
            f"random phases ({phases} movement phases)": [phases_file],
            f"DATC files ({len(datc_files)} files)": datc_files,
        }
        runs: dict[tuple[str, Path], list[Run]] = {(w, t): [] for w in workloads for t in trees}
        for round_ in range(args.rounds):
            print(f"round {round_ + 1} of {args.rounds}", file=sys.stderr, flush=True)
            for name, files in workloads.items():
                for tree in trees:
                    runs[name, tree].append(run(tree, judge(tree, files)))
        counts = {
            (w, t): None if args.no_callgrind else instructions(t, judge(t, files))
            for w, files in workloads.items()
            for t in trees
        }
    lines = [
        "# The resolver of several checkouts, in the same run",
        "",
        f"`python3 bench/bench_trees.py {' '.join(sys.argv[1:])}` on {datetime.date.today().isoformat()};"
        f" Python {platform.python_version()}, {os.cpu_count()} cores shared with other work. Each workload is"
        f" a whole `judge datc` process (imports included), run {args.rounds} times in each tree, the trees in"
        " turn within each round, on the same input files; random games of seed"
        f" {args.seed}, {args.games} games of {args.years} years. CPU is user plus system time; instructions"
        " are callgrind's count of one run (the start-up included), which the machine's load does not change.",
        "",
        "| workload | tree | commit | CPU best (s) | CPU median (s) | instructions | vs this tree | said |",
        "|---|---|---|---:|---:|---:|---:|---|",
    ]
    for name in workloads:
        base = min(r.cpu for r in runs[name, ROOT])
        base_count = counts[name, ROOT]
        for tree in trees:
            cpu = [r.cpu for r in runs[name, tree]]
            count = counts[name, tree]
            ratio = f"{count / base_count:.3f}x instr." if count and base_count else f"{min(cpu) / base:.3f}x CPU"
            commit = subprocess.run(
                ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
            ).stdout.strip()
            label = "this tree" if tree == ROOT else tree.name
            lines.append(
                f"| {name} | {label} | `{commit}` | {min(cpu):.2f} | {statistics.median(cpu):.2f} |"
                f" {count:,} | {ratio} | {runs[name, tree][0].said} |"
                if count
                else f"| {name} | {label} | `{commit}` | {min(cpu):.2f} | {statistics.median(cpu):.2f} | - |"
                f" {ratio} | {runs[name, tree][0].said} |"
            )
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
