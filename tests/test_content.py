"""The real games' quiz content, for every game in rules/: every stated question and practice variant describes a game
that can happen, keeps what its question tests, shows each number it is given in every language, and says its counts
in the CLDR form of their number."""
from __future__ import annotations

import re

import pytest
from babel.numbers import format_decimal

from conftest import GAMES, LANGUAGES, counts_filled_with_one_and_two, variants
from quiz.site import bank


@pytest.fixture(params=GAMES)
def game(request, site):
    return next(g for g in site.games if g.id == request.param)


def test_every_question_and_variant_is_a_game_that_can_happen(game):
    for question, givens, _, _ in variants(game):
        assert game.checker.illegal(question.check, givens) == [], (question.id, givens)


def test_every_variant_keeps_what_its_question_keeps(game):
    for question, givens, answer, _ in variants(game):
        for condition in question.keep or []:
            assert condition.holds({**game.values(), **givens, "answer": answer}), (question.id, condition.text, givens)


def test_the_text_shows_every_number_it_is_given_in_every_language(game):
    """Each whole number the checker is given appears in the text, as the language writes numbers (Babel); a given
    derived from a fact is shown by that fact."""
    for question, givens, _, worded in variants(game):
        for leaf in bank.leaf_paths(givens):
            value = bank.resolve(givens, leaf)
            source = next((s for t, s in question.derived.items() if bank.covers(t, leaf)), None)
            if (source is not None and source not in givens) or type(value) is not int or value == 0:
                continue
            for lang in LANGUAGES:
                number = format_decimal(value, locale=lang)
                assert re.search(rf"(?<![\d.,]){re.escape(number)}(?!\d)", worded[lang]["text"]), \
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
            assert len(game.practice[question.id].variants) >= bank.MIN_PRACTICE_VARIANTS, question.id
