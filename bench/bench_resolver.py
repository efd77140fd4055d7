"""The resolver benchmark: how fast the adjudicator is, and whether it agrees with another engine.

Run from the project's root::

    python bench/bench_resolver.py                  # the full run (a few minutes)
    python bench/bench_resolver.py --quick          # a short smoke run
    python bench/bench_resolver.py --instructions   # and the processes' instructions counted (valgrind)

It measures (1) DATC cases adjudicated per second, (2) phases per second over long seeded random
games of standard Diplomacy, (3) microseconds for one Spring 1901 movement phase from order text to
the next position, (4) the PyPI ``diplomacy`` engine (1.1.2) on the same recorded phases, with every
phase whose result differs written to ``disagreements.md`` beside the results, (5) the peak
resident memory of the run, and (6) both engines as a user runs them, whole processes from the text of
the phases to the comparison: `judge datc` on random movement phases written as a DATC file, against
``bench/datc_diplomacy.py`` (the diplomacy package) on the same file (with ``--instructions``, also the
instructions one run of each executes: a count that a shared machine's load does not change). The random
games are recorded first and every recorded phase is timed in two ways (see `Way`): from parsed orders (adjudication
only) and from the orders' text. Positions, the other engine's games and the order strings are set up
outside the timed sections. Figures go to ``bench/results.md`` (``--out``) and a summary to standard
output.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from importlib import metadata
from pathlib import Path

from pipeline.board.board import Board, space_of
from pipeline.board.calendar import PhaseResult
from pipeline.board.legal_orders import adjustment_choices, movement_options, retreat_choices
from pipeline.board.notation import parse_order
from pipeline.board.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    MovementOrder,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from pipeline.board.outcome import Outcome
from pipeline.board.position import Phase, PhaseKind, Position
from pipeline.board.retreat import retreat_options
from pipeline.board.units import UnitKind
from pipeline.datc.reader import DatcCase, read_datc
from pipeline.datc.runner import CaseError, run_case
from pipeline.games import play_phase, start_position
from pipeline.storage.maps import shipped_board

try:
    import diplomacy
except ImportError as err:  # the benchmark still measures our engine without it
    diplomacy = None
    DIPLOMACY_MISSING = f"the `diplomacy` package could not be imported ({type(err).__name__}: {err})"
else:
    DIPLOMACY_MISSING = ""

BENCH_DIR = Path(__file__).resolve().parent
DATC_DIR = BENCH_DIR.parent / "tests" / "datc" / "files"
KINDS = (PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT)
COORDINATION = 0.5  # chance that a unit picks an order fitting one already chosen (a matching support...)

SPRING_1901_ORDERS = (  # 22 orders: two standoffs (gal, bla), the rest plain moves and a hold
    ("austria", "A vie-gal"),
    ("austria", "A bud-ser"),
    ("austria", "F tri-alb"),
    ("england", "F lon-nth"),
    ("england", "F edi-nwg"),
    ("england", "A lvp-yor"),
    ("france", "F bre-mao"),
    ("france", "A par-bur"),
    ("france", "A mar-spa"),
    ("germany", "F kie-den"),
    ("germany", "A ber-kie"),
    ("germany", "A mun-ruh"),
    ("italy", "F nap-ion"),
    ("italy", "A rom-apu"),
    ("italy", "A ven H"),
    ("russia", "A war-gal"),
    ("russia", "A mos-ukr"),
    ("russia", "F sev-bla"),
    ("russia", "F stp/sc-bot"),
    ("turkey", "F ank-bla"),
    ("turkey", "A con-bul"),
    ("turkey", "A smy-arm"),
)


@dataclass(frozen=True)
class Settings:
    """What one run does: how many games and years, and how many times each thing is repeated."""

    seed: int
    games: int
    years: int
    datc_passes: int
    game_passes: int
    spring_batches: int
    spring_batch_size: int
    process_games: int  # random games whose movement phases the whole-process figure runs
    process_runs: int
    instructions: bool  # count each process's instructions too (valgrind)


class Way(Enum):
    """What one timed pass over the recorded phases starts from, for both engines."""

    TEXT = "orders as text to the next phase"  # order strings: read, checked, adjudicated, next phase
    ADJUDICATION = "adjudication only"  # orders already read (ours) or already given (theirs)


@dataclass(frozen=True)
class Recorded:
    """One phase of a random game: the position, the orders given (also as our text, ``A lvp-yor``,
    and as the diplomacy package's, by power), and what our engine made of it."""

    game: int
    position: Position
    orders: tuple[tuple[str, Order], ...]
    texts: tuple[tuple[str, str], ...]
    their_texts: dict[str, list[str]]
    result: PhaseResult


@dataclass
class Timing:
    """Seconds spent per phase kind in each timed pass over the same phases."""

    counts: Counter[PhaseKind]
    passes: list[dict[PhaseKind, float]] = field(default_factory=list)

    def rates(self, kinds: Sequence[PhaseKind] = KINDS) -> tuple[float, float]:
        """(best, median) phases per second over the passes, counting only phases of `kinds`."""
        n = sum(self.counts[k] for k in kinds)
        totals = [sum(p.get(k, 0.0) for k in kinds) for p in self.passes]
        return n / min(totals), n / statistics.median(totals)


@dataclass
class DatcFigures:
    """The DATC run: cases per file, how many passed, which could not be set up, and the timing."""

    files: dict[str, int]
    passed: int
    unusable: list[str]
    timing: Timing


@dataclass(frozen=True)
class EndState:
    """What a phase left on the board, written in the other engine's terms for comparison.

    `units` are ``POWER K LOC`` strings; `dislodged` maps each dislodged unit that may retreat to its
    possible retreats; `phase` is the next phase to be played (``W1905A``).
    """

    units: frozenset[str]
    dislodged: dict[str, frozenset[str]]
    centres: dict[str, str]
    phase: str


@dataclass
class Comparison:
    """The other engine's run of the recorded phases: timing of each way, agreements by kind, disagreements."""

    timing: dict[Way, Timing]
    agreed: Counter[PhaseKind] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)  # orders it refused when given, by its reason
    disagreements: list[tuple[Recorded, list[str], list[str]]] = field(default_factory=list)


