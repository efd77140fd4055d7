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

import re
from collections.abc import Iterator, Sequence
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


class Line(NamedTuple):
    """One entry of a section with its place in the file."""

    number: int
    power: str
    text: str
    success: bool | None = None  # for PRESTATE_RESULTS


Entry = tuple[str, str]  # an entry as written, ``England: A lon``: ("England", "A lon")


@dataclass
class Section:
    """The entries of one section of a case, in order, each with the number of its line (and in PRESTATE_RESULTS
    whether its order succeeded). In columns, not a `Line` each: a file of random phases has two hundred thousand
    entries, most of them written many times over (``England: A lon``), and entries written alike share one tuple,
    which a reader of the cases can look up as it is."""

    entries: list[Entry] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)
    successes: list[bool] = field(default_factory=list)  # PRESTATE_RESULTS's verdicts, one per entry (else none)

    def numbered(self) -> Iterator[tuple[int, Entry]]:
        """Each entry with the number of its line."""
        return zip(self.numbers, self.entries, strict=True)

    def lines(self) -> list[Line]:
        verdicts: Sequence[bool | None] = self.successes or [None] * len(self.entries)
        return [Line(n, power, text, ok) for (n, (power, text)), ok in zip(self.numbered(), verdicts, strict=True)]


NO_ENTRIES = Section()  # the section a case does not have (read only)


@dataclass
class DatcCase:
    """One case of a DATC file: its id, title and place in the file, and its sections."""

    id: str
    title: str
    file: str
    line: int
    phase: str = "Spring 1901 Movement"
    sections: dict[str, Section] = field(default_factory=dict)
    post_same: bool = False

    def section(self, name: str) -> Section:
        return self.sections.get(name, NO_ENTRIES)

    def lines(self, section: str) -> list[Line]:
        return self.section(section).lines()


# ``Power: text``: the power up to the first colon (letters, digits, spaces), the text after it
_ENTRY = re.compile(r"([A-Za-z][\w ]*)\s*:\s*(.+)")
_ENTRY_NO_COLON = re.compile(r"([A-Za-z]\w*)\s+(.+)")  # "Italy F gol": a typo the published files have
_KEYWORDS = frozenset({"VARIANT_ALL", "CASE", "END", "PRESTATE_SETPHASE", "POSTSTATE_SAME", *SECTIONS})


def read_datc(text: str, file: str = "<text>", *, shortcut: bool = True) -> list[DatcCase]:
    """Every case of a DATC text file; malformed lines are reported all together. `shortcut`: an entry whose line
    or head an earlier entry had is read without the patterns (False: every line through them; the same cases)."""
    reader = _DatcReader(file, shortcut)
    known, heads = reader.known, reader.heads
    plain: Section | None = None  # `reader.plain`, kept at hand: most lines are entries of a plain section
    for number, raw in enumerate(text.splitlines(), start=1):
        if plain is not None:  # the shortcut, inline: a call a line would cost a sixth of the reading
            entry = known.get(raw)
            if entry is None:
                head, colon, rest = raw.partition(":")
                if colon and "#" not in rest:
                    power = heads.get(head)
                    rest = rest.strip()
                    if power is not None and rest:
                        entry = known[raw] = power, rest
            if entry is not None:
                plain.entries.append(entry)
                plain.numbers.append(number)
                continue
        line = (raw.split("#", 1)[0] if "#" in raw else raw).strip()
        if not line:
            continue
        word = line.split(None, 1)[0]
        if word not in _KEYWORDS:  # an entry of a section
            reader.entry(line, raw, number)
        elif word != "VARIANT_ALL":
            reader.keyword(word, line, number)
            plain = reader.plain
    if reader.case is not None:
        reader.problem(f"case {reader.case.id} has no END", reader.case.line)
    if reader.problems:
        raise DataError(reader.problems)
    return reader.cases


class _DatcReader:
    """The cases of one DATC file as its lines are read: the case and the section being read, the problems."""

    def __init__(self, file: str, shortcut: bool) -> None:
        self.file, self.shortcut = file, shortcut
        self.cases: list[DatcCase] = []
        self.problems: list[Problem] = []
        self.case: DatcCase | None = None
        self.section: Section | None = None  # the section being read
        self.name: str | None = None  # its name
        self.plain: Section | None = None  # `section` when its entries are ``Power: text`` (not results)
        # an entry's line already read -> the entry: the same line reads the same (most lines of a file)
        self.known: dict[str, Entry] = {}
        # the text before the first colon of entries already read (``England``) -> the power it names: a line
        # with the same head is an entry of the same power, read without the patterns
        self.heads: dict[str, str] = {}

    def problem(self, message: str, number: int) -> None:
        self.problems.append(Problem("", message, number, self.file))

    def entry(self, line: str, raw: str, number: int) -> None:
        """An entry of the section being read: ``Power: text``, or a result (``SUCCESS: Power: order``)."""
        if self.case is None:
            self.problem(f"{line!r} outside a CASE ... END block", number)
            return
        if self.section is None:
            self.problem(f"{line!r} is not under any section (PRESTATE, ORDERS...)", number)
            return
        success = None
        if self.name == "PRESTATE_RESULTS":
            verdict, _, line = line.partition(":")
            if verdict.strip().upper() not in ("SUCCESS", "FAILURE"):
                self.problem(f"expected 'SUCCESS: Power: order' or 'FAILURE: ...', got {raw.strip()!r}", number)
                return
            success = verdict.strip().upper() == "SUCCESS"
            line = line.strip()
        m = _ENTRY.fullmatch(line)
        if m is not None and success is None and self.shortcut:
            self.heads[raw.partition(":")[0]] = m[1].strip()  # the raw line up to its first colon: m[1] and blanks
        m = m or _ENTRY_NO_COLON.fullmatch(line)
        if not m:
            self.problem(f"expected 'Power: ...', got {raw.strip()!r}", number)
            return
        entry = m[1].strip(), m[2].strip()
        if success is None:
            if self.shortcut:
                entry = self.known.setdefault(raw, entry)
        else:
            self.section.successes.append(success)
        self.section.entries.append(entry)
        self.section.numbers.append(number)

    def keyword(self, word: str, line: str, number: int) -> None:
        """A line that opens or ends a case, sets its phase, or opens a section."""
        if word == "CASE":
            if self.case is not None:
                self.problem(f"case {self.case.id} has no END before the next CASE", number)
            ident, _, title = line[4:].strip().partition(" ")
            self.case = DatcCase(ident.rstrip("."), title.strip(), self.file, number)
            self.section, self.name, self.plain = None, None, None
        elif self.case is None:
            self.problem(f"{line!r} outside a CASE ... END block", number)
        elif word == "END":
            self.cases.append(self.case)
            self.case, self.section, self.name, self.plain = None, None, None, None
        elif word == "PRESTATE_SETPHASE":
            self.case.phase = line[len(word) :].strip()
        elif word == "POSTSTATE_SAME":
            self.case.post_same = True
            self.section, self.name, self.plain = None, None, None
        else:
            self.name = word
            self.section = self.case.sections.setdefault(word, Section())
            self.plain = self.section if word != "PRESTATE_RESULTS" else None
