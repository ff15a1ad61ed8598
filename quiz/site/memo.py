"""The build's one memo: what each unit of a build made (the whole generated site; one game's lint passed, its
verification, its practice draws, its words in each language, its witnesses' game records, its answers at every table,
its texts filled in at every table; its pages and deck in one language), kept on disk under .cache/memo/ under a key of
everything that made it — the unit's input files, the code as this process loaded it (every file under quiz/ and each
game's package, whole), the build's settings — and least recently used out.

The code is read when this module is imported (the rest of quiz/ is imported with it) and again before every store: a
result made while the code on disk moved away from the code running is not stored. `mkdocs serve` imports quiz/ afresh
when it differs (quiz/site/hooks/generation.py)."""
from __future__ import annotations

import hashlib
import importlib.metadata
import os
import pickle
import sys
from pathlib import Path
from typing import Any, Iterable

import quiz
from quiz import games

PACKAGE = Path(quiz.__file__).resolve().parent
FOLDER = Path(".cache") / "memo"          # under the repository (the parent of rules/)
ENTRIES = 400                             # 20 games x 4 languages of pages, their verifications, a few whole sites
# The libraries whose versions shape what is generated, and Python's: an upgrade is a new key.
SHAPING_LIBRARIES = ("babel", "jinja2", "markupsafe", "genanki", "jsonschema", "pyyaml", "pyphen", "num2words")
PLATFORM = repr([sys.version] + [f"{name}={importlib.metadata.version(name)}" for name in SHAPING_LIBRARIES])


