"""Farkle's rules: scoring a set-aside by its best split into the table's scoring options, a turn, the end, and the odds
by exhausting every roll. Bound to one table's facts (FarkleFacts); nothing here is worded."""
from __future__ import annotations

import functools
import itertools
import math
import operator
from fractions import Fraction
from typing import Iterator

import numpy

from quiz.checker import IllegalState, MalformedInput, Rules, TrackedFacts, read_as_result, rule
from quiz.games.farkle.facts import FACES, FarkleFacts, ScoringOption

Counts = tuple[int, ...]    # how many 1s … 6s


def counts(dice) -> Counts:
    return tuple(list(dice).count(face) for face in FACES)


def faces(part: Counts) -> list[int]:
    """A count vector as sorted dice."""
    return [face for face, count in zip(FACES, part) for _ in range(count)]


def kind_patterns(sizes: tuple[int, ...]) -> list[Counts]:
    """Every count vector with these many dice of different values: (2, 2, 2) three pairs, (4, 2), (3, 3)."""
    found = set()
    for chosen in itertools.permutations(FACES, len(sizes)):
        found.add(tuple(sizes[chosen.index(face)] if face in chosen else 0 for face in FACES))
    return sorted(found)


@functools.cache
def one_die_less(n: int) -> tuple[tuple[Counts, tuple[Counts, ...]], ...]:
    """Every roll of n dice, each with the rolls of n - 1 dice it holds (one die of each value it has taken away); the
    same for every scoring table, so worked out once."""
    return tuple((roll, tuple(tuple(c - (i == j) for j, c in enumerate(roll)) for i, count in enumerate(roll) if count))
                 for roll in rolls_of(n))


def rolls_of(n: int) -> Iterator[Counts]:
    """Every roll of n dice as a count vector."""
    for roll in itertools.combinations_with_replacement(FACES, n):
        yield counts(roll)


