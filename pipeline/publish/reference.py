"""The site's rules pages, for players, from the pages each family ships in its package
(`Presentation.rules_page`, `Presentation.orders_page`: Markdown beside the family's code, English and French),
under `games/rules/` (the navigation's "Rules" section, which the MkDocs hook puts after "Games"):

- `games/rules/index.md`: every family, its rules and its order syntax, a line each;
- `games/rules/<family>/index.md`: the family's players' rules; where the page writes ``<!-- options: <profile> -->``
  the site puts every option of that profile, a sentence each in the page's language
  (`Presentation.option_words`: its value in the profile), folded under a summary; a profile the page does not
  place is told at its end;
- `games/rules/<family>/orders.md`: the family's order syntax, titled after the family, up to its notes for
  developers (`DEVELOPERS`).

A family's page in French is its ``.fr.md``, else its English page under a note that says so. A link to
another file of the repository is kept as its text: a player's page links only within itself and the site.
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path
from typing import Any

from pipeline.games import families
from pipeline.shared.i18n import LANGUAGES, Translator, translator
from pipeline.storage.maps import load_setup

from .pages import RULES, Page, folded, localized, rules_address

DEVELOPERS = "<!-- developers: the site's syntax page ends here -->"  # what follows it in an order syntax page
_LINK = re.compile(r"\[([^\]]+)\]\((?!https?://|#)[^)]*\)")  # a link to another file: kept as its text
_OPTIONS = "<!-- options: {profile} -->"  # where a rules page puts a profile's options
_TITLE = re.compile(r"^# (.+)$", re.M)


def page_file(shipped: str) -> Path:
    """The file of a family's page for players, `<package>:<path in it>` (`Presentation.rules_page`)."""
    package, _, name = shipped.partition(":")
    return Path(str(files(package).joinpath(name)))


def _in_language(source: Path, lang: str) -> Path:
    """A page (`source`, ``.md``) in `lang`: its translation (``.<lang>.md``) where there is one."""
    translated = source.with_suffix(f".{lang}.md")
    return translated if lang != LANGUAGES[0] and translated.is_file() else source


def players_page(source: Path, lang: str, t: Translator, missing: str) -> str:
    """A family's page for players (`source`, ``.md``), or its translation (``.<lang>.md``) where there is one,
    up to its notes for developers (`DEVELOPERS`), its links to other files kept as their text; `missing`: the
    title of the page that says it is not written yet."""
    path = _in_language(source, lang)
    if not path.is_file():
        return f"# {missing}\n\n" + t.gettext("This page is not written yet.") + "\n"
    text = _LINK.sub(r"\1", path.read_text(encoding="utf-8").split(DEVELOPERS)[0]).rstrip("\n").split("\n")
    lines = [text[0] if text and text[0].startswith("# ") else f"# {missing}"]
    if lang != LANGUAGES[0] and path == source:
        lines += ["", "!!! note", "", "    " + t.gettext("This page is in English only.")]
    body = text[1:] if text and text[0].startswith("# ") else text
    return "\n".join(lines + body) + "\n"


def profile_options(family: Any, profile: str, t: Translator) -> list[str]:
    """Every option of a profile of the family, what its value there means, folded under a summary: a block
    of Markdown lines."""
    said = family.presentation.option_words(family.profiles[profile].options, t)
    setup = family.presentation.setup_name(load_setup(family, family.profiles[profile].map), t)
    board = t.gettext("The board: %(board)s.") % {"board": setup}
    return folded(t.gettext("Every option of these rules, in words"), [board, *(words[0] for words in said.values())])


def family_rules_page(family: Any, lang: str) -> str:
    """The family's rules for players in `lang`, each profile's options where the page places them (else at its
    end), then a link to its order syntax."""
    t = translator(lang)
    text = players_page(page_file(family.presentation.rules_page), lang, t, t.gettext("Rules"))
    unplaced = []
    for profile in family.profiles:
        marker = _OPTIONS.format(profile=profile)
        if marker in text:
            text = text.replace(marker, "\n".join(profile_options(family, profile, t)))
        else:
            unplaced.append(profile)
    lines = [text.rstrip("\n")]
    if unplaced:
        lines += ["", "## " + t.gettext("The options of these rules")]
        for profile in unplaced:
            lines += ["", *profile_options(family, profile, t)]
    said = t.gettext("How to write your orders: [the order syntax](%(page)s).")
    lines += ["", "## " + t.gettext("Orders"), "", said % {"page": "orders.md"}]
    return "\n".join(lines) + "\n"


def family_name(family: Any, lang: str) -> str:
    """The family's name in `lang`: its rules page's title (the English page's where there is no translation),
    else its id."""
    page = _in_language(page_file(family.presentation.rules_page), lang)
    found = _TITLE.search(page.read_text(encoding="utf-8")) if page.is_file() else None
    return found[1].strip() if found else str(family.id)


def syntax_page(family: Any, lang: str) -> str:
    """The family's order syntax page in `lang`, titled after the family (the navigation shows the title)."""
    t = translator(lang)
    text = players_page(page_file(family.presentation.orders_page), lang, t, t.gettext("Order syntax")).split("\n", 1)
    title = t.gettext("%(family)s: the order syntax") % {"family": family_name(family, lang)}
    back = t.gettext("[The rules of the game](%(page)s)") % {"page": "index.md"}
    return f"# {title}\n{text[1].rstrip()}\n\n{back}\n"


def rules_index(lang: str) -> str:
    """The Rules section's page: every family's rules and order syntax, a line each."""
    t = translator(lang)
    lines = ["# " + t.gettext("Rules"), ""]
    lines.append(
        t.gettext(
            "The rules of each game played on this site, for players: the board, how a turn goes, what each "
            "order does and how a game is won. Each game's own page says which options it plays with."
        )
    )
    lines.append("")
    for family_id, family in sorted(families().items()):
        links = {
            "rules": rules_address(family_id),
            "orders": rules_address(family_id, orders=True),
            "name": family_name(family, lang),
        }
        lines.append("- " + t.gettext("[%(name)s](%(rules)s), and [its order syntax](%(orders)s)") % links)
    return "\n".join(lines) + "\n"


def reference_pages() -> list[Page]:
    """The Rules section: its page, and every family's rules and order syntax, in every language."""
    pages = []
    for lang in LANGUAGES:
        pages.append(Page(localized(RULES / "index.md", lang), rules_index(lang)))
        for family_id, family in sorted(families().items()):
            pages.append(Page(localized(RULES / rules_address(family_id), lang), family_rules_page(family, lang)))
            pages.append(
                Page(localized(RULES / rules_address(family_id, orders=True), lang), syntax_page(family, lang))
            )
    return pages
