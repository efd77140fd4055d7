"""Reading and writing YAML with ruamel.yaml: line numbers for every problem, stable output."""

from __future__ import annotations

import dataclasses
import functools
import io
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.cyaml import CParser
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionEndEvent,
    CollectionStartEvent,
    DocumentStartEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    NodeEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.reader import ReaderError

from pipeline.errors import DataError, Problem


def _yaml() -> YAML:
    y = YAML(typ="rt")
    y.preserve_quotes = True
    return y


MAX_DEPTH = 100  # lists and mappings nested deeper than this are refused before anything is built from them
MAX_DIGITS = 100  # a whole number longer than this is refused (Python refuses over 4,300 digits, with a traceback)
_NUMBER = re.compile(r"[-+]?(?:0x[0-9a-fA-F_]+|0o[0-7_]+|[0-9][0-9_]*)")
# what building a value from its text raises (``2001-13-45`` read as a date, ``!!bool maybe``), not a YAMLError
_VALUE_ERRORS = (ValueError, KeyError, TypeError, OverflowError)


def load_yaml_fast(path: Path) -> Any:
    """Parse a YAML file the project wrote (map, state, results) with the C parser (ruamel.yaml.clib), about
    four times as fast, but without line numbers: a caller that finds a problem reads the file again with
    `load_yaml` to say where it is."""
    try:
        return _load_fast(path.read_text(encoding="utf-8"), str(path))
    except (OSError, UnicodeDecodeError, YAMLError, *_VALUE_ERRORS):
        return load_yaml(path)  # the slow reader reports the problem with its line


def load_yaml(path: Path, max_bytes: int | None = None, aliases: bool = True, tags: bool = True) -> Any:
    """Parse a YAML file, keeping line numbers; a syntax error becomes a `DataError` at its line.

    For files people send (orders, game.yaml): `max_bytes` refuses a file larger than that before reading
    it, `aliases=False` refuses anchors and aliases (a "YAML bomb" multiplies a few lines into millions of
    nodes through them; nobody needs them to write orders), and `tags=False` refuses tags (``!!python/...``,
    ``!foo``: plain values are all these files hold)."""
    return parse_yaml(read_text(path, max_bytes), str(path), aliases, tags)


def read_text(path: Path, max_bytes: int | None = None) -> str:
    """The text of a file people wrote, as UTF-8; `DataError` naming the file (and the line of a byte that is
    not UTF-8) for a file that cannot be read, is too large (`max_bytes`, checked before reading) or is
    not text."""
    return decode_text(read_bytes(path, max_bytes), str(path))


def read_bytes(path: Path, max_bytes: int | None = None) -> bytes:
    """The bytes of a file, refused unread if over `max_bytes`; `DataError` naming the file if it cannot be
    read (missing, a folder, not allowed)."""
    try:
        size = path.stat().st_size
        if max_bytes is not None and size > max_bytes:
            raise DataError(f"the file is {size:,} bytes; at most {max_bytes:,} are read", file=str(path))
        return path.read_bytes()
    except OSError as err:
        raise DataError(f"cannot read the file: {err.strerror}", file=str(path)) from None


