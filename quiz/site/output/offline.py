"""After a build: our own assets' addresses versioned by their content, each language's web app manifest (the site
installs as an app that opens offline), the offline manifest (every file each language needs), the page shown offline
for a page not saved (one per language), and the service worker stamped with the build."""
from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path
from typing import Callable

from quiz.site.load.languages import Languages, site_languages
from quiz.site.pages.templating import render
from quiz.site.pages.texts import AT_TABLES     # saved when first fetched (sw.js), not ahead

SHARED_PREFIXES = ("assets/stylesheets/", "assets/images/")
APP_ICONS = {"assets/icon-192.png": 192, "assets/icon-512.png": 512}   # drawn from favicon.svg by scripts/app_icons.py
SHARED_FILES = ("assets/site.css", "assets/site.js", "assets/quiz.js", "assets/dice.js", "assets/race.js",
                "assets/rules.js", "assets/sheet.js", "assets/rounds.js",
                "assets/favicon.svg",
                *APP_ICONS)
# Our files the pages name: each gets an address that changes with its content (Material's carry a hash in their names).
VERSIONED = SHARED_FILES + ("assets/javascripts/workers/rr-search-lazy.js",
                            "assets/javascripts/workers/rr-search-words.js")
APP_MANIFEST = "manifest.webmanifest"   # in each language's folder; overrides/main.html links it from every page
# a language's own files the service worker saves: pages, data, decks, its app manifest
SAVED_WITH_PAGES = (".html", ".json", ".apkg", ".webmanifest")
LUNR = "assets/javascripts/lunr/min/"
FALLBACK = "offline.html"      # in each language's folder; sw.js looks for it there
# sw.js under make serve: it takes no page offline, and lets go of itself and of any copy an earlier make site saved at
# this address, so every edit shows at once (site.js registers sw.js on every page: without one, a 404 each time).
SERVE_WORKER = """/* make serve: no offline copy while editing; make site builds the real worker. */
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.registration.unregister(); }));
});
"""
HEADING = re.compile(r"<h1[^>]*>(.*?)</h1>", re.S)
TAG = re.compile(r"<[^>]+>")


def _url(relative: str) -> str:
    """The URL a visitor requests: a page by its folder, anything else by its path (relative to the site root)."""
    if relative == "index.html":
        return "./"
    if relative.endswith("/index.html"):
        return relative[: -len("index.html")]
    return relative


def site_files(site: Path) -> list[str]:
    """Every file of a built site, relative to it, sorted; maps and pre-compressed copies left out."""
    return sorted(path.relative_to(site).as_posix() for path in site.rglob("*")
                  if path.is_file() and not path.name.endswith((".map", ".gz")))


def shared_files(files: list[str], lang: str, languages: Languages) -> list[str]:
    """Assets a language's pages load: theme CSS and JS, the search worker and that language's stemmer, our files."""
    wanted = []
    for relative in files:
        if relative.startswith(SHARED_PREFIXES) or relative in SHARED_FILES:
            wanted.append(relative)
        elif relative.startswith("assets/javascripts/") and not relative.startswith("assets/javascripts/lunr/"):
            wanted.append(relative)
        elif relative.startswith(LUNR) and lang != languages.default and relative.rsplit("/", 1)[1] in (
                "lunr.stemmer.support.min.js", f"lunr.{lang}.min.js"):
            wanted.append(relative)
    return wanted


def language_files(files: list[str], languages: Languages) -> dict[str, list[str]]:
    """Each language's own pages and data files (the default language at the root, the others under /<lang>/)."""
    own: dict[str, list[str]] = {lang: [] for lang in languages.codes}
    others = tuple(languages.prefix(lang) for lang in languages.codes if lang != languages.default)
    for relative in files:
        if relative.endswith(SAVED_WITH_PAGES) and not relative.startswith("assets/") and relative != "offline.json" \
                and f"/{AT_TABLES}/" not in relative:
            own[relative.split("/", 1)[0] if relative.startswith(others) else languages.default].append(relative)
    return own


def content_address(site: Path, relative: str) -> str:
    """The address of one of our assets that names its content: its path and ?v= a digest of its bytes."""
    return f"{relative}?v={hashlib.sha256((site / relative).read_bytes()).hexdigest()[:12]}"


