"""The words of a game's rule sets in one language: each set's changes from the default rules with their sources, the
house rules with theirs, every choice's label, and what a table plays as one line ("Playing: PlayMonster + …")."""
from __future__ import annotations

import re
from typing import Any, Callable

from babel.lists import format_list
from markupsafe import Markup

from quiz.site.load.rulesets import HouseRule, RuleSets, Table, choices_of

SOURCE_TITLE_LANGUAGE = "en"     # a source's title is English unless sets.yml gives its `lang`
BRACKETED = re.compile(r"\s*\(([^()]*)\)")   # an aside in brackets, as a choice's words may end with one


class SetWords:
    """Words for rule sets, filled in by a page writer's `fill` (placeholders through the language's Wording)."""

    def __init__(self, rule_sets: RuleSets, texts: dict, ui: dict, lang: str, fill: Callable[..., str],
                 plainly: Callable[[Any], set] | None = None):
        """`plainly(facts)`: the options a set's facts name by their plain name, not their label (the game's
        presentation's named_plainly())."""
        self.sets, self.texts, self.ui, self.lang, self.fill, self.plainly = rule_sets, texts, ui, lang, fill, plainly
        self.own = texts["rule_sets"]

    def set_name(self, set_id: str) -> str:
        return self.fill(self.own["sets"][set_id]["name"])

    def rule_name(self, name: str, plain: bool = False) -> str:
        """A fact's or scoring option's name: the numbers table's label where it lists the option, else rule_sets' (or,
        `plain`, rule_sets' where it has one: a label's aside that another line of the table contradicts)."""
        entry = self.texts["entries"].get(name)
        if plain and name in self.own["rules"]:
            return self.fill(self.own["rules"][name]["name"])
        if entry and "label" in entry:
            return self.fill(entry["label"])
        return self.fill(self.own["rules"][name]["name"])

    def fact_value(self, name: str, value: Any) -> str:
        """A fact's value in words: "500 points in one turn for your first bank", "no minimum", "everyone else …"."""
        words = self.own["rules"][name]
        if isinstance(value, bool):
            return self.fill(words["on" if value else "off"])
        if value == 0 and "none" in words:
            return self.fill(words["none"])
        return self.fill(words["value"], {"value": value})

    def option_value(self, option, name: str | None = None) -> str:
        """A scoring option's worth: its points as the language writes them, or a multiple of the three of a kind; an
        option a table does not have, what that means for it (`off:`), or "not scored"."""
        if option is None:
            off = (self.own["rules"].get(name) or {}).get("off")
            return self.fill(off if off else self.ui["rule_sets"]["not_scored"])
        if option.times_three:
            return self.fill(self.ui["rule_sets"]["times_three"], {"times": option.times_three})
        return self.fill("{points}", {"points": option.points})

    def value(self, facts, name: str) -> str:
        """What these facts say for one fact or scoring option, in words."""
        if facts.is_fact(name):
            return self.fact_value(name, getattr(facts, name))
        return self.option_value(facts.option(name), name)

    def choice(self, rule: HouseRule, value: Any) -> str:
        """A house rule's choice as the chooser and the "Playing:" line say it."""
        if rule.fact is not None:
            return self.fact_value(rule.fact, value)
        if not value:
            return self.option_value(None, rule.option["id"])
        added = self.sets.base.changed(rule.changes(True, self.sets.base), f"house_rules.{rule.id}")
        return self.option_value(added.option(rule.option["id"]))

    def short_choice(self, rule: HouseRule, value: Any) -> str:
        """A choice as a list of them says it: a number alone ("350"), else as the chooser says it."""
        if rule.fact is not None and type(value) is int and value:
            return self.fill("{value}", {"value": value})
        return self.choice(rule, value)

    def house_name(self, rule: HouseRule) -> str:
        return self.rule_name(rule.fact or rule.option["id"])

    def playing(self, table: Table) -> str:
        """What a table plays, as one line: the set's name and each house rule with its choice."""
        parts = [self.set_name(table.set)]
        for rule_id, value in table.house:
            rule = self.sets.house_rule(rule_id)
            parts.append(f"{self.house_name(rule)}{self.ui['labels']['colon']}{self.choice(rule, value)}")
        return " + ".join(parts)

    def source_line(self, source_id: str) -> dict:
        """A source as the page lists it; its title, a proper name in its own language, marked as that language on a
        page in another (a screen reader says "Love Yahtzee?" in English; French spacing leaves it alone)."""
        source = self.sets.sources[source_id]
        title, title_lang = source["title"], source.get("lang", SOURCE_TITLE_LANGUAGE)
        if title_lang != self.lang:
            title = Markup('<span lang="{}">{}</span>').format(title_lang, title)
        return {"id": source_id, "title": title, "url": source.get("url"), "also": source.get("also"),
                "read": source.get("read"), "where": source.get("where")}

    def disputed(self, rule_set, name: str) -> str:
        """A disputed rule as the page lists it: its name, and where sets.yml says what the other source (or the same
        one elsewhere) gives, that source (the set's name, for its own) and its words as written."""
        if name not in rule_set.otherwise:
            return self.rule_name(name)
        source, quote = rule_set.otherwise[name]
        said_by = self.set_name(rule_set.id) if source == rule_set.source else self.sets.sources[source]["title"]
        return self.fill(self.ui["rule_sets"]["disputed_by"], {"rule": self.rule_name(name), "source": said_by,
                                                               "quote": quote})

    def house_choices(self, rule: HouseRule, own: int) -> str:
        """A house rule's choices as the house-rule list says them: the ones it adds, then in brackets the default
        set's own ("2,500 (Basic rules: as two separate threes of a kind)"), so that "or" joins values only, never a
        value to words that explain one (content-review-6 S3)."""
        values = choices_of(rule)
        others = [self.short_choice(rule, value) for index, value in enumerate(values) if index != own]
        default = f"{self.set_name(self.sets.default)}{self.ui['labels']['colon']}{self.choice(rule, values[own])}"
        # inside these brackets, an aside of the set's name or words in brackets takes a dash instead (RR119)
        default = BRACKETED.sub(r" – \1", default)
        return f"{format_list(others, style='or', locale=self.lang)} ({default})"

    def listed(self, names: list[str], plainly: set = frozenset()) -> str:
        return format_list([self.rule_name(n, plain=n in plainly) for n in names], locale=self.lang)

    def page(self) -> dict:
        """The rule-sets page's data: each set's changes with their sources, the house rules, the sources."""
        default = self.sets.default
        base = self.sets.set_facts(default)
        ui = self.ui["rule_sets"]
        sets = []
        for rule_set in self.sets.sets.values():
            facts = self.sets.set_facts(rule_set.id)
            changes = []
            # a label's aside is about the option as scored: a set that drops it, or has it otherwise, names it plainly
            plainly = (self.plainly(facts) if self.plainly else set()) | \
                {name for name in rule_set.changes if not facts.is_fact(name) and facts.option(name) is None}
            for name in rule_set.changes:
                source = rule_set.sources[name]
                changes.append({"name": self.rule_name(name, plain=name in plainly), "was": self.value(base, name),
                                "now": self.value(facts, name),
                                "source": self.source_line(source)["title"] if source != rule_set.source else None})
            notes = []
            if rule_set.silent:
                notes.append(self.fill(ui["not_stated_default" if rule_set.id == default else "not_stated"],
                                       {"rules": self.listed(list(rule_set.silent), plainly),
                                        "default": self.set_name(default)}))
            if rule_set.disputed:
                notes.append(self.fill(ui["disputed"], {"rules": format_list(
                    [self.disputed(rule_set, name) for name in rule_set.disputed], locale=self.lang)}))
            if rule_set.second_hand:
                notes.append(self.fill(ui["second_hand"], {"rules": self.listed(list(rule_set.second_hand), plainly)}))
            sets.append({"id": rule_set.id, "name": self.set_name(rule_set.id),
                         "note": self.fill(self.own["sets"][rule_set.id]["note"]), "default": rule_set.id == default,
                         "source": self.source_line(rule_set.source), "changes": changes, "notes": notes})
        house = []
        for rule in self.sets.house_rules:
            values = choices_of(rule)
            own = values.index(rule.value_in(base))
            house.append({"id": rule.id, "name": self.house_name(rule), "choices": self.house_choices(rule, own),
                          "labels": [self.choice(rule, value) for value in values], "own": own,
                          "sources": [self.source_line(s)["title"] for s in rule.sources]})
        return {"sets": sets, "house": house, "sources": [self.source_line(s) for s in self.sets.sources]}
