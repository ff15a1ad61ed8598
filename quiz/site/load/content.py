"""The site's model of rules/: the site's texts and its games, each with its facts, tables, page structure (sections
and entries), texts, questions and a rules checker bound to those very facts (loader.py fills it in)."""
from __future__ import annotations

import dataclasses
import datetime
import operator
import re
from pathlib import Path
from typing import Any

from quiz.checker import FineReads, Rules, facts_read
from quiz.presentation import Presentation
from quiz.witnesses import Witnesses
from quiz.site.load.rulesets import RuleSets
from quiz.site.load.source import plain, schema
from quiz.site.load.wording import Wording, placeholder_paths, resolve

PAGE_KINDS = ("refresher", "teach")
# The fields each section kind's entries take from a text file ("?": optional), declared once in the schema.
SECTION_FIELDS: dict[str, tuple[str, ...]] = {
    kind: tuple(fields) for kind, fields in schema("game")["x-text-fields"].items() if kind != "description"}
# Placeholders the page generator fills itself, per text key (those a game's tools fill: Game.filled_elsewhere).
GENERATOR_PLACEHOLDERS = {"rulebook_ref": {"pages"}, "rulebook_refs": {"pages"},
                          "read_aloud": {"seconds", "syllables", "rate"}, "value": {"value"}}
# Sections whose texts are the same at every table of a game's rule sets: what the sources say, the rule sets' page
# itself; the numbers table's entries where the table changes whole (a game whose facts hold a table of options: the
# scoring chart); and a game's tools' words (Game.same_at_every_table)
SAME_AT_EVERY_TABLE = {"sources", "teach-source", "computed-table", "rule-sets"}
DIGITS = re.compile(r"\d+")
CONDITION = re.compile(r"^\s*(\S+)\s*(==|!=|<=|>=|<|>)\s*(\S+)\s*$")
COMPARE = {"==": operator.eq, "!=": operator.ne, "<=": operator.le, ">=": operator.ge, "<": operator.lt,
           ">": operator.gt}


def digit_runs(text: str) -> list[str]:
    """The numbers written out in a text (placeholders already removed), in sorted order."""
    return sorted(DIGITS.findall(text))


# --- the model --------------------------------------------------------------------------------------------------------

