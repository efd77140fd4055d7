"""Orders by clicking the map, on the order page, in Chromium (docs/order-form.md, "Orders on the map").

The demo site is built and served as tests/test_site_browser.py does (its helpers; Chromium missing is a
failure). On the order page of `games/demo` (Diplomacy, public orders) Italy's orders are given by tapping
(a phone at 390 px, with touch) or clicking (a desktop at 1280 px) the map only, in English and in French:
a move, a convoy, the convoyed move and a support; the file the page writes is read by the judge's own
reading of order files (`read_order_file`, in a copy of the game) and gives those orders. Also: the places
highlighted after a tap on a unit are the destinations of its legal moves (from the judge's legal orders),
a place that is no choice writes nothing, Cancel, Escape and a tap on the unit again give it up, a tap taken
by the map is no half of a double tap (a double tap elsewhere still zooms), the filter narrows a select,
and the page stays within a phone's width with a choice shown. Every wait waits for a state, never a time.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pipeline.board.notation import parse_order
from pipeline.board.orders import Move
from pipeline.publish.order_form import form_settings
from pipeline.publish.pages import game_info
from pipeline.publish.turns import legal_orders_data
from pipeline.storage.gamedir import load_game
from pipeline.storage.orders_files import read_order_file
from tests import test_site_browser as harness

browser, server = harness.browser, harness.server

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
FORM = "games/demo/orders/"
POWER = "italy"
# Italy's orders in the demo's current turn, as the taps give them: the unit, then the spaces tapped (a unit
# tapped by its icon: its text), and the words of the button when the taps leave a choice
ORDERS = [
    ("A tri", ["ven"], "A tri-ven"),  # a move
    ("F ion", ["A tun", "rom"], "F ion C A tun-rom"),  # a convoy
    ("A tun", ["rom"], "A tun-rom via convoy"),  # the move it convoys
    ("F tys", ["A tun", "rom"], "F tys S A tun-rom"),  # a support (F tys might convoy it too: a choice)
]
WORDS = {"en": {"cancel": "Cancel", "zoom": "Zoom in"}, "fr": {"cancel": "Annuler", "zoom": "Agrandir"}}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return harness.build_demo_site(tmp_path_factory.mktemp("click-build"))


def _tab(browser: Any, width: int) -> tuple[Any, Any, list[str]]:
    """A tab at a phone's (touch) or a desktop's width that records script errors and HTTP errors."""
    phone = width < 600
    viewport = {"width": width, "height": 844 if phone else 800}
    context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    tab.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    tab.on("response", lambda r: errors.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    return context, tab, errors


@pytest.fixture(params=[(390, "en"), (390, "fr"), (1280, "en"), (1280, "fr")], ids=lambda p: f"{p[0]}px-{p[1]}")
def form(request: Any, browser: Any, server: str) -> Iterator[tuple[Any, int, str]]:
    """The order form of games/demo drawn, Italy chosen, at each width in each language."""
    width, lang = request.param
    context, tab, errors = _tab(browser, width)
    _open(tab, server, lang)
    yield tab, width, lang
    context.close()
    assert errors == [], "\n".join(errors)


def _open(tab: Any, server: str, lang: str) -> None:
    response = tab.goto(server + ("fr/" if lang == "fr" else "") + FORM, wait_until="load")
    assert response is not None and response.status == 200
    tab.wait_for_selector(".pbem-form[data-ready='true']", timeout=15000)
    tab.wait_for_selector(".pbem-click-map svg #units")  # the map drawn in the form
    tab.locator("#pbem-power").select_option(POWER)
    tab.wait_for_selector("#pbem-map-bar[data-state='idle']")


def _published(name: str) -> Any:
    """A data file `judge site` publishes for the demo's order form (docs/order-form.md)."""
    game = load_game(ROOT / "games" / "demo")
    info = game_info(game)
    data = legal_orders_data(game, info.current, public=True) if name == "orders" else form_settings(info, "en")
    return json.loads(json.dumps(data))


LEGAL = _published("orders")["powers"][POWER]["units"]  # Italy's legal orders, as the page reads them
POINTS = _published("form")["names"]["map_points"]  # where each place is on the map


