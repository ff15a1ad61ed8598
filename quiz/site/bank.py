"""The question bank: every question describes a game that can happen, shows what the checker is given, and has the
answer the checker computes; practice variants are drawn, checked and worded the same way, in every language."""
from __future__ import annotations

import collections
import dataclasses
import hashlib
import math
import random
import re
from typing import Any

from quiz import games
from quiz.checker import IllegalState, MalformedInput
from quiz.site.content import Game, Question, Site, digit_runs
from quiz.site.memo import Memo
from quiz.site.problems import Problems
from quiz.site.source import line_of, plain
from quiz.site.wording import (Wording, WordingError, count_starts_a_clause, is_plural_entry, placeholder_paths,
                               resolve, strip_placeholders)

VARIANT_ATTEMPTS = 400
PRACTICE_VARIANTS = 16     # per question with ranges: the practice pool, drawn once per build
MIN_PRACTICE_VARIANTS = 4  # fewer left after legality and `keep`: the ranges wash out what the question tests
REMEMBER_QUESTIONS = range(1, 4)     # "Do you remember?" on each refresher: seed 000 asks one; three at most
QUESTIONS_PER_RULE = 2     # each easy-to-forget rule is tested at least this often
STEP_PROBES = 2000         # values of one range tried to find the step it needs, when its draws cannot happen
MIN_ANSWER_SHARE = 0.25    # a yes/no practice question draws each answer in at least this share of its variants


@dataclasses.dataclass
class Practice:
    """A question's practice variants (the givens, with derived ones filled in, and the answer) and what was dropped."""

    variants: list = dataclasses.field(default_factory=list)
    illegal: int = 0     # drawn, but the checker says no game can show them
    unreached: int = 0   # drawn, but no witness: no game record the engine replays to them was found
    lost: int = 0        # legal, but they lose what the question tests (`keep`)
    untested: int = 0    # every wrong belief of the rule gives the right answer too: they test nothing
    repeated: int = 0    # they read like another question or variant of the game in some language
    ambiguous: int = 0   # two beliefs give one wrong answer and neither is the rule's own: it points at no one belief


# --- givens -----------------------------------------------------------------------------------------------------------

def assign(data: Any, path: str, value: Any) -> None:
    *parents, last = path.split(".")
    target = resolve(data, ".".join(parents)) if parents else data
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value


def with_derived(question: Question, givens: dict, facts: dict) -> dict:
    """The givens with every derived one computed from the others (or from a fact), in the order declared."""
    full = plain(givens)
    for target, source in question.derived.items():
        assign(full, target, plain(resolve({**facts, **full}, source)))
    return full


def leaf_paths(data: Any, prefix: str = "") -> list[str]:
    """Every value the checker is given, as dotted paths; an empty list or mapping is a value of its own."""
    if isinstance(data, dict) and data:
        return [p for key, value in data.items() for p in leaf_paths(value, f"{prefix}{key}.")]
    if isinstance(data, list) and data:
        return [p for i, value in enumerate(data) for p in leaf_paths(value, f"{prefix}{i}.")]
    return [prefix.rstrip(".")]


def covers(placeholder: str, path: str) -> bool:
    return path == placeholder or path.startswith(placeholder + ".")


def answer_type_ok(kind: str, value: Any) -> bool:
    if kind == "yesno":
        return isinstance(value, bool)
    if kind == "number":
        return type(value) is int
    if kind == "choice":
        return isinstance(value, str)
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def compute(game: Game, question: Question, givens: dict) -> Any:
    """The checker's answer for complete givens (derived ones included)."""
    return computed(game, question, givens)[1]


def computed(game: Game, question: Question, givens: dict) -> tuple[Any, Any]:
    """The checker's whole result for complete givens (a why may word any part of it: `{result.split}`), and the answer."""
    result = game.checker.call(question.check, plain(givens))
    return result, (resolve(result, question.pick) if question.pick else result)


def answer_fits(question: Question, value: Any, options_of: list[str]) -> bool:
    """Whether a value is an answer a player can give to this question: its kind, one of the options, all of them."""
    if not answer_type_ok(question.kind, value):
        return False
    if question.kind == "choice":
        return value in options_of
    if question.kind == "order":
        return sorted(value) == sorted(options_of)
    return True


