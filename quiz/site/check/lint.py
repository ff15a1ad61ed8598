"""Keeps the languages in step: same ids, fields and words, the same placeholders (as often) and digits as English,
every text fillable in its language; sane ids, ranks and page refs."""
from __future__ import annotations

import collections
import re
import string
from pathlib import Path

from quiz import games
from quiz.site.load import codes
from quiz.site.load.content import SECTION_FIELDS, Game, Site, digit_runs
from quiz.site.check.page_units import Filled, texts_at_tables
from quiz.site.load.problems import Problems
from quiz.site.load.source import line_of
from quiz.site.check.lint_form import (lint_apostrophes, lint_bare_labels, lint_glossaries, lint_labels_shown_as_is,
                                       lint_list_markers, lint_nested_labels, lint_one_in_words, lint_rule_set_texts,
                                       lint_typed_dates, lint_typography)
from quiz.site.check.text_paths import WORDS, first_absent, leaves, line_where
from quiz.site.load.wording import (COUNT_MARK, WordingError, count_starts_a_clause, is_plural_entry, placeholder_paths,
                                    plural_categories, plural_forms, strip_placeholders)

DIGIT_RUN = re.compile(r"\d+")   # a text file's glossary: checked by lint_words, not mirrored key for key


def counted(counter: collections.Counter) -> list[str]:
    return sorted(f"{name}×{n}" if n > 1 else name for name, n in counter.items())


def mirror(reference: dict, other: dict, other_path: Path, lang: str, reference_lang: str, problems: Problems,
           id_of=lambda path: ".".join(map(str, path))) -> None:
    """Check that other has exactly reference's keys, and per string the same placeholders, as often, and digits."""
    ref_leaves = {path: value for path, value, _ in leaves(reference)}
    other_leaves = {path: value for path, value, _ in leaves(other)}
    for path in sorted({first_absent(path, other) for path in ref_leaves.keys() - other_leaves.keys()}, key=str):
        problems.add(other_path, line_where(other, path[:-1]), id_of(path), codes.MISSING_TEXT,
                     f"missing the {lang} text")
    for path in sorted({first_absent(path, reference) for path in other_leaves.keys() - ref_leaves.keys()}, key=str):
        problems.add(other_path, line_where(other, path), id_of(path), codes.EXTRA_TEXT,
                     f"extra key, not in the {reference_lang} texts")
    for path in ref_leaves.keys() & other_leaves.keys():
        ref, text = ref_leaves[path], other_leaves[path]
        line = line_where(other, path)
        if not isinstance(text, str):
            problems.add(other_path, line, id_of(path), codes.WRONG_VALUE, f"must be text, not {type(text).__name__}")
            continue
        if not isinstance(ref, str):
            continue
        _same_placeholders_and_digits(text, ref, reference_lang, problems, other_path, line, id_of(path))


def _same_placeholders_and_digits(text: str, reference: str, reference_lang: str, problems: Problems, path: Path,
                                  line: int | None, id_: str, key: str = "") -> None:
    """A translation names the same placeholders as often as the reference text, and types the same digits."""
    mine, theirs = collections.Counter(placeholder_paths(text)), collections.Counter(placeholder_paths(reference))
    if mine != theirs:
        problems.add(path, line, id_, codes.OTHER_PLACEHOLDERS,
                     f"{key}placeholders {counted(mine)} differ from {reference_lang} {counted(theirs)}")
    digits, reference_digits = digit_runs(strip_placeholders(text)), digit_runs(strip_placeholders(reference))
    if digits != reference_digits:
        problems.add(path, line, id_, codes.OTHER_DIGITS, f"{key}digits {digits} differ from {reference_lang} "
                                                          f"{reference_digits}")


def lint_question_texts(site: Site, game: Game, problems: Problems) -> None:
    """A question's text, why and why_when sentences in every language name English's placeholders, as often, and type
    its digits. (A question's texts missing or misshapen in a language are verify's: RR308, RR314.)"""
    reference_lang = site.default_language
    reference = game.question_texts.get(reference_lang) or {}
    for lang, texts in game.question_texts.items():
        if lang == reference_lang:
            continue
        for question_id, entry in texts.items():
            theirs = reference.get(question_id)
            if not isinstance(theirs, dict) or not isinstance(entry, dict):
                continue
            for key in ("text", "why"):
                mine, ref = entry.get(key), theirs.get(key)
                pairs = ([(key, mine, ref)] if isinstance(mine, str) and isinstance(ref, str) else
                         [(f"{key}.{answer}", mine[answer], ref[answer]) for answer in ("yes", "no")
                          if isinstance(mine, dict) and isinstance(ref, dict)
                          and isinstance(mine.get(answer), str) and isinstance(ref.get(answer), str)])
                for name, text, ref_text in pairs:
                    _same_placeholders_and_digits(text, ref_text, reference_lang, problems,
                                                  game.dir / f"questions.{lang}.yml", line_of(entry, key), question_id,
                                                  key=f"{name}: ")
            sentences, ref_sentences = entry.get("why_when") or {}, theirs.get("why_when") or {}
            for name in sentences.keys() & ref_sentences.keys():     # which are there is verify's: RR314
                _same_placeholders_and_digits(sentences[name], ref_sentences[name], reference_lang, problems,
                                              game.dir / f"questions.{lang}.yml", line_of(sentences, name), question_id,
                                              key=f"why_when.{name}: ")


