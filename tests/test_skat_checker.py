"""The Skat rules checker against the rules: the sources' own worked games (tests/skat_examples.yml, each naming its
source), thousands of random deals the engine plays scored alike by an independent scorer written from the ISkO
(tests/skat_reference.py), the values that may be bid, each wrong belief's answer worked by hand, the engine refusing
each move the rules forbid, and `python -m quiz score skat`."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import skat_reference
from quiz.checker import IllegalState, MalformedInput
from quiz.games import bound
from quiz.games.skat.components import DECK, trick_winner, trumps
from quiz.games.skat.engine import IllegalMove, replay
from quiz.games.skat.play import random_record
from quiz.games.skat.witnesses import SkatWitnesses

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = yaml.safe_load((Path(__file__).parent / "skat_examples.yml").read_text(encoding="utf-8"))
skat = bound("skat")


def twelve_for(game: str, count: int, with_: bool) -> list[str]:
    """Twelve cards played with or without `count` Spitzen and nothing more: the run held (or missing) from the club
    jack, the next trump the other way, the rest plain cards (the skat's two worth nothing)."""
    order = [str(card) for card in trumps(game)]
    held = order[:count] if with_ else order[count:count + 1]
    plain = [str(card) for card in DECK if str(card) not in order and str(card)[1:] in ("7", "8", "9")]
    plain += [str(card) for card in DECK if str(card) not in order and str(card) not in plain]
    return held + plain[:12 - len(held)][::-1]


def as_given(example: dict) -> dict:
    cards = example.get("cards") or (twelve_for(example["game"], example["matadors"], example["with"])
                                     if example["game"] != "null" else twelve_for("clubs", 1, True))
    return {"game": example["game"], "cards": cards, "hand": example["hand"], "ouvert": example["ouvert"],
            "announced": example["announced"], "points": example["points"], "tricks": example["tricks"],
            "bid": example["bid"]}


@pytest.mark.parametrize("example", EXAMPLES, ids=[example["id"] for example in EXAMPLES])
def test_the_sources_worked_games(example):
    """Each worked game of the sources (from_source: true) or worked by hand from the section it cites."""
    givens = as_given(example)
    if example["game"] != "null" and "matadors" in example:
        assert skat.spitzen(givens["game"], givens["cards"]) == example["matadors"]
    found = skat.outcome(**givens)
    expected = example["expect"]
    assert (found.value, found.won, found.score) == (expected["value"], expected["won"], expected["score"]), \
        example["why"]
    assert skat.seeger_fabian(**givens) == expected["declarer_list"]
    assert skat.opponents_points(found.won, example["players"]) == expected["each_opponent"]


def test_at_least_twenty_worked_games_and_a_dozen_straight_from_a_source():
    assert len(EXAMPLES) >= 20 and sum(example["from_source"] for example in EXAMPLES) >= 12
    assert all(example["source"].startswith(("http", "worked from")) or "http" in example["source"]
               for example in EXAMPLES)


def played(seed: int, count: int):
    """Deals the engine plays at random, each replayed from its record, with what the list is given."""
    rng = random.Random(seed)
    for _ in range(count):
        record = random_record(skat, rng)
        match = replay(skat, record)
        if match.state.all_passed:
            continue
        state, result = match.state, match.result()
        yield state, {"game": state.game, "cards": [str(card) for card in state.twelve()], "hand": state.hand,
                      "ouvert": state.ouvert, "announced": state.announced, **result, "bid": state.bid}


def test_random_deals_score_as_the_independent_scorer_does():
    """2,000 deals the engine plays (bidding, skat, declaration, every card legal), each scored by the checker and by
    tests/skat_reference.py, written from the ISkO without the checker's code; every outcome occurs."""
    seen = set()
    for state, givens in played(61, 2000):
        assert skat.illegal("list_score", givens) == []
        found = skat.outcome(**givens)
        reference = skat_reference.score(givens["game"], cards=None if givens["game"] == "null" else givens["cards"],
                                         hand=givens["hand"], ouvert=givens["ouvert"],
                                         announced=givens["announced"], points=givens["points"],
                                         tricks=givens["tricks"], bid=givens["bid"], players=state.players)
        mine = {"value": found.value, "won": found.won, "score": found.score,
                "declarer_list": skat.seeger_fabian(**givens),
                "each_opponent": skat.opponents_points(found.won, state.players)}
        assert mine == reference, givens
        seen.add((givens["game"] == "null", found.won, found.overbid, state.hand, state.players))
    assert {(False, True, False), (False, False, False), (False, False, True), (True, True, False),
            (True, False, False)} <= {key[:3] for key in seen}
    assert {(True, 3), (True, 4), (False, 3), (False, 4)} <= {key[3:] for key in seen}


def test_the_values_that_may_be_bid_are_the_bidding_list():
    """ISkO 3.3.1: the values some game can have, from 18: the list as players learn it (skatwelt.net, "Reizen")."""
    assert skat.bid_values() == (
        18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63, 66, 70, 72, 77, 80, 81, 84,
        88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140, 143, 144, 150, 153, 154, 156, 160, 162,
        165, 168, 170, 176, 180, 187, 192, 198, 204, 216, 240, 264)


def test_spitzen_count_the_skat_and_run_down_the_trumps():
    """ISkO 2.4.1-2.4.3, with online-skat-lernen.de's examples: club, spade and heart jack "mit 3"; every jack and the
    spade ace, not its ten, in spades "mit 5"; the heart jack highest "ohne 2"; a grand with no jack "ohne 4"; every
    trump "mit 11", none "ohne 11"; a jack in the skat counts."""
    plain = ["D7", "D8", "D9", "H7", "H8", "H9", "S7", "S8", "S9", "C7", "C8", "C9"]
    def hold(*cards: str) -> list[str]:
        return list(cards) + [card for card in plain if card not in cards][:12 - len(cards)]
    assert skat.spitzen("hearts", hold("CJ", "SJ", "HJ")) == 3
    assert skat.spitzen("spades", hold("CJ", "SJ", "HJ", "DJ", "SA")) == 5
    assert skat.spitzen("hearts", hold("HJ", "HA")) == 2
    assert skat.spitzen("grand", hold()) == 4
    assert skat.spitzen("clubs", ["CJ", "SJ", "HJ", "DJ", "CA", "C10", "CK", "CQ", "C9", "C8", "C7", "DA"]) == 11
    assert skat.spitzen("clubs", ["DA", "D10", "DK", "DQ", "D9", "D8", "D7", "HA", "H10", "HK", "HQ", "H9"]) == 11
    in_skat = hold("SJ", "HJ")[:10] + ["CJ", "C9"]
    assert skat.spitzen("grand", in_skat) == 3


def test_the_game_value_counts_every_level_once():
    """ISkO 5.2.3-5.2.6: schneider at 30 or fewer for either side; schwarz without a trick; an announcement counts
    its level even where the declarer made more; ouvert is schwarz announced (the ISkO's own: clubs ouvert with 2 is
    9 x 12 = 108)."""
    cards = twelve_for("clubs", 2, True)
    assert skat.game_value("clubs", cards, False, False, None, 61, 5) == 3 * 12
    assert skat.game_value("clubs", cards, False, False, None, 90, 8) == 4 * 12
    assert skat.game_value("clubs", cards, False, False, None, 89, 8) == 3 * 12
    assert skat.game_value("clubs", cards, False, False, None, 30, 3) == 4 * 12      # the declarer schneider
    assert skat.game_value("clubs", cards, False, False, None, 0, 0) == 5 * 12       # the declarer schwarz
    assert skat.game_value("clubs", cards, True, False, "schneider", 120, 10) == 7 * 12
    assert skat.game_value("clubs", cards, True, True, None, 120, 10) == 9 * 12


def test_a_lost_game_counts_twice_and_an_overbid_one_at_the_next_multiple():
    """ISkO 5.4.2 (quoted at skatblog.com): an overbid game is lost at the smallest multiple of its base value that
    reaches the bid; preisskat.org's ruling: diamonds bid to 22 but worth 18 costs 54."""
    cards = twelve_for("diamonds", 1, True)
    assert skat.outcome("diamonds", cards, False, False, None, 70, 6, 22).score == -54
    assert skat.outcome("diamonds", cards, False, False, None, 70, 6, 18).score == 18
    assert skat.outcome("diamonds", cards, False, False, None, 60, 6, 18).score == -36
    assert skat.outcome("diamonds", cards, True, False, None, 60, 6, 18).score == -54   # hand, lost: doubled too


def test_each_wrong_belief_answers_as_a_player_holding_it_would():
    """By hand: each belief's answer for one game where it differs from the rule's."""
    by_name = {belief.name: belief for belief in skat.beliefs()}
    spade_jack_in_skat = ["CJ", "HJ", "CA", "C10", "CK", "D7", "D8", "H7", "H8", "S7", "SJ", "S8"]
    assert skat.spitzen("clubs", spade_jack_in_skat) == 3                     # club, spade, heart jack: "mit 3"
    assert skat.believe(by_name["spitzen-skat"], {"game": "clubs", "cards": spade_jack_in_skat}) == 1
    lost = {"game": "clubs", "cards": twelve_for("clubs", 2, True), "hand": True, "ouvert": False, "announced": None,
            "points": 55, "tricks": 5, "bid": 18}
    assert skat.list_score(**lost) == -96                                      # "mit 2, Spiel 3, Hand 4": 48, lost
    assert skat.believe(by_name["lost-doubled"], lost) == -48
    assert skat.believe(by_name["hand-lost-single"], lost) == -48
    assert skat.believe(by_name["hand-lost-single"], {**lost, "hand": False}) == -72
    overbid = {**lost, "hand": False, "points": 70, "tricks": 6, "bid": 40}    # worth 36: lost at 48
    assert skat.list_score(**overbid) == -96 and skat.believe(by_name["overbid"], overbid) == -80
    assert skat.schneider(30) and not skat.believe(by_name["schneider-30"], {"points": 30})
    assert not skat.may_announce(False) and skat.believe(by_name["announce-hand"], {"hand": False})
    assert skat.null_value(True, False) == 35
    assert skat.believe(by_name["null-fixed"], {"hand": True, "ouvert": False}) == 46
    assert skat.believe(by_name["null-fixed"], {"hand": True, "ouvert": True}) == 69
    without = {"game": "grand", "cards": twelve_for("grand", 4, False), "hand": False, "ouvert": False,
               "announced": None, "points": 70, "tricks": 6}
    assert skat.game_value(**without) == 5 * 24 and skat.believe(by_name["ohne"], without) == 24
    ouvert = {"game": "clubs", "cards": twelve_for("clubs", 2, True), "hand": True, "ouvert": True,
              "announced": None, "points": 120, "tricks": 10}
    assert skat.game_value(**ouvert) == 108 and skat.believe(by_name["ouvert-schwarz"], ouvert) == 7 * 12
    won = {**lost, "points": 70, "tricks": 6}
    assert skat.seeger_fabian(**won) == 98 and skat.believe(by_name["seeger-fabian"], won) == 48


def deal_record(**moves) -> dict:
    """A deal of the pack in its order (clubs ace to seven, spades, hearts, diamonds), the skat S10 SK."""
    deck = [card.suit + card.rank for card in DECK]
    return {"players": 3, "dealer": 2, "deck": deck, **moves}


def test_the_engine_deals_three_skat_four_three():
    """ISkO (anno 2015 table rules, kartenspiele-online.net): 3 to each, 2 to the skat, 4 to each, 3 to each."""
    match = replay(skat, deal_record())
    deck = deal_record()["deck"]
    assert [str(card) for card in match.state.skat] == deck[9:11]
    assert [str(card) for card in match.state.dealt[0]] == deck[0:3] + deck[11:15] + deck[23:26]
    assert [str(card) for card in match.state.dealt[2]] == deck[6:9] + deck[19:23] + deck[29:32]


SKAT = ["S10", "SK"]


def test_the_engine_refuses_each_move_the_rules_forbid():
    with pytest.raises(IllegalMove, match="higher"):
        replay(skat, deal_record(bidding=[20, "yes", 18]))
    with pytest.raises(IllegalMove, match="not a value that can be bid"):
        replay(skat, deal_record(bidding=[19]))
    with pytest.raises(IllegalMove, match="yes or pass"):
        replay(skat, deal_record(bidding=[18, 20]))
    with pytest.raises(IllegalMove, match="CJ twice"):
        replay(skat, {**deal_record(), "deck": deal_record()["deck"][:31] + ["CJ"]})
    bid = {"bidding": [18, "pass", "pass"]}                       # middlehand declares at 18
    with pytest.raises(IllegalMove, match="only a hand game"):
        replay(skat, deal_record(**bid, skat=SKAT, contract={"game": "clubs", "announced": "schneider"}))
    with pytest.raises(IllegalMove, match="played hand too"):
        replay(skat, deal_record(**bid, skat=SKAT, contract={"game": "clubs", "ouvert": True}))
    with pytest.raises(IllegalMove, match="must be able to reach the bid"):
        replay(skat, deal_record(bidding=[36, "pass", "pass"], skat="hand", contract={"game": "null"}))
    with pytest.raises(IllegalMove, match="not two of the declarer's"):
        replay(skat, deal_record(**bid, skat=["CJ", "SJ"]))
    match = replay(skat, deal_record(**bid, skat="hand", contract={"game": "grand"}))
    hands = match.state.hands
    led = next(card for card in hands[0] if not card.is_jack)
    follows = [card for card in hands[1] if card.suit == led.suit and not card.is_jack]
    other = next(card for card in hands[1] if card.suit != led.suit or card.is_jack)
    assert follows and other.is_jack            # the club ace led; middlehand holds clubs and plays the club jack
    with pytest.raises(IllegalMove, match="does not follow suit"):
        replay(skat, deal_record(**bid, skat="hand", contract={"game": "grand"}, tricks=[[str(led), str(other)]]))
    with pytest.raises(IllegalMove, match="not in hand"):
        replay(skat, deal_record(**bid, skat="hand", contract={"game": "grand"}, tricks=[[str(hands[1][0])]]))


def test_jacks_follow_as_trumps_except_in_null():
    """ISkO 2.3.3-2.3.4: a jack is a trump in a suit game and a grand, a card of its suit in Null."""
    jack, hand = DECK[4], [DECK[4], DECK[0]]                     # the club jack and the club ace
    assert str(jack) == "CJ"
    led = [DECK[1]]                                              # the club ten led
    assert not skat.may_play(jack, hand, led, "hearts") and skat.may_play(jack, hand, led, "null")
    assert trick_winner([DECK[1], DECK[4], DECK[0]], "null") == 2    # in Null the ace beats jack and ten


def test_bidding_in_isko_order_gives_the_declarer_and_the_value():
    """ISkO 3.3.2: middlehand says to forehand, rearhand to whoever is left; all pass without a value: no game."""
    assert replay(skat, deal_record(bidding=[18, "yes", 20, "pass", "pass"])).state.declarer == 1
    state = replay(skat, deal_record(bidding=["pass", 18, "yes", 20, "yes", 22, "pass"])).state
    assert (state.declarer, state.bid) == (2, 22)
    assert replay(skat, deal_record(bidding=["pass", "pass", 18])).state.declarer == 0
    assert replay(skat, deal_record(bidding=["pass", "pass", "pass"])).state.all_passed
    with pytest.raises(IllegalMove, match="bidding is over"):
        replay(skat, deal_record(bidding=["pass", "pass", "pass", 18]))


def test_givens_that_describe_no_game_are_refused():
    cards = twelve_for("clubs", 1, True)
    legal = {"game": "clubs", "cards": cards, "hand": False, "ouvert": False, "announced": None, "points": 70,
             "tricks": 6, "bid": 18}
    assert skat.illegal("list_score", legal) == []
    assert skat.illegal("list_score", {**legal, "announced": "schneider"})
    assert skat.illegal("list_score", {**legal, "tricks": 10})               # every trick is every card point
    assert skat.illegal("list_score", {**legal, "tricks": 0})                # no trick: the skat's points only
    assert skat.illegal("list_score", {**legal, "bid": 19})
    with pytest.raises(MalformedInput):
        skat.list_score(**{**legal, "points": 121})
    with pytest.raises(MalformedInput):
        skat.list_score(**{**legal, "cards": cards[:11]})
    with pytest.raises(MalformedInput):
        skat.list_score(**{**legal, "cards": cards[:11] + cards[:1]})


def run_score(data) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "quiz", "score", "skat"], input=data if isinstance(data, str)
                          else json.dumps(data), capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_the_command_line_scores_one_game_as_json():
    """The issue's example: clubs with 2, hand, lost: 4 x 12 = 48, written -96; the list -146 and 40 each."""
    game = {"game": "clubs", "cards": ["CJ", "SJ", "DJ", "CA", "C10", "C9", "SA", "S7", "H8", "H9", "D7", "D8"],
            "hand": True, "ouvert": False, "announced": None, "points": 55, "tricks": 5, "bid": 18, "players": 3}
    result = run_score(game)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert (out["value"], out["won"], out["score"], out["list"]) == (48, False, -96,
                                                                     {"declarer": -146, "each_opponent": 40})
    for bad, says in [("{", "not one JSON object"), ({**game, "points": 121}, "points"),
                      ({**game, "hand": False, "announced": "schneider"}, "hand game"),
                      ({**game, "cards": game["cards"][:11] + ["CJ"]}, "twice"), ({**game, "bid": 17}, "bid")]:
        result = run_score(bad)
        assert result.returncode == 1 and result.stdout == "" and len(result.stderr.strip().splitlines()) == 1
        assert says in result.stderr, result.stderr


