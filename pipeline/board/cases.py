"""The rule cases of a board family (docs/rule-cases.md): a position on the family's map (or the map's start
under the case's profile, the `start` fixture), the orders of one or more phases, and what must come out: each
phase played by the family's calendar (`Family.play_phase`) with the case's fixed dice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pipeline.errors import DataError, IllegalOrderError, OrderError, PipelineError, Problem
from pipeline.shared.dice import FixedDice

from .board import Board
from .calendar import PhaseResult
from .codec import unit_text
from .family import AnyFamily
from .notation import parse_order, split_orders, structured_order
from .order_checks import revised
from .orders import Order
from .outcome import Reason
from .position import Dislodged, Phase, Position
from .rules import Rules
from .units import AUTONOMOUS, SPECIALS, Unit, UnitKind

_MAPPINGS = ("units", "dice", "options", "expect", "results", "refused")
START = "start"  # the fixture every case may name: the map's starting position under the case's profile


class _CaseError(PipelineError):
    pass


def case_problems(family: AnyFamily, raw: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What of a case is not in the shape docs/rule-cases.md describes (a list of turns, each a mapping whose
    orders map each power to a list of orders): said before the case is played, never a traceback."""
    problems = [(key, "expected a mapping") for key in _MAPPINGS if not _mapping_or_none(raw.get(key))]
    turns = raw.get("turns")
    if not isinstance(turns, list):
        return [*problems, ("turns", "expected a list of turns, each with its orders")]
    for n, turn in enumerate(turns):
        at = f"turns[{n}]"
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


def play_case(family: AnyFamily, board: Board, rules: Rules, data: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """Play a case of a board family from its position (or the map's start, the `start` fixture) turn by turn:
    its failures and its warnings."""
    if data.get("fixture") == START:
        position = _over_start(board, data, family.start_position(board, rules), family)
    else:
        position = _position(board, data, family)
    warnings = family.case_warnings(board, data)
    failures: list[str] = []
    for n, turn in enumerate(data["turns"], start=1):
        label = f"turn {n} ({position.phase})"
        texts, orders, refusals = _given(family, board, rules, position, turn, label)
        failures += refusals
        fixed = {**(data.get("dice") or {}), **(turn.get("dice") or {})}  # a turn's dice over the case's
        dice = FixedDice({str(k): int(v) for k, v in fixed.items()})
        result = family.play_phase(board, position, orders, rules, dice)
        failures += [f"{label}: {f}" for f in _check_results(turn.get("results") or {}, texts, orders, result)]
        failures += [f"{label}: {f}" for f in _check_turn(board, turn.get("expect") or {}, result, family)]
        position = result.after
    return failures, warnings


def _given(
    family: AnyFamily, board: Board, rules: Rules, position: Position, turn: Mapping[str, Any], label: str
) -> tuple[list[tuple[str, str]], list[tuple[str, Order]], list[str]]:
    """A turn's orders as an order file reads them (each power's texts and orders), and what the orders the
    case expects refused came out as, where that is not what it expects."""
    texts: list[tuple[str, str]] = []
    orders: list[tuple[str, Order]] = []
    failures: list[str] = []
    refused = {str(k): str(v) for k, v in (turn.get("refused") or {}).items()}

    def check_refused(text: str, power: str) -> None:
        found = _check_refused(family, text, refused.pop(text), board, position, power, rules)
        failures.extend(f"{label}: {f}" for f in found)

    for power, lines in (turn.get("orders") or {}).items():
        given: list[tuple[str, Order]] = []
        for text in [piece for line in lines or [] for piece in split_orders(_order_text(line))]:
            try:
                given.append((text, parse_order(text, board, position.phase.kind)))
            except OrderError as err:
                if text not in refused:
                    raise _CaseError(f"{label}: {err}") from None
                check_refused(text, str(power))
        kept, clashes = revised(given)  # as an order file is read: numbered expenses, one payment each
        for text, _ in clashes:
            if refused.pop(text, None) != Reason.ILLEGAL_DUPLICATE.value:
                failures.append(f"{label}: {text}: refused as {Reason.ILLEGAL_DUPLICATE.value}, not played")
        for text, order in kept:
            if text in refused:
                check_refused(text, str(power))
                continue
            orders.append((str(power), order))
            texts.append((str(power), text))
    failures += [f"{label}: refused names an order that was not given: {text!r}" for text in refused]
    return texts, orders, failures


def _check_turn(board: Board, expect: Mapping[str, Any], result: PhaseResult, family: AnyFamily) -> list[str]:
    """What the phase played belies of what the case expects after it: the position, its events, the income."""
    failures = _check_position(board, expect, result.after, family)
    shown = [f"{e.kind.value} {e.place}" for e in result.events]
    happened = set(shown)
    for want in expect.get("events") or []:
        if str(want) not in happened:
            failures.append(f"expected the event {want!r}, got {', '.join(shown) or 'none'}")
    failures += [f"the event {e!r} was not expected" for e in expect.get("no_events") or [] if str(e) in happened]
    for power, ducats in (expect.get("income") or {}).items():
        got = sum(line.ducats for line in result.income.get(str(power), ()))
        if got != int(ducats):
            lines = ", ".join(f"{x.source} {x.place} {x.ducats}" for x in result.income.get(str(power), ()))
            failures.append(f"income {power}: expected {ducats}, got {got} ({lines})")
    return failures


def _units(board: Board, by_power: Mapping[str, Any]) -> list[Unit]:
    units = []
    for power, entries in (by_power or {}).items():
        if power != AUTONOMOUS and power not in board.powers:
            raise _CaseError(f"unknown power {power!r}")
        for text in entries or []:
            units.append(_unit(board, str(power), str(text)))
    return units


def _unit(board: Board, power: str, text: str) -> Unit:
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


def _places(board: Board, by_power: Mapping[str, Any] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for power, places in (by_power or {}).items():
        for place in places or []:
            out[board.location(str(place)).split("/")[0]] = str(power)
    return out


def _position(board: Board, data: Mapping[str, Any], family: AnyFamily) -> Position:
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


def _over_start(board: Board, data: Mapping[str, Any], start: Position, family: AnyFamily) -> Position:
    """The map's starting position under the case's profile, with what the case gives over it: a power
    whose units it lists has exactly those; its phase, control and sections replace the start's."""
    given = {str(p): v for p, v in (data.get("units") or {}).items()}
    kept = [u for u in start.units.values() if u.power not in given]
    merged: dict[str, Any] = {
        "phase": str(start.phase),
        family.holdings: {
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


def _check_refused(
    family: AnyFamily, text: str, code: str, board: Board, position: Position, power: str, rules: Rules
) -> list[str]:
    """An order the case expects `judge validate` to refuse: with the reason code `code`, or `not_understood`
    for an order that does not parse."""
    try:
        family.read_order(text, board, position, power, rules)
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


def _check_position(board: Board, expect: Mapping[str, Any], after: Position, family: AnyFamily) -> list[str]:
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
