"""The real games' quiz content, for every game in rules/: every stated question and practice variant describes a game
that can happen, keeps what its question tests, shows each number it is given in every language, and says its counts
in the CLDR form of their number."""
from __future__ import annotations

import re

import pytest
from babel.numbers import format_decimal

from conftest import GAMES, LANGUAGES, counts_filled_with_one_and_two, variants
from quiz.site import answers, bank, practice
from quiz.site.content import Condition
from quiz.site.wording import is_plural_entry


@pytest.fixture(params=GAMES)
def game(request, site):
    return next(g for g in site.games if g.id == request.param)


def test_every_question_and_variant_is_a_game_that_can_happen(game):
    for question, givens, _, _ in variants(game):
        assert game.checker.illegal(question.check, givens) == [], (question.id, givens)


def test_every_variant_keeps_what_its_question_keeps(game):
    for question, givens, answer, _ in variants(game):
        result = answers.computed(game, question, givens)[0]       # a keep may name the checker's whole result
        for condition in question.keep or []:
            assert condition.holds({**game.values(), **givens, "answer": answer, "result": result}), (
                question.id, condition.text, givens)


def test_a_keep_condition_takes_a_name_in_quotes_as_itself():
    """`answer.1 != 'Cem'` keeps a seat out of an order's second place (Faraway's pick order: no clockwise order)."""
    condition = Condition.parse("answer.1 != 'Cem'")
    assert condition.needs_answer
    assert condition.holds({"answer": ["Bruno", "Ana", "Cem"]})
    assert not condition.holds({"answer": ["Bruno", "Cem", "Ana"]})
    with pytest.raises(KeyError):   # unquoted, a name is a path to a given: there is none
        Condition.parse("answer.1 != Cem").holds({"answer": ["Bruno", "Cem", "Ana"]})


def test_the_text_shows_every_number_it_is_given_in_every_language(game):
    """Each whole number the checker is given appears in the text, as the language writes numbers (Babel); a given
    derived from a fact is shown by that fact."""
    for question, givens, _, worded in variants(game):
        for leaf in answers.leaf_paths(givens):
            value = answers.resolve(givens, leaf)
            source = next((s for t, s in question.derived.items() if answers.covers(t, leaf)), None)
            if (source is not None and source not in givens) or type(value) is not int or value == 0:
                continue
            for lang in LANGUAGES:
                number = format_decimal(value, locale=lang)
                # or in words, by a count's exact form for this number ("=1": "one of them has")
                words = [forms[f"={value}"].replace("#", number) for forms in (game.texts[lang].get("words") or {}).values()
                         if is_plural_entry(forms) and f"={value}" in forms]
                assert re.search(rf"(?<![\d.,]){re.escape(number)}(?!\d)", worded[lang]["text"]) or \
                    any(word in worded[lang]["text"] for word in words), \
                    (lang, question.id, leaf, number, worded[lang]["text"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counts_take_the_cldr_form_of_their_number(game, lang):
    """Every count of every question and variant, filled in with 1 and with 2: the form is the one Babel's CLDR
    plural rule picks for that number in that language."""
    cases = [(question, givens, answer) for question, givens, answer, _ in variants(game)]
    for question_id, n, form, filled in counts_filled_with_one_and_two(game, lang, cases):
        assert form in filled, (question_id, lang, n, form)


def test_practice_serves_something_for_every_game_with_ranges(game):
    for question in game.questions:
        if question.vary:
            assert len(game.practice[question.id].variants) >= practice.MIN_PRACTICE_VARIANTS, question.id


# --- every question tests its rule ----------------------------------------------------------------------------------

def has_beliefs(game, question) -> bool:
    """Whether the question's rule has wrong beliefs to catch (a checker may say why one has none: WITHOUT_BELIEF)."""
    return question.rule not in game.checker.WITHOUT_BELIEF


def test_every_question_and_variant_catches_a_wrong_belief_of_its_rule(game):
    """A player holding a wrong belief of the rule answers otherwise: each stated question and practice variant records
    the beliefs that do, with the answers the checker's belief code gives for those very givens."""
    for question, givens, answer, worded in variants(game):
        if not has_beliefs(game, question):
            continue
        beliefs = worded[LANGUAGES[0]]["beliefs"]
        assert beliefs, (question.id, givens)
        for recorded in beliefs:
            belief = next(b for b in game.checker.beliefs() if b.name == recorded["belief"] and b.distorts == question.check)
            result = game.checker.believe(belief, givens)
            value = answers.resolve(result, question.pick) if question.pick else result
            assert recorded["rule"] == question.rule and answers.format_answer(value) == recorded["answer"]
            assert value != answer, (question.id, givens, recorded)
        assert all(w["beliefs"] == [{**b, "label": w["beliefs"][i]["label"]} for i, b in enumerate(beliefs)]
                   for w in worded.values())


def test_no_practice_answer_is_a_pattern(game):
    """A practice question's answer moves: two answers at least, and a yes/no question each in a quarter of its pool."""
    for question in game.questions:
        if question.id not in game.practice:
            continue
        given = [answers.format_plain(v["answer"]) for v in game.practice[question.id].variants]
        assert len(set(given)) >= 2, (question.id, given)
        if question.kind == "yesno":
            assert min(given.count("yes"), given.count("no")) >= practice.MIN_ANSWER_SHARE * len(given), question.id


def test_every_easy_to_forget_rule_comes_back_in_practice_or_says_why_not(game):
    for entry in bank.forget_entries(game):
        variants_of = sum(len(game.practice[q.id].variants) for q in game.questions
                          if q.rule == entry.id and q.id in game.practice)
        assert (variants_of > 0) != (entry.id in game.unpractised), (entry.id, variants_of)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_two_cards_of_a_deck_or_variants_of_a_pool_read_the_same(game, lang):
    """The deck holds every stated question and variant, the pool every variant: each reads differently."""
    texts = [worded[lang]["text"] for _, _, _, worded in variants(game)]
    repeated = sorted({t for t in texts if texts.count(t) > 1})
    assert not repeated, repeated
