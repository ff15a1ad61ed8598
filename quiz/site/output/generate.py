"""Writes the generated pages into docs/<lang>/, touching only files whose bytes changed (so `mkdocs serve` settles).
What is written is the site rules/ makes (quiz/site/build.py: what earlier builds made, where nothing it is made
of changed)."""
from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import os
import subprocess
from pathlib import Path

from quiz.site.build import Generated, generated_site, site_key
from quiz.site.load.languages import rules_dir

__all__ = ["Generated", "content_time", "write_docs"]

_written: dict = {}     # this process's last site written, and where: static-i18n builds once per language


@functools.lru_cache(maxsize=8)   # asked by each language build, git only by the first
def content_time(repo: Path) -> int:
    """When the content last changed, as the Anki notes say (Anki updates a note on re-import if it is newer):
    SOURCE_DATE_EPOCH if set, else the time of the last commit that touched rules/ or quiz/, else (not a git
    checkout) the newest change time of a file under them."""
    if os.environ.get("SOURCE_DATE_EPOCH", "").isdigit():
        return int(os.environ["SOURCE_DATE_EPOCH"])
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%ct", "--", "rules", "quiz"], cwd=repo, capture_output=True,
                             text=True, timeout=10, check=False).stdout.strip()
    except OSError:
        out = ""
    if out.isdigit():
        return int(out)
    return max((int(p.stat().st_mtime) for folder in ("rules", "quiz") for p in (repo / folder).rglob("*")
                if p.is_file()), default=0)


def _docs_hold(docs_dir: Path, files: dict[str, str]) -> bool:
    """Whether docs/ holds exactly these bytes for every generated file (someone may have edited or deleted one)."""
    for relative, sha in files.items():
        try:
            if hashlib.sha256((docs_dir / relative).read_bytes()).hexdigest() != sha:
                return False
        except OSError:
            return False
    return True


@contextlib.contextmanager
def cycles_collected_after():
    """Python's cycle collector paused while a build makes its many small objects, most of them read back from the
    cache and kept until the build ends: it walked them again and again for nothing. Whatever cycles were made are
    collected later, as usual."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def write_docs(docs_dir: Path, root: Path | None = None, show_drafts: bool = False, site_url: str = "") -> Generated:
    """Every generated file in docs_dir/<lang>/, as rules/ says now: from this process's last build (static-i18n
    builds once per language), from what earlier builds made, or made afresh (each game's part again only if its
    inputs changed); generated files that no longer exist deleted."""
    with cycles_collected_after():
        return _write_docs(docs_dir, root, show_drafts, site_url)


def _write_docs(docs_dir: Path, root: Path | None, show_drafts: bool, site_url: str) -> Generated:
    root = (root or rules_dir()).resolve()
    deck_time = content_time(root.parent)
    key = site_key(root, show_drafts, site_url, deck_time)
    if _written.get("key") == (key, docs_dir):
        return _written["value"]
    generated, files = generated_site(root, key, show_drafts, site_url, deck_time,
                                      held=lambda summary: _docs_hold(docs_dir, summary.files))
    for relative, data in (files or {}).items():
        target = docs_dir / relative
        if not target.exists() or target.read_bytes() != data:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    for lang in generated.ui:
        for stale in (docs_dir / lang).rglob("*"):
            if stale.is_file() and stale.relative_to(docs_dir).as_posix() not in generated.files:
                stale.unlink()
    _written.update(key=(key, docs_dir), value=generated)
    return generated
