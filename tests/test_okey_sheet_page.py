"""The Okey score sheet page (okey/sheet/: docs/assets/rounds.js around quiz/games/okey/sheet.js) in real Chromium: a
round typed as the table counts it (the gösterge's number, who finished and how, for every other player whether they
opened and the numbers left on the rack) writes each player's penalty as the checker counts it, with the reason in the
page's words, and stays through a reload. The round list itself is tested in depth on Skat's list
(tests/test_skat_list_page.py); this is Okey's pass: its fields, each player's own, and its count."""
from __future__ import annotations

import dataclasses
import json

import pytest
from playwright.sync_api import expect

from browser_helpers import in_states
from rules_reading import LANGUAGES
import quiz.__main__ as quiz_main
from quiz.checker import IllegalState
from quiz.games import bound

pytestmark = pytest.mark.browser
PAGE = "okey/sheet/"
okey = bound("okey")
# Gösterge 4 (the okey a 5): Ayşe throws her last tile; Burak opened with pairs and keeps 5, 12, 7; Cem never opened;
# Deniz opened with runs and sets and keeps 3, 9 and a false okey (which counts as the okey's 5).
ROUND = {"indicator": "R4", "finish": "normal", "players": [
    {"opened": True, "pairs": False, "finished": True, "tiles": []},
    {"opened": True, "pairs": True, "finished": False, "tiles": ["Y5", "Y12", "Y7"]},
    {"opened": False, "pairs": False, "finished": False, "tiles": []},
    {"opened": True, "pairs": False, "finished": False, "tiles": ["Y3", "Y9", "J"]}]}
NAMES = ["Ayşe", "Burak", "Cem", "Deniz"]


