"""The site's reference pages, made at build time from the code and the docs, never copied by hand:

- `games/rules.md`: every family's profiles, and for each its setup and every option of the family with what
  each of its values means for a player, in the page's language (`Presentation.option_words`), the profile's
  value first; the developers' account of each, with its sources, is `docs/rule-options.md`;
- each family's order syntax, `games/<page>.md` from its `Presentation.orders_page` (`docs/orders.md` as
  `games/orders.md`, `docs/catan-orders.md` as `games/catan-orders.md`...; the `.fr.md` translation in French),
  up to its notes for developers.
"""

from __future__ import annotations

import re
from pathlib import Path

from pipeline.games import families
from pipeline.shared.i18n import LANGUAGES, Translator, translator
from pipeline.storage.maps import load_setup

from .pages import RULES, Page, localized

DOCS = Path(__file__).resolve().parent.parent.parent / "docs"
DEVELOPERS = "<!-- developers: the site's syntax page ends here -->"  # what follows it in an order syntax page
_LINK = re.compile(r"\[([^\]]+)\]\((?!https?://)[^)]*\)")  # a link to another doc: kept as its text


def _item(who: str, said: str, t: Translator) -> str:
    return "- " + t.pgettext("rule option", "%(option)s: %(value)s") % {"option": f"*{who}*", "value": said}


def rules_page(lang: str) -> str:
    """Each family's profiles: its setup, then every option of its family, its value in the profile first,
    then what each of its other values would mean."""
    t = translator(lang)
    lines = ["# " + t.gettext("Rule profiles"), ""]
    lines.append(
        t.gettext(
            "Each game plays under a profile and may change single options in its `game.yaml` "
            "(%(example)s). Each profile, and what each of its options decides:"
        )
        % {"example": "`options: {siege_commitment: free}`"}
    )
    for family in families().values():
        shows = family.presentation
        for name, profile in family.profiles.items():
            setup = load_setup(family, profile.map)
            lines += ["", f"## `{name}` {{#{name}}}", "", "- " + shows.setup_name(setup, t)]
            for option, said in shows.option_words(profile.options, t).items():
                lines += ["", f"**`{option}`**", "", _item(t.gettext("in this profile"), said[0], t)]
                lines += [_item(t.gettext("also possible"), other, t) for other in said[1:]]
    return "\n".join(lines) + "\n"


def order_syntax_page(source: Path, lang: str) -> str:
    """An order syntax page of the docs (`source`, ``.md``), or its translation (``.<lang>.md``) where there is
    one, up to its notes for developers (`DEVELOPERS`)."""
    t = translator(lang)
    translated = source.with_suffix(f".{lang}.md")
    path = translated if lang != LANGUAGES[0] and translated.is_file() else source
    if not path.is_file():
        return "# " + t.gettext("Order syntax") + "\n\n" + t.gettext("The order syntax is not written yet.") + "\n"
    text = _LINK.sub(r"\1", path.read_text(encoding="utf-8").split(DEVELOPERS)[0]).rstrip("\n").split("\n")
    lines = [text[0] if text and text[0].startswith("# ") else "# " + t.gettext("Order syntax")]
    if lang != LANGUAGES[0] and path != translated:
        lines += ["", "!!! note", "", "    " + t.gettext("This page is in English only.")]
    body = text[1:] if text and text[0].startswith("# ") else text
    return "\n".join(lines + body) + "\n"


def reference_pages(docs: Path = DOCS) -> list[Page]:
    """The rules page and every family's order syntax page, in every language."""
    syntax = sorted({Path(f.presentation.orders_page).name for f in families().values()})
    pages = []
    for lang in LANGUAGES:
        pages.append(Page(localized(RULES, lang), rules_page(lang)))
        for name in syntax:
            page = Path("games") / f"{name}.md"
            pages.append(Page(localized(page, lang), order_syntax_page(docs / f"{name}.md", lang)))
    return pages
