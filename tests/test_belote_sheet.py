"""The Belote score sheet's count in the browser (quiz/games/belote/sheet.js, the sheet page's script, written before
its page) in real Chromium: on 10,000 deals the engine deals, takes and plays it counts every deal exactly as the
checker does (quiz/games/belote: what each team records, made or dedans, the capot, a litige's points held), and on
1,000 deals with one thing wrong it refuses exactly those the checker refuses; told as players tell a deal (the takers'
card points, not their cards), every deal counts the same at five tables of the rule sets."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from rules_reading import ROOT, checker_says
from test_belote_checker import broken_deal, played
import quiz.__main__ as quiz_main
from quiz.games import bound
from quiz.games.belote.components import SUIT_OF_NAME, card

pytestmark = pytest.mark.browser
SHEET_JS = ROOT / "quiz" / "games" / "belote" / "sheet.js"
DEALS = 10_000
belote = bound("belote")



@pytest.mark.parametrize("state", ["first-visit"])        # a script alone, in a blank page
def test_the_sheet_counts_every_deal_as_the_checker_does(browser, state):
    deals = [match.result() for match in played(57_000, DEALS + DEALS // 5)][:DEALS]
    assert len(deals) == DEALS
    rng = random.Random(63)
    wrong = [broken_deal(rng, rng.choice(deals)) for _ in range(1000)]
    page = browser.new_page()
    page.add_script_tag(content=SHEET_JS.read_text(encoding="utf-8"))
    counted = page.evaluate("([facts, deals]) => deals.map((deal) => BeloteSheet.score(deal, facts))",
                            [dataclasses.asdict(belote.facts), json.loads(json.dumps(deals + wrong))])
    page.close()
    expected = [checker_says(belote, deal) for deal in deals + wrong]
    differences = [(deal, want, got) for deal, want, got in zip(deals, expected, counted[:DEALS]) if got != want]
    assert not differences, differences[:3]
    refusals = [(deal, want, got) for deal, want, got in zip(wrong, expected[DEALS:], counted[DEALS:])
                if (want is None) != ("problem" in got)]
    assert not refusals, refusals[:3]
    assert sum("problem" in got for got in counted[DEALS:]) > 800
    assert {got["made"] for got in counted[:DEALS]} == {True, False} and any(got["held"] for got in counted[:DEALS])


TOLD_AT = ["ffb", "belotejeu", "ffb,litige:0", "ffb,contract:82", "ffb,capot:250,dedans:160"]


@pytest.mark.parametrize("state", ["first-visit"])        # a script alone, in a blank page
def test_told_as_the_table_tells_it_every_deal_counts_as_with_its_cards(browser, state):
    """The sheet page takes a deal as players tell it: the trump, the takers, their tricks' card points, who took the
    last trick, the belote, a capot; sheet.js makes tricks that hold those points again (cardsFor). On the engine's
    deals at five tables of rules/belote/sets.yml, what each team records is what the checker counts from the real
    cards."""
    deals = [match.result() for match in played(58_000, 3_000)][:2_500]
    page = browser.new_page()
    page.add_script_tag(content=SHEET_JS.read_text(encoding="utf-8"))
    for address in TOLD_AT:
        checker = quiz_main.at_table(belote, "belote", address)
        told = []
        for deal in deals:
            trump, taker = SUIT_OF_NAME[deal["trump"]], deal["taker"]
            other = "B" if taker == "A" else "A"
            role = {taker: "taker", other: "defence", None: "none"}
            capot = next((role[team] for team in "AB" if len(deal["won"][team]) == 32), "none")
            told.append({"trump": deal["trump"], "taker": "AB".index(taker), "capot": capot,
                         "points": sum(checker.points_of(card(name), trump) for name in deal["won"][taker]),
                         "last": role[deal["last"]], "belote": role[deal["belote"]]})
        counted = page.evaluate("""([facts, told]) => told.map((values) => RoundLists.sheet.count(values, {
            facts: facts, ui: {}, fill: (text, values) => JSON.stringify(values), number: String,
            name: (seat) => "AB"[seat]}).scores)""", [dataclasses.asdict(checker.facts), told])
        expected = [[checker.score_json(deal)[team] for team in "AB"] for deal in deals]
        differences = [(address, values, want, got) for values, want, got in zip(told, expected, counted)
                       if got != want]
        assert not differences, differences[:3]
    page.close()
