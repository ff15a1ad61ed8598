"""Loads rules/ (site texts, each game's facts, structure and texts) and validates it, naming file, line and id on every problem."""
from __future__ import annotations

import dataclasses
import importlib
import os
import re
from pathlib import Path
from typing import Any

import yaml

from quiz.checker import rules_class as find_rules_class
from quiz.wording import Wording

REPO_ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "de", "fr", "tr")
REFERENCE_LANGUAGE = "en"     # the texts every translation mirrors
DEFAULT_LANGUAGE = "en"       # built at the site root; the others under /<lang>/
WORDS_PER_MINUTE = 150
SPOKEN_SECONDS_LIMIT = 120

DIGITS = re.compile(r"\d+")

# The fields each section kind takes from a text file; a trailing "?" marks an optional field.
SECTION_FIELDS: dict[str, tuple[str, ...]] = {
    "summary": ("text",),
    "exceptions": ("title", "text"),
    "turn": ("title", "text"),
    "numbers": ("label", "value"),
    "forget": ("title", "wrong?", "right"),
    "variant": ("title", "text"),
    "remember": (),
    "sources": ("text",),
    "calculator": (),
    "computed-table": ("title", "text", "columns"),
    "sentences": ("text",),
    "goal": ("text",),
    "setup": ("text",),
    "round": ("title", "text"),
    "scoring": ("text",),
    "end": ("text",),
    "mistakes": ("wrong", "right"),
    "teach-source": ("text",),
}
PAGE_KINDS = ("refresher", "teach")
GAME_KEYS = {"id": True, "order": True, "as_of": True, "rulebook": False, "facts": True,
             "scoring_options": False, "refresher": True, "teach": True, "extra_pages": False}
GAME_TEXT_KEYS = ("name", "refresher_title", "refresher_description", "refresher_intro",
                  "teach_title", "teach_description", "teach_intro", "rulebook_ref?",
                  "headings?", "quiz_title?", "quiz_description?", "quiz_intro?", "words?", "entries")
# Placeholders the page generator fills itself, per text key.
GENERATOR_PLACEHOLDERS = {"rulebook_ref": {"pages"}, "read_aloud": {"words", "seconds", "wpm"}}


def rules_dir() -> Path:
    """The rules/ folder; RULES_DIR overrides it (tests point it at a copy)."""
    return Path(os.environ.get("RULES_DIR") or REPO_ROOT / "rules")


class LineDict(dict):
    """A mapping that remembers the YAML line (1-based) of itself and of each key."""

    line: int = 0
    key_lines: dict


class _LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml's parser when present: 4x faster
    pass


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    mapping = LineDict()
    mapping.line = node.start_mark.line + 1
    mapping.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, (str, int, float, bool)) or key is None:
            raise yaml.constructor.ConstructorError(None, None, "a key must be a plain value", key_node.start_mark)
        if key in mapping:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        mapping[key] = loader.construct_object(value_node, deep=True)
        mapping.key_lines[key] = key_node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


@dataclasses.dataclass(frozen=True)
class Problem:
    """One thing wrong with the content: where it is and what is wrong."""

    file: str
    line: int | None
    id: str | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.id}: {self.message}" if self.id else f"{where}: {self.message}"


