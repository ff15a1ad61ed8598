"""Offline: after one visit, every page of the visitor's language opens with the network gone."""
from __future__ import annotations

import pytest

from conftest import lang_prefix


def wait_until_cached(page):
    page.wait_for_function("document.documentElement.getAttribute('data-rr-offline') === 'ready'", timeout=30000)


@pytest.mark.parametrize("lang", ["de", "tr"])
def test_whole_language_works_offline_after_one_visit(browser, server, lang):
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}{lang_prefix(lang)}")
    wait_until_cached(page)
    context.set_offline(True)
    for path in ["faraway/quiz/", "farkle/", "farkle/odds/", "faraway/teach/"]:
        response = page.goto(f"{server}{lang_prefix(lang)}{path}")
        assert response is not None and response.ok, path
        assert page.locator("html").get_attribute("lang") == lang
        assert page.locator("h1").count() == 1
    # practice and the calculator fetch their JSON from the cache too
    page.goto(f"{server}{lang_prefix(lang)}farkle/")
    page.locator(".rr-die").first.click()
    page.wait_for_function("document.querySelector('.rr-calc-result').textContent.length > 0")
    assert errors == []
    context.close()


def test_a_new_build_replaces_the_cache(browser, server):
    context = browser.new_context()
    page = context.new_page()
    page.goto(server)
    wait_until_cached(page)
    build = page.evaluate("fetch('offline.json').then(r => r.json()).then(m => m.build)")
    keys = page.evaluate("caches.keys()")
    assert keys == [f"rr-{build}-en"]
    context.close()
