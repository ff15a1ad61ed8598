"""Byte budgets (deterministic): what our own code adds to a page's first load, gzip-compressed."""
from __future__ import annotations

import gzip
import re
from urllib.parse import urljoin, urlparse

import pytest

from conftest import GAMES, LANGUAGES, all_pages, lang_prefix

OWN_BUDGET = 30 * 1024          # our own JS + CSS + JSON on a page's first load, gzip
HTML_BUDGET = 16 * 1024         # one page's HTML, gzip
LAZY_JSON = ("practice.json",)   # and every calculator's table: fetched only when practice starts or a die is tapped


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def own_assets(site_dir, page_path: str, html: str) -> list:
    """Stylesheets and scripts of ours (not Material's) that a page loads."""
    refs = re.findall(r'<(?:script[^>]+src|link[^>]+href)="([^"]+\.(?:js|css|json))"', html)
    files = []
    for ref in refs:
        path = urlparse(urljoin(f"http://x/{page_path}", ref)).path.lstrip("/")
        if not path.startswith("assets/javascripts/") and not path.startswith("assets/stylesheets/"):
            files.append(site_dir / path)
    return files


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", all_pages())
def test_own_first_load_bytes_within_budget(site_dir, lang, kind):
    page_path = f"{lang_prefix(lang)}{kind}"
    html = (site_dir / page_path / "index.html").read_text(encoding="utf-8")
    assets = own_assets(site_dir, page_path, html)
    assert {a.name for a in assets} == {"site.css", "common.js", "quiz.js", "dice.js", "offline.js"}
    total = sum(gz(a.read_bytes()) for a in assets)
    assert total <= OWN_BUDGET, f"{page_path}: {total} bytes gzip"
    assert gz(html.encode()) <= HTML_BUDGET, f"{page_path}: HTML {gz(html.encode())} bytes gzip"


def test_lazy_json_is_not_loaded_by_the_page_itself(site_dir):
    for lang in LANGUAGES:
        for game in GAMES:
            html = (site_dir / f"{lang_prefix(lang)}{game}/index.html").read_text(encoding="utf-8")
            tables = re.findall(r'data-table="([^"]+)"', html)
            for name in LAZY_JSON + tuple(tables):
                assert f'src="{name}"' not in html and f'href="{name}"' not in html
