"""The question bank: every question describes a game that can happen, shows what the checker is given, and has the
answer the checker computes; practice variants are drawn, checked and worded the same way, in every language."""
from __future__ import annotations

import collections
import dataclasses
import operator
import random
import re
from typing import Any

from quiz.checker import IllegalState, MalformedInput
from quiz.content import (LANGUAGES, REFERENCE_LANGUAGE, Game, Problems, Site, check_keys, digit_runs, line_of,
                          load_yaml, plain)
from quiz.wording import Wording, WordingError, placeholder_paths, resolve, strip_placeholders

KINDS = ("yesno", "number", "choice", "order")
QUESTION_KEYS = ("id", "rule", "kind", "check", "givens", "answer", "pick?", "derived?", "vary?", "keep?",
                 "options?", "remember?")
VARIANT_ATTEMPTS = 400
PRACTICE_VARIANTS = 16     # per question with ranges: the practice pool, drawn once per build
MIN_PRACTICE_VARIANTS = 4  # fewer left after legality and `keep`: the ranges wash out what the question tests
ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
CONDITION = re.compile(r"^\s*(\S+)\s*(==|!=|<=|>=|<|>)\s*(\S+)\s*$")
COMPARE = {"==": operator.eq, "!=": operator.ne, "<=": operator.le, ">=": operator.ge, "<": operator.lt, ">": operator.gt}


@dataclasses.dataclass(frozen=True)
class Condition:
    """What every variant keeps: `answer == yes`, `taken <= players`, `players.Ana.wants > pile`."""

    text: str
    left: Any
    op: str
    right: Any

    @property
    def needs_answer(self) -> bool:
        return "answer" in (self.left, self.right)

    def holds(self, values: dict) -> bool:
        def operand(token):
            if isinstance(token, int) or isinstance(token, bool):
                return token
            return resolve(values, token)
        left, right = operand(self.left), operand(self.right)
        try:
            return COMPARE[self.op](left, right)
        except TypeError:
            return False


def parse_condition(text: Any) -> Condition | None:
    match = CONDITION.match(text) if isinstance(text, str) else None
    if not match:
        return None

    def token(word: str):
        if re.fullmatch(r"-?\d+", word):
            return int(word)
        return {"yes": True, "no": False}.get(word, word)
    return Condition(text, token(match.group(1)), match.group(2), token(match.group(3)))


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
    derived: dict = dataclasses.field(default_factory=dict)
    vary: dict = dataclasses.field(default_factory=dict)
    keep: list | None = None       # None: not declared (a question with vary must declare it)
    options: list | None = None
    remember: bool = False


@dataclasses.dataclass
class Practice:
    """A question's practice variants (the givens, with derived ones filled in, and the answer) and what was dropped."""

    variants: list = dataclasses.field(default_factory=list)
    illegal: int = 0     # drawn, but no game reaches them
    lost: int = 0        # legal, but they lose what the question tests (`keep`)


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
    result = game.checker.call(question.check, plain(givens))
    return resolve(result, question.pick) if question.pick else result


def options(question: Question, answer: Any) -> list[str]:
    """What a player chooses from: the declared options, or for an order the items to arrange."""
    if question.kind == "yesno":
        return ["yes", "no"]
    if question.kind == "order":
        return sorted(answer)
    return list(question.options or [])


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


def answer_label(kind: str, answer: Any, ui: dict, wording: Wording) -> str:
    """The answer as a player reads it in one language: Yes/Ja/Oui/Evet, a number as the language writes it, names."""
    if kind == "yesno":
        return ui["quiz"]["yes" if answer else "no"]
    if kind == "number":
        return wording.number(answer)
    return format_plain(answer)


# --- loading ----------------------------------------------------------------------------------------------------------