def _sha(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


def _package_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


# Each code file as this process loaded it (its bytes' digest): the package now, a game's checker package outside quiz/
# (the tests' fixture game) when a build first asks for it.
_LOADED: dict[Path, str | None] = {}
_STATS: dict[Path, tuple[int, int] | None] = {}    # while a file's size and time stay, so did its bytes


def _load(path: Path) -> None:
    _LOADED[path], _STATS[path] = _sha(path), _stat(path)


for _path in _package_files():
    _load(_path)


def checker_files(game_id: str) -> list[Path]:
    """The files of a game's checker package (quiz/games/<game>/, or wherever quiz.games.__path__ finds it): its modules
    and the data they read (a game's solved tables, its card schema)."""
    home = games.location(game_id)
    return sorted(path.resolve() for path in home.rglob("*") if path.is_file() and "__pycache__" not in path.parts) \
        if home is not None else []


def _named(path: Path) -> str:
    """A code file by its path under quiz/ (a game's package found elsewhere as if it were under quiz/games/)."""
    if PACKAGE in path.parents:
        return path.relative_to(PACKAGE).as_posix()
    home = next((parent.parent for parent in path.parents if parent.name == "games"), None)
    return path.relative_to(home).as_posix() if home is not None else path.as_posix()


class SiteCode:
    """The code that makes a site from rules/: every file under quiz/ and each game's checker package wherever it is,
    as this process loaded them. Whole files, no list of which module makes what: an edit to any of them makes every
    unit again, which is simple and always right (code is edited far less often than texts)."""

    def __init__(self, root: Path):
        self.checkers = {game.parent.name: checker_files(game.parent.name) for game in sorted(root.glob("*/game.yml"))}
        for paths in self.checkers.values():
            for path in paths:
                if path not in _LOADED:
                    _load(path)
        self._digest: str | None = None

    def files(self) -> list[Path]:
        return sorted({path for path in _LOADED if PACKAGE in path.parents}
                      | {path for paths in self.checkers.values() for path in paths})

    def digest(self) -> str:
        """The digest of the code and of the libraries that shape what it makes (PLATFORM)."""
        if self._digest is None:
            self._digest = key(PLATFORM, [(_named(path), _LOADED.get(path)) for path in self.files()])
        return self._digest


def code_moved() -> bool:
    """Whether a code file on disk is no longer the one this process loaded (or a new file joined the package)."""
    if set(_package_files()) - set(_LOADED):
        return True
    return any(_sha(path) != sha for path, sha in _LOADED.items() if _stat(path) != _STATS[path])


def key(*parts: Any) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def files_digest(files: Iterable[Path], root: Path) -> str:
    """The names (under root) and bytes of some input files."""
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


class Store:
    """Results on disk by key, each a pickle written whole then renamed; at most ENTRIES kept, the least recently
    used (by file time, refreshed on every hit) deleted first. No folder (a read-only checkout): nothing kept."""

    def __init__(self, folder: Path):
        self.folder = folder

    def get(self, unit_key: str) -> Any:
        path = self.folder / f"{unit_key}.pickle"
        try:
            value = pickle.loads(path.read_bytes())
            os.utime(path)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
            return None
        return value

    def put(self, unit_key: str, value: Any) -> None:
        if code_moved():   # made by code that is not on disk any more: its key would name the wrong code
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            partial = self.folder / f"{unit_key}.{os.getpid()}.partial"
            partial.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
            partial.replace(self.folder / f"{unit_key}.pickle")
            kept = sorted(self.folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime_ns)
            for old in kept[:-ENTRIES]:
                old.unlink(missing_ok=True)
        except OSError:
            pass   # the next build makes it again


# Every unit the build keeps and what its key covers, besides the code (SiteCode, as this process loaded it) and the
# libraries that shape it (PLATFORM). The keys are made here and nowhere else.
UNITS = {
    "site": "every file under rules/ and mkdocs.yml (the languages); drafts shown or not, SITE_URL, the decks' time",
    "site files": "the site's key: where the memo holds every generated file (the pages units' keys, and the home "
                  "pages' bytes), kept apart from the summary a warm build reads",
    "lint": "a game's files in every language and every ui.<lang>.yml; the languages and the default one: that its "
            "lint passed (a game whose lint found a problem is linted again)",
    "verify": "a game's files in every language and every ui.<lang>.yml; the languages and the default one: its "
              "questions and practice variants checked and worded, and answered and worded at every table",
    "practice draws": "a game's files in no language and in the default one (a variant's why is compared with the "
                      "stated question's in it), ui.<default>.yml: each question's practice variants drawn, in no "
                      "language yet (an edit to another language's texts words them again, not draws them)",
    "words": "a game's files in no language and in one, that ui.<lang>.yml: its questions and practice variants "
             "worded in that language at the default table and at every other table of its rule sets, each by its "
             "question, givens, answer, result, beliefs and the table's values (an edit to one language's texts words "
             "that language again, not the others)",
    "witnesses": "a game's files in no language: the game records its witnesses found (or did not find) for the givens "
                 "its questions and practice draws asked about, each kept by the table's facts, the check and the "
                 "givens (an edit to a text in any language searches for none again)",
    "answers at tables": "a game's files in no language: its questions' answers and the replays of their games at "
                         "every table, each kept by the question, its drawn givens and the facts its texts name (an "
                         "edit to a text in any language redoes the words, not these)",
    "texts at tables": "a game's files in no language: its entries filled in at every table in every language, "
                       "which lint checks and the pages show, each kept by its language, id, texts and the "
                       "language's words (an edit to one text fills that entry again, not the others)",
    "pages": "a game's files in one language and the default one, those two ui.<lang>.yml; the language, the default "
             "one, every language's address prefix, the practice variants every language kept, SITE_URL, the decks' "
             "time",
}


def site_key(rules: str, config: bytes, code: str, show_drafts: bool, site_url: str, deck_time: int) -> str:
    """The key of the whole generated site (UNITS["site"]): `rules`, the digest of every file under rules/."""
    return key("site", rules, config, code, show_drafts, site_url, deck_time)


def site_files_key(site: str) -> str:
    """UNITS["site files"]."""
    return key(site, "files")


class Memo(Store):
    """The memo of the repository that holds a rules/ folder, with the code that makes that rules/ into a site."""

    def __init__(self, root: Path):
        super().__init__(root.parent / FOLDER)
        self.code = SiteCode(root)

    def lint_key(self, root: Path, game_dir: Path, languages: tuple[str, ...], default: str) -> str:
        return self._game_key("lint", root, game_dir, languages, languages, default)

    def verify_key(self, root: Path, game_dir: Path, languages: tuple[str, ...], default: str) -> str:
        return self._game_key("verify", root, game_dir, languages, languages, default)

    def practice_draws_key(self, root: Path, game_dir: Path, default: str) -> str:
        return self._game_key("practice draws", root, game_dir, {default}, default)

    def words_key(self, root: Path, game_dir: Path, lang: str) -> str:
        return self._game_key("words", root, game_dir, {lang}, lang)

    def witnesses_key(self, root: Path, game_dir: Path) -> str:
        return self._game_key("witnesses", root, game_dir, set())

    def answers_at_tables_key(self, root: Path, game_dir: Path) -> str:
        return self._game_key("answers at tables", root, game_dir, set())

    def texts_at_tables_key(self, root: Path, game_dir: Path) -> str:
        return self._game_key("texts at tables", root, game_dir, set())

    def pages_key(self, root: Path, game_dir: Path, lang: str, default: str, prefixes: Any, practice_drawn: str,
                  site_url: str, deck_time: int) -> str:
        return self._game_key("pages", root, game_dir, {lang, default}, lang, default, prefixes, practice_drawn,
                              site_url, deck_time)

    def _game_key(self, unit: str, root: Path, game_dir: Path, languages: Iterable[str], *settings: Any) -> str:
        """The key of one game's unit (UNITS): the game's files in no language and in these languages (text.de.yml,
        questions.de.yml), these languages' interface texts (ui.de.yml), the game's code and the unit's settings."""
        languages = set(languages)
        files = [path for path in sorted(game_dir.rglob("*")) if path.is_file()
                 and (len(path.name.split(".")) != 3 or path.name.split(".")[1] in languages)]
        files += [root / f"ui.{lang}.yml" for lang in sorted(languages) if (root / f"ui.{lang}.yml").is_file()]
        return key(unit, game_dir.name, files_digest(files, root), self.code.digest(), settings)
