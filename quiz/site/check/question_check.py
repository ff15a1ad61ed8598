"""Verifying one question of the bank: its structure, the checker's answer to its givens (legal, reached by a game,
the one stated), the wrong beliefs it catches, its givens shown in its text and its texts in every language."""
from __future__ import annotations

import dataclasses
from typing import Any

from quiz import games
from quiz.checker import IllegalState, MalformedInput
from quiz.site.load import codes
from quiz.site.check.answers import (BeliefFailed, answer_type_ok, assign, beliefs_of, believed, computed, covers,
                                     format_plain, leaf_paths, one_belief_per_answer, without_belief)
from quiz.site.load.content import Game, Question, Quoted, Site
from quiz.site.load.problems import Problems
from quiz.site.load.source import line_of, plain
from quiz.site.load.wording import placeholder_paths, resolve

REMEMBER_QUESTIONS = range(1, 4)     # "Do you remember?" on each refresher: seed 000 asks one; three at most
QUESTIONS_PER_RULE = 2     # each easy-to-forget rule is tested at least this often


@dataclasses.dataclass(frozen=True)
class CheckerAnswer:
    """What checking a question's givens found: the checker's answer, its whole result (a why may name parts of it)
    and the wrong beliefs that answer otherwise (None: a belief crashed, said already)."""

    answer: Any
    result: Any
    believed: list | None


