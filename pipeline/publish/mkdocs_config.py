"""Settings of mkdocs.yml read as lines, not as YAML: the file may hold tags only MkDocs knows (`!ENV`,
`!!python/name:`), and `judge site` and `judge build-site` need a few plain values of it without loading
MkDocs and its plugins (a second's start-up)."""

from __future__ import annotations

import re


def setting(text: str, key: str) -> str | None:
    """A top-level `key: value` of mkdocs.yml's `text` (quotes and a comment taken off; None when absent)."""
    match = re.search(rf"^{key}:[ \t]*([^#\n]*?)[ \t]*(?:#.*)?$", text, re.MULTILINE)
    return (match[1].strip("'\"") or None) if match else None


def language_setting(text: str, lang: str, key: str) -> str | None:
    """A `key: value` of `lang`'s entry in the i18n plugin's languages (`site_name` in French)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if re.fullmatch(rf"(\s*)- locale:\s*{lang}\s*", line):
            indent = len(line) - len(line.lstrip()) + 2
            for entry in lines[i + 1 :]:
                if len(entry) - len(entry.lstrip()) < indent or entry.lstrip().startswith("- "):
                    break
                found = re.fullmatch(rf"\s*{key}:[ \t]*([^#\n]*?)[ \t]*(?:#.*)?", entry)
                if found:
                    return found[1].strip("'\"") or None
    return None


def hooks(text: str) -> list[str]:
    """The files of the `hooks:` list (block or flow style)."""
    match = re.search(r"^hooks:[ \t]*(\[[^\]]*\])?[^\n]*\n((?:[ \t]+-[^\n]*\n?)*)", text, re.MULTILINE)
    if not match:
        return []
    items = match[1][1:-1].split(",") if match[1] else [line.split("-", 1)[1] for line in match[2].splitlines()]
    return [item.split("#", 1)[0].strip().strip("'\"") for item in items if item.split("#", 1)[0].strip()]
