"""Benchmark: our build against plain mkdocs-material on the same Markdown (at the repository's games and scaled to 20
games, warm and cold), the `mkdocs serve` edit-to-page time, the first load of every page in every language, and
Lighthouse. Run with `make bench` (it installs Lighthouse 12.2.3 into .bench/ with npm and uses Debian's Chromium).

Timings are medians with min–max, of interleaved runs (ours, plain, ours, …) on copies of the repository under a
temporary folder: nothing in the working tree is touched. They belong here, never in tests.
Options: --runs N (default 5), --lighthouse-runs N (default 3), --skip-lighthouse, --skip-scale, --builds-only (the
build timings alone: no serve, no browser; for measuring a change to the build).
"""
from __future__ import annotations

import argparse
import functools
import http.server
import io
import json
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from browsing import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402  (the browser, copies and gzip the tests use)
from repo_copies import copy_repo  # noqa: E402
from rules_reading import gzipped  # noqa: E402
from quiz import games as game_packages  # noqa: E402
from quiz.site.load.languages import site_languages  # noqa: E402
from quiz.site.output.budgets import FIRST_LOAD_BUDGET  # noqa: E402

LIGHTHOUSE = ROOT / ".bench/node_modules/.bin/lighthouse"
SCALE_GAMES = 20
ENV = dict(os.environ, NO_MKDOCS_2_WARNING="1")
ENV.pop("RULES_DIR", None)
LANGUAGES = site_languages()


# --- copies of the repository -----------------------------------------------------------------------------------------

def games(repo: Path) -> list[str]:
    return sorted(path.parent.name for path in (repo / "rules").glob("*/game.yml"))


def scale_to(repo: Path, count: int) -> None:
    """Copy the real games under new ids (faraway → faraway2, …), each with its checker package, until `count` games."""
    real = games(repo)
    copy = 2
    while len(games(repo)) < count:
        for game in real:
            if len(games(repo)) >= count:
                break
            new = f"{game}{copy}"
            shutil.copytree(repo / "rules" / game, repo / "rules" / new)
            game_yml = repo / "rules" / new / "game.yml"
            game_yml.write_text(re.sub(r"(?m)^id: .*$", f"id: {new}", game_yml.read_text(encoding="utf-8")),
                                encoding="utf-8")
            shutil.copytree(repo / game_packages.folder(game), repo / game_packages.folder(new),
                            ignore=shutil.ignore_patterns("__pycache__"))
        copy += 1


def plain_config(repo: Path) -> Path:
    """mkdocs.yml without our hooks and template overrides: the same generated Markdown, plain Material +
    static-i18n."""
    out, skip = [], False
    for line in (repo / "mkdocs.yml").read_text(encoding="utf-8").splitlines():
        if line.strip().startswith("custom_dir:"):
            continue
        if line.startswith("hooks:"):
            skip = True
            continue
        if skip and line.startswith("  - "):
            continue
        skip = False
        out.append(line)
    config = repo / "mkdocs-plain.yml"
    config.write_text("\n".join(out) + "\n", encoding="utf-8")
    return config


def forget_generated(repo: Path) -> None:
    """What a fresh clone lacks: the build cache and the generated Markdown."""
    shutil.rmtree(repo / ".cache", ignore_errors=True)
    for lang in LANGUAGES.codes:
        shutil.rmtree(repo / "docs" / lang, ignore_errors=True)


# --- timing -----------------------------------------------------------------------------------------------------------

