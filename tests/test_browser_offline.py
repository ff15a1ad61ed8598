"""Offline and across releases, in real Chromium: after one visit, every page of the visitor's language (every game)
opens with the network gone, under every address that names it, its practice and calculator tables too; a page not
saved gets a fallback in its language; on a slow line the saved page opens; a page changed on the server shows on the
first online load, with the assets of its own release; a new build replaces the cache and deletes the old one."""
from __future__ import annotations

import re
import shutil
import time

import pytest
import yaml
from playwright.sync_api import expect

from browser_helpers import in_states, search
from browsing import SAVED, Visitor, serve, visitor_context
from repo_copies import copy_repo, mkdocs
from rules_reading import DEFAULT_LANGUAGE, GAMES, LANGUAGES, RULES, all_pages, lang_prefix, texts, ui_texts

pytestmark = pytest.mark.browser
RELEASE_STYLE = "getComputedStyle(document.documentElement).getPropertyValue('--rr-release').trim()"


def wait_for(condition, seconds: float = 60) -> None:
    """Poll a condition that needs an await in the page (caches.keys()), which wait_for_function does not wait for."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


@in_states("offline")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_of_the_language_works_offline_after_one_visit(visitor, lang):
    page = visitor.open(lang)
    for path in all_pages():
        response = page.goto(visitor.url(lang, path))
        assert response is not None and response.ok, path
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("h1")).to_have_count(1)
        if page.locator(".rr-calc").count():        # the calculator's table comes from the cache too
            page.locator(".rr-calc .rr-die").first.click()
            expect(page.locator(".rr-calc-result").first).not_to_be_empty()
        if page.locator(".rr-practice-start").count():
            page.locator(".rr-practice-start").click()
            expect(page.locator(".rr-practice-q")).to_be_visible()
    assert page.console_errors == []


@in_states("offline")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_offline_a_saved_page_opens_under_every_address_that_names_it(visitor, lang):
    """Without its closing slash (sent on to the address with it, so its links hold), as index.html, and with the query
    a search result (?h=) or a search link (?q=) adds. Each page under each of these addresses in one language, the
    languages taking turns: every language meets every kind of address, on some pages."""
    page = visitor.open(lang)
    title = {}
    for path in all_pages():
        page.goto(visitor.url(lang, path))
        title[path] = page.locator(".md-content h1").inner_text()
    turn = LANGUAGES.index(lang)
    for number, path in enumerate(all_pages()):
        addresses = [path + "index.html", path + "?h=rule", path + "?q=rule"] + ([path.rstrip("/")] if path else [])
        for address in [a for kind, a in enumerate(addresses) if (kind + number) % len(LANGUAGES) == turn]:
            response = page.goto(visitor.url(lang, address))
            assert response is not None and response.ok, address
            expect(page.locator(".md-content h1")).to_have_text(title[path])   # ?q= opens search: its results have h1s
            if address == path.rstrip("/") and path:
                expect(page).to_have_url(visitor.url(lang, path))
    assert page.console_errors == []


@in_states("offline")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_offline_a_page_not_saved_gets_a_page_in_its_own_language_linking_to_what_was(visitor, lang):
    """Save another language, go offline, open a page of this one: the fallback speaks this language, names what is
    saved, and its links open."""
    saved = next(other for other in LANGUAGES if other != lang)
    ui = ui_texts(lang)
    saved_home = yaml.safe_load((RULES / f"ui.{saved}.yml").read_text(encoding="utf-8"))["home_title"]
    page = visitor.open(saved)
    page.goto(visitor.url(lang, all_pages()[-1]))
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("h1")).to_have_text(ui["offline"]["title"])
    expect(page.locator("body")).to_contain_text(ui["offline"]["saved"])
    links = page.locator("#rr-saved a")
    expect(links.first).to_be_visible()
    assert links.count() == len(all_pages())               # every page of the saved language, its home included
    page.locator("#rr-saved").get_by_role("link", name=saved_home, exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", saved)
    expect(page.locator("h1")).to_have_text(saved_home)
    assert page.console_errors == []


@in_states("first-visit", "sw-controlled", "offline")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_offline_page_at_its_own_address_loads_nothing_else_and_logs_nothing(visitor, lang):
    """Self-contained: no stylesheet, script or icon to fetch (with no icon named, the browser asks for /favicon.ico,
    which the site does not have: a 404 in the console, and nothing answers it offline)."""
    page = visitor.open(lang)
    # The browser's own requests too (an icon), which the page's events do not show; not the service worker's tries
    # at the network while offline, which it answers from its cache.
    failed = []
    page.context.on("response", lambda response: response.status >= 400 and failed.append(response.url))
    page.context.on("requestfailed", lambda request: request.service_worker is None and failed.append(request.url))
    response = page.goto(visitor.url(lang, "offline.html"))
    assert response is not None and response.ok
    expect(page.locator("h1")).to_have_text(ui_texts(lang)["offline"]["title"])
    page.wait_for_load_state("networkidle")
    assert failed == [] and page.console_errors == [] and page.bad_responses == []


@pytest.fixture
def visitor_on_a_copy(request, browser, site_dir, tmp_path):
    """A Visitor (in the state the test names) on a copy of the built site, which the test may change on the server."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    guest = Visitor(browser, copy, request.param)
    yield guest
    guest.close()


