"""Reading plain data (a YAML file's content) with every problem found at once, each at its key path
(``provinces.macedonia.borders[2]``) so that the storage layer can add the file and line."""

from __future__ import annotations

import difflib
import enum
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from pipeline.errors import DataError, Problem, shown
from pipeline.games import names as name_rule


def N_(message: str) -> str:  # the name Babel extracts by default
    """Marks `message` for the catalogues; it is translated where it is shown."""
    return message


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


def hint(name: str, known: Iterable[str]) -> tuple[str, dict[str, str]]:
    """`nearest` as a message of the catalogues to say after another, with its values: the close names, or
    the few known ones, or nothing."""
    options = sorted(set(known))
    close = difflib.get_close_matches(name.lower(), options, n=3, cutoff=0.6)
    if close:
        return N_("(did you mean {close}?)"), {"close": ", ".join(repr(c) for c in close)}
    if 0 < len(options) <= 8:
        return N_("(known: {known})"), {"known": ", ".join(options)}
    return "", {}


def problem(
    where: str, message: str, namer: Callable[[str], str] | None = None, hint: str = "", **values: object
) -> Problem:
    """A problem whose message is one of the catalogues (marked with `N_` where it is written) and its
    values, in English, with both kept (`Problem.said`) for a report to say it in the reader's language;
    `hint` a second message said after it (the nearest names). A value named ``what`` is itself a message
    of the catalogues (``province or sea zone``); a value whose name begins with ``place`` is a place's id,
    said by its name (`namer`)."""
    text = {k: str(v) for k, v in values.items()}
    said = (("message", message), *((("hint", hint),) if hint else ()), *sorted(text.items()))
    return Problem(where, _said(dict(said), lambda m: m, namer), said=said)


def _named(values: dict[str, str], namer: Callable[[str], str] | None) -> dict[str, str]:
    return {k: namer(v) if namer is not None and k.startswith("place") else v for k, v in values.items()}


def said_words(said: Mapping[str, Any], gettext: Callable[[str], str], namer: Callable[[str], str]) -> str:
    """A problem kept by `problem` (its message and values, as a private report holds them) in the language
    of `gettext`, each place by its name in that language (`namer`)."""
    return _said(said, gettext, namer)


def _said(said: Mapping[str, Any], gettext: Callable[[str], str], namer: Callable[[str], str] | None) -> str:
    message = str(said.get("message", ""))
    hinted = str(said.get("hint", ""))
    values = _named({str(k): str(v) for k, v in said.items() if k not in ("message", "hint", "line")}, namer)
    if "what" in values:
        values["what"] = gettext(values["what"])
    try:
        text = gettext(message).format_map(values) if values else gettext(message)
        return f"{text} {gettext(hinted).format_map(values)}" if hinted else text
    except (KeyError, IndexError, ValueError):  # a record written by another version: its English words
        return message


