"""The published map's zoom and pan (site/assets/javascripts/map-zoom.js) in Chromium, on a phone (touch) and
a desktop: the buttons, a pinch of two fingers, a double tap, ctrl and the wheel, the whole map again, the
map staying within a phone's width while zoomed, and a click that zooms rather than leaves the page.
Built and served as tests/test_site_browser.py does (the same helpers); Chromium missing is a failure."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests import test_site_browser as harness

pytestmark = pytest.mark.browser

browser, server = harness.browser, harness.server
PHASE = harness.PHASE


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return harness.build_demo_site(tmp_path_factory.mktemp("map-build"))


@pytest.fixture
def phone(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(server + PHASE, wait_until="load")
    tab.wait_for_selector(".pbem-map .pbem-map-controls button")
    tab.errors = errors
    yield tab
    context.close()
    assert errors == []


def _state(tab: Any) -> dict[str, float]:
    return tab.evaluate(
        """() => { const v = document.querySelector('.pbem-map-view'), i = v.querySelector('img');
        return {view: v.clientWidth, img: i.getBoundingClientRect().width, scrollable: v.scrollWidth - v.clientWidth,
                page: document.documentElement.scrollWidth, left: v.scrollLeft}; }"""
    )


def test_buttons_zoom_in_and_out_within_a_phone(phone: Any) -> None:
    """ "+" makes the map 1.6 times as wide inside its box (which then scrolls), the page no wider than the
    phone; "−" and "⤢" give the whole map back; the French page names the buttons in French."""
    first = _state(phone)
    assert abs(first["img"] - first["view"]) < 2 and first["scrollable"] == 0
    phone.get_by_role("button", name="Zoom in").click()
    zoomed = _state(phone)
    assert zoomed["img"] == pytest.approx(1.6 * first["view"], rel=0.02)
    assert zoomed["scrollable"] > 0 and zoomed["page"] <= 390
    phone.get_by_role("button", name="Zoom in").click()
    assert _state(phone)["img"] == pytest.approx(2.56 * first["view"], rel=0.02)
    phone.get_by_role("button", name="Zoom out").click()
    assert _state(phone)["img"] == pytest.approx(1.6 * first["view"], rel=0.02)
    phone.get_by_role("button", name="Whole map").click()
    assert abs(_state(phone)["img"] - first["view"]) < 2
    phone.goto(phone.url.replace("/games/", "/fr/games/"), wait_until="load")
    phone.wait_for_selector(".pbem-map .pbem-map-controls button")
    assert phone.get_by_role("button", name="Agrandir").count() == 1


def test_a_pinch_zooms_round_the_fingers(phone: Any) -> None:
    """Two fingers moving apart on the map zoom it (about as much as they spread), the page itself unzoomed."""
    box = phone.locator(".pbem-map-view").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = phone.context.new_cdp_session(phone)

    def touch(kind: str, spread: float) -> None:
        points = [{"x": cx - spread, "y": cy, "id": 1}, {"x": cx + spread, "y": cy, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [] if kind == "touchEnd" else points})

    first = _state(phone)
    touch("touchStart", 30)
    for spread in (40, 50, 60, 75, 90):
        touch("touchMove", spread)
    touch("touchEnd", 90)
    zoomed = _state(phone)
    assert zoomed["img"] == pytest.approx(3 * first["view"], rel=0.1)
    assert zoomed["left"] > 0 and zoomed["page"] <= 390
    assert phone.evaluate("window.visualViewport.scale") == 1


def test_a_double_tap_zooms_and_a_tap_stays_on_the_page(phone: Any) -> None:
    url = phone.url
    first = _state(phone)
    view = phone.locator(".pbem-map-view")
    view.tap(position={"x": 100, "y": 100})
    phone.wait_for_timeout(600)  # past the 400 ms a second tap has to make a double tap
    assert phone.url == url and _state(phone)["img"] == pytest.approx(first["img"], abs=1)
    view.tap(position={"x": 100, "y": 100})  # two taps in a row, nothing between them to slow them
    view.tap(position={"x": 100, "y": 100})
    assert _state(phone)["img"] == pytest.approx(2 * first["view"], rel=0.02)
    assert phone.url == url


def test_ctrl_and_the_wheel_zoom_on_a_desktop_and_the_wheel_alone_scrolls(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    try:
        tab.goto(server + PHASE, wait_until="load")
        tab.wait_for_selector(".pbem-map .pbem-map-controls button")
        first = _state(tab)
        box = tab.locator(".pbem-map-view").bounding_box()
        tab.mouse.move(box["x"] + 200, box["y"] + 200)
        tab.mouse.wheel(0, 300)
        tab.wait_for_function("window.scrollY > 0", timeout=3000)  # the page scrolled
        assert _state(tab)["img"] == pytest.approx(first["img"], abs=1)
        tab.keyboard.down("Control")
        tab.mouse.wheel(0, -300)
        tab.keyboard.up("Control")
        tab.wait_for_timeout(200)
        assert _state(tab)["img"] > 2 * first["img"]
    finally:
        context.close()
