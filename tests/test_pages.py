"""The built site, for every game and language found: every page, the refresher's numbers and entries (expected from
the YAML and Babel, not from the renderer), the teach page's two minutes, switcher links, no off-host loads."""
from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
from babel.numbers import format_decimal

from conftest import (DEFAULT_LANGUAGE, GAMES, ROOT, LANGUAGES, QUIZ_GAMES, all_pages, game_yml, lang_prefix, questions, texts,
                      ui_texts)

PLACEHOLDER = re.compile(r"\{([\w.]+)(?:\|[\w-]+)?\}")
WORDS_PER_MINUTE, SPOKEN_SECONDS_LIMIT = 150, 120


def read(site_dir: Path, lang: str, page: str) -> str:
    return (site_dir / lang_prefix(lang) / page / "index.html").read_text(encoding="utf-8")


def visible_text(page_html: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page_html)).split())


def sections(game: str, page: str = "refresher") -> dict[str, list[dict]]:
    return {s["section"]: s.get("entries") or [] for s in game_yml(game)[page]}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", all_pages())
def test_every_page_exists_in_every_language(site_dir, lang, page):
    assert f'<html lang="{lang}"' in read(site_dir, lang, page)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_refresher_holds_every_number_and_every_easy_to_forget_entry(site, site_dir, lang, game):
    """Each number row shows its label and its value: the text around the placeholders as typed, each fact as Babel
    writes it in that language. Each easy-to-forget entry has its anchor and the words of its title."""
    values = next(g for g in site.games if g.id == game).values()
    page = read(site_dir, lang, f"{game}/")
    text = visible_text(page)
    entries = texts(game, lang)["entries"]
    for entry in sections(game).get("numbers", []):
        value = entries[entry["id"]]["value"]
        assert " ".join(entries[entry["id"]]["label"].split()) in text, (lang, entry["id"])
        for chunk in PLACEHOLDER.split(value)[::2]:
            assert " ".join(chunk.split()) in text, (lang, entry["id"], chunk)
        for name in PLACEHOLDER.findall(value):
            assert " ".join(format_decimal(values[name], locale=lang).split()) in text, (lang, entry["id"], name)
    for entry in sections(game).get("forget", []):
        assert f'id="{entry["id"]}"' in page, entry["id"]
        for words in PLACEHOLDER.split(entries[entry["id"]]["title"])[::2]:
            assert " ".join(words.split()) in text, (lang, entry["id"], words)


@pytest.mark.parametrize("game", GAMES)
def test_easy_to_forget_is_sorted_by_rank(site_dir, game):
    page = read(site_dir, LANGUAGES[0], f"{game}/")
    ranked = sorted(sections(game).get("forget", []), key=lambda e: e["rank"])
    positions = [page.index(f'id="{e["id"]}"') for e in ranked]
    assert positions == sorted(positions)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", [g for g in GAMES if game_yml(g).get("rulebook")])
def test_page_refs_name_the_rulebook_in_every_language(site_dir, lang, game):
    label = texts(game, lang)["rulebook_ref"].split("{pages}")[0].strip()
    refs = re.findall(r'<span class="rr-ref">([^<]*)</span>', read(site_dir, lang, f"{game}/"))
    assert refs and all(html.unescape(ref).startswith(label) for ref in refs), (label, refs[:3])


def spoken_words(page_html: str, kinds: list[str]) -> int:
    """Words of the teach page's spoken sections, counted in the built page: from each section's heading to the next."""
    count = 0
    for kind in kinds:
        match = re.search(rf'<h2 id="{re.escape(kind)}">.*?</h2>(.*?)(?=<h2|<a href="\.\./"|$)', page_html, re.S)
        assert match, kind
        count += len(re.findall(r"[^\W_]+(?:['’-][^\W_]+)*", html.unescape(re.sub(r"<[^>]+>", " ", match.group(1)))))
    return count


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_teach_script_fits_two_minutes_read_aloud(site_dir, lang, game):
    spoken = [s["section"] for s in game_yml(game)["teach"] if s.get("spoken")]
    words = spoken_words(read(site_dir, lang, f"{game}/teach/"), spoken)
    assert 0 < words <= WORDS_PER_MINUTE * SPOKEN_SECONDS_LIMIT / 60, f"{lang}: {words} words"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", all_pages())
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
        assert 'hreflang' not in re.search(r"<head>.*?</head>", path.read_text(encoding="utf-8"), re.S).group(0), path


def test_sitemap_has_absolute_hreflang_alternates(site_dir):
    sitemap = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    site_url = re.search(r"<loc>(https?://[^<]*?/)(?:[a-z]{2}/)?" + re.escape(GAMES[0]), sitemap).group(1)
    for lang in LANGUAGES:
        assert f'hreflang="{lang}" href="{site_url}{lang_prefix(lang)}{GAMES[0]}/teach/"' in sitemap


