"""Shared fixtures: the built site (once per run), a local HTTP server for it, and Debian Chromium via Playwright."""
from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from quiz.site.languages import site_languages  # noqa: E402

LANGUAGES = site_languages().codes     # from mkdocs.yml, the one place languages are listed
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# The parts of a repository a site build needs; tests copy them to break one thing at a time.
BUILD_INPUTS = ("mkdocs.yml", "docs/assets", "docs/sw.js", "overrides", "quiz", "rules")


def lang_prefix(lang: str) -> str:
    """The default language lives at the site root, the others under /<lang>/."""
    return site_languages().prefix(lang)


def mkdocs(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.pop("RULES_DIR", None)
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def copy_repo(target: Path) -> Path:
    for part in BUILD_INPUTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, target / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            (target / part).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / part)
    return target


LINT_FIXTURES = Path(__file__).resolve().parent / "lint_fixtures"


def apply_lint_fixture(fixture: dict, rules: Path, monkeypatch=None) -> None:
    """Break a copy of rules/ the way a lint fixture (tests/lint_fixtures/<CODE>.yml) says."""
    import re

    for name in fixture.get("delete", []):
        (rules / name).unlink()
    for target, source in (fixture.get("copy") or {}).items():
        shutil.copy(rules / source, rules / target)
    for edit in fixture.get("edits", []):
        path = rules / edit["file"]
        text = path.read_text(encoding="utf-8")
        if "regex" in edit:
            changed = re.sub(edit["regex"], edit["with"], text, count=1)
        else:
            assert edit["replace"] in text, f"fixture text {edit['replace']!r} not in {edit['file']}"
            changed = text.replace(edit["replace"], edit["with"], 1)
        assert changed != text, edit
        path.write_text(changed, encoding="utf-8")
    if "break_rule" in fixture:   # in-process only: a checker bug, simulated
        from quiz.checker import rules_class

        broken = fixture["break_rule"]
        module = __import__(f"quiz.{broken['game']}", fromlist=["_"])
        error = {"IndexError": IndexError, "KeyError": KeyError, "ZeroDivisionError": ZeroDivisionError}[broken["raise"]]

        def crash(self, *args, **kwargs):
            raise error("a bug in the checker")
        crash.is_rule = True
        monkeypatch.setattr(rules_class(module), broken["rule"], crash)


def expected_line(expect: dict, rules: Path) -> int:
    """The line a fixture's problem names: where its `line_of` text stands after the edit, plus `line_offset`."""
    lines = (rules / expect["file"]).read_text(encoding="utf-8").splitlines()
    return next(i for i, text in enumerate(lines, 1) if expect["line_of"] in text) + expect.get("line_offset", 0)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    """The site built once from the real rules/ with --strict."""
    out = tmp_path_factory.mktemp("site") / "site"
    result = mkdocs(ROOT, "-d", str(out))
    assert result.returncode == 0, result.stdout + result.stderr
    return out


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def server(site_dir):
    """The built site served on 127.0.0.1 (a free port); yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(site_dir))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian Chromium is missing at /usr/bin/chromium: `make test` installs it (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, server):
    """A fresh browser context and page that records console errors, failed responses and off-host requests."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    tab = context.new_page()
    tab.console_errors = []
    tab.bad_responses = []
    tab.foreign_requests = []
    tab.on("console", lambda msg: msg.type == "error" and tab.console_errors.append(msg.text))
    tab.on("pageerror", lambda err: tab.console_errors.append(str(err)))
    tab.on("response", lambda r: r.status >= 400 and tab.bad_responses.append(f"{r.status} {r.url}"))
    tab.on("request", lambda r: not r.url.startswith(("http://127.0.0.1", "data:", "blob:"))
           and tab.foreign_requests.append(r.url))
    yield tab
    context.close()
