"""A question's givens and answers, apart from checking them: derived givens filled in, the checker's answer and the
part of it a question asks, how an answer is written and labelled, and the wrong beliefs a question can catch."""
from __future__ import annotations

import hashlib
from typing import Any

from quiz.checker import IllegalState, MalformedInput, Rules
from quiz.site.load.content import Game, Question
from quiz.site.load.source import plain
from quiz.site.load.wording import Wording, resolve



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


def computed(game: Game, question: Question, givens: dict, checker: Rules | None = None) -> tuple[Any, Any]:
    """The checker's whole result for complete givens (a why may word any part of it: `{result.split}`),
    and the answer; the game's checker, or one bound to another table's facts."""
    result = (checker or game.checker).call(question.check, plain(givens))
    return result, (resolve(result, question.pick) if question.pick else result)


class BeliefFailed(Exception):
    """A wrong belief that raised or gave an answer no player can give: (the belief, why)."""


def believed(game: Game, question: Question, givens: dict, answer: Any, checker: Rules | None = None,
             strict: bool = True) -> list[dict]:
    """The wrong beliefs of the question's rule whose answer to these givens differs from the right one: each with its
    name, rule and answer (two beliefs may give one wrong answer). `strict` (the game's own rules, verified): a belief
    that raises, or answers what a player cannot give here, is BeliefFailed; at another table's rules (`checker`) a
    belief that finds the givens no game, or answers what cannot be given, is left out."""
    checker, found = checker or game.checker, []
    choices = options(question, answer)
    for belief in beliefs_of(game, question):
        try:
            result = checker.believe(belief, plain(givens))
            value = resolve(result, question.pick) if question.pick and result is not None else result
        except (IllegalState, MalformedInput) as exc:
            if strict:
                raise BeliefFailed(belief, f"crashed: {type(exc).__name__}: {exc}") from None
            continue
        except Exception as exc:  # a belief is code like a rule: a bug in it is one line, not a traceback
            raise BeliefFailed(belief, f"crashed: {type(exc).__name__}: {exc}") from None
        if value is None or value == answer:
            continue
        if not answer_fits(question, value, choices):
            if strict:
                raise BeliefFailed(belief, f"answers {value!r}, which a player cannot give here")
            continue
        found.append({"belief": belief.name, "rule": belief.entry, "answer": value})
    return found


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