# ---- 1. DATC ------------------------------------------------------------------------------


def load_datc_cases() -> tuple[dict[str, int], list[DatcCase]]:
    """Every case of the DATC files the tests use (file name -> case count, and the cases)."""
    files: dict[str, int] = {}
    cases: list[DatcCase] = []
    for path in sorted(DATC_DIR.glob("*.txt")):
        found = read_datc(path.read_text(encoding="utf-8"), path.name)
        files[path.name] = len(found)
        cases.extend(found)
    if not cases:
        raise SystemExit(f"no DATC cases found in {DATC_DIR}")
    return files, cases


def bench_datc(board: Board, passes: int) -> DatcFigures:
    """Adjudicate every DATC case once to check it, then time `passes` passes over the usable ones."""
    files, cases = load_datc_cases()
    usable: list[DatcCase] = []
    unusable: list[str] = []
    passed = 0
    for case in cases:
        try:
            passed += run_case(board, case).passed
        except CaseError as err:
            unusable.append(f"{case.id}: {err}")
            continue
        usable.append(case)
    timing = Timing(Counter({PhaseKind.MOVEMENT: len(usable)}))  # a case counts as one phase
    for _ in range(passes):
        start = time.perf_counter()
        for case in usable:
            run_case(board, case)
        timing.passes.append({PhaseKind.MOVEMENT: time.perf_counter() - start})
    return DatcFigures(files, passed, unusable, timing)


# ---- 2. random games ----------------------------------------------------------------------


def _fits(order: MovementOrder, chosen: dict[str, MovementOrder]) -> bool:
    """Does `order` work with the orders already chosen (a support or convoy that matches)?"""
    if isinstance(order, SupportHold):
        other = chosen.get(space_of(order.target))
        return other is not None and not isinstance(other, Move)
    if isinstance(order, (SupportMove, Convoy)):
        other = chosen.get(space_of(order.target))
        return isinstance(other, Move) and space_of(other.to) == order.to
    if isinstance(order, Move) and order.via_convoy:
        return any(
            isinstance(c, Convoy) and space_of(c.target) == space_of(order.at) and c.to == space_of(order.to)
            for c in chosen.values()
        )
    return False


def _category(order: MovementOrder) -> tuple[str, bool]:
    """The kind of an order for random choice: its type, and for a move whether it goes by convoy."""
    return type(order).__name__, isinstance(order, Move) and order.via_convoy


def random_movement_orders(board: Board, position: Position, rng: random.Random) -> list[tuple[str, Order]]:
    """A legal order for every unit: units in random order, each taking, half the time, an order that
    fits one already chosen (a matching support or convoy), else an order of a random kind."""
    options = movement_options(board, position)
    spaces = sorted(options)
    rng.shuffle(spaces)
    chosen: dict[str, MovementOrder] = {}
    for space in spaces:
        fitting = [o for o in options[space] if _fits(o, chosen)]
        if fitting and rng.random() < COORDINATION:
            chosen[space] = rng.choice(fitting)
            continue
        by_category: dict[tuple[str, bool], list[MovementOrder]] = {}
        for o in options[space]:
            by_category.setdefault(_category(o), []).append(o)
        chosen[space] = rng.choice(by_category[rng.choice(sorted(by_category))])
    return [(position.units[s].power, o) for s, o in sorted(chosen.items())]


def random_orders(board: Board, position: Position, rng: random.Random) -> list[tuple[str, Order]]:
    """Random legal orders for every unit that has to be ordered in this phase."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return random_movement_orders(board, position, rng)
    if kind is PhaseKind.RETREAT:
        choices = retreat_choices(board, position)
        return [(d.unit.power, rng.choice(choices[d.unit.space])) for d in position.dislodged]
    orders: list[tuple[str, Order]] = []
    for power in sorted(board.powers):
        due, choices = adjustment_choices(board, position, power)
        orders.extend((power, o) for o in rng.sample(choices, min(abs(due), len(choices))))
    return orders


def record_games(board: Board, games: int, years: int, rng: random.Random) -> list[Recorded]:
    """Play `games` random games of `years` years each and keep every phase played, with its orders
    written out for both engines (each text is checked to read back as the order it was written from)."""
    phases: list[Recorded] = []
    for game in range(games):
        position = start_position(board)
        last_year = position.phase.year + years - 1
        while position.phase.year <= last_year:
            orders = tuple(random_orders(board, position, rng))
            texts = tuple((power, str(order)) for power, order in orders)
            for (_, order), (_, text) in zip(orders, texts, strict=True):
                if parse_order(text, board, position.phase.kind) != order:
                    raise SystemExit(f"the order {order!r} does not read back from its text {text!r}")
            result = play_phase(board, position, orders)
            phases.append(Recorded(game, position, orders, texts, their_orders_by_power(orders), result))
            position = result.after
    return phases


def our_pass(board: Board, phases: list[Recorded], way: Way) -> dict[PhaseKind, float]:
    """One timed pass of our engine over the recorded phases: seconds per phase kind.

    `Way.ADJUDICATION` times `play_phase` on the recorded orders (it checks every order's legality,
    adjudicates and builds the next position); `Way.TEXT` also reads every order from its text first.
    """
    spent = dict.fromkeys(KINDS, 0.0)
    clock = time.perf_counter
    for p in phases:
        kind = p.position.phase.kind
        if way is Way.TEXT:
            start = clock()
            play_phase(board, p.position, [(power, parse_order(text, board, kind)) for power, text in p.texts])
        else:
            start = clock()
            play_phase(board, p.position, p.orders)
        spent[kind] += clock() - start
    return spent


# ---- 3. Spring 1901 -----------------------------------------------------------------------


def spring_1901(board: Board) -> Position:
    """Spring 1901 from the text of 22 orders: parse them, adjudicate, and build the next position."""
    return play_phase(board, start_position(board), parse_spring_1901(board)).after


def parse_spring_1901(board: Board) -> list[tuple[str, Order]]:
    """The 22 Spring 1901 orders read from their text, and nothing else."""
    return [(power, parse_order(text, board, PhaseKind.MOVEMENT)) for power, text in SPRING_1901_ORDERS]


def bench_spring_1901(board: Board, batches: int, size: int) -> tuple[list[float], list[float]]:
    """Microseconds per Spring 1901 phase, and for reading its orders alone: one figure per batch of
    `size` repetitions, the two measured in alternate batches."""
    spring_1901(board)  # warm the caches once
    whole, parsing = [], []
    for _ in range(batches):
        for work, figures in ((spring_1901, whole), (parse_spring_1901, parsing)):
            start = time.perf_counter()
            for _ in range(size):
                work(board)
            figures.append((time.perf_counter() - start) / size * 1e6)
    return whole, parsing


# ---- 4. the diplomacy package -------------------------------------------------------------


def their_unit(kind: UnitKind | None, at: str) -> str:
    """``A LVP``, ``F STP/SC``: a unit in the diplomacy package's notation."""
    if kind is None:
        raise ValueError(f"order for the unit at {at} gives no unit kind")
    return f"{kind.value} {at.upper()}"


