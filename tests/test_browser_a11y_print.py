"""Accessibility (axe-core, light and dark) on every page kind in every language, and print: page counts and no controls."""
from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import LANGUAGES, lang_prefix

PAGE_KINDS = {"home": "", "refresher": "faraway/", "teach": "faraway/teach/", "quiz": "faraway/quiz/",
              "calculator": "farkle/", "odds": "farkle/odds/", "not-found": "404.html"}
AXE = Axe()


def violations(page) -> list[str]:
    # Material fades the header title in and out on scroll; a check mid-fade would see half-transparent text.
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; animation: none !important; }")
    page.wait_for_timeout(50)
    result = AXE.run(page)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}" for v in result.response["violations"]]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_axe_violations_on_any_page_kind(browser, server, lang, scheme):
    context = browser.new_context(color_scheme=scheme)
    page = context.new_page()
    found = {}
    for kind, path in PAGE_KINDS.items():
        page.goto(f"{server}{lang_prefix(lang)}{path}")
        found[kind] = violations(page)
    # the states a player creates: a wrong answer marked for re-reading, a calculator result
    page.goto(f"{server}{lang_prefix(lang)}faraway/quiz/")
    page.locator("#q-seed-10-52-31 .rr-row button").first.click()
    found["quiz answered"] = violations(page)
    page.goto(f"{server}{lang_prefix(lang)}faraway/")
    found["refresher marked"] = violations(page)
    page.goto(f"{server}{lang_prefix(lang)}farkle/")
    for face in (1, 1, 5):
        page.locator(f".rr-calc-faces .rr-die:nth-child({face})").click()
    page.wait_for_function("document.querySelector('.rr-calc-result').textContent.length > 0")
    found["calculator result"] = violations(page)
    context.close()
    assert {k: v for k, v in found.items() if v} == {}


def pdf_pages(page, url) -> int:
    page.goto(url)
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_printed_pages_fit(page, server, lang):
    for game in ("faraway", "farkle"):
        assert pdf_pages(page, f"{server}{lang_prefix(lang)}{game}/") <= 2, (lang, game)
        assert pdf_pages(page, f"{server}{lang_prefix(lang)}{game}/teach/") == 1, (lang, game)


def test_print_hides_menus_and_controls_and_shows_answers(page, server):
    page.goto(f"{server}de/faraway/")
    page.emulate_media(media="print")
    for selector in [".md-header", ".md-sidebar--primary", ".md-footer", ".rr-controls", ".md-search"]:
        assert not page.locator(selector).first.is_visible(), selector
    assert page.locator("#q-seed-10-52-31 .rr-why").is_visible()
