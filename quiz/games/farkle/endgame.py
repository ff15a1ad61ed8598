"""The end game played for the win, from the race solved for two players (duel.py, `make strategy`): one turn's
chances to win, worked out from a solved file (turn_chances(); the tests re-derive the solve's chances with it); the
winning call near the end that the quiz asks, by those chances and not by the points of one turn (banking a good turn
can leave the other player the game, and rolling on can be the only way to win); and the solve as the score-a-roll
calculator plays a turn on it in the browser (browser_files())."""
from __future__ import annotations

import array
import dataclasses
import functools
import json
import sys
from decimal import Decimal

from quiz.checker import IllegalState, read_as_result, rule
from quiz.games.farkle import duel
from quiz.games.farkle.rules import FarkleRules
from quiz.games.farkle.strategy import FarkleStrategy


@dataclasses.dataclass(frozen=True)
class Played:
    """How a race is played with one scoring chart, worked out once for every turn that reads it: its rolls
    (outcomes()), the same as arrays (plan()), and with a final round the chance of a last turn to score each total
    (last_turn_reach()) and to beat each total (beaten())."""

    rolls: dict
    arrays: dict
    reach: list | None
    last_turn: list | None


@functools.lru_cache(maxsize=None)     # the race and its scoring chart (one object per chart) are all it reads
def played(race: duel.Race, chart) -> Played:
    rolls = duel.outcomes_of(chart, race)
    reach = duel.last_turn_reach(race, rolls) if race.final_round else None
    width = race.beyond + duel.max_offset(rolls) + 1
    return Played(rolls, duel.plan(rolls, race.dice), reach, duel.beaten(race, reach, width) if reach else None)


def bellman(rules: FarkleRules, chances, mover: int, other: int, own: int = 0, theirs: int = 0) -> float:
    """The mover's chance at (mover, other, own and their farkles in a row; scores in steps) worked out again from its
    neighbours in `chances` (a solved file's): one turn played best (turn_chances(), written apart from the solver's
    kernels), for the tests."""
    return turn_chances(rules, chances, mover, other, own, theirs).value[rules.facts.dice][0]


@dataclasses.dataclass(frozen=True)
class TurnChances:
    """One turn of the race played for the win, from a solved file, at the totals it was worked out from (from_turn
    on): value[n][t] the chance to win from turn total t (steps) with n dice in hand, rolled[n][t] what rolling on gives
    there, bank[t] what banking gives (None where a bank is not allowed: nothing scored yet, or short of the
    minimum)."""

    value: dict[int, list[float]]
    rolled: dict[int, list[float | None]]
    bank: list[float | None]


def turn_chances(rules: FarkleRules, chances, mover: int, other: int, own: int = 0, theirs: int = 0,
                 from_turn: int = 0) -> TurnChances:
    """The turn of the player at (mover, other, own and their farkles in a row; scores in steps) from `chances` (a
    solved file's), at turn totals from `from_turn` steps on: each bank to the other's turn at (other, mover + turn),
    or past the end a win (or, in a final round, the other's last turn to beat it), a farkle to (other, mover) with one
    more farkle in a row (a third: the penalty, below the floor the floor). Written apart from the solver's kernels
    (numpy, one turn at a time): the tests hold the kernels to it."""
    import numpy as np

    race = duel.Race.of(rules)
    how = played(race, rules.chart.whole())
    kinds, options, chance, left, offset, farkle = (how.arrays[key] for key in (
        "kind_start", "option_start", "chance", "left", "offset", "farkle"))

    def at(m: int, o: int, a: int, b: int) -> float:
        return chances[race.index(m, max(o, race.floor), a, b)]     # a penalty below the floor: the floor

    if race.penalty and own == 2:
        after_farkle = 1 - at(other, mover - race.penalty, theirs, 0)
    else:
        after_farkle = 1 - at(other, mover, theirs, own + 1 if race.penalty else 0)
    needs = race.needed_steps(mover)
    ends = max(race.goal + race.beyond - mover, needs)
    top = max(ends, from_turn + 1) + int(offset.max()) + 1

    def banked(turn: int) -> float:
        score = mover + turn
        if score < race.goal:
            return 1 - at(other, score, theirs, 0)
        if not race.final_round:
            return 1.0
        return 1 - how.last_turn[other][min(score - race.goal, len(how.last_turn[other]) - 1)]

    bank = [banked(turn) if turn >= needs else None for turn in range(top)]
    value = np.array([[banked(turn) for turn in range(top)]] * (race.dice + 1))
    rolled: dict[int, list[float | None]] = {n: [None] * top for n in range(1, race.dice + 1)}
    for turn in range(max(ends - 1, from_turn), from_turn - 1, -1):
        for n in range(1, race.dice + 1):
            first, last = options[kinds[n]], options[kinds[n + 1]]
            best = np.maximum.reduceat(value[left[first:last], turn + offset[first:last]],
                                       options[kinds[n]:kinds[n + 1]] - first)
            rolled[n][turn] = float(chance[kinds[n]:kinds[n + 1]] @ best + farkle[n] * after_farkle)
            if turn < ends:     # from there on a bank is all there is to do: it wins, or sets the total to beat
                value[n, turn] = rolled[n][turn] if bank[turn] is None else max(bank[turn], rolled[n][turn])
    return TurnChances({n: value[n].tolist() for n in range(1, race.dice + 1)}, rolled, bank)


