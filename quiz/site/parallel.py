"""Work shared with a forked second process where the machine has a core to spare: a one-off build verifies and
renders its games in two halves."""
from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
from typing import Callable, Sequence, TypeVar

Unit = TypeVar("Unit")
Result = TypeVar("Result")

_work: tuple[Callable, Sequence] | None = None   # what the forked child inherits: the function and every unit


def _their_half(indexes: list[int]) -> list:
    function, units = _work
    return [function(units[i]) for i in indexes]


def in_two_processes(function: Callable[[Unit], Result], units: Sequence[Unit]) -> list[Result]:
    """[function(unit) for unit in units], every other unit done in a forked child process meanwhile. The child
    inherits function and units (nothing is pickled on the way there; results are, on the way back), so function may
    be a closure over anything. One process where there is one core or no fork."""
    global _work
    if len(units) < 2 or (os.cpu_count() or 1) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return [function(unit) for unit in units]
    mine, theirs = list(range(0, len(units), 2)), list(range(1, len(units), 2))
    _work = (function, units)
    try:
        with concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork")) as pool:
            their_results = pool.submit(_their_half, theirs)   # forks here, with _work set
            results = {i: function(units[i]) for i in mine}
            results.update(zip(theirs, their_results.result()))
    finally:
        _work = None
    return [results[i] for i in range(len(units))]
