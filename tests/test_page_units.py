"""A game's texts at every table its rule sets make (quiz/site/check/page_units.py), on the fixture game: filled in once
per game and language, the pass lint reports a text that does not fill in from (RR105 naming the plainest table where it
fails) and the pages take their words at other tables from."""
from __future__ import annotations

import collections
import re
import sys

import pytest

from repo_copies import FIXTURE_ID, fixture_rules
from rules_reading import LANGUAGES
from quiz.site.load import content
from quiz.site.check.pipeline import load_site
from quiz.site.load.problems import ContentError
from quiz.site.pages.render import render_site


def say_faces_in_words_of_four_only(rules) -> None:
    """Pips's summary says its dice's faces through a words table that has only 4 (the game's own dice; big-dice's
    have 6), in every language alike."""
    for lang in LANGUAGES:
        path = rules / FIXTURE_ID / f"text.{lang}.yml"
        text = path.read_text(encoding="utf-8")
        edited = text.replace("\nwords:\n", '\nwords:\n  face_count: {"4": "4"}\n', 1)
        edited = re.sub(r"(summary-roll:\n\s+text: [^\n]*?)\{faces\}", r"\1{faces|face_count}", edited, count=1)
        assert edited.count("face_count") == 2, lang
        path.write_text(edited, encoding="utf-8")


def test_a_text_that_does_not_fill_in_at_another_table_is_told_with_the_plainest_such_table(tmp_path):
    rules = fixture_rules(tmp_path / "rules")
    say_faces_in_words_of_four_only(rules)
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    problems = caught.value.problems
    assert sorted(str(p) for p in problems) == sorted(
        f"rules/{FIXTURE_ID}/text.{lang}.yml:{line_of(rules, lang, 'summary-roll:') + 1}: summary-roll.text: RR105 "
        f"words.face_count has no entry for '6' at the table ?rules=big-dice" for lang in LANGUAGES)


def line_of(rules, lang: str, text: str) -> int:
    lines = (rules / FIXTURE_ID / f"text.{lang}.yml").read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if text in line)


def test_a_build_fills_each_text_in_at_each_table_once_for_lint_and_the_pages(tmp_path, monkeypatch):
    """Lint and the pages used to fill every text in at every table each on its own (issue 43): now one pass does, and
    the page's words as built (at the game's own table, render.Writer) are the only other fill of an entry's fields."""
    filled: collections.Counter = collections.Counter()
    real = content.Entry.texts_at

    def counted(entry, texts, values):
        if not sys._getframe(1).f_code.co_qualname.startswith("Writer."):   # the page as built: the game's own table
            filled[(entry.id, id(texts), repr(values))] += 1
        return real(entry, texts, values)

    monkeypatch.setattr(content.Entry, "texts_at", counted)
    site = load_site(fixture_rules(tmp_path / "rules"))
    pages = render_site(site)
    rules_json = [path for path in pages if path.endswith("/rules.json")]
    assert len(rules_json) == len(LANGUAGES) and '"summary-roll.text"' in pages[rules_json[0]]   # units were made
    assert filled and max(filled.values()) == 1, [key for key, times in filled.items() if times > 1][:3]
