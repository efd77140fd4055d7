"""The site's reference pages, made at build time from the code and the docs, never copied by hand:

- `games/rules.md`: every rule option of every family and what each of its values means for a player, in
  the page's language (`option_words`: the board families' `pipeline/board/rules.py`, the others their own),
  with the profiles that choose it; the developers' account of each, with its sources, is
  `docs/rule-options.md`;
- `games/orders.md`: the order syntax, `docs/orders.md` (and `docs/orders.fr.md` in French) up to its notes
  for developers.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from pipeline.board.rules import DEFAULT_FAMILY, Rules
from pipeline.games import families, own_families, profiles

from .i18n import LANGUAGES, Translator, translator
from .option_words import UNSAID, board_choices, board_value, board_values, own_kind_words
from .pages import ORDER_SYNTAX, RULES, Page, localized

DOCS = Path(__file__).resolve().parent.parent.parent / "docs"
DEVELOPERS = "<!-- developers: the site's syntax page ends here -->"  # what follows it in docs/orders.md
_LINK = re.compile(r"\[([^\]]+)\]\((?!https?://)[^)]*\)")  # a link to another doc: kept as its text


def _item(who: str, said: str, t: Translator) -> str:
    return "- " + t.pgettext("rule option", "%(option)s: %(value)s") % {"option": f"*{who}*", "value": said}


def _board_option(name: str, names: list[str], t: Translator) -> list[str]:
    """An option's values in words, each with the profiles that choose it, then those no profile chooses.
    The default family's profiles (standard Diplomacy's, which change none of Machiavelli's options) are named
    under the board and under the options they set apart (the 2000 and 2023 rulebooks' choices)."""
    own = [p for p in names if profiles()[p].family == DEFAULT_FAMILY]
    apart = name == "map" or len({repr(getattr(profiles()[p], name)) for p in own}) > 1
    shown = [p for p in names if apart or p not in own]
    chosen, possible = [], []
    for value in board_values(name):
        who = [f"`{p}`" for p in shown if getattr(profiles()[p], name) == value]
        if who:
            chosen.append(_item(t.join(who), board_value(name, value, t), t))
        elif name != "map":  # a board no profile plays on is not offered
            possible.append(_item(t.gettext("also possible"), board_value(name, value, t), t))
    return [f"**`{name}`**", "", *chosen, *possible, ""]


def rules_page(lang: str) -> str:
    """Every option of every family and what each of its values means, in a sentence of the page's
    language, with the profiles that choose it; then each profile's board and choices (`board_choices`), and
    a family of its own kind's options with their defaults."""
    t = translator(lang)
    names = [n for family in families().values() for n in family.profiles]  # the board families' options
    lines = ["# " + t.gettext("Rule profiles"), ""]
    lines.append(
        t.gettext(
            "Each game plays under a profile and may change single options in its `game.yaml` "
            "(%(example)s). Each option and what each of its values means:"
        )
        % {"example": "`options: {siege_commitment: free}`"}
    )
    fields = [f.name for f in dataclasses.fields(Rules) if f.name not in UNSAID]
    lines += ["", "## " + t.gettext("What each option decides"), ""]
    for name in fields:
        lines += _board_option(name, names, t)
    lines.pop()
    for family in families().values():
        for p in family.profiles:
            lines += ["", f"## `{p}` {{#{p}}}", "", "- " + board_value("map", profiles()[p].map, t)]
            lines += ["- " + said for said in board_choices(profiles()[p], list(family.profiles), {}, t)]
    for family in own_families().values():  # a family of its own kind: its options are its own
        words = own_kind_words(family.id, t)
        for p in family.profiles:
            lines += ["", f"## `{p}` {{#{p}}}", ""]
            lines.append(
                t.gettext(
                    "A game family of its own, with options of its own: each one's value by default, "
                    "then its other values."
                )
            )
            for name, said in words.items():
                lines += ["", f"**`{name}`**", "", _item(t.gettext("by default"), said[0], t)]
                lines += [_item(t.gettext("also possible"), other, t) for other in said[1:]]
    return "\n".join(lines) + "\n"


def order_syntax_page(lang: str, docs: Path = DOCS) -> str:
    """`docs/orders.md`, or its translation `docs/orders.<lang>.md` where there is one, up to its notes for
    developers (`DEVELOPERS`)."""
    t = translator(lang)
    translated = docs / f"orders.{lang}.md"
    path = translated if lang != LANGUAGES[0] and translated.is_file() else docs / "orders.md"
    if not path.is_file():
        return "# " + t.gettext("Order syntax") + "\n\n" + t.gettext("The order syntax is in docs/orders.md.") + "\n"
    text = _LINK.sub(r"\1", path.read_text(encoding="utf-8").split(DEVELOPERS)[0]).rstrip("\n").split("\n")
    lines = ["# " + t.gettext("Order syntax")]
    if lang != LANGUAGES[0] and path != translated:
        lines += ["", "!!! note", "", "    " + t.gettext("This page is in English only.")]
    body = text[1:] if text and text[0].startswith("# ") else text
    return "\n".join(lines + body) + "\n"


def reference_pages(docs: Path = DOCS) -> list[Page]:
    pages = []
    for lang in LANGUAGES:
        pages.append(Page(localized(RULES, lang), rules_page(lang)))
        pages.append(Page(localized(ORDER_SYNTAX, lang), order_syntax_page(lang, docs)))
    return pages
