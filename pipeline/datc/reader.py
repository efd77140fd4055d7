"""Reading DATC test cases in the jDip/godip text format (no board needed: text in, cases out).

    VARIANT_ALL Standard
    CASE 6.A.1 [title]
    PRESTATE_SETPHASE Spring 1901, Movement
    PRESTATE_SUPPLYCENTER_OWNERS / PRESTATE / PRESTATE_DISLODGED / PRESTATE_RESULTS / ORDERS
    POSTSTATE_SAME | POSTSTATE [POSTSTATE_DISLODGED]
    END

``#`` starts a comment. Lines under a section are ``Power: text`` (results: ``SUCCESS: Power: order``).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import NamedTuple

from pipeline.errors import DataError, Problem

SECTIONS = (
    "PRESTATE_SUPPLYCENTER_OWNERS",
    "PRESTATE_DISLODGED",
    "PRESTATE_RESULTS",
    "PRESTATE",
    "ORDERS",
    "POSTSTATE_DISLODGED",
    "POSTSTATE",
)


class Line(NamedTuple):  # a tuple: a DATC file of a thousand cases has two hundred thousand of them
    number: int
    power: str
    text: str
    success: bool | None = None  # for PRESTATE_RESULTS


_line = functools.partial(tuple.__new__, Line)  # a Line from its four fields, without the call of Line(...)


@dataclass
class DatcCase:
    """One case of a DATC file: its id, title and place in the file, and its sections' lines."""

    id: str
    title: str
    file: str
    line: int
    phase: str = "Spring 1901 Movement"
    sections: dict[str, list[Line]] = field(default_factory=dict)
    post_same: bool = False

    def lines(self, section: str) -> list[Line]:
        return self.sections.get(section, [])


# ``Power: text``: the power up to the first colon (letters, digits, spaces), the text after it
_ENTRY = re.compile(r"([A-Za-z][\w ]*)\s*:\s*(.+)")
_ENTRY_NO_COLON = re.compile(r"([A-Za-z]\w*)\s+(.+)")  # "Italy F gol": a typo the published files have
_KEYWORDS = frozenset({"VARIANT_ALL", "CASE", "END", "PRESTATE_SETPHASE", "POSTSTATE_SAME", *SECTIONS})


def read_datc(text: str, file: str = "<text>", *, shortcut: bool = True) -> list[DatcCase]:
    """Every case of a DATC text file; malformed lines are reported all together. `shortcut`: an entry whose head
    an earlier entry had is read without the patterns (False: every line through them; the same cases)."""
    cases: list[DatcCase] = []
    problems: list[Problem] = []
    case: DatcCase | None = None
    entries: list[Line] | None = None  # the lines of the section being read
    section: str | None = None
    plain: list[Line] | None = None  # `entries` when they are ``Power: text`` (not results)
    # the text before the first colon of entries already read (``England``) -> the power it names: a line
    # with the same head is an entry of the same power, read without the patterns (most lines of a file)
    heads: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        head, colon, rest = raw.partition(":")
        if colon and plain is not None and "#" not in rest:
            power = heads.get(head)
            if power is not None:
                rest = rest.strip()
                if rest:
                    plain.append(_line((number, power, rest, None)))
                    continue
        line = (raw.split("#", 1)[0] if "#" in raw else raw).strip()
        if not line:
            continue
        word = line.split(None, 1)[0]
        if word not in _KEYWORDS:  # an entry of a section
            if case is None:
                problems.append(Problem("", f"{line!r} outside a CASE ... END block", number, file))
                continue
            if entries is None:
                problems.append(Problem("", f"{line!r} is not under any section (PRESTATE, ORDERS...)", number, file))
                continue
            success = None
            if section == "PRESTATE_RESULTS":
                verdict, _, line = line.partition(":")
                if verdict.strip().upper() not in ("SUCCESS", "FAILURE"):
                    problems.append(
                        Problem(
                            "", f"expected 'SUCCESS: Power: order' or 'FAILURE: ...', got {raw.strip()!r}", number, file
                        )
                    )
                    continue
                success = verdict.strip().upper() == "SUCCESS"
                line = line.strip()
            m = _ENTRY.fullmatch(line)
            if m is not None and success is None and shortcut:
                heads[head] = m[1].strip()  # `head`, the raw line up to its first colon: m[1] and blanks
            m = m or _ENTRY_NO_COLON.fullmatch(line)
            if not m:
                problems.append(Problem("", f"expected 'Power: ...', got {raw.strip()!r}", number, file))
                continue
            entries.append(_line((number, m[1].strip(), m[2].strip(), success)))
        elif word == "VARIANT_ALL":
            continue
        elif word == "CASE":
            if case is not None:
                problems.append(Problem("", f"case {case.id} has no END before the next CASE", number, file))
            rest = line[4:].strip()
            ident, _, title = rest.partition(" ")
            case = DatcCase(ident.rstrip("."), title.strip(), file, number)
            section, entries, plain = None, None, None
        elif case is None:
            problems.append(Problem("", f"{line!r} outside a CASE ... END block", number, file))
        elif word == "END":
            cases.append(case)
            case, section, entries, plain = None, None, None, None
        elif word == "PRESTATE_SETPHASE":
            case.phase = line[len(word) :].strip()
        elif word == "POSTSTATE_SAME":
            case.post_same = True
            section, entries, plain = None, None, None
        else:
            section = word
            entries = case.sections.setdefault(section, [])
            plain = entries if section != "PRESTATE_RESULTS" else None
    if case is not None:
        problems.append(Problem("", f"case {case.id} has no END", case.line, file))
    if problems:
        raise DataError(problems)
    return cases
