"""Facts flow in: a checker answers with the facts of the content being built or verified, never with rules/ read on
the side. Proved on copies of rules/ whose facts differ from the real ones."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from conftest import ROOT, copy_repo, mkdocs


def set_fact(game_yml: Path, name: str, value: int) -> None:
    text = game_yml.read_text(encoding="utf-8")
    changed = re.sub(rf"(?m)^(  {name}: )\d+", rf"\g<1>{value}", text, count=1)
    assert changed != text
    game_yml.write_text(changed, encoding="utf-8")


def test_verify_rules_copy_checks_with_the_copys_numbers(tmp_path):
    """With nine rounds, an eight-card row at scoring can no longer happen: verify says so, in the copy's number."""
    repo = copy_repo(tmp_path / "repo")
    set_fact(repo / "rules/faraway/game.yml", "rounds", 9)
    result = subprocess.run([sys.executable, "-m", "quiz", "verify", "--rules", str(repo / "rules")], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert "leftmost-sees-the-stones: RR302 the givens describe a game that cannot happen: regions: 8 Regions at " \
           "scoring; after 9 rounds everyone has 9" in result.stderr, result.stderr


def test_one_build_uses_the_copys_facts_in_texts_and_checker_answers(tmp_path):
    """Two more Regions in the centre: the refresher says players + 2, and the checker's answers (stated and in every
    practice variant) count with 2, so the stated answers of the copy had to change with it."""
    repo = copy_repo(tmp_path / "repo")
    rules = repo / "rules"
    set_fact(rules / "faraway/game.yml", "center_extra", 2)
    questions = rules / "faraway/questions.yml"
    text = questions.read_text(encoding="utf-8")
    text = text.replace("    givens: {players: 4, taken: 2}\n    answer: 3", "    givens: {players: 4, taken: 2}\n    answer: 4")
    text = text.replace("    derived: {taken: players}                   # everyone has taken\n    answer: 1",
                        "    derived: {taken: players}                   # everyone has taken\n    answer: 2")
    questions.write_text(text, encoding="utf-8")
    result = mkdocs(repo)
    assert result.returncode == 0, result.stdout + result.stderr
    site = repo / "site"
    refresher = (site / "faraway/index.html").read_text(encoding="utf-8")
    assert "players + 2" in refresher and "with 5 players that is 7" in refresher
    quiz = (site / "faraway/quiz/index.html").read_text(encoding="utf-8")
    block = re.search(r'<div class="rr-q"[^>]*id="q-centre-after-two-took".*?</details>', quiz, re.S).group(0)
    assert 'data-answer="4"' in block and "players + 2" in block
    pool = json.loads((site / "faraway/quiz/practice.json").read_text(encoding="utf-8"))["variants"]
    centre = [v for v in pool if v["q"] == "centre-left-at-round-end"]
    assert centre and all(v["answer"] == 2 for v in centre)
