"""Farkle's rules: scoring a set-aside by its best split into the table's scoring options, a turn, the end, and the odds
by exhausting every roll. Bound to one table's facts (FarkleFacts); nothing here is worded."""
from __future__ import annotations

from fractions import Fraction

from quiz.checker import IllegalState, MalformedInput, Rules, TrackedFacts, read_as_result, rule
from quiz.games.farkle import reads
from quiz.games.farkle.facts import FarkleFacts
from quiz.games.farkle.reads import ReadScoringChart
from quiz.games.farkle.scoring import ScoringChart, counts, faces, rolls_with_ways, scoring_chart

class FarkleRules(Rules):
    """The rules of Farkle for one table's facts: by default seed 004's (a German rules page of a web game)."""

    FACTS = FarkleFacts

    @property
    def chart(self) -> ScoringChart:
        facts = self.facts
        if isinstance(facts, TrackedFacts) and facts.fine:
            return ReadScoringChart(scoring_chart(facts.untracked.scoring), facts.note)
        return scoring_chart(facts.scoring)

    @classmethod
    def view(cls, facts: FarkleFacts, read: tuple):
        """What a ReadScoringChart noted sees at these facts (reads.py view())."""
        return reads.view(scoring_chart(facts.scoring), read)

    # --- input --------------------------------------------------------------------------------------------------------

    def _dice(self, dice, what: str = "dice") -> tuple[int, ...]:
        """1 to 6 dice showing 1 to 6, sorted; MalformedInput saying what is wrong otherwise."""
        if isinstance(dice, (str, bytes)) or not isinstance(dice, (list, tuple)):
            raise MalformedInput(f"{what}: expected a list of dice values, got {type(dice).__name__} {dice!r}")
        if not 1 <= len(dice) <= self.facts.dice:
            raise MalformedInput(f"{what}: {len(dice)} dice; a roll has 1 to {self.facts.dice}")
        for i, value in enumerate(dice):
            if type(value) is not int:
                raise MalformedInput(f"{what}[{i}]: {value!r} is not a die value 1–6")
            if not 1 <= value <= 6:
                raise MalformedInput(f"{what}[{i}]: {value} is not a die value 1–6")
        return tuple(sorted(dice))

    def _set_asides(self, set_asides) -> list[tuple[int, ...]]:
        if not isinstance(set_asides, list) or not set_asides:
            raise MalformedInput("set_asides: expected a list of set-asides, one per roll")
        return [self._dice(dice, f"set_asides[{i}]") for i, dice in enumerate(set_asides)]

    @staticmethod
    def _banked(value, what: str = "banked") -> int:
        if type(value) is not int or value < 0:
            raise MalformedInput(f"{what}: {value!r} is not a points total")
        return value

    def _dice_count(self, n) -> int:
        if type(n) is not int or not 1 <= n <= self.facts.dice:
            raise MalformedInput(f"n: {n!r}; roll 1 to {self.facts.dice} dice")
        return n

    # --- scoring ------------------------------------------------------------------------------------------------------

    @rule
    def score(self, set_aside) -> int | None:
        """Points for setting aside exactly these dice from one roll, by their best split;
        None if any die cannot score."""
        return self.chart.best_split(counts(self._dice(set_aside, "set_aside")))

    @rule
    def best_score(self, roll) -> int:
        """The most points one set-aside from this roll can score; 0 means a farkle."""
        return self.chart.best_set_aside(counts(self._dice(roll, "roll")))[0]

    def set_aside_of(self, roll, without: frozenset = frozenset()) -> dict:
        """The best set-aside of a roll, some patterns left out: points, dice, and its split into parts."""
        points, _, parts = self.chart.best_set_aside(counts(self._dice(roll, "roll")), without)
        split = self.chart.parts(parts)
        return {"points": points, "dice": sorted(d for part in split for d in part), "split": split}

    @rule
    def best_set_aside(self, roll) -> dict:
        """The best set-aside of a roll: its points (0: a farkle), its dice, and how they split into scoring options,
        the highest-scoring part first."""
        return self.set_aside_of(roll)

    @rule
    def fewest_to_set_aside(self, roll) -> dict:
        """The fewest dice a roll lets you set aside: at least one scoring die or set before rolling again or banking
        (0: a farkle, the turn is over). `part`: such a smallest scoring part, the best-scoring one (p. "Würfeln")."""
        rolled = counts(self._dice(roll, "roll"))
        options = [(sum(pattern), -points, pattern) for _, pattern, points in self.chart.fitting(rolled)]
        if not options:
            return {"dice": 0, "part": []}
        size, _, pattern = min(options)
        return {"dice": size, "part": faces(pattern)}

    @rule
    def best_dice(self, roll) -> list[int]:
        """Which dice make the best score (fewest dice on a tie)."""
        return faces(self.chart.best_set_aside(counts(self._dice(roll, "roll")))[1])

    @rule
    def is_farkle(self, roll) -> bool:
        """A roll with no scoring option ends the turn and loses its unbanked points."""
        return self.best_score(roll) == 0

    @rule
    def is_hot_dice(self, roll) -> bool:
        """Every die of the roll can be set aside: the player may roll all six again."""
        return self.score(roll) is not None

    # --- a turn and the end -------------------------------------------------------------------------------------------

    @rule
    def turn_points(self, set_asides: list) -> int:
        """A turn's points: each set-aside scored on its own, since sets never combine across rolls."""
        total = 0
        for i, dice in enumerate(self._set_asides(set_asides)):
            points = self.chart.best_split(counts(dice))
            if points is None:
                raise IllegalState(f"set_asides[{i}]: {list(dice)} includes dice that score nothing")
            total += points
        return total

    @rule
    def total_after_turn(self, banked: int, set_asides: list, farkled: bool) -> int:
        """Banking adds the turn's points, if they reach what a bank needs (seed 004: nothing); a farkle loses only this
        turn's unbanked points (where three farkles in a row cost points, the givens must say which farkle this is)."""
        if not isinstance(farkled, bool):
            raise MalformedInput(f"farkled: {farkled!r} is not true or false")
        points, banked = self.turn_points(set_asides), self._banked(banked)
        if farkled:
            if self.facts.three_farkles:
                raise IllegalState(f"three farkles in a row cost {self.facts.three_farkles} here, and the givens do "
                                   f"not say how many turns before this one farkled")
            return banked
        needed = self.bank_needs(banked)
        if points < needed:
            raise IllegalState(f"a turn of {points} cannot be banked: a bank needs {needed} in one turn here")
        return banked + points

    @read_as_result("opening_minimum", "bank_minimum")
    def bank_needs(self, banked: int) -> int:
        """The points a turn needs to be banked: the opening minimum until a player is on the board, and the minimum
        of every bank (0: any points)."""
        opening = self.facts.opening_minimum if banked == 0 else 0
        return max(opening, self.facts.bank_minimum)

    @read_as_result("opening_minimum", "bank_minimum")
    def may_bank(self, banked: int, points: int) -> bool:
        """Whether a turn of `points` may be banked with `banked` banked before it."""
        return points >= self.bank_needs(banked)

    @read_as_result("three_farkles")
    def farkle_penalty(self, farkles_in_row: int) -> int:
        """What a farkle costs besides the turn: the table's penalty on a third in a row (where it has one), else 0."""
        return self.facts.three_farkles if farkles_in_row == 3 else 0

    @read_as_result("three_farkles")
    def farkles_cost(self) -> bool:
        """Whether three farkles in a row cost points here."""
        return bool(self.facts.three_farkles)

    @read_as_result("target", "ends_at_target")
    def passes_the_end(self, banked: int) -> bool:
        """Whether a turn that ends with this much banked reaches the end: the target or more where that is the rule,
        more than the target in seed 004."""
        banked = self._banked(banked)
        return banked >= self.facts.target if self.facts.ends_at_target else banked > self.facts.target

    @rule
    def game_ends(self, banked: int) -> bool:
        """The game ends once a player ends a turn with more than the target banked (exactly the target is not enough),
        unless the others then have a last turn each."""
        return self.passes_the_end(banked) and not self.facts.final_round

    @rule
    def points_to_end(self, banked: int) -> int:
        """The fewest points a turn must bank to reach the end: more than the target (every total is a multiple of the
        smallest score step), or the target itself where reaching it is enough."""
        extra = 0 if self.facts.ends_at_target else self.chart.step
        return self.facts.target + extra - self._banked(banked)

    @rule
    def others_play_on(self, banked: int) -> bool:
        """No last round: once a turn ends above the target, nobody else plays (where there is a final round, everyone
        else has one more turn)."""
        return not self.game_ends(banked)

    # --- odds, by exhausting all 6**n rolls ---------------------------------------------------------------------------

    def rolls(self, n: int) -> list[tuple[tuple[int, ...], int]]:
        """Each sorted roll of n dice with how many of the 6**n ordered rolls it stands for."""
        return [(roll, ways) for roll, ways, _ in rolls_with_ways(n)]

    def farkle_chance(self, n: int) -> Fraction:
        """The exact chance that n dice show no scoring option."""
        n = self._dice_count(n)
        return _mean_over_rolls(self.chart, n, "farkle")

    def expected_best_score(self, n: int) -> Fraction:
        """The mean of best_score over all 6**n rolls of n dice."""
        n = self._dice_count(n)
        return _mean_over_rolls(self.chart, n, "expected")


@reads.cached_per_chart
def _mean_over_rolls(chart: ScoringChart, n: int, name: str) -> Fraction:
    """The mean over all 6**n rolls of n dice of a function of each roll's best score: 1 for a farkle ("farkle"), or
    the score ("expected")."""
    value = {"farkle": lambda points: points == 0, "expected": lambda points: points}[name]
    return Fraction(sum(ways * value(chart.best_set_aside(counted)[0]) for _, ways, counted in rolls_with_ways(n)),
                    6 ** n)
