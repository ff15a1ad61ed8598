"""A game's rule sets (rules/<game>/sets.yml): named sets from public sources, each the default rules with its changes,
and house rules on top of any set; a table's choice of both, as the address writes it, and the facts it plays by."""
from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path
from typing import Any, Callable, Iterator

import numpy

from quiz.checker import Facts, MalformedInput, facts_read
from quiz.site.load import codes
from quiz.site.load.problems import Problems
from quiz.site.load.source import check_schema, line_of, load_yaml, plain

FILE = "sets.yml"
ADDRESS_KEY = "rules"      # ?rules=playmonster,opening-minimum:750 opens the site with a table's rules


@dataclasses.dataclass(frozen=True)
class RuleSet:
    id: str
    source: str
    changes: dict                  # fact or option id -> its value, as Facts.changed takes them
    sources: dict                  # change -> the source it comes from
    quotes: dict
    silent: tuple[str, ...] = ()
    disputed: tuple[str, ...] = ()
    second_hand: tuple[str, ...] = ()
    line: int | None = None
    otherwise: dict = dataclasses.field(default_factory=dict)   # a disputed change -> (source, what it says instead)


@dataclasses.dataclass(frozen=True)
class HouseRule:
    id: str
    fact: str | None               # the fact it sets, to one of its choices …
    choices: tuple                 # … (for an option: off and on)
    option: dict | None            # … or the scoring option it adds (on) or drops (off)
    sources: tuple[str, ...]
    quotes: dict
    line: int | None = None

    def changes(self, value: Any, facts: Facts) -> dict:
        """What choosing `value` changes in these facts: the fact, or the option added or dropped (if it is there)."""
        if self.fact is not None:
            return {self.fact: value}
        if value:
            return {self.option["id"]: {k: v for k, v in self.option.items() if k != "id"}}
        return {self.option["id"]: None} if self.value_in(facts) else {}

    def value_in(self, facts: Facts) -> Any:
        """The value a set's facts give this house rule: the fact's, or whether the option is in its scoring."""
        if self.fact is not None:
            return getattr(facts, self.fact)
        return facts.option(self.option["id"]) is not None


@dataclasses.dataclass(frozen=True)
class Table:
    """A table's rules: a set, and the house rules whose choice differs from that set's own, in house-rule order."""

    set: str
    house: tuple[tuple[str, Any], ...] = ()

    def address(self) -> str:
        """As ?rules= writes it: the set, then each house rule and its value (1/0 for on/off)."""
        parts = [self.set] + [f"{rule}:{int(value) if isinstance(value, bool) else value}"
                              for rule, value in self.house]
        return ",".join(parts)


