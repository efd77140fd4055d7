"""Adjudicating DATC cases and comparing what comes out with what the case expects.

A retreat case gives the position after the movement and the movement's orders with their
results; the runner puts the units back where they stood, adjudicates that movement again to learn
who dislodged whom and which spaces were left empty by a standoff, then adjudicates the retreats. Where
the listed results say more than the re-adjudication finds (two listed moves that failed into an empty
space: a standoff), the listed results are believed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pipeline.board.adjustment import adjudicate_adjustments
from pipeline.board.board import Board, space_of
from pipeline.board.legality import DEFAULT_RULES
from pipeline.board.movement import adjudicate_movement
from pipeline.board.notation import parse_order
from pipeline.board.order_kinds import kind_of
from pipeline.board.orders import Move, Order
from pipeline.board.outcome import Outcome
from pipeline.board.position import Dislodged, Phase, PhaseKind, Position
from pipeline.board.retreat import adjudicate_retreats, retreat_options
from pipeline.board.rules import Rules
from pipeline.board.units import Unit, UnitKind
from pipeline.errors import OrderError, PipelineError

from .reader import DatcCase, Line


class CaseError(PipelineError):
    """A case that cannot be set up (an unknown power or place in its position)."""


@dataclass
class CaseResult:
    """What one case gave against what it expects, with every order's outcome."""

    case: DatcCase
    passed: bool
    # the units as the case lists them and as the position after the phase holds them, compared as sets
    expected_units: tuple[Unit, ...] = ()
    got_units: tuple[Unit, ...] = ()
    expected_dislodged: tuple[Unit, ...] = ()
    got_dislodged: tuple[Unit, ...] = ()
    outcomes: tuple[Outcome, ...] = ()
    notes: list[str] = field(default_factory=list)  # orders that could not be read, and why
    trace: list[str] = field(default_factory=list)

    def report(self) -> str:
        """A failing case, told: what was expected, what came out, and every order's outcome."""
        c = self.case
        lines = [f"FAILED {c.id} {c.title}".rstrip() + f" ({c.file}:{c.line})"]
        for label, exp, got in (
            ("units", self.expected_units, self.got_units),
            ("dislodged", self.expected_dislodged, self.got_dislodged),
        ):
            if set(exp) != set(got):
                lines.append(f"  {label} expected but missing: {_units(set(exp) - set(got)) or '-'}")
                lines.append(f"  {label} not expected:         {_units(set(got) - set(exp)) or '-'}")
        lines.extend(f"  note: {n}" for n in self.notes)
        lines.extend(f"  order: {o}" for o in self.outcomes)
        lines.extend(f"  trace: {t}" for t in self.trace)
        return "\n".join(lines)


OWNERS = "PRESTATE_SUPPLYCENTER_OWNERS"


def _units(units: set[Unit]) -> str:
    return ", ".join(f"{u.power}: {u}" for u in sorted(units))


def same_units(expected: Sequence[Unit], got: Mapping[str, Unit]) -> bool:
    """``set(expected) == set(got.values())`` for the units of a position (space -> its unit), without hashing
    a unit (a call of Python's, twice per unit of every case): by space, when no two expected units share one."""
    by_space = {u.space: u for u in expected}
    if len(by_space) != len(expected):  # two units listed in one space, or one listed twice
        return set(expected) == set(got.values())
    return by_space == got


