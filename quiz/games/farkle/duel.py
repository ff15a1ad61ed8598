"""Two players racing to the end, solved for the win (Busche & Neller's two-player Farkle): for every pair of banked
scores on the table's score step, the chance that the player about to start a turn wins when both play to win; from
it, the first player's chance and the points that make the game fair for the second.

`make strategy` solves it (solve(), with numpy: 24 million turn states for the seed's rules) and writes the result
beside this module, named by the table: a JSON head (the digest of the code and facts it was solved from, the figures)
and the chances as little-endian doubles. The site reads the figures (figures()) where a table's rules are those of a
solved file; the tests re-derive sampled chances from their neighbours (bellman()) and refuse a file whose digest is
not the code's.

The solved game: two players, no final round, no penalty for three farkles (they would add state); a turn ends with a
bank (the opening minimum until a player is on the board, then the bank minimum) or a farkle; the first turn that ends
with the target passed (or reached, where that is the rule) wins. Chances are exact up to the stopping tolerance
TOLERANCE of each layer's fixed point (a pair of scores and its mirror depend on each other through a farkle)."""
from __future__ import annotations

import array
import ast
import dataclasses
import functools
import hashlib
import inspect
import json
import sys
import textwrap
from pathlib import Path

from quiz.games.farkle.rules import FarkleRules
from quiz.games.farkle.strategy import roll_outcomes

HERE = Path(__file__).resolve().parent
SOLVED = HERE / "solved"
# with the solver's own code (digest()); reads.py, how an answer notes what it reads of a table, is not the solve's
CODE = [HERE / "facts.py", HERE / "scoring.py", HERE / "rules.py", HERE / "strategy.py"]
TOLERANCE = 1e-12       # each layer's fixed point is iterated until no chance moves by more


@dataclasses.dataclass(frozen=True)
class Race:
    """What the solved game depends on at a table: its scoring, dice, minimums and the end."""

    goal: int           # banked scores, in steps, from which a player has won
    step: int
    dice: int
    opening: int        # in points
    minimum: int

    @classmethod
    def of(cls, rules: FarkleRules) -> "Race | None":
        """The race a table plays; None where it has what this solver leaves out (a final round, a farkle penalty)."""
        facts, step = rules.facts, rules.table.step
        if facts.final_round or facts.three_farkles:
            return None
        goal = facts.target // step + (0 if facts.ends_at_target and facts.target % step == 0 else 1)
        return cls(goal, step, facts.dice, facts.opening_minimum, facts.bank_minimum)

    def needed(self, banked: int) -> int:
        """The points a turn must reach to bank, for a player with `banked` steps banked."""
        return max(self.opening if banked == 0 else 0, self.minimum)


def digest(rules: FarkleRules) -> str:
    """The code and the facts a solved file comes from (the scoring and the turn, and this module's solver, not its
    readers): a new file is due when either changes. The code as Python runs it (behaviour()), so a wrapped line or a
    reworded docstring or comment asks for no new solve."""
    found = hashlib.sha256()
    for path in CODE:
        found.update(behaviour(path.read_text(encoding="utf-8")).encode())
    for part in (Race, outcomes, solve):
        found.update(behaviour(inspect.getsource(part)).encode())
    found.update(repr((Race.of(rules), rules.facts.scoring)).encode())
    return found.hexdigest()


def behaviour(source: str) -> str:
    """Python source as its syntax tree without docstrings: what it does, not how its lines are laid out."""
    tree = ast.parse(textwrap.dedent(source))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and \
                isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def name(rules: FarkleRules) -> str:
    """A solved file's name: the digest of the race and its scoring only, so the site finds it by the table."""
    return hashlib.sha256(repr((Race.of(rules), rules.facts.scoring)).encode()).hexdigest()[:16]


def load(rules: FarkleRules) -> tuple[dict, array.array] | None:
    """The solved file for this table (head, chances W[i * goal + j]), or None where none was solved."""
    if Race.of(rules) is None:
        return None
    return _load(name(rules))


