"""What an answer reads of a Farkle scoring chart, noted finely: the chart asked through ReadScoringChart notes the
patterns the dice in question make, the step, one option, or what a function of the chart gives (cached_per_chart),
not the whole chart, so that one answer stands for every table that scores those dice alike (quiz.checker.FineReads,
quiz/site/load/rulesets.py peel())."""
from __future__ import annotations

import functools

from quiz.games.farkle.scoring import Counts, ScoringChart, ScoringOption

def _noting_the_dice(name: str):
    """A method of the scoring chart that reads only the patterns its first argument's dice make: those noted (the
    chart's answer for them is the same at every table that scores them alike), then the chart asked."""
    def asked(self, part: Counts, *rest):
        self._note(("scoring", "fits", tuple(part)))
        return getattr(self._chart, name)(part, *rest)
    asked.__name__ = asked.__qualname__ = name
    return asked


class ReadScoringChart:
    """A scoring chart asked through rules whose reads are noted finely (quiz.checker.FineReads): each question notes
    what it reads of the chart, the patterns the dice in question make (("scoring", "fits", counts)) or the step
    (("scoring", "step")), one option (("scoring", "option", id)) or what a function of the chart gives
    (cached_per_chart), so an answer about three 5s is kept for every table that scores three 5s alike. Anything
    else asked of it notes the whole chart."""

    def __init__(self, chart: ScoringChart, note):
        self._chart, self._note = chart, note

    fitting = _noting_the_dice("fitting")
    split = _noting_the_dice("split")
    best_split = _noting_the_dice("best_split")
    best_set_aside = _noting_the_dice("best_set_aside")

    def parts(self, parts: tuple):
        """A split's parts as dice: the split came from split() or best_set_aside(), which noted its dice."""
        return self._chart.parts(parts)

    def option(self, option_id: str) -> ScoringOption | None:
        self._note(("scoring", "option", option_id))
        return self._chart.option(option_id)

    def whole(self) -> ScoringChart:
        """The chart itself, its whole noted: for code that reads all of it (a turn's solve)."""
        self._note("scoring")
        return self._chart

    @property
    def step(self) -> int:
        self._note(("scoring", "step"))
        return self._chart.step

    def __getattr__(self, name: str):
        self._note("scoring")
        return getattr(self._chart, name)


_PER_CHART: dict[str, object] = {}     # name -> a function of a scoring chart, remembered per chart (cached_per_chart)


def cached_per_chart(function):
    """A function of a scoring chart (and plain arguments) remembered per chart. Asked through a ReadScoringChart, it
    notes one view, its own result for the chart (("scoring", "call", its name, the arguments)), not all it reads on the
    way: a search over rolls reads many."""
    cached = functools.lru_cache(maxsize=None)(function)
    key = f"{function.__module__}.{function.__qualname__}"
    _PER_CHART[key] = cached

    @functools.wraps(function)
    def call(chart, *args):
        if isinstance(chart, ReadScoringChart):
            chart._note(("scoring", "call", key, args))
            chart = chart._chart
        return cached(chart, *args)
    return call


def view(chart: ScoringChart, read: tuple):
    """What a read a ReadScoringChart noted sees of this chart: the patterns some dice make, the step, an option, or
    what a function of the chart gives."""
    if read[:2] == ("scoring", "fits"):
        return chart.fitting(read[2])
    if read == ("scoring", "step"):
        return chart.step
    if read[:2] == ("scoring", "option"):
        return chart.option(read[2])
    if read[:2] == ("scoring", "call"):
        return _PER_CHART[read[2]](chart, *read[3])
    raise NotImplementedError(f"a scoring chart notes no read {read!r}")
