"""The two-player solve's inner loops (duel.py solve(), `make strategy`), compiled with numba: one turn played best for
a batch of game states at once, and the two ways of ordering the states that use it. Plain Python over numpy arrays;
duel.compiled() hands them to numba.njit, so the site, which only reads solved files, needs no numba.

Scores are indices: a banked score of `floor` steps is index 0, the goal's is `size` (a player at or past it has
reached the end). A turn's total is in steps; rolls are described by the arrays duel.plan() makes."""
from __future__ import annotations

import numpy as np

try:
    from numba import prange
except ImportError:      # the site reads solved files only: without numba, prange is range (never run)
    prange = range

CHUNK = 64              # states whose turns are played together: what 6 dice reach, 160 totals x 64 states, in cache
# bank[] past the goal where the table has no final round: reaching the end wins
WON = 1.0


def turn(value, slope, lo, hi, ends, needs, bank, farkle_value, kind_start, option_start, chance, left, offset,
         farkle, dice, with_slope, reach, best, best_slope, rolled, rolled_slope):
    """One turn played best from its start, for the states lo to hi side by side: state b may roll on up to turn total
    ends[b] (from there it banks, as bank[t, b] says), may bank from needs[b] (a positive number of steps), and a
    farkle is worth farkle_value[b]. States come ordered by ends, the longest first, so that at each total the states
    still rolling are the first few. value[n, t, b - lo] is the chance to win from total t with n dice in hand,
    slope[n, t, b - lo] its derivative in farkle_value[b] along the play chosen (with_slope): the chunk's own arrays,
    so that what a roll reaches stays in the core's cache. Every store is unconditional (a select, not a branch), so
    that the loops over states compile to vector code."""
    for b in range(lo + 1, hi):
        if ends[b] > ends[b - 1]:
            raise ValueError("the states of a batch must come longest turn first")
    for b in range(lo, hi):
        for t in range(ends[b], ends[b] + reach + 1):        # past its end a state banks; a roll reaches this far
            for n in range(1, dice + 1):
                value[n, t, b - lo] = bank[t, b]
                slope[n, t, b - lo] = 0.0
    live = 0
    for t in range(ends[lo] - 1, -1, -1):
        while lo + live < hi and ends[lo + live] > t:
            live += 1
        for n in range(1, dice + 1):
            for j in range(live):
                rolled[j] = 0.0
                rolled_slope[j] = 0.0
            for kind in range(kind_start[n], kind_start[n + 1]):
                weight = chance[kind]
                for j in range(live):
                    best[j] = -1.0          # every chance is at least 0: any option beats it
                if with_slope:
                    for option in range(option_start[kind], option_start[kind + 1]):
                        into, at = left[option], t + offset[option]
                        for j in range(live):
                            better = value[into, at, j] > best[j]
                            best_slope[j] = slope[into, at, j] if better else best_slope[j]
                            best[j] = value[into, at, j] if better else best[j]
                    for j in range(live):
                        rolled_slope[j] += weight * best_slope[j]
                else:
                    for option in range(option_start[kind], option_start[kind + 1]):
                        into, at = left[option], t + offset[option]
                        for j in range(live):
                            best[j] = max(best[j], value[into, at, j])
                for j in range(live):
                    rolled[j] += weight * best[j]
            lost = farkle[n]
            for j in range(live):
                rolls = rolled[j] + lost * farkle_value[lo + j]
                banks = t >= needs[lo + j] and bank[t, lo + j] >= rolls
                value[n, t, j] = bank[t, lo + j] if banks else rolls
                slope[n, t, j] = 0.0 if banks else rolled_slope[j] + lost


def turns(top, reach, count, ends, needs, bank, farkle_value, kind_start, option_start, chance, left, offset, farkle,
          dice, with_slope, chances, slopes):
    """turn() for states 0 to count, CHUNK states at a time, the chunks dealt in turn to two cores (numba's prange):
    chances[b] the chance to win from the turn's start, slopes[b] its derivative in farkle_value[b]; `reach`, the most
    steps one roll adds."""
    chunks = (count + CHUNK - 1) // CHUNK
    for core in prange(2):
        value = np.empty((dice + 1, top, CHUNK))
        slope = np.empty((dice + 1, top, CHUNK))
        best, best_slope = np.empty(CHUNK), np.zeros(CHUNK)
        rolled, rolled_slope = np.empty(CHUNK), np.empty(CHUNK)
        for chunk in range(core, chunks, 2):
            lo = chunk * CHUNK
            hi = min(count, lo + CHUNK)
            turn(value, slope, lo, hi, ends, needs, bank, farkle_value, kind_start, option_start, chance, left,
                 offset, farkle, dice, with_slope, reach, best, best_slope, rolled, rolled_slope)
            for b in range(lo, hi):
                chances[b] = value[dice, 0, b - lo]
                slopes[b] = slope[dice, 0, b - lo]


