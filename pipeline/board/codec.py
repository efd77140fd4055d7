"""A board game's state and results as plain data: what a state file, a turn's results and a power's
private report hold, and reading a state file back (every problem at once). Storage lays the data out (one line
for a list or a mapping of plain values, blocks for the rest: `storage.state_files.laid_out`), so that the
same position always gives the same bytes::

    phase: Spring 1901 Movement
    units:
      austria: [A bud, A vie, F tri]
    owners:
      austria: [bud, tri, vie]
    dislodged:                      # retreat phases only
      - {power: italy, unit: A tyr, attacker_from: vie}
    contested: [sil]                # retreat phases only
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from pipeline.errors import DataError, Problem

from .board import Board
from .calendar import IncomeLine
from .family import AnyFamily
from .outcome import Outcome
from .position import Dislodged, Phase, Position
from .units import AUTONOMOUS, SPECIALS, Unit, UnitKind


def position_to_data(board: Board, position: Position, family: AnyFamily) -> dict[str, Any]:
    """The state file of `position`: the places each power holds (the family's `holdings`: supply centres'
    `owners`, or Machiavelli's `control` of provinces), then the family's own sections (`Family.state_to_data`)."""
    data: dict[str, Any] = {"phase": str(position.phase)}
    holders = [*sorted(board.powers), AUTONOMOUS]
    units: dict[str, Any] = {}
    for power in holders:
        mine = sorted(position.units_of(power))
        if mine:
            units[power] = [unit_text(u) for u in mine]
    data["units"] = units
    data[family.holdings] = _by_power(holders, position.owners)
    data.update(family.state_to_data(board, position))
    if position.dislodged:
        data["dislodged"] = [
            {"power": d.unit.power, "unit": str(d.unit), "attacker_from": d.attacker_from} for d in position.dislodged
        ]
    if position.contested:
        data["contested"] = sorted(position.contested)
    return data


def _by_power(powers: Iterable[str], mapping: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for power in powers:
        places = sorted(p for p, owner in mapping.items() if owner == power)
        if places:
            out[power] = places
    return out


def unit_text(unit: Unit) -> str:
    """``A mil``, or ``A mil (mercenaries)`` for a special unit."""
    return f"{unit} ({unit.special})" if unit.special else str(unit)


def position_from_data(board: Board, data: Any, file: str, family: AnyFamily) -> Position:
    """Read a state document back, reporting every problem at once."""
    problems: list[Problem] = []
    if not isinstance(data, Mapping):
        raise DataError("a state file is a mapping with phase, units and owners", file=file)
    phase: Phase | None = None
    try:
        phase = Phase.parse(str(data.get("phase", "")))
    except ValueError as err:
        problems.append(Problem("phase", str(err)))
    units: list[Unit] = []
    for power, entries in (data.get("units") or {}).items():
        if power not in board.powers and power != AUTONOMOUS:
            problems.append(Problem(f"units.{power}", f"unknown power {power!r}"))
            continue
        for i, text in enumerate(entries or []):
            unit = _unit(board, power, str(text))
            if unit is None:
                problems.append(Problem(f"units.{power}[{i}]", f"expected a unit such as 'A par', got {text!r}"))
            else:
                units.append(unit)
    owners = _read_by_power(board, data, "control" if "control" in data else "owners", problems)
    dislodged: list[Dislodged] = []
    for i, entry in enumerate(data.get("dislodged") or []):
        unit = _unit(board, str(entry.get("power")), str(entry.get("unit"))) if isinstance(entry, Mapping) else None
        if unit is None:
            problems.append(Problem(f"dislodged[{i}]", "expected {power, unit, attacker_from}"))
        else:
            dislodged.append(Dislodged(unit, entry.get("attacker_from")))
    contested = [str(s) for s in data.get("contested") or []]
    extras = family.state_from_data(board, data, problems)
    if problems or phase is None:
        raise DataError(problems, file=file)
    try:
        return Position.build(phase, units, owners, dislodged, contested, **extras)
    except ValueError as err:
        raise DataError(str(err), file=file) from None


def _read_by_power(board: Board, data: Mapping[str, Any], key: str, problems: list[Problem]) -> dict[str, str]:
    out: dict[str, str] = {}
    for power, spaces in (data.get(key) or {}).items():
        for i, space in enumerate(spaces or []):
            if (power not in board.powers and power != AUTONOMOUS) or space not in board.spaces:
                problems.append(Problem(f"{key}.{power}[{i}]", f"unknown power or space {power}/{space}"))
            else:
                out[str(space)] = str(power)
    return out


def _unit(board: Board, power: str, text: str) -> Unit | None:
    special = None
    match = re.fullmatch(r"(\S+ \S+) \((\w+)\)", text)
    if match:
        text, special = match[1], match[2]
        if special not in SPECIALS:
            return None
    parts = text.split()
    if len(parts) != 2 or parts[0] not in ("A", "F", "G") or (power not in board.powers and power != AUTONOMOUS):
        return None
    kind = UnitKind.from_letter(parts[0])
    if not board.can_hold(kind, parts[1]):
        return None
    return Unit(power, kind, parts[1], special)


def outcomes_to_data(board: Board, position: Position, outcomes: Iterable[Outcome]) -> dict[str, Any]:
    """The results of a phase: every order by power, as read, with its result and reason."""
    data: dict[str, Any] = {"phase": str(position.phase)}
    by_power: dict[str, list[dict[str, Any]]] = {}
    for o in outcomes:
        entry: dict[str, Any] = {"order": str(o.order), "result": o.reason.value, "succeeded": o.succeeded}
        entry.update({k: v for k, v in sorted(o.detail.items())})
        if o.dislodged_by:
            entry["dislodged_from"] = o.dislodged_by
        by_power.setdefault(o.power, []).append(entry)
    data["orders"] = {power: by_power[power] for power in sorted(by_power)}
    return data


def year_end_to_data(
    income: Mapping[str, Iterable[IncomeLine]], dice: Iterable[Mapping[str, Any]], events: Iterable[Any] = ()
) -> dict[str, Any]:
    """The dice rolled that everybody reads (each with its purpose: `shared.dice.shares`), famine and plague,
    and each power's income line by line."""
    data: dict[str, Any] = {}
    happened = list(events)
    if happened:
        data["events"] = [
            {"event": e.kind.value, "place": e.place}
            | ({"unit": unit_text(e.unit), "power": e.unit.power} if e.unit is not None else {})
            for e in happened
        ]
    rolls = list(dice)
    if rolls:
        data["dice"] = [dict(d) for d in rolls]
    if income:
        data["income"] = {
            power: [{"from": line.source, "place": line.place, "ducats": line.ducats} for line in lines]
            for power, lines in income.items()
        }
    return data


def split_state(data: Mapping[str, Any], family: AnyFamily) -> tuple[dict[str, Any], dict[str, Any]]:
    """A state document's public part and its private part (the family's `private_sections`: Machiavelli's
    treasuries and loans)."""
    public = {k: v for k, v in data.items() if k not in family.private_sections}
    private = {k: data[k] for k in family.private_sections if k in data}
    return public, private


def merge_state(public: Any, private: Mapping[str, Any], family: AnyFamily) -> Any:
    """The state document with its private part put back (in place: `public` was just read from its file,
    and keeps its line numbers)."""
    if isinstance(public, dict):
        for key in family.private_sections:
            if key in private:
                public[key] = private[key]
    return public
