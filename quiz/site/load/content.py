"""Loads rules/ into the site's model: site texts, and per game its facts, tables, page structure, texts, questions and
a rules checker bound to those very facts. Every file is checked against its JSON Schema on the way in."""
from __future__ import annotations

import dataclasses
import datetime
import operator
import re
from pathlib import Path
from typing import Any

from quiz import games
from quiz.checker import FineReads, MalformedInput, Presentation, Rules, Witnesses, facts_read
from quiz.site.load import codes
from quiz.site.load.languages import rules_dir, site_languages
from quiz.site.load.problems import ContentError, Problems
from quiz.site.load.rulesets import RuleSets, load_rule_sets
from quiz.site.load.source import check_schema, line_at, line_of, load_yaml, plain, schema
from quiz.site.load.wording import Wording, placeholder_paths, resolve

PAGE_KINDS = ("refresher", "teach")
KINDS = ("yesno", "number", "choice", "order")
# The fields each section kind's entries take from a text file ("?": optional), declared once in the schema.
SECTION_FIELDS: dict[str, tuple[str, ...]] = {
    kind: tuple(fields) for kind, fields in schema("game")["x-text-fields"].items() if kind != "description"}
# Placeholders the page generator fills itself, or a calculator in the browser, per text key.
GENERATOR_PLACEHOLDERS = {"rulebook_ref": {"pages"}, "rulebook_refs": {"pages"},
                          "read_aloud": {"seconds", "syllables", "rate"},
                          "add": {"face"}, "best": {"points"}, "with": {"set_aside"}, "value": {"value"},
                          "advice_roll": {"keep", "points", "left", "roll", "bank"},
                          "advice_bank": {"keep", "points", "left", "roll", "bank"},
                          "advice_must_roll": {"keep", "points", "left", "minimum"},
                          **{key: {"keep", "points", "left", "roll", "bank"} for key in ("win_bank", "win_roll",
                                                                                         "win_even")},
                          "win_must_roll": {"keep", "points", "left", "roll", "minimum"},
                          "win_ends": {"keep", "points"},
                          # a score sheet's: its players and rounds numbered by the page, the rest by its script
                          **{field: set(names.split()) for field, names in (
                              ("player", "player"), ("round", "round"), ("remove", "card"), ("total", "fame"),
                              ("region", "number"), ("sanctuary", "features"), ("line", "card reason fame"),
                              ("always", "fame"), ("counted", "count per"), ("sight_counted", "sight counted"),
                              ("not_number", "value"), ("outside", "value"), ("twice", "number"),
                              ("both_rows", "number"), ("too_many", "chosen found"), ("sanctuary_twice", "card"),
                              ("sanctuary_both", "card"), ("wins", "player fame"), ("tie", "fame player number"))}}
# left in the text for the calculator's script
BROWSER_PLACEHOLDERS = {"face", "points", "set_aside", "keep", "left", "roll", "bank", "minimum"}
# Sections whose texts are the same at every table of a game's rule sets: what the sources say, the tools' own words,
# the numbers table's entries (the table changes whole), the rule sets' page itself.
SAME_AT_EVERY_TABLE = {"sources", "teach-source", "numbers", "calculator", "computed-table", "rule-sets",
                       "score-sheet"}
DIGITS = re.compile(r"\d+")
CONDITION = re.compile(r"^\s*(\S+)\s*(==|!=|<=|>=|<|>)\s*(\S+)\s*$")
COMPARE = {"==": operator.eq, "!=": operator.ne, "<=": operator.le, ">=": operator.ge, "<": operator.lt,
           ">": operator.gt}


def digit_runs(text: str) -> list[str]:
    """The numbers written out in a text (placeholders already removed), in sorted order."""
    return sorted(DIGITS.findall(text))


# --- the model --------------------------------------------------------------------------------------------------------

@dataclasses.dataclass
class Entry:
    id: str
    pages: tuple[int, ...] = ()
    rank: int | None = None
    line: int | None = None
    # At a table whose rules differ (sets.yml): the first `when` variant whose condition holds gives the entry's texts
    # (text.<lang>.yml: the entry's fields under the variant's name); where `applies` does not hold, there is no entry.
    when: tuple = ()                 # ((variant name, its comparisons), …)
    applies: Any = None              # its comparisons, all of which must hold (content.conditions), or None

    def texts_at(self, texts: dict, values: dict) -> dict | None:
        """The entry's fields at a table with these values: its own, a variant's over them, or None (no entry there)."""
        if self.applies is not None and not holds(self.applies, values):
            return None
        fields = {name: value for name, value in texts.items() if name not in {n for n, _ in self.when}}
        for name, condition in self.when:
            if holds(condition, values):
                return {**fields, **texts.get(name, {})}
        return fields

    def conditions(self) -> list:
        """Each comparison its variants and `applies` make."""
        return [part for _, condition in self.when for part in condition] + list(self.applies or ())


