"""The MkDocs hook's faster inline step (`mkdocs_hooks._PlainTextFirst`, docs/site.md "A club's site") gives
the HTML Markdown's own gives, on every kind of inline Markdown and on the project's own pages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import markdown
import pytest
import yaml

from pipeline.publish import mkdocs_hooks

ROOT = Path(__file__).resolve().parent.parent

SNIPPETS = [
    "| Order | Meaning | Result |\n|---|---|---|\n| `A mil-com` | The army in Milan moves to Como. | Succeeds. |",
    "plain words only, with « guillemets », no-break spaces : and 1,000 ducats",
    "*emphasis*, **strong**, ***both***, _under_, __strong__, a * lone star and a _ lone underscore",
    "a `code span` and ``code with ` inside``, an escaped \\*star\\* and \\`tick\\`",
    '[a link](page.md), [a reference][ref], [ref], ![an image](map.svg){ .game-map loading="lazy" }\n\n'
    "[ref]: https://example.org",
    "<https://example.org> and <someone@example.org>, <span>inline html</span>, &amp; &#233; &copy;",
    "a line that breaks  \nhere, and <!-- a comment --> in a line",
    '# A heading {#its-id}\n\n## Another *with emphasis*\n\n!!! note "A note"\n    with *text*',
    '<div class="pbem-standings" markdown>\n\n| Power | Cities |\n|---|---|\n| **Milan** | 3 |\n\n</div>',
    "```\nfenced *code* stays `as is`\n```\n\n    indented <code> too",
]


def _extensions() -> tuple[list[Any], dict[str, Any]]:
    """The Markdown extensions of the site's mkdocs.yml, with their settings."""
    names: list[Any] = []
    settings: dict[str, Any] = {}
    for item in yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["markdown_extensions"]:
        if isinstance(item, dict):
            (name, config), *_ = item.items()
            names.append(name)
            settings[name] = config
        else:
            names.append(item)
    return names, settings


def _pages() -> list[Any]:
    found = sorted([*(ROOT / "docs").rglob("*.md"), *(ROOT / "site").glob("*.md")])
    return [pytest.param(path.read_text(encoding="utf-8"), id=str(path.relative_to(ROOT))) for path in found]


@pytest.mark.parametrize("text", [*SNIPPETS, *_pages()])
def test_the_faster_inline_step_gives_markdowns_html(text: str) -> None:
    names, settings = _extensions()
    own = markdown.Markdown(extensions=names, extension_configs=settings).convert(text)
    faster = markdown.Markdown(
        extensions=[*names, mkdocs_hooks._PlainTextExtension()], extension_configs=settings
    ).convert(text)
    assert faster == own


def test_plain_text_is_not_given_to_the_patterns() -> None:
    names, settings = _extensions()
    md = markdown.Markdown(extensions=[*names, mkdocs_hooks._PlainTextExtension()], extension_configs=settings)
    inline = md.treeprocessors["inline"]
    assert isinstance(inline, mkdocs_hooks._PlainTextFirst)
    tried: list[str] = []
    apply = inline._InlineProcessor__applyPattern  # Markdown's own: one pattern tried on one text

    def noted(pattern: Any, data: str, *args: Any) -> Any:
        tried.append(data)
        return apply(pattern, data, *args)

    inline._InlineProcessor__applyPattern = noted
    html = md.convert("| a | b |\n|---|---|\n| plain words | `code` |")
    assert "<td>plain words</td>" in html and "<td><code>code</code></td>" in html
    # the code cell (then what it became) given to the patterns, not the plain cells
    assert tried[0] == "`code`" and not {"a", "b", "plain words"} & set(tried)