def release(site, page: str, words: str, new_style: str | None = None) -> None:
    """A new release of one page (a folder under the site) on the server: its heading begins with `words`; with
    new_style, it loads a new version of site.css that adds it (the old one stays, for the old release's pages)."""
    page_file = site / page / "index.html"
    html = page_file.read_text(encoding="utf-8")
    html = re.sub(r"(<h1[^>]*>)", lambda m: m.group(1) + words + " ", html, count=1)
    if new_style:
        css = site / "assets/site.css"
        (site / "assets/site.new.css").write_text(css.read_text(encoding="utf-8") + new_style, encoding="utf-8")
        html, count = re.subn(r"assets/site\.css\?v=[0-9a-f]+", "assets/site.new.css?v=1", html)
        assert count == 1
    page_file.write_text(html, encoding="utf-8")


@pytest.mark.parametrize("visitor_on_a_copy", ["after-release"], indirect=True)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_page_changed_on_the_server_shows_on_the_first_online_load_with_its_own_assets(visitor_on_a_copy, lang):
    visitor = visitor_on_a_copy
    game = GAMES[0]
    page = visitor.open(lang, f"{game}/")
    saved_title = page.locator("h1").inner_text()
    release(visitor.site, f"{lang_prefix(lang)}{game}", "Released", ":root { --rr-release: 2; }")
    page.goto(visitor.url(lang, f"{game}/"))                  # the first load after the release
    expect(page.locator("h1")).to_have_text(f"Released {saved_title}")
    assert page.evaluate(RELEASE_STYLE) == "2"
    page.goto(visitor.url(lang, f"{game}/teach/"))            # a page of the old release keeps its own style
    assert page.evaluate(RELEASE_STYLE) == ""
    assert page.console_errors == []


@pytest.mark.parametrize("visitor_on_a_copy", ["slow-line"], indirect=True)
@pytest.mark.parametrize("lang", LANGUAGES[:1])
def test_on_a_slow_line_the_saved_page_opens_without_waiting_for_the_network(visitor_on_a_copy, lang):
    """A server that answers later than the service worker waits (its NETWORK_TIMEOUT): the saved copy opens (the
    changed page on the server would only come 10 s later), and its search works from the saved index."""
    visitor = visitor_on_a_copy
    game = GAMES[0]
    page = visitor.open(lang, f"{game}/")
    saved_title = page.locator("h1").inner_text()
    release(visitor.site, f"{lang_prefix(lang)}{game}", "Released")
    page.goto(visitor.url(lang, f"{game}/"))
    expect(page.locator("h1")).to_have_text(saved_title)
    search(page, texts(game, lang)["name"].split()[0], timeout=30000)


@pytest.mark.slow
@pytest.mark.parametrize("state", ["after-release"])
def test_a_new_build_shows_on_the_first_online_load_and_replaces_the_cache(browser, tmp_path, built_memo, state):
    """Visit a build, then serve a second build (a text, a style and a word to search for changed) at the same
    address: the first load shows the new text in the new style, search finds the new word, and the new worker caches
    the new build and deletes the old cache."""
    lang = DEFAULT_LANGUAGE
    repo = copy_repo(tmp_path / "repo", built_memo)
    assert mkdocs(repo).returncode == 0
    served = tmp_path / "served"
    shutil.copytree(repo / "site", served)
    base, httpd = serve(served)
    try:
        context = visitor_context(browser, state)
        page = context.new_page()
        page.goto(base)
        page.wait_for_function(SAVED, timeout=60000)
        first = page.evaluate("fetch('offline.json').then(r => r.json()).then(m => m.build)")
        assert page.evaluate("caches.keys()") == [f"rr-{first}-{lang}"]

        ui = repo / f"rules/ui.{lang}.yml"
        text = re.sub(r'(?m)^home_intro: "?', lambda m: m.group(0) + "New build with zebrafinches. ",
                      ui.read_text(encoding="utf-8"), count=1)
        ui.write_text(text, encoding="utf-8")
        css = repo / "docs/assets/site.css"
        css.write_text(css.read_text(encoding="utf-8") + "\n:root { --rr-release: 2; }\n", encoding="utf-8")
        assert mkdocs(repo).returncode == 0
        shutil.rmtree(served)
        shutil.copytree(repo / "site", served)
        second = page.evaluate("fetch('offline.json', {cache: 'no-store'}).then(r => r.json()).then(m => m.build)")
        assert second != first

        page.goto(base)                                              # the first online load after the release
        expect(page.locator("body")).to_contain_text("New build with zebrafinches.")
        assert page.evaluate(RELEASE_STYLE) == "2"
        search(page, "zebrafinch", timeout=30000)
        wait_for(lambda: page.evaluate("caches.keys()") == [f"rr-{second}-{lang}"])
        context.close()
    finally:
        httpd.shutdown()
