"""The Farkle rules checker against seed 004: every scoring option, the edge cases, exhaustive odds, legality,
bad input."""
from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from fractions import Fraction

import random
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from quiz.games import farkle as farkle_game
from quiz.checker import LEGALITY_PREFIX, IllegalState, MalformedInput
from quiz.site.load.wording import Wording

farkle = farkle_game.default()
WITNESSES = farkle_game.WITNESSES
presentation = farkle_game.FarklePresentation(farkle)

GAME = yaml.safe_load((Path(__file__).resolve().parent.parent / "rules/farkle/game.yml").read_text(encoding="utf-8"))
OPTIONS = {o["id"]: o["points"] for o in GAME["tables"]["scoring_options"]}


@pytest.mark.parametrize("dice, option", [
    ([1], "single-one"), ([5], "single-five"), ([1, 1, 1], "three-ones"), ([2, 2, 2], "three-twos"),
    ([3, 3, 3], "three-threes"), ([4, 4, 4], "three-fours"), ([5, 5, 5], "three-fives"), ([6, 6, 6], "three-sixes"),
    ([3, 3, 3, 3], "four-of-a-kind"), ([4, 4, 4, 4, 4], "five-of-a-kind"), ([2, 2, 2, 2, 2, 2], "six-of-a-kind"),
    ([2, 2, 4, 4, 6, 6], "three-pairs"), ([6, 5, 4, 3, 2, 1], "straight"),
])
def test_each_scoring_option_from_the_yaml_table(dice, option):
    """Seed 004 "Optionen": each option scores the points the YAML table gives it."""
    assert farkle.score(dice) == OPTIONS[option]


def test_point_values_are_the_seeds():
    """Seed 004: 100, 50, 1000, 200…600, 1000, 2000, 3000, 1500, 2500."""
    assert list(OPTIONS.values()) == [100, 50, 1000, 200, 300, 400, 500, 600, 1000, 2000, 3000, 1500, 2500]


def test_four_ones_split_as_three_ones_plus_a_one():
    assert farkle.score([1, 1, 1, 1]) == 1100


def test_four_of_a_kind_plus_a_pair_is_three_pairs():
    """Seed 004 "Drei Paare … Beinhaltet auch ein Viererpasch plus ein Paar"."""
    assert farkle.score([2, 2, 2, 2, 3, 3]) == 1500
    assert farkle.score([1, 1, 1, 1, 5, 5]) == 1500


def test_dice_that_score_nothing_make_the_set_aside_invalid():
    assert farkle.score([2]) is None
    assert farkle.score([1, 2]) is None
    assert farkle.score([2, 2, 3, 3]) is None


def test_sets_do_not_carry_across_rolls():
    """Seed 004: two 1s (200) and a 1 in the next roll (100) make 300, not three 1s."""
    assert farkle.turn_points([[1, 1], [1]]) == 300


def test_best_score_takes_every_scoring_die():
    assert farkle.best_score([6, 6, 6, 1, 5, 2]) == 750
    assert farkle.best_dice([6, 6, 6, 1, 5, 2]) == [1, 5, 6, 6, 6]
    assert farkle.best_score([4, 2, 6, 1, 5, 3]) == 2500


def test_farkle_and_hot_dice():
    """Seed 004 "Farkeln" and "Heiße Würfel"."""
    assert farkle.is_farkle([2, 3, 4, 6, 6, 2]) and not farkle.is_farkle([2, 3, 4, 6, 6, 5])
    assert farkle.is_hot_dice([1, 1, 5, 5, 5, 1]) and farkle.is_hot_dice([2, 2, 3, 3, 6, 6])
    assert not farkle.is_hot_dice([2, 2, 3, 3, 4, 6])


