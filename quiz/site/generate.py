"""Writes the generated Markdown into docs/<lang>/, touching only files whose text changed (so `mkdocs serve` settles)."""
from __future__ import annotations

from pathlib import Path

from quiz.site import anki
from quiz.site.content import Site, rules_dir
from quiz.site.pipeline import load_site
from quiz.site.render import render_site

GENERATED_NOTE = "<!-- Generated from rules/ by quiz/site/generate.py on every build. Do not edit: change the YAML. -->\n"

_cache: dict = {}


def _fingerprint(root: Path) -> tuple:
    return tuple(sorted((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in root.rglob("*.yml")))


def build_pages(root: Path | None = None, show_drafts: bool = False,
                site_url: str = "") -> tuple[Site, dict[str, str | bytes]]:
    """Load, lint and render rules/; cached while no YAML file changes (static-i18n builds once per language)."""
    root = root or rules_dir()
    key = (str(root), show_drafts, site_url, _fingerprint(root))
    if _cache.get("key") != key:
        site = load_site(root, show_drafts=show_drafts)
        _cache.update(key=key, value=(site, render_site(site, site_url, anki.content_timestamp(root.parent))))
    return _cache["value"]


def write_docs(docs_dir: Path, root: Path | None = None, show_drafts: bool = False, site_url: str = "") -> Site:
    """Generate every file into docs_dir/<lang>/ and delete generated files that no longer exist."""
    site, pages = build_pages(root, show_drafts, site_url)
    wanted = set()
    for relative, content in pages.items():
        content = _with_note(content) if relative.endswith(".md") else content
        data = content if isinstance(content, bytes) else content.encode("utf-8")
        target = docs_dir / relative
        wanted.add(target)
        if not target.exists() or target.read_bytes() != data:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    for lang in site.languages:
        for stale in (docs_dir / lang).rglob("*"):
            if stale.is_file() and stale not in wanted:
                stale.unlink()
    return site


def _with_note(markdown: str) -> str:
    """Put the do-not-edit note after the front matter, where Markdown hides it."""
    if markdown.startswith("---\n"):
        end = markdown.index("\n---\n", 4) + 5
        return markdown[:end] + GENERATED_NOTE + markdown[end:]
    return GENERATED_NOTE + markdown
