"""The wrong beliefs about Farkle that its easy-to-forget entries name, as code: each answers a rule's givens the way a
player holding it would. With them, FarkleRules is the full checker the quiz verifies against."""
from __future__ import annotations

import itertools
from fractions import Fraction

from quiz.checker import belief
from quiz.games.farkle.facts import FACES
from quiz.games.farkle.scoring import counts, faces
from quiz.games.farkle.endgame import FarkleEndgame

# Only for the belief that a first bank needs a minimum (no seed names one): house rules that ask one ask 300 or more,
# so a player holding it answers 0 for a first turn below this.
BELIEVED_OPENING_MINIMUM = 300
# The turn total from which a player who banks by a round number banks, whatever dice are left.
BELIEVED_ENOUGH = 500


class Farkle(FarkleEndgame):
    """Farkle's rules and the best play of a turn, for the points and for the win, with the wrong beliefs players hold
    about them."""

    # --- which scoring patterns a belief does not know ----------------------------------------------------------------

    def _patterns_without(self, keep, dice) -> frozenset:
        """The (option, pattern) pairs a belief leaves out of what these dice can score: of the patterns they make,
        those `keep(option, pattern)` rejects."""
        return frozenset((option, pattern) for option, pattern, _ in self.chart.fitting(counts(self._dice(dice)))
                         if not keep(option, pattern))

    def _is_three_pairs(self, option_id: str) -> bool:
        option = self.chart.option(option_id)
        return bool(option and option.pairs)

    def _without_split_ones(self, dice) -> frozenset:
        if counts(self._dice(dice))[0] < 4:
            return frozenset()
        return self._patterns_without(lambda option, pattern: not (pattern[0] and sum(pattern) == pattern[0] < 4),
                                      dice)

    def _without_four_and_pair(self, dice) -> frozenset:
        return self._patterns_without(lambda option, pattern: not (self._is_three_pairs(option) and 4 in pattern),
                                      dice)

    def _without_pairs_and_straight(self, dice) -> frozenset:
        """Three pairs and the straight: the options a player who knows only singles and dice of a kind forgets."""
        return self._patterns_without(lambda option, pattern: not (self._is_three_pairs(option) or
                                                                   (set(pattern) == {1} and
                                                                    len(pattern) == len(FACES))),
                                      dice)

    def _score_without(self, dice, without: frozenset) -> int | None:
        found = self.chart.split(counts(self._dice(dice)), without)
        return None if found is None else found[0]

    # --- scoring --------------------------------------------------------------------------------------------------

    @belief("four-ones", distorts="score")
    def _four_ones_only_together(self, set_aside) -> int | None:
        """Four or more 1s can only count all together (four of a kind and up), never as three 1s plus single 1s."""
        return self._score_without(set_aside, self._without_split_ones(set_aside))

    @belief("four-plus-pair", distorts="score")
    def _four_and_pair_is_not_three_pairs(self, set_aside) -> int:
        """Four of a kind plus a pair scores only the four of a kind (and the pair as singles, where it can)."""
        return self.set_aside_of(set_aside, self._without_four_and_pair(set_aside))["points"]

    @belief("one-scoring-die", distorts="best_set_aside", name="one-option-per-roll")
    def _one_option_per_roll(self, roll) -> dict:
        """From each roll you may set aside only one scoring die or set."""
        rolled = counts(self._dice(roll, "roll"))
        best = max(((points, pattern) for _, pattern, points in self.chart.fitting(rolled)), default=(0, ()))
        dice = faces(best[1]) if best[1] else []
        return {"points": best[0], "dice": dice, "split": [dice] if dice else []}

    @belief("four-ones", distorts="best_set_aside")
    def _four_ones_only_together_in_a_roll(self, roll) -> dict:
        """Four or more 1s can only count all together (four of a kind and up), never as three 1s plus single 1s."""
        return self.set_aside_of(roll, self._without_split_ones(roll))

    @belief("singles-only-ones-fives", distorts="best_set_aside", name="only-singles-and-kinds")
    def _no_pairs_or_straight_in_a_roll(self, roll) -> dict:
        """Only 1s, 5s and three or more of a kind score: three pairs and the straight do not."""
        return self.set_aside_of(roll, self._without_pairs_and_straight(roll))

    @belief("one-scoring-die", distorts="fewest_to_set_aside")
    def _may_pass_a_roll(self, roll) -> dict:
        """You may pass on a roll and simply roll all the dice again."""
        self._dice(roll, "roll")
        return {"dice": 0, "part": []}

    @belief("one-scoring-die", distorts="is_farkle")
    def _never_farkle_if_you_may_pass(self, roll) -> bool:
        """You may pass on a roll and simply roll all the dice again."""
        self._dice(roll, "roll")
        return False

    def _sets_aside_with_pairs(self, roll) -> bool:
        """Whether a believer in scoring pairs sets aside every die:
        some pairs taken out, the rest scores (or is none)."""
        rolled = counts(self._dice(roll, "roll"))
        for pairs in itertools.product(*(range(count // 2 + 1) for count in rolled)):
            rest = [c - 2 * k for c, k in zip(rolled, pairs)]
            if any(pairs) and (not any(rest) or self.chart.best_split(tuple(rest)) is not None):
                return True
        return self.is_hot_dice(roll)

    @belief("singles-only-ones-fives", distorts="is_farkle")
    def _a_pair_is_no_farkle(self, roll) -> bool:
        """A pair scores too, like three of a kind: a roll with a pair is no farkle."""
        return self.is_farkle(roll) and max(counts(self._dice(roll, "roll"))) < 2

    @belief("singles-only-ones-fives", distorts="is_farkle", name="only-singles-and-kinds")
    def _farkle_without_pairs_or_straight(self, roll) -> bool:
        """Only 1s, 5s and three or more of a kind score: three pairs and the straight do not."""
        return self.set_aside_of(roll, self._without_pairs_and_straight(roll))["points"] == 0

    @belief("hot-dice", distorts="is_hot_dice")
    def _turn_over_when_all_set_aside(self, roll) -> bool:
        """Once every die is set aside, your turn is over."""
        self._dice(roll, "roll")
        return False

    @belief("hot-dice", distorts="is_hot_dice", name="hot-dice-need-six")
    def _hot_dice_need_six(self, roll) -> bool:
        """Hot dice need all six dice to score in one roll; fewer dice left never make hot dice."""
        return self.is_hot_dice(roll) and len(roll) == self.facts.dice

    @belief("singles-only-ones-fives", distorts="is_hot_dice")
    def _hot_with_pairs(self, roll) -> bool:
        """A pair scores too, like three of a kind: pairs and scoring dice make hot dice."""
        return self._sets_aside_with_pairs(roll)

    @belief("singles-only-ones-fives", distorts="is_hot_dice", name="only-singles-and-kinds")
    def _hot_without_pairs_or_straight(self, roll) -> bool:
        """Only 1s, 5s and three or more of a kind score: three pairs and the straight do not."""
        return self._score_without(roll, self._without_pairs_and_straight(roll)) is not None

    @belief("four-plus-pair", distorts="is_hot_dice")
    def _hot_without_four_and_pair(self, roll) -> bool:
        """Four of a kind plus a pair scores only the four of a kind (and the pair as singles, where it can)."""
        return self._score_without(roll, self._without_four_and_pair(roll)) is not None

    # --- a turn and the end ---------------------------------------------------------------------------------------

    @belief("sets-one-roll", distorts="turn_points", name="sets-across-rolls")
    def _sets_across_rolls(self, set_asides: list) -> int:
        """Dice set aside from different rolls of a turn combine into sets."""
        self.turn_points(set_asides)
        return self.chart.best_split(counts(tuple(d for dice in self._set_asides(set_asides) for d in dice)))

    @belief("farkle-loses-turn", distorts="total_after_turn")
    def _farkle_loses_everything(self, banked: int, set_asides: list, farkled: bool) -> int:
        """A farkle wipes out all the points you banked earlier."""
        total = self.total_after_turn(banked, set_asides, farkled)
        return 0 if farkled else total

    @belief("farkle-loses-turn", distorts="total_after_turn", name="farkle-keeps-set-aside")
    def _farkle_loses_only_its_roll(self, banked: int, set_asides: list, farkled: bool) -> int:
        """A farkle loses only the roll that scored nothing; the dice set aside before still count."""
        self.total_after_turn(banked, set_asides, farkled)
        return banked + self.turn_points(set_asides)

    @belief("no-minimum", distorts="total_after_turn")
    def _opening_minimum(self, banked: int, set_asides: list, farkled: bool) -> int | None:
        """A first bank needs a minimum score in one turn; below it, nothing is banked."""
        total = self.total_after_turn(banked, set_asides, farkled)
        if banked or farkled:
            return None
        return total if total >= BELIEVED_OPENING_MINIMUM else 0

    @belief("end-rule", distorts="game_ends")
    def _reaching_the_target_ends(self, banked: int) -> bool:
        """Reaching exactly the target ends the game."""
        return self._banked(banked) >= self.facts.target

    @belief("end-rule", distorts="points_to_end")
    def _points_to_reach_the_target(self, banked: int) -> int:
        """Reaching exactly the target ends the game."""
        return self.facts.target - self._banked(banked)

    @belief("no-last-round", distorts="others_play_on")
    def _everyone_gets_a_last_turn(self, banked: int) -> bool:
        """When someone passes the target, everyone else gets one more turn."""
        self._banked(banked)
        return True

    # --- bank or roll ---------------------------------------------------------------------------------------------

    @belief("bank-or-roll", distorts="rolls_again")
    def _bank_from_a_round_number(self, turn_total: int, in_hand: int) -> dict:
        """Once a turn reaches 500, bank it, whatever dice are left; below it, roll on."""
        total, _ = self._turn_moment(turn_total, in_hand)
        return {"roll": total < BELIEVED_ENOUGH}

    @belief("bank-or-roll", distorts="rolls_again", name="never-roll-two-dice")
    def _never_roll_one_or_two_dice(self, turn_total: int, in_hand: int) -> dict | None:
        """With one or two dice left, bank: the farkle is too likely."""
        _, in_hand = self._turn_moment(turn_total, in_hand)
        return {"roll": False} if in_hand <= 2 else None

    @belief("bank-or-roll", distorts="rolls_again", name="bank-hot-dice")
    def _bank_after_hot_dice(self, turn_total: int, in_hand: int) -> dict | None:
        """After hot dice, bank: you have had your luck this turn."""
        total, in_hand = self._turn_moment(turn_total, in_hand)
        return {"roll": False} if total and in_hand == self.facts.dice else None

    @belief("bank-or-roll", distorts="rolls_again", name="roll-while-likely")
    def _roll_while_scoring_is_likely(self, turn_total: int, in_hand: int) -> dict:
        """Roll again while a roll is more likely to score than to farkle."""
        _, in_hand = self._turn_moment(turn_total, in_hand)
        return {"roll": self.farkle_chance(in_hand) < Fraction(1, 2)}

    # --- the winning call ---------------------------------------------------------------------------------------------

    @belief("play-for-the-win", distorts="winning_call")
    def _same_totals_as_early(self, banked: int, other_banked: int, turn_total: int, in_hand: int) -> dict:
        """Near the end, bank or roll by the same totals as early in the game: for the most points this turn."""
        self._banked(banked), self._banked(other_banked, "other_banked")
        return {"roll": self.rolls_again(turn_total, in_hand)["roll"]}

    @belief("play-for-the-win", distorts="winning_call", name="bank-once-you-can-win")
    def _bank_once_you_can_win(self, banked: int, other_banked: int, turn_total: int, in_hand: int) -> dict:
        """Once a bank would reach the end, bank; before that, play for the most points this turn."""
        banked, total = self._banked(banked), self._turn_moment(turn_total, in_hand)[0]
        self._banked(other_banked, "other_banked")
        if self.may_bank(banked, total) and self.passes_the_end(banked + total):
            return {"roll": False}
        return {"roll": self.rolls_again(turn_total, in_hand)["roll"]}
