"""The Belote rules checker against the rules: the sources' worked deals (tests/belote_examples.yml, each naming its
source) at the rule sets the checker's facts reach, thousands of random deals the engine plays counted alike by an
independent scorer written from the French sources (tests/belote_reference.py), the cards a player may play, each
wrong belief's answer worked by hand, the engine refusing each move the rules forbid, its witnesses, and
`python -m quiz score belote`."""
from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import belote_reference
import quiz.__main__ as quiz_main
from quiz.checker import IllegalState, MalformedInput
from quiz.games import bound
from quiz.games.belote.components import DECK, SUIT_OF_NAME, card
from quiz.games.belote.engine import IllegalMove, replay
from quiz.games.belote.play import random_record
from quiz.games.belote.witnesses import BeloteWitnesses

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = yaml.safe_load((Path(__file__).parent / "belote_examples.yml").read_text(encoding="utf-8"))
belote = bound("belote")
# The examples' rule sets that are tables of rules/belote/sets.yml, as ?rules= names them (announcements, rounding and
# contrée are not yet)
AT_TABLE = {"classic": "ffb", "capot-250": "ffb,capot:250", "egalite-dedans": "ffb,litige:0",
            "min-82": "ffb,contract:82,litige:0"}
COUNTED = [example for example in EXAMPLES if example["rules"] in AT_TABLE
           and not any((example.get("announcements") or {}).values())]


def at_table(rules: str):
    return quiz_main.at_table(belote, "belote", AT_TABLE[rules])


@pytest.mark.parametrize("example", COUNTED, ids=[example["id"] for example in COUNTED])
def test_the_sources_worked_deals(example):
    """Each deal of tests/belote_examples.yml whose rule set the checker's facts reach (an announcement, rounding and
    contrée are left for later), counted as the example expects."""
    checker = at_table(example["rules"])
    taker = example["taker"]
    other = "B" if taker == "A" else "A"
    role = {taker: "taker", other: "defence"}
    capot = example.get("capot")
    tricks = 8 if capot == taker else 0 if capot == other else 4
    givens = {"taker_points": example["points"][taker], "taker_tricks": tricks, "last": role[example["last"]],
              "belote": role.get(example["belote"])}
    expected = example["expect"]
    found = checker.count(**givens)
    assert (found.taker, found.defence, found.made) == (expected[taker], expected[other], expected["made"]), \
        example["why"]
    if "litige_held" in example:
        assert found.held == example["litige_held"]


def test_a_score_of_worked_deals_at_the_four_rule_sets():
    assert len(COUNTED) >= 20 and {example["rules"] for example in COUNTED} == set(AT_TABLE)


def played(seed: int, count: int):
    rng = random.Random(seed)
    for _ in range(count):
        match = replay(belote, random_record(belote, rng))
        if not match.state.all_passed:
            yield match


def test_random_deals_count_as_the_independent_scorer_does():
    """2,000 deals the engine plays (both taking rounds, belote said or forgotten, every card legal), counted by the
    checker from the cards each team took and by tests/belote_reference.py; made, dedans, litige and capot all occur."""
    seen = set()
    for match in played(57, 2000):
        result = match.result()
        out = belote.score_json(result)
        trump = SUIT_OF_NAME[result["trump"]]
        points = {team: sum(belote.points_of(card(name), trump) for name in result["won"][team]) for team in "AB"}
        capot = next((team for team in "AB" if len(result["won"][team]) == 32), None)
        reference = belote_reference.score(result["trump"], result["taker"], points, result["last"],
                                           belote=result["belote"], capot=capot)
        assert {"A": out["A"], "B": out["B"], "made": out["made"]} == reference, result
        seen.add((out["made"], out["capot"] is not None, out["held"] > 0, result["belote"] is not None))
    assert {(True, False, False), (False, False, False), (False, False, True)} <= {key[:3] for key in seen}
    assert any(key[1] for key in seen) and any(key[3] for key in seen)


def test_card_points_and_the_pack():
    """FFB rules 6 and 9.1: the jack of trumps 20, the nine 14; 152 in the pack, 162 with the dix de der."""
    assert belote.pack_points() == 152
    assert belote.trick_points(["HJ", "H9", "SA", "C7"], "hearts") == 45
    assert belote.trick_points(["HJ", "H9", "SA", "C7"], "spades") == 2 + 0 + 11 + 0