class QuestionCheck:
    """What `verify` checks about one question, apart from its wording (question_words.py) and its practice variants
    (practice.py): its structure, the checker's answer, the beliefs it catches, its givens shown, its texts in every
    language. Problems are collected, never raised; each check returns what it found."""

    def __init__(self, site: Site, game: Game, question: Question, problems: Problems):
        self.site, self.game, self.question, self.problems = site, game, question, problems
        self.path = game.dir / "questions.yml"
        self.facts = game.values()

    def add(self, code: str, message: str, path=None, line: int | None = None) -> None:
        self.problems.add(path or self.path, line or self.question.line, self.question.id, code, message)

    def structure(self, rule_ids: set[str]) -> bool:
        """The question names a rule, a checker rule and options that exist; its derived, vary and keep work."""
        question, ok = self.question, True
        if question.rule not in rule_ids:
            self.add(codes.UNKNOWN_NAME, f"rule {question.rule!r} is not an easy-to-forget id of {self.game.id}")
            ok = False
        if question.check not in self.game.checker.rules():
            self.add(codes.UNKNOWN_NAME, f"check {question.check!r} is not a rule of {games.folder(self.game.id)}/ "
                     f"(one of {', '.join(self.game.checker.rules())})")
            return False
        if question.options is not None and not all(isinstance(o, str) for o in question.options):
            self.add(codes.UNKNOWN_NAME, "options must be names")
            ok = False
        for name in sorted(set(question.givens) & set(self.facts)):
            # texts are filled with the givens over the facts: "{dice}" would say the given where it may mean the fact
            self.add(codes.GIVEN_NAMED_LIKE_FACT, f"given {name!r} has the name of a fact ({name}: "
                     f"{self.facts[name]!r}): every text of the question would say the given for {{{name}}}; name the "
                     "given for what it is")
            ok = False
        for where, why in self.game.checker.misdescribed(question.check, plain(question.givens)):
            self.add(codes.NOT_ITS_FACE, f"givens.{where}: {why}")
            ok = False
        return self._derived_work() and self._ranges_work() and ok

    def _derived_work(self) -> bool:
        """Each derived given comes from a given or a fact, has a place in the givens and is not typed there too (a list
        slot may hold the value it derives to)."""
        question, ok = self.question, True
        full = plain(question.givens)
        for target, source in question.derived.items():
            try:
                value = plain(resolve({**self.facts, **full}, source))
            except KeyError:
                self.add(codes.VARIANTS_FAIL, f"derived: {target!r} comes from {source!r}, which is neither a given "
                         "nor a fact")
                ok = False
                continue
            parent = target.rpartition(".")[0]
            try:
                typed = resolve(question.givens, target)
            except KeyError:
                pass
            else:
                if not isinstance(resolve(question.givens, parent) if parent else question.givens, list):
                    self.add(codes.VARIANTS_FAIL, f"derived: {target!r} is computed from {source!r}; do not type it in "
                             "givens as well")
                    ok = False
                elif typed != value:
                    self.add(codes.VARIANTS_FAIL, f"derived: {target!r} is computed from {source!r}, but givens type "
                             f"it as {typed!r}")
                    ok = False
            try:
                assign(full, target, value)
            except (KeyError, IndexError, ValueError, TypeError):
                self.add(codes.VARIANTS_FAIL, f"derived: {target!r} has no place in the givens")
                ok = False
        return ok

    def _ranges_work(self) -> bool:
        """Each range varies a whole-number given that is not derived, and a question that varies declares keep."""
        question, ok = self.question, True
        for name, bounds in question.vary.items():
            try:
                value = resolve(question.givens, name)
            except KeyError:
                value = None
            if name in question.derived:
                self.add(codes.VARIANTS_FAIL, f"vary: {name!r} is derived; vary what it comes from")
                ok = False
            elif type(value) is not int or bounds[0] > bounds[1] or (len(bounds) == 3 and bounds[2] < 1):
                self.add(codes.VARIANTS_FAIL, f"vary: {name!r} needs a whole-number given and a range [low, high] or "
                         "[low, high, step]")
                ok = False
        if question.vary and question.keep is None:
            self.add(codes.VARIANTS_FAIL, "vary needs keep: what every variant must keep to test the rule "
                     "(keep: [] if any variant does)")
            ok = False
        return ok

    def answer(self, givens: dict) -> CheckerAnswer | None:
        """The checker's answer with its whole result and the wrong beliefs it separates from, or None after reporting
        why there is none."""
        question = self.question
        try:
            reasons = self.game.checker.illegal(question.check, givens)
        except Exception as exc:
            self.add(*self._checker_says(exc))
            return None
        if reasons:
            self.add(codes.NO_SUCH_GAME, f"the givens describe a game that cannot happen: {reasons[0]}")
            return None
        try:
            result, answer = computed(self.game, question, givens)
        except KeyError as exc:
            self.add(codes.UNKNOWN_NAME, f"pick: {question.pick!r} is not part of the checker's result ({exc})")
            return None
        except Exception as exc:
            self.add(*self._checker_says(exc))
            return None
        if self.game.witness(question.check, givens) is None:
            self.add(codes.UNREACHED, f"no game reaches these givens: {games.folder(self.game.id)}/witnesses.py finds "
                     f"no record that the engine replays to them (python -m quiz witness {self.game.id} {question.id} "
                     f"--why says why each it builds does not count)")
            return None
        if not answer_type_ok(question.kind, answer):
            self.add(codes.CHECKER_CRASHED, f"the checker's {answer!r} is not a {question.kind} answer")
            return None
        if answer != question.answer:
            self.add(codes.WRONG_ANSWER,
                     f"stated {format_plain(question.answer)}, checker computed {format_plain(answer)}")
        if question.kind == "choice" and answer not in (question.options or []):
            self.add(codes.UNKNOWN_NAME, f"answer {answer!r} is not among the options")
        for condition in question.keep or []:
            try:
                held = condition.holds({**self.facts, **givens, "answer": answer, "result": result})
            except KeyError as exc:
                self.add(codes.VARIANTS_FAIL, f"keep: {condition.text!r} names {exc.args[0]!r}, which is neither a "
                         "given nor a fact")
                continue
            if not held:
                self.add(codes.VARIANTS_FAIL, f"keep: the stated question itself does not keep {condition.text!r}")
        believed = self.beliefs_for(givens, answer)
        if believed:
            believed = one_belief_per_answer(believed)[0]
        if believed == [] and not without_belief(self.game, question):
            if not beliefs_of(self.game, question):
                self.add(codes.TESTS_NOTHING, f"no wrong belief of {question.rule!r} distorts {question.check}: the "
                         f"question cannot catch one (a @belief in {games.folder(self.game.id)}/beliefs.py, or ask "
                         "another rule)")
            else:
                self.add(codes.TESTS_NOTHING, f"every wrong belief of {question.rule!r} answers {format_plain(answer)} "
                         f"too: the question tests nothing; choose givens where a belief answers otherwise")
        return CheckerAnswer(answer, result, believed)

    @staticmethod
    def _checker_says(exc: Exception) -> tuple[str, str]:
        """A checker's exception as a problem: the givens malformed, no game that can happen, or a bug in the checker
        (one line, not a traceback)."""
        if isinstance(exc, MalformedInput):
            return codes.MALFORMED_GIVENS, f"the checker rejects the givens as malformed: {exc}"
        if isinstance(exc, IllegalState):
            return codes.NO_SUCH_GAME, f"the givens describe a game that cannot happen: {exc}"
        return codes.CHECKER_CRASHED, f"checker crashed: {type(exc).__name__}: {exc}"

    def beliefs_for(self, givens: dict, answer: Any) -> list[dict] | None:
        """The wrong beliefs of the question's rule whose answer here differs from the right one (answers.believed());
        None after reporting a belief that crashed or answered what no player can give."""
        try:
            return believed(self.game, self.question, givens, answer)
        except BeliefFailed as failed:
            belief, why = failed.args
            self.add(codes.CHECKER_CRASHED, f"the belief {belief.name!r} ({belief.method}) {why}")
            return None

    def coverage(self, givens: dict, reference: dict) -> None:
        """Every given the checker receives is shown in the question's text, or derived from what is shown."""
        shown = placeholder_paths(reference["text"])
        line = line_of(self.game.question_texts[self.site.default_language].get(self.question.id))
        path = self.game.dir / f"questions.{self.site.default_language}.yml"

        def visible(leaf: str, seen: frozenset = frozenset()) -> bool:
            if any(covers(p, leaf) for p in shown):
                return True
            source = next((s for t, s in self.question.derived.items() if covers(t, leaf)), None)
            if source is None or source in seen:
                return False
            if source in self.facts:
                return True
            return all(visible(path, seen | {source}) for path in leaf_paths(resolve(givens, source), source + "."))

        for leaf in leaf_paths(givens):
            if not visible(leaf):
                self.add(codes.GIVEN_NOT_SHOWN, f"given {leaf!r} is not in the text and not derived", path, line)

    def texts(self) -> dict[str, dict] | None:
        """Each language's entry, shaped right (lint checked its placeholders and digits);
        None if English is unusable."""
        question = self.question
        yesno = question.kind == "yesno"
        entries = {}
        for lang in self.site.languages:
            texts = self.game.question_texts.get(lang)
            if texts is None:
                continue
            path = self.game.dir / f"questions.{lang}.yml"
            entry = texts.get(question.id)
            if entry is None:
                self.add(codes.QUESTION_TEXTS, f"missing the {lang} text of this question", path, line_of(texts))
                continue
            if yesno != isinstance(entry["why"], dict):   # the schema checked the rest of the shape
                self.add(codes.QUESTION_TEXTS, "a yes/no question needs a why for yes and for no" if yesno
                         else "why must be one line of text", path, line_of(entry, "why"))
                continue
            if not self.why_sentences_there(lang, entry):
                continue
            entries[lang] = entry
        return entries if self.site.default_language in entries else None

    def why_sentences_there(self, lang: str, entry: dict) -> bool:
        """A language gives a sentence for each condition of questions.yml's `why_when`, and none other."""
        conditioned = {name for name, _ in self.question.why_when}
        sentences = entry.get("why_when") or {}
        path = self.game.dir / f"questions.{lang}.yml"
        for name in sorted(conditioned - set(sentences)):
            self.add(codes.WHY_SENTENCE, f"why_when: no {lang} sentence {name!r}, which questions.yml says where",
                     path, line_of(self.game.question_texts[lang], self.question.id))
        for name in sorted(set(sentences) - conditioned):
            self.add(codes.WHY_SENTENCE, f"why_when.{name}: questions.yml gives this sentence no condition "
                     f"(why_when: {{{name}: …}} there)", path, line_of(sentences, name))
        return set(sentences) == conditioned

    def why_conditions_name_a_case(self, givens: dict) -> bool:
        """Each `why_when` condition compares what a case has: a given, a fact, the answer or the checker's result; one
        that names anything else fails in every case, and its sentence is never said."""
        known = {*self.facts, *givens, "answer", "result"}
        ok = True
        for name, condition in self.question.why_when:
            for side in [s for part in condition for s in (part.left, part.right) if isinstance(s, str)]:
                if not isinstance(side, Quoted) and side.split(".")[0] not in known:
                    self.add(codes.WHY_SENTENCE, f"why_when.{name}: {side!r} is neither a given, a fact, the answer "
                             f"nor the result")
                    ok = False
        return ok


def forget_entries(game: Game) -> list:
    return [e for s in game.pages["refresher"] if s.kind == "forget" for e in s.entries]