def options(question: Question, answer: Any) -> list[str]:
    """What a player chooses from: the declared options, or for an order the items to arrange."""
    if question.kind == "yesno":
        return ["yes", "no"]
    if question.kind == "order":
        return sorted(answer)
    return list(question.options or [])


def variant_id(question: Question, variant: dict) -> str:
    """A practice variant's id, the same in every build while its givens are: the question id and a digest of them."""
    return f"{question.id}:{hashlib.sha256(repr(variant['givens']).encode()).hexdigest()[:10]}"


def format_answer(answer: Any) -> Any:
    """An answer as the browser compares it: "yes"/"no", a number, a name, or a list of names."""
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    return answer


def format_plain(answer: Any) -> str:
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    if isinstance(answer, list):
        return " → ".join(map(str, answer))
    return str(answer)


def one_belief_per_answer(found: list[dict]) -> tuple[list[dict], bool]:
    """Where two beliefs give one wrong answer, a wrong answer must point at one: the rule's own belief (its `wrong:`,
    named as the entry) is kept and the others dropped; (the beliefs, False) where neither is the rule's own."""
    by_answer: dict[str, list[dict]] = {}
    for belief in found:
        by_answer.setdefault(repr(belief["answer"]), []).append(belief)
    kept, clear = [], True
    for beliefs in by_answer.values():
        own = [b for b in beliefs if b["belief"] == b["rule"]]
        clear = clear and (len(beliefs) == 1 or bool(own))
        kept += beliefs if len(beliefs) == 1 else own or beliefs
    return [b for b in found if b in kept], clear


def beliefs_of(game: Game, question: Question) -> list:
    """The wrong beliefs a question can catch: those of its rule that distort the checker rule it asks."""
    return [b for b in game.checker.beliefs() if b.entry == question.rule and b.distorts == question.check]


def without_belief(game: Game, question: Question) -> bool:
    """Whether the question's rule is one its checker declares no computable wrong belief for (WITHOUT_BELIEF)."""
    return question.rule in getattr(game.checker, "WITHOUT_BELIEF", {})


def answer_label(kind: str, answer: Any, ui: dict, wording: Wording) -> str:
    """The answer as a player reads it in one language: Yes/Ja/Oui/Evet, a number as the language writes it, names."""
    if kind == "yesno":
        return ui["quiz"]["yes" if answer else "no"]
    if kind == "number":
        return wording.number(answer)
    return format_plain(answer)


# --- verifying one question ---------------------------------------------------------------------------------------------

