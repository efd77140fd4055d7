"""MkDocs hooks of the site (mkdocs.yml `hooks:`), run by `mkdocs build`, not by `judge site`.

`on_page_markdown` fills the games block of a hand-written page (between `<!-- judge site: games -->` and
`<!-- judge site: end -->`, the home pages) with `games/.home.md` (`.home.fr.md` for a French page) as
`judge site` wrote it, so the hand-written files are never changed.

`on_post_page` drops the `<link rel="alternate" hreflang=...>` tags Material writes in each page's head.
Material's script fetches `sitemap.xml` next to every such link, expecting the root of another site (its
own `extra.alternate` of one project per language); mkdocs-static-i18n makes them links to the same page
in the other language, so every page asked for a `sitemap.xml` that is not there (a 404 in the console)
and, were one there, Material would take over clicks on links under that page. The languages of each page
stay in the header's language switch and in the plugin's sitemap (`xhtml:link` alternates).

`on_nav` names a section of the navigation after the heading of its index page (a game's section is its
title in the page's language, "Partie de démonstration : Diplomatie standard", not its folder's name
"Demo"); a section without an index page keeps its name, which `nav_translations` translates.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

# shared with `judge site` (site.py imports them from here); the hook itself imports nothing of the project,
# as MkDocs loads it by its path
BEGIN, END = "<!-- judge site: games -->", "<!-- judge site: end -->"
HOME_BLOCK = Path("games") / ".home.md"
_BLOCK = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.DOTALL)
_LANGUAGE = re.compile(r"\.([a-z]{2})\.md$")

_INDEX = re.compile(r"(?:^|/)index(?:\.[a-z]{2})?\.md$")
_HEADING = re.compile(r"^# (.+?)\s*(?:\{[^}]*\})?\s*$", re.MULTILINE)

_ALTERNATE = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def on_post_page(output: str, page: Any, config: Any) -> str:
    return _ALTERNATE.sub("", output)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if BEGIN not in markdown:
        return markdown
    found = _LANGUAGE.search(page.file.src_uri)
    block = Path(config["docs_dir"]) / (HOME_BLOCK.with_suffix(f".{found[1]}.md") if found else HOME_BLOCK)
    text = block.read_text(encoding="utf-8") if block.is_file() else ""
    return _BLOCK.sub(lambda _: f"{BEGIN}\n\n{text}\n{END}", markdown)


def on_nav(nav: Any, config: Any, files: Any) -> Any:
    _name_sections(nav.items)
    return nav


def _name_sections(items: list[Any]) -> None:
    for item in items:
        children = getattr(item, "children", None)
        if not children:
            continue
        _name_sections(children)
        if not getattr(item, "is_section", False):
            continue
        for child in children:
            source = getattr(getattr(child, "file", None), "abs_src_path", None)
            if getattr(child, "is_page", False) and source and _INDEX.search(child.file.src_uri):
                found = _HEADING.search(Path(source).read_text(encoding="utf-8"))
                if found:
                    item.title = found[1]
                break
