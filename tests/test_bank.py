"""The question bank: every stated answer and every practice variant is legal, answered by the checker, shows every given
in every language, keeps its edge case and says its counts right; `verify` names what is wrong in one line."""
from __future__ import annotations

import copy
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel import Locale

from quiz.site import bank
from quiz.site.languages import site_languages
from quiz.site.pipeline import load_site
from quiz.site.problems import ContentError

LANGUAGES = site_languages().codes
from quiz.site.wording import is_plural_entry, placeholders

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"


@pytest.fixture(scope="module")
def site():
    return load_site(RULES)


def run_verify(rules: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "quiz", "verify", "--rules", str(rules)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def rules(tmp_path) -> Path:
    return Path(shutil.copytree(RULES, tmp_path / "rules"))


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def problems(rules: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    return str(caught.value).splitlines()


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def variants(site):
    """(game, question, givens, answer, worded) for every stated question and every practice variant."""
    for game in site.games:
        for question in game.questions:
            yield game, question, bank.with_derived(question, question.givens, game.values()), question.answer, game.worded[question.id]
            for variant in game.practice.get(question.id, bank.Practice()).variants:
                yield game, question, variant["givens"], variant["answer"], variant["worded"]


# --- the whole bank -----------------------------------------------------------------------------------------------------

def test_verify_passes_and_reports_what_practice_serves():
    result = run_verify(RULES)
    assert result.returncode == 0, result.stderr
    assert "quiz questions agree with the rules checkers" in result.stdout
    assert re.search(r"practice serves \d+ variants in each language", result.stdout)


def test_every_question_and_variant_is_a_legal_game_answered_by_the_checker(site):
    count = 0
    for game, question, givens, answer, _ in variants(site):
        assert game.checker.illegal(question.check, givens) == [], (question.id, givens)
        assert bank.compute(game, question, givens) == answer, (question.id, givens)
        count += 1
    assert count > 200


def test_every_variant_keeps_what_its_question_tests(site):
    for game, question, givens, answer, _ in variants(site):
        for condition in question.keep or []:
            assert condition.holds({**game.values(), **givens, "answer": answer}), (question.id, condition.text, givens)


def test_the_text_shows_every_given_in_every_language(site):
    """Each whole number the checker is given appears in the text as filled in, in every language; a derived one shows
    the value it comes from."""
    for game, question, givens, _, worded in variants(site):
        for leaf in bank.leaf_paths(givens):
            value = bank.resolve(givens, leaf)
            source = next((s for t, s in question.derived.items() if bank.covers(t, leaf)), None)
            if source is not None and source not in givens:
                continue   # derived from a fact, e.g. the last round; the text shows the fact
            if type(value) is not int or value == 0:
                continue
            for lang in LANGUAGES:
                number = game.wording(lang).number(value)
                assert re.search(rf"(?<![\d.,]){re.escape(number)}(?![\d])", worded[lang]["text"]), \
                    (lang, question.id, leaf, number, worded[lang]["text"])


def test_centre_left_at_round_end_answers_one_for_every_table_size(site):
    """The practice defect: `taken` stayed 5 while `players` varied, so six players got the answer 2. Now `taken` is
    derived from `players`: every variant, in every language, shows its player count and answers 1."""
    game = next(g for g in site.games if g.id == "faraway")
    pool = game.practice["centre-left-at-round-end"].variants
    assert {v["givens"]["players"] for v in pool} == set(range(2, 7))
    for variant in pool:
        players = variant["givens"]["players"]
        assert variant["givens"]["taken"] == players and variant["answer"] == 1
        for lang in LANGUAGES:
            text = variant["worded"][lang]["text"]
            assert str(players) in text, (lang, text)
            assert variant["worded"][lang]["label"] == "1"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counts_agree_with_their_noun_by_cldr(site, lang):
    """Every count in every question and variant, filled in with 1 and with 2: the noun form is the one Babel's CLDR
    plural rule picks for that number in that language."""
    checked = 0
    for game, question, givens, answer, _ in variants(site):
        words = game.texts[lang].get("words") or {}
        wording = game.wording(lang)
        entry = game.question_texts[lang][question.id]
        whys = entry["why"].values() if isinstance(entry["why"], dict) else [entry["why"]]
        for text in [entry["text"], *whys]:
            for path, noun in placeholders(text):
                if not is_plural_entry(words.get(noun)):
                    continue
                for n in (1, 2):
                    values = copy.deepcopy({**game.values(), **givens, "answer": answer})
                    bank.assign(values, path, n)
                    form = words[noun][Locale.parse(lang).plural_form(n)].replace("#", wording.number(n))
                    assert form in wording.fill(text, values), (question.id, lang, n, form)
                    checked += 1
    assert checked > 100


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_descriptions_count_right_in_every_language(site, lang):
    """Faraway's row describer says 1 and 2 stones and clues in the form CLDR picks."""
    game = next(g for g in site.games if g.id == "faraway")
    words, wording = game.texts[lang]["words"], game.wording(lang)
    for n in (1, 2):
        category = Locale.parse(lang).plural_form(n)
        row = wording.value([{"number": 30, "wonders": {"stone": n}, "clues": n}], "row")
        for noun in ("stone", "clue"):
            assert words[noun][category].replace("#", str(n)) in row, (lang, n, row)
        assert words["sanctuary"][category].replace("#", str(n)) in wording.value([{}] * n, "sanctuaries")


# --- what verify rejects, in one line naming file, line and id --------------------------------------------------------

def test_a_flipped_answer_is_named(rules):
    path = rules / "faraway/questions.yml"
    text = path.read_text(encoding="utf-8")
    flipped = re.sub(r"(- id: seed-10-52-31\n(?:    .*\n)*?    answer: )false", r"\1true", text, count=1)
    assert flipped != text
    path.write_text(flipped, encoding="utf-8")
    result = run_verify(rules)
    assert result.returncode == 1
    line = line_of(path, "id: seed-10-52-31")
    assert f"faraway/questions.yml:{line}: seed-10-52-31: RR301 stated yes, checker computed no" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_hidden_given_is_named(rules):
    """The practice defect's cause: a given the checker receives that the text does not show."""
    edit(rules / "faraway/questions.yml", "    derived: {taken: players}                   # everyone has taken\n",
         "")
    edit(rules / "faraway/questions.yml", "    givens: {players: 5}\n", "    givens: {players: 5, taken: 5}\n")
    en = rules / "faraway/questions.en.yml"
    found = problems(rules)
    line = line_of(en, "centre-left-at-round-end:") + 1
    assert f"rules/faraway/questions.en.yml:{line}: centre-left-at-round-end: RR303 given 'taken' is not in the text and not derived" in found


def test_a_derived_given_typed_again_is_named(rules):
    edit(rules / "faraway/questions.yml", "    givens: {players: 5}\n", "    givens: {players: 5, taken: 5}\n")
    assert any("centre-left-at-round-end: RR306 derived: 'taken' is computed from 'players'; do not type it in givens as well" in p
               for p in problems(rules))


def test_a_translation_pointing_at_the_wrong_given_is_named(rules):
    """Same placeholder names, other counts: {row.1} twice and {row.0} never."""
    de = rules / "faraway/questions.de.yml"
    text = de.read_text(encoding="utf-8")
    start = text.index("seed-10-52-31:")
    line_start = text.index("  text:", start)
    line_end = text.index("\n", line_start)
    line = text[line_start:line_end]
    assert "{row.0}" in line
    de.write_text(text[:line_start] + line.replace("{row.0}", "{row.1}", 1) + text[line_end:], encoding="utf-8")
    found = problems(rules)
    assert any("questions.de.yml:" in p and "seed-10-52-31: RR103 text: placeholders ['row.1×2', 'row.2'] differ from en "
               "['row.0', 'row.1', 'row.2']" in p for p in found), found


def test_a_stated_question_that_cannot_happen_is_named(rules):
    """Two Regions with one number: well-formed, but no game reaches it."""
    edit(rules / "faraway/questions.yml", "    givens: {row: [10, 52, 31]}", "    givens: {row: [10, 52, 10]}")
    line = line_of(rules / "faraway/questions.yml", "id: seed-10-52-31")
    assert any(p.startswith(f"rules/faraway/questions.yml:{line}: seed-10-52-31: RR302 the givens describe a game that cannot "
                            "happen: row: Region 10 appears twice") for p in problems(rules))


def test_an_unreachable_farkle_total_is_named(rules):
    edit(rules / "farkle/questions.yml", "    givens: {banked: 9950}", "    givens: {banked: 9951}")
    assert any("others-below-the-target: RR302 the givens describe a game that cannot happen: banked: 9951 points; every score "
               "is a multiple of 50" in p for p in problems(rules))


def test_a_malformed_range_is_a_build_error_not_zero_variants(rules):
    edit(rules / "faraway/questions.yml", "    vary: {players: [2, 6], taken: [1, 6]}", "    vary: {players: [2, 9], taken: [1, 6]}")
    assert any(re.search(r"centre-after-two-took: RR306 vary draws malformed givens \(players: [789] players; Faraway is for "
                         r"2–6\); narrow the ranges$", p) for p in problems(rules))


def test_variants_that_lose_the_edge_case_are_named(rules):
    edit(rules / "farkle/questions.yml", '    keep: ["roll.0 != roll.2"]', '    keep: ["roll.0 == 1", "roll.2 == 5"]')
    found = problems(rules)
    assert any(re.search(r"hot-dice-two-triples: RR306 vary: only [01] variant\(s\) are legal and keep roll.0 == 1, roll.2 == 5 "
                         r"\(0 illegal, \d+ lost it\)", p) for p in found), found


def test_a_stated_question_that_loses_its_own_edge_case_is_named(rules):
    edit(rules / "farkle/questions.yml", '    keep: ["roll.0 != roll.2"]', '    keep: ["roll.0 != roll.2", "answer == no"]')
    assert any("hot-dice-two-triples: RR306 keep: the stated question itself does not keep 'answer == no'" in p
               for p in problems(rules))


def test_a_vary_without_keep_is_named(rules):
    edit(rules / "faraway/questions.yml", '    keep: ["taken < players"]                   # someone is still to take: mid-round\n', "")
    assert any("centre-after-two-took: RR306 vary needs keep" in p for p in problems(rules))


def test_a_crashing_checker_is_one_line(rules, monkeypatch):
    from quiz.faraway import Faraway

    def broken(self, players, taken):
        return [][players]
    broken.is_rule = True
    monkeypatch.setattr(Faraway, "center_left", broken)
    found = problems(rules)
    assert any("centre-after-two-took: RR305 checker crashed: IndexError: list index out of range" in p for p in found)
    assert all(re.match(r"^rules/\S+\.yml:\d+: ", p) for p in found), found


def test_an_unknown_filter_is_named_per_language(rules):
    edit(rules / "faraway/questions.tr.yml", "{drawn|card}", "{drawn|kart}")
    assert any("questions.tr.yml:" in p and "drew-several-return-how-many: RR105 tr: unknown filter |kart" in p
               for p in problems(rules))


def test_a_placeholder_in_an_extra_page_title_fills_in(rules):
    for lang in LANGUAGES:
        path = rules / f"farkle/text.{lang}.yml"
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r'(?m)^odds_title: "(.*)"$', r'odds_title: "\1 ({dice})"', text), encoding="utf-8")
    from quiz.site.render import render_site

    pages = render_site(load_site(rules))
    assert "(6)](farkle/odds.md)" in pages["en/index.md"]