def test_at_least_one_scoring_die_or_set_per_roll():
    """Seed 004 "Würfeln": at least one valid die from every roll; where only a set scores, the set is the least."""
    assert farkle.fewest_to_set_aside([1, 2, 3, 4, 6, 6]) == {"dice": 1, "part": [1]}
    assert farkle.fewest_to_set_aside([3, 4, 6, 5]) == {"dice": 1, "part": [5]}
    assert farkle.fewest_to_set_aside([3, 3, 2, 3]) == {"dice": 3, "part": [3, 3, 3]}
    assert farkle.fewest_to_set_aside([2, 2, 3, 3, 4, 4]) == {"dice": 6, "part": [2, 2, 3, 3, 4, 4]}
    assert farkle.fewest_to_set_aside([2, 3, 4, 6, 6, 2]) == {"dice": 0, "part": []}     # a farkle


def test_the_best_set_aside_and_how_it_splits():
    """The split a why words: 6 6 6 6 5 6 is five of a kind and a 5 (2,050), not every option added up."""
    assert farkle.best_set_aside([6, 6, 6, 6, 5, 6]) == {"points": 2050, "dice": [5, 6, 6, 6, 6, 6],
                                                         "split": [[6, 6, 6, 6, 6], [5]]}
    assert farkle.best_set_aside([6, 6, 6, 1, 5, 2])["split"] == [[6, 6, 6], [1], [5]]
    assert farkle.best_set_aside([2, 3, 4, 6, 6, 2]) == {"points": 0, "dice": [], "split": []}
    assert Wording("en", {}, presentation.text_formatters()).value([[6, 6, 6], [1], [5]], "split") == \
        "6 6 6 (600) + 1 (100) + 5 (50)"
    assert Wording("de", {}, presentation.text_formatters()).value([[1, 1, 1], [1]], "split") == \
        "1 1 1 (1.000) + 1 (100)"


def test_every_best_set_aside_is_the_brute_best_and_its_split_adds_up():
    for n in range(1, 7):
        for roll in itertools.combinations_with_replacement(range(1, 7), n):
            found = farkle.best_set_aside(list(roll))
            assert found["points"] == brute_best(roll), roll
            assert sum(farkle.score(part) for part in found["split"]) == found["points"], roll
            assert sorted(d for part in found["split"] for d in part) == found["dice"], roll


def test_points_to_end_the_game():
    """Seed 004 "Spielende": more than 10,000, and every total is a multiple of 50: 9,350 needs 700, not 650."""
    assert farkle.points_to_end(9350) == 700
    assert farkle.points_to_end(10000) == 50
    # legality by replay: a game reaches the start of a turn at 9,350, none at 10,050 (the turn that banked it won)
    assert WITNESSES(farkle).witness("points_to_end", {"banked": 9350}) is not None
    assert WITNESSES(farkle).witness("points_to_end", {"banked": 10050}) is None


def test_farkle_loses_only_the_turns_unbanked_points():
    """Seed 004 "Farkeln": the turn's unbanked points are lost, banked points stay."""
    assert farkle.total_after_turn(4200, [[1, 1, 1], [5]], True) == 4200
    assert farkle.total_after_turn(3000, [[1], [5, 5, 5]], False) == 3600


def test_no_minimum_to_get_on_the_board():
    assert farkle.total_after_turn(0, [[5]], False) == 50


# --- wrong beliefs: the answers a player holding one gives, by hand --------------------------------------------------

def believe(name: str, check: str, **givens):
    found = [b for b in farkle.beliefs() if b.name == name and b.distorts == check]
    assert len(found) == 1, (name, check, found)
    return farkle.believe(found[0], givens)


