"""The Farkle calculator and odds page in real Chromium, in two languages: the browser shows the checker's answers."""
from __future__ import annotations

import pytest

from conftest import lang_prefix
from quiz import farkle

ROLLS = [[1, 1, 1, 1], [2, 3, 4, 6, 6, 2], [1, 1, 5, 5, 5, 1], [4, 2, 6, 1, 5, 3], [6, 6, 6, 1, 5, 2], [3, 3, 3, 3, 6, 6]]


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_calculator_shows_the_checkers_answer(page, server, lang):
    page.goto(f"{server}{lang_prefix(lang)}farkle/")
    ui = page.evaluate("JSON.parse(document.querySelector('.rr-calc').dataset.ui)")
    result = page.locator(".rr-calc-result")
    for roll in ROLLS:
        page.locator(".rr-calc-clear").click()
        for value in roll:
            page.locator(f".rr-calc-faces .rr-die:nth-child({value})").click()
        page.wait_for_function("document.querySelector('.rr-calc-result').textContent.length > 0")
        text = result.inner_text()
        if farkle.is_farkle(roll):
            assert ui["farkle"] in text
        else:
            assert ui["best"].replace("{points}", str(farkle.best_score(roll))) in text
            assert " ".join(map(str, farkle.best_dice(roll))) in text
        assert (ui["hot"] in text) == farkle.is_hot_dice(roll), roll
    page.locator(".rr-calc-picked .rr-die").first.click()   # tapping a chosen die removes it
    assert page.locator(".rr-calc-picked .rr-die").count() == len(ROLLS[-1]) - 1
    assert page.console_errors == [] and page.foreign_requests == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_odds_page_shows_the_exhaustive_chances(page, server, lang):
    page.goto(f"{server}{lang_prefix(lang)}farkle/odds/")
    table = page.locator("table").first.inner_text()
    for numerator, denominator in [(2, 3), (4, 9), (5, 18), (17, 108), (25, 324), (5, 216)]:
        assert f"{numerator}/{denominator}" in table
    assert page.locator("svg.rr-chart rect").count() == 6
