"""Fills {placeholders} in one language: numbers through Babel, counts with their CLDR plural form,
terms and game filters.

A placeholder is `{path}` or `{path|filter}`. The path is dotted (`tableau.regions.0.number`) into the values at hand
(facts, a question's givens, the answer). Without a filter a whole number (or a Decimal, with its digits) is written as
the language writes numbers, a list as the language writes lists, a date as the language writes a date in full (Babel's
long format). The filter names an entry of the game's `words:` in that language:
- a plural entry (its keys are CLDR categories, e.g. `{one: "# clue", other: "# clues"}`): the form Babel's plural rule
  picks for the number, `#` replaced by it; so no text ever says "1 clues". An exact form (`"=1": "one clue"`, as ICU
  MessageFormat's `=1`) wins for its number and may say it in words: prose says "one die", not "1 die";
- a table (`colours: {red: red, …}`): the entry for the value;
or `dice` (die faces), or a filter the game's checker provides (`text_formatters()`, e.g. a card game's `row`).

Some filters can also be drawn: `dice` as die faces, and a game's own through `text_pictures()` (a `row` as a row of
cards). `segments()` splits a text where such a placeholder stands, so a page can show the picture with the
words kept as its accessible text.
"""
from __future__ import annotations

import datetime
import functools
import re
from decimal import Decimal
from typing import Any, Callable

from babel import Locale
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_decimal

PLACEHOLDER = re.compile(r"\{([A-Za-z_][\w.-]*)(?:\|([A-Za-z_][\w-]*))?\}")
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
COUNT_MARK = "#"
# The English pages are written in British English ("colour"): their dates put the day first, "2 November 2026" (Babel's
# plain "en" is American, "November 2, 2026").
DATE_LOCALES = {"en": "en_GB"}


class WordingError(Exception):
    """A placeholder that cannot be filled: an unknown path or filter, or a value the filter cannot take."""


def placeholders(text: str) -> list[tuple[str, str | None]]:
    """Every (path, filter) a text uses, in order, repeats included."""
    return [(m.group(1), m.group(2)) for m in PLACEHOLDER.finditer(text)]


def placeholder_paths(text: str) -> list[str]:
    return [path for path, _ in placeholders(text)]


def strip_placeholders(text: str) -> str:
    return PLACEHOLDER.sub("", text)


