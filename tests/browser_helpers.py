"""What the browser tests share: the games and questions they run for, found in rules/, a seeded practice, and the
visitor's states each test runs in."""
from __future__ import annotations

import time

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

# (the tests import QUIZ_GAMES from here)
from rules_reading import GAMES, LANGUAGES, QUIZ_GAMES, lang_prefix, questions  # noqa: F401
# A seeded random for quiz.js (window.rrRandom), so practice serves the same variants every run.
SEEDED_RANDOM = ("window.rrRandom = (function () { var s = 42; return function () { "
                 "s = (s * 16807) % 2147483647; return (s - 1) / 2147483646; }; })();")
AXE = Axe()
SCHEMES = ("light", "dark")


def language_for(game: str) -> str:
    """A language per game, turning through the site's languages, so every language is driven by some game."""
    return LANGUAGES[GAMES.index(game) % len(LANGUAGES)]


def first(game: str, kind: str) -> dict | None:
    """The game's first question of a kind (yesno, number, choice, order), as questions.yml states it."""
    return next((q for q in questions(game) if q["kind"] == kind), None)


def url(server: str, lang: str, path: str) -> str:
    return f"{server}{lang_prefix(lang)}{path}"


def wrong_choice(question: dict) -> str:
    return "no" if question["answer"] is True else "yes"


def right_choice(question: dict) -> str:
    return "yes" if question["answer"] is True else "no"


def question_text(locator) -> str:
    """A question's words as the checker's givens were put into them: its text without the pictures drawn in it (the
    words a picture stands for sit next to it, in .rr-sr)."""
    return locator.evaluate("""n => { const copy = n.cloneNode(true);
      copy.querySelectorAll(".rr-pic").forEach(picture => picture.remove()); return copy.textContent.trim(); }""")


def next_practice_question(page) -> None:
    """Tap "Another one" and wait until the question shown has been replaced."""
    shown = page.locator(".rr-practice-q").element_handle()
    page.locator(".rr-practice-q .rr-next").click()
    page.wait_for_function("node => !node.isConnected", arg=shown)


def open_search(page):
    """Open search as a player does: Material's shortcut key, which works once its deferred bundle has run (document$
    set), which on a busy machine may be well after the page shows; else a tap on search, as on a phone."""
    page.wait_for_function("() => window.document$ !== undefined && document.readyState === 'complete'")
    page.keyboard.press("/")
    try:
        expect(page.locator("#__search")).to_be_checked(timeout=3000)
    except AssertionError:    # its key handler not subscribed yet (seen on a busy machine)
        tap_search(page)
    page.locator(".md-search__input").click()


def tap_search(page):
    """Tap search, the header's button on a phone, the search field on a wide screen."""
    button = page.locator("label.md-header__button[for='__search']")
    (button if button.is_visible() else page.locator(".md-search__input")).click()
    expect(page.locator("#__search")).to_be_checked()


def search(page, words: str, paste: bool = False, timeout: float = 15000):
    """Open search, type (or paste) the words, wait for results: the results' links."""
    open_search(page)
    if paste:
        page.keyboard.insert_text(words)   # as a paste or an autofill: one input event, no key
    else:
        page.keyboard.type(words)
    results = page.locator(".md-search-result__item a")
    page.wait_for_function("""() => !document.getElementById("__search").checked
        || [...document.querySelectorAll(".md-search-result__item a")].some(link => link.checkVisibility())""",
                           timeout=timeout)
    if not page.locator("#__search").is_checked():
        # Material closes search 125 ms after a page whose address has a #target loads (its location$ and target$);
        # on a busy machine that comes after the key has opened it (CI, stop 64). The words stay typed: tap search.
        tap_search(page)
    expect(results.first).to_be_visible(timeout=timeout)
    return results


def in_states(*states: str):
    """Run a test that takes the `visitor` fixture once in each of these visitor states (browsing.VISITOR_STATES)."""
    return pytest.mark.parametrize("visitor", states, indirect=True)


def settled(page, timeout: float = 15) -> None:
    """A watched page (browsing.watch) as its scripts leave it: loaded, no request it made still unanswered, two frames
    painted. Playwright's networkidle waits for half a second of quiet after that, on every page: six seconds of each
    axe pass; the tests that hold what a script fetches late (the first-load budget, the lazy files) keep it."""
    page.wait_for_load_state("load")
    deadline = time.monotonic() + timeout
    while page.in_flight:
        assert time.monotonic() < deadline, f"still loading: {sorted(r.url for r in page.in_flight)}"
        page.wait_for_timeout(20)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def violations(page) -> list[str]:
    """axe-core's findings on the page as it stands, one line each."""
    # Material fades the header title in and out on scroll; a check mid-fade would see half-transparent text.
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; animation: none !important; }")
    result = AXE.run(page)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
            for v in result.response["violations"]]


def palettes_in_turn() -> list[tuple[str, str]]:
    """Each language in one palette, the two taking turns (and both in the first language, were there only one): what
    is checked in every language is checked in each palette in half of them. A palette's colours are the same in
    every language and a language's words in either palette; every language in both palettes made the axe passes four
    minutes of a `make test`."""
    turns = [(lang, SCHEMES[i % len(SCHEMES)]) for i, lang in enumerate(LANGUAGES)]
    return turns + [(LANGUAGES[0], scheme) for scheme in SCHEMES if scheme not in {s for _, s in turns}]
