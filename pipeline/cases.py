"""Rule cases: a position, the orders of one or more phases, and what must come out (docs/rule-cases.md).

A case file is YAML::

    cases:
      - id: SG-01
        title: Two consecutive besiege orders
        source: "[M 7.1] (judge, garrisons; Objectif §8.1 AS, §8.2)"
        profile: judge              # or objectif, standard; `options:` overrides single rule options
        phase: Spring 1455 Movement
        units: {florence: [A sie], autonomous: [G sie]}
        control: {florence: [sie]}  # optional; also cities, sieges, owners (supply centres)
        turns:
          - orders: {florence: [A sie besiege]}
            results: {A sie besiege: siege_started}   # optional: the result code of orders, as written
            expect:                                   # optional: the position after the phase
              units: {florence: [A sie], autonomous: [G sie]}
          - orders: {florence: [A sie besiege]}
            expect: {units: {florence: [A sie]}, cities: {florence: [sie]}}

Each turn is played from the position the previous one left (its next phase). Every problem of a
case file is reported with its line, and a case that cannot be set up fails with its reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.board.calendar import PhaseResult
from pipeline.board.notation import parse_order, split_orders, structured_order
from pipeline.board.order_checks import revised
from pipeline.board.orders import Order
from pipeline.board.outcome import Reason
from pipeline.board.position import Dislodged, Phase, Position
from pipeline.board.units import AUTONOMOUS, SPECIALS, Unit, UnitKind
from pipeline.errors import DataError, IllegalOrderError, OrderError, PipelineError, Problem
from pipeline.games import Family, GameFamily, family_of, own_families, profile
from pipeline.shared.dice import FixedDice
from pipeline.storage.maps import load_setup, shipped_board
from pipeline.storage.state_files import unit_text
from pipeline.storage.yamlio import line_of, load_yaml


@dataclass
class RuleCase:
    id: str
    title: str
    source: str
    file: str
    line: int | None
    data: Mapping[str, Any]


@dataclass
class CaseOutcome:
    case: RuleCase
    passed: bool
    failures: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # what the case may not mean as written

    def report(self) -> str:
        c = self.case
        where = f"{c.file}:{c.line}" if c.line else c.file
        lines = [f"{'FAILED' if not self.passed else 'WARNING'} {c.id} {c.title} ({where})"]
        lines.extend(f"  {f}" for f in self.failures)
        lines.extend(f"  warning: {w}" for w in self.warnings)
        return "\n".join(lines)


def read_cases(path: Path) -> list[RuleCase]:
    data = load_yaml(path)
    file = str(path)
    if not isinstance(data, Mapping) or not isinstance(data.get("cases"), list):
        raise DataError("a case file is a mapping with a list `cases`", file=file)
    cases, problems, seen = [], [], set()
    fixtures = data.get("fixtures") or {}
    if not isinstance(fixtures, Mapping) or not all(isinstance(f, Mapping) for f in fixtures.values()):
        problems.append(
            Problem("fixtures", "expected a mapping of names to positions", line_of(data, "fixtures"), file)
        )
        fixtures = {}
    for i, raw in enumerate(data["cases"]):
        where = f"cases[{i}]"
        if not isinstance(raw, Mapping) or not raw.get("id") or not raw.get("turns"):
            problems.append(Problem(where, "a case needs an id and turns", line_of(data, where), file))
            continue
        named = raw.get("fixture")
        if named is not None and named != START and named not in fixtures:
            known = ", ".join([START, *map(str, fixtures)])
            problems.append(
                Problem(f"{where}.fixture", f"no fixture {named!r} (known: {known})", line_of(data, where), file)
            )
            continue
        if named is not None and named != START:
            raw = {**fixtures[named], **raw}  # the case's own keys over its fixture's
        own = _own_family(raw)
        shape = own.case_problems(raw) if own else _shape_problems(raw, where)
        if own:
            shape = [(f"{where}.{w}" if w else where, m) for w, m in shape]
        problems += [Problem(w, m, line_of(data, w), file) for w, m in shape]
        if raw["id"] in seen:
            problems.append(Problem(f"{where}.id", f"case id {raw['id']!r} is used twice", line_of(data, where), file))
        seen.add(raw["id"])
        cases.append(
            RuleCase(
                str(raw["id"]), str(raw.get("title", "")), str(raw.get("source", "")), file, line_of(data, where), raw
            )
        )
    if problems:
        raise DataError(problems)
    return cases


_MAPPINGS = ("units", "dice", "options", "expect", "results", "refused")
START = "start"  # the fixture every case may name: the map's starting position under the case's profile


def _shape_problems(raw: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    """What of a case is not in the shape docs/rule-cases.md describes (a list of turns, each a mapping whose
    orders map each power to a list of orders): said before the case is played, never a traceback."""
    problems = [(f"{where}.{key}", "expected a mapping") for key in _MAPPINGS if not _mapping_or_none(raw.get(key))]
    turns = raw.get("turns")
    if not isinstance(turns, list):
        return [*problems, (f"{where}.turns", "expected a list of turns, each with its orders")]
    for n, turn in enumerate(turns):
        at = f"{where}.turns[{n}]"
        if not isinstance(turn, Mapping):
            problems.append((at, "expected a turn: a mapping with orders (and results, expect, dice)"))
            continue
        problems += [(f"{at}.{key}", "expected a mapping") for key in _MAPPINGS if not _mapping_or_none(turn.get(key))]
        orders = turn.get("orders")
        if not _mapping_or_none(orders):
            problems.append((f"{at}.orders", "expected a mapping of each power to its list of orders"))
        for power, lines in (orders or {}).items() if isinstance(orders, Mapping) else ():
            if lines is not None and not (isinstance(lines, list) and all(isinstance(x, str | Mapping) for x in lines)):
                problems.append((f"{at}.orders.{power}", "expected a list of orders as text"))
    return problems


def _mapping_or_none(value: object) -> bool:
    return value is None or isinstance(value, Mapping)


def case_files(paths: Iterable[Path]) -> list[Path]:
    """The case files named, folders searched for *.yaml."""
    files: list[Path] = []
    for path in paths:
        files.extend(sorted(path.rglob("*.yaml")) if path.is_dir() else [path])
    return files


class _CaseError(PipelineError):
    pass


def run_rule_case(case: RuleCase) -> CaseOutcome:
    try:
        return _run(case)
    except (PipelineError, ValueError) as err:
        return CaseOutcome(case, False, [f"cannot be played: {err}"])
    except (TypeError, AttributeError, KeyError) as err:  # a value of another shape deeper in the case
        return CaseOutcome(case, False, [f"cannot be played: a value of the case is not of the expected kind ({err})"])


def _own_family(raw: Mapping[str, Any]) -> GameFamily | None:
    """The family of its own kind (Symmachia, the Catan variant) a case's profile names, if it does."""
    name = str(raw.get("profile", "standard"))
    return next((f for f in own_families().values() if name in f.profiles), None)


