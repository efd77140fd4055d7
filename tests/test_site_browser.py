"""The built site in a real browser: `judge site` then `mkdocs build --strict` on the demo games into a
temporary folder, served on a free port of localhost, then checked in Chromium with Playwright (Debian's
Chromium, never a browser Playwright downloads): the home, a game and a phase page in both languages, the
map (or, until the renderer exists, the report's table), the language switch staying on the same page, no
console error, and no broken internal link anywhere (every `<a href>` reached from the home pages, fetched
with plain HTTP).

Chromium missing is a failure, not a skip: `.ci/run` installs Debian's `chromium` when it is not there.
Set CHROMIUM to use another binary.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest

from pipeline.publish.site import build_site

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PHASE = "games/machiavelli/1454-spring-movement/"
CHROMIUM_ARGS = [  # as this machine's closed network wants: no background connection to anything
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a browser closing a connection early is fine
            super().handle_error(request, client_address)


def build_demo_site(work: Path, repo_url: str | None = None, games: Path = ROOT / "games") -> Path:
    """The demo games' site (or that of the games in `games`), built as CI builds it (hand-written pages
    copied, games' pages generated, `mkdocs build --strict`), under `work`; the folder of the built HTML."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")  # its hooks' paths made absolute
    (work / "mkdocs.yml").write_text(re.sub(r"(?m)^(  - )(pipeline/)", rf"\g<1>{ROOT}/\g<2>", config))
    shutil.copytree(ROOT / "site", work / "site", ignore=shutil.ignore_patterns("games"))
    build_site(games, work / "site", repo_url=repo_url)
    out = work / "out"
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(work / "mkdocs.yml"), "-d", str(out)],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    assert run.returncode == 0, f"mkdocs build --strict failed:\n{run.stdout}\n{run.stderr}"
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_demo_site(tmp_path_factory.mktemp("site-build"))


@pytest.fixture(scope="module")
def server(built: Path) -> Iterator[str]:
    httpd = _Server(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(built)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium is not installed at {CHROMIUM}: install Debian's package (apt-get install -y chromium), "
            "as .ci/run does, or set CHROMIUM to a Chromium binary",
            pytrace=False,
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("playwright is not installed: python3 -m pip install -e '.[dev]'", pytrace=False)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A page that records every console error, script error and request leaving localhost."""
    context = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    tab = context.new_page()
    errors: list[str] = []
    tab.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    tab.on("response", lambda r: errors.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)

    def outside(route: Any) -> None:
        host = urlsplit(route.request.url).hostname
        if host not in ("127.0.0.1", "localhost"):
            errors.append(f"request outside the site: {route.request.url}")
            route.abort()
        else:
            route.continue_()

    tab.route("**/*", outside)
    tab.errors = errors
    yield tab
    context.close()
    assert errors == [], "\n".join(errors)


def _h1(page: Any) -> str:
    """The page's title, without the permalink sign of its heading."""
    return str(page.locator("h1").first.inner_text()).removesuffix("¶").strip()


def _open(page: Any, url: str) -> None:
    response = page.goto(url, wait_until="load")
    assert response is not None and response.status == 200, url


@pytest.mark.parametrize(
    ("lang", "prefix", "home", "games", "title"),
    [
        ("en", "", "Play-by-mail games", "Games", "Demo game: Machiavelli, the e-mail judge's rules"),
        (
            "fr",
            "fr/",
            "Parties par correspondance",
            "Parties",
            "Partie de démonstration\u00a0: Machiavel, règles du juge par courriel",
        ),
    ],
)
def test_home_game_and_phase_pages_load_in_both_languages(
    page: Any, server: str, lang: str, prefix: str, home: str, games: str, title: str
) -> None:
    _open(page, server + prefix)
    assert page.locator("html").get_attribute("lang") == lang
    assert _h1(page) == home
    assert page.get_by_role("link", name=title).first.is_visible()
    assert page.locator(".md-nav__link", has_text=games).count() > 0  # the navigation, in the page's language
    assert page.locator(".md-nav__link", has_text=title).count() > 0  # a game's section: its title

    _open(page, server + prefix + "games/machiavelli/")
    assert _h1(page) == title
    standings = page.locator("table").first
    assert standings.is_visible()
    assert ("Venise" if lang == "fr" else "Venice") in standings.inner_text()
    assert page.locator("svg[id^='chart-machiavelli-']").first.is_visible()

    _open(page, server + prefix + PHASE)
    title = "Printemps 1454\u00a0: mouvements" if lang == "fr" else "Spring 1454: movement"
    assert _h1(page).replace(" ", "\u00a0") == title.replace(" ", "\u00a0")
    game_map = page.locator("img.game-map").first
    assert game_map.is_visible()
    # the map loads (waited for: a loaded machine may take a while to serve it)
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=game_map.element_handle())
    report = page.locator("table", has_text="A aus-cri").first  # the report's table below the map
    assert report.count() == 1


