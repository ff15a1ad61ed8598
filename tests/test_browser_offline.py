"""Offline, in real Chromium: after one visit, every page of the visitor's language (every game) opens with the network
gone, its practice and calculator tables too; a new build replaces the cache and deletes the old one."""
from __future__ import annotations

import re
import shutil
import time

import pytest
from playwright.sync_api import expect

from browser_helpers import url
from conftest import LANGUAGES, all_pages, mkdocs, copy_repo, serve

pytestmark = pytest.mark.browser


def wait_for(condition, seconds: float = 30) -> None:
    """Poll a condition that needs an await in the page (caches.keys()), which wait_for_function does not wait for."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def wait_until_cached(page):
    page.wait_for_function("document.documentElement.getAttribute('data-rr-offline') === 'ready'", timeout=30000)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_of_the_language_works_offline_after_one_visit(browser, server, lang):
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url(server, lang, ""))
    wait_until_cached(page)
    context.set_offline(True)
    for path in all_pages():
        response = page.goto(url(server, lang, path))
        assert response is not None and response.ok, path
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("h1")).to_have_count(1)
        if page.locator(".rr-calc").count():        # the calculator's table comes from the cache too
            page.locator(".rr-calc .rr-die").first.click()
            expect(page.locator(".rr-calc-result").first).not_to_be_empty()
        if page.locator(".rr-practice-start").count():
            page.locator(".rr-practice-start").click()
            expect(page.locator(".rr-practice-q")).to_be_visible()
    assert errors == []
    context.close()


@pytest.mark.slow
def test_a_new_build_replaces_the_cache(browser, tmp_path):
    """Visit a build, then serve a second build (one text changed) at the same address: the new worker caches the
    new build and deletes the old cache."""
    repo = copy_repo(tmp_path / "repo")
    assert mkdocs(repo).returncode == 0
    served = tmp_path / "served"
    shutil.copytree(repo / "site", served)
    base, httpd = serve(served)
    try:
        context = browser.new_context()
        page = context.new_page()
        page.goto(base)
        wait_until_cached(page)
        first = page.evaluate("fetch('offline.json').then(r => r.json()).then(m => m.build)")
        assert page.evaluate("caches.keys()") == [f"rr-{first}-{LANGUAGES[0]}"]

        ui = repo / f"rules/ui.{LANGUAGES[0]}.yml"
        text = re.sub(r'(?m)^home_intro: "?', lambda m: m.group(0) + "New build. ", ui.read_text(encoding="utf-8"), count=1)
        ui.write_text(text, encoding="utf-8")
        assert mkdocs(repo).returncode == 0
        shutil.rmtree(served)
        shutil.copytree(repo / "site", served)
        second = page.evaluate("fetch('offline.json', {cache: 'no-store'}).then(r => r.json()).then(m => m.build)")
        assert second != first
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        wait_for(lambda: page.evaluate("caches.keys()") == [f"rr-{second}-{LANGUAGES[0]}"])
        page.reload()
        expect(page.locator("body")).to_contain_text("New build.")
        context.close()
    finally:
        httpd.shutdown()
