"""Loads rules/ and checks everything a build needs: the content, the lint across languages, and every quiz question."""
from __future__ import annotations

from pathlib import Path

from quiz.site import bank, lint
from quiz.site.content import Site, load_content
from quiz.site.problems import Problems


def load_site(root: Path, verify: bool = True) -> Site:
    """Load and validate everything under rules/ (and check every quiz question); raise ContentError listing every
    problem, one line each."""
    site = load_content(root)
    problems = Problems(root)
    lint.lint_site(site, problems)
    problems.raise_if_any()
    if verify:
        bank.verify_site(site, problems)
        problems.raise_if_any()
    return site
