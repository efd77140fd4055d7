"""Machiavelli's part of the state, as plain data: what the state files and the rule cases write of it
beside the units and the control, how it reads back (every problem at once), and what a rule case
expects of it. Storage lays the data out and writes it (`pipeline/storage/state_files.py`); the
sections are written in the order of `SECTIONS`, each only when it holds something (the cities always).

    cities:      {florence: [flo, pis]}           who controls each city [M 11.1]
    sieges:      {pis: 1}                         campaigns a city has been besieged [M 7.2]
    treasury:    {florence: 12}                   ducats [M 12.1]
    loans:       {florence: [15+8 due Summer 1494]}
    banned:      [milan]                          powers the bank lends to no more [M 12.9]
    famine:      [pis]                            provinces in famine until the end of spring [M 17.6]
    rebellions:  {bol: {against: papacy, city: true}}
    assassinated: [milan]                         Objectif: struck in the spring's adjustments
    chits:       {florence: [milan, papacy]}      whom each power may still try to assassinate [M 16.1]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pipeline.board.board import Board
from pipeline.board.ledger import Ledger, Loan
from pipeline.board.position import Position, Rebellion
from pipeline.board.units import AUTONOMOUS
from pipeline.errors import Problem

from .assassination import all_chits

SECTIONS = ("cities", "sieges", "treasury", "loans", "banned", "famine", "rebellions", "assassinated", "chits")
# what of the state is each power's own business when a game keeps its money secret (`secret_money`)
PRIVATE_SECTIONS = ("treasury", "loans")


def by_power(powers: Iterable[str], mapping: Mapping[str, str]) -> dict[str, list[str]]:
    """place -> power as power -> its places, sorted, in the order of `powers`."""
    out: dict[str, list[str]] = {}
    for power in powers:
        places = sorted(p for p, owner in mapping.items() if owner == power)
        if places:
            out[power] = places
    return out


def rebellions_to_data(rebellions: Mapping[str, Rebellion]) -> dict[str, dict[str, Any]]:
    """``bol: {against: papacy, city: true}``; `province: false` once only the city still rebels, `siege`
    while the target besieges the rebel city."""
    out = {}
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
        out[province] = entry
    return out


def to_data(board: Board, position: Position) -> dict[str, Any]:
    """The sections of the state file Machiavelli adds, in order."""
    holders = [*sorted(board.powers), AUTONOMOUS]
    ledger = position.ledger
    data: dict[str, Any] = {"cities": by_power(holders, position.cities)}
    if position.sieges:
        data["sieges"] = dict(position.sieges)
    if ledger.treasury:
        data["treasury"] = dict(ledger.treasury)
    if ledger.loans:
        data["loans"] = {power: [str(loan) for loan in loans] for power, loans in ledger.loans.items()}
    if ledger.banned:
        data["banned"] = sorted(ledger.banned)
    if position.famine:
        data["famine"] = sorted(position.famine)
    if position.rebellions:
        data["rebellions"] = rebellions_to_data(position.rebellions)
    if position.struck:
        data["assassinated"] = sorted(position.struck)
    if any(position.chits.values()):
        data["chits"] = {p: sorted(v) for p, v in position.chits.items() if v}
    return data


def from_data(board: Board, data: Mapping[str, Any], problems: list[Problem], case: bool = False) -> dict[str, Any]:
    """The fields of `Position.build` that Machiavelli adds, read from a state file's sections, every problem
    to `problems`. A rule case (`case`) names places as players write them and leaves out what takes its
    default: the cities follow their provinces' control, and every power holds its chits [M 16.1]."""
    place: Callable[[str], str] = board.location if case else str
    cities = _read_by_power(board, data, "cities", problems, place)
    if case and "cities" not in data and "control" in data:
        control = _read_by_power(board, data, "control", problems, place)
        cities = {p: power for p, power in control.items() if board.spaces[p].city is not None}
    chits = all_chits(board.powers) if case and "chits" not in data else read_chits(board, data.get("chits"), problems)
    sieges: dict[str, int] = {}
    for space, count in _section(data.get("sieges"), "sieges", "province -> 1", problems).items():
        where = _place(board, place, space)
        if where is None or count not in (1,):
            problems.append(Problem(f"sieges.{space}", "expected a province and 1 (the campaigns besieged so far)"))
        else:
            sieges[where] = int(count)
    famine = [where for p in data.get("famine") or [] if (where := _place(board, place, p)) is not None]
    struck = [str(p) for p in data.get("assassinated") or []]
    if any(p not in board.powers for p in struck):
        problems.append(Problem("assassinated", f"expected powers, got {struck}"))
    rebellions_data = data.get("rebellions")
    if isinstance(rebellions_data, Mapping):
        rebellions_data = {(_place(board, place, p) or p): v for p, v in rebellions_data.items()}
    return {
        "cities": cities,
        "sieges": sieges,
        "ledger": read_ledger(board, data, problems),
        "famine": famine,
        "rebellions": read_rebellions(board, rebellions_data, problems),
        "chits": chits,
        "struck": struck,
    }