HAND = ["CJ", "SJ", "DJ", "CA", "C10", "C9", "SA", "S7", "H8", "H9", "D7", "D8"]


@pytest.mark.parametrize("check, givens", [
    ("list_score", {"game": "clubs", "cards": HAND, "hand": True, "ouvert": False, "announced": None, "points": 55,
                    "tricks": 5, "bid": 18}),
    ("seeger_fabian", {"game": "clubs", "cards": HAND, "hand": False, "ouvert": False, "announced": None,
                       "points": 90, "tricks": 8, "bid": 40}),
    ("game_value", {"game": "grand", "cards": HAND, "hand": True, "ouvert": False, "announced": None, "points": 61,
                    "tricks": 6}),
    ("list_score", {"game": "null", "cards": HAND, "hand": False, "ouvert": False, "announced": None, "points": 0,
                    "tricks": 0, "bid": 23}),
    ("spitzen", {"game": "hearts", "cards": HAND}),
    ("null_value", {"hand": True, "ouvert": True}),
    ("may_announce", {"hand": False}),
    ("schneider", {"points": 30}),
])
def test_a_witness_replays_to_its_givens(check, givens):
    """For each rule a question may ask, a whole deal the engine replays, move by move, to exactly these givens."""
    witnesses = SkatWitnesses(skat)
    record = witnesses.witness(check, givens)
    assert record is not None and witnesses.givens(check, record) == givens
    assert givens.get("tricks", 0) == 0 or len(record["tricks"]) == 10


