"""The DATC reader's shortcut (an entry whose line or head an earlier entry had, read without the patterns) against
every line read through the patterns: the same cases, or the same problems, on every DATC file of the
project and on random texts of well and badly written lines."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.datc.reader import DatcCase, read_datc
from pipeline.errors import DataError

FILES = sorted((Path(__file__).parent / "files").rglob("*.txt"))


def _read(text: str, shortcut: bool) -> list[DatcCase] | list[str]:
    try:
        return read_datc(text, "t.txt", shortcut=shortcut)
    except DataError as err:
        return [str(p) for p in err.problems]


def test_the_shortcut_reads_every_datc_file_as_the_patterns_do() -> None:
    entries = 0
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        fast = read_datc(text, path.name)
        assert fast == read_datc(text, path.name, shortcut=False), path.name
        entries += sum(len(section.entries) for case in fast for section in case.sections.values())
    assert entries > 2000


_SECTIONS = ["PRESTATE", "PRESTATE_SUPPLYCENTER_OWNERS", "PRESTATE_DISLODGED", "PRESTATE_RESULTS", "ORDERS"]
_SECTIONS += ["POSTSTATE", "POSTSTATE_DISLODGED"]
_ENTRIES = [  # well written, oddly written, and results
    *("France: A par", "France: A PAR", "France:A par", "  France : A par  ", "France: A par # a comment"),
    *("France\t: A par", "France: A par: more", "France::A par", "Frnace: A par", "England: F lon - nth"),
    *("Great Britain: F lon", "Great  Britain : F lon", "Italy F gol", "France: A par\u00a0", "\u00a0France: A par"),
    *("SUCCESS: France: A par - bur", "FAILURE: England: F lon - nth", "success : France : A par", "", "# a comment"),
]
_BAD = ["France:", "France:   ", "France # a comment: A par", ": A par", "1France: A par", "MAYBE: France: A par"]
_BAD += ["SUCCESS: France A par", "CASE X.9", "POSTSTATE_SAME", "PRESTATE_SETPHASE Fall 1901, Movement"]

section = st.tuples(st.sampled_from(_SECTIONS), st.lists(st.sampled_from(_ENTRIES), max_size=8))
case = st.lists(section, min_size=1, max_size=4)


@settings(max_examples=1500)
@given(
    st.lists(case, min_size=1, max_size=3), st.lists(st.tuples(st.integers(0, 60), st.sampled_from(_BAD)), max_size=1)
)
def test_the_shortcut_reads_random_cases_as_the_patterns_do(cases: list[list[tuple[str, list[str]]]], bad) -> None:
    lines = ["VARIANT_ALL Standard"]
    for n, sections in enumerate(cases, start=1):
        lines.append(f"CASE X.{n}")
        for name, entries in sections:
            lines += [name, *entries]
        lines.append("END")
    for at, line in bad:  # now and then one bad line somewhere
        lines.insert(min(at, len(lines)), line)
    text = "\n".join(lines)
    assert _read(text, True) == _read(text, False)


def test_entries_of_a_head_read_before_keep_their_lines_and_power() -> None:
    text = "CASE X.1\nPRESTATE\nFrance: A par\nFrance: A bur\n  France : A pic\nEND\n"
    cases = read_datc(text)
    assert [(line.number, line.power, line.text) for line in cases[0].lines("PRESTATE")] == [
        (3, "France", "A par"),
        (4, "France", "A bur"),
        (5, "France", "A pic"),
    ]


def test_entries_written_alike_share_one_entry_and_keep_their_own_lines() -> None:
    text = "CASE X.1\nPRESTATE\nFrance: A par\nEND\nCASE X.2\nPRESTATE\n\nFrance: A par\nFrance:  A par\nEND\n"
    first, second = read_datc(text)
    assert [line.number for line in second.lines("PRESTATE")] == [8, 9]
    assert first.section("PRESTATE").entries[0] is second.section("PRESTATE").entries[0]  # the same line
    assert second.section("PRESTATE").entries == [("France", "A par"), ("France", "A par")]
    assert second.lines("ORDERS") == [] and second.section("ORDERS").entries == []


def test_results_keep_each_entrys_verdict() -> None:
    text = "CASE X.1\nPRESTATE_RESULTS\nSUCCESS: France: A par - bur\nFAILURE: France: A par - bur\nEND\n"
    (case,) = read_datc(text)
    assert [(line.number, line.power, line.text, line.success) for line in case.lines("PRESTATE_RESULTS")] == [
        (3, "France", "A par - bur", True),
        (4, "France", "A par - bur", False),
    ]
