"""The Faraway rules checker against the rules: one test per rule citing its source, legality against simulated games,
properties, and bad input (MalformedInput) kept apart from impossible games (IllegalState)."""
from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_reading import LANGUAGES
from quiz.checker import IllegalState, MalformedInput
from quiz.games import faraway as faraway_package
from quiz.games.faraway import Faraway

faraway = faraway_package.default()

FACTS = yaml.safe_load((Path(__file__).resolve().parent.parent / "rules/faraway/game.yml").read_text(
    encoding="utf-8"))["facts"]


def region(number, **card):
    return {"number": number, **card}


# --- rules, each with its source --------------------------------------------------------------------------------------

def test_a_checker_is_bound_to_the_facts_it_is_given():
    game = yaml.safe_load((Path(__file__).resolve().parent.parent / "rules/faraway/game.yml").read_text(
        encoding="utf-8"))
    game["facts"]["rounds"] = 9
    nine = Faraway.bind(game)
    assert nine.takes_from_center(8) is True and faraway.takes_from_center(8) is False
    assert nine.illegal("score", {"tableau": {"regions": [region(n) for n in range(60, 52, -1)], "sanctuaries": []}})


def test_seed_question_10_then_52_now_31_finds_no_sanctuary():
    """Seed 000 "Weißt du's noch?": only the Region directly before (52) counts, not the 10 before it."""
    assert faraway.finds_sanctuary(52, 31) is False
    assert faraway.finds_sanctuary_in_row([10, 52, 31]) is False
    assert faraway.finds_sanctuary_in_row([61, 12, 40]) is True


def test_sanctuary_needs_strictly_higher_than_previous():
    """KOSMOS p. 8; seed 001 phase 2: "strictement supérieur" to the previous round's Region."""
    assert faraway.finds_sanctuary(15, 49) is True      # seed 001's Benjamin: 49 > 15
    assert faraway.finds_sanctuary(49, 15) is False


def test_no_sanctuary_in_round_one():
    """KOSMOS p. 8; seed 001: nobody finds a Sanctuary in the first round, whatever the number."""
    assert not any(faraway.finds_sanctuary(None, n) for n in range(1, 69))
    assert not any(faraway.finds_sanctuary_in_row([n]) for n in range(1, 69))
    assert faraway.sanctuary_draws_for({"regions": [region(57, clues=2)], "sanctuaries": []}) == 0


def test_sanctuaries_found_over_the_rounds_so_far():
    """KOSMOS p. 8; seed 000 (10, 52, 31): each round against the round before it, round 1 against nothing."""
    assert faraway.sanctuaries_found([12, 40, 33, 57]) == 2          # 40 > 12 and 57 > 33, by hand
    assert faraway.sanctuaries_found([10, 52, 31]) == 1              # 52 > 10; 31 < 52
    assert faraway.sanctuaries_found([68]) == 0                      # round 1 alone, however high
    assert faraway.sanctuaries_found([1, 2, 3, 4, 5, 6, 7, 8]) == 7  # the most a game of 8 rounds gives
    assert faraway.sanctuaries_found([8, 7, 6, 5]) == 0


def test_sanctuary_draw_is_one_plus_clues():
    """KOSMOS p. 8 example, seed 001's Benjamin: 3 clues → 1 + 3 = 4 cards."""
    assert faraway.sanctuary_draws(3) == 4
    assert faraway.sanctuary_draws(0) == 1


def test_clues_count_on_the_new_region_and_on_sanctuaries():
    """Seed 000 "Alle Hinweis-Symbole zählen – auch auf der neuen Region" (KOSMOS p. 8)."""
    tableau = {"regions": [region(15, clues=1), region(28), region(49, clues=1)], "sanctuaries": [{"clues": 1}]}
    assert faraway.sanctuary_draws_for(tableau) == 4


def test_no_draw_when_the_new_region_does_not_beat_the_one_before():
    tableau = {"regions": [region(15, clues=1), region(28), region(20, clues=3)], "sanctuaries": [{"clues": 1}]}
    assert faraway.sanctuary_draws_for(tableau) == 0


def test_keep_exactly_one_sanctuary():
    """KOSMOS p. 8–9: exactly 1 placed, the rest under the pile; none when none was drawn."""
    assert [faraway.sanctuaries_placed(n) for n in (0, 1, 4)] == [0, 1, 1]
    assert [faraway.sanctuaries_returned(n) for n in (0, 1, 4)] == [0, 0, 3]