def test_no_witness_where_no_deal_reaches_the_givens():
    """Holding the club jack in a clubs game, the declarer takes at least the trick it falls in: no deal gives him no
    trick, though the card points alone would allow it."""
    givens = {"game": "clubs", "cards": HAND, "hand": True, "ouvert": False, "announced": None, "points": 0,
              "tricks": 0, "bid": 18}
    assert skat.illegal("list_score", givens) == []
    assert SkatWitnesses(skat).witness("list_score", givens) is None


def broken(rng: random.Random, game: dict) -> dict:
    """A game with one thing wrong, as a hurried hand at the table types it: a value out of range or of the wrong kind,
    a card twice or unknown, a key missing or misspelled, an announcement without hand, points that do not fit."""
    wrong = dict(game)
    key = rng.choice(list(wrong) + ["extra", "missing"])
    if key == "extra":
        wrong["schneider"] = True
    elif key == "missing":
        del wrong[rng.choice(["game", "cards", "hand", "ouvert", "points", "tricks", "bid"])]
    elif key == "cards":
        cards = list(wrong["cards"])
        cards[rng.randrange(12)] = rng.choice([cards[0], "X9", "C1", "", 7, None])
        wrong["cards"] = rng.choice([cards, cards[:11], cards + ["D7"], "CJ SJ"])
    else:
        wrong[key] = rng.choice([None, -1, 121, 11, 265, 17, 19, "18", 1.5, True, "grand ", "Kreuz", [], {}])
    return wrong


def test_broken_games_are_refused_in_one_line_never_with_a_traceback():
    """1,000 games with one thing wrong: each is scored or refused with MalformedInput or IllegalState, never
    another exception; and a refused one never half-scores (score_json returns nothing for it)."""
    rng = random.Random(58)
    games = [dict(givens, players=state.players) for state, givens in played(5, 200)]
    refused = 0
    for _ in range(1000):
        wrong = broken(rng, rng.choice(games))
        try:
            skat.score_json(wrong)
        except (MalformedInput, IllegalState) as error:
            refused += 1
            assert "\n" not in str(error) and str(error)
    assert refused > 900