class ContentError(Exception):
    """Raised with every problem found, one line each."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class Problems:
    """Collects problems for one file at a time."""

    def __init__(self, root: Path):
        self.root = root
        self.items: list[Problem] = []

    def add(self, path: Path, line: int | None, id_: str | None, message: str) -> None:
        self.items.append(Problem(_display(path, self.root), line, id_, message))

    def items_for(self, path: Path) -> list[Problem]:
        """The problems found so far in one file."""
        shown = _display(path, self.root)
        return [p for p in self.items if p.file == shown]

    def raise_if_any(self) -> None:
        if self.items:
            raise ContentError(self.items)


def _display(path: Path, root: Path) -> str:
    try:
        return str(path.resolve().relative_to(root.resolve().parent))
    except ValueError:
        return str(path)


def line_of(mapping: Any, key: Any = None) -> int | None:
    """The YAML line of a mapping, or of one of its keys."""
    if not isinstance(mapping, LineDict):
        return None
    if key is not None and key in mapping.key_lines:
        return mapping.key_lines[key]
    return mapping.line


def load_yaml(path: Path, problems: Problems) -> Any:
    """Parse one YAML file; a syntax error becomes a problem naming its line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        problems.add(path, None, None, f"cannot read: {exc.strerror}")
        return None
    except UnicodeDecodeError:
        problems.add(path, None, None, "not UTF-8 text")
        return None
    try:
        data = yaml.load(text, Loader=_LineLoader)  # noqa: S506 - _LineLoader is a SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problems.add(path, line, None, f"broken YAML: {exc.problem or exc.context}")
    except yaml.YAMLError as exc:
        problems.add(path, None, None, f"broken YAML: {exc}")
    else:
        if data is None:
            problems.add(path, None, None, "the file is empty")
        return data
    return None


def digit_runs(text: str) -> list[str]:
    """The numbers written out in a text (placeholders already removed), in sorted order."""
    return sorted(DIGITS.findall(text))


@dataclasses.dataclass
class Entry:
    id: str
    pages: tuple[int, ...] = ()
    rank: int | None = None
    line: int | None = None


@dataclasses.dataclass
class Section:
    kind: str
    entries: list[Entry]
    spoken: bool = False


@dataclasses.dataclass
class Game:
    id: str
    dir: Path
    order: int
    as_of: str
    rulebook: dict | None
    facts: dict[str, Any]
    pages: dict[str, list[Section]]
    texts: dict[str, dict]          # language -> the text file's mapping
    checker: Any                    # the game's quiz.checker.Rules, bound to this game.yml
    raw: dict = dataclasses.field(default_factory=dict)
    questions: list = dataclasses.field(default_factory=list)        # quiz.bank.Question, from questions.yml
    question_texts: dict = dataclasses.field(default_factory=dict)   # language -> question id -> texts
    worded: dict = dataclasses.field(default_factory=dict)           # question id -> language -> text, why, label
    practice: dict = dataclasses.field(default_factory=dict)         # question id -> bank.Practice (variants, drops)

    def extra_pages(self) -> list[str]:
        return [name for name in self.pages if name not in PAGE_KINDS]

    def values(self) -> dict[str, Any]:
        """Every value a game's texts may name: its facts, the numbers its checker derives from them, the as-of date."""
        values = dict(self.facts)
        values.update(self.checker.derived_facts())
        values["as_of"] = self.as_of
        return values

    def wording(self, lang: str) -> Wording:
        """How this game's texts say numbers, counts and terms in one language."""
        return Wording(lang, (self.texts.get(lang) or {}).get("words"), self.checker.text_formatters())


@dataclasses.dataclass
class Site:
    root: Path
    ui: dict[str, dict]
    games: list[Game]


def check_keys(mapping: Any, allowed: dict[str, bool] | tuple[str, ...], path: Path, id_: str | None,
                problems: Problems, what: str) -> bool:
    """Reject unknown keys and report missing required ones ("?" suffix or False = optional)."""
    if not isinstance(mapping, dict):
        problems.add(path, line_of(mapping), id_, f"{what} must be a mapping, not {type(mapping).__name__}")
        return False
    if isinstance(allowed, tuple):
        allowed = {k.rstrip("?"): not k.endswith("?") for k in allowed}
    ok = True
    for key in mapping:
        if key not in allowed:
            problems.add(path, line_of(mapping, key), id_, f"unknown key {key!r} in {what}")
            ok = False
    for key, required in allowed.items():
        if required and key not in mapping:
            problems.add(path, line_of(mapping), id_, f"missing key {key!r} in {what}")
            ok = False
    return ok