@dataclasses.dataclass
class RuleSets:
    default: str
    sources: dict[str, dict]
    sets: dict[str, RuleSet]
    house_rules: list[HouseRule]
    base: Facts                    # the default set's facts (game.yml)
    path: Path
    _set_facts: dict = dataclasses.field(default_factory=dict, repr=False)
    _options: dict = dataclasses.field(default_factory=dict, repr=False)         # an options table -> its id
    _options_ids: dict = dataclasses.field(default_factory=dict, repr=False)     # (set, house option bits) -> id
    _all_values: list = dataclasses.field(default_factory=list, repr=False)
    _set_values: dict = dataclasses.field(default_factory=dict, repr=False)      # a set -> its values, bits, rules
    _all_tables: list = dataclasses.field(default_factory=list, repr=False)
    _projections: dict = dataclasses.field(default_factory=dict, repr=False)
    _facts_of: dict = dataclasses.field(default_factory=dict, repr=False)
    _columns: dict = dataclasses.field(default_factory=dict, repr=False)        # a read -> its value at every table

    def set_facts(self, set_id: str) -> Facts:
        """The facts of a set as its source gives them: the default facts with its changes."""
        if set_id not in self._set_facts:
            self._set_facts[set_id] = self.base.changed(self.sets[set_id].changes, f"sets.{set_id}.changes")
        return self._set_facts[set_id]

    def house_rule(self, rule_id: str) -> HouseRule:
        return next(rule for rule in self.house_rules if rule.id == rule_id)

    def facts(self, table: Table) -> Facts:
        """The facts a table plays by: its set's, with its house rules."""
        facts = self.set_facts(table.set)
        for rule_id, value in table.house:
            facts = facts.changed(self.house_rule(rule_id).changes(value, facts), f"house_rules.{rule_id}")
        return facts

    def table(self, set_id: str, choices: dict | None = None) -> Table:
        """A table playing a set with some house rules (rule id -> value); those equal to the set's own drop out."""
        own, choices = self.set_facts(set_id), choices or {}
        return Table(set_id, tuple((rule.id, choices[rule.id]) for rule in self.house_rules
                                   if rule.id in choices and choices[rule.id] != rule.value_in(own)))

    def parse(self, address: str) -> Table:
        """A table as ?rules= writes it ("ffb,litige:0"); MalformedInput naming the first part no table has."""
        if not isinstance(address, str) or not address:
            raise MalformedInput(f"rules: {address!r}; a set ({', '.join(self.sets)}), then house rules as rule:value")
        set_id, *parts = address.split(",")
        if set_id not in self.sets:
            raise MalformedInput(f"rules: no set {set_id!r}; {', '.join(self.sets)}")
        choices: dict[str, Any] = {}
        for part in parts:
            rule_id, _, typed = part.partition(":")
            rule = next((rule for rule in self.house_rules if rule.id == rule_id), None)
            if rule is None:
                known = ", ".join(rule.id for rule in self.house_rules) or "none"
                raise MalformedInput(f"rules: no house rule {rule_id!r}; {known}")
            value = next((choice for choice in choices_of(rule)
                          if typed == str(int(choice) if isinstance(choice, bool) else choice)), None)
            if value is None:
                written = ", ".join(str(int(c) if isinstance(c, bool) else c) for c in choices_of(rule))
                raise MalformedInput(f"rules: {rule_id}:{typed}; {rule_id} is one of {written}")
            choices[rule_id] = value
        return self.table(set_id, choices)

    # --- every table by the values of its facts: the options table as an id ("s0", "s1", …) ----------------------

    def option_rules(self) -> list[HouseRule]:
        return [rule for rule in self.house_rules if rule.option is not None]

    def values(self, table: Table) -> dict[str, Any]:
        """A table's facts as plain values, its table of options (if the game keeps one) as an id: what a page's script
        works out from the table's choice too, and what results are looked up by."""
        own = self.set_facts(table.set)
        if table.set not in self._set_values:      # all_values() asks once per table, of many tables a set
            self._set_values[table.set] = ({name: getattr(own, name) for name in own.named_fields()},
                                           {rule.id: rule.value_in(own) for rule in self.option_rules()},
                                           {rule.id: rule for rule in self.house_rules})
        set_values, set_bits, house_rules = self._set_values[table.set]
        values, bits = dict(set_values), dict(set_bits)
        for rule_id, value in table.house:
            rule = house_rules[rule_id]
            if rule.fact is not None:
                values[rule.fact] = value
            else:
                bits[rule.id] = value
        if own.OPTIONS:
            values[own.OPTIONS] = self.options_id(table.set, tuple(bits[rule.id] for rule in self.option_rules()))
        return values

    def options_id(self, set_id: str, bits: tuple[bool, ...]) -> str:
        """The id of the options table a set has with the option house rules on or off as `bits` says: "s<n>", n its
        place among every set's tables with every combination of bits, the sets in order, bits off before on."""
        if not self._options_ids:
            for each in self.sets:
                own = self.set_facts(each)
                for combination in itertools.product((False, True), repeat=len(self.option_rules())):
                    house = tuple((rule.id, bit) for rule, bit in zip(self.option_rules(), combination)
                                  if bit != rule.value_in(own))
                    options = getattr(self.facts(Table(each, house)), own.OPTIONS)
                    self._options.setdefault(options, f"s{len(self._options)}")
                    self._options_ids[(each, combination)] = self._options[options]
        return self._options_ids[(set_id, bits)]

    def options_table(self, options_id: str) -> Any:
        return next(options for options, found in self._options.items() if found == options_id)

    def all_values(self) -> list[dict[str, Any]]:
        """Every table's values, once (each set with every combination of house-rule choices), the tables with fewest
        house rules first: the one a projection names is the plainest that has its values."""
        if not self._all_values:
            tables = sorted(self.tables(), key=lambda table: len(table.house))
            self._all_tables.extend(tables)
            self._all_values.extend(self.values(table) for table in tables)
        return self._all_values

    def table_of(self, index: int) -> Table:
        """The table whose values are all_values()[index]."""
        self.all_values()
        return self._all_tables[index]

    def plainest(self, names: tuple[str, ...], key: tuple) -> Table:
        """The table with fewest house rules whose values for these facts are `key` (to name it in a message)."""
        self.all_values()
        return next(table for table, values in zip(self._all_tables, self._all_values)
                    if tuple(values[name] for name in names) == key)

    def facts_of(self, values: dict[str, Any]) -> Facts:
        """The facts of a table given as its values (one of all_values(), or a projection's)."""
        key = tuple(values.items())
        if key not in self._facts_of:
            self._facts_of[key] = self._facts_from(values)
        return self._facts_of[key]

    def _facts_from(self, values: dict[str, Any]) -> Facts:
        base = self.base
        changes = {name: value for name, value in values.items() if name != base.OPTIONS}
        facts = dataclasses.replace(base, **changes)
        if base.OPTIONS:
            facts = dataclasses.replace(facts, **{base.OPTIONS: self.options_table(values[base.OPTIONS])})
        return facts

    def projections(self, names: tuple[str, ...]) -> dict[tuple, dict[str, Any]]:
        """The distinct values some tables have for these facts, each with the values of one table that has them."""
        if names not in self._projections:
            found: dict[tuple, dict[str, Any]] = {}
            for values in self.all_values():
                found.setdefault(tuple(values[name] for name in names), values)
            self._projections[names] = found
        return self._projections[names]

    def peel(self, evaluate: Callable[[dict], tuple[Any, set]], read_value: Callable[[Facts, Any], Any],
             among: numpy.ndarray | None = None) -> tuple[numpy.ndarray, list, set]:
        """Something worked out at every table (of `among`, indices into all_values(); else all), once for each group
        of tables that agree on all it read: `evaluate(values)` gives the result at one table and what it read (facts by
        name, or a game's views of them: read_value(facts, read) says what a read sees). Each evaluation is at the first
        table not yet answered, and answers every table that sees what it saw. Returns each table's result index (-1:
        not among), the results, and everything read."""
        tables = self.all_values()
        index = numpy.full(len(tables), -1)
        remaining = numpy.arange(len(tables)) if among is None else numpy.asarray(among, dtype=int)
        results: list = []
        read: set = set()
        while remaining.size:
            first = int(remaining[0])
            result, reads = evaluate(tables[first])
            read |= reads
            # narrowed read by read: after the first few reads only a handful of tables are left to compare
            same = remaining
            for each in reads:
                column = self.column(each, read_value)
                same = same[column[same] == column[first]]
            index[same] = len(results)
            results.append(result)
            remaining = remaining[index[remaining] == -1]
        return index, results, read

    def column(self, read: Any, read_value: Callable[[Facts, Any], Any]) -> numpy.ndarray:
        """What a read sees at every table, as codes (equal where the values are): a fact's value, or a view of the
        facts, worked out once for each value of the facts it is of."""
        if read not in self._columns:
            facts = facts_read(read)
            if isinstance(read, str):
                self._columns[read] = self._fact_codes(read)
            else:
                _, first, of_table = numpy.unique(self.projection(facts), return_index=True, return_inverse=True)
                codes: dict = {}
                seen = [codes.setdefault(read_value(self.facts_of(self.all_values()[table]), read), len(codes))
                        for table in first]
                self._columns[read] = numpy.array(seen)[of_table.reshape(-1)]
        return self._columns[read]

    def projection(self, facts: tuple[str, ...]) -> numpy.ndarray:
        """Each table's values of these facts as one code (equal where all of them are)."""
        combined = numpy.zeros(len(self.all_values()), dtype=numpy.int64)
        for fact in facts:
            codes = self._fact_codes(fact)
            combined = combined * (int(codes.max()) + 1) + codes
        return combined

    def _fact_codes(self, fact: str) -> numpy.ndarray:
        """A fact's value at every table, as codes."""
        key = ("fact", fact)
        if key not in self._columns:
            codes: dict = {}
            self._columns[key] = numpy.array([codes.setdefault(values[fact], len(codes))
                                              for values in self.all_values()])
        return self._columns[key]

    def tables(self) -> Iterator[Table]:
        """Every table: each set with every combination of its house rules' choices."""
        for set_id in self.sets:
            own = self.set_facts(set_id)
            others = [[(rule.id, value) for value in choices_of(rule) if value != rule.value_in(own)] + [None]
                      for rule in self.house_rules]
            for picked in itertools.product(*others):
                yield Table(set_id, tuple(choice for choice in picked if choice is not None))


