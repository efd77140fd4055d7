"""Benchmark of reading orders and listing the legal ones: the notation and the legal-order generator.

Over every turn of the three demo games (games/demo, games/machiavelli, games/machiavelli-objectif):

- *reading*: `parse_order` on every legal order of the turn (the canonical texts the legal orders list,
  every power's), then on the same texts as players write them (lower case, `-` spaced out); orders per
  second, the best of the passes;
- *legal orders*: `legal_orders_json` for every power of the board, as `judge site` writes `orders.json`;
  milliseconds per turn, the median of the passes, and the slowest turn; the size of the current turn's
  JSON, plain and compressed (as a web server sends it).

It measures the `pipeline` it imports (`PYTHONPATH`). `--compare TREE...` measures several trees (each
a checkout's root) one after the other in the same run, with the same games (this checkout's), in turn
so that the machine's load falls on each alike; and, where valgrind is installed, counts the
instructions of each workload (`callgrind`, less the start-up's), which a shared machine does not
disturb. Writes `bench/orders-results.md` (`--out`).

    PYTHONPATH=. python3 bench/bench_orders.py [--passes 5] [--out FILE] [--compare OLD_TREE .]
"""

from __future__ import annotations

import argparse
import gzip
import json
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("demo", "machiavelli", "machiavelli-objectif")
WORKLOADS = ("start", "parse", "legal")  # what --count runs: start-up only, one reading pass, one turn's legal orders


def _turns() -> list[tuple[str, str, Any, Any]]:
    from pipeline.storage.gamedir import load_game

    turns = []
    for name in GAMES:
        game = load_game(ROOT / "games" / name)
        for turn in game.turns():
            turns.append((name, turn, game, game.state(turn)))
    return turns


def _texts(turns: list[tuple[str, str, Any, Any]]) -> list[tuple[Any, Any, list[str], list[str]]]:
    from pipeline.board.legal_orders import legal_orders_json

    texts = []
    for _, _, game, position in turns:
        data = json.loads(
            legal_orders_json(game.setup, position, game.options, game.setup.powers, game.family.rules.family)
        )
        canonical = [o for p in data["powers"].values() for u in p["units"] for o in u["orders"]]
        texts.append((game.setup, position.phase.kind, canonical, [t.lower().replace("-", " - ") for t in canonical]))
    return texts


def measure(passes: int) -> dict[str, Any]:
    """The figures of the tree this process imports."""
    from pipeline.board.legal_orders import legal_orders_json
    from pipeline.board.notation import parse_order

    turns = _turns()
    texts = _texts(turns)
    count = sum(len(c) for _, _, c, _ in texts)

    def reading(which: int) -> float:
        best = float("inf")
        for _ in range(passes):
            start = time.perf_counter()
            for board, phase, *written in texts:
                for text in written[which]:
                    parse_order(text, board, phase)
            best = min(best, time.perf_counter() - start)
        return count / best

    by_turn: dict[str, float] = {}
    for name, turn, game, position in turns:
        times = []
        for _ in range(passes):
            start = time.perf_counter()
            legal_orders_json(game.setup, position, game.options, game.setup.powers, game.family.rules.family)
            times.append(time.perf_counter() - start)
        by_turn[f"{name} {turn}"] = statistics.median(times) * 1000
    slowest = max(by_turn, key=by_turn.__getitem__)
    sizes = {}
    for name, turn, game, position in turns:
        if turn == game.current_turn():
            text = legal_orders_json(
                game.setup, position, game.options, game.setup.powers, game.family.rules.family
            ).encode()
            sizes[name] = (len(text), len(gzip.compress(text)))
    return {
        "turns": len(turns),
        "orders": count,
        "canonical_per_s": reading(0),
        "written_per_s": reading(1),
        "legal_median_ms": statistics.median(by_turn.values()),
        "legal_slowest": slowest,
        "legal_slowest_ms": by_turn[slowest],
        "sizes": sizes,
    }


def count(workload: str, texts_file: Path) -> None:
    """One workload, for an instruction count: every legal order of the Machiavelli demo's current turn read
    once, or that turn's legal orders computed once (after the start-up every workload shares)."""
    from pipeline.board.legal_orders import legal_orders_json
    from pipeline.board.notation import parse_order
    from pipeline.storage.gamedir import load_game

    game = load_game(ROOT / "games" / "machiavelli")
    position = game.state(game.current_turn())
    texts = json.loads(texts_file.read_text(encoding="utf-8"))
    if workload == "parse":
        for text in texts:
            parse_order(text, game.setup, position.phase.kind)
    elif workload == "legal":
        legal_orders_json(game.setup, position, game.options, game.setup.powers, game.family.rules.family)


def _run(tree: Path, *args: str, valgrind: bool = False) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tree.resolve()), "PYTHONDONTWRITEBYTECODE": ""}
    command = [sys.executable, __file__, *args]
    if valgrind:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    return subprocess.run(command, env=env, capture_output=True, text=True, check=True)