def test_beliefs_about_sets_and_set_asides():
    """Seed 004: sets never carry over; at least one scoring die a roll; four 1s and four-plus-a-pair both ways."""
    assert believe("sets-across-rolls", "turn_points", set_asides=[[1, 1], [1]]) == 1000          # three 1s
    assert believe("sets-across-rolls", "turn_points", set_asides=[[4, 4, 4], [4, 4, 4]]) == 3000  # six of a kind
    assert believe("one-scoring-die", "is_farkle", roll=[2, 3, 4, 6, 6, 2]) is False
    assert believe("one-scoring-die", "fewest_to_set_aside", roll=[3, 3, 2, 3])["dice"] == 0
    assert believe("one-option-per-roll", "best_set_aside", roll=[6, 6, 6, 1, 5, 2])["points"] == 600
    assert believe("one-option-per-roll", "best_set_aside", roll=[1, 5, 2, 2, 4, 6])["points"] == 100
    assert believe("four-ones", "score", set_aside=[1, 1, 1, 1]) == 1000
    assert believe("four-ones", "score", set_aside=[1, 1, 1, 1, 5]) == 1050
    assert believe("four-ones", "best_set_aside", roll=[1, 1, 1, 1, 3, 6])["points"] == 1000
    assert believe("four-ones", "best_set_aside", roll=[1, 1, 1, 1, 5, 5])["points"] == 1500   # three pairs stay
    assert believe("four-plus-pair", "score", set_aside=[3, 3, 3, 3, 6, 6]) == 1000
    assert believe("four-plus-pair", "score", set_aside=[1, 1, 1, 1, 5, 5]) == 1200               # 1,100 + 50 + 50
    assert believe("four-plus-pair", "is_hot_dice", roll=[3, 3, 3, 3, 6, 6]) is False


def test_beliefs_about_which_dice_score():
    """Seed 004 "Optionen": singles only 1s and 5s; three pairs and the straight are options."""
    # "a pair scores too": a roll with a pair is no farkle; pairs beside scoring dice make hot dice, beside others not
    assert believe("singles-only-ones-fives", "is_farkle", roll=[2, 3, 4, 6, 2, 3]) is False
    assert believe("singles-only-ones-fives", "is_farkle", roll=[2, 3, 4, 6, 6, 4]) is False
    assert believe("singles-only-ones-fives", "is_farkle", roll=[2, 3, 4, 6]) is True
    assert believe("singles-only-ones-fives", "is_hot_dice", roll=[2, 2, 3, 3, 1, 5]) is True
    assert believe("singles-only-ones-fives", "is_hot_dice", roll=[6, 6, 2, 2, 6, 5]) is True
    assert believe("singles-only-ones-fives", "is_hot_dice", roll=[2, 2, 3, 3, 4, 6]) is False
    assert believe("singles-only-ones-fives", "is_hot_dice", roll=[4, 4]) is True
    assert believe("only-singles-and-kinds", "is_farkle", roll=[2, 2, 3, 3, 6, 6]) is True
    assert believe("only-singles-and-kinds", "is_hot_dice", roll=[2, 2, 3, 3, 6, 6]) is False
    assert believe("only-singles-and-kinds", "best_set_aside", roll=[4, 2, 6, 1, 5, 3])["points"] == 150


def test_beliefs_about_the_turn_and_the_end():
    """Seed 004: hot dice from any roll, a farkle loses the turn's unbanked points, more than 10,000, no last round."""
    assert believe("hot-dice", "is_hot_dice", roll=[1, 1, 5, 5, 5, 1]) is False
    assert believe("hot-dice-need-six", "is_hot_dice", roll=[1, 5]) is False
    assert believe("hot-dice-need-six", "is_hot_dice", roll=[1, 1, 5, 5, 5, 1]) is True
    assert believe("farkle-loses-turn", "total_after_turn", banked=4200, set_asides=[[1, 1, 1], [5]], farkled=True) == 0
    assert believe("farkle-keeps-set-aside", "total_after_turn", banked=4200, set_asides=[[1, 1, 1], [5]],
                   farkled=True) == 5250
    assert believe("no-minimum", "total_after_turn", banked=0, set_asides=[[5]], farkled=False) == 0
    assert believe("no-minimum", "total_after_turn", banked=0, set_asides=[[1, 1, 1]], farkled=False) == 1000
    assert believe("no-minimum", "total_after_turn", banked=50, set_asides=[[5]], farkled=False) is None
    assert believe("end-rule", "game_ends", banked=10000) is True
    assert believe("end-rule", "points_to_end", banked=9350) == 650
    assert believe("no-last-round", "others_play_on", banked=10200) is True


