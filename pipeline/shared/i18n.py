"""The report languages and their gettext catalogues.

The catalogues are `pipeline/locale/<lang>/LC_MESSAGES/messages.po` (extracted with Babel, see
docs/reports.md). In a checkout they are compiled in memory when first needed, from the `.po` files as
committed: no build step, and no compiled `.mo` file that could be older than its `.po` (the site must come
out the same from the same commit). `pybabel compile` in `.ci/run` only checks that they compile cleanly.
An installed release carries no `.po` file but the `.mo` its build compiled from them (setup.py), and reads
that.
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path
from typing import Literal, cast

from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ListStyle = Literal["standard", "standard-short", "or", "or-short", "unit", "unit-short", "unit-narrow"]
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
LANGUAGES = ("en", "fr")  # English first: the site's default language


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"


class Translator:
    """One language's messages: `gettext`, `ngettext` and `pgettext` as in the standard library (Babel
    extracts calls to these names), and lists joined the language's way."""

    def __init__(self, lang: str, messages: gettext.NullTranslations) -> None:
        self.lang = lang
        self._messages = messages

    def gettext(self, message: str) -> str:
        return self._messages.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._messages.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._messages.pgettext(context, message)

    def brace_messages(self) -> dict[str, str]:
        """Every message of the catalogue whose values are ``{named}`` (what a family keeps of a problem to
        say it later: `Problem.said`), in this language, by its English words."""
        catalog: dict[object, str] = getattr(self._messages, "_catalog", {})
        kept = {k: v for k, v in catalog.items() if isinstance(k, str) and k and "{" in k and "%(" not in k}
        return dict(sorted(kept.items()))

    def join(self, items: list[str], style: str = "standard") -> str:
        """``a, b and c`` / ``a, b et c``; `style` "or" for alternatives."""
        return format_list(items, style=cast(ListStyle, style), locale=self.lang) if items else ""


@functools.cache
def translator(lang: str) -> Translator:
    """The messages of `lang` (one of LANGUAGES), compiled from its catalogue once per process."""
    if lang not in LANGUAGES:
        raise ValueError(f"no report language {lang!r} (expected one of {', '.join(LANGUAGES)})")
    if not po_path(lang).is_file():  # an installed release: the catalogue its build compiled
        with po_path(lang).with_suffix(".mo").open("rb") as built:
            return Translator(lang, gettext.GNUTranslations(built))
    with po_path(lang).open("rb") as source:
        catalog = read_po(source, locale=lang)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translator(lang, gettext.GNUTranslations(compiled))


def capital(text: str) -> str:
    """The first letter in upper case (a sentence that starts with a name or a place: "À Venise")."""
    return text[:1].upper() + text[1:]
