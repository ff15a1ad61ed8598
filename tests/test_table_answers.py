"""Answers at every table (quiz/site/table_answers.py), against the checker bound to a whole table's facts: for a sample
of tables, every question's answer looked up by the few facts it was found to depend on is the answer the checker gives
when it is bound to all of that table's facts. A dependency the checker did not note would show here as a wrong
answer at some table."""
from __future__ import annotations

import random

import pytest

from rules_reading import RULES
from quiz.checker import IllegalState, MalformedInput
from quiz.site import table_answers
from quiz.site.answers import with_derived
from quiz.site.pipeline import load_site
from quiz.site.source import plain
from quiz.site.wording import resolve

GAMES_WITH_SETS = sorted(path.parent.name for path in RULES.glob("*/sets.yml"))


@pytest.fixture(scope="module")
def site():
    return load_site(RULES)


def direct(game, question, drawn: dict, facts):
    """The checker bound to all of a table's facts, asked directly: the answer, or None where it reaches no game."""
    checker = type(game.checker)(facts)
    givens = with_derived(question, drawn, game.table_values(facts))
    try:
        if checker.illegal(question.check, givens):
            return None
        result = checker.call(question.check, plain(givens))
    except (IllegalState, MalformedInput):
        return None
    return resolve(result, question.pick) if question.pick else result


@pytest.mark.parametrize("game_id", GAMES_WITH_SETS)
def test_an_answer_looked_up_by_its_facts_is_the_checkers_at_the_whole_table(site, game_id):
    game = next(g for g in site.games if g.id == game_id)
    sets = game.rule_sets
    every = list(sets.tables())
    tables = random.Random(game_id).sample(every, min(60, len(every)))
    checked = 0
    for question in game.questions:
        cases = [question.givens] + [v["givens"] for v in game.practice.get(question.id).variants[:3]] \
            if question.id in game.practice else [question.givens]
        for drawn in cases:
            found = table_answers.at_tables(game, question, drawn, site.default_language)
            for table in tables:
                values = sets.values(table)
                group = found.by[tuple(values[name] for name in found.names)]
                looked_up = None if group < 0 else found.groups[group]["answer"]
                assert looked_up == direct(game, question, drawn, sets.facts(table)), (question.id, table.address())
                checked += 1
    assert checked >= len(tables) * len(game.questions) * 2     # Farkle: > 1,000


def test_a_question_is_not_asked_where_its_texts_presume_other_rules(site):
    """exactly-the-target's why says the game ends only above the target: at a table that ends at the target it is
    not asked, but its answer there still names the rules a wrong answer comes from."""
    game = next(g for g in site.games if g.id == "farkle")
    question = next(q for q in game.questions if q.id == "exactly-the-target")
    found = table_answers.at_tables(game, question, question.givens, site.default_language)
    sets = game.rule_sets
    minimal = sets.values(sets.table("busche-neller"))
    group = found.groups[found.by[tuple(minimal[name] for name in found.names)]]
    assert group["answer"] is True and group["shown"] is False
    assert found.groups[0]["shown"] and found.groups[0]["answer"] is False
