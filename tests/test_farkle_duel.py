"""Two-player Farkle solved for the win (quiz/games/farkle/duel.py, `make strategy`): every published rule set is solved
at its own end, and every solved file is the one the code and the table's facts make now (its digest); its chances
hold under the rules: a random sample of states, and those the pages quote, worked out again from their neighbours by
one turn played best in plain Python (the Bellman equation), agree within the bound the solver stops at. The race the
solver plays is the engine's (the end, the minimums, the penalty as rules.py says them). Small races of each kind (no
final round, a final round with an opening minimum, a farkle penalty with a bank minimum) are solved here and checked
state by state."""
from __future__ import annotations

import json
import random

import pytest

from quiz.games import REPO_RULES
from quiz.games import bound
from quiz.games.farkle import duel, endgame
from quiz.site.load.problems import Problems
from quiz.site.load.rulesets import load_rule_sets

SEED = bound("farkle")
SETS = load_rule_sets(REPO_RULES / "farkle", "farkle", SEED.facts, Problems(REPO_RULES))
SOLVED = sorted(duel.SOLVED.glob("*.json"))
BOUND = 1e-9        # the solver stops at duel.TOLERANCE; neighbours' errors add up over a turn's few steps


def at_set(set_id: str):
    return type(SEED)(SETS.facts(SETS.table(set_id)))


def rules_of(head_path):
    """The table a solved file was made for (a rule set's, by the file's name), and the file's head."""
    head = json.loads(head_path.read_text(encoding="utf-8"))
    for set_id in SETS.sets:
        rules = at_set(set_id)
        if duel.Race.of(rules) is not None and duel.name(rules) == head_path.stem:
            return rules, head
    pytest.fail(f"{head_path.name}: no rule set of rules/farkle/ is solved under this name; run make strategy again")


def small(changes: dict):
    return type(SEED)(SEED.facts.changed({"target": 1000, **changes}, "test"))


@pytest.mark.parametrize("set_id", list(SETS.sets))
def test_every_published_set_is_solved(set_id):
    assert duel.load(at_set(set_id)) is not None, (
        f"quiz/games/farkle/solved/ has no file for the {set_id} set: run make strategy")


