"""Real Chromium (Debian's, through Playwright) and a local server: the visitor states every browser test names, and a
Visitor that opens a page in one of them."""
from __future__ import annotations

import functools
import http.server
import re
import sys
import threading
import time
from pathlib import Path


from rules_reading import lang_prefix


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


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


def watch(tab) -> None:
    """Record a page's console errors, failed responses and requests to other hosts, and the requests it is waiting
    on (browser_helpers.settled)."""
    tab.console_errors, tab.bad_responses, tab.foreign_requests, tab.in_flight = [], [], [], set()
    tab.on("request", lambda r: tab.in_flight.add(r))        # Playwright takes no built-in method as a handler
    tab.on("requestfinished", lambda r: tab.in_flight.discard(r))
    tab.on("requestfailed", lambda r: tab.in_flight.discard(r))
    tab.on("console", lambda msg: msg.type == "error" and tab.console_errors.append(msg.text))
    tab.on("pageerror", lambda err: tab.console_errors.append(str(err)))
    tab.on("response", lambda r: r.status >= 400 and tab.bad_responses.append(f"{r.status} {r.url}"))
    tab.on("request", lambda r: not r.url.startswith(("http://127.0.0.1", "data:", "blob:"))
           and tab.foreign_requests.append(r.url))


PHONE = {"width": 390, "height": 844}
VISITOR_STATES = (
    "first-visit",        # no service worker answers: every page as on the visitor's first view
    "sw-controlled",      # a page opened once and its language saved: every page after it answered by the
                          # service worker
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
    "storage-blocked": "Object.defineProperty(window, 'localStorage', "
                       "{get() { throw new DOMException('blocked', 'SecurityError'); }});",
    "storage-full": "Storage.prototype.setItem = function () { "
                    "throw new DOMException('full', 'QuotaExceededError'); };",
}


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
            assert self.page.evaluate("navigator.serviceWorker.controller !== null"), \
                f"no service worker controls {address}"
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
