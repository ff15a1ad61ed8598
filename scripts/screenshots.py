"""Phone screenshots for the README (media/*.png), taken in Debian's Chromium from a built site/: the refresher's
re-read line after two misses, a dice question, a Faraway row drawn as cards, a table's Farkle rules chosen and the
calculator scoring by them, Faraway's score sheet filled in, and the round lists at the table (Skat's list, Belote's
and Okey's score sheets) with a round or two written. Run: make screenshots."""
from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from browsing import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402  (the browser set-up the tests use)

PHONE = {"width": 390, "height": 844}
# The score sheet's example (tests/test_faraway_sheet.py EXAMPLE, worked out by hand there: 26 fame)
SHEET_ROW = [9, 14, 22, 30, 40, 47, 52, 60]
SHEET_SANCTUARIES = ["yellow-4-per-colour-set", "red-1-per-red", "clue-stone"]


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main(site: Path = ROOT / "site", media: Path = ROOT / "media") -> None:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport=PHONE, device_scale_factor=2)
        # Two rules not known on the quiz page, then the refresher: the re-read line under the title.
        page.goto(base + "de/faraway/quiz/")
        for block in page.locator(".rr-rule-group .rr-q").all()[-4::2]:
            block.locator(".rr-reveal").click()
        page.goto(base + "de/faraway/")
        page.locator(".rr-reread a").wait_for()
        page.screenshot(path=media / "reread-line-de.png")
        page.locator(".rr-reread a").click()
        page.wait_for_timeout(400)
        page.screenshot(path=media / "reread-list-de.png")
        shots = [("farkle/quiz/", ".rr-q:has(.rr-d5)", "dice-question-en.png"),
                 ("fr/faraway/quiz/", ".rr-q:has(.rr-card-o)", "faraway-row-fr.png")]
        for path, selector, name in shots:
            page.goto(base + path)
            page.locator(selector).first.screenshot(path=media / name)
        # A table's rules, from the link the table was sent: the chooser, then the calculator scoring by them.
        for prefix, rules, lang in (("", "zilch,opening-minimum:500", "en"),
                                    ("de/", "playmonster,six-nothing:1", "de")):
            fresh = browser.new_page(viewport=PHONE, device_scale_factor=2)
            fresh.goto(f"{base}{prefix}farkle/rules/?rules={rules}")
            fresh.locator(".rr-chooser input:checked").wait_for()
            fresh.evaluate("scrollTo(0, document.querySelector('.rr-chooser').getBoundingClientRect().top"
                           " + scrollY - 70)")
            fresh.wait_for_timeout(400)         # the header's title swaps on scroll: shoot once it has
            fresh.screenshot(path=media / f"rules-chooser-{lang}.png")
            fresh.goto(f"{base}{prefix}farkle/")
            for face in (2, 2, 3, 4, 6, 6):
                fresh.locator(f".rr-calc-faces .rr-die:nth-child({face})").click()
            fresh.locator(".rr-calc-result strong").first.wait_for()
            fresh.evaluate("scrollTo(0, document.querySelector('.rr-tool').getBoundingClientRect().top + scrollY - 70)")
            fresh.wait_for_timeout(400)         # the header's title swaps on scroll: shoot once it has
            fresh.screenshot(path=media / f"rules-calculator-{lang}.png")
            fresh.close()
        # Faraway's score sheet: a final row and three Sanctuaries typed in, the reasons in the order of scoring.
        for prefix, lang in (("de/", "de"), ("tr/", "tr")):
            fresh = browser.new_page(viewport=PHONE, device_scale_factor=2)
            fresh.goto(f"{base}{prefix}faraway/score/")
            fields = fresh.locator(".rr-sheet-player").first.locator(".rr-sheet-row input")
            for field, number in enumerate(SHEET_ROW):
                fields.nth(field).fill(str(number))
            for sanctuary in SHEET_SANCTUARIES:
                fresh.locator(".rr-sheet-add").first.click()
                fresh.locator(f".rr-pick[data-id='{sanctuary}']").first.click()
            fresh.locator(".rr-sheet-total").first.wait_for()
            for name, selector in ((f"score-sheet-{lang}.png", ".rr-sheet-row"),
                                   (f"score-sheet-reasons-{lang}.png", ".rr-sheet-total")):
                fresh.evaluate(f"scrollTo(0, document.querySelector('{selector}').getBoundingClientRect().top"
                               " + scrollY - 110)")
                fresh.wait_for_timeout(400)     # the header's title swaps on scroll: shoot once it has
                fresh.screenshot(path=media / name)
            fresh.close()
        round_lists(browser, base, media)
        browser.close()
    httpd.shutdown()
    print("media/: " + ", ".join(sorted(p.name for p in media.glob("*.png"))))


# Each round list's rounds as a table tells them (the tests' examples): per page, the names, then each round's fields as
# (field, value): a choice or a player is checked, a toggle clicked, anything else typed.
ROUND_LISTS = {
    "skat/list/": (["Anna", "Ben", "Cem"], [[("declarer", "1"), ("game", "clubs"), ("hand", True),
                                             ("spitzen", "with"), ("spitzen_count", "2"), ("points", "55"),
                                             ("tricks", "5"), ("bid", "18")]]),
    "belote/sheet/": (["Nous", "Eux"], [[("trump", "hearts"), ("taker", "0"), ("points", "71"), ("last", "taker"),
                                         ("belote", "none")],
                                        [("trump", "spades"), ("taker", "1"), ("points", "100"), ("last", "taker"),
                                         ("belote", "taker")]]),
    "okey/sheet/": (["Ayşe", "Burak", "Cem", "Deniz"], [[("indicator", "4"), ("finish", "normal"), ("finisher", "0"),
                                                         ("opened.1", "pairs"), ("tiles.1", "5 12 7"),
                                                         ("opened.2", "no"), ("opened.3", "melds"),
                                                         ("tiles.3", "3 9"), ("false_okeys.3", "1")]]),
}
ROUND_SHOTS = [("de/", "skat/list/"), ("tr/", "skat/list/"), ("fr/", "belote/sheet/"), ("de/", "belote/sheet/"),
               ("tr/", "okey/sheet/"), ("", "okey/sheet/")]


def round_lists(browser, base: str, media: Path) -> None:
    """Each round list with its rounds written, the list and its totals on screen: media/<game>-<page>-<lang>.png."""
    for prefix, path in ROUND_SHOTS:
        names, rounds = ROUND_LISTS[path]
        fresh = browser.new_page(viewport=PHONE, device_scale_factor=2)
        fresh.goto(base + prefix + path)
        for index, name in enumerate(names):
            fresh.locator(f'.rr-list [data-player="{index}"]').fill(name)
        for fields in rounds:
            form = fresh.locator(".rr-list-round")
            for field, value in fields:
                radio = form.locator(f'input[data-field="{field}"][value="{value}"]')
                if value is True:
                    form.locator(f'input[data-field="{field}"]').click()
                elif radio.count():
                    radio.check()
                else:
                    form.locator(f'input[data-field="{field}"]').fill(value)
            form.locator(".md-button--primary").click()
        fresh.locator(".rr-list-table").wait_for()
        fresh.evaluate("scrollTo(0, document.querySelector('.rr-list-table').getBoundingClientRect().top + scrollY"
                       " - 110)")
        fresh.wait_for_timeout(400)             # the header's title swaps on scroll: shoot once it has
        game, page = path.strip("/").split("/")
        fresh.screenshot(path=media / f"{game}-{page}-{prefix.strip('/') or 'en'}.png")
        fresh.close()


if __name__ == "__main__":
    main()
