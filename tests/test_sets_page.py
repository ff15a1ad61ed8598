"""The house-rule list of a rules page (quiz/site/pages/sets_page.py): each house rule's choices as values joined by
"or", and the default set's own choice after them in brackets, named by that set (content-review-6 S3: "Two triplets:
no bonus – two separate threes of a kind or 2,500" joined words that explain a value to a value)."""
from __future__ import annotations

import functools
import re

import pytest

from rules_reading import LANGUAGES, RULES, ui_texts, texts
from test_rulesets import WITH_SETS, sets_yml
from quiz.site.load.loader import load_game
from quiz.site.load.problems import Problems
from quiz.site.pages.sets_page import SetWords


@functools.cache
def loaded(game: str):
    problems = Problems(RULES)
    found = load_game(RULES / game, tuple(LANGUAGES), problems)
    assert found is not None and not problems.items, problems.items
    return found


def set_words(game: str, lang: str) -> SetWords:
    """The words of a game's rule sets as its pages fill them in (the game's values, the language's words)."""
    found = loaded(game)
    wording, values = found.wording(lang), found.values()
    return SetWords(found.rule_sets, found.texts[lang], ui_texts(lang), lang,
                    lambda text, extra=None: wording.fill(text, {**values, **(extra or {})}))


def depth(text: str) -> int:
    """How deep brackets go in a text: 1 for "a (b)", 2 for "a (b (c))"."""
    most = level = 0
    for char in text:
        level += {"(": 1, ")": -1}.get(char, 0)
        most = max(most, level)
    return most


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", WITH_SETS)
def test_each_house_rule_lists_its_choices_then_the_default_sets_own_in_brackets(game, lang):
    words = set_words(game, lang)
    default = texts(game, lang)["rule_sets"]["sets"][sets_yml(game)["default"]]["name"]
    default = re.sub(r" \((.*)\)", r" – \1", default)     # "Klassische Belote (FFB)" in brackets: "… – FFB"
    colon = ui_texts(lang)["labels"]["colon"]
    for house in words.page()["house"]:
        line = house["choices"]
        assert line.endswith(")") and f" ({default}{colon}" in line, (lang, house["id"], line)
        assert depth(line) == 1, (lang, house["id"], line)      # an aside of the default's words takes a dash


def test_farkles_option_house_rules_read_value_then_default():
    """Written out by hand from sets.yml and text.en.yml: the option a house rule adds, then the basic rules' words."""
    lines = {house["id"]: house["choices"] for house in set_words("farkle", "en").page()["house"]}
    assert lines["two-triplets"] == "2,500 (Basic rules: as two separate threes of a kind)"
    assert lines["four-and-pair"] == "1,500 (Basic rules: as three pairs or four of a kind)"
    assert lines["opening-minimum"] == "350, 500, 750, or 1,000 (Basic rules: no minimum of its own)"
    assert not any(re.search(r" – .* or ", line) for line in lines.values()), lines