def _run(case: RuleCase) -> CaseOutcome:
    data = case.data
    own = _own_family(data)
    if own is not None:  # a family of its own kind plays its cases on its own values
        rules = profile(str(data["profile"]))
        setup = load_setup(own, str(data.get("map", rules.map)))
        failures, warnings = own.play_case(setup, own.options_of(rules, data.get("options") or {}), data)
        return CaseOutcome(case, not failures, failures, warnings)
    rules = profile(str(data.get("profile", "standard"))).with_options(data.get("options") or {})
    board = shipped_board(str(data.get("map", rules.map)))
    family = family_of(rules)
    if data.get("fixture") == START:
        position = _over_start(board, data, family.start_position(board, rules), family)
    else:
        position = _position(board, data, family)
    warnings = family.case_warnings(board, data)
    failures: list[str] = []
    for n, turn in enumerate(data["turns"], start=1):
        label = f"turn {n} ({position.phase})"
        texts: list[tuple[str, str]] = []
        orders: list[tuple[str, Order]] = []
        refused = {str(k): str(v) for k, v in (turn.get("refused") or {}).items()}
        for power, lines in (turn.get("orders") or {}).items():
            given: list[tuple[str, Order]] = []
            for text in [piece for line in lines or [] for piece in split_orders(_order_text(line))]:
                try:
                    given.append((text, parse_order(text, board, position.phase.kind)))
                except OrderError as err:
                    if text not in refused:
                        raise _CaseError(f"{label}: {err}") from None
                    failures.extend(
                        f"{label}: {f}"
                        for f in _check_refused(text, refused.pop(text), board, position, str(power), rules)
                    )
            kept, clashes = revised(given)  # as an order file is read: numbered expenses, one payment each
            for text, _ in clashes:
                code = refused.pop(text, None)
                if code != Reason.ILLEGAL_DUPLICATE.value:
                    failures.append(f"{label}: {text}: refused as {Reason.ILLEGAL_DUPLICATE.value}, not played")
            for text, order in kept:
                if text in refused:
                    failures.extend(
                        f"{label}: {f}"
                        for f in _check_refused(text, refused.pop(text), board, position, str(power), rules)
                    )
                    continue
                orders.append((str(power), order))
                texts.append((str(power), text))
        failures.extend(f"{label}: refused names an order that was not given: {text!r}" for text in refused)
        fixed = {**(data.get("dice") or {}), **(turn.get("dice") or {})}  # a turn's dice over the case's
        dice = FixedDice({str(k): int(v) for k, v in fixed.items()})
        result = family.play_phase(board, position, orders, rules, dice)
        failures.extend(f"{label}: {f}" for f in _check_results(turn.get("results") or {}, texts, orders, result))
        failures.extend(f"{label}: {f}" for f in _check_position(board, turn.get("expect") or {}, result.after, family))
        for want in (turn.get("expect") or {}).get("events") or []:
            if str(want) not in {f"{e.kind.value} {e.place}" for e in result.events}:
                shown = ", ".join(f"{e.kind.value} {e.place}" for e in result.events) or "none"
                failures.append(f"{label}: expected the event {want!r}, got {shown}")
        for unwanted in (turn.get("expect") or {}).get("no_events") or []:
            if str(unwanted) in {f"{e.kind.value} {e.place}" for e in result.events}:
                failures.append(f"{label}: the event {unwanted!r} was not expected")
        if "income" in (turn.get("expect") or {}):
            for power, ducats in turn["expect"]["income"].items():
                got = sum(line.ducats for line in result.income.get(str(power), ()))
                if got != int(ducats):
                    lines = ", ".join(f"{x.source} {x.place} {x.ducats}" for x in result.income.get(str(power), ()))
                    failures.append(f"{label}: income {power}: expected {ducats}, got {got} ({lines})")
        position = result.after
    return CaseOutcome(case, not failures, failures, warnings)


