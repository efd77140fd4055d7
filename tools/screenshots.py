"""Screenshots of the demo site as a player sees it, into docs/screenshots/ (run by hand after changing how
the site looks, then look at them).

Usage: python tools/screenshots.py [--out docs/screenshots]

Builds the demo games' site as CI builds it (the helper of tests/test_site_browser.py: `judge site`, then
`mkdocs build --strict` into a temporary folder), serves it on localhost and, in Debian's Chromium driven by
Playwright (CHROMIUM for another binary), takes the home page, a phase page with its map and the order
form at 390 px (a phone) and 1280 px (a desktop), in English and French: `<page>-<width>-<lang>.png`, and
the phase's map zoomed in twice on the phone, `map-zoomed-390-<lang>.png`. On the order form a power is
chosen and orders are being given on the map: one written (Padua to Treviso, drawn as an arrow), another
in progress (Ferrara, then the army in Mantua tapped: its choices offered under the map); the map is zoomed
in round Ferrara, the shot starts at the map on a phone and ends under its choices on a desktop. Each shot
is two screens on a phone and one on a desktop, not the whole page: the files stay small.
"""

from __future__ import annotations

import argparse
import functools
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_site_browser import CHROMIUM, CHROMIUM_ARGS, _Quiet, _Server, build_demo_site  # noqa: E402

PAGES = [  # name, page
    ("home", ""),
    ("phase", "games/machiavelli/1454-spring-movement/"),
    ("orders", "games/machiavelli/orders/"),
]
SCREENS = {390: (844, 2), 1280: (800, 1)}  # width: the height of a screen, how many screens are taken


def take(out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    taken = []
    with tempfile.TemporaryDirectory() as work:
        built = build_demo_site(Path(work))
        httpd = _Server(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(built)))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_address[1]}/"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
                for width, (height, screens) in SCREENS.items():
                    context = browser.new_context(viewport={"width": width, "height": height})
                    tab = context.new_page()
                    for lang, prefix in (("en", ""), ("fr", "fr/")):
                        for name, path in PAGES:
                            tab.goto(base + prefix + path, wait_until="load")
                            target = out / f"{name}-{width}-{lang}.png"
                            if name == "orders":  # a screen as tall as the shot: a full-page shot would
                                # lay the page out again and lose the map's zoomed view
                                tab.set_viewport_size({"width": width, "height": height * screens})
                                tab.goto(base + prefix + path, wait_until="load")
                                top = click_orders(tab, width, lang)
                                tab.evaluate("document.fonts.ready")
                                tab.evaluate(f"window.scrollTo(0, {top})")
                                tab.evaluate(CENTRE, "A fer")
                                tab.wait_for_function("document.getAnimations().length === 0")  # the header
                                tab.screenshot(path=str(target))
                                tab.set_viewport_size({"width": width, "height": height})
                                taken.append(target)
                                continue
                            tab.evaluate("document.fonts.ready")
                            full = tab.evaluate("document.documentElement.scrollHeight")
                            clip = {"x": 0, "y": 0, "width": width, "height": min(full, height * screens)}
                            tab.screenshot(path=str(target), clip=clip, full_page=True)
                            taken.append(target)
                            if name == "phase" and width == 390:  # the map zoomed in, on a phone
                                tab.get_by_role("button", name="Agrandir" if lang == "fr" else "Zoom in").click()
                                tab.get_by_role("button", name="Agrandir" if lang == "fr" else "Zoom in").click()
                                target = out / f"map-zoomed-{width}-{lang}.png"
                                tab.locator(".pbem-map").screenshot(path=str(target))
                                taken.append(target)
                    context.close()
                browser.close()
        finally:
            httpd.shutdown()
            httpd.server_close()
    return taken


def click_orders(tab: Any, width: int, lang: str) -> int:
    """Venice's orders on the map: A pad to Treviso written, A fer with the army in Mantua tapped (its
    choices shown); the page's y where the map's part starts."""
    tab.wait_for_selector(".pbem-form[data-ready='true']", timeout=15000)
    tab.wait_for_selector(".pbem-click-map svg")
    tab.locator("#pbem-power").select_option("venice")
    for _ in range(2):
        tab.get_by_role("button", name="Agrandir" if lang == "fr" else "Zoom in").click()
    tab.evaluate(CENTRE, "A fer")
    tab.locator(".pbem-click-map use[data-unit='A pad']").click()
    tab.mouse.click(*tab.evaluate(CENTRE, "trv"))
    tab.wait_for_selector("#pbem-map-written")
    tab.locator(".pbem-click-map use[data-unit='A fer']").click()
    tab.locator(".pbem-click-map use[data-unit='A man']").click()
    tab.wait_for_selector(".pbem-map-choice")
    tab.evaluate(CENTRE, "A fer")
    part = "document.querySelector('.pbem-map-part').getBoundingClientRect().top + scrollY"
    bar = "document.querySelector('#pbem-map-bar').getBoundingClientRect().bottom + scrollY"
    top, bottom = tab.evaluate(f"[{part}, {bar}]")
    # from the map's heading down; on a desktop, whose shot is one screen, down to the choices under the map
    return int(top if width < 600 else max(top, bottom + 16 - tab.viewport_size["height"]))


# a unit's icon or a space's point (the form's `map_points`) scrolled to the middle of the map's box: its
# place on the screen
CENTRE = """async (target) => {
  const svg = document.querySelector('.pbem-click-map svg'), view = document.querySelector('.pbem-map-view');
  const settings = await (await fetch(new URL('../form-en.json', location.href.replace('/fr/', '/')))).json();
  const use = [...svg.querySelectorAll('use[data-unit]')].find((u) => u.dataset.unit === target);
  const at = use ? [Number(use.getAttribute('x')), Number(use.getAttribute('y'))] : settings.map_points[target];
  const screen = () => new DOMPoint(at[0], at[1]).matrixTransform(svg.getScreenCTM());
  const box = view.getBoundingClientRect();
  let p = screen();
  view.scrollLeft += p.x - (box.left + box.width / 2);
  view.scrollTop += p.y - (box.top + box.height / 2);
  p = screen();
  return [p.x, p.y];
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    for path in take(args.out):
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