def _format_fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def lint_words(site: Site, game: Game, problems: Problems) -> None:
    """Every language has English's words; a count has exactly the language's CLDR categories, each with `#`."""
    reference_lang = site.default_language
    reference = game.texts[reference_lang].get(WORDS) or {}
    for lang in site.languages:
        if lang not in game.texts:
            continue
        texts = game.texts[lang]
        words = texts.get(WORDS) or {}
        path = game.dir / f"text.{lang}.yml"
        for name in sorted(reference.keys() - words.keys(), key=str):
            problems.add(path, line_of(texts, WORDS), f"{WORDS}.{name}", codes.MISSING_TEXT, f"missing the {lang} text")
        for name in sorted(words.keys() - reference.keys(), key=str):
            problems.add(path, line_of(words, name), f"{WORDS}.{name}", codes.EXTRA_TEXT,
                         f"extra key, not in the {reference_lang} texts")
        for name in sorted(words.keys() & reference.keys(), key=str):
            entry, ref, line, id_ = words[name], reference[name], line_of(words, name), f"{WORDS}.{name}"
            if is_plural_entry(ref):
                wanted = set(plural_categories(lang))
                if plural_forms(entry) != wanted:
                    problems.add(path, line, id_, codes.COUNT_FORMS,
                                 f"a {lang} count needs exactly the CLDR forms {sorted(wanted)}, not "
                                 f"{sorted(plural_forms(entry))}")
                for form, text in entry.items():
                    if COUNT_MARK not in text and form in wanted:     # an exact form ("=1") may say it in words
                        problems.add(path, line, id_, codes.COUNT_FORMS,
                                     f"form {form!r} must show the number as {COUNT_MARK}")
                if count_starts_a_clause(entry) and not _says_one_in_words(entry.get("=1")):
                    problems.add(path, line, id_, codes.COUNT_STARTS_CLAUSE,
                                 f"the count is the subject of a clause (its forms "
                                 f"{' / '.join(repr(entry[f]) for f in sorted(plural_forms(entry)))} "
                                 f"agree past the noun), where prose says one as a word: "
                                 f"add \"=1\" with it, as {reference_lang} \"one of them has\"")
                continue
            if set(entry) != set(ref):
                problems.add(path, line, id_, codes.OTHER_WORDS_KEYS,
                             f"keys {sorted(entry)} differ from {reference_lang} {sorted(ref)}")
            for key in entry.keys() & ref.keys():
                if _format_fields(entry[key]) != _format_fields(ref[key]):
                    problems.add(path, line_of(entry, key), f"{id_}.{key}", codes.OTHER_WORDS_KEYS,
                                 f"fields {sorted(_format_fields(entry[key]))} differ from {reference_lang} "
                                 f"{sorted(_format_fields(ref[key]))}")


def _says_one_in_words(form: str | None) -> bool:
    return bool(form) and COUNT_MARK not in form and "1" not in form


def lint_ui(site: Site, problems: Problems) -> None:
    reference = site.ui.get(site.default_language)
    if reference is None:
        return
    for lang in site.languages:
        if lang in site.ui:
            mirror(reference, site.ui[lang], site.root / f"ui.{lang}.yml", lang, site.default_language, problems)


