"""The order page's menus, its first lines and the private page's words about keys, in a real browser (Debian's
Chromium driven by Playwright, the harness of tests/test_site_browser.py: a page fails the test on a console
error, a script error, an HTTP error or a request leaving localhost), at 390 px (a phone) and 1280 px (a desktop),
in English and in French. The demo site is built once, with a repository URL.

- **The menus fit**: on the order page of each demo game of the board families, the power with the unit of the
  longest `first` list (docs/legal-orders.md, "The orders offered first") is chosen; no unit's select offers
  more orders than the bound of tests/board/test_order_menus.py, and that unit's select offers exactly its
  `first` orders; its "More orders (N)" button shows every legal order of the unit (the full list stays one
  step away), "Fewer orders" hides them again. On Symmachia's and Catan's own forms, no select offers more than
  their bound (measured: Symmachia's longest, the provinces Rome may be called into, 48; Catan's 15).
- **No stray "null"**: the order form of a game whose orders are public (Diplomacy's demo) starts with the
  power's menu, no text "null" above it.
- **The private page says which key opens it**: a demo game's page names the file of its keys on the repository,
  linked, in the page's language.

Chromium missing is a failure, not a skip.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pipeline.publish.order_form import ui_strings
from pipeline.shared.i18n import translator
from tests import test_site_browser as harness
from tests.board.test_order_menus import BOUND

browser, server = harness.browser, harness.server

pytestmark = pytest.mark.browser

REPO = "https://github.com/example-owner/example-games"
WIDTHS = {390: 844, 1280: 800}  # a phone and a desktop: width -> height
FAMILY_BOUND = {"symmachia-demo": 50, "catan-demo": 20}  # the longest select of their own forms


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return harness.build_demo_site(tmp_path_factory.mktemp("menus-build"), repo_url=REPO)


@pytest.fixture(params=[(w, lang) for w in WIDTHS for lang in ("en", "fr")], ids=lambda p: f"{p[0]}px-{p[1]}")
def tab(request: pytest.FixtureRequest, browser: Any, server: str) -> Iterator[Any]:
    """A page at the width asked, that records every console error, script error, HTTP error; its language
    (`tab.lang`) and the site's prefix for it (`tab.base`)."""
    width, lang = request.param
    context = browser.new_context(viewport={"width": width, "height": WIDTHS[width]})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("response", lambda r: errors.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    page.lang, page.base = lang, server + ("fr/" if lang == "fr" else "")
    yield page
    context.close()
    assert errors == [], "\n".join(errors)


def _open_form(page: Any, game: str, form: str = "orders") -> None:
    response = page.goto(f"{page.base}games/{game}/{form}/", wait_until="load")
    assert response is not None and response.status == 200
    page.wait_for_selector(".pbem-form[data-ready='true']", timeout=15000)


def _longest(built: Path, game: str) -> tuple[str, dict[str, Any]]:
    """The power and the unit whose `first` list is the longest of the game's published legal orders."""
    data = json.loads((built / "games" / game / "orders.json").read_text(encoding="utf-8"))
    units = [(p, u) for p, orders in sorted(data["powers"].items()) for u in orders["units"]]
    return max(units, key=lambda pu: len(pu[1]["first"]))


@pytest.mark.parametrize("game", sorted(BOUND))
def test_the_longest_menu_fits_and_the_rest_is_one_step_away(tab: Any, built: Path, game: str) -> None:
    power, unit = _longest(built, game)
    t = ui_strings(tab.lang)
    _open_form(tab, game)
    tab.locator("#pbem-power").select_option(power)
    selects = tab.locator("select.pbem-unit-order")
    shown = [int(selects.nth(i).get_attribute("data-shown")) for i in range(selects.count())]
    assert 0 < max(shown) <= BOUND[game], shown
    select = tab.locator(f"select.pbem-unit-order[data-unit='{unit['unit']}']")
    values = lambda: [v for v in select.locator("option").evaluate_all("(os) => os.map((o) => o.value)") if v]  # noqa: E731
    assert values() == [o for o in unit["orders"] if o in set(unit["first"])]
    more = tab.locator(f"button.pbem-more[aria-controls='{select.get_attribute('id')}']")
    hidden = len(unit["orders"]) - len(unit["first"])
    assert more.inner_text() == t["more_orders"].replace("%(count)s", str(hidden))
    assert more.get_attribute("aria-expanded") == "false" and more.is_visible()
    more.click()
    assert sorted(values()) == sorted(unit["orders"]) and more.get_attribute("aria-expanded") == "true"
    assert more.inner_text() == t["fewer_orders"]
    order = next(o for o in unit["orders"] if o not in unit["first"])
    select.select_option(order)  # an order from the second step is chosen, and stays when the rest is hidden
    more.click()
    assert order in values() and len(values()) == len(unit["first"]) + 1
    assert order in tab.locator("#pbem-file-text").inner_text()


@pytest.mark.parametrize("game", sorted(FAMILY_BOUND))
def test_the_family_forms_menus_fit(tab: Any, built: Path, game: str) -> None:
    """Symmachia's and Catan's forms, every power chosen in turn: no select offers more than the bound."""
    data = json.loads((built / "games" / game / "orders.json").read_text(encoding="utf-8"))
    _open_form(tab, game)
    longest = 0
    for power in sorted(data["powers"]):
        tab.locator("#pbem-power").select_option(power)
        counts = tab.locator(".pbem-power-orders select").evaluate_all("(ss) => ss.map((s) => s.options.length)")
        longest = max([longest, *counts])
    assert 0 < longest <= FAMILY_BOUND[game], longest


def test_no_null_above_the_power_menu(tab: Any) -> None:
    """Diplomacy's demo has public orders (no note on secret orders): the form's first child is the power's
    menu, and no text node of the form reads "null"."""
    _open_form(tab, "demo")
    form = tab.locator(".pbem-form")
    texts = form.evaluate("(f) => [...f.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent)")
    assert texts == []
    assert form.evaluate("(f) => f.firstElementChild.querySelector('#pbem-power') !== null")
    assert not form.inner_text().strip().startswith("null")


def test_a_demo_private_page_says_where_its_key_is(tab: Any) -> None:
    """The private page of a demo game links the file of its keys on the repository, with the words of its
    language; the key found there decrypts a report (tests/test_order_form_browser.py)."""
    _open_form(tab, "machiavelli", "private")
    t = translator(tab.lang)
    link = tab.get_by_role("link", name="games/machiavelli/demo-secrets.yaml")
    assert link.get_attribute("href") == f"{REPO}/blob/main/games/machiavelli/demo-secrets.yaml"
    text = " ".join(tab.locator("article").inner_text().split())
    demo = t.gettext(
        "**This is a demo game**: its keys are public on purpose, so that anyone may try this page. Every report "
        "here opens with the game's key, `age_identity` in the file [%(file)s](%(url)s) of its repository: copy it "
        "from there and paste it below."
    )
    assert demo.split("**")[1] in text
    assert "age_identity" in text