def test_sanctuaries_at_the_end_are_one_per_rising_round():
    """12→40, 33→51, 51→60 and 8→30 beat the Region before: four Sanctuaries, however many were drawn."""
    row = [region(n) for n in (12, 40, 33, 51, 60, 8, 30, 29)]
    assert faraway.sanctuaries_at_end(row) == 4
    assert faraway.sanctuaries_at_end([region(n) for n in (68, 60, 50, 40, 30, 20, 10, 1)]) == 0


def test_pick_order_is_by_ascending_number():
    """KOSMOS p. 9; seed 001 phase 3: lowest exploration time first, then ascending."""
    assert faraway.pick_order({"Ana": 23, "Bruno": 9, "Cem": 41}) == ["Bruno", "Ana", "Cem"]


def test_center_holds_players_plus_one():
    """KOSMOS p. 3, 9; seed 001 setup: 4 players reveal 5; seed 000: five players, 6."""
    assert faraway.center_size(4) == 5
    assert faraway.center_size(5) == 6


def test_centre_is_not_refilled_during_the_round():
    """KOSMOS p. 9: taken Regions are not replaced; one is left for the discard."""
    assert faraway.center_left(4, 2) == 3
    assert [faraway.center_left(p, p) for p in range(2, 7)] == [1] * 5


def test_no_pick_from_the_centre_in_round_eight_but_still_a_sanctuary():
    """KOSMOS p. 9; seed 001 "Cas particulier du 8e et dernier tour"."""
    assert [faraway.takes_from_center(r) for r in range(1, 9)] == [True] * 7 + [False]
    assert faraway.places_sanctuary(8, 22, 40) is True
    assert faraway.places_sanctuary(8, 40, 22) is False
    assert faraway.places_sanctuary(1, 22, 40) is False


def test_region_sees_itself_and_the_right_only():
    """KOSMOS p. 10; seed 003 Puanlama 2: each card sees itself, the face-up cards to its right and Sanctuaries."""
    quest = {"fame": 2, "per": "stone"}
    tableau = {"regions": [region(14, quest=quest), region(30, wonders={"stone": 1}),
                           region(52, wonders={"stone": 2}, quest=quest)]}
    assert faraway.score(tableau)["regions"] == [6, 0, 4]


def test_two_rows_read_like_a_page_and_score_backwards():
    """KOSMOS p. 7, 9: two rows read from top left to bottom right; scoring starts with the last played (p. 10)."""
    rows = [[12, 40, 7, 55], [30, 61, 18, 3]]
    assert faraway.play_order(rows) == [12, 40, 7, 55, 30, 61, 18, 3]
    assert faraway.scoring_order(rows) == [3, 18, 61, 30, 55, 7, 40, 12]
    assert faraway.first_scored([12, 40, 7, 55, 30, 61, 18, 3]) == 3
    assert faraway.sees_everything([31, 8, 66, 19, 44, 2, 57, 25]) == 31


def test_requirements_are_not_consumed():
    """KOSMOS p. 5, 12; seed 003 Puanlama 3: one symbol meets several requirements."""
    needs = {"fame": 4, "requires": {"thistle": 1}}
    tableau = {"regions": [region(20, quest=needs), region(48, wonders={"thistle": 1}, quest=needs)]}
    assert faraway.score(tableau)["total"] == 8


def test_requirement_needs_every_symbol_visible():
    """Seed 000 "Bedingung: alle Symbole nötig"; the chimera to the left is still face down."""
    tableau = {"regions": [region(6, wonders={"chimera": 1}),
                           region(39, wonders={"stone": 1}, quest={"fame": 5, "requires": {"stone": 1, "chimera": 1}})]}
    assert faraway.score(tableau)["regions"] == [0, 0]


def test_coloured_and_night_sanctuaries_count_as_cards_of_that_kind():
    """KOSMOS p. 6, 10, 12; seed 001: a coloured Sanctuary counts as a Region of that colour, night as night."""
    tableau = {"regions": [region(5, colour="red", night=True),
                           region(44, colour="red", quest={"fame": 2, "per": "red"}),
                           region(50, quest={"fame": 1, "per": "night"})],
               "sanctuaries": [{"colour": "red", "night": True, "clues": 1}]}
    result = faraway.score(tableau)
    assert result["regions"][1] == 4 and result["regions"][2] == 1


