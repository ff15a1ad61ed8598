"""Writes the generated pages into docs/<lang>/, touching only files whose bytes changed (so `mkdocs serve` settles).

Loading, verifying and rendering rules/ is most of our build time, so what a build makes is kept in the memo
(quiz/site/memo.py): the whole generated site under a key of every file under rules/, mkdocs.yml (the languages), the
code and the build's own settings; each game's lint, verification and pages per language under keys of their own
inputs, so an edit makes again only what it can have changed. A problem in rules/ is never kept (only what passed)."""
from __future__ import annotations

import contextlib
import dataclasses
import functools
import gc
import hashlib
import json
import os
import subprocess
from pathlib import Path

from quiz.site import memo
from quiz.site.load.languages import MKDOCS_CONFIG, rules_dir

GENERATED_NOTE = ("<!-- Generated from rules/ by quiz/site/output/generate.py on every build. "
                  "Do not edit: change the YAML. -->\n")


@dataclasses.dataclass(frozen=True)
class Generated:
    """What a build needs from rules/ besides the files: the little the MkDocs hooks read, and what was written."""
    ui: dict[str, dict]                       # the site's own texts per language
    game_names: dict[str, dict[str, str]]     # game id -> language -> the game's name
    drafts: dict[str, list[str]]              # draft game id -> its problems, one line each
    shown_drafts: frozenset[str]              # drafts shown anyway (while serving)
    files: dict[str, str]                     # path under docs/ (starting with the language) -> sha256 of its bytes


_memory: dict = {}


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


def _stat_signature(files: list[Path]) -> tuple:
    """Sizes and change times of the input files: when none moved, neither did the digest."""
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)


def input_digest(root: Path, code: memo.SiteCode, show_drafts: bool, site_url: str, deck_time: int) -> str:
    """The key of the whole generated site (see the module's docstring); remembered while no input file's size or
    change time moves (static-i18n asks once per language)."""
    files = [p for p in sorted(root.rglob("*")) if p.is_file()] + [MKDOCS_CONFIG]
    signature = (_stat_signature(files), code.digest(), show_drafts, site_url, deck_time)
    if _memory.get("signature") != signature:
        rules = memo.files_digest(files[:-1], root)
        _memory.update(signature=signature, digest=memo.site_key(rules, MKDOCS_CONFIG.read_bytes(), *signature[1:]))
    return _memory["digest"]


@dataclasses.dataclass(frozen=True)
class SiteFiles:
    """Where a generated site's files are in the memo (its "site files" unit): each game's pages in one language are
    the pages unit under its key; the few no game's unit holds (the home pages) are here, so that a regeneration does
    not write again what the pages units hold."""
    units: tuple[tuple[str, str, tuple[str, ...]], ...]     # (language, pages unit key, the paths it holds)
    own: dict[str, bytes]

    def read(self, kept: memo.Memo) -> dict[str, bytes] | None:
        """Every file's bytes; None where a pages unit has left the memo since (the site is made again)."""
        files = dict(self.own)
        for lang, key, _ in self.units:
            game_pages = kept.get(key)
            if game_pages is None:
                return None
            files.update({f"{lang}/{path}": _as_written(path, content) for path, content in game_pages.items()})
        return files


def _generate(root: Path, show_drafts: bool, site_url: str, deck_time: int,
              kept: memo.Memo | None = None) -> tuple[Generated, dict[str, bytes], SiteFiles]:
    """Load, lint, verify and render rules/ (raises ContentError on any problem): the summary, every file's bytes and
    where the memo holds them. kept: the memo each game's verification and pages are taken from and kept in."""
    from quiz.site.check.pipeline import load_site   # imported here: a cached build needs none of it
    from quiz.site.pages.render import render_site

    site = load_site(root, show_drafts=show_drafts, memo=kept)
    units: list = []
    files = {relative: _as_written(relative, content)
             for relative, content in render_site(site, site_url, deck_time, kept, units).items()}
    in_units = {f"{lang}/{path}" for lang, _, paths in units for path in paths}
    where = SiteFiles(tuple(units), {relative: data for relative, data in files.items() if relative not in in_units})
    generated = Generated(
        ui=json.loads(json.dumps(site.ui)),   # plain dicts: loading the summary must not import the YAML loader
        game_names={game.id: {lang: texts["name"] for lang, texts in game.texts.items()} for game in site.games},
        drafts={game_id: [str(p) for p in problems] for game_id, problems in site.drafts.items()},
        shown_drafts=frozenset(game.id for game in site.games if game.id in site.drafts),
        files={relative: hashlib.sha256(data).hexdigest() for relative, data in files.items()})
    return generated, files, where


def _as_written(relative: str, content: str | bytes) -> bytes:
    if isinstance(content, bytes):
        return content
    return (_with_note(content) if relative.endswith(".md") else content).encode("utf-8")


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
    memo and kept until the build ends: it walked them again and again for nothing. Whatever cycles were made are
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
    builds once per language), from the memo, or made afresh (each game's part again only if its inputs changed);
    generated files that no longer exist deleted."""
    with cycles_collected_after():
        return _write_docs(docs_dir, root, show_drafts, site_url)


def _write_docs(docs_dir: Path, root: Path | None, show_drafts: bool, site_url: str) -> Generated:
    root = (root or rules_dir()).resolve()
    deck_time = content_time(root.parent)
    kept = memo.Memo(root)
    key = input_digest(root, kept.code, show_drafts, site_url, deck_time)
    if _memory.get("key") == (key, docs_dir):
        return _memory["value"]
    generated = kept.get(key)
    if generated is None or not _docs_hold(docs_dir, generated.files):
        where = kept.get(memo.site_files_key(key)) if generated is not None else None
        files = where.read(kept) if where is not None else None
        if files is None:
            generated, files, where = _generate(root, show_drafts, site_url, deck_time, kept)
            kept.put(memo.site_files_key(key), where)
            kept.put(key, generated)
        for relative, data in files.items():
            target = docs_dir / relative
            if not target.exists() or target.read_bytes() != data:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
    for lang in generated.ui:
        for stale in (docs_dir / lang).rglob("*"):
            if stale.is_file() and stale.relative_to(docs_dir).as_posix() not in generated.files:
                stale.unlink()
    _memory.update(key=(key, docs_dir), value=generated)
    return generated


def _with_note(markdown: str) -> str:
    """Put the do-not-edit note after the front matter, where Markdown hides it."""
    if markdown.startswith("---\n"):
        end = markdown.index("\n---\n", 4) + 5
        return markdown[:end] + GENERATED_NOTE + markdown[end:]
    return GENERATED_NOTE + markdown
