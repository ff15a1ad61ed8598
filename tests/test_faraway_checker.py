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


# --- rules, each with its source; every card is the printed one (rules/faraway/cards.yml), its fame counted by hand ---

def test_a_checker_is_bound_to_the_facts_it_is_given():
    game = faraway_package.default().facts
    raw = yaml.safe_load((Path(__file__).resolve().parent.parent / "rules/faraway/game.yml").read_text(
        encoding="utf-8"))
    raw["facts"]["rounds"] = 9
    raw["tables"] = {"cards": yaml.safe_load((Path(__file__).resolve().parent.parent / "rules/faraway/cards.yml")
                                             .read_text(encoding="utf-8"))}
    nine = Faraway.bind(raw)
    assert nine.takes_from_center(8) is True and faraway.takes_from_center(8) is False
    assert nine.illegal("score", {"tableau": {"regions": list(range(60, 52, -1)), "sanctuaries": []}})
    assert nine.facts.cards == game.cards


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
    assert faraway.sanctuary_draws_for({"regions": [62], "sanctuaries": []}) == 0     # 62 shows a clue


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
    """Seed 000 "Alle Hinweis-Symbole zählen – auch auf der neuen Region" (KOSMOS p. 8): 15 and 49 print a clue, the
    green Sanctuary with a clue one more; 28 none. 1 + 3 = 4."""
    tableau = {"regions": [15, 28, 49], "sanctuaries": ["green-clue"]}
    assert faraway.clues_in_tableau(tableau) == 3
    assert faraway.sanctuary_draws_for(tableau) == 4


def test_no_draw_when_the_new_region_does_not_beat_the_one_before():
    tableau = {"regions": [15, 28, 20], "sanctuaries": ["green-clue"]}      # 20 < 28, though 20 shows a clue
    assert faraway.sanctuary_draws_for(tableau) == 0


def test_keep_exactly_one_sanctuary():
    """KOSMOS p. 8–9: exactly 1 placed, the rest under the pile; none when none was drawn."""
    assert [faraway.sanctuaries_placed(n) for n in (0, 1, 4)] == [0, 1, 1]
    assert [faraway.sanctuaries_returned(n) for n in (0, 1, 4)] == [0, 0, 3]


def test_sanctuaries_at_the_end_are_one_per_rising_round():
    """12→40, 33→51, 51→60 and 8→30 beat the Region before: four Sanctuaries, however many were drawn."""
    assert faraway.sanctuaries_at_end([12, 40, 33, 51, 60, 8, 30, 29]) == 4
    assert faraway.sanctuaries_at_end([68, 60, 50, 40, 30, 20, 10, 1]) == 0


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


# The cards of the scoring tests, as printed (cards.yml): 30 red, night, a stone, 2 fame per stone; 13 blue, 2 fame per
# stone; 2 blue, 2 stones; 44 yellow, needs a stone and a thistle, 2 fame per blue or yellow card; 37 yellow, night,
# needs a thistle, 3 fame per night card; 4 red, a stone and a thistle; 54 green, a chimera, needs 2 thistles, 4 per
# clue; 47 yellow, needs a chimera and a thistle, 2 per red or yellow card; 19 red, a thistle, 2 per thistle; 31
# yellow, night, 1 per red or yellow card; 10 red, 3 per night card; 9 blue, 5 fame; 3 green, 4 fame; 1 red, a stone
# and a chimera; 12 yellow, a clue and a thistle.
SEES_RIGHT = {"regions": [30, 13, 2], "sanctuaries": []}
ONE_THISTLE = {"regions": [44, 37, 4], "sanctuaries": []}
NO_CHIMERA = {"regions": [54, 47, 19], "sanctuaries": []}
COUNT_AS_CARDS = {"regions": [31, 10], "sanctuaries": ["red-night"]}


def test_region_sees_itself_and_the_right_only():
    """KOSMOS p. 10; seed 003 Puanlama 2: each card sees itself, the face-up cards to its right and Sanctuaries.
    2 shows no quest: 0; 13 sees 2's two stones: 4; 30 sees its own stone and 2's: 6."""
    assert faraway.score(SEES_RIGHT)["regions"] == [6, 4, 0]


def test_requirements_are_not_consumed():
    """KOSMOS p. 5, 12; seed 003 Puanlama 3: one symbol meets several requirements. 37 sees the thistle on 4: 3 fame
    for its one night card; 44 sees 4's stone and thistle too: 2 × (44, 37 yellow) = 4."""
    assert faraway.score(ONE_THISTLE)["regions"] == [4, 3, 0]


