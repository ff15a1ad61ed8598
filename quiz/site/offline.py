"""After a build: the offline manifest (every file each language needs) and the service worker stamped with the build."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from quiz.site.languages import Languages, site_languages

SHARED_PREFIXES = ("assets/stylesheets/", "assets/images/")
SHARED_FILES = ("assets/site.css", "assets/common.js", "assets/quiz.js", "assets/dice.js", "assets/offline.js")
LUNR = "assets/javascripts/lunr/min/"


def _url(relative: str) -> str:
    """The URL a visitor requests: a page by its folder, anything else by its path (relative to the site root)."""
    if relative == "index.html":
        return "./"
    if relative.endswith("/index.html"):
        return relative[: -len("index.html")]
    return relative


def shared_files(site: Path, lang: str, languages: Languages) -> list[str]:
    """Assets a language's pages load: theme CSS and JS, the search worker and that language's stemmer, our files."""
    wanted = []
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site).as_posix()
        if not path.is_file() or relative.endswith((".map", ".gz")):
            continue
        if relative.startswith(SHARED_PREFIXES) or relative in SHARED_FILES:
            wanted.append(relative)
        elif relative.startswith("assets/javascripts/") and not relative.startswith("assets/javascripts/lunr/"):
            wanted.append(relative)
        elif relative.startswith(LUNR) and lang != languages.default and relative.rsplit("/", 1)[1] in (
                "lunr.stemmer.support.min.js", f"lunr.{lang}.min.js"):
            wanted.append(relative)
    return wanted


def language_files(site: Path, languages: Languages) -> dict[str, list[str]]:
    """Each language's own pages and data files (the default language at the root, the others under /<lang>/)."""
    files: dict[str, list[str]] = {lang: [] for lang in languages.codes}
    others = tuple(languages.prefix(lang) for lang in languages.codes if lang != languages.default)
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site).as_posix()
        if not path.is_file() or not relative.endswith((".html", ".json")) or relative.startswith("assets/"):
            continue
        if relative != "offline.json":
            files[relative.split("/", 1)[0] if relative.startswith(others) else languages.default].append(relative)
    return files


def build_version(site: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site).as_posix()
        if path.is_file() and relative not in ("sw.js", "offline.json"):
            digest.update(relative.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def write_offline_files(site: Path, worker_source: Path, languages: Languages | None = None) -> str:
    """Write offline.json and sw.js into a built site; returns the build version."""
    languages = languages or site_languages()
    version = build_version(site)
    manifest = {"build": version, "languages": {lang: [_url(f) for f in own + shared_files(site, lang, languages)]
                                                for lang, own in language_files(site, languages).items()}}
    (site / "offline.json").write_text(json.dumps(manifest, separators=(",", ":")), encoding="utf-8")
    (site / "sw.js").write_text(worker_source.read_text(encoding="utf-8").replace("__BUILD__", version), encoding="utf-8")
    return version
