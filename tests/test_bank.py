"""The question bank: every answer agrees with the checker, `verify` catches a wrong one, variants are reproducible."""
from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from quiz import bank
from quiz.content import load_site

ROOT = Path(__file__).resolve().parent.parent
SITE = load_site(ROOT / "rules")
GAMES = {g.id: g for g in SITE.games}


def run_verify(rules: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "quiz", "verify", "--rules", str(rules)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_verify_passes_on_the_real_bank():
    result = run_verify(ROOT / "rules")
    assert result.returncode == 0, result.stderr
    assert "quiz answers agree" in result.stdout


def test_verify_fails_naming_a_flipped_answer(tmp_path):
    rules = Path(shutil.copytree(ROOT / "rules", tmp_path / "rules"))
    path = rules / "faraway/questions.yml"
    text = path.read_text(encoding="utf-8")
    flipped = re.sub(r"(- id: seed-10-52-31\n(?:    .*\n)*?    answer: )false", r"\1true", text, count=1)
    assert flipped != text
    path.write_text(flipped, encoding="utf-8")
    result = run_verify(rules)
    assert result.returncode == 1
    line = next(i for i, l in enumerate(flipped.splitlines(), 1) if "id: seed-10-52-31" in l)
    assert f"faraway/questions.yml:{line}: seed-10-52-31: stated yes, checker computed no" in result.stderr
    assert "Traceback" not in result.stderr


def test_verify_fails_on_a_wrong_number_answer(tmp_path):
    rules = Path(shutil.copytree(ROOT / "rules", tmp_path / "rules"))
    path = rules / "faraway/questions.yml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    givens: {drawn: 4}\n    answer: 1", "    givens: {drawn: 4}\n    answer: 4"), encoding="utf-8")
    result = run_verify(rules)
    assert result.returncode == 1
    assert "drew-four-place-how-many: stated 4, checker computed 1" in result.stderr


def test_verify_fails_on_a_missing_question_translation(tmp_path):
    rules = Path(shutil.copytree(ROOT / "rules", tmp_path / "rules"))
    path = rules / "faraway/questions.tr.yml"
    path.write_text(re.sub(r"(?m)^pick-order-four:\n(  .*\n|    .*\n)*", "", path.read_text(encoding="utf-8")), encoding="utf-8")
    result = run_verify(rules)
    assert result.returncode == 1
    assert "questions.tr.yml" in result.stderr and "pick-order-four: missing the tr text" in result.stderr


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_every_easy_to_forget_rule_has_two_questions(game):
    forget = [e.id for s in game.pages["refresher"] if s.kind == "forget" for e in s.entries]
    counts = {rule: sum(q.rule == rule for q in game.questions) for rule in forget}
    assert all(n >= 2 for n in counts.values()), counts


def test_faraway_bank_size_kinds_and_seed_question():
    game = GAMES["faraway"]
    assert len(game.questions) >= 30
    assert {q.kind for q in game.questions} == set(bank.KINDS)
    seed = next(q for q in game.questions if q.id == "seed-10-52-31")
    assert (seed.shown["first"], seed.givens["previous"], seed.givens["new"]) == (10, 52, 31)
    assert sum(q.remember for q in game.questions) == 3 and seed.remember


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_variants_are_reproducible_and_answered_by_the_checker(game):
    for question in [q for q in game.questions if q.vary]:
        first = bank.variants(game, question, random.Random(7), 10)
        again = bank.variants(game, question, random.Random(7), 10)
        assert first == again and first, question.id
        for variant in first:
            assert variant["answer"] == bank.compute(game, question, variant["givens"])