def test_requirement_needs_every_symbol_visible():
    """Seed 000 "Bedingung: alle Symbole nötig": 47 sees 19's thistle but no chimera (54's lies left of it): 0. 19:
    its own thistle, 2."""
    assert faraway.score(NO_CHIMERA)["regions"] == [0, 0, 2]


def test_coloured_and_night_sanctuaries_count_as_cards_of_that_kind():
    """KOSMOS p. 6, 10, 12; seed 001: a coloured Sanctuary counts as a Region of that colour, night as night. 10 sees
    the red night Sanctuary: 3; 31 sees itself (yellow), 10 and the Sanctuary (red): 3."""
    assert faraway.score(COUNT_AS_CARDS)["regions"] == [3, 3]


def test_sanctuaries_score_last_seeing_everything_without_requirement():
    """KOSMOS p. 6, 10; seed 003 Puanlama 4: Sanctuary tasks scored last with all Regions visible. The grey Sanctuary
    with a stone, 1 per stone: 2's two and its own, 3; the grey 5-fame one: 5."""
    tableau = {"regions": [2, 60], "sanctuaries": ["stone-1-per-stone", "5-fame"]}
    assert faraway.score(tableau)["sanctuaries"] == [3, 5]


def test_per_colour_pair_and_colour_set():
    """9 and 2 blue, 1 red: 3 for the grey 1-per-blue-or-red; the yellow 4-per-set: red 1, green 3, blue 2 cards,
    yellow 12 and itself: one set of all four, 4."""
    tableau = {"regions": [9, 3, 1, 12, 2], "sanctuaries": ["1-per-blue-or-red", "yellow-4-per-colour-set"]}
    assert faraway.score(tableau)["sanctuaries"] == [3, 4]


def test_tie_broken_by_lowest_single_region_number():
    """KOSMOS p. 10; seed 001 "En cas d'égalité"; seed 003 Oyun sonu. Ana: 3 (4 fame) and 1 (no quest): 4. Bruno: 13
    (2 per stone, sees 2's two stones) and 2: 4. A tie: Ana holds the lowest number, 1."""
    tie = {"Ana": {"numbers": [3, 1]}, "Bruno": {"numbers": [13, 2]}}
    assert faraway.winner(tie) == {"winner": "Ana", "fame": {"Ana": 4, "Bruno": 4}}
    no_tie = {"Ana": {"numbers": [9]}, "Bruno": {"numbers": [13, 2]}}     # 9: 5 fame, more than Bruno's 4
    assert faraway.winner(no_tie)["winner"] == "Ana"


def test_two_rows_read_like_a_page_and_score_backwards():
    """KOSMOS p. 7, 9: two rows read from top left to bottom right; scoring starts with the last played (p. 10)."""
    rows = [[12, 40, 7, 55], [30, 61, 18, 3]]
    assert faraway.play_order(rows) == [12, 40, 7, 55, 30, 61, 18, 3]
    assert faraway.scoring_order(rows) == [3, 18, 61, 30, 55, 7, 40, 12]
    assert faraway.first_scored([12, 40, 7, 55, 30, 61, 18, 3]) == 3
    assert faraway.sees_everything([31, 8, 66, 19, 44, 2, 57, 25]) == 31


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
    assert faraway.score(SEES_RIGHT)["regions"] == [6, 4, 0]
    assert believe("scoring-visibility", "score", tableau=SEES_RIGHT)["regions"] == [6, 6, 0]   # 13 sees 30's stone
    assert believe("left-to-right", "score", tableau=SEES_RIGHT)["regions"] == [2, 2, 0]       # 30 sees its own only
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
    first = {"regions": [62], "sanctuaries": []}
    assert believe("round-one-beats-nothing", "sanctuary_draws_for", tableau=first) == 2    # 1 + 62's clue


def test_beliefs_about_clues():
    """Seed 000 "Nicht: Nur die Karten, die schon vor dieser Runde lagen, zählen beim Ziehen"."""
    tableau = {"regions": [15, 28, 49], "sanctuaries": ["green-clue"]}
    assert faraway.sanctuary_draws_for(tableau) == 4
    assert believe("clues-count-all", "sanctuary_draws_for", tableau=tableau) == 3          # 49's clue left out
    assert believe("sanctuary-clues-ignored", "sanctuary_draws_for", tableau=tableau) == 3  # the Sanctuary's left out