def choices_of(rule: HouseRule) -> tuple:
    """What a house rule can be set to: its fact's choices, or off and on."""
    return rule.choices if rule.fact is not None else (False, True)


def _change(raw: Any, default_source: str) -> tuple[Any, str]:
    """A change as the facts take it, and its source: `{value, source}` for a fact, `source:` inside an option."""
    if isinstance(raw, dict) and "value" in raw and set(raw) <= {"value", "source"}:
        return raw["value"], raw.get("source", default_source)
    if isinstance(raw, dict) and "source" in raw:
        return {k: v for k, v in raw.items() if k != "source"}, raw["source"]
    return raw, default_source


def load_rule_sets(game_dir: Path, game_id: str, base: Facts | None, problems: Problems) -> RuleSets | None:
    """rules/<game>/sets.yml, each set and house rule applied to the default facts; None without the file, or after
    reporting what is wrong (one problem per set, house rule or reference)."""
    path = game_dir / FILE
    if not path.exists():
        return None
    raw = load_yaml(path, problems)
    if raw is None or not check_schema(raw, "sets", path, problems) or base is None:
        return None
    before = len(problems.items)
    sources = plain(raw["sources"])

    def known_source(source: str, where: str, line: int | None) -> None:
        if source not in sources:
            problems.add(path, line, where, codes.SOURCE_MISMATCH,
                         f"source {source!r} is not under `sources:` ({', '.join(sources)})")

    sets: dict[str, RuleSet] = {}
    for set_id, item in raw["sets"].items():
        line = line_of(raw["sets"], set_id)
        known_source(item["source"], set_id, line)
        changes, origin = {}, {}
        for name, value in (item.get("changes") or {}).items():
            changes[name], origin[name] = _change(plain(value), item["source"])
            known_source(origin[name], f"{set_id}.{name}", line_of(item.get("changes"), name))
        disputed = plain(item.get("disputed") or ())
        otherwise = {name: (other["source"], other["quote"]) for name, other in disputed.items()} \
            if isinstance(disputed, dict) else {}
        for name, (source, _) in otherwise.items():
            known_source(source, f"{set_id}.disputed.{name}", line_of(item.get("disputed"), name))
        sets[set_id] = RuleSet(set_id, item["source"], changes, origin, plain(item.get("quotes") or {}),
                               tuple(item.get("silent") or ()), tuple(disputed),
                               tuple(item.get("read_second_hand") or ()), line, otherwise)
    if raw["default"] not in sets:
        problems.add(path, line_of(raw, "default"), raw["default"], codes.SOURCE_MISMATCH,
                     "the default set is not under `sets:`")
    elif sets[raw["default"]].changes:
        problems.add(path, sets[raw["default"]].line, raw["default"], codes.RULE_SET_REJECTED,
                     "the default set changes nothing: it is game.yml's rules")
    house_rules = []
    for item in raw.get("house_rules") or []:
        for source in item["sources"]:
            known_source(source, item["id"], line_of(item))
        house_rules.append(HouseRule(item["id"], item.get("fact"), tuple(item.get("choices") or ()),
                                     plain(item.get("option")), tuple(item["sources"]), plain(item.get("quotes") or {}),
                                     line_of(item)))
    if problems.items[before:]:
        return None
    rule_sets = RuleSets(raw["default"], sources, sets, house_rules, base, path)
    open_points = set(raw.get("open_points") or ())
    house_options = {rule.option["id"] for rule in house_rules if rule.option is not None}
    for rule_set in sets.values():
        try:
            facts = rule_sets.set_facts(rule_set.id)
        except MalformedInput as exc:
            problems.add(path, rule_set.line, rule_set.id, codes.RULE_SET_REJECTED,
                         f"the game's facts reject this set: {exc}")
            continue
        for key in ("quotes", "silent", "disputed", "second_hand"):
            for name in getattr(rule_set, key):
                unsaid = key == "silent" and name in open_points | house_options
                if not (facts.is_fact(name) or facts.option(name) or name in rule_set.changes or unsaid):
                    problems.add(path, rule_set.line, f"{rule_set.id}.{name}", codes.SOURCE_MISMATCH,
                                 f"{key}: {name!r} is neither a fact nor a change of this set"
                                 + (" (nor a house rule's option or one of open_points)" if key == "silent" else ""))
        for rule in house_rules:
            for value in choices_of(rule):
                try:
                    facts.changed(rule.changes(value, facts), f"house_rules.{rule.id}")
                except MalformedInput as exc:
                    problems.add(path, rule.line, rule.id, codes.RULE_SET_REJECTED,
                                 f"the game's facts reject {value!r}: {exc}")
    return None if problems.items[before:] else rule_sets
