"""What the family says to a player, as messages of the catalogues with their values: a problem of his
file, a sentence of a report. The rules core keeps the message and its values; whoever shows it puts it
into the reader's language with a translator (`pipeline.shared.i18n.Translator`, or anything with its
`gettext`), so that the same problem reads in English and in French.

A message is marked for the catalogues where it is written, with `N_` (Babel extracts it); it holds
named placeholders (``{value}``) that the values fill in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from pipeline.errors import DataError, Problem, shown


def N_(message: str) -> str:  # the name Babel extracts by default
    """Marks `message` for the catalogues; it is translated where it is shown."""
    return message


def ngettext(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message and its plural for the catalogues (Babel extracts a call to `ngettext` as a plural
    pair); `counted` says it in the form a count asks for."""
    return singular, plural


class Gettext(Protocol):
    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def join(self, items: list[str], style: str = "standard") -> str: ...


class English:
    """The messages as written (the catalogues' English is the msgid itself)."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def join(self, items: list[str], style: str = "standard") -> str:
        word = " or " if style == "or" else " and "
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + word + items[-1] if items else ""


ENGLISH = English()

# French « de » and « que » before a word that starts with a vowel, never before a place's name: a hex, a
# side, a corner or a slot (« e4 », « e4/f5 », « e4>f5 ») is read letter by letter, not as a word
_ELIDED = re.compile(r"\b([dD]e|[qQ]ue) (?=[aeiouyàâéèêëîïôûœAEIOUYÀÂÉÈÊËÎÏÔÛŒ])(?![a-z]+[0-9])")


def elided(text: str) -> str:
    """A French sentence with its elisions: « le tour d'Orange », « plus qu'un », but « de e4 »."""
    return _ELIDED.sub(lambda m: m[1][:-1] + "'", text)


@dataclass(frozen=True)
class Said:
    """One message of the catalogues and the values of its placeholders: texts shown as they are,
    messages put into words first, lists of them joined the language's way. A message with a `plural`
    takes the form its `count` asks for (``{count}`` among its values)."""

    template: str
    values: tuple[tuple[str, str | Said | Listed], ...] = ()
    plural: str | None = None
    count: int = 0

    def words(self, t: Gettext = ENGLISH, shown: Callable[[str], str] | None = None) -> str:
        """The message in the reader's language; `shown` writes each text value for the medium (a report's
        Markdown: `pipeline.escape.markdown_text`), the catalogue's own words as they are."""
        text = t.gettext(self.template) if self.plural is None else t.ngettext(self.template, self.plural, self.count)
        text = text.format_map({k: _words(v, t, shown) for k, v in self.values})
        return elided(text) if getattr(t, "lang", None) == "fr" and self.values else text

    def __str__(self) -> str:
        return self.words()


@dataclass(frozen=True)
class Listed:
    """Messages said one after the other, joined as the language joins a list (``a, b and c``)."""

    items: tuple[Said | str, ...]
    style: str = "standard"


def _words(value: str | Said | Listed, t: Gettext, shown: Callable[[str], str] | None) -> str:
    if isinstance(value, Said):
        return value.words(t, shown)
    if isinstance(value, Listed):
        return t.join([_words(v, t, shown) for v in value.items], value.style)
    return value if shown is None else shown(value)


def said(template: str, **values: object) -> Said:
    """A message with its values; each value a message, a list of them, or a text as it is shown (a
    player's value quoted: `quoted`)."""
    return Said(template, _values(values))


def counted(singular: str, plural: str, count: int, **values: object) -> Said:
    """A message in the form `count` asks for; ``{count}`` is among its values."""
    return Said(singular, _values({"count": count, **values}), plural, count)


def _values(values: dict[str, object]) -> tuple[tuple[str, str | Said | Listed], ...]:
    return tuple(sorted((k, v if isinstance(v, (Said, Listed)) else str(v)) for k, v in values.items()))


def quoted(value: object) -> str:
    """What a player wrote, as a message quotes it (cut short)."""
    return shown(value)


def said_to_data(value: Said | Listed | str) -> object:
    """A message with its values as plain data (a record keeps it so, to be said in any language later):
    a text as it is; a message as its template and values; a list as its items."""
    if isinstance(value, Listed):
        return {"items": [said_to_data(v) for v in value.items], "style": value.style}
    if isinstance(value, Said):
        out: dict[str, object] = {"message": value.template, "values": {k: said_to_data(v) for k, v in value.values}}
        if value.plural is not None:
            out |= {"plural": value.plural, "count": value.count}
        return out
    return value


def said_from_data(data: object) -> Said | Listed | str:
    """What `said_to_data` wrote, read back; anything else as the text it shows."""
    if isinstance(data, Mapping) and isinstance(data.get("items"), list):
        items = tuple(said_from_data(v) for v in data["items"])
        return Listed(
            tuple(v if isinstance(v, (Said, str)) else said("{v}", v=v) for v in items),
            str(data.get("style", "standard")),
        )
    if isinstance(data, Mapping) and isinstance(data.get("message"), str):
        raw = data.get("values")
        values = tuple(sorted((str(k), said_from_data(v)) for k, v in raw.items())) if isinstance(raw, Mapping) else ()
        plural = data.get("plural")
        count = data.get("count", 0)
        return Said(
            data["message"], values, plural if isinstance(plural, str) else None, count if isinstance(count, int) else 0
        )
    return str(data)


@dataclass(frozen=True)
class FileProblem:
    """A problem of a player's file: where (its key path, ``script.build[2].road``) and what, to be said."""

    where: str
    what: Said
    line: int | None = None

    def words(self, t: Gettext = ENGLISH) -> str:
        text = self.what.words(t)
        return f"{self.where}: {text}" if self.where else text

    def to_data(self) -> dict[str, object]:
        return {"where": self.where, **({"line": self.line} if self.line else {}), "what": said_to_data(self.what)}

    @staticmethod
    def from_data(data: object) -> FileProblem:
        m = data if isinstance(data, Mapping) else {}
        what = said_from_data(m.get("what", ""))
        line = m.get("line")
        return FileProblem(
            str(m.get("where", "")),
            what if isinstance(what, Said) else said("{text}", text=what),
            line if isinstance(line, int) and not isinstance(line, bool) else None,
        )


class Found:
    """The problems found so far in a file, in the order they were found."""

    def __init__(self) -> None:
        self.items: list[FileProblem] = []

    def add(self, where: str, template: str, **values: object) -> None:
        self.items.append(FileProblem(where, said(template, **values)))

    def __bool__(self) -> bool:
        return bool(self.items)

    def error(self) -> FileProblems:
        return FileProblems(self.items)


class FileProblems(DataError):
    """A player's file that cannot be read: every problem, as `DataError`'s English problems and as
    messages to put into the player's language (`found`, in the same order)."""

    def __init__(self, found: list[FileProblem]) -> None:
        super().__init__([Problem(f.where, f.what.words(), f.line) for f in found])
        self.found: tuple[FileProblem, ...] = tuple(found)
