"""What a player's thumb and eye meet at the table, in real Chromium at phone size (390x844), by touch and by keyboard:
the next practice question clears the sticky header and is one Tab from the result; clearing the marks can be undone;
standalone links are tall enough to tap; nothing floats over an answer control."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_helpers import LANGUAGES, QUIZ_GAMES, SEEDED_RANDOM, first, language_for, url, wrong_choice
from browsing import visitor_context, watch
from rules_reading import all_pages, practice_games, practised_rules, ui_texts

pytestmark = pytest.mark.browser
HEADER_BOTTOM = "document.querySelector('.md-header').getBoundingClientRect().bottom"
TAPS = 8


@pytest.fixture(params=["first-visit"])
def touch_page(request, browser, server):
    """A phone that is touched (has_touch, is_mobile), with practice seeded."""
    context = visitor_context(browser, request.param, has_touch=True, is_mobile=True)
    tab = context.new_page()
    watch(tab)
    tab.add_init_script(SEEDED_RANDOM)
    tab.server = server
    yield tab
    context.close()


def start_practice(page, lang: str, game: str) -> None:
    page.goto(url(page.server, lang, f"{game}/quiz/"))
    page.locator(".rr-practice-start").tap()
    page.locator(".rr-practice-q").wait_for()


def answer_by_keyboard(page) -> None:
    """Answer the practice question shown with the keyboard only; focus ends on its result."""
    block = page.locator(".rr-practice-q")
    if block.locator(".rr-input").count():
        block.locator(".rr-input").focus()
        page.keyboard.type("1")
    elif block.locator(".rr-choice").count() and not block.locator(".rr-again").count():
        block.locator(".rr-choice").first.focus()
    else:      # an order question takes a tap a card: "show the answer" instead
        block.locator(".rr-reveal").focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.classList.contains('rr-result')")


def replaced(page, shown) -> None:
    page.wait_for_function("node => !node.isConnected", arg=shown)


# each game that practises once, the languages turning through them (every language at least once): the header's
# height and the question's place differ by game and by language, the scrolling is one feature (issue 59 point 7)
ROTATED = [(game, LANGUAGES[number % len(LANGUAGES)]) for number, game in enumerate(practice_games())]
assert {lang for _, lang in ROTATED} == set(LANGUAGES)
# a shared feature tested on one game: the one whose practice asks about the most rules
IN_DEPTH = max(practice_games(), key=lambda game: len(practised_rules(game)))


@pytest.mark.parametrize("game, lang", ROTATED)
def test_the_next_practice_question_clears_the_header(touch_page, game, lang):
    """Taps on even turns, Enter on odd ones: either way the new question's first line is below the header."""
    page = touch_page
    start_practice(page, lang, game)
    tops = []
    for turn in range(TAPS):
        block = page.locator(".rr-practice-q")
        block.locator(".rr-reveal").tap()
        shown = block.element_handle()
        if turn % 2:
            block.locator(".rr-next").focus()
            page.keyboard.press("Enter")
        else:
            block.locator(".rr-next").tap()
        replaced(page, shown)
        tops.append(page.evaluate(f"[document.querySelector('.rr-practice-q .rr-q-text').getBoundingClientRect().top,"
                                  f" {HEADER_BOTTOM}]"))
    under = [(turn, top, header) for turn, (top, header) in enumerate(tops) if top < header]
    assert not under, f"{lang} {game}: question text top under the header (turn, top, header bottom): {under}"
    assert page.console_errors == []


@pytest.mark.parametrize("game", [IN_DEPTH])
def test_the_next_practice_question_is_one_tab_from_the_result(touch_page, game):
    """Answered right, wrong or shown (as the seeded turns come), by keyboard: one Tab, then Enter, serves the next."""
    page = touch_page
    start_practice(page, language_for(game), game)
    for turn in range(TAPS):
        answer_by_keyboard(page)
        shown = page.locator(".rr-practice-q").element_handle()
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
        assert page.evaluate("document.activeElement.classList.contains('rr-next')"), f"turn {turn}: Tab to {focused}"
        page.keyboard.press("Enter")
        replaced(page, shown)
    assert page.console_errors == []


@pytest.mark.parametrize("game", [IN_DEPTH])
def test_clearing_the_marks_can_be_undone_by_tap_and_by_keyboard(touch_page, game):
    """A rule missed on the quiz page, then on the refresher: cleared and brought back by taps, then by Enter (the
    undo takes the focus, and gives it back to the reset); what comes back is kept (a reload shows it)."""
    page, lang, question = touch_page, language_for(game), first(game, "yesno")
    quiz = ui_texts(lang)["quiz"]
    page.goto(url(page.server, lang, f"{game}/quiz/"))
    page.locator(f"#q-{question['id']} .rr-choice[data-value='{wrong_choice(question)}']").tap()
    page.goto(url(page.server, lang, f"{game}/"))
    marked = page.locator(f"section#{question['rule']}.rr-marked")
    reset, undo = page.locator(".rr-progress .rr-reset").first, page.locator(".rr-undo button")
    for by_keyboard in (False, True):
        expect(marked).to_have_count(1)
        if by_keyboard:
            reset.focus()
            page.keyboard.press("Enter")
            expect(undo).to_be_focused()
        else:
            reset.tap()
        expect(marked).to_have_count(0)
        expect(page.locator(".rr-undo")).to_contain_text(quiz["cleared"])
        expect(undo).to_have_text(quiz["undo"])
        if by_keyboard:
            page.keyboard.press("Enter")
            expect(reset).to_be_focused()
        else:
            undo.tap()
        expect(undo).to_have_count(0)
        page.reload()
    expect(marked).to_have_count(1)
    assert page.console_errors == []