def test_the_count_of_a_deal():
    """FFB rules 10: made, both record their points; dedans, the defence 162 and its belote, the takers their belote;
    a tie is a litige; a capot is 252."""
    assert belote.count(92, 5, "taker", None) == belote.count(92, 5, "taker", None)
    found = belote.count(71, 4, "taker", "taker")                  # 71 + 10 + 20 = 101 against 81
    assert (found.taker, found.defence, found.made) == (101, 81, True)
    found = belote.count(71, 4, "taker", "defence")                # 81 against 81 + 20 = 101: dedans
    assert (found.taker, found.defence, found.made) == (0, 182, False)
    found = belote.count(61, 4, "taker", "taker")                  # 91 against 91: litige
    assert (found.taker, found.defence, found.made, found.held) == (0, 91, False, 91)
    found = belote.count(152, 8, "taker", "defence")               # capot, the defence keeps its belote
    assert (found.taker, found.defence, found.capot) == (252, 20, "taker")


def test_the_cards_a_player_may_play():
    """FFB rules 5.2: follow suit; without it trump, unless the partner holds the trick; over an opponent's trump, a
    higher one where held, else a lower one (pisser); trumps led, go higher where one can."""
    hand = ["C7", "C8", "HJ", "H8", "DA", "D10", "DK", "D7"]
    assert belote.may_play("DA", hand, ["SA", "S7"], "hearts")             # the partner's ace holds: discard
    assert not belote.may_play("DA", hand, ["S7", "SA"], "hearts")         # the opponent's ace holds: trump
    assert not belote.may_play("H8", hand, ["S7", "H10"], "hearts")        # over the ten, the jack is owed
    assert belote.may_play("HJ", hand, ["S7", "H10"], "hearts")
    assert belote.may_play("H8", hand, ["S7", "SA", "HJ"], "hearts")       # nothing beats the jack: pisser
    assert not belote.may_play("DA", hand, ["S7", "SA", "HJ"], "hearts")
    assert belote.may_play("C7", hand, ["C10"], "hearts")                  # clubs led: follow
    assert not belote.may_play("DA", hand, ["C10"], "hearts")
    assert not belote.may_play("H8", hand, ["H9"], "hearts")               # trumps led: beat the nine with the jack
    without_pisser = type(belote)(dataclasses.replace(belote.facts, under_trump=False))
    assert without_pisser.may_play("DA", hand, ["S7", "SA", "HJ"], "hearts")


def test_each_wrong_belief_answers_as_a_player_holding_it_would():
    by_name = {(belief.name, belief.distorts): belief for belief in belote.beliefs()}
    trick = {"trick": ["HJ", "H9", "SA", "C7"], "trump": "hearts"}
    assert belote.believe(by_name["trump-nine-jack", "trick_points"], trick) == 31
    assert belote.believe(by_name["jack-at-two", "trick_points"], trick) == 27
    made = {"taker_points": 92, "taker_tricks": 5, "last": "taker", "belote": None}
    assert belote.taker_records(**made) == 102 and belote.believe(by_name["dix-de-der", "taker_records"], made) == 92
    dedans = {"taker_points": 60, "taker_tricks": 3, "last": "defence", "belote": None}
    assert belote.defence_records(**dedans) == 162
    assert belote.believe(by_name["dix-de-der", "defence_records"], dedans) == 152
    kept = {"taker_points": 50, "taker_tricks": 3, "last": "defence", "belote": "taker"}
    assert belote.taker_records(**kept) == 20 and belote.believe(by_name["belote-kept", "taker_records"], kept) == 0
    tie = {"taker_points": 71, "taker_tricks": 4, "last": "taker", "belote": None}
    assert belote.defence_records(**tie) == 81 and belote.believe(by_name["litige", "defence_records"], tie) == 162
    capot = {"taker_points": 152, "taker_tricks": 8, "last": "taker", "belote": None}
    assert belote.taker_records(**capot) == 252 and belote.believe(by_name["capot", "taker_records"], capot) == 162
    hand = ["C7", "C8", "HJ", "H8", "DA", "D10", "DK", "D7"]
    partner = {"card": "DA", "hand": hand, "trick": ["SA", "S7"], "trump": "hearts"}
    assert belote.may_play(**partner) and not belote.believe(by_name["partner-master", "may_play"], partner)
    under = {"card": "H8", "hand": hand, "trick": ["S7", "H10"], "trump": "hearts"}
    assert not belote.may_play(**under) and belote.believe(by_name["overtrump", "may_play"], under)


def deal_record(**moves) -> dict:
    """A deal of the pack in its order (hearts 7 to ace, diamonds, clubs, spades), seat 3 dealing: the turned card
    is the 21st, the seven of clubs."""
    return {"dealer": 3, "deck": [str(c) for c in DECK], "first": [3, 2], **moves}


