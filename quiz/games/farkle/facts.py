"""Farkle's facts as frozen data: the dice, the target and how it ends the game, what a bank needs, what three farkles
cost, and the scoring chart (game.yml for the seed's rules; rules/farkle/sets.yml changes them for other rule sets)."""
from __future__ import annotations

import dataclasses
from typing import Any

from quiz.checker import Facts, MalformedInput

FACES = range(1, 7)
SHAPES = ("dice", "same", "pairs", "kinds", "nothing")


@dataclasses.dataclass(frozen=True)
class ScoringOption:
    """One scoring option, of one shape: exactly these `dice`; `same` dice of one value; three `pairs` (with
    `four_and_pair`, four of a kind plus a pair counts as three pairs too); `kinds` [4, 2] (four of one value and two
    of another) or [3, 3] (two triplets); `nothing` (that many dice of which none scores, as a whole roll). Worth
    `points`, or for `same`, `times_three` times the three of a kind of that value."""

    id: str
    points: int = 0
    dice: tuple[int, ...] = ()
    same: int = 0
    times_three: int = 0
    pairs: int = 0
    four_and_pair: bool = False
    kinds: tuple[int, ...] = ()
    nothing: int = 0

    KEYS = ("id", "points", "dice", "same", "times_three", "pairs", "four_and_pair", "kinds", "nothing")

    @classmethod
    def from_mapping(cls, raw, where: str) -> ScoringOption:
        if not isinstance(raw, dict):
            raise MalformedInput(f"{where}: expected a mapping with an id, its points and one of {', '.join(SHAPES)}")
        for key in raw:
            if key not in cls.KEYS:
                raise MalformedInput(f"{where}.{key}: unknown key; a scoring option has {', '.join(cls.KEYS)}")
        option_id = raw.get("id")
        if not isinstance(option_id, str) or not option_id:
            raise MalformedInput(f"{where}.id: {option_id!r} is not an id")
        shapes = [key for key in SHAPES if key in raw]
        if len(shapes) != 1:
            raise MalformedInput(f"{where}: needs exactly one of {', '.join(SHAPES)} "
                                 f"(has {', '.join(shapes) or 'none'})")
        for key in ("points", "same", "times_three", "pairs", "nothing"):
            value = raw.get(key, 0)
            if type(value) is not int or value < 0:
                raise MalformedInput(f"{where}.{key}: {value!r} is not a whole number")
        if ("points" in raw) == ("times_three" in raw) or raw.get("points") == 0 or raw.get("times_three") == 0:
            raise MalformedInput(f"{where}: give its points, or (dice of a kind) times_three: how many threes it is "
                                 "worth")
        if "times_three" in raw and "same" not in raw:
            raise MalformedInput(f"{where}.times_three: only dice of a kind (same: n) score as a multiple of the three")
        dice = raw.get("dice", [])
        if not isinstance(dice, list) or any(type(d) is not int or d not in FACES for d in dice) or \
                ("dice" in raw and not dice):
            raise MalformedInput(f"{where}.dice: {dice!r} is not a list of die faces 1–6")
        if "same" in raw and not 2 <= raw["same"] <= 6:
            raise MalformedInput(f"{where}.same: {raw['same']!r} is not a count of dice 2–6")
        if "pairs" in raw and raw["pairs"] != 3:
            raise MalformedInput(f"{where}.pairs: {raw['pairs']!r}; only three pairs score")
        if not isinstance(raw.get("four_and_pair", False), bool) or ("four_and_pair" in raw and "pairs" not in raw):
            raise MalformedInput(f"{where}.four_and_pair: true or false, and only for three pairs")
        kinds = raw.get("kinds", [])
        if "kinds" in raw and kinds not in ([4, 2], [3, 3]):
            raise MalformedInput(f"{where}.kinds: {kinds!r}; [4, 2] (four of a kind and a pair) or [3, 3] "
                                 "(two triplets)")
        if "nothing" in raw and raw["nothing"] != 6:
            raise MalformedInput(f"{where}.nothing: {raw['nothing']!r}; only a roll of all six dice that scores "
                                 "nothing")
        return cls(option_id, raw.get("points", 0), tuple(dice), raw.get("same", 0), raw.get("times_three", 0),
                   raw.get("pairs", 0), raw.get("four_and_pair", False), tuple(kinds), raw.get("nothing", 0))

    def as_mapping(self) -> dict[str, Any]:
        """The option as game.yml writes it (only the keys it uses)."""
        defaults = ScoringOption("")
        raw = {key: getattr(self, key) for key in self.KEYS if getattr(self, key) != getattr(defaults, key)}
        return {key: list(value) if isinstance(value, tuple) else value for key, value in raw.items()}