@functools.lru_cache(maxsize=None)
def plural_categories(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories a language tells apart for whole numbers, "other" always among them."""
    return tuple(c for c in PLURAL_CATEGORIES if c in Locale.parse(lang).plural_form.tags | {"other"})


@functools.lru_cache(maxsize=4096)   # practice words tens of thousands of numbers, mostly the same few
def _number(value: int, lang: str) -> str:
    return format_decimal(value, locale=lang)


@functools.lru_cache(maxsize=4096)
def plural_category(lang: str, number: int) -> str:
    return Locale.parse(lang).plural_form(number)


EXACT_FORM = re.compile(r"=\d+")


def is_plural_entry(entry: Any) -> bool:
    return isinstance(entry, dict) and "other" in entry and all(
        key in PLURAL_CATEGORIES or EXACT_FORM.fullmatch(str(key)) for key in entry)


def plural_forms(entry: dict) -> set[str]:
    """A plural entry's CLDR category keys (its exact forms, "=1", left out)."""
    return {key for key in entry if key in PLURAL_CATEGORIES}


# A word past the first after a count that changes only by one of these (the singular's word plus it) is the noun or an
# adjective agreeing with it ("# more Yahtzee" / "Yahtzees", "supplémentaire" / "supplémentaires"), not a verb
PLURAL_ENDINGS = ("s", "x", "e", "es", "n", "en")


def count_starts_a_clause(entry: dict) -> bool:
    """Whether a count's forms agree past the noun: a verb or pronoun agrees with the number ("# of them has" /
    "have", "hat # von ihnen" / "haben", "# joueur a" / "ont"), so the number starts a clause in prose, where "1 of
    them has" reads as a digit for the word; "# die" / "# dice" counts a thing, as the rulebooks write it. The word
    right after the number may change any way (die / dice); a later one that changes only by a plural ending is the
    noun after a modifier or an adjective after it ("you roll # more Yahtzees": the count is an object), any other
    change past the number (has / have, bir / birer) agrees."""
    parts = {form: entry[form].partition(COUNT_MARK) for form in plural_forms(entry)}
    if len({tuple(before.split()) for before, _, _ in parts.values()}) > 1:
        return True
    past = {form: after.split()[1:] for form, (_, _, after) in parts.items()}
    one = past.get("one", past["other"])

    def agrees(singular: str, word: str) -> bool:
        return word != singular and not any(word == singular + end for end in PLURAL_ENDINGS)
    return any(len(words) != len(one) or any(map(agrees, one, words)) for words in past.values())


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


def term_key(value: Any) -> str:
    """The key a table entry has for a value: booleans and null as YAML writes them."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "-".join(map(str, value))
    return str(value)


class Wording:
    """One language's way with numbers, counts and terms, and the game's own filters."""

    def __init__(self, lang: str, words: dict | None = None, formatters: dict[str, Callable] | None = None,
                 pictures: dict[str, Callable] | None = None):
        self.lang = lang
        self.words = words or {}
        self.formatters = formatters or {}
        self.pictures = pictures or {}

    def number(self, value: int) -> str:
        return _number(value, self.lang)

    def count(self, noun: str, number: int) -> str:
        """A count with its noun in the form the language's plural rule picks: "1 clue", "2 clues"."""
        forms = self.words.get(noun)
        if not is_plural_entry(forms):
            raise WordingError(f"no plural entry {noun!r} in words")
        if f"={number}" in forms:
            return forms[f"={number}"].replace(COUNT_MARK, self.number(number))
        category = plural_category(self.lang, number)
        if category not in forms:
            raise WordingError(f"words.{noun} has no {category!r} form")
        return forms[category].replace(COUNT_MARK, self.number(number))

    __call__ = count

    def term(self, table: str, value: Any) -> str:
        entries = self.words.get(table)
        if not isinstance(entries, dict) or is_plural_entry(entries):
            raise WordingError(f"no table {table!r} in words")
        key = term_key(value)
        if key not in entries:
            raise WordingError(f"words.{table} has no entry for {key!r}")
        return entries[key]

    def value(self, value: Any, filter_: str | None = None) -> str:
        if filter_ is None:
            if isinstance(value, bool) or value is None:
                raise WordingError(f"{term_key(value)} needs a filter that says it in words")
            if isinstance(value, int):
                return self.number(value)
            if isinstance(value, Decimal):      # a rounded figure, its digits as given: 53.4 -> "53,4" in German
                return format_decimal(value, locale=self.lang)
            if isinstance(value, datetime.date):
                return format_date(value, format="long", locale=DATE_LOCALES.get(self.lang, self.lang))
            if isinstance(value, str):
                return value
            if isinstance(value, list) and value and all(isinstance(v, (int, str)) and not isinstance(v, bool)
                                                         for v in value):
                return format_list([self.value(v) for v in value], locale=self.lang)
            raise WordingError(f"{value!r} needs a filter that says it in words")
        if filter_ == "dice":
            if not isinstance(value, list) or not all(type(v) is int for v in value):
                raise WordingError(f"dice: {value!r} is not a list of die faces")
            return " ".join(self.number(v) for v in value)
        if filter_ in self.formatters:
            try:
                return self.formatters[filter_](value, self.words, self)
            except (KeyError, TypeError, AttributeError, ValueError, IndexError) as exc:
                raise WordingError(f"{filter_}: cannot describe {value!r}: {type(exc).__name__}: {exc}") from None
        if filter_ not in self.words:
            raise WordingError(f"unknown filter |{filter_}")
        if is_plural_entry(self.words[filter_]):
            if type(value) is not int:
                raise WordingError(f"|{filter_} counts, but {value!r} is not a whole number")
            return self.count(filter_, value)
        return self.term(filter_, value)

    def picture(self, value: Any, filter_: str | None) -> dict | None:
        """What a placeholder looks like drawn: {"kind": "dice", "faces": […]}, a game's picture, or None
        (words only)."""
        if filter_ == "dice":
            self.value(value, filter_)  # the same checks as the words
            return {"kind": "dice", "faces": list(value)}
        if filter_ in self.pictures:
            try:
                return self.pictures[filter_](value, self.words, self)
            except (KeyError, TypeError, AttributeError, ValueError, IndexError) as exc:
                raise WordingError(f"{filter_}: cannot draw {value!r}: {type(exc).__name__}: {exc}") from None
        return None

    def segments(self, text: str, values: dict) -> list[str | dict]:
        """The text as fill() writes it, split at each placeholder that can be drawn: plain strings, and for each
        picture {"picture": …, "text": the words it stands for}. Joining every string and text gives fill()'s result."""
        parts: list[str | dict] = []
        last = 0
        for match in PLACEHOLDER.finditer(text):
            path, filter_ = match.group(1), match.group(2)
            try:
                found = resolve(values, path)
            except KeyError:
                raise WordingError(f"unknown placeholder {{{path}}}") from None
            picture = self.picture(found, filter_)
            if picture is None:
                continue
            parts.append(self.fill(text[last:match.start()], values))
            parts.append({"picture": picture, "text": self.value(found, filter_)})
            last = match.end()
        parts.append(self.fill(text[last:], values))
        return [part for part in parts if part != ""]

    def fill(self, text: str, values: dict) -> str:
        """Replace every placeholder; WordingError names the first one that cannot be filled."""
        def replace(match: re.Match) -> str:
            path, filter_ = match.group(1), match.group(2)
            try:
                found = resolve(values, path)
            except KeyError:
                raise WordingError(f"unknown placeholder {{{path}}}") from None
            return self.value(found, filter_)
        return PLACEHOLDER.sub(replace, text)
