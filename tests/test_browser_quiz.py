"""The quiz in real Chromium on a phone-sized page, on a first visit and on pages the service worker controls. Each
shared feature is tested in depth on one game, the one whose questions are of the most kinds and whose practice asks
about the most rules (IN_DEPTH); every game gets the generic pass (every_game: a wrong answer a belief gives, practice's
seeded variants against its pool, the answers without JavaScript). Marks for re-reading that persist and are counted
under the refresher's title, with the question missed in the page's own language (offline too), keyboard use with
visible focus, practice variants (seeded) that come back to what you missed and never repeat early; blocked, full and
corrupt storage (each shape of a stored record read on its own); the Anki deck offline; and the answers without
JavaScript."""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from babel.numbers import format_decimal
from playwright.sync_api import expect

from browser_helpers import (LANGUAGES, QUIZ_GAMES, SEEDED_RANDOM, first, in_states, language_for,
                             next_practice_question, question_text, right_choice, url, wrong_choice)
from rules_reading import game_yml, lang_prefix, practice_games, practised_rules, questions, ui_texts
from quiz.games import bound

pytestmark = pytest.mark.browser


def has(name: str) -> re.Pattern:
    """A class list that holds this class (Playwright's to_have_class matches the whole list otherwise)."""
    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")


def choice(page, block: str, value: str):
    return page.locator(f"{block} .rr-controls button.rr-choice[data-value='{value}']")


ONLINE_STATES = in_states("first-visit", "sw-controlled")


# the game each shared feature of the quiz is tested on in depth (issue 59 point 7: a game costs its generic pass)
IN_DEPTH = max(QUIZ_GAMES, key=lambda game: (len({q["kind"] for q in questions(game)}), len(practised_rules(game))))
assert IN_DEPTH in practice_games(3)


@pytest.fixture(params=[IN_DEPTH])
def game(request):
    return request.param


@pytest.fixture(params=QUIZ_GAMES)
def every_game(request):
    return request.param


@ONLINE_STATES
def test_wrong_answer_marks_the_rule_until_reset(visitor, game):
    lang, question = language_for(game), first(game, "yesno")
    block, rule = f"#q-{question['id']}", question["rule"]
    page = visitor.open(lang, f"{game}/quiz/")
    choice(page, block, wrong_choice(question)).click()
    expect(page.locator(f"{block} .rr-result")).to_have_class(has("rr-is-wrong"))
    expect(page.locator(f"{block} details")).to_have_attribute("open", "")
    page.goto(visitor.url(lang, f"{game}/"))
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


@ONLINE_STATES
def test_right_answer_marks_nothing_and_did_not_know_marks_it(visitor, game):
    lang, question = language_for(game), first(game, "yesno")
    block = f"#q-{question['id']}"
    page = visitor.open(lang, f"{game}/quiz/")
    choice(page, block, right_choice(question)).click()
    expect(page.locator(f"{block} .rr-result")).to_have_class(has("rr-is-right"))
    page.goto(visitor.url(lang, f"{game}/"))
    expect(page.locator(".rr-marked")).to_have_count(0)
    page.goto(visitor.url(lang, f"{game}/quiz/"))
    choice(page, block, right_choice(question)).click()
    page.locator(f"{block} .rr-unknown").click()
    page.goto(visitor.url(lang, f"{game}/"))
    expect(page.locator(f"section#{question['rule']}")).to_have_class(has("rr-marked"))
    assert page.console_errors == []


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


@ONLINE_STATES
@pytest.mark.parametrize("game", practice_games(1))
def test_practice_serves_seeded_variants_and_checks_them_against_the_pool(visitor, game):
    lang = language_for(game)
    visitor.page.add_init_script(SEEDED_RANDOM)
    page = visitor.open(lang, f"{game}/quiz/")
    pool = page.evaluate("fetch('practice.json').then(r => r.json())")["variants"]
    by_text = {item["text"]: item for item in pool}
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    seen = []
    for _ in range(3):
        if page.locator(".rr-practice-q").count():
            next_practice_question(page)
        else:
            page.locator(".rr-practice-start").click()
        text = page.locator(".rr-practice-q .rr-q-text")
        expect(text).to_be_visible()
        item = by_text[question_text(text)]
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
    assert len(set(seen)) == len(seen)
    page.reload()   # the record is kept: what was served is not served again
    page.locator(".rr-practice-start").click()
    expect(page.locator(".rr-practice-q .rr-q-text")).to_be_visible()
    assert question_text(page.locator(".rr-practice-q .rr-q-text")) not in seen
    page.evaluate("localStorage.clear()")
    page.reload()   # a fresh record and the same seed serve the same first variant
    page.locator(".rr-practice-start").click()
    expect(page.locator(".rr-practice-q .rr-q-text")).to_be_visible()
    assert question_text(page.locator(".rr-practice-q .rr-q-text")) == seen[0]