def decode_text(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise DataError([Problem("", "the file is not UTF-8 text", line, name)]) from None


def parse_yaml(text: str, name: str, aliases: bool = True, tags: bool = True) -> Any:
    try:
        _check_events(text, name, aliases, tags)
        return _yaml().load(io.StringIO(text))
    except _VALUE_ERRORS as err:
        raise DataError(
            _unreadable_values(text, name) or [Problem("", f"a value cannot be read: {err}", None, name)]
        ) from None
    except MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark is not None else None
        what = " ".join((err.problem or err.context or "not valid YAML").split())  # one line: it may quote several
        raise DataError([Problem("", f"not valid YAML: {what}", line, name)]) from None
    except ReaderError as err:  # a character YAML does not allow (NUL, a lone surrogate): no mark, a position
        line = text[: err.position].count("\n") + 1 if isinstance(err.position, int) else None
        character = f"#x{err.character:04x}" if isinstance(err.character, int) else repr(err.character)
        what = f"the character {character} is not allowed in YAML text (a control character, a lone surrogate)"
        raise DataError([Problem("", what, line, name)]) from None
    except YAMLError as err:
        raise DataError([Problem("", f"not valid YAML: {str(err).splitlines()[0]}", None, name)]) from None


def dump_edited(data: Any) -> str:
    """A document `load_yaml` read, written back after a change: its comments, key order and quotes kept."""
    y = _yaml()
    y.width = 120
    out = io.StringIO()
    y.dump(data, out)
    return out.getvalue()


def parse_yaml_fast(text: str, name: str, aliases: bool = True, tags: bool = True) -> Any:
    """`parse_yaml` with the C parser: without line numbers, which a caller that finds a problem gets by
    parsing again with `parse_yaml`. A syntax error is reported by `parse_yaml`, with its line."""
    try:
        return _load_fast(text, name, aliases, tags)
    except (YAMLError, *_VALUE_ERRORS):
        return parse_yaml(text, name, aliases, tags)


def _load_fast(text: str, name: str, aliases: bool = True, tags: bool = True) -> Any:
    """The data of `text` with the C parser: built from one pass of its events (`_built`), or, for a file
    that pass leaves aside, checked (`_check_events`) then loaded by the C loader, whose refusal or error
    is then the one raised, as for every file before the one pass."""
    try:
        return _built(text)
    except (_Unusual, YAMLError, UnicodeEncodeError, *_VALUE_ERRORS):
        pass
    _check_events(text, name, aliases, tags)
    return YAML(typ="safe", pure=False).load(text)


class _Unusual(Exception):
    """What `_built` leaves to the checks and the C loader."""


# the resolver and the constructor of the C loader (YAML 1.2 rules), for `_built`'s plain scalars
_SAFE = YAML(typ="safe", pure=False)
_PLAIN_TAGS = frozenset(f"tag:yaml.org,2002:{kind}" for kind in ("str", "int", "float", "bool", "null", "timestamp"))
_NO_KEY = object()  # an open mapping waiting for its next key


def _plain_value(text: str) -> Any:
    """The value of a plain scalar, as the C loader resolves and builds it; `_Unusual` for a long number or
    a tag that is not a plain value's. A short text's is kept: a game's files hold a few hundred texts
    (powers, spaces, results) many times, and the same text always reads the same value (text, a number,
    a date: never changed)."""
    return _short_plain_value(text) if len(text) <= 100 else _resolved_value(text)


def _resolved_value(text: str) -> Any:
    if len(text) > MAX_DIGITS and _NUMBER.fullmatch(text):
        raise _Unusual
    tag = _SAFE.resolver.resolve(ScalarNode, text, (True, False))
    if str(tag) not in _PLAIN_TAGS:
        raise _Unusual
    return _SAFE.constructor.construct_non_recursive_object(ScalarNode(tag, text))


_short_plain_value = functools.lru_cache(maxsize=4096)(_resolved_value)


def _built(text: str) -> Any:
    """The one document of `text` built from one pass of the C parser's events, as the C loader builds it
    (its resolver and constructor make each plain scalar's value), without composing a node tree first:
    the events check and the load read the file once instead of twice. Only plain mappings, lists and
    scalars are built here; anything else raises `_Unusual` (the caller then checks and loads the file as
    before, so every refusal is made and said as before): anchors, aliases, tags, directives, more than one
    document, nesting deeper than `MAX_DEPTH`, a whole number of more than `MAX_DIGITS` digits, a key that
    is a list or a mapping or is there twice, a plain scalar that is not text, a number, a yes/no, null or
    a date (``<<``, ``=``)."""
    open_: list[Any] = []  # the mappings and lists being filled, innermost last
    keys: list[Any] = []  # each open mapping's key waiting for its value (`_NO_KEY`), by depth
    root: Any = None
    documents = 0
    parser = CParser(text)
    try:
        while parser.check_event():
            event = parser.get_event()
            kind = type(event)
            if kind is ScalarEvent:
                if event.tag is not None or event.anchor is not None:
                    raise _Unusual
                value = event.value
                if event.implicit[0]:  # plain, not quoted: resolved as the loader resolves it
                    value = _plain_value(value)
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                if event.tag is not None or event.anchor is not None or len(open_) >= MAX_DEPTH:
                    raise _Unusual
                value = {} if kind is MappingStartEvent else []
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                open_.pop()
                keys.pop()
                continue
            elif kind is DocumentStartEvent:
                documents += 1
                if documents > 1 or event.version is not None or event.tags:
                    raise _Unusual
                continue
            elif kind is AliasEvent:
                raise _Unusual
            else:  # the stream's start and end, a document's end
                continue
            if not open_:
                root = value
            elif type(open_[-1]) is list:
                open_[-1].append(value)
            elif keys[-1] is _NO_KEY:  # a key: text, a number, a date... once in its mapping
                if kind is not ScalarEvent or value in open_[-1]:
                    raise _Unusual
                keys[-1] = value
            else:
                open_[-1][keys[-1]] = value
                keys[-1] = _NO_KEY
            if kind is not ScalarEvent:
                open_.append(value)
                keys.append(_NO_KEY)
    finally:
        parser.dispose()
    return root


def _check_events(text: str, name: str, aliases: bool = True, tags: bool = True) -> None:
    """Refuse, from the C parser's events and before anything is built from them, what would make building
    the data fail or blow up: nesting deeper than `MAX_DEPTH` (the composer is recursive), whole numbers of
    more than `MAX_DIGITS` digits, and unless allowed anchors and aliases, and tags. A syntax error is
    raised with its line by the pure parser."""
    try:
        problems = _event_problems(YAML(typ="safe", pure=False).parse(io.StringIO(text)), name, aliases, tags)
    except (YAMLError, UnicodeEncodeError):  # the C parser cannot take a lone surrogate; the pure one says where
        problems = _event_problems(_yaml().parse(io.StringIO(text)), name, aliases, tags)
    if problems:
        raise DataError(problems[:10])


def _event_problems(events: Iterable[Event], name: str, aliases: bool, tags: bool) -> list[Problem]:
    problems: list[Problem] = []

    def problem(event: Event, message: str) -> None:
        problems.append(Problem("", message, event.start_mark.line + 1, name))

    depth = 0
    for e in events:
        if isinstance(e, CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                problem(e, f"lists and mappings nested deeper than {MAX_DEPTH} levels")
                return problems  # one line says it; the rest of the file is not read
        elif isinstance(e, CollectionEndEvent):
            depth -= 1
        elif isinstance(e, ScalarEvent) and not e.style and len(e.value) > MAX_DIGITS:  # plain: '' or None
            if _NUMBER.fullmatch(e.value):
                problem(e, f"a number of {len(e.value):,} digits: at most {MAX_DIGITS} are read")
        if not aliases and (isinstance(e, AliasEvent) or (isinstance(e, NodeEvent) and e.anchor is not None)):
            problem(e, "anchors and aliases (& and *) are not accepted here: write each entry out")
        if not tags and isinstance(e, NodeEvent) and getattr(e, "tag", None) is not None:
            problem(e, f"tags like {_short(e.tag)} are not accepted here: write plain values (text in quotes)")
    return problems


def _short(tag: object) -> str:
    """A tag as written in YAML: ``!!timestamp`` for ``tag:yaml.org,2002:timestamp``."""
    return str(tag).replace("tag:yaml.org,2002:", "!!")


def _unreadable_values(text: str, name: str) -> list[Problem]:
    """The values YAML reads as something it then cannot build (a date with month 13, ``!!int x``), each
    with its line: built one by one, as only a file that failed to load is read this way."""
    y = YAML(typ="safe", pure=True)
    problems = []
    for e in y.parse(io.StringIO(text)):
        if isinstance(e, ScalarEvent):
            tag = e.tag or y.resolver.resolve(ScalarNode, e.value, e.implicit)
            try:
                y.constructor.construct_object(ScalarNode(tag, e.value, e.start_mark), deep=True)
            except (*_VALUE_ERRORS, YAMLError) as err:
                why = str(err).splitlines()[0] if isinstance(err, ValueError) else "not a value of that type"
                problems.append(
                    Problem(
                        "",
                        f"{e.value[:40]!r} cannot be read as {_short(tag)} ({why}): put it in quotes if it is text",
                        e.start_mark.line + 1,
                        name,
                    )
                )
    return problems[:10]


_STEP = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


def line_of(data: Any, where: str) -> int | None:
    """The line (1-based) of the node at key path `where` (``spaces.bul.army[2]``), as near as known."""
    node, line = data, None
    for m in _STEP.finditer(where):
        key: Any = m[1] if m[1] is not None else int(m[2])
        lc = getattr(node, "lc", None)
        try:
            if lc is not None:
                if isinstance(key, int):
                    line = lc.item(key)[0] + 1
                else:
                    line = lc.key(key)[0] + 1
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
    return line


def locate(problems: list[Problem], data: Any, file: str) -> list[Problem]:
    """Fill in file and line for problems found in `data` loaded from `file`."""
    return [dataclasses.replace(p, line=p.line or line_of(data, p.where), file=file) for p in problems]
