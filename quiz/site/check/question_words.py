"""A verified question in words: each language's text and why filled in with the givens, the checker's answer and
result, its label, the pictures drawn in it, and the wrong beliefs it catches as each language says their answers."""
from __future__ import annotations

import dataclasses
import re
from typing import Any

from quiz.site.load import codes
from quiz.site.check.answers import answer_label, format_answer
from quiz.site.check.question_check import QuestionCheck
from quiz.site.load.content import holds
from quiz.site.load.source import line_of
from quiz.site.load.wording import WordingError
from quiz.site.load.content import Kept


@dataclasses.dataclass
class Words(Kept):
    """The words of the questions and variants verified, at the default table and at every other table of the game's
    rule sets, per language, each by its question, givens, answer, result, beliefs and the table's values: all else
    wording reads is in the game's files in no language and in that one, that ui.<lang>.yml and the code, which its
    owner keys them by (quiz/site/build.py, one unit per game and language). So an edit to one language's texts words
    that language again, not the others; only what this build worded is kept again."""

    def kept(self, lang: str) -> dict | None:
        """What to keep of one language (language -> case -> its words), None where that is what an earlier build
        kept."""
        asked = self.asked.get(lang, {})
        return asked if Kept(self.earlier.get(lang, {}), asked).changed() else None


def word(check: QuestionCheck, entries: dict, givens: dict, answer: Any, result: Any = None,
         beliefs: list | None = None, facts: dict | None = None, presentation=None,
         words: Words | None = None) -> dict[str, dict] | None:
    """The question `check` verifies, as each language says it for these givens and this answer (the checker's whole
    result for its why, the wrong beliefs it separates from with their answers as the language says them); None after
    reporting. facts and presentation: another table's (a rule set with house rules), whose values the texts name.
    words: the words kept from an earlier build."""
    worded, sentences, kept = {}, said(check, givens, answer, result, facts), words
    case = (check.question.id, repr(givens), repr(answer), repr(result), repr(beliefs), repr(facts))
    for lang, entry in entries.items():
        found = kept.earlier.get(lang, {}).get(case) if kept is not None else None
        try:
            worded[lang] = found if found is not None else \
                word_in(check, lang, entry, givens, answer, result, beliefs, sentences, facts, presentation)
        except WordingError as exc:
            check.add(codes.DOES_NOT_FILL, f"{lang}: {exc}", check.game.dir / f"questions.{lang}.yml",
                      line_of(check.game.question_texts[lang].get(check.question.id)))
            return None
        if kept is not None:
            kept.asked.setdefault(lang, {})[case] = worded[lang]
    return worded


def word_in(check: QuestionCheck, lang: str, entry: dict, givens: dict, answer: Any, result: Any, beliefs: list | None,
            sentences: list[str], facts: dict | None, presentation) -> dict:
    """word() in one language: the text, its segments (pictures drawn in it), the why, the answer's label and the
    beliefs' answers as the language says them."""
    wording = check.game.wording(lang, presentation)
    label, values = _values(check, lang, wording, givens, answer, result, facts)
    segments = wording.segments(entry["text"], values)   # joined, they are the filled-in text
    text = "".join(part if isinstance(part, str) else part["text"] for part in segments)
    return {"text": text, "why": wording.fill(_why(entry, answer, sentences), values), "label": label,
            "segments": segments if any(isinstance(p, dict) for p in segments) else None,
            "beliefs": [{**b, "answer": format_answer(b["answer"]),
                         "label": answer_label(check.question.kind, b["answer"], check.site.ui[lang], wording)}
                        for b in beliefs or []]}


def _values(check: QuestionCheck, lang: str, wording, givens: dict, answer: Any, result: Any,
            facts: dict | None = None) -> tuple[str, dict]:
    """The answer's label in a language, and what the question's texts may name: the facts (the default table's, or
    another's), the givens, the answer (a number as it is, else its label) and the checker's whole result."""
    label = answer_label(check.question.kind, answer, check.site.ui[lang], wording)
    return label, {**(check.facts if facts is None else facts), **givens,
                   "answer": answer if check.question.kind == "number" else label, "result": result}


def said(check: QuestionCheck, givens: dict, answer: Any, result: Any = None, facts: dict | None = None) -> list[str]:
    """The why's sentences said in this case (questions.yml `why_when`, by name): those whose condition holds for the
    givens, the facts (the default table's, or another's), the answer and the checker's whole result. A condition that
    names what none of these has fails here; verify says so (RR314)."""
    values = {**(check.facts if facts is None else facts), **givens, "answer": answer, "result": result}
    return [name for name, condition in check.question.why_when if holds(condition, values)]


def _why(entry: dict, answer: Any, sentences: list[str]) -> str:
    """The why a language gives for this answer: its one why, or (a yes/no question) the one for yes or for no; then
    each of its `why_when` sentences said in this case, in its language."""
    why = entry["why"][format_answer(answer)] if isinstance(entry["why"], dict) else entry["why"]
    return " ".join([why, *(entry["why_when"][name] for name in sentences)])


def why_reads_alike(check: QuestionCheck, one: tuple[dict, Any, Any], other: tuple[dict, Any, Any]) -> bool:
    """Whether two (givens, answer, result) get the same why in the default language but for its numbers: one why
    written for both cases, where the checker's result picks no other words."""
    lang = check.site.default_language
    entry = check.game.question_texts[lang][check.question.id]
    wording = check.game.wording(lang)

    def shape(givens: dict, answer: Any, result: Any) -> str:
        _, values = _values(check, lang, wording, givens, answer, result)
        why = _why(entry, answer, said(check, givens, answer, result))
        return re.sub(r"\d[\d.,\u00a0\u202f]*", "#", wording.fill(why, values))
    try:
        return shape(*one) == shape(*other)
    except WordingError:
        return False     # word() reports it, for the variant that reaches it