NO_REPEATS = """async ([lang, misses]) => {
  const pool = (await (await fetch('practice.json')).json()).variants;
  const practice = window.RulesRefresher.practice, record = practice.emptyRecord();
  let seed = 7;
  const random = () => { seed = (seed * 16807) % 2147483647; return (seed - 1) / 2147483646; };
  const served = [];
  for (let i = 0; i < pool.length; i++) {
    const item = practice.nextVariant(pool, record, lang, random);
    served.push(practice.variantId(item));
    if (i % misses === 0) { practice.missed(record, item.rule, null); }
    else { practice.answeredRight(record, item.rule); }
  }
  const next = practice.variantId(practice.nextVariant(pool, record, lang, random));
  return {pool: pool.length, ids: new Set(pool.map(practice.variantId)).size, served: new Set(served).size,
          nextWasServed: served.includes(next)};
}"""


@ONLINE_STATES
def test_no_variant_repeats_before_the_pool_is_used_up(visitor, game):
    """The page's own schedule, over the real pool, with a miss every third answer pulling rules forward."""
    lang = language_for(game)
    page = visitor.open(lang, f"{game}/quiz/")
    result = page.evaluate(NO_REPEATS, [lang, 3])
    assert result["ids"] == result["pool"]                 # every variant has its own id
    assert result["served"] == result["pool"]              # all of them served, none twice
    assert result["nextWasServed"]                         # then a new round through the pool begins


@ONLINE_STATES
def test_practice_serves_a_missed_rule_first_and_again_after_two_others(visitor, game):
    lang = language_for(game)
    visitor.page.add_init_script(SEEDED_RANDOM)
    page = visitor.open(lang, f"{game}/quiz/")
    pool = page.evaluate("fetch('practice.json').then(r => r.json())")["variants"]
    rules = sorted({item["rule"] for item in pool})
    missed_rule = rules[-1]
    stated = next(item["q"] for item in pool if item["rule"] == missed_rule)
    page.locator(f"#q-{stated} .rr-reveal").click()        # "Just show me" counts as not known
    by_text = {item["text"]: item for item in pool}
    page.locator(".rr-practice-start").click()
    text = page.locator(".rr-practice-q .rr-q-text")
    expect(text).to_be_visible()
    assert by_text[question_text(text)]["rule"] == missed_rule     # the missed rule before any other
    page.locator(".rr-practice-q .rr-reveal").click()               # missed again
    served = []
    for _ in range(3):                                     # back after two other questions, not right after its answer
        next_practice_question(page)
        item = by_text[question_text(text)]
        served.append(item["rule"])
        answer_block(page, ".rr-practice-q", item["answer"], item["kind"])
    assert served[:2].count(missed_rule) == 0 and served[2] == missed_rule, served
    assert page.console_errors == []


TWO_MISSED = """async ([lang]) => {
  const pool = (await (await fetch('practice.json')).json()).variants;
  const practice = window.RulesRefresher.practice, record = practice.emptyRecord();
  const rules = [...new Set(pool.map(item => item.rule))].sort();
  const [a, b] = rules.slice(-2);
  practice.missed(record, a, null); practice.missed(record, b, null);
  let seed = 3;
  const random = () => { seed = (seed * 16807) % 2147483647; return (seed - 1) / 2147483646; };
  const served = [];
  for (let i = 0; i < 14; i++) {
    const item = practice.nextVariant(pool, record, lang, random);
    served.push(item.rule);
    if (item.rule === a || item.rule === b) { practice.missed(record, item.rule, null); }   /* missed every time */
  }
  return {served, a, b};
}"""


