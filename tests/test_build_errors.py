"""Bad input stops `mkdocs build` with one line per problem, no traceback, and leaves the last good site/ untouched:
one lint fixture per layer, built on a copy of the repository that holds the fixture game."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

import yaml

from repo_copies import FIXTURE_ID, LINT_FIXTURES, apply_lint_fixture, expected_line, fixture_repo, mkdocs

pytestmark = pytest.mark.slow


def snapshot(site: Path) -> dict[str, str]:
    return {str(p.relative_to(site)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in site.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def good_repo(tmp_path_factory) -> Path:
    repo = fixture_repo(tmp_path_factory.mktemp("repo"))
    result = mkdocs(repo)
    assert result.returncode == 0, result.stderr
    return repo


@pytest.fixture
def repo(good_repo, tmp_path) -> Path:
    """A fresh copy of the repository together with its last good site/."""
    import shutil

    target = tmp_path / "repo"
    shutil.copytree(good_repo, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


# One lint fixture per layer: the YAML, the schema, the translations, the structure, the quiz.
CODES = ["RR001", "RR003", "RR103", "RR113", "RR201", "RR301", "RR302", "RR303", "RR306"]


@pytest.mark.parametrize("code", CODES)
def test_bad_input_stops_the_build_cleanly(repo, code):
    fixture = yaml.safe_load((LINT_FIXTURES / f"{code}.yml").read_text(encoding="utf-8"))
    before = snapshot(repo / "site")
    apply_lint_fixture(fixture, repo / "rules")
    result = mkdocs(repo)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "Traceback" not in output
    expect = fixture["expect"]
    line = f":{expected_line(expect, repo / 'rules')}" if "line_of" in expect else ""
    wanted = f"rules/{expect['file']}{line}: " + (f"{expect['id']}: " if expect.get("id") else "") + code
    problem_lines = [text for text in output.splitlines() if text.startswith("rules/")]
    assert any(text.startswith(wanted) and expect["message"] in text for text in problem_lines), output
    assert snapshot(repo / "site") == before


def test_an_answer_not_of_its_kind_stops_the_build_with_one_line(repo):
    """It ended in `TypeError: unhashable type: 'list'` from wording.number, through the build's verifying process."""
    questions = repo / "rules" / FIXTURE_ID / "questions.yml"
    text = questions.read_text(encoding="utf-8")
    questions.write_text(text.replace("    answer: 8\n", "    answer: [not, an, answer]\n", 1), encoding="utf-8")
    before = snapshot(repo / "site")
    result = mkdocs(repo)
    output = result.stdout + result.stderr
    assert result.returncode != 0 and "Traceback" not in output, output
    assert f"rules/{FIXTURE_ID}/questions.yml:10: three-dice-total: RR005 questions.0.answer must be a whole number, " \
           "not a list" in output, output
    assert snapshot(repo / "site") == before


def test_a_slip_in_a_checker_stops_the_build_with_one_line_naming_where(repo):
    """A typo in a game's code (a NameError) ended in a full traceback: now one line with the file, the line and the
    error, as a YAML problem is said, and the last good site/ stays."""
    line = slip_into_the_checker(repo)
    output = failed_build(repo)
    assert f"quiz/games/{FIXTURE_ID}/__init__.py:{line}: NameError: name 'targt' is not defined" in output, output


def failed_build(repo: Path) -> str:
    """`mkdocs build` in the copy: it fails without a traceback and leaves the last good site/ as it was; its output."""
    before = snapshot(repo / "site")
    result = mkdocs(repo)
    output = result.stdout + result.stderr
    assert result.returncode != 0 and "Traceback" not in output, output
    assert snapshot(repo / "site") == before
    return output


def slip_into_the_checker(repo: Path) -> int:
    """The fixture game's checker with a NameError on one line: that line's number."""
    checker = repo / "quiz" / "games" / FIXTURE_ID / "__init__.py"
    text = checker.read_text(encoding="utf-8")
    slipped = text.replace('{"top_total": self.rules.facts.dice *', '{"top_total": targt * self.rules.facts.dice *', 1)
    assert slipped != text
    checker.write_text(slipped, encoding="utf-8")
    return next(number for number, row in enumerate(slipped.splitlines(), 1) if "targt *" in row)


@pytest.mark.parametrize("command", ["lint", "verify"])
def test_a_slip_in_a_checker_is_one_line_from_the_command_line_too(repo, command):
    """`python -m quiz lint` and `verify` said a checker's NameError with a full traceback; the hook did not."""
    import subprocess
    import sys

    line = slip_into_the_checker(repo)
    result = subprocess.run([sys.executable, "-m", "quiz", command], cwd=repo, capture_output=True, text=True,
                            timeout=300, env={**__import__("os").environ, "RULES_DIR": str(repo / "rules")})
    output = result.stdout + result.stderr
    assert result.returncode == 1 and "Traceback" not in output, output
    assert output.strip() == f"quiz/games/{FIXTURE_ID}/__init__.py:{line}: NameError: name 'targt' is not defined", \
        output


def test_a_module_that_does_not_parse_is_named_not_the_import_that_met_it(repo):
    """A SyntaxError in the code that makes the site was said at the line that imported the broken module."""
    module = repo / "quiz" / "site" / "pages" / "sets_page.py"
    lines = module.read_text(encoding="utf-8").splitlines()
    lines.append("def broken(:")
    module.write_text("\n".join(lines) + "\n", encoding="utf-8")
    output = failed_build(repo)
    assert f"quiz/site/pages/sets_page.py:{len(lines)}: SyntaxError:" in output, output
