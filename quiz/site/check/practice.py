"""Practice variants of a question: drawn from its ranges (seeded, reproducible), legal, reached by a game, keeping
what the question tests, each catching a wrong belief, answers that move; the rest dropped and counted."""
from __future__ import annotations

import collections
import dataclasses
import math
import random

from quiz.checker import IllegalState, MalformedInput
from quiz.site.load import codes
from quiz.site.check.answers import (answer_type_ok, assign, computed, format_plain, one_belief_per_answer,
                                     with_derived, without_belief)
from quiz.site.check.question_check import QuestionCheck, forget_entries
from quiz.site.load.content import Game
from quiz.site.load.problems import Problems
from quiz.site.check.question_words import Words, why_reads_alike, word
from quiz.site.load.source import line_of, plain
from quiz.site.load.wording import resolve
from quiz.site.load.content import Kept

VARIANT_ATTEMPTS = 400
PRACTICE_VARIANTS = 16     # per question with ranges: the practice pool, drawn once per build
MIN_PRACTICE_VARIANTS = 4  # fewer left after legality and `keep`: the ranges wash out what the question tests
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
    other_case: int = 0  # they catch none of the stated question's beliefs, yet read its why: written for another case


class PracticeDraw:
    """The variants of one question, in no language yet: drawn from its `vary` ranges, kept by `keep`, answered by the
    checker, each catching a wrong belief; and the advice when the ranges draw too few."""

    def __init__(self, check: QuestionCheck):
        self.check, self.question, self.game, self.facts = check, check.question, check.game, check.facts
        self.add, self.beliefs_for = check.add, check.beliefs_for

    def draw(self) -> Practice | None:
        """The variants in no language yet: drawn from the ranges, legal, keeping what the question tests, answered by
        the checker, each separating from a wrong belief of the rule (the others test nothing), none the stated
        question again, no answer in more than half the pool. None after reporting a problem."""
        question, game = self.question, self.game
        stated_givens = with_derived(question, question.givens, self.facts)
        stated = repr(stated_givens)
        stated_result, _ = computed(game, question, stated_givens)
        stated_beliefs = {b["belief"] for b in self.beliefs_for(stated_givens, question.answer) or []}
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
                self.add(codes.VARIANTS_FAIL, f"vary draws malformed givens ({exc}); "
                         f"{self.steps() or 'narrow the ranges'}")
                return None
            except Exception as exc:
                self.add(codes.CHECKER_CRASHED, f"checker crashed on a variant: {type(exc).__name__}: {exc}")
                return None
            if not answer_type_ok(question.kind, answer):
                self.add(codes.CHECKER_CRASHED, f"the checker's {answer!r} for a variant is not a "
                         f"{question.kind} answer")
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
            # The why explains the stated case against the beliefs it catches; a variant that catches only others,
            # with that why word for word, would say something its case may make false ("you have 50 in the box")
            if stated_beliefs and not stated_beliefs & {b["belief"] for b in beliefs} and why_reads_alike(
                    self.check, (stated_givens, question.answer, stated_result), (givens, answer, result)):
                practice.other_case += 1
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
                self.add(codes.VARIANTS_FAIL,
                         f"vary: {no_game} draws are games that cannot happen, only {len(practice.variants)} of "
                         f"{PRACTICE_VARIANTS} variants are left; {advice}")
                return None
        if len(practice.variants) < MIN_PRACTICE_VARIANTS:
            self.add(codes.VARIANTS_FAIL, f"vary: only {len(practice.variants)} variant(s) are legal, keep "
                     f"{', '.join(c.text for c in question.keep or []) or 'the question'} and catch a wrong belief"
                     f" ({practice.illegal} illegal, {practice.unreached} reached by no game, {practice.lost} lost it, "
                     f"{practice.untested} caught none{self.other_cases(practice)}); "
                     f"{self.steps() or 'widen or narrow the ranges'}")
            return None
        return practice if self.answers_move(practice) else None

    @staticmethod
    def other_cases(practice: Practice) -> str:
        """What an author reads when variants were dropped for a why written for the stated case only."""
        if not practice.other_case:
            return ""
        return (f", {practice.other_case} caught only other wrong beliefs than the stated question with its why word "
                f"for word: give the why a form per answer or case, or keep them out")

    def steps(self) -> str | None:
        """The fix for ranges whose values are games only on a grid through the stated value (totals in fifties, say):
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
        dropped = self.other_cases(practice)
        if len(counts) < 2:
            self.add(codes.ANSWER_DOES_NOT_MOVE,
                     f"every practice variant answers {format_plain(practice.variants[0]['answer'])}: vary what "
                     f"changes the answer, or keep the question stated only (no vary){dropped}")
            return False
        if self.question.kind == "yesno" and min(counts.values()) < MIN_ANSWER_SHARE * len(practice.variants):
            shares = ", ".join(f"{answer} {n}" for answer, n in sorted(counts.items()))
            self.add(codes.ANSWER_DOES_NOT_MOVE,
                     f"of {len(practice.variants)} variants {shares}: each answer needs a quarter at least{dropped}")
            return False
        return True


class Draws(Kept):
    """Each question's draw (PracticeDraw.draw) kept across builds by question id: all a draw reads is what its owner
    keys it by (quiz/site/build.py: the game's files in no language, the default language's texts, where a variant's
    why is compared with the stated one's, and the code), so an edit to another language's words draws nothing again.
    A draw that reported a problem is not kept; only what this build drew is kept again."""

    def draw(self, check: QuestionCheck) -> Practice | None:
        question_id = check.question.id
        drawn = self.earlier[question_id] if question_id in self.earlier else PracticeDraw(check).draw()
        if drawn is not None:
            self.asked[question_id] = drawn
        return drawn


def practice(check: QuestionCheck, entries: dict, draws: Draws | None = None, words: Words | None = None) -> Practice:
    """Seeded, reproducible variants: legal, keeping what the question tests, answered by the checker, worded. draws
    and words: those kept from an earlier build."""
    drawn = (draws or Draws()).draw(check)
    if drawn is None:
        return Practice()
    practice = Practice(illegal=drawn.illegal, unreached=drawn.unreached, lost=drawn.lost, untested=drawn.untested,
                        ambiguous=drawn.ambiguous, other_case=drawn.other_case)
    for variant in drawn.variants:
        worded = word(check, entries, variant["givens"], variant["answer"], variant["result"], variant["beliefs"],
                      words=words)
        if worded is None:
            return Practice()
        practice.variants.append({**variant, "worded": worded})
    return practice


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
            problems.add(path, None, entry.id, codes.UNPRACTISED,
                         "no practice variant tests this rule: vary a question of it, "
                         "or say under `unpractised:` why no variant can")
        elif variants and entry.id in declared:
            problems.add(path, line_of(declared, entry.id), entry.id, codes.UNPRACTISED,
                         f"{variants} practice variants test this rule, but `unpractised:` says none can")
    for rule_id in declared.keys() - {entry.id for entry in forget_entries(game)}:
        problems.add(path, line_of(declared, rule_id), rule_id, codes.UNPRACTISED,
                     "unpractised: not an easy-to-forget rule")