def test_beliefs_about_keeping_sanctuaries():
    """Seed 000 "Nicht: Alle gezogenen Heiligtümer kommen in die Auslage"."""
    assert believe("keep-one-sanctuary", "sanctuaries_placed", drawn=4) == 4
    assert believe("keep-one-sanctuary", "sanctuaries_returned", drawn=4) == 0
    # 12, 33, 60 and 8 print a clue. Rises at 40 (12's clue: 2 drawn), 51 (12, 33: 3), 60 (and 60: 4), 30 (and 8: 5):
    # keeping every card drawn, 14
    assert believe("keep-one-sanctuary", "sanctuaries_at_end", row=[12, 40, 33, 51, 60, 8, 30, 29]) == 14


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
    # without the red night Sanctuary: 31 counts itself and 10 (2), 10 finds no night card (0)
    assert believe("sanctuaries-only-for-themselves", "score", tableau=COUNT_AS_CARDS)["regions"] == [2, 0]
    # 37, scored first, uses the thistle up: 44 no longer sees one
    assert believe("requirements-not-consumed", "score", tableau=ONE_THISTLE)["regions"] == [0, 3, 0]
    assert faraway.score(NO_CHIMERA)["met"] == [False, False, None]
    # one symbol enough: 47 pays 2 × (47 yellow, 19 red); 54 needs 2 thistles of one kind and sees 1: still 0
    assert believe("one-symbol-enough", "score", tableau=NO_CHIMERA)["regions"] == [0, 4, 2]
    tasks = {"regions": [2, 60], "sanctuaries": ["stone-1-per-stone"]}
    assert believe("sanctuaries-scored-first", "score", tableau=tasks)["sanctuaries"] == [1]    # its own stone only


def test_beliefs_about_rows_the_short_pile_and_ties():
    """Two rows read like a page (p. 7, 9); a short pile returns at once (p. 9); the lowest number breaks a tie
    (p. 10)."""
    rows = [[12, 40, 7, 55], [30, 61, 18, 3]]
    assert believe("rows-snake-back", "play_order", rows=rows) == [12, 40, 7, 55, 3, 18, 61, 30]
    assert believe("rows-snake-back", "scoring_order", rows=rows)[0] == 30
    drawers = {"Ana": {"number": 12, "wants": 6}, "Bruno": {"number": 30, "wants": 5}}
    assert believe("returned-after-everyone", "short_deck_draws", pile=10, players=drawers, round_number=8,
                   seated=6) == {"Ana": 6, "Bruno": 4}
    tie = {"Ana": {"numbers": [3, 1]}, "Bruno": {"numbers": [13, 2]}}      # 4 fame each (see the tie-break test)
    assert faraway.winner(tie)["winner"] == "Ana"
    assert believe("highest-number-breaks-ties", "winner", players=tie)["winner"] == "Bruno"   # 13
    no_tie = {"Ana": {"numbers": [9]}, "Bruno": {"numbers": [13, 2]}}     # 5 against 4
    assert believe("lowest-number-wins", "winner", players=no_tie)["winner"] == "Bruno"
    # the entry's own belief: equal fame shares the win; no Region number is shared, so a tie never is
    assert faraway.win_shared(tie) == {"shared": False, "winner": "Ana", "fame": {"Ana": 4, "Bruno": 4}}
    assert believe("tie-break", "win_shared", players=tie)["shared"] is True
    assert believe("tie-break", "win_shared", players=no_tie)["shared"] is False


# --- legality, against games played out by the rules here (not by the checker) -------------------------------------

CARDS = yaml.safe_load((Path(__file__).resolve().parent.parent / "rules/faraway/cards.yml").read_text(encoding="utf-8"))
NUMBERS = [card["number"] for card in CARDS["regions"]]
SANCTUARY_IDS = [card["id"] for card in CARDS["sanctuaries"]]


