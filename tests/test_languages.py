"""Languages live in one place, the i18n plugin's list in mkdocs.yml: a fifth language is configuration and YAML only."""
from __future__ import annotations

import json
import re
import shutil

import pytest

from conftest import copy_repo, mkdocs
from quiz.site.languages import site_languages

pytestmark = pytest.mark.slow   # builds a copy of the site

NEW = "nl"   # Dutch: Babel, Material and lunr know it; its CLDR plural forms (one, other) are English's


def test_the_site_languages_are_the_i18n_plugins():
    languages = site_languages()
    assert languages.default == languages.codes[0] and len(set(languages.codes)) == len(languages.codes) >= 2


def test_a_fifth_language_needs_no_code_change(tmp_path):
    repo = copy_repo(tmp_path / "repo")
    config = repo / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    last = list(re.finditer(r"(?m)^        - locale: \w+\n(?:          .*\n)+", text))[-1]
    entry = f"        - locale: {NEW}\n          name: Nederlands\n          build: true\n"
    config.write_text(text[:last.end()] + entry + text[last.end():], encoding="utf-8")
    default = site_languages().default
    rules = repo / "rules"
    shutil.copy(rules / f"ui.{default}.yml", rules / f"ui.{NEW}.yml")
    for game in (p.parent for p in rules.glob("*/game.yml")):
        for stem in ("text", "questions"):
            if (game / f"{stem}.{default}.yml").exists():
                shutil.copy(game / f"{stem}.{default}.yml", game / f"{stem}.{NEW}.yml")
    result = mkdocs(repo)
    assert result.returncode == 0, result.stdout + result.stderr
    site = repo / "site"
    games = sorted(p.parent.name for p in rules.glob("*/game.yml"))
    for game in games:
        page = (site / NEW / game / "index.html").read_text(encoding="utf-8")
        assert f'<html lang="{NEW}"' in page and f'hreflang="{NEW}"' in page
    assert (site / NEW / "404.html").exists()
    index = json.loads((site / NEW / "search/search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == [NEW] and index["docs"]
    manifest = json.loads((site / "offline.json").read_text(encoding="utf-8"))
    assert set(manifest["languages"]) == set(site_languages().codes) | {NEW}
    assert f"assets/javascripts/lunr/min/lunr.{NEW}.min.js" in manifest["languages"][NEW]
