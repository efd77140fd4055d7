"""Bring the report catalogues up to date with the code (run by hand after changing a report message).

Usage: python tools/update_catalogues.py

1. extracts every message of `pipeline/` into pipeline/locale/messages.pot (babel.cfg);
2. updates pipeline/locale/<lang>/LC_MESSAGES/messages.po from it, without fuzzy guesses: a new or changed
   message comes in untranslated, so `pybabel compile --statistics` and tests/test_reports.py show it;
3. the English catalogue's messages are their own translation: any untranslated English message gets
   its msgid (and msgid_plural) as msgstr.

Then translate the new French messages (msgstr empty) in pipeline/locale/fr/LC_MESSAGES/messages.po.
"""

from __future__ import annotations

import os
from pathlib import Path

from babel.messages.catalog import Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "pipeline" / "locale"
PROJECT = ["--project", "pbem-pipeline", "--version", "0.1.0", "--copyright-holder", "the pbem-pipeline authors"]


def translated(message: Message) -> bool:
    text = message.string
    return all(text) if isinstance(text, (tuple, list)) else bool(text)


def main() -> None:
    os.chdir(ROOT)  # the location comments in the catalogues are paths from the repository's root
    pot = "pipeline/locale/messages.pot"
    cli = CommandLineInterface()
    cli.run(["pybabel", "-q", "extract", "-F", "babel.cfg", "-o", pot, "--no-wrap", *PROJECT, "pipeline"])
    update = ["update", "-i", pot, "-d", "pipeline/locale", "--no-fuzzy-matching", "--no-wrap", "--ignore-obsolete"]
    cli.run(["pybabel", "-q", *update])
    english = LOCALE / "en" / "LC_MESSAGES" / "messages.po"
    with english.open("rb") as f:
        catalog = read_po(f, locale="en")
    for message in catalog:
        if message.id and not translated(message):
            message.string = tuple(message.id) if isinstance(message.id, (tuple, list)) else message.id
    with english.open("wb") as f:
        write_po(f, catalog, width=0)
    print(f"updated {pot} and the catalogues of {', '.join(sorted(p.name for p in LOCALE.iterdir() if p.is_dir()))}")


if __name__ == "__main__":
    main()
