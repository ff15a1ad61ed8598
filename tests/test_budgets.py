"""Byte budgets (deterministic, from the built files): a page's whole first load, and what our own code adds to it,
gzip-compressed; search, practice and calculator tables are not part of a first load."""
from __future__ import annotations

import json
import re
from urllib.parse import urljoin, urlparse

import pytest

from quiz.site.output.budgets import FIRST_LOAD_BUDGET, HTML_BUDGET, OWN_BUDGET
from rules_reading import LANGUAGES, all_pages, gzipped, lang_prefix

LAZY_JSON = ("practice.json",)   # and every calculator's table and score sheet's cards: fetched only when practice
                                 # starts, a die is tapped or the sheet is first used
OWN_EVERYWHERE = {"site.css", "site.js"}
PAGES = all_pages() + ["404.html"]


def gz(data: bytes) -> int:
    return len(gzipped(data))


def page_file(site_dir, page: str):
    return site_dir / page if page.endswith(".html") else site_dir / page / "index.html"


def loaded(site_dir, page_path: str, html: str) -> list:
    """Every file a page loads as it opens: scripts, stylesheets and icon it links, and the search worker Material
    starts from its __config (our stub until search is used)."""
    refs = re.findall(r'<(?:script[^>]+src|link[^>]+href)="([^"]+)"', html)
    config = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', html, re.S).group(1))
    refs.append(config["search"].split("?")[0])
    base = f"http://x/{page_path}"
    files = []
    for ref in refs:
        path = urlparse(urljoin(base, ref)).path.lstrip("/")
        if path.endswith((".js", ".css", ".svg", ".png", ".ico")):
            files.append(site_dir / path)
    return files


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_first_load_within_budget_and_nothing_of_search_before_it_is_used(site_dir, lang, page):
    page_path = f"{lang_prefix(lang)}{page}"
    html = page_file(site_dir, page_path).read_text(encoding="utf-8")
    files = loaded(site_dir, page_path, html)
    assert all(f.is_file() for f in files), [str(f) for f in files if not f.is_file()]
    names = {f.name for f in files}
    assert not any(n.startswith(("search.", "lunr.")) or n == "search_index.json" for n in names), names
    assert "rr-search-lazy.js" in names
    total = gz(html.encode()) + sum(gz(f.read_bytes()) for f in files)
    assert total <= FIRST_LOAD_BUDGET, f"{page_path}: {total} bytes gzip on first load"
    assert gz(html.encode()) <= HTML_BUDGET, f"{page_path}: HTML {gz(html.encode())} bytes gzip"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_each_page_loads_only_the_scripts_it_uses(site_dir, lang, page):
    page_path = f"{lang_prefix(lang)}{page}"
    html = page_file(site_dir, page_path).read_text(encoding="utf-8")
    own = {f for f in loaded(site_dir, page_path, html)
           if f.parent == site_dir / "assets" and f.suffix in (".js", ".css")}
    wanted = set(OWN_EVERYWHERE)
    if 'id="rr-game"' in html:
        wanted.add("quiz.js")
    if 'class="rr-calc"' in html:
        wanted.add("dice.js")
    if 'class="rr-sheet"' in html:
        wanted.add("sheet.js")
    if 'class="rr-list"' in html:
        wanted.add("rounds.js")
    assert {f.name for f in own} == wanted
    assert sum(gz(f.read_bytes()) for f in own) <= OWN_BUDGET


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_only_stylesheets_hold_up_the_first_paint(site_dir, lang, page):
    """Every script file is deferred (Material's bundle too): a phone on a slow line paints once the styles are in,
    without waiting for 35 KB of scripts it does not need to show the page."""
    html = page_file(site_dir, f"{lang_prefix(lang)}{page}").read_text(encoding="utf-8")
    scripts = re.findall(r"<script\b[^>]*\bsrc=[^>]*>", html)
    assert scripts and [tag for tag in scripts if not re.search(r"\s(defer|async)[\s>=]", tag)] == []


def test_lazy_json_is_not_loaded_by_the_page_itself(site_dir):
    for lang in LANGUAGES:
        for page in [page for page in all_pages() if page]:
            html = page_file(site_dir, f"{lang_prefix(lang)}{page}").read_text(encoding="utf-8")
            tables = re.findall(r'data-(?:table|advice|file)="([^"]+)"', html)
            for name in LAZY_JSON + tuple(tables):
                assert f'src="{name}"' not in html and f'href="{name}"' not in html
