"""The Faraway rules checker against the rules: one test per rule citing its source, properties, and bad input."""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quiz import faraway
from quiz.facts import game_facts

FACTS = game_facts("faraway")


def region(number, **card):
    return {"number": number, **card}


# --- rules, each with its source ---------------------------------------------------------------------------------------

def test_constants_come_from_the_yaml_facts():
    assert (faraway.ROUNDS, faraway.NUMBER_MIN, faraway.NUMBER_MAX) == (FACTS["rounds"], FACTS["number_min"], FACTS["number_max"])


def test_seed_question_10_then_52_now_31_finds_no_sanctuary():
    """Seed 000 "Weißt du's noch?": only the Region directly before (52) counts, not the 10 before it."""
    assert faraway.finds_sanctuary(52, 31) is False
    assert faraway.finds_sanctuary(10, 31) is True


def test_sanctuary_needs_strictly_higher_than_previous():
    """KOSMOS p. 8; seed 001 phase 2: "strictement supérieur" to the previous round's Region."""
    assert faraway.finds_sanctuary(15, 49) is True      # seed 001's Benjamin: 49 > 15
    assert faraway.finds_sanctuary(49, 15) is False


def test_no_sanctuary_in_round_one():
    """KOSMOS p. 8; seed 001: nobody finds a Sanctuary in the first round, whatever the number."""
    assert not any(faraway.finds_sanctuary(None, n) for n in range(1, 69))


def test_sanctuary_draw_is_one_plus_clues():
    """KOSMOS p. 8 example, seed 001's Benjamin: 3 clues → 1 + 3 = 4 cards."""
    assert faraway.sanctuary_draws(3) == 4
    assert faraway.sanctuary_draws(0) == 1


def test_clues_count_on_the_new_region_and_on_sanctuaries():
    """Seed 000 "Alle Hinweis-Symbole zählen – auch auf der neuen Region" (KOSMOS p. 8)."""
    tableau = {"regions": [region(15, clues=1), region(49, clues=1)], "sanctuaries": [{"clues": 1}]}
    assert faraway.sanctuary_draws_for(tableau) == 4


def test_keep_exactly_one_sanctuary():
    """KOSMOS p. 8–9: exactly 1 placed, the rest under the pile; none when none was drawn."""
    assert [faraway.sanctuaries_placed(n) for n in (0, 1, 4)] == [0, 1, 1]


def test_pick_order_is_by_ascending_number():
    """KOSMOS p. 9; seed 001 phase 3: lowest exploration time first, then ascending."""
    assert faraway.pick_order({"Ana": 23, "Ben": 9, "Cem": 41}) == ["Ben", "Ana", "Cem"]


def test_center_holds_players_plus_one():
    """KOSMOS p. 3, 9; seed 001 setup: 4 players reveal 5; seed 000: five players, 6."""
    assert faraway.center_size(4) == 5
    assert faraway.center_size(5) == 6


def test_centre_is_not_refilled_during_the_round():
    """KOSMOS p. 9: taken Regions are not replaced; one is left for the discard."""
    assert faraway.center_left(4, 2) == 3
    assert faraway.center_left(5, 5) == 1


def test_no_pick_from_the_centre_in_round_eight():
    """KOSMOS p. 9; seed 001 "Cas particulier du 8e et dernier tour"."""
    assert [faraway.takes_from_center(r) for r in range(1, 9)] == [True] * 7 + [False]


def test_region_sees_itself_and_the_right_only():
    """KOSMOS p. 10; seed 003 Puanlama 2: each card sees itself, the face-up cards to its right and Sanctuaries."""
    quest = {"fame": 2, "per": "stone"}
    tableau = {"regions": [region(14, quest=quest), region(30, wonders={"stone": 1}),
                           region(52, wonders={"stone": 2}, quest=quest)]}
    assert faraway.score(tableau)["regions"] == [6, 0, 4]


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
               "sanctuaries": [{"task": {"fame": 1, "per": ["blue", "red"]}}, {"task": {"fame": 10, "per": "colour-set"}}]}
    assert faraway.score(tableau)["sanctuaries"] == [3, 10]


def test_tie_broken_by_lowest_single_region_number():
    """KOSMOS p. 10; seed 001 "En cas d'égalité"; seed 003 Oyun sonu."""
    assert faraway.winner({"Ana": {"fame": 62, "numbers": [9, 30]}, "Ben": {"fame": 62, "numbers": [4, 47]}}) == "Ben"
    assert faraway.winner({"Ana": {"fame": 63, "numbers": [9, 30]}, "Ben": {"fame": 62, "numbers": [4, 47]}}) == "Ana"


def test_short_sanctuary_pile():
    """KOSMOS p. 9: lowest number draws first, places 1, returns the rest at once; then the next."""
    assert faraway.short_deck_draws(2, {"Ana": {"number": 12, "wants": 3}, "Ben": {"number": 30, "wants": 2}}) == {"Ana": 2, "Ben": 1}