def _load_question(raw: Any, path, problems: Problems) -> Question | None:
    qid = raw.get("id") if isinstance(raw, dict) else None
    if not check_keys(raw, QUESTION_KEYS, path, qid, problems, "a question"):
        return None
    line = line_of(raw)
    ok = True

    def bad(key: str | None, message: str) -> None:
        nonlocal ok
        problems.add(path, line_of(raw, key) if key else line, str(qid), message)
        ok = False

    if not isinstance(qid, str) or not ID.fullmatch(qid):
        bad(None, "a question id is lower-case words joined by '-'")
    if raw["kind"] not in KINDS:
        bad("kind", f"kind {raw['kind']!r} is not one of {', '.join(KINDS)}")
    for key in ("rule", "check", "pick"):
        if key in raw and not isinstance(raw[key], str):
            bad(key, f"{key} must be a name, not {raw[key]!r}")
    if "remember" in raw and not isinstance(raw["remember"], bool):
        bad("remember", "remember must be true or false")
    for key in ("givens", "vary", "derived"):
        if key in raw and not isinstance(raw[key], dict):
            bad(key, f"{key} must be a mapping")
    for key in ("keep", "options"):
        if key in raw and not isinstance(raw[key], list):
            bad(key, f"{key} must be a list")
    keep = [] if "keep" in raw else None
    for text in raw["keep"] if isinstance(raw.get("keep"), list) else []:
        condition = parse_condition(text)
        if condition is None:
            bad("keep", f"keep: {text!r} is not a comparison like 'answer == yes' or 'taken <= players'")
        keep.append(condition)
    derived = raw.get("derived") or {}
    if isinstance(derived, dict) and not all(isinstance(k, str) and isinstance(v, str) for k, v in derived.items()):
        bad("derived", "derived maps a given's path to the path it is computed from")
    if not ok:
        return None
    return Question(qid, raw["rule"], raw["kind"], raw["check"], plain(raw["givens"]), plain(raw["answer"]), line,
                    raw.get("pick"), plain(derived), plain(raw.get("vary") or {}), keep, plain(raw.get("options")),
                    bool(raw.get("remember", False)))


def load_questions(game: Game, problems: Problems) -> None:
    """Read questions.yml and questions.<lang>.yml of a game that has a quiz; a game without one has none."""
    path = game.dir / "questions.yml"
    game.questions, game.question_texts = [], {}
    if not path.exists():
        return
    raw = load_yaml(path, problems)
    if raw is None:
        return
    if not check_keys(raw, ("questions",), path, None, problems, "questions.yml") or not isinstance(raw["questions"], list):
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


# --- verifying one question ---------------------------------------------------------------------------------------------

