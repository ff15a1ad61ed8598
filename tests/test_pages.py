"""The built site: every page in every language, the refresher's numbers and entries, switcher links, no off-host loads."""
from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from conftest import LANGUAGES, lang_prefix
from quiz.site.content import WORDS_PER_MINUTE, SPOKEN_SECONDS_LIMIT
from quiz.site.pipeline import load_site
from quiz.site.render import Writer, spoken_words

SITE = load_site(Path(__file__).resolve().parent.parent / "rules")
PAGES = ["", "faraway/", "faraway/teach/", "faraway/quiz/", "farkle/", "farkle/teach/", "farkle/quiz/", "farkle/odds/"]
GAMES = {g.id: g for g in SITE.games}


def read(site_dir: Path, lang: str, page: str) -> str:
    return (site_dir / lang_prefix(lang) / page / "index.html").read_text(encoding="utf-8")


def visible_text(page_html: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page_html))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_exists_in_every_language(site_dir, lang, page):
    text = read(site_dir, lang, page)
    assert f'<html lang="{lang}"' in text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_refresher_holds_every_number_and_every_easy_to_forget_entry(site_dir, lang, game):
    game = GAMES[game]
    page = read(site_dir, lang, f"{game.id}/")
    text = " ".join(visible_text(page).split())
    wording, values = game.wording(lang), game.values()
    entries = game.texts[lang]["entries"]
    numbers = next(s for s in game.pages["refresher"] if s.kind == "numbers")
    for entry in numbers.entries:
        value = wording.fill(entries[entry.id]["value"], values)
        assert " ".join(value.split()) in text, (lang, entry.id)
        for number in re.findall(r"\d+", value):
            assert number in text
    forget = next(s for s in game.pages["refresher"] if s.kind == "forget")
    for entry in forget.entries:
        assert f'id="{entry.id}"' in page, entry.id
        assert " ".join(wording.fill(entries[entry.id]["right"], values).split()) in text, entry.id


def test_easy_to_forget_is_sorted_by_rank(site_dir):
    game = SITE.games[0]
    forget = next(s for s in game.pages["refresher"] if s.kind == "forget")
    page = read(site_dir, "en", f"{game.id}/")
    positions = [page.index(f'id="{e.id}"') for e in sorted(forget.entries, key=lambda e: e.rank)]
    assert positions == sorted(positions)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_refs_are_labelled_as_the_german_rulebook(site_dir, lang):
    page = visible_text(read(site_dir, lang, "faraway/"))
    assert ("Regelheft S. 8" in page) == (lang == "de")
    if lang != "de":
        assert re.search(r"(?i)(german|allemand|almanca)\D{0,40}\b8\b", page)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_teach_script_fits_two_minutes_read_aloud(lang, game):
    game = GAMES[game]
    words = spoken_words(Writer(SITE, game, lang).spoken_text())
    assert 0 < words <= WORDS_PER_MINUTE * SPOKEN_SECONDS_LIMIT / 60, f"{lang}: {words} words"


def test_word_count_counts_words():
    assert spoken_words("“Over 8 rounds we each lay a row – l’okiko, Bölge'nin.”") == 10


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_language_switcher_links_resolve_to_the_same_page(site_dir, lang, page):
    text = read(site_dir, lang, page)
    links = dict((l, h) for h, l in re.findall(r'<a href="([^"]+)" hreflang="(\w+)" class="md-select__link"', text))
    assert set(links) == set(LANGUAGES)
    base = f"http://x/{lang_prefix(lang)}{page}"
    for target_lang, href in links.items():
        target = urlparse(urljoin(base, href)).path
        assert target == f"/{lang_prefix(target_lang)}{page}"
        assert (site_dir / target.lstrip("/") / "index.html").exists()


def test_nothing_is_loaded_from_another_host(site_dir):
    offenders = []
    for path in site_dir.rglob("*"):
        if path.suffix not in {".html", ".css", ".js"}:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".html":
            urls = re.findall(r'<(?:script|link|img|iframe|source|video|audio)\b[^>]*?(?:src|href)="(https?:)?//([^"/]+)', text)
            urls = [host for scheme, host in urls if not host.startswith("127.0.0.1")]
        else:
            urls = re.findall(r'(?:@import\s+(?:url\()?|url\()\s*["\']?(?:https?:)?//([^"\')\s]+)', text)
        offenders += [f"{path.relative_to(site_dir)}: {u}" for u in urls]
    assert not offenders, offenders


def test_no_page_declares_alternates_that_trigger_sitemap_fetches(site_dir):
    for path in site_dir.rglob("index.html"):
        assert 'rel="alternate"' not in path.read_text(encoding="utf-8"), path


def test_sitemap_has_absolute_hreflang_alternates(site_dir):
    sitemap = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        assert f'hreflang="{lang}" href="http://127.0.0.1:8000/{lang_prefix(lang)}faraway/teach/"' in sitemap


@pytest.mark.parametrize("lang", LANGUAGES)
def test_site_name_per_language(site_dir, lang):
    title = re.search(r"<title>(.*?)</title>", read(site_dir, lang, "")).group(1)
    assert html.unescape(title).endswith(SITE.ui[lang]["site_name"]) or SITE.ui[lang]["site_name"] in html.unescape(title)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_quiz_answers_hide_in_details_and_link_to_their_rule(site_dir, lang, game):
    game = GAMES[game]
    quiz = read(site_dir, lang, f"{game.id}/quiz/")
    refresher = read(site_dir, lang, f"{game.id}/")
    for question in game.questions:
        block = re.search(rf'<div class="rr-q"[^>]*id="q-{question.id}".*?</details>', quiz, re.S).group(0)
        assert "<details" in block and f'href="../#{question.rule}"' in block
        assert f'id="{question.rule}"' in refresher
    remember = re.findall(r'<div class="rr-q"[^>]*id="q-([\w-]+)"', refresher)
    assert remember == [q.id for q in game.questions if q.remember] and len(remember) == 3


def test_quiz_text_escapes_markup(tmp_path):
    """Text from YAML is data: a <script> in a question shows as text."""
    from quiz.site.render import escape
    assert escape('<script>alert(1)</script><img onerror="x">') == "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img onerror=&quot;x&quot;&gt;"