class ScoringTable:
    """The scoring engine of one scoring table: the best split of a set of dice into its options, remembered. One per
    table (scoring_table()), shared by every checker bound to facts with that table."""

    def __init__(self, options: tuple[ScoringOption, ...]):
        self.options = options
        self.patterns: list[tuple[Counts, int, str]] = []      # (counts, points, option id)
        threes = {option.dice[0]: option.points for option in options
                  if len(option.dice) == 3 and len(set(option.dice)) == 1}
        for option in options:
            if option.dice:
                self.patterns.append((counts(option.dice), option.points, option.id))
            elif option.same:
                for face in FACES:
                    points = option.times_three * threes[face] if option.times_three else option.points
                    self.patterns.append((tuple(option.same if f == face else 0 for f in FACES), points, option.id))
            elif option.pairs:
                shapes = [(2, 2, 2)] + ([(4, 2)] if option.four_and_pair else [])
                found = sorted({pattern for shape in shapes for pattern in kind_patterns(shape)})
                self.patterns += [(pattern, option.points, option.id) for pattern in found]
            elif option.kinds:
                self.patterns += [(pattern, option.points, option.id) for pattern in kind_patterns(option.kinds)]
        self._splits: dict = {}
        self._set_asides: dict = {}
        self._fitting: dict = {}
        self._pattern_counts = None      # the patterns' counts as one array, for fitting()
        # A roll of all six that no other option scores: it scores as a whole (Zilch's "no scoring dice").
        for option in options:
            if option.nothing:
                dead = [roll for roll in rolls_of(option.nothing) if not any(
                    all(p <= c for p, c in zip(pattern, roll)) for pattern, _, _ in self.patterns)]
                self.patterns += [(roll, option.points, option.id) for roll in dead]
        self.remembered: dict = {}      # what the beliefs work out from this table once (beliefs.py)
        self.pattern_points = {(option, pattern): points for pattern, points, option in self.patterns}
        # the patterns that can cover a set of dice whose lowest face is i: those whose own lowest face is i
        self.by_first: dict[int, list] = {i: [] for i in range(len(FACES))}
        for pattern, points, option in self.patterns:
            self.by_first[next(i for i, c in enumerate(pattern) if c)].append((pattern, points, option))
        self.points = {option.id: option.points for option in options}
        # Every score is a sum of option points, so every total is a multiple of their greatest common divisor.
        self.step = functools.reduce(math.gcd, (points for _, points, _ in self.patterns))

    def split(self, part: Counts, without: frozenset = frozenset()) -> tuple[int, tuple] | None:
        """The best split of exactly these dice into scoring options: (points, its parts as (option id, counts)),
        leaving out the patterns in `without` (option id, counts); None if some die fits no option."""
        key = (part, without)
        if key not in self._splits:
            self._splits[key] = self._split(part, without)
        return self._splits[key]

    def _split(self, part: Counts, without: frozenset) -> tuple[int, tuple] | None:
        if not any(part):
            return 0, ()
        first = next(i for i, c in enumerate(part) if c)
        best = None
        for pattern, points, option in self.by_first[first]:
            if (without and (option, pattern) in without) or not all(map(operator.le, pattern, part)):
                continue
            rest = self.split(tuple(map(operator.sub, part, pattern)), without)
            if rest is not None and (best is None or points + rest[0] > best[0]):
                best = (points + rest[0], ((option, pattern),) + rest[1])
        return best

    def fitting(self, part: Counts) -> tuple[tuple[str, Counts, int], ...]:
        """The patterns some of these dice make, in the table's order, each (option id, counts, points): all that a
        split or set-aside of these dice can use, so what an answer about them reads of the table."""
        if part not in self._fitting:
            if self._pattern_counts is None:
                self._pattern_counts = numpy.array([pattern for pattern, _, _ in self.patterns]).reshape(-1, len(FACES))
            fits = (self._pattern_counts <= numpy.array(part)).all(axis=1)
            self._fitting[part] = tuple((option, pattern, points) for (pattern, points, option), fit
                                        in zip(self.patterns, fits.tolist()) if fit)
        return self._fitting[part]

    def option(self, option_id: str) -> ScoringOption | None:
        """The table's option with this id, or None."""
        return next((option for option in self.options if option.id == option_id), None)

    def whole(self) -> ScoringTable:
        """The table itself, for code that reads all of it (a turn's solve): as ReadScoringTable.whole() is."""
        return self

    def best_split(self, part: Counts) -> int | None:
        """Most points for using exactly these dice in scoring options; None if some die fits no option."""
        found = self.split(part)
        return None if found is None else found[0]

    def best_set_aside(self, roll: Counts, without: frozenset = frozenset()) -> tuple[int, Counts, tuple]:
        """The highest-scoring set-aside of a roll (points, its dice, its parts), fewest dice on a tie (more dice left
        to roll), then the first in the order of counts; (0, no dice, no parts) for a farkle."""
        if not without:
            points, part = self._best_parts()[roll]
            return points, part, self.split(part)[1] if points else ()
        key = (roll, without)
        if key not in self._set_asides:
            best = (0, len(FACES) + 1, tuple(0 for _ in FACES), ())
            for part in itertools.product(*(range(count + 1) for count in roll)):
                found = self.split(part, without) if sum(part) else None
                if found is not None and (found[0] > best[0] or
                                          (found[0] == best[0] and found[0] and sum(part) < best[1])):
                    best = (found[0], sum(part), part, found[1])
            self._set_asides[key] = (best[0], best[2], best[3])
        return self._set_asides[key]

    def _best_parts(self) -> dict[Counts, tuple[int, Counts]]:
        """For every roll of up to six dice, its best set-aside (points, dice), worked out once for the whole table:
        the best of a roll is the roll itself, if every die scores, or the best of the roll less one die. Ties go to
        fewer dice, then to the first in the order of counts, as a search of every part of the roll in that order."""
        if "best parts" not in self.remembered:
            zero = tuple(0 for _ in FACES)
            best: dict[Counts, tuple] = {zero: (0, 0, zero)}
            for size in range(1, len(FACES) + 1):
                for roll, smaller in one_die_less(size):
                    points = self.best_split(roll)
                    candidates = [best[less] for less in smaller]
                    if points:
                        candidates.append((points, size, roll))
                    best[roll] = min(candidates, key=lambda found: (-found[0], found[1] if found[0] else 0, found[2]))
            self.remembered["best parts"] = {roll: (found[0], found[2] if found[0] else zero)
                                             for roll, found in best.items()}
        return self.remembered["best parts"]

    def parts(self, parts: tuple) -> list[list[int]]:
        """A split's parts as dice, the highest-scoring part first."""
        dice = [(faces(pattern), self.pattern_points[(option, pattern)]) for option, pattern in parts]
        return [part for part, _ in sorted(dice, key=lambda item: -item[1])]


_TABLES: dict[tuple[ScoringOption, ...], ScoringTable] = {}
_BY_IDENTITY: dict[int, tuple] = {}     # id(options) -> (options, table): a table's facts share one tuple, and hashing
                                        # it (every option, field by field) on each look-up cost 10 % of the tables'
                                        # answers