STANDALONE_LINKS = """() => [...document.querySelectorAll('.md-content a[href]')].filter(a => {
  if (a.offsetParent === null) return false;
  const block = a.closest('p, li, dd, td, th, h1, h2, h3, h4, div');
  return block && block.textContent.trim() === a.textContent.trim(); })
  .map(a => [a.textContent.trim().slice(0, 50), Math.min(...[...a.getClientRects()].map(r => r.height))])"""


@pytest.mark.parametrize("path", all_pages())
def test_standalone_text_links_are_at_least_24_px_tall(touch_page, path):
    """WCAG 2.2 target size: a link alone in its paragraph or list item ("Read the rule: …", "Back to the refresher",
    the home page's links) is no link inside a sentence, so no exception: each of its lines at least 24 px tall. Every
    page, with every answer open (the rule links are inside them); languages taken in turn."""
    page = touch_page
    page.goto(url(page.server, LANGUAGES[all_pages().index(path) % len(LANGUAGES)], path))
    page.evaluate("document.querySelectorAll('.md-content details').forEach(d => { d.open = true; })")
    links = page.evaluate(STANDALONE_LINKS)
    assert [text for text, _ in links if text], path
    assert not [(text, height) for text, height in links if height < 24]


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_scrolls_sideways_on_the_narrowest_phone(browser, server, lang, state):
    """320 px wide, every answer open, every page: nothing wider than the screen (the rules page's longest house-rule
    choice, in a fieldset that grows to its content by default, pushed Farkle's rules page sideways in every
    language)."""
    context = visitor_context(browser, state, viewport={"width": 320, "height": 640})  # is_mobile would zoom out to fit
    wide = {}
    try:
        page = context.new_page()
        for path in all_pages():
            page.goto(url(server, lang, path))
            page.evaluate("document.querySelectorAll('.md-content details').forEach(d => { d.open = true; })")
            widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            if widths[0] > widths[1]:
                wide[path] = widths
    finally:
        context.close()
    assert wide == {}


ANSWER_CONTROLS = ".rr-controls button:not([disabled])"
HIT = """el => { const r = el.getBoundingClientRect();
  return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el; }"""
PILL_SHOWN = "!document.querySelector('.md-top') || !document.querySelector('.md-top').hidden"


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_nothing_floats_over_an_answer_control(browser, server, game, state):
    """Every answer button of a quiz page, brought back into view by scrolling up (where Material shows its "back to
    top" pill) until it sits just under the header, then by Shift+Tab (the focus scrolls it into view): the point at
    its centre is the button itself, not the pill nor the header."""
    context = visitor_context(browser, state)
    page = context.new_page()
    page.goto(url(server, language_for(game), f"{game}/quiz/"))
    header = page.evaluate(HEADER_BOTTOM)
    page.mouse.move(200, 400)
    covered = []
    buttons = page.locator(ANSWER_CONTROLS)
    for index in range(buttons.count()):
        button = buttons.nth(index)
        target = button.evaluate(f"el => el.getBoundingClientRect().top + scrollY - {header + 8}")
        if not 400 <= target <= page.evaluate("document.documentElement.scrollHeight - innerHeight") - 400:
            continue     # too near either end to come from 400 px further down: Shift+Tab below reaches it
        page.evaluate(f"window.scrollTo(0, {target + 400})")
        page.mouse.wheel(0, -400)
        page.wait_for_function(f"Math.abs(scrollY - {target}) < 2 && ({PILL_SHOWN})")
        if not button.evaluate(HIT):
            covered.append(f"scrolled up: {button.inner_text()} #{index}")
    buttons.last.focus()
    for index in range(buttons.count() - 1, 0, -1):
        page.keyboard.press("Shift+Tab")
        focused = page.locator(":focus")
        if focused.evaluate("(el, controls) => el.matches(controls)", ANSWER_CONTROLS) and not focused.evaluate(HIT):
            covered.append(f"Shift+Tab: {focused.inner_text()}")
    context.close()
    assert not covered, covered


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_the_title_steps_aside_while_back_to_top_shows_in_its_place(browser, server, game, state):
    """Material's "back to top" sits in the header band where the title is: while it shows, the title is hidden (not
    drawn under it); back at the top of the page, the pill goes and the title comes back."""
    context = visitor_context(browser, state)
    page = context.new_page()
    page.goto(url(server, language_for(game), f"{game}/quiz/"))
    title = page.locator(".md-header__title")
    page.mouse.move(200, 400)
    page.evaluate("window.scrollTo(0, 2400)")
    page.mouse.wheel(0, -400)
    page.wait_for_function(f"document.querySelector('.md-top') && ({PILL_SHOWN})")
    hidden_while_shown = title.evaluate("el => getComputedStyle(el).visibility")
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_function("document.querySelector('.md-top').hidden")
    shown_after = title.evaluate("el => getComputedStyle(el).visibility")
    context.close()
    assert (hidden_while_shown, shown_after) == ("hidden", "visible")
