"""Farkle's facts as frozen data: the dice, the target, the seed's worked example and the scoring table (game.yml)."""
from __future__ import annotations

import dataclasses

from quiz.checker import Facts, MalformedInput

FACES = range(1, 7)


@dataclasses.dataclass(frozen=True)
class ScoringOption:
    """One scoring option: exactly these `dice`, or `same` dice of one value, or `pairs` (three pairs; four of a kind
    plus a pair counts as three pairs too), worth `points`."""

    id: str
    points: int
    dice: tuple[int, ...] = ()
    same: int = 0
    pairs: int = 0

    KEYS = ("id", "points", "dice", "same", "pairs")

    @classmethod
    def from_mapping(cls, raw, where: str) -> ScoringOption:
        if not isinstance(raw, dict):
            raise MalformedInput(f"{where}: expected a mapping with id, points and one of dice, same, pairs")
        for key in raw:
            if key not in cls.KEYS:
                raise MalformedInput(f"{where}.{key}: unknown key; a scoring option has {', '.join(cls.KEYS)}")
        option_id, points = raw.get("id"), raw.get("points")
        if not isinstance(option_id, str) or not option_id:
            raise MalformedInput(f"{where}.id: {option_id!r} is not an id")
        if type(points) is not int or points < 1:
            raise MalformedInput(f"{where}.points: {points!r} is not a number of points")
        shapes = [key for key in ("dice", "same", "pairs") if key in raw]
        if len(shapes) != 1:
            raise MalformedInput(f"{where}: needs exactly one of dice, same or pairs (has {', '.join(shapes) or 'none'})")
        dice = raw.get("dice", [])
        if not isinstance(dice, list) or any(type(d) is not int or d not in FACES for d in dice) or \
                ("dice" in raw and not dice):
            raise MalformedInput(f"{where}.dice: {dice!r} is not a list of die faces 1–6")
        same = raw.get("same", 0)
        if type(same) is not int or ("same" in raw and not 2 <= same <= 6):
            raise MalformedInput(f"{where}.same: {same!r} is not a count of dice 2–6")
        pairs = raw.get("pairs", 0)
        if "pairs" in raw and pairs != 3:
            raise MalformedInput(f"{where}.pairs: {pairs!r}; only three pairs score")
        return cls(option_id, points, tuple(dice), same, pairs)


@dataclasses.dataclass(frozen=True)
class FarkleFacts(Facts):
    """The facts of one table's Farkle: game.yml's `facts:` and its `tables: scoring_options`."""

    dice: int                     # rolled at the start of a turn, and again after hot dice
    target: int                   # the game ends when a turn ends with MORE than this banked
    example_first_points: int     # seed 004's example: two 1s set aside (200) …
    example_second_points: int    # … then a 1 in the next roll (100)
    scoring: tuple[ScoringOption, ...] = ()

    @classmethod
    def from_game(cls, game: dict) -> FarkleFacts:
        facts = super().from_game({"facts": {k: v for k, v in (game.get("facts") or {}).items()}})
        tables = game.get("tables") or {}
        if not isinstance(tables, dict):
            raise MalformedInput("tables: expected a mapping of table names to rows")
        for name in tables:
            if name != "scoring_options":
                raise MalformedInput(f"tables.{name}: Farkle knows no such table (it has scoring_options)")
        rows = tables.get("scoring_options")
        if not isinstance(rows, list) or not rows:
            raise MalformedInput("tables.scoring_options: missing, or not a list of scoring options")
        scoring = tuple(ScoringOption.from_mapping(row, f"tables.scoring_options.{i}") for i, row in enumerate(rows))
        ids = [option.id for option in scoring]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise MalformedInput(f"tables.scoring_options: {', '.join(twice)} listed twice")
        return dataclasses.replace(facts, scoring=scoring)