def scoring_table(options: tuple[ScoringOption, ...]) -> ScoringTable:
    """The engine of a scoring table, one per table: the options looked up by identity first, then by value. The entry
    holds the options, so their id cannot be reused while it stands."""
    known = _BY_IDENTITY.get(id(options))
    if known is not None and known[0] is options:
        return known[1]
    if options not in _TABLES:
        _TABLES[options] = ScoringTable(options)
    _BY_IDENTITY[id(options)] = (options, _TABLES[options])
    return _TABLES[options]


class ReadScoringTable:
    """A scoring table asked through rules whose reads are noted finely (quiz.checker.FineReads): each question notes
    what it reads of the table, the patterns the dice in question make (("scoring", "fits", counts)) or the step
    (("scoring", "step")), one option (("scoring", "option", id)) or what a function of the table gives
    (cached_per_table), so an answer about three 5s is kept for every table that scores three 5s alike. Anything
    else asked of it notes the whole table."""

    def __init__(self, table: ScoringTable, note):
        self._table, self._note = table, note

    def _fits(self, part: Counts) -> None:
        self._note(("scoring", "fits", tuple(part)))

    def fitting(self, part: Counts):
        self._fits(part)
        return self._table.fitting(part)

    def split(self, part: Counts, without: frozenset = frozenset()):
        self._fits(part)
        return self._table.split(part, without)

    def best_split(self, part: Counts):
        self._fits(part)
        return self._table.best_split(part)

    def best_set_aside(self, roll: Counts, without: frozenset = frozenset()):
        self._fits(roll)
        return self._table.best_set_aside(roll, without)

    def parts(self, parts: tuple):
        """A split's parts as dice: the split came from split() or best_set_aside(), which noted its dice."""
        return self._table.parts(parts)

    def option(self, option_id: str) -> ScoringOption | None:
        self._note(("scoring", "option", option_id))
        return self._table.option(option_id)

    def whole(self) -> ScoringTable:
        """The table itself, its whole noted: for code that reads all of it (a turn's solve)."""
        self._note("scoring")
        return self._table

    @property
    def step(self) -> int:
        self._note(("scoring", "step"))
        return self._table.step

    def __getattr__(self, name: str):
        self._note("scoring")
        return getattr(self._table, name)


_PER_TABLE: dict[str, object] = {}     # name -> a function of a scoring table, remembered per table (cached_per_table)


def cached_per_table(function):
    """A function of a scoring table (and plain arguments) remembered per table. Asked through a ReadScoringTable, it
    notes one view, its own result at the table (("scoring", "call", its name, the arguments)), not all it reads on the
    way: a search over rolls reads many."""
    cached = functools.lru_cache(maxsize=None)(function)
    _PER_TABLE[function.__qualname__] = cached

    @functools.wraps(function)
    def call(table, *args):
        if isinstance(table, ReadScoringTable):
            table._note(("scoring", "call", function.__qualname__, args))
            table = table._table
        return cached(table, *args)
    return call


