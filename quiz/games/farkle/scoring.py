"""Farkle's scoring engine: a set of dice split into a table's scoring options, their best split and best set-aside,
one engine per scoring chart (scoring_chart()), shared by every checker whose facts have that chart. The rules
(rules.py) and the solvers (strategy.py, duel.py) stand on it; nothing here knows a turn or the end."""
from __future__ import annotations

import functools
import itertools
import math
import operator
from typing import Iterator

import numpy

from quiz.games.farkle.facts import FACES, ScoringOption

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
    same for every scoring chart, so worked out once."""
    return tuple((roll, tuple(tuple(c - (i == j) for j, c in enumerate(roll)) for i, count in enumerate(roll) if count))
                 for roll in rolls_of(n))


def rolls_of(n: int) -> Iterator[Counts]:
    """Every roll of n dice as a count vector."""
    for roll in itertools.combinations_with_replacement(FACES, n):
        yield counts(roll)


class ScoringChart:
    """The scoring engine of one scoring chart: the best split of a set of dice into its options, remembered. One per
    chart (scoring_chart()), shared by every checker bound to facts with that chart."""

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
        """The patterns some of these dice make, in the chart's order, each (option id, counts, points): all that a
        split or set-aside of these dice can use, so what an answer about them reads of the chart."""
        if part not in self._fitting:
            if self._pattern_counts is None:
                self._pattern_counts = numpy.array([pattern for pattern, _, _ in self.patterns]).reshape(-1, len(FACES))
            fits = (self._pattern_counts <= numpy.array(part)).all(axis=1)
            self._fitting[part] = tuple((option, pattern, points) for (pattern, points, option), fit
                                        in zip(self.patterns, fits.tolist()) if fit)
        return self._fitting[part]

    def option(self, option_id: str) -> ScoringOption | None:
        """The chart's option with this id, or None."""
        return next((option for option in self.options if option.id == option_id), None)

    def whole(self) -> ScoringChart:
        """The chart itself, for code that reads all of it (a turn's solve): as ReadScoringChart.whole() is."""
        return self

    def best_split(self, part: Counts) -> int | None:
        """Most points for using exactly these dice in scoring options; None if some die fits no option."""
        found = self.split(part)
        return None if found is None else found[0]

    def best_set_aside(self, roll: Counts, without: frozenset = frozenset()) -> tuple[int, Counts, tuple]:
        """The highest-scoring set-aside of a roll (points, its dice, its parts), fewest dice on a tie (more dice left
        to roll), then the first in the order of counts; (0, no dice, no parts) for a farkle."""
        if not without:
            points, part = self._best_parts[roll]
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

    @functools.cached_property
    def _best_parts(self) -> dict[Counts, tuple[int, Counts]]:
        """For every roll of up to six dice, its best set-aside (points, dice), worked out once for the whole chart:
        the best of a roll is the roll itself, if every die scores, or the best of the roll less one die. Ties go to
        fewer dice, then to the first in the order of counts, as a search of every part of the roll in that order."""
        zero = tuple(0 for _ in FACES)
        best: dict[Counts, tuple] = {zero: (0, 0, zero)}
        for size in range(1, len(FACES) + 1):
            for roll, smaller in one_die_less(size):
                points = self.best_split(roll)
                candidates = [best[less] for less in smaller]
                if points:
                    candidates.append((points, size, roll))
                best[roll] = min(candidates, key=lambda found: (-found[0], found[1] if found[0] else 0, found[2]))
        return {roll: (found[0], found[2] if found[0] else zero) for roll, found in best.items()}

    def best_keeps(self, roll: Counts) -> dict[int, tuple[int, Counts]]:
        """For each number of a roll's dice that can be kept scoring, the most points and the dice (as counts) that
        score them, on a tie the first in the order of counts (as a search of every part of the roll in that order)."""
        return self._best_keeps[roll]

    @functools.cached_property
    def _best_keeps(self) -> dict[Counts, dict[int, tuple[int, Counts]]]:
        """best_keeps() of every roll of up to six dice, worked out once for the whole chart from the rolls one die
        smaller: every part of a roll but the roll itself is a part of one of them."""
        best: dict[Counts, dict[int, tuple[int, Counts]]] = {tuple(0 for _ in FACES): {}}
        for size in range(1, len(FACES) + 1):
            for roll, smaller in one_die_less(size):
                found: dict[int, tuple[int, Counts]] = {}
                for less in smaller:
                    for kept, (points, part) in best[less].items():
                        if kept not in found or (-points, part) < (-found[kept][0], found[kept][1]):
                            found[kept] = (points, part)
                points = self.best_split(roll)
                if points:
                    found[size] = (points, roll)
                best[roll] = found
        return best

    def parts(self, parts: tuple) -> list[list[int]]:
        """A split's parts as dice, the highest-scoring part first."""
        dice = [(faces(pattern), self.pattern_points[(option, pattern)]) for option, pattern in parts]
        return [part for part, _ in sorted(dice, key=lambda item: -item[1])]


_CHARTS: dict[tuple[ScoringOption, ...], ScoringChart] = {}
_BY_IDENTITY: dict[int, tuple] = {}     # id(options) -> (options, table): a table's facts share one tuple, so it
                                        # is not hashed (every option, field by field) on each look-up


def scoring_chart(options: tuple[ScoringOption, ...]) -> ScoringChart:
    """The engine of a scoring chart, one per chart: the options looked up by identity first, then by value. The entry
    holds the options, so their id cannot be reused while it stands."""
    known = _BY_IDENTITY.get(id(options))
    if known is not None and known[0] is options:
        return known[1]
    if options not in _CHARTS:
        _CHARTS[options] = ScoringChart(options)
    _BY_IDENTITY[id(options)] = (options, _CHARTS[options])
    return _CHARTS[options]


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