def _units(board: Any, by_power: Mapping[str, Any]) -> list[Unit]:
    units = []
    for power, entries in (by_power or {}).items():
        if power != AUTONOMOUS and power not in board.powers:
            raise _CaseError(f"unknown power {power!r}")
        for text in entries or []:
            units.append(_unit(board, str(power), str(text)))
    return units


def _unit(board: Any, power: str, text: str) -> Unit:
    """``A sie``, ``G sie``, ``F pro/sc``, ``A mil (mercenaries)``."""
    special = None
    if text.endswith(")") and "(" in text:
        text, _, special = text[:-1].partition("(")
        text, special = text.strip(), special.strip()
        if special not in SPECIALS:
            raise _CaseError(f"unknown special unit {special!r} (known: {', '.join(SPECIALS)})")
    parts = text.split()
    if len(parts) != 2 or parts[0].upper() not in ("A", "F", "G"):
        raise _CaseError(f"expected a unit such as 'A sie' or 'G sie', got {text!r}")
    kind = UnitKind.from_letter(parts[0])
    location = board.location(parts[1])
    if kind is not UnitKind.FLEET:
        location = location.split("/")[0]
    if not board.can_hold(kind, location):
        raise _CaseError(f"a {kind.noun} cannot stand at {location!r}")
    return Unit(power, kind, location, special)


