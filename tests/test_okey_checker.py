"""The Okey rules checker against the rules: the sources' worked rounds (tests/okey_examples.yml, each naming its
source) at the house rule they choose, thousands of rounds the engine plays counted alike by an independent scorer
written from the Turkish sources (tests/okey_reference.py), melds and openings, each wrong belief's answer worked by
hand, the engine refusing each move the rules forbid, its witnesses, and `python -m quiz score okey`."""
from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import okey_reference
from quiz.checker import IllegalState, MalformedInput
from quiz.games import bound
from quiz.games.okey.components import SET
from quiz.games.okey.engine import IllegalMove, replay
from quiz.games.okey.play import random_record
from quiz.games.okey.witnesses import OkeyWitnesses

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = yaml.safe_load((Path(__file__).parent / "okey_examples.yml").read_text(encoding="utf-8"))
okey = bound("okey")
# the examples' house rule: an okey left in hand is counted as 101 inside the rack's sum (their header says why)
IN_SUM = type(okey)(dataclasses.replace(okey.facts, held_okey_in_sum=True))
CLASSIC = type(okey)(dataclasses.replace(okey.facts, classic=True, wraps=True))


def as_round(example: dict) -> dict:
    keys = ("opened", "pairs", "finished", "tiles") + (("showed_indicator",) if example["variant"] == "classic" else ())
    players = [{key: player[key] for key in keys if key in player} for player in example["players"]]
    finished = any(player["finished"] for player in players)
    return {"indicator": example["indicator"], "finish": example["finish"] if finished else None, "players": players}


@pytest.mark.parametrize("example", EXAMPLES, ids=[example["id"] for example in EXAMPLES])
def test_the_sources_worked_rounds(example):
    checker = CLASSIC if example["variant"] == "classic" else IN_SUM
    assert checker.score_json(as_round(example))["penalties"] == example["expect"]["penalties"], example["why"]


def test_the_okey_left_in_hand_at_the_default_table():
    """kerimayvaz77/okey-101-kurallari "Okey Cezası": 101 on top of the penalty, not doubled with it."""
    rack = ["R5", "K7"]                                      # the gösterge R4 makes R5 the okey
    assert okey.penalty("R4", "normal", True, False, rack) == 5 + 7 + 101
    assert IN_SUM.penalty("R4", "normal", True, False, rack) == 101 + 7
    assert okey.penalty("R4", "okey", True, False, rack) == (5 + 7) * 2 + 101


def finished_rounds(seed: int, count: int):
    """Rounds the witnesses lay out and the engine replays: a finish of each kind, the other seats opened or not,
    with runs and sets or pairs, their racks as they fall."""
    rng = random.Random(seed)
    witnesses = OkeyWitnesses(okey)
    made = 0
    while made < count:
        indicator = rng.choice([t for t in SET if not t.is_false_okey])
        finish = rng.choice(["normal", "okey", "hand"])
        seats = {}
        for seat in (1, 2, 3):
            opened = finish != "hand" and rng.random() < 0.6
            seats[seat] = {"opened": opened, "pairs": opened and rng.random() < 0.4, "tiles": None}
        record = witnesses.round_record(indicator, finish, seats, rng)
        if record is not None:
            made += 1
            yield replay(okey, record).result()


def test_rounds_count_as_the_independent_scorer_does():
    """200 rounds that end in a finish (normal, with the okey, from the hand) and 200 the engine plays at random until
    the pile runs out, counted by the checker and by tests/okey_reference.py (which counts a held okey as 101 in the
    rack's sum, the house rule of the examples)."""
    rng = random.Random(58)
    rounds = list(finished_rounds(58, 200)) + [replay(okey, random_record(okey, rng)).result() for _ in range(200)]
    for result in rounds:
        reference = okey_reference.penalties(result["indicator"], result["finish"] or "normal", result["players"])
        assert IN_SUM.score_json(result)["penalties"] == reference, result
    assert {result["finish"] for result in rounds} == {None, "normal", "okey", "hand"}
    assert any(player["pairs"] for result in rounds for player in result["players"])