def minus(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def type_round(page) -> None:
    form = page.locator(".rr-list-round")
    form.locator('input[data-field="indicator"]').fill("4")
    form.locator('input[data-field="finish"][value="normal"]').check()
    form.locator('input[data-field="finisher"][value="0"]').check()
    form.locator('input[data-field="opened.1"][value="pairs"]').check()
    form.locator('input[data-field="tiles.1"]').fill("5 12 7")
    form.locator('input[data-field="opened.2"][value="no"]').check()
    form.locator('input[data-field="opened.3"][value="melds"]').check()
    form.locator('input[data-field="tiles.3"]').fill("3 9")
    form.locator('input[data-field="false_okeys.3"]').fill("1")


@in_states("first-visit")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_round_writes_each_players_penalty_as_the_checker_counts_it(visitor, lang):
    page = visitor.open(lang, PAGE)
    expect(page.locator(".rr-list-round")).to_be_visible()
    ui = json.loads(page.locator(".rr-list").get_attribute("data-ui"))
    for index, name in enumerate(NAMES):
        page.locator(f'.rr-list [data-player="{index}"]').fill(name)
    type_round(page)
    expect(page.locator('input[data-field="tiles.0"]')).to_have_count(0)       # the finisher has no rack to count
    expected = okey.score_json(ROUND)["penalties"]
    preview = page.locator(".rr-list-preview")
    expect(preview).to_contain_text(ui["line_opened"].replace("{player}", "Burak").replace(
        "{sum}", "5 + 12 + 7").replace("{total}", "24"))
    expect(preview).to_contain_text(ui["line_unopened"].replace("{player}", "Cem").replace(
        "{points}", str(expected[2])))
    page.locator(".rr-list-round .md-button--primary").click()
    page.reload()
    assert page.locator(".rr-list-table tfoot td").all_inner_texts() == [minus(n) for n in expected]
    assert page.console_errors == []


@in_states("first-visit")
def test_what_cannot_be_is_refused_in_the_pages_words(visitor):
    page = visitor.open("tr", PAGE)
    ui = json.loads(page.locator(".rr-list").get_attribute("data-ui"))
    type_round(page)
    page.locator('input[data-field="tiles.3"]').fill("3 14")
    expect(page.locator(".rr-list-preview")).to_have_text(ui["problem_number"].replace("{value}", "14"))
    page.locator('input[data-field="tiles.3"]').fill("3 9")
    page.locator('input[data-field="okeys.3"]').fill("2")
    page.locator('input[data-field="false_okeys.3"]').fill("3")
    expect(page.locator(".rr-list-preview")).to_have_text(ui["problem_okeys"])
    expect(page.locator(".rr-list-round .md-button--primary")).to_be_disabled()
    assert page.console_errors == []


@in_states("first-visit")
def test_at_classic_okey_the_sheet_asks_the_finish_and_the_gosterge_shown_and_counts_as_the_checker(visitor):
    """At the classic table (?rules=classic) the form asks no racks, only how the round ended, who finished and who
    showed the gösterge's twin; every such round (5 finishes × 4 finishers × 16 who showed) counts as the checker
    counts it, or is refused where the checker refuses it; a round typed in the page writes the checker's points."""
    classic = quiz_main.at_table(okey, "okey", "classic")
    page = visitor.open("en", PAGE + "?rules=classic")
    expect(page.locator('input[data-field="showed.0"]')).to_have_count(1)
    expect(page.locator('input[data-field="indicator"]')).to_have_count(0)
    ui = json.loads(page.locator(".rr-list").get_attribute("data-ui"))
    facts = dataclasses.asdict(classic.facts)
    cases = [(finish, finisher, [bool(mask >> seat & 1) for seat in range(4)])
             for finish in ["normal", "okey", "pairs", "hand", "none"] for finisher in range(4)
             for mask in range(16)]
    counted = page.evaluate("""([facts, ui, cases]) => cases.map(([finish, finisher, showed]) =>
        RoundLists.sheet.count({finish: finish, finisher: finisher, showed: showed},
                               {facts: facts, ui: ui, fill: RulesRefresher.format, number: String,
                                name: (seat) => "P" + seat}))""", [facts, ui, cases])
    for (finish, finisher, showed), got in zip(cases, counted):
        data = {"indicator": "R1", "finish": None if finish == "none" else finish, "players": [
            {"opened": False, "pairs": finish == "pairs" and seat == finisher, "finished": finish != "none" and
             seat == finisher, "tiles": [], "showed_indicator": showed[seat]} for seat in range(4)]}
        try:
            want = classic.score_json(data)["penalties"]
        except IllegalState:
            want = None
        assert (got.get("scores") if want is not None else "problem" in got) == (want or True), (finish, showed, got)
    form = page.locator(".rr-list-round")
    form.locator('input[data-field="finish"][value="okey"]').check()
    form.locator('input[data-field="finisher"][value="0"]').check()
    form.locator('input[data-field="showed.2"]').check()
    page.locator(".rr-list-round .md-button--primary").click()
    page.reload()
    expected = counted[cases.index(("okey", 0, [False, False, True, False]))]["scores"]
    assert page.locator(".rr-list-table tfoot td").all_inner_texts() == [minus(n) for n in expected]
    assert page.console_errors == []


@in_states("first-visit")
def test_after_the_rounds_the_table_agreed_the_lowest_total_wins(visitor):
    """At ?rules=okey-101,rounds:3 (baguvix.com.tr: 3, 5, 7, 9 or 11 rounds) the sheet names the winner once the third
    round is written, the lowest total as the checker counts the rounds, and not before."""
    page = visitor.open("en", PAGE + "?rules=okey-101,rounds:3")
    ui = json.loads(page.locator(".rr-list").get_attribute("data-ui"))
    for index, name in enumerate(NAMES):
        page.locator(f'.rr-list [data-player="{index}"]').fill(name)
    for _ in range(3):
        expect(page.locator(".rr-list-verdict")).to_have_count(0)
        type_round(page)
        page.locator(".rr-list-round .md-button--primary").click()
    totals = [3 * penalty for penalty in okey.score_json(ROUND)["penalties"]]
    best = min(totals)
    expect(page.locator(".rr-list-verdict")).to_have_text(ui["wins_rounds"].replace("{count}", "3").replace(
        "{player}", NAMES[totals.index(best)]).replace("{points}", minus(best)))
    assert page.console_errors == []
