"""The Okey score sheet's count in the browser (quiz/games/okey/sheet.js, the sheet page's script, written before its
page) in real Chromium: on 10,000 rounds the engine plays (until the pile runs out, and ending in each kind of finish)
it counts every player's penalty exactly as the checker does, at both readings of an okey left in hand and at classic
Okey's count, and on 1,000 rounds with one thing wrong it refuses exactly those the checker refuses. Told each rack as
the table counts it (its numbers, okeys and false okeys: the sheet page's way), every round counts the same
(OkeySheet.tilesOf)."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from rules_reading import ROOT, checker_says
from test_okey_checker import broken_round, finished_rounds
from quiz.games import bound
from quiz.games.okey.engine import replay
from quiz.games.okey.play import random_record

pytestmark = pytest.mark.browser
SHEET_JS = ROOT / "quiz" / "games" / "okey" / "sheet.js"
PLAYED, FINISHED = 9_800, 200
okey = bound("okey")
TABLES = [okey, type(okey)(dataclasses.replace(okey.facts, held_okey_in_sum=True)),
          type(okey)(dataclasses.replace(okey.facts, classic=True, wraps=True))]



@pytest.mark.parametrize("state", ["first-visit"])        # a script alone, in a blank page
def test_the_sheet_counts_every_round_as_the_checker_does(browser, state):
    rng = random.Random(64)
    rounds = [replay(okey, random_record(okey, rng)).result() for _ in range(PLAYED)]
    rounds += list(finished_rounds(65, FINISHED))
    wrong = [broken_round(rng, rng.choice(rounds)) for _ in range(1000)]
    page = browser.new_page()
    page.add_script_tag(content=SHEET_JS.read_text(encoding="utf-8"))
    games = json.loads(json.dumps(rounds + wrong))
    for checker in TABLES:
        counted = page.evaluate("([facts, rounds]) => rounds.map((round) => OkeySheet.score(round, facts))",
                                [dataclasses.asdict(checker.facts), games])
        expected = [checker_says(checker, game) for game in games]
        differences = [(game, want, got) for game, want, got in zip(rounds, expected, counted)
                       if got != want and not (want is None and "problem" in got)]     # or refused by both
        assert not differences, differences[:3]
        refusals = [(game, want, got) for game, want, got in zip(wrong, expected[len(rounds):], counted[len(rounds):])
                    if (want is None) != ("problem" in got)]
        assert not refusals, refusals[:3]
        assert sum("problem" in got for got in counted[len(rounds):]) > 700
        if checker.facts.classic:
            continue
        # told as the table counts a rack (its numbers, its okeys, its false okeys), every round counts the same
        told = page.evaluate("""([facts, rounds]) => rounds.map((round) => {
            const n = Number(round.indicator.slice(1)), okey = round.indicator[0] + (n % 13 + 1);
            const racks = round.players.map((player) => ({
                numbers: player.tiles.filter((t) => t !== okey && t !== "J").map((t) => Number(t.slice(1))),
                okeys: player.tiles.filter((t) => t === okey).length,
                falseOkeys: player.tiles.filter((t) => t === "J").length}));
            const tiles = OkeySheet.tilesOf(n, racks);
            return OkeySheet.score({...round, indicator: "R" + n,
                                    players: round.players.map((player, seat) => ({...player, tiles: tiles[seat]}))},
                                   facts).penalties;
        })""", [dataclasses.asdict(checker.facts), json.loads(json.dumps(rounds))])
        assert told == [got["penalties"] for got in counted[:len(rounds)]]
    page.close()
