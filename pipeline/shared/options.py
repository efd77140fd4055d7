"""A family's rule options as it declares them: each option's name, its kind and values, its default and
where its rule is written. The family reads a game's `options:` with them (`OptionSet.problems` says every
option it does not have, with those it has), the site lists them (the words are the family's presentation's,
`Presentation.option_words`), and docs/rule-options.md names them.

A family keeps its options in a frozen dataclass of its own; `OptionSet.of_dataclass` declares them from its
fields (a `bool` a yes/no option, an `enum.Enum` or a `Literal` named choices, an `int` a number).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin, get_type_hints

from pipeline.errors import Problem

Kind = Literal["flag", "choice", "number", "value"]


@dataclass(frozen=True)
class Option:
    """One rule option: its name in game.yaml's `options:`, its kind, its named choices (a `choice`), its
    default and where its rule is written (``K 4.6``, ``M 20.3``, ``DATC 4.A.3``)."""

    name: str
    kind: Kind
    default: object
    choices: tuple[str, ...] = ()
    rule: str = ""


@dataclass(frozen=True)
class OptionSet:
    """Every option of a family, in the order it declares them."""

    family: str
    options: tuple[Option, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.options)

    def get(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def problems(self, data: object) -> list[Problem]:
        """What is wrong with game.yaml's `options:` before any value is read: not a mapping, or a name the
        family has no option of (said with every option it has)."""
        if data is None:
            return []
        if not isinstance(data, Mapping):
            return [Problem("options", "expected the rule options by name, like famine: false")]
        known, listed = set(self.names), self.listed()
        said = "is not an option of the {} rules (its options: {})"
        return [Problem(f"options.{n}", f"{n!r} {said.format(self.family, listed)}") for n in data if n not in known]

    def listed(self) -> str:
        return ", ".join(sorted(self.names)) or "none"

    @classmethod
    def of_dataclass(
        cls, family: str, options: type, rules: Mapping[str, str] | None = None, leave_out: frozenset[str] = frozenset()
    ) -> OptionSet:
        """The options a frozen dataclass of a family holds (its fields but `leave_out`), with each one's rule
        from `rules` (by name)."""
        hints = get_type_hints(options)
        declared = []
        for f in dataclasses.fields(options):
            if f.name in leave_out:
                continue
            factory = f.default_factory
            default = factory() if f.default is dataclasses.MISSING and callable(factory) else f.default
            kind, choices = _kind(hints[f.name], default)
            declared.append(Option(f.name, kind, _plain(default), choices, (rules or {}).get(f.name, "")))
        return cls(family, tuple(declared))


def _kind(hint: Any, default: object) -> tuple[Kind, tuple[str, ...]]:
    """An option's kind and named choices, from its field's type and default."""
    if isinstance(default, bool):
        return "flag", ("yes", "no")
    if isinstance(default, enum.Enum):
        return "choice", tuple(str(m.value) for m in type(default))
    if get_origin(hint) is Literal:
        return "choice", tuple(str(a) for a in get_args(hint))
    if isinstance(default, int):
        return "number", ()
    return "value", ()


def _plain(value: object) -> object:
    """A default as game.yaml writes it."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, frozenset):
        return sorted(value)
    return value