class FarkleRules(Rules):
    """The rules of Farkle for one table's facts: by default seed 004's (a German rules page of a web game)."""

    FACTS = FarkleFacts

    @property
    def table(self) -> ScoringTable:
        facts = self.facts
        if isinstance(facts, TrackedFacts) and facts.fine:
            return ReadScoringTable(scoring_table(facts.untracked.scoring), facts.note)
        return scoring_table(facts.scoring)

    @classmethod
    def view(cls, facts: FarkleFacts, read: tuple):
        """What a ReadScoringTable notes, at these facts: the patterns some dice make, or the step."""
        table = scoring_table(facts.scoring)
        if read[:2] == ("scoring", "fits"):
            return table.fitting(read[2])
        if read == ("scoring", "step"):
            return table.step
        if read[:2] == ("scoring", "option"):
            return table.option(read[2])
        if read[:2] == ("scoring", "call"):
            return _PER_TABLE[read[2]](table, *read[3])
        return super().view(facts, read)

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
        return self.table.best_split(counts(self._dice(set_aside, "set_aside")))

    @rule
    def best_score(self, roll) -> int:
        """The most points one set-aside from this roll can score; 0 means a farkle."""
        return self.table.best_set_aside(counts(self._dice(roll, "roll")))[0]

    def set_aside_of(self, roll, without: frozenset = frozenset()) -> dict:
        """The best set-aside of a roll, some patterns left out: points, dice, and its split into parts."""
        points, _, parts = self.table.best_set_aside(counts(self._dice(roll, "roll")), without)
        split = self.table.parts(parts)
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
        options = [(sum(pattern), -points, pattern) for _, pattern, points in self.table.fitting(rolled)]
        if not options:
            return {"dice": 0, "part": []}
        size, _, pattern = min(options)
        return {"dice": size, "part": faces(pattern)}

    @rule
    def best_dice(self, roll) -> list[int]:
        """Which dice make the best score (fewest dice on a tie)."""
        return faces(self.table.best_set_aside(counts(self._dice(roll, "roll")))[1])

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
            points = self.table.best_split(counts(dice))
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
        extra = 0 if self.facts.ends_at_target else self.table.step
        return self.facts.target + extra - self._banked(banked)

    @rule
    def others_play_on(self, banked: int) -> bool:
        """No last round: once a turn ends above the target, nobody else plays (where there is a final round, everyone
        else has one more turn)."""
        return not self.game_ends(banked)

    # --- legality -----------------------------------------------------------------------------------------------------

    def _unreachable_total(self, banked, what: str = "banked") -> Iterator[str]:
        step = self.table.step
        if self._banked(banked, what) % step:
            yield f"{what}: {banked} points; every score is a multiple of {step}, so no game reaches it"

    def _unplayable_turn(self, set_asides) -> Iterator[str]:
        """Each set-aside must score and come from the dice still in hand; hot dice give all of them back."""
        in_hand = self.facts.dice
        for i, dice in enumerate(self._set_asides(set_asides)):
            if self.table.best_split(counts(dice)) is None:
                yield f"set_asides[{i}]: {list(dice)} includes dice that score nothing"
            if len(dice) > in_hand:
                yield f"set_asides[{i}]: {len(dice)} dice set aside from a roll of {in_hand}"
            in_hand -= len(dice)
            if in_hand <= 0:
                in_hand = self.facts.dice

    def _illegal_turn_points(self, set_asides) -> Iterator[str]:
        yield from self._unplayable_turn(set_asides)

    def _illegal_total_after_turn(self, banked, set_asides, farkled) -> Iterator[str]:
        if not isinstance(farkled, bool):
            raise MalformedInput(f"farkled: {farkled!r} is not true or false")
        yield from self._unreachable_total(banked)
        yield from self._unplayable_turn(set_asides)
        # asked here only: the rule reads what a bank needs anyway, and the other rules' totals lie near the target
        # (checking them too tripled the answers worked out at every table, 24,000 -> 71,000)
        first = self.bank_needs(0)
        if 0 < banked < first:
            yield f"banked: {banked} points; a first bank needs {first} here, so no total below it but 0 is reached"

    def _illegal_game_ends(self, banked) -> Iterator[str]:
        yield from self._unreachable_total(banked)

    _illegal_others_play_on = _illegal_game_ends

    def _illegal_points_to_end(self, banked) -> Iterator[str]:
        yield from self._unreachable_total(banked)
        if self.passes_the_end(banked):
            yield f"banked: {banked}; a turn that ended there has reached the end already"

    def _illegal_score(self, set_aside) -> Iterator[str]:
        self._dice(set_aside, "set_aside")
        return iter(())

    # --- odds, by exhausting all 6**n rolls ---------------------------------------------------------------------------

    def rolls(self, n: int) -> list[tuple[tuple[int, ...], int]]:
        """Each sorted roll of n dice with how many of the 6**n ordered rolls it stands for."""
        return [(roll, ways) for roll, ways, _ in rolls_with_ways(n)]

    def farkle_chance(self, n: int) -> Fraction:
        """The exact chance that n dice show no scoring option."""
        n = self._dice_count(n)
        return self._over_rolls(n, "farkle", lambda points: points == 0)

    def expected_best_score(self, n: int) -> Fraction:
        """The mean of best_score over all 6**n rolls of n dice."""
        n = self._dice_count(n)
        return self._over_rolls(n, "expected", lambda points: points)

    def _over_rolls(self, n: int, name: str, value) -> Fraction:
        """The mean over all 6**n rolls of a function of each roll's best score (worked out once per scoring table)."""
        table = self.table
        if (name, n) not in table.remembered:
            total = sum(ways * value(table.best_set_aside(counted)[0]) for _, ways, counted in rolls_with_ways(n))
            table.remembered[(name, n)] = Fraction(total, 6 ** n)
        return table.remembered[(name, n)]


@functools.cache
def rolls_with_ways(n: int) -> list[tuple[tuple[int, ...], int, Counts]]:
    """Each sorted roll of n dice, how many of the 6**n ordered rolls it stands for, and its counts."""
    found = []
    for roll in itertools.combinations_with_replacement(FACES, n):
        ways = math.factorial(n)
        for count in counts(roll):
            ways //= math.factorial(count)
        found.append((roll, ways, counts(roll)))
    return found
