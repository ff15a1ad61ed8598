"""What an answer reads of a Farkle scoring table, noted finely: the table asked through ReadScoringTable notes the
patterns the dice in question make, the step, one option, or what a function of the table gives (cached_per_table),
not the whole table, so that one answer stands for every table that scores those dice alike (quiz.checker.FineReads,
quiz/site/load/rulesets.py peel())."""
from __future__ import annotations

import functools

from quiz.games.farkle.scoring import Counts, ScoringOption, ScoringTable

def _noting_the_dice(name: str):
    """A method of the scoring table that reads only the patterns its first argument's dice make: those noted (the
    table's answer for them is the same at every table that scores them alike), then the table asked."""
    def asked(self, part: Counts, *rest):
        self._note(("scoring", "fits", tuple(part)))
        return getattr(self._table, name)(part, *rest)
    asked.__name__ = asked.__qualname__ = name
    return asked


class ReadScoringTable:
    """A scoring table asked through rules whose reads are noted finely (quiz.checker.FineReads): each question notes
    what it reads of the table, the patterns the dice in question make (("scoring", "fits", counts)) or the step
    (("scoring", "step")), one option (("scoring", "option", id)) or what a function of the table gives
    (cached_per_table), so an answer about three 5s is kept for every table that scores three 5s alike. Anything
    else asked of it notes the whole table."""

    def __init__(self, table: ScoringTable, note):
        self._table, self._note = table, note

    fitting = _noting_the_dice("fitting")
    split = _noting_the_dice("split")
    best_split = _noting_the_dice("best_split")
    best_set_aside = _noting_the_dice("best_set_aside")

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
    key = f"{function.__module__}.{function.__qualname__}"
    _PER_TABLE[key] = cached

    @functools.wraps(function)
    def call(table, *args):
        if isinstance(table, ReadScoringTable):
            table._note(("scoring", "call", key, args))
            table = table._table
        return cached(table, *args)
    return call


def view(table: ScoringTable, read: tuple):
    """What a read a ReadScoringTable noted sees at this table: the patterns some dice make, the step, an option, or
    what a function of the table gives."""
    if read[:2] == ("scoring", "fits"):
        return table.fitting(read[2])
    if read == ("scoring", "step"):
        return table.step
    if read[:2] == ("scoring", "option"):
        return table.option(read[2])
    if read[:2] == ("scoring", "call"):
        return _PER_TABLE[read[2]](table, *read[3])
    raise NotImplementedError(f"a scoring table notes no read {read!r}")
