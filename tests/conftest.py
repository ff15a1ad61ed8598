"""Shared fixtures and discovery: the games (rules/*/game.yml) and languages (mkdocs.yml) the tests run for, the fixture
game Pips for the machinery's tests, the site built once per test process, a local server, and Debian Chromium."""
from __future__ import annotations

import copy
import functools
import gzip
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import yaml
from babel import Locale
from hypothesis import settings

# Property tests draw 150 examples in `make test`, 20 in `make check` (HYPOTHESIS_PROFILE=quick); the fuzz sets its own.
settings.register_profile("full", max_examples=150)
settings.register_profile("quick", max_examples=20)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "full"))

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

import quiz  # noqa: E402
import quiz.games  # noqa: E402
from quiz.site import answers, practice  # noqa: E402
from quiz.site.languages import site_languages  # noqa: E402
from quiz.site.wording import is_plural_entry, placeholders  # noqa: E402

RULES = ROOT / "rules"
LANGUAGES = site_languages().codes          # from mkdocs.yml, the one place languages are listed
DEFAULT_LANGUAGE = site_languages().default
GAMES = tuple(sorted(path.parent.name for path in RULES.glob("*/game.yml")))
FIXTURE_GAME = TESTS / "fixture_game"
FIXTURE_ID = "pips"
LINT_FIXTURES = TESTS / "lint_fixtures"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# How a first load's bytes are counted, by test_budgets and by make bench alike: gzip at its highest level, as a host
# that compresses its files ahead of time serves them (brotli, which Chromium asks for, does better still). A host
# compressing on the fly at gzip's default level 6 sends about 0.5 % more.
GZIP_LEVEL = 9


def gzipped(data: bytes) -> bytes:
    return gzip.compress(data, GZIP_LEVEL)


# The parts of a repository a site build needs; tests copy them to break or add one thing at a time.
BUILD_INPUTS = ("mkdocs.yml", "docs/assets", "docs/sw.js", "overrides", "quiz", "rules")


def variants(game):
    """(question, givens, answer, worded) for every stated question and every practice variant of a loaded game."""
    for question in game.questions:
        yield question, answers.with_derived(question, question.givens, game.values()), question.answer, game.worded[question.id]
        for variant in game.practice.get(question.id, practice.Practice()).variants:
            yield question, variant["givens"], variant["answer"], variant["worded"]


def counts_filled_with_one_and_two(game, lang: str, cases):
    """For every count in a question's text and why, over (question, givens, answer) cases, filled in with 1 and with 2:
    (question id, the number, the form Babel's CLDR plural rule picks for it in lang, the filled-in text)."""
    words, wording = game.texts[lang].get("words") or {}, game.wording(lang)
    for question, givens, answer in cases:
        entry = game.question_texts[lang][question.id]
        whys = entry["why"].values() if isinstance(entry["why"], dict) else [entry["why"]]
        for text in [entry["text"], *whys]:
            for path, noun in placeholders(text):
                if is_plural_entry(words.get(noun)):
                    for n in (1, 2):
                        result = answers.computed(game, question, givens)[0]   # a why may word any part of it
                        values = copy.deepcopy({**game.values(), **givens, "answer": answer, "result": result})
                        answers.assign(values, path, n)
                        forms = words[noun]     # an exact form ("=1": "one die") before the CLDR category's
                        form = forms.get(f"={n}", forms[Locale.parse(lang).plural_form(n)]).replace("#", str(n))
                        yield question.id, n, form, wording.fill(text, values)


def lang_prefix(lang: str) -> str:
    """The default language lives at the site root, the others under /<lang>/."""
    return site_languages().prefix(lang)


@functools.cache
def game_yml(game: str, rules: Path = RULES) -> dict:
    return yaml.safe_load((rules / game / "game.yml").read_text(encoding="utf-8"))


def has_quiz(game: str, rules: Path = RULES) -> bool:
    return (rules / game / "questions.yml").exists()


QUIZ_GAMES = tuple(game for game in GAMES if has_quiz(game))


def game_pages(game: str, rules: Path = RULES) -> list[str]:
    """Every page of a game, as a folder under a language's root: refresher, teach, quiz, and its extra pages."""
    pages = [f"{game}/", f"{game}/teach/"] + ([f"{game}/quiz/"] if has_quiz(game, rules) else [])
    return pages + [f"{game}/{name}/" for name in game_yml(game, rules).get("extra_pages") or {}]


def all_pages(rules: Path = RULES) -> list[str]:
    games = sorted(path.parent.name for path in rules.glob("*/game.yml"))
    return [""] + [page for game in games for page in game_pages(game, rules)]


def ui_texts(lang: str) -> dict:
    """The site's own texts in a language (rules/ui.<lang>.yml)."""
    return yaml.safe_load((RULES / f"ui.{lang}.yml").read_text(encoding="utf-8"))


def texts(game: str, lang: str, stem: str = "text", rules: Path = RULES) -> dict:
    return yaml.safe_load((rules / game / f"{stem}.{lang}.yml").read_text(encoding="utf-8"))