@dataclasses.dataclass
class Kept:
    """Results of one function of a game (a practice draw, a witness's record, answers at tables, words, an entry filled
    in), each under a key of everything it reads besides the game's files its owner keys it by: those an earlier build
    worked out (`earlier`) and those this build asked for (`asked`, taken from `earlier` where it holds the key). Equal
    keys hold equal results, so what to keep changes only with the keys: a build that asked for the same ones keeps
    nothing again. (A build, quiz/site/build.py, fills `earlier` from what it keeps and keeps `asked`; else `earlier` is
    empty.)"""

    earlier: dict = dataclasses.field(default_factory=dict)
    asked: dict = dataclasses.field(default_factory=dict)

    def changed(self) -> bool:
        return self.asked.keys() != self.earlier.keys()


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
    _presented: dict = dataclasses.field(default_factory=dict, repr=False)          # see presented()
    _derived_reads: dict | None = dataclasses.field(default=None, repr=False)        # see derived_reads()
    _varying: set | None = dataclasses.field(default=None, repr=False)               # see varying()
    witnessed: Kept = dataclasses.field(default_factory=Kept, repr=False)   # see witness_at(); verify seeds it
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

    def same_at_every_table(self, kind: str) -> bool:
        """Whether a section kind's texts are the same at every table: one of the site's (SAME_AT_EVERY_TABLE) or one
        of the game's tools (its presentation's `tool_sections`)."""
        if kind == "numbers":
            return self.rule_sets is None or bool(self.rule_sets.base.OPTIONS)
        return kind in SAME_AT_EVERY_TABLE or kind in self.presentation.tool_sections

    def filled_elsewhere(self, field: str) -> set[str]:
        """The placeholders a text under this key leaves to the page generator (GENERATOR_PLACEHOLDERS) or to one of
        the game's tools (its presentation's `tool_placeholders`)."""
        return GENERATOR_PLACEHOLDERS.get(field, set()) | self.presentation.tool_placeholders.get(field, frozenset())

    def left_for_tools(self) -> dict[str, str]:
        """Every placeholder the game's tools fill in, as itself: filled into any of its texts, it stays as it is."""
        return {name: f"{{{name}}}" for names in self.presentation.tool_placeholders.values() for name in names}

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
        a filter of the game's own, which may score, scores by that table's rules)."""
        presentation = presentation or self.presentation
        return Wording(lang, (self.texts.get(lang) or {}).get("words"), presentation.text_formatters(),
                       presentation.text_pictures())

    def at_table(self, facts) -> tuple[Rules, Presentation]:
        """The game's checker and presentation bound to a table's facts (a rule set with house rules)."""
        if facts not in self._tables:
            checker = type(self.checker)(facts)
            self._tables[facts] = (checker, type(self.presentation)(checker))
        return self._tables[facts]

    def presented(self, method: str) -> tuple[Any, tuple[str, ...]]:
        """What a method of the presentation (computed_tables, data_files) gives at the default table, and the facts it
        reads there: worked out once per game, not once per language and page (the data files are every roll's score
        and best play)."""
        if method not in self._presented:
            reads: set = set()
            made = getattr(type(self.presentation)(type(self.checker)(self.rule_sets.base, reads)), method)()
            self._presented[method] = (made, tuple(sorted(reads)))
        return self._presented[method]

    def witness(self, check: str, givens: dict) -> dict | None:
        """A game record the engine replays to these givens of `check` at the game's own rules; None where none is
        found (at the other tables of its rule sets: witness_at)."""
        if self.witnesses is None:
            return None
        return self.witness_at(self.checker.facts, check, plain(givens))[0]

    def witness_at(self, facts, check: str, givens: dict) -> tuple[dict | None, frozenset]:
        """A game record the engine replays to these (plain) givens under a table's rules, or None, and what finding it
        read (FineReads): searched for once in a build, whether the question's check or its answers at every table ask
        first, and not again in the next while the game's files in no language and the code stay (a build keeps
        `witnessed` by the game's files in no language, so a text edit replays no game)."""
        key, found = (facts, check, repr(givens)), self.witnessed
        if key not in found.asked:
            if key in found.earlier:         # found by an earlier build
                found.asked[key] = found.earlier[key]
            else:
                reads = FineReads()
                record = self.witnesses(type(self.checker)(facts, reads)).witness(check, givens)
                found.asked[key] = (record, frozenset(reads))
        return found.asked[key]

    def derived_reads(self) -> dict[str, set]:
        """Each number the presentation derives, with what it reads (noted finely once, at the default table: facts, and
        views of them such as the score step; quiz.checker.facts_read says which facts a read is of)."""
        if self._derived_reads is None:
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
            self._derived_reads = found
        return self._derived_reads

    def varying(self) -> set[str]:
        """The facts that differ between the tables the game's rule sets make."""
        if self._varying is None:
            seen: dict[str, set] = {}
            for values in self.rule_sets.all_values():
                for name, value in values.items():
                    seen.setdefault(name, set()).add(repr(value))
            self._varying = {name for name, found in seen.items() if len(found) > 1}
        return self._varying

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

    def table_values(self, facts, names: frozenset[str] | None = None) -> dict[str, Any]:
        """What a game's texts may name at a table: its facts, what its presentation derives, the as-of date. names:
        only these (the first parts of some texts' placeholders and their conditions' names), the derived numbers no
        such text names not worked out (a game may derive many numbers, and make many tables)."""
        if (facts, names) not in self._table_values:
            _, presentation = self.at_table(facts)
            values = {name: getattr(facts, name) for name in facts.named_fields() if names is None or name in names}
            parts = presentation.derived_parts()
            if names is None or not parts:
                derived = presentation.derived_facts()
                values.update(derived if names is None else {k: v for k, v in derived.items() if k in names})
            else:       # as derived_facts() does, the numbers asked for only
                for part in parts:
                    values.update({name: value() if callable(value) else value
                                   for name, value in part().items() if name in names})
            if self.as_of is not None and (names is None or "as_of" in names):
                values["as_of"] = self.as_of
            self._table_values[(facts, names)] = values
        return self._table_values[(facts, names)]


@dataclasses.dataclass
class Site:
    root: Path
    ui: dict[str, dict]
    games: list[Game]
    languages: tuple[str, ...]
    default_language: str
    drafts: dict = dataclasses.field(default_factory=dict)   # draft game id -> its problems (left out or shown)