class Readings:
    """What a run of cases has read already, on one board: each unit's text (``A lvp``), power's name,
    order's text and phase, read once however many cases write it (a file of random phases writes ``France: A PAR``
    thousands of times; reading them again was a quarter of a run's time). Text only: the same text on the same
    board reads the same, and every order is still checked in each case's own position. A power read by
    its closest name, or an order that cannot be read, is not kept, so that each case notes it."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.powers: dict[str, str] = {}
        self.places: dict[str, tuple[UnitKind, str]] = {}
        self.units: dict[tuple[str, str], Unit] = {}  # (power, unit) as written -> the unit
        self.owners: dict[tuple[str, str], tuple[str, str]] = {}  # (power, unit) as written -> (centre, power)
        self.phases: dict[str, Phase] = {}  # a case's phase as written -> the phase
        # by phase (a dict each: an enum's hash is a call of Python's): an order's text -> the order, and
        # (power, order) as written -> both read
        self.texts: dict[PhaseKind, dict[str, Order]] = {kind: {} for kind in PhaseKind}
        self.orders: dict[PhaseKind, dict[tuple[str, str], tuple[str, Order]]] = {kind: {} for kind in PhaseKind}


class _Case:
    def __init__(self, readings: Readings, case: DatcCase) -> None:
        self.board = readings.board
        self.readings = readings
        self.case = case
        self.notes: list[str] = []

    def power(self, line: Line) -> str:
        found = self.readings.powers.get(line.power)
        if found is None:
            try:
                found = self.readings.powers[line.power] = self.board.power(line.power)
            except OrderError:
                return self.closest_power(line)
        return found

    def closest_power(self, line: Line) -> str:
        """The published cases have typos (``Germnay``): the power whose name is closest, noted."""
        import difflib  # only for a misspelt power: not imported by every run

        names = {n: p for n, p in self.board.power_aliases.items() if len(n) > 3}
        close = difflib.get_close_matches(line.power.lower(), names, n=1, cutoff=0.75)
        if not close:
            raise CaseError(f"{self.case.file}:{line.number}: unknown power {line.power!r}")
        self.notes.append(f"line {line.number}: power {line.power!r} read as {names[close[0]]!r}")
        return names[close[0]]

    def placed(self, line: Line) -> tuple[UnitKind, str]:
        """The kind and location of the unit a line names (``A lvp``, ``F stp/sc``)."""
        found = self.readings.places.get(line.text)
        if found is not None:
            return found
        parts = line.text.split()
        try:
            if len(parts) != 2 or parts[0].upper() not in ("A", "F"):
                raise ValueError
            kind = UnitKind.from_letter(parts[0])
            loc = self.board.location(parts[1])
        except (ValueError, OrderError):
            raise CaseError(
                f"{self.case.file}:{line.number}: expected a unit like 'A lvp', got {line.text!r}"
            ) from None
        found = self.readings.places[line.text] = (kind, space_of(loc) if kind is UnitKind.ARMY else loc)
        return found

    def unit(self, line: Line) -> Unit:
        key = (line.power, line.text)
        found = self.readings.units.get(key)
        if found is None:
            kind, loc = self.placed(line)
            found = Unit(self.power(line), kind, loc)
            if line.power in self.readings.powers:  # not a misspelt power, which each case notes
                self.readings.units[key] = found
        return found

    def units(self, section: str) -> list[Unit]:
        known, s = self.readings.units, self.case.section(section)
        try:  # every entry read before, in most cases (an entry as written is its key: nothing made per entry)
            return list(map(known.__getitem__, s.entries))
        except KeyError:
            return [known.get(entry) or self.unit(Line(n, *entry)) for n, entry in s.numbered()]

    def owners(self) -> dict[str, str]:
        """Supply centre -> owner: each line names a centre as a unit on it (``Russia: A stp``); only its
        place and power count."""
        known, s = self.readings.owners, self.case.section(OWNERS)
        try:  # (as in `units`)
            return dict(map(known.__getitem__, s.entries))
        except KeyError:
            return dict([known.get(entry) or self.owner(Line(n, *entry)) for n, entry in s.numbered()])

    def owner(self, line: Line) -> tuple[str, str]:
        found = space_of(self.placed(line)[1]), self.power(line)
        if line.power in self.readings.powers:  # not a misspelt power, which each case notes
            self.readings.owners[line.power, line.text] = found
        return found

    def orders(self, section: str, phase: PhaseKind) -> list[tuple[str, Order]]:
        """Each entry's power and order; a line that is not an order is noted and left out."""
        known, texts, s = self.readings.orders[phase], self.readings.texts[phase], self.case.section(section)
        return [  # (most cases have an order not read before: each entry looked up, not all of them at once)
            found
            for n, entry in s.numbered()
            if (found := known.get(entry) or self.order(Line(n, *entry), phase, known, texts)) is not None
        ]

    def read(self, section: str, phase: PhaseKind) -> list[tuple[Line, str, Order]]:
        """`orders`, each with its line."""
        known, texts = self.readings.orders[phase], self.readings.texts[phase]
        lines = self.case.lines(section)
        read = [(line, known.get((line.power, line.text)) or self.order(line, phase, known, texts)) for line in lines]
        return [(line, *found) for line, found in read if found is not None]

    def order(
        self,
        line: Line,
        phase: PhaseKind,
        known: dict[tuple[str, str], tuple[str, Order]],
        texts: dict[str, Order],
    ) -> tuple[str, Order] | None:
        """A line's power and order, kept for the run in `known` (the orders read in this kind of phase, their
        texts read in `texts`); a line that is not an order is noted: None."""
        try:
            power = self.power(line)
            order = texts.get(line.text)
            if order is None:
                order = texts[line.text] = parse_order(line.text, self.board, phase)
            found = power, order
        except OrderError as err:
            self.notes.append(f"line {line.number}: {err} (left out)")
            return None
        if line.power in self.readings.powers:  # not a misspelt power, which each case notes
            known[line.power, line.text] = found
        return found