def test_two_missed_rules_come_back_spaced_by_other_rules(page, server, game):
    """Missed again and again, two rules come back, each time with other rules between: never A, B, A, B."""
    lang = language_for(game)
    page.goto(url(server, lang, f"{game}/quiz/"))
    result = page.evaluate(TWO_MISSED, [lang])
    served, missed = result["served"], {result["a"], result["b"]}
    assert served.count(result["a"]) >= 3 and served.count(result["b"]) >= 3, served
    for i, rule in enumerate(served):
        if rule in missed:
            assert rule not in served[i + 1:i + 3], (i, served)              # two others before it comes again
            assert not (i + 1 < len(served) and served[i + 1] in missed), (i, served)   # another rule between the two
    assert page.console_errors == []


MISSED_QUESTION_BACK = """async ([lang]) => {
  const practice = window.RulesRefresher.practice;
  const pool = [];                                   /* one rule, two questions, four variants each */
  for (const q of ["first", "second"]) {
    for (let i = 0; i < 4; i++) { pool.push({id: q + i, q: q, rule: "the-rule"}); }
  }
  const served = [];
  for (let seed = 1; seed <= 20; seed++) {
    const record = practice.emptyRecord();
    practice.missed(record, "the-rule", {q: "second"});
    let s = seed;
    const random = () => { s = (s * 16807) % 2147483647; return (s - 1) / 2147483646; };
    served.push(practice.nextVariant(pool, record, lang, random).q);
  }
  return served;
}"""


def test_practice_brings_back_the_question_missed_before_others_of_its_rule(page, server, game):
    """A rule missed in one question comes back in a variant of that question, which caught the belief, not in
    whichever question of the rule the draw picks."""
    lang = language_for(game)
    page.goto(url(server, lang, f"{game}/quiz/"))
    assert set(page.evaluate(MISSED_QUESTION_BACK, [lang])) == {"second"}


@ONLINE_STATES
def test_practice_file_is_fetched_only_when_practice_starts(visitor, game):
    page = visitor.open(language_for(game), f"{game}/quiz/")
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.reload()
    page.wait_for_load_state("networkidle")
    assert not any("practice.json" in u for u in requests)
    page.locator(".rr-practice-start").click()
    expect(page.locator(".rr-practice-q")).to_be_visible()
    assert sum("practice.json" in u for u in requests) == 1


@in_states("storage-blocked", "storage-full")
def test_storage_that_keeps_nothing_is_said_and_the_quiz_still_marks(visitor, game):
    """Blocked or full storage: the page says, in its language, that marks will not be kept, before the first answer;
    the answer still marks its rule on the page."""
    lang, question = language_for(game), first(game, "yesno")
    notice = ui_texts(lang)["quiz"]["storage_unavailable"]
    page = visitor.open(lang, f"{game}/quiz/")
    expect(page.locator(".rr-storage-notice")).to_have_text(notice)
    expect(page.locator(".rr-storage-notice")).to_be_in_viewport()
    choice(page, f"#q-{question['id']}", wrong_choice(question)).click()
    expect(page.locator(f"#q-{question['id']} .rr-result")).to_have_class(has("rr-is-wrong"))
    expect(page.locator(f".rr-rule-group[data-rule='{question['rule']}']")).to_have_class(has("rr-marked"))
    page.goto(visitor.url(lang, f"{game}/"))
    expect(page.locator(".rr-storage-notice")).to_have_text(notice)
    expect(page.locator(".rr-marked")).to_have_count(0)          # not kept, as the notice said
    assert page.evaluate("document.querySelectorAll('.rr-storage-notice').length") == 1
    assert page.console_errors == []


def stored_shapes(game: str) -> list:
    """(name, stored values by record version, the rules the page must then show marked) for every shape a stored
    record has been found in: each bad part dropped on its own, the rest kept."""
    answered = first(game, "yesno")["rule"]
    one, two = sorted({q["rule"] for q in questions(game)} - {answered})[:2]
    entry = {"box": 1, "due": 0}
    return [
        ("not-json", {2: "[1, 2", 1: "{not json"}, set()),
        ("rule-null", {2: {"version": 2, "turn": 3, "rules": {one: None, two: entry}, "seen": {}}}, {two}),
        ("rules-a-list", {2: {"version": 2, "turn": 0, "rules": [one, two], "seen": {}}}, set()),
        ("record-a-list", {2: [one, two]}, set()),
        ("parts-of-other-types", {2: {"version": "2", "turn": "3", "rules": {one: {"box": "high", "due": None,
                                      "missed": "a text"}}, "seen": [1, 2], "lastRule": 7}}, {one}),
        ("seen-not-a-list", {2: {"version": 2, "turn": 1, "rules": {two: entry}, "seen": {LANGUAGES[0]: "x"}}}, {two}),
        ("missed-as-text", {2: {"version": 2, "turn": 0, "rules": {one: {**entry, "missed": {
            "text": "A question in another language", "why": "Its why"}}}, "seen": {}}}, {one}),
        ("missed-unknown-question", {2: {"version": 2, "turn": 0, "rules": {one: {**entry, "missed": {
            "q": "no-such-question", "v": "no-such-variant"}}}, "seen": {}}}, {one}),
        ("rule-of-another-release", {2: {"version": 2, "turn": 0, "rules": {"no-such-rule": entry, two: entry},
                                         "seen": {}}}, {two}),
        ("version-1", {1: {"marked": {one: True}}}, {one}),
    ]