def lint_structure(game: Game, problems: Problems) -> None:
    path = game.dir / "game.yml"
    seen: dict[str, str] = {}
    ranks: dict[int, str] = {}
    for page, sections in game.pages.items():
        for section in sections:
            if section.entries and not SECTION_FIELDS[section.kind]:
                problems.add(path, line_of(game.raw), None, codes.ID_WITHOUT_TEXT,
                             f"section {section.kind!r} takes no entries")
            for entry in section.entries:
                if entry.id in seen:
                    problems.add(path, entry.line, entry.id, codes.ID_TWICE, f"duplicate id (also in {seen[entry.id]})")
                seen[entry.id] = f"{page}/{section.kind}"
                if entry.pages and game.rulebook is None:
                    problems.add(path, entry.line, entry.id, codes.PAGE_OUTSIDE_RULEBOOK,
                                 "page refs given but the game has no rulebook")
                last = game.rulebook["pages"] if game.rulebook else 0
                for number in entry.pages:
                    if not 1 <= number <= last:
                        problems.add(path, entry.line, entry.id, codes.PAGE_OUTSIDE_RULEBOOK,
                                     f"page ref {number} is outside the rulebook's pages 1–{last}")
                if section.kind == "calculator" and entry.id not in game.presentation.calculators():
                    problems.add(path, entry.line, entry.id, codes.NO_CHECKER,
                                 f"{games.folder(game.id)}/ offers no calculator {entry.id!r} "
                                 "(presentation.py calculators())")
                if section.kind == "forget" and entry.rank is None:
                    problems.add(path, entry.line, entry.id, codes.RANK, "an easy-to-forget entry needs a rank")
                if entry.rank is not None:
                    if entry.rank in ranks:
                        problems.add(path, entry.line, entry.id, codes.RANK,
                                     f"rank {entry.rank} also given to {ranks[entry.rank]}")
                    ranks[entry.rank] = entry.id


def lint_game_texts(site: Site, game: Game, problems: Problems) -> None:
    reference_lang = site.default_language
    reference = game.texts.get(reference_lang)
    if reference is None:
        return
    found_before = len(problems.items)
    ref_path = game.dir / f"text.{reference_lang}.yml"
    needed = [f"{page}_{part}" for page in game.extra_pages() + (["quiz"] if game.questions else [])
              for part in ("title", "description", "intro")] + (["rulebook_ref"] if game.rulebook else [])
    for key in needed:
        if key not in reference:
            problems.add(ref_path, line_of(reference), None, codes.MISSING_KEY, f"missing key {key!r}")
    own_fields = {entry_id: tuple(tool["fields"]) for entry_id, tool in game.presentation.score_lists().items()}
    fields_by_id = {e.id: SECTION_FIELDS[s.kind] + own_fields.get(e.id, ()) for sections in game.pages.values()
                    for s in sections for e in s.entries}
    variants_by_id = {e.id: {name for name, _ in e.when} for sections in game.pages.values() for s in sections
                      for e in s.entries}
    entries = reference["entries"]
    for entry_id, fields in fields_by_id.items():
        if entry_id not in entries:
            problems.add(ref_path, line_of(entries), entry_id, codes.ID_WITHOUT_TEXT, "id in game.yml has no text")
            continue
        text = entries[entry_id]
        allowed = {f.rstrip("?"): not f.endswith("?") for f in fields}
        for variant in variants_by_id[entry_id]:
            if not isinstance(text.get(variant), dict):
                problems.add(ref_path, line_of(text), entry_id, codes.ID_WITHOUT_TEXT,
                             f"missing the texts of the variant {variant!r}")
                continue
            for field in text[variant].keys() - allowed.keys():
                problems.add(ref_path, line_of(text[variant], field), entry_id, codes.ID_WITHOUT_TEXT,
                             f"unknown field {field!r} in the variant {variant!r}")
        for field in text.keys() - allowed.keys() - variants_by_id[entry_id]:
            problems.add(ref_path, line_of(text, field), entry_id, codes.ID_WITHOUT_TEXT, f"unknown field {field!r}")
        for field in [f for f, required in allowed.items() if required and f not in text]:
            problems.add(ref_path, line_of(text), entry_id, codes.ID_WITHOUT_TEXT, f"missing field {field!r}")
    for entry_id in entries.keys() - fields_by_id.keys():
        problems.add(ref_path, line_of(entries, entry_id), entry_id, codes.ID_WITHOUT_TEXT,
                     "text for an id that game.yml does not use")

    def id_of(path: tuple) -> str:
        return ".".join(map(str, path[1:] if path[0] == "entries" and len(path) > 1 else path))

    for lang in site.languages:
        if lang in game.texts:
            mirror(reference, game.texts[lang], game.dir / f"text.{lang}.yml", lang, reference_lang, problems, id_of)
    lint_words(site, game, problems)
    if len(problems.items) == found_before:
        lint_fillable(game, problems, id_of)


def lint_fillable(game: Game, problems: Problems, id_of) -> None:
    """Every text fills in its own language: each placeholder names a value, each filter fits it (an entry's variant
    for other tables' rules at every table it is for: lint_texts_at_tables)."""
    values = game.values()
    variants = {(entry.id, name) for sections in game.pages.values() for section in sections
                for entry in section.entries for name, _ in entry.when}
    for lang, texts in game.texts.items():
        wording = game.wording(lang)
        for path, text, _ in leaves(texts):
            if not isinstance(text, str) or (len(path) > 3 and path[0] == "entries" and path[1:3] in variants):
                continue
            extra = {name: 1 for name in game.filled_elsewhere(path[-1])}
            try:
                wording.fill(text, {**values, **extra})
            except WordingError as exc:
                problems.add(game.dir / f"text.{lang}.yml", line_where(texts, path), id_of(path), codes.DOES_NOT_FILL,
                             str(exc))


