"""Accessibility (axe-core, light and dark) on every page of every game in every language, and in the states a player
makes (a question answered, a rule marked, a calculator result); print: page counts and no controls, every game."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import (SCHEMES, QUIZ_GAMES, first, language_for, palettes_in_turn, settled, url, violations,
                             wrong_choice)
from browsing import visitor_context, watch
from rules_reading import GAMES, LANGUAGES, all_pages, ui_texts

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("lang, scheme", palettes_in_turn())
def test_no_axe_violations_on_any_page_or_state(browser, server, lang, scheme, state):
    """Every page loads clean too: no console error, no failed request, nothing from another host."""
    context = visitor_context(browser, state, color_scheme=scheme)
    page = context.new_page()
    watch(page)
    found = {}
    for path in all_pages() + ["404.html"]:
        page.goto(url(server, lang, path))
        settled(page)
        found[path or "home"] = violations(page)
    assert (page.console_errors, page.bad_responses, page.foreign_requests) == ([], [], [])
    for game in QUIZ_GAMES:     # a wrong answer marks its rule for re-reading
        question = first(game, "yesno")
        page.goto(url(server, lang, f"{game}/quiz/"))
        page.locator(f"#q-{question['id']} .rr-choice[data-value='{wrong_choice(question)}']").click()
        found[f"{game} quiz answered"] = violations(page)
        page.goto(url(server, lang, f"{game}/"))
        found[f"{game} refresher marked"] = violations(page)
    for game in GAMES:
        page.goto(url(server, lang, f"{game}/"))
        for calculator in page.locator(".rr-calc").all():
            for _ in range(3):
                calculator.locator(".rr-calc-faces .rr-die").first.click()
            expect(calculator.locator(".rr-calc-result")).not_to_be_empty()
            found[f"{game} calculator result"] = violations(page)
    context.close()
    assert {k: v for k, v in found.items() if v} == {}


@pytest.mark.parametrize("state", ["storage-blocked"])
@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_no_axe_violations_in_the_notices(browser, server, game, scheme, state):
    """What the quiz page says when storage keeps nothing, and when its deck cannot be fetched."""
    context = visitor_context(browser, state, color_scheme=scheme)
    page = context.new_page()
    page.route("**/*.apkg", lambda route: route.abort())
    lang = language_for(game)
    page.goto(url(server, lang, f"{game}/quiz/"))
    page.locator(".rr-anki a").click()
    expect(page.locator(".rr-deck-notice")).to_have_text(ui_texts(lang)["quiz"]["anki_offline"])
    expect(page.locator(".rr-storage-notice")).to_be_visible()
    found = violations(page)
    context.close()
    assert found == []


def pdf_pages(page, address) -> int:
    page.goto(address)
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_printed_pages_fit(page, server, lang, game):
    assert pdf_pages(page, url(server, lang, f"{game}/")) <= 2
    assert pdf_pages(page, url(server, lang, f"{game}/teach/")) == 1


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_print_hides_menus_and_controls_and_shows_answers(page, server, game):
    question = next(q for q in __import__("rules_reading").questions(game) if q.get("remember"))
    page.goto(url(server, LANGUAGES[-1], f"{game}/"))
    page.emulate_media(media="print")
    for selector in [".md-header", ".md-sidebar--primary", ".md-footer", ".rr-controls", ".md-search", ".rr-tool"]:
        expect(page.locator(selector).first).to_be_hidden()
    expect(page.locator(f"#q-{question['id']} .rr-why")).to_be_visible()