def spread(values: list[float], unit: str = "s", digits: int = 2) -> str:
    return f"{statistics.median(values):.{digits}f} {unit} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def timed(command: list[str], cwd: Path) -> tuple[float, float]:
    """Wall and CPU seconds (the child's user + system time: steadier on a shared machine) of one command."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run(command, cwd=cwd, env=ENV, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter() - start, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def bench_build(repo: Path, runs: int, label: str) -> None:
    """Ours warm (cache and generated Markdown in place), ours cold (as on a fresh clone), and plain Material on the
    generated Markdown, interleaved."""
    build = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"]
    ours = build + ["-d", str(repo / "site")]
    plain = build + ["-f", str(plain_config(repo)), "-d", str(repo / "site-plain")]
    subprocess.run(ours, cwd=repo, env=ENV, check=True, capture_output=True)   # writes the Markdown plain reads
    results: dict[str, list[tuple[float, float]]] = {"warm": [], "cold": [], "plain": []}
    for _ in range(runs):
        results["warm"].append(timed(ours, repo))
        results["plain"].append(timed(plain, repo))
        forget_generated(repo)
        results["cold"].append(timed(ours, repo))
    pages = sum(1 for _ in (repo / "site").rglob("*.html"))
    plain_wall = statistics.median(w for w, _ in results["plain"])
    plain_cpu = statistics.median(c for _, c in results["plain"])
    print(f"build at {label} ({len(games(repo))} games, {pages} HTML files), `mkdocs build --strict`, "
          f"{runs} interleaved runs:")
    for name, text in (("plain", "plain mkdocs-material, same Markdown"), ("warm", "ours, warm (cache in place)"),
                       ("cold", "ours, cold (fresh clone: no cache, no Markdown)")):
        wall = [w for w, _ in results[name]]
        cpu = [c for _, c in results[name]]
        ratio = "" if name == "plain" else (f"   ratio {statistics.median(wall) / plain_wall:.2f} wall, "
                                            f"{statistics.median(cpu) / plain_cpu:.2f} CPU")
        print(f"  {text:48} {spread(wall)} wall, {spread(cpu)} CPU{ratio}")


# --- mkdocs serve: from an edit to the page showing it ----------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8", "replace")
    except OSError:
        return ""


class Served:
    """`mkdocs serve` on a repository copy, up and answering. It notices a change by polling the files every 0.5 s
    (mkdocs' PollingObserver), so an edit waits 0–0.5 s before any rebuild starts, ours or plain's alike: the time
    from its "Detected file changes" line to the page showing the edit leaves that wait out."""

    def __init__(self, repo: Path, config: Path | None = None):
        self.port = free_port()
        # (--no-livereload stops watching)
        command = [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{self.port}"]
        self.process = subprocess.Popen(command + (["-f", str(config)] if config else []), cwd=repo, env=ENV,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.detected: list[float] = []
        threading.Thread(target=self._read_log, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.port}/"
        deadline = time.monotonic() + 120
        while not fetch(self.url):
            if time.monotonic() > deadline:
                raise RuntimeError("mkdocs serve did not come up")
            time.sleep(0.1)

    def _read_log(self):
        for line in self.process.stderr:
            if "Detected file changes" in line:
                self.detected.append(time.perf_counter())

    def wait_for(self, path: str, marker: str, noticed: int, timeout: float = 60) -> tuple[float, float]:
        """Seconds from now (just after the edit) and from the server noticing it, until the page shows the marker;
        noticed: how many changes the server had noticed before the edit."""
        start = time.perf_counter()
        while marker not in fetch(self.url + path):
            if time.perf_counter() - start > timeout:
                raise RuntimeError(f"{marker} never showed on {path}")
            time.sleep(0.02)
        shown = time.perf_counter()
        while len(self.detected) <= noticed:   # logged before the rebuild began: read by now, or something is off
            if time.perf_counter() - shown > 5:
                raise RuntimeError("mkdocs serve showed an edit without logging that it noticed one")
            time.sleep(0.01)
        return shown - start, shown - self.detected[noticed]

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def mark(path: Path, after: str, marker: str) -> None:
    """Put a marker word into a text: in place of the previous marker, or first thing after `after` (and after the
    opening quote of a quoted YAML value)."""
    text = path.read_text(encoding="utf-8")
    found = re.search(r"Benchmark[a-z]+x", text)
    if found:
        text = text.replace(found.group(0), marker, 1)
    else:
        at = text.index(after) + len(after)
        at += text[at] == '"'
        text = text[:at] + marker + " " + text[at:]
    path.write_text(text, encoding="utf-8")


def bench_serve(ours_repo: Path, plain_repo: Path, runs: int) -> None:
    """Edit one text.<lang>.yml under ours, the generated page's Markdown under plain (the same page, the same
    words); time from the write until the served page shows it. Both servers run; edits alternate."""
    game, lang = games(ours_repo)[0], LANGUAGES.codes[-1]
    page = f"{LANGUAGES.prefix(lang)}{game}/"
    edits = {"ours": (ours_repo / "rules" / game / f"text.{lang}.yml", "refresher_intro: "),
             "plain": (plain_repo / "docs" / lang / game / "index.md", None)}
    servers = {"ours": Served(ours_repo), "plain": Served(plain_repo, plain_config(plain_repo))}
    times: dict[str, list[tuple[float, float]]] = {"ours": [], "plain": []}
    try:
        for run in range(runs + 1):   # the first edit of a session warms up (imports, caches): not counted
            for name, server in servers.items():
                path, after = edits[name]
                if after is None:   # the intro paragraph, after the page's title
                    after = re.search(r"(?m)^# .*\n\n", path.read_text(encoding="utf-8")).group(0)
                marker = f"Benchmark{'abcdefghijklmnopqrstuvw'[run % 23] * (1 + run // 23)}x"   # no digits: the lint
                noticed = len(server.detected)                                                   # compares them
                mark(path, after, marker)
                elapsed = server.wait_for(page, marker, noticed)
                if run:
                    times[name].append(elapsed)
                time.sleep(3)   # the server settles before the next edit
    finally:
        for server in servers.values():
            server.close()
    print(f"mkdocs serve, from an edit to the page showing it ({page}, {runs} edits each after one to warm up, "
          "alternating); and from the server noticing the edit (it polls every 0.5 s) to the page showing it:")
    for name, text in (("plain", "plain mkdocs-material, the page's Markdown edited"),
                       ("ours", f"ours, rules/{game}/text.{lang}.yml edited")):
        ratios = "" if name == "plain" else "   ratio " + ", ".join(
            f"{statistics.median(t[i] for t in times['ours']) / statistics.median(t[i] for t in times['plain']):.2f}"
            for i in (0, 1))
        print(f"  {text:52} {spread([t[0] for t in times[name]])}; noticed: {spread([t[1] for t in times[name]])}"
              f"{ratios}")


# --- first load -------------------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)   # Lighthouse asks for the same files again and again: compress each once
def gzip_bytes(body: bytes) -> bytes:
    return gzipped(body)


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site as a static host would: text compressed with gzip when the browser asks for it, connections
    kept open (HTTP/1.1; http.server's default HTTP/1.0 opens one per request, which no real host does and which
    Lighthouse's simulation charges a round trip each)."""

    protocol_version = "HTTP/1.1"
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


