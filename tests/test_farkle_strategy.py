"""Bank or roll (quiz/games/farkle/strategy.py) against the rules: a one-die game solved by hand, and games of three
dice solved again by an independent brute force in exact fractions (every ordered roll, every subset of its dice that
scores, recursion over the turn total), with a minimum to bank and a farkle that costs; doubling the cap changes no
decision. Seed 004's figures are those the closing note quotes."""
from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import pytest

from quiz.checker import IllegalState
from quiz.games import bound
from quiz.games import farkle as farkle_package
from quiz.games.farkle.strategy import keep, solve_turn

SEED = bound("farkle")


def with_dice(dice: int):
    return type(SEED)(SEED.facts.changed({"dice": dice}, "test"))


def test_one_die_by_hand():
    """One die: a 1 (100) or a 5 (50) is hot dice, the die comes back; anything else farkles. Rolling at total t gives
    (t + 100)/6 + (t + 50)/6 at best when banking follows, more than t only below 37.5: so a turn rolls once and banks
    whatever it scored, and is worth (100 + 50) / 6 = 25 from the start."""
    strategy = solve_turn(with_dice(1))
    assert strategy.expected_turn() == pytest.approx(25)
    assert strategy.threshold(1) == 50
    assert strategy.banks(50, 1) and not strategy.banks(0, 1)
    assert strategy.gain_of_rolling(100, 1) == pytest.approx((200 + 150) / 6 - 100)


def brute_force(rules, needed: int, farkle: Fraction, cap: int):
    """Expected turn value by the rules' own words, exactly: roll every ordered roll of the dice in hand, keep any
    subset of its dice that scores as a whole, bank when allowed and better; totals at the cap bank."""
    dice = rules.facts.dice

    @functools.lru_cache(maxsize=None)
    def value(total: int, n: int) -> Fraction:
        if total >= cap:
            return Fraction(total)
        rolled = Fraction(0)
        for roll in itertools.product(range(1, 7), repeat=n):
            best = None
            for size in range(1, n + 1):
                for chosen in itertools.combinations(range(n), size):
                    points = rules.score([roll[i] for i in chosen])
                    if points:
                        after = value(total + points, (n - size) or dice)
                        best = after if best is None else max(best, after)
            rolled += farkle if best is None else best
        rolled /= 6 ** n
        return max(rolled, Fraction(total)) if total > 0 and total >= needed else rolled

    return value


