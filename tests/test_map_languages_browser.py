"""One map file for both languages (docs/site.md, "Maps"), in Chromium: the French pages show a turn's map at
`<turn>.svg#fr`, where the file's stylesheet shows the French words and hides the English ones (and the
other way round without `#fr`); the order form's French page, which draws the map in the page, keeps the
French words only. Built and served as tests/test_site_browser.py does (the same helpers); Chromium
missing is a failure."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pipeline.storage.gamedir import load_game
from tests import test_site_browser as harness
from tests.board_support import render_turn

pytestmark = pytest.mark.browser

browser, server, built = harness.browser, harness.server, harness.built
ROOT = Path(__file__).resolve().parent.parent
PHASE = harness.PHASE  # games/machiavelli/1454-spring-movement/

SHOWN = """(ids) => Object.fromEntries(ids.map((id) => {
  const node = document.getElementById(id);
  return [id, node !== null && getComputedStyle(node).display !== "none"];
}))"""


def _names(svg: str) -> list[str]:
    """The place names of a map of one language, in order."""
    import xml.etree.ElementTree as ET

    group = ET.fromstring(svg.encode()).find(".//{http://www.w3.org/2000/svg}g[@id='names']")
    assert group is not None
    return [" ".join(t.strip() for t in text.itertext() if t.strip()) for text in group]


def test_the_french_page_shows_the_french_words_of_the_one_map(browser: Any, server: str) -> None:
    """The French phase page's map is the English page's file at `#fr`; opened there, its French names and
    legend are shown and the English ones hidden; opened without `#fr`, the English ones."""
    tab = browser.new_page()
    try:
        tab.goto(server + "fr/" + PHASE, wait_until="load")
        french = tab.locator("img.game-map").first.evaluate("(img) => img.src")
        tab.goto(server + PHASE, wait_until="load")
        english = tab.locator("img.game-map").first.evaluate("(img) => img.src")
        assert french == english + "#fr" and english.endswith("/games/machiavelli/1454-spring-movement.svg")
        response = tab.goto(french, wait_until="load")
        assert response is not None and response.status == 200
        shown = tab.evaluate(SHOWN, ["names", "names-fr"])
        assert shown == {"names": False, "names-fr": True}
        legend = tab.evaluate(
            "() => [...document.querySelectorAll('#legend .lgh')]"
            ".map((text) => getComputedStyle(text.parentNode).display)"
        )
        assert legend == ["none", "inline"]  # the legend's title: English hidden, French shown
        tab.goto(english, wait_until="load")
        assert tab.evaluate(SHOWN, ["names", "names-fr"]) == {"names": True, "names-fr": False}
    finally:
        tab.close()


def test_the_french_order_form_draws_the_french_words_only(browser: Any, server: str) -> None:
    """The order form draws the map's file in the page (to be clicked): on the French page, with the French
    names as the French map writes them, and no English word nor language mark left."""
    game = load_game(ROOT / "games" / "machiavelli")
    expected = _names(render_turn(game, game.current_turn(), "fr") or "")
    tab = browser.new_page()
    try:
        tab.goto(server + "fr/games/machiavelli/orders/", wait_until="load")
        tab.wait_for_selector(".pbem-click-map svg #units")
        drawn = tab.evaluate(
            """() => { const svg = document.querySelector('.pbem-click-map svg');
            const groups = [...svg.querySelectorAll('g[id^="names"]')];
            return {marked: svg.querySelectorAll('[data-map-lang]').length, groups: groups.map((g) => g.id),
                    names: [...groups[0].children].map((t) => t.textContent.trim())}; }"""
        )
        assert drawn["marked"] == 0 and drawn["groups"] == ["names-fr"]
        assert [name.replace(" ", "") for name in drawn["names"]] == [name.replace(" ", "") for name in expected]
    finally:
        tab.close()