def holds(condition, values: dict) -> bool:
    """A condition on a table's values; one that names a value the table lacks (an option it does not score) fails."""
    try:
        return all(part.holds(values) for part in condition)
    except KeyError:
        return False


def conditions(text: Any) -> tuple | None:
    """A condition as game.yml and questions.yml write it: one comparison, or several joined by " and "."""
    if not isinstance(text, str):
        return None
    parts = tuple(Condition.parse(part) for part in text.split(" and "))
    return parts if parts and all(parts) else None


@dataclasses.dataclass
class Section:
    kind: str
    entries: list[Entry]
    spoken: bool = False


class Quoted(str):
    """A name written in quotes in a condition (`answer.1 != 'Cem'`): itself, not a path to look up."""


@dataclasses.dataclass(frozen=True)
class Condition:
    """What every variant keeps: `answer == yes`, `taken <= players`, `players.Ana.wants > pile`,
    `answer.0 != 'Ana'`."""

    text: str
    left: Any
    op: str
    right: Any

    @classmethod
    def parse(cls, text: Any) -> Condition | None:
        match = CONDITION.match(text) if isinstance(text, str) else None
        if not match:
            return None

        def token(word: str):
            if re.fullmatch(r"-?\d+", word):
                return int(word)
            if re.fullmatch(r"'[^']+'", word):
                return Quoted(word[1:-1])
            return {"yes": True, "no": False}.get(word, word)
        return cls(text, token(match.group(1)), match.group(2), token(match.group(3)))

    @property
    def needs_answer(self) -> bool:
        """Whether it names the answer or the checker's whole result ("result.margin"): held only once computed."""
        return any(isinstance(side, str) and not isinstance(side, Quoted) and side.split(".")[0] in ("answer", "result")
                   for side in (self.left, self.right))

    def holds(self, values: dict) -> bool:
        """Whether the comparison holds; KeyError if it names something that is neither a given nor a fact."""
        def operand(token):
            return token if isinstance(token, (int, bool, Quoted)) else resolve(values, token)
        try:
            return COMPARE[self.op](operand(self.left), operand(self.right))
        except TypeError:
            return False


@dataclasses.dataclass
class Question:
    id: str
    rule: str
    kind: str
    check: str
    givens: dict
    answer: Any
    line: int | None
    pick: str | None = None
    derived: dict = dataclasses.field(default_factory=dict)
    vary: dict = dataclasses.field(default_factory=dict)
    keep: list | None = None       # None: not declared (a question with vary must declare it)
    options: list | None = None
    remember: bool = False
    presumes: tuple = ()           # comparisons its texts take for granted of a table's rules (content.conditions)
    why_when: tuple = ()           # ((name, its comparisons), …): the why's sentences said only where they hold


