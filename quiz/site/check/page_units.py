"""What a game's pages say differently at tables whose rules differ (sets.yml): every text that depends on a table's
facts, filled in for each distinct value of the facts it depends on, once per game and language (texts_at_tables: lint
reports a text that does not fill in from the same pass the pages take their words from), the numbers table and the
computed tables per scoring chart. The page marks each such unit (data-u); docs/assets/rules.js swaps in the table's own
from rules.json. A text whose words do not change at any table is no unit: the page as built is its only form."""
from __future__ import annotations

import dataclasses
import json
from typing import Any, Callable

from quiz.site.load.content import Entry, Game
from quiz.site.load.wording import Wording, WordingError
from quiz.site.load.content import Kept


def key_text(key: tuple) -> str:
    """A table's values for some facts as the page's script writes them too (JSON.stringify of the list)."""
    return json.dumps(list(key), separators=(",", ":"), ensure_ascii=False)


def names_of(game: Game, texts: list[str], entry: Entry | None = None) -> tuple[str, ...]:
    """The facts that differ between tables which some texts (and an entry's conditions) depend on."""
    return game.depends_on(game.named(texts, entry.conditions() if entry is not None else ()))


def fill_at(wording: Wording, text: str, values: dict, left: dict[str, str]) -> str:
    """A text filled in for a table's values; the placeholders the game's tools fill (`left`: Game.left_for_tools())
    stay as they are."""
    return wording.fill(text, {**values, **left})


@dataclasses.dataclass
class EntryAtTables:
    """An entry's texts at every table: `names`, the facts they and its conditions depend on; for each distinct value of
    those (the rule sets' projections, in their order) whether the entry is there and each field filled in (None where
    the entry or the field is not there, or where it does not fill in: `failed`)."""

    names: tuple[str, ...]
    present: list[bool]
    fields: dict[str, list[str | None]]
    failed: list[tuple[tuple, str, str]]       # (the values of `names`, field, error), table by table, field by field

    def forms(self, field: str) -> list[str | None]:
        """A field at each table; WordingError where it does not fill in at one (lint says where)."""
        for _, failed_field, error in self.failed:
            if failed_field == field:
                raise WordingError(error)
        return self.fields.get(field, [None] * len(self.present))


class Filled(Kept):
    """Entries filled in at every table kept across builds, each by its language, id, texts and the language's
    `words:`: whatever else filling reads is in the game's files in no language and the code, which its owner keys it
    by (quiz/site/build.py). An edit to one text fills that entry again, not its language's forty. Only what this build
    filled is kept again."""

    def entry(self, game: Game, wording: Wording, entry: Entry, raw: dict, words: Any) -> EntryAtTables:
        key = (wording.lang, entry.id, repr(raw), repr(words))
        if key not in self.asked:
            self.asked[key] = self.earlier[key] if key in self.earlier else _entry_at_tables(game, wording, entry, raw)
        return self.asked[key]


def texts_at_tables(game: Game, lang: str, kept: Filled | None = None) -> dict[str, EntryAtTables]:
    """Entry id -> its texts in one language at every table, for each entry a table's rules can change: filled in once
    per game and language by whichever asks first (lint, which reports what does not fill in; the pages), entries
    `kept` from an earlier build taken from there."""
    if lang not in game.filled:
        game.filled[lang] = fill_at_tables(game, lang, kept or Filled())
    return game.filled[lang]


def fill_at_tables(game: Game, lang: str, kept: Filled) -> dict[str, EntryAtTables]:
    texts, wording = game.texts[lang], game.wording(lang)
    return {entry.id: kept.entry(game, wording, entry, texts["entries"].get(entry.id) or {}, texts.get("words"))
            for sections in game.pages.values() for section in sections if not game.same_at_every_table(section.kind)
            for entry in section.entries}


def _entry_at_tables(game: Game, wording: Wording, entry: Entry, raw: dict) -> EntryAtTables:
    strings = [text for value in raw.values() for text in ([value] if isinstance(value, str) else
                                                           value.values() if isinstance(value, dict) else [])]
    names = names_of(game, strings, entry)
    named = frozenset(game.named(strings, entry.conditions()))
    projections = game.rule_sets.projections(names)
    left = game.left_for_tools()
    present: list[bool] = []
    fields: dict[str, list[str | None]] = {}
    failed: list[tuple[tuple, str, str]] = []
    for index, (key, values) in enumerate(projections.items()):
        at_table = game.table_values(game.rule_sets.facts_of(values), named)
        found = entry.texts_at(raw, at_table)
        present.append(found is not None)
        for field, text in (found or {}).items():
            if not isinstance(text, str):
                continue
            try:
                fields.setdefault(field, [None] * len(projections))[index] = fill_at(wording, text, at_table, left)
            except WordingError as exc:
                failed.append((key, field, str(exc)))
    return EntryAtTables(names, present, fields, failed)


class Units:
    """The units of one game's pages in one language."""

    def __init__(self, game: Game, lang: str):
        self.game, self.lang, self.sets = game, lang, game.rule_sets
        self.units: dict[str, dict] = {}
        self.keys: dict[str, list[str]] = {}        # "dice,scoring" -> every key, in the order units index them

    @property
    def varying(self) -> set[str]:
        """The facts that differ between the game's tables, worked out when a unit first asks (every table's values
        compared), not for a home page's titles."""
        return self.game.varying()

    def listed(self, names: tuple[str, ...]) -> dict[tuple, dict[str, Any]]:
        """The distinct values of these facts (with one table's values for each), their keys listed for rules.json."""
        projections = self.sets.projections(names)
        listed = ",".join(names)
        if listed not in self.keys:
            self.keys[listed] = [key_text(key) for key in projections]
        return projections

    def at_each(self, names: tuple[str, ...]) -> list:
        """The facts of one table for every distinct value of these facts, in the order of their keys."""
        return [self.sets.facts_of(values) for values in self.listed(names).values()]

    def add(self, unit_id: str, names: tuple[str, ...], forms: list) -> bool:
        """Keep a unit whose forms differ between tables: {"n": its facts, "v": each key's form index, "t": forms}."""
        distinct = []
        for form in forms:
            if form not in distinct:
                distinct.append(form)
        if len(distinct) < 2:
            return False
        self.units[unit_id] = {"n": ",".join(names), "v": [distinct.index(form) for form in forms], "t": distinct}
        return True

    def entry(self, entry: Entry, texts: dict) -> dict[str, str]:
        """An entry's fields that differ between tables, as units: field -> unit id ("<entry>.<field>"); and
        "<entry>" -> unit id of whether it is on the page at all."""
        filled = texts_at_tables(self.game, self.lang)[entry.id]
        if not filled.names:
            return {}
        self.listed(filled.names)
        marked = {}
        if self.add(entry.id, filled.names, filled.present):
            marked[""] = entry.id
        for field, value in texts.items():
            if isinstance(value, str) and self.add(f"{entry.id}.{field}", filled.names, filled.forms(field)):
                marked[field] = f"{entry.id}.{field}"
        return marked

    def table(self, unit_id: str, names: tuple[str, ...], make: Callable[[Any], Any]) -> bool:
        """A whole table (rows as lists of cells) that differs between tables: make(facts) gives it at one."""
        names = tuple(sorted(set(names) & self.varying))
        return bool(names) and self.add(unit_id, names, [make(facts) for facts in self.at_each(names)])

    def data(self) -> dict:
        return {"keys": self.keys, "units": self.units}