def test_sanctuaries_score_last_seeing_everything_without_requirement():
    """KOSMOS p. 6, 10; seed 003 Puanlama 4: Sanctuary tasks scored last with all Regions visible."""
    tableau = {"regions": [region(11, wonders={"stone": 2}), region(64, wonders={"stone": 1})],
               "sanctuaries": [{"task": {"fame": 1, "per": "stone"}}, {"task": {"fame": 3}}]}
    assert faraway.score(tableau)["sanctuaries"] == [3, 3]


def test_per_colour_pair_and_colour_set():
    tableau = {"regions": [region(1, colour="blue"), region(2, colour="green"), region(3, colour="red"),
                           region(4, colour="yellow"), region(5, colour="blue")],
               "sanctuaries": [{"task": {"fame": 1, "per": ["blue", "red"]}},
                               {"task": {"fame": 10, "per": "colour-set"}}]}
    assert faraway.score(tableau)["sanctuaries"] == [3, 10]


def test_tie_broken_by_lowest_single_region_number():
    """KOSMOS p. 10; seed 001 "En cas d'égalité"; seed 003 Oyun sonu."""
    assert faraway.winner({"Ana": {"fame": 62, "numbers": [9, 30]},
                           "Bruno": {"fame": 62, "numbers": [47, 4]}}) == "Bruno"
    assert faraway.winner({"Ana": {"fame": 63, "numbers": [9, 30]}, "Bruno": {"fame": 62, "numbers": [4, 47]}}) == "Ana"


def test_short_sanctuary_pile():
    """KOSMOS p. 9: lowest number draws first, places 1, returns the rest at once; then the next."""
    drawers = {"Ana": {"number": 12, "wants": 6}, "Bruno": {"number": 30, "wants": 5}}
    assert faraway.short_deck_draws(10, drawers, 8, 6) == {"Ana": 6, "Bruno": 5}      # 10 − 1 placed = 9 left for Bruno
    drawers = {"Ana": {"number": 7, "wants": 9}, "Bruno": {"number": 44, "wants": 9}}
    assert faraway.short_deck_draws(9, drawers, 8, 6) == {"Ana": 9, "Bruno": 8}       # Ana took the pile, returned 8
    with pytest.raises(MalformedInput, match="at most the 2 players at the table"):
        faraway.short_deck_draws(9, {**drawers, "Cem": {"number": 50, "wants": 2}}, 8, 2)


# --- wrong beliefs: the answers a player holding one gives, by hand --------------------------------------------------

def believe(name: str, check: str, **givens):
    """The answer of the belief called `name` (an entry's own belief carries the entry's id) for the rule `check`."""
    found = [b for b in Faraway.beliefs() if b.name == name and b.distorts == check]
    assert len(found) == 1, (name, check, found)
    return faraway.believe(found[0], givens)


def test_beliefs_about_what_a_region_sees_at_scoring():
    """Seed 000 "Jede Region sieht nur die schon aufgedeckten"; seed 003 mistakes "Soldan sağa puanlamak"."""
    quest = {"fame": 2, "per": "stone"}
    tableau = {"regions": [region(14, quest=quest), region(30, wonders={"stone": 1}),
                           region(52, wonders={"stone": 2}, quest=quest)]}
    assert faraway.score(tableau)["regions"] == [6, 0, 4]
    assert believe("scoring-visibility", "score", tableau=tableau)["regions"] == [6, 0, 6]   # all three stones each
    assert believe("left-to-right", "score", tableau=tableau)["regions"] == [0, 0, 6]       # 14 sees only itself
    played = [12, 40, 7, 55, 30, 61, 18, 3]
    assert believe("left-to-right", "first_scored", played=played) == 12
    assert believe("left-to-right", "sees_everything", played=played) == 3


def test_beliefs_about_finding_a_sanctuary():
    """Seed 000: "Nicht: Die neue Zahl muss höher sein als alle bisherigen"; seed 001: round 1 is not compared
    with 0."""
    assert believe("sanctuary-previous-only", "finds_sanctuary_in_row", row=[10, 52, 31]) is False
    assert believe("beats-any-earlier", "finds_sanctuary_in_row", row=[10, 52, 31]) is True     # 31 beats the 10
    assert believe("sanctuary-previous-only", "finds_sanctuary_in_row", row=[61, 12, 40]) is False   # not above 61
    assert believe("round-one-beats-nothing", "finds_sanctuary_in_row", row=[68]) is True
    assert believe("round-one-beats-nothing", "sanctuaries_found", row=[12, 40, 33, 57]) == 3   # 12 counted too
    first = {"regions": [region(57, clues=2)], "sanctuaries": []}
    assert believe("round-one-beats-nothing", "sanctuary_draws_for", tableau=first) == 3    # 1 + 2 clues


