"""The Skat list's count in the browser (quiz/games/skat/list.js, the list page's script, written before its page) in
real Chromium: on 10,000 deals the engine bids, declares and plays it scores every game exactly as the checker does
(quiz/games/skat: value, won or lost, the score, the levels, the Seeger-Fabian list), and on 1,000 games with one thing
wrong it refuses exactly those the checker refuses. Told only "with N" or "without N" for the cards, as players say it
at the table, it scores every one of those games the same (SkatList.twelveWith). Where the table plays Kontra and Re
and Bock rounds, it counts them as the checker does."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from rules_reading import ROOT, checker_says
from test_skat_checker import broken, played
import quiz.__main__ as quiz_main
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


@pytest.mark.parametrize("state", ["first-visit"])        # a script alone, in a blank page
def test_kontra_re_and_bock_count_as_the_checker_does_where_the_table_plays_them(browser, state):
    """At a table playing Kontra and Re and Bock rounds (rules/skat/sets.yml), 2,000 played games, each said with a
    random Kontra or Re and in a Bock round or not, score as the checker scores them, a Bock round opened alike; at the
    ISkO's table the same games with a Kontra or in a Bock round are refused by both."""
    rng = random.Random(63)
    games = [dict(givens, players=state.players, kontra=rng.choice([None, "kontra", "re"]), bock=rng.random() < 0.3)
             for state, givens in played(64_000, 2_200)][:2_000]
    house = quiz_main.at_table(skat, "skat", "isko,kontra:1,bock:1")
    page = browser.new_page()
    page.add_script_tag(content=LIST_JS.read_text(encoding="utf-8"))
    for checker in (house, skat):
        scored = page.evaluate("([facts, games]) => games.map((game) => SkatList.score(game, facts))",
                               [dataclasses.asdict(checker.facts), json.loads(json.dumps(games))])
        expected = [checker_says(checker, game) for game in games]
        if checker is house:
            assert scored == expected
            assert any(got["bock_opens"] for got in scored)
        else:
            refused = [want is None for want in expected]
            assert refused == ["problem" in got for got in scored] and sum(refused) > 1_000
    page.close()