@pytest.mark.parametrize("set_id", list(SETS.sets))
def test_the_race_is_the_engines(set_id):
    """The solve's end, minimums and penalty, read off the rules the engine plays by (rules.py)."""
    rules = at_set(set_id)
    race = duel.Race.of(rules)
    step = rules.chart.step
    assert rules.passes_the_end(race.goal * step) and not rules.passes_the_end((race.goal - 1) * step)
    for banked in (0, step, 5000, race.goal * step - step):
        assert race.needed(banked // step) == rules.bank_needs(banked)
    assert race.penalty * step == rules.farkle_penalty(3) and rules.farkle_penalty(2) == 0
    assert race.final_round == (not rules.game_ends(race.goal * step))


@pytest.mark.parametrize("head_path", SOLVED, ids=[path.stem for path in SOLVED])
def test_a_solved_file_is_the_one_the_code_makes_now(head_path):
    rules, head = rules_of(head_path)
    assert head["digest"] == duel.digest(rules), (
        f"{head_path.name} was solved by other code or facts than now "
        f"(quiz/games/farkle/{{facts,scoring,rules,strategy,duel_kernels,duel}}.py"
        f" or the scoring changed): run make strategy and commit quiz/games/farkle/solved/")


def test_the_digest_follows_what_the_code_does_not_how_its_lines_are_laid_out():
    """A wrapped line, a comment or a reworded docstring in facts.py, rules.py or strategy.py asks for no new solve (8
    minutes of CPU); a changed number or operator does."""
    code = ('def points(dice):\n    """Score a roll."""\n'
            '    return 100 * dice.count(1) + 50 * dice.count(5)  # the singles\n')
    laid_out = ('def points(dice):\n    """What a roll scores, in other words."""\n'
                '    return (100 * dice.count(1)\n            + 50 * dice.count(5))\n')
    assert duel.behaviour(code) == duel.behaviour(laid_out)
    assert duel.behaviour(code) != duel.behaviour(code.replace("50 *", "60 *"))
    assert duel.behaviour(code) != duel.behaviour(code.replace("+ 50", "- 50"))


def sampled_states(race: duel.Race, seed: str, count: int, compensation: int = 0):
    rng = random.Random(seed)
    low, high = race.floor, race.goal
    states = [(0, 0, 0, 0), (0, compensation, 0, 0), (compensation, 0, 0, 0), (high - 1, high - 1, 0, 0)]
    if race.penalty:
        states += [(high - 1, low, 2, 2), (low, high - 1, 2, 0), (low, low, 2, 1)]
    return states + [(rng.randrange(low, high), rng.randrange(low, high), rng.randrange(race.streaks),
                      rng.randrange(race.streaks)) for _ in range(count)]


@pytest.mark.parametrize("head_path", SOLVED, ids=[path.stem for path in SOLVED])
def test_solved_chances_satisfy_the_bellman_equation(head_path):
    rules, head = rules_of(head_path)
    race = duel.Race.of(rules)
    _, chances = duel.load(rules)
    assert len(chances) == race.size ** 2 * race.streaks ** 2
    for state in sampled_states(race, f"bellman:{head_path.stem}", 16, head["compensation"] // race.step):
        again = endgame.bellman(rules, chances, *state)
        assert abs(again - chances[race.index(*state)]) < BOUND, state
        assert 0 <= chances[race.index(*state)] <= 1


@pytest.mark.parametrize("kind, changes", [
    ("no final round", {}),
    ("a final round and an opening minimum", {"final_round": True, "ends_at_target": True, "opening_minimum": 500}),
    # a penalty's solve takes 20 s: in `make test`, not in `make check`'s edit loop
    pytest.param("a farkle penalty and a bank minimum", {"three_farkles": 500, "bank_minimum": 300},
                 marks=pytest.mark.slow),
])
def test_a_small_race_solved_here_holds_everywhere(kind, changes):
    """To 1,000: states re-derived from their neighbours (every one without a penalty; a sample with one: their
    turns are long below 0); being closer to the end helps."""
    rules = small(changes)
    race = duel.Race.of(rules)
    head, chances = duel.solve(rules, log=lambda line: None)
    flat = chances.reshape(-1)
    if race.penalty:
        states = sampled_states(race, kind, 60)
    else:
        states = [(mover, other, 0, 0) for mover in range(race.goal) for other in range(race.goal)]
    for state in states:
        assert abs(endgame.bellman(rules, flat, *state) - flat[race.index(*state)]) < BOUND, state
    first = [flat[race.index(mover, 0)] for mover in range(0, race.goal)]
    second = [flat[race.index(0, other)] for other in range(0, race.goal)]
    assert all(a <= b for a, b in zip(first, first[1:])) and all(a >= b for a, b in zip(second, second[1:]))


def test_a_final_round_banks_past_the_end_only_where_the_solve_shows_it_best():
    """With too little room past the end to roll on in, the solve refuses to bank there blindly (check_beyond)."""
    rules = small({"final_round": True, "ends_at_target": True})
    original = duel.BEYOND
    try:
        duel.BEYOND = 100
        with pytest.raises(RuntimeError, match="BEYOND"):
            duel.solve(rules, log=lambda line: None)
    finally:
        duel.BEYOND = original


def test_busche_and_nellers_fair_compensation_comes_out_of_their_rules():
    """Busche & Neller (ACG 2017) solve the simplest scoring to 10,000 and recommend 200 compensation points for the
    second player as the fairest game: solved here from sets.yml's busche-neller set, the same 200."""
    found = duel.figures(at_set("busche-neller"))
    assert found is not None, "no solved file for the busche-neller set: run make strategy"
    assert found["compensation"] == 200
    assert 0.5 < found["first_wins"] < 0.55 and abs(found["first_wins_compensated"] - 0.5) < 0.01