def compare(trees: dict[str, Path], passes: int) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, int]]]:
    """Each tree's figures (best of three runs taken in turn) and instruction counts (millions), by name."""
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    for _ in range(3):
        for name, tree in trees.items():
            runs[name].append(json.loads(_run(tree, "--json", "--passes", str(passes)).stdout))
    best = {}
    for tree, figures in runs.items():
        best[tree] = dict(figures[0])
        for key in ("canonical_per_s", "written_per_s"):
            best[tree][key] = max(f[key] for f in figures)
        for key in ("legal_median_ms", "legal_slowest_ms"):
            best[tree][key] = min(f[key] for f in figures)
    counts: dict[str, dict[str, int]] = {}
    if shutil.which("valgrind"):
        from pipeline.board.legal_orders import legal_orders_json
        from pipeline.storage.gamedir import load_game

        game = load_game(ROOT / "games" / "machiavelli")
        position = game.state(game.current_turn())
        data = json.loads(
            legal_orders_json(game.setup, position, game.options, game.setup.powers, game.family.rules.family)
        )
        texts = [o for p in data["powers"].values() for u in p["units"] for o in u["orders"]]
        with tempfile.TemporaryDirectory() as folder:
            texts_file = Path(folder) / "texts.json"
            texts_file.write_text(json.dumps(texts), encoding="utf-8")
            for name, tree in trees.items():
                _run(tree, "--count", "start", "--texts", str(texts_file))  # the bytecode compiled first
                found = {}
                for workload in WORKLOADS:
                    err = _run(tree, "--count", workload, "--texts", str(texts_file), valgrind=True).stderr
                    found[workload] = int(re.findall(r"Collected : (\d+)", err)[-1])
                counts[name] = {w: (found[w] - found["start"]) // 1_000_000 for w in WORKLOADS[1:]}
    return best, counts


def _table(figures: dict[str, Any]) -> list[str]:
    rows = [
        f"| `parse_order`, canonical texts, best pass | {figures['canonical_per_s']:,.0f} orders/s |",
        f"| `parse_order`, texts as written (lower case, spaced dashes), best pass | "
        f"{figures['written_per_s']:,.0f} orders/s |",
        f"| `legal_orders_json`, every power, median turn | {figures['legal_median_ms']:.0f} ms |",
        f"| `legal_orders_json`, slowest turn ({figures['legal_slowest']}) | {figures['legal_slowest_ms']:.0f} ms |",
    ]
    for name, (plain, packed) in figures["sizes"].items():
        size = f"{plain / 1024:,.0f} KiB, {packed / 1024:,.0f} KiB gzip"
        rows.append(f"| `orders.json` of {name}'s current turn | {size} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "orders-results.md")
    parser.add_argument(
        "--compare",
        nargs="+",
        metavar="[NAME=]TREE",
        help="measure these trees in turn (NAME: its name in the results)",
    )
    parser.add_argument("--json", action="store_true", help="print this tree's figures as JSON, nothing else")
    parser.add_argument("--count", choices=WORKLOADS, help="run one workload once, for an instruction count")
    parser.add_argument("--texts", type=Path, help="with --count: the orders to read (a JSON list)")
    args = parser.parse_args()
    if args.count:
        count(args.count, args.texts)
        return
    if args.json:
        print(json.dumps(measure(args.passes)))
        return
    command = f"python3 bench/bench_orders.py --passes {args.passes}"
    lines = ["# Orders benchmark: reading and legal orders", ""]
    if args.compare:
        named = [t.partition("=") if "=" in t else (t, "", t) for t in args.compare]
        best, counts = compare({name: Path(path) for name, _, path in named}, args.passes)
        first = next(iter(best.values()))
        trees = " ".join(args.compare)
        lines += [
            f"`{command} --compare {trees}`: every turn of the demo games ({first['turns']} turns, "
            f"{first['orders']:,} legal unit orders in all), each tree three times in turn, the best run kept.",
            f"Python {platform.python_version()}, {platform.machine()}; the machine shared (two cores).",
            "",
        ]
        for tree, figures in best.items():
            lines += [f"## {tree}", "", "| figure | value |", "|---|---:|", *_table(figures), ""]
        if counts:
            lines += [
                "## Instructions (valgrind callgrind, millions, the start-up's taken off)",
                "",
                "Reading once every legal order of the Machiavelli demo's current turn, and computing that turn's "
                "legal orders once (`orders.json`, every power).",
                "",
                "| tree | reading | legal orders |",
                "|---|---:|---:|",
                *(f"| {tree} | {c['parse']:,} | {c['legal']:,} |" for tree, c in counts.items()),
                "",
            ]
    else:
        figures = measure(args.passes)
        lines += [
            f"`PYTHONPATH=. {command}`: every turn of the demo games ({figures['turns']} turns, "
            f"{figures['orders']:,} legal unit orders in all).",
            f"Python {platform.python_version()}, {platform.machine()}; the machine shared (two cores).",
            "",
            "| figure | value |",
            "|---|---:|",
            *_table(figures),
            "",
        ]
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
