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


# ---- on a phone, the map opens readable round the visitor's own units ------------------------------------
# what a map shows of a power (the script's own reading: the drawing's `data-text-size`, its viewBox, the
# elements carrying the power): the zoom, the CSS px of its names, and how many of the power's units lie
# within the visible box of the map, of how many there are
_SHOWN = """([n, power]) => {
  const box = document.querySelectorAll('.pbem-map')[n], view = box.querySelector('.pbem-map-view');
  const map = box.querySelector('img.game-map, .game-map svg');
  const read = map.tagName === 'IMG'
    ? fetch(map.src).then((r) => r.text())
        .then((t) => new DOMParser().parseFromString(t, 'image/svg+xml').documentElement)
    : Promise.resolve(map);
  return read.then((svg) => {
    const vb = svg.getAttribute('viewBox').trim().split(/[\\s,]+/).map(Number), at = map.getBoundingClientRect();
    const seen = view.getBoundingClientRect();
    let inside = 0, units = 0;
    for (const e of svg.querySelectorAll(`[data-power="${power}"], [data-owner="${power}"]`)) {
      const p = [e, ...e.querySelectorAll('[cx], [x]')].find((x) => x.getAttribute('cx') || x.getAttribute('x'));
      if (!p) continue;
      const x = at.left + ((+(p.getAttribute('cx') || p.getAttribute('x')) - vb[0]) / vb[2]) * at.width;
      const y = at.top + ((+(p.getAttribute('cy') || p.getAttribute('y')) - vb[1]) / vb[3]) * at.height;
      units += 1;
      if (x >= seen.left && x <= seen.right && y >= seen.top && y <= seen.bottom) inside += 1;
    }
    return { scale: Number(box.dataset.scale || 1), names: (+svg.getAttribute('data-text-size') * at.width) / vb[2],
             inside, units, hint: box.querySelector('.pbem-map-hint')?.offsetHeight > 0,
             page: document.documentElement.scrollWidth };
  });
}"""

# a turn page of each family's demo game and a power of it (a Catan seat)
TURNS = [
    ("games/demo/1902-spring-movement/", "italy"),
    ("fr/games/machiavelli/1454-spring-movement/", "venice"),
    ("games/machiavelli-objectif/", "florence"),
    ("fr/games/symmachia-demo/y02-228bc/", "lagids"),
    ("games/catan-demo/r05/", "orange"),
]


def _game(path: str) -> str:
    return path.split("games/")[1].split("/")[0]


def _remembering(browser: Any, width: int, game: str | None, power: str | None) -> tuple[Any, Any]:
    """A tab `width` px wide (a phone's: touch) whose browser remembers `power` chosen for `game`."""
    phone = width < 600
    context = browser.new_context(viewport={"width": width, "height": 844}, has_touch=phone, is_mobile=phone)
    if game and power:
        context.add_init_script(f"window.localStorage.setItem('pbem-power:{game}', '{power}')")
    return context, context.new_page()


def _shown(tab: Any, power: str, focused: bool) -> dict[str, Any]:
    """What the page's first map shows of `power`, once it has opened on it (`focused`) or had time to."""
    if focused:
        tab.wait_for_selector(f".pbem-map[data-power='{power}']", timeout=10000)
    else:
        tab.wait_for_selector(".pbem-map .pbem-map-controls button")
        tab.wait_for_timeout(1500)  # time to read the drawing again: the map would have zoomed by now
    return tab.evaluate(_SHOWN, [0, power])


@pytest.mark.parametrize(("path", "power"), TURNS)
def test_on_a_phone_a_turns_map_opens_readable_on_the_remembered_powers_units(
    browser: Any, server: str, path: str, power: str
) -> None:
    """At 390 px, a power chosen before in the game's order form: its names at least 9.5 CSS px (the readable
    10 of map-zoom.js, rounded), its units' middle in view (at least one unit, and most of a compact
    power's), no hint, the page no wider than the phone."""
    context, tab = _remembering(browser, 390, _game(path), power)
    try:
        tab.goto(server + path, wait_until="load")
        shown = _shown(tab, power, focused=True)
    finally:
        context.close()
    assert shown["scale"] > 1.5 and shown["names"] >= 9.5, shown
    assert shown["units"] > 0 and shown["inside"] >= max(1, shown["units"] // 2), shown
    assert not shown["hint"] and shown["page"] <= 390, shown


@pytest.mark.parametrize(("path", "power"), TURNS)
def test_on_a_desktop_a_turns_map_opens_whole(browser: Any, server: str, path: str, power: str) -> None:
    """At 1280 px the map opens whole, every unit of the remembered power in view, no hint."""
    context, tab = _remembering(browser, 1280, _game(path), power)
    try:
        tab.goto(server + path, wait_until="load")
        shown = _shown(tab, power, focused=False)
    finally:
        context.close()
    assert shown["scale"] == 1 and not shown["hint"], shown
    assert shown["inside"] == shown["units"] > 0, shown


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_on_a_phone_with_no_power_chosen_the_map_opens_whole_under_a_hint(browser: Any, server: str, lang: str) -> None:
    """No power chosen: the whole map, under a hint in the page's language that says how to zoom; the hint
    gone once zoomed."""
    context, tab = _remembering(browser, 390, None, None)
    try:
        tab.goto(server + ("fr/" if lang == "fr" else "") + PHASE, wait_until="load")
        shown = _shown(tab, "venice", focused=False)
        hint = tab.locator(".pbem-map-hint").first.inner_text()
        tab.get_by_role("button", name="Agrandir" if lang == "fr" else "Zoom in").first.click()
        hidden = tab.locator(".pbem-map-hint").first.is_hidden()
    finally:
        context.close()
    assert shown["scale"] == 1 and shown["inside"] == shown["units"] > 0 and shown["hint"], shown
    assert ("agrandissez" in hint and "puissance" in hint) if lang == "fr" else ("zoom in" in hint and "power" in hint)
    assert shown["names"] < 9.5 and hidden  # whole, the names are too small: the hint says why it is there


@pytest.mark.parametrize("game", ["demo", "machiavelli", "machiavelli-objectif"])
def test_on_a_phone_the_order_map_opens_on_the_power_chosen_and_remembers_it(
    browser: Any, server: str, game: str
) -> None:
    """The order form's map at 390 px: the power chosen in the menu, the map zooms to a readable scale on its
    units; the game's turn pages then open on them too."""
    context, tab = _remembering(browser, 390, None, None)
    try:
        tab.goto(server + f"games/{game}/orders/", wait_until="load")
        tab.wait_for_selector(".pbem-form[data-ready='true']", timeout=15000)
        power = tab.locator("#pbem-power option").nth(2).get_attribute("value")
        tab.locator("#pbem-power").select_option(power)
        tab.wait_for_selector(f".pbem-map[data-power='{power}']", timeout=5000)
        ordering = tab.evaluate(_SHOWN, [0, power])
        tab.goto(server + f"games/{game}/", wait_until="load")
        home = _shown(tab, power, focused=True)
    finally:
        context.close()
    for shown in (ordering, home):
        assert shown["scale"] > 1.5 and shown["names"] >= 9.5, shown
        assert shown["units"] > 0 and shown["inside"] >= max(1, shown["units"] // 2), shown
        assert shown["page"] <= 390, shown
