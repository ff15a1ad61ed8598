"""Published under a sub-path, as a GitHub project page is (SITE_URL=https://<owner>.github.io/<repository>/): built
for http://127.0.0.1:<port>/rr/ and served there by a host that answers a missing address with the root 404.html,
every page of every language opens clean, each language's not-found page searches that language, a missing address
under a language's folder shows that language's page, the service worker's scope is the sub-path, a visited language
works offline, and the sitemap names only addresses under SITE_URL."""
from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET

import pytest
from playwright.sync_api import expect

from browser_helpers import search
from browsing import SAVED, serve, visitor_context, watch
from repo_copies import copy_repo, mkdocs
from rules_reading import GAMES, LANGUAGES, all_pages, lang_prefix, texts, ui_texts

pytestmark = pytest.mark.slow
SUB_PATH = "rr/"


@pytest.fixture(scope="module")
def published_files(tmp_path_factory, built_memo):
    """The folder a host serves, with a build for a sub-path under it; and the site_url it was built for,
    served there."""
    tmp = tmp_path_factory.mktemp("subpath")
    served = tmp / "served"
    (served / SUB_PATH).mkdir(parents=True)
    base, httpd = serve(served, not_found_page=served / SUB_PATH / "404.html")
    site_url = base + SUB_PATH
    repo = copy_repo(tmp / "repo", built_memo)
    result = mkdocs(repo, "-d", str(tmp / "site"), site_url=site_url)
    assert result.returncode == 0, result.stdout + result.stderr
    shutil.rmtree(served / SUB_PATH)
    shutil.copytree(tmp / "site", served / SUB_PATH)
    yield served, site_url
    httpd.shutdown()


@pytest.fixture(scope="module")
def published(published_files):
    return published_files[1]


def test_the_sitemap_names_only_addresses_under_site_url(published):
    from urllib.request import urlopen

    with urlopen(published + "sitemap.xml") as response:
        tree = ET.fromstring(response.read())
    addresses = [node.text for node in tree.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
    addresses += [node.get("href") for node in tree.iter("{http://www.w3.org/1999/xhtml}link")]
    assert len(addresses) >= len(all_pages()) * len(LANGUAGES)
    assert all(address.startswith(published) for address in addresses), \
        [a for a in addresses if not a.startswith(published)]


@pytest.mark.browser
@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_opens_clean_under_the_sub_path(browser, published, lang, state):
    context = visitor_context(browser, state)
    page = context.new_page()
    watch(page)
    opened = 0
    for path in all_pages() + ["404.html"]:
        response = page.goto(published + lang_prefix(lang) + path)
        assert response is not None and response.ok, path
        expect(page.locator("html")).to_have_attribute("lang", lang)
        canonical = page.locator("link[rel=canonical]")
        if canonical.count():
            assert canonical.get_attribute("href").startswith(published)
        opened += 1
    assert opened == len(all_pages()) + 1
    assert (page.console_errors, page.bad_responses, page.foreign_requests) == ([], [], [])
    context.close()


@pytest.mark.browser
@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_missing_address_shows_the_not_found_page_of_its_language_and_it_searches(browser, published, lang, state):
    context = visitor_context(browser, state)
    page = context.new_page()
    watch(page)
    missing = published + lang_prefix(lang) + "no-such-page/"
    page.goto(missing)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("h1")).to_have_text(ui_texts(lang)["not_found_title"])
    config = page.locator("#__config").text_content()
    assert re.search(r'"base": "[^"]*"', config).group(0) == f'"base": "/{SUB_PATH}{lang_prefix(lang)}"'
    game = GAMES[0]
    result = search(page, texts(game, lang)["name"].split()[0]).first
    assert result.evaluate("a => new URL(a.href).pathname").startswith(f"/{SUB_PATH}{lang_prefix(lang)}{game}/")
    assert page.bad_responses == [f"404 {missing}"]                    # the missing address itself, nothing else
    assert [e for e in page.console_errors if "status of 404" not in e] == [] and page.foreign_requests == []
    context.close()


@pytest.mark.browser
@pytest.mark.parametrize("state", ["offline"])
def test_the_service_worker_lives_at_the_sub_path_and_a_visited_language_works_offline(browser, published_files, state):
    """On a server of its own (the same files, under the same sub-path), stopped to go offline."""
    served, _ = published_files
    lang = LANGUAGES[-1]
    base, httpd = serve(served, not_found_page=served / SUB_PATH / "404.html")
    published = base + SUB_PATH
    context = visitor_context(browser, state)
    page = context.new_page()
    page.goto(published + lang_prefix(lang))
    page.wait_for_function(SAVED, timeout=60000)
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)") == published
    httpd.shutdown()
    httpd.server_close()
    context.set_offline(True)
    for path in all_pages():
        response = page.goto(published + lang_prefix(lang) + path)
        assert response is not None and response.ok, path
        expect(page.locator("h1")).to_have_count(1)
        assert page.evaluate("navigator.serviceWorker.controller !== null"), path
    context.close()