@dataclasses.dataclass
class Game:
    id: str
    dir: Path
    order: int
    as_of: datetime.date | None    # the date the sources give for themselves; None: no text names a date
    rulebook: dict | None
    facts: dict[str, Any]
    pages: dict[str, list[Section]]
    texts: dict[str, dict]          # language -> the text file's mapping
    checker: Rules                  # the game's rules and wrong beliefs (quiz/games/<game>/), bound to this game.yml
    presentation: Presentation      # what its pages need from those rules: numbers, tables, filters, pictures
    raw: dict = dataclasses.field(default_factory=dict)
    rule_sets: RuleSets | None = None   # the sets tables play by (sets.yml); None: the game.yml rules only
    witnesses: type[Witnesses] | None = None   # its game records for a question's givens; None: the package names none
    _tables: dict = dataclasses.field(default_factory=dict, repr=False)   # facts -> (checker, presentation)
    _table_values: dict = dataclasses.field(default_factory=dict, repr=False)
    filled: dict = dataclasses.field(default_factory=dict, repr=False)   # language -> page_units.texts_at_tables()
    questions: list[Question] = dataclasses.field(default_factory=list)
    question_texts: dict = dataclasses.field(default_factory=dict)   # language -> question id -> texts
    unpractised: dict = dataclasses.field(default_factory=dict)      # rule id -> why no practice variant can test it
    worded: dict = dataclasses.field(default_factory=dict)           # question id -> language -> text, why, label
    # question id -> practice.Practice (variants, drops)
    practice: dict = dataclasses.field(default_factory=dict)
    tables: dict = dataclasses.field(default_factory=dict)           # question id -> its answers at every table
    glossary: dict = dataclasses.field(default_factory=dict)         # thing -> language -> {use, not} (glossary.yml)

    def extra_pages(self) -> list[str]:
        return [name for name in self.pages if name not in PAGE_KINDS]

    def values(self) -> dict[str, Any]:
        """Every value a game's texts may name: its facts, the numbers its checker derives from them, the as-of date."""
        values = {name: getattr(self.checker.facts, name)
                  for name in self.checker.facts.named_fields()} if self.checker is not None else {}
        values.update(self.facts)
        values.update(self.presentation.derived_facts())
        if self.as_of is not None:
            values["as_of"] = self.as_of
        return values

    def wording(self, lang: str, presentation: Presentation | None = None) -> Wording:
        """How this game's texts say numbers, counts and terms in one language (with another table's presentation:
        a filter such as Farkle's `split` scores by that table's rules)."""
        presentation = presentation or self.presentation
        return Wording(lang, (self.texts.get(lang) or {}).get("words"), presentation.text_formatters(),
                       presentation.text_pictures())

    def at_table(self, facts) -> tuple[Rules, Presentation]:
        """The game's checker and presentation bound to a table's facts (a rule set with house rules)."""
        if facts not in self._tables:
            checker = type(self.checker)(facts)
            self._tables[facts] = (checker, type(self.presentation)(checker))
        return self._tables[facts]

    def witness(self, check: str, givens: dict) -> dict | None:
        """A game record the engine replays to these givens of `check` at the game's own rules; None where none is
        found (at the other tables of its rule sets, the legality check decides)."""
        if self.witnesses is None:
            return None
        return self.witnesses(self.checker).witness(check, plain(givens))

    def derived_reads(self) -> dict[str, set]:
        """Each number the presentation derives, with what it reads (noted finely once, at the default table: facts, and
        views of them such as the score step; quiz.checker.facts_read says which facts a read is of)."""
        if "derived" not in self.rule_sets.remembered:
            found = {}
            parts = len(self.presentation.derived_parts())
            for index in range(parts or 1):      # each part's numbers read what that part reads, no more
                reads: set = FineReads()
                checker = type(self.checker)(self.rule_sets.base, reads)
                presentation = type(self.presentation)(checker)
                values = presentation.derived_parts()[index]() if parts else presentation.derived_facts()
                shared = set(reads)
                for name, value in values.items():
                    if callable(value):         # a number worked out alone: what it reads is its own
                        reads.clear()
                        value()
                    found[name] = set(reads) if callable(value) else shared
            self.rule_sets.remembered["derived"] = found
        return self.rule_sets.remembered["derived"]

    def varying(self) -> set[str]:
        """The facts that differ between the tables the game's rule sets make."""
        if "varying" not in self.rule_sets.remembered:
            seen: dict[str, set] = {}
            for values in self.rule_sets.all_values():
                for name, value in values.items():
                    seen.setdefault(name, set()).add(repr(value))
            self.rule_sets.remembered["varying"] = {name for name, found in seen.items() if len(found) > 1}
        return self.rule_sets.remembered["varying"]

    @staticmethod
    def named(texts, conditions=()) -> set[str]:
        """The names some texts' placeholders give (each path's first part: {tableau.regions|row} names tableau) and
        some conditions compare ("opening_minimum > 0"): what their words at a table depend on, before depends_on()."""
        found = {path.split(".")[0] for text in texts if isinstance(text, str) for path in placeholder_paths(text)}
        return found | {side for condition in conditions for side in (condition.left, condition.right)
                        if isinstance(side, str)}

    def depends_on(self, names: set[str]) -> tuple[str, ...]:
        """The facts that differ between tables which these placeholder or condition names depend on, sorted."""
        derived = self.derived_reads()
        facts = {fact for name in names
                 for read in ({name} if self.rule_sets.base.is_fact(name) else derived.get(name, set()))
                 for fact in facts_read(read)}
        return tuple(sorted(facts & self.varying()))

    def table_values(self, facts) -> dict[str, Any]:
        """What a game's texts may name at a table: its facts, what its presentation derives, the as-of date."""
        if facts not in self._table_values:
            _, presentation = self.at_table(facts)
            values = {name: getattr(facts, name) for name in facts.named_fields()}
            values.update(presentation.derived_facts())
            if self.as_of is not None:
                values["as_of"] = self.as_of
            self._table_values[facts] = values
        return self._table_values[facts]


