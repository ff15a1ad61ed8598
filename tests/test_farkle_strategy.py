"""Bank or roll (quiz/games/farkle/strategy.py) against the rules: a one-die game solved by hand, and games of three
dice solved again by an independent brute force in exact fractions (every ordered roll, every subset of its dice that
scores, recursion over the turn total), with a minimum to bank and a farkle that costs; doubling the cap changes no
decision. Seed 004's figures are those the closing note quotes."""
from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import pytest

from quiz.games import bound
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
