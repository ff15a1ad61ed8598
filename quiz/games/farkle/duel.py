"""Two players racing to the end, solved for the win (Busche & Neller's two-player Farkle, at each published rule set's
own end): for every pair of banked scores (and, where three farkles in a row cost points, each player's farkles in a
row), the chance that the player about to start a turn wins when both play to win; from it, the first player's chance
and the points that make the game fair for the second.

`make strategy` solves it (solve(); the inner loops in duel_kernels.py, compiled with numba) and writes the result
beside this module, named by the table: a JSON head (the digest of the code and facts it was solved from, the figures)
and the chances as little-endian doubles. The site reads the figures (figures()) where a table's rules are those of a
solved file; the tests re-derive sampled chances from their neighbours, one turn played apart from the kernels
(endgame.bellman()), and refuse a file whose digest is not the code's.

The solved game, as the engine (engine.py) plays it with two players: a turn ends with a bank (the opening minimum
until a player has points, then the bank minimum) or a farkle, which costs the turn and, on a third in a row, the
table's penalty. Without a final round the first bank that reaches the end wins; with one, the other player then has
one last turn and wins only by beating that total (a tie is not beating it: the sources do not say). Where the game
has more state than a table of scores can hold, the solve says what it bounds, each bound checked or measured:
- a final round: the player past the end may roll on to raise the total to beat; from BEYOND steps past the goal
  banking is best, and the solve checks that (check_beyond(): the other's chance to beat it is below what one more
  roll risks);
- a penalty: scores can fall below 0 without end; the solve keeps FLOOR points and below as one score (it takes 15
  farkles in a row, with no bank between; what a floor twice as low moves is measured, not assumed: issue 41's note).
Chances are exact up to TOLERANCE at each layer's fixed point (a pair of scores and its mirror depend on each other
through a farkle) or, with a penalty, up to SWEEP_TOLERANCE a sweep (a third farkle reaches a lower sum, solved
later)."""
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

from quiz.games.farkle import duel_kernels
from quiz.games.farkle.rules import FarkleRules
from quiz.games.farkle.strategy import roll_outcomes

HERE = Path(__file__).resolve().parent
SOLVED = HERE / "solved"
# the code a solve runs (digest()), with this module's solver: the facts, the scoring engine and the kernels whole;
# of rules.py and strategy.py only what the solve calls (a new rule or turn advice there asks for no new solve; the
# tests hold the race to the rules the engine plays by)
CODE = [HERE / "facts.py", HERE / "scoring.py", HERE / "duel_kernels.py"]
TOLERANCE = 1e-12           # each layer's fixed point stops once no chance moves by more
SWEEP_TOLERANCE = 1e-10     # with a penalty, the sweeps stop once none moves a chance by more: each sweep shrinks the
SWEEPS = 100                # rest about tenfold (measured), so the chances are within about 1e-11 of the fixed point

BEYOND = 5000           # points past the end up to which a player in a final round may roll on (check_beyond())
FLOOR = -2500           # with a penalty: the lowest score solved; lower scores are solved as this one


