"""The rule-set machinery (quiz/site/rulesets.py) on any game that has sets.yml: every table a set and house rules make,
its facts as values, the tables that differ in some facts, and a checker that notes which facts it reads."""
from __future__ import annotations

import dataclasses

import pytest

from repo_copies import fixture_rules
from rules_reading import GAMES, RULES
from quiz import games
from quiz.checker import read_game
from quiz.site.problems import Problems
from quiz.site.rulesets import Table, load_rule_sets

WITH_SETS = [game for game in GAMES if (RULES / game / "sets.yml").exists()]


def rule_sets(game: str, rules=RULES):
    problems = Problems(rules)
    checker_class, _ = games.contract(games.load(game))
    found = load_rule_sets(rules / game, game, checker_class.bind(read_game(game, rules)).facts, problems)
    assert found is not None and not problems.items, problems.items
    return found


@pytest.mark.parametrize("game", WITH_SETS)
def test_the_default_table_plays_the_game_yml_rules(game):
    sets = rule_sets(game)
    assert sets.facts(sets.table(sets.default)) == sets.base
    assert not sets.sets[sets.default].changes


@pytest.mark.parametrize("game", WITH_SETS)
def test_a_tables_values_give_back_its_facts(game):
    sets = rule_sets(game)
    for table in list(sets.tables())[::97]:
        assert sets.facts_of(sets.values(table)) == sets.facts(table), table


@pytest.mark.parametrize("game", WITH_SETS)
def test_a_house_rule_equal_to_the_sets_own_choice_is_no_house_rule(game):
    sets = rule_sets(game)
    for set_id in sets.sets:
        own = sets.set_facts(set_id)
        same = {rule.id: rule.value_in(own) for rule in sets.house_rules}
        assert sets.table(set_id, same) == Table(set_id)


def test_the_fixture_game_tables_and_projections(tmp_path):
    rules = fixture_rules(tmp_path / "rules")
    sets = rule_sets("pips", rules)
    tables = list(sets.tables())
    assert len(tables) == 2 * 3            # two sets; rounds 5 as the sets have it, or 3, or 7
    assert set(sets.projections(("faces",))) == {(4,), (6,)}
    assert len(sets.projections(("faces", "rounds"))) == 6
    assert sets.table("big-dice", {"rounds": 7}).address() == "big-dice,rounds:7"


def test_a_checker_notes_the_facts_it_reads():
    farkle = rule_sets("farkle")
    reads: set = set()
    checker = games.load("farkle").CHECKER(farkle.base, reads)
    assert checker.best_score([1, 1, 5]) == 250 and reads == {"scoring", "dice"}
    reads.clear()
    assert checker.game_ends(10000) is False and reads == {"target", "ends_at_target"}   # more than: no further read
    reads.clear()
    ends_at = dataclasses.replace(farkle.base, ends_at_target=True)
    reads = set()
    checker = games.load("farkle").CHECKER(ends_at, reads)
    assert checker.game_ends(10000) is True and "final_round" in reads


def test_farkles_sets_and_house_rules_make_48_scoring_tables():
    """Six sets, each with two triplets, four of a kind and a pair, six dead dice on or off: no two alike."""
    farkle = rule_sets("farkle")
    assert len(farkle.projections(("scoring",))) == 6 * 2 ** 3


def test_faraways_advanced_set_deals_what_its_variant_entry_says():
    """The advanced set is the variant the refresher describes at every table ({variant_deal}, keep {variant_keep}),
    and only the deal: the hand after setup, and every rule after it, as in the base game."""
    sets = rule_sets("faraway")
    base, advanced = sets.base, sets.set_facts("advanced")
    assert (base.dealt, base.hand) == (base.hand, base.hand)
    assert (advanced.dealt, advanced.hand) == (base.variant_deal, base.variant_keep)
    assert advanced == dataclasses.replace(base, dealt=base.variant_deal)
