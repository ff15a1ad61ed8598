"""The tests' fixtures and hooks, and nothing else: the site built once per test process, the content loaded once,
a local server and Debian Chromium, a visitor in a state, and the rule that every browser test names its visitor's
state. What they stand on is in modules of their own: rules_reading.py (the games, languages and YAML), repo_copies.py
(copies of the repository and of the fixture game, MkDocs in them, lint fixtures), browsing.py (Chromium, the local
server, the visitor states)."""
from __future__ import annotations

import fcntl
import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests draw 150 examples in `make test`, 20 in `make check` (HYPOTHESIS_PROFILE=quick); the fuzz sets its own.
settings.register_profile("full", max_examples=150)
settings.register_profile("quick", max_examples=20)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "full"))

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # quiz/, where no .pth names this checkout

from browsing import CHROMIUM, CHROMIUM_FLAGS, STATE_IN_NAME, Visitor, serve, visitor_context, watch  # noqa: E402
from repo_copies import mkdocs  # noqa: E402
from rules_reading import ROOT, RULES  # noqa: E402


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    """The site built once (per test process) from the real rules/ with --strict. The test processes build one after
    another: on a fresh clone the first builds from nothing, the next from the memo the first left."""
    out = tmp_path_factory.mktemp("site") / "site"
    (ROOT / ".cache").mkdir(exist_ok=True)
    with open(ROOT / ".cache" / "tests-building.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        result = mkdocs(ROOT, "-d", str(out))
    assert result.returncode == 0, result.stdout + result.stderr
    return out


@pytest.fixture(scope="session")
def built_memo(site_dir) -> Path:
    """The memo the site's build left under this checkout, for copies of the repository to build from
    (repo_copies.copy_repo)."""
    from quiz.site.memo import FOLDER

    return ROOT / FOLDER


@pytest.fixture(scope="session")
def site(site_dir):
    """The real content, loaded and verified once per test process, as the site's build verified it: from the memo
    that build left (what it holds is held to a build without it by test_memo_units and test_memo_whole_site)."""
    from quiz.site.build import load_site
    from quiz.site.memo import Memo

    return load_site(RULES, show_drafts=False, kept=Memo(RULES))


@pytest.fixture(scope="session")
def server(site_dir):
    url, httpd = serve(site_dir)
    yield url
    httpd.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian Chromium is missing at /usr/bin/chromium: `make test` installs it "
                    "(apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


def pytest_collection_modifyitems(config, items):
    """Every browser test names the visitor's state in its id (VISITOR_STATES). The tests that need no built site run
    first: on a fresh clone one test process builds the site from nothing while the others run them, instead of
    waiting on its lock. In each part the slow tests go first, so that none is what is left running at the end."""
    unnamed = [item.nodeid for item in items
               if item.get_closest_marker("browser") and not STATE_IN_NAME.search(item.name)]
    if unnamed:
        raise pytest.UsageError("browser tests that name no visitor state (browsing.VISITOR_STATES): "
                                + ", ".join(unnamed))
    items.sort(key=lambda item: ("site_dir" in getattr(item, "fixturenames", ()), not item.get_closest_marker("slow")))


@pytest.fixture
def visitor(request, browser, site_dir):
    """A Visitor in the state the test names (parametrized indirectly), on the site built for this test process."""
    guest = Visitor(browser, site_dir, request.param)
    yield guest
    guest.close()


@pytest.fixture(params=["first-visit"])
def page(request, browser, server):
    """A fresh browser context and page, phone-sized, on a first visit (no service worker), that records console
    errors, failed and off-host requests."""
    context = visitor_context(browser, request.param)
    tab = context.new_page()
    watch(tab)
    yield tab
    context.close()
