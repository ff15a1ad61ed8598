"""Benchmark: build time against plain mkdocs-material, checker timings, first-load page weights and Lighthouse scores.

Timings are medians of 5 runs and belong here, never in tests. Run with `make bench` (it installs Lighthouse 12.2.3
into .bench/ with npm and uses Debian's Chromium).
"""
from __future__ import annotations

import functools
import gzip
import http.server
import io
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RUNS = 5
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PAGE_KINDS = {"home": "", "refresher": "faraway/", "teach": "faraway/teach/", "quiz": "faraway/quiz/",
              "farkle refresher": "farkle/", "odds": "farkle/odds/"}
LIGHTHOUSE_PAGES = [(lang, kind) for lang in ("de", "tr") for kind in ("refresher", "teach", "quiz")]
LIGHTHOUSE = ROOT / ".bench/node_modules/.bin/lighthouse"
ENV = dict(os.environ, NO_MKDOCS_2_WARNING="1")


def median_ms(function, runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def plain_config(directory: Path) -> Path:
    """mkdocs.yml without our hooks and template overrides: the same generated Markdown, plain Material + static-i18n."""
    out, skip = [], False
    for line in (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines():
        if line.strip().startswith("custom_dir:"):
            continue
        if line.startswith("hooks:"):
            skip = True
            continue
        if skip and line.startswith("  - "):
            continue
        skip = False
        out.append(line)
    config = directory / "mkdocs-plain.yml"
    config.write_text("\n".join(out).replace("docs_dir: docs", f"docs_dir: {ROOT / 'docs'}") + "\n", encoding="utf-8")
    return config


def bench_build(out: Path) -> None:
    """Full build (generation, lint, verification, mkdocs) against a plain build of the same Markdown, interleaved."""
    mkdocs = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"]
    ours_command = mkdocs + ["-d", str(out)]
    subprocess.run(ours_command, cwd=ROOT, env=ENV, check=True)   # writes the generated Markdown the plain build reads
    plain_command = mkdocs + ["-f", str(plain_config(out.parent)), "-d", str(out.parent / "plain")]
    wall = {"ours": [], "plain": []}
    cpu = {"ours": [], "plain": []}
    for _ in range(RUNS):
        for name, command in (("ours", ours_command), ("plain", plain_command)):
            before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
            subprocess.run(command, cwd=ROOT, env=ENV, check=True, capture_output=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            wall[name].append(time.perf_counter() - start)
            cpu[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    pages = sum(1 for _ in out.rglob("*.html"))
    median = {kind: {name: statistics.median(v) for name, v in runs.items()} for kind, runs in (("wall", wall), ("cpu", cpu))}
    print(f"build, `mkdocs build --strict` (median of {RUNS}, interleaved; {pages} HTML pages incl. 404s)")
    print(f"  ours, with generation, lint and verification: {median['wall']['ours']:.2f} s wall, {median['cpu']['ours']:.2f} s CPU")
    print(f"  plain mkdocs-material, same Markdown, no hooks or overrides: {median['wall']['plain']:.2f} s wall, "
          f"{median['cpu']['plain']:.2f} s CPU")
    print(f"  ratio: {median['wall']['ours'] / median['wall']['plain']:.2f} wall, "
          f"{median['cpu']['ours'] / median['cpu']['plain']:.2f} CPU  (target ≤ 1.2; CPU time is the steadier figure on a shared machine)")


def bench_checkers() -> None:
    from quiz import farkle
    from quiz.site.pipeline import load_site

    verify_cli = median_ms(lambda: subprocess.run([sys.executable, "-m", "quiz", "verify"], cwd=ROOT, check=True,
                                                  capture_output=True))
    verify_inside = median_ms(lambda: load_site(ROOT / "rules", verify=True))

    def farkle_tables():
        for cached in (farkle._best_split, farkle._best_set_aside, farkle.roll_table, farkle.computed_tables):
            cached.cache_clear()
        farkle.roll_table()
        farkle.computed_tables()

    tables = median_ms(farkle_tables)
    size = len(json.dumps(farkle.roll_table(), separators=(",", ":")).encode())
    gz = len(gzip.compress(json.dumps(farkle.roll_table(), separators=(",", ":")).encode(), 9))
    print(f"checkers (median of {RUNS})")
    print(f"  python -m quiz verify: {verify_cli:.0f} ms as a command, {verify_inside:.0f} ms of it loading, linting and verifying")
    print(f"  Farkle calculator table (923 rolls) and odds (all 6**n rolls, n = 1..6), cold caches: {tables:.0f} ms")
    print(f"  calculator JSON: {size} bytes raw, {gz} gzip")


@functools.lru_cache(maxsize=None)
def gzip_size(body: bytes) -> int:
    return len(gzip.compress(body, 9))


def kind_of(url: str, content_type: str) -> str:
    if "search_index.json" in url:
        return "search index"
    for kind, marker in (("HTML", "html"), ("CSS", "css"), ("JS", "javascript"), ("JSON", "json")):
        if marker in content_type:
            return kind
    return "other"


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site as a static host would: text compressed with gzip when the browser asks for it."""

    COMPRESS = (".html", ".css", ".js", ".json", ".xml", ".svg")

    def log_message(self, *args):
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if (not path.is_file() or not path.name.endswith(self.COMPRESS)
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        body = gzip_bytes(path.read_bytes())
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


@functools.lru_cache(maxsize=None)
def gzip_bytes(body: bytes) -> bytes:
    return gzip.compress(body, 6)


class Server:
    def __init__(self, directory: Path):
        handler = functools.partial(GzipHandler, directory=str(directory))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def close(self):
        self.httpd.shutdown()


def bench_weights(site: Path, server: Server) -> None:
    """What a first visit downloads, per page kind, as measured in Chromium (service-worker caching after load excluded)."""
    from playwright.sync_api import sync_playwright

    print("first-load weight per page kind (de; bytes raw / gzip; our own = site.css, common.js, quiz.js, dice.js, offline.js)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        for kind, path in PAGE_KINDS.items():
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            bodies = []
            page.on("response", lambda r: bodies.append((r.url, r.headers.get("content-type", ""), r)))
            page.goto(f"{server.url}de/{path}")
            page.wait_for_load_state("networkidle")
            totals: dict[str, list[int]] = {}
            own = [0, 0]
            for url, content_type, response in bodies:
                body = response.body()
                key = kind_of(url, content_type)
                raw, gz = totals.setdefault(key, [0, 0]), gzip_size(body)
                raw[0] += len(body)
                raw[1] += gz
                if "/assets/" in url and url.rsplit("/", 1)[1] in ("site.css", "common.js", "quiz.js", "dice.js", "offline.js"):
                    own[0] += len(body)
                    own[1] += gz
            summary = ", ".join(f"{k} {v[0]:,}/{v[1]:,}" for k, v in sorted(totals.items()))
            all_raw, all_gz = sum(v[0] for v in totals.values()), sum(v[1] for v in totals.values())
            print(f"  {kind:17} {len(bodies):2} requests, {all_raw:,}/{all_gz:,} in all: {summary}; own {own[0]:,}/{own[1]:,}")
            context.close()
        browser.close()
    practice = {lang: (site / (f"{lang}/" if lang != "en" else "") / "faraway/quiz/practice.json").stat().st_size
                for lang in ("en", "de", "fr", "tr")}
    practice_gz = {lang: gzip_size((site / (f"{lang}/" if lang != "en" else "") / "faraway/quiz/practice.json").read_bytes())
                   for lang in practice}
    print("  Faraway practice JSON (fetched only when practice starts), raw/gzip: "
          + ", ".join(f"{lang} {practice[lang]:,}/{practice_gz[lang]:,}" for lang in practice))


def lighthouse_scores(url: str) -> list[int]:
    env = dict(os.environ, CHROME_PATH=CHROMIUM)
    with tempfile.NamedTemporaryFile(suffix=".json") as report:
        subprocess.run([str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={report.name}",
                        "--only-categories=performance,accessibility,best-practices,seo",
                        "--chrome-flags=" + " ".join(CHROMIUM_FLAGS)], env=env, check=True, capture_output=True, timeout=180)
        categories = json.loads(Path(report.name).read_text())["categories"]
    return [round(categories[c]["score"] * 100) for c in ("performance", "accessibility", "best-practices", "seo")]


def bench_lighthouse(server: Server) -> None:
    if not LIGHTHOUSE.exists():
        print("lighthouse: not installed (make bench installs it with npm i -E lighthouse@12.2.3)")
        return
    print(f"Lighthouse 12.2.3, mobile defaults, gzip-serving local host (median of {RUNS}): "
          "performance / accessibility / best practices / SEO")
    for lang, kind in LIGHTHOUSE_PAGES:
        runs = [lighthouse_scores(f"{server.url}{lang}/{PAGE_KINDS[kind]}") for _ in range(RUNS)]
        medians = [statistics.median(scores) for scores in zip(*runs)]
        spread = f"performance runs {sorted(r[0] for r in runs)}"
        print(f"  {lang} {kind:9} {medians[0]:5.0f} / {medians[1]:3.0f} / {medians[2]:3.0f} / {medians[3]:3.0f}   ({spread})")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        bench_build(site)
        bench_checkers()
        server = Server(site)
        try:
            bench_weights(site, server)
            bench_lighthouse(server)
        finally:
            server.close()
        shutil.rmtree(site, ignore_errors=True)


if __name__ == "__main__":
    main()
