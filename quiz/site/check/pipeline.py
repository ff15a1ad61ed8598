"""Loads rules/ and checks everything a build needs: the content, the lint across languages, and every quiz question.
A draft game (`draft: true`) with problems, even one that does not load, is left out of a build instead of stopping
it; `mkdocs serve` still shows a draft whose only problems are unfinished texts."""
from __future__ import annotations

from pathlib import Path

from quiz.site.load import codes
from quiz.site.check import lint, table_answers
from quiz.site.check.verify import verify_site
from quiz.site.load.content import Site
from quiz.site.load.loader import load_content
from quiz.site.load.problems import Problem, Problems

# unfinished texts and too few questions: the pages still render
DRAFT_SHOWABLE = {codes.TODO_LEFT.number, codes.QUESTION_COUNT.number}


def load_site(root: Path, verify: bool = True, show_drafts: bool = False) -> Site:
    """Load and validate everything under rules/ (and check every quiz question); raise ContentError listing every
    problem, one line each. Drafts with problems go to site.drafts instead. (A build does the same, keeping what it can:
    quiz/site/build.py.)"""
    site = load_content(root)   # a draft that does not even load is in site.drafts already
    problems = Problems(root)
    lint.lint_site(site, problems)
    set_drafts_aside(site, problems, show_drafts)
    problems.raise_if_any()
    if verify:
        verify_site(site, problems)
        table_answers.verify_tables(site, problems)
        set_drafts_aside(site, problems, show_drafts)
        problems.raise_if_any()
    return site


def set_drafts_aside(site: Site, problems: Problems, show: bool) -> None:
    """Move each draft game's problems from `problems` to site.drafts; leave the draft out unless it may be shown."""
    for game in [g for g in site.games if g.raw.get("draft")]:
        prefix = problems.display(game.dir) + "/"
        own: list[Problem] = [p for p in problems.items if p.file.startswith(prefix)]
        if not own:
            continue
        problems.items = [p for p in problems.items if p not in own]
        site.drafts.setdefault(game.id, []).extend(own)
        if not (show and all(p.code in DRAFT_SHOWABLE for p in own)):
            site.games.remove(game)