def _place(board: Board, place: Callable[[str], str], text: Any) -> str | None:
    """A place's id on the board, or None if it names none (players' names that name nothing raise, saying
    so)."""
    where = place(str(text)).split("/")[0]
    return where if where in board.spaces else None


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


def read_ledger(board: Board, data: Mapping[str, Any], problems: list[Problem]) -> Ledger:
    treasury: dict[str, int] = {}
    for power, ducats in _section(data.get("treasury"), "treasury", "power -> ducats", problems).items():
        if power not in board.powers or not isinstance(ducats, int) or ducats < 0:
            problems.append(Problem(f"treasury.{power}", "expected a power and a number of ducats, 0 or more"))
        else:
            treasury[str(power)] = ducats
    loans: dict[str, list[Loan]] = {}
    for power, entries in _section(data.get("loans"), "loans", "power -> [loans]", problems).items():
        for i, text in enumerate(entries or []):
            loan = Loan.parse(str(text))
            if loan is None or power not in board.powers:
                problems.append(
                    Problem(f"loans.{power}[{i}]", f"expected a loan like '15+8 due Summer 1494', got {text!r}")
                )
            else:
                loans.setdefault(str(power), []).append(loan)
    banned = {str(p) for p in data.get("banned") or []}
    return Ledger.build(treasury, {p: tuple(ls) for p, ls in loans.items()}, banned)


def _read_by_power(
    board: Board, data: Mapping[str, Any], key: str, problems: list[Problem], place: Callable[[str], str]
) -> dict[str, str]:
    out: dict[str, str] = {}
    for power, spaces in _section(data.get(key), key, "power -> [places]", problems).items():
        for i, space in enumerate(spaces or []):
            where = _place(board, place, space)
            if (power not in board.powers and power != AUTONOMOUS) or where is None:
                problems.append(Problem(f"{key}.{power}[{i}]", f"unknown power or space {power}/{space}"))
            else:
                out[where] = str(power)
    return out


def check_expected(board: Board, expect: Mapping[str, Any], after: Position) -> list[str]:
    """What a rule case's `expect:` says of Machiavelli's state that the position after the phase belies."""
    problems: list[Problem] = []
    failures = [failure for check in _EXPECTED for failure in check(board, expect, after, problems)]
    return failures + [f"{p.where}: {p.message}" for p in problems]


_Check = Callable[[Board, Mapping[str, Any], Position, list[Problem]], list[str]]


def _expected_cities(board: Board, expect: Mapping[str, Any], after: Position, problems: list[Problem]) -> list[str]:
    if "cities" not in expect:
        return []
    want_map = _read_by_power(board, expect, "cities", problems, board.location)
    wrong = sorted(
        f"{p}: expected {o}, got {after.cities.get(p)}" for p, o in want_map.items() if after.cities.get(p) != o
    )
    return [f"cities {w}" for w in wrong]


def _expected_uncontrolled(
    board: Board, expect: Mapping[str, Any], after: Position, problems: list[Problem]
) -> list[str]:
    """Neither the province nor its city has a controller."""
    failures = []
    for text in expect.get("uncontrolled") or []:
        where = board.location(str(text))
        if where in after.owners or where in after.cities:
            failures.append(f"uncontrolled {where}: held by {after.owners.get(where)} / {after.cities.get(where)}")
    return failures