def solve_mirrored(size, top, reach, needs_at, final_round, beyond, beaten, dice, kind_start, option_start, chance,
                   left, offset, farkle, tolerance, chances, rounds_taken):
    """Every pair of banked scores with no farkle penalty: chances[m, o] is the chance that the player about to start a
    turn at m, the other at o, wins. Layer by layer from the highest sum down (a bank reaches a higher sum, solved
    before); within a layer a pair's chance depends on its mirror's (a farkle hands the mirror its turn), found by
    policy iteration on the pair: for a fixed play the turn's chance is a + b * (1 - mirror's), so solve the two lines,
    play best again, until no chance moves by more than `tolerance`. beaten[o, j]: the chance that a player at o beats
    a total of size + j on a last turn (final round)."""
    width = size + 1
    bank = np.zeros((top, width))
    found, found_slope = np.zeros(width), np.zeros(width)
    ends = np.zeros(width, dtype=np.int64)
    needs = np.zeros(width, dtype=np.int64)
    movers = np.zeros(width, dtype=np.int64)
    u = np.zeros(width)
    x = np.zeros(width)
    fresh = np.zeros(width)
    for total in range(2 * size - 2, -1, -1):
        first, last = max(0, total - size + 1), min(size - 1, total)
        count = last - first + 1
        # the layer's pairs, longest turn first: a higher mover ends sooner
        for b in range(count):
            mover = first + b
            other = total - mover
            movers[b] = mover
            needs[b] = needs_at[mover]
            ends[b] = max((size + beyond if final_round else size) - mover, needs[b])
            for t in range(ends[b] + reach + 1):
                score = mover + t
                if score < size:
                    bank[t, b] = 1.0 - chances[other, score]
                elif final_round:
                    bank[t, b] = 1.0 - beaten[other, min(score - size, beaten.shape[1] - 1)]
                else:
                    bank[t, b] = WON
            x[b] = 0.5
        settled = False
        for _ in range(200):
            rounds_taken[0] += 1
            for b in range(count):
                u[b] = 1.0 - x[count - 1 - b]         # the mirror (other, mover) sits at the other end of the layer
            turns(top, reach, count, ends, needs, bank, u, kind_start, option_start, chance, left, offset, farkle, dice,
                  True, found, found_slope)
            moved = 0.0
            for b in range(count):
                mirror = count - 1 - b
                a, s = found[b] - found_slope[b] * u[b], found_slope[b]
                am, sm = found[mirror] - found_slope[mirror] * u[mirror], found_slope[mirror]
                fresh[b] = (a + s * (1.0 - am - sm)) / (1.0 - s * sm)
                moved = max(moved, abs(fresh[b] - x[b]))
            for b in range(count):
                x[b] = fresh[b]
            if moved <= tolerance:
                settled = True
                break
        if not settled:
            return total            # no fixed point: the caller says which layer
        for b in range(count):
            chances[movers[b], total - movers[b]] = x[b]
    return -1


def solve_streaks(size, top, reach, needs_at, penalty, dice, kind_start, option_start, chance, left, offset, farkle,
                  tolerance, sweeps, chances, moved_by):
    """Every pair of banked scores and farkles in a row (0, 1 or 2 each) where a third farkle costs `penalty` steps:
    chances[m, o, fm, fo]. A farkle hands the other player the turn with one more farkle in a row, so within a sum of
    scores the states with more farkles in a row come first; a bank reaches a higher sum, solved before; a third farkle
    reaches a lower sum (a score below index 0 counts as 0), solved only later: the whole is swept again, from the
    chances the sweep before found, until no chance moves by more than `tolerance` (at most `sweeps` times). Returns
    the sweeps taken; moved_by[i] how far the chances moved in sweep i."""
    width = 3 * size
    bank = np.zeros((top, width))
    found, found_slope = np.zeros(width), np.zeros(width)
    ends = np.zeros(width, dtype=np.int64)
    needs = np.zeros(width, dtype=np.int64)
    movers = np.zeros(width, dtype=np.int64)
    streaks = np.zeros((width, 2), dtype=np.int64)
    after_farkle = np.zeros(width)
    for sweep in range(sweeps):
        moved = 0.0
        for total in range(2 * size - 2, -1, -1):
            first, last = max(0, total - size + 1), min(size - 1, total)
            for level in range(4, -1, -1):
                count = 0
                for mover in range(first, last + 1):        # longest turn first
                    other = total - mover
                    for own in range(2, -1, -1):
                        theirs = level - own
                        if theirs < 0 or theirs > 2:
                            continue
                        movers[count] = mover
                        streaks[count, 0], streaks[count, 1] = own, theirs
                        needs[count] = needs_at[mover]
                        ends[count] = max(size - mover, needs[count])
                        for t in range(ends[count] + reach + 1):
                            score = mover + t
                            bank[t, count] = 1.0 - chances[other, score, theirs, 0] if score < size else WON
                        if own < 2:
                            after_farkle[count] = 1.0 - chances[other, mover, theirs, own + 1]
                        else:
                            after_farkle[count] = 1.0 - chances[other, max(mover - penalty, 0), theirs, 0]
                        count += 1
                if count == 0:
                    continue
                turns(top, reach, count, ends, needs, bank, after_farkle, kind_start, option_start, chance, left,
                      offset, farkle, dice, False, found, found_slope)
                for b in range(count):
                    mover = movers[b]
                    old = chances[mover, total - mover, streaks[b, 0], streaks[b, 1]]
                    moved = max(moved, abs(found[b] - old))
                    chances[mover, total - mover, streaks[b, 0], streaks[b, 1]] = found[b]
        moved_by[sweep] = moved
        if moved <= tolerance:
            return sweep + 1
    return sweeps
