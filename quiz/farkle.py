"""Farkle rules checker (seed 004's ruleset): scoring by the best split into the YAML scoring options, odds by exhaustion."""
from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction

from quiz.facts import game_data

GAME = game_data("farkle")
FACTS = GAME["facts"]
DICE: int = FACTS["dice"]
TARGET: int = FACTS["target"]
FACES = range(1, 7)


# --- the scoring table, read once from rules/farkle/game.yml ----------------------------------------------------------

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
    raise ValueError(f"rules/farkle/game.yml: scoring option {option.get('id')!r} needs dice, same or pairs: 3")


SCORING_OPTIONS: dict[str, int] = {option["id"]: option["points"] for option in GAME["scoring_options"]}
PATTERNS: list[tuple[tuple[int, ...], int, str]] = [
    (pattern, option["points"], option["id"]) for option in GAME["scoring_options"] for pattern in _option_patterns(option)
]


# --- input -------------------------------------------------------------------------------------------------------------

def _dice(dice, what: str = "dice") -> tuple[int, ...]:
    """Validate 1 to 6 dice showing 1 to 6; ValueError saying what is wrong otherwise."""
    if isinstance(dice, (str, bytes)) or not isinstance(dice, (list, tuple)):
        raise ValueError(f"{what}: expected a list of dice values, got {type(dice).__name__} {dice!r}")
    if not 1 <= len(dice) <= DICE:
        raise ValueError(f"{what}: {len(dice)} dice; a roll has 1 to {DICE}")
    for i, value in enumerate(dice):
        if type(value) is not int:
            raise ValueError(f"{what}[{i}]: {value!r} is not a die value 1–6")
        if not 1 <= value <= 6:
            raise ValueError(f"{what}[{i}]: {value} is not a die value 1–6")
    return tuple(sorted(dice))