@dataclasses.dataclass
class Site:
    root: Path
    ui: dict[str, dict]
    games: list[Game]
    languages: tuple[str, ...]
    default_language: str
    drafts: dict = dataclasses.field(default_factory=dict)   # draft game id -> its problems (left out or shown)


# --- loading ----------------------------------------------------------------------------------------------------------

def _sections(raw: list, path: Path, problems: Problems) -> list[Section]:
    sections = []
    for item in raw:
        entries = []
        for e in item.get("entries") or []:
            when, applies = [], None
            for name, text in (e.get("when") or {}).items():
                condition = conditions(text)
                if condition is None:
                    problems.add(path, line_of(e, "when"), e["id"], codes.WRONG_VALUE,
                                 f"when.{name}: {text!r} is not a comparison like 'opening_minimum > 0'")
                else:
                    when.append((name, condition))
            if "applies" in e:
                applies = conditions(e["applies"])
                if applies is None:
                    problems.add(path, line_of(e, "applies"), e["id"], codes.WRONG_VALUE,
                                 f"applies: {e['applies']!r} is not a comparison like 'points_straight > 0'")
            entries.append(Entry(e["id"], tuple(e.get("pages", ())), e.get("rank"), line_of(e), tuple(when), applies))
        sections.append(Section(item["section"], entries, item.get("spoken", False)))
    return sections


def _bind_checker(game_id: str, raw: dict, path: Path, problems: Problems):
    """The game's rules checker, bound to the facts and tables of this very game.yml, and its presentation; (None, None)
    after reporting why not."""
    package, folder = games.package_name(game_id), games.folder(game_id)
    try:
        module = games.load(game_id)
    except Exception as exc:  # a checker that fails to import must not end in a traceback
        import traceback

        # a package that is there but imports one that is not says which, and where in which module it failed
        if isinstance(exc, ModuleNotFoundError) and exc.name == package:
            problems.add(path, None, game_id, codes.NO_CHECKER, f"no rules checker package {folder}/")
            return None, None
        frames = [(exc.filename, exc.lineno)] if isinstance(exc, SyntaxError) else \
            [(frame.filename, frame.lineno) for frame in traceback.extract_tb(exc.__traceback__)]
        home = games.location(game_id)
        inside = [(Path(name).resolve(), line) for name, line in frames
                  if name and home is not None and home in Path(name).resolve().parents]
        where = f"{folder}/{inside[-1][0].relative_to(home).as_posix()}:{inside[-1][1]}" if inside else f"{folder}/"
        problems.add(path, None, game_id, codes.NO_CHECKER, f"{where} failed to load: {type(exc).__name__}: {exc}")
        return None, None
    try:
        checker_class, presentation_class = games.contract(module)
    except TypeError as exc:
        problems.add(path, None, game_id, codes.NO_CHECKER, f"{folder}/: {exc}")
        return None, None
    tables = _table_files(raw, path, checker_class.FACTS, problems)
    if tables is None:
        return None, None
    try:
        checker = checker_class.bind({**plain(raw), "tables": tables} if tables else plain(raw))
        return checker, presentation_class(checker)
    except MalformedInput as exc:  # a fact or table that is not the shape the checker declares
        line = line_of(raw, "tables" if str(exc).startswith("tables") else "facts")
        problems.add(path, line, game_id, codes.NO_CHECKER, f"{folder}/ rejects the facts: {exc}")
    except Exception as exc:  # e.g. a fact the checker needs is missing
        problems.add(path, None, game_id, codes.NO_CHECKER,
                     f"{folder}/ cannot use these facts: {type(exc).__name__}: {exc}")
    return None, None