def test_beliefs_about_clues():
    """Seed 000 "Nicht: Nur die Karten, die schon vor dieser Runde lagen, zählen beim Ziehen"."""
    tableau = {"regions": [region(15, clues=1), region(28), region(49, clues=1)], "sanctuaries": [{"clues": 1}]}
    assert faraway.sanctuary_draws_for(tableau) == 4
    assert believe("clues-count-all", "sanctuary_draws_for", tableau=tableau) == 3          # 49's clue left out
    assert believe("sanctuary-clues-ignored", "sanctuary_draws_for", tableau=tableau) == 3  # the Sanctuary's left out


def test_beliefs_about_keeping_sanctuaries():
    """Seed 000 "Nicht: Alle gezogenen Heiligtümer kommen in die Auslage"."""
    assert believe("keep-one-sanctuary", "sanctuaries_placed", drawn=4) == 4
    assert believe("keep-one-sanctuary", "sanctuaries_returned", drawn=4) == 0
    row = [region(12, clues=1), region(40), region(33), region(51), region(60, clues=1), region(8), region(30),
           region(29)]
    # rises at 40 (1 clue so far: 2 drawn), 51 (2), 60 (2 clues: 3), 30 (3): keeping all of them, 10
    assert believe("keep-one-sanctuary", "sanctuaries_at_end", row=row) == 10


def test_beliefs_about_the_centre_and_the_pick_order():
    """Seed 000: "Nicht: Aus der Mitte wird im Uhrzeigersinn genommen", "Nicht: Nach jeder genommenen Karte wird
    nachgelegt"; round 8: nobody takes."""
    assert believe("pick-order", "pick_order", played={"Ana": 23, "Bruno": 9, "Cem": 41}) == ["Ana", "Bruno", "Cem"]
    assert believe("highest-first", "pick_order", played={"Ana": 23, "Bruno": 9, "Cem": 41}) == ["Cem", "Ana", "Bruno"]
    assert believe("center-refill", "center_left", players=4, taken=2) == 5
    assert faraway.center_at_round_end(4, 8) == 5 and faraway.center_at_round_end(4, 3) == 1
    assert believe("takes-in-last-round", "center_at_round_end", players=4, round_number=8) == 1
    assert believe("takes-in-last-round", "takes_from_center", round_number=8) is True
    assert believe("no-sanctuary-in-last-round", "places_sanctuary", round_number=8, previous=22, new=40) is False


def test_beliefs_about_sanctuaries_and_requirements_at_scoring():
    """Seed 000: Sanctuaries count for every Region and score last; a symbol is not used up; every symbol is needed."""
    coloured = {"regions": [region(5, colour="red", night=True),
                            region(44, colour="red", quest={"fame": 2, "per": "red"}),
                            region(50, quest={"fame": 1, "per": "night"})],
                "sanctuaries": [{"colour": "red", "night": True, "clues": 1}]}
    assert believe("sanctuaries-only-for-themselves", "score", tableau=coloured)["regions"][1:] == [2, 0]
    needs = {"fame": 4, "requires": {"thistle": 1}}
    one_thistle = {"regions": [region(20, quest=needs), region(48, wonders={"thistle": 1}, quest=needs)]}
    assert believe("requirements-not-consumed", "score", tableau=one_thistle)["total"] == 4   # 48 uses the thistle up
    both = {"regions": [region(6, wonders={"chimera": 1}),
                        region(39, wonders={"stone": 1}, quest={"fame": 5, "requires": {"stone": 1, "chimera": 1}})]}
    assert faraway.score(both)["met"] == [None, False]
    assert believe("one-symbol-enough", "score", tableau=both)["regions"] == [0, 5]
    tasks = {"regions": [region(11, wonders={"stone": 2}), region(64, wonders={"stone": 1})],
             "sanctuaries": [{"task": {"fame": 1, "per": "stone"}}]}
    assert believe("sanctuaries-scored-first", "score", tableau=tasks)["sanctuaries"] == [0]


