"""What a family's presentation is given to speak a reader's language: the messages of that language, as the
site gives them (`pipeline.shared.i18n.translator`: the project's gettext catalogues), and lists joined the
language's way. Standard library only: the families may import it."""

from __future__ import annotations

from typing import Protocol


class Translations(Protocol):
    """One language's messages: the gettext calls Babel extracts into the catalogues, and lists joined the
    language's way (`style` "standard" or "or", as Babel's `format_list` takes them)."""

    lang: str

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    def join(self, items: list[str], style: str = "standard") -> str: ...

    def __hash__(self) -> int: ...  # one per language: what is worked out once a language is kept by it