STEP_NUMBER = re.compile(r"^\d+\.\s")


def lint_retyped_facts(site: Site, game: Game, problems: Problems) -> None:
    """A number typed into an English text where a fact of that value holds it (write {rounds}, not 8). Ones, step
    numbers ("2. Find…") and the numbers game.yml declares under typed_numbers are not taken for facts."""
    by_value: dict[int, list[str]] = {}
    for name, value in game.values().items():
        if type(value) is int and value >= 2:
            by_value.setdefault(value, []).append(name)
    declared = {int(number) for number in game.raw.get("typed_numbers") or {}}
    lang = site.default_language
    sources = [(game.dir / f"text.{lang}.yml", game.texts.get(lang) or {})]
    if game.question_texts.get(lang):
        sources.append((game.dir / f"questions.{lang}.yml", game.question_texts[lang]))
    for path, texts in sources:
        for key_path, text, _ in leaves(texts):
            if not isinstance(text, str):
                continue
            for number in DIGIT_RUN.findall(STEP_NUMBER.sub("", strip_placeholders(text))):
                if int(number) in by_value and int(number) not in declared:
                    names = ", ".join(f"{{{n}}}" for n in by_value[int(number)])
                    problems.add(path, line_where(texts, key_path), ".".join(map(str, key_path)), codes.TYPED_FACT,
                                 f"{number} is typed where a fact holds it: write {names} (or declare it under "
                                 f"typed_numbers in game.yml)")


TODO = re.compile(r"\bTODO\b")


def lint_todos(site: Site, game: Game, problems: Problems) -> None:
    """A text that still says TODO, as `python -m quiz new` writes them, is not finished."""
    sources = [(game.dir / f"text.{lang}.yml", texts) for lang, texts in game.texts.items()]
    sources += [(game.dir / f"questions.{lang}.yml", texts) for lang, texts in game.question_texts.items()]
    for path, texts in sources:
        for key_path, text, _ in leaves(texts):
            if isinstance(text, str) and TODO.search(text):
                problems.add(path, line_where(texts, key_path), ".".join(map(str, key_path)), codes.TODO_LEFT,
                             "still says TODO")


def lint_texts_at_tables(site: Site, game: Game, problems: Problems, filled: Filled | None = None) -> None:
    """At every table a game's rule sets make, every entry that is on the page fills in, in every language: a text
    that names a number the table's rules do not have (three pairs where none score) needs a variant (`when`) or
    `applies` in game.yml. One problem per entry, naming the plainest table where its first text fails. The texts are
    filled in as the pages show them, once (page_units.texts_at_tables). filled: the entries an earlier build filled
    in, by their texts (page_units.Filled), so an edit fills only the entries it changed again."""
    if game.rule_sets is None:
        return
    filled = filled if filled is not None else Filled()
    for lang in game.texts:
        texts = game.texts[lang]
        for entry_id, at_tables in texts_at_tables(game, lang, filled).items():
            if at_tables.failed:
                values, field, error = at_tables.failed[0]
                table = game.rule_sets.plainest(at_tables.names, values)
                problems.add(game.dir / f"text.{lang}.yml", line_where(texts, ("entries", entry_id, field)),
                             f"{entry_id}.{field}", codes.DOES_NOT_FILL,
                             f"{error} at the table ?rules={table.address()}")


FORM_CHECKS = (lint_typography, lint_apostrophes, lint_one_in_words, lint_nested_labels, lint_glossaries,
               lint_typed_dates)     # every text file's: a game's, and the interface texts (game None)


def lint_site(site: Site, problems: Problems) -> None:
    """Run every content check; problems are collected, not raised."""
    lint_interface(site, problems)
    for game in site.games:
        lint_game(site, game, problems)


def lint_interface(site: Site, problems: Problems) -> None:
    """The interface texts' checks, and the form checks of every text file that is no game's."""
    lint_ui(site, problems)
    for check in FORM_CHECKS:
        check(site, None, problems)


def lint_game(site: Site, game: Game, problems: Problems, filled: Filled | None = None) -> None:
    """Every check of one game's files. filled: see lint_texts_at_tables."""
    lint_structure(game, problems)
    lint_game_texts(site, game, problems)
    lint_question_texts(site, game, problems)
    lint_retyped_facts(site, game, problems)
    lint_todos(site, game, problems)
    lint_list_markers(site, game, problems)
    lint_labels_shown_as_is(game, problems)
    lint_bare_labels(site, game, problems)
    lint_rule_set_texts(site, game, problems)
    if not problems.items:
        lint_texts_at_tables(site, game, problems, filled)
    for check in FORM_CHECKS:
        check(site, game, problems)
