"""Two-player Farkle solved for the win (quiz/games/farkle/duel.py, `make strategy`): every solved file is the one the
code and the table's facts make now (its digest), and its chances hold under the rules: a random sample, and the
pairs the pages quote, worked out again from their neighbours by one turn played best in plain Python (the Bellman
equation), agree within the bound the solver stops at. A small race is solved here too and checked everywhere."""
from __future__ import annotations

import json
import random

import pytest

from quiz.checker import REPO_RULES
from quiz.games import bound
from quiz.games.farkle import duel
from quiz.site.problems import Problems
from quiz.site.rulesets import load_rule_sets

SEED = bound("farkle")
SOLVED = sorted(duel.SOLVED.glob("*.json"))
BOUND = 1e-9        # the solver stops each layer at duel.TOLERANCE; neighbours' errors add up over a turn's few steps


def rules_of(head_path):
    """The table a solved file was made for (a rule set's, by the file's name), and the file's head."""
    head = json.loads(head_path.read_text(encoding="utf-8"))
    sets = load_rule_sets(REPO_RULES / "farkle", "farkle", SEED.facts, Problems(REPO_RULES))
    for set_id in sets.sets:
        rules = type(SEED)(sets.facts(sets.table(set_id)))
        if duel.Race.of(rules) is not None and duel.name(rules) == head_path.stem:
            return rules, head
    pytest.fail(f"{head_path.name}: no rule set of rules/farkle/ is solved under this name; run make strategy again")


def test_the_default_table_is_solved():
    assert duel.load(SEED) is not None, "quiz/games/farkle/solved/ has no file for the default table: run make strategy"


@pytest.mark.parametrize("head_path", SOLVED, ids=[path.stem for path in SOLVED])
def test_a_solved_file_is_the_one_the_code_makes_now(head_path):
    rules, head = rules_of(head_path)
    assert head["digest"] == duel.digest(rules), (
        f"{head_path.name} was solved by other code or facts than now "
        f"(quiz/games/farkle/{{facts,rules,strategy,duel}}.py"
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


@pytest.mark.parametrize("head_path", SOLVED, ids=[path.stem for path in SOLVED])
def test_solved_chances_satisfy_the_bellman_equation(head_path):
    rules, head = rules_of(head_path)
    _, chances = duel.load(rules)
    goal = head["goal"]
    assert len(chances) == goal * goal
    rng = random.Random(f"bellman:{head_path.stem}")
    compensation = head["compensation"] // head["step"]
    pairs = [(0, 0), (0, compensation), (compensation, 0), (goal - 1, goal - 1)]
    pairs += [(rng.randrange(goal), rng.randrange(goal)) for _ in range(24)]
    for mover, other in pairs:
        again = duel.bellman(rules, chances, goal, mover, other)
        assert abs(again - chances[mover * goal + other]) < BOUND, (mover, other)
        assert 0 <= chances[mover * goal + other] <= 1


def test_a_small_race_solved_here_holds_everywhere():
    """To 1,000 with seed 004's scoring: every pair re-derived from its neighbours; being closer to the end helps."""
    rules = type(SEED)(SEED.facts.changed({"target": 1000}, "test"))
    head, W = duel.solve(rules, log=lambda line: None)
    flat, goal = W.reshape(-1), head["goal"]
    for mover in range(goal):
        for other in range(goal):
            assert abs(duel.bellman(rules, flat, goal, mover, other) - W[mover, other]) < BOUND
    assert all(W[mover, 0] >= W[mover - 1, 0] for mover in range(1, goal))
    assert all(W[0, other] <= W[0, other - 1] for other in range(1, goal))


def test_busche_and_nellers_fair_compensation_comes_out_of_their_rules():
    """Busche & Neller (ACG 2017) solve the simplest scoring to 10,000 and recommend 200 compensation points for the
    second player as the fairest game: solved here from sets.yml's busche-neller set, the same 200."""
    sets = load_rule_sets(REPO_RULES / "farkle", "farkle", SEED.facts, Problems(REPO_RULES))
    rules = type(SEED)(sets.facts(sets.table("busche-neller")))
    found = duel.figures(rules)
    assert found is not None, "no solved file for the busche-neller set: run make strategy"
    assert found["compensation"] == 200
    assert 0.5 < found["first_wins"] < 0.55 and abs(found["first_wins_compensated"] - 0.5) < 0.01