def _expected_sieges(board: Board, expect: Mapping[str, Any], after: Position, problems: list[Problem]) -> list[str]:
    if "sieges" not in expect:
        return []
    want_sieges = {board.location(str(p)): int(n) for p, n in (expect["sieges"] or {}).items()}
    return [f"sieges: expected {want_sieges}, got {dict(after.sieges)}"] if dict(after.sieges) != want_sieges else []


def _expected_treasury(board: Board, expect: Mapping[str, Any], after: Position, problems: list[Problem]) -> list[str]:
    return [
        f"treasury {power}: expected {ducats}, got {after.ledger.ducats(str(power))}"
        for power, ducats in (expect["treasury"].items() if "treasury" in expect else ())
        if after.ledger.ducats(str(power)) != int(ducats)
    ]


def _expected_loans(board: Board, expect: Mapping[str, Any], after: Position, problems: list[Problem]) -> list[str]:
    if "loans" not in expect:
        return []
    failures = []
    want_loans = read_ledger(board, {"loans": expect["loans"]}, problems).loans
    for power in set(want_loans) | set(expect["loans"] or {}):
        owed, got_loans = want_loans.get(str(power), ()), after.ledger.debt(str(power))
        if owed != got_loans:
            shown = ", ".join(str(x) for x in got_loans) or "none"
            failures.append(f"loans {power}: expected {', '.join(str(x) for x in owed) or 'none'}, got {shown}")
    return failures


def _expected_famine(board: Board, expect: Mapping[str, Any], after: Position, problems: list[Problem]) -> list[str]:
    if "famine" not in expect:
        return []
    want_famine = sorted(board.location(str(p)) for p in expect["famine"] or [])
    got = sorted(after.famine)
    return [f"famine: expected {want_famine}, got {got}"] if got != want_famine else []


def _expected_chits(board: Board, expect: Mapping[str, Any], after: Position, problems: list[Problem]) -> list[str]:
    failures = []
    for power, victims in (expect.get("chits") or {}).items():
        got_chits = sorted(after.chits.get(str(power), frozenset()))
        if got_chits != sorted(str(v) for v in victims or []):
            failures.append(f"chits {power}: expected {sorted(victims or [])}, got {got_chits}")
    return failures


def _expected_rebellions(
    board: Board, expect: Mapping[str, Any], after: Position, problems: list[Problem]
) -> list[str]:
    if "rebellions" not in expect:
        return []
    entries = expect["rebellions"] or {}
    if isinstance(entries, Mapping):
        entries = {board.location(str(p)): v for p, v in entries.items()}
    want_rebellions = rebellions_to_data(read_rebellions(board, entries, problems))
    got_rebellions = rebellions_to_data(after.rebellions)
    return (
        [f"rebellions: expected {want_rebellions}, got {got_rebellions}"] if want_rebellions != got_rebellions else []
    )


def _expected_banned(board: Board, expect: Mapping[str, Any], after: Position, problems: list[Problem]) -> list[str]:
    if "banned" in expect and sorted(after.ledger.banned) != sorted(str(p) for p in expect["banned"] or []):
        return [f"banned: expected {sorted(expect['banned'] or [])}, got {sorted(after.ledger.banned)}"]
    return []


# the sections of `expect:` checked, in the order their failures are told
_EXPECTED: tuple[_Check, ...] = (
    _expected_cities,
    _expected_uncontrolled,
    _expected_sieges,
    _expected_treasury,
    _expected_loans,
    _expected_famine,
    _expected_chits,
    _expected_rebellions,
    _expected_banned,
)


def case_warnings(board: Board, data: Mapping[str, Any]) -> list[str]:
    """A rule case that gives `cities:` beside `control:` sets every city itself: a controlled province
    whose city it leaves out has an uncontrolled city, which is seldom what was meant."""
    if "cities" not in data or "control" not in data:
        return []
    problems: list[Problem] = []
    control = _read_by_power(board, data, "control", problems, board.location)
    cities = _read_by_power(board, data, "cities", problems, board.location)
    left_out = sorted(p for p in control if board.spaces[p].city is not None and p not in cities)
    if not left_out:
        return []
    return [f"cities: given beside control, it leaves the cities of {', '.join(left_out)} uncontrolled"]
