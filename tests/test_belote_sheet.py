"""The Belote score sheet's count in the browser (quiz/games/belote/sheet.js, the sheet page's script, written before
its page) in real Chromium: on 10,000 deals the engine deals, takes and plays it counts every deal exactly as the
checker does (quiz/games/belote: what each team records, made or dedans, the capot, a litige's points held), and on
1,000 deals with one thing wrong it refuses exactly those the checker refuses."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from rules_reading import ROOT, checker_says
from test_belote_checker import broken_deal, played
from quiz.games import bound

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
