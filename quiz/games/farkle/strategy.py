"""Bank or roll, for one turn at one table: the play that maximises the expected points a turn adds to your banked
score (Busche & Neller's one-turn problem), from the table's own scoring. For every turn total and number of dice in
hand: bank or roll, and after a roll which scoring dice to keep; a bank needs the table's minimum, and a farkle that
would be a third in a row costs the table's penalty.

The values are floats; totals at or above `cap` are assumed banked (no play rolls there: the tests check that doubling
the cap changes no decision and no value by more than 1e-9)."""
from __future__ import annotations

import dataclasses
import functools
import itertools
from fractions import Fraction

import numpy

from quiz.checker import IllegalState, MalformedInput, rule
from quiz.games.farkle.rules import FarkleRules
from quiz.games.farkle.scoring import ScoringChart, faces, rolls_with_ways

CAP = 20000     # turn totals at or above it are banked: far above any threshold (the tests double it)


@dataclasses.dataclass(frozen=True)
class TurnStrategy:
    """A solved turn: value[n][i] is the expected points of the turn from total i * step with n dice in hand, playing
    best; roll_value[n][i] what rolling gives there (banking gives the total, where a bank is allowed)."""

    step: int
    cap: int
    needed: int
    farkle_value: float
    value: dict[int, list[float]]
    roll_value: dict[int, list[float]]

    def banks(self, total: int, dice: int) -> bool:
        """Whether the best play at this turn total with this many dice in hand banks."""
        if total >= self.cap:
            return True
        return self._bankable(total) and total >= self.roll_value[dice][total // self.step]

    def _bankable(self, total: int) -> bool:
        return total > 0 and total >= self.needed

    def threshold(self, dice: int) -> int | None:
        """The lowest turn total from which banking is best with this many dice in hand, at every higher total too;
        None if rolling is best up to the cap."""
        found = None
        for index in range(self.cap // self.step - 1, -1, -1):
            if not self.banks(index * self.step, dice):
                break
            found = index * self.step
        return found

    @functools.cached_property
    def bank_from(self) -> dict[int, int | None]:
        """threshold() for each number of dice in hand, each a scan of the turn: worked out once per solved turn."""
        return {dice: self.threshold(dice) for dice in self.value}

    def expected_turn(self) -> float:
        """The expected points of a turn from its start: all dice, nothing scored yet."""
        return self.value[max(self.value)][0]

    def gain_of_rolling(self, total: int, dice: int) -> float:
        """What one more roll, then playing best, adds to banking now (negative: banking is better)."""
        return self.roll_value[dice][total // self.step] - total


@functools.lru_cache(maxsize=None)
def roll_outcomes(chart: ScoringChart, dice: int, n: int) -> tuple[tuple[Fraction, tuple[tuple[int, int], ...]], ...]:
    """The rolls of n dice, grouped by what they let you keep: (chance, options), each option the dice left in hand
    after keeping and the most points for keeping that many (hot dice: all `dice` back); no options for a farkle."""
    groups: dict[tuple, int] = {}
    for _, ways, rolled in rolls_with_ways(n):
        options = tuple(sorted(((n - kept) or dice, points) for kept, (points, _) in chart.best_keeps(rolled).items()))
        groups[options] = groups.get(options, 0) + ways
    return tuple((Fraction(ways, 6 ** n), options) for options, ways in sorted(groups.items()))


def solve_turn(rules: FarkleRules, needed: int = 0, farkle_value: float = 0.0, cap: int = CAP) -> TurnStrategy:
    """The best play of one turn at this table: a bank needs `needed` points (the opening or bank minimum), a farkle
    is worth `farkle_value` (0, or minus the penalty where it would be the third in a row). Solved once per scoring
    chart and these values (solved_turn(): every checker bound to a table with this scoring shares it)."""
    return solved_turn(rules.chart.whole(), rules.facts.dice, needed, farkle_value, cap)


@functools.lru_cache(maxsize=None)
def solved_turn(chart: ScoringChart, dice: int, needed: int, farkle_value: float = 0.0, cap: int = CAP) -> TurnStrategy:
    """Backwards from the cap, one turn total at a time: what rolling gives with each number of dice in hand (every roll
    weighed by its chance, keeping what plays best), and banking where that is more. Every roll adds a step at least,
    so a total needs only higher ones; the rolls of every number of dice are weighed at once, as arrays."""
    step = chart.step
    size = cap // step
    outcomes = {n: [(float(chance), tuple((left, points // step) for left, points in options))
                    for chance, options in roll_outcomes(chart, dice, n)] for n in range(1, dice + 1)}
    reach = max((offset for n in outcomes for _, options in outcomes[n] for _, offset in options), default=0)
    # value[n, i]: the turn from total i * step with n dice in hand; past the cap by the most one roll adds, the total
    value = numpy.zeros((dice + 1, size + reach + 1))
    value[:, size:] = numpy.arange(size, size + reach + 1) * float(step)
    # every option of every roll that scores, as (dice left, steps added); a roll's options, and a number of dice's
    # rolls, side by side (reduceat's groups)
    lefts, offsets, chances, roll_starts, dice_starts, farkle = [], [], [], [], [], numpy.zeros(dice + 1)
    for n in range(1, dice + 1):
        dice_starts.append(len(chances))
        for chance, options in outcomes[n]:
            if not options:
                farkle[n] += chance
                continue
            roll_starts.append(len(lefts))
            chances.append(chance)
            for left, offset in options:
                lefts.append(left)
                offsets.append(offset)
    lefts, offsets, chances = numpy.array(lefts), numpy.array(offsets), numpy.array(chances)
    roll_starts, dice_starts = numpy.array(roll_starts), numpy.array(dice_starts)
    farkled = farkle[1:] * farkle_value
    roll_value = numpy.zeros((dice + 1, size))
    for index in range(size - 1, -1, -1):
        best = numpy.maximum.reduceat(value[lefts, offsets + index], roll_starts)
        rolled = farkled + numpy.add.reduceat(best * chances, dice_starts)
        roll_value[1:, index] = rolled
        total = float(index * step)
        value[1:, index] = numpy.where(rolled < total, total, rolled) if total > 0 and total >= needed else rolled
    return TurnStrategy(step, cap, needed, farkle_value, {n: value[n, :size].tolist() for n in range(1, dice + 1)},
                        {n: roll_value[n].tolist() for n in range(1, dice + 1)})


def keep(rules: FarkleRules, strategy: TurnStrategy, total: int, roll: list[int]) -> dict:
    """After rolling `roll` at turn total `total`: the dice to keep (the best set-aside for the number kept that plays
    best), the points they add, and whether to bank then; {"dice": []} for a farkle."""
    chart, dice = rules.chart, rules.facts.dice
    rolled = tuple(list(roll).count(face) for face in range(1, 7))
    best = None
    for part in itertools.product(*(range(count + 1) for count in rolled)):
        points = chart.best_split(part) if sum(part) else None
        if not points:
            continue
        left = (len(roll) - sum(part)) or dice
        after = total + points
        worth = strategy.value[left][after // strategy.step] if after < strategy.cap else float(after)
        if best is None or worth > best[0] + 1e-12 or (abs(worth - best[0]) <= 1e-12 and sum(part) < sum(best[1])):
            best = (worth, part, points, left, after)
    if best is None:
        return {"dice": [], "points": 0, "bank": False, "expected": strategy.farkle_value}
    worth, part, points, left, after = best
    return {"dice": faces(part), "points": points, "left": left, "bank": strategy.banks(after, left), "expected": worth}


class FarkleStrategy(FarkleRules):
    """Farkle's rules with the best play of a turn: the quiz asks whether to roll again, and the pages quote the
    strategy. A player on the board (a bank needs the table's bank minimum, not the opening one) and not on two
    farkles in a row (a farkle costs the turn, no penalty)."""

    def turn_strategy(self) -> TurnStrategy:
        """This table's best play of a turn, once on the board."""
        return solve_turn(self, needed=self.facts.bank_minimum)

    def _turn_moment(self, turn_total, in_hand) -> tuple[int, int]:
        if type(turn_total) is not int or turn_total < 0 or turn_total % self.chart.step:
            raise MalformedInput(f"turn_total: {turn_total!r} is not a turn's points (a multiple of {self.chart.step})")
        return turn_total, self._dice_count(in_hand)

    @rule
    def rolls_again(self, turn_total: int, in_hand: int) -> dict:
        """Whether rolling the dice in hand again, then playing best, beats banking the turn now on average: "roll",
        and the two expected values ("roll_value": what the turn ends with after rolling, on average, rounded to a
        point; "bank_value": the turn total) and their difference ("margin", rounded)."""
        total, in_hand = self._turn_moment(turn_total, in_hand)
        self._bank_to_weigh(total)
        strategy = self.turn_strategy()
        rolled = strategy.roll_value[in_hand][total // strategy.step] if total < strategy.cap else 0.0
        return {"roll": not strategy.banks(total, in_hand), "roll_value": round(rolled), "bank_value": total,
                "margin": round(abs(rolled - total))}

    def _bank_to_weigh(self, total: int) -> None:
        """A bank to weigh against a roll: IllegalState where the turn has scored nothing yet, or less than a bank
        needs here (there is nothing to choose, whatever game reached it)."""
        if total == 0:
            raise IllegalState("a turn that has scored nothing yet cannot bank: there is nothing to choose")
        if total < self.facts.bank_minimum:
            raise IllegalState(f"a turn of {total} cannot bank here: a bank needs {self.facts.bank_minimum}, so there "
                               "is nothing to choose")
