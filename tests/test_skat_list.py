"""The Skat list's count in the browser (quiz/games/skat/list.js, the list page's script, written before its page) in
real Chromium: on 10,000 deals the engine bids, declares and plays it scores every game exactly as the checker does
(quiz/games/skat: value, won or lost, the score, the levels, the Seeger-Fabian list), and on 1,000 games with one thing
wrong it refuses exactly those the checker refuses. Told only "with N" or "without N" for the cards, as players say it
at the table, it scores every one of those games the same (SkatList.twelveWith)."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from rules_reading import ROOT, checker_says
from test_skat_checker import broken, played
from quiz.games import bound

pytestmark = pytest.mark.browser
LIST_JS = ROOT / "quiz" / "games" / "skat" / "list.js"
GAMES = 10_000
skat = bound("skat")



@pytest.mark.parametrize("state", ["first-visit"])        # a script alone, in a blank page
def test_the_list_scores_every_game_as_the_checker_does(browser, state):
    games = [dict(givens, players=state.players) for state, givens in played(61_000, GAMES + GAMES // 10)][:GAMES]
    assert len(games) == GAMES
    rng = random.Random(62)
    wrong = [broken(rng, rng.choice(games)) for _ in range(1000)]
    page = browser.new_page()
    page.add_script_tag(content=LIST_JS.read_text(encoding="utf-8"))
    facts = dataclasses.asdict(skat.facts)
    scored = page.evaluate("([facts, games]) => games.map((game) => SkatList.score(game, facts))",
                           [facts, json.loads(json.dumps(games + wrong))])
    # told "with 2" instead of the cards (the list page's usual way), the same game scores the same
    told = page.evaluate("""([facts, games]) => games.filter((game) => game.game !== "null").map((game) => {
        const [withThem, count] = SkatList.spitzen(game.game, game.cards);
        const fits = (twelve) => SkatList.refused({...game, cards: twelve}, facts) === null;
        return SkatList.score({...game, cards: SkatList.twelveWith(game.game, withThem, count, facts, fits)}, facts);
    })""", [facts, json.loads(json.dumps(games))])
    page.close()
    assert told == [got for game, got in zip(games, scored) if game["game"] != "null"]
    expected = [checker_says(skat, game) for game in games + wrong]
    differences = [(game, want, got) for game, want, got in zip(games, expected, scored[:GAMES]) if got != want]
    assert not differences, differences[:3]
    refusals = [(game, want, got) for game, want, got in zip(wrong, expected[GAMES:], scored[GAMES:])
                if (want is None) != ("problem" in got)]
    assert not refusals, refusals[:3]
    assert sum("problem" in got for got in scored[GAMES:]) > 900
    assert {got["won"] for got in scored[:GAMES]} == {True, False} and any(got["overbid"] for got in scored[:GAMES])