@functools.lru_cache(maxsize=None)      # a build asks at every table; the files change only with the code (its key)
def _load(file_name: str) -> tuple[dict, array.array] | None:
    head_path = SOLVED / f"{file_name}.json"
    if not head_path.exists():
        return None
    head = json.loads(head_path.read_text(encoding="utf-8"))
    chances = array.array("d")
    chances.frombytes((SOLVED / f"{file_name}.f64").read_bytes())
    if sys.byteorder != "little":
        chances.byteswap()
    return head, chances


def figures(rules: FarkleRules) -> dict | None:
    """The first player's chance to win, and the fair compensation: the points (on the step) the second player starts
    with that bring the first player's chance closest to one half (the fewer on a tie); None where this table was not
    solved."""
    found = load(rules)
    if found is None:
        return None
    head, chances = found
    return figures_of([chances[j] for j in range(head["goal"])], head["step"])


def figures_of(first_row, step: int) -> dict:
    """The figures from the first player's chances against each start of the second's (W[0, j])."""
    compensation = min(range(len(first_row)), key=lambda j: (abs(first_row[j] - 0.5), j))
    return {"first_wins": float(first_row[0]), "compensation": compensation * step,
            "first_wins_compensated": float(first_row[compensation])}


def outcomes(rules: FarkleRules, race: Race) -> dict[int, list]:
    """For each number of dice in hand: (chance, options) per kind of roll, each option the dice left and the steps
    gained; no options for a farkle."""
    return {n: [(float(chance), [(left, points // race.step) for left, points in options])
                for chance, options in roll_outcomes(rules.table, race.dice, n)] for n in range(1, race.dice + 1)}


def bellman(rules: FarkleRules, chances, goal: int, mover: int, other: int) -> float:
    """The mover's chance at (mover, other) worked out again from its neighbours in `chances`: one turn played best,
    banking to the other's turn at (other, mover + turn), a farkle to (other, mover). Plain Python, for the tests."""
    race = Race.of(rules)
    rolls = outcomes(rules, race)
    reach = max(offset for n in rolls for _, options in rolls[n] for _, offset in options)
    after_farkle = 1 - chances[other * goal + mover]
    value = {n: [1.0] * (goal - mover + reach + 1) for n in range(1, race.dice + 1)}
    for turn in range(goal - mover - 1, -1, -1):
        bank = 1 - chances[other * goal + mover + turn] if turn and turn * race.step >= race.needed(mover) else None
        for n in range(1, race.dice + 1):
            rolled = 0.0
            for chance, options in rolls[n]:
                rolled += chance * (max(value[left][turn + offset] for left, offset in options) if options
                                    else after_farkle)
            value[n][turn] = rolled if bank is None else max(bank, rolled)
    return value[race.dice][0]


def solve(rules: FarkleRules, log=print) -> tuple[dict, "object"]:
    """Every pair of banked scores, layer by layer from the highest sum down: within a layer a pair's chance depends on
    its mirror's (a farkle hands the mirror its turn), found by policy iteration on the pair (the turn's value is
    linear in the mirror's chance for a fixed play: solve the two lines, play best again, until nothing moves)."""
    import time
    import resource

    import numpy as np

    race = Race.of(rules)
    if race is None:
        raise ValueError("a final round or a farkle penalty: this solver leaves them out")
    started = time.process_time()
    goal, dice, step = race.goal, race.dice, race.step
    rolls = outcomes(rules, race)
    reach = max(offset for n in rolls for _, options in rolls[n] for _, offset in options)
    span = goal + reach + 1
    # per number of dice: the chance of each kind of roll, and its options as (dice left, steps) padded with a slot
    # that is never best (index 0: "no dice", value -inf)
    plans = {}
    for n in range(1, dice + 1):
        kinds = [(chance, options) for chance, options in rolls[n] if options]
        width = max(len(options) for _, options in kinds)
        left = np.zeros((len(kinds), width), dtype=np.intp)
        offset = np.zeros((len(kinds), width), dtype=np.intp)
        for g, (_, options) in enumerate(kinds):
            for k, (dice_left, steps) in enumerate(options):
                left[g, k], offset[g, k] = dice_left, steps
        chance = np.array([c for c, _ in kinds])
        farkle = sum(c for c, options in rolls[n] if not options)
        plans[n] = (chance, left, offset, farkle)
    W = np.zeros((goal, goal))
    states = 0
    iterations = 0
    for total in range(2 * goal - 2, -1, -1):
        movers = np.arange(max(0, total - goal + 1), min(goal - 1, total) + 1)
        others = total - movers
        mirror = others - movers[0]                    # the mirror pair's place in this layer
        needed = np.array([race.needed(int(m)) for m in movers])
        states += int(sum(goal - m for m in movers)) * dice
        x = np.full(len(movers), 0.5)
        played = None
        for rounds in range(1, 201):
            iterations += 1
            u = 1 - x[mirror]
            value = np.full((dice + 1, span, len(movers)), -np.inf)
            slope = np.zeros((dice + 1, span, len(movers)))
            won = np.arange(span)[:, None] + movers[None, :] >= goal
            value[1:, won] = 1.0
            choices = hashlib.sha256()          # the play chosen everywhere this round: stable means solved
            for turn in range(goal - 1 - int(movers[0]), -1, -1):      # above it every pair of the layer has won
                live = movers + turn < goal
                at = np.minimum(movers + turn, goal - 1)
                bank = np.where(live, 1 - W[others, at], 1.0)
                can_bank = (turn > 0) & (turn * step >= needed)
                for n in range(1, dice + 1):
                    chance, left, offset, farkle = plans[n]
                    candidates = value[left, turn + offset]                 # (kinds, width, pairs)
                    best = candidates.argmax(axis=1)                        # (kinds, pairs)
                    best_value = np.take_along_axis(candidates, best[:, None, :], axis=1)[:, 0, :]
                    best_slope = np.take_along_axis(slope[left, turn + offset], best[:, None, :], axis=1)[:, 0, :]
                    rolled = chance @ best_value + farkle * u
                    rolled_slope = chance @ best_slope + farkle
                    banks = can_bank & (bank >= rolled)
                    value[n, turn] = np.where(live, np.where(banks, bank, rolled), 1.0)
                    slope[n, turn] = np.where(live & ~banks, rolled_slope, 0.0)
                    choices.update(banks.tobytes())
                    choices.update(best.tobytes())
            a, b = value[dice, 0] - slope[dice, 0] * u, slope[dice, 0]     # chance = a + b * (1 - mirror's)
            am, bm = a[mirror], b[mirror]
            new = (a + b * (1 - am - bm)) / (1 - b * bm)
            policy = choices.digest()
            moved = float(np.max(np.abs(new - x)))
            x = new
            # solved once the chances stop moving: for an unchanged play the two lines' solution is exact, and where
            # rounding flips a play between two of equal value the chances do not move either
            if moved <= TOLERANCE or played == policy:
                break
            played = policy
        else:
            raise RuntimeError(f"layer {total}: no fixed point after 200 rounds")
        W[movers, others] = x
        if total % 25 == 0:
            log(f"layer {total}: {len(movers)} pairs, {rounds} rounds, {time.process_time() - started:.0f} s")
    seconds = time.process_time() - started
    memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    head = {"digest": digest(rules), "goal": goal, "step": step, "states": states, "rounds": iterations,
            "cpu_seconds": round(seconds, 1), "peak_memory_mb": memory, "tolerance": TOLERANCE}
    return head, W


def write(rules: FarkleRules, head: dict, W) -> Path:
    SOLVED.mkdir(exist_ok=True)
    found = figures_of(W[0], head["step"])
    (SOLVED / f"{name(rules)}.f64").write_bytes(W.astype("<f8").tobytes())
    path = SOLVED / f"{name(rules)}.json"
    path.write_text(json.dumps({**head, **found}, indent=1) + "\n", encoding="utf-8")
    return path
