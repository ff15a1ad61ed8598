"""A question's answer at every table a game's rule sets make (a set with its house rules), computed by the checker
bound to that table's facts: which facts the answer depends on (the checker notes what it reads), and for each distinct
value of those facts the givens, the answer and the wrong beliefs' answers — or none, where the question describes no
game that table can reach. A page's script looks its table's answer up; no answer is shown that was not computed."""
from __future__ import annotations

import dataclasses

from quiz.checker import IllegalState, MalformedInput
from quiz.site.answers import (answer_fits, answer_type_ok, beliefs_of, one_belief_per_answer, options, variant_id,
                               with_derived)
from quiz.site.bank import QuestionCheck
from quiz.site.practice import Practice
from quiz.site.question_words import word
from quiz.site.content import Game, Question, Site, holds
from quiz.site.memo import Memo
from quiz.site.problems import Problems
from quiz.site.wording import placeholder_paths, resolve

NO_ANSWER = -1   # a table at which the question describes no game that can happen


@dataclasses.dataclass
class AtTables:
    """One question's (or variant's) answers across tables: `by` maps the values of `names` at a table to a group
    (NO_ANSWER: none there); group 0 is the default table's."""

    names: tuple[str, ...]
    by: dict[tuple, int]
    groups: list[dict]          # {"givens", "answer", "result", "beliefs", "values"}: values are the text's facts


def text_names(game: Game, question: Question, lang: str) -> set[str]:
    """The facts (and derived numbers) a question's texts name, in the default language: words depend on them too."""
    entry = game.question_texts.get(lang, {}).get(question.id) or {}
    whys = entry.get("why", {})
    texts = [entry.get("text", "")] + (list(whys.values()) if isinstance(whys, dict) else [whys])
    return {path.split(".")[0] for text in texts for path in placeholder_paths(text)}


def at_tables(game: Game, question: Question, drawn: dict, lang: str) -> AtTables | None:
    """The question with these drawn givens (derived ones filled in per table) at every table of the game's rule sets;
    None for a game without rule sets."""
    rule_sets = game.rule_sets
    if rule_sets is None:
        return None
    named = text_names(game, question, lang)
    facts_named = {name for name in named if rule_sets.base.is_fact(name)}
    derived = game.derived_reads()
    derived_named = named & set(derived)
    derived_sources = {source.split(".")[0] for source in question.derived.values()}
    names: set[str] = set(facts_named) | {read for name in derived_named for read in derived[name]}
    for condition in question.presumes:
        for side in (condition.left, condition.right):
            if isinstance(side, str):
                names |= {side} if rule_sets.base.is_fact(side) else derived.get(side, set())
    while True:
        order = tuple(sorted(names))
        results, read = {}, set()
        for key, values in rule_sets.projections(order).items():
            facts = rule_sets.facts_of(values)
            outcome, reads = _answer_at(game, question, drawn, facts, derived_sources, derived)
            results[key] = outcome
            read |= reads
        if read <= names:
            break
        names |= read
    return _grouped(game, order, results, facts_named | derived_named)


def _answer_at(game: Game, question: Question, drawn: dict, facts, derived_sources: set, derived: dict):
    """At one table: (givens, answer, result, beliefs) or None, and the facts read to find it."""
    reads: set = set()
    checker = type(game.checker)(facts, reads)
    values = game.table_values(facts)
    shown = holds(question.presumes, values)      # its texts fit this table; else its answer is only compared with
    for source in derived_sources:
        reads |= {source} if facts.is_fact(source) else derived.get(source, set())
    givens = with_derived(question, drawn, values)      # a fresh plain copy: the rules only read it
    try:
        if checker.illegal(question.check, givens):
            return None, reads
        result = checker.call(question.check, givens)
        answer = resolve(result, question.pick) if question.pick else result
    except (IllegalState, MalformedInput):
        return None, reads
    if not answer_type_ok(question.kind, answer):
        return None, reads
    believed = []
    choices = options(question, answer)
    for belief in beliefs_of(game, question):
        try:
            found = checker.believe(belief, givens)
            value = resolve(found, question.pick) if question.pick and found is not None else found
        except (IllegalState, MalformedInput):
            continue
        if value is not None and value != answer and answer_fits(question, value, choices):
            believed.append({"belief": belief.name, "rule": belief.entry, "answer": value})
    return {"givens": givens, "answer": answer, "result": result, "beliefs": one_belief_per_answer(believed)[0],
            "shown": shown}, reads


