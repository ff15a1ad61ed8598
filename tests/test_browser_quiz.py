"""The quiz in real Chromium: marks for re-reading that persist, keyboard use, practice variants, blocked storage."""
from __future__ import annotations

import json

import pytest

from conftest import lang_prefix

LANGS = ["en", "de"]
SEED = "#q-seed-10-52-31"          # answer: no
RULE = "sanctuary-previous-only"


def quiz_url(server, lang):
    return f"{server}{lang_prefix(lang)}faraway/quiz/"


def refresher_url(server, lang):
    return f"{server}{lang_prefix(lang)}faraway/"


def yes_no_button(page, block, answer):
    return page.locator(f"{block} .rr-controls button.rr-choice[data-value='{answer}']")


@pytest.mark.parametrize("lang", LANGS)
def test_wrong_answer_marks_the_rule_until_reset(page, server, lang):
    page.goto(quiz_url(server, lang))
    yes_no_button(page, SEED, "yes").click()
    result = page.locator(f"{SEED} .rr-result")
    assert "rr-is-wrong" in result.get_attribute("class")
    assert page.locator(f"{SEED} details").evaluate("d => d.open")
    page.goto(refresher_url(server, lang))
    rule = page.locator(f"section#{RULE}")
    assert "rr-marked" in rule.get_attribute("class")
    progress = page.locator(".rr-progress")
    assert progress.is_visible() and "1" in progress.inner_text()
    page.reload()
    assert "rr-marked" in page.locator(f"section#{RULE}").get_attribute("class")
    page.locator(".rr-progress .rr-reset").click()
    assert "rr-marked" not in page.locator(f"section#{RULE}").get_attribute("class")
    assert not progress.is_visible()
    page.reload()
    assert page.locator(".rr-marked").count() == 0
    assert page.console_errors == [] and page.foreign_requests == []


@pytest.mark.parametrize("lang", LANGS)
def test_right_answer_marks_nothing(page, server, lang):
    page.goto(refresher_url(server, lang))
    yes_no_button(page, SEED, "no").click()
    assert "rr-is-right" in page.locator(f"{SEED} .rr-result").get_attribute("class")
    page.reload()
    assert page.locator(".rr-marked").count() == 0


def test_did_not_know_marks_a_right_answer(page, server):
    page.goto(quiz_url(server, "en"))
    yes_no_button(page, SEED, "no").click()
    page.locator(f"{SEED} .rr-unknown").click()
    page.goto(refresher_url(server, "en"))
    assert "rr-marked" in page.locator(f"section#{RULE}").get_attribute("class")


@pytest.mark.parametrize("lang", LANGS)
def test_keyboard_only(page, server, lang):
    page.goto(quiz_url(server, lang))
    number_block = "#q-drew-several-return-how-many"   # answer: 3
    page.locator(f"{number_block} .rr-input").focus()
    page.keyboard.type("4")
    page.keyboard.press("Enter")
    result = page.locator(f"{number_block} .rr-result")
    assert "rr-is-wrong" in result.get_attribute("class")
    assert page.evaluate("document.activeElement.classList.contains('rr-result')")
    assert result.get_attribute("aria-live") == "polite"
    # a yes/no question reached with Tab alone, answered with Enter
    page.locator(f"{SEED} .rr-q-text").evaluate("n => { n.tabIndex = -1; n.focus(); }")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.closest('.rr-q') && document.activeElement.closest('.rr-q').id")
    assert focused == SEED.lstrip("#")
    page.keyboard.press("Tab")   # from Yes to No
    page.keyboard.press("Enter")
    assert "rr-is-right" in page.locator(f"{SEED} .rr-result").get_attribute("class")
    # an order question with the keyboard: Tab to each name in turn
    order_block = "#q-pick-order-three"
    answer = json.loads(page.locator(order_block).get_attribute("data-answer"))
    for name in answer:
        page.locator(f"{order_block} button.rr-choice[data-value='{name}']").focus()
        page.keyboard.press("Space")
    assert "rr-is-right" in page.locator(f"{order_block} .rr-result").get_attribute("class")
    page.goto(refresher_url(server, lang))
    assert "rr-marked" in page.locator("section#keep-one-sanctuary").get_attribute("class")
    assert page.console_errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_practice_serves_a_variant_and_checks_it_against_the_pool(page, server, lang):
    page.goto(quiz_url(server, lang))
    pool = page.evaluate("fetch('practice.json').then(r => r.json())")["variants"]
    assert len(pool) >= 200
    by_text = {}
    for item in pool:
        by_text.setdefault(item["text"], item)
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    for _ in range(3):
        if page.locator(".rr-practice-q").count():
            page.locator(".rr-practice-q .rr-next").click()
        else:
            page.locator(".rr-practice-start").click()
        text = page.locator(".rr-practice-q .rr-q-text")
        text.wait_for()
        item = by_text[text.inner_text()]
        block = ".rr-practice-q"
        if item["kind"] == "number":
            page.locator(f"{block} .rr-input").fill(str(item["answer"]))
            page.locator(f"{block} .rr-check").click()
        elif item["kind"] == "order":
            for name in item["answer"]:
                page.locator(f"{block} button.rr-choice[data-value='{name}']").click()
        else:
            page.locator(f"{block} button.rr-choice[data-value='{item['answer']}']").click()
        assert "rr-is-right" in page.locator(f"{block} .rr-result").get_attribute("class"), item
        assert item["label"] in page.locator(f"{block} .rr-result").inner_text()
    assert sum("practice.json" in url for url in requests) <= 1
    assert page.console_errors == []


def test_practice_file_is_fetched_only_when_practice_starts(page, server):
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(quiz_url(server, "de"))
    page.wait_for_load_state("networkidle")
    assert not any("practice.json" in url for url in requests)


@pytest.mark.parametrize("lang", LANGS)
def test_quiz_works_when_storage_throws(page, server, lang):
    page.add_init_script("Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('blocked', 'SecurityError'); }});")
    page.goto(quiz_url(server, lang))
    yes_no_button(page, SEED, "yes").click()
    assert "rr-is-wrong" in page.locator(f"{SEED} .rr-result").get_attribute("class")
    assert "rr-marked" in page.locator(f".rr-rule-group[data-rule='{RULE}']").get_attribute("class")
    assert page.console_errors == []


def test_corrupt_storage_is_ignored(page, server):
    page.add_init_script("try { localStorage.setItem('rr-progress-v1-faraway', '{not json'); } catch (e) {}")
    page.goto(refresher_url(server, "en"))
    assert page.locator(".rr-marked").count() == 0
    yes_no_button(page, SEED, "yes").click()
    assert "rr-marked" in page.locator(f"section#{RULE}").get_attribute("class")
    assert page.console_errors == []


def test_without_javascript_answers_still_read(browser, server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(quiz_url(server, "fr"))
    details = page.locator(f"{SEED} details")
    details.locator("summary").click()
    assert details.locator(".rr-why").is_visible()
    assert details.locator("a").get_attribute("href") == f"../#{RULE}"
    context.close()


def test_every_page_of_the_site_is_clean(page, server, site_dir):
    for path in sorted(site_dir.rglob("index.html")):
        folder = path.parent.relative_to(site_dir).as_posix()
        page.goto(server + ("" if folder == "." else folder + "/"))
        page.wait_for_load_state("networkidle")
    assert page.console_errors == []
    assert page.bad_responses == []
    assert page.foreign_requests == []
