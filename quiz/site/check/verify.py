"""Verifying a game's question bank: each question checked, worded in every language and given its practice
variants; each easy-to-forget rule tested often enough, by a belief its checker computes."""
from __future__ import annotations

import re

from quiz import games
from quiz.site.load import codes
from quiz.site.check.answers import with_derived
from quiz.site.check.question_check import QUESTIONS_PER_RULE, REMEMBER_QUESTIONS, QuestionCheck, forget_entries
from quiz.site.load.content import Game, Site
from quiz.site.check.practice import Draws, check_practice_of_rules, drop_repeated_variants, practice
from quiz.site.load.problems import Problems
from quiz.site.check.question_words import Words, said, word
from quiz.site.load.source import line_of
from quiz.site.load.wording import count_starts_a_clause, is_plural_entry


def check_coverage_of_rules(game: Game, problems: Problems) -> None:
    """Each easy-to-forget rule has at least two questions and a wrong belief its checker computes (or says why it
    cannot), each belief its words; the refresher asks one to three questions under "Do you remember?"."""
    path = game.dir / "questions.yml"
    forget = forget_entries(game)
    for entry in forget:
        count = sum(q.rule == entry.id for q in game.questions)
        if count < QUESTIONS_PER_RULE:
            problems.add(path, None, entry.id, codes.QUESTION_COUNT,
                         f"{count} question(s) test this rule; it needs at least "
                         f"{QUESTIONS_PER_RULE}")
    remember = [q.id for q in game.questions if q.remember]
    if len(remember) not in REMEMBER_QUESTIONS:
        problems.add(path, None, game.id, codes.QUESTION_COUNT,
                     f"{len(remember)} questions have remember: true ({', '.join(remember) or 'none'}); the refresher "
                     f"asks {REMEMBER_QUESTIONS.start} to {REMEMBER_QUESTIONS.stop - 1}")


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
            problems.add(path, entry.line, entry_id, codes.BELIEF_MISSING,
                         f"no wrong belief of this rule in {module} (a @belief "
                         f"with the answer a player holding it gives, or a reason in WITHOUT_BELIEF)")
        elif entry_id in declared and any(b.entry == entry_id for b in beliefs):
            problems.add(path, entry.line, entry_id, codes.BELIEF_MISSING,
                         f"{module} computes a wrong belief of this rule and also "
                         f"says in WITHOUT_BELIEF that none can be computed")
    texts_path = game.dir / f"text.{site.default_language}.yml"
    texts = game.texts.get(site.default_language) or {}
    own_words = texts.get("beliefs") or {}
    for belief in beliefs:
        if belief.entry not in forget:
            problems.add(path, None, belief.name, codes.BELIEF_MISSING,
                         f"{module} {belief.method}: {belief.entry!r} is not an "
                         f"easy-to-forget entry of {game.id}")
            continue
        if belief.name == belief.entry and not (texts.get("entries", {}).get(belief.entry) or {}).get("wrong"):
            problems.add(texts_path, line_of(texts.get("entries", {}), belief.entry), belief.entry,
                         codes.BELIEF_MISSING,
                         f"the belief of {belief.method} has no words: give the entry a `wrong:` text")
        elif belief.name != belief.entry and belief.name not in own_words:
            problems.add(texts_path, line_of(texts), belief.name, codes.BELIEF_MISSING,
                         f"the belief {belief.name!r} ({belief.method}) has no words under `beliefs:`")
    for name in own_words.keys() - {b.name for b in beliefs if b.name != b.entry}:
        problems.add(texts_path, line_of(own_words, name), name, codes.BELIEF_MISSING,
                     f"beliefs: {module} has no belief named {name!r}")


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
            fields = [("text", own.get("text")), *((f"why.{k}" if k else "why", v) for k, v in whys.items()),
                      *((f"why_when.{name}", v) for name, v in (own.get("why_when") or {}).items())]
            for field, text in fields:
                for found in UNFILTERED_BEFORE_WORDS.finditer(text if isinstance(text, str) else ""):
                    given, between, noun = found.groups()
                    if given.split(".")[0] in varied and noun in nouns and (between is None or between != numbered):
                        problems.add(path, line_of(game.question_texts[lang], question.id), question.id,
                                     codes.VARIED_COUNT_UNFILTERED,
                                     f"{field}: {found.group()!r} is varied and reads '1 {noun}' where a variant draws "
                                     f"1: write the number with its count's filter ({{{given}|…}}, words: in "
                                     f"text.{lang}.yml)")


def verify_game(site: Site, game: Game, problems: Problems, draws: Draws | None = None,
                words: Words | None = None) -> None:
    """Check every question of a game; keep its wording per language and its practice variants on the game. draws and
    words: the practice draws and the words kept from an earlier build."""
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
            check.add(codes.ID_TWICE, "duplicate question id")
        seen.add(question.id)
        if not check.structure(rule_ids):
            continue
        givens = with_derived(question, question.givens, check.facts)
        answered = check.answer(givens)
        entries = check.texts()
        if entries is None:
            continue
        check.coverage(givens, entries[site.default_language])
        if answered is None or not check.why_conditions_name_a_case(givens):
            continue
        worded = word(check, entries, givens, question.answer, answered.result, answered.believed, words=words)
        if worded is not None:
            game.worded[question.id] = worded
        if question.vary and len(problems.items) == found_before:
            game.practice[question.id] = practice(check, entries, draws, words)
        if len(problems.items) == found_before:
            check_why_sentences_said(check, givens, answered, game.practice.get(question.id))
    drop_repeated_variants(game)
    check_practice_of_rules(game, problems)
    for lang, texts in game.question_texts.items():
        known = {q.id for q in game.questions}
        for qid in texts:
            if qid not in known:
                problems.add(game.dir / f"questions.{lang}.yml", line_of(texts, qid), qid, codes.QUESTION_TEXTS,
                             "text for a question that does not exist")


def check_why_sentences_said(check: QuestionCheck, givens: dict, answered, pool) -> None:
    """Each of a question's `why_when` sentences is said in some case it asks, the stated question or a practice
    variant: one whose condition holds in none is words no player reads, kept in every language."""
    cases = [(givens, answered.answer, answered.result)] + \
        [(variant["givens"], variant["answer"], variant["result"]) for variant in (pool.variants if pool else [])]
    heard = {name for case in cases for name in said(check, *case)}
    for name, _ in check.question.why_when:
        if name not in heard:
            asked = f"the stated question and its {len(cases) - 1} practice variants" if len(cases) > 1 else \
                "the stated question, which has no practice variants"
            check.add(codes.WHY_SENTENCE, f"why_when.{name}: its condition holds in no case the question asks "
                      f"({asked}): the sentence is never said")


def verify_site(site: Site, problems: Problems) -> None:
    """Verify every game's questions."""
    for game in site.games:
        if game.questions:
            verify_game(site, game, problems)