def test_beliefs_about_rows_the_short_pile_and_ties():
    """Two rows read like a page (p. 7, 9); a short pile returns at once (p. 9); the lowest number breaks a tie
    (p. 10)."""
    rows = [[12, 40, 7, 55], [30, 61, 18, 3]]
    assert believe("rows-snake-back", "play_order", rows=rows) == [12, 40, 7, 55, 3, 18, 61, 30]
    assert believe("rows-snake-back", "scoring_order", rows=rows)[0] == 30
    drawers = {"Ana": {"number": 12, "wants": 6}, "Bruno": {"number": 30, "wants": 5}}
    assert believe("returned-after-everyone", "short_deck_draws", pile=10, players=drawers, round_number=8,
                   seated=6) == {"Ana": 6, "Bruno": 4}
    tie = {"Ana": {"fame": 62, "numbers": [9, 60]}, "Bruno": {"fame": 62, "numbers": [47, 4]}}
    assert faraway.winner(tie) == "Bruno"
    assert believe("highest-number-breaks-ties", "winner", players=tie) == "Ana"
    no_tie = {"Ana": {"fame": 63, "numbers": [9, 30]}, "Bruno": {"fame": 62, "numbers": [4, 47]}}
    assert believe("lowest-number-wins", "winner", players=no_tie) == "Bruno"
    # the entry's own belief: equal fame shares the win; no Region number is shared, so a tie never is
    assert faraway.win_shared(tie) == {"shared": False, "winner": "Bruno"}
    assert believe("tie-break", "win_shared", players=tie)["shared"] is True
    assert believe("tie-break", "win_shared", players=no_tie)["shared"] is False


# --- legality, against games played out by the rules here (not by the checker) -------------------------------------

def play_game(rng: random.Random, players: int) -> list[dict]:
    """A whole game by the rules: every round each player plays a card; a Region that beats the one before finds a
    Sanctuary (never in round 1) and exactly one is placed. Returns each player's row snapshots after every round."""
    deck = list(range(FACTS["number_min"], FACTS["number_max"] + 1))
    rng.shuffle(deck)
    rows = [[] for _ in range(players)]
    sanctuaries = [[] for _ in range(players)]
    snapshots = []
    for _ in range(FACTS["rounds"]):
        for p in range(players):
            card = {"number": deck.pop(), "clues": rng.randint(0, 1)}
            if rng.random() < 0.3:
                card["wonders"] = {rng.choice(faraway_package.WONDERS): rng.randint(1, 2)}
            snapshots.append({"regions": copy.deepcopy(rows[p] + [card]), "sanctuaries": copy.deepcopy(sanctuaries[p])})
            if rows[p] and card["number"] > rows[p][-1]["number"]:
                sanctuaries[p].append({"clues": rng.randint(0, 1), "night": rng.random() < 0.2})
            rows[p].append(card)
    finals = [{"regions": rows[p], "sanctuaries": sanctuaries[p]} for p in range(players)]
    return snapshots, finals


@settings(deadline=None)
@given(st.randoms(use_true_random=False), st.integers(FACTS["players_min"], FACTS["players_max"]))
def test_every_state_of_a_played_game_is_legal(rng, players):
    snapshots, finals = play_game(rng, players)
    for tableau in snapshots:
        assert faraway.illegal("sanctuary_draws_for", {"tableau": tableau}) == [], tableau
    for tableau in finals:
        assert faraway.illegal("score", {"tableau": tableau}) == [], tableau
        assert faraway.illegal("sanctuaries_at_end", {"row": tableau["regions"]}) == []
        assert faraway.sanctuaries_at_end(tableau["regions"]) == len(tableau["sanctuaries"])


@settings(deadline=None)
@given(st.randoms(use_true_random=False),
       st.sampled_from(["duplicate", "extra-sanctuary", "missing-sanctuary", "short"]))
def test_a_played_game_changed_into_one_that_cannot_happen_is_illegal(rng, change):
    _, finals = play_game(rng, FACTS["players_max"])
    tableau = copy.deepcopy(finals[0])
    if change == "duplicate":
        tableau["regions"][rng.randrange(1, 8)]["number"] = tableau["regions"][0]["number"]
    elif change == "extra-sanctuary":
        tableau["sanctuaries"].append({})
    elif change == "missing-sanctuary":
        if not tableau["sanctuaries"]:
            tableau["sanctuaries"].append({})
        else:
            tableau["sanctuaries"].pop()
    else:
        tableau["regions"].pop()
    with pytest.raises(IllegalState):
        faraway.check_legal("score", {"tableau": tableau})
    faraway.score(tableau)   # the rule still computes any well-formed tableau