def _load_sections(raw: Any, page: str, path: Path, problems: Problems) -> list[Section]:
    if not isinstance(raw, list):
        problems.add(path, None, None, f"{page} must be a list of sections")
        return []
    sections = []
    for item in raw:
        if not check_keys(item, ("section", "entries?", "spoken?"), path, None, problems, f"a {page} section"):
            continue
        kind = item["section"]
        if kind not in SECTION_FIELDS:
            problems.add(path, line_of(item, "section"), None,
                         f"unknown section {kind!r}; one of {', '.join(SECTION_FIELDS)}")
            continue
        entries = []
        raw_entries = item.get("entries") or []
        if not isinstance(raw_entries, list):
            problems.add(path, line_of(item, "entries"), None, "entries must be a list")
            raw_entries = []
        for raw_entry in raw_entries:
            if not check_keys(raw_entry, ("id", "pages?", "rank?"), path, None, problems, "an entry"):
                continue
            entry_id = raw_entry["id"]
            if not isinstance(entry_id, str) or not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", entry_id):
                problems.add(path, line_of(raw_entry), str(entry_id), "an id is lower-case words joined by '-'")
                continue
            pages = raw_entry.get("pages", [])
            if not isinstance(pages, list) or not all(type(p) is int for p in pages):
                problems.add(path, line_of(raw_entry, "pages"), entry_id, "pages must be a list of page numbers")
                pages = []
            rank = raw_entry.get("rank")
            if rank is not None and type(rank) is not int:
                problems.add(path, line_of(raw_entry, "rank"), entry_id, "rank must be a whole number")
                rank = None
            if kind == "forget" and rank is None:
                problems.add(path, line_of(raw_entry), entry_id, "an easy-to-forget entry needs a rank")
            entries.append(Entry(entry_id, tuple(pages), rank, line_of(raw_entry)))
        spoken = item.get("spoken", False)
        if not isinstance(spoken, bool):
            problems.add(path, line_of(item, "spoken"), None, "spoken must be true or false")
            spoken = False
        sections.append(Section(kind, entries, spoken))
    return sections


