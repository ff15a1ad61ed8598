"""The site in real Chromium: the language switcher keeps the page and the place on it; search finds each game in each
language, the refresher first; each language's 404 page searches and switches in that language; search loads only
when the visitor goes for it. (Every page of every game loads clean in every language: tests/test_browser_a11y_print.py
checks it while it runs axe.)"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_helpers import in_states, url
from conftest import GAMES, LANGUAGES, game_yml, lang_prefix, texts, ui_texts

pytestmark = pytest.mark.browser

PAIRS = [(LANGUAGES[i], LANGUAGES[(i + 1) % len(LANGUAGES)], GAMES[i % len(GAMES)]) for i in range(len(LANGUAGES))]
SEARCH_STATES = in_states("first-visit")


def switch_language(page, target: str) -> None:
    page.locator(".md-header__option .md-select button").first.click()
    page.locator(f".md-select__list a[hreflang='{target}']").click()


@pytest.mark.parametrize("start, target, game", PAIRS)
def test_language_switcher_stays_on_the_page(page, server, start, target, game):
    page.goto(url(server, start, f"{game}/teach/"))
    switch_language(page, target)
    expect(page).to_have_url(url(server, target, f"{game}/teach/"))
    expect(page.locator("html")).to_have_attribute("lang", target)


@pytest.mark.parametrize("start, target, game", PAIRS)
def test_language_switch_keeps_the_place_on_the_page(page, server, start, target, game):
    """Every language uses the same section ids, so switching from #forget lands at #forget."""
    page.goto(url(server, start, f"{game}/#forget"))
    switch_language(page, target)
    expect(page).to_have_url(url(server, target, f"{game}/#forget"))
    expect(page.locator("#forget")).to_be_in_viewport()


def search(page, words: str):
    """Open search, type the words, wait for results: the results' links."""
    page.keyboard.press("/")  # Material's shortcut opens search
    page.locator(".md-search__input").click()
    page.keyboard.type(words)
    results = page.locator(".md-search-result__item a")
    expect(results.first).to_be_visible(timeout=15000)
    return results


def paths(results) -> list[str]:
    return results.evaluate_all("links => links.map(link => new URL(link.href).pathname)")


@SEARCH_STATES
@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_finds_each_game_in_each_language(visitor, lang):
    for game in GAMES:
        page = visitor.open(lang, f"{game}/")
        found = paths(search(page, texts(game, lang)["name"].split()[0]))
        assert any(p.startswith(f"/{lang_prefix(lang)}{game}/") for p in found), (game, found)
    assert page.console_errors == []


@SEARCH_STATES
@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_puts_the_refresher_before_the_quiz_for_a_rule_title(visitor, lang):
    """Searching the title of the most important rule finds its explanation first, not the questions about it."""
    for game in GAMES:
        forget = next(s for s in game_yml(game)["refresher"] if s["section"] == "forget")
        rule = min(forget["entries"], key=lambda e: e["rank"])["id"]
        page = visitor.open(lang, f"{game}/")
        search(page, texts(game, lang)["entries"][rule]["title"])
        found = paths(page.locator(".md-search-result__item > a"))     # each page's own link, best first
        own = [p for p in found if p.startswith(f"/{lang_prefix(lang)}{game}/")]
        assert own and own[0] == f"/{lang_prefix(lang)}{game}/", (game, found)


@SEARCH_STATES
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_404_page_searches_and_switches_in_its_language(visitor, lang):
    ui = ui_texts(lang)
    page = visitor.open(lang, "404.html")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("h1")).to_have_text(ui["not_found_title"])
    game = GAMES[0]
    found = paths(search(page, texts(game, lang)["name"].split()[0]))
    assert any(p.startswith(f"/{lang_prefix(lang)}{game}/") for p in found), found
    for target in LANGUAGES:
        link = page.locator(f".md-select__list a[hreflang='{target}']")
        assert link.evaluate("a => a.href") == visitor.url(target), target
    target = next(other for other in LANGUAGES if other != lang)
    page.keyboard.press("Escape")  # close search
    switch_language(page, target)
    expect(page).to_have_url(visitor.url(target))
    assert page.console_errors == [] and page.bad_responses == []


@SEARCH_STATES
@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_loads_when_the_visitor_goes_for_it_not_before(visitor, lang):
    game = GAMES[0]
    requested = []
    visitor.page.on("request", lambda r: requested.append(r.url))
    page = visitor.open(lang, f"{game}/")
    page.wait_for_load_state("networkidle")
    searchy = lambda: [u for u in requested if "search_index.json" in u or "/lunr/" in u or "/search." in u]  # noqa: E731
    assert searchy() == []
    found = paths(search(page, texts(game, lang)["name"].split()[0]))
    assert any(p.startswith(f"/{lang_prefix(lang)}{game}/") for p in found), found
    assert any(u.endswith(f"/{lang_prefix(lang)}search/search_index.json") for u in searchy())
    assert page.console_errors == []