def test_the_engine_deals_five_turns_one_and_completes_the_deal():
    """FFB rules 3.4-3.5: three then two to each from the seat after the dealer, a card turned; the taker gets it and
    two more, the others three."""
    match = replay(belote, deal_record(taking=["pass", "take"]))
    deck = deal_record()["deck"]
    state = match.state
    assert str(state.turned) == deck[20] and state.taker == 1 and state.trump == card(deck[20]).suit
    assert [str(c) for c in state.dealt[0]] == deck[0:3] + deck[12:14] + deck[21:24]
    assert [str(c) for c in state.dealt[1]] == deck[3:6] + deck[14:16] + [deck[20]] + deck[24:26]
    assert [str(c) for c in state.dealt[3]] == deck[9:12] + deck[18:20] + deck[29:32]


def test_the_engine_refuses_each_move_the_rules_forbid():
    with pytest.raises(IllegalMove, match="round 1"):
        replay(belote, deal_record(taking=["clubs"]))
    with pytest.raises(IllegalMove, match="another suit"):
        replay(belote, deal_record(taking=["pass"] * 4 + ["clubs"]))        # the turned card is a club
    assert replay(belote, deal_record(taking=["pass"] * 8)).state.all_passed
    with pytest.raises(IllegalMove, match="taking is over"):
        replay(belote, deal_record(taking=["pass"] * 8 + ["take"]))
    assert replay(belote, deal_record(taking=["take"], belote=True)).state.belote == 0    # clubs: CQ CK to seat 0
    with pytest.raises(IllegalMove, match="king and the queen"):           # hearts: HQ to seat 1, HK to seat 2
        replay(belote, deal_record(taking=["pass"] * 4 + ["hearts"], belote=True))
    match = replay(belote, deal_record(taking=["take"]))
    hands = match.state.hands
    led = hands[0][0]
    wrong = next((c for c in hands[1] if c.suit != led.suit), None)
    assert any(c.suit == led.suit for c in hands[1]) and wrong is not None
    with pytest.raises(IllegalMove, match="the rules ask one of"):
        replay(belote, deal_record(taking=["take"], tricks=[[str(led), str(wrong)]]))
    with pytest.raises(IllegalMove, match="not in hand"):
        replay(belote, deal_record(taking=["take"], tricks=[[str(hands[1][0])]]))
    with pytest.raises(IllegalMove, match="H7 twice"):
        replay(belote, {**deal_record(), "deck": deal_record()["deck"][:31] + ["H7"]})


@pytest.mark.parametrize("check, givens", [
    ("taker_records", {"taker_points": 92, "taker_tricks": 5, "last": "taker", "belote": None}),
    ("defence_records", {"taker_points": 71, "taker_tricks": 4, "last": "taker", "belote": "defence"}),
    ("made", {"taker_points": 152, "taker_tricks": 8, "last": "taker", "belote": None}),
    ("trick_points", {"trick": ["HJ", "H9", "SA", "C7"], "trump": "hearts"}),
    ("may_play", {"card": "DA", "hand": ["C7", "C8", "HJ", "H8", "DA", "D10", "DK", "D7"], "trick": ["SA", "S7"],
                  "trump": "hearts"}),
])
def test_a_witness_replays_to_its_givens(check, givens):
    witnesses = BeloteWitnesses(belote)
    record = witnesses.witness(check, givens)
    assert record is not None and witnesses.givens(check, record) == givens


def test_givens_that_describe_no_deal_are_refused():
    assert belote.illegal("made", {"taker_points": 60, "taker_tricks": 0, "last": "defence", "belote": None})
    assert belote.illegal("made", {"taker_points": 0, "taker_tricks": 0, "last": "taker", "belote": None})
    assert belote.illegal("made", {"taker_points": 150, "taker_tricks": 1, "last": "taker", "belote": None})
    with pytest.raises(MalformedInput):
        belote.made(153, 4, "taker", None)


def run_score(data) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "quiz", "score", "belote"],
                          input=data if isinstance(data, str) else json.dumps(data),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_the_command_line_counts_one_deal_as_json():
    match = next(played(3, 5))
    deal = match.result()
    result = run_score(deal)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out == belote.score_json(deal) and {"A", "B", "made", "capot"} <= set(out)
    a_card = deal["won"]["A"][0]
    for bad, says in [("[", "not one JSON object"), ({**deal, "trump": "atout"}, "trump"),
                      ({**deal, "won": {"A": deal["won"]["A"] + [deal["won"]["B"][0]], "B": deal["won"]["B"]}},
                       "both"),
                      ({**deal, "won": {"A": deal["won"]["A"][1:], "B": deal["won"]["B"]}}, a_card),
                      ({**deal, "last": "C"}, "last")]:
        result = run_score(bad)
        assert result.returncode == 1 and result.stdout == "" and len(result.stderr.strip().splitlines()) == 1
        assert says in result.stderr, result.stderr


