"""The site in real Chromium: the language switcher keeps the page and the place on it; search, on a first visit, on a
page the service worker controls and offline, finds each game in each language (the refresher first), finds a word of
the page as players type it (no accents, capitals, the Turkish dotted and dotless i, pasted) and highlights it on the
result's page, searches each language's 404 page, and loads only when the visitor goes for it. (Every page of every game
loads clean in every language: tests/test_browser_a11y_print.py checks it while it runs axe.)"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from browser_helpers import in_states, question_text, search, url
from browsing import visitor_context
from rules_reading import (GAMES, LANGUAGES, QUIZ_GAMES, all_pages, game_yml, gzipped, lang_prefix, practice_games,
                           texts, ui_texts)
from quiz.site.output.budgets import FIRST_LOAD_BUDGET

pytestmark = pytest.mark.browser

PAIRS = [(LANGUAGES[i], LANGUAGES[(i + 1) % len(LANGUAGES)], practice_games()[i % len(practice_games())])
         for i in range(len(LANGUAGES))]
SEARCH_STATES = in_states("first-visit", "sw-controlled", "offline")
# Languages whose capital of i is İ and whose ı has the capital I (Unicode SpecialCasing: tr, az).
DOTTED_I = ("tr", "az")


def switch_language(page, target: str) -> None:
    """Open the switcher and tap the language where the finger sees it: Playwright's own click first scrolls the page
    to bring the menu, still sliding in, into view (120-280 px here), which no finger does, and moves the place the
    switch is meant to keep."""
    page.locator(".md-header__option .md-select button").first.click()
    link = page.locator(f".md-select__list a[hreflang='{target}']")
    expect(link).to_be_visible()
    link.evaluate("""a => Promise.all(a.closest('.md-select').getAnimations({subtree: true})
                       .map(x => x.finished.catch(() => null)))""")   # a cancelled one is over too
    box = link.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


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


@pytest.mark.parametrize("start, target, game", PAIRS)
def test_language_switch_keeps_the_practice_question_on_screen(page, server, start, target, game):
    """Switching language with a practice question on screen landed at the top with none (issue 32's newcomer): the
    same variant comes up in the other language, on screen, its words that language's."""
    if game not in QUIZ_GAMES:
        pytest.skip(f"{game} has no quiz")
    page.goto(url(server, start, f"{game}/quiz/"))
    page.locator(".rr-practice-start").click()
    expect(page.locator(".rr-practice-q .rr-q-text")).to_be_visible()
    kept = page.locator(".rr-practice-stage").get_attribute("data-rr-keep")
    assert kept and kept.startswith("practice=")
    switch_language(page, target)
    expect(page.locator("html")).to_have_attribute("lang", target)
    expect(page.locator(".rr-practice-stage")).to_have_attribute("data-rr-keep", kept)
    expect(page.locator(".rr-practice-q .rr-q-text")).to_be_in_viewport()
    pool = page.evaluate("fetch('practice.json').then(r => r.json())")["variants"]
    item = next(v for v in pool if f"practice={v['id']}" == kept)
    assert question_text(page.locator(".rr-practice-q .rr-q-text")) == item["text"]
    assert page.console_errors == []


def far_rule(game: str, lang: str) -> str:
    """The easy-to-forget entry furthest down the refresher whose title is plain words (no placeholder)."""
    forget = next(s for s in game_yml(game)["refresher"] if s["section"] == "forget")["entries"]
    plain = [e for e in forget if "{" not in texts(game, lang)["entries"][e["id"]]["title"]]
    return max(plain, key=lambda e: e["rank"])["id"]


@pytest.mark.parametrize("start, target, game", PAIRS)
def test_language_switch_from_a_search_result_lands_on_its_section(page, server, start, target, game):
    """A search result links to a heading's id: the other language's page has the same id, so the switch lands there."""
    rule = far_rule(game, start)
    page.goto(url(server, start, f"{game}/"))
    results = search(page, texts(game, start)["entries"][rule]["title"], paste=True)
    # a page's further matches wait folded under its first: unfold them, as a reader looking for the section would
    page.evaluate("document.querySelectorAll('.md-search-result details').forEach(more => { more.open = true; })")
    hrefs = results.evaluate_all("links => links.map(link => link.href)")
    found = next(h for h in hrefs if urlparse(h).path == f"/{lang_prefix(start)}{game}/" and urlparse(h).fragment
                 and page.locator(f"section#{rule} [id='{urlparse(h).fragment}']").count())
    results.nth(hrefs.index(found)).click()
    expect(page).to_have_url(found)
    switch_language(page, target)
    expect(page).to_have_url(url(server, target, f"{game}/#{urlparse(found).fragment}"))
    expect(page.locator(f"section#{rule} h3")).to_be_in_viewport()


@pytest.mark.parametrize("start, target, game", PAIRS)
def test_language_switch_from_a_scrolled_position_lands_on_the_same_section(page, server, start, target, game):
    """Scrolled by hand (no anchor in the address) until a rule's heading sits a little under the header."""
    rule = far_rule(game, start)
    page.goto(url(server, start, f"{game}/"))
    page.locator(f"section#{rule} h3").evaluate("h => window.scrollBy(0, h.getBoundingClientRect().top - 120)")
    switch_language(page, target)
    expect(page.locator("html")).to_have_attribute("lang", target)
    expect(page.locator(f"section#{rule} h3")).to_be_in_viewport()
    assert page.locator(f"section#{rule} h3").evaluate("h => h.getBoundingClientRect().top < innerHeight / 3")


def paths(results) -> list[str]:
    return results.evaluate_all("links => links.map(link => new URL(link.href).pathname)")


@SEARCH_STATES
@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_loads_when_the_visitor_goes_for_it_and_finds_each_game(visitor, lang):
    """Nothing of search is fetched until the visitor goes for it; then a game's name finds its pages, each game's."""
    requested = []
    visitor.page.on("request", lambda r: requested.append(r.url))
    page = visitor.open(lang, f"{GAMES[0]}/")
    page.wait_for_load_state("networkidle")
    searchy = lambda: [u for u in requested  # noqa: E731
                       if "search_index.json" in u or "/lunr/" in u or "/search." in u]
    assert searchy() == []
    for game in GAMES:
        page = visitor.open(lang, f"{game}/")
        found = paths(search(page, texts(game, lang)["name"].split()[0]))
        assert any(p.startswith(f"/{lang_prefix(lang)}{game}/") for p in found), (game, found)
    assert any(u.endswith(f"/{lang_prefix(lang)}search/search_index.json") for u in searchy())
    assert page.console_errors == []


@in_states("sw-controlled")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_puts_the_refresher_before_the_quiz_for_a_rule_title(visitor, lang):
    """Searching the title of the most important rule finds its explanation first, not the questions about it. (One
    state: the order is the search's own, the same index in every state; that search answers in each state is
    test_search_loads_when_the_visitor_goes_for_it_and_finds_each_game's.)"""
    for game in GAMES:
        forget = next(s for s in game_yml(game)["refresher"] if s["section"] == "forget")
        rule = min(forget["entries"], key=lambda e: e["rank"])["id"]
        page = visitor.open(lang, f"{game}/")
        search(page, texts(game, lang)["entries"][rule]["title"], paste=True)
        found = paths(page.locator(".md-search-result__item > a"))     # each page's own link, best first
        own = [p for p in found if p.startswith(f"/{lang_prefix(lang)}{game}/")]
        assert own and own[0] == f"/{lang_prefix(lang)}{game}/", (game, found)


def folded(text: str) -> str:
    """As the search folds a word (docs/assets/javascripts/workers/rr-search-lazy.js): no accents, lower case,
    ı as i."""
    bare = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    return bare.lower().replace("ı", "i").replace("ß", "ss").replace("œ", "oe").replace("æ", "ae")


def capitals(word: str, lang: str) -> str:
    """A word in capitals as the language writes them."""
    return (word.replace("i", "İ") if lang in DOTTED_I else word).upper()


def as_players_type(visible_text: str, lang: str) -> list[tuple[str, str]]:
    """(word as the page writes it, as a player types it) for the page's commonest word with a letter beyond ASCII,
    typed in capitals without its accents, and for its commonest word with an i, in capitals (İ in Turkish)."""
    words = Counter(re.findall(r"[^\W\d_]{5,}", visible_text))
    accented = [w for w, _ in words.most_common() if any(ord(c) > 127 for c in w)]
    with_i = [w for w, _ in words.most_common() if "i" in w]
    typed = [(with_i[0], capitals(with_i[0], lang))]
    if accented:
        bare = "".join(c for c in unicodedata.normalize("NFD", accented[0]) if not unicodedata.combining(c))
        typed.insert(0, (accented[0], capitals(bare, lang)))
    return typed


@in_states("offline")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_finds_a_word_of_the_page_as_players_type_it_and_the_result_highlights_it(visitor, lang):
    """Typed in capitals without accents (İ and I in Turkish) and pasted rather than typed key by key, a word of the
    refresher finds it, and the result's page highlights the word as the page writes it. (Offline, where the result's
    page with its ?h= comes from the saved copy; the folding is the search's own, the same in every state.)"""
    game = GAMES[0]
    page = visitor.open(lang, f"{game}/")
    for written, typed in as_players_type(page.locator("article").inner_text(), lang):
        results = search(page, typed, paste=True)
        hrefs = results.evaluate_all("links => links.map(link => link.href)")
        target = next((h for h in hrefs if f"/{lang_prefix(lang)}{game}/?h=" in h and not re.search(r"\?h=(#|$)", h)),
                      None)
        assert target, (typed, hrefs)
        results.nth(hrefs.index(target)).click()
        expect(page).to_have_url(target)
        marks = page.locator("mark[data-md-highlight]")
        expect(marks.first).to_be_visible(timeout=15000)
        assert folded(typed) in {folded(text) for text in marks.all_inner_texts()}, (written, typed)
    assert page.console_errors == []


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


@in_states("first-visit", "sw-controlled", "offline")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_missing_address_stays_in_the_address_bar_and_says_not_found_in_its_language(visitor, lang):
    """Answered by a static host with the site's root 404.html (which opens the language's own), or by the service
    worker offline in a language saved on the device: the page speaks the language, the tab says "not found", and the
    address bar keeps what the visitor asked for."""
    ui = ui_texts(lang)
    page = visitor.open(lang)
    missing = visitor.url(lang, "no-such-page/?x=1#here")
    response = page.goto(missing)
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text(ui["not_found_title"])
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page).to_have_title(re.compile("^" + re.escape(ui["not_found_title"]) + " - "))
    expect(page).to_have_url(missing)
    page.wait_for_load_state("load")
    expect(page).to_have_url(missing)
    assert [e for e in page.console_errors if "status of 404" not in e] == []


