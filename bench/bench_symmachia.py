"""Benchmark of a Symmachia year as a user meets it: `judge adjudicate` of the demo game's last year, as a
whole process (Python's start and imports, the lock, the game and scenario read, every order file and the
game master's ruling decrypted and read, the state's secret part decrypted, the year resolved in its 26
steps, the results, the next state and its secret part, every power's private report and the game
master's record encrypted and written atomically).

Each run takes a fresh copy of `games/symmachia-demo` with its last year's adjudication removed (its
results, the next state, the private reports, the revealed orders), then times the command; the output is
checked to be the committed files, byte for byte (the encrypted ones by their text, through
`judge replay --check` of the copy). Also timed, as processes: `judge validate` of that year, `judge replay
--check` and `judge verify` of the whole demo, `judge report` (public, French) of that year. Writes
`bench/symmachia-results.md`.

    python3 bench/bench_symmachia.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "games" / "symmachia-demo"
OUT = Path(__file__).resolve().parent / "symmachia-results.md"


CACHE = Path(tempfile.mkdtemp(prefix="bench-symmachia-pyc-"))  # compiled modules, as an installed judge has them


def timeless(results: bytes) -> bytes:
    """A results file less the moment it was adjudicated at (`adjudicated.at`, the clock of its run)."""
    return re.sub(rb", at: '[^']*'", b"", results)


def judge(*args: str, cwd: Path) -> float:
    """One `judge` command as a process (this tree's pipeline, its modules compiled once, as an installed
    judge's are); its wall time in seconds."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env |= {"PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(CACHE)}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pipeline", *args], cwd=cwd, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def last_year_undone(into: Path) -> tuple[Path, str]:
    """A copy of the demo as it was before its last year was adjudicated, and that year's turn id."""
    game = into / "symmachia-demo"
    shutil.copytree(DEMO, game)
    turns = sorted(p.stem for p in (game / "results").glob("*.yaml"))
    last = turns[-1]
    states = sorted(p.name.split(".")[0] for p in (game / "state").glob("*.yaml"))
    following = states[-1]
    (game / "results" / f"{last}.yaml").unlink()
    for path in (game / "state").glob(f"{following}.*"):
        path.unlink()
    shutil.rmtree(game / "private" / last)
    for path in (game / "orders" / last).glob("*.yaml"):  # the revealed texts
        if (path.parent / f"{path.name}.age").exists():
            path.unlink()
    shutil.rmtree(game / "orders" / following, ignore_errors=True)
    return game, last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    judge("report", str(DEMO), cwd=ROOT)  # compiles every module the commands import
    adjudicate: list[float] = []
    validate: list[float] = []
    files = 0
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            game, last = last_year_undone(Path(tmp))
            files = len(list((game / "orders" / last).glob("*.age")))
            validate.append(judge("validate", str(game), cwd=Path(tmp)))
            adjudicate.append(judge("adjudicate", str(game), cwd=Path(tmp)))
            for made in (game / "results").glob("*.yaml"):  # the results as committed, less the run's moment
                if timeless(made.read_bytes()) != (DEMO / "results" / made.name).read_bytes():
                    raise SystemExit(f"{made.name} differs from the committed file")
            judge("replay", "--check", str(game), cwd=Path(tmp))  # raises unless every file is accounted for
    replay = [judge("replay", "--check", str(DEMO), cwd=ROOT) for _ in range(3)]
    verify = [judge("verify", str(DEMO), cwd=ROOT) for _ in range(3)]
    report = [judge("report", str(DEMO), "--lang", "fr", cwd=ROOT) for _ in range(3)]
    start = [judge("--version", cwd=ROOT) for _ in range(3)]
    years = len(list((DEMO / "results").glob("*.yaml")))
    rows = [
        (f"`judge adjudicate` of one year ({last}), median of {args.runs}", statistics.median(adjudicate)),
        (f"the same, fastest of {args.runs}", min(adjudicate)),
        (f"`judge validate` of that year's {files} files, median of {args.runs}", statistics.median(validate)),
        (f"`judge replay --check` of the demo ({years} years), median of 3", statistics.median(replay)),
        (f"`judge verify` of the demo ({years} years), median of 3", statistics.median(verify)),
        ("`judge report` (public, French) of the last year, median of 3", statistics.median(report)),
        ("`judge --version` (Python's start and the command line alone), median of 3", statistics.median(start)),
    ]
    lines = [
        "# Symmachia: one year as a user meets it",
        "",
        "Written by `python3 bench/bench_symmachia.py`: each command is a whole `judge` process "
        f"(CPython {platform.python_version()}, {platform.machine()}, {os.cpu_count()} processors, shared).",
        "",
        "| what | seconds |",
        "|---|---:|",
        *[f"| {what} | {value:.2f} |" for what, value in rows],
        "",
        "Each adjudication's results were checked equal to the committed ones, byte for byte, and the copy",
        "replayed (`judge replay --check`).",
        "",
    ]
    OUT.write_text("\n".join(lines), encoding="utf-8")
    shutil.rmtree(CACHE, ignore_errors=True)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