@pytest.mark.parametrize("lang", LANGUAGES)
def test_site_name_per_language(site_dir, lang):
    site_name = ui_texts(lang)["site_name"]
    title = html.unescape(re.search(r"<title>(.*?)</title>", read(site_dir, lang, "")).group(1))
    assert site_name in title


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_quiz_answers_hide_in_details_and_link_to_their_rule(site_dir, lang, game):
    quiz = read(site_dir, lang, f"{game}/quiz/")
    refresher = read(site_dir, lang, f"{game}/")
    bank = questions(game)
    for question in bank:
        block = re.search(rf'<div class="rr-q"[^>]*id="q-{question["id"]}".*?</details>', quiz, re.S).group(0)
        assert "<details" in block and f'href="../#{question["rule"]}"' in block
        assert f'id="{question["rule"]}"' in refresher
    remember = re.findall(r'<div class="rr-q"[^>]*id="q-([\w-]+)"', refresher)
    assert remember == [q["id"] for q in bank if q.get("remember")]


def test_yaml_text_is_escaped_never_markup():
    from quiz.site.templating import escape

    assert escape('<script>alert(1)</script><img onerror="x">') == "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img onerror=&quot;x&quot;&gt;"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_navigation_names_each_game_in_the_language(site_dir, lang):
    page = read(site_dir, lang, f"{GAMES[0]}/")
    labels = [visible_text(label) for label in re.findall(r'<label class="md-nav__link[^"]*" for="__nav_\d+"[^>]*>(.*?)</label>',
                                                            page, re.S)]
    for game in GAMES:
        assert texts(game, lang)["name"] in labels, (lang, labels)


CONTENT_NAMED = re.compile(r"\.[0-9a-f]{8,}\.min\.(js|css)$")   # Material's own: a hash in the file's name


def asset_references(site_dir: Path, page: Path) -> list[tuple[str, str]]:
    """(file under assets/, address as the page names it, query included) for every script, stylesheet, icon and
    search worker a built page loads."""
    text = page.read_text(encoding="utf-8")
    refs = re.findall(r'<(?:script[^>]+src|link[^>]+href)="([^"]+)"', text)
    refs += re.findall(r'"search": "([^"]+)"', text)
    base = "http://x/" + page.relative_to(site_dir).as_posix()
    found = []
    for ref in refs:
        address = urlparse(urljoin(base, ref))
        path = address.path.lstrip("/")
        if path.startswith("assets/") and (site_dir / path).is_file():
            found.append((path, path + (f"?{address.query}" if address.query else "")))
    return found


def test_every_asset_a_page_loads_is_named_by_its_content_and_saved_under_that_name(site_dir):
    """The service worker answers an asset from its cache when its address names its content (Material's by a hash in
    the file name, ours by ?v=<digest>): a page of a new release can then never get an old release's script or style.
    offline.json lists each under the very address the pages of its language use."""
    manifest = json.loads((site_dir / "offline.json").read_text(encoding="utf-8"))["languages"]
    checked = set()
    for page in site_dir.rglob("*.html"):
        relative = page.relative_to(site_dir).as_posix()
        lang = next((code for code in LANGUAGES if lang_prefix(code) and relative.startswith(lang_prefix(code))),
                    DEFAULT_LANGUAGE)
        for path, address in asset_references(site_dir, page):
            if not CONTENT_NAMED.search(path):
                digest = hashlib.sha256((site_dir / path).read_bytes()).hexdigest()[:12]
                assert address == f"{path}?v={digest}", (relative, address)
            assert address in manifest[lang], (relative, address)
            checked.add(path)
    assert {"assets/site.css", "assets/site.js", "assets/quiz.js", "assets/dice.js"} <= checked


def test_the_search_stub_names_the_scripts_it_loads_and_each_is_saved_under_that_name(site_dir):
    """Our stub worker loads our search words and Material's worker by the names the build wrote into it (a ?worker=
    query did not survive the service worker's cache), the words by their content, as offline.json saves them."""
    workers = site_dir / "assets/javascripts/workers"
    stub = (workers / "rr-search-lazy.js").read_text(encoding="utf-8")
    worker = [path.name for path in workers.glob("search.*.min.js")]
    words = "rr-search-words.js?v=" + hashlib.sha256((workers / "rr-search-words.js").read_bytes()).hexdigest()[:12]
    assert len(worker) == 1 and f'"{words}","{worker[0]}"' in stub and "__SEARCH_" not in stub
    manifest = json.loads((site_dir / "offline.json").read_text(encoding="utf-8"))["languages"]
    for lang in LANGUAGES:
        assert {f"assets/javascripts/workers/{words}", f"assets/javascripts/workers/{worker[0]}"} <= set(manifest[lang])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_the_quiz_script_gets_every_text_it_shows_and_only_those(site_dir, lang, game):
    """quiz.js shows the texts the page hands it in data-ui (render.SCRIPT_TEXTS): each text it reads is there, in the
    page's language, and no text the page already shows in its markup rides along twice."""
    shown = set(re.findall(r"\bui\.(\w+)", (ROOT / "docs/assets/quiz.js").read_text(encoding="utf-8")))
    quiz = ui_texts(lang)["quiz"]
    for page in ("", "quiz/"):
        found = re.search(r'id="rr-game"[^>]* data-ui="([^"]*)"', read(site_dir, lang, f"{game}/{page}"))
        assert json.loads(html.unescape(found.group(1))) == {key: quiz[key] for key in shown}, page