def test_runs_sets_and_the_false_okey():
    """mynet.com: a run one colour in order, no 12-13-1 in 101; a set one number in different colours; the okey a
    joker, the false okey the okey's own tile (wagsgallerys.blogspot.com)."""
    assert okey.valid_meld(["R11", "R12", "R13"], "B4")
    assert not okey.valid_meld(["R12", "R13", "R1"], "B4") and CLASSIC.valid_meld(["R12", "R13", "R1"], "B4")
    assert okey.valid_meld(["R8", "B8", "K8"], "B4") and not okey.valid_meld(["R8", "R8", "K8"], "B4")
    assert okey.valid_meld(["R11", "B5", "R13"], "B4")                 # the okey B5 stands for R12
    assert okey.meld_value(["R11", "B5", "R13"], "B4") == 36
    assert okey.valid_meld(["B4", "J", "B6"], "B4")                    # the false okey is B5, the okey's tile
    assert not okey.valid_meld(["R11", "J", "R13"], "B4")
    assert okey.okey("K13") == "K1" and okey.okey("Y4") == "Y5"


def test_opening():
    """cikcik.com: melds worth 101 or more; okey101.blogspot.com: or five pairs."""
    melds = [["R11", "R12", "R13"], ["B10", "B11", "B12", "B13"], ["K8", "Y8", "R8"]]      # 36 + 46 + 24 = 106
    assert okey.opens(melds, "Y4") and not okey.opens(melds[:2], "Y4")
    pairs = [["R1", "R1"], ["B2", "B2"], ["K3", "K3"], ["Y4", "Y4"], ["R6", "R6"]]
    assert okey.opens_with_pairs(pairs, "B9") and not okey.opens_with_pairs(pairs[:4], "B9")


def test_each_wrong_belief_answers_as_a_player_holding_it_would():
    by_name = {(belief.name, belief.distorts): belief for belief in okey.beliefs()}
    assert okey.believe(by_name["okey-next", "okey"], {"indicator": "K13"}) == "K13"
    assert okey.believe(by_name["no-wrap", "valid_meld"], {"tiles": ["R12", "R13", "R1"], "indicator": "B4"})
    assert okey.believe(by_name["set-colours", "valid_meld"], {"tiles": ["R8", "R8", "K8"], "indicator": "B4"})
    assert okey.believe(by_name["sahte-okey", "valid_meld"], {"tiles": ["R11", "J", "R13"], "indicator": "B4"})
    assert okey.believe(by_name["okey-counts", "meld_value"], {"tiles": ["R11", "B5", "R13"], "indicator": "B4"}) \
        == 24
    melds = {"melds": [["R11", "Y5", "R13"], ["B10", "B11", "B12", "B13"], ["K8", "Y8", "R8"]], "indicator": "Y4"}
    assert okey.opens(**melds) and not okey.believe(by_name["okey-counts", "opens"], melds)
    pairs = {"pairs": [["R1", "R1"], ["B2", "B2"], ["K3", "K3"], ["Y4", "Y4"], ["R6", "R6"]], "indicator": "B9"}
    assert not okey.believe(by_name["pairs-count", "opens_with_pairs"], pairs)
    unopened = {"indicator": "R4", "finish": "normal", "opened": False, "pairs": False, "tiles": ["B5", "K7"]}
    assert okey.penalty(**unopened) == 202 and okey.believe(by_name["unopened-202", "penalty"], unopened) == 12
    doubled = {"indicator": "R4", "finish": "okey", "opened": True, "pairs": False, "tiles": ["B5", "K7"]}
    assert okey.penalty(**doubled) == 24 and okey.believe(by_name["doubling", "penalty"], doubled) == 12