@dataclasses.dataclass(frozen=True)
class Race:
    """What the solved game depends on at a table, in score steps: its dice, minimums, the end and its final round,
    the farkle penalty, and the bounds of the solve (floor, beyond)."""

    goal: int           # banked scores, in steps, from which a player has reached the end
    step: int
    dice: int
    opening: int        # in points
    minimum: int
    final_round: bool = False
    penalty: int = 0    # steps lost on a third farkle in a row
    floor: int = 0      # the lowest banked score solved, in steps (0 without a penalty)
    beyond: int = 0     # steps past the goal a player in a final round may roll on to

    @classmethod
    def of(cls, rules: FarkleRules) -> "Race | None":
        """The race a table plays; None where this solver cannot hold its state (a final round and a farkle penalty
        together, or a penalty off the score step)."""
        facts, step = rules.facts, rules.chart.step
        if facts.final_round and facts.three_farkles or facts.three_farkles % step:
            return None
        goal = facts.target // step + (0 if facts.ends_at_target and facts.target % step == 0 else 1)
        return cls(goal, step, facts.dice, facts.opening_minimum, facts.bank_minimum, facts.final_round,
                   facts.three_farkles // step, FLOOR // step if facts.three_farkles else 0,
                   BEYOND // step if facts.final_round else 0)

    @property
    def size(self) -> int:
        """Scores solved: from the floor to one step short of the goal."""
        return self.goal - self.floor

    @property
    def streaks(self) -> int:
        """Farkles in a row a player can have before a turn (0, 1, 2 where a third costs points; else all alike)."""
        return 3 if self.penalty else 1

    def needed(self, banked: int) -> int:
        """The points a turn must reach to bank, for a player with `banked` steps banked."""
        return max(self.opening if banked == 0 else 0, self.minimum)

    def needed_steps(self, banked: int) -> int:
        """needed() in steps, and at least one: a turn that has scored nothing banks nothing."""
        return max(1, -(-self.needed(banked) // self.step))

    def index(self, mover: int, other: int, own: int = 0, theirs: int = 0) -> int:
        """Where the chance of (mover's steps, other's steps, their farkles in a row) is in a solved file."""
        size, streaks = self.size, self.streaks
        return (((mover - self.floor) * size + other - self.floor) * streaks + own) * streaks + theirs


def digest(rules: FarkleRules) -> str:
    """The code and the facts a solved file comes from (the scoring and the turn, and this module's solver, not its
    readers): a new file is due when either changes. The code as Python runs it (behaviour()), so a wrapped line or a
    reworded docstring or comment asks for no new solve."""
    found = hashlib.sha256()
    for path in CODE:
        found.update(behaviour(path.read_text(encoding="utf-8")).encode())
    for part in (FarkleRules.chart.fget, roll_outcomes, Race, outcomes, outcomes_of, plan, reach_chances,
                 last_turn_reach, beaten, max_offset, compiled, _compiled, check_beyond, solve):
        found.update(behaviour(inspect.getsource(part)).encode())
    found.update(repr((TOLERANCE, SWEEP_TOLERANCE, FLOOR, BEYOND, Race.of(rules), rules.facts.scoring)).encode())
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


def solved_name(rules: FarkleRules) -> str | None:
    """The name of the file solved for this table (solved/<name>.json), or None where none was. A table whose race no
    file was solved for is told apart before its scoring is read."""
    race = Race.of(rules)
    if race is None or race not in solved_races():
        return None
    found = name(rules)
    return found if (SOLVED / f"{found}.json").exists() else None


def load(rules: FarkleRules) -> tuple[dict, array.array] | None:
    """The solved file for this table (head, chances at Race.index()), or None where none was solved."""
    found = solved_name(rules)
    return None if found is None else load_named(found)


@functools.lru_cache(maxsize=1)     # the solved files change only with the code (every key made of them)
def solved_races() -> frozenset[Race]:
    """The races some file under solved/ was solved for (its head names the race)."""
    return frozenset(Race(**json.loads(path.read_text(encoding="utf-8"))["race"]) for path in SOLVED.glob("*.json"))


@functools.lru_cache(maxsize=None)      # a build asks at every table; the files change only with the code (its key)
def load_named(file_name: str) -> tuple[dict, array.array]:
    """A solved file by its name (solved_name()): its head and its chances."""
    head = json.loads((SOLVED / f"{file_name}.json").read_text(encoding="utf-8"))
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
    race = Race.of(rules)
    return figures_of([chances[race.index(0, j)] for j in range(race.goal)], race.step)


def figures_of(first_row, step: int) -> dict:
    """The figures from the first player's chances against each start of the second's (W[0, j])."""
    compensation = min(range(len(first_row)), key=lambda j: (abs(first_row[j] - 0.5), j))
    return {"first_wins": float(first_row[0]), "compensation": compensation * step,
            "first_wins_compensated": float(first_row[compensation])}


def outcomes(rules: FarkleRules, race: Race) -> dict[int, list]:
    """For each number of dice in hand: (chance, options) per kind of roll, each option the dice left and the steps
    gained; no options for a farkle."""
    return outcomes_of(rules.chart.whole(), race)


def outcomes_of(chart, race: Race) -> dict[int, list]:
    """outcomes() from the scoring chart itself."""
    return {n: [(float(chance), [(left, points // race.step) for left, points in options])
                for chance, options in roll_outcomes(chart, race.dice, n)] for n in range(1, race.dice + 1)}


def plan(rolls: dict[int, list], dice: int) -> dict:
    """The rolls as the kernels read them: kinds of roll that score, per number of dice from kind_start[n] to
    kind_start[n + 1], each with its chance and its options from option_start[kind] (dice left, steps gained); the
    chance of a farkle per number of dice."""
    import numpy as np

    kind_start, option_start, chance, left, offset, farkle = [0, 0], [0], [], [], [], [0.0] * (dice + 1)
    for n in range(1, dice + 1):
        for weight, options in rolls[n]:
            if not options:
                farkle[n] += weight
                continue
            chance.append(weight)
            for dice_left, steps in options:
                left.append(dice_left)
                offset.append(steps)
            option_start.append(len(left))
        kind_start.append(len(chance))
    return {"kind_start": np.array(kind_start, dtype=np.int64), "option_start": np.array(option_start, dtype=np.int64),
            "chance": np.array(chance), "left": np.array(left, dtype=np.int64),
            "offset": np.array(offset, dtype=np.int64), "farkle": np.array(farkle)}


def reach_chances(rolls: dict[int, list], dice: int, most: int) -> list[list[float]]:
    """reach[n][k]: the chance that a turn with n dice in hand scores k more steps at least, rolling until it does."""
    reach = [[1.0] * (most + 1) for _ in range(dice + 1)]
    for k in range(1, most + 1):
        for n in range(1, dice + 1):
            reach[n][k] = sum(weight * max(reach[left][max(0, k - steps)] for left, steps in options)
                              for weight, options in rolls[n] if options)
    return reach


def last_turn_reach(race: Race, rolls: dict[int, list]) -> list[float]:
    """reach_chances() of a last turn, every die in hand, as far as beating a total needs (beaten())."""
    return reach_chances(rolls, race.dice, race.goal + race.beyond + max_offset(rolls) + 2)[race.dice]


def beaten(race: Race, reach: list[float], width: int) -> list[list[float]]:
    """Final round: beaten[o][j], the chance that the other player, at o steps, beats a total of goal + j steps (j up
    to width) on their last turn (more than it, and at least their bank's minimum), from last_turn_reach()."""
    return [[reach[max(race.goal + j - other + 1, race.needed_steps(other))] for j in range(width)]
            for other in range(race.goal)]


def max_offset(rolls: dict[int, list]) -> int:
    return max(steps for n in rolls for _, options in rolls[n] for _, steps in options)


def compiled():
    """The kernels, compiled by numba (installed by make strategy and make test, not by the site's requirements)."""
    try:
        import numba
    except ImportError as missing:
        raise RuntimeError("the two-player solve needs numba: make strategy installs it (requirements-test.txt)") \
            from missing
    return _compiled(numba)


@functools.lru_cache(maxsize=1)
def _compiled(numba):
    scope = dict(vars(duel_kernels))

    def compile_in_scope(name: str, **options):
        function = getattr(duel_kernels, name)
        scope[name] = numba.njit(type(function)(function.__code__, scope, name, function.__defaults__), **options)
        return scope[name]

    compile_in_scope("turn")
    compile_in_scope("turns", parallel=True)
    return {name: compile_in_scope(name) for name in ("solve_mirrored", "solve_streaks")}


def solve(rules: FarkleRules, log=print) -> tuple[dict, "object"]:
    """Every state of the race at this table: the chances (numpy, indexed [mover, other] or, with a penalty,
    [mover, other, own farkles in a row, theirs], scores from the floor), and a head with what the solve took."""
    import resource
    import time

    import numpy as np

    race = Race.of(rules)
    if race is None:
        raise ValueError("a final round and a farkle penalty together: this solver does not hold both")
    code = digest(rules)    # the code as it starts: an edit while it runs must not name what made the file
    started, wall = time.process_time(), time.perf_counter()
    kernels = compiled()
    rolls = outcomes(rules, race)
    arrays = plan(rolls, race.dice)
    size = race.size
    needs_at = np.array([race.needed_steps(index + race.floor) for index in range(size)], dtype=np.int64)
    reach = max_offset(rolls)       # the most steps one roll adds
    top = max(race.goal + race.beyond - race.floor, int(needs_at.max())) + reach + 2
    rolling = (race.dice, arrays["kind_start"], arrays["option_start"], arrays["chance"], arrays["left"],
               arrays["offset"], arrays["farkle"])
    if race.penalty:
        chances = np.full((size, size, 3, 3), 0.5)
        moved_by = np.zeros(SWEEPS)
        rounds = kernels["solve_streaks"](size, top, reach, needs_at, race.penalty, *rolling, SWEEP_TOLERANCE,
                                          SWEEPS, chances, moved_by)
        log(f"{rounds} sweeps, each moving the chances by at most " + ", ".join(f"{m:.0e}" for m in moved_by[:rounds]))
        if moved_by[rounds - 1] > SWEEP_TOLERANCE:
            raise RuntimeError(f"no fixed point after {SWEEPS} sweeps (the last moved {moved_by[rounds - 1]:.1e})")
    else:
        chances = np.zeros((size, size))
        table = np.array(beaten(race, last_turn_reach(race, rolls), race.beyond + reach + 1)) if race.final_round \
            else np.zeros((1, 1))
        taken = np.zeros(1, dtype=np.int64)
        stuck = kernels["solve_mirrored"](size, top, reach, needs_at, race.final_round, race.beyond, table, *rolling,
                                          TOLERANCE, chances, taken)
        if stuck >= 0:
            raise RuntimeError(f"layer {stuck}: no fixed point after 200 rounds")
        rounds = int(taken[0])
        if race.final_round:
            check_beyond(race, rolls, table, chances)
    seconds = time.process_time() - started
    memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    states = sum(race.goal + race.beyond - mover for mover in range(race.floor, race.goal)) * size * race.dice \
        * race.streaks ** 2
    head = {"digest": code, "race": dataclasses.asdict(race), "states": states, "rounds": rounds,
            "cpu_seconds": round(seconds, 1), "wall_seconds": round(time.perf_counter() - wall, 1),
            "peak_memory_mb": memory, "tolerance": SWEEP_TOLERANCE if race.penalty else TOLERANCE}
    return head, chances


def check_beyond(race: Race, rolls: dict[int, list], table, chances) -> None:
    """In a final round the solve banks from BEYOND past the goal; that is the best play if there the other player's
    chance to beat the total is below what a roll risks: one more roll farkles at least as often as all the dice do,
    and a farkle hands the other player the turn at (other, mover), where they win chances[other, mover]."""
    risk = min(sum(weight for weight, options in rolls[n] if not options) for n in rolls)
    worst = table[:, race.beyond]
    for other in range(race.goal):
        margin = risk * chances[other, :].min() - worst[other]
        if margin < 0:
            raise RuntimeError(f"BEYOND ({BEYOND}) is too low: a player past the end facing {other * race.step} may "
                               f"do better to roll on from {(race.goal + race.beyond) * race.step}")


def write(rules: FarkleRules, head: dict, chances) -> Path:
    SOLVED.mkdir(exist_ok=True)
    race = Race.of(rules)
    found = figures_of([float(chances.reshape(-1)[race.index(0, j)]) for j in range(race.goal)], race.step)
    (SOLVED / f"{name(rules)}.f64").write_bytes(chances.astype("<f8").tobytes())
    path = SOLVED / f"{name(rules)}.json"
    path.write_text(json.dumps({**head, **found}, indent=1) + "\n", encoding="utf-8")
    return path