class QuestionCheck:
    """Everything `verify` checks about one question; problems are collected, never raised."""

    def __init__(self, site: Site, game: Game, question: Question, problems: Problems):
        self.site, self.game, self.question, self.problems = site, game, question, problems
        self.path = game.dir / "questions.yml"
        self.facts = game.values()

    def add(self, message: str, path=None, line: int | None = None) -> None:
        self.problems.add(path or self.path, line or self.question.line, self.question.id, message)

    def structure(self, rule_ids: set[str]) -> bool:
        question, ok = self.question, True
        if question.rule not in rule_ids:
            self.add(f"rule {question.rule!r} is not an easy-to-forget id of {self.game.id}")
            ok = False
        if question.check not in self.game.checker.rules():
            self.add(f"check {question.check!r} is not a rule of quiz/{self.game.id}.py "
                     f"(one of {', '.join(self.game.checker.rules())})")
            return False
        if question.options is not None and not all(isinstance(o, str) for o in question.options):
            self.add("options must be names")
            ok = False
        full = plain(question.givens)
        for target, source in question.derived.items():
            try:
                value = plain(resolve({**self.facts, **full}, source))
            except KeyError:
                self.add(f"derived: {target!r} comes from {source!r}, which is neither a given nor a fact")
                ok = False
                continue
            parent = target.rpartition(".")[0]
            try:
                typed = resolve(question.givens, target)
            except KeyError:
                typed = None
            else:
                if not isinstance(resolve(question.givens, parent) if parent else question.givens, list):
                    self.add(f"derived: {target!r} is computed from {source!r}; do not type it in givens as well")
                    ok = False
                elif typed != value:
                    self.add(f"derived: {target!r} is computed from {source!r}, but givens type it as {typed!r}")
                    ok = False
            try:
                assign(full, target, value)
            except (KeyError, IndexError, ValueError, TypeError):
                self.add(f"derived: {target!r} has no place in the givens")
                ok = False
        for name, bounds in question.vary.items():
            try:
                value = resolve(question.givens, name) if isinstance(name, str) else None
            except KeyError:
                value = None
            if name in question.derived:
                self.add(f"vary: {name!r} is derived; vary what it comes from")
                ok = False
            elif type(value) is not int or not (isinstance(bounds, list) and len(bounds) in (2, 3)
                                                 and all(type(b) is int for b in bounds) and bounds[0] <= bounds[1]
                                                 and (len(bounds) == 2 or bounds[2] > 0)):
                self.add(f"vary: {name!r} needs a whole-number given and a range [low, high] or [low, high, step]")
                ok = False
        if question.vary and question.keep is None:
            self.add("vary needs keep: what every variant must keep to test the rule (keep: [] if any variant does)")
            ok = False
        return ok

    def answer(self, givens: dict) -> Any:
        """The checker's answer, or None after reporting why there is none."""
        question = self.question
        try:
            reasons = self.game.checker.illegal(question.check, givens)
        except MalformedInput as exc:
            self.add(f"the checker rejects the givens as malformed: {exc}")
            return None
        except Exception as exc:  # a checker bug must be one line, not a traceback
            self.add(f"checker crashed: {type(exc).__name__}: {exc}")
            return None
        if reasons:
            self.add(f"the givens describe a game that cannot happen: {reasons[0]}")
            return None
        try:
            computed = compute(self.game, question, givens)
        except (MalformedInput, IllegalState) as exc:
            self.add(f"the checker rejects the givens: {exc}")
            return None
        except KeyError as exc:
            self.add(f"pick: {question.pick!r} is not part of the checker's result ({exc})")
            return None
        except Exception as exc:
            self.add(f"checker crashed: {type(exc).__name__}: {exc}")
            return None
        if not answer_type_ok(question.kind, computed):
            self.add(f"the checker's {computed!r} is not a {question.kind} answer")
            return None
        if computed != question.answer:
            self.add(f"stated {format_plain(question.answer)}, checker computed {format_plain(computed)}")
        if question.kind == "choice" and computed not in (question.options or []):
            self.add(f"answer {computed!r} is not among the options")
        for condition in question.keep or []:
            try:
                held = condition.holds({**self.facts, **givens, "answer": computed})
            except KeyError as exc:
                self.add(f"keep: {condition.text!r} names {exc.args[0]!r}, which is neither a given nor a fact")
                continue
            if not held:
                self.add(f"keep: the stated question itself does not keep {condition.text!r}")
        return computed

    def coverage(self, givens: dict, reference: dict) -> None:
        """Every given the checker receives is shown in the question's text, or derived from what is shown."""
        shown = placeholder_paths(reference["text"])
        line = line_of(self.game.question_texts[REFERENCE_LANGUAGE].get(self.question.id))
        path = self.game.dir / f"questions.{REFERENCE_LANGUAGE}.yml"

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
                self.add(f"given {leaf!r} is not in the text and not derived", path, line)

    def texts(self) -> dict[str, dict] | None:
        """Each language's entry, shaped right and with exactly English's placeholders; None if English is unusable."""
        question = self.question
        yesno = question.kind == "yesno"
        entries = {}
        for lang in LANGUAGES:
            texts = self.game.question_texts.get(lang)
            if texts is None:
                continue
            path = self.game.dir / f"questions.{lang}.yml"
            entry = texts.get(question.id)
            if not isinstance(entry, dict):
                self.add(f"missing the {lang} text of this question", path, line_of(texts))
                continue
            for key in entry.keys() - {"text", "why"}:
                self.add(f"unknown key {key!r}", path, line_of(entry, key))
            why = entry.get("why")
            if not isinstance(entry.get("text"), str) or why is None:
                self.add("needs a text and a why", path, line_of(entry))
                continue
            if yesno and not (isinstance(why, dict) and set(why) == {"yes", "no"} and all(isinstance(v, str) for v in why.values())):
                self.add("a yes/no question needs a why for yes and for no", path, line_of(entry, "why"))
                continue
            if not yesno and not isinstance(why, str):
                self.add("why must be one line of text", path, line_of(entry, "why"))
                continue
            entries[lang] = entry
        reference = entries.get(REFERENCE_LANGUAGE)
        if reference is None:
            return None
        for lang, entry in entries.items():
            if lang == REFERENCE_LANGUAGE:
                continue
            path = self.game.dir / f"questions.{lang}.yml"
            for key, text, ref_text in self._strings(entry, reference):
                line = line_of(entry, key.split(".")[0])
                mine, theirs = collections.Counter(placeholder_paths(text)), collections.Counter(placeholder_paths(ref_text))
                if mine != theirs:
                    self.add(f"{key}: placeholders {_counted(mine)} differ from {REFERENCE_LANGUAGE} {_counted(theirs)}", path, line)
                if digit_runs(strip_placeholders(text)) != digit_runs(strip_placeholders(ref_text)):
                    self.add(f"{key}: digits differ from {REFERENCE_LANGUAGE}", path, line)
        return entries

    @staticmethod
    def _strings(entry: dict, reference: dict):
        yield "text", entry["text"], reference["text"]
        if isinstance(entry["why"], dict):
            for answer in ("yes", "no"):
                yield f"why.{answer}", entry["why"][answer], reference["why"][answer]
        else:
            yield "why", entry["why"], reference["why"]

    def word(self, entries: dict, givens: dict, answer: Any) -> dict[str, dict] | None:
        """The question as each language says it for these givens and this answer; None after reporting a problem."""
        worded = {}
        for lang, entry in entries.items():
            wording = self.game.wording(lang)
            label = answer_label(self.question.kind, answer, self.site.ui[lang], wording)
            values = {**self.facts, **givens, "answer": answer if self.question.kind == "number" else label}
            why = entry["why"][format_answer(answer)] if isinstance(entry["why"], dict) else entry["why"]
            try:
                worded[lang] = {"text": wording.fill(entry["text"], values), "why": wording.fill(why, values),
                                "label": label}
            except WordingError as exc:
                self.add(f"{lang}: {exc}", self.game.dir / f"questions.{lang}.yml",
                         line_of(self.game.question_texts[lang].get(self.question.id)))
                return None
        return worded

    def practice(self, entries: dict) -> Practice:
        """Seeded, reproducible variants: legal, keeping what the question tests, answered by the checker, worded."""
        question, game = self.question, self.game
        rng = random.Random(f"practice:{game.id}:{question.id}")
        before = [c for c in question.keep or [] if not c.needs_answer]
        after = [c for c in question.keep or [] if c.needs_answer]
        practice, seen = Practice(), set()
        for _ in range(VARIANT_ATTEMPTS):
            if len(practice.variants) >= PRACTICE_VARIANTS:
                break
            drawn = plain(question.givens)
            for name, bounds in question.vary.items():
                low, high, step = (*bounds, 1)[:3]
                assign(drawn, name, low + step * rng.randint(0, (high - low) // step))
            givens = with_derived(question, drawn, self.facts)
            key = repr(givens)
            if key in seen:
                continue
            seen.add(key)
            if not all(c.holds({**self.facts, **givens}) for c in before):
                practice.lost += 1
                continue
            try:
                if game.checker.illegal(question.check, givens):
                    practice.illegal += 1
                    continue
                answer = compute(game, question, givens)
            except (MalformedInput, IllegalState) as exc:
                self.add(f"vary draws malformed givens ({exc}); narrow the ranges")
                return Practice()
            except Exception as exc:
                self.add(f"checker crashed on a variant: {type(exc).__name__}: {exc}")
                return Practice()
            if not answer_type_ok(question.kind, answer):
                self.add(f"the checker's {answer!r} for a variant is not a {question.kind} answer")
                return Practice()
            if not all(c.holds({**self.facts, **givens, "answer": answer}) for c in after):
                practice.lost += 1
                continue
            worded = self.word(entries, givens, answer)
            if worded is None:
                return Practice()
            practice.variants.append({"givens": givens, "answer": answer, "worded": worded})
        if len(practice.variants) < MIN_PRACTICE_VARIANTS:
            self.add(f"vary: only {len(practice.variants)} variant(s) are legal and keep "
                     f"{', '.join(c.text for c in question.keep or []) or 'the question'}"
                     f" ({practice.illegal} illegal, {practice.lost} lost it); widen or narrow the ranges")
        return practice


def _counted(counter: collections.Counter) -> list[str]:
    return sorted(f"{name}×{n}" if n > 1 else name for name, n in counter.items())


def verify_game(site: Site, game: Game, problems: Problems) -> None:
    """Check every question of a game; keep its wording per language and its practice variants on the game."""
    rule_ids = {e.id for s in game.pages["refresher"] if s.kind == "forget" for e in s.entries}
    seen = set()
    game.worded, game.practice = {}, {}
    for question in game.questions:
        check = QuestionCheck(site, game, question, problems)
        found_before = len(problems.items)
        if question.id in seen:
            check.add("duplicate question id")
        seen.add(question.id)
        if not check.structure(rule_ids):
            continue
        givens = with_derived(question, question.givens, check.facts)
        computed = check.answer(givens)
        entries = check.texts()
        if entries is None:
            continue
        check.coverage(givens, entries[REFERENCE_LANGUAGE])
        if computed is None:
            continue
        worded = check.word(entries, givens, question.answer)
        if worded is not None:
            game.worded[question.id] = worded
        if question.vary and len(problems.items) == found_before:
            game.practice[question.id] = check.practice(entries)
    for lang, texts in game.question_texts.items():
        known = {q.id for q in game.questions}
        for qid in texts:
            if qid not in known:
                problems.add(game.dir / f"questions.{lang}.yml", line_of(texts, qid), qid, "text for a question that does not exist")


def verify_site(site: Site, problems: Problems) -> None:
    for game in site.games:
        if game.questions:
            verify_game(site, game, problems)
