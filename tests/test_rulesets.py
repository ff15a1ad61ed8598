"""The rule-set machinery (quiz/site/load/rulesets.py) on any game that has sets.yml: every table a set and house rules
make, its facts as values, the tables that differ in some facts, and a checker that notes which facts it reads."""
from __future__ import annotations

import dataclasses
import functools
import itertools

import pytest
import yaml

from repo_copies import fixture_rules
from rules_reading import GAMES, RULES
from quiz import games
from quiz.checker import MalformedInput
from quiz.games import read_game
from quiz.site.load.problems import Problems
from quiz.site.load.rulesets import Table, load_rule_sets

WITH_SETS = [game for game in GAMES if (RULES / game / "sets.yml").exists()]


def rule_sets(game: str, rules=RULES):
    problems = Problems(rules)
    checker_class, _ = games.contract(games.load(game))
    found = load_rule_sets(rules / game, game, checker_class.bind(read_game(game, rules)).facts, problems)
    assert found is not None and not problems.items, problems.items
    return found


@functools.cache
def sets_yml(game: str) -> dict:
    """sets.yml read as plain YAML, not by the loader: what a test expects of the loader is read from here (no house
    rules: an empty list)."""
    raw = yaml.safe_load((RULES / game / "sets.yml").read_text(encoding="utf-8"))
    return {**raw, "house_rules": raw.get("house_rules") or []}


def file_choices(rule: dict) -> list:
    """A house rule's choices as sets.yml writes them: its fact's `choices:`, or off and on for an option."""
    return rule["choices"] if "fact" in rule else [False, True]


@functools.cache
def every_table(game: str):
    """The loaded sets, and each of their tables with the facts it plays by (the set's changes, then each house
    rule's), worked out once per test process: every set with every house rule choice makes facts."""
    sets = rule_sets(game)
    return sets, [(table, sets.facts(table)) for table in sets.tables()]


# The games whose house rules add or drop an option of a table of options (Farkle's scoring).
WITH_OPTION_RULES = [game for game in WITH_SETS if any("option" in rule for rule in sets_yml(game)["house_rules"])]


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


@pytest.mark.parametrize("game", WITH_SETS)
def test_an_address_reads_back_as_its_table_and_a_part_no_table_has_is_named(game):
    """parse() is address() read back, at every table (python -m quiz score takes a table so); what no table has is
    refused naming the part."""
    sets, tables = every_table(game)
    for table, _ in tables:
        assert sets.parse(table.address()) == table
    wrong = [("nowhere", "no set 'nowhere'"), (f"{sets.default},bogus:1", "no house rule 'bogus'"), ("", "a set")]
    wrong += [(f"{sets.default},{rule.id}:99999", f"{rule.id} is one of") for rule in sets.house_rules[:1]]
    for address, says in wrong:
        with pytest.raises(MalformedInput, match=says):
            sets.parse(address)


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


def test_rules_a_belief_imagines_note_only_the_facts_it_keeps():
    """with_facts(): a belief's own facts (Belote's without the dix de der) are not read from the table; the facts it
    leaves as they are still are, so its answer is looked up by the tables that matter to it."""
    belote = rule_sets("belote")
    reads: set = set()
    checker = games.load("belote").CHECKER(belote.base, reads)
    forgetful = checker.with_facts(last_trick=0)
    assert forgetful.facts.last_trick == 0 and reads == set()
    assert forgetful.facts.capot_total == belote.base.capot_total and reads == {"capot_total"}
    assert checker.facts.last_trick == belote.base.last_trick and "last_trick" in reads


@pytest.mark.parametrize("game", WITH_SETS)
def test_the_sets_and_house_rules_are_the_files_in_its_order(game):
    """The loader keeps every set and house rule of sets.yml, in the file's order (the rules page lists them so, and a
    table of options is numbered by it), and its default."""
    raw, sets = sets_yml(game), rule_sets(game)
    assert list(sets.sets) == list(raw["sets"]) and sets.default == raw["default"]
    assert [rule.id for rule in sets.house_rules] == [rule["id"] for rule in raw["house_rules"]]


@pytest.mark.parametrize("game", WITH_SETS)
def test_every_table_is_a_set_with_one_choice_of_each_house_rule(game):
    """tables() is every set of sets.yml with every combination of its house rules' choices, as read from the file
    (a choice equal to the set's own is no house rule), each once and nothing else; each makes facts."""
    raw = sets_yml(game)
    sets, tables = every_table(game)
    choices = [[(rule["id"], value) for value in file_choices(rule)] for rule in raw["house_rules"]]
    expected = {sets.table(set_id, dict(combination))
                for set_id in raw["sets"] for combination in itertools.product(*choices)}
    found = [table for table, _ in tables]
    assert len(found) == len(set(found)), "a table twice"
    assert set(found) == expected, (sorted(t.address() for t in set(found) ^ expected)[:5])


@pytest.mark.parametrize("game", WITH_OPTION_RULES)
def test_each_set_and_choice_of_the_option_house_rules_makes_one_table_of_options(game):
    """The tables of options (Farkle's scoring) that the tables play by, each known by one id in the values pages and
    answers look up: at most one for each set in sets.yml and each on/off of its option house rules; two tables
    share an id exactly where their options are equal (worked out the other way, by facts()); and a table that turns
    an option house rule on scores by that option as sets.yml writes it, one that turns it off lacks it."""
    raw = sets_yml(game)
    sets, tables = every_table(game)
    name = sets.base.OPTIONS
    option_rules = {rule["id"]: rule["option"] for rule in raw["house_rules"] if "option" in rule}
    ids, options_of = {}, {}
    for table, facts in tables:
        values = sets.values(table)
        ids.setdefault(getattr(facts, name), set()).add(values[name])
        options_of.setdefault(values[name], set()).add(getattr(facts, name))
        looked_up = sets.facts_of(values)
        for rule_id, on in table.house:
            if rule_id in option_rules:
                option = looked_up.option(option_rules[rule_id]["id"])
                assert (option is not None) == on, (table.address(), rule_id)
                for key, value in option_rules[rule_id].items() if on else ():
                    assert getattr(option, key) == (tuple(value) if isinstance(value, list) else value), \
                        (table.address(), key)
    assert all(len(found) == 1 for found in ids.values()), "one table of options under two ids"
    assert all(len(found) == 1 for found in options_of.values()), "two tables of options under one id"
    assert len(options_of) <= len(raw["sets"]) * 2 ** len(option_rules)


def test_faraways_advanced_set_deals_what_its_variant_entry_says():
    """The advanced set is the variant the refresher describes at every table ({variant_deal}, keep {variant_keep}),
    and only the deal: the hand after setup, and every rule after it, as in the base game."""
    sets = rule_sets("faraway")
    base, advanced = sets.base, sets.set_facts("advanced")
    assert (base.dealt, base.hand) == (base.hand, base.hand)
    assert (advanced.dealt, advanced.hand) == (base.variant_deal, base.variant_keep)
    assert advanced == dataclasses.replace(base, dealt=base.variant_deal)
