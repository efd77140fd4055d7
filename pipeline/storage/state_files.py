"""Positions and phase results as YAML documents: human-readable, stable key order, small git diffs.

A state file::

    phase: Spring 1901 Movement
    units:
      austria: [A bud, A vie, F tri]
    owners:
      austria: [bud, tri, vie]
    dislodged:                      # retreat phases only
      - {power: italy, unit: A tyr, attacker_from: vie}
    contested: [sil]                # retreat phases only

The same document always comes out byte for byte the same.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Mapping
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.representer import RoundTripRepresenter

from pipeline.board.board import Board
from pipeline.board.calendar import IncomeLine
from pipeline.board.outcome import Outcome
from pipeline.board.position import Dislodged, Phase, Position
from pipeline.board.units import AUTONOMOUS, SPECIALS, Unit, UnitKind
from pipeline.errors import DataError, Problem
from pipeline.games import Family

from .yamlio import locate


def flow_list(items: Iterable[Any]) -> CommentedSeq:
    """A list written on one line: ``[A par, F bre]``."""
    seq = CommentedSeq(items)
    seq.fa.set_flow_style()
    return seq


def flow_map(mapping: Mapping[str, Any]) -> CommentedMap:
    """A mapping written on one line: ``{power: france, unit: A par}``."""
    m = CommentedMap(mapping)
    m.fa.set_flow_style()
    return m


def position_to_data(board: Board, position: Position, family: Family) -> CommentedMap:
    """The state file of `position`: supply centres' owners, or (a family that `controls_cities`) the
    control of provinces, then the family's own sections (`Family.state_to_data`)."""
    data = CommentedMap()
    data["phase"] = str(position.phase)
    holders = [*sorted(board.powers), AUTONOMOUS]
    units = CommentedMap()
    for power in holders:
        mine = sorted(position.units_of(power))
        if mine:
            units[power] = flow_list(unit_text(u) for u in mine)
    data["units"] = units
    data["control" if family.controls_cities else "owners"] = _by_power(holders, position.owners)
    for key, value in family.state_to_data(board, position).items():
        data[key] = laid_out(value)
    if position.dislodged:
        data["dislodged"] = [
            flow_map({"power": d.unit.power, "unit": str(d.unit), "attacker_from": d.attacker_from})
            for d in position.dislodged
        ]
    if position.contested:
        data["contested"] = flow_list(sorted(position.contested))
    return data


def laid_out(value: Any) -> Any:
    """Plain data in the layout of the project's files: a list of scalars or a mapping of scalars on one
    line, anything holding lists or mappings in blocks."""
    if isinstance(value, Mapping):
        if not any(isinstance(v, Mapping | list | tuple) for v in value.values()):
            return flow_map(value)
        return CommentedMap((k, laid_out(v)) for k, v in value.items())
    if isinstance(value, list | tuple):
        if not any(isinstance(v, Mapping | list | tuple) for v in value):
            return flow_list(value)
        return [laid_out(v) for v in value]
    return value


def _by_power(powers: Iterable[str], mapping: Mapping[str, str]) -> CommentedMap:
    out = CommentedMap()
    for power in powers:
        places = sorted(p for p, owner in mapping.items() if owner == power)
        if places:
            out[power] = flow_list(places)
    return out


def unit_text(unit: Unit) -> str:
    """``A mil``, or ``A mil (mercenaries)`` for a special unit."""
    return f"{unit} ({unit.special})" if unit.special else str(unit)


def dump_yaml(data: Any, header: str | None = None) -> str:
    """A document as the project writes it: block mappings, the flow style each node asks for
    (`CommentedSeq`/`CommentedMap` marked flow), lines up to 120 characters, `header` as comment lines.

    Written by libyaml's emitter (ruamel.yaml.clib) with ruamel's round-trip representer and YAML 1.2
    resolver: four times as fast as the pure-Python emitter, which a replay spent most of its time in.
    Block sequences inside a mapping are not indented (``key:`` then ``- item``), libyaml's one layout."""
    y = YAML(typ="safe", pure=False)
    y.Representer = RoundTripRepresenter
    y.allow_unicode = True
    y.default_flow_style = False  # plain dicts and lists in block style; flow only where a node asks for it
    y.width = 120
    out = io.StringIO()
    if header:
        out.write("".join(f"# {line}\n" for line in header.splitlines()))
    y.dump(data, out)
    return out.getvalue()


def position_from_data(board: Board, data: Any, file: str, family: Family) -> Position:
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
        raise DataError(locate(problems, data, file))
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


def outcomes_to_data(board: Board, position: Position, outcomes: Iterable[Outcome]) -> CommentedMap:
    """The results of a phase: every order by power, as read, with its result and reason."""
    data = CommentedMap()
    data["phase"] = str(position.phase)
    by_power: dict[str, list[CommentedMap]] = {}
    for o in outcomes:
        entry: dict[str, Any] = {"order": str(o.order), "result": o.reason.value, "succeeded": o.succeeded}
        entry.update({k: v for k, v in sorted(o.detail.items())})
        if o.dislodged_by:
            entry["dislodged_from"] = o.dislodged_by
        by_power.setdefault(o.power, []).append(flow_map(entry))
    orders = CommentedMap()
    for power in sorted(by_power):
        orders[power] = by_power[power]
    data["orders"] = orders
    return data


def year_end_to_data(
    income: Mapping[str, Iterable[IncomeLine]], dice: Iterable[Mapping[str, Any]], events: Iterable[Any] = ()
) -> CommentedMap:
    """The dice rolled that everybody reads (each with its purpose: `shared.dice.shares`), famine and plague,
    and each power's income line by line."""
    data = CommentedMap()
    happened = list(events)
    if happened:
        data["events"] = [
            flow_map(
                {"event": e.kind.value, "place": e.place}
                | ({"unit": unit_text(e.unit), "power": e.unit.power} if e.unit is not None else {})
            )
            for e in happened
        ]
    rolls = list(dice)
    if rolls:
        data["dice"] = [flow_map(d) for d in rolls]
    if income:
        data["income"] = CommentedMap(
            (power, [flow_map({"from": line.source, "place": line.place, "ducats": line.ducats}) for line in lines])
            for power, lines in income.items()
        )
    return data
