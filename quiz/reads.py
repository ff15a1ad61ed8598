"""What an answer reads of a table's facts: rules bound to facts that note each fact read (TrackedFacts), finely where
a game notes its own views of a fact (FineReads), and rules methods whose result is the read (read_as_result). The
site groups tables by these reads, so one answer stands for every table that sees the same."""
from __future__ import annotations

import dataclasses
import functools
from typing import Any, Callable

class FineReads(set):
    """Reads noted finely: besides whole facts (by name), a game's views of a fact, each a tuple (fact, view, …) whose
    value at any facts the rules' view() gives: Farkle notes which scoring options some dice can use, not the whole
    scoring chart. Where reads are a plain set, a view is noted as its fact."""


# "<Class>.<method>" -> (the method, the facts it may read): rules methods whose result is what a caller reads
RESULT_READS: dict[str, tuple[Callable, tuple[str, ...]]] = {}


def facts_read(read: str | tuple) -> tuple[str, ...]:
    """The facts a read is of: a fact by name; a method's result (read_as_result) the facts it declares; another view
    its first part."""
    if isinstance(read, str):
        return (read,)
    if read[0] == "result":
        return RESULT_READS[read[1]][1]
    return (read[0],)


def read_as_result(*facts: str) -> Callable[[Callable], Callable]:
    """Marks a rules method (of plain arguments) whose result is all its callers take from the facts it reads, which it
    declares: under fine reads (FineReads) a call notes one view, ("result", the method, its arguments), not each fact;
    tables that give the same result then count as alike (a bank of 1,000 allowed is the same with no minimum and with
    a 500 one). What it sees at other facts, Rules.read_value works out, and refuses an undeclared fact read."""
    def mark(method: Callable) -> Callable:
        key = method.__qualname__
        RESULT_READS[key] = (method, facts)

        @functools.wraps(method)
        def call(self, *args):
            tracked = self.facts
            if isinstance(tracked, TrackedFacts) and tracked.fine:
                tracked.note(("result", key, args))
                return method(type(self)(tracked.untracked), *args)
            return method(self, *args)
        return call
    return mark


class TrackedFacts:
    """Facts that note every fact read through them: rules bound to them tell which facts their answer depends on.
    Methods of the facts run against the tracker, so a fact they read is noted too. A game's components (Faraway's
    cards) are the same at every table: reading them is not noted."""

    def __init__(self, facts: Any, reads: set):       # a game's quiz.checker.Facts
        object.__setattr__(self, "_facts", facts)
        object.__setattr__(self, "_reads", reads)
        object.__setattr__(self, "_fields", {field.name: not field.metadata.get("component")
                                             for field in dataclasses.fields(facts)})

    @property
    def fine(self) -> bool:
        """Whether a view of a fact is noted as itself (FineReads), not as the whole fact."""
        return isinstance(self._reads, FineReads)

    @property
    def untracked(self) -> Any:
        """The facts themselves, for reading a fact whose use the caller notes as a view (note())."""
        return self._facts

    def replaced(self, **changes) -> "TrackedFacts":
        """These facts with some changed, noting reads into the same set: a changed fact is not noted, since its value
        comes from whoever changed it, not from the table."""
        tracked = TrackedFacts(dataclasses.replace(self._facts, **changes), self._reads)
        object.__setattr__(tracked, "_fields", {**self._fields, **{name: False for name in changes}})
        return tracked

    def note(self, read: str | tuple) -> None:
        """Note a read: a fact by name, or a view of one (as itself where reads are fine, else as its fact)."""
        if self.fine:
            self._reads.add(read)
        else:
            self._reads.update(facts_read(read))

    def __getattr__(self, name: str):
        if name in self._fields:
            if self._fields[name]:
                self._reads.add(name)
            return getattr(self._facts, name)
        member = getattr(type(self._facts), name)
        return member.__get__(self) if hasattr(member, "__get__") else member

    def __setattr__(self, name, value):
        raise dataclasses.FrozenInstanceError(name)
