"""The files a game's pages fetch when a player first needs them, in one language: score sheets' cards and words, the
calculator's data at every table and what it fetches by name, and rules.json (a table's choice followed in the
browser)."""
from __future__ import annotations

import functools
import itertools
import json
from pathlib import Path

import rcssmin
import rjsmin
from markupsafe import Markup

from quiz.site.load.rulesets import ADDRESS_KEY, choices_of
from quiz.site.pages.texts import AT_TABLES, PageTexts

RULES_FILE = "rules.json"
# A score sheet's texts the page needs before its cards are fetched (the rest ride in its JSON file with the cards).
SHEET_PAGE_TEXTS = ("no_data", "unkept", "corrupt")
SHEET_STYLE = Path(__file__).resolve().parent / "templates" / "score-sheet.css"
LIST_STYLE = Path(__file__).resolve().parent / "templates" / "score-list.css"


@functools.cache
def sheet_style() -> Markup:
    """A score sheet's style, minified, for its page only (other pages' first load has no room for it)."""
    return Markup(rcssmin.cssmin(SHEET_STYLE.read_text(encoding="utf-8")))


@functools.cache
def list_style() -> Markup:
    """A round list's style, minified, for its page only."""
    return Markup(rcssmin.cssmin(LIST_STYLE.read_text(encoding="utf-8")))


@functools.cache
def list_script(path: Path) -> Markup:
    """A game's count for its round list, minified, carried in the list's page (so the page alone counts offline)."""
    return Markup(rjsmin.jsmin(path.read_text(encoding="utf-8")))