@in_states("first-visit")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_first_load_as_chromium_fetches_it_stays_within_budget(visitor, browser, lang):
    """test_budgets counts the files a page's HTML links; this counts everything Chromium fetches until the network is
    idle, nobody touching the page, gzip as a host serves it: a file a script fetches by itself counts too (the rules
    page once fetched rules.json, 28 KB, on every first load, and test_budgets could not see it)."""
    loading = []    # every page in a browser of its own, all loading at once: their quiet half-seconds overlap
    try:
        for page_path in all_pages() + ["404.html"]:
            context = visitor_context(browser, "first-visit")
            tab = context.new_page()
            fetched = []
            tab.on("response", lambda response, fetched=fetched: fetched.append(response))
            tab.goto(visitor.url(lang, page_path), wait_until="commit")
            loading.append((page_path, context, tab, fetched))
        heavy = []
        for page_path, _, tab, fetched in loading:
            tab.wait_for_load_state("load")
            tab.wait_for_load_state("networkidle")
            sizes = {response.url: len(gzipped(response.body())) for response in fetched if response.status == 200}
            if sum(sizes.values()) > FIRST_LOAD_BUDGET:
                heavy.append(f"{lang_prefix(lang)}{page_path}: {sum(sizes.values()):,} B, {sizes}")
    finally:
        for _, context, _, _ in loading:
            context.close()
    assert heavy == []
