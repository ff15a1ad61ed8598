"""The Belote score sheet page (belote/sheet/: docs/assets/rounds.js around quiz/games/belote/sheet.js) in real
Chromium: two named teams, each deal told as the table tells it (the trumps, the takers, their tricks' card points, who
took the last trick, belote and rebelote, a capot) writes what each team records as the checker counts it, with the
reason in the page's words; a litige's points wait for the next deal and go to its winner; the list stays through a
reload; at a table whose rules the visitor chose (a capot of 250) the sheet counts by them; and what no deal can be is
refused in the page's words. The round list itself is tested in depth on Skat's list
(tests/test_skat_list_page.py); this is Belote's pass: its fields, its count and the points a deal carries over."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from browser_helpers import in_states
from rules_reading import LANGUAGES
import quiz.__main__ as quiz_main
from quiz.games import bound

pytestmark = pytest.mark.browser
PAGE = "belote/sheet/"
belote = bound("belote")
TEAMS = ["Nous", "Eux"]


def tell(page, takers: int, points: int, last: str, belote_by: str = "none") -> None:
    form = page.locator(".rr-list-round")
    form.locator('input[data-field="trump"][value="hearts"]').check()
    form.locator(f'input[data-field="taker"][value="{takers}"]').check()
    form.locator('input[data-field="points"]').fill(str(points))
    form.locator(f'input[data-field="last"][value="{last}"]').check()
    form.locator(f'input[data-field="belote"][value="{belote_by}"]').check()


@in_states("first-visit")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_litige_waits_for_the_next_deal_and_each_deal_records_as_the_checker_counts(visitor, lang):
    page = visitor.open(lang, PAGE)
    expect(page.locator(".rr-list-round")).to_be_visible()
    ui = json.loads(page.locator(".rr-list").get_attribute("data-ui"))
    for index, name in enumerate(TEAMS):
        page.locator(f'.rr-list [data-player="{index}"]').fill(name)
    tell(page, 0, 71, "taker")                              # 71 + 10 = 81 against 81: a litige (FFB 10.1.3)
    litige = belote.count(71, 4, "taker", None)
    assert litige.held == 81 and not litige.made
    expect(page.locator(".rr-list-preview")).to_contain_text(str(litige.held))
    page.locator(".rr-list-round .md-button--primary").click()
    tell(page, 1, 100, "taker")                             # Eux take and make it: the 81 held are theirs
    made = belote.count(100, 5, "taker", None)
    assert made.made
    expect(page.locator(".rr-list-preview")).to_contain_text(
        ui["carried"].strip().replace("{team}", "Eux").replace("{points}", "81"))
    page.locator(".rr-list-round .md-button--primary").click()
    page.reload()
    expected = [litige.taker + made.defence, litige.defence + made.taker + litige.held]
    assert page.locator(".rr-list-table tfoot td").all_inner_texts() == [str(n) for n in expected]
    assert page.console_errors == []


@in_states("first-visit")
def test_what_no_deal_can_be_is_refused_in_the_pages_words(visitor):
    page = visitor.open("fr", PAGE)
    ui = json.loads(page.locator(".rr-list").get_attribute("data-ui"))
    tell(page, 0, 151, "taker")                             # the defence's tricks would hold a single point
    expect(page.locator(".rr-list-preview")).to_have_text(ui["problem_no_tricks"].replace("{value}", "151"))
    page.locator('input[data-field="points"]').fill("153")
    expect(page.locator(".rr-list-preview")).to_have_text(
        ui["problem_points"].replace("{most}", "152").replace("{value}", "153"))
    expect(page.locator(".rr-list-round .md-button--primary")).to_be_disabled()
    page.locator('input[data-field="capot"][value="taker"]').check()
    expect(page.locator('input[data-field="points"]')).to_have_count(0)     # a capot says the points itself
    expect(page.locator(".rr-list-round .md-button--primary")).to_be_enabled()
    assert page.console_errors == []


@in_states("first-visit")
def test_at_a_chosen_table_the_sheet_counts_by_its_rules(visitor):
    """A capot is 252 by the FFB and 250 where the table chooses so (?rules=ffb,capot:250), as the checker counts."""
    page = visitor.open("fr", PAGE + "?rules=ffb,capot:250")
    form = page.locator(".rr-list-round")
    form.locator('input[data-field="trump"][value="spades"]').check()
    form.locator('input[data-field="taker"][value="1"]').check()
    form.locator('input[data-field="capot"][value="taker"]').check()
    page.locator(".rr-list-round .md-button--primary").click()
    capot = quiz_main.at_table(belote, "belote", "ffb,capot:250").count(152, 8, "taker", None)
    assert capot.taker == 250
    expect(page.locator(".rr-list-table tfoot td").nth(1)).to_have_text(str(capot.taker))
    assert page.console_errors == []


@in_states("first-visit")
def test_the_first_team_to_reach_the_target_wins(visitor):
    """At ?rules=ffb,target:501 (journaldesseniors.com), two capots of 252 take a team past 501: the sheet says it has
    won, in the page's words (FFB 10.4.2: the first team to reach the target)."""
    page = visitor.open("de", PAGE + "?rules=ffb,target:501")
    ui = json.loads(page.locator(".rr-list").get_attribute("data-ui"))
    page.locator('.rr-list [data-player="0"]').fill("Wir")
    for _ in range(2):
        form = page.locator(".rr-list-round")
        form.locator('input[data-field="trump"][value="clubs"]').check()
        form.locator('input[data-field="taker"][value="0"]').check()
        form.locator('input[data-field="capot"][value="taker"]').check()
        expect(page.locator(".rr-list-verdict")).to_have_count(0)
        page.locator(".rr-list-round .md-button--primary").click()
    capot = belote.count(152, 8, "taker", None).taker
    expect(page.locator(".rr-list-verdict")).to_have_text(
        ui["wins"].replace("{team}", "Wir").replace("{goal}", "501").replace("{points}", str(2 * capot)))
    assert page.console_errors == []
