"""quiz/site/parallel.py: a one-off build shares its games' verifying and rendering with a forked second process; the
results come back in order, exactly as one process would have made them, and a failure in the child is raised here."""
from __future__ import annotations

import os

import pytest

from quiz.site import parallel

pytestmark = pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: everything runs in one process")


def test_results_come_back_in_order_from_both_processes():
    offset = 100   # a closure: the child inherits it, nothing is pickled on the way there
    results = parallel.in_two_processes(lambda n: (n + offset, os.getpid()), list(range(7)))
    assert [value for value, _ in results] == list(range(100, 107))
    pids = {pid for _, pid in results}
    assert len(pids) == 2 and os.getpid() in pids
    assert [pid == os.getpid() for _, pid in results] == [True, False] * 3 + [True]


def test_a_failure_in_the_child_is_raised_in_the_parent():
    def fail_on_three(n):
        if n == 3:
            raise ValueError(f"unit {n} failed")
        return n

    with pytest.raises(ValueError, match="unit 3 failed"):
        parallel.in_two_processes(fail_on_three, [0, 1, 2, 3])


def test_one_unit_stays_in_this_process():
    assert parallel.in_two_processes(lambda n: os.getpid(), [0]) == [os.getpid()]
