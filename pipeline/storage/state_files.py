"""A game's files as YAML documents: human-readable, a stable key order, small git diffs. A family gives its
states, results and reports as plain data; `laid_out` gives them the project's layout (a list or a mapping of
plain values on one line, blocks for the rest) and `dump_yaml` writes them, the same document always byte for
byte the same."""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.representer import RoundTripRepresenter


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
