"""Screenshots of the demo site as a player sees it, into docs/screenshots/ (run by hand after changing how
the site looks, then look at them).

Usage: python tools/screenshots.py [--out docs/screenshots]

Builds the demo games' site as CI builds it (the helper of tests/test_site_browser.py: `judge site`, then
`mkdocs build --strict` into a temporary folder), serves it on localhost and, in Debian's Chromium driven by
Playwright (CHROMIUM for another binary), takes the home page, a phase page with its map and the order
form (a power chosen) at 390 px (a phone) and 1280 px (a desktop), in English and French:
`<page>-<width>-<lang>.png`, and the phase's map zoomed in twice on the phone, `map-zoomed-390-<lang>.png`.
Each is the first two screens of the page on a phone, the first screen on a desktop, not the whole page:
the files stay small.
"""

from __future__ import annotations

import argparse
import functools
import sys
import tempfile
import threading
from pathlib import Path

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
                            if name == "orders":
                                tab.wait_for_selector(".pbem-form[data-ready='true']", timeout=15000)
                                tab.locator("#pbem-power").select_option("venice")
                            tab.evaluate("document.fonts.ready")
                            full = tab.evaluate("document.documentElement.scrollHeight")
                            clip = {"x": 0, "y": 0, "width": width, "height": min(full, height * screens)}
                            target = out / f"{name}-{width}-{lang}.png"
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    for path in take(args.out):
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