# --- properties ----------------------------------------------------------------------------------------------------------

COLOURS = st.sampled_from([None, *faraway.COLOURS])
PER = st.one_of(st.none(), st.sampled_from(faraway.PER_KINDS),
                st.lists(st.sampled_from(faraway.COLOURS), min_size=2, max_size=2, unique=True))
WONDERS = st.fixed_dictionaries({w: st.integers(0, 2) for w in faraway.WONDERS})
QUEST = st.one_of(st.none(), st.fixed_dictionaries({"fame": st.integers(0, 6), "per": PER,
                                                    "requires": st.dictionaries(st.sampled_from(faraway.WONDERS), st.integers(0, 2))}))
CARD = {"colour": COLOURS, "wonders": WONDERS, "clues": st.integers(0, 2), "night": st.booleans()}
SANCTUARY = st.fixed_dictionaries({**CARD, "task": st.one_of(st.none(), st.fixed_dictionaries({"fame": st.integers(0, 6), "per": PER}))})


@st.composite
def tableaux(draw):
    numbers = draw(st.lists(st.integers(1, 68), min_size=1, max_size=8, unique=True))
    regions = [{**draw(st.fixed_dictionaries(CARD)), "number": n, "quest": draw(QUEST)} for n in numbers]
    return {"regions": regions, "sanctuaries": draw(st.lists(SANCTUARY, max_size=4))}


@settings(max_examples=150, deadline=None)
@given(tableaux(), tableaux())
def test_rightmost_region_depends_only_on_itself_and_sanctuaries(tableau, other):
    rightmost = tableau["regions"][-1]
    free = [n for n in range(1, 69) if n != rightmost["number"]]
    swapped = copy.deepcopy(other)
    swapped["regions"] = [dict(r, number=free[i]) for i, r in enumerate(other["regions"][:7])] + [rightmost]
    swapped["sanctuaries"] = tableau["sanctuaries"]
    assert faraway.score(swapped)["regions"][-1] == faraway.score(tableau)["regions"][-1]


@settings(max_examples=150, deadline=None)
@given(tableaux(), SANCTUARY)
def test_adding_a_sanctuary_never_lowers_any_cards_fame(tableau, sanctuary):
    before = faraway.score(tableau)
    after = faraway.score({**tableau, "sanctuaries": tableau["sanctuaries"] + [sanctuary]})
    assert all(a >= b for a, b in zip(after["regions"], before["regions"]))
    assert all(a >= b for a, b in zip(after["sanctuaries"], before["sanctuaries"]))
    assert after["total"] == sum(after["regions"]) + sum(after["sanctuaries"])


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["Ana", "Ben", "Cem", "Dana", "Eda", "Finn"]), st.integers(1, 68),
                       min_size=2, max_size=6).filter(lambda d: len(set(d.values())) == len(d)))
def test_pick_order_is_a_sorted_permutation(played):
    order = faraway.pick_order(played)
    assert sorted(order) == sorted(played)
    assert [played[p] for p in order] == sorted(played.values())


# --- bad input: a ValueError naming what and where --------------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda: faraway.finds_sanctuary(10, 69), "new: 69 is outside 1–68"),
    (lambda: faraway.finds_sanctuary(0, 5), "previous: 0 is outside 1–68"),
    (lambda: faraway.score({"regions": [region(5), region(5)]}), "regions[1].number: 5 is already regions[0]"),
    (lambda: faraway.score({"regions": [region(n) for n in range(1, 10)]}), "regions: 9 regions; a tableau holds 1 to 8"),
    (lambda: faraway.score({"regions": [region(1), region(2), region(3, colour="purple")]}),
     "regions[2].colour: 'purple' is not one of blue, green, red, yellow"),
    (lambda: faraway.score({"regions": [region(1, wonders={"gold": 1})]}), "regions[0].wonders.gold: 'gold' is not one of stone"),
    (lambda: faraway.score({"regions": [region(1, quest={"fame": 2, "per": "moon"})]}), "regions[0].quest.per: 'moon' is not one of"),
    (lambda: faraway.score({"regions": [region(1, clues=-1)]}), "regions[0].clues: -1 is negative"),
    (lambda: faraway.sanctuary_draws(-2), "clues: -2 is negative"),
    (lambda: faraway.center_size(7), "players: 7 players; Faraway is for 2–6"),
    (lambda: faraway.center_size(1), "players: 1 players; Faraway is for 2–6"),
    (lambda: faraway.pick_order({"Ana": 5, "Ben": 5}), "played['Ben']: 5 was also played by 'Ana'"),
    (lambda: faraway.winner({"Ana": {"fame": 5, "numbers": [3]}}), "players: 1 players"),
    (lambda: faraway.score({"regions": [region("7")]}), "regions[0].number: '7' is not a region number"),
])
def test_bad_input_raises_a_clear_value_error(call, message):
    with pytest.raises(ValueError) as caught:
        call()
    assert message in str(caught.value)
