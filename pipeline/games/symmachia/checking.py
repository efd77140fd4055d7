"""Reading plain data (a YAML file's content) with every problem found at once, each at its key path
(``provinces.macedonia.borders[2]``) so that the storage layer can add the file and line."""

from __future__ import annotations

import difflib
import enum
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from pipeline.errors import DataError, Problem, shown
from pipeline.games import names as name_rule

E = TypeVar("E", bound=enum.Enum)


def nearest(name: str, known: Iterable[str]) -> str:
    """`` (did you mean 'mysia'?)`` when a known name is close to `name`, else a short list of known ones."""
    options = sorted(set(known))
    close = difflib.get_close_matches(name.lower(), options, n=3, cutoff=0.6)
    if close:
        return " (did you mean " + " or ".join(repr(c) for c in close) + "?)"
    if len(options) <= 8:
        return " (known: " + ", ".join(options) + ")" if options else ""
    return ""


class Checker:
    """Collects problems; `done()` raises them all as one `DataError`."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append(Problem(where, message))

    def done(self) -> None:
        if self.problems:
            raise DataError(list(self.problems))

    # ---- typed reads: each gives a usable default after recording its problem ---------------------

    def mapping(self, data: Any, where: str, required: bool = True) -> Mapping[str, Any]:
        if data is None and not required:
            return {}
        if not isinstance(data, Mapping):
            self.add(where, f"expected a mapping of names to values, found {shown(data)}")
            return {}
        bad = [k for k in data if not isinstance(k, str)]
        for k in bad:
            self.add(where, f"expected names as keys, found {shown(k)}")
        return {k: v for k, v in data.items() if isinstance(k, str)}

    def sequence(self, data: Any, where: str, required: bool = False) -> list[Any]:
        if data is None:
            if required:
                self.add(where, "expected a list, found nothing")
            return []
        if isinstance(data, (str, bytes)) or not isinstance(data, Iterable) or isinstance(data, Mapping):
            self.add(where, f"expected a list, found {shown(data)}")
            return []
        return list(data)

    def text(self, data: Any, where: str, required: bool = True, default: str = "") -> str:
        if data is None and not required:
            return default
        if not isinstance(data, str) or not data.strip():
            self.add(where, f"expected a name or a text, found {shown(data)}")
            return default
        return data.strip()

    def name(self, data: Any, where: str, kind: name_rule.NameKind = name_rule.NameKind.NAME) -> str:
        """A name a player or the game master chose (a leader's, a unit's new id), by the shared rule
        (`pipeline.games.names`); "" after its problem."""
        text = self.text(data, where)
        problem = name_rule.name_problem(text, kind) if text else None
        if problem is not None:
            self.add(where, problem.english())
            return ""
        return text

    def integer(self, data: Any, where: str, lo: int | None = None, hi: int | None = None, default: int = 0) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.add(where, f"expected a whole number, found {shown(data)}")
            return default
        if (lo is not None and data < lo) or (hi is not None and data > hi):
            bounds = (
                f"from {lo} to {hi}"
                if lo is not None and hi is not None
                else f"at least {lo}"
                if lo is not None
                else f"at most {hi}"
            )
            self.add(where, f"expected a whole number {bounds}, found {data}")
            return default
        return data

    def flag(self, data: Any, where: str, default: bool = False) -> bool:
        if data is None:
            return default
        if not isinstance(data, bool):
            self.add(where, f"expected yes or no (true or false), found {shown(data)}")
            return default
        return data

    def choice(self, data: Any, where: str, kind: type[E], default: E | None = None) -> E | None:
        if data is None and default is not None:
            return default
        values = {str(m.value): m for m in kind}
        if isinstance(data, str) and data.strip().lower() in values:
            return values[data.strip().lower()]
        name = data if isinstance(data, str) else shown(data)
        self.add(
            where, f"expected one of {', '.join(sorted(values))}, found {shown(name)}" + nearest(str(name), values)
        )
        return default

    def name_in(self, data: Any, where: str, known: Mapping[str, Any] | Iterable[str], what: str) -> str | None:
        """An id among `known` (case and spaces forgiven: ``Mysia``, ``hellespontine phrygia``)."""
        names = list(known)
        if not isinstance(data, str) or not data.strip():
            self.add(where, f"expected the id of {what}, found {shown(data)}")
            return None
        key = data.strip().lower().replace(" ", "_").replace("-", "_")
        if key in names:
            return key
        self.add(where, f"unknown {what} {data!r}" + nearest(key, names))
        return None

    def unknown_keys(self, data: Mapping[str, Any], where: str, allowed: Iterable[str]) -> None:
        allowed = list(allowed)
        for key in data:
            if key not in allowed:
                self.add(f"{where}.{key}" if where else key, f"unexpected field {key!r}" + nearest(key, allowed))


def slug(name: str) -> str:
    """An id from a name a player wrote: lower case, words joined by ``_`` (``Polycrates of Ilion`` ->
    ``polycrates_of_ilion``)."""
    out = []
    for ch in name.strip().lower():
        if ch.isalnum():
            out.append(ch)
        elif out and out[-1] != "_":
            out.append("_")
    return "".join(out).strip("_")