def test_the_language_switch_keeps_the_page(page: Any, server: str) -> None:
    _open(page, server + PHASE)
    page.locator(".md-header .md-select").first.hover()
    page.locator('.md-header a[hreflang="fr"]').first.click()
    page.wait_for_url(server + "fr/" + PHASE)
    assert page.locator("html").get_attribute("lang") == "fr"
    assert _h1(page).startswith("Printemps 1454")
    page.locator(".md-header .md-select").first.hover()
    page.locator('.md-header a[hreflang="en"]').first.click()
    page.wait_for_url(server + PHASE)
    assert page.locator("html").get_attribute("lang") == "en"
    assert _h1(page) == "Spring 1454: movement"


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        wanted = {"a": "href", "img": "src", "link": "href"}.get(tag)
        for name, value in attrs:
            if name == wanted and value:
                self.links.append(value)


def test_no_internal_link_is_broken(server: str, built: Path) -> None:
    """Every `<a href>` (and image and stylesheet) reached from the home pages, across the whole site; and
    every page the build made is reached so, in each language (none is an orphan that no link leads to)."""
    host = urlsplit(server).netloc
    queue, seen, broken, pages = [server, server + "fr/"], set(), [], 0
    reached: set[str] = set()
    referrers: dict[str, str] = {}
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                kind = response.headers.get_content_type()
                body = response.read().decode("utf-8", "replace") if kind == "text/html" else ""
        except urllib.error.HTTPError as err:
            broken.append(f"{url} ({err.code}), linked from {referrers.get(url, '?')}")
            continue
        if not body:
            continue
        reached.add(urlsplit(url).path.lstrip("/"))
        pages += 1
        assert pages < 5000, "the crawl does not end"
        parser = _Links()
        parser.feed(body)
        for link in parser.links:
            target = urldefrag(urljoin(url, link))[0]
            if urlsplit(target).netloc == host and target not in seen:
                referrers.setdefault(target, url)
                queue.append(target)
    assert broken == [], "broken internal links:\n" + "\n".join(broken)
    assert pages > 40  # both languages of every game, phase, rules and syntax page were reached
    every = {str(p.relative_to(built).parent).removeprefix(".") + "/" for p in built.rglob("index.html")}
    every = {p.lstrip("/") for p in every} - {"404/"}
    assert {p for p in every if p.startswith("fr/")} and every - reached == set(), sorted(every - reached)


def test_the_private_reports_are_in_the_built_site_as_committed(built: Path) -> None:
    """MkDocs leaves them alone (`exclude_docs`); the hook copies them into the site, in no language's folder."""
    committed = sorted((ROOT / "games").glob("*/private/*/*.yaml.age"))
    assert committed
    for source in committed:
        assert (built / "games" / source.relative_to(ROOT / "games")).read_bytes() == source.read_bytes()
    assert not list((built / "fr").rglob("*.yaml.age"))


# the rules pages' height on a phone that this test holds them under (issue 32 aims at 6,000 px: Diplomacy's
# is 4,700 to 5,300, Machiavelli's, with its two rule sets, 8,500 to 10,500 by the fonts at hand, Catan's
# 12,900 in French (17 sections for a game of many kinds of pieces); Symmachia's is about as long; the
# options' lists are folded): a bound that keeps them from growing, not yet the aim
RULES_HEIGHT = 15_000


@pytest.mark.parametrize("prefix", ["", "fr/"])
def test_each_rules_page_fits_a_phone_and_has_a_table_of_contents(
    page: Any, server: str, built: Path, prefix: str
) -> None:
    """Issue 32: the Rules section has a page per family in both languages, each within 390 px wide and
    RULES_HEIGHT tall, with its table of contents (the theme's, from the page's sections), the Rules section in
    the navigation, and each rule set's options folded until opened."""
    from pipeline.games import families

    _open(page, f"{server}{prefix}games/rules/")
    top = page.locator("nav.md-nav--primary nav[data-md-level='1'] > label.md-nav__title")  # top sections
    assert ("Règles" if prefix else "Rules") in [t.strip() for t in top.all_text_contents()]
    index = page.locator("article a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    for family in sorted(families()):
        assert f"{family}/" in index, (family, index)
        _open(page, f"{server}{prefix}games/rules/{family}/")
        width, height = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        assert width <= 390, (family, prefix, width)
        assert height <= RULES_HEIGHT, (family, prefix, height)
        toc = page.locator("nav.md-nav--secondary a.md-nav__link")
        assert toc.count() >= 1, (family, prefix)  # a section at least (the players' pages of Catan and Symmachia)
        if family in ("diplomacy", "machiavelli"):
            assert toc.count() >= 10 and page.locator("details").count() == 2, (family, prefix)
            assert not page.locator("details li").first.is_visible()  # folded until opened
            page.locator("details summary").first.click()
            assert page.locator("details li").first.is_visible()
        syntax = page.locator("article a[href='orders/']")
        assert syntax.count() == 1, (family, prefix)
        _open(page, f"{server}{prefix}games/rules/{family}/orders/")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
