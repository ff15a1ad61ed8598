"""Keeps the languages in step: same ids, fields and words, the same placeholders (as often) and digits as English,
every text fillable in its language; sane ids, ranks and page refs."""
from __future__ import annotations

import collections
import re
import string
from pathlib import Path
from typing import Any, Iterator

from quiz import games
from quiz.site import codes
from quiz.site.content import GENERATOR_PLACEHOLDERS, SECTION_FIELDS, Game, Site, digit_runs
from quiz.site.memo import Memo
from quiz.site.page_units import texts_at_tables
from quiz.site.problems import Problems
from quiz.site.source import line_of
from quiz.site.wording import (COUNT_MARK, WordingError, count_starts_a_clause, is_plural_entry, placeholder_paths,
                               plural_categories, plural_forms, strip_placeholders)

WORDS = "words"
DIGIT_RUN = re.compile(r"\d+")   # a text file's glossary: checked by lint_words, not mirrored key for key


def _leaves(node: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any, Any]]:
    """Every non-mapping value in a nested mapping, with its key path and parent mapping."""
    for key, value in node.items():
        if not path and key == WORDS:
            continue
        if isinstance(value, dict):
            yield from _leaves(value, path + (key,))
        else:
            yield path + (key,), value, node


def _lookup(node: Any, path: tuple) -> Any:
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node


def _first_absent(path: tuple, node: Any) -> tuple:
    """The shortest prefix of path that node lacks, so a whole missing entry is reported once."""
    for depth in range(1, len(path) + 1):
        if _lookup(node, path[:depth]) is None:
            return path[:depth]
    return path


def _where(node: Any, path: tuple) -> int | None:
    """The line of the deepest key of path that exists."""
    line = line_of(node)
    for key in path:
        if not isinstance(node, dict) or key not in node:
            break
        line = line_of(node, key)
        node = node[key]
    return line


def counted(counter: collections.Counter) -> list[str]:
    return sorted(f"{name}×{n}" if n > 1 else name for name, n in counter.items())


