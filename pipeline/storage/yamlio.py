"""Reading and writing YAML with ruamel.yaml: line numbers for every problem, stable output."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import AliasEvent, NodeEvent

from pipeline.errors import DataError, Problem


def _yaml() -> YAML:
    y = YAML(typ="rt")
    y.preserve_quotes = True
    return y


def load_yaml_fast(path: Path) -> Any:
    """Parse a YAML file the project wrote (map, state, results) with the C parser (ruamel.yaml.clib), about
    four times as fast, but without line numbers: a caller that finds a problem reads the file again with
    `load_yaml` to say where it is."""
    try:
        text = path.read_text(encoding="utf-8")
        return YAML(typ="safe").load(text)
    except (OSError, UnicodeDecodeError, YAMLError):
        return load_yaml(path)  # the slow reader reports the problem with its line


def load_yaml(path: Path, max_bytes: int | None = None, aliases: bool = True) -> Any:
    """Parse a YAML file, keeping line numbers; a syntax error becomes a `DataError` at its line.

    For files people send (orders): `max_bytes` refuses a file larger than that before reading it, and
    `aliases=False` refuses anchors and aliases (a "YAML bomb" multiplies a few lines into millions of
    nodes through them; nobody needs them to write orders)."""
    try:
        if max_bytes is not None and path.stat().st_size > max_bytes:
            size = path.stat().st_size
            raise DataError(f"the file is {size:,} bytes; at most {max_bytes:,} are read", file=str(path))
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise DataError(f"cannot read the file: {err.strerror}", file=str(path)) from None
    except UnicodeDecodeError:
        raise DataError("the file is not UTF-8 text", file=str(path)) from None
    return parse_yaml(text, str(path), aliases)


def parse_yaml(text: str, name: str, aliases: bool = True) -> Any:
    try:
        if not aliases:
            _refuse_aliases(text, name)
        return _yaml().load(io.StringIO(text))
    except MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark is not None else None
        what = err.problem or err.context or "not valid YAML"
        raise DataError([Problem("", f"not valid YAML: {what}", line, name)]) from None
    except YAMLError as err:
        raise DataError([Problem("", f"not valid YAML: {err}", None, name)]) from None


def parse_yaml_fast(text: str, name: str, aliases: bool = True) -> Any:
    """`parse_yaml` with the C parser: without line numbers, which a caller that finds a problem gets by
    parsing again with `parse_yaml`. A syntax error is reported by `parse_yaml`, with its line."""
    try:
        if not aliases:
            _refuse_aliases(text, name)
        return YAML(typ="safe", pure=False).load(text)
    except YAMLError:
        return parse_yaml(text, name, aliases)


def _refuse_aliases(text: str, name: str) -> None:
    """Anchors and aliases refused, found by the C parser's events (before anything is built from them)."""
    try:
        events = list(YAML(typ="safe", pure=False).parse(io.StringIO(text)))
    except YAMLError:
        events = list(_yaml().parse(io.StringIO(text)))  # raises with the line of the syntax error
    problems = [
        Problem(
            "", "anchors and aliases (& and *) are not accepted here: write each entry out", e.start_mark.line + 1, name
        )
        for e in events
        if isinstance(e, AliasEvent) or (isinstance(e, NodeEvent) and e.anchor is not None)
    ]
    if problems:
        raise DataError(problems[:10])


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
    return [Problem(p.where, p.message, p.line or line_of(data, p.where), file) for p in problems]