SHAPE_NAMES = [name for name, _, _ in stored_shapes(QUIZ_GAMES[0])]


def expect_count(page, lang: str, count: int) -> None:
    line = page.locator(".rr-reread, .rr-progress").first
    if count:
        expect(line).to_contain_text(ui_texts(lang)["quiz"]["to_reread"].replace("{count}", str(count)))
    else:
        expect(line).to_be_hidden()


@in_states("storage-corrupt")
@pytest.mark.parametrize("shape", SHAPE_NAMES)
def test_each_stored_record_shape_leaves_the_quiz_working_with_the_right_count(visitor, game, shape):
    _, stored, marked = next(s for s in stored_shapes(game) if s[0] == shape)
    lang, question = language_for(game), first(game, "yesno")
    page = visitor.open(lang, f"{game}/")
    for version, value in stored.items():
        page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                      [f"rr-progress-v{version}-{game}", value if isinstance(value, str) else json.dumps(value)])
    page.reload()
    expect(page.locator("section.rr-forget.rr-marked")).to_have_count(len(marked))
    assert set(page.locator("section.rr-forget.rr-marked").evaluate_all("nodes => nodes.map(n => n.id)")) == marked
    expect_count(page, lang, len(marked))
    expect(page.locator(".rr-missed")).to_have_count(0)          # no question to show for these: none, unknown, old
    page.goto(visitor.url(lang, f"{game}/quiz/"))
    expect_count(page, lang, len(marked))
    page.locator(".rr-practice-start").click()
    expect(page.locator(".rr-practice-q .rr-q-text")).to_be_visible()
    choice(page, f"#q-{question['id']}", wrong_choice(question)).click()
    page.goto(visitor.url(lang, f"{game}/"))
    expect(page.locator(f"section#{question['rule']}")).to_have_class(has("rr-marked"))
    expect_count(page, lang, len(marked | {question["rule"]}))
    assert page.console_errors == []


@in_states("first-visit", "sw-controlled", "offline")
def test_the_question_missed_shows_in_the_language_of_the_page_that_shows_it(visitor, game, site):
    """Missed in one language, a question (stated, then a practice variant of it) shows under its rule in the
    refresher of another, in that one's words: from the quiz's practice file, saved with the page for offline."""
    built = next(g for g in site.games if g.id == game)
    lang = language_for(game)
    question = next((q for q in questions(game)                      # a stated question practice varies
                     if q["kind"] == "yesno" and q["id"] in built.practice and built.practice[q["id"]].variants), None)
    if question is None:        # a game's questions need not have every kind: skipped, said, not a StopIteration
        pytest.skip(f"{game} has no yes/no question with practice variants")
    other = next(code for code in LANGUAGES if code != lang)
    rule = question["rule"]
    worded = built.worded[question["id"]]
    visitor.page.add_init_script(SEEDED_RANDOM)
    page = visitor.open(lang, f"{game}/quiz/", save=(other,))
    page.locator(f"#q-{question['id']} .rr-reveal").click()
    page.goto(visitor.url(other, f"{game}/"))
    expect(page.locator(f"section#{rule} .rr-missed")).to_contain_text(worded[other]["text"])
    expect(page.locator(f"section#{rule} .rr-missed")).to_contain_text(worded[other]["why"])

    page.goto(visitor.url(lang, f"{game}/quiz/"))
    page.locator(".rr-practice-start").click()                  # the missed rule comes first, in the missed question
    expect(page.locator(".rr-practice-q .rr-q-text")).to_be_visible()
    page.locator(".rr-practice-q .rr-reveal").click()
    variant = page.evaluate(f"JSON.parse(localStorage.getItem('rr-progress-v2-{game}')).rules")[rule]["missed"]
    assert variant["q"] == question["id"] and variant["v"]
    pool = json.loads((visitor.site / lang_prefix(other) / game / "quiz/practice.json").read_text(encoding="utf-8"))
    words = next(item for item in pool["variants"] if item["id"] == variant["v"])
    page.goto(visitor.url(other, f"{game}/"))
    expect(page.locator(f"section#{rule} .rr-missed")).to_contain_text(words["text"])
    expect(page.locator(f"section#{rule} .rr-missed")).to_contain_text(words["why"])
    assert page.console_errors == []