def test_end_rule_needs_more_than_the_target_and_no_last_round():
    """Seed 004 "Spielende": a turn ending with more than 10,000 banked ends the game at once."""
    assert not farkle.game_ends(10000) and farkle.game_ends(10001)
    assert farkle.others_play_on(9950) and not farkle.others_play_on(10200)


@pytest.mark.parametrize("n, chance", [(1, Fraction(2, 3)), (2, Fraction(4, 9)), (3, Fraction(5, 18)),
                                       (4, Fraction(17, 108)), (5, Fraction(25, 324)), (6, Fraction(5, 216))])
def test_farkle_chances_by_exhausting_every_roll(n, chance):
    assert farkle.farkle_chance(n) == chance
    brute = Fraction(sum(brute_best(tuple(sorted(r))) == 0 for r in itertools.product(range(1, 7), repeat=n)), 6 ** n)
    assert brute == chance


# --- an independent scorer: the YAML's options as multisets of dice, tried every way (no code of the checker) --------

def option_multisets() -> list[tuple[Counter, int]]:
    found = []
    for option in GAME["tables"]["scoring_options"]:
        if "dice" in option:
            found.append((Counter(option["dice"]), option["points"]))
        elif "same" in option:
            found += [(Counter({face: option["same"]}), option["points"]) for face in range(1, 7)]
        else:   # three pairs, and four of a kind with a pair
            found += [(Counter({a: 2, b: 2, c: 2}), option["points"])
                      for a, b, c in itertools.combinations(range(1, 7), 3)]
            found += [(Counter({a: 4, b: 2}), option["points"]) for a, b in itertools.permutations(range(1, 7), 2)]
    return found


OPTION_MULTISETS = option_multisets()


@functools.cache
def brute_split(dice: tuple[int, ...]) -> int | None:
    """Most points for using exactly these dice in options, trying every option that holds the first die."""
    if not dice:
        return 0
    best, left = None, Counter(dice)
    for option, points in OPTION_MULTISETS:
        if option[dice[0]] and all(left[f] >= n for f, n in option.items()):
            rest = brute_split(tuple(sorted((left - option).elements())))
            if rest is not None and (best is None or points + rest > best):
                best = points + rest
    return best


@functools.cache
def brute_best(roll: tuple[int, ...]) -> int:
    """The most any set-aside of the roll can score: every sub-multiset tried."""
    subsets = {tuple(sorted(c)) for n in range(1, len(roll) + 1) for c in itertools.combinations(roll, n)}
    return max([brute_split(s) or 0 for s in subsets], default=0)


def test_expected_best_score_against_every_roll_scored_independently():
    for n in (1, 2, 3, 4):
        rolls = list(itertools.product(range(1, 7), repeat=n))
        assert farkle.expected_best_score(n) == Fraction(sum(brute_best(tuple(sorted(r))) for r in rolls), len(rolls))
    assert farkle.expected_best_score(1) == 25      # (100 + 50) / 6, by hand


def test_roll_table_covers_all_923_multisets_and_agrees_with_the_independent_scorer():
    table = presentation.roll_table()
    assert len(table) == sum(math.comb(n + 5, 5) for n in range(1, 7)) == 923
    for key, (points, dice, hot) in table.items():
        roll = tuple(int(c) for c in key)
        assert points == brute_best(roll), key
        assert hot == int(brute_split(roll) is not None), key
        if dice:
            assert brute_split(tuple(int(c) for c in dice)) == points, key


