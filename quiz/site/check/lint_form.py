"""The form of a text in every language, which lint.py runs: French typography and apostrophes, "one" in words where
a count says one, nested brackets in labels, Markdown list markers, labels shown as they are, typed dates, bare
labels, the rule sets' texts, the glossaries' words. Each runs on one game's files (`game`), the checks every text
file gets also on the interface texts (game None), so a game's lint can be kept apart from the others'."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from quiz.site.load import codes
from quiz.site.load.content import Game, Site
from quiz.site.load.problems import Problems
from quiz.site.load.source import line_of
from quiz.site.load.wording import WordingError, placeholder_paths, strip_placeholders
from quiz.site.check.text_paths import line_where, strings_in, text_files

NO_BREAK_SPACES = "\u00a0\u202f"
SPACED_MARKS = re.compile(r"[:;!?]|«|»")


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


def lint_typography(site: Site, game: Game | None, problems: Problems) -> None:
    """A language whose colon (ui labels.colon) has a no-break space before it, as French does, wants one before every
    : ; ! ? and inside « » in all its texts; a normal space would break the line before the mark."""
    for lang in site.languages:
        colon = ((site.ui.get(lang) or {}).get("labels") or {}).get("colon", "")
        if not colon or colon[0] not in NO_BREAK_SPACES:
            continue
        for path, texts in text_files(site, lang, game):
            for key_path, text in strings_in(texts):
                for place in unspaced_marks(text):
                    problems.add(path, line_where(texts, key_path), ".".join(map(str, key_path)), codes.FRENCH_SPACING,
                                 f"no no-break space at {place!r}: {lang} writes one (U+00A0, or the narrow U+202F) "
                                 f"before : ; ! ? and inside « », in place of the space or where there is none "
                                 f"(python -m quiz lint --fix puts them in)")


APOSTROPHES = ("'", "\u2019")
APOSTROPHE = re.compile(r"(?<=[^\W\d_])['\u2019](?=[^\W\d_])")      # between two letters: not a quotation mark


def lint_apostrophes(site: Site, game: Game | None, problems: Problems) -> None:
    """A language's texts write one apostrophe, the one its ui.<lang>.yml names (labels.apostrophe): a page that mixes
    ' and ’ reads as two hands (French had 3 curly among 40 straight on one page)."""
    for lang in site.languages:
        usual = ((site.ui.get(lang) or {}).get("labels") or {}).get("apostrophe")
        if usual not in APOSTROPHES:
            continue
        for path, texts in text_files(site, lang, game):
            for key_path, text in strings_in(texts):
                for found in APOSTROPHE.finditer(text):
                    if found.group() != usual:
                        at = found.start()
                        problems.add(path, line_where(texts, key_path), ".".join(map(str, key_path)),
                                     codes.OTHER_APOSTROPHE,
                                     f"apostrophe {found.group()!r} at {text[max(0, at - 8): at + 4]!r}: {lang} writes "
                                     f"{usual!r} (labels.apostrophe)")
                        break


def lint_one_in_words(site: Site, game: Game | None, problems: Problems) -> None:
    """A count of one before the word after which a language says it in words (labels.one_in_words): Turkish "1
    tanesini tut", where seed 003 says "Birini tutarsın". The digit typed, or a fact of value 1 as a placeholder
    without a filter; a word filter ({sanctuary_keep|one_of}) says it in words and stays bound to the fact."""
    values: dict[str, Any] = {}
    for named in [game] if game is not None else site.games:      # the interface texts may name any game's facts
        values.update({name: value for name, value in named.values().items() if type(value) is int})
    for lang in site.languages:
        word = ((site.ui.get(lang) or {}).get("labels") or {}).get("one_in_words")
        if not word:
            continue
        counted = re.compile(rf"(?:(?<![\d.,])1|\{{(\w+)\}}) {re.escape(word)}")
        for path, texts in text_files(site, lang, game):
            for key_path, text in strings_in(texts):
                for found in counted.finditer(text):
                    if found.group(1) is None or values.get(found.group(1)) == 1:
                        problems.add(path, line_where(texts, key_path), ".".join(map(str, key_path)),
                                     codes.ONE_IN_WORDS, f"{found.group()!r}: {lang} says one in words here "
                                     f"(labels.one_in_words {word!r}): write a word, for a fact a word filter such as "
                                     f"{{{found.group(1) or 'fact'}|one_of}}")


