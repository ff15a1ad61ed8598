"""A question's answer at every table a game's rule sets make (a set with its house rules), computed by the checker
bound to that table's facts: which facts the answer depends on (the checker notes what it reads), and for each distinct
value of those facts the givens, the answer and the wrong beliefs' answers — or none, where the question describes no
game that table can reach. A page's script looks its table's answer up; no answer is shown that was not computed."""
from __future__ import annotations

import dataclasses

import numpy

from quiz.checker import FineReads, IllegalState, MalformedInput, facts_read
from quiz.site.check.answers import answer_type_ok, believed, computed, one_belief_per_answer, variant_id, with_derived
from quiz.site.check.question_check import QuestionCheck
from quiz.site.check.practice import Practice
from quiz.site.check.question_words import Words, said, word
from quiz.site.load.content import Game, Kept, Question, Site, holds
from quiz.site.load.problems import Problems
from quiz.site.load.source import plain
from quiz.site.load.wording import placeholder_paths

NO_ANSWER = -1   # a table at which the question describes no game that can happen


@dataclasses.dataclass
class AtTables:
    """One question's (or variant's) answers across tables: `by` maps the values of `names` at a table to a group
    (NO_ANSWER: none there); group 0 is the default table's."""

    names: tuple[str, ...]
    by: dict[tuple, int]
    groups: list[dict]          # {"givens", "answer", "result", "beliefs", "values"}: values are the text's facts
    # each game record that reaches the givens, with the tables (indices into the rule sets' all_values()) whose rules
    # it was found for: one replay stands for every table that saw what it saw
    records: list[tuple[dict, list[int]]] = dataclasses.field(default_factory=list)


def text_names(game: Game, question: Question, lang: str) -> set[str]:
    """The facts (and derived numbers) a question's texts name, in the default language, and those the conditions of
    its why's sentences compare: words depend on them too."""
    entry = game.question_texts.get(lang, {}).get(question.id) or {}
    whys = entry.get("why", {})
    return game.named([entry.get("text", "")] + (list(whys.values()) if isinstance(whys, dict) else [whys]) +
                      list((entry.get("why_when") or {}).values()),
                      [part for _, condition in question.why_when for part in condition])


def at_tables(game: Game, question: Question, drawn: dict, lang: str) -> AtTables | None:
    """The question with these drawn givens (derived ones filled in per table) at every table of the game's rule sets;
    None for a game without rule sets. Its answer is worked out once for each group of tables that agree on all the
    answer read (down to the scoring options its dice can use), and where there is an answer, whether a game reaches
    its givens once for each group that agrees on all the replay read (the target, say): a table gets the question only
    where both hold."""
    rule_sets = game.rule_sets
    if rule_sets is None:
        return None
    named = text_names(game, question, lang)
    facts_named = {name for name in named if rule_sets.base.is_fact(name)}
    derived = game.derived_reads()
    derived_named = named & set(derived)
    words_read = set(facts_named) | {read for name in derived_named for read in derived[name]}
    for condition in question.presumes:
        for side in (condition.left, condition.right):
            if isinstance(side, str):
                words_read |= {side} if rule_sets.base.is_fact(side) else derived.get(side, set())
    givens_read: set = set()       # the facts the givens' derived values come from
    for source in {source.split(".")[0] for source in question.derived.values()}:
        givens_read |= {source} if rule_sets.base.is_fact(source) else derived.get(source, set())
    read_value = type(game.checker).read_value

    def answered(values: dict):
        reads = FineReads(words_read | givens_read)
        return _answer_at(game, question, drawn, rule_sets.facts_of(values), reads), reads

    answer_of, outcomes, read = rule_sets.peel(answered, read_value)
    has_answer = numpy.flatnonzero([outcomes[i] is not None for i in answer_of])
    reached_at, found = numpy.ones(len(answer_of), dtype=bool), []
    if game.witnesses is not None:
        def reached(values: dict):
            reads = FineReads(givens_read)
            return _reached_at(game, question, drawn, rule_sets.facts_of(values), reads), reads

        reach_of, records, witness_read = rule_sets.peel(reached, read_value, among=has_answer)
        reached_at = numpy.array([i >= 0 and records[i] is not None for i in reach_of])
        found = [(record, numpy.flatnonzero(reach_of == i).tolist()) for i, record in enumerate(records) if record]
        read |= witness_read
    names = tuple(sorted({fact for each in read | words_read | givens_read for fact in facts_read(each)}))
    return dataclasses.replace(_grouped(game, names, answer_of, outcomes, reached_at, facts_named | derived_named),
                               records=found)