def _counts(dice: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(dice.count(face) for face in FACES)


# --- the rules ---------------------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _best_split(counts: tuple[int, ...]) -> int | None:
    """Most points for using exactly these dice in scoring options; None if some die fits no option."""
    if not any(counts):
        return 0
    first = next(i for i, c in enumerate(counts) if c)
    best = None
    for pattern, points, _ in PATTERNS:
        if pattern[first] and all(p <= c for p, c in zip(pattern, counts)):
            rest = _best_split(tuple(c - p for c, p in zip(counts, pattern)))
            if rest is not None and (best is None or points + rest > best):
                best = points + rest
    return best


def score(dice) -> int | None:
    """Points for setting aside exactly these dice from one roll, by their best split; None if any die cannot score."""
    return _best_split(_counts(_dice(dice)))


@functools.lru_cache(maxsize=None)
def _best_set_aside(roll: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """The highest-scoring set-aside of a sorted roll, fewest dice on a tie (more dice left to roll)."""
    best = (0, 0, ())
    for part in itertools.product(*(range(count + 1) for count in _counts(roll))):
        size = sum(part)
        points = _best_split(part) if size else None
        if points is not None and (points > best[0] or (points == best[0] and points and size < best[1])):
            best = (points, size, part)
    return best[0], tuple(face for face, count in zip(FACES, best[2]) for _ in range(count))


def best_score(roll) -> int:
    """The most points one set-aside from this roll can score; 0 means a farkle."""
    return _best_set_aside(_dice(roll, "roll"))[0]


def best_dice(roll) -> list[int]:
    """Which dice make the best score (fewest dice on a tie)."""
    return list(_best_set_aside(_dice(roll, "roll"))[1])


def is_farkle(roll) -> bool:
    """A roll with no scoring option ends the turn and loses its unbanked points."""
    return best_score(roll) == 0


def is_hot_dice(roll) -> bool:
    """Every die of the roll can be set aside: the player may roll all six again."""
    return score(roll) is not None


def min_set_aside(roll) -> int:
    """Each roll must set aside at least one scoring die (none possible: farkle)."""
    return 0 if is_farkle(roll) else 1


def turn_points(set_asides: list) -> int:
    """A turn's points: each set-aside scored on its own, since sets never combine across rolls."""
    if not isinstance(set_asides, list) or not set_asides:
        raise ValueError("set_asides: expected a list of set-asides, one per roll")
    total = 0
    for i, dice in enumerate(set_asides):
        points = _best_split(_counts(_dice(dice, f"set_asides[{i}]")))
        if points is None:
            raise ValueError(f"set_asides[{i}]: {list(dice)} includes dice that score nothing")
        total += points
    return total


def _banked(value, what: str = "banked") -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"{what}: {value!r} is not a points total")
    return value


def total_after_turn(banked: int, set_asides: list, farkled: bool) -> int:
    """Banking adds the turn's points, with no minimum; a farkle loses only this turn's unbanked points."""
    if not isinstance(farkled, bool):
        raise ValueError(f"farkled: {farkled!r} is not true or false")
    return _banked(banked) + (0 if farkled else turn_points(set_asides))


def game_ends(banked: int) -> bool:
    """The game ends once a player ends a turn with more than the target banked (exactly the target is not enough)."""
    return _banked(banked) > TARGET


def others_play_on(banked: int) -> bool:
    """No last round: once a turn ends above the target, nobody else plays."""
    return not game_ends(banked)


# --- odds, by exhausting all 6**n rolls ---------------------------------------------------------------------------------

def _multisets(n: int):
    """Each sorted roll of n dice with how many of the 6**n ordered rolls it stands for."""
    for roll in itertools.combinations_with_replacement(FACES, n):
        ways = math.factorial(n)
        for count in _counts(roll):
            ways //= math.factorial(count)
        yield roll, ways


def _dice_count(n) -> int:
    if type(n) is not int or not 1 <= n <= DICE:
        raise ValueError(f"n: {n!r}; roll 1 to {DICE} dice")
    return n


def farkle_chance(n: int) -> Fraction:
    """The exact chance that n dice show no scoring option."""
    n = _dice_count(n)
    return Fraction(sum(ways for roll, ways in _multisets(n) if _best_set_aside(roll)[0] == 0), 6 ** n)


def expected_best_score(n: int) -> Fraction:
    """The mean of best_score over all 6**n rolls of n dice."""
    n = _dice_count(n)
    return Fraction(sum(ways * _best_set_aside(roll)[0] for roll, ways in _multisets(n)), 6 ** n)


@functools.lru_cache(maxsize=None)  # every language's page ships the same table
def roll_table() -> dict[str, list]:
    """The checker's answer for every multiset of 1–6 dice: key "11356" -> [best score, best dice, hot dice]."""
    table = {}
    for n in range(1, DICE + 1):
        for roll, _ in _multisets(n):
            points, dice = _best_set_aside(roll)
            table["".join(map(str, roll))] = [points, "".join(map(str, dice)), int(_best_split(_counts(roll)) is not None)]
    return table


@functools.lru_cache(maxsize=None)
def computed_tables() -> dict[str, dict]:
    """Tables the pages show, computed here: the odds for 1 to 6 dice."""
    rows = [{"dice": n, "farkle": farkle_chance(n), "expected": expected_best_score(n)} for n in range(1, DICE + 1)]
    return {"odds-table": {"columns": ["dice", "farkle", "expected"], "chart": "farkle", "rows": rows}}


def data_files() -> dict[str, object]:
    """JSON the browser looks up instead of re-implementing the rules (the score-a-roll calculator)."""
    return {"rolls.json": roll_table()}


def derived_facts(facts: dict) -> dict[str, int]:
    """Numbers the texts quote: each scoring option's points, by a placeholder named after its id."""
    values = {f"points_{option_id.replace('-', '_')}": points for option_id, points in SCORING_OPTIONS.items()}
    values["example_total"] = turn_points([[1, 1], [1]])
    return values
