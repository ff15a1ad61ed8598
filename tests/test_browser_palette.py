"""The light/dark toggle in real Chromium: the system's palette from the first paint (before any deferred script), the
visitor's choice by tap or Enter kept across pages and reloads, the system followed until the visitor chooses; and
loading a page never restyles it (Material's palette component did, on every load: the long task of a question page)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_helpers import url
from browsing import visitor_context, watch
from rules_reading import GAMES, LANGUAGES

pytestmark = pytest.mark.browser

# Every change to <body>'s attributes from the first script on, as [name, value].
RECORD_BODY_CHANGES = """
window.rrBodyChanges = [];
new MutationObserver(function (records) {
  records.forEach(function (r) {
    window.rrBodyChanges.push([r.attributeName, r.target.getAttribute(r.attributeName)]); });
}).observe(document, { attributes: true, subtree: true, attributeFilter:
  ["data-md-color-scheme", "data-md-color-primary", "data-md-color-accent", "data-md-color-switching"] });
"""
PALETTE_OF = "scheme => document.querySelector(`[data-rr-palette] input[data-md-color-media*='${scheme}']`)" \
             ".getAttribute('data-md-color-scheme')"


def body_scheme(page) -> str:
    return page.locator("body").get_attribute("data-md-color-scheme")


def toggle(page):
    """The one visible switch: it offers the other palette."""
    return page.locator("[data-rr-palette] label:not([hidden])")


@pytest.fixture(params=[("first-visit", "light"), ("first-visit", "dark")], ids="-".join)
def system_page(request, browser, server):
    state, tab_system = request.param
    context = visitor_context(browser, state, color_scheme=tab_system)
    tab = context.new_page()
    watch(tab)
    tab.add_init_script(RECORD_BODY_CHANGES)
    tab.system = tab_system
    yield tab
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_system_palette_is_there_before_any_deferred_script(system_page, server, lang):
    page = system_page
    page.route("**/*.js", lambda route: route.abort())   # Material's bundle and ours: only the inline scripts run
    page.goto(url(server, lang, f"{GAMES[0]}/quiz/"))
    assert body_scheme(page) == page.evaluate(PALETTE_OF, page.system)
    expect(toggle(page)).to_have_count(1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_loading_a_page_never_restyles_it(system_page, server, lang):
    """In the light palette (the one written into the page) nothing on <body> changes; in the dark one the scheme is
    set once, while the header is parsed; "switching" (which restyles every element) is never set."""
    page = system_page
    for path in (f"{GAMES[0]}/", f"{GAMES[-1]}/quiz/", ""):
        page.goto(url(server, lang, path))
        page.wait_for_load_state("networkidle")
        changes = page.evaluate("window.rrBodyChanges")
        assert "data-md-color-switching" not in {name for name, _ in changes}, changes
        assert len(changes) <= (0 if page.system == "light" else 3), changes
        assert body_scheme(page) == page.evaluate(PALETTE_OF, page.system)
    assert (page.console_errors, page.bad_responses) == ([], [])


def test_the_choice_is_kept_by_tap_and_by_enter(page, server):
    lang = LANGUAGES[-1]
    page.goto(url(server, lang, f"{GAMES[0]}/"))
    light, dark = page.evaluate(PALETTE_OF, "light"), page.evaluate(PALETTE_OF, "dark")
    assert body_scheme(page) == light
    toggle(page).click()
    assert body_scheme(page) == dark
    expect(page.locator("meta[name=theme-color]")).to_have_attribute("content", page.evaluate(
        "getComputedStyle(document.querySelector('[data-md-component=header]')).backgroundColor"))
    expect(page.locator("meta[name=color-scheme]")).to_have_attribute("content", "dark")
    page.goto(url(server, lang, f"{GAMES[-1]}/teach/"))
    assert body_scheme(page) == dark
    page.reload()
    assert body_scheme(page) == dark
    page.locator("[data-rr-palette] input:checked").focus()
    page.keyboard.press("Enter")
    assert body_scheme(page) == light
    expect(page.locator("[data-rr-palette] input:checked")).to_be_focused()
    page.reload()
    assert body_scheme(page) == light
    assert page.console_errors == []


def test_the_system_is_followed_until_the_visitor_chooses(page, server):
    page.goto(url(server, LANGUAGES[0], f"{GAMES[0]}/"))
    light, dark = page.evaluate(PALETTE_OF, "light"), page.evaluate(PALETTE_OF, "dark")
    page.emulate_media(color_scheme="dark")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", dark)
    page.emulate_media(color_scheme="light")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", light)
    toggle(page).click()
    assert body_scheme(page) == dark
    page.emulate_media(color_scheme="dark")
    page.emulate_media(color_scheme="light")
    page.wait_for_timeout(100)
    assert body_scheme(page) == dark