def their_order(order: Order) -> str:
    """One of our orders in the diplomacy package's notation (``A LON - BEL VIA``, ``F NTH D``...)."""
    match order:
        case Hold(kind, at):
            return f"{their_unit(kind, at)} H"
        case Move(kind, at, to, via):
            return f"{their_unit(kind, at)} - {to.upper()}" + (" VIA" if via else "")
        case SupportHold(kind, at, target_kind, target):
            return f"{their_unit(kind, at)} S {their_unit(target_kind, target)}"
        case SupportMove(kind, at, target_kind, target, to) | Convoy(kind, at, target_kind, target, to):
            verb = "S" if isinstance(order, SupportMove) else "C"
            return f"{their_unit(kind, at)} {verb} {their_unit(target_kind, target)} - {to.upper()}"
        case Retreat(kind, at, to):
            return f"{their_unit(kind, at)} R {to.upper()}"
        case Disband(kind, at) | Remove(kind, at):
            return f"{their_unit(kind, at)} D"
        case Build(kind, at):
            return f"{their_unit(kind, at)} B"
        case Waive():
            return "WAIVE"
    raise TypeError(f"no diplomacy notation for {order!r}")


def their_phase(phase: Phase) -> str:
    """``S1901M``, ``F1901R``, ``W1901A``."""
    season = "W" if phase.kind is PhaseKind.ADJUSTMENT else phase.season[0].upper()
    return f"{season}{phase.year}{phase.kind.name[0]}"


def their_orders_by_power(orders: Sequence[tuple[str, Order]]) -> dict[str, list[str]]:
    """Our orders in the diplomacy package's notation, by its name of the power (``FRANCE``)."""
    by_power: dict[str, list[str]] = {}
    for power, order in orders:
        by_power.setdefault(power.upper(), []).append(their_order(order))
    return dict(sorted(by_power.items()))


def their_game(board: Board, position: Position) -> object:
    """A diplomacy Game set to `position`, with no orders given yet.

    In a retreat phase the dislodged units are set with ``*`` and their possible retreats are set to
    ours (which know the attacker's origin and the standoffs, which a fresh Game does not).
    """
    game = diplomacy.Game(map_name="standard")
    game.set_current_phase(their_phase(position.phase))
    game.clear_units()
    game.clear_centers()
    for power in sorted(board.powers):
        units = [their_unit(u.kind, u.location) for u in position.units_of(power)]
        units.extend(
            "*" + their_unit(d.unit.kind, d.unit.location) for d in position.dislodged if d.unit.power == power
        )
        game.set_units(power.upper(), units)
        game.set_centers(power.upper(), [s.upper() for s in position.centres_of(power)])
    for d in position.dislodged:
        their_power = game.get_power(d.unit.power.upper())
        their_power.retreats[their_unit(d.unit.kind, d.unit.location)] = [
            loc.upper() for loc in retreat_options(board, position, d)
        ]
    game.error = []  # so that it lists only the orders refused
    return game


def their_retreats(game: object) -> dict[str, frozenset[str]]:
    """Each dislodged unit of a diplomacy Game and where it may still go (not into an occupied space)."""
    occupied = {u[2:5] for power in game.powers.values() for u in power.units}
    return {
        f"{name} {unit}": frozenset(w for w in where if w[:3] not in occupied)
        for name, power in game.powers.items()
        for unit, where in power.retreats.items()
    }


def their_outcome(game: object) -> EndState:
    """The board after the diplomacy Game processed its phase.

    A retreat phase in which no dislodged unit can go anywhere is played out first (all disband), as
    for ours: the engines differ only in when they drop such units.
    """
    dislodged = their_retreats(game)
    if dislodged and not any(dislodged.values()):
        game.process()
        dislodged = {}
    units, centres = set(), {}
    for name, power in game.powers.items():
        units.update(f"{name} {u}" for u in power.units)
        centres.update(dict.fromkeys(power.centers, name))
    return EndState(frozenset(units), {u: w for u, w in dislodged.items() if w}, centres, game.get_current_phase())


def our_outcome(board: Board, result: PhaseResult) -> EndState:
    """The board after our engine played a phase, in the other engine's terms."""
    after = result.after
    dislodged = {}
    if after.phase.kind is PhaseKind.RETREAT:
        for d in after.dislodged:
            key = f"{d.unit.power.upper()} {their_unit(d.unit.kind, d.unit.location)}"
            dislodged[key] = frozenset(o.upper() for o in retreat_options(board, after, d))
        if not any(dislodged.values()):  # nowhere to go for anyone: all disband (see `their_outcome`)
            after, dislodged = play_phase(board, after, ()).after, {}
    units = frozenset(f"{u.power.upper()} {their_unit(u.kind, u.location)}" for u in after.units.values())
    dislodged = {u: w for u, w in dislodged.items() if w}
    centres = {s.upper(): p.upper() for s, p in after.owners.items()}
    return EndState(units, dislodged, centres, their_phase(after.phase))