def a_deal() -> dict:
    """The set in its order, the gösterge R4: seat 0 the first 22 tiles, the others 21 each, the rest the pile."""
    tiles = [str(t) for t in SET]
    tiles.remove("R4")
    return {"indicator": "R4", "hands": [tiles[:22], tiles[22:43], tiles[43:64], tiles[64:85]], "pile": tiles[85:]}


def test_the_engine_refuses_each_move_the_rules_forbid():
    deal = a_deal()
    assert replay(okey, {**deal, "turns": [{"discard": deal["hands"][0][0]}]}).state.turns == 1
    with pytest.raises(IllegalMove, match="without drawing"):
        replay(okey, {**deal, "turns": [{"draw": "pile", "discard": deal["hands"][0][0]}]})
    with pytest.raises(IllegalMove, match="tile thrown"):
        replay(okey, {**deal, "turns": [{}]})
    with pytest.raises(IllegalMove, match="does not hold"):
        replay(okey, {**deal, "turns": [{"discard": deal["hands"][3][-1]}]})
    with pytest.raises(IllegalMove, match="106 tiles"):
        replay(okey, {**deal, "pile": deal["pile"][:-1] + ["R1"]})
    with pytest.raises(IllegalMove, match="22 to the starter"):
        replay(okey, {**deal, "hands": [deal["hands"][0][:21]] + deal["hands"][1:],
                      "pile": [deal["hands"][0][21]] + deal["pile"]})
    # seat 0 holds R1 R1 R2 R2 … R11 R11 (the set's order): a run R1-R5 is worth only 15
    with pytest.raises(IllegalMove, match="101 or more needed"):
        replay(okey, {**deal, "turns": [{"open": [["R1", "R2", "R3"]], "discard": "R11"}]})
    with pytest.raises(IllegalMove, match="no run or set"):
        replay(okey, {**deal, "turns": [{"open": [["R1", "R2", "R4"]], "discard": "R11"}]})
    with pytest.raises(IllegalMove, match="only a player who has opened"):
        replay(okey, {**deal, "turns": [{"discard": "R11"}, {"draw": "pile", "add": [[0, ["R1"]]],
                                                               "discard": deal["hands"][1][0]}]})


@pytest.mark.parametrize("check, givens", [
    ("penalty", {"indicator": "R4", "finish": "normal", "opened": True, "pairs": False, "tiles": ["B5", "K7", "Y12"]}),
    ("penalty", {"indicator": "R4", "finish": "okey", "opened": True, "pairs": True, "tiles": ["B5", "K7", "Y12"]}),
    ("okey", {"indicator": "K13"}),
    ("valid_meld", {"tiles": ["R12", "R13", "R1"], "indicator": "B4"}),
    ("meld_value", {"tiles": ["R11", "B5", "R13"], "indicator": "B4"}),
    ("opens", {"melds": [["R11", "R12", "R13"], ["B10", "B11", "B12", "B13"], ["K8", "Y8", "R8"]],
               "indicator": "B4"}),
    ("opens_with_pairs", {"pairs": [["R1", "R1"], ["B2", "B2"], ["K3", "K3"], ["Y4", "Y4"], ["R6", "R6"]],
                          "indicator": "B9"}),
])
def test_a_witness_replays_to_its_givens(check, givens):
    witnesses = OkeyWitnesses(okey)
    record = witnesses.witness(check, givens)
    assert record is not None and witnesses.givens(check, record) == givens


def run_score(data) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "quiz", "score", "okey"],
                          input=data if isinstance(data, str) else json.dumps(data),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_the_command_line_counts_one_round_as_json():
    game = as_round(EXAMPLES[0])
    result = run_score(game)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["penalties"] == okey.score_json(game)["penalties"]
    both = json.loads(json.dumps(game))
    both["players"][2]["finished"] = True
    both["players"][2]["tiles"] = []
    for bad, says in [("{", "not one JSON object"), ({**game, "indicator": "J"}, "false okey"),
                      ({**game, "indicator": "R14"}, "R14"), (both, "both finished")]:
        result = run_score(bad)
        assert result.returncode == 1 and result.stdout == "" and len(result.stderr.strip().splitlines()) == 1
        assert says in result.stderr, result.stderr