def _answer_at(game: Game, question: Question, drawn: dict, facts, reads: set):
    """At one table: (givens, answer, result, beliefs, shown) or None where its legality checks refuse the givens,
    every read noted in `reads`."""
    checker = type(game.checker)(facts, reads)
    values = game.table_values(facts)
    shown = holds(question.presumes, values)      # its texts fit this table; else its answer is only compared with
    givens = with_derived(question, drawn, values)      # a fresh plain copy: the rules only read it
    try:
        if checker.illegal(question.check, givens):
            return None
        result, answer = computed(game, question, givens, checker)
    except (IllegalState, MalformedInput):
        return None
    if not answer_type_ok(question.kind, answer):
        return None
    beliefs = believed(game, question, givens, answer, checker, strict=False)
    return {"givens": givens, "answer": answer, "result": result, "beliefs": one_belief_per_answer(beliefs)[0],
            "shown": shown}


def _reached_at(game: Game, question: Question, drawn: dict, facts, reads: set) -> dict | None:
    """At one table: a game record its engine replays, under that table's rules, to the question's givens there; None
    where none is found (the question describes no game that table can reach). Every read noted in `reads`."""
    givens = with_derived(question, drawn, game.table_values(facts))
    record, read = game.witness_at(facts, question.check, plain(givens))
    reads |= read
    return record


def _decides(rule_sets, names: tuple[str, ...], group_of: numpy.ndarray) -> bool:
    """Whether tables alike in these facts are always in one group."""
    _, first, of_table = numpy.unique(rule_sets.projection(names), return_index=True, return_inverse=True)
    return bool((group_of == group_of[first][of_table.reshape(-1)]).all())


def _grouped(game: Game, names: tuple[str, ...], answer_of: numpy.ndarray, outcomes: list, reached: numpy.ndarray,
             text_named: set) -> AtTables:
    """Tables that give the same givens, answer, result, beliefs and text values share a group (worded once), the
    default table's first; a table without an answer or a game that reaches its givens has none."""
    rule_sets = game.rule_sets
    tables = rule_sets.all_values()
    default_values = rule_sets.values(rule_sets.table(rule_sets.default))
    default = next(i for i, values in enumerate(tables) if values == default_values)
    groups, by_signature, by_answer = [], {}, {}
    group_of = numpy.full(len(tables), NO_ANSWER)
    answered = [i for i in numpy.flatnonzero(reached) if outcomes[answer_of[i]] is not None]
    for table in ([default] if default in answered else []) + answered:
        if answer_of[table] in by_answer:
            continue
        outcome = outcomes[answer_of[table]]
        facts = rule_sets.facts_of(tables[table])
        values = dict(game.table_values(facts, frozenset(text_named)))
        signature = repr((outcome["givens"], outcome["answer"], outcome["result"], outcome["beliefs"], values,
                          outcome["shown"]))
        if signature not in by_signature:
            by_signature[signature] = len(groups)
            groups.append({**outcome, "values": values, "facts": facts})
        by_answer[answer_of[table]] = by_signature[signature]
    for answer, group in by_answer.items():
        group_of[(answer_of == answer) & reached] = group
    # every table whose facts in `names` are alike gets the same group (else a read was not noted); a fact whose value
    # makes no difference once the others are known is left out, so the page looks its table up by fewer facts
    if not _decides(rule_sets, names, group_of):
        raise RuntimeError(f"{game.id}: two tables alike in {names} got different answers; a read the checker did not "
                           f"note")
    for name in names:
        if _decides(rule_sets, tuple(n for n in names if n != name), group_of):
            names = tuple(n for n in names if n != name)
    _, first = numpy.unique(rule_sets.projection(names), return_index=True)
    by = {tuple(tables[table][name] for name in names): int(group_of[table]) for table in first}
    return AtTables(names, by, groups)


# --- worded at every table, kept with the verification ----------------------------------------------------------------

class KeptTableAnswers(Kept):
    """at_tables() kept across builds, each by the question, its drawn givens and the facts its texts name: whatever
    else it reads is in the game's files in no language and the code, which its owner keys it by (quiz/site/build.py).
    Only what this build asked for is kept again."""

    def at_tables(self, game: Game, question: Question, drawn: dict, lang: str) -> AtTables | None:
        key = (question.id, repr(plain(drawn)), tuple(sorted(text_names(game, question, lang))))
        if key not in self.asked:
            found = self.earlier[key] if key in self.earlier else at_tables(game, question, drawn, lang)
            # kept without the records (what `python -m quiz witness` shows, which finds them again)
            self.asked[key] = found and dataclasses.replace(found, records=[])
        return self.asked[key]


