"""Copies of the repository and of the fixture game Pips's rules, to break or add one thing at a time; MkDocs run in
them; and the lint fixtures (tests/lint_fixtures/) applied to a copy."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path


import quiz
import quiz.games
from rules_reading import ROOT, RULES, TESTS


FIXTURE_GAME = TESTS / "fixture_game"
FIXTURE_ID = "pips"
LINT_FIXTURES = TESTS / "lint_fixtures"
# The parts of a repository a site build needs; tests copy them to break or add one thing at a time.
BUILD_INPUTS = ("mkdocs.yml", "docs/assets", "docs/sw.js", "overrides", "quiz", "rules")


def use_fixture_checker() -> None:
    """Make quiz.games.pips importable for in-process tests without copying it into quiz/games/."""
    checker_dir = str(FIXTURE_GAME / "quiz" / "games")
    if checker_dir not in quiz.games.__path__:
        quiz.games.__path__.append(checker_dir)


def fixture_rules(target: Path) -> Path:
    """A rules/ folder with the site's interface texts and the fixture game only."""
    target.mkdir(parents=True, exist_ok=True)
    for path in RULES.glob("ui.*.yml"):
        shutil.copy(path, target)
    copy_fixture_game(target / FIXTURE_ID)
    use_fixture_checker()
    return target


def copy_fixture_game(target: Path) -> None:
    """The fixture game's rules as a game's folder in rules/: its files' $schema lines, written for where they stand
    (tests/fixture_game/rules/pips/, two folders deeper), say where the schemas are from rules/<game>/ (lint RR008)."""
    shutil.copytree(FIXTURE_GAME / "rules" / FIXTURE_ID, target)
    for path in target.glob("*.yml"):
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("$schema=../../../../", "$schema=../../", 1), encoding="utf-8")


def fixture_repo(target: Path, with_real_games: bool = False, memo: Path | None = None) -> Path:
    """A copy of the repository whose rules/ holds the fixture game (and the real games, if asked for)."""
    repo = copy_repo(target, memo)
    if not with_real_games:
        shutil.rmtree(repo / "rules")
        fixture_rules(repo / "rules")
    else:
        copy_fixture_game(repo / "rules" / FIXTURE_ID)
    shutil.copytree(FIXTURE_GAME / "quiz" / "games" / FIXTURE_ID, repo / "quiz" / "games" / FIXTURE_ID,
                    ignore=shutil.ignore_patterns("__pycache__"))
    return repo


def copy_repo(target: Path, memo: Path | None = None) -> Path:
    """The build's inputs; and, given a memo folder (the `built_memo` fixture), what it holds, so the copy builds as
    an author's working copy does, from what the last build kept: only what the test changes is made again. A test
    whose subject is what a build makes from nothing copies no memo."""
    for part in BUILD_INPUTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, target / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            (target / part).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / part)
    if memo is not None:
        from quiz.site.memo import FOLDER

        kept = target / FOLDER
        kept.mkdir(parents=True)
        for entry in memo.glob("*.pickle"):     # whole entries only: another test process may be writing one
            shutil.copy2(entry, kept / entry.name)
    return target


def mkdocs(cwd: Path, *args: str, site_url: str | None = None) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` in a folder; for site_url (SITE_URL), or mkdocs.yml's local default."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.pop("RULES_DIR", None)
    env.pop("SITE_URL", None)
    if site_url:
        env["SITE_URL"] = site_url
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def apply_lint_fixture(fixture: dict, rules: Path, monkeypatch=None) -> None:
    """Break a copy of the fixture rules the way a lint fixture (tests/lint_fixtures/<CODE>.yml) says (`real_games`:
    a real game's rules copied in beside the fixture game's, for a code only a real game's components can show)."""
    for game in fixture.get("real_games", []):
        shutil.copytree(RULES / game, rules / game)
    for name in fixture.get("delete", []):
        (rules / name).unlink()
    for target, source in (fixture.get("copy") or {}).items():
        shutil.copy(rules / source, rules / target)
    for edit in fixture.get("edits", []):
        path = rules / edit["file"]
        text = path.read_text(encoding="utf-8")
        if "regex" in edit:
            changed = re.sub(edit["regex"], edit["with"], text, count=1)
        else:
            assert edit["replace"] in text, f"fixture text {edit['replace']!r} not in {edit['file']}"
            changed = text.replace(edit["replace"], edit["with"], 1)
        assert changed != text, edit
        path.write_text(changed, encoding="utf-8")
    if "break_rule" in fixture:   # in-process only: a checker bug, simulated
        broken = fixture["break_rule"]
        checker_class, _ = quiz.games.contract(quiz.games.load(FIXTURE_ID))
        error = {"IndexError": IndexError, "KeyError": KeyError,
                 "ZeroDivisionError": ZeroDivisionError}[broken["raise"]]

        def crash(self, *args, **kwargs):
            raise error("a bug in the checker")
        crash.is_rule = True
        monkeypatch.setattr(checker_class, broken["rule"], crash)


def expected_line(expect: dict, rules: Path) -> int:
    """The line a fixture's problem names: where its `line_of` text stands after the edit, plus `line_offset`."""
    lines = (rules / expect["file"]).read_text(encoding="utf-8").splitlines()
    return next(i for i, text in enumerate(lines, 1) if expect["line_of"] in text) + expect.get("line_offset", 0)
