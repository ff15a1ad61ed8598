"""The question bank: loads each game's questions, recomputes every answer with the game's rules checker, and draws variants."""
from __future__ import annotations

import dataclasses
import inspect
import random
import re
from typing import Any

from quiz.content import (LANGUAGES, REFERENCE_LANGUAGE, Game, Problems, Site, digit_runs, format_number, line_of,
                          load_yaml)

KINDS = ("yesno", "number", "choice", "order")
QUESTION_KEYS = ("id", "rule", "kind", "check", "givens", "answer", "pick?", "shown?", "vary?", "distinct?",
                 "options?", "remember?")
VARIANT_ATTEMPTS = 400
PRACTICE_VARIANTS = 16     # per question with ranges: the practice pool, drawn once and checked by verify


@dataclasses.dataclass
class Question:
    id: str
    rule: str
    kind: str
    check: str
    givens: dict
    answer: Any
    line: int | None
    pick: str | None = None
    shown: dict = dataclasses.field(default_factory=dict)
    vary: dict = dataclasses.field(default_factory=dict)
    distinct: list = dataclasses.field(default_factory=list)
    options: list | None = None
    remember: bool = False


def plain(data: Any) -> Any:
    """A fresh copy of nested YAML data as plain dicts and lists (line numbers are only needed for messages)."""
    if isinstance(data, dict):
        return {key: plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [plain(value) for value in data]
    return data


def resolve(data: Any, path: str) -> Any:
    """Follow a dotted path (keys and list indexes) into nested data; KeyError if it leads nowhere."""
    for part in path.split("."):
        if isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        elif isinstance(data, dict) and part in data:
            data = data[part]
        else:
            raise KeyError(path)
    return data


def assign(data: Any, path: str, value: Any) -> None:
    *parents, last = path.split(".")
    target = resolve(data, ".".join(parents)) if parents else data
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value


def answer_type_ok(kind: str, value: Any) -> bool:
    if kind == "yesno":
        return isinstance(value, bool)
    if kind == "number":
        return type(value) is int
    if kind == "choice":
        return isinstance(value, str)
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def compute(game: Game, question: Question, givens: dict | None = None) -> Any:
    """The checker's answer for the question's givens (or a variant's); ValueError if the checker rejects them."""
    result = getattr(game.checker, question.check)(**plain(givens if givens is not None else question.givens))
    return resolve(result, question.pick) if question.pick else result


def options(question: Question, answer: Any) -> list[str]:
    """What a player chooses from: the declared options, or for an order the items to arrange."""
    if question.kind == "yesno":
        return ["yes", "no"]
    if question.kind == "order":
        return sorted(answer)
    return list(question.options or [])


def values_for(game_values: dict, givens: dict, shown: dict) -> dict:
    return {**game_values, **givens, **shown}


def fill_paths(text: str, values: dict, lang: str | None = None) -> str:
    """Fill {dotted.path} placeholders; with a language, big numbers are grouped as that language writes them."""
    def value(match):
        found = resolve(values, match.group(1))
        return str(format_number(found, lang) if lang else found)
    return re.sub(r"\{([A-Za-z_][\w.]*)\}", value, text)


def why_text(texts: dict, answer: Any) -> str:
    why = texts["why"]
    return why["yes" if answer else "no"] if isinstance(why, dict) else why


def _load_question(raw: Any, path, problems: Problems) -> Question | None:
    from quiz.content import _check_keys

    if not _check_keys(raw, QUESTION_KEYS, path, raw.get("id") if isinstance(raw, dict) else None, problems, "a question"):
        return None
    qid = raw["id"]
    line = line_of(raw)
    ok = True
    if not isinstance(qid, str) or not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", qid):
        problems.add(path, line, str(qid), "a question id is lower-case words joined by '-'")
        ok = False
    if raw["kind"] not in KINDS:
        problems.add(path, line_of(raw, "kind"), qid, f"kind {raw['kind']!r} is not one of {', '.join(KINDS)}")
        ok = False
    for key in ("rule", "check", "pick"):
        if key in raw and not isinstance(raw[key], str):
            problems.add(path, line_of(raw, key), qid, f"{key} must be a name, not {raw[key]!r}")
            ok = False
    if "remember" in raw and not isinstance(raw["remember"], bool):
        problems.add(path, line_of(raw, "remember"), qid, "remember must be true or false")
        ok = False
    for key in ("givens", "shown", "vary"):
        if key in raw and not isinstance(raw[key], dict):
            problems.add(path, line_of(raw, key), qid, f"{key} must be a mapping")
            ok = False
    for key in ("distinct", "options"):
        if key in raw and not isinstance(raw[key], list):
            problems.add(path, line_of(raw, key), qid, f"{key} must be a list")
            ok = False
    if not ok:
        return None
    return Question(qid, raw["rule"], raw["kind"], raw["check"], plain(raw["givens"]), plain(raw["answer"]), line,
                    raw.get("pick"), plain(raw.get("shown") or {}), plain(raw.get("vary") or {}),
                    plain(raw.get("distinct") or []), plain(raw.get("options")), bool(raw.get("remember", False)))


def load_questions(game: Game, problems: Problems) -> None:
    """Read questions.yml and questions.<lang>.yml of a game that has a quiz; a game without one has none."""
    path = game.dir / "questions.yml"
    game.questions, game.question_texts = [], {}
    if not path.exists():
        return
    raw = load_yaml(path, problems)
    if raw is None:
        return
    from quiz.content import _check_keys

    if not _check_keys(raw, ("questions",), path, None, problems, "questions.yml") or not isinstance(raw["questions"], list):
        if isinstance(raw, dict) and "questions" in raw:
            problems.add(path, line_of(raw, "questions"), None, "questions must be a list")
        return
    for item in raw["questions"]:
        question = _load_question(item, path, problems)
        if question is not None:
            game.questions.append(question)
    for lang in LANGUAGES:
        text_path = game.dir / f"questions.{lang}.yml"
        if not text_path.exists():
            problems.add(text_path, None, game.id, f"missing the {lang} question texts")
            continue
        loaded = load_yaml(text_path, problems)
        if isinstance(loaded, dict):
            game.question_texts[lang] = loaded
        elif loaded is not None:
            problems.add(text_path, None, None, "question texts must be a mapping of question ids")


def _verify_structure(game: Game, question: Question, rule_ids: set[str], path, problems: Problems) -> bool:
    ok = True
    if question.rule not in rule_ids:
        problems.add(path, question.line, question.id, f"rule {question.rule!r} is not an easy-to-forget id of {game.id}")
        ok = False
    function = getattr(game.checker, question.check, None)
    if question.check.startswith("_") or not inspect.isfunction(function):
        problems.add(path, question.line, question.id, f"check {question.check!r} is not a function of quiz/{game.id}.py")
        return False
    for name in question.distinct:
        if not isinstance(name, str) or not _has({**question.givens, **question.shown}, name):
            problems.add(path, question.line, question.id, f"distinct: {name!r} is not a given")
            ok = False
    if question.options is not None and not all(isinstance(o, str) for o in question.options):
        problems.add(path, question.line, question.id, "options must be names")
        ok = False
    for name in question.vary:
        if not isinstance(name, str):
            problems.add(path, question.line, question.id, f"vary: {name!r} is not a given")
            ok = False
            continue
        try:
            value = resolve({**question.givens, **question.shown}, name)
        except KeyError:
            problems.add(path, question.line, question.id, f"vary: {name!r} is not a given")
            ok = False
            continue
        bounds = question.vary[name]
        if type(value) is not int or not (isinstance(bounds, list) and len(bounds) == 2
                                          and all(type(b) is int for b in bounds) and bounds[0] <= bounds[1]):
            problems.add(path, question.line, question.id, f"vary: {name!r} needs an integer given and a range [low, high]")
            ok = False
    return ok


def _verify_answer(game: Game, question: Question, path, problems: Problems) -> Any:
    try:
        computed = compute(game, question)
    except (ValueError, TypeError, KeyError) as exc:
        problems.add(path, question.line, question.id, f"the checker rejects the givens: {exc}")
        return None
    if not answer_type_ok(question.kind, computed):
        problems.add(path, question.line, question.id, f"the checker's {computed!r} is not a {question.kind} answer")
        return None
    if computed != question.answer:
        problems.add(path, question.line, question.id, f"stated {format_plain(question.answer)}, checker computed {format_plain(computed)}")
    if question.kind == "choice" and computed not in (question.options or []):
        problems.add(path, question.line, question.id, f"answer {computed!r} is not among the options")
    return computed


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


def _verify_texts(game: Game, question: Question, values: dict, problems: Problems) -> None:
    """Every language has the question's text and why, with English's placeholders and digits, and they render."""
    reference = game.question_texts.get(REFERENCE_LANGUAGE, {}).get(question.id)
    if not _well_formed(reference, question):
        reference = None  # the English entry's own problem is reported below; nothing to compare against
    for lang in LANGUAGES:
        texts = game.question_texts.get(lang)
        if texts is None:
            continue
        path = game.dir / f"questions.{lang}.yml"
        entry = texts.get(question.id)
        if not isinstance(entry, dict):
            problems.add(path, line_of(texts), question.id, f"missing the {lang} text of this question")
            continue
        expected_why = {"yes", "no"} if question.kind == "yesno" else None
        for key in entry.keys() - {"text", "why"}:
            problems.add(path, line_of(entry, key), question.id, f"unknown key {key!r}")
        why = entry.get("why")
        if not isinstance(entry.get("text"), str) or why is None:
            problems.add(path, line_of(entry), question.id, "needs a text and a why")
            continue
        if expected_why and not (isinstance(why, dict) and set(why) == expected_why):
            problems.add(path, line_of(entry, "why"), question.id, "a yes/no question needs a why for yes and for no")
            continue
        if not expected_why and not isinstance(why, str):
            problems.add(path, line_of(entry, "why"), question.id, "why must be one line of text")
            continue
        strings = {"text": entry["text"], **({f"why.{k}": v for k, v in why.items()} if expected_why else {"why": why})}
        for key, text in strings.items():
            if not isinstance(text, str):
                problems.add(path, line_of(entry, key.split(".")[0]), question.id, f"{key} must be text")
                continue
            try:
                fill_paths(text, {**values, "answer": "x"} if key.startswith("why") else values)
            except KeyError as exc:
                problems.add(path, line_of(entry, key.split(".")[0]), question.id, f"{key}: unknown placeholder {{{exc.args[0]}}}")
            if reference is None or lang == REFERENCE_LANGUAGE:
                continue
            ref_text = reference["text"] if key == "text" else (reference["why"][key[4:]] if expected_why else reference["why"])
            if placeholders_of(text) != placeholders_of(ref_text):
                problems.add(path, line_of(entry, key.split(".")[0]), question.id,
                             f"{key}: placeholders {sorted(placeholders_of(text))} differ from en {sorted(placeholders_of(ref_text))}")
            if digit_runs(re.sub(r"\{[\w.]+\}", "", text)) != digit_runs(re.sub(r"\{[\w.]+\}", "", ref_text)):
                problems.add(path, line_of(entry, key.split(".")[0]), question.id, f"{key}: digits differ from en")
    for lang, texts in game.question_texts.items():
        known = {q.id for q in game.questions}
        for qid in texts:
            if qid not in known:
                problems.add(game.dir / f"questions.{lang}.yml", line_of(texts, qid), qid, "text for a question that does not exist")


def _well_formed(entry: Any, question: Question) -> bool:
    if not isinstance(entry, dict) or not isinstance(entry.get("text"), str):
        return False
    why = entry.get("why")
    if question.kind == "yesno":
        return isinstance(why, dict) and set(why) == {"yes", "no"} and all(isinstance(v, str) for v in why.values())
    return isinstance(why, str)


def placeholders_of(text: str) -> set[str]:
    return set(re.findall(r"\{([A-Za-z_][\w.]*)\}", text))


def variants(game: Game, question: Question, rng: random.Random, count: int) -> list[dict]:
    """Up to `count` distinct variants of a question with ranges, each answered by the checker."""
    seen, found = set(), []
    for _ in range(VARIANT_ATTEMPTS):
        if len(found) >= count:
            break
        data = {"givens": plain(question.givens), "shown": plain(question.shown)}
        for name, (low, high) in question.vary.items():
            target = "givens" if _has(question.givens, name) else "shown"
            assign(data[target], name, rng.randint(low, high))
        merged = {**data["givens"], **data["shown"]}
        if question.distinct and len({resolve(merged, p) for p in question.distinct}) != len(question.distinct):
            continue
        key = repr(merged)
        if key in seen:
            continue
        seen.add(key)
        try:
            answer = compute(game, question, data["givens"])
        except ValueError:
            continue  # an impossible game state: the checker's own validation rejects it
        if not answer_type_ok(question.kind, answer):
            continue  # e.g. a set-aside that scores nothing (None) is no question to ask
        found.append({**data, "answer": answer})
    return found


def practice_variants(game: Game, question: Question) -> list[dict]:
    """The seeded, reproducible variants the practice pool serves, drawn once per build and shared by all languages."""
    if question.id not in game.practice:
        rng = random.Random(f"practice:{game.id}:{question.id}")
        game.practice[question.id] = variants(game, question, rng, PRACTICE_VARIANTS)
    return game.practice[question.id]


def _has(data: dict, path: str) -> bool:
    try:
        resolve(data, path)
        return True
    except (KeyError, ValueError):
        return False


def verify_game(game: Game, game_values: dict, problems: Problems) -> None:
    path = game.dir / "questions.yml"
    rule_ids = {e.id for s in game.pages["refresher"] if s.kind == "forget" for e in s.entries}
    seen = set()
    for question in game.questions:
        if question.id in seen:
            problems.add(path, question.line, question.id, "duplicate question id")
        seen.add(question.id)
        if not _verify_structure(game, question, rule_ids, path, problems):
            continue
        computed = _verify_answer(game, question, path, problems)
        _verify_texts(game, question, values_for(game_values, question.givens, question.shown), problems)
        if question.vary and computed is not None:
            drawn = practice_variants(game, question)
            if not drawn:
                problems.add(path, question.line, question.id, "vary: no variant the checker accepts")


def verify_site(site: Site, problems: Problems) -> None:
    from quiz.lint import known_values

    for game in site.games:
        if game.questions:
            verify_game(game, known_values(game), problems)
