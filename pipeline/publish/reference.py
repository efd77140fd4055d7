"""The site's reference pages, made at build time from the code and the docs, never copied by hand:

- `games/rules.md`: every rule option and its value in each profile of `pipeline/core/rules.py`, with what
  it decides as `docs/rule-options.md` explains it (those explanations are in English);
- `games/orders.md`: the order syntax, `docs/orders.md` as it is (and `docs/orders.fr.md` in French).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from pipeline.core.rules import Rules
from pipeline.games import profiles

from .i18n import LANGUAGES, Translator, translator
from .pages import ORDER_SYNTAX, RULES, Page, localized

DOCS = Path(__file__).resolve().parent.parent.parent / "docs"
_ROW = re.compile(r"^\|\s*`(\w+)`\s*\|.*\|\s*([^|]+?)\s*\|\s*$")
_LINK = re.compile(r"\[([^\]]+)\]\((?!https?://)[^)]*\)")  # a link to another doc: kept as its text


def option_explanations(docs: Path = DOCS) -> dict[str, str]:
    """option -> the last column of its row in docs/rule-options.md (what it decides); empty without it."""
    path = docs / "rule-options.md"
    if not path.is_file():
        return {}
    found: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = _ROW.match(line)
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
    t = translator(lang)
    explained = option_explanations(docs)
    names = list(profiles())
    lines = ["# " + t.gettext("Rule profiles"), ""]
    lines.append(
        t.gettext(
            "Each game plays under a profile and may change single options in its `game.yaml` "
            "(%(example)s). The values of every option in each profile:"
        )
        % {"example": "`options: {siege_commitment: free}`"}
    )
    header = [t.gettext("Option"), *[f"`{n}`" for n in names], t.gettext("What it decides")]
    lines += ["", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    fields = [f.name for f in dataclasses.fields(Rules)]
    for name in fields:
        values = [_value(getattr(profiles()[p], name), t) for p in names]
        why = _LINK.sub(r"\1", explained.get(name, ""))
        lines.append(f"| `{name}` | " + " | ".join(values) + f" | {why} |")
    if lang != LANGUAGES[0] and explained:
        lines += ["", t.gettext("The explanations of the options are in English.")]
    for p in names:
        differ = [n for n in fields if getattr(profiles()[p], n) != getattr(Rules(), n)]
        lines += ["", f"## `{p}` {{#{p}}}", ""]
        if differ:
            lines.append(t.gettext("Differs from the defaults in:"))
            lines.append("")
            lines += [f"- `{n}`: {_value(getattr(profiles()[p], n), t)}" for n in differ]
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
