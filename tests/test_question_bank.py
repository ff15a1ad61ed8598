"""The real games' question banks, for every game in rules/: each question and practice variant shows every number it
is given in every language and says its counts in the CLDR form of their number; practice serves every game with
ranges and brings back every easy-to-forget rule; no two cards read the same. (That variants are legal, keep what
their question keeps, catch a belief and move is verification's work: tests/test_verify_catches.py breaks the fixture
game's bank to watch it.)"""
from __future__ import annotations

import re

import pytest
from babel.numbers import format_decimal

from rules_reading import GAMES, LANGUAGES, counts_filled_with_one_and_two, variants
from quiz.site.check import answers, practice, question_check
from quiz.site.load.content import Condition
from quiz.site.load.wording import is_plural_entry


@pytest.fixture(params=GAMES)
def game(request, site):
    return next(g for g in site.games if g.id == request.param)


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
                words = [forms[f"={value}"].replace("#", number)
                         for forms in (game.texts[lang].get("words") or {}).values()
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


def test_every_easy_to_forget_rule_comes_back_in_practice_or_says_why_not(game):
    for entry in question_check.forget_entries(game):
        variants_of = sum(len(game.practice[q.id].variants) for q in game.questions
                          if q.rule == entry.id and q.id in game.practice)
        assert (variants_of > 0) != (entry.id in game.unpractised), (entry.id, variants_of)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_two_cards_of_a_deck_or_variants_of_a_pool_read_the_same(game, lang):
    """The deck holds every stated question and variant, the pool every variant: each reads differently."""
    texts = [worded[lang]["text"] for _, _, _, worded in variants(game)]
    repeated = sorted({t for t in texts if texts.count(t) > 1})
    assert not repeated, repeated