def differences(ours: EndState, theirs: EndState) -> list[str]:
    """Every way two outcomes differ, one line each (none: they agree)."""
    lines = []
    if ours.units != theirs.units:
        lines.append(f"units only in ours: {', '.join(sorted(ours.units - theirs.units)) or '-'}")
        lines.append(f"units only in theirs: {', '.join(sorted(theirs.units - ours.units)) or '-'}")
    for unit in sorted(set(ours.dislodged) | set(theirs.dislodged)):
        mine, other = ours.dislodged.get(unit), theirs.dislodged.get(unit)
        if mine != other:
            show = {None: "not dislodged (or no retreat)"}
            lines.append(
                f"dislodged {unit}: retreats ours {show.get(mine) or sorted(mine)}, "
                f"theirs {show.get(other) or sorted(other)}"
            )
    if ours.centres != theirs.centres:
        mine, other = ours.centres, theirs.centres
        changed = sorted(c for c in set(mine) | set(other) if mine.get(c) != other.get(c))
        lines.append("centres: " + ", ".join(f"{c} ours {mine.get(c)} theirs {other.get(c)}" for c in changed))
    if ours.phase != theirs.phase:
        lines.append(f"next phase: ours {ours.phase}, theirs {theirs.phase}")
    return lines


def their_pass(
    board: Board, phases: list[Recorded], way: Way, compare: Comparison | None = None
) -> dict[PhaseKind, float]:
    """One timed pass of the diplomacy package over the recorded phases, each in a Game set up afresh
    (untimed): seconds per phase kind.

    `Way.ADJUDICATION` gives the orders untimed (`Game.set_orders`, where it reads and checks them)
    and times `Game.process()` alone; `Way.TEXT` times both. With `compare`, each result is also
    compared with ours (untimed).
    """
    spent = dict.fromkeys(KINDS, 0.0)
    clock = time.perf_counter
    for p in phases:
        game = their_game(board, p.position)
        if way is Way.TEXT:
            start = clock()
            for power, texts in p.their_texts.items():
                game.set_orders(power, texts)
            game.process()
            spent[p.position.phase.kind] += clock() - start
            continue
        for power, texts in p.their_texts.items():
            game.set_orders(power, texts)
        refused = [str(e) for e in game.error]
        start = clock()
        game.process()
        spent[p.position.phase.kind] += clock() - start
        if compare is not None:
            compare.refused.update(r.split(":", 1)[0] for r in refused)
            diff = differences(our_outcome(board, p.result), their_outcome(game))
            if diff:
                compare.disagreements.append((p, diff, refused))
            else:
                compare.agreed[p.position.phase.kind] += 1
    return spent


def time_games(
    board: Board, phases: list[Recorded], passes: int, theirs: bool
) -> tuple[dict[Way, Timing], Comparison | None]:
    """Time both engines both ways on the recorded phases, `passes` rounds of one pass of each engine
    each way, interleaved so that a slow spell of a shared machine weighs on both alike. The first
    adjudication-only pass of the diplomacy package also compares its results with ours."""
    counts = Counter(p.position.phase.kind for p in phases)
    ours = {way: Timing(counts) for way in Way}
    comparison = Comparison({way: Timing(counts) for way in Way}) if theirs else None
    for n in range(passes):
        for way in Way:
            ours[way].passes.append(our_pass(board, phases, way))
            if comparison is not None:
                compare = comparison if n == 0 and way is Way.ADJUDICATION else None
                comparison.timing[way].passes.append(their_pass(board, phases, way, compare))
    return ours, comparison


# ---- 6. whole processes -------------------------------------------------------------------


@dataclass(frozen=True)
class ProcessRun:
    """One command run to its end: CPU seconds (user and system), wall seconds, and what it printed last."""

    cpu: float
    wall: float
    said: str


@dataclass
class ProcessFigures:
    """Both engines' processes on the same DATC file of movement phases."""

    phases: int
    ours: list[ProcessRun]
    theirs: list[ProcessRun]
    # the instructions one run of each executes, as valgrind counts them (None: not counted)
    our_instructions: int | None = None
    their_instructions: int | None = None


def datc_case_text(board: Board, number: int, p: Recorded) -> list[str]:
    """One recorded movement phase as a DATC case (in the notation both engines read: ``A LON - BEL``,
    ``via convoy``), expecting the units our engine left."""
    position, after = p.position, p.result.after
    phase = f"{position.phase.season.capitalize()} {position.phase.year}, Movement"
    lines = [f"CASE R.{number}", f"PRESTATE_SETPHASE {phase}", "PRESTATE_SUPPLYCENTER_OWNERS"]
    lines += [f"{power.capitalize()}: A {space.upper()}" for space, power in sorted(position.owners.items())]
    lines += ["PRESTATE"]
    lines += [f"{u.power.capitalize()}: {their_unit(u.kind, u.location)}" for u in sorted(position.units.values())]
    lines += ["ORDERS"]
    lines += [f"{power.capitalize()}: {their_order(order).replace(' VIA', ' via convoy')}" for power, order in p.orders]
    lines += ["POSTSTATE"]
    lines += [f"{u.power.capitalize()}: {their_unit(u.kind, u.location)}" for u in sorted(after.units.values())]
    dislodged = [d.unit for d in after.dislodged if retreat_options(board, after, d)]
    if dislodged:
        lines += ["POSTSTATE_DISLODGED"]
        lines += [f"{u.power.capitalize()}: {their_unit(u.kind, u.location)}" for u in sorted(dislodged)]
    return [*lines, "END", ""]


