"""Farkle rules checker (seed 004's ruleset): scoring by the best split into the YAML scoring options, odds by exhaustion."""
from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction
from typing import Any, Iterator

from quiz.checker import IllegalState, MalformedInput, Rules, module_binding, rule

FACES = range(1, 7)


def _counts(dice: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(dice.count(face) for face in FACES)


def _option_patterns(option: dict) -> list[tuple[int, ...]]:
    """Every dice count vector (how many 1s … 6s) one scoring option covers."""
    if "dice" in option:
        return [tuple(option["dice"].count(face) for face in FACES)]
    if "same" in option:
        return [tuple(option["same"] if f == face else 0 for f in FACES) for face in FACES]
    if option.get("pairs") == 3:
        three_pairs = {tuple(2 if f in faces else 0 for f in FACES) for faces in itertools.combinations(FACES, 3)}
        four_and_pair = {tuple(4 if f == a else 2 if f == b else 0 for f in FACES)
                         for a, b in itertools.permutations(FACES, 2)}
        return sorted(three_pairs | four_and_pair)
    raise MalformedInput(f"scoring option {option.get('id')!r} needs dice, same or pairs: 3")


class Farkle(Rules):
    """The rules of Farkle as seed 004 (a German rules page of a web game) gives them."""

    TABLES = {"scoring_options": {
        "type": "object", "additionalProperties": False, "required": ["id", "points"],
        "properties": {"id": {"type": "string", "pattern": "^[a-z]+(-[a-z]+)*$"}, "points": {"type": "integer", "minimum": 1},
                       "dice": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}, "minItems": 1},
                       "same": {"type": "integer", "minimum": 2}, "pairs": {"const": 3}},
        "oneOf": [{"required": ["dice"]}, {"required": ["same"]}, {"required": ["pairs"]}],
        "description": "one scoring option: exact dice, or `same: n` dice of one value, or `pairs: 3`"}}

    def __init__(self, game: dict):
        super().__init__(game)
        self.DICE: int = self.facts["dice"]
        self.TARGET: int = self.facts["target"]
        options = self.tables["scoring_options"]
        self.SCORING_OPTIONS: dict[str, int] = {option["id"]: option["points"] for option in options}
        self.PATTERNS: list[tuple[tuple[int, ...], int, str]] = [
            (pattern, option["points"], option["id"]) for option in options for pattern in _option_patterns(option)]
        # Every score is a sum of option points, so every total is a multiple of their greatest common divisor.
        self.SCORE_STEP: int = functools.reduce(math.gcd, self.SCORING_OPTIONS.values())
        self._best_split = functools.lru_cache(maxsize=None)(self._best_split_uncached)
        self._best_set_aside = functools.lru_cache(maxsize=None)(self._best_set_aside_uncached)
        self.roll_table = functools.lru_cache(maxsize=None)(self.roll_table)
        self.computed_tables = functools.lru_cache(maxsize=None)(self.computed_tables)

    # --- input ---------------------------------------------------------------------------------------------------------

    def _dice(self, dice, what: str = "dice") -> tuple[int, ...]:
        """1 to 6 dice showing 1 to 6, sorted; MalformedInput saying what is wrong otherwise."""
        if isinstance(dice, (str, bytes)) or not isinstance(dice, (list, tuple)):
            raise MalformedInput(f"{what}: expected a list of dice values, got {type(dice).__name__} {dice!r}")
        if not 1 <= len(dice) <= self.DICE:
            raise MalformedInput(f"{what}: {len(dice)} dice; a roll has 1 to {self.DICE}")
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
        if type(n) is not int or not 1 <= n <= self.DICE:
            raise MalformedInput(f"n: {n!r}; roll 1 to {self.DICE} dice")
        return n

    # --- the rules -----------------------------------------------------------------------------------------------------

    def _best_split_uncached(self, counts: tuple[int, ...]) -> int | None:
        """Most points for using exactly these dice in scoring options; None if some die fits no option."""
        if not any(counts):
            return 0
        first = next(i for i, c in enumerate(counts) if c)
        best = None
        for pattern, points, _ in self.PATTERNS:
            if pattern[first] and all(p <= c for p, c in zip(pattern, counts)):
                rest = self._best_split(tuple(c - p for c, p in zip(counts, pattern)))
                if rest is not None and (best is None or points + rest > best):
                    best = points + rest
        return best

    @rule
    def score(self, dice) -> int | None:
        """Points for setting aside exactly these dice from one roll, by their best split; None if any die cannot score."""
        return self._best_split(_counts(self._dice(dice)))

    def _best_set_aside_uncached(self, roll: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        """The highest-scoring set-aside of a sorted roll, fewest dice on a tie (more dice left to roll)."""
        best = (0, 0, ())
        for part in itertools.product(*(range(count + 1) for count in _counts(roll))):
            size = sum(part)
            points = self._best_split(part) if size else None
            if points is not None and (points > best[0] or (points == best[0] and points and size < best[1])):
                best = (points, size, part)
        return best[0], tuple(face for face, count in zip(FACES, best[2]) for _ in range(count))

    @rule
    def best_score(self, roll) -> int:
        """The most points one set-aside from this roll can score; 0 means a farkle."""
        return self._best_set_aside(self._dice(roll, "roll"))[0]

    @rule
    def best_dice(self, roll) -> list[int]:
        """Which dice make the best score (fewest dice on a tie)."""
        return list(self._best_set_aside(self._dice(roll, "roll"))[1])

    @rule
    def is_farkle(self, roll) -> bool:
        """A roll with no scoring option ends the turn and loses its unbanked points."""
        return self.best_score(roll) == 0

    @rule
    def is_hot_dice(self, roll) -> bool:
        """Every die of the roll can be set aside: the player may roll all six again."""
        return self.score(roll) is not None

    @rule
    def min_set_aside(self, roll) -> int:
        """Each roll must set aside at least one scoring die (none possible: farkle)."""
        return 0 if self.is_farkle(roll) else 1

    @rule
    def turn_points(self, set_asides: list) -> int:
        """A turn's points: each set-aside scored on its own, since sets never combine across rolls."""
        total = 0
        for i, dice in enumerate(self._set_asides(set_asides)):
            points = self._best_split(_counts(dice))
            if points is None:
                raise IllegalState(f"set_asides[{i}]: {list(dice)} includes dice that score nothing")
            total += points
        return total

    @rule
    def total_after_turn(self, banked: int, set_asides: list, farkled: bool) -> int:
        """Banking adds the turn's points, with no minimum; a farkle loses only this turn's unbanked points."""
        if not isinstance(farkled, bool):
            raise MalformedInput(f"farkled: {farkled!r} is not true or false")
        points = self.turn_points(set_asides)
        return self._banked(banked) + (0 if farkled else points)

    @rule
    def game_ends(self, banked: int) -> bool:
        """The game ends once a player ends a turn with more than the target banked (exactly the target is not enough)."""
        return self._banked(banked) > self.TARGET

    @rule
    def others_play_on(self, banked: int) -> bool:
        """No last round: once a turn ends above the target, nobody else plays."""
        return not self.game_ends(banked)

    # --- legality ------------------------------------------------------------------------------------------------------

    def _illegal_total(self, banked, what: str = "banked") -> Iterator[str]:
        if self._banked(banked, what) % self.SCORE_STEP:
            yield f"{what}: {banked} points; every score is a multiple of {self.SCORE_STEP}, so no game reaches it"

    def _illegal_turn(self, set_asides) -> Iterator[str]:
        """Each set-aside must score and come from the dice still in hand; hot dice give all of them back."""
        in_hand = self.DICE
        for i, dice in enumerate(self._set_asides(set_asides)):
            if self._best_split(_counts(dice)) is None:
                yield f"set_asides[{i}]: {list(dice)} includes dice that score nothing"
            if len(dice) > in_hand:
                yield f"set_asides[{i}]: {len(dice)} dice set aside from a roll of {in_hand}"
            in_hand -= len(dice)
            if in_hand <= 0:
                in_hand = self.DICE

    def _illegal_turn_points(self, set_asides) -> Iterator[str]:
        yield from self._illegal_turn(set_asides)

    def _illegal_total_after_turn(self, banked, set_asides, farkled) -> Iterator[str]:
        if not isinstance(farkled, bool):
            raise MalformedInput(f"farkled: {farkled!r} is not true or false")
        yield from self._illegal_total(banked)
        yield from self._illegal_turn(set_asides)

    def _illegal_game_ends(self, banked) -> Iterator[str]:
        yield from self._illegal_total(banked)

    _illegal_others_play_on = _illegal_game_ends

    def _illegal_score(self, dice) -> Iterator[str]:
        self._dice(dice)
        return iter(())

    # --- odds, by exhausting all 6**n rolls -----------------------------------------------------------------------------

    def _multisets(self, n: int):
        """Each sorted roll of n dice with how many of the 6**n ordered rolls it stands for."""
        for roll in itertools.combinations_with_replacement(FACES, n):
            ways = math.factorial(n)
            for count in _counts(roll):
                ways //= math.factorial(count)
            yield roll, ways

    def farkle_chance(self, n: int) -> Fraction:
        """The exact chance that n dice show no scoring option."""
        n = self._dice_count(n)
        return Fraction(sum(ways for roll, ways in self._multisets(n) if self._best_set_aside(roll)[0] == 0), 6 ** n)

    def expected_best_score(self, n: int) -> Fraction:
        """The mean of best_score over all 6**n rolls of n dice."""
        n = self._dice_count(n)
        return Fraction(sum(ways * self._best_set_aside(roll)[0] for roll, ways in self._multisets(n)), 6 ** n)

    def roll_table(self) -> dict[str, list]:
        """The checker's answer for every multiset of 1–6 dice: key "11356" -> [best score, best dice, hot dice]."""
        table = {}
        for n in range(1, self.DICE + 1):
            for roll, _ in self._multisets(n):
                points, dice = self._best_set_aside(roll)
                hot = int(self._best_split(_counts(roll)) is not None)
                table["".join(map(str, roll))] = [points, "".join(map(str, dice)), hot]
        return table

    def computed_tables(self) -> dict[str, dict]:
        """Tables the pages show, computed here: the odds for 1 to 6 dice."""
        rows = [{"dice": n, "farkle": self.farkle_chance(n), "expected": self.expected_best_score(n)}
                for n in range(1, self.DICE + 1)]
        return {"odds-table": {"columns": ["dice", "farkle", "expected"], "chart": "farkle", "rows": rows}}

    def calculators(self) -> dict[str, dict]:
        """The score-a-roll calculator: tap dice, read the best score from the table of every roll."""
        return {"score-a-roll": {"table": "rolls.json", "faces": len(FACES), "dice": self.DICE}}

    def data_files(self) -> dict[str, object]:
        """JSON the browser looks up instead of re-implementing the rules (the score-a-roll calculator)."""
        return {"rolls.json": self.roll_table()}

    def derived_facts(self) -> dict[str, Any]:
        """Numbers the texts quote: each scoring option's points, by a placeholder named after its id."""
        values: dict[str, Any] = {f"points_{option_id.replace('-', '_')}": points
                                  for option_id, points in self.SCORING_OPTIONS.items()}
        values["example_total"] = self.turn_points([[1, 1], [1]])
        values["four_ones_best"] = self.score([1, 1, 1, 1])
        values["score_step"] = self.SCORE_STEP
        return values


__getattr__ = module_binding(Farkle, "farkle")