class Checker:
    """Collects problems; `done()` raises them all as one `DataError`. Each message is one of the
    catalogues (`N_`) with ``{name}`` placeholders for its values."""

    def __init__(self, namer: Callable[[str], str] | None = None) -> None:
        self.problems: list[Problem] = []
        self.namer = namer  # a place's name in English, for the values that are places

    def add(self, where: str, message: str, **values: object) -> None:
        self.problems.append(problem(where, message, self.namer, "", **values))

    def unknown(self, where: str, message: str, key: str, known: Iterable[str], **values: object) -> None:
        """`message` followed by the known names nearest `key` (`hint`)."""
        more, extra = hint(key, known)
        self.problems.append(problem(where, message, self.namer, more, **values, **extra))

    def done(self) -> None:
        if self.problems:
            raise DataError(list(self.problems))

    # ---- typed reads: each gives a usable default after recording its problem ---------------------

    def mapping(self, data: Any, where: str, required: bool = True) -> Mapping[str, Any]:
        if data is None and not required:
            return {}
        if not isinstance(data, Mapping):
            self.add(where, N_("expected a mapping of names to values, found {found}"), found=shown(data))
            return {}
        bad = [k for k in data if not isinstance(k, str)]
        for k in bad:
            self.add(where, N_("expected names as keys, found {found}"), found=shown(k))
        return {k: v for k, v in data.items() if isinstance(k, str)}

    def sequence(self, data: Any, where: str, required: bool = False) -> list[Any]:
        if data is None:
            if required:
                self.add(where, N_("expected a list, found nothing"))
            return []
        if isinstance(data, (str, bytes)) or not isinstance(data, Iterable) or isinstance(data, Mapping):
            self.add(where, N_("expected a list, found {found}"), found=shown(data))
            return []
        return list(data)

    def text(self, data: Any, where: str, required: bool = True, default: str = "") -> str:
        if data is None and not required:
            return default
        if not isinstance(data, str) or not data.strip():
            self.add(where, N_("expected a name or a text, found {found}"), found=shown(data))
            return default
        return data.strip()

    def name(self, data: Any, where: str, kind: name_rule.NameKind = name_rule.NameKind.NAME) -> str:
        """A name a player or the game master chose (a leader's, a unit's new id), by the shared rule
        (`pipeline.games.names`); "" after its problem."""
        text = self.text(data, where)
        problem = name_rule.name_problem(text, kind) if text else None
        if problem is not None:
            self.add(where, problem.template, **dict(problem.values))
            return ""
        return text

    def integer(self, data: Any, where: str, lo: int | None = None, hi: int | None = None, default: int = 0) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.add(where, N_("expected a whole number, found {found}"), found=shown(data))
            return default
        if lo is not None and hi is not None and not lo <= data <= hi:
            self.add(where, N_("expected a whole number from {lo} to {hi}, found {found}"), lo=lo, hi=hi, found=data)
            return default
        if lo is not None and data < lo:
            self.add(where, N_("expected a whole number at least {lo}, found {found}"), lo=lo, found=data)
            return default
        if hi is not None and data > hi:
            self.add(where, N_("expected a whole number at most {hi}, found {found}"), hi=hi, found=data)
            return default
        return data

    def flag(self, data: Any, where: str, default: bool = False) -> bool:
        if data is None:
            return default
        if not isinstance(data, bool):
            self.add(where, N_("expected yes or no (true or false), found {found}"), found=shown(data))
            return default
        return data

    def choice(self, data: Any, where: str, kind: type[E], default: E | None = None) -> E | None:
        if data is None and default is not None:
            return default
        values = {str(m.value): m for m in kind}
        if isinstance(data, str) and data.strip().lower() in values:
            return values[data.strip().lower()]
        name = data if isinstance(data, str) else shown(data)
        self.unknown(
            where,
            N_("expected one of {choices}, found {found}"),
            str(name),
            values,
            choices=", ".join(sorted(values)),
            found=shown(name),
        )
        return default

    def name_in(self, data: Any, where: str, known: Mapping[str, Any] | Iterable[str], what: str) -> str | None:
        """An id among `known` (case and spaces forgiven: ``Mysia``, ``hellespontine phrygia``)."""
        names = list(known)
        if not isinstance(data, str) or not data.strip():
            self.add(where, N_("expected an id ({what}), found {found}"), what=what, found=shown(data))
            return None
        key = data.strip().lower().replace(" ", "_").replace("-", "_")
        if key in names:
            return key
        self.unknown(where, N_("unknown {what} {name}"), key, names, what=what, name=repr(data))
        return None

    def unknown_keys(self, data: Mapping[str, Any], where: str, allowed: Iterable[str]) -> None:
        allowed = list(allowed)
        for key in data:
            if key not in allowed:
                self.unknown(
                    f"{where}.{key}" if where else key, N_("unexpected field {name}"), key, allowed, name=repr(key)
                )


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
