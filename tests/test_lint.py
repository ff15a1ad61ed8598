"""The lint's problem codes: every code has a failing fixture under tests/lint_fixtures/ and a line in rules/README.md;
each fixture breaks a copy of rules/ one way and gets exactly its code, with file, line and id."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import LINT_FIXTURES, apply_lint_fixture, expected_line
from quiz.site.pipeline import load_site
from quiz.site.problems import CODES, ContentError

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"


def test_real_rules_pass_the_lint_and_verify():
    load_site(RULES)


def test_every_code_has_a_fixture_and_a_line_in_the_guide():
    guide = (RULES / "README.md").read_text(encoding="utf-8")
    fixtures = {path.stem for path in LINT_FIXTURES.glob("RR*.yml")}
    assert fixtures == set(CODES), (sorted(set(CODES) - fixtures), sorted(fixtures - set(CODES)))
    missing = [code for code in CODES if not re.search(rf"^\| `{code}` \|", guide, re.M)]
    assert not missing, f"rules/README.md does not list {missing}"


@pytest.mark.parametrize("code", sorted(CODES))
def test_the_fixture_of_each_code_gets_that_code_with_file_line_and_id(code, tmp_path, monkeypatch):
    fixture = yaml.safe_load((LINT_FIXTURES / f"{code}.yml").read_text(encoding="utf-8"))
    rules = Path(shutil.copytree(RULES, tmp_path / "rules"))
    apply_lint_fixture(fixture, rules, monkeypatch)
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    problems = caught.value.problems
    assert all(re.match(r"^rules/\S+(:\d+)?: ", str(p)) and "\n" not in str(p) for p in problems), problems
    expect = fixture["expect"]
    wanted = [p for p in problems if p.code == code and p.file == f"rules/{expect['file']}"
              and expect["message"] in p.message]
    assert wanted, "\n".join(map(str, problems))
    problem = wanted[0]
    if "id" in expect:
        assert problem.id == expect["id"], str(problem)
    if "line_of" in expect:
        assert problem.line == expected_line(expect, rules), str(problem)


@pytest.mark.parametrize("file, old, new, expected", [
    ("faraway/game.yml", "{id: pick-order, rank: 5, pages: [9]}", "{id: pick-order, rank: 5, pages: [9], note: x}",
     "pick-order: RR003 unknown key 'note' in an entry"),
    ("faraway/questions.yml", "    check: center_left\n    givens: {players: 4", "    check: center_left\n    mood: x\n    givens: {players: 4",
     "centre-after-two-took: RR003 unknown key 'mood' in a question"),
    ("faraway/questions.de.yml", "seed-10-52-31:\n", "seed-10-52-31:\n  hint: x\n",
     "seed-10-52-31: RR003 unknown key 'hint' in a question's texts"),
    ("ui.fr.yml", "sections:\n", "sections:\n  extra:\n    deep: x\n", "ui.fr.yml:13: RR005 sections.extra must be text, not a mapping"),
])
def test_the_schema_rejects_what_it_does_not_know_in_every_kind_of_file(tmp_path, file, old, new, expected):
    rules = Path(shutil.copytree(RULES, tmp_path / "rules"))
    path = rules / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    assert expected in str(caught.value), str(caught.value)
