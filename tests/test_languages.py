"""Languages live in one place, the i18n plugin's list in mkdocs.yml: a fifth language is
configuration and YAML only."""
from __future__ import annotations

import json
import re
import shutil

import pytest

from repo_copies import copy_repo, mkdocs
from rules_reading import published_games
from quiz.site.load.languages import site_languages

pytestmark = pytest.mark.slow   # builds a copy of the site

NEW = "nl"   # Dutch: Babel, Material and lunr know it; its CLDR plural forms (one, other) are English's


def test_the_site_languages_are_the_i18n_plugins_default_first_whatever_the_order(tmp_path):
    """A config, written by hand, whose default language is listed neither first nor alone, with one not built, a
    !ENV tag and a Python tag as mkdocs.yml has them."""
    config = tmp_path / "mkdocs.yml"
    config.write_text("""site_url: !ENV [SITE_URL, "http://127.0.0.1:8000/"]
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
plugins:
  - search
  - i18n:
      docs_structure: folder
      languages:
        - locale: fr
          name: Français
          build: true
        - locale: nl
          name: Nederlands
          build: false
        - locale: tr
          name: Türkçe
        - locale: de
          name: Deutsch
          default: true
        - locale: en
""", encoding="utf-8")
    languages = site_languages(config)
    assert (languages.codes, languages.default) == (("de", "fr", "tr", "en"), "de")
    assert [languages.name(code) for code in languages.codes] == ["Deutsch", "Français", "Türkçe", "en"]
    assert [languages.prefix(code) for code in languages.codes] == ["", "fr/", "tr/", "en/"]
    real = site_languages()
    assert len(set(real.codes)) == len(real.codes) >= 2 and real.default in real.codes


def test_a_fifth_language_needs_no_code_change(tmp_path, built_memo):
    repo = copy_repo(tmp_path / "repo", built_memo)
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
    for game in published_games(rules):
        page = (site / NEW / game / "index.html").read_text(encoding="utf-8")
        assert f'<html lang="{NEW}"' in page and f'hreflang="{NEW}"' in page
    assert (site / NEW / "404.html").exists()
    index = json.loads((site / NEW / "search/search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == [NEW] and index["docs"]
    manifest = json.loads((site / "offline.json").read_text(encoding="utf-8"))
    assert set(manifest["languages"]) == set(site_languages().codes) | {NEW}
    assert f"assets/javascripts/lunr/min/lunr.{NEW}.min.js" in manifest["languages"][NEW]