@pytest.mark.parametrize("call, message", [
    (lambda: farkle.score([0]), "set_aside[0]: 0 is not a die value 1–6"),
    (lambda: farkle.score([1, 7]), "set_aside[1]: 7 is not a die value 1–6"),
    (lambda: farkle.score([1] * 7), "set_aside: 7 dice; a roll has 1 to 6"),
    (lambda: farkle.score([]), "set_aside: 0 dice"),
    (lambda: farkle.score("15"), "set_aside: expected a list of dice values, got str"),
    (lambda: farkle.score([1.0]), "set_aside[0]: 1.0 is not a die value 1–6"),
    (lambda: farkle.best_score([True]), "roll[0]: True is not a die value 1–6"),
    (lambda: farkle.is_farkle(None), "roll: expected a list of dice values"),
    (lambda: farkle.farkle_chance(0), "n: 0; roll 1 to 6 dice"),
    (lambda: farkle.expected_best_score(7), "n: 7; roll 1 to 6 dice"),
    (lambda: farkle.game_ends(-5), "banked: -5 is not a points total"),
    (lambda: farkle.total_after_turn(0, [[5]], "yes"), "farkled: 'yes' is not true or false"),
    (lambda: farkle.total_after_turn(1.5, [[5]], False), "banked: 1.5"),
])
def test_malformed_input_raises_malformed_input(call, message):
    with pytest.raises(MalformedInput) as caught:
        call()
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError) and not isinstance(caught.value, IllegalState)


# --- legality by replay: totals a game can reach, set-asides that can be made -----------------------------------------

def test_no_farkle_rule_judges_legality_by_itself():
    """Issue 41: a game reached by the engine (witnesses.py, engine.py) is the only judge of what can happen."""
    assert not [name for name in dir(farkle) if name.startswith(LEGALITY_PREFIX)]


@settings(deadline=None)
@given(st.lists(st.sampled_from(sorted(OPTIONS.values())), max_size=20), st.integers(1, 49))
def test_a_total_made_of_scores_is_reached_and_one_off_it_is_not(scores, off):
    """Every total is a sum of scoring options (seed 004); the options here are all multiples of 50: a game reaches a
    turn ending at such a total below the end, none at one off the step."""
    total = sum(scores) % 10050
    assert WITNESSES(farkle).witness("game_ends", {"banked": total}) is not None or total == 0
    assert WITNESSES(farkle).witness("game_ends", {"banked": total + off}) is None
    assert WITNESSES(farkle).witness("others_play_on", {"banked": total + off}) is None


@pytest.mark.parametrize("set_asides, reached", [
    ([[1, 1, 1], [5]], True),
    ([[1, 1, 1, 5, 5, 5], [1, 1, 1, 1, 1, 1]], True),          # hot dice: all six again
    ([[1, 1, 1, 1, 5], [1, 5]], False),                        # 2 dice set aside from a roll of 1
    ([[1], [2]], False),                                       # [2] scores nothing
    ([[5, 5, 5], [1, 1, 1], [5]], True),
])
def test_set_asides_must_score_and_come_from_the_dice_rolled(set_asides, reached):
    assert (WITNESSES(farkle).witness("turn_points", {"set_asides": set_asides}) is not None) == reached


def test_a_set_aside_that_scores_nothing_cannot_be_counted():
    with pytest.raises(IllegalState, match=r"set_asides\[1\]: \[2\] includes dice that score nothing"):
        farkle.turn_points([[1], [2]])


def play_turn(rng: random.Random) -> list[list[int]]:
    """A turn by seed 004's rules: roll what is left, set aside one scoring option or more, stop or go on."""
    in_hand, set_asides = 6, []
    singles = {1: [1], 5: [5]}
    while True:
        roll = [rng.randint(1, 6) for _ in range(in_hand)]
        scoring = [d for d in roll if d in singles]
        if not scoring:
            return set_asides
        taken = scoring[: rng.randint(1, len(scoring))]
        set_asides.append(sorted(taken))
        in_hand -= len(taken)
        if in_hand == 0:
            in_hand = 6
        if rng.random() < 0.3 or len(set_asides) > 6:
            return set_asides


@settings(deadline=None)
@given(st.randoms(use_true_random=False))
def test_turns_played_by_the_rules_are_legal(rng):
    turn = play_turn(rng)
    if turn:
        assert WITNESSES(farkle).witness("turn_points", {"set_asides": turn}) is not None
        givens = {"banked": 50 * rng.randint(0, 180), "set_asides": turn, "farkled": rng.random() < 0.5}
        assert WITNESSES(farkle).witness("total_after_turn", givens) is not None, givens