class QuestionCheck:
    """Everything `verify` checks about one question; problems are collected, never raised."""

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
            self.add("RR307", f"rule {question.rule!r} is not an easy-to-forget id of {self.game.id}")
            ok = False
        if question.check not in self.game.checker.rules():
            self.add("RR307", f"check {question.check!r} is not a rule of {games.folder(self.game.id)}/ "
                     f"(one of {', '.join(self.game.checker.rules())})")
            return False
        if question.options is not None and not all(isinstance(o, str) for o in question.options):
            self.add("RR307", "options must be names")
            ok = False
        for name in sorted(set(question.givens) & set(self.facts)):
            # texts are filled with the givens over the facts: "{dice}" would say the given where it may mean the fact
            self.add("RR206", f"given {name!r} has the name of a fact ({name}: {self.facts[name]!r}): every text of "
                              f"the question would say the given for {{{name}}}; name the given for what it is")
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
                self.add("RR306", f"derived: {target!r} comes from {source!r}, which is neither a given nor a fact")
                ok = False
                continue
            parent = target.rpartition(".")[0]
            try:
                typed = resolve(question.givens, target)
            except KeyError:
                pass
            else:
                if not isinstance(resolve(question.givens, parent) if parent else question.givens, list):
                    self.add("RR306", f"derived: {target!r} is computed from {source!r}; do not type it in givens as well")
                    ok = False
                elif typed != value:
                    self.add("RR306", f"derived: {target!r} is computed from {source!r}, but givens type it as {typed!r}")
                    ok = False
            try:
                assign(full, target, value)
            except (KeyError, IndexError, ValueError, TypeError):
                self.add("RR306", f"derived: {target!r} has no place in the givens")
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
                self.add("RR306", f"vary: {name!r} is derived; vary what it comes from")
                ok = False
            elif type(value) is not int or bounds[0] > bounds[1] or (len(bounds) == 3 and bounds[2] < 1):
                self.add("RR306", f"vary: {name!r} needs a whole-number given and a range [low, high] or [low, high, step]")
                ok = False
        if question.vary and question.keep is None:
            self.add("RR306", "vary needs keep: what every variant must keep to test the rule (keep: [] if any variant does)")
            ok = False
        return ok

    def answer(self, givens: dict) -> Any:
        """The checker's answer, or None after reporting why there is none."""
        question = self.question
        try:
            reasons = self.game.checker.illegal(question.check, givens)
        except MalformedInput as exc:
            self.add("RR304", f"the checker rejects the givens as malformed: {exc}")
            return None
        except Exception as exc:  # a checker bug must be one line, not a traceback
            self.add("RR305", f"checker crashed: {type(exc).__name__}: {exc}")
            return None
        if reasons:
            self.add("RR302", f"the givens describe a game that cannot happen: {reasons[0]}")
            return None
        try:
            self.result, answer = computed(self.game, question, givens)
        except MalformedInput as exc:
            self.add("RR304", f"the checker rejects the givens as malformed: {exc}")
            return None
        except IllegalState as exc:
            self.add("RR302", f"the givens describe a game that cannot happen: {exc}")
            return None
        except KeyError as exc:
            self.add("RR307", f"pick: {question.pick!r} is not part of the checker's result ({exc})")
            return None
        except Exception as exc:
            self.add("RR305", f"checker crashed: {type(exc).__name__}: {exc}")
            return None
        if self.game.witness(question.check, givens) is None:
            self.add("RR313", f"no game reaches these givens: {games.folder(self.game.id)}/witnesses.py finds no record "
                              f"that the engine replays to them (python -m quiz witness {self.game.id} {question.id})")
            return None
        if not answer_type_ok(question.kind, answer):
            self.add("RR305", f"the checker's {answer!r} is not a {question.kind} answer")
            return None
        if answer != question.answer:
            self.add("RR301", f"stated {format_plain(question.answer)}, checker computed {format_plain(answer)}")
        if question.kind == "choice" and answer not in (question.options or []):
            self.add("RR307", f"answer {answer!r} is not among the options")
        for condition in question.keep or []:
            try:
                held = condition.holds({**self.facts, **givens, "answer": answer, "result": self.result})
            except KeyError as exc:
                self.add("RR306", f"keep: {condition.text!r} names {exc.args[0]!r}, which is neither a given nor a fact")
                continue
            if not held:
                self.add("RR306", f"keep: the stated question itself does not keep {condition.text!r}")
        self.believed = self.beliefs_for(givens, answer)
        if self.believed:
            self.believed = one_belief_per_answer(self.believed)[0]
        if self.believed == [] and not without_belief(self.game, question):
            if not beliefs_of(self.game, question):
                self.add("RR309", f"no wrong belief of {question.rule!r} distorts {question.check}: the question cannot "
                                  f"catch one (a @belief in {games.folder(self.game.id)}/beliefs.py, or ask another rule)")
            else:
                self.add("RR309", f"every wrong belief of {question.rule!r} answers {format_plain(answer)} too: the "
                                  f"question tests nothing; choose givens where a belief answers otherwise")
        return answer

    def beliefs_for(self, givens: dict, answer: Any) -> list[dict] | None:
        """The wrong beliefs of the question's rule whose answer here differs from the right one: each with its name,
        rule and answer (two beliefs may give one wrong answer). None after reporting a belief that crashed."""
        question, found = self.question, []
        choices = options(question, answer)
        for belief in beliefs_of(self.game, question):
            try:
                result = self.game.checker.believe(belief, plain(givens))
                value = resolve(result, question.pick) if question.pick and result is not None else result
            except Exception as exc:  # a belief is code like a rule: a bug in it is one line, not a traceback
                self.add("RR305", f"the belief {belief.name!r} ({belief.method}) crashed: {type(exc).__name__}: {exc}")
                return None
            if value is None or value == answer:
                continue
            if not answer_fits(question, value, choices):
                self.add("RR305", f"the belief {belief.name!r} answers {value!r}, which a player cannot give here")
                return None
            found.append({"belief": belief.name, "rule": belief.entry, "answer": value})
        return found

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
            return all(visible(l, seen | {source}) for l in leaf_paths(resolve(givens, source), source + "."))

        for leaf in leaf_paths(givens):
            if not visible(leaf):
                self.add("RR303", f"given {leaf!r} is not in the text and not derived", path, line)

    def texts(self) -> dict[str, dict] | None:
        """Each language's entry, shaped right and with exactly English's placeholders; None if English is unusable."""
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
                self.add("RR308", f"missing the {lang} text of this question", path, line_of(texts))
                continue
            if yesno != isinstance(entry["why"], dict):   # the schema checked the rest of the shape
                self.add("RR308", "a yes/no question needs a why for yes and for no" if yesno
                         else "why must be one line of text", path, line_of(entry, "why"))
                continue
            entries[lang] = entry
        reference = entries.get(self.site.default_language)
        if reference is None:
            return None
        for lang, entry in entries.items():
            if lang == self.site.default_language:
                continue
            path = self.game.dir / f"questions.{lang}.yml"
            for key, text, ref_text in self._strings(entry, reference):
                line = line_of(entry, key.split(".")[0])
                mine, theirs = collections.Counter(placeholder_paths(text)), collections.Counter(placeholder_paths(ref_text))
                if mine != theirs:
                    self.add("RR103", f"{key}: placeholders {_counted(mine)} differ from {self.site.default_language} "
                                      f"{_counted(theirs)}", path, line)
                if digit_runs(strip_placeholders(text)) != digit_runs(strip_placeholders(ref_text)):
                    self.add("RR104", f"{key}: digits differ from {self.site.default_language}", path, line)
        return entries

    @staticmethod
    def _strings(entry: dict, reference: dict):
        yield "text", entry["text"], reference["text"]
        if isinstance(entry["why"], dict):
            for answer in ("yes", "no"):
                yield f"why.{answer}", entry["why"][answer], reference["why"][answer]
        else:
            yield "why", entry["why"], reference["why"]

    def word(self, entries: dict, givens: dict, answer: Any, result: Any = None,
             beliefs: list | None = None, facts: dict | None = None, presentation=None) -> dict[str, dict] | None:
        """The question as each language says it for these givens and this answer (the checker's whole result for its
        why, the wrong beliefs it separates from with their answers as the language says them); None after reporting.
        facts and presentation: another table's (a rule set with house rules), whose values the texts then name."""
        worded = {}
        for lang, entry in entries.items():
            wording = self.game.wording(lang, presentation)
            label = answer_label(self.question.kind, answer, self.site.ui[lang], wording)
            values = {**(self.facts if facts is None else facts), **givens,
                      "answer": answer if self.question.kind == "number" else label, "result": result}
            why = entry["why"][format_answer(answer)] if isinstance(entry["why"], dict) else entry["why"]
            try:
                segments = wording.segments(entry["text"], values)   # joined, they are the filled-in text
                text = "".join(part if isinstance(part, str) else part["text"] for part in segments)
                worded[lang] = {"text": text, "why": wording.fill(why, values),
                                "label": label, "segments": segments if any(isinstance(p, dict) for p in segments) else None,
                                "beliefs": [{**b, "answer": format_answer(b["answer"]),
                                             "label": answer_label(self.question.kind, b["answer"], self.site.ui[lang],
                                                                   wording)} for b in beliefs or []]}
            except WordingError as exc:
                self.add("RR105", f"{lang}: {exc}", self.game.dir / f"questions.{lang}.yml",
                         line_of(self.game.question_texts[lang].get(self.question.id)))
                return None
        return worded

    def practice(self, entries: dict) -> Practice:
        """Seeded, reproducible variants: legal, keeping what the question tests, answered by the checker, worded."""
        drawn = self.draw()
        if drawn is None:
            return Practice()
        practice = Practice(illegal=drawn.illegal, unreached=drawn.unreached, lost=drawn.lost, untested=drawn.untested,
                            ambiguous=drawn.ambiguous)
        for variant in drawn.variants:
            worded = self.word(entries, variant["givens"], variant["answer"], variant["result"], variant["beliefs"])
            if worded is None:
                return Practice()
            practice.variants.append({**variant, "worded": worded})
        return practice

    def draw(self) -> Practice | None:
        """The variants in no language yet: drawn from the ranges, legal, keeping what the question tests, answered by
        the checker, each separating from a wrong belief of the rule (the others test nothing), none the stated
        question again, no answer in more than half the pool. None after reporting a problem."""
        question, game = self.question, self.game
        stated = repr(with_derived(question, question.givens, self.facts))
        per_answer = PRACTICE_VARIANTS // 2      # no answer takes more than half the pool while others can be drawn
        answers: collections.Counter = collections.Counter()
        rng = random.Random(f"practice:{game.id}:{question.id}")
        before = [c for c in question.keep or [] if not c.needs_answer]
        after = [c for c in question.keep or [] if c.needs_answer]
        ranges = {name: (*bounds, 1)[:3] for name, bounds in question.vary.items()}
        # Small ranges run out of new draws long before the attempts do: stop once every one has been drawn.
        possible = math.prod((high - low) // step + 1 for low, high, step in ranges.values())
        practice, seen, picks_seen = Practice(), set(), set()
        for _ in range(VARIANT_ATTEMPTS):
            if len(practice.variants) >= PRACTICE_VARIANTS or len(picks_seen) == possible:
                break
            picks = tuple(low + step * rng.randint(0, (high - low) // step) for low, high, step in ranges.values())
            if picks in picks_seen:
                continue
            picks_seen.add(picks)
            drawn = plain(question.givens)
            for name, value in zip(ranges, picks):
                assign(drawn, name, value)
            givens = with_derived(question, drawn, self.facts)
            key = repr(givens)
            if key in seen or key == stated:
                continue
            seen.add(key)
            if not all(c.holds({**self.facts, **givens}) for c in before):
                practice.lost += 1
                continue
            try:
                if game.checker.illegal(question.check, givens):
                    practice.illegal += 1
                    continue
                result, answer = computed(game, question, givens)
            except (MalformedInput, IllegalState) as exc:
                self.add("RR306", f"vary draws malformed givens ({exc}); {self.steps() or 'narrow the ranges'}")
                return None
            except Exception as exc:
                self.add("RR305", f"checker crashed on a variant: {type(exc).__name__}: {exc}")
                return None
            if not answer_type_ok(question.kind, answer):
                self.add("RR305", f"the checker's {answer!r} for a variant is not a {question.kind} answer")
                return None
            if not all(c.holds({**self.facts, **givens, "answer": answer, "result": result}) for c in after):
                practice.lost += 1
                continue
            beliefs = self.beliefs_for(givens, answer)
            if beliefs is None:
                return None
            if not beliefs and not without_belief(game, question):
                practice.untested += 1
                continue
            beliefs, clear = one_belief_per_answer(beliefs)
            if not clear:
                practice.ambiguous += 1
                continue
            if answers[repr(answer)] >= per_answer:
                continue
            if game.witness(question.check, givens) is None:     # last: the search costs most of the filters
                practice.unreached += 1
                continue
            answers[repr(answer)] += 1
            practice.variants.append({"givens": givens, "answer": answer, "result": result, "beliefs": beliefs})
        no_game = practice.illegal + practice.unreached
        if MIN_PRACTICE_VARIANTS <= len(practice.variants) < PRACTICE_VARIANTS and no_game > len(practice.variants):
            advice = self.steps()   # most draws were no game: a range that misses its step still builds, just thinly
            if advice:
                self.add("RR306", f"vary: {no_game} draws are games that cannot happen, only "
                                  f"{len(practice.variants)} of {PRACTICE_VARIANTS} variants are left; {advice}")
                return None
        if len(practice.variants) < MIN_PRACTICE_VARIANTS:
            self.add("RR306", f"vary: only {len(practice.variants)} variant(s) are legal, keep "
                     f"{', '.join(c.text for c in question.keep or []) or 'the question'} and catch a wrong belief"
                     f" ({practice.illegal} illegal, {practice.unreached} reached by no game, {practice.lost} lost it, "
                     f"{practice.untested} caught none); "
                     f"{self.steps() or 'widen or narrow the ranges'}")
            return None
        return practice if self.answers_move(practice) else None

    def steps(self) -> str | None:
        """The fix for ranges whose values are games only on a grid through the stated value (Farkle totals in fifties):
        for each such range, the step that keeps to the grid; None when no range is one (then narrow or widen them)."""
        question, advice = self.question, []
        for name, bounds in question.vary.items():
            low, high, step = (*bounds, 1)[:3]
            stated = resolve(question.givens, name)
            tried = range(low, high + 1, step)[:STEP_PROBES]
            games = {value for value in tried if self._is_game(name, value)}
            grid = math.gcd(*(value - stated for value in games)) if games else 0
            if grid <= step or grid % step or len(games) == len(tried) or \
                    any((value - stated) % grid == 0 and value not in games for value in tried):
                continue
            first, last = low + (stated - low) % grid, high - (high - stated) % grid
            advice.append(f"{name} is a game only every {grid} from {stated}: give its range that step, "
                          f"[{first}, {last}, {grid}]")
        return "; ".join(advice) or None

    def _is_game(self, name: str, value: int) -> bool:
        """Whether the stated givens with one varied given set to value are well-formed and a game that can happen."""
        drawn = plain(self.question.givens)
        try:
            assign(drawn, name, value)
            givens = with_derived(self.question, drawn, self.facts)
            if self.game.checker.illegal(self.question.check, givens) or \
                    self.game.witness(self.question.check, givens) is None:
                return False
            computed(self.game, self.question, givens)
        except Exception:  # whatever the checker says against it, this value is no game; the draw reported why
            return False
        return True

    def answers_move(self, practice: Practice) -> bool:
        """A practice question whose answer never changes is answered by pattern after two variants: it needs two
        answers at least, and a yes/no question each answer in a quarter of its variants."""
        counts = collections.Counter(format_plain(v["answer"]) for v in practice.variants)
        if len(counts) < 2:
            self.add("RR312", f"every practice variant answers {format_plain(practice.variants[0]['answer'])}: vary what "
                              f"changes the answer, or keep the question stated only (no vary)")
            return False
        if self.question.kind == "yesno" and min(counts.values()) < MIN_ANSWER_SHARE * len(practice.variants):
            shares = ", ".join(f"{answer} {n}" for answer, n in sorted(counts.items()))
            self.add("RR312", f"of {len(practice.variants)} variants {shares}: each answer needs a quarter at least")
            return False
        return True


def _counted(counter: collections.Counter) -> list[str]:
    return sorted(f"{name}×{n}" if n > 1 else name for name, n in counter.items())


def forget_entries(game: Game) -> list:
    return [e for s in game.pages["refresher"] if s.kind == "forget" for e in s.entries]


def check_coverage_of_rules(game: Game, problems: Problems) -> None:
    """Each easy-to-forget rule has at least two questions and a wrong belief its checker computes (or says why it
    cannot), each belief its words; the refresher asks one to three questions under "Do you remember?"."""
    path = game.dir / "questions.yml"
    forget = forget_entries(game)
    for entry in forget:
        count = sum(q.rule == entry.id for q in game.questions)
        if count < QUESTIONS_PER_RULE:
            problems.add(path, None, entry.id, "RR205", f"{count} question(s) test this rule; it needs at least "
                                                       f"{QUESTIONS_PER_RULE}")
    remember = [q.id for q in game.questions if q.remember]
    if len(remember) not in REMEMBER_QUESTIONS:
        problems.add(path, None, game.id, "RR205", f"{len(remember)} questions have remember: true "
                                                  f"({', '.join(remember) or 'none'}); the refresher asks "
                                                  f"{REMEMBER_QUESTIONS.start} to {REMEMBER_QUESTIONS.stop - 1}")


def check_beliefs_of_rules(site: Site, game: Game, problems: Problems) -> None:
    """Every easy-to-forget rule with a quiz has a wrong belief in its checker, or the checker says why none can be
    computed (WITHOUT_BELIEF); every belief belongs to such a rule and has words in the texts: its rule's `wrong:`, or
    `beliefs: {name: …}` when the rule names several."""
    if not game.questions:
        return
    module = f"{games.folder(game.id)}/beliefs.py"
    forget = {entry.id: entry for entry in forget_entries(game)}
    beliefs = game.checker.beliefs()
    declared = getattr(game.checker, "WITHOUT_BELIEF", {})
    path = game.dir / "game.yml"
    for entry_id, entry in forget.items():
        if entry_id not in declared and not any(b.entry == entry_id for b in beliefs):
            problems.add(path, entry.line, entry_id, "RR310", f"no wrong belief of this rule in {module} (a @belief "
                         f"with the answer a player holding it gives, or a reason in WITHOUT_BELIEF)")
        elif entry_id in declared and any(b.entry == entry_id for b in beliefs):
            problems.add(path, entry.line, entry_id, "RR310", f"{module} computes a wrong belief of this rule and also "
                                                               f"says in WITHOUT_BELIEF that none can be computed")
    texts_path = game.dir / f"text.{site.default_language}.yml"
    texts = game.texts.get(site.default_language) or {}
    own_words = texts.get("beliefs") or {}
    for belief in beliefs:
        if belief.entry not in forget:
            problems.add(path, None, belief.name, "RR310", f"{module} {belief.method}: {belief.entry!r} is not an "
                                                           f"easy-to-forget entry of {game.id}")
            continue
        if belief.name == belief.entry and not (texts.get("entries", {}).get(belief.entry) or {}).get("wrong"):
            problems.add(texts_path, line_of(texts.get("entries", {}), belief.entry), belief.entry, "RR310",
                         f"the belief of {belief.method} has no words: give the entry a `wrong:` text")
        elif belief.name != belief.entry and belief.name not in own_words:
            problems.add(texts_path, line_of(texts), belief.name, "RR310",
                         f"the belief {belief.name!r} ({belief.method}) has no words under `beliefs:`")
    for name in own_words.keys() - {b.name for b in beliefs if b.name != b.entry}:
        problems.add(texts_path, line_of(own_words, name), name, "RR310",
                     f"beliefs: {module} has no belief named {name!r}")


def drop_repeated_variants(game: Game) -> None:
    """No two cards of a deck and no two variants of a practice pool read the same, in any language: a variant that
    reads like a stated question or an earlier variant (two questions can share a text) is dropped."""
    seen: dict[str, set] = collections.defaultdict(set)
    for worded in game.worded.values():
        for lang, texts in worded.items():
            seen[lang].add(texts["text"])
    for question in game.questions:
        practice = game.practice.get(question.id)
        if practice is None:
            continue
        kept = []
        for variant in practice.variants:
            if any(texts["text"] in seen[lang] for lang, texts in variant["worded"].items()):
                practice.repeated += 1
                continue
            for lang, texts in variant["worded"].items():
                seen[lang].add(texts["text"])
            kept.append(variant)
        practice.variants = kept


def check_practice_of_rules(game: Game, problems: Problems) -> None:
    """Every easy-to-forget rule comes back in practice, or questions.yml says why no variant can test it
    (`unpractised: {rule: why}`), and no rule declared so has practice."""
    declared = game.unpractised
    path = game.dir / "questions.yml"
    for entry in forget_entries(game):
        asked = [q for q in game.questions if q.rule == entry.id]
        if not asked:
            continue
        variants = sum(len(game.practice[q.id].variants) for q in asked if q.id in game.practice)
        unfinished = any(q.vary and q.id not in game.practice for q in asked)   # a problem reported already
        if not variants and entry.id not in declared and not unfinished:
            problems.add(path, None, entry.id, "RR311", "no practice variant tests this rule: vary a question of it, "
                         "or say under `unpractised:` why no variant can")
        elif variants and entry.id in declared:
            problems.add(path, line_of(declared, entry.id), entry.id, "RR311",
                         f"{variants} practice variants test this rule, but `unpractised:` says none can")
    for rule_id in declared.keys() - {entry.id for entry in forget_entries(game)}:
        problems.add(path, line_of(declared, rule_id), rule_id, "RR311", "unpractised: not an easy-to-forget rule")


COUNTED_NOUN = re.compile(r"#\s+([^\W\d_][\w-]*)")
UNFILTERED_BEFORE_WORDS = re.compile(r"\{([\w.]+)\}\s+(?:([^\W\d_][\w-]*)\s+)?([^\W\d_][\w-]*)")


def check_varied_counts(site: Site, game: Game, problems: Problems) -> None:
    """A varied number written before a noun the game counts (`{pile} cards`, `{left} more Yahtzees`) reads "1 cards"
    in a variant that draws 1: it needs the count's filter (`{pile|card}`), whose form follows the number. The nouns are
    those of the language's count words (`words:`); a word that numbers a card ("12 numaralı kart") is no count."""
    for lang in site.languages:
        texts = game.texts.get(lang) or {}
        nouns = {noun for entry in (texts.get("words") or {}).values()
                 if is_plural_entry(entry) and not count_starts_a_clause(entry)      # "hat # von ihnen": no noun
                 for form in entry.values() for noun in COUNTED_NOUN.findall(str(form))}
        numbered = ((site.ui.get(lang) or {}).get("labels") or {}).get("numbered")
        path = game.dir / f"questions.{lang}.yml"
        for question in game.questions:
            varied = {name.split(".")[0] for name in question.vary}
            own = (game.question_texts.get(lang) or {}).get(question.id) or {}
            whys = own.get("why") if isinstance(own.get("why"), dict) else {"": own.get("why")}
            for field, text in [("text", own.get("text")), *((f"why.{k}" if k else "why", v) for k, v in whys.items())]:
                for found in UNFILTERED_BEFORE_WORDS.finditer(text if isinstance(text, str) else ""):
                    given, between, noun = found.groups()
                    if given.split(".")[0] in varied and noun in nouns and (between is None or between != numbered):
                        problems.add(path, line_of(game.question_texts[lang], question.id), question.id, "RR207",
                                     f"{field}: {found.group()!r} is varied and reads '1 {noun}' where a variant draws "
                                     f"1: write the number with its count's filter ({{{given}|…}}, words: in "
                                     f"text.{lang}.yml)")


def verify_game(site: Site, game: Game, problems: Problems) -> None:
    """Check every question of a game; keep its wording per language and its practice variants on the game."""
    check_coverage_of_rules(game, problems)
    check_varied_counts(site, game, problems)
    check_beliefs_of_rules(site, game, problems)
    rule_ids = {e.id for s in game.pages["refresher"] if s.kind == "forget" for e in s.entries}
    seen = set()
    game.worded, game.practice = {}, {}
    for question in game.questions:
        check = QuestionCheck(site, game, question, problems)
        found_before = len(problems.items)
        if question.id in seen:
            check.add("RR201", "duplicate question id")
        seen.add(question.id)
        if not check.structure(rule_ids):
            continue
        givens = with_derived(question, question.givens, check.facts)
        answer = check.answer(givens)
        entries = check.texts()
        if entries is None:
            continue
        check.coverage(givens, entries[site.default_language])
        if answer is None:
            continue
        worded = check.word(entries, givens, question.answer, check.result, check.believed)
        if worded is not None:
            game.worded[question.id] = worded
        if question.vary and len(problems.items) == found_before:
            game.practice[question.id] = check.practice(entries)
    drop_repeated_variants(game)
    check_practice_of_rules(game, problems)
    for lang, texts in game.question_texts.items():
        known = {q.id for q in game.questions}
        for qid in texts:
            if qid not in known:
                problems.add(game.dir / f"questions.{lang}.yml", line_of(texts, qid), qid, "RR308",
                             "text for a question that does not exist")


def verify_site(site: Site, problems: Problems, memo: Memo | None = None) -> None:
    """Verify every game's questions. memo (a build's): a game's verification is taken from it while everything it is
    made of is unchanged — its files in every language, the interface texts, its checker and the site's code — and
    kept in it when it passed."""
    for game in site.games:
        if not game.questions:
            continue
        key = memo and memo.game_key("verify", site.root, game.dir, site.languages,
                                     site.languages, site.default_language)
        kept = memo.get(key) if memo else None
        if kept is not None:
            game.worded, game.practice = kept
            continue
        found_before = len(problems.items)
        verify_game(site, game, problems)
        if memo and len(problems.items) == found_before:
            memo.put(key, (game.worded, game.practice))