@in_states("first-visit", "offline")
def test_the_anki_deck_downloads_online_and_offline_from_the_saved_copy(visitor, game):
    lang = language_for(game)
    page = visitor.open(lang, f"{game}/quiz/")
    link = page.locator(".rr-anki a")
    with page.expect_download() as download:
        link.click()
    deck = visitor.site / lang_prefix(lang) / game / "quiz" / link.get_attribute("href")
    assert download.value.failure() is None
    assert download.value.suggested_filename == deck.name
    assert Path(download.value.path()).read_bytes() == deck.read_bytes()
    assert page.console_errors == []


@in_states("offline-unsaved")
def test_offline_a_deck_not_saved_says_it_needs_a_connection(visitor, game):
    lang = language_for(game)
    page = visitor.open(lang, f"{game}/quiz/")
    page.locator(".rr-anki a").click()
    expect(page.locator(".rr-deck-notice")).to_have_text(ui_texts(lang)["quiz"]["anki_offline"])


@in_states("no-javascript")
def test_without_javascript_answers_still_read(visitor, every_game):
    game = every_game
    question = first(game, "yesno")
    page = visitor.open(language_for(game), f"{game}/quiz/")
    details = page.locator(f"#q-{question['id']} details")
    details.locator("summary").click()
    expect(details.locator(".rr-why")).to_be_visible()
    assert details.locator("a").get_attribute("href") == f"../#{question['rule']}"


@ONLINE_STATES
def test_reread_line_counts_what_you_missed_and_jumps_to_it_gathered_first(visitor, game):
    """Miss the two least important rules on the quiz page: on the refresher the line under the title counts 2 and
    jumps to "Easy to forget", where those two now come first, in rank order, each with the question you missed."""
    lang = language_for(game)
    ui = ui_texts(lang)
    forget = next(s for s in game_yml(game)["refresher"] if s["section"] == "forget")["entries"]
    rank = {entry["id"]: entry["rank"] for entry in forget}
    asked = {q["rule"]: q["id"] for q in questions(game)}
    missed = sorted(asked, key=rank.get)[-2:]
    page = visitor.open(lang, f"{game}/quiz/")
    texts_missed = {}
    for rule in missed:
        block = page.locator(f"#q-{asked[rule]}")
        texts_missed[rule] = question_text(block.locator(".rr-q-text"))
        block.locator(".rr-reveal").click()
    page.goto(visitor.url(lang, f"{game}/"))
    line = page.locator(".rr-reread a")
    expect(line).to_have_text(ui["quiz"]["to_reread"].replace("{count}", "2"))
    expect(line).to_be_in_viewport()                       # under the title, on the first screen of a phone
    line.click()
    expect(page).to_have_url(visitor.url(lang, f"{game}/#forget"))
    expect(page.locator("#forget")).to_be_in_viewport()
    sections = page.locator("section.rr-forget")
    order = sections.evaluate_all("nodes => nodes.map(n => n.id)")
    assert order[:2] == missed                             # gathered at the top, in rank order
    assert order[2:] == sorted(order[2:], key=rank.get)     # the rest as before
    for rule in missed:
        expect(page.locator(f"section#{rule}")).to_have_class(has("rr-marked"))
        expect(page.locator(f"section#{rule} .rr-missed")).to_contain_text(texts_missed[rule])
    assert page.console_errors == []


