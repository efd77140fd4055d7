"""The site's reference pages, made at build time from the code and the docs, never copied by hand:

- `games/rules.md`: every rule option and its value in each profile of `pipeline/core/rules.py`, then what
  each decides as `docs/rule-options.md` explains it (in French as `docs/rule-options.fr.md` translates it);
- `games/orders.md`: the order syntax, `docs/orders.md` as it is (and `docs/orders.fr.md` in French).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from pipeline.core.rules import Rules
from pipeline.games import families, profiles

from .i18n import LANGUAGES, Translator, translator
from .pages import ORDER_SYNTAX, RULES, Page, localized

DOCS = Path(__file__).resolve().parent.parent.parent / "docs"
_ROW = re.compile(r"^\|\s*`(\w+)`\s*\|.*\|\s*([^|]+?)\s*\|\s*$")
_TRANSLATED_ROW = re.compile(r"^\|\s*`(\w+)`\s*\|\s*([^|]+?)\s*\|\s*$")
_LINK = re.compile(r"\[([^\]]+)\]\((?!https?://)[^)]*\)")  # a link to another doc: kept as its text
# the rules pages' citations (`[M 7.5]`, `[D 3.1]`), for developers: not on the players' page
_CITATION = re.compile(r";?\s*\[[MD] [\d.]+\](?:\s*\[[MD] [\d.]+\])*")


def for_players(text: str) -> str:
    """An option's explanation without the rules pages' citations, nor the brackets they leave empty."""
    text = _CITATION.sub("", _LINK.sub(r"\1", text))
    text = re.sub(r"\s*\(\s*[:;]?\s*\)", "", re.sub(r"\(\s*[:;]\s*", "(", text))
    return re.sub(r"\s+([.,;)])", r"\1", text).strip()


def option_explanations(docs: Path = DOCS, lang: str = LANGUAGES[0]) -> dict[str, str]:
    """option -> the last column of its row in docs/rule-options.md (what it decides), or in its translation
    docs/rule-options.<lang>.md (a table of two columns, the option and what it decides); empty without it."""
    path = docs / ("rule-options.md" if lang == LANGUAGES[0] else f"rule-options.{lang}.md")
    if not path.is_file():
        return {}
    row = _ROW if lang == LANGUAGES[0] else _TRANSLATED_ROW
    found: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = row.match(line)
        if match and match[1] not in found:
            found[match[1]] = match[2]
    return found


def _value(value: object, t: Translator) -> str:
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    if value is None:
        return "`none`"
    if isinstance(value, frozenset):
        return ", ".join(f"`{v}`" for v in sorted(value)) if value else t.gettext("all of the map's")
    if isinstance(value, tuple):
        return "`" + ", ".join(str(v) for v in value) + "`"
    return f"`{value}`"


def rules_page(lang: str, docs: Path = DOCS) -> str:
    """The values of every option in each profile (a table narrow enough for a phone), then what each option
    decides, in the page's language where a translation says it (else in English, said so)."""
    t = translator(lang)
    explained = option_explanations(docs, lang)
    in_english = {}
    if lang != LANGUAGES[0]:
        in_english = {k: v for k, v in option_explanations(docs).items() if k not in explained}
    # the board families' profiles: a family of its own kind has options of its own, on its rules page
    names = [name for name, rules in profiles().items() if rules.family in families()]
    lines = ["# " + t.gettext("Rule profiles"), ""]
    lines.append(
        t.gettext(
            "Each game plays under a profile and may change single options in its `game.yaml` "
            "(%(example)s). The values of every option in each profile:"
        )
        % {"example": "`options: {siege_commitment: free}`"}
    )
    header = [t.gettext("Option"), *[f"`{n}`" for n in names]]
    lines += ["", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    fields = [f.name for f in dataclasses.fields(Rules)]
    for name in fields:
        values = [_value(getattr(profiles()[p], name), t) for p in names]
        lines.append(f"| `{name}` | " + " | ".join(values) + " |")
    decided = [(n, for_players(explained.get(n) or in_english.get(n) or "")) for n in fields]
    item = t.pgettext("rule option", "%(option)s: %(value)s")
    if any(why for _, why in decided):
        lines += ["", "## " + t.gettext("What each option decides"), ""]
        lines += ["- " + item % {"option": f"`{name}`", "value": why} for name, why in decided if why]
        if any(name in in_english for name, why in decided if why):
            lines += ["", t.gettext("The explanations of some options are in English.")]
    for p in names:
        differ = [n for n in fields if getattr(profiles()[p], n) != getattr(Rules(), n)]
        lines += ["", f"## `{p}` {{#{p}}}", ""]
        if differ:
            lines.append(t.gettext("Differs from the defaults in:"))
            lines.append("")
            lines += ["- " + item % {"option": f"`{n}`", "value": _value(getattr(profiles()[p], n), t)} for n in differ]
        else:
            lines.append(t.gettext("The defaults: standard Diplomacy."))
    return "\n".join(lines) + "\n"


def order_syntax_page(lang: str, docs: Path = DOCS) -> str:
    """`docs/orders.md`, or its translation `docs/orders.<lang>.md` where there is one."""
    t = translator(lang)
    translated = docs / f"orders.{lang}.md"
    path = translated if lang != LANGUAGES[0] and translated.is_file() else docs / "orders.md"
    if not path.is_file():
        return "# " + t.gettext("Order syntax") + "\n\n" + t.gettext("The order syntax is in docs/orders.md.") + "\n"
    text = _LINK.sub(r"\1", path.read_text(encoding="utf-8")).rstrip("\n").split("\n")
    lines = ["# " + t.gettext("Order syntax")]
    if lang != LANGUAGES[0] and path != translated:
        lines += ["", "!!! note", "", "    " + t.gettext("This page is in English only.")]
    body = text[1:] if text and text[0].startswith("# ") else text
    return "\n".join(lines + body) + "\n"


def reference_pages(docs: Path = DOCS) -> list[Page]:
    pages = []
    for lang in LANGUAGES:
        pages.append(Page(localized(RULES, lang), rules_page(lang, docs)))
        pages.append(Page(localized(ORDER_SYNTAX, lang), order_syntax_page(lang, docs)))
    return pages