def run_case(
    board: Board, case: DatcCase, readings: Readings | None = None, rules: Rules = DEFAULT_RULES
) -> CaseResult:
    """Adjudicate one case under `rules` (a profile's: the 2000 rules by default); a case that cannot even be set
    up raises `CaseError`. `readings`: what the run has read already on `board` (one for all the cases of a run;
    none: the case is read on its own)."""
    c = _Case(readings if readings is not None else Readings(board), case)
    phase = c.readings.phases.get(case.phase)
    if phase is None:
        try:
            phase = c.readings.phases[case.phase] = Phase.parse(case.phase)
        except ValueError as err:
            raise CaseError(f"{case.file}:{case.line}: {err}") from None
    before = c.units("PRESTATE")
    owners = c.owners()
    trace: list[str] = []
    got_dislodged: list[Unit] = []

    if phase.kind is PhaseKind.MOVEMENT:
        position = Position.build(phase, before, owners)
        result = adjudicate_movement(board, position, c.orders("ORDERS", phase.kind), rules=rules, trace=trace)
        after = result.position
        got_dislodged = [d.unit for d in after.dislodged if retreat_options(board, after, d)]
        outcomes = result.outcomes
    elif phase.kind is PhaseKind.RETREAT:
        position = _retreat_position(c, phase, before, owners, rules)
        result_r = adjudicate_retreats(board, position, c.orders("ORDERS", phase.kind), rules)
        after, outcomes = result_r.position, result_r.outcomes
    else:
        position = Position.build(phase, before, owners)
        result_a = adjudicate_adjustments(board, position, c.orders("ORDERS", phase.kind), rules)
        after, outcomes = result_a.position, result_a.outcomes

    expected = before if case.post_same else c.units("POSTSTATE")
    expected_dislodged = [] if case.post_same else c.units("POSTSTATE_DISLODGED")
    passed = same_units(expected, after.units) and set(got_dislodged) == set(expected_dislodged)
    return CaseResult(
        case,
        passed,
        tuple(expected),
        tuple(after.units.values()),
        tuple(expected_dislodged),
        tuple(got_dislodged),
        outcomes,
        c.notes,
        trace,
    )


def _retreat_position(c: _Case, phase: Phase, after: list[Unit], owners: dict[str, str], rules: Rules) -> Position:
    """The retreat phase a case describes, with attackers and standoffs found by re-adjudicating."""
    board = c.board
    dislodged = c.units("PRESTATE_DISLODGED")
    results = c.read("PRESTATE_RESULTS", PhaseKind.MOVEMENT)
    movement_orders = [(power, order) for _, power, order in results]
    # put every unit back where it stood before the movement
    start: dict[str, Unit] = {}
    arrived: set[str] = set()
    for line, power, order in results:
        at = getattr(order, "at", None)
        if at is None:
            continue
        kind = order.kind or UnitKind.ARMY  # type: ignore[union-attr]
        unit = Unit(power, kind, at if kind is UnitKind.FLEET else space_of(at))
        to = kind_of(order).moves_to
        moved_to = to(order) if to is not None and line.success else None  # a listed move that succeeded
        if moved_to is not None:
            arrived.add(space_of(moved_to))
        if any(u.space == space_of(at) for u in after + dislodged) or moved_to is not None:
            start.setdefault(unit.space, unit)
    for u in dislodged:
        start.setdefault(u.space, u)
    for u in after:
        if u.space not in arrived:
            start.setdefault(u.space, u)
    movement = Position.build(Phase(phase.season, phase.year, PhaseKind.MOVEMENT), start.values(), owners)
    replay = adjudicate_movement(board, movement, movement_orders, rules=rules).position
    attackers = {d.unit.space: d.attacker_from for d in replay.dislodged}
    listed = {  # the successful moves the case lists, by destination: source (None if by convoy)
        space_of(o.to): (None if o.via_convoy else space_of(o.at)) for line, o in _moves(results) if line.success
    }
    entries = []
    for u in dislodged:
        if u.space not in attackers:
            c.notes.append(f"{u} is listed as dislodged but its movement results do not dislodge it")
        entries.append(Dislodged(u, attackers.get(u.space, listed.get(u.space))))
    return Position.build(phase, after, owners, entries, _contested(results, replay.contested, after))


def _moves(results: list[tuple[Line, str, Order]]) -> list[tuple[Line, Move]]:
    """The moves among a case's listed results, with their lines."""
    return [(line, order) for line, _, order in results if kind_of(order).moves_to is not None]


def _contested(results: list[tuple[Line, str, Order]], replayed: frozenset[str], after: list[Unit]) -> list[str]:
    """The spaces left empty by a standoff, as the case's listed results say: where two or more listed moves
    failed and nothing stands after the movement, whatever the re-adjudication of loosely written orders
    (``F mid-spa``, no coast) found; never where a listed move succeeded."""
    failed: dict[str, int] = {}
    entered: set[str] = set()
    for line, order in _moves(results):
        if line.success:
            entered.add(space_of(order.to))
        else:
            failed[space_of(order.to)] = failed.get(space_of(order.to), 0) + 1
    standing = {u.space for u in after}
    standoffs = {s for s, n in failed.items() if n >= 2 and s not in standing}
    return sorted((set(map(space_of, replayed)) | standoffs) - entered)