@pytest.mark.parametrize("check, givens, reason", [
    ("finds_sanctuary", {"previous": 30, "new": 30}, "both Region 30"),
    ("finds_sanctuary_in_row", {"row": [10, 52, 10]}, "Region 10 appears twice"),
    ("sanctuaries_found", {"row": [10, 52, 31, 52]}, "Region 52 appears twice"),
    ("pick_order", {"played": {"Ana": 5, "Bruno": 5}}, "Region 5 appears twice"),
    ("sanctuary_draws_for", {"tableau": {"regions": [region(15), region(49)], "sanctuaries": [{}]}},
     "1 Sanctuaries before this round"),
    ("winner", {"players": {"Ana": {"fame": 5, "numbers": [3] * 1}, "Bruno": {"fame": 5, "numbers": [4]}}},
     "1 Regions"),
    ("scoring_order", {"rows": [[1, 2, 3, 4], [5, 6, 7]]}, "7 Regions at scoring"),
    ("short_deck_draws", {"pile": 14, "players": {"Ana": {"number": 12, "wants": 9},
                                                  "Bruno": {"number": 30, "wants": 9}},
                          "round_number": 8, "seated": 5}, "at least 15 are left"),
    ("short_deck_draws", {"pile": 20, "players": {"Ana": {"number": 12, "wants": 9}}, "round_number": 8, "seated": 6},
     "the Regions last for 7 rounds"),
    ("center_at_round_end", {"players": 6, "round_number": 8}, "fill the centre for 7 rounds only"),
])
def test_impossible_givens_are_illegal_and_say_why(check, givens, reason):
    reasons = faraway.illegal(check, givens)
    assert reasons and reason in reasons[0], reasons
    with pytest.raises(IllegalState):
        faraway.check_legal(check, givens)


def rounds_the_regions_reach(players: int) -> int:
    """The last round a game of this many players reaches by the seeds: deal each player a hand from the Regions, then
    reveal players + 1 for every round's centre (001 l.71, l.109) while the Regions last."""
    left = FACTS["regions"] - FACTS["hand"] * players
    reached = 0
    while reached < FACTS["rounds"] and left >= players + FACTS["center_extra"]:
        left -= players + FACTS["center_extra"]
        reached += 1
    return reached


def pile_before_the_draws(rng: random.Random, players: int, drawing_round: int) -> int:
    """The Sanctuary pile when a round's draws begin, in a game played by the seeds: from round 2 each player who finds
    Sanctuaries draws 1 + clues, places exactly one and puts the others back under the pile (000 l.43, 001 l.105)."""
    pile = FACTS["sanctuaries"]
    for _ in range(2, drawing_round):
        for _ in range(players):
            if rng.random() < 0.8:
                drawn = min(pile, 1 + rng.randint(0, 5))
                pile -= 1 if drawn else 0          # one placed, the rest back under the pile
    return pile


def test_six_players_run_out_of_regions_before_the_last_round():
    """68 Regions: 6 players are dealt 18, and 7 rounds of 7 revealed leave 1, too few for round 8's centre."""
    assert [rounds_the_regions_reach(n) for n in range(FACTS["players_min"], FACTS["players_max"] + 1)] == \
        [8, 8, 8, 8, 7]
    for players in range(FACTS["players_min"], FACTS["players_max"] + 1):
        for round_number in range(1, FACTS["rounds"] + 1):
            legal = not faraway.illegal("center_at_round_end", {"players": players, "round_number": round_number})
            assert legal == (round_number <= rounds_the_regions_reach(players)), (players, round_number)


