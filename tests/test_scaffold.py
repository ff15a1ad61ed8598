"""`python -m quiz new <id>` writes a new game's skeleton as a draft: `mkdocs serve` shows it, a build leaves it out
while any TODO is left, and publishes it once the lint and verify have nothing left to say."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from repo_copies import fixture_repo, mkdocs
from rules_reading import LANGUAGES, ROOT

pytestmark = pytest.mark.slow
NEW = "sky-team"


def run(repo, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=repo, capture_output=True, text=True, timeout=300)


def test_a_new_game_is_a_draft_until_every_todo_is_gone(tmp_path):
    # beside the fixture game, not the real ones, whose checks every verify and build below would repeat (36 s to 6 s)
    repo = fixture_repo(tmp_path / "repo")
    (repo / "tests").mkdir()
    made = run(repo, "-m", "quiz", "new", NEW)
    assert made.returncode == 0, made.stderr
    assert f"remove `draft: true` from rules/{NEW}/game.yml" in made.stdout    # where an author looks first
    files = {f"rules/{NEW}/{name}" for name in ("game.yml", "questions.yml")}
    files |= {f"rules/{NEW}/{stem}.{lang}.yml" for stem in ("text", "questions") for lang in LANGUAGES}
    files |= {f"quiz/games/sky_team/{name}.py" for name in ("__init__", "facts", "rules", "beliefs", "presentation")}
    files |= {"tests/test_sky_team_checker.py"}
    assert files <= {str(p.relative_to(repo)) for p in repo.rglob("*") if p.is_file()}

    again = run(repo, "-m", "quiz", "new", NEW)
    assert again.returncode == 1 and "exists already" in again.stderr

    verify = run(repo, "-m", "quiz", "verify")
    assert verify.returncode == 0, verify.stderr
    assert re.search(rf"draft {NEW}: left out of the site, \d+ problem\(s\) left", verify.stdout)
    assert all(" RR109 " in line for line in verify.stdout.splitlines() if line.startswith(f"  rules/{NEW}/"))

    style = run(repo, "-m", "ruff", "check", "--config", str(ROOT / "ruff.toml"), "quiz/games/sky_team", "tests")
    assert style.returncode == 0, style.stdout      # `make check` runs ruff first: the skeleton passes it
    checker_test = run(repo, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_sky_team_checker.py")
    assert checker_test.returncode == 0, checker_test.stdout
    # the skeleton's tests hold its engine to refusing a record that breaks a rule: an engine that takes any fails them
    engine = repo / "quiz" / "games" / "sky_team" / "engine.py"
    engine.write_text(engine.read_text(encoding="utf-8").replace("if len(set(players)) != len(players):", "if False:"),
                      encoding="utf-8")
    lenient = run(repo, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_sky_team_checker.py")
    assert lenient.returncode == 1 and "1 failed" in lenient.stdout, lenient.stdout
    assert "test_the_engine_refuses_a_record_that_breaks_a_rule" in lenient.stdout

    assert mkdocs(repo).returncode == 0
    assert not (repo / "site" / NEW).exists()
    served = run(repo, "-c", "from pathlib import Path; from quiz.site.check.pipeline import load_site; "
                             "print([g.id for g in load_site(Path('rules'), show_drafts=True).games])")
    assert NEW in served.stdout, served.stderr

    for path in (repo / "rules" / NEW).glob("*.yml"):
        path.write_text(re.sub(r"TODO:? ?", "", path.read_text(encoding="utf-8")), encoding="utf-8")
    built = mkdocs(repo)
    assert built.returncode == 0, built.stdout + built.stderr
    assert (repo / "site" / NEW / "index.html").exists() and (repo / "site" / NEW / "quiz" / "index.html").exists()