def _process_env(bytecode: Path) -> dict[str, str]:
    """The environment of a measured process: the project first on the path, its modules' bytecode kept in the
    folder `bytecode`, as an installed package keeps it (``PYTHONDONTWRITEBYTECODE`` would have our modules
    compiled again at every run, and not the diplomacy package's, which pip compiled)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return env | {"PYTHONPATH": str(BENCH_DIR.parent), "PYTHONPYCACHEPREFIX": str(bytecode)}


def run_process(args: Sequence[str], bytecode: Path) -> ProcessRun:
    """Run a command to its end and measure it as a whole (`_process_env`)."""
    env = _process_env(bytecode)
    start = time.perf_counter()
    process = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert process.stdout is not None
    output = process.stdout.read().decode()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):  # `judge datc` says 1 when a case fails
        raise SystemExit(f"{' '.join(args)} failed")
    return ProcessRun(usage.ru_utime + usage.ru_stime, wall, output.strip().splitlines()[-1])


_INSTRUCTIONS = re.compile(r"I\s+refs:\s+([\d,]+)")


def count_instructions(args: Sequence[str], bytecode: Path) -> int:
    """The instructions a command executes to its end, as valgrind's cachegrind counts them (no cache
    simulated). A count, not a time: the same from run to run, where the CPU time of one run on a shared
    machine varies by a third; about fifty times slower than the process itself."""
    valgrind = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    done = subprocess.run(
        [*valgrind, *args], env=_process_env(bytecode), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    found = _INSTRUCTIONS.search(done.stderr)
    if done.returncode not in (0, 1) or found is None:  # (as in `run_process`: 1 when a case fails)
        raise SystemExit(f"valgrind gave no count for {' '.join(args)}")
    return int(found[1].replace(",", ""))


def bench_processes(board: Board, s: Settings, theirs: bool) -> ProcessFigures:
    """`judge datc` and the diplomacy package's script on one DATC file of every movement phase of
    `s.process_games` random games, each run `s.process_runs` times, alternately."""
    phases = [
        p
        for p in record_games(board, s.process_games, s.years, random.Random(s.seed + 1))
        if p.position.phase.kind is PhaseKind.MOVEMENT
    ]
    text = ["VARIANT_ALL Standard", ""]
    for number, p in enumerate(phases, start=1):
        text += datc_case_text(board, number, p)
    figures = ProcessFigures(len(phases), [], [])
    with tempfile.TemporaryDirectory(prefix="bench-resolver-") as folder:
        path = Path(folder) / "random-movement-phases.txt"
        path.write_text("\n".join(text), encoding="utf-8")
        no_case = Path(folder) / "no-case.txt"
        no_case.write_text("VARIANT_ALL Standard\n", encoding="utf-8")
        commands = [([sys.executable, "-m", "pipeline", "datc"], figures.ours)]
        if theirs:
            commands.append(([sys.executable, str(BENCH_DIR / "datc_diplomacy.py")], figures.theirs))
        bytecode = Path(folder) / "bytecode"
        for command, _ in commands:  # a first run on a file of no case, untimed, writes the bytecode
            run_process([*command, str(no_case)], bytecode)
        for _ in range(s.process_runs):
            for command, runs in commands:
                runs.append(run_process([*command, str(path)], bytecode))
        if s.instructions:
            figures.our_instructions = count_instructions([*commands[0][0], str(path)], bytecode)
            if theirs:
                figures.their_instructions = count_instructions([*commands[1][0], str(path)], bytecode)
    return figures


def _median_cpu(runs: list[ProcessRun]) -> float:
    return statistics.median(r.cpu for r in runs)


def pairs(figures: ProcessFigures) -> float:
    """The median of the ratios of each run of theirs to the run of ours just before it."""
    return statistics.median(t.cpu / o.cpu for o, t in zip(figures.ours, figures.theirs, strict=True))


def process_section(figures: ProcessFigures) -> list[str]:
    """The section of the results on whole processes."""

    def rates(runs: list[ProcessRun]) -> str:
        cpu, wall = min(r.cpu for r in runs), min(r.wall for r in runs)
        rate = f"**{figures.phases / cpu:,.0f}**"
        return f"{cpu:.2f} s CPU best ({_median_cpu(runs):.2f} median), {wall:.2f} s wall best: {rate}"

    lines = [
        f"Every movement phase of the random games of another seed ({figures.phases} phases) written as one DATC"
        " file (`Power: A LON - BEL`, `via convoy`), each phase expecting the units our engine left; then each"
        f" engine run on it as a user runs it, {len(figures.ours)} times, alternately: a whole process from the"
        " text of the cases to the comparison of every result with the case, imports included (each process"
        " keeping its modules' bytecode as an installed package does: written by a first untimed run). Ours is"
        " `judge datc FILE`; theirs `bench/datc_diplomacy.py FILE`, which reads the cases with the project's"
        " DATC reader (text only) and gives each to a fresh `diplomacy.Game` (`set_orders`, `process`). Rates"
        " are phases per CPU second of the best run.",
        "",
        f"- `judge datc`: {rates(figures.ours)} phases/s ({figures.ours[0].said})",
    ]
    if figures.theirs:
        ours = figures.phases / min(r.cpu for r in figures.ours)
        theirs = figures.phases / min(r.cpu for r in figures.theirs)
        lines += [
            f"- `datc_diplomacy.py`: {rates(figures.theirs)} phases/s ({figures.theirs[0].said}: the phases"
            " where the engines differ, see section 4)",
            f"- ratio ours/theirs, whole processes: **{ours / theirs:.1f}x** (CPU of the best runs;"
            f" {_median_cpu(figures.theirs) / _median_cpu(figures.ours):.1f}x by medians; {pairs(figures):.1f}x,"
            " the median of each run of ours against the run of theirs just after it, which shared its moment's"
            " load)",
        ]
    else:
        lines.append(f"- the diplomacy package: not run ({why_not_compared()})")
    if figures.our_instructions is not None:
        told = f"`judge datc` {figures.our_instructions / 1e9:.2f} G"
        if figures.their_instructions is not None:
            ratio = figures.their_instructions / figures.our_instructions
            told += f", `datc_diplomacy.py` {figures.their_instructions / 1e9:.2f} G: **{ratio:.1f}x**"
        lines.append(
            f"- instructions executed by one more run of each, counted by valgrind (`--instructions`; the same"
            f" from run to run, unlike the CPU time of a shared machine): {told}"
        )
    return lines


# ---- the report ---------------------------------------------------------------------------


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo (or the platform's word for it)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def peak_rss_mib() -> float:
    """The peak resident memory of this process so far, in MiB (Linux reports KiB)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def source_version() -> str:
    """The project's git commit, and whether the adjudicator's files differ from it."""
    root = BENCH_DIR.parent

    def git(*args: str) -> str:
        """The output of one git command run in the project."""
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True).stdout.strip()

    try:
        commit = git("rev-parse", "--short", "HEAD")
        dirty = git("status", "--porcelain", "--", "pipeline")
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git work tree)"
    return f"commit {commit}" + (", with uncommitted changes in pipeline/" if dirty else "")