class DataFiles(PageTexts):
    """Score sheets' files, the data at every table, rules.json: of one game in one language."""

    def sheet_texts(self, entry_id: str) -> dict[str, str]:
        """A score sheet's texts: the facts filled in, what its script fills in ({card}, {fame}, …) left as it is."""
        return {field: self.fill(text, {name: f"{{{name}}}" for name in self.game.filled_elsewhere(field)})
                for field, text in self.texts["entries"][entry_id].items()}

    def score_sheet(self, entry) -> dict:
        """The sheet as the page draws it: the first players' parts (the script adds and names more, up to the game's
        most), a field for each round's Region, the texts its script shows before its file is in."""
        texts, raw = self.sheet_texts(entry.id), self.texts["entries"][entry.id]
        return {"id": entry.id, "file": f"{entry.id}.json", "texts": texts, "store": f"rr-sheet-{self.game.id}",
                "players": [self.fill(raw["player"], {"player": n}) for n in (1, 2)],
                "rounds": [(n, self.fill(raw["round"], {"round": n}))
                           for n in range(1, self.sheet_tools()[entry.id]["rounds"] + 1)],
                "ui": {name: texts[name] for name in SHEET_PAGE_TEXTS}}

    def score_list(self, entry) -> dict:
        """A round list as the page carries it: its texts (the facts filled in, what the count fills in left as it is),
        the facts it counts with and the game's count (Presentation.score_lists())."""
        tool = self.game.presentation.score_lists()[entry.id]
        return {"id": entry.id, "texts": self.sheet_texts(entry.id), "store": f"rr-list-{self.game.id}-{entry.id}",
                "facts": tool["facts"], "script": list_script(Path(tool["script"]))}

    def sheet_tools(self) -> dict[str, dict]:
        """The presentation's score sheets in this language (score_sheets()): cards, their words, a row's length."""
        if "_sheet_tools" not in self.__dict__:
            self._sheet_tools = self.game.presentation.score_sheets(self.texts.get("words") or {}, self.wording)
        return self._sheet_tools

    def score_sheet_files(self) -> dict[str, str]:
        """Each score sheet's file in this language: its cards, their words and the sheet's texts (score_sheets())."""
        return {f"{self.game.id}/{entry.id}.json": json.dumps(
                    {**self.sheet_tools()[entry.id], "lang": self.lang, "ui": self.sheet_texts(entry.id)},
                    ensure_ascii=False, separators=(",", ":"))
                for sections in self.game.pages.values() for section in sections if section.kind == "score-sheet"
                for entry in section.entries}

    def files_at_tables(self) -> dict[str, str]:
        """The presentation's data files (the calculator's table of every roll) at every table whose facts they read
        differ, once, under the default language's game folder: <game>/at-tables/<file stem>-<n>.json, n the key's
        place among rules.json's keys of those facts. Every language's rules.json points there; the service worker
        saves one when a page first fetches it, not with the language."""
        names = tuple(sorted(set(self.game.presented("data_files")[1]) & self.units.varying))
        if not names:
            return {}
        self.units.listed(names)             # rules.json lists these keys
        if self.lang != self.site.default_language:
            return {}
        files = {}
        for number, facts in enumerate(self.units.at_each(names)):
            for file_name, data in self.game.at_table(facts)[1].data_files().items():
                stem = file_name.rsplit(".", 1)[0]
                files[f"{self.game.id}/{AT_TABLES}/{stem}-{number}.json"] = json.dumps(data, separators=(",", ":"))
        return files

    def fetched_files(self) -> dict[str, str | bytes]:
        """The files a calculator fetches by name (Presentation.fetched_files) at the game's own table and at each rule
        set's, once, under the default language's game folder beside the data files at every table."""
        if self.lang != self.site.default_language:
            return {}
        tables = [self.game.checker.facts] + ([self.game.rule_sets.facts(self.game.rule_sets.table(set_id))
                                               for set_id in self.game.rule_sets.sets] if self.game.rule_sets else [])
        return {f"{self.game.id}/{AT_TABLES}/{file_name}": data for facts in dict.fromkeys(tables)  # the default once
                for file_name, data in self.game.at_table(facts)[1].fetched_files().items()}

    def rules_file(self) -> str:
        """rules.json: the sets and house rules as the script works a table's values out from its choice (the same
        way rulesets.RuleSets.values does), their names in this language, every page text that differs between tables
        (page_units), and where the data files are at each scoring chart."""
        rule_sets, words = self.game.rule_sets, self.set_words()
        options_field, option_rules = rule_sets.base.OPTIONS, rule_sets.option_rules()
        sets = {}
        for set_id in rule_sets.sets:
            values = rule_sets.values(rule_sets.table(set_id))
            races = [tool.get("race") for tool in self.game.at_table(rule_sets.facts(rule_sets.table(set_id)))[1]
                     .calculators().values() if tool.get("race")]
            sets[set_id] = {"name": words.set_name(set_id),
                            "values": {name: value for name, value in values.items() if name != options_field},
                            "bits": [rule.value_in(rule_sets.set_facts(set_id)) for rule in option_rules],
                            "race": races[0] if races else ""}
        house = [{"id": rule.id, "name": words.house_name(rule),
                  **({"fact": rule.fact} if rule.fact else {"option": option_rules.index(rule)}),
                  "choices": [[value, words.choice(rule, value)] for value in choices_of(rule)]}
                 for rule in rule_sets.house_rules]
        options = {f"{set_id}|{''.join(str(int(bit)) for bit in bits)}": rule_sets.options_id(set_id, bits)
                   for set_id in rule_sets.sets for bits in itertools.product((False, True), repeat=len(option_rules))
                   } if options_field else {}
        names = ",".join(sorted(set(self.game.presented("data_files")[1]) & self.units.varying))
        files = {name: {"n": names, "at": self.at_tables_address() + f"{name.rsplit('.', 1)[0]}-"}
                 for name in self.game.presented("data_files")[0]} if names else {}
        return json.dumps({"game": self.game.id, "default": rule_sets.default, "address": ADDRESS_KEY,
                           "at_tables": self.at_tables_address(),
                           "colon": self.ui["labels"]["colon"],
                           # a link's parts this site does not know: one, several (rules.js fills in {parts})
                           "ignored": [self.ui["rule_sets"]["ignored"], self.ui["rule_sets"]["ignored_several"]],
                           "options_field": options_field, "sets": sets, "house": house, "options": options,
                           "files": files, **self.units.data()}, ensure_ascii=False, separators=(",", ":"))