def _places(board: Any, by_power: Mapping[str, Any] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for power, places in (by_power or {}).items():
        for place in places or []:
            out[board.location(str(place)).split("/")[0]] = str(power)
    return out


def _position(board: Any, data: Mapping[str, Any], family: Family) -> Position:
    dislodged = []
    for entry in data.get("dislodged") or []:
        unit = _unit(board, str(entry["power"]), str(entry["unit"]))
        dislodged.append(Dislodged(unit, entry.get("attacker_from")))
    problems: list[Problem] = []
    extras = family.state_from_data(board, data, problems, case=True)
    if problems:
        raise DataError(problems)
    return Position.build(
        Phase.parse(str(data.get("phase", "Spring 1901 Movement"))),
        _units(board, data.get("units") or {}),
        _places(board, data.get("control") or data.get("owners")),
        dislodged,
        [board.location(str(s)) for s in data.get("contested") or []],
        **extras,
    )


def _over_start(board: Any, data: Mapping[str, Any], start: Position, family: Family) -> Position:
    """The map's starting position under the case's profile, with what the case gives over it: a power
    whose units it lists has exactly those; its phase, control and sections replace the start's."""
    given = {str(p): v for p, v in (data.get("units") or {}).items()}
    kept = [u for u in start.units.values() if u.power not in given]
    merged: dict[str, Any] = {
        "phase": str(start.phase),
        "control" if family.controls_cities else "owners": {
            p: sorted(s for s, o in start.owners.items() if o == p) for p in sorted({*start.owners.values()})
        },
        **family.state_to_data(board, start),
    }
    if "control" in data and "cities" not in data:
        merged.pop("cities", None)  # the case's control decides its cities
    merged |= {str(k): v for k, v in data.items() if k not in ("units", "fixture")}
    merged["units"] = {p: [unit_text(u) for u in kept if u.power == p] for p in sorted({u.power for u in kept})}
    merged["units"] |= given
    return _position(board, merged, family)


def _check_refused(text: str, code: str, board: Any, position: Position, power: str, rules: Any) -> list[str]:
    """An order the case expects `judge validate` to refuse: with the reason code `code`, or `not_understood`
    for an order that does not parse."""
    try:
        family_of(rules).read_order(text, board, position, power, rules)
    except IllegalOrderError as err:
        got = getattr(err.reason, "value", str(err.reason))
        return [] if got == code else [f"{text}: expected refused as {code}, refused as {got} ({err})"]
    except OrderError as err:
        return [] if code == NOT_UNDERSTOOD else [f"{text}: expected refused as {code}, not understood ({err})"]
    return [f"{text}: expected refused as {code}, but it is accepted"]


def _order_text(line: object) -> str:
    """An order of a case as text: written as text, or as a mapping (``- Expense 1: 9 buy G luc`` unquoted)."""
    return line if isinstance(line, str) else structured_order(line)


NOT_UNDERSTOOD = "not_understood"  # `refused:` of an order the reader does not understand


def _check_results(
    expected: Mapping[str, Any], texts: list[tuple[str, str]], orders: list[tuple[str, Order]], result: PhaseResult
) -> list[str]:
    failures = []
    by_text = {text: order for (_, text), (_, order) in zip(texts, orders, strict=True)}
    for text, code in expected.items():
        order = by_text.get(str(text))
        if order is None:
            failures.append(f"results name an order that was not given: {text!r}")
            continue
        got = [o.reason.value for o in result.outcomes if o.order == order]
        if str(code) not in got:
            failures.append(f"{text}: expected {code}, got {', '.join(got) or 'no result'}")
    return failures


def _check_position(board: Any, expect: Mapping[str, Any], after: Position, family: Family) -> list[str]:
    failures = []
    if "units" in expect:
        want = {(u.power, unit_text(u)) for u in _units(board, expect["units"])}
        got = {(u.power, unit_text(u)) for u in after.units.values()}
        failures.extend(_difference("units", want, got))
    if "units_include" in expect:  # these units at least; the others are not checked
        want = {(u.power, unit_text(u)) for u in _units(board, expect["units_include"])}
        got = {(u.power, unit_text(u)) for u in after.units.values()}
        if want - got:
            missing = ", ".join(f"{p}: {u}" for p, u in sorted(want - got))
            failures.append(f"units expected but missing: {missing}")
    if "dislodged" in expect:
        want = {(u.power, unit_text(u)) for u in _units(board, expect["dislodged"])}
        got = {(d.unit.power, unit_text(d.unit)) for d in after.dislodged}
        failures.extend(_difference("dislodged", want, got))
    if "control" in expect:
        want_map = _places(board, expect["control"])
        wrong = sorted(
            f"{p}: expected {o}, got {after.owners.get(p)}" for p, o in want_map.items() if after.owners.get(p) != o
        )
        failures.extend(f"control {w}" for w in wrong)
    failures.extend(family.check_expected(board, expect, after))
    if "phase" in expect and str(after.phase) != str(Phase.parse(str(expect["phase"]))):
        failures.append(f"next phase: expected {expect['phase']}, got {after.phase}")
    return failures


def _difference(label: str, want: set[tuple[str, str]], got: set[tuple[str, str]]) -> list[str]:
    out = []
    if want - got:
        out.append(f"{label} expected but missing: {', '.join(f'{p}: {u}' for p, u in sorted(want - got))}")
    if got - want:
        out.append(f"{label} not expected: {', '.join(f'{p}: {u}' for p, u in sorted(got - want))}")
    return out
