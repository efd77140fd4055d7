"""Benchmark of a club's site: a repository of N games of 60 phases each, built as the Pages workflow builds it.

Plays one Machiavelli game for 60 phases with random legal orders (as `bench_game.py` does; kept in
`--template` to be reused), copies it N times into a club repository (`games/club-001`, ...) beside the
project's hand-written site and `mkdocs.yml`, then times, each command as a process of its own as the
workflow runs it (CPU time of the process, wall time, peak memory):

1. a full build from scratch: `judge site`, then `judge build-site` (which runs `mkdocs build --strict`
   unless the built site already is the one its sources make), with empty caches;
2. the same again with nothing changed (the caches and the built site kept), then `judge build-site` once
   more without the built site, as on a fresh runner of the Pages workflow (the caches restored, no site);
3. the publication of one turn: one game's turn adjudicated (`judge adjudicate`, timed apart), then
   `judge site` and `judge build-site` again;
4. the built site's size, by kind of file;
5. that the site of 3 is byte for byte the one a full build from scratch gives (unless `--no-compare`).

Writes `bench/club-results.md` (`club-results-<N>.md` for another number of games than 30).

    python3 bench/bench_club.py [--games 30] [--phases 60] [--template DIR] [--keep DIR] [--no-compare]
                                [--project DIR]

`--project` measures another copy of the project (its code, site, mkdocs.yml and hook), for a figure before
a change: `git worktree add /tmp/before <commit>`, then `--project /tmp/before --no-compare`.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_game import quiet, write_turn_orders

from pipeline.commands import game as commands
from pipeline.storage.gamedir import load_game

PROJECT = Path(__file__).resolve().parent.parent
MEASURED = [PROJECT]  # the project whose code and site are measured (--project)
DEFAULT_GAMES = 30


@dataclass(frozen=True)
class Run:
    """One process: its CPU time (user and system), wall time and peak resident memory."""

    cpu: float
    wall: float
    peak_mib: float


def run(args: Sequence[str], cwd: Path, **environment: str) -> Run:
    """Run a command to its end as the workflow would (the project's code first on the path), and measure it."""
    env = {**os.environ, "PYTHONPATH": str(MEASURED[0]), "NO_MKDOCS_2_WARNING": "1", **environment}
    start = time.perf_counter()
    process = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    if process.returncode:
        sys.exit(f"{' '.join(args)} failed in {cwd}:\n{errors.decode(errors='replace')}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024)


def make_template(folder: Path, phases: int, seed: int) -> None:
    """A Machiavelli game of `phases` adjudicated phases, orders encrypted, random legal orders."""
    import random

    rng = random.Random(seed)
    commands.new_game(folder, "judge", "Club game", fresh_secret=lambda: f"{seed:064x}", demo=True)
    for _ in range(phases):
        write_turn_orders(folder, rng)
        commands.adjudicate(folder, quiet, force=True)


def make_club(root: Path, template: Path, games: int) -> list[Path]:
    """A repository with the project's site and mkdocs.yml, and `games` copies of the template game."""
    project = MEASURED[0]
    shutil.copytree(project / "site", root / "site", ignore=shutil.ignore_patterns("games", "__pycache__"))
    shutil.copy(project / "mkdocs.yml", root / "mkdocs.yml")
    hooks = root / "pipeline" / "publish"  # mkdocs.yml names the hook by its path; the judge's code stays the project's
    hooks.mkdir(parents=True)
    shutil.copy(project / "pipeline" / "publish" / "mkdocs_hooks.py", hooks)
    folders = []
    for number in range(1, games + 1):
        folder = root / "games" / f"club-{number:03d}"
        shutil.copytree(template, folder, symlinks=True)
        folders.append(folder)
    return folders


def build(root: Path, cached: bool = True) -> tuple[Run, Run]:
    """`judge site` then `judge build-site` (`mkdocs build --strict` unless the built site is already the one
    its sources make) in the club repository (without their caches: from scratch)."""
    site = run([sys.executable, "-m", "pipeline", "site", *([] if cached else ["--no-cache"])], root)
    return site, build_site(root, cached)


def build_site(root: Path, cached: bool = True) -> Run:
    return run([sys.executable, "-m", "pipeline", "build-site"], root, **({} if cached else {CACHE_ENV: "off"}))


CACHE_ENV = "JUDGE_MKDOCS_CACHE"


def sizes(built: Path) -> dict[str, int]:
    """Bytes of the built site by kind: maps (SVG), pages (HTML), search index, the rest."""
    out = {"maps": 0, "pages": 0, "search": 0, "other": 0}
    for path in built.rglob("*"):
        if not path.is_file():
            continue
        size = path.stat().st_size
        if path.suffix == ".svg":
            out["maps"] += size
        elif path.suffix == ".html":
            out["pages"] += size
        elif "search" in path.relative_to(built).parts:
            out["search"] += size
        else:
            out["other"] += size
    return out


def differences(left: Path, right: Path) -> list[str]:
    """The files that differ between two built sites, or are in one only."""
    found: list[str] = []

    def walk(c: filecmp.dircmp[str], prefix: str) -> None:
        found.extend(f"{prefix}{n}" for n in c.left_only + c.right_only + c.funny_files)
        _, mismatch, errors = filecmp.cmpfiles(c.left, c.right, c.common_files, shallow=False)
        found.extend(f"{prefix}{n}" for n in mismatch + errors)
        for name, sub in c.subdirs.items():
            walk(sub, f"{prefix}{name}/")

    walk(filecmp.dircmp(left, right), "")
    return found


def mib(n: float) -> str:
    return f"{n / 2**20:,.1f} MiB"


def row(what: str, r: Run) -> str:
    return f"| {what} | {r.cpu:.1f} | {r.wall:.1f} | {r.peak_mib:.0f} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES)
    parser.add_argument("--phases", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--template", type=Path, help="Folder of the template game: made if missing, else reused.")
    parser.add_argument("--keep", type=Path, help="Build the club repository here and keep it (a new folder).")
    parser.add_argument("--no-compare", action="store_true", help="Skip the comparison with a build from scratch.")
    parser.add_argument("--out", type=Path, help="Where to write the results (default bench/club-results.md).")
    parser.add_argument("--project", type=Path, default=PROJECT, help="The project whose code and site are measured.")
    args = parser.parse_args()
    MEASURED[0] = args.project.resolve()

    scratch = Path(tempfile.mkdtemp(prefix="bench-club-"))
    template = args.template or scratch / "template"
    if not (template / "game.yaml").exists():
        start = time.perf_counter()
        make_template(template, args.phases, args.seed)
        print(f"template game of {args.phases} phases made in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    phases = len(load_game(template).adjudicated())
    root = args.keep or scratch / "club"
    try:
        folders = make_club(root, template, args.games)
        full = build(root)
        print(f"full build: {full}", file=sys.stderr)
        again = build(root)
        print(f"nothing changed: {again}", file=sys.stderr)
        shutil.rmtree(root / "_build" / "site")  # as on a fresh runner of the Pages workflow: caches, no site
        fresh_runner = build_site(root)
        print(f"nothing changed, no built site: {fresh_runner}", file=sys.stderr)
        played = folders[0]
        write_turn_orders(played, __import__("random").Random(args.seed))
        adjudicate = run([sys.executable, "-m", "pipeline", "adjudicate", str(played), "--force"], root)
        one_turn = build(root)
        print(f"one turn: {one_turn}", file=sys.stderr)
        built = root / "_build" / "site"
        size = sizes(built)
        source = sum(p.stat().st_size for p in (root / "site" / "games").rglob("*") if p.is_file())
        compared = None
        if not args.no_compare:
            fresh = scratch / "fresh"
            shutil.copytree(root, fresh, ignore=shutil.ignore_patterns("_build", "games"))
            (fresh / "games").symlink_to(root / "games")
            build(fresh, cached=False)
            compared = differences(built, fresh / "_build" / "site")
    finally:
        if args.keep is None:
            shutil.rmtree(scratch)
        elif args.template is None:
            shutil.rmtree(template)

    total = sum(size.values())
    lines = [
        "# Club site benchmark",
        "",
        f"`python3 bench/bench_club.py --games {args.games}`: {args.games} copies of one Machiavelli game of {phases} "
        "phases (the judge's rules, secret orders and money, random legal orders), built as the Pages workflow "
        "builds it: `judge site` then `judge build-site` (`mkdocs build --strict`, unless the built site already is "
        "the one its sources make), each a process of its own. CPU is the process's "
        "user and system time, wall its elapsed time, memory its peak resident size. "
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores shared.",
        "",
        "| step | CPU s | wall s | peak MiB |",
        "|---|---:|---:|---:|",
        row("full build: `judge site`", full[0]),
        row("full build: `judge build-site`", full[1]),
        row("nothing changed: `judge site`", again[0]),
        row("nothing changed: `judge build-site`", again[1]),
        row("nothing changed, no built site (a fresh runner): `judge build-site`", fresh_runner),
        row("one turn: `judge adjudicate`", adjudicate),
        row("one turn: `judge site`", one_turn[0]),
        row("one turn: `judge build-site`", one_turn[1]),
        "",
        "| totals | CPU s | wall s |",
        "|---|---:|---:|",
        f"| full build | {full[0].cpu + full[1].cpu:.1f} | {full[0].wall + full[1].wall:.1f} |",
        f"| rebuild, nothing changed | {again[0].cpu + again[1].cpu:.1f} | {again[0].wall + again[1].wall:.1f} |",
        f"| rebuild, nothing changed, no built site (a fresh runner) | {again[0].cpu + fresh_runner.cpu:.1f} | "
        f"{again[0].wall + fresh_runner.wall:.1f} |",
        f"| one turn published (site and mkdocs) | {one_turn[0].cpu + one_turn[1].cpu:.1f} | "
        f"{one_turn[0].wall + one_turn[1].wall:.1f} |",
        "",
        "| built site | size |",
        "|---|---:|",
        f"| maps (SVG) | {mib(size['maps'])} |",
        f"| pages (HTML) | {mib(size['pages'])} |",
        f"| search index | {mib(size['search'])} |",
        f"| the rest (assets, feeds, sitemap, order-form data) | {mib(size['other'])} |",
        f"| **whole site** | **{mib(total)}** ({total / args.games / 2**20:.1f} MiB a game) |",
        f"| `judge site`'s sources under site/games/ | {mib(source)} |",
        "",
    ]
    if compared is not None:
        verdict = (
            "byte for byte the same" if not compared else f"{len(compared)} files differ: {', '.join(compared[:10])}"
        )
        lines += [f"The site after one turn against a full build from scratch of the same games: {verdict}.", ""]
    out = args.out or Path(__file__).with_name(
        "club-results.md" if args.games == DEFAULT_GAMES else f"club-results-{args.games}.md"
    )
    out.write_text("\n".join(lines))
    sys.stdout.write("\n".join(lines))


if __name__ == "__main__":
    main()