def test_the_command_line_counts_at_the_table_its_rules_name():
    """"rules" as ?rules= writes it: a capot at 250 where the table says so; a part no table has is one line."""
    capot = {"trump": "hearts", "taker": "A", "won": {"A": [str(card) for card in DECK], "B": []}, "last": "A",
             "belote": None}
    for rules, expected in [("ffb", 252), ("ffb,capot:250", 250), ("belotejeu", 250)]:
        result = run_score({**capot, "rules": rules})
        assert result.returncode == 0 and json.loads(result.stdout)["A"] == expected, (rules, result.stderr)
    for rules, says in [("ffb,capot:251", "capot is one of 252, 250"), ("coinche", "no set 'coinche'"),
                        ("ffb,annonces:1", "no house rule 'annonces'"), (7, "rules: 7")]:
        result = run_score({**capot, "rules": rules})
        assert result.returncode == 1 and says in result.stderr and len(result.stderr.strip().splitlines()) == 1


def broken_deal(rng: random.Random, deal: dict) -> dict:
    """A deal with one thing wrong, as a hurried hand at the table types it: a value of the wrong kind, a key missing
    or unknown, a card unknown or in both teams' tricks, a trick short."""
    wrong = json.loads(json.dumps(deal))
    key = rng.choice(["trump", "taker", "last", "belote", "won", "extra", "missing", "card"])
    if key == "extra":
        wrong["capot"] = True
    elif key == "missing":
        del wrong[rng.choice(["trump", "taker", "won", "last"])]
    elif key == "card":
        team = rng.choice("AB")
        if wrong["won"][team]:
            wrong["won"][team][rng.randrange(len(wrong["won"][team]))] = rng.choice(["H1", "HJ", "", 7, None])
    elif key == "won":
        wrong["won"] = rng.choice([{"A": []}, [], {"A": wrong["won"]["A"], "B": wrong["won"]["B"][:-4]}])
    else:
        wrong[key] = rng.choice([None, "C", "a", 1, [], "hearts ", "Coeur"])
    return wrong


def test_broken_deals_are_refused_in_one_line_never_with_a_traceback():
    rng = random.Random(57)
    deals = [match.result() for match in played(9, 60)]
    refused = 0
    for _ in range(1000):
        try:
            belote.score_json(broken_deal(rng, rng.choice(deals)))
        except (MalformedInput, IllegalState) as error:
            refused += 1
            assert "\n" not in str(error) and str(error)
    assert refused > 800


def test_the_pages_numbers_are_worked_by_the_rules():
    """The numbers Belote's pages quote (quiz/games/belote/presentation.py), worked by hand: FFB rules 6 (a suit's
    cards: 62 in trumps, 30 elsewhere), 9.1 (152 in the cards, 162 with the dix de der), 9.2 (a capot's dix de der
    100), 10.1.3 (a litige at 81 or 91), and the refresher's example deals; and a question's cards as the page writes
    them, each rank in the language's letter."""
    from quiz.games.belote.presentation import BelotePresentation
    presentation = BelotePresentation(belote)
    found = presentation.derived_facts()
    assert {name: found[name] for name in ("pack_points", "deal_points", "trump_suit_points", "plain_suit_points",
                                           "half_points", "half_belote", "more_than_half", "capot_last")} == {
        "pack_points": 152, "deal_points": 162, "trump_suit_points": 20 + 14 + 11 + 10 + 4 + 3,
        "plain_suit_points": 11 + 10 + 4 + 3 + 2, "half_points": 81, "half_belote": 91, "more_than_half": 82,
        "capot_last": 100}
    assert (found["example_made_taker"], found["example_made_defence"]) == (92 + 10, 152 - 92)
    assert (found["example_dedans_with"], found["example_dedans_against"], found["example_dedans_defence"]) == (
        55 + 20, 152 - 55 + 10, 162)
    assert found["example_litige_each"] == 81
    assert (found["example_contract_taker"], found["example_contract_defence"], found["example_contract_cards"]) == (
        62 + 10 + 20, 152 - 62, 62 + 10)
    words = {"card_ranks": {"A": "A", "10": "10", "K": "R", "Q": "D", "J": "V", "9": "9", "8": "8", "7": "7"},
             "card_suits": {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}}
    assert presentation.describe_cards(["HJ", "H9", "SA", "C7"], words, None) == "V♥ 9♥ A♠ 7♣"
    assert presentation.describe_card("DK", words, None) == "R♦"
