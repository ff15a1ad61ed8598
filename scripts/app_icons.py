"""The installed app's icons (docs/assets/icon-192.png, icon-512.png), drawn by Debian's Chromium from the site's own
icon, docs/assets/favicon.svg, so the home screen shows the tab's die. Run after changing favicon.svg:
.venv/bin/python scripts/app_icons.py (the PNGs are committed; the build needs no browser)."""
from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from browsing import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402  (the browser set-up the tests use)

ASSETS = ROOT / "docs" / "assets"
SIZES = (192, 512)   # what Chromium asks of an installable app's manifest (at least 144 px), and the splash screen's


def main() -> None:
    svg = (ASSETS / "favicon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content('<body style="margin:0">'
                             f'{svg.replace("<svg ", f"<svg width={size!r} height={size!r} ", 1)}</body>')
            page.locator("svg").screenshot(path=ASSETS / f"icon-{size}.png", omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
