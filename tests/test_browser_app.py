"""The site as an installed app, in real Chromium at phone size: every page kind of every language (home, refresher,
teach, quiz, extra pages, the 404 page) links its language's web app manifest and Chromium finds nothing that keeps it
from installing (CDP Page.getInstallabilityErrors, in a persistent profile: an incognito one always reports
"in-incognito"); the app's start address opens offline, answered by the service worker, with its manifest and icons."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browsing import CHROMIUM, CHROMIUM_FLAGS, PHONE, SAVED, serve
from rules_reading import LANGUAGES, all_pages, lang_prefix, ui_texts

pytestmark = pytest.mark.browser
MANIFEST = """() => { const link = document.querySelector('link[rel=manifest]');
  return fetch(link.href).then(r => r.json()).then(m => ({
    href: link.href, start: new URL(m.start_url, link.href).href, scope: new URL(m.scope, link.href).href,
    lang: m.lang, display: m.display, icons: m.icons.map(i => [new URL(i.src, link.href).href, i.sizes]) })); }"""
# The icons as the browser fetches them for the home screen: through the service worker, which answers them offline.
ICONS_LOAD = """icons => Promise.all(icons.map(([src]) => fetch(src).then(r => r.ok && r.blob()).then(b => b &&
  createImageBitmap(b)).then(image => image ? image.width + "x" + image.height : null)))"""


@pytest.fixture
def app_profile(browser, site_dir, tmp_path):
    """A persistent phone-sized Chromium profile (installability is never checked in incognito) on a server of its own,
    which the test may stop to go offline: (context, base URL, server)."""
    base, httpd = serve(site_dir, not_found_page=site_dir / "404.html")
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_FLAGS, viewport=PHONE,
        service_workers="allow")
    yield context, base, httpd
    context.close()
    httpd.shutdown()
    httpd.server_close()


def installability_errors(context, page) -> list:
    session = context.new_cdp_session(page)
    try:
        return session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    finally:
        session.detach()


@pytest.mark.parametrize("state", ["sw-controlled"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_kind_is_installable_as_the_app_of_its_language(app_profile, lang, state):
    context, base, _ = app_profile
    page = context.pages[0] if context.pages else context.new_page()
    root = base + lang_prefix(lang)
    page.goto(root)
    page.wait_for_function(SAVED, timeout=60000)
    for path in all_pages() + ["404.html", "no-such-page/"]:
        page.goto(root + path)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        manifest = page.evaluate(MANIFEST)
        assert manifest["href"] == root + "manifest.webmanifest", path
        assert (manifest["start"], manifest["scope"], manifest["lang"], manifest["display"]) == (
            root, base, lang, "standalone"), path
        assert installability_errors(context, page) == [], path
    assert sorted(size for _, size in manifest["icons"]) == ["192x192", "512x512"]


@pytest.mark.parametrize("state", ["offline"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_app_opens_offline_at_its_start_address(app_profile, lang, state):
    """One online visit to any page of the language, then the network gone: the app's start address (its language's
    home) opens from the service worker, the manifest and its icons load, and Chromium still finds it installable."""
    context, base, httpd = app_profile
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(base + lang_prefix(lang) + all_pages()[-1])
    page.wait_for_function(SAVED, timeout=60000)
    manifest = page.evaluate(MANIFEST)
    httpd.shutdown()
    httpd.server_close()
    context.set_offline(True)
    response = page.goto(manifest["start"])
    assert response is not None and response.ok
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    expect(page.locator("h1")).to_have_text(ui_texts(lang)["home_title"])
    assert page.evaluate(MANIFEST)["start"] == manifest["start"]
    assert page.evaluate(ICONS_LOAD, manifest["icons"]) == [size for _, size in manifest["icons"]]
    assert installability_errors(context, page) == []
