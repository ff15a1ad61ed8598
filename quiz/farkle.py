"""Farkle rules checker (seed 004's ruleset): scoring by the best split into the YAML scoring options, odds by exhaustion."""
from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction
from typing import Any, Iterator

from quiz.checker import IllegalState, MalformedInput, Rules, belief, module_binding, rule

FACES = range(1, 7)
# Only for the belief that a first bank needs a minimum (no seed names one): house rules that ask one ask 300 or more,
# so a player holding it answers 0 for a first turn below this.
BELIEVED_OPENING_MINIMUM = 300


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
        self._split = functools.lru_cache(maxsize=None)(self._split_uncached)
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

    def _split_uncached(self, counts: tuple[int, ...], without: frozenset = frozenset()) -> tuple[int, tuple] | None:
        """The best split of exactly these dice into scoring options: (points, the parts as option ids and their dice
        counts), leaving out the patterns in `without` (option id, count vector) a belief does not know; None if some
        die fits no option."""
        if not any(counts):
            return 0, ()
        first = next(i for i, c in enumerate(counts) if c)
        best = None
        for pattern, points, option in self.PATTERNS:
            if (option, pattern) in without or not pattern[first] or not all(p <= c for p, c in zip(pattern, counts)):
                continue
            rest = self._split(tuple(c - p for c, p in zip(counts, pattern)), without)
            if rest is not None and (best is None or points + rest[0] > best[0]):
                best = (points + rest[0], ((option, pattern),) + rest[1])
        return best

    def _parts(self, parts: tuple) -> list[list[int]]:
        """A split's parts as dice, the highest-scoring part first."""
        dice = [([face for face, count in zip(FACES, pattern) for _ in range(count)], self.SCORING_OPTIONS[option])
                for option, pattern in parts]
        return [part for part, _ in sorted(dice, key=lambda item: -item[1])]

    def _patterns(self, keep) -> frozenset:
        """The (option, pattern) pairs a belief leaves out: those `keep(option, pattern)` rejects."""
        return frozenset((option, pattern) for pattern, _, option in self.PATTERNS if not keep(option, pattern))

    @rule
    def score(self, dice) -> int | None:
        """Points for setting aside exactly these dice from one roll, by their best split; None if any die cannot score."""
        return self._best_split(_counts(self._dice(dice)))

    def _score_without(self, dice, without: frozenset) -> int | None:
        found = self._split(_counts(self._dice(dice)), without)
        return None if found is None else found[0]

    @belief("four-ones", distorts="score")
    def _four_ones_only_together(self, dice) -> int | None:
        """Four or more 1s can only count all together (four of a kind and up), never as three 1s plus single 1s."""
        return self._score_without(dice, self._without_split_ones(dice))

    def _without_split_ones(self, dice) -> frozenset:
        if _counts(self._dice(dice))[0] < 4:
            return frozenset()
        return self._patterns(lambda option, pattern: not (pattern[0] and sum(pattern) == pattern[0] < 4))

    @belief("four-plus-pair", distorts="score")
    def _four_and_pair_is_not_three_pairs(self, dice) -> int:
        """Four of a kind plus a pair scores only the four of a kind (and the pair as singles, where it can)."""
        return self._best_set_aside_of(dice, self._without_four_and_pair())["points"]

    def _without_four_and_pair(self) -> frozenset:
        return self._patterns(lambda option, pattern: not (self._is_three_pairs(option) and 4 in pattern))

    def _is_three_pairs(self, option: str) -> bool:
        return any(o["id"] == option and o.get("pairs") == 3 for o in self.tables["scoring_options"])

    def _without_pairs_and_straight(self) -> frozenset:
        """Three pairs and the straight: the options a player who knows only singles and dice of a kind forgets."""
        return self._patterns(lambda option, pattern: not (self._is_three_pairs(option) or
                                                           (set(pattern) == {1} and len(pattern) == len(FACES))))

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

    def _best_set_aside_of(self, roll, without: frozenset = frozenset()) -> dict:
        """The best set-aside of a roll with some patterns left out: points, dice, and its split into parts."""
        best = (0, len(FACES) + 1, ())
        for part in itertools.product(*(range(count + 1) for count in _counts(self._dice(roll, "roll")))):
            found = self._split(part, without) if sum(part) else None
            if found is not None and (found[0] > best[0] or (found[0] == best[0] and found[0] and sum(part) < best[1])):
                best = (found[0], sum(part), found[1])
        return {"points": best[0], "dice": sorted(d for part in self._parts(best[2]) for d in part),
                "split": self._parts(best[2])}

    @rule
    def best_set_aside(self, roll) -> dict:
        """The best set-aside of a roll: its points (0: a farkle), its dice, and how they split into scoring options,
        the highest-scoring part first."""
        return self._best_set_aside_of(roll)

    @belief("one-scoring-die", distorts="best_set_aside", name="one-option-per-roll")
    def _one_option_per_roll(self, roll) -> dict:
        """From each roll you may set aside only one scoring die or set."""
        counts = _counts(self._dice(roll, "roll"))
        best = max(((points, pattern) for pattern, points, _ in self.PATTERNS
                    if all(p <= c for p, c in zip(pattern, counts))), default=(0, ()))
        dice = [face for face, count in zip(FACES, best[1]) for _ in range(count)]
        return {"points": best[0], "dice": dice, "split": [dice] if dice else []}

    @belief("four-ones", distorts="best_set_aside")
    def _four_ones_only_together_in_a_roll(self, roll) -> dict:
        """Four or more 1s can only count all together (four of a kind and up), never as three 1s plus single 1s."""
        return self._best_set_aside_of(roll, self._without_split_ones(roll))

    @belief("singles-only-ones-fives", distorts="best_set_aside", name="only-singles-and-kinds")
    def _no_pairs_or_straight_in_a_roll(self, roll) -> dict:
        """Only 1s, 5s and three or more of a kind score: three pairs and the straight do not."""
        return self._best_set_aside_of(roll, self._without_pairs_and_straight())

    @rule
    def fewest_to_set_aside(self, roll) -> dict:
        """The fewest dice a roll lets you set aside: at least one scoring die or set before rolling again or banking
        (0: a farkle, the turn is over). `part`: such a smallest scoring part, the best-scoring one (p. "Würfeln")."""
        counts = _counts(self._dice(roll, "roll"))
        options = [(sum(pattern), -points, pattern) for pattern, points, _ in self.PATTERNS
                   if all(p <= c for p, c in zip(pattern, counts))]
        if not options:
            return {"dice": 0, "part": []}
        size, _, pattern = min(options)
        return {"dice": size, "part": [face for face, count in zip(FACES, pattern) for _ in range(count)]}

    @belief("one-scoring-die", distorts="fewest_to_set_aside")
    def _may_pass_a_roll(self, roll) -> dict:
        """You may pass on a roll and simply roll all the dice again."""
        self._dice(roll, "roll")
        return {"dice": 0, "part": []}

    @rule
    def best_dice(self, roll) -> list[int]:
        """Which dice make the best score (fewest dice on a tie)."""
        return list(self._best_set_aside(self._dice(roll, "roll"))[1])

    @rule
    def is_farkle(self, roll) -> bool:
        """A roll with no scoring option ends the turn and loses its unbanked points."""
        return self.best_score(roll) == 0

    @belief("one-scoring-die", distorts="is_farkle")
    def _never_farkle_if_you_may_pass(self, roll) -> bool:
        """You may pass on a roll and simply roll all the dice again."""
        self._dice(roll, "roll")
        return False

    @belief("singles-only-ones-fives", distorts="is_farkle")
    def _no_farkle_if_any_die_sets_aside(self, roll) -> bool:
        """Any single die or pair can be set aside."""
        self._dice(roll, "roll")
        return False

    @belief("singles-only-ones-fives", distorts="is_farkle", name="only-singles-and-kinds")
    def _farkle_without_pairs_or_straight(self, roll) -> bool:
        """Only 1s, 5s and three or more of a kind score: three pairs and the straight do not."""
        return self._best_set_aside_of(roll, self._without_pairs_and_straight())["points"] == 0

    @rule
    def is_hot_dice(self, roll) -> bool:
        """Every die of the roll can be set aside: the player may roll all six again."""
        return self.score(roll) is not None

    @belief("hot-dice", distorts="is_hot_dice")
    def _turn_over_when_all_set_aside(self, roll) -> bool:
        """Once every die is set aside, your turn is over."""
        self._dice(roll, "roll")
        return False

    @belief("hot-dice", distorts="is_hot_dice", name="hot-dice-need-six")
    def _hot_dice_need_six(self, roll) -> bool:
        """Hot dice need all six dice to score in one roll; fewer dice left never make hot dice."""
        return self.is_hot_dice(roll) and len(roll) == self.DICE

    @belief("singles-only-ones-fives", distorts="is_hot_dice")
    def _hot_if_any_die_sets_aside(self, roll) -> bool:
        """Any single die or pair can be set aside."""
        self._dice(roll, "roll")
        return True

    @belief("singles-only-ones-fives", distorts="is_hot_dice", name="only-singles-and-kinds")
    def _hot_without_pairs_or_straight(self, roll) -> bool:
        """Only 1s, 5s and three or more of a kind score: three pairs and the straight do not."""
        return self._score_without(roll, self._without_pairs_and_straight()) is not None

    @belief("four-plus-pair", distorts="is_hot_dice")
    def _hot_without_four_and_pair(self, roll) -> bool:
        """Four of a kind plus a pair scores only the four of a kind (and the pair as singles, where it can)."""
        return self._score_without(roll, self._without_four_and_pair()) is not None

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

    @belief("sets-one-roll", distorts="turn_points", name="sets-across-rolls")
    def _sets_across_rolls(self, set_asides: list) -> int:
        """Dice set aside from different rolls of a turn combine into sets."""
        self.turn_points(set_asides)
        return self._best_split(_counts(tuple(d for dice in self._set_asides(set_asides) for d in dice)))

    @rule
    def total_after_turn(self, banked: int, set_asides: list, farkled: bool) -> int:
        """Banking adds the turn's points, with no minimum; a farkle loses only this turn's unbanked points."""
        if not isinstance(farkled, bool):
            raise MalformedInput(f"farkled: {farkled!r} is not true or false")
        points = self.turn_points(set_asides)
        return self._banked(banked) + (0 if farkled else points)

    @belief("farkle-loses-turn", distorts="total_after_turn")
    def _farkle_loses_everything(self, banked: int, set_asides: list, farkled: bool) -> int:
        """A farkle costs you points you banked earlier."""
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

    @rule
    def game_ends(self, banked: int) -> bool:
        """The game ends once a player ends a turn with more than the target banked (exactly the target is not enough)."""
        return self._banked(banked) > self.TARGET

    @belief("end-rule", distorts="game_ends")
    def _reaching_the_target_ends(self, banked: int) -> bool:
        """Reaching exactly the target ends the game."""
        return self._banked(banked) >= self.TARGET

    @rule
    def points_to_end(self, banked: int) -> int:
        """The fewest points a turn must bank to end the game: up to more than the target, and every total is a
        multiple of the smallest score step."""
        return self.TARGET + self.SCORE_STEP - self._banked(banked)

    @belief("end-rule", distorts="points_to_end")
    def _points_to_reach_the_target(self, banked: int) -> int:
        """Reaching exactly the target ends the game."""
        return self.TARGET - self._banked(banked)

    @rule
    def others_play_on(self, banked: int) -> bool:
        """No last round: once a turn ends above the target, nobody else plays."""
        return not self.game_ends(banked)

    @belief("no-last-round", distorts="others_play_on")
    def _everyone_gets_a_last_turn(self, banked: int) -> bool:
        """When someone passes the target, everyone else gets one more turn."""
        self._banked(banked)
        return True

    # --- legality ------------------------------------------------------------------------------------------------------

    def _unreachable_total(self, banked, what: str = "banked") -> Iterator[str]:
        if self._banked(banked, what) % self.SCORE_STEP:
            yield f"{what}: {banked} points; every score is a multiple of {self.SCORE_STEP}, so no game reaches it"

    def _unplayable_turn(self, set_asides) -> Iterator[str]:
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
        yield from self._unplayable_turn(set_asides)

    def _illegal_total_after_turn(self, banked, set_asides, farkled) -> Iterator[str]:
        if not isinstance(farkled, bool):
            raise MalformedInput(f"farkled: {farkled!r} is not true or false")
        yield from self._unreachable_total(banked)
        yield from self._unplayable_turn(set_asides)

    def _illegal_game_ends(self, banked) -> Iterator[str]:
        yield from self._unreachable_total(banked)

    _illegal_others_play_on = _illegal_game_ends

    def _illegal_points_to_end(self, banked) -> Iterator[str]:
        yield from self._unreachable_total(banked)
        if banked > self.TARGET:
            yield f"banked: {banked}; a turn that ended above {self.TARGET} has ended the game"

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

    def text_formatters(self):
        return {"split": self.describe_split}

    def describe_split(self, parts: list[list[int]], words: dict, say) -> str:
        """A set-aside split into its scoring parts, each with its points: "6 6 6 (600) + 1 (100) + 5 (50)"."""
        described = []
        for part in parts:
            points = self._best_split(_counts(self._dice(part, "split")))
            if points is None:
                raise ValueError(f"{part} is no scoring part")
            described.append(f"{' '.join(say.number(d) for d in part)} ({say.number(points)})")
        return " + ".join(described)

    def derived_facts(self) -> dict[str, Any]:
        """Numbers the texts quote: each scoring option's points, by a placeholder named after its id."""
        values: dict[str, Any] = {f"points_{option_id.replace('-', '_')}": points
                                  for option_id, points in self.SCORING_OPTIONS.items()}
        values["example_total"] = self.turn_points([[1, 1], [1]])
        values["four_ones_best"] = self.score([1, 1, 1, 1])
        values["score_step"] = self.SCORE_STEP
        return values


__getattr__ = module_binding(Farkle, "farkle")