def play_game(rng: random.Random, players: int) -> list[dict]:
    """A whole game by the rules, with the real deck read from cards.yml: every round each player plays a card; a
    Region that beats the one before finds Sanctuaries (never in round 1) and exactly one is placed. Returns each
    player's tableau after every play, and at the end."""
    deck, pile = list(NUMBERS), list(SANCTUARY_IDS)
    rng.shuffle(deck)
    rng.shuffle(pile)
    rows = [[] for _ in range(players)]
    sanctuaries = [[] for _ in range(players)]
    snapshots = []
    for _ in range(FACTS["rounds"]):
        for p in range(players):
            number = deck.pop()
            snapshots.append({"regions": rows[p] + [number], "sanctuaries": list(sanctuaries[p])})
            if rows[p] and number > rows[p][-1]:
                sanctuaries[p].append(pile.pop())
            rows[p].append(number)
    finals = [{"regions": rows[p], "sanctuaries": sanctuaries[p]} for p in range(players)]
    return snapshots, finals


@settings(deadline=None)
@given(st.randoms(use_true_random=False), st.integers(FACTS["players_min"], 5))
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
    _, finals = play_game(rng, 5)
    tableau = copy.deepcopy(finals[0])
    unused = [s for s in SANCTUARY_IDS if s not in tableau["sanctuaries"]]
    if change == "duplicate":
        tableau["regions"][rng.randrange(1, 8)] = tableau["regions"][0]
    elif change == "extra-sanctuary":
        tableau["sanctuaries"].append(unused[0])
    elif change == "missing-sanctuary":
        if not tableau["sanctuaries"]:
            tableau["sanctuaries"].append(unused[0])
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
    ("sanctuary_draws_for", {"tableau": {"regions": [15, 49], "sanctuaries": ["green-clue"]}},
     "1 Sanctuaries before this round"),
    ("winner", {"players": {"Ana": {"numbers": [3]}, "Bruno": {"numbers": [4]}}}, "1 Regions"),
    ("winner", {"players": {"Ana": {"numbers": [8, 7, 6, 5, 4, 3, 2, 1]},
                            "Bruno": {"numbers": [9, 10, 11, 12, 13, 14, 15, 16], "sanctuaries": ["5-fame"]}}},
     "1 Sanctuaries, but the row"),
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


# --- properties, over tableaux of real cards -----------------------------------------------------------------------

@st.composite
def tableaux(draw):
    numbers = draw(st.lists(st.sampled_from(NUMBERS), min_size=1, max_size=8, unique=True))
    return {"regions": numbers, "sanctuaries": draw(st.lists(st.sampled_from(SANCTUARY_IDS), max_size=5, unique=True))}


@settings(deadline=None)
@given(tableaux(), tableaux())
def test_rightmost_region_depends_only_on_itself_and_sanctuaries(tableau, other):
    rightmost = tableau["regions"][-1]
    swapped = {"regions": [n for n in other["regions"] if n != rightmost][:7] + [rightmost],
               "sanctuaries": tableau["sanctuaries"]}
    assert faraway.score(swapped)["regions"][-1] == faraway.score(tableau)["regions"][-1]


@settings(deadline=None)
@given(tableaux(), st.sampled_from(SANCTUARY_IDS))
def test_adding_a_sanctuary_never_lowers_any_cards_fame(tableau, sanctuary):
    if sanctuary in tableau["sanctuaries"]:
        return
    before = faraway.score(tableau)
    after = faraway.score({**tableau, "sanctuaries": tableau["sanctuaries"] + [sanctuary]})
    assert all(a >= b for a, b in zip(after["regions"], before["regions"]))
    assert all(a >= b for a, b in zip(after["sanctuaries"], before["sanctuaries"]))
    assert after["total"] == sum(after["regions"]) + sum(after["sanctuaries"])


def printed_fame(card: dict, seen: list[dict]) -> int:
    """The fame one card's printed quest or task pays against the cards it sees, counted straight from cards.yml's
    own words: its requirement, then its fame once or per what it counts (written apart from quiz/games/faraway)."""
    def count(what: str) -> int:
        if what in ("stone", "chimera", "thistle"):
            return sum((c.get("wonders") or {}).get(what, 0) for c in seen)
        if what == "clue":
            return sum(c.get("clues", 0) for c in seen)
        if what == "night":
            return sum(bool(c.get("night")) for c in seen)
        if what == "colour-set":
            return min(sum(c.get("colour") == colour for c in seen) for colour in ("red", "green", "blue", "yellow"))
        if what == "wonder-set":
            return min(count(w) for w in ("stone", "chimera", "thistle"))
        return sum(c.get("colour") == what for c in seen)

    if any(count(wonder) < needed for wonder, needed in (card.get("requires") or {}).items()):
        return 0
    per = card.get("per")
    if per is None:
        return card.get("fame", 0)
    return card["fame"] * sum(count(colour) for colour in per) if isinstance(per, list) else card["fame"] * count(per)