def questions(game: str, rules: Path = RULES) -> list[dict]:
    path = rules / game / "questions.yml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))["questions"] if path.exists() else []


# --- the fixture game ---------------------------------------------------------------------------------------------------

def use_fixture_checker() -> None:
    """Make quiz.games.pips importable for in-process tests without copying it into quiz/games/."""
    checker_dir = str(FIXTURE_GAME / "quiz" / "games")
    if checker_dir not in quiz.games.__path__:
        quiz.games.__path__.append(checker_dir)


def fixture_rules(target: Path) -> Path:
    """A rules/ folder with the site's interface texts and the fixture game only."""
    target.mkdir(parents=True, exist_ok=True)
    for path in RULES.glob("ui.*.yml"):
        shutil.copy(path, target)
    shutil.copytree(FIXTURE_GAME / "rules" / FIXTURE_ID, target / FIXTURE_ID)
    use_fixture_checker()
    return target


def fixture_repo(target: Path, with_real_games: bool = False) -> Path:
    """A copy of the repository whose rules/ holds the fixture game (and the real games, if asked for)."""
    repo = copy_repo(target)
    if not with_real_games:
        shutil.rmtree(repo / "rules")
        fixture_rules(repo / "rules")
    else:
        shutil.copytree(FIXTURE_GAME / "rules" / FIXTURE_ID, repo / "rules" / FIXTURE_ID)
    shutil.copytree(FIXTURE_GAME / "quiz" / "games" / FIXTURE_ID, repo / "quiz" / "games" / FIXTURE_ID,
                    ignore=shutil.ignore_patterns("__pycache__"))
    return repo


def copy_repo(target: Path) -> Path:
    for part in BUILD_INPUTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, target / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            (target / part).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / part)
    return target


