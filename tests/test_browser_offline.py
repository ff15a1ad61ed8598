"""Offline, in real Chromium: after one visit, every page of the visitor's language (every game) opens with the network
gone, its practice and calculator tables too; a page not saved gets a page in its language; a new build replaces the
cache and deletes the old one."""
from __future__ import annotations

import re
import shutil
import time

import pytest
import yaml
from playwright.sync_api import expect

from browser_helpers import in_states
from conftest import (DEFAULT_LANGUAGE, LANGUAGES, RULES, SAVED, all_pages, copy_repo, mkdocs, serve, ui_texts,
                      visitor_context)

pytestmark = pytest.mark.browser


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


@pytest.mark.slow
@pytest.mark.parametrize("state", ["after-release"])
def test_a_new_build_replaces_the_cache(browser, tmp_path, state):
    """Visit a build, then serve a second build (one text changed) at the same address: the new worker caches the
    new build and deletes the old cache."""
    lang = DEFAULT_LANGUAGE
    repo = copy_repo(tmp_path / "repo")
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
        text = re.sub(r'(?m)^home_intro: "?', lambda m: m.group(0) + "New build. ", ui.read_text(encoding="utf-8"), count=1)
        ui.write_text(text, encoding="utf-8")
        assert mkdocs(repo).returncode == 0
        shutil.rmtree(served)
        shutil.copytree(repo / "site", served)
        second = page.evaluate("fetch('offline.json', {cache: 'no-store'}).then(r => r.json()).then(m => m.build)")
        assert second != first
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        wait_for(lambda: page.evaluate("caches.keys()") == [f"rr-{second}-{lang}"])
        page.reload()
        expect(page.locator("body")).to_contain_text("New build.")
        context.close()
    finally:
        httpd.shutdown()
