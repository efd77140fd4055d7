"""The resolver of several checkouts, measured in the same run as a user meets it: is this tree slower?

Each tree (a checkout's root, this one first) runs the same whole-process workloads, on the same input
files (this tree's), one tree after the other within each round, so that a shared machine's load falls
on each alike:

- *random phases*: `judge datc FILE` on every movement phase of seeded random games of standard
  Diplomacy written as one DATC file (`bench_resolver.datc_case_text`, the file section 6 of
  `bench/results.md` runs);
- *DATC files*: `judge datc` on every file of `tests/datc/files/`.

Each figure is the best run's CPU time (user and system) of the whole process, imports included, with
the median beside it. Where valgrind is installed, the instructions each tree executes per phase
(`callgrind`), which a loaded machine does not disturb: `judge datc` on a smaller file of random phases
(`--callgrind-games`) less `judge datc` on a file with no case (the start-up), over the phases; and the
movement adjudicator's alone: the same cases run with `adjudicate_movement` and with its results
replayed from a record (`bench/trees_adjudication.py`), the difference over the phases. Writes
`bench/trees-results.md`.

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

from pipeline.board.position import PhaseKind  # noqa: E402
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


def adjudication(tree: Path, cases: Path, folder: Path) -> int | None:
    """The instructions the movement adjudicator executes on `cases` in `tree` (None without valgrind)."""
    script = str(BENCH_DIR / "trees_adjudication.py")
    store = folder / f"results-{tree.name}.pickle"
    run(tree, [sys.executable, script, str(cases), "record", str(store)])
    real = instructions(tree, [sys.executable, script, str(cases), "real", str(store)])
    stub = instructions(tree, [sys.executable, script, str(cases), "stub", str(store)])
    return None if real is None or stub is None else real - stub


def random_phases_file(folder: Path, games: int, years: int, seed: int, name: str) -> tuple[Path, int]:
    """Every movement phase of `games` seeded random games as one DATC file; the file and its phases."""
    board = shipped_board("standard")
    recorded = bench_resolver.record_games(board, games, years, random.Random(seed))
    phases = [p for p in recorded if p.position.phase.kind is PhaseKind.MOVEMENT]
    text = ["VARIANT_ALL Standard", ""]
    for number, p in enumerate(phases, start=1):
        text += bench_resolver.datc_case_text(board, number, p)
    path = folder / f"{name}.txt"
    path.write_text("\n".join(text), encoding="utf-8")
    return path, len(phases)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="+", type=Path, help="the other checkouts' roots (this one is measured first)")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each workload in each tree (default 5)")
    parser.add_argument("--games", type=int, default=20, help="random games of the random-phases file (default 20)")
    parser.add_argument("--years", type=int, default=20, help="years per random game (default 20)")
    parser.add_argument("--seed", type=int, default=20240602)
    parser.add_argument("--callgrind-games", type=int, default=2, help="random games of callgrind's file (default 2)")
    parser.add_argument("--no-callgrind", action="store_true", help="time only")
    parser.add_argument("--out", type=Path, default=BENCH_DIR / "trees-results.md")
    args = parser.parse_args()
    trees = [ROOT, *(t.resolve() for t in args.trees)]
    datc_files = sorted((ROOT / "tests" / "datc" / "files").glob("*.txt"))
    with tempfile.TemporaryDirectory(prefix="bench-trees-") as folder:
        phases_file, phases = random_phases_file(Path(folder), args.games, args.years, args.seed, "timed")
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
        per_phase: dict[Path, float] = {}
        adjudicating: dict[Path, float] = {}
        counted = 0
        if not args.no_callgrind and shutil.which("valgrind") is not None:
            small, counted = random_phases_file(Path(folder), args.callgrind_games, args.years, args.seed, "counted")
            empty = Path(folder) / "empty.txt"
            empty.write_text("VARIANT_ALL Standard\n", encoding="utf-8")
            for tree in trees:
                print(f"callgrind: {tree}", file=sys.stderr, flush=True)
                full, start = instructions(tree, judge(tree, [small])), instructions(tree, judge(tree, [empty]))
                if full is not None and start is not None:
                    per_phase[tree] = (full - start) / counted
                alone = adjudication(tree, small, Path(folder))
                if alone is not None:
                    adjudicating[tree] = alone / counted
    lines = [
        "# The resolver of several checkouts, in the same run",
        "",
        f"`python3 bench/bench_trees.py {' '.join(sys.argv[1:])}` on {datetime.date.today().isoformat()};"
        f" Python {platform.python_version()}, {os.cpu_count()} cores shared with other work. Each workload is"
        f" a whole `judge datc` process (imports included), run {args.rounds} times in each tree, the trees in"
        " turn within each round, on the same input files; random games of seed"
        f" {args.seed}, {args.games} games of {args.years} years. CPU is user plus system time.",
        "",
        "| workload | tree | commit | CPU best (s) | CPU median (s) | CPU best vs this tree | said |",
        "|---|---|---|---:|---:|---:|---|",
    ]
    commits = {
        tree: subprocess.run(
            ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        ).stdout.strip()
        for tree in trees
    }
    labels = {tree: "this tree" if tree == ROOT else tree.name for tree in trees}
    for name in workloads:
        base = min(r.cpu for r in runs[name, ROOT])
        for tree in trees:
            cpu = [r.cpu for r in runs[name, tree]]
            lines.append(
                f"| {name} | {labels[tree]} | `{commits[tree]}` | {min(cpu):.2f} | {statistics.median(cpu):.2f} |"
                f" {min(cpu) / base:.3f}x | {runs[name, tree][0].said} |"
            )
    if per_phase:
        lines += [
            "",
            f"Instructions per phase (callgrind; {counted} movement phases less the start-up):",
            "",
            "| tree | commit | `judge datc`, per phase | vs this tree | the movement adjudicator alone, per phase |"
            " vs this tree |",
            "|---|---|---:|---:|---:|---:|",
        ]
        lines += [
            f"| {labels[t]} | `{commits[t]}` | {n:,.0f} | {n / per_phase[ROOT]:.3f}x |"
            f" {adjudicating.get(t, 0):,.0f} | {adjudicating.get(t, 0) / adjudicating.get(ROOT, 1):.3f}x |"
            for t, n in per_phase.items()
        ]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