def plain(data: Any) -> Any:
    """A fresh copy of nested YAML data as plain dicts and lists (line numbers are only needed for messages)."""
    if isinstance(data, dict):
        return {key: plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [plain(value) for value in data]
    return data


def _load_checker(game_id: str, raw: dict, path: Path, problems: Problems):
    """The game's rules checker, bound to the facts and tables of this very game.yml."""
    try:
        module = importlib.import_module(f"quiz.{game_id}")
    except ModuleNotFoundError:
        problems.add(path, None, game_id, f"no rules checker module quiz/{game_id}.py")
        return None
    except Exception as exc:  # a checker that fails to import must not end in a traceback
        problems.add(path, None, game_id, f"rules checker quiz/{game_id}.py failed to load: {type(exc).__name__}: {exc}")
        return None
    rules_class = find_rules_class(module)
    if rules_class is None:
        problems.add(path, None, game_id, f"quiz/{game_id}.py must define one subclass of quiz.checker.Rules")
        return None
    try:
        return rules_class(plain(raw))
    except Exception as exc:  # e.g. a fact the checker needs is missing or a table is malformed
        problems.add(path, None, game_id, f"rules checker quiz/{game_id}.py cannot use these facts: {type(exc).__name__}: {exc}")
    return None


def load_game(game_dir: Path, root: Path, problems: Problems) -> Game | None:
    from quiz import bank
    path = game_dir / "game.yml"
    raw = load_yaml(path, problems)
    if raw is None:
        if path.exists():
            return None
        problems.add(path, None, game_dir.name, "missing game.yml")
        return None
    if not check_keys(raw, GAME_KEYS, path, game_dir.name, problems, "game.yml"):
        return None
    if raw["id"] != game_dir.name:
        problems.add(path, line_of(raw, "id"), str(raw["id"]), f"id must match its folder name {game_dir.name!r}")
    facts = raw["facts"]
    if not isinstance(facts, dict):
        problems.add(path, line_of(raw, "facts"), None, "facts must be a mapping of names to numbers")
        facts = {}
    for name, value in facts.items():
        if type(value) is not int:
            problems.add(path, line_of(facts, name), name, f"a fact must be a whole number, not {value!r}")
    rulebook = raw.get("rulebook")
    if rulebook is not None and check_keys(rulebook, ("edition", "pages"), path, None, problems, "rulebook"):
        if rulebook["edition"] not in LANGUAGES:
            problems.add(path, line_of(rulebook, "edition"), None, f"edition must be one of {', '.join(LANGUAGES)}")
        if type(rulebook["pages"]) is not int or rulebook["pages"] < 1:
            problems.add(path, line_of(rulebook, "pages"), None, "pages must be a positive whole number")
            rulebook = None
    pages = {kind: _load_sections(raw[kind], kind, path, problems) for kind in PAGE_KINDS}
    extra = raw.get("extra_pages") or {}
    if not isinstance(extra, dict):
        problems.add(path, line_of(raw, "extra_pages"), None, "extra_pages must map page names to sections")
        extra = {}
    for name, sections in extra.items():
        if not isinstance(name, str) or not re.fullmatch(r"[a-z]+", name) or name in PAGE_KINDS + ("quiz", "index"):
            problems.add(path, line_of(extra, name), str(name), "an extra page name is one lower-case word, not refresher, teach, quiz or index")
            continue
        pages[name] = _load_sections(sections, name, path, problems)
    text_keys = GAME_TEXT_KEYS + tuple(f"{name}_{part}?" for name in extra for part in ("title", "description", "intro"))
    checker = _load_checker(game_dir.name, raw, path, problems) if not problems.items_for(path) else None
    texts = {}
    for lang in LANGUAGES:
        text_path = game_dir / f"text.{lang}.yml"
        if not text_path.exists():
            problems.add(text_path, None, game_dir.name, f"missing the {lang} texts")
            continue
        loaded = load_yaml(text_path, problems)
        if loaded is not None and check_keys(loaded, text_keys, text_path, None, problems, "a text file"):
            if not isinstance(loaded["entries"], dict):
                problems.add(text_path, line_of(loaded, "entries"), None, "entries must be a mapping of ids")
                continue
            texts[lang] = loaded
    for extra in sorted(game_dir.glob("text.*.yml")):
        lang = extra.name.split(".")[1]
        if lang not in LANGUAGES:
            problems.add(extra, None, None, f"unknown language {lang!r}; the site has {', '.join(LANGUAGES)}")
    game = Game(raw["id"], game_dir, raw["order"], str(raw["as_of"]), rulebook, dict(facts), pages, texts,
                checker, raw)
    bank.load_questions(game, problems)
    return game


def load_site(root: Path, verify: bool = True) -> Site:
    """Load and validate everything under rules/ (and check every quiz answer); raise ContentError listing every problem."""
    from quiz import bank, lint  # both need this module's types

    problems = Problems(root)
    ui = {}
    for lang in LANGUAGES:
        path = root / f"ui.{lang}.yml"
        loaded = load_yaml(path, problems) if path.exists() else problems.add(path, None, None, f"missing the {lang} interface texts")
        if loaded is not None:
            if isinstance(loaded, dict):
                ui[lang] = loaded
            else:
                problems.add(path, None, None, "the interface texts must be a mapping")
    games = []
    for game_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        game = load_game(game_dir, root, problems)
        if game is not None:
            games.append(game)
    problems.raise_if_any()
    site = Site(root, ui, sorted(games, key=lambda g: (g.order, g.id)))
    lint.lint_site(site, problems)
    problems.raise_if_any()
    if verify:
        bank.verify_site(site, problems)
        problems.raise_if_any()
    return site