def version_references(site: Path, assets: tuple[str, ...] = VERSIONED,
                       also: Callable[[str], str] = lambda html: html) -> dict[str, str]:
    """Name each of our assets by its content (content_address) in every page that loads it, and return asset -> that
    address. The service worker answers an address that names its content from its cache: a page of a new release
    then never gets the previous release's script or style, which it would under an unchanged address. `also` is done
    to every page in the same pass (the templates' indentation taken out): each page is read and written once."""
    versions = {relative: content_address(site, relative) for relative in assets if (site / relative).is_file()}
    named = re.compile(r'(["/])(' + "|".join(re.escape(relative) for relative in versions) + r')(?=")') \
        if versions else None
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        changed = also(text)
        if named:
            changed = named.sub(lambda m: m.group(1) + versions[m.group(2)], changed)
        if changed != text:
            page.write_text(changed, encoding="utf-8")
    return versions


def palette_colour(css: str, name: str) -> str:
    """A colour of the site's light palette, as site.css sets it on :root (the app's bar and splash screen)."""
    found = re.search(r":root\s*\{[^}]*?" + re.escape(name) + r"\s*:\s*(#[0-9a-fA-F]{3,8})\b", css)
    if not found:
        raise ValueError(f"assets/site.css: no {name} colour on :root for the app manifest")
    return found.group(1)


def write_app_manifests(site: Path, ui: dict[str, dict], versions: dict[str, str],
                        languages: Languages | None = None) -> None:
    """Each language's web app manifest: the app opens at that language's home, and its scope is the whole site, so
    the language switcher stays in the app. Addresses are relative to the manifest, so the site works under any
    path; the icons by their content addresses, which the service worker saves."""
    languages = languages or site_languages()
    css = (site / "assets/site.css").read_text(encoding="utf-8")
    colours = {"theme_color": palette_colour(css, "--md-primary-fg-color"),
               "background_color": palette_colour(css, "--md-primary-bg-color")}
    for lang in languages.codes:
        prefix = languages.prefix(lang)
        to_root = "../" * prefix.count("/")
        manifest = {"name": ui[lang]["site_name"], "short_name": ui[lang]["app_short_name"],
                    "description": ui[lang]["home_description"], "lang": lang, "dir": "ltr",
                    "id": "./", "start_url": "./", "scope": to_root or "./", "display": "standalone", **colours,
                    "icons": [{"src": to_root + versions.get(icon, icon), "sizes": f"{size}x{size}",
                               "type": "image/png"} for icon, size in APP_ICONS.items()]}
        (site / prefix / APP_MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=1), encoding="utf-8")


def page_title(path: Path) -> str:
    """A built page's title as its heading reads."""
    found = HEADING.search(path.read_text(encoding="utf-8"))
    return html.unescape(TAG.sub("", found.group(1))).strip() if found else path.parent.name


def write_fallback_pages(site: Path, own: dict[str, list[str]], ui: dict[str, dict], languages: Languages) -> None:
    """Each language's offline fallback page, listing every page of every language it may find saved."""
    pages = [{"lang": lang, "name": languages.name(lang),
              "pages": [{"url": _url(f), "title": page_title(site / f)}
                        for f in own[lang] if f.endswith(".html") and not f.endswith(("404.html", FALLBACK))]}
             for lang in languages.codes]
    for lang in languages.codes:
        target = site / languages.prefix(lang) / FALLBACK
        target.write_text(render("offline.html.j2", lang=lang, ui=ui[lang], pages=pages), encoding="utf-8")


def build_version(site: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for relative in files:
        if relative not in ("sw.js", "offline.json"):
            digest.update(relative.encode())
            digest.update((site / relative).read_bytes())
    return digest.hexdigest()[:12]


def write_offline_files(site: Path, worker_source: Path, ui: dict[str, dict], versions: dict[str, str],
                        languages: Languages | None = None) -> str:
    """Write the fallback pages, offline.json and sw.js into a built site whose assets are named by `versions`
    (version_references); returns the build version. Every language keeps every language's fallback page: offline, a
    page of a language never visited gets one in its own language."""
    languages = languages or site_languages()
    fallbacks = [languages.prefix(lang) + FALLBACK for lang in languages.codes]
    files = sorted(set(site_files(site)) | set(fallbacks))
    own = language_files(files, languages)
    write_fallback_pages(site, own, ui, languages)
    version = build_version(site, files)
    manifest = {"build": version, "languages": {
        lang: [_url(f) for f in sorted(set(pages) | set(fallbacks))]
        + [versions.get(f, f) for f in shared_files(files, lang, languages)]
        for lang, pages in own.items()}}
    (site / "offline.json").write_text(json.dumps(manifest, separators=(",", ":")), encoding="utf-8")
    (site / "sw.js").write_text(worker_source.read_text(encoding="utf-8").replace("__BUILD__", version),
                                encoding="utf-8")
    return version