def _grouped(game: Game, names: tuple[str, ...], results: dict, text_named: set) -> AtTables:
    """Tables that give the same givens, answer, result, beliefs and text values share a group (worded once)."""
    rule_sets = game.rule_sets
    default_values = rule_sets.values(rule_sets.table(rule_sets.default))
    default_key = tuple(default_values[name] for name in names)
    groups, index, by = [], {}, {}
    for key in [default_key] + [k for k in results if k != default_key]:
        outcome = results[key]
        if outcome is None:
            by[key] = NO_ANSWER
            continue
        facts = rule_sets.facts_of(rule_sets.projections(names)[key])
        values = {name: value for name, value in game.table_values(facts).items() if name in text_named}
        signature = repr((outcome["givens"], outcome["answer"], outcome["result"], outcome["beliefs"], values,
                          outcome["shown"]))
        if signature not in index:
            index[signature] = len(groups)
            groups.append({**outcome, "values": values, "facts": facts})
        by[key] = index[signature]
    return AtTables(names, by, groups)


# --- worded at every table, kept with the verification ----------------------------------------------------------------

def worded_at_tables(check: QuestionCheck, entries: dict, drawn: dict, default_words: dict) -> dict | None:
    """A question or variant at every table, each group of tables with its answer and worded in every language (group 0
    is the default table's words, as verified): {"names", "by", "groups": [{"answer", "words"}]}; None for a game
    without rule sets."""
    game = check.game
    found = at_tables(game, check.question, drawn, check.site.default_language)
    if found is None:
        return None
    groups, renumbered = [{"answer": found.groups[0]["answer"], "words": default_words}], {0: 0}
    for number, group in enumerate(found.groups[1:], 1):
        worded = _worded(check, entries, group) if group["shown"] else None
        renumbered[number] = len(groups)
        # a table whose rules the texts do not fit keeps the answer, not the question: a wrong answer elsewhere that
        # its rules give is named, but the question is not asked there
        groups.append({"answer": group["answer"], "words": worded})
    by = {key: renumbered.get(number, NO_ANSWER) for key, number in found.by.items()}
    return {"names": found.names, "by": by, "groups": groups}


def _worded(check: QuestionCheck, entries: dict, group: dict) -> dict | None:
    """A group's words in every language; None where its texts cannot say it (a why that names a scoring option the
    table does not have): those tables do not get the question, rather than a sentence that is not true there."""
    game = check.game
    _, presentation = game.at_table(group["facts"])
    values = game.table_values(group["facts"])
    for lang, entry in entries.items():
        whys = entry["why"].values() if isinstance(entry["why"], dict) else [entry["why"]]
        for text in [entry["text"], *whys]:
            if any(path.split(".")[0] not in values and path.split(".")[0] not in group["givens"]
                   and path.split(".")[0] not in ("answer", "result") for path in placeholder_paths(text)):
                return None
    return word(check, entries, group["givens"], group["answer"], group["result"], group["beliefs"],
                      facts=values, presentation=presentation)


def varies(tables: dict | None) -> bool:
    """Whether some table asks the question otherwise (another answer or other words) or not at all: else the page
    carries no lookup for it (Faraway's variant changes only the deal, so none of its questions varies)."""
    return bool(tables) and (len(tables["groups"]) > 1 or any(group != 0 for group in tables["by"].values()))


def verify_tables(site: Site, problems: Problems, memo: Memo | None = None) -> None:
    """Every question and practice variant of a game with rule sets, at every table: game.tables[question id] and
    variant["tables"]. Taken from the memo while the game's verification would be (the same inputs), kept when done."""
    for game in site.games:
        if game.rule_sets is None or not game.questions:
            continue
        key = memo and memo.tables_key(site.root, game.dir, site.languages, site.default_language)
        kept = memo.get(key) if memo else None
        if kept is None:
            found_before = len(problems.items)
            kept = _tables_of(site, game, problems)
            if memo and len(problems.items) == found_before:
                memo.put(key, kept)
        game.tables = kept["stated"]
        for question_id, practice in game.practice.items():
            for variant in practice.variants:
                variant["tables"] = kept["variants"].get(variant_id(next(q for q in game.questions
                                                                         if q.id == question_id), variant))


def _tables_of(site: Site, game: Game, problems: Problems) -> dict:
    stated, variants = {}, {}
    for question in game.questions:
        if question.id not in game.worded:
            continue
        check = QuestionCheck(site, game, question, problems)
        entries = check.texts()
        stated[question.id] = worded_at_tables(check, entries, question.givens, game.worded[question.id])
        for variant in game.practice.get(question.id, Practice()).variants:
            variants[variant_id(question, variant)] = worded_at_tables(check, entries, variant["givens"],
                                                                       variant["worded"])
    return {"stated": stated, "variants": variants}