def _point(tab: Any, target: str) -> tuple[float, float]:
    """Where on the screen a unit's icon (`A tun`) or a space's label point (`rom`, from the form's settings)
    is, the map's box scrolled (when zoomed) and the page scrolled to show it."""
    tab.locator(".pbem-map-view").scroll_into_view_if_needed()
    return tuple(  # type: ignore[return-value]
        tab.evaluate(
            """([target, point]) => {
              const svg = document.querySelector('.pbem-click-map svg');
              const view = document.querySelector('.pbem-map-view');
              const use = [...svg.querySelectorAll('use[data-unit]')].find((u) => u.dataset.unit === target);
              const at = use ? [Number(use.getAttribute('x')), Number(use.getAttribute('y'))] : point;
              const screen = () => new DOMPoint(at[0], at[1]).matrixTransform(svg.getScreenCTM());
              const box = view.getBoundingClientRect();
              let p = screen();
              view.scrollLeft += p.x - (box.left + box.width / 2);
              view.scrollTop += p.y - (box.top + box.height / 2);
              p = screen();
              return [p.x, p.y];
            }""",
            [target, POINTS.get(target)],
        )
    )


def _tap(tab: Any, width: int, target: str) -> None:
    x, y = _point(tab, target)
    if width < 600:
        tab.touchscreen.tap(x, y)
    else:
        tab.mouse.click(x, y)


def _give(tab: Any, width: int, unit: str, taps: list[str], order: str) -> None:
    """The order given by taps on the map (and, when they leave a choice, its button), then written."""
    _tap(tab, width, unit)
    tab.wait_for_selector("#pbem-map-bar[data-state='unit']")
    for target in taps:
        _tap(tab, width, target)
    if tab.locator("#pbem-map-bar[data-state='unit']").count():  # a choice left: the button of the order
        tab.locator(".pbem-map-choice", has_text=f"({order})").click()
    tab.wait_for_selector("#pbem-map-bar[data-state='idle'] #pbem-map-written")
    assert tab.locator(f"select.pbem-unit-order[data-unit='{unit}']").input_value() == order


def _judge_reads(tmp_path: Path, text: str) -> list[str]:
    """The orders the judge reads in the file (in a copy of the game), as canonical texts."""
    folder = tmp_path / "demo"
    shutil.copytree(ROOT / "games" / "demo", folder)
    game = load_game(folder)
    turn = game.current_turn()
    path = game.orders_dir(turn) / f"{POWER}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return [str(order) for order in read_order_file(game, turn, game.state(turn), path).orders]


def test_orders_given_on_the_map_are_the_orders_the_judge_reads(form: tuple[Any, int, str], tmp_path: Path) -> None:
    tab, width, lang = form
    legal = {u["unit"]: u["orders"] for u in LEGAL}
    assert all(order in legal[unit] for unit, _, order in ORDERS)  # the demo's position still offers them
    for unit, taps, order in ORDERS:
        _give(tab, width, unit, taps, order)
    written = tab.locator("#pbem-map-written").inner_text()
    assert ("Écrit" if lang == "fr" else "Written") in written and "(F tys S A tun-rom)" in written
    assert tab.locator(".pbem-drawn .pbem-chosen").count() == len(ORDERS)  # each order drawn on the map
    text = tab.locator("#pbem-file-text").inner_text()
    assert text.startswith(f"game: demo\nturn: {load_game(ROOT / 'games' / 'demo').current_turn()}\npower: {POWER}\n")
    assert sorted(_judge_reads(tmp_path, text)) == sorted(order for _, _, order in ORDERS)
    if width < 600:  # with a choice shown under the map, the page still fits the phone
        _tap(tab, width, "F tys")
        _tap(tab, width, "A tun")
        tab.wait_for_selector(".pbem-map-choice")
        assert tab.evaluate("document.documentElement.scrollWidth") <= width


