"""The site in real Chromium: the language switcher keeps the page; search finds each game in each language. (Every page
of every game loads clean in every language: tests/test_browser_a11y_print.py checks it while it runs axe.)"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_helpers import url
from conftest import GAMES, LANGUAGES, lang_prefix, texts

pytestmark = pytest.mark.browser


PAIRS = [(LANGUAGES[i], LANGUAGES[(i + 1) % len(LANGUAGES)], GAMES[i % len(GAMES)]) for i in range(len(LANGUAGES))]


@pytest.mark.parametrize("start, target, game", PAIRS)
def test_language_switcher_stays_on_the_page(page, server, start, target, game):
    page.goto(url(server, start, f"{game}/teach/"))
    page.locator(".md-header__option .md-select button").first.click()
    page.locator(f".md-select__list a[hreflang='{target}']").click()
    expect(page).to_have_url(url(server, target, f"{game}/teach/"))
    expect(page.locator("html")).to_have_attribute("lang", target)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_search_finds_each_game_in_each_language(page, server, lang, game):
    page.goto(url(server, lang, f"{game}/"))
    page.keyboard.press("/")  # Material's shortcut opens search
    page.locator(".md-search__input").click()
    page.keyboard.type(texts(game, lang)["name"].split()[0])
    results = page.locator(".md-search-result__item a")
    expect(results.first).to_be_visible(timeout=10000)
    hrefs = results.evaluate_all("links => links.map(link => link.getAttribute('href'))")
    assert any(f"/{lang_prefix(lang)}{game}/" in h for h in hrefs), hrefs
    assert page.console_errors == []
