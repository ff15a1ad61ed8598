"""Answers at every table (quiz/site/check/table_answers.py), against the checker bound to a whole table's facts: for a
sample of tables, every question's answer looked up by the few facts it was found to depend on is the answer the checker
gives when it is bound to all of that table's facts, and a table gets the question only where the engine replays a game
to its givens under that table's rules. The answers are kept for every table that agrees on all an evaluation read, down
to the scoring options its dice can use: a read the checker did not note would show here as a wrong answer, or a
question asked where no game reaches it, at some table."""
from __future__ import annotations

import random

import pytest

from rules_reading import RULES
from quiz.checker import IllegalState, MalformedInput
from quiz.site.check import table_answers
from quiz.site.check.answers import with_derived
from quiz.site.load.source import plain
from quiz.site.load.wording import resolve

GAMES_WITH_SETS = sorted(path.parent.name for path in RULES.glob("*/sets.yml"))
# The game whose tables differ most (thousands, by its scoring options): its answers are checked at 60 tables; each
# other game's at 12, so that a game costs seconds here, not minutes (Belote's witnesses search deals at each table).
IN_DEPTH = "farkle"


def direct(game, question, drawn: dict, facts):
    """The checker bound to all of a table's facts, asked directly, nothing noted: the answer, or None where it reaches
    no game (its legality check refuses the givens, or no record the engine replays at that table's rules reaches
    them)."""
    checker = type(game.checker)(facts)
    givens = with_derived(question, drawn, game.table_values(facts))
    try:
        if checker.illegal(question.check, givens):
            return None
        result = checker.call(question.check, plain(givens))
    except (IllegalState, MalformedInput):
        return None
    if game.witnesses is not None and game.witnesses(checker).witness(question.check, plain(givens)) is None:
        return None
    return resolve(result, question.pick) if question.pick else result


@pytest.mark.parametrize("game_id", GAMES_WITH_SETS)
def test_an_answer_looked_up_by_its_facts_is_the_checkers_at_the_whole_table(site, game_id):
    game = next(g for g in site.games if g.id == game_id)
    sets = game.rule_sets
    every = list(sets.tables())
    tables = random.Random(game_id).sample(every, min(60 if game_id == IN_DEPTH else 12, len(every)))
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
    assert checked >= len(tables) * len(game.questions)     # every question at every table drawn; Farkle: > 1,000


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


def test_no_table_asks_about_a_turn_taken_after_its_game_ended(site):
    """content-review-5 F1: "You have 8,100 points banked … and then you farkle" was asked at tables that play to 5,000,
    where that player's game had ended. A player who has banked past the end (the target or more where reaching it
    ends the game, more than it in seed 004) takes no more turns: at such a table no turn of theirs is asked about, in
    the stated question or any variant."""
    game = next(g for g in site.games if g.id == "farkle")
    sets = game.rule_sets
    tables = [sets.values(table) for table in sets.tables()]
    checked = {True: 0, False: 0}
    for question in [q for q in game.questions if q.check == "total_after_turn"]:
        practice = game.practice.get(question.id)
        for drawn in [question.givens] + [v["givens"] for v in (practice.variants if practice else [])]:
            found = table_answers.at_tables(game, question, drawn, site.default_language)
            for values in tables:
                ended = drawn["banked"] >= values["target"] if values["ends_at_target"] else \
                    drawn["banked"] > values["target"]
                group = found.by[tuple(values[name] for name in found.names)]
                if ended:
                    assert group == table_answers.NO_ANSWER, (question.id, drawn, values)
                checked[ended] += 1
    assert checked[True] > 1000 and checked[False] > 1000
