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

from pipeline.core.board import Board
from pipeline.core.calendar import IncomeLine
from pipeline.core.dice import Draw
from pipeline.core.ledger import Ledger, Loan
from pipeline.core.outcome import Outcome
from pipeline.core.position import Dislodged, Phase, Position, Rebellion
from pipeline.core.units import AUTONOMOUS, SPECIALS, Unit, UnitKind
from pipeline.errors import DataError, Problem
from pipeline.games import Family

from .yamlio import locate


def flow_list(items: Iterable[Any]) -> CommentedSeq:
    """A list written on one line: ``[A par, F bre]``."""
    seq = CommentedSeq(items)
    seq.fa.set_flow_style()
    return seq


def _inline(mapping: Mapping[str, Any]) -> CommentedMap:
    m = CommentedMap(mapping)
    m.fa.set_flow_style()
    return m


def position_to_data(board: Board, position: Position, family: Family) -> CommentedMap:
    """The state file of `position`: supply centres' owners, or (a family that `controls_cities`) the
    control of provinces and cities with the rest of the family's state."""
    data = CommentedMap()
    data["phase"] = str(position.phase)
    holders = [*sorted(board.powers), AUTONOMOUS]
    units = CommentedMap()
    for power in holders:
        mine = sorted(position.units_of(power))
        if mine:
            units[power] = flow_list(unit_text(u) for u in mine)
    data["units"] = units
    machiavelli = family.controls_cities
    data["control" if machiavelli else "owners"] = _by_power(holders, position.owners)
    if machiavelli:
        data["cities"] = _by_power(holders, position.cities)
        if position.sieges:
            data["sieges"] = _inline(dict(position.sieges))
        ledger = position.ledger
        if ledger.treasury:
            data["treasury"] = _inline(dict(ledger.treasury))
        if ledger.loans:
            data["loans"] = CommentedMap(
                (power, flow_list(str(loan) for loan in loans)) for power, loans in ledger.loans.items()
            )
        if ledger.banned:
            data["banned"] = flow_list(sorted(ledger.banned))
        if position.famine:
            data["famine"] = flow_list(sorted(position.famine))
        if position.rebellions:
            data["rebellions"] = rebellions_to_data(position.rebellions)
        if position.struck:
            data["assassinated"] = flow_list(sorted(position.struck))
        if any(position.chits.values()):
            data["chits"] = CommentedMap((p, flow_list(sorted(v))) for p, v in position.chits.items() if v)
    if position.dislodged:
        data["dislodged"] = [
            _inline({"power": d.unit.power, "unit": str(d.unit), "attacker_from": d.attacker_from})
            for d in position.dislodged
        ]
    if position.contested:
        data["contested"] = flow_list(sorted(position.contested))
    return data


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


def position_from_data(board: Board, data: Any, file: str) -> Position:
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
    cities = _read_by_power(board, data, "cities", problems)
    sieges: dict[str, int] = {}
    for space, count in (data.get("sieges") or {}).items():
        if space not in board.spaces or count not in (1,):
            problems.append(Problem(f"sieges.{space}", "expected a province and 1 (the campaigns besieged so far)"))
        else:
            sieges[str(space)] = int(count)
    dislodged: list[Dislodged] = []
    for i, entry in enumerate(data.get("dislodged") or []):
        unit = _unit(board, str(entry.get("power")), str(entry.get("unit"))) if isinstance(entry, Mapping) else None
        if unit is None:
            problems.append(Problem(f"dislodged[{i}]", "expected {power, unit, attacker_from}"))
        else:
            dislodged.append(Dislodged(unit, entry.get("attacker_from")))
    contested = [str(s) for s in data.get("contested") or []]
    ledger = _read_ledger(board, data, problems)
    rebellions = read_rebellions(board, data.get("rebellions"), problems)
    chits = read_chits(board, data.get("chits"), problems)
    struck = [str(p) for p in data.get("assassinated") or []]
    if any(p not in board.powers for p in struck):
        problems.append(Problem("assassinated", f"expected powers, got {struck}"))
    if problems or phase is None:
        raise DataError(locate(problems, data, file))
    try:
        famine = [str(p) for p in data.get("famine") or [] if p in board.spaces]
        return Position.build(
            phase, units, owners, dislodged, contested, cities, sieges, ledger, famine, rebellions, chits, struck
        )
    except ValueError as err:
        raise DataError(str(err), file=file) from None


_LOAN = re.compile(r"(\d+)\+(\d+) due (\w+) (\d+)")


def parse_loan(text: str) -> Loan | None:
    """``15+8 due Summer 1494``"""
    match = _LOAN.fullmatch(text.strip())
    if not match:
        return None
    return Loan(int(match[4]), match[3].lower(), int(match[1]), int(match[2]))


