"""Pictures in real Chromium: every drawn question on a quiz page, and practice variants, read as exactly the words the
checker's givens were put into; dice show the faces their words name; calculators draw their dice; print keeps the
pictures (pips in black) and drops the words hidden for screen readers."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_helpers import (QUIZ_GAMES, SEEDED_RANDOM, in_states, language_for, next_practice_question, question_text,
                             url)
from rules_reading import GAMES, game_yml

pytestmark = pytest.mark.browser

DICE = """n => Array.from(n.querySelectorAll('.rr-dice')).map(d => [
  Array.from(d.querySelectorAll('.rr-d')).map(f => (f.className.match(/rr-d(\\d+)/) || [])[1]).join(' '),
  d.nextElementSibling.textContent.replace(/[^\\d ]/g, '').trim()])"""


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_drawn_questions_say_what_the_checker_was_given(page, server, site, game):
    lang = language_for(game)
    worded = next(g for g in site.games if g.id == game).worded
    page.goto(url(server, lang, f"{game}/quiz/"))
    blocks = page.locator(".rr-q:has(.rr-pic)")
    for i in range(blocks.count()):
        block = blocks.nth(i)
        text = block.locator(".rr-q-text")
        assert question_text(text) == worded[block.get_attribute("data-q")][lang]["text"]
        for faces, words in text.evaluate(DICE):
            assert faces == words
    assert page.console_errors == []


@in_states("first-visit", "sw-controlled")
@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_practice_variants_are_drawn_the_same_way(visitor, game):
    visitor.page.add_init_script(SEEDED_RANDOM)
    page = visitor.open(language_for(game), f"{game}/quiz/")
    pool = {item["text"]: item for item in page.evaluate("fetch('practice.json').then(r => r.json())")["variants"]}
    if not any("html" in item for item in pool.values()):
        pytest.skip(f"{game}: no practice variant has a picture")
    page.locator(".rr-practice-start").click()
    text = page.locator(".rr-practice-q .rr-q-text")
    for _ in range(12):
        expect(text).to_be_visible()
        plain = question_text(text)
        assert plain in pool
        assert (text.locator(".rr-pic").count() > 0) == ("html" in pool[plain])
        for faces, words in text.evaluate(DICE):
            assert faces == words
        page.locator(".rr-practice-q .rr-reveal").click()
        next_practice_question(page)
    assert page.console_errors == []


CALCULATORS = [(game, entry["id"]) for game in GAMES for section in game_yml(game)["refresher"]
               if section["section"] == "calculator" for entry in section["entries"]]


@in_states("first-visit", "sw-controlled")
@pytest.mark.parametrize("game, calculator", CALCULATORS)
def test_calculator_dice_are_drawn_as_faces_and_named_by_number(visitor, game, calculator):
    page = visitor.open(language_for(game), f"{game}/")
    root = page.locator(f"#{calculator} ~ .rr-calc, .rr-tool:has(#{calculator}) .rr-calc").first
    faces = int(root.get_attribute("data-faces"))
    buttons = root.locator(".rr-calc-faces .rr-die")
    expect(buttons).to_have_count(faces)
    for value in range(1, faces + 1):
        button = buttons.nth(value - 1)
        expect(button.locator(f".rr-d.rr-d{value}")).to_have_count(1)
        assert str(value) in button.get_attribute("aria-label")


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_print_keeps_pictures_in_black_and_drops_the_hidden_words(page, server, game):
    page.goto(url(server, language_for(game), f"{game}/quiz/"))
    if not page.locator(".rr-pic").count():
        pytest.skip(f"{game}: no question is drawn")
    page.emulate_media(media="print")
    picture = page.locator(".rr-pic").first
    expect(picture).to_be_visible()
    assert page.locator(".rr-sr").first.evaluate("n => n.getBoundingClientRect().width <= 1")
    for die in page.locator(".rr-d").all()[:3]:
        assert die.evaluate("n => getComputedStyle(n).printColorAdjust") == "exact"
    for card in page.locator(".rr-card").all()[:3]:
        assert card.evaluate("n => getComputedStyle(n).color") == "rgb(0, 0, 0)"
