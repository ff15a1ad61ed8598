"""Writes the generated pages into docs/<lang>/, touching only files whose bytes changed (so `mkdocs serve` settles).

Loading, verifying and rendering rules/ is most of our build time, so the result is kept on disk under .cache/, keyed
by a digest of everything it is made from: every file under rules/, the quiz package (checkers, site code, templates,
schemas) and each game's checker module, mkdocs.yml (the languages), the versions of the libraries that shape the
output, Python's, and the build's own settings. Any change to any of them is a different key, so a stale result is
never used; a problem in rules/ is never cached (only a site that passed is)."""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import quiz
from quiz import checker_module
from quiz.site.languages import MKDOCS_CONFIG, rules_dir

GENERATED_NOTE = "<!-- Generated from rules/ by quiz/site/generate.py on every build. Do not edit: change the YAML. -->\n"
CACHE_FOLDER = Path(".cache") / "generated"   # under the repository (the parent of rules/)
SHAPING_LIBRARIES = ("babel", "jinja2", "markupsafe", "genanki", "jsonschema", "pyyaml", "pyphen", "num2words")
QUIZ_PACKAGE = Path(quiz.__file__).resolve().parent


@dataclasses.dataclass(frozen=True)
class Generated:
    """What a build needs from rules/ besides the files: the little the MkDocs hooks read, and what was written."""
    ui: dict[str, dict]                       # the site's own texts per language
    game_names: dict[str, dict[str, str]]     # game id -> language -> the game's name
    drafts: dict[str, list[str]]              # draft game id -> its problems, one line each
    shown_drafts: frozenset[str]              # drafts shown anyway (while serving)
    files: dict[str, str]                     # path under docs/ (starting with the language) -> sha256 of its bytes


_memory: dict = {}


@functools.lru_cache(maxsize=8)   # asked once per language build; git answers in milliseconds, but four times
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


def _inputs(root: Path) -> list[Path]:
    """Every file the generated pages are made from: rules/, the quiz package, each game's checker module wherever it
    lives (the test fixture's is outside quiz/), mkdocs.yml."""
    files = [p for folder in (root, QUIZ_PACKAGE) for p in sorted(folder.rglob("*"))
             if p.is_file() and "__pycache__" not in p.parts]
    for game_yml in sorted(root.glob("*/game.yml")):
        spec = importlib.util.find_spec(f"quiz.{checker_module(game_yml.parent.name)}")
        if spec and spec.origin and Path(spec.origin).is_file() and QUIZ_PACKAGE not in Path(spec.origin).parents:
            files.append(Path(spec.origin))
    return files + [MKDOCS_CONFIG]


def _stat_signature(files: list[Path]) -> tuple:
    """Sizes and change times of the input files: when none moved, neither did the digest."""
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)


def input_digest(root: Path, show_drafts: bool, site_url: str, deck_time: int) -> str:
    """A digest of everything the generated pages are made from (see the module's docstring); remembered while no
    input file's size or change time moves (static-i18n asks once per language)."""
    files = _inputs(root)
    signature = (_stat_signature(files), show_drafts, site_url, deck_time)
    if _memory.get("signature") != signature:
        digest = hashlib.sha256()
        for path in files:
            name = path.relative_to(root.parent) if root.parent in path.parents else path
            digest.update(name.as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
        for library in SHAPING_LIBRARIES:
            digest.update(f"{library}={importlib.metadata.version(library)}\n".encode())
        digest.update(repr((sys.version, show_drafts, site_url, deck_time)).encode())
        _memory.update(signature=signature, digest=digest.hexdigest())
    return _memory["digest"]


def _generate(root: Path, show_drafts: bool, site_url: str, deck_time: int,
              remember: bool = False) -> tuple[Generated, dict[str, bytes]]:
    """Load, lint, verify and render rules/ (raises ContentError on any problem): the summary and every file's bytes.
    remember: keep each game's result in this process for the next build (see bank.verify_site)."""
    from quiz.site.pipeline import load_site   # imported here: a cached build needs none of it
    from quiz.site.render import render_site

    site = load_site(root, show_drafts=show_drafts, remember=remember)
    files = {relative: _as_written(relative, content)
             for relative, content in render_site(site, site_url, deck_time, remember).items()}
    generated = Generated(
        ui=json.loads(json.dumps(site.ui)),   # plain dicts: loading the summary must not import the YAML loader
        game_names={game.id: {lang: texts["name"] for lang, texts in game.texts.items()} for game in site.games},
        drafts={game_id: [str(p) for p in problems] for game_id, problems in site.drafts.items()},
        shown_drafts=frozenset(game.id for game in site.games if game.id in site.drafts),
        files={relative: hashlib.sha256(data).hexdigest() for relative, data in files.items()})
    return generated, files


def _as_written(relative: str, content: str | bytes) -> bytes:
    if isinstance(content, bytes):
        return content
    return (_with_note(content) if relative.endswith(".md") else content).encode("utf-8")


def _load(path: Path):
    try:
        return pickle.loads(path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        return None


def _store(folder: Path, key: str, generated: Generated, files: dict[str, bytes]) -> None:
    """Keep this result as the only one: a small summary and the files (each written whole, then renamed)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for suffix, value in ((".files.pickle", files), (".pickle", generated)):
            partial = folder / f"{key}{suffix}.partial"
            partial.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
            partial.replace(folder / f"{key}{suffix}")
        for old in folder.glob("*.pickle"):
            if not old.name.startswith(key):
                old.unlink(missing_ok=True)
    except OSError:
        pass   # no cache (a read-only checkout): the next build generates again


def _docs_hold(docs_dir: Path, files: dict[str, str]) -> bool:
    """Whether docs/ holds exactly these bytes for every generated file (someone may have edited or deleted one)."""
    for relative, sha in files.items():
        try:
            if hashlib.sha256((docs_dir / relative).read_bytes()).hexdigest() != sha:
                return False
        except OSError:
            return False
    return True


def write_docs(docs_dir: Path, root: Path | None = None, show_drafts: bool = False, site_url: str = "",
               remember: bool = False) -> Generated:
    """Every generated file in docs_dir/<lang>/, as rules/ says now: from memory (static-i18n builds once per
    language), checked against the cache's summary, or made afresh; generated files that no longer exist deleted.
    remember (`mkdocs serve`): made afresh, only the games whose sources changed are verified and rendered again."""
    root = (root or rules_dir()).resolve()
    deck_time = content_time(root.parent)
    key = input_digest(root, show_drafts, site_url, deck_time)
    if _memory.get("key") == (key, docs_dir):
        return _memory["value"]
    folder = root.parent / CACHE_FOLDER
    generated = _load(folder / f"{key}.pickle")
    if generated is None or not _docs_hold(docs_dir, generated.files):
        files = _load(folder / f"{key}.files.pickle") if generated is not None else None
        if files is None:
            generated, files = _generate(root, show_drafts, site_url, deck_time, remember)
            _store(folder, key, generated, files)
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
