"""The rule for the names a player or a game master chooses in a file, checked when the file is read, by every
family that takes one (docs/security.md, "Player text is data"): a Symmachia leader's name (a new commander,
an heir, a second, a usurper, whose name becomes a power's), a Symmachia unit's new id, a Catan step's label.
The board families take no name of their own: every word of their orders is read against the map.

- a name (`NAME`): letters of any script (with their accents and marks), spaces, apostrophes, hyphens and
  periods, beginning with a letter (``Antiochus III``, ``Molon's heir``, ``Ptolémée``, ``Ἀντίγονος``); no
  digit, no punctuation that markup reads;
- an id (`ID`): lower-case letters, digits and ``_``, beginning with a letter, as the scenario's own ids
  (``antigonids_a3``);
- a label (`LABEL`): letters, digits, ``_`` and ``-`` (``first``, ``siege-2``);

each at most `LIMIT` characters. A name refused is a `NameProblem`: a message of the catalogues (`N_`) with
its values, which a family says as its other problems are said (Catan: in the reader's language; Symmachia:
in English, `NameProblem.english`).
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass

from pipeline.errors import shown

LIMIT = 40  # characters: a name is shown on one line of a report, a table's cell, a map's label


def N_(message: str) -> str:  # the name Babel extracts by default
    """Marks `message` for the catalogues; it is translated where it is shown."""
    return message


class NameKind(enum.Enum):
    NAME = "name"
    ID = "id"
    LABEL = "label"


_ID = re.compile(r"[a-z][a-z0-9_]*")
_LABEL = re.compile(r"[^\W_][\w-]*")  # \w: letters and digits of any script, and `_`
_NAME_MARKS = frozenset(" '’-.")

RULES = {
    NameKind.NAME: N_(
        "expected a name of letters, spaces, apostrophes, hyphens and periods, beginning with a letter; found {value}"
    ),
    NameKind.ID: N_("expected an id of lower-case letters, digits and _, beginning with a letter; found {value}"),
    NameKind.LABEL: N_("expected a label of letters, digits, _ and -; found {value}"),
}
TOO_LONG = N_("a name has at most {limit} characters; {value} has {length}")


@dataclass(frozen=True)
class NameProblem:
    """Why a name is refused: a message of the catalogues with its values (``{value}``: the name as written,
    quoted)."""

    template: str
    values: tuple[tuple[str, str], ...]

    def english(self) -> str:
        return self.template.format_map(dict(self.values))


def name_problem(value: str, kind: NameKind = NameKind.NAME) -> NameProblem | None:
    """None if `value` is a name of that kind, else why not."""
    if not _follows(value, kind):
        return NameProblem(RULES[kind], (("value", shown(value)),))
    if len(value) > LIMIT:
        return NameProblem(TOO_LONG, (("length", str(len(value))), ("limit", str(LIMIT)), ("value", shown(value))))
    return None


def _follows(value: str, kind: NameKind) -> bool:
    if kind is NameKind.ID:
        return _ID.fullmatch(value) is not None
    if kind is NameKind.LABEL:
        return _LABEL.fullmatch(value) is not None
    return bool(value) and _letter(value[0]) and all(_letter(c) or c in _NAME_MARKS for c in value)


def _letter(char: str) -> bool:
    """A letter of any script, or a mark that goes with one (an accent, a vowel sign)."""
    return unicodedata.category(char)[0] in "LM"
