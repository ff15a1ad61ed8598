"""The site in real Chromium: language switcher keeps the page, search works per language, no errors, no off-host loads."""
from __future__ import annotations

import pytest

from conftest import LANGUAGES, lang_prefix

PAGES = ["", "faraway/", "faraway/teach/", "faraway/quiz/", "farkle/", "farkle/teach/", "farkle/quiz/", "farkle/odds/"]
SEARCH_WORDS = {"en": "Sanctuary", "de": "Heiligtum", "fr": "Sanctuaire", "tr": "Sığınak"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_loads_clean(page, server, lang):
    for path in PAGES:
        page.goto(server + lang_prefix(lang) + path)
        page.wait_for_load_state("networkidle")
    assert page.console_errors == []
    assert page.bad_responses == []
    assert page.foreign_requests == []


@pytest.mark.parametrize("start, target", [("en", "de"), ("de", "tr"), ("tr", "fr"), ("fr", "en")])
def test_language_switcher_stays_on_the_page(page, server, start, target):
    page.goto(server + lang_prefix(start) + "faraway/teach/")
    page.click("button[aria-label='Select language']" if start == "en" else ".md-header__option .md-select button")
    page.click(f".md-select__list a[hreflang='{target}']")
    page.wait_for_load_state("load")
    assert page.url == server + lang_prefix(target) + "faraway/teach/"
    assert page.locator("html").get_attribute("lang") == target


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_finds_pages_in_each_language(page, server, lang):
    page.goto(server + lang_prefix(lang) + "faraway/")
    page.keyboard.press("/")  # Material's shortcut opens search
    page.locator(".md-search__input").click()
    page.keyboard.type(SEARCH_WORDS[lang])
    results = page.locator(".md-search-result__item")
    results.first.wait_for(timeout=10000)
    hrefs = [results.nth(i).locator("a").first.get_attribute("href") for i in range(results.count())]
    assert any(f"/{lang_prefix(lang)}faraway/" in h for h in hrefs), hrefs
    assert page.console_errors == []
