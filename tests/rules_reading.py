"""The repository's rules/ read as a test needs it, building nothing: the games (rules/*/game.yml) and languages
(mkdocs.yml) the tests run for, a game's YAML, questions, texts and pages; a loaded game's questions with their practice
variants; and how a first load's bytes are counted."""
from __future__ import annotations

import copy
import functools
import gzip
from pathlib import Path

import yaml
from babel import Locale

from quiz.site.check import answers, practice
from quiz.site.load.languages import site_languages
from quiz.site.load.wording import is_plural_entry, placeholders


ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
RULES = ROOT / "rules"
LANGUAGES = site_languages().codes          # from mkdocs.yml, the one place languages are listed
DEFAULT_LANGUAGE = site_languages().default


def published_games(rules: Path = RULES) -> tuple[str, ...]:
    """The games the site publishes: every folder with a game.yml but a draft's (`draft: true`, left out of `make site`
    while it is being written; its checker is tested all the same, test_checkers.py)."""
    return tuple(sorted(path.parent.name for path in rules.glob("*/game.yml")
                        if not (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("draft")))


GAMES = published_games()
# How a first load's bytes are counted, by test_budgets and by make bench alike: gzip at its highest level, as a host
# that compresses its files ahead of time serves them (brotli, which Chromium asks for, does better still). A host
# compressing on the fly at gzip's default level 6 sends about 0.5 % more.
GZIP_LEVEL = 9


def gzipped(data: bytes) -> bytes:
    return gzip.compress(data, GZIP_LEVEL)


def variants(game):
    """(question, givens, answer, worded) for every stated question and every practice variant of a loaded game."""
    for question in game.questions:
        yield (question, answers.with_derived(question, question.givens, game.values()), question.answer,
               game.worded[question.id])
        for variant in game.practice.get(question.id, practice.Practice()).variants:
            yield question, variant["givens"], variant["answer"], variant["worded"]


def counts_filled_with_one_and_two(game, lang: str, cases):
    """For every count in a question's text and why, over (question, givens, answer) cases, filled in with 1 and with 2:
    (question id, the number, the form Babel's CLDR plural rule picks for it in lang, the filled-in text)."""
    words, wording = game.texts[lang].get("words") or {}, game.wording(lang)
    for question, givens, answer in cases:
        entry = game.question_texts[lang][question.id]
        whys = entry["why"].values() if isinstance(entry["why"], dict) else [entry["why"]]
        for text in [entry["text"], *whys, *(entry.get("why_when") or {}).values()]:
            for path, noun in placeholders(text):
                if is_plural_entry(words.get(noun)):
                    for n in (1, 2):
                        result = answers.computed(game, question, givens)[0]   # a why may word any part of it
                        values = copy.deepcopy({**game.values(), **givens, "answer": answer, "result": result})
                        answers.assign(values, path, n)
                        forms = words[noun]     # an exact form ("=1": "one die") before the CLDR category's
                        form = forms.get(f"={n}", forms[Locale.parse(lang).plural_form(n)]).replace("#", str(n))
                        yield question.id, n, form, wording.fill(text, values)


def lang_prefix(lang: str) -> str:
    """The default language lives at the site root, the others under /<lang>/."""
    return site_languages().prefix(lang)


@functools.cache
def game_yml(game: str, rules: Path = RULES) -> dict:
    return yaml.safe_load((rules / game / "game.yml").read_text(encoding="utf-8"))


def has_quiz(game: str, rules: Path = RULES) -> bool:
    return (rules / game / "questions.yml").exists()


QUIZ_GAMES = tuple(game for game in GAMES if has_quiz(game))


def practised_rules(game: str, rules: Path = RULES) -> set[str]:
    """The easy-to-forget rules a game's practice asks about: those of its questions that draw variants (`vary`)."""
    if not has_quiz(game, rules):
        return set()
    asked = yaml.safe_load((rules / game / "questions.yml").read_text(encoding="utf-8"))
    return {q["rule"] for q in asked.get("questions", []) if q.get("vary")}


def practice_games(rules_at_least: int = 1) -> tuple[str, ...]:
    """The games whose practice asks about at least this many rules (a test of practice needs a pool to draw from)."""
    return tuple(game for game in QUIZ_GAMES if len(practised_rules(game)) >= rules_at_least)


def game_pages(game: str, rules: Path = RULES) -> list[str]:
    """Every page of a game, as a folder under a language's root: refresher, teach, quiz, and its extra pages."""
    pages = [f"{game}/", f"{game}/teach/"] + ([f"{game}/quiz/"] if has_quiz(game, rules) else [])
    return pages + [f"{game}/{name}/" for name in game_yml(game, rules).get("extra_pages") or {}]


def all_pages(rules: Path = RULES) -> list[str]:
    games = published_games(rules)
    return [""] + [page for game in games for page in game_pages(game, rules)]


def ui_texts(lang: str) -> dict:
    """The site's own texts in a language (rules/ui.<lang>.yml)."""
    return yaml.safe_load((RULES / f"ui.{lang}.yml").read_text(encoding="utf-8"))


def texts(game: str, lang: str, stem: str = "text", rules: Path = RULES) -> dict:
    return yaml.safe_load((rules / game / f"{stem}.{lang}.yml").read_text(encoding="utf-8"))


def questions(game: str, rules: Path = RULES) -> list[dict]:
    path = rules / game / "questions.yml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))["questions"] if path.exists() else []


def checker_says(checker, game: dict):
    """What the checker's score command prints for one game as a table tool takes it, or None where it refuses it (the
    tools' differential tests hold their script's count to this)."""
    from quiz.checker import IllegalState, MalformedInput
    try:
        return checker.score_json(game)
    except (MalformedInput, IllegalState):
        return None
