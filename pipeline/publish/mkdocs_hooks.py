"""MkDocs hooks of the site (mkdocs.yml `hooks:`), run by `mkdocs build`, not by `judge site`.

`on_post_page` drops the `<link rel="alternate" hreflang=...>` tags Material writes in each page's head.
Material's script fetches `sitemap.xml` next to every such link, expecting the root of another site (its
own `extra.alternate` of one project per language); mkdocs-static-i18n makes them links to the same page
in the other language, so every page asked for a `sitemap.xml` that is not there (a 404 in the console)
and, were one there, Material would take over clicks on links under that page. The languages of each page
stay in the header's language switch and in the plugin's sitemap (`xhtml:link` alternates).
"""

from __future__ import annotations

import re
from typing import Any

_ALTERNATE = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def on_post_page(output: str, page: Any, config: Any) -> str:
    return _ALTERNATE.sub("", output)
