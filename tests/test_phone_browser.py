"""Every page of the demo site on a phone and on a desktop, and in one language only.

The demo site is built once (the helper of tests/test_site_browser.py: `judge site`, then `mkdocs build
--strict`), served on localhost and:

- every built HTML page, in English and in French, is opened in Chromium at 390 px (a phone) and at 1280 px
  (a desktop) wide, in one context per width, and must not scroll sideways
  (`document.documentElement.scrollWidth` within the window and the width), nor any of its tables within
  its own box (the French standings of the Machiavelli games were 406 px in 390), the order form and the
  private-report page once their script has drawn them (on the order form, a power chosen: its units, money
  and other orders shown);
- the visible text of every French page holds none of a list of English words and phrases, and that of
  every English page none of a list of French ones (the text outside `<code>`, `<pre>`, scripts and the
  header's language switch, which names each language in itself: order texts, ids and file names are code).
- and no page shows a developer's word in its visible text (an identifier such as `lagids_a1` or
  `separate_space`, « an(s) », a Python `None`), and each page's title is words, not its file's name.

The pages are every page of every demo game, the board families' and Symmachia's and Catan's alike:
their home, turn, order and (for the board families' games with secret money) private pages.

Chromium missing is a failure, not a skip.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from tests import test_site_browser as harness

# the harness of tests/test_site_browser.py: Chromium (a failure if missing) and the server of `built` (below)
browser, server = harness.browser, harness.server

pytestmark = pytest.mark.browser

WIDTHS = {390: 844, 1280: 800}  # a phone and a desktop: width -> height

# words and phrases of one language that must not appear in the other's pages (whole words, case kept)
ENGLISH = [
    "Made with",
    "Demo game",
    "the",
    "and",
    "of",
    "Orders",
    "Results",
    "Standings",
    "Map",
    "Rules",
    "Power",
    "Player",
    "Units",
    "Previous",
    "Next",
    "Spring",
    "Summer",
    "Fall",
    "Winter",
    "movement",
    "retreats",
    "adjustments",
    "classic board",
    "year(s)",
    "Back to",
    "game master",
]
FRENCH = [
    "Partie",
    "Parties",
    "le",
    "les",
    "des",
    "et",
    "Ordres",
    "Résultat",
    "Classement",
    "Carte",
    "Règles",
    "Puissance",
    "Unités",
    "Précédente",
    "Suivante",
    "Printemps",
    "Été",
    "Automne",
    "Hiver",
    "mouvements",
    "retraites",
    "ajustements",
    "plateau",
    "an(s)",
    "Retour",
]


def _pattern(words: list[str]) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'’-])(" + "|".join(re.escape(w) for w in words) + r")(?![\w'’-])")


class _VisibleText(HTMLParser):
    """The text a reader sees, less code (`<code>`, `<pre>`, `<kbd>`), scripts and styles, the language
    switch (each language named in itself), and quotations (`<blockquote>`: a player's own words, a
    Symmachia speech, shown as written in whatever language he wrote them)."""

    SKIPPED_TAGS = frozenset({"script", "style", "code", "pre", "kbd", "template", "noscript", "blockquote"})
    SKIPPED_CLASSES = frozenset({"md-select"})

    def __init__(self) -> None:
        super().__init__()
        self.lang = ""
        self.parts: list[str] = []
        self._skip: tuple[str, int] | None = None  # the tag being skipped and how deep in it

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            self.lang = dict(attrs).get("lang") or ""
        if self._skip is not None:
            if tag == self._skip[0]:
                self._skip = (tag, self._skip[1] + 1)
            return
        if tag == "img" and dict(attrs).get("alt"):  # what a screen reader says of a picture
            self.parts.append(" ".join(str(dict(attrs)["alt"]).split()))
        classes = set((dict(attrs).get("class") or "").split())
        if tag in self.SKIPPED_TAGS or classes & self.SKIPPED_CLASSES:
            self._skip = (tag, 1)

    def handle_endtag(self, tag: str) -> None:
        if self._skip is not None and tag == self._skip[0]:
            depth = self._skip[1] - 1
            self._skip = (tag, depth) if depth else None

    def handle_data(self, data: str) -> None:
        if self._skip is None and data.strip():
            self.parts.append(" ".join(data.split()))


def visible_text(html: str) -> tuple[str, list[str]]:
    parser = _VisibleText()
    parser.feed(html)
    return parser.lang, parser.parts


def _pages(built: Path) -> list[str]:
    """Every page of the site as a path from its root ("", "games/demo/", "fr/games/rules/"...)."""
    pages = sorted(str(p.relative_to(built).parent) + "/" for p in built.rglob("index.html"))
    return ["" if p == "./" else p for p in pages]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return harness.build_demo_site(tmp_path_factory.mktemp("phone-build"))


# a page of each kind of each family of its own kind (in both languages: `_pages` finds every page)
OWN_KIND_PAGES = [
    "games/symmachia-demo/",
    "games/symmachia-demo/y01-229bc/",
    "games/symmachia-demo/orders/",
    "fr/games/symmachia-world/y03-227bc/",  # the whole world, its names with their articles, its long routes
    "fr/games/catan-demo/",
    "fr/games/catan-demo/r03/",
    "fr/games/catan-demo/orders/",
    "games/catan-six/",  # the finished six-seat game: its narrative, and the large board drafted without a frame
    "fr/games/catan-six/r40/",
]
# what only a developer writes: an identifier (`lagids_a1`, `separate_space`), « an(s) », Python's None
DEVELOPERS = re.compile(r"(?<![\w-])[a-z]+(?:_[a-z0-9]+)+(?![\w-])|\w\(s\)|\bNone\b")


# the tables wider than their box, which then scrolls sideways on its own (mkdocs-material's wrapper): a
# standings table's last column cut off at first sight (code blocks of the order syntax pages may scroll:
# an example file is kept as written)
_TABLES_TOO_WIDE = """() => [...document.querySelectorAll('.md-typeset__scrollwrap')]
  .filter((w) => w.scrollWidth > w.clientWidth + 1)
  .map((w) => `a table ${w.scrollWidth} px wide in ${w.clientWidth} (${w.querySelector('th')?.textContent})`)"""


def test_every_page_fits_a_phone_and_a_desktop(browser: Any, server: str, built: Path) -> None:
    pages = _pages(built)
    assert len(pages) > 50 and "fr/games/machiavelli/orders/" in pages and "games/machiavelli/private/" in pages
    assert [p for p in OWN_KIND_PAGES if p not in pages] == []
    wide, errors = [], []
    for width, height in WIDTHS.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        tab = context.new_page()
        tab.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        for path in pages:
            response = tab.goto(server + path, wait_until="load")
            assert response is not None and response.status == 200, path
            if tab.locator(".pbem-form").count():  # the order form, the private reports: once drawn
                tab.wait_for_selector(".pbem-form[data-ready='true']", timeout=15000)
                if tab.locator("#pbem-power").count():
                    tab.locator("#pbem-power").select_option(index=1)
                    tab.wait_for_selector("#pbem-file[data-ready='true']", timeout=15000)
            scroll, inner = tab.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            if scroll > min(inner, width):
                wide.append(f"{path or '/'} at {width} px: {scroll} px wide")
            wide += [f"{path or '/'} at {width} px: {t}" for t in tab.evaluate(_TABLES_TOO_WIDE)]
        context.close()
    assert errors == [], "\n".join(errors)
    assert wide == [], "pages that scroll sideways:\n" + "\n".join(wide)


def test_each_page_is_in_its_own_language(built: Path) -> None:
    wrong = {"en": _pattern(FRENCH), "fr": _pattern(ENGLISH)}
    found, languages = [], set()
    for path in _pages(built):
        lang, parts = visible_text((built / path / "index.html").read_text(encoding="utf-8"))
        languages.add(lang)
        for part in parts:
            for match in wrong[lang].finditer(part):
                found.append(f"{path or '/'} ({lang}): {match[1]!r} in {part!r}")
    assert languages == {"en", "fr"}
    assert found == [], f"{len(found)} words of the other language:\n" + "\n".join(found[:80])


def test_no_page_shows_a_developers_word_nor_a_file_name_for_title(built: Path) -> None:
    found = []
    for path in _pages(built):
        html = (built / path / "index.html").read_text(encoding="utf-8")
        _, parts = visible_text(html)
        found += [f"{path or '/'}: {m[0]!r} in {part!r}" for part in parts for m in DEVELOPERS.finditer(part)]
        title = re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S)
        heading = re.sub(r"<[^>]+>", "", title[1]).replace("¶", "").strip() if title else ""
        slug = path.rstrip("/").rsplit("/", 1)[-1]
        if not heading or (slug and heading.lower() == slug.lower()):
            found.append(f"{path or '/'}: its title is {heading!r}")
    assert [p for p in OWN_KIND_PAGES if p in _pages(built)] == OWN_KIND_PAGES
    assert found == [], f"{len(found)} words for developers:\n" + "\n".join(found[:80])


def test_the_text_scanner_sees_what_a_reader_sees() -> None:
    html = (
        '<html lang="fr"><body><h1>Partie <code>A ven-tre</code></h1><div class="md-select"><a>English</a>'
        "<div>Français</div></div><pre><code>orders:\n  - A ven H</code></pre><p>Les ordres<br>et</p>"
        "<script>var the = 1;</script></body></html>"
    )
    assert visible_text(html) == ("fr", ["Partie", "Les ordres", "et"])
    assert visible_text('<html lang="fr"><p>Carte<img alt="spring" src="m.svg"></p></html>') == (
        "fr",
        ["Carte", "spring"],
    )
    assert DEVELOPERS.findall("lagids_a1 passe ; 1 an(s) ; None ; mer Égée, pas-de-calais") == [
        "lagids_a1",
        "n(s)",
        "None",
    ]
    assert _pattern(ENGLISH).findall("the order and the map") == ["the", "and", "the"]
    assert _pattern(ENGLISH).findall("thé, l'of, Fallait") == []  # whole words only