@settings(deadline=None, max_examples=300)
@given(tableaux())
def test_scoring_agrees_with_the_printed_cards_counted_apart(tableau):
    """An independent count from cards.yml: right to left, each Region against itself, the Regions after it and
    every Sanctuary; then each Sanctuary against everything."""
    regions = {card["number"]: card for card in CARDS["regions"]}
    sanctuaries = {card["id"]: card for card in CARDS["sanctuaries"]}
    row = [regions[n] for n in tableau["regions"]]
    kept = [sanctuaries[s] for s in tableau["sanctuaries"]]
    expected = {"regions": [printed_fame(card, row[i:] + kept) for i, card in enumerate(row)],
                "sanctuaries": [printed_fame(card, row + kept) for card in kept]}
    scored = faraway.score(tableau)
    assert {key: scored[key] for key in expected} == expected


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
    (lambda: faraway.score({"regions": list(range(1, 10))}), "regions: 9 Regions; a row holds 1 to 8"),
    (lambda: faraway.score({"regions": [1, 2, {"number": 3, "colour": "red"}]}),
     "Region 3 shows colour 'green', not 'red' (cards.yml)"),
    (lambda: faraway.score({"regions": [{"number": 1, "wonders": {"gold": 1}}]}),
     "Region 1 shows wonders {'stone': 1, 'chimera': 1}, not {'gold': 1}"),
    (lambda: faraway.score({"regions": [{"number": 1, "moon": 1}]}), "regions[0].moon: unknown key"),
    (lambda: faraway.score({"regions": [1], "sanctuaries": ["red-moon"]}),
     "sanctuaries[0]: 'red-moon' is no Sanctuary of the base game"),
    (lambda: faraway.score({"regions": [1], "sanctuaries": [7]}), "sanctuaries[0]: 7 is no Sanctuary"),
    (lambda: faraway.sanctuary_draws(-2), "clues: -2 is negative"),
    (lambda: faraway.center_size(7), "players: 7 players; Faraway is for 2–6"),
    (lambda: faraway.center_size(1), "players: 1 players; Faraway is for 2–6"),
    (lambda: faraway.winner({"Ana": {"numbers": [3]}}), "players: 1 players"),
    (lambda: faraway.score({"regions": ["7"]}), "regions[0]: '7' is not a region number"),
    (lambda: faraway.play_order([[1, 2], []]), "rows: expected a list of rows"),
    (lambda: faraway.illegal("score", {"tableau": {"regions": [70]}}),
     "regions[0]: 70 is outside 1–68 (the base game's Regions; expansion cards are not covered)"),
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
    """The row describer says 1 and 2 stones and clues in the form CLDR picks: 6 prints a stone and a clue, 2 two
    stones; the Sanctuaries, one and two."""
    from babel import Locale

    game = faraway_game(site)
    words, wording = game.texts[lang]["words"], game.wording(lang)
    for n, number in ((1, 6), (2, 2)):
        category = Locale.parse(lang).plural_form(n)
        assert words["stone"][category].replace("#", str(n)) in wording.value([number], "row"), (lang, n)
    assert words["clue"][Locale.parse(lang).plural_form(1)].replace("#", "1") in wording.value([6], "row")
    for n in (1, 2):
        category = Locale.parse(lang).plural_form(n)
        assert words["sanctuary"][category].replace("#", str(n)) in wording.value(SANCTUARY_IDS[:n], "sanctuaries")


def test_a_full_row_is_drawn_with_its_cards_numbered_in_scoring_order(site):
    wording = next(g for g in site.games if g.id == "faraway").wording("en")
    regions = [60, 52, 47, 40, 30, 22, 14, 9]
    picture = wording.picture(regions, "row")
    assert [c["title"] for c in picture["cards"]] == ["60", "52", "47", "40", "30", "22", "14", "9"]
    assert [c["order"] for c in picture["cards"]] == ["8", "7", "6", "5", "4", "3", "2", "1"]   # rightmost first
    assert picture["caption"]
    partial = wording.picture(regions[:3], "row")
    assert all(c["order"] is None for c in partial["cards"]) and partial["caption"] is None