def test_the_shortest_pile_a_game_can_leave():
    """Unkept Sanctuaries go back under the pile, so it loses one per player and round at most, in the rounds a game
    reaches: 5 players finding one in each of rounds 2–7 before round 8's draws, or 6 in rounds 2–6 before round 7's
    (they run out of Regions before round 8), place 30: 45 − 30 = 15 are left, and never fewer.
    The drawers are all who find Sanctuaries that round: nobody else takes from the pile before them."""
    rng = random.Random(20)
    players_range = range(FACTS["players_min"], FACTS["players_max"] + 1)
    lowest = min(pile_before_the_draws(rng, players, rnd) for _ in range(300)
                 for players in players_range for rnd in range(2, rounds_the_regions_reach(players) + 1))
    everyone_every_round = FACTS["sanctuaries"] - max(n * (rounds_the_regions_reach(n) - 2) for n in players_range)
    assert lowest >= everyone_every_round == 15
    two = {"Ana": {"number": 12, "wants": 9}, "Bruno": {"number": 30, "wants": 9}}
    for seated in players_range:        # the predicate agrees: the lowest pile at each table, and one fewer refused
        last = rounds_the_regions_reach(seated)
        at_least = FACTS["sanctuaries"] - seated * (last - 2)
        late = {"players": two, "round_number": last, "seated": seated}
        assert faraway.illegal("short_deck_draws", {**late, "pile": at_least}) == []
        assert faraway.illegal("short_deck_draws", {**late, "pile": at_least - 1})
    assert min(FACTS["sanctuaries"] - n * (rounds_the_regions_reach(n) - 2) for n in players_range) == 15


# --- properties -------------------------------------------------------------------------------------------------------

COLOURS = st.sampled_from([None, *faraway_package.COLOURS])
PER = st.one_of(st.none(), st.sampled_from(faraway_package.PER_KINDS),
                st.lists(st.sampled_from(faraway_package.COLOURS), min_size=2, max_size=2, unique=True))
WONDERS = st.fixed_dictionaries({w: st.integers(0, 2) for w in faraway_package.WONDERS})
QUEST = st.one_of(st.none(),
                  st.fixed_dictionaries({"fame": st.integers(0, 6), "per": PER,
                                         "requires": st.dictionaries(st.sampled_from(faraway_package.WONDERS),
                                                                     st.integers(0, 2))}))
CARD = {"colour": COLOURS, "wonders": WONDERS, "clues": st.integers(0, 2), "night": st.booleans()}
SANCTUARY = st.fixed_dictionaries({**CARD, "task": st.one_of(st.none(),
                                                             st.fixed_dictionaries({"fame": st.integers(0, 6),
                                                                                    "per": PER}))})


@st.composite
def tableaux(draw):
    numbers = draw(st.lists(st.integers(1, 68), min_size=1, max_size=8, unique=True))
    regions = [{**draw(st.fixed_dictionaries(CARD)), "number": n, "quest": draw(QUEST)} for n in numbers]
    return {"regions": regions, "sanctuaries": draw(st.lists(SANCTUARY, max_size=4))}


@settings(deadline=None)
@given(tableaux(), tableaux())
def test_rightmost_region_depends_only_on_itself_and_sanctuaries(tableau, other):
    rightmost = tableau["regions"][-1]
    free = [n for n in range(1, 69) if n != rightmost["number"]]
    swapped = copy.deepcopy(other)
    swapped["regions"] = [dict(r, number=free[i]) for i, r in enumerate(other["regions"][:7])] + [rightmost]
    swapped["sanctuaries"] = tableau["sanctuaries"]
    assert faraway.score(swapped)["regions"][-1] == faraway.score(tableau)["regions"][-1]


@settings(deadline=None)
@given(tableaux(), SANCTUARY)
def test_adding_a_sanctuary_never_lowers_any_cards_fame(tableau, sanctuary):
    before = faraway.score(tableau)
    after = faraway.score({**tableau, "sanctuaries": tableau["sanctuaries"] + [sanctuary]})
    assert all(a >= b for a, b in zip(after["regions"], before["regions"]))
    assert all(a >= b for a, b in zip(after["sanctuaries"], before["sanctuaries"]))
    assert after["total"] == sum(after["regions"]) + sum(after["sanctuaries"])


@settings(deadline=None)
@given(st.dictionaries(st.sampled_from(["Ana", "Bruno", "Cem", "Dora", "Eda", "Finn"]), st.integers(1, 68),
                       min_size=2, max_size=6).filter(lambda d: len(set(d.values())) == len(d)))
def test_pick_order_is_a_sorted_permutation(played):
    order = faraway.pick_order(played)
    assert sorted(order) == sorted(played)
    assert [played[p] for p in order] == sorted(played.values())


