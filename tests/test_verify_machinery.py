"""The question bank's machinery, on the fixture game: derived givens, keep, vary, translations of question texts,
CLDR plurals, one-line problems, and the command line that reports what practice serves."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from repo_copies import FIXTURE_ID, fixture_repo, fixture_rules
from rules_reading import LANGUAGES, counts_filled_with_one_and_two
from quiz.site.check import answers
from quiz.site.check.pipeline import load_site
from quiz.site.load.problems import ContentError


@pytest.fixture
def rules(tmp_path) -> Path:
    return fixture_rules(tmp_path / "rules")


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def problems(rules: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    return str(caught.value).splitlines()


@pytest.mark.slow
def test_verify_reports_what_practice_serves_and_drops(tmp_path):
    repo = fixture_repo(tmp_path / "repo")
    result = subprocess.run([sys.executable, "-m", "quiz", "verify"], cwd=repo, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert f"1 game(s), {len(LANGUAGES)} languages, 8 quiz questions agree with the rules checkers" in result.stdout
    served = re.search(rf"{FIXTURE_ID}: practice serves (\d+) variants in each language, from 4 questions; dropped "
                       r"(\d+) drawn as illegal, (\d+) that no game reaches, (\d+) that lost what their question "
                       r"tests, (\d+) that no wrong belief answers otherwise, (\d+) whose wrong answer points at two "
                       r"beliefs, (\d+) that catch another belief with the stated question's why and (\d+) that read "
                       r"like another", result.stdout)
    assert served and int(served.group(1)) == 64, result.stdout
    assert int(served.group(3)) > 0, result.stdout      # most-points-lead: 1 point is no round won
    assert int(served.group(5)) > 0, result.stdout      # order-of-three: where seating and rolls agree,
                                                        # nothing is tested


def test_a_derived_given_follows_what_it_comes_from_in_every_variant(rules):
    site = load_site(rules)
    question = next(q for q in site.games[0].questions if q.id == "tie-wins-nothing")
    givens = answers.with_derived(question, question.givens, site.games[0].values())
    assert givens == {"mine": 8, "theirs": 8}


def test_a_derived_given_typed_again_is_named(rules):
    edit(rules / "pips/questions.yml", "    givens: {mine: 8}\n", "    givens: {mine: 8, theirs: 8}\n")
    assert any("tie-wins-nothing: RR306 derived: 'theirs' is computed from 'mine'; do not type it in givens as well"
               in p for p in problems(rules))


def test_every_variant_keeps_what_its_question_keeps(rules):
    site = load_site(rules)
    practice = site.games[0].practice["higher-total-wins"]
    assert practice.variants and practice.lost > 0
    assert all(v["givens"]["mine"] != v["givens"]["theirs"] for v in practice.variants)


def test_variants_that_lose_the_edge_case_are_named(rules):
    edit(rules / "pips/questions.yml", '    keep: ["mine != theirs"]',
         '    keep: ["answer == yes", "mine == 9", "theirs == 7"]')
    assert any(re.search(r"higher-total-wins: RR306 vary: only [01] variant\(s\) are legal, keep", p)
               for p in problems(rules))


def test_a_stated_question_that_loses_its_own_edge_case_is_named(rules):
    edit(rules / "pips/questions.yml", '    keep: ["mine != theirs"]', '    keep: ["answer == no"]')
    assert any("higher-total-wins: RR306 keep: the stated question itself does not keep 'answer == no'" in p
               for p in problems(rules))


def test_a_vary_without_keep_is_named(rules):
    edit(rules / "pips/questions.yml", '    keep: ["mine != theirs"]\n', "")
    assert any("higher-total-wins: RR306 vary needs keep" in p for p in problems(rules))


def test_variants_are_drawn_the_same_every_build(rules):
    first, again = load_site(rules), load_site(rules)
    assert [v["givens"] for v in first.games[0].practice["order-of-three"].variants] == \
           [v["givens"] for v in again.games[0].practice["order-of-three"].variants]


def test_a_question_translation_pointing_at_the_wrong_given_is_named(rules):
    edit(rules / "pips/questions.de.yml", "Ana hat {played.Ana} gewürfelt, Bruno {played.Bruno} und",
         "Ana hat {played.Bruno} gewürfelt, Bruno {played.Bruno} und")
    assert any("questions.de.yml:" in p and "order-of-three: RR103 text: placeholders ['played.Bruno×2', 'played.Cem'] "
               "differ from en ['played.Ana', 'played.Bruno', 'played.Cem']" in p for p in problems(rules))


def test_an_unknown_filter_in_a_question_is_named_per_language(rules):
    edit(rules / "pips/questions.tr.yml", "{players.Ana|point}", "{players.Ana|puan}")
    edit(rules / "pips/questions.tr.yml", "{players.Ana|point}", "{players.Ana|puan}")
    assert any("questions.tr.yml:" in p and "most-points-lead: RR105 tr: unknown filter |puan" in p
               for p in problems(rules))


def test_a_placeholder_in_an_extra_page_title_fills_in(rules):
    from quiz.site.pages.render import render_site

    for lang in LANGUAGES:
        path = rules / f"pips/text.{lang}.yml"
        path.write_text(re.sub(r'(?m)^odds_title: "(.*)"$', r'odds_title: "\1 ({dice})"',
                               path.read_text(encoding="utf-8")),
                        encoding="utf-8")
    pages = render_site(load_site(rules))
    assert f"(3)]({FIXTURE_ID}/odds.md)" in pages[f"{LANGUAGES[0]}/index.md"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_count_takes_the_cldr_form_of_its_number(rules, lang):
    """Filled in with 1 and with 2, every count of the fixture's question texts takes the form Babel's CLDR plural
    rule picks for that number in that language."""
    site = load_site(rules)
    game = site.games[0]
    checked = 0
    for question_id, n, form, filled in counts_filled_with_one_and_two(
            game, lang, [(question, question.givens, question.answer) for question in game.questions]):
        assert form in filled, (question_id, lang, n, form)
        checked += 1
    assert checked >= 8


def test_a_wrong_answer_two_beliefs_give_points_at_the_rules_own():
    """Issue 30: where two beliefs gave one wrong answer the page named both, a list, not a diagnosis. The rule's own
    belief (named as its entry) is kept; where neither is the rule's own, the answer points at no one belief."""
    own = {"belief": "scoring-visibility", "rule": "scoring-visibility", "answer": 3}
    other = {"belief": "left-to-right", "rule": "scoring-visibility", "answer": 3}
    third = {"belief": "far-right", "rule": "scoring-visibility", "answer": 5}
    assert answers.one_belief_per_answer([other, own, third]) == ([own, third], True)
    assert answers.one_belief_per_answer([other, third]) == ([other, third], True)
    fourth = {"belief": "sanctuaries-first", "rule": "scoring-visibility", "answer": 5}
    assert answers.one_belief_per_answer([third, fourth])[1] is False