def mkdocs(cwd: Path, *args: str, site_url: str | None = None) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` in a folder; for site_url (SITE_URL), or mkdocs.yml's local default."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.pop("RULES_DIR", None)
    env.pop("SITE_URL", None)
    if site_url:
        env["SITE_URL"] = site_url
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


# --- lint fixtures ------------------------------------------------------------------------------------------------------

def apply_lint_fixture(fixture: dict, rules: Path, monkeypatch=None) -> None:
    """Break a copy of the fixture rules the way a lint fixture (tests/lint_fixtures/<CODE>.yml) says."""
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
        broken = fixture["break_rule"]
        checker_class, _ = quiz.games.contract(quiz.games.load(FIXTURE_ID))
        error = {"IndexError": IndexError, "KeyError": KeyError, "ZeroDivisionError": ZeroDivisionError}[broken["raise"]]

        def crash(self, *args, **kwargs):
            raise error("a bug in the checker")
        crash.is_rule = True
        monkeypatch.setattr(checker_class, broken["rule"], crash)


def expected_line(expect: dict, rules: Path) -> int:
    """The line a fixture's problem names: where its `line_of` text stands after the edit, plus `line_offset`."""
    lines = (rules / expect["file"]).read_text(encoding="utf-8").splitlines()
    return next(i for i, text in enumerate(lines, 1) if expect["line_of"] in text) + expect.get("line_offset", 0)


# --- the built site, a server, a browser ---------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    """The site built once (per test process) from the real rules/ with --strict."""
    out = tmp_path_factory.mktemp("site") / "site"
    result = mkdocs(ROOT, "-d", str(out))
    assert result.returncode == 0, result.stdout + result.stderr
    return out


@pytest.fixture(scope="session")
def site():
    """The real content, loaded and verified once per test process."""
    from quiz.site.pipeline import load_site

    return load_site(RULES)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A browser that leaves a page mid-download closes the connection: not an error worth a traceback."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class _StaticHostHandler(_QuietHandler):
    """Answers a missing address with the site's 404.html, as a static host does (GitHub Pages serves the one at the
    root of the site); answers `delay` seconds late where the server sets one (a slow line)."""
    not_found_page: Path | None = None

    def handle_one_request(self):
        time.sleep(getattr(self.server, "delay", 0))
        super().handle_one_request()

    def send_error(self, code, message=None, explain=None):
        if code != 404 or self.not_found_page is None or not self.not_found_page.is_file():
            return super().send_error(code, message, explain)
        body = self.not_found_page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def serve(directory: Path, not_found_page: Path | None = None):
    """Serve a folder on 127.0.0.1 (a free port): (base URL, server). With not_found_page, a missing address gets that
    page, as on a static host."""
    handler = functools.partial(type("Handler", (_StaticHostHandler,), {"not_found_page": not_found_page}),
                                directory=str(directory))
    httpd = _QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}/", httpd


@pytest.fixture(scope="session")
def server(site_dir):
    url, httpd = serve(site_dir)
    yield url
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


def watch(tab) -> None:
    """Record a page's console errors, failed responses and requests to other hosts."""
    tab.console_errors, tab.bad_responses, tab.foreign_requests = [], [], []
    tab.on("console", lambda msg: msg.type == "error" and tab.console_errors.append(msg.text))
    tab.on("pageerror", lambda err: tab.console_errors.append(str(err)))
    tab.on("response", lambda r: r.status >= 400 and tab.bad_responses.append(f"{r.status} {r.url}"))
    tab.on("request", lambda r: not r.url.startswith(("http://127.0.0.1", "data:", "blob:"))
           and tab.foreign_requests.append(r.url))


# --- the visitor's state: part of every browser test's name, so a state no test visits shows in the list ------------------

PHONE = {"width": 390, "height": 844}
VISITOR_STATES = (
    "first-visit",        # no service worker answers: every page as on the visitor's first view
    "sw-controlled",      # a page opened once and its language saved: every page after it answered by the service worker
    "offline",            # the same, then the network gone (the server stopped too)
    "slow-line",          # the same as sw-controlled, then a server that answers later than the worker waits for it
    "after-release",      # the same as sw-controlled, then a new release on the server
    "offline-unsaved",    # a first visit, then the network gone before anything was saved
    "storage-blocked",    # localStorage throws on any use
    "storage-full",       # localStorage reads, but refuses to write
    "storage-corrupt",    # a stored record not in the shape this release writes
    "no-javascript",
)
WORKER_STATES = ("sw-controlled", "offline", "slow-line", "after-release")
STATE_IN_NAME = re.compile(r"[\[-](" + "|".join(VISITOR_STATES) + r")[\]-]")
SAVED = "document.documentElement.getAttribute('data-rr-offline') === 'ready'"
STORAGE = {
    "storage-blocked": "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('blocked', 'SecurityError'); }});",
    "storage-full": "Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };",
}


def pytest_collection_modifyitems(config, items):
    """Every browser test names the visitor's state in its id (VISITOR_STATES)."""
    unnamed = [item.nodeid for item in items if item.get_closest_marker("browser") and not STATE_IN_NAME.search(item.name)]
    if unnamed:
        raise pytest.UsageError("browser tests that name no visitor state (conftest.VISITOR_STATES): " + ", ".join(unnamed))


def visitor_context(browser, state: str, **options):
    """A fresh phone-sized browser context for a visitor in this state; only the states that name it have a service
    worker (on a first visit none answers)."""
    assert state in VISITOR_STATES, state
    context = browser.new_context(**{"viewport": PHONE, "java_script_enabled": state != "no-javascript", **options,
                                     "service_workers": "allow" if state in WORKER_STATES else "block"})
    if state in STORAGE:
        context.add_init_script(STORAGE[state])
    return context


class Visitor:
    """A phone-sized page in one of the states a visitor meets, on a site served by a server of its own (offline
    stops it: set_offline does not cut the service worker's own fetches) that answers a missing address with the
    site's root 404.html, as a static host does. open() opens a page in that state: for the states with a service
    worker, as the second visit to that page, after the first saved its language."""

    def __init__(self, browser, site: Path, state: str, **options):
        self.state, self.site = state, site
        self.server, self.httpd = serve(site, not_found_page=site / "404.html")
        self.context = visitor_context(browser, state, **options)
        self.page = self.context.new_page()
        watch(self.page)
        self.first_visit_done = state not in WORKER_STATES
        self.response = None

    def url(self, lang: str, path: str = "") -> str:
        return f"{self.server}{lang_prefix(lang)}{path}"

    def open(self, lang: str, path: str = "", save: tuple[str, ...] = ()):
        """The page at lang/path in this visitor's state (its response in self.response); the first visit also saves
        the languages in `save` on the device."""
        address = self.url(lang, path)
        if not self.first_visit_done:
            self.first_visit_done = True
            self.page.goto(address)
            self.page.wait_for_function(SAVED, timeout=60000)
            for other in save:
                self.save_language(other)
            if self.state == "offline":
                self.go_offline()
            elif self.state == "slow-line":
                self.httpd.delay = 10      # seconds: longer than the service worker waits for the network
        self.response = self.page.goto(address)
        if self.state == "offline-unsaved" and self.httpd is not None:
            self.go_offline()
        if self.state in WORKER_STATES:
            assert self.page.evaluate("navigator.serviceWorker.controller !== null"), f"no service worker controls {address}"
        return self.page

    def save_language(self, lang: str) -> None:
        """Save another language on this device, as a visit to one of its pages would."""
        reply = self.page.evaluate("""lang => navigator.serviceWorker.ready.then(r => new Promise(resolve => {
          const channel = new MessageChannel();
          channel.port1.onmessage = event => resolve(event.data);
          r.active.postMessage({type: "cache-language", lang}, [channel.port2]);
        }))""", lang)
        assert reply["cached"], reply

    def go_offline(self) -> None:
        self.context.set_offline(True)
        self.stop_server()

    def stop_server(self) -> None:
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None

    def close(self) -> None:
        self.context.close()
        self.stop_server()


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