# --- bad input: MalformedInput naming what and where ------------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda: faraway.finds_sanctuary(10, 69), "new: 69 is outside 1–68"),
    (lambda: faraway.finds_sanctuary(0, 5), "previous: 0 is outside 1–68"),
    (lambda: faraway.score({"regions": [region(n) for n in range(1, 10)]}),
     "regions: 9 regions; a tableau holds 1 to 8"),
    (lambda: faraway.score({"regions": [region(1), region(2), region(3, colour="purple")]}),
     "regions[2].colour: 'purple' is not one of blue, green, red, yellow"),
    (lambda: faraway.score({"regions": [region(1, wonders={"gold": 1})]}),
     "regions[0].wonders.gold: 'gold' is not one of stone"),
    (lambda: faraway.score({"regions": [region(1, quest={"fame": 2, "per": "moon"})]}),
     "regions[0].quest.per: 'moon' is not one of"),
    (lambda: faraway.score({"regions": [region(1, clues=-1)]}), "regions[0].clues: -1 is negative"),
    (lambda: faraway.sanctuary_draws(-2), "clues: -2 is negative"),
    (lambda: faraway.center_size(7), "players: 7 players; Faraway is for 2–6"),
    (lambda: faraway.center_size(1), "players: 1 players; Faraway is for 2–6"),
    (lambda: faraway.winner({"Ana": {"fame": 5, "numbers": [3]}}), "players: 1 players"),
    (lambda: faraway.score({"regions": [region("7")]}), "regions[0].number: '7' is not a region number"),
    (lambda: faraway.play_order([[1, 2], []]), "rows: expected a list of rows"),
    (lambda: faraway.illegal("score", {"tableau": {"regions": [region(70)]}}), "regions[0].number: 70 is outside"),
])
def test_malformed_input_raises_malformed_input(call, message):
    with pytest.raises(MalformedInput) as caught:
        call()
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError) and not isinstance(caught.value, IllegalState)


# --- Faraway's quiz content -------------------------------------------------------------------------------------------

def faraway_game(site):
    return next(g for g in site.games if g.id == "faraway")


def test_centre_after_the_last_round_holds_players_plus_one_for_every_table_that_reaches_it(site):
    """Nobody takes in the last round: at every table that reaches it the centre keeps players + 1, and the belief that
    everyone takes answers 1. Six players never reach it, which leaves too few table sizes to practise on: the rule is
    declared unpractised, with why."""
    for players in range(FACTS["players_min"], FACTS["players_max"] + 1):
        if rounds_the_regions_reach(players) < FACTS["rounds"]:
            assert faraway.illegal("center_at_round_end", {"players": players, "round_number": FACTS["rounds"]})
            continue
        assert faraway.center_at_round_end(players, FACTS["rounds"]) == players + 1
        assert believe("takes-in-last-round", "center_at_round_end", players=players, round_number=FACTS["rounds"]) == 1
    game = faraway_game(site)
    assert "centre-after-the-last-round" not in game.practice and "last-round" in game.unpractised


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_descriptions_count_right_in_every_language(site, lang):
    """The row describer says 1 and 2 stones, clues and Sanctuaries in the form CLDR picks."""
    from babel import Locale

    game = faraway_game(site)
    words, wording = game.texts[lang]["words"], game.wording(lang)
    for n in (1, 2):
        category = Locale.parse(lang).plural_form(n)
        row = wording.value([{"number": 30, "wonders": {"stone": n}, "clues": n}], "row")
        for noun in ("stone", "clue"):
            assert words[noun][category].replace("#", str(n)) in row, (lang, n, row)
        assert words["sanctuary"][category].replace("#", str(n)) in wording.value([{}] * n, "sanctuaries")


def test_a_full_row_is_drawn_with_its_cards_numbered_in_scoring_order(site):
    wording = next(g for g in site.games if g.id == "faraway").wording("en")
    regions = [{"number": n} for n in (60, 52, 47, 40, 30, 22, 14, 9)]
    picture = wording.picture(regions, "row")
    assert [c["title"] for c in picture["cards"]] == ["60", "52", "47", "40", "30", "22", "14", "9"]
    assert [c["order"] for c in picture["cards"]] == ["8", "7", "6", "5", "4", "3", "2", "1"]   # rightmost first
    assert picture["caption"]
    partial = wording.picture(regions[:3], "row")
    assert all(c["order"] is None for c in partial["cards"]) and partial["caption"] is None