class StaticHost:
    def __init__(self, directory: Path):
        handler = functools.partial(GzipHandler, directory=str(directory))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def close(self):
        self.httpd.shutdown()


def page_paths(repo: Path) -> list[str]:
    """Every page of one language, relative to its root: home, each game's pages, the 404 page."""
    site = repo / "site"
    pages = [p.relative_to(site).as_posix()[: -len("index.html")] for p in sorted(site.glob("*/**/index.html"))
             if p.relative_to(site).parts[0] not in LANGUAGES.codes and p.relative_to(site).parts[0] != "assets"]
    return [""] + pages + ["404.html"]


def bench_first_load(repo: Path, host: StaticHost) -> None:
    """Every page in every language opened in a fresh browser (service worker blocked): bytes on the wire (gzip as
    served) and requests, until the network is idle."""
    from playwright.sync_api import sync_playwright

    paths = page_paths(repo)
    table: dict[str, dict[str, tuple[int, int]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        for lang in LANGUAGES.codes:
            for path in paths:
                context = browser.new_context(service_workers="block", viewport={"width": 390, "height": 844})
                page = context.new_page()
                sizes: list[int] = []

                def on_response(response, sizes=sizes):
                    try:
                        sizes.append(len(gzip_bytes(response.body())))
                    except Exception:   # a response without a body (a redirect)
                        pass
                page.on("response", on_response)
                page.goto(host.url + LANGUAGES.prefix(lang) + path)
                page.wait_for_load_state("networkidle")
                table.setdefault(path or "(home)", {})[lang] = (sum(sizes), len(sizes))
                context.close()
        browser.close()
    print("first load, fresh browser, service worker blocked: KB gzip (1 KB = 1024 B) / requests")
    print("  " + f"{'page':24}" + "".join(f"{lang:>13}" for lang in LANGUAGES.codes))
    for path, row in table.items():
        print("  " + f"{path:24}" + "".join(f"{row[lang][0] / 1024:9.1f} / {row[lang][1]:<2}"
                                            for lang in LANGUAGES.codes))
    heaviest = max((cell[0], path, lang) for path, row in table.items() for lang, cell in row.items())
    print(f"  heaviest: {heaviest[1]} ({heaviest[2]}) {heaviest[0]:,} B = {heaviest[0] / 1024:.1f} KB "
          f"(the budget's limit, quiz/site/output/budgets.py: {FIRST_LOAD_BUDGET:,} B)")


# --- Lighthouse -------------------------------------------------------------------------------------------------------

def lighthouse_scores(url: str) -> list[int]:
    env = dict(os.environ, CHROME_PATH=CHROMIUM)
    with tempfile.NamedTemporaryFile(suffix=".json") as report:
        subprocess.run([str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={report.name}",
                        "--only-categories=performance,accessibility,best-practices,seo",
                        "--chrome-flags=" + " ".join(CHROMIUM_FLAGS)], env=env, check=True, capture_output=True,
                       timeout=180)
        categories = json.loads(Path(report.name).read_text())["categories"]
    return [round(categories[c]["score"] * 100) for c in ("performance", "accessibility", "best-practices", "seo")]


def bench_lighthouse(repo: Path, host: StaticHost, runs: int) -> None:
    """Every game's refresher, teach and quiz page in every language: one game's pages are not another's (the Farkle
    refresher, with its calculator, scored 99 while every Faraway page scored 100)."""
    if not LIGHTHOUSE.exists():
        print("lighthouse: not installed (make bench installs it with npm i -E lighthouse@12.2.3)")
        return
    print(f"Lighthouse 12.2.3, mobile defaults, gzip-serving local host, median of {runs}: "
          "performance / accessibility / best practices / SEO (performance runs)")
    for lang in LANGUAGES.codes:
        for game in games(repo):
            for kind, path in (("refresher", f"{game}/"), ("teach", f"{game}/teach/"), ("quiz", f"{game}/quiz/")):
                if not (repo / "site" / LANGUAGES.prefix(lang) / path).is_dir():
                    continue
                scores = [lighthouse_scores(f"{host.url}{LANGUAGES.prefix(lang)}{path}") for _ in range(runs)]
                medians = [statistics.median(column) for column in zip(*scores)]
                print(f"  {lang} {game:10} {kind:9} {medians[0]:4.0f} / {medians[1]:3.0f} / {medians[2]:3.0f} / "
                      f"{medians[3]:3.0f}   ({', '.join(str(s[0]) for s in scores)})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lighthouse-runs", type=int, default=3)   # × 3 page kinds × games × languages, ~15 s each
    parser.add_argument("--skip-lighthouse", action="store_true")
    parser.add_argument("--skip-scale", action="store_true")
    parser.add_argument("--builds-only", action="store_true")
    args = parser.parse_args()
    print(f"{time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as tmp:
        repo = copy_repo(Path(tmp) / "repo")
        bench_build(repo, args.runs, "the repository's games")
        if not args.skip_scale:
            scaled = copy_repo(Path(tmp) / "scaled")
            scale_to(scaled, SCALE_GAMES)
            bench_build(scaled, args.runs, f"{SCALE_GAMES} games")
            shutil.rmtree(scaled)
        if args.builds_only:
            return
        plain_repo = copy_repo(Path(tmp) / "plain")
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-d", str(plain_repo / "site")],
                       cwd=plain_repo, env=ENV, check=True, capture_output=True)   # the Markdown plain serve reads
        bench_serve(copy_repo(Path(tmp) / "served"), plain_repo, 3 * args.runs)   # noisier: three times the edits
        host = StaticHost(repo / "site")
        try:
            bench_first_load(repo, host)
            if not args.skip_lighthouse:
                bench_lighthouse(repo, host, args.lighthouse_runs)
        finally:
            host.close()


if __name__ == "__main__":
    main()