def broken_round(rng: random.Random, game: dict) -> dict:
    """A round with one thing wrong, as a hurried hand at the table types it: a tile that does not exist or one too
    many, a finish unsaid or unknown, a player missing or with a key too many, two finishers."""
    wrong = json.loads(json.dumps(game))
    player = rng.choice(wrong["players"])
    key = rng.choice(["indicator", "finish", "players", "opened", "tiles", "tile", "extra", "finished"])
    if key in ("indicator", "finish"):
        wrong[key] = rng.choice([None, "R0", "J", "X5", 5, [], "okey ", "normal"])
    elif key == "players":
        wrong["players"] = rng.choice([wrong["players"][:3], [], "four", wrong["players"] + [player]])
    elif key == "extra":
        player["jokers"] = 1
    elif key == "tile":
        player["tiles"] = player["tiles"] + [rng.choice(["R14", "J", "R4", "k7", 3, None])] * rng.choice([1, 3])
    elif key == "finished":
        for other in wrong["players"]:
            other["finished"] = True
    else:
        player[key] = rng.choice([None, 1, "yes", [], "R5"])
    return wrong


def test_broken_rounds_are_refused_in_one_line_never_with_a_traceback():
    rng = random.Random(58)
    rounds = [as_round(example) for example in EXAMPLES if example["variant"] == "101"]
    refused = 0
    for _ in range(1000):
        try:
            okey.score_json(broken_round(rng, rng.choice(rounds)))
        except (MalformedInput, IllegalState) as error:
            refused += 1
            assert "\n" not in str(error) and str(error)
    assert refused > 700


def test_the_pages_write_tiles_as_players_name_them_and_count_their_examples_by_the_rules():
    """The pages' tiles in words (presentation.py): colour and number in each language's order, the false okey by its
    name, a rack grouped by colour; and the refresher's examples counted by the rules: the gösterge blue 4 makes blue 5
    the okey (mimol.com.tr's rule), a run red 11, okey, red 13 counts 36, 404 for a hand never opened, doubled."""
    from quiz.games.okey.presentation import OkeyPresentation
    from quiz.site.load.wording import Wording
    presentation = OkeyPresentation(okey)
    derived = presentation.derived_facts()
    assert (derived["example_okey"], derived["example_okey_run_value"]) == ("B5", 11 + 12 + 13)
    assert (derived["unopened_doubled"], derived["finish_doubled"], derived["pairs_okey_factor"]) == (404, 202, 4)
    assert (derived["example_rack_sum"], derived["example_rack_okey"], derived["example_rack_pairs_okey"]) == \
        (5 + 7 + 12, 48, 96)
    words = {"colour": {"R": "kırmızı", "Y": "sarı", "B": "mavi", "K": "siyah"},
             "colour_group": {"R": "kırmızı", "Y": "sarı", "B": "mavi", "K": "siyah"},
             "describe": {"tile": "{colour} {number}", "false_okey": "sahte okey", "meld": " – ", "melds": "; ",
                          "rack_group": "{colour} {numbers}", "rack": " · "}}
    say = Wording("tr", words, presentation.text_formatters())
    assert say.value("R7", "tile") == "kırmızı 7" and say.value("J", "tile") == "sahte okey"
    assert say.value("K13", "okey") == "siyah 1"
    assert say.value(["R11", "J", "R13"], "meld") == "kırmızı 11 – sahte okey – kırmızı 13"
    assert say.value(["K7", "R5", "Y12", "R1"], "rack") == "kırmızı 1 5 · sarı 12 · siyah 7"
    assert say.value(["K7", "R5", "Y12"], "rack_sum") == "24"
    french = Wording("fr", {**words, "describe": {**words["describe"], "tile": "{number} {colour}"}},
                     presentation.text_formatters())
    assert french.value("B4", "tile") == "4 mavi"
