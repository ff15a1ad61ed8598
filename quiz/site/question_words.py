"""A verified question in words: each language's text and why filled in with the givens, the checker's answer and
result, its label, the pictures drawn in it, and the wrong beliefs it catches as each language says their answers."""
from __future__ import annotations

from typing import Any

from quiz.site import codes
from quiz.site.answers import answer_label, format_answer
from quiz.site.bank import QuestionCheck
from quiz.site.source import line_of
from quiz.site.wording import WordingError


def word(check: QuestionCheck, entries: dict, givens: dict, answer: Any, result: Any = None,
         beliefs: list | None = None, facts: dict | None = None, presentation=None) -> dict[str, dict] | None:
    """The question `check` verifies, as each language says it for these givens and this answer (the checker's whole
    result for its why, the wrong beliefs it separates from with their answers as the language says them); None after
    reporting. facts and presentation: another table's (a rule set with house rules), whose values the texts name."""
    worded = {}
    for lang, entry in entries.items():
        wording = check.game.wording(lang, presentation)
        label = answer_label(check.question.kind, answer, check.site.ui[lang], wording)
        values = {**(check.facts if facts is None else facts), **givens,
                  "answer": answer if check.question.kind == "number" else label, "result": result}
        why = entry["why"][format_answer(answer)] if isinstance(entry["why"], dict) else entry["why"]
        try:
            segments = wording.segments(entry["text"], values)   # joined, they are the filled-in text
            text = "".join(part if isinstance(part, str) else part["text"] for part in segments)
            worded[lang] = {"text": text, "why": wording.fill(why, values),
                            "label": label, "segments": segments if any(isinstance(p, dict) for p in segments) else None,
                            "beliefs": [{**b, "answer": format_answer(b["answer"]),
                                         "label": answer_label(check.question.kind, b["answer"], check.site.ui[lang],
                                                               wording)} for b in beliefs or []]}
        except WordingError as exc:
            check.add(codes.DOES_NOT_FILL, f"{lang}: {exc}", check.game.dir / f"questions.{lang}.yml",
                      line_of(check.game.question_texts[lang].get(check.question.id)))
            return None
    return worded