@dataclasses.dataclass(frozen=True)
class FarkleFacts(Facts):
    """The facts of one table's Farkle: game.yml's `facts:` and `tables: scoring_options` (seed 004),
    or a rule set's."""

    OPTIONS = "scoring"

    dice: int                     # rolled at the start of a turn, and again after hot dice
    target: int                   # the points that end the game
    example_first_points: int     # seed 004's example: two 1s set aside (200) …
    example_second_points: int    # … then a 1 in the next roll (100)
    ends_at_target: bool = False  # the game ends at the target or more; seed 004: only with MORE than the target
    final_round: bool = False     # once someone passes, every other player has one last turn; seed 004: none
    opening_minimum: int = 0      # the points a player's first bank needs in one turn ("on the board"); 0: none
    bank_minimum: int = 0         # the points every bank needs in one turn; 0: none
    three_farkles: int = 0        # points lost for a third farkle in a row; 0: nothing
    scoring: tuple[ScoringOption, ...] = ()

    @classmethod
    def from_game(cls, game: dict) -> FarkleFacts:
        facts = super().from_game({"facts": dict(game.get("facts") or {})})
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
        return dataclasses.replace(facts, scoring=checked_scoring(scoring, "tables.scoring_options"))

    def option(self, option_id: str) -> ScoringOption | None:
        return next((option for option in self.scoring if option.id == option_id), None)

    def changed(self, changes: dict, where: str) -> FarkleFacts:
        """These facts with a rule set's or house rule's changes: a fact by its name (`opening_minimum: 500`), a scoring
        option by its id (`straight: {points: 1500}` changes what it gives, a whole new option is added, null removes
        it). MalformedInput naming the change otherwise."""
        scoring = {option.id: option for option in self.scoring}
        facts: dict[str, Any] = {}
        fields = {field.name for field in dataclasses.fields(self)} - {"scoring"}
        for name, value in changes.items():
            if name in fields:
                facts[name] = value
            elif value is None:
                if name not in scoring:
                    raise MalformedInput(f"{where}.{name}: no scoring option {name!r} to remove")
                del scoring[name]
            elif isinstance(value, dict):
                base = scoring[name].as_mapping() if name in scoring and not any(k in value for k in SHAPES) else {}
                points_or_times = {"points", "times_three"} & set(value)
                if base and points_or_times:
                    base = {k: v for k, v in base.items() if k not in ("points", "times_three")}
                scoring[name] = ScoringOption.from_mapping({**base, **value, "id": name}, f"{where}.{name}")
            else:
                raise MalformedInput(f"{where}.{name}: neither a fact ({', '.join(sorted(fields))}) nor a scoring "
                                     f"option's changes")
        own = {field: getattr(self, field) for field in fields}
        changed = type(self).from_mapping({**own, **facts}, where)
        return dataclasses.replace(changed, scoring=checked_scoring(tuple(scoring.values()), where))


def checked_scoring(scoring: tuple[ScoringOption, ...], where: str) -> tuple[ScoringOption, ...]:
    """A scoring chart whose ids are unique and whose multiples of a three have the three to multiply."""
    ids = [option.id for option in scoring]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise MalformedInput(f"{where}: {', '.join(twice)} listed twice")
    threes = {option.dice[0] for option in scoring if len(option.dice) == 3 and len(set(option.dice)) == 1}
    for option in scoring:
        if option.times_three and threes != set(FACES):
            missing = ", ".join(str(face) for face in FACES if face not in threes)
            raise MalformedInput(f"{where}.{option.id}: worth {option.times_three} times the three of a kind, but the "
                                 f"table has no three of {missing}")
    return scoring