def worded_at_tables(check: QuestionCheck, entries: dict, drawn: dict, default_words: dict,
                     answered: KeptTableAnswers | None = None, words: Words | None = None) -> dict | None:
    """A question or variant at every table, each group of tables with its answer and worded in every language (group 0
    is the default table's words, as verified): {"names", "by", "groups": [{"answer", "words"}]}; None for a game
    without rule sets. `answered`, `words`: answers and words kept from an earlier build."""
    game = check.game
    found = (answered or KeptTableAnswers()).at_tables(game, check.question, drawn, check.site.default_language)
    if found is None:
        return None
    groups, renumbered = [{"answer": found.groups[0]["answer"], "words": default_words}], {0: 0}
    for number, group in enumerate(found.groups[1:], 1):
        worded = _worded(check, entries, group, words) if group["shown"] else None
        renumbered[number] = len(groups)
        # a table whose rules the texts do not fit keeps the answer, not the question: a wrong answer elsewhere that
        # its rules give is named, but the question is not asked there
        groups.append({"answer": group["answer"], "words": worded})
    by = {key: renumbered.get(number, NO_ANSWER) for key, number in found.by.items()}
    return {"names": found.names, "by": by, "groups": groups}


def _worded(check: QuestionCheck, entries: dict, group: dict, words: Words | None = None) -> dict | None:
    """A group's words in every language; None where its texts cannot say it (a why that names a scoring option the
    table does not have): those tables do not get the question, rather than a sentence that is not true there."""
    game = check.game
    _, presentation = game.at_table(group["facts"])
    values = game.table_values(group["facts"])
    sentences = said(check, group["givens"], group["answer"], group["result"], values)   # only those said there
    for lang, entry in entries.items():
        whys = entry["why"].values() if isinstance(entry["why"], dict) else [entry["why"]]
        for text in [entry["text"], *whys, *(entry["why_when"][name] for name in sentences)]:
            if any(path.split(".")[0] not in values and path.split(".")[0] not in group["givens"]
                   and path.split(".")[0] not in ("answer", "result") for path in placeholder_paths(text)):
                return None
    return word(check, entries, group["givens"], group["answer"], group["result"], group["beliefs"],
                facts=values, presentation=presentation, words=words)


def varies(tables: dict | None) -> bool:
    """Whether some table asks the question otherwise (another answer or other words) or not at all: else the page
    carries no lookup for it (a game whose only variant changes the deal asks each question alike at every table)."""
    return bool(tables) and (len(tables["groups"]) > 1 or any(group != 0 for group in tables["by"].values()))


def verify_tables(site: Site, problems: Problems) -> None:
    """Every question and practice variant of every game with rule sets, at every table (verify_game_tables)."""
    for game in site.games:
        verify_game_tables(site, game, problems)


def verify_game_tables(site: Site, game: Game, problems: Problems, answered: KeptTableAnswers | None = None,
                       words: Words | None = None) -> None:
    """Every question and practice variant of a game with rule sets, at every table: game.tables[question id] and
    variant["tables"]. answered, words: the answers at tables and the words an earlier build worked out."""
    if game.rule_sets is None or not game.questions:
        return
    kept = _tables_of(site, game, problems, answered if answered is not None else KeptTableAnswers(), words)
    game.tables = kept["stated"]
    for question_id, practice in game.practice.items():
        for variant in practice.variants:
            variant["tables"] = kept["variants"].get(variant_id(next(q for q in game.questions
                                                                     if q.id == question_id), variant))


def _tables_of(site: Site, game: Game, problems: Problems, answered: KeptTableAnswers,
               words: Words | None = None) -> dict:
    stated, variants = {}, {}
    for question in game.questions:
        if question.id not in game.worded:
            continue
        check = QuestionCheck(site, game, question, problems)
        entries = check.texts()
        stated[question.id] = worded_at_tables(check, entries, question.givens, game.worded[question.id], answered,
                                               words)
        for variant in game.practice.get(question.id, Practice()).variants:
            variants[variant_id(question, variant)] = worded_at_tables(check, entries, variant["givens"],
                                                                       variant["worded"], answered, words)
    return {"stated": stated, "variants": variants}