def _version(package: str) -> str:
    """The installed version of `package`, if it is installed."""
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def kind_groups(counts: Counter[PhaseKind]) -> list[tuple[str, Sequence[PhaseKind]]]:
    """The groups of phases a table has a row for: all phases, then each kind of phase played."""
    return [("all phases", KINDS), *((k.value, (k,)) for k in KINDS if counts[k])]


def phase_table(timings: dict[str, Timing]) -> list[str]:
    """A table of phases per second, overall and by phase kind, for each timing."""
    lines = ["| timing | phases | best phases/s | median phases/s |", "| --- | ---: | ---: | ---: |"]
    for label, timing in timings.items():
        for group, kinds in kind_groups(timing.counts):
            best, median = timing.rates(kinds)
            n = sum(timing.counts[k] for k in kinds)
            lines.append(f"| {label}, {group} | {n} | {best:,.0f} | {median:,.0f} |")
    return lines


def ratio_table(ours: Timing, theirs: Timing) -> list[str]:
    """A table of both engines' phases per second, overall and by phase kind, with the ratios ours/theirs
    of the best passes and of the medians."""
    lines = [
        "| phases | n | ours best | ours median | diplomacy best | diplomacy median | ours/theirs best"
        " | ours/theirs median |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for group, kinds in kind_groups(ours.counts):
        (mine, mine_median), (other, other_median) = ours.rates(kinds), theirs.rates(kinds)
        lines.append(
            f"| {group} | {sum(ours.counts[k] for k in kinds)} | {mine:,.0f} | {mine_median:,.0f} | {other:,.0f}"
            f" | {other_median:,.0f} | **{mine / other:.1f}x** | {mine_median / other_median:.1f}x |"
        )
    return lines


def write_results(
    path: Path,
    header: dict[str, str],
    datc: DatcFigures,
    phases: list[Recorded],
    ours: dict[Way, Timing],
    spring: tuple[list[float], list[float]],
    theirs: Comparison | None,
    processes: ProcessFigures,
) -> None:
    """Write the figures to `path` as markdown."""
    lines = ["# Resolver benchmark", "", "| | |", "| --- | --- |"]
    lines.extend(f"| {k} | {v} |" for k, v in header.items())
    best, median = datc.timing.rates()
    datc_times = [p[PhaseKind.MOVEMENT] for p in datc.timing.passes]
    whole, parsing = spring
    lines += [
        "",
        "Each figure says what it times; in the random games, setting up positions, the other engine's games and"
        " the order strings is never timed. Timed with `time.perf_counter`, garbage collection left on, on one core."
        " Each figure is repeated over several passes and reported as the best pass (the least disturbed) and the"
        " median; on this machine pass times vary a lot (the slowest DATC pass took"
        f" {max(datc_times) / min(datc_times):.1f}x the fastest), so compare best with best.",
        "",
        "## 1. DATC cases",
        "",
        f"{sum(datc.files.values())} cases in {len(datc.files)} files ("
        + ", ".join(f"{f}: {n}" for f, n in datc.files.items())
        + f"); {datc.passed} pass. Each case is one phase; `run_case` alone is timed (it also reads the case's"
        " orders and sets up its position; a retreat case adjudicates its movement again first),"
        f" {len(datc.timing.passes)} passes over all of them.",
        "",
        f"- **{best:,.0f} phases/s** best pass, {median:,.0f} median",
    ]
    lines.extend(f"- could not be set up: {u}" for u in datc.unusable)
    games = len({p.game for p in phases})
    timing = ours[Way.TEXT]
    lines += [
        "",
        "## 2. Random games",
        "",
        f"{games} seeded random games of standard Diplomacy, {len(phases)} phases ("
        + ", ".join(f"{timing.counts[k]} {k.value}" for k in KINDS)
        + "). Every unit gets a random legal order; half the time it takes one that fits an order already"
        " chosen (a matching support or convoy), else an order of a random kind. The games are recorded"
        " first, with each order's text (`str(order)`, checked to read back as the same order); then each"
        f" recorded phase is timed two ways, {len(timing.passes)} passes each (interleaved with the passes of"
        f" section 4): *{Way.TEXT.value}*, every order read from its text with `parse_order` and then"
        f" `play_phase`; *{Way.ADJUDICATION.value}*, `play_phase` on the orders already read. `play_phase`"
        " checks every order's legality, adjudicates and builds the next position.",
        "",
        *phase_table({way.value: ours[way] for way in Way}),
        "",
        "## 3. Spring 1901, text to next position",
        "",
        "22 order strings parsed with `parse_order`, adjudicated and the next position built with `play_phase`,"
        f" {len(whole)} batches; reading the orders alone is timed in alternate batches.",
        "",
        f"- **{min(whole):,.0f} µs per phase** best batch, {statistics.median(whole):,.0f} µs median",
        f"- of which reading the 22 orders: {min(parsing):,.0f} µs best, {statistics.median(parsing):,.0f} µs median",
        "",
        "## 4. Against the `diplomacy` package",
        "",
    ]
    lines += compare_section(ours, theirs)
    lines += ["", "## 5. Memory", "", f"- peak RSS of the whole run: **{peak_rss_mib():,.1f} MiB**"]
    lines += ["", "## 6. Whole processes, as a user runs them", "", *process_section(processes), ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def why_not_compared() -> str:
    """Why the comparison with the diplomacy package was left out."""
    return DIPLOMACY_MISSING or "left out with --no-diplomacy"


def headline_ratios(ours: dict[Way, Timing], theirs: Comparison) -> str:
    """The ratios ours/theirs in phases/s over all phases, each way, best passes and medians."""
    told = []
    for way in Way:
        (mine, mine_median), (other, other_median) = ours[way].rates(), theirs.timing[way].rates()
        told.append(f"{way.value} {mine / other:.1f}x best, {mine_median / other_median:.1f}x median")
    return "; ".join(told)


def compare_section(ours: dict[Way, Timing], theirs: Comparison | None) -> list[str]:
    """The section of the results that compares the two engines."""
    if theirs is None:
        return [f"Not run: {why_not_compared()}."]
    counts = theirs.timing[Way.ADJUDICATION].counts
    total = sum(counts.values())
    agreed = sum(theirs.agreed.values())
    lines = [
        f"`diplomacy` {_version('diplomacy')} on the same recorded phases, every kind of phase, timed the same two"
        f" ways, {len(theirs.timing[Way.TEXT].passes)} passes each way; each pass of theirs follows the same pass"
        " of ours. Each phase gets a fresh `Game` set to the recorded position (phase, units, centres; in a"
        " retreat phase the dislodged units, with our list of possible retreats since a fresh Game cannot know"
        " the attacker's origin nor the standoffs), untimed; the orders are written in its notation"
        " (`A LON - BEL VIA`) beforehand, untimed. `Game.process()` includes the Game's own bookkeeping: a"
        " state snapshot and the move to the next phase.",
        "",
        f"### {Way.TEXT.value.capitalize()} (the headline)",
        "",
        "Ours: every order of the phase read from its text with `parse_order`, then `play_phase`. Theirs:"
        " `Game.set_orders` for every power with orders (it reads the orders and checks them, with its default"
        " expansion), then `Game.process()`. Both go from the same orders as text to the next phase.",
        "",
        *ratio_table(ours[Way.TEXT], theirs.timing[Way.TEXT]),
        "",
        f"### {Way.ADJUDICATION.value.capitalize()}",
        "",
        "Ours: `play_phase` on the orders already read (it still checks every order's legality). Theirs:"
        " `Game.process()` alone. Their orders are given with `Game.set_orders`, where they are read and"
        " checked, and that is not timed in this way: the figures leave out their order checking but not ours.",
        "",
        *ratio_table(ours[Way.ADJUDICATION], theirs.timing[Way.ADJUDICATION]),
        "",
        f"- ratio ours/theirs in phases/s over all phases: {headline_ratios(ours, theirs)}",
        f"- results compared (in the first adjudication-only pass) on units after the phase, dislodged units with"
        " their possible retreats, centre owners and the next phase (a retreat phase where no dislodged unit can"
        " go anywhere is played out first, since diplomacy disbands such units at once and ours asks for the"
        f" retreat phase): **{agreed} of {total} phases agree**, {total - agreed} differ ("
        + ", ".join(f"{k.value} {theirs.agreed[k]}/{counts[k]}" for k in KINDS)
        + "); every difference is in `disagreements.md`",
        f"- orders the diplomacy package refused when given ({sum(theirs.refused.values())}; it holds those"
        " units, and in ours such orders come to nothing too: supports and convoys matching no move, convoyed"
        " moves with no chain of fleets; a phase with such orders counts as agreeing when its results are the"
        " same): " + (", ".join(f"{reason.lower()} {n}" for reason, n in theirs.refused.most_common()) or "none"),
    ]
    return lines


def summary(
    datc: DatcFigures, ours: dict[Way, Timing], spring: tuple[list[float], list[float]], theirs: Comparison | None
) -> list[str]:
    """The main figures of the run, for standard output, with the same tables of phases/s as the results."""
    best, median = datc.timing.rates()
    whole = spring[0]
    lines = [
        f"DATC: {datc.passed} of {sum(datc.files.values())} cases pass, {best:,.0f} phases/s best, {median:,.0f} median"
    ]
    if theirs is None:
        lines += ["", f"random games, ours only ({why_not_compared()}):", *phase_table({w.value: ours[w] for w in Way})]
    else:
        for way in Way:
            lines += ["", f"random games, {way.value}:", *ratio_table(ours[way], theirs.timing[way])]
        agreed, total = sum(theirs.agreed.values()), sum(theirs.timing[Way.ADJUDICATION].counts.values())
        lines += ["", f"ratio ours/theirs, all phases: {headline_ratios(ours, theirs)}"]
        lines.append(f"results: {agreed} of {total} phases agree with diplomacy, {total - agreed} differ")
    lines.append(
        f"Spring 1901, text to next position: {min(whole):,.0f} µs best, {statistics.median(whole):,.0f} µs median"
    )
    lines.append(f"peak RSS: {peak_rss_mib():,.1f} MiB")
    return lines


def _told(order: Order, outcome: Outcome | None) -> str:
    """An order in both notations with our outcome: ``A lvp-yor`` / ``A LVP - YOR``: bounced (against yor)."""
    told = outcome.reason.value if outcome else "-"
    if outcome and outcome.detail:
        told += " (" + ", ".join(f"{k} {v}" for k, v in sorted(outcome.detail.items())) + ")"
    return f"`{order}` / `{their_order(order)}`: {told}"


def disagreement(board: Board, p: Recorded, diff: list[str], refused: list[str]) -> list[str]:
    """One phase where the engines differ, told in markdown: what differs, the orders that touch the
    places concerned, the position, every order with our outcome, and the orders diplomacy refused."""
    pos = p.position
    places = {w.lower() for d in diff for w in re.findall(r"\b[A-Z]{3}\b", d.split(":", 1)[1])}
    outcomes = {(o.power, str(o.order)): o for o in p.result.outcomes}
    told = [(f"{power}: {_told(order, outcomes.get((power, str(order))))}", order) for power, order in p.orders]
    lines = ["", f"## Game {p.game}, {pos.phase} ({their_phase(pos.phase)})", "", "Differences:", ""]
    lines.extend(f"- {d}" for d in diff)
    lines += ["", "Orders touching those places (ours / theirs: our outcome):", ""]
    lines.extend(f"- {line}" for line, order in told if places & set(re.findall(r"[a-z]{3}", str(order))))
    lines += ["", "Position:", ""]
    for power in sorted(board.powers):
        units = ", ".join(str(u) for u in pos.units_of(power))
        if units:
            lines.append(f"- {power}: {units}")
    lines.extend(
        f"- dislodged {d.unit.power} {d.unit} (attacked from {d.attacker_from or 'a convoy'})" for d in pos.dislodged
    )
    if pos.contested:
        lines.append(f"- standoff spaces: {', '.join(sorted(pos.contested))}")
    lines += ["", "All orders (ours / theirs: our outcome):", ""]
    lines.extend(f"- {line}" for line, _ in told)
    if refused:
        lines += ["", "Orders diplomacy refused when given (it holds those units):", ""]
        lines.extend(f"- {r}" for r in refused)
    return lines


def write_disagreements(path: Path, board: Board, theirs: Comparison | None) -> None:
    """List every phase where the engines differ: the position, the orders and both results."""
    lines = ["# Disagreements with the `diplomacy` package", ""]
    if theirs is None:
        lines.append(f"Not run: {why_not_compared()}.")
    elif not theirs.disagreements:
        lines.append("None: both engines agree on every recorded phase.")
    else:
        lines.append(
            f"{len(theirs.disagreements)} phases, written by `bench/bench_resolver.py` (see `results.md` for the"
            " run). Units are `POWER K LOC`; retreats are the places a dislodged unit may go (a unit with none"
            " is disbanded at once and not listed)."
        )
        for p, diff, refused in theirs.disagreements:
            lines += disagreement(board, p, diff, refused)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# ---- main ---------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run (2 games, 3 years, few passes)")
    parser.add_argument("--seed", type=int, default=20240601, help="seed of the random games")
    parser.add_argument("--games", type=int, help="random games to record (default 10, quick 2)")
    parser.add_argument("--years", type=int, help="years per game from 1901 (default 20: to 1920; quick 3)")
    parser.add_argument("--date", help="the date to record (default: today)")
    parser.add_argument("--out", type=Path, default=BENCH_DIR / "results.md", help="results file (markdown)")
    parser.add_argument("--no-diplomacy", action="store_true", help="skip the comparison with the diplomacy package")
    parser.add_argument(
        "--process-games", type=int, help="random games whose movement phases the processes run (default 40)"
    )
    parser.add_argument("--process-runs", type=int, help="runs of each whole process (default 7, quick 1)")
    parser.add_argument(
        "--instructions", action="store_true", help="also count each process's instructions (needs valgrind; slow)"
    )
    return parser.parse_args(argv)


def settings_from(args: argparse.Namespace) -> Settings:
    """How much to run, from the command line."""
    quick = args.quick
    return Settings(
        seed=args.seed,
        games=args.games if args.games is not None else (2 if quick else 10),
        years=args.years if args.years is not None else (3 if quick else 20),
        datc_passes=3 if quick else 30,
        game_passes=2 if quick else 5,
        spring_batches=3 if quick else 10,
        spring_batch_size=50 if quick else 500,
        process_games=args.process_games if args.process_games is not None else (3 if quick else 40),
        process_runs=args.process_runs if args.process_runs is not None else (1 if quick else 7),
        instructions=args.instructions,
    )


def step(label: str, work: Callable[[], object]) -> object:
    """Run one part of the benchmark, saying on stderr what it does and how long it took."""
    print(f"{label}...", end=" ", file=sys.stderr, flush=True)
    start = time.perf_counter()
    result = work()
    print(f"{time.perf_counter() - start:.1f} s", file=sys.stderr)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and write the results and the disagreements."""
    args = parse_args(argv)
    s = settings_from(args)
    board = shipped_board("standard")
    rng = random.Random(s.seed)
    load = os.getloadavg()[0]  # the machine is shared: its load is written down beside the figures
    datc = step("DATC", lambda: bench_datc(board, s.datc_passes))
    phases = step("recording random games", lambda: record_games(board, s.games, s.years, rng))
    with_theirs = diplomacy is not None and not args.no_diplomacy
    label = "timing both engines" if with_theirs else "timing our engine"
    ours, theirs = step(label, lambda: time_games(board, phases, s.game_passes, with_theirs))
    spring = step("Spring 1901", lambda: bench_spring_1901(board, s.spring_batches, s.spring_batch_size))
    processes = step("whole processes", lambda: bench_processes(board, s, with_theirs))
    command = " ".join(["python bench/bench_resolver.py", *(sys.argv[1:] if argv is None else argv)])
    header = {
        "command": f"`{command}`",
        "date": args.date or datetime.date.today().isoformat(),
        "CPU": f"{cpu_model()} ({len(os.sched_getaffinity(0))} usable cores; one is used)",
        "Python": f"{platform.python_implementation()} {platform.python_version()} on {platform.platform()}",
        "packages": f"pbem-pipeline {_version('pbem-pipeline')}, diplomacy {_version('diplomacy')}",
        "source": source_version(),
        "random games": f"seed {s.seed}, {s.games} games of {s.years} years from 1901",
        "load": f"load average (1 minute) {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end",
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_results(args.out, header, datc, phases, ours, spring, theirs, processes)
    write_disagreements(args.out.parent / "disagreements.md", board, theirs)
    print(f"wrote {args.out} and {args.out.parent / 'disagreements.md'}", file=sys.stderr)
    print("\n".join(summary(datc, ours, spring, theirs)))
    print("\n".join(["", "whole processes:", *process_section(processes)[2:]]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