def _table_files(raw: dict, path: Path, facts_class, problems: Problems) -> dict | None:
    """game.yml's tables, each one kept in a file of its own (`cards: cards.yml`) read in: checked against the schema
    the game's package keeps for it (quiz/games/<game>/cards.schema.json, which the file's first line names for an
    editor) and by the game's facts class (`table_problems`), each problem on that file's own line. None after
    reporting any."""
    tables, ok = plain(raw.get("tables") or {}), True
    for name, value in (raw.get("tables") or {}).items():
        if not isinstance(value, str):
            continue
        file = path.parent / value
        if not file.is_file():
            problems.add(path, line_of(raw["tables"], name), raw["id"], codes.MISSING_FILE,
                         f"tables.{name}: no file {value} next to game.yml")
            ok = False
            continue
        loaded = load_yaml(file, problems)
        home = games.location(raw["id"])
        own = home / f"{file.stem}.schema.json" if home is not None else None
        if loaded is None or (own is not None and own.is_file() and
                              not check_schema(loaded, own, file, problems, default_id=name,
                                               id_of_path=lambda where: _row_id(loaded, ".".join(map(str, where))))):
            ok = False
            continue
        for where, message in facts_class.table_problems(name, loaded):
            problems.add(file, line_at(loaded, where), _row_id(loaded, where) or name, codes.NO_CHECKER,
                         f"{where}: {message}" if where else message)
            ok = False
        tables[name] = plain(loaded)
    return tables if ok else None


def _row_id(data, dotted: str) -> str | None:
    """The row a dotted path in a table file leads into, by its `id` or `number` (a card: "red-stone", "69")."""
    found, node = None, data
    for part in dotted.split(".") if dotted else []:
        node = node[int(part)] if isinstance(node, list) and part.isdigit() and int(part) < len(node) else \
            node.get(part) if isinstance(node, dict) else None
        if isinstance(node, dict) and isinstance(node.get("id", node.get("number")), (str, int)):
            found = str(node.get("id", node.get("number")))
    return found


def _entry_id(where: list) -> str | None:
    """The id a schema error in a text file belongs to: entries.<id>… in text files, <id>… in question texts."""
    if len(where) > 1 and where[0] == "entries":
        return str(where[1])
    return None


def _load_texts(game_dir: Path, stem: str, schema_name: str, languages: tuple[str, ...], problems: Problems,
                game_id: str, id_of_path=_entry_id) -> dict[str, dict]:
    """One file per language (text.<lang>.yml or questions.<lang>.yml), each checked against its schema."""
    texts = {}
    for lang in languages:
        path = game_dir / f"{stem}.{lang}.yml"
        if not path.exists():
            problems.add(path, None, game_id, codes.MISSING_FILE, f"missing the {lang} texts")
            continue
        loaded = load_yaml(path, problems)
        if loaded is not None and check_schema(loaded, schema_name, path, problems, id_of_path=id_of_path):
            texts[lang] = loaded
    for extra in sorted(game_dir.glob(f"{stem}.*.yml")):
        lang = extra.name.split(".")[1]
        if lang not in languages:
            problems.add(extra, None, None, codes.UNBUILT_LANGUAGE,
                         f"unknown language {lang!r}; the site builds {', '.join(languages)}")
    return texts


def _question(raw: dict, path: Path, problems: Problems) -> Question | None:
    keep = None
    if "keep" in raw:
        keep = []
        for text in raw["keep"]:
            condition = Condition.parse(text)
            if condition is None:
                problems.add(path, line_of(raw, "keep"), raw["id"], codes.VARIANTS_FAIL,
                             f"keep: {text!r} is not a comparison like 'answer == yes' or 'taken <= players'")
                return None
            keep.append(condition)
    presumes = []
    for text in raw.get("presumes") or []:
        found = conditions(text)
        if found is None:
            problems.add(path, line_of(raw, "presumes"), raw["id"], codes.WRONG_VALUE,
                         f"presumes: {text!r} is not a comparison like 'final_round == no'")
            return None
        presumes.extend(found)
    why_when = []
    for name, text in (raw.get("why_when") or {}).items():
        found = conditions(text)
        if found is None:
            problems.add(path, line_of(raw, "why_when"), raw["id"], codes.WRONG_VALUE,
                         f"why_when.{name}: {text!r} is not a comparison like 'answer > 0'")
            return None
        why_when.append((name, found))
    return Question(raw["id"], raw["rule"], raw["kind"], raw["check"], plain(raw["givens"]), plain(raw["answer"]),
                    line_of(raw), raw.get("pick"), plain(raw.get("derived") or {}), plain(raw.get("vary") or {}), keep,
                    plain(raw.get("options")), bool(raw.get("remember", False)), tuple(presumes), tuple(why_when))


def _load_questions(game: Game, languages: tuple[str, ...], problems: Problems) -> None:
    """questions.yml and questions.<lang>.yml of a game that has a quiz; a game without them has none."""
    path = game.dir / "questions.yml"
    if not path.exists():
        return
    raw = load_yaml(path, problems)
    if raw is None or not check_schema(raw, "questions", path, problems):
        return
    game.questions = [q for q in (_question(item, path, problems) for item in raw["questions"]) if q is not None]
    game.unpractised = raw.get("unpractised") or {}
    game.question_texts = _load_texts(game.dir, "questions", "question-texts", languages, problems, game.id,
                                      id_of_path=lambda where: str(where[0]) if where else None)