def focus_shows(locator) -> bool:
    """Whether the focused element looks different from the same element unfocused (outline, shadow or colours)."""
    return locator.evaluate("""n => {
      const look = () => { const s = getComputedStyle(n);
        return [s.outlineStyle, s.outlineWidth, s.boxShadow, s.backgroundColor, s.color].join('|'); };
      const focused = look(); n.blur(); const rest = look(); n.focus(); return focused !== rest;
    }""")


def test_keyboard_focus_follows_each_action_and_shows(page, server, game):
    lang, question = language_for(game), first(game, "yesno")
    block = f"#q-{question['id']}"
    page.goto(url(server, lang, f"{game}/quiz/"))
    page.locator(f"{block} .rr-q-text").evaluate("n => { n.tabIndex = -1; n.focus(); }")
    page.keyboard.press("Tab")
    if question["answer"] is False:
        page.keyboard.press("Tab")
    focused = page.locator(":focus")
    expect(focused).to_have_attribute("data-value", right_choice(question))
    assert focus_shows(focused)
    page.keyboard.press("Enter")
    expect(page.locator(f"{block} .rr-result")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator(f"{block} .rr-unknown")).to_be_focused()
    assert focus_shows(page.locator(f"{block} .rr-unknown"))
    page.keyboard.press("Enter")                           # "I did not know this"
    expect(page.locator(f"{block} .rr-result")).to_be_focused()
    order = first(game, "order")
    if order:
        choices = page.locator(f"#q-{order['id']} button.rr-choice")
        choices.first.focus()
        page.keyboard.press("Space")
        expect(choices.nth(1)).to_be_focused()
    page.goto(url(server, lang, f"{game}/"))
    page.locator(".rr-progress .rr-reset").focus()
    page.keyboard.press("Enter")                           # "Clear my marks"
    expect(page.locator(".rr-undo button")).to_be_focused()
    assert page.console_errors == []


def test_an_empty_answer_says_what_to_do(page, server, game):
    number = first(game, "number")
    if not number:
        pytest.skip(f"{game} has no number question")
    lang = language_for(game)
    ui = ui_texts(lang)
    block = f"#q-{number['id']}"
    page.goto(url(server, lang, f"{game}/quiz/"))
    page.locator(f"{block} .rr-check").click()
    expect(page.locator(f"{block} .rr-result")).to_have_text(ui["quiz"]["empty_answer"])
    expect(page.locator(f"{block} .rr-input")).to_be_focused()
    expect(page.locator(f"{block} .rr-check")).to_be_enabled()   # nothing judged yet


# --- honest answering ------------------------------------------------------------------------------------------------

def answer_block(page, block: str, answer, kind: str | None = None) -> None:
    """Answer a question block with `answer` as the page holds answers (data-answer): a number, yes/no, a name,
    a list."""
    kind = kind or page.locator(block).get_attribute("data-kind")
    if kind == "number":
        page.locator(f"{block} .rr-input").fill(str(answer))
        page.locator(f"{block} .rr-check").click()
    elif kind == "order":
        for name in answer:
            page.locator(f"{block} button.rr-choice[data-value='{name}']").click()
    else:
        page.locator(f"{block} button.rr-choice[data-value='{answer}']").click()