def rebellions_to_data(rebellions: Mapping[str, Rebellion]) -> CommentedMap:
    """``bol: {against: papacy, city: true}``; `province: false` once only the city still rebels, `siege`
    while the target besieges the rebel city."""
    out = CommentedMap()
    for province, rebellion in sorted(rebellions.items()):
        entry: dict[str, Any] = {"against": rebellion.target}
        if not rebellion.province:
            entry["province"] = False
        if rebellion.city:
            entry["city"] = True
        if rebellion.siege:
            entry["siege"] = rebellion.siege
        if rebellion.suspends:
            entry["suspends_control"] = True
        out[province] = _inline(entry)
    return out


def _section(entries: Any, key: str, expected: str, problems: list[Problem]) -> Mapping[Any, Any]:
    """A mapping section of the state (empty if absent); anything else is reported."""
    if entries is None:
        return {}
    if not isinstance(entries, Mapping):
        problems.append(Problem(key, f"expected a mapping: {expected}"))
        return {}
    return entries


def read_rebellions(board: Board, entries: Any, problems: list[Problem]) -> dict[str, Rebellion]:
    out: dict[str, Rebellion] = {}
    section = _section(entries, "rebellions", "province -> {against: power, city: true}", problems)
    for province, entry in section.items():
        where = f"rebellions.{province}"
        space = board.spaces.get(str(province))
        if space is None or space.is_sea:
            problems.append(Problem(where, f"expected a land province, got {province!r}"))
            continue
        if not isinstance(entry, Mapping) or entry.get("against") not in board.powers:
            problems.append(Problem(where, f"expected {{against: <power>}}, powers: {', '.join(sorted(board.powers))}"))
            continue
        flags = {k: entry.get(k, d) for k, d in (("province", True), ("city", False), ("suspends_control", False))}
        siege = entry.get("siege", 0)
        if not all(isinstance(v, bool) for v in flags.values()) or siege not in (0, 1):
            problems.append(Problem(where, "expected province, city, suspends_control as true or false, siege 0 or 1"))
            continue
        if flags["city"] and (space.city is None or not space.city.fortified):
            problems.append(Problem(where, "only a fortified city can rebel"))
            continue
        if not (flags["province"] or flags["city"]):
            problems.append(Problem(where, "a rebellion is in the province, the city, or both"))
            continue
        out[str(province)] = Rebellion(
            str(entry["against"]), flags["province"], flags["city"], int(siege), flags["suspends_control"]
        )
    return out


def read_chits(board: Board, entries: Any, problems: list[Problem]) -> dict[str, frozenset[str]]:
    """``chits: {florence: [milan, papacy]}``: whom each power may still try to assassinate."""
    out: dict[str, frozenset[str]] = {}
    for power, victims in _section(entries, "chits", "power -> [the powers it holds a chit for]", problems).items():
        names = [str(v) for v in victims or []] if isinstance(victims, list) else None
        if power not in board.powers or names is None or any(v not in board.powers or v == power for v in names):
            problems.append(Problem(f"chits.{power}", "expected a power and a list of other powers"))
            continue
        out[str(power)] = frozenset(names)
    return out


def _read_ledger(board: Board, data: Mapping[str, Any], problems: list[Problem]) -> Ledger:
    treasury: dict[str, int] = {}
    for power, ducats in (data.get("treasury") or {}).items():
        if power not in board.powers or not isinstance(ducats, int) or ducats < 0:
            problems.append(Problem(f"treasury.{power}", "expected a power and a number of ducats, 0 or more"))
        else:
            treasury[str(power)] = ducats
    loans: dict[str, list[Loan]] = {}
    for power, entries in (data.get("loans") or {}).items():
        for i, text in enumerate(entries or []):
            loan = parse_loan(str(text))
            if loan is None or power not in board.powers:
                problems.append(
                    Problem(f"loans.{power}[{i}]", f"expected a loan like '15+8 due Summer 1494', got {text!r}")
                )
            else:
                loans.setdefault(str(power), []).append(loan)
    banned = {str(p) for p in data.get("banned") or []}
    return Ledger.build(treasury, {p: tuple(ls) for p, ls in loans.items()}, banned)


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
        by_power.setdefault(o.power, []).append(_inline(entry))
    orders = CommentedMap()
    for power in sorted(by_power):
        orders[power] = by_power[power]
    data["orders"] = orders
    return data


def year_end_to_data(
    income: Mapping[str, Iterable[IncomeLine]], draws: Iterable[Draw], events: Iterable[Any] = ()
) -> CommentedMap:
    """The dice rolled (each with its purpose), famine and plague, and each power's income line by line."""
    data = CommentedMap()
    happened = list(events)
    if happened:
        data["events"] = [
            _inline(
                {"event": e.kind.value, "place": e.place}
                | ({"unit": unit_text(e.unit), "power": e.unit.power} if e.unit is not None else {})
            )
            for e in happened
        ]
    rolls = list(draws)
    if rolls:
        data["dice"] = [_inline({"purpose": d.purpose, "sides": d.sides, "value": d.value}) for d in rolls]
    if income:
        data["income"] = CommentedMap(
            (power, [_inline({"from": line.source, "place": line.place, "ducats": line.ducats}) for line in lines])
            for power, lines in income.items()
        )
    return data