def _date(raw: dict, path: Path, problems: Problems) -> datetime.date | None:
    """game.yml's as_of as a date (the schema has checked its YYYY-MM-DD form)."""
    if "as_of" not in raw:
        return None
    try:
        return datetime.date.fromisoformat(raw["as_of"])
    except ValueError:
        problems.add(path, line_of(raw, "as_of"), raw["id"], codes.WRONG_VALUE, f"as_of {raw['as_of']!r} is no date")
        return None


def load_game(game_dir: Path, languages: tuple[str, ...], problems: Problems) -> Game | None:
    path = game_dir / "game.yml"
    if not path.exists():
        problems.add(path, None, game_dir.name, codes.MISSING_FILE, "missing game.yml")
        return None
    raw = load_yaml(path, problems)
    if raw is None or not check_schema(raw, "game", path, problems, default_id=game_dir.name):
        return None
    if raw["id"] != game_dir.name:
        problems.add(path, line_of(raw, "id"), str(raw["id"]), codes.WRONG_VALUE,
                     f"id must match its folder name {game_dir.name!r}")
    pages = {kind: _sections(raw[kind], path, problems) for kind in PAGE_KINDS}
    for name, sections in (raw.get("extra_pages") or {}).items():
        pages[name] = _sections(sections, path, problems)
    checker, presentation = _bind_checker(game_dir.name, raw, path, problems)
    texts = _load_texts(game_dir, "text", "text", languages, problems, game_dir.name)
    game = Game(raw["id"], game_dir, raw["order"], _date(raw, path, problems), raw.get("rulebook"), dict(raw["facts"]),
                pages, texts, checker, presentation, raw)
    game.rule_sets = load_rule_sets(game_dir, game.id, checker.facts if checker else None, problems)
    glossary = game_dir / "glossary.yml"
    if glossary.exists() and (loaded := load_yaml(glossary, problems)) is not None \
            and check_schema(loaded, "glossary", glossary, problems, default_id=game.id):
        game.glossary = loaded
    if checker is not None:
        try:
            game.witnesses = games.witnesses(games.load(game.id))
        except TypeError as exc:
            problems.add(path, None, game.id, codes.NO_CHECKER, f"{games.folder(game.id)}/: {exc}")
    _load_questions(game, languages, problems)
    return game


def load_content(root: Path) -> Site:
    """Load and schema-check everything under rules/; raise ContentError listing every problem."""
    problems = Problems(root)
    languages = site_languages()
    ui = {}
    for lang in languages.codes:
        path = root / f"ui.{lang}.yml"
        if not path.exists():
            problems.add(path, None, None, codes.MISSING_FILE, f"missing the {lang} interface texts")
            continue
        loaded = load_yaml(path, problems)
        if loaded is not None and check_schema(loaded, "ui", path, problems):
            ui[lang] = loaded
    for extra in sorted(root.glob("ui.*.yml")):
        if extra.name.split(".")[1] not in languages.codes:
            problems.add(extra, None, None, codes.UNBUILT_LANGUAGE,
                         f"unknown language {extra.name.split('.')[1]!r}; the site builds {', '.join(languages.codes)}")
    games, drafts = [], {}
    for game_dir in sorted(d for d in root.iterdir() if d.is_dir()):
        found_before = len(problems.items)
        game = load_game(game_dir, languages.codes, problems)
        if len(problems.items) > found_before and _marked_draft(game_dir):
            drafts[game_dir.name] = problems.items[found_before:]   # a draft that does not load stays out of the site
            del problems.items[found_before:]
        elif game is not None:
            games.append(game)
    problems.raise_if_any()
    return Site(root, ui, sorted(games, key=lambda g: (g.order, g.id)), languages.codes, languages.default, drafts)


def _marked_draft(game_dir: Path) -> bool:
    """Whether the game's game.yml parses and says `draft: true` (its other problems notwithstanding)."""
    raw = load_yaml(game_dir / "game.yml", Problems(game_dir.parent))
    return isinstance(raw, dict) and raw.get("draft") is True


__all__ = ["ContentError", "Condition", "Entry", "Game", "Question", "Section", "Site", "load_content", "rules_dir"]