RULE_WORDS = ("value", "none", "on", "off")     # rule_sets.rules.<rule>: words a page writes after "<name>: "


def lint_nested_labels(site: Site, game: Game | None, problems: Problems) -> None:
    """Brackets inside brackets ("1,500 (no line of its own (as three pairs))") read as a slip in any text; and a
    rule's value words with a colon of their own are written after its name and a colon ("Two triplets: no bonus:
    two separate threes"), two colons in one label (content-review-5 S3)."""
    for lang in site.languages:
        for path, texts in text_files(site, lang, game):
            for key_path, text in strings_in(texts):
                where, depth, deepest, shown = ".".join(map(str, key_path)), 0, 0, strip_placeholders(text)
                for char in shown if shown.count("(") > 1 else "":     # one bracket cannot nest
                    depth += {"(": 1, ")": -1}.get(char, 0)
                    deepest = max(deepest, depth)
                colon = len(key_path) >= 4 and key_path[:2] == ("rule_sets", "rules") and key_path[3] in RULE_WORDS \
                    and ":" in shown
                if deepest > 1 or colon:
                    problems.add(path, line_where(texts, key_path), where, codes.NESTED_LABEL,
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
                filled = wording.fill(text, {**values, **{n: 1 for n in game.filled_elsewhere(key_path[-1])}})
            except WordingError:
                continue   # RR105 says why
            marker = LIST_MARKER.search(filled)
            if marker:
                problems.add(game.dir / f"text.{lang}.yml", line_where(texts, key_path), ".".join(map(str, key_path)),
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
                problems.add(game.dir / f"text.{lang}.yml", line_where(texts, key_path),
                             ".".join(map(str, key_path[1:] if key_path[0] == "entries" else key_path)),
                             codes.PLACEHOLDER_IN_LABEL,
                             f"{text!r}: a table's label is shown as it is, never filled in: type its words "
                             f"(a column shows the numbers)")


TYPED_DATE = re.compile(r"(?<!\d)(?<!\d[./])(?:\d{1,2}[./]\d{1,2}[./](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2})(?![./]?\d)")


def lint_typed_dates(site: Site, game: Game | None, problems: Problems) -> None:
    """A date typed into a text shows one language's format in every language: write {as_of} (game.yml), which Babel
    writes as each language does ("November 2, 2026", "2. November 2026", "2 novembre 2026", "2 Kasım 2026")."""
    for lang in site.languages:
        for path, texts in text_files(site, lang, game):
            for key_path, text in strings_in(texts):
                for date in TYPED_DATE.findall(strip_placeholders(text)):
                    problems.add(path, line_where(texts, key_path), ".".join(map(str, key_path)), codes.TYPED_DATE,
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
                    problems.add(path, line_where(texts, key_path), ".".join(map(str, key_path)), codes.BARE_LABEL,
                                 f"bare label {found.group()!r}: {lang} numbers a card before its name "
                                 f"(\"… {word} {found.group(1)} …\", labels.numbered), as its other texts do")


def lint_glossaries(site: Site, game: Game | None, problems: Problems) -> None:
    """One word per thing in each language (each game's glossary.yml): a word its entry rules out, found at the start of
    a word in that game's texts or in the site's interface texts (which every game's pages show), is a second name
    for one thing ("area" beside "tableau", "rangée" beside "ligne", "yanıt" beside "cevap")."""
    def check(path: Path, texts: dict, lang: str, entries: list[tuple[str, dict]]) -> None:
        others = [(thing, term, re.compile(rf"(?<![^\W\d_])({'|'.join(map(re.escape, term['not']))})\w*",
                                           re.IGNORECASE)) for thing, term in entries]
        for key_path, text in strings_in(texts) if others else ():
            shown = strip_placeholders(text)
            for thing, term, other in others:
                if found := other.search(shown):
                    problems.add(path, line_where(texts, key_path), ".".join(map(str, key_path)), codes.SECOND_WORD,
                                 f"{found.group()!r} for {thing}: {lang} calls it {term['use']!r} on these pages "
                                 f"(glossary.yml)")
    for lang in site.languages:
        entries = []
        for named in [game] if game is not None else site.games:     # the interface texts: every game's words
            entries += [entry for entry in ((thing, by_lang[lang]) for thing, by_lang in named.glossary.items()
                                            if by_lang.get(lang, {}).get("not")) if entry not in entries]
        for path, texts in text_files(site, lang, game):
            check(path, texts, lang, entries)