NUMBERS = r"""([lang, value]) => {
  const parse = text => window.RulesRefresher.answers.parseWhole(text, lang);
  const written = new Intl.NumberFormat(lang).format(value);
  const spaces = [' ', '\u00a0', '\u202f'].map(space => parse(written.replace(/\s/g, space)));
  return {written, asWritten: parse(written), plain: parse(String(value)), spaces, decimal: parse('4.2'),
          dotInEnglish: parse('4.200'), junk: parse('42 00'), minus: parse('-' + written),
          typographic: parse('\u2212' + written), minusJunk: parse('--' + written)};
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_number_is_read_as_the_page_writes_it(page, server, lang):
    """4.200 in de and tr, 4 200 in fr (normal, no-break or narrow no-break space), 4,200 in en, and plain 4200, all
    read 4200, and -4200 or −4200 with a minus (a lost Skat game's score); nothing else is taken for a whole number
    (Chromium's type=number reads 4.200 as 4.2)."""
    game = QUIZ_GAMES[0]
    page.goto(url(server, lang, f"{game}/quiz/"))
    found = page.evaluate(NUMBERS, [lang, 4200])
    assert found["asWritten"] == found["plain"] == 4200, found
    assert found["minus"] == found["typographic"] == -4200 and math.isnan(found["minusJunk"]), found   # a lost game
    assert math.isnan(found["decimal"]) and math.isnan(found["junk"]), found
    if lang == "fr":
        assert found["spaces"] == [4200, 4200, 4200], found
    if lang == "en":
        assert math.isnan(found["dotInEnglish"]), found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_big_number_typed_as_the_page_writes_it_is_right(page, server, lang):
    """The stated questions with an answer of four digits or more, answered as the page itself writes the answer."""
    from babel.numbers import format_decimal

    found = [(game, q) for game in QUIZ_GAMES for q in questions(game) if q["kind"] == "number" and q["answer"] >= 1000]
    if not found:
        pytest.skip("no number answer of four digits")
    game, question = found[0]
    block = f"#q-{question['id']}"
    page.goto(url(server, lang, f"{game}/quiz/"))
    written = format_decimal(question["answer"], locale=lang)
    page.locator(f"{block} .rr-input").fill(written)
    page.locator(f"{block} .rr-check").click()
    expect(page.locator(f"{block} .rr-result")).to_have_class(has("rr-is-right"))
    assert page.locator(f"{block} .rr-result").inner_text().count(written) == 1


def believed_question(page) -> tuple[str, str, object]:
    """The first question block on the page whose wrong answers a belief gives: (selector, belief, its answer)."""
    found = page.evaluate("""() => { for (const node of document.querySelectorAll('.rr-q[data-beliefs]')) {
        const beliefs = JSON.parse(node.getAttribute('data-beliefs'));
        const names = Object.keys(beliefs);
        if (names.length) { return [node.id, names[0], beliefs[names[0]]]; } } return null; }""")
    assert found, "no question names a wrong belief"
    return f"#{found[0]}", found[1], found[2]


def test_a_wrong_answer_a_belief_gives_says_which_belief_and_marks_the_rule(page, server, every_game):
    game = every_game
    lang = language_for(game)
    ui = ui_texts(lang)["quiz"]
    page.goto(url(server, lang, f"{game}/quiz/"))
    block, belief, answer = believed_question(page)
    words = page.evaluate("fetch('beliefs.json').then(r => r.json())")[belief]
    answer_block(page, block, answer)
    result = page.locator(f"{block} .rr-result")
    expect(result).to_have_class(has("rr-is-wrong"))
    diagnosis = result.locator(".rr-diagnosis")
    expect(diagnosis).to_contain_text(ui["believed"].replace("{wrong}", words["wrong"]))
    expect(diagnosis).to_contain_text(words["right"])
    expect(result).to_contain_text(ui["your_answer"])
    rule = page.locator(block).get_attribute("data-rule")
    expect(page.locator(f".rr-rule-group[data-rule='{rule}']")).to_have_class(has("rr-marked"))
    assert page.console_errors == []


def test_opening_the_answer_first_counts_as_not_known_and_nothing_after_is_judged(page, server, game):
    lang, question = language_for(game), first(game, "yesno")
    ui = ui_texts(lang)["quiz"]
    block = f"#q-{question['id']}"
    page.goto(url(server, lang, f"{game}/quiz/"))
    page.locator(f"{block} details summary").click()
    result = page.locator(f"{block} .rr-result")
    expect(result).to_have_class(has("rr-revealed"))
    expect(result).to_contain_text(ui["marked"])
    expect(page.locator(f".rr-rule-group[data-rule='{question['rule']}']")).to_have_class(has("rr-marked"))
    expect(choice(page, block, right_choice(question))).to_be_disabled()   # a right answer now would not count
    page.goto(url(server, lang, f"{game}/"))
    expect(page.locator(f"section#{question['rule']}")).to_have_class(has("rr-marked"))


def test_the_chosen_answer_stays_shown_and_answered_controls_look_disabled(page, server, game):
    lang, question = language_for(game), first(game, "yesno")
    ui = ui_texts(lang)["quiz"]
    block = f"#q-{question['id']}"
    page.goto(url(server, lang, f"{game}/quiz/"))
    chosen, other = choice(page, block, wrong_choice(question)), choice(page, block, right_choice(question))
    looks = "n => { const s = getComputedStyle(n); return [s.borderTopStyle, s.backgroundColor, s.cursor]; }"
    at_rest = other.evaluate(looks)
    chosen.click()
    expect(chosen).to_have_class(has("rr-chosen"))
    expect(chosen).to_have_attribute("aria-pressed", "true")
    expect(page.locator(f"{block} .rr-result")).to_contain_text(f"{ui['your_answer']} {ui[wrong_choice(question)]}")
    expect(other).to_be_disabled()
    assert other.evaluate(looks) != at_rest and other.evaluate(looks)[0] == "dashed"
    assert chosen.evaluate(looks)[0] == "solid" and chosen.evaluate(looks)[1] != other.evaluate(looks)[1]


def test_did_not_know_is_acknowledged(page, server, game):
    lang, question = language_for(game), first(game, "yesno")
    ui = ui_texts(lang)["quiz"]
    block = f"#q-{question['id']}"
    page.goto(url(server, lang, f"{game}/quiz/"))
    choice(page, block, right_choice(question)).click()
    unknown = page.locator(f"{block} .rr-unknown")
    unknown.click()
    expect(unknown).to_have_text(ui["marked"])
    expect(unknown).to_be_disabled()
    expect(page.locator(f"{block} .rr-result")).to_contain_text(ui["marked"])


def rules_asked_three_times(game: str) -> dict[str, list]:
    by_rule: dict[str, list] = {}
    for q in questions(game):
        by_rule.setdefault(q["rule"], []).append(q)
    return {rule: asked for rule, asked in by_rule.items() if len(asked) >= 3}


@pytest.mark.parametrize("game", [next(game for game in (IN_DEPTH, *QUIZ_GAMES) if rules_asked_three_times(game))])
def test_a_rule_answered_right_again_is_said_to_be_learned(page, server, game):
    """Missed once, then right twice: the rule leaves the list to re-read, and the page says so (in a game that asks a
    rule three times)."""
    lang = language_for(game)
    ui = ui_texts(lang)["quiz"]
    by_rule = {}
    for q in questions(game):
        by_rule.setdefault(q["rule"], []).append(q)
    rule, asked = next((rule, qs) for rule, qs in by_rule.items() if len(qs) >= 3)
    page.goto(url(server, lang, f"{game}/quiz/"))
    page.locator(f"#q-{asked[0]['id']} .rr-reveal").click()
    group = page.locator(f".rr-rule-group[data-rule='{rule}']")
    expect(group).to_have_class(has("rr-marked"))
    for question in asked[1:3]:
        block = f"#q-{question['id']}"
        answer_block(page, block, {True: "yes", False: "no"}.get(question["answer"], question["answer"])
                     if isinstance(question["answer"], bool) else question["answer"])
        expect(page.locator(f"{block} .rr-result")).to_have_class(has("rr-is-right"))
    expect(page.locator(f"#q-{asked[2]['id']} .rr-result .rr-learned")).to_have_text(ui["learned"])
    expect(group).not_to_have_class(has("rr-marked"))


# Questions answered by a game's best play (Farkle's bank or roll, quiz/games/farkle/strategy.py), found by their check.
STRATEGY_QUESTIONS = [(game, question) for game in QUIZ_GAMES for question in questions(game)
                      if question["check"] == "rolls_again" and question.get("vary")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bank_or_roll_answered_as_a_belief_says_which_and_shows_both_expected_values(page, server, lang):
    """"Bank or roll?" answered as a player holding a belief of the rule would (issue 31), in every language: the page
    names the belief, gives the right rule, and the explanation shows the two expected values the solver computed."""
    if not STRATEGY_QUESTIONS:
        pytest.skip("no game asks what its best play is")
    game, question = STRATEGY_QUESTIONS[0]
    ui = ui_texts(lang)["quiz"]
    block = f"#q-{question['id']}"
    page.goto(url(server, lang, f"{game}/quiz/"))
    belief, answer = next(iter(json.loads(page.locator(block).get_attribute("data-beliefs")).items()))
    words = page.evaluate("fetch('beliefs.json').then(r => r.json())")[belief]
    answer_block(page, block, answer)
    result = page.locator(f"{block} .rr-result")
    expect(result).to_have_class(has("rr-is-wrong"))
    expect(result.locator(".rr-diagnosis")).to_contain_text(ui["believed"].replace("{wrong}", words["wrong"]))
    computed = bound(game).call(question["check"], question["givens"])
    for value in (computed["roll_value"], computed["bank_value"]):
        expect(page.locator(f"{block} details")).to_contain_text(format_decimal(value, locale=lang))
    assert page.console_errors == []
