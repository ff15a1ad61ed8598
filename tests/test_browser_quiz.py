"""The quiz in real Chromium, for every game with a quiz: marks for re-reading that persist, keyboard use, practice
variants (seeded), blocked and corrupt storage, and the answers without JavaScript. Playwright's expect retries."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from browser_helpers import QUIZ_GAMES, SEEDED_RANDOM, first, language_for, right_choice, url, wrong_choice

pytestmark = pytest.mark.browser


def has(name: str) -> re.Pattern:
    """A class list that holds this class (Playwright's to_have_class matches the whole list otherwise)."""
    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")


def choice(page, block: str, value: str):
    return page.locator(f"{block} .rr-controls button.rr-choice[data-value='{value}']")


@pytest.fixture(params=QUIZ_GAMES)
def game(request):
    return request.param


def test_wrong_answer_marks_the_rule_until_reset(page, server, game):
    lang, question = language_for(game), first(game, "yesno")
    block, rule = f"#q-{question['id']}", question["rule"]
    page.goto(url(server, lang, f"{game}/quiz/"))
    choice(page, block, wrong_choice(question)).click()
    expect(page.locator(f"{block} .rr-result")).to_have_class(has("rr-is-wrong"))
    expect(page.locator(f"{block} details")).to_have_attribute("open", "")
    page.goto(url(server, lang, f"{game}/"))
    expect(page.locator(f"section#{rule}")).to_have_class(has("rr-marked"))
    progress = page.locator(".rr-progress").first
    expect(progress).to_be_visible()
    expect(progress).to_contain_text("1")
    page.reload()
    expect(page.locator(f"section#{rule}")).to_have_class(has("rr-marked"))
    progress.locator(".rr-reset").click()
    expect(page.locator(f"section#{rule}")).not_to_have_class(has("rr-marked"))
    expect(progress).to_be_hidden()
    page.reload()
    expect(page.locator(".rr-marked")).to_have_count(0)
    assert page.console_errors == [] and page.foreign_requests == []


def test_right_answer_marks_nothing_and_did_not_know_marks_it(page, server, game):
    lang, question = language_for(game), first(game, "yesno")
    block = f"#q-{question['id']}"
    page.goto(url(server, lang, f"{game}/quiz/"))
    choice(page, block, right_choice(question)).click()
    expect(page.locator(f"{block} .rr-result")).to_have_class(has("rr-is-right"))
    page.goto(url(server, lang, f"{game}/"))
    expect(page.locator(".rr-marked")).to_have_count(0)
    page.goto(url(server, lang, f"{game}/quiz/"))
    choice(page, block, right_choice(question)).click()
    page.locator(f"{block} .rr-unknown").click()
    page.goto(url(server, lang, f"{game}/"))
    expect(page.locator(f"section#{question['rule']}")).to_have_class(has("rr-marked"))


def test_keyboard_only(page, server, game):
    lang = language_for(game)
    page.goto(url(server, lang, f"{game}/quiz/"))
    number = first(game, "number")
    if number:
        block = f"#q-{number['id']}"
        page.locator(f"{block} .rr-input").focus()
        page.keyboard.type(str(number["answer"] + 1))
        page.keyboard.press("Enter")
        expect(page.locator(f"{block} .rr-result")).to_have_class(has("rr-is-wrong"))
        expect(page.locator(f"{block} .rr-result")).to_be_focused()
    yesno = first(game, "yesno")
    block = f"#q-{yesno['id']}"
    page.locator(f"{block} .rr-q-text").evaluate("n => { n.tabIndex = -1; n.focus(); }")
    page.keyboard.press("Tab")                       # to Yes
    if yesno["answer"] is False:
        page.keyboard.press("Tab")                   # to No
    page.keyboard.press("Enter")
    expect(page.locator(f"{block} .rr-result")).to_have_class(has("rr-is-right"))
    order = first(game, "order")
    if order:
        block = f"#q-{order['id']}"
        for name in json.loads(page.locator(block).get_attribute("data-answer")):
            page.locator(f"{block} button.rr-choice[data-value='{name}']").focus()
            page.keyboard.press("Space")
        expect(page.locator(f"{block} .rr-result")).to_have_class(has("rr-is-right"))
    assert page.console_errors == []


def test_practice_serves_seeded_variants_and_checks_them_against_the_pool(page, server, game):
    lang = language_for(game)
    page.add_init_script(SEEDED_RANDOM)
    page.goto(url(server, lang, f"{game}/quiz/"))
    pool = page.evaluate("fetch('practice.json').then(r => r.json())")["variants"]
    by_text = {item["text"]: item for item in pool}
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    seen = []
    for _ in range(3):
        if page.locator(".rr-practice-q").count():
            page.locator(".rr-practice-q .rr-next").click()
        else:
            page.locator(".rr-practice-start").click()
        text = page.locator(".rr-practice-q .rr-q-text")
        expect(text).to_be_visible()
        item = by_text[text.inner_text()]
        seen.append(item["text"])
        block = ".rr-practice-q"
        if item["kind"] == "number":
            page.locator(f"{block} .rr-input").fill(str(item["answer"]))
            page.locator(f"{block} .rr-check").click()
        elif item["kind"] == "order":
            for name in item["answer"]:
                page.locator(f"{block} button.rr-choice[data-value='{name}']").click()
        else:
            page.locator(f"{block} button.rr-choice[data-value='{item['answer']}']").click()
        expect(page.locator(f"{block} .rr-result")).to_have_class(has("rr-is-right"))
        expect(page.locator(f"{block} .rr-result")).to_contain_text(item["label"])
        expect(page.locator(f"{block} .rr-rule-link a")).to_have_text(item["rule_link"])
    assert sum("practice.json" in u for u in requests) <= 1
    assert page.console_errors == []
    page.reload()   # the same seed serves the same first variant
    page.locator(".rr-practice-start").click()
    expect(page.locator(".rr-practice-q .rr-q-text")).to_have_text(seen[0])


def test_practice_file_is_fetched_only_when_practice_starts(page, server, game):
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(url(server, language_for(game), f"{game}/quiz/"))
    page.wait_for_load_state("networkidle")
    assert not any("practice.json" in u for u in requests)


def test_quiz_works_when_storage_throws(page, server, game):
    question = first(game, "yesno")
    page.add_init_script("Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('blocked', 'SecurityError'); }});")
    page.goto(url(server, language_for(game), f"{game}/quiz/"))
    choice(page, f"#q-{question['id']}", wrong_choice(question)).click()
    expect(page.locator(f"#q-{question['id']} .rr-result")).to_have_class(has("rr-is-wrong"))
    expect(page.locator(f".rr-rule-group[data-rule='{question['rule']}']")).to_have_class(has("rr-marked"))
    assert page.console_errors == []


def test_corrupt_storage_is_ignored(page, server, game):
    question = first(game, "yesno")
    page.add_init_script(f"try {{ localStorage.setItem('rr-progress-v1-{game}', '{{not json'); }} catch (e) {{}}")
    page.goto(url(server, language_for(game), f"{game}/"))
    expect(page.locator(".rr-marked")).to_have_count(0)
    if page.locator(f"#q-{question['id']}").count():
        choice(page, f"#q-{question['id']}", wrong_choice(question)).click()
        expect(page.locator(f"section#{question['rule']}")).to_have_class(has("rr-marked"))
    assert page.console_errors == []


def test_without_javascript_answers_still_read(browser, server, game):
    question = first(game, "yesno")
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(url(server, language_for(game), f"{game}/quiz/"))
    details = page.locator(f"#q-{question['id']} details")
    details.locator("summary").click()
    expect(details.locator(".rr-why")).to_be_visible()
    assert details.locator("a").get_attribute("href") == f"../#{question['rule']}"
    context.close()