@pytest.mark.parametrize("needed, farkle", [(0, 0), (300, 0), (0, -500)])
def test_three_dice_agree_with_a_brute_force(needed, farkle):
    rules, cap = with_dice(3), 1500
    strategy = solve_turn(rules, needed=needed, farkle_value=farkle, cap=cap)
    value = brute_force(rules, needed, Fraction(farkle), cap)
    for total in range(0, cap, 50):
        for n in (1, 2, 3):
            assert float(value(total, n)) == pytest.approx(strategy.value[n][total // 50], abs=1e-9), (total, n)


def test_doubling_the_cap_changes_nothing():
    small, large = solve_turn(SEED), solve_turn(SEED, cap=2 * SEED.facts.target * 2)
    assert abs(small.expected_turn() - large.expected_turn()) < 1e-9
    for n in range(1, 7):
        assert small.threshold(n) == large.threshold(n)
        for total in range(0, 5000, 50):
            assert abs(small.value[n][total // 50] - large.value[n][total // 50]) < 1e-9


def test_seed_figures_and_the_advice_after_a_roll():
    """Seed 004: a turn is worth about 608 from the start; bank at 350 with one die, 300 with two, 450 with three, 1,050
    with four, 3,100 with five. Rolled 1 1 5 2 3 4 at the start, keeping one 1 (five dice back) beats keeping more."""
    strategy = solve_turn(SEED)
    assert strategy.expected_turn() == pytest.approx(607.965, abs=1e-3)
    assert [strategy.threshold(n) for n in range(1, 6)] == [350, 300, 450, 1050, 3100]
    advice = keep(SEED, strategy, 0, [1, 1, 5, 2, 3, 4])
    assert advice["dice"] == [1] and advice["left"] == 5 and not advice["bank"]
    assert keep(SEED, strategy, 0, [2, 2, 3, 3, 4, 6])["dice"] == []


def test_a_minimum_to_bank_makes_you_roll_on():
    """Below a bank's minimum there is no banking: with a 500 minimum, 300 with two dice rolls on."""
    plain, strict = solve_turn(SEED), solve_turn(SEED, needed=500)
    assert plain.banks(300, 2) and not strict.banks(300, 2)
    assert strict.expected_turn() < plain.expected_turn()


def test_roll_again_is_the_solved_turn_s_call_with_both_values():
    """The quiz's rule answers from the solved turn: at 700 with four dice rolling is worth 753 on average (> 700), at
    600 with three 548 (< 600); the values are the turn's expected end, rounded to a point."""
    at_four, at_three = SEED.rolls_again(700, 4), SEED.rolls_again(600, 3)
    assert at_four == {"roll": True, "roll_value": 753, "bank_value": 700, "margin": 53}
    assert at_three == {"roll": False, "roll_value": 548, "bank_value": 600, "margin": 52}
    strategy = solve_turn(SEED)
    for total in range(50, 3000, 50):
        for n in range(1, 7):
            assert SEED.rolls_again(total, n)["roll"] == (not strategy.banks(total, n)), (total, n)


@pytest.mark.parametrize("total, in_hand", [
    (250, 6),                # hot dice: six dice set aside score 300 at least (six single 5s)
    (100, 3),                # three dice set aside: 150 at least (three single 5s)
])
def test_bank_or_roll_at_a_moment_no_turn_reaches_is_no_game(total, in_hand):
    """Legality by replay (issue 41): no game the engine plays reaches these moments."""
    witnesses = farkle_package.WITNESSES(SEED)
    assert witnesses.witness("rolls_again", {"turn_total": total, "in_hand": in_hand}) is None
    assert witnesses.witness("rolls_again", {"turn_total": 300, "in_hand": 6}) is not None


def test_with_nothing_to_bank_there_is_nothing_to_weigh():
    """Nothing scored yet, or less than a bank needs: the rule itself refuses (any game can reach the moment)."""
    zilch = type(SEED)(SEED.facts.changed({"bank_minimum": 300}, "test"))
    with pytest.raises(IllegalState, match="nothing to choose"):
        SEED.rolls_again(0, 3)
    with pytest.raises(IllegalState, match="a bank needs 300"):
        zilch.rolls_again(250, 2)
    assert zilch.rolls_again(300, 2)["roll"] is False


def test_each_bank_or_roll_belief_answers_as_its_players_do():
    """By hand, at seed 004: a player who banks at 500 rolls at 450 and banks at 700 with four dice; one who never rolls
    one or two dice banks at 200 with two and has no view with three; one who banks after hot dice banks at 400 with
    six; one who rolls while a score is likelier than a farkle rolls two dice (16 of 36 farkle) and banks one
    (4 of 6)."""
    def believed(name, total, n):
        belief = next(b for b in SEED.beliefs() if b.name == name and b.distorts == "rolls_again")
        found = SEED.believe(belief, {"turn_total": total, "in_hand": n})
        return None if found is None else found["roll"]

    assert believed("bank-or-roll", 450, 4) is True and believed("bank-or-roll", 700, 4) is False
    assert believed("never-roll-two-dice", 200, 2) is False and believed("never-roll-two-dice", 450, 3) is None
    assert believed("bank-hot-dice", 400, 6) is False and believed("bank-hot-dice", 400, 5) is None
    assert believed("roll-while-likely", 300, 2) is True and believed("roll-while-likely", 300, 1) is False


@pytest.mark.parametrize("target", [5000, 10000, 20000])
def test_the_bank_table_never_advises_a_total_past_the_target(target):
    """content-review-5 F2: the seed's six-dice threshold is 18,650, past the whole target: a turn that got there would
    have won by banking long before. The table says "always roll" wherever the one-turn threshold is past the target,
    and gives it where it is not."""
    from quiz.games.farkle.presentation import FarklePresentation

    facts = SEED.facts.changed({"target": target}, "test")
    rules = type(SEED)(facts)
    rows = FarklePresentation(rules).computed_tables()["bank-table"]["rows"]
    strategy = rules.turn_strategy()
    for row in rows:
        threshold = strategy.threshold(row["dice"])
        expected = threshold if threshold and threshold <= target else "always_roll"
        assert row["bank_from"] == expected, (target, row)
    assert rows[0]["bank_from"] == 350 and rows[-1]["bank_from"] == ("always_roll" if target < 18650 else 18650)