CHUNK_ROWS = 10         # the browser fetches the chances of 10 scores of the other player at a time (500 points)


def browser_stem(rules: FarkleRules) -> str:
    """The name the browser's files of a solved race start with (browser_files())."""
    return f"race-{duel.name(rules)}"


def browser_files(rules: FarkleRules) -> dict[str, str | bytes]:
    """The solved race as the score-a-roll calculator plays a turn for the win (docs/assets/dice.js): race-<name>.json
    says how the race is played (its rolls as plan() gives them, the end, the minimums, the penalty, a final round)
    and race-<name>-<k>.bin holds the chances of the other player's scores k * CHUNK_ROWS on (rows [other, mover, …],
    as the calculator needs one other player's row), each chance as a little-endian 16-bit fraction of 65535: close
    enough to show a percent to one decimal, a tenth of the full file. Nothing where the table was not solved."""
    found = duel.load(rules)
    if found is None:
        return {}
    race, (_, chances) = duel.Race.of(rules), found
    stem, how = browser_stem(rules), played(race, rules.chart.whole())
    row = race.size * race.streaks ** 2
    files: dict[str, str | bytes] = {f"{stem}.json": json.dumps({
        "step": race.step, "goal": race.goal, "floor": race.floor, "streaks": race.streaks, "penalty": race.penalty,
        "final_round": race.final_round, "beyond": race.beyond, "dice": race.dice,
        "needs": [race.needed_steps(score) for score in (0, 1)], "rows": CHUNK_ROWS,
        "plan": {key: value.tolist() for key, value in how.arrays.items()},
        # a last turn's chance to score k steps, all dice in hand: the chance to beat a total in a final round
        "reach_chances": [round(chance, 12) for chance in how.reach] if how.reach else None},
        separators=(",", ":"))}
    for chunk, start in enumerate(range(0, race.size, CHUNK_ROWS)):
        packed = array.array("H", (round(chance * 65535)
                                   for chance in chances[start * row:min(race.size, start + CHUNK_ROWS) * row]))
        if sys.byteorder != "little":
            packed.byteswap()
        files[f"{stem}-{chunk}.bin"] = packed.tobytes()
    return files


class FarkleEndgame(FarkleStrategy):
    """Farkle's rules with the best play of a turn for the points (strategy.py) and for the win (the race solved for
    two players, where the table's rules were solved)."""

    def _race_turn(self, banked, other_banked, turn_total, in_hand) -> tuple[TurnChances, int, int]:
        """The turn, played for the win, of a player with `banked` against one with `other_banked`, both last turns
        banked (no farkle in a row), with `turn_total` scored so far and `in_hand` dice to roll; IllegalState where
        the turn cannot bank yet (nothing to choose), this table's race was not solved (a house rule on top of a
        published set) or the scores cannot be played."""
        banked, other_banked = self._banked(banked), self._banked(other_banked, "other_banked")
        total, in_hand = self._turn_moment(turn_total, in_hand)
        if not self.may_bank(banked, total) or total == 0:
            raise IllegalState(f"a turn of {total} cannot bank here: a bank needs {self.bank_needs(banked)}, so there "
                               "is nothing to choose")
        solved = self.solved_file()
        if solved is None:
            raise IllegalState("two players at this table's rules were not solved (make strategy solves the published "
                               "sets at their own rules)")
        head, chances = duel.load_named(solved)
        race = duel.Race(**head["race"])      # the race the file's name is made of: this table's
        step = race.step
        for value, what in ((banked, "banked"), (other_banked, "other_banked")):
            if value % step or value // step >= race.goal:
                raise IllegalState(f"{what}: {value} points; a game still going has a multiple of {step} below the "
                                   "end")
        turn = turn_chances(self, chances, banked // step, other_banked // step, from_turn=total // step)
        return turn, total // step, in_hand

    @read_as_result("dice", "target", "ends_at_target", "final_round", "three_farkles", "opening_minimum",
                    "bank_minimum", "scoring")
    def solved_file(self) -> str | None:
        """The name of the file make strategy solved this table's race in (duel.solved_name()), or None: read as one
        view, so that the answers at every table are worked out once for all the tables with no solved race and once
        for each file, not once for each of their targets, minimums and final rounds (332 times a question, before)."""
        return duel.solved_name(self)

    @rule
    def winning_call(self, banked: int, other_banked: int, turn_total: int, in_hand: int) -> dict:
        """Against one other player, with both last turns banked: whether rolling the dice in hand again, then playing
        best, wins more often than banking the turn now ("roll"), and the two chances to win in percent, to one decimal
        ("bank_wins", "roll_wins"), how far apart they are ("margin", in points of percent) and whether banking ends
        the game with you the winner ("bank_ends_game": no final round gives the others a last turn)."""
        turn, total, in_hand = self._race_turn(banked, other_banked, turn_total, in_hand)
        rolled, banking = turn.rolled[in_hand][total], turn.bank[total]
        return {"roll": rolled > banking, "roll_wins": percent(rolled), "bank_wins": percent(banking),
                "margin": percent(abs(rolled - banking)), "bank_ends_game": self.game_ends(banked + turn_total)}


def percent(chance: float) -> Decimal:
    return Decimal(chance * 100).quantize(Decimal("0.1"))
