"""What a game's pages say differently at tables whose rules differ (sets.yml): every text that depends on a table's
facts, filled in for each distinct value of the facts it depends on, the numbers table and the computed tables per
scoring table. The page marks each such unit (data-u); docs/assets/rules.js swaps in the table's own from rules.json.
A text whose words do not change at any table is no unit: the page as built is its only form."""
from __future__ import annotations

import json
from typing import Any, Callable

from quiz.site.content import Entry, Game


def key_text(key: tuple) -> str:
    """A table's values for some facts as the page's script writes them too (JSON.stringify of the list)."""
    return json.dumps(list(key), separators=(",", ":"), ensure_ascii=False)


def names_of(game: Game, texts: list[str], entry: Entry | None = None) -> tuple[str, ...]:
    """The facts that differ between tables which some texts (and an entry's conditions) depend on."""
    return game.depends_on(game.named(texts, entry.conditions() if entry is not None else ()))


class Units:
    """The units of one game's pages in one language. `fill(text, values)` fills a text in for a table's values."""

    def __init__(self, game: Game, fill: Callable[[str, dict], str]):
        self.game, self.fill, self.sets = game, fill, game.rule_sets
        self.units: dict[str, dict] = {}
        self.keys: dict[str, list[str]] = {}        # "dice,scoring" -> every key, in the order units index them
        self.varying = game.varying()

    def names(self, texts: list[str], entry: Entry | None = None) -> tuple[str, ...]:
        """The facts some texts (and an entry's conditions) depend on, those that differ between tables, sorted."""
        return names_of(self.game, texts, entry)

    def at_each(self, names: tuple[str, ...]) -> list:
        """The facts of one table for every distinct value of these facts, in the order of their keys."""
        listed = ",".join(names)
        if listed not in self.keys:
            self.keys[listed] = [key_text(key) for key in self.sets.projections(names)]
        return [self.sets.facts_of(values) for values in self.sets.projections(names).values()]

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
        strings = [value for value in texts.values() if isinstance(value, str)]
        strings += [value for variant in texts.values() if isinstance(variant, dict) for value in variant.values()
                    if isinstance(value, str)]
        names = self.names(strings, entry)
        if not names:
            return {}
        values_at = [self.game.table_values(facts) for facts in self.at_each(names)]
        at_tables = [entry.texts_at(texts, values) for values in values_at]
        marked = {}
        present = [fields is not None for fields in at_tables]
        if self.add(entry.id, names, present):
            marked[""] = entry.id
        for field, value in texts.items():
            if not isinstance(value, str):
                continue
            forms = [self.fill(fields[field], values) if fields is not None and field in fields else None
                     for fields, values in zip(at_tables, values_at)]
            if self.add(f"{entry.id}.{field}", names, forms):
                marked[field] = f"{entry.id}.{field}"
        return marked

    def presentation_reads(self, call: Callable[[Any], Any]) -> tuple[str, ...]:
        """The facts something the presentation computes reads (noted at the default table)."""
        reads: set = set()
        checker = type(self.game.checker)(self.sets.base, reads)
        call(type(self.game.presentation)(checker))
        return tuple(sorted(reads))

    def table(self, unit_id: str, names: tuple[str, ...], make: Callable[[Any], Any]) -> bool:
        """A whole table (rows as lists of cells) that differs between tables: make(facts) gives it at one."""
        names = tuple(sorted(set(names) & self.varying))
        return bool(names) and self.add(unit_id, names, [make(facts) for facts in self.at_each(names)])

    def data(self) -> dict:
        return {"keys": self.keys, "units": self.units}
