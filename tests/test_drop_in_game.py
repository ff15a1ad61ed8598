"""A new game is one folder and one package: the fixture game's rules/pips/ and quiz/games/pips/, dropped into a copy of
the repository next to the real games, build into every page kind in every language with no other change."""
from __future__ import annotations

import json
import re

import pytest

from repo_copies import FIXTURE_ID, mkdocs, fixture_repo
from rules_reading import LANGUAGES, game_pages, lang_prefix

pytestmark = pytest.mark.slow


def test_the_fixture_game_added_to_the_real_ones_builds_everywhere(tmp_path, built_memo):
    repo = fixture_repo(tmp_path / "repo", with_real_games=True, memo=built_memo)
    result = mkdocs(repo)
    assert result.returncode == 0, result.stdout + result.stderr
    site = repo / "site"
    pages = game_pages(FIXTURE_ID, repo / "rules")
    assert pages == [f"{FIXTURE_ID}/", f"{FIXTURE_ID}/teach/", f"{FIXTURE_ID}/quiz/", f"{FIXTURE_ID}/odds/"]
    for lang in LANGUAGES:
        root = site / lang_prefix(lang)
        for page in pages:
            html = (root / page / "index.html").read_text(encoding="utf-8")
            assert f'<html lang="{lang}"' in html, (lang, page)
        assert f'href="{FIXTURE_ID}/"' in (root / "index.html").read_text(encoding="utf-8")
        refresher = (root / FIXTURE_ID / "index.html").read_text(encoding="utf-8")
        assert 'data-table="totals.json"' in refresher and (root / FIXTURE_ID / "totals.json").exists()
        assert len(re.findall(r'<div class="rr-q"', refresher)) == 3          # "Do you remember?"
        pool = json.loads((root / FIXTURE_ID / "quiz/practice.json").read_text(encoding="utf-8"))
        assert {item["kind"] for item in pool["variants"]} == {"number", "yesno", "choice", "order"}
        assert 'class="rr-chart"' in (root / FIXTURE_ID / "odds/index.html").read_text(encoding="utf-8")
    manifest = json.loads((site / "offline.json").read_text(encoding="utf-8"))
    assert all(any(url.startswith(f"{lang_prefix(lang)}{FIXTURE_ID}/") for url in manifest["languages"][lang])
               for lang in LANGUAGES)