def test_a_unit_tapped_highlights_its_moves_and_can_be_given_up(form: tuple[Any, int, str]) -> None:
    tab, width, lang = form
    game = load_game(ROOT / "games" / "demo")
    orders = next(u["orders"] for u in LEGAL if u["unit"] == "A tri")
    moves = {o.to.split("/")[0] for o in (parse_order(t, game.setup) for t in orders) if isinstance(o, Move)}
    _tap(tab, width, "A tri")
    tab.wait_for_selector("#pbem-map-bar[data-state='unit']")
    shown = set(tab.locator(".pbem-highlights path.pbem-target").evaluate_all("(ps) => ps.map((p) => p.dataset.space)"))
    assert shown == moves and "ven" in moves
    # a place that is no choice: said so, nothing written, the unit still chosen
    _tap(tab, width, "mos")
    tab.wait_for_selector("#pbem-map-bar .pbem-warning")
    assert tab.locator("#pbem-map-bar[data-state='unit']").count() == 1
    assert tab.locator("select.pbem-unit-order[data-unit='A tri']").input_value() == ""
    tab.get_by_role("button", name=WORDS[lang]["cancel"]).click()  # Cancel
    tab.wait_for_selector("#pbem-map-bar[data-state='idle']")
    assert tab.locator(".pbem-highlights path.pbem-target").count() == 0
    _tap(tab, width, "A tri")  # Escape
    tab.wait_for_selector("#pbem-map-bar[data-state='unit']")
    tab.keyboard.press("Escape")
    tab.wait_for_selector("#pbem-map-bar[data-state='idle']")
    _tap(tab, width, "A tri")  # the unit tapped again
    tab.wait_for_selector("#pbem-map-bar[data-state='unit']")
    _tap(tab, width, "A tri")
    tab.wait_for_selector("#pbem-map-bar[data-state='idle']")
    assert "A tri" not in tab.locator("#pbem-file-text").inner_text()


def test_taps_the_map_takes_do_not_zoom_and_a_double_tap_elsewhere_does(browser: Any, server: str) -> None:
    """map-zoom.js zooms on two taps within 400 ms and 30 px: two taps on a unit (chosen, then given up) are
    the map's and do not zoom; two on a place that is no choice zoom twice, and taps still order after."""
    context, tab, errors = _tab(browser, 390)
    try:
        _open(tab, server, "en")
        scale = "document.querySelector('.pbem-map').dataset.scale || '1'"
        assert float(tab.evaluate(scale)) > 1  # on a phone the map opened on Italy's units (map-zoom.js)
        tab.get_by_role("button", name="Whole map").click()
        assert tab.evaluate(scale) == "1"
        x, y = _point(tab, "A tri")
        tab.touchscreen.tap(x, y)  # two taps in a row, nothing between them to slow them
        tab.touchscreen.tap(x, y)
        tab.wait_for_selector("#pbem-map-bar[data-state='idle']")
        assert tab.evaluate(scale) == "1"
        x, y = _point(tab, "mos")
        tab.touchscreen.tap(x, y)
        tab.touchscreen.tap(x, y)
        tab.wait_for_function(f"{scale} === '2'")
        _give(tab, 390, "A tun", ["rom"], "A tun-rom via convoy")
    finally:
        context.close()
    assert errors == []


def test_the_filter_narrows_a_select(browser: Any, server: str) -> None:
    context, tab, errors = _tab(browser, 390)
    try:
        for lang, word in (("en", "Rome"), ("fr", "Rome")):
            _open(tab, server, lang)
            select = tab.locator("select.pbem-unit-order[data-unit='F tys']")
            unit = tab.locator("table.pbem-units tr", has=select)
            unit.locator("button.pbem-more").click()  # every order of the unit, not only the first ones
            every = select.locator("option").count()
            unit.locator("input.pbem-filter").fill(word.lower())
            tab.wait_for_function(f"document.querySelector(\"select[data-unit='F tys']\").options.length < {every}")
            shown = select.locator("option").all_inner_texts()[1:]  # after "(no order)"
            assert shown and all(word in label for label in shown), shown
            select.select_option(shown[0].rsplit(" (", 1)[1].rstrip(")"))
            unit.locator("input.pbem-filter").fill("")
            tab.wait_for_function(f"document.querySelector(\"select[data-unit='F tys']\").options.length === {every}")
            assert select.input_value() in shown[0]  # the order chosen stays chosen
    finally:
        context.close()
    assert errors == []
