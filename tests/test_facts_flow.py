"""Facts flow in: a checker answers with the facts of the content being built or verified, never with rules/ read on
the side. Proved on copies of the fixture game whose facts differ from its own."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from repo_copies import FIXTURE_ID, fixture_repo, mkdocs

pytestmark = pytest.mark.slow   # builds a copy of the site


def set_fact(game_yml: Path, name: str, value: int) -> None:
    text = game_yml.read_text(encoding="utf-8")
    changed = re.sub(rf"(?m)^(  {name}: )\d+", rf"\g<1>{value}", text, count=1)
    assert changed != text
    game_yml.write_text(changed, encoding="utf-8")


def test_verify_rules_copy_checks_with_the_copys_numbers(tmp_path):
    """With two dice, a roll of three is no roll: verify says so, in the copy's number."""
    repo = fixture_repo(tmp_path / "repo")
    set_fact(repo / f"rules/{FIXTURE_ID}/game.yml", "dice", 2)
    result = subprocess.run([sys.executable, "-m", "quiz", "verify", "--rules", str(repo / "rules")], cwd=repo,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert "three-dice-total: RR304 the checker rejects the givens as malformed: roll: expected a list of 1 to 2 " \
           "dice" in result.stderr, result.stderr


def test_one_build_uses_the_copys_facts_in_texts_and_checker_answers(tmp_path):
    """Dice with six faces: the refresher says so and quotes the highest total the checker derives (3 × 6 = 18), the
    calculator offers six faces, and the checker accepts totals up to 18 in the stated questions and the variants."""
    repo = fixture_repo(tmp_path / "repo")
    rules = repo / "rules"
    set_fact(rules / f"{FIXTURE_ID}/game.yml", "faces", 6)
    questions = rules / f"{FIXTURE_ID}/questions.yml"
    questions.write_text(questions.read_text(encoding="utf-8").replace("givens: {mine: 9, theirs: 7}",
                                                                       "givens: {mine: 17, theirs: 7}"),
                         encoding="utf-8")
    result = mkdocs(repo)
    assert result.returncode == 0, result.stdout + result.stderr
    refresher = (repo / f"site/{FIXTURE_ID}/index.html").read_text(encoding="utf-8")
    assert "with 6 faces each" in refresher and "3 to 18" in refresher and 'data-faces="6"' in refresher
    quiz = (repo / f"site/{FIXTURE_ID}/quiz/index.html").read_text(encoding="utf-8")
    assert "Your total is 17, the other player" in quiz
    pool = json.loads((repo / f"site/{FIXTURE_ID}/quiz/practice.json").read_text(encoding="utf-8"))["variants"]
    assert {item["q"] for item in pool} >= {"three-dice-total", "higher-total-wins"}