def mirror(reference: dict, other: dict, other_path: Path, lang: str, reference_lang: str, problems: Problems,
           id_of=lambda path: ".".join(map(str, path))) -> None:
    """Check that other has exactly reference's keys, and per string the same placeholders, as often, and digits."""
    ref_leaves = {path: value for path, value, _ in _leaves(reference)}
    other_leaves = {path: value for path, value, _ in _leaves(other)}
    for path in sorted({_first_absent(path, other) for path in ref_leaves.keys() - other_leaves.keys()}, key=str):
        problems.add(other_path, _where(other, path[:-1]), id_of(path), codes.MISSING_TEXT, f"missing the {lang} text")
    for path in sorted({_first_absent(path, reference) for path in other_leaves.keys() - ref_leaves.keys()}, key=str):
        problems.add(other_path, _where(other, path), id_of(path), codes.EXTRA_TEXT,
                     f"extra key, not in the {reference_lang} texts")
    for path in ref_leaves.keys() & other_leaves.keys():
        ref, text = ref_leaves[path], other_leaves[path]
        line = _where(other, path)
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
    fields_by_id = {e.id: SECTION_FIELDS[s.kind] for sections in game.pages.values() for s in sections
                    for e in s.entries}
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
        for path, text, _ in _leaves(texts):
            if not isinstance(text, str) or (len(path) > 3 and path[0] == "entries" and path[1:3] in variants):
                continue
            extra = {name: 1 for name in GENERATOR_PLACEHOLDERS.get(path[-1], ())}
            try:
                wording.fill(text, {**values, **extra})
            except WordingError as exc:
                problems.add(game.dir / f"text.{lang}.yml", _where(texts, path), id_of(path), codes.DOES_NOT_FILL,
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
        for key_path, text, _ in _leaves(texts):
            if not isinstance(text, str):
                continue
            for number in DIGIT_RUN.findall(STEP_NUMBER.sub("", strip_placeholders(text))):
                if int(number) in by_value and int(number) not in declared:
                    names = ", ".join(f"{{{n}}}" for n in by_value[int(number)])
                    problems.add(path, _where(texts, key_path), ".".join(map(str, key_path)), codes.TYPED_FACT,
                                 f"{number} is typed where a fact holds it: write {names} (or declare it under "
                                 f"typed_numbers in game.yml)")


TODO = re.compile(r"\bTODO\b")


def lint_todos(site: Site, game: Game, problems: Problems) -> None:
    """A text that still says TODO, as `python -m quiz new` writes them, is not finished."""
    sources = [(game.dir / f"text.{lang}.yml", texts) for lang, texts in game.texts.items()]
    sources += [(game.dir / f"questions.{lang}.yml", texts) for lang, texts in game.question_texts.items()]
    for path, texts in sources:
        for key_path, text, _ in _leaves(texts):
            if isinstance(text, str) and TODO.search(text):
                problems.add(path, _where(texts, key_path), ".".join(map(str, key_path)), codes.TODO_LEFT,
                             "still says TODO")


# --- the form of a text: typography, Markdown, dates ---------------------------------------------------------------

NO_BREAK_SPACES = "\u00a0\u202f"
SPACED_MARKS = re.compile(r"[:;!?]|«|»")


def strings_in(node: Any, path: tuple = ()) -> Iterator[tuple[tuple, str]]:
    """Every string in nested YAML data (words: included), with its key path."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from strings_in(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from strings_in(value, path + (index,))
    elif isinstance(node, str):
        yield path, node


def _text_files(site: Site, lang: str) -> list[tuple[Path, dict]]:
    """A language's interface texts and every game's texts and question texts."""
    files = [(site.root / f"ui.{lang}.yml", site.ui.get(lang) or {})]
    for game in site.games:
        files.append((game.dir / f"text.{lang}.yml", game.texts.get(lang) or {}))
        files.append((game.dir / f"questions.{lang}.yml", game.question_texts.get(lang) or {}))
    return files


def unspaced_marks(text: str) -> list[str]:
    """Where a text lacks the no-break space French puts before : ; ! ? and inside « » (a run such as "?!" needs one;
    "://" and "10:30" need none): each place as the few characters around it."""
    found = []
    for match in SPACED_MARKS.finditer(text):
        at, mark = match.start(), match.group()
        before, after = text[at - 1: at], text[at + 1: at + 2]
        if mark == "«":
            missing = after not in NO_BREAK_SPACES or not after
        elif mark == "»":
            missing = before not in NO_BREAK_SPACES or not before
        elif before and before in ":;!?":
            missing = False
        elif mark == ":" and (text[at: at + 3] == "://" or (before.isdigit() and after.isdigit())):
            missing = False
        else:
            missing = not before or before not in NO_BREAK_SPACES
        if missing:
            found.append(text[max(0, at - 12): at + 3].replace("\n", " "))
    return found


def lint_typography(site: Site, problems: Problems) -> None:
    """A language whose colon (ui labels.colon) has a no-break space before it, as French does, wants one before every
    : ; ! ? and inside « » in all its texts; a normal space would break the line before the mark."""
    for lang in site.languages:
        colon = ((site.ui.get(lang) or {}).get("labels") or {}).get("colon", "")
        if not colon or colon[0] not in NO_BREAK_SPACES:
            continue
        for path, texts in _text_files(site, lang):
            for key_path, text in strings_in(texts):
                for place in unspaced_marks(text):
                    problems.add(path, _where(texts, key_path), ".".join(map(str, key_path)), codes.FRENCH_SPACING,
                                 f"no no-break space at {place!r}: {lang} writes one (U+00A0, or the narrow U+202F) "
                                 f"before : ; ! ? and inside « », in place of the space or where there is none "
                                 f"(python -m quiz lint --fix puts them in)")


APOSTROPHES = ("'", "\u2019")
APOSTROPHE = re.compile(r"(?<=[^\W\d_])['\u2019](?=[^\W\d_])")      # between two letters: not a quotation mark


def lint_apostrophes(site: Site, problems: Problems) -> None:
    """A language's texts write one apostrophe, the one its ui.<lang>.yml names (labels.apostrophe): a page that mixes
    ' and ’ reads as two hands (French had 3 curly among 40 straight on one page)."""
    for lang in site.languages:
        usual = ((site.ui.get(lang) or {}).get("labels") or {}).get("apostrophe")
        if usual not in APOSTROPHES:
            continue
        for path, texts in _text_files(site, lang):
            for key_path, text in strings_in(texts):
                for found in APOSTROPHE.finditer(text):
                    if found.group() != usual:
                        at = found.start()
                        problems.add(path, _where(texts, key_path), ".".join(map(str, key_path)),
                                     codes.OTHER_APOSTROPHE,
                                     f"apostrophe {found.group()!r} at {text[max(0, at - 8): at + 4]!r}: {lang} writes "
                                     f"{usual!r} (labels.apostrophe)")
                        break


def lint_one_in_words(site: Site, problems: Problems) -> None:
    """A count of one before the word after which a language says it in words (labels.one_in_words): Turkish "1
    tanesini tut", where seed 003 says "Birini tutarsın". The digit typed, or a fact of value 1 as a placeholder
    without a filter; a word filter ({sanctuary_keep|one_of}) says it in words and stays bound to the fact."""
    values: dict[str, Any] = {}
    for game in site.games:
        values.update({name: value for name, value in game.values().items() if type(value) is int})
    for lang in site.languages:
        word = ((site.ui.get(lang) or {}).get("labels") or {}).get("one_in_words")
        if not word:
            continue
        counted = re.compile(rf"(?:(?<![\d.,])1|\{{(\w+)\}}) {re.escape(word)}")
        for path, texts in _text_files(site, lang):
            for key_path, text in strings_in(texts):
                for found in counted.finditer(text):
                    if found.group(1) is None or values.get(found.group(1)) == 1:
                        problems.add(path, _where(texts, key_path), ".".join(map(str, key_path)),
                                     codes.ONE_IN_WORDS, f"{found.group()!r}: {lang} says one in words here "
                                     f"(labels.one_in_words {word!r}): write a word, for a fact a word filter such as "
                                     f"{{{found.group(1) or 'fact'}|one_of}}")


RULE_WORDS = ("value", "none", "on", "off")     # rule_sets.rules.<rule>: words a page writes after "<name>: "


def lint_nested_labels(site: Site, problems: Problems) -> None:
    """Brackets inside brackets ("1,500 (no line of its own (as three pairs))") read as a slip in any text; and a
    rule's value words with a colon of their own are written after its name and a colon ("Two triplets: no bonus:
    two separate threes"), two colons in one label (content-review-5 S3)."""
    for lang in site.languages:
        for path, texts in _text_files(site, lang):
            for key_path, text in strings_in(texts):
                where, depth, deepest = ".".join(map(str, key_path)), 0, 0
                for char in strip_placeholders(text):
                    depth += {"(": 1, ")": -1}.get(char, 0)
                    deepest = max(deepest, depth)
                colon = len(key_path) >= 4 and key_path[:2] == ("rule_sets", "rules") and key_path[3] in RULE_WORDS \
                    and ":" in strip_placeholders(text)
                if deepest > 1 or colon:
                    problems.add(path, _where(texts, key_path), where, codes.NESTED_LABEL,
                                 f"{text!r}: brackets inside brackets" if deepest > 1 else
                                 f"{text!r}: a colon inside a rule's words, which the page writes after the rule's "
                                 f"name and a colon (use a dash)")


# Section kinds whose entries' text starts a line of the page's Markdown (a paragraph, or an item after "1. ").
LINE_START_KINDS = {"summary", "exceptions", "turn", "sources", "sentences", "goal", "setup", "scoring", "end",
                    "teach-source", "computed-table"}
LIST_MARKER = re.compile(r"^\s*\d+[.)](\s|$)", re.M)


def lint_list_markers(site: Site, game: Game, problems: Problems) -> None:
    """A text that starts a Markdown line with "1. " (Turkish "1. turda", once its number is filled in) would be drawn
    as a numbered list: write "1\\." there, which Markdown shows as "1."."""
    values = game.values()
    line_start = {e.id for sections in game.pages.values() for s in sections if s.kind in LINE_START_KINDS
                  for e in s.entries}
    for lang, texts in game.texts.items():
        wording = game.wording(lang)
        candidates = [((key,), texts[key]) for key in texts if key.endswith("_intro")]
        candidates += [(("entries", entry_id, "text"), texts["entries"][entry_id]["text"])
                       for entry_id in sorted(line_start) if "text" in (texts["entries"].get(entry_id) or {})]
        for key_path, text in candidates:
            try:
                filled = wording.fill(text, {**values, **{n: 1 for n in GENERATOR_PLACEHOLDERS.get(key_path[-1], ())}})
            except WordingError:
                continue   # RR105 says why
            marker = LIST_MARKER.search(filled)
            if marker:
                problems.add(game.dir / f"text.{lang}.yml", _where(texts, key_path), ".".join(map(str, key_path)),
                             codes.READS_AS_LIST,
                             f"a line starts with {marker.group().strip()!r}, which Markdown draws as a "
                             f"numbered list: write it with a backslash before the dot ({{placeholder}}\\.)")


def shown_as_is(key_path: tuple) -> bool:
    """A text a page shows without filling it in: a computed table's column labels, the numbers table's own columns."""
    return (len(key_path) == 4 and key_path[0] == "entries" and key_path[2] == "columns") or \
        key_path in (("headings", "numbers_rule"), ("headings", "numbers_value"))


def lint_labels_shown_as_is(game: Game, problems: Problems) -> None:
    """A placeholder in a table's label would reach the page as "{name}": labels are not filled in."""
    for lang, texts in game.texts.items():
        for key_path, text in strings_in(texts):
            if shown_as_is(key_path) and placeholder_paths(text):
                problems.add(game.dir / f"text.{lang}.yml", _where(texts, key_path),
                             ".".join(map(str, key_path[1:] if key_path[0] == "entries" else key_path)),
                             codes.PLACEHOLDER_IN_LABEL,
                             f"{text!r}: a table's label is shown as it is, never filled in: type its words "
                             f"(a column shows the numbers)")


TYPED_DATE = re.compile(r"(?<!\d)(?<!\d[./])(?:\d{1,2}[./]\d{1,2}[./](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2})(?![./]?\d)")


def lint_typed_dates(site: Site, problems: Problems) -> None:
    """A date typed into a text shows one language's format in every language: write {as_of} (game.yml), which Babel
    writes as each language does ("November 2, 2026", "2. November 2026", "2 novembre 2026", "2 Kasım 2026")."""
    for lang in site.languages:
        for path, texts in _text_files(site, lang):
            for key_path, text in strings_in(texts):
                for date in TYPED_DATE.findall(strip_placeholders(text)):
                    problems.add(path, _where(texts, key_path), ".".join(map(str, key_path)), codes.TYPED_DATE,
                                 f"the date {date!r} is typed: write {{as_of}} (game.yml), which each language writes "
                                 f"in its own format")


def lint_rule_set_texts(site: Site, game: Game, problems: Problems) -> None:
    """Every rule set has its name and note, every fact or scoring option a set or house rule changes has its name (the
    numbers table's label, or `rule_sets: rules:`), and no text names a set or rule that sets.yml does not have."""
    if game.rule_sets is None:
        return
    path = game.dir / f"text.{site.default_language}.yml"
    texts = game.texts.get(site.default_language) or {}
    own = texts.get("rule_sets")
    if own is None:
        problems.add(path, line_of(texts), "rule_sets", codes.ID_WITHOUT_TEXT,
                     "the game has rule sets (sets.yml): name them here")
        return
    for set_id in game.rule_sets.sets.keys() - own["sets"].keys():
        problems.add(path, line_of(own, "sets"), set_id, codes.ID_WITHOUT_TEXT,
                     "a rule set of sets.yml without its name and note")
    for set_id in own["sets"].keys() - game.rule_sets.sets.keys():
        problems.add(path, line_of(own["sets"], set_id), set_id, codes.ID_WITHOUT_TEXT,
                     "text for a set that sets.yml does not have")
    named = {entry for entry, fields in texts["entries"].items() if "label" in fields} | set(own["rules"])
    changed = {name for rule_set in game.rule_sets.sets.values() for name in rule_set.changes}
    changed |= {rule.fact or rule.option["id"] for rule in game.rule_sets.house_rules}
    changed |= {name for rule_set in game.rule_sets.sets.values() for name in rule_set.silent}
    for name in sorted(changed - named):
        problems.add(path, line_of(own, "rules"), name, codes.ID_WITHOUT_TEXT,
                     "a rule a set or house rule changes, without a name (`rule_sets: rules:`)")
    for name in sorted(own["rules"].keys() - changed):
        problems.add(path, line_of(own["rules"], name), name, codes.ID_WITHOUT_TEXT,
                     "text for a rule no set or house rule changes")


def lint_texts_at_tables(site: Site, game: Game, problems: Problems, memo: Memo | None = None) -> None:
    """At every table a game's rule sets make, every entry that is on the page fills in, in every language: a text
    that names a number the table's rules do not have (three pairs where none score) needs a variant (`when`) or
    `applies` in game.yml. One problem per entry, naming the plainest table where its first text fails. The texts are
    filled in as the pages show them, once (page_units.texts_at_tables). memo (a build's): a language whose texts all
    fill in is kept with them, so an edit elsewhere neither fills them again here nor for the pages (0.8 s for
    Farkle)."""
    if game.rule_sets is None:
        return
    for lang in game.texts:
        key = memo and memo.texts_at_tables_key(site.root, game.dir, lang)
        kept = memo.get(key) if memo else None
        filled = texts_at_tables(game, lang, kept)
        if kept is not None:
            continue
        texts = game.texts[lang]
        for entry_id, at_tables in filled.items():
            if at_tables.failed:
                values, field, error = at_tables.failed[0]
                table = game.rule_sets.plainest(at_tables.names, values)
                problems.add(game.dir / f"text.{lang}.yml", _where(texts, ("entries", entry_id, field)),
                             f"{entry_id}.{field}", codes.DOES_NOT_FILL,
                             f"{error} at the table ?rules={table.address()}")
        if memo and not any(at_tables.failed for at_tables in filled.values()):
            memo.put(key, filled)


NUMBER_OR_PLACEHOLDER = r"(?:\d+|\{[^{}]*\})"


def lint_bare_labels(site: Site, game: Game, problems: Problems) -> None:
    """A language that names a card by its number and a word before the noun (Turkish "60 numaralı Bölge kartı": ui
    labels.numbered) names none by a bare label ("Bölge 60"): the nouns are those its own texts number that way."""
    for lang in site.languages:
        word = ((site.ui.get(lang) or {}).get("labels") or {}).get("numbered")
        if not word:
            continue
        files = [(game.dir / f"text.{lang}.yml", game.texts.get(lang) or {}),
                 (game.dir / f"questions.{lang}.yml", game.question_texts.get(lang) or {})]
        nouns = {noun for _, texts in files for _, text in strings_in(texts)
                 for noun in re.findall(rf"{NUMBER_OR_PLACEHOLDER} {re.escape(word)} (\w+)", text)}
        if not nouns:
            continue
        bare = re.compile(rf"(?<![\w-])({'|'.join(map(re.escape, sorted(nouns)))}) {NUMBER_OR_PLACEHOLDER}"
                          rf"(?! {re.escape(word)})")      # "kart {row.1} numaralı karttan": the next card's number
        for path, texts in files:
            for key_path, text in strings_in(texts):
                for found in bare.finditer(text):
                    problems.add(path, _where(texts, key_path), ".".join(map(str, key_path)), codes.BARE_LABEL,
                                 f"bare label {found.group()!r}: {lang} numbers a card before its name "
                                 f"(\"… {word} {found.group(1)} …\", labels.numbered), as its other texts do")


def lint_glossaries(site: Site, problems: Problems) -> None:
    """One word per thing in each language (each game's glossary.yml): a word its entry rules out, found at the start of
    a word in that game's texts or in the site's interface texts (which every game's pages show), is a second name
    for one thing ("area" beside "tableau", "rangée" beside "ligne", "yanıt" beside "cevap")."""
    def check(path: Path, texts: dict, lang: str, entries: list[tuple[str, dict]]) -> None:
        for thing, term in entries:
            other = re.compile(rf"(?<![^\W\d_])({'|'.join(map(re.escape, term['not']))})\w*", re.IGNORECASE)
            for key_path, text in strings_in(texts):
                if found := other.search(strip_placeholders(text)):
                    problems.add(path, _where(texts, key_path), ".".join(map(str, key_path)), codes.SECOND_WORD,
                                 f"{found.group()!r} for {thing}: {lang} calls it {term['use']!r} on these pages "
                                 f"(glossary.yml)")
    for lang in site.languages:
        every_game = []
        for game in site.games:
            entries = [(thing, by_lang[lang]) for thing, by_lang in game.glossary.items()
                       if by_lang.get(lang, {}).get("not")]
            every_game += [entry for entry in entries if entry not in every_game]
            check(game.dir / f"text.{lang}.yml", game.texts.get(lang) or {}, lang, entries)
            check(game.dir / f"questions.{lang}.yml", game.question_texts.get(lang) or {}, lang, entries)
        check(site.root / f"ui.{lang}.yml", site.ui.get(lang) or {}, lang, every_game)


def lint_site(site: Site, problems: Problems, memo: Memo | None = None) -> None:
    """Run every content check; problems are collected, not raised. memo: see lint_texts_at_tables."""
    lint_ui(site, problems)
    for game in site.games:
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
            lint_texts_at_tables(site, game, problems, memo)
    lint_typography(site, problems)
    lint_apostrophes(site, problems)
    lint_one_in_words(site, problems)
    lint_nested_labels(site, problems)
    lint_glossaries(site, problems)
    lint_typed_dates(site, problems)
