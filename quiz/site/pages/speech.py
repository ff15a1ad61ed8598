"""How long a text takes to say aloud: its syllables, counted in its language, at one spoken rate for every language.

Words have different lengths in different languages (Turkish words are long), so the teach page's "two minutes" is
measured in syllables, not words:
- a language pyphen hyphenates (de, fr, en…): per word, the larger of pyphen's parts and the word's vowel groups (a
  final "e"/"es" after a consonant is silent in the groups, as in "fame" and "carte"; pyphen keeps German "Kar-te");
- any other language (Turkish): one syllable per vowel, which is exact for Turkish;
- a number is counted as it is said, written out by num2words in the language ("10.000" → "zehntausend"; "8." before
  a word → "achte"), or one syllable per digit where num2words has no such language.
Checked against eSpeak NG's pronunciation of the teach scripts, the counts agree within 5 % in de, en and fr.

The rate, SYLLABLES_PER_SECOND = 3.5: a host explaining a game to a table, with a pause after each sentence. People
reading a prepared text aloud say about 5 to 8 syllables a second depending on the language (Pellegrino, Coupé and
Marsico 2011, "A cross-language perspective on speech information rate", Language 87(3)); 3.5 leaves room for the
pauses and for listeners who are not yet playing, and is the same for every language, so a script that is long in
syllables cannot hide behind a low word count.
"""
from __future__ import annotations

import functools
import re
import unicodedata

import pyphen
from num2words import num2words


SYLLABLES_PER_SECOND = 3.5
SPOKEN_SECONDS_LIMIT = 120   # the teach page's promise: the script read aloud in two minutes
# A number as the language writes it: digits with thousands separators (10,000 · 10.000 · 10 000 with a no-break space);
# followed by "." and a lower-case letter or an apostrophe it is an ordinal ("8. tur", "1.'ye").
NUMBER = re.compile(r"\d{1,3}(?:[.,\u00a0\u202f ]\d{3})+(?!\d)|\d+")
ORDINAL_AFTER = re.compile(r"\.(?:\s*[^\W\d_A-ZÀ-ÖØ-Þ]|['’])")
WORD = re.compile(r"[^\W\d_]+")
VOWEL_GROUP = re.compile(r"[aeiouyıæœø]+")
SILENT_END = re.compile(r"(?<=[^aeiouy])es?$")


@functools.lru_cache(maxsize=None)
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    found = pyphen.language_fallback(lang)
    if not found:
        return None
    path = pyphen.LANGUAGES[found]
    if path not in pyphen.hdcache:   # pyphen's own cache of dictionaries, which Pyphen() takes its dictionary from
        pyphen.hdcache[path] = _lazy_dictionary(path)
    return pyphen.Pyphen(lang=found)


NONZERO_DIGIT = re.compile(r"[1-9]")
NO_DIGITS = str.maketrans("", "", "0123456789")


def _unhex(pattern: str) -> str:
    return pyphen.parse_hex(lambda match: chr(int(match.group(1), 16)), pattern) if "^^" in pattern else pattern


class _Patterns(dict):
    """A hyphenation dictionary's patterns by their letters, each parsed as pyphen parses it when a word first looks it
    up: the words of the site's texts look up only a few of a dictionary's patterns, so none is parsed that no word
    needs."""

    def __init__(self, lines: dict[str, str]):
        super().__init__()
        self.lines = lines

    def get(self, letters: str, default=None):
        if letters not in self:
            line = self.lines.get(letters)
            self[letters] = None if line is None else _parsed(line)
        return dict.get(self, letters) or default


def _parsed(pattern: str) -> tuple:
    """pyphen.HyphDict's reading of one pattern: where its values start, and its values without the outer zeros."""
    factory = int
    if "/" in pattern and "=" in pattern:   # a nonstandard hyphenation (German "c1k/k=k")
        pattern, alternative = pattern.split("/", 1)
        factory = pyphen.AlternativeParser(pattern, alternative)
    values = [factory(digit or "0") for digit, _ in pyphen.parse(pattern)]
    start, end = 0, len(values)
    while not values[start]:
        start += 1
    while not values[end - 1]:
        end -= 1
    return start, tuple(values[start:end])


def _lazy_dictionary(path) -> pyphen.HyphDict:
    """pyphen.HyphDict for the file at path, hyphenating as one made by pyphen (tests/test_speech.py holds it to that)
    but reading each pattern only as far as its letters until a word needs it."""
    with path.open("rb") as file:
        encoding = file.readline().decode().strip()
    if encoding.lower() == "microsoft-cp1251":
        encoding = "cp1251"
    lines: dict[str, str] = {}
    for line in path.read_text(encoding).split("\n")[1:]:
        line = line.strip()
        if not line or line.startswith(pyphen.ignored):
            continue
        line = _unhex(line)
        pattern = line.split("/", 1)[0] if "/" in line and "=" in line else line
        if NONZERO_DIGIT.search(pattern):   # pyphen drops a pattern of zeros only; a later one replaces an earlier
            lines[pattern.translate(NO_DIGITS)] = line
    dictionary = pyphen.HyphDict.__new__(pyphen.HyphDict)
    dictionary.patterns, dictionary.cache = _Patterns(lines), {}
    dictionary.maxlen = max(map(len, lines))
    return dictionary


def _plain(word: str) -> str:
    """The word in lower case without accents ("révélez" → "revelez"); ı stays ı."""
    return "".join(c for c in unicodedata.normalize("NFD", word.lower()) if not unicodedata.combining(c))


@functools.lru_cache(maxsize=65536)
def word_syllables(word: str, lang: str) -> int:
    plain = _plain(word)
    dictionary = _dictionary(lang)
    if dictionary is None:    # one syllable per vowel: exact for Turkish (where y is a consonant)
        return max(1, sum(c in "aeiouıæœø" for c in plain))
    groups = len(VOWEL_GROUP.findall(SILENT_END.sub("", plain) if len(plain) > 2 else plain))
    return max(1, groups, len(dictionary.positions(word)) + 1)


@functools.lru_cache(maxsize=4096)
def _number_words(value: int, lang: str, ordinal: bool) -> str | None:
    try:
        return num2words(value, lang=lang, to="ordinal" if ordinal else "cardinal")
    except (NotImplementedError, OverflowError):
        return None


def syllables(text: str, lang: str) -> int:
    """The syllables of a text said aloud in its language, numbers included; punctuation and symbols are silent."""
    count = 0
    last = 0
    for match in NUMBER.finditer(text):
        count += sum(word_syllables(w, lang) for w in WORD.findall(text[last:match.start()]))
        digits = re.sub(r"\D", "", match.group())
        spoken = _number_words(int(digits), lang, bool(ORDINAL_AFTER.match(text, match.end())))
        count += sum(word_syllables(w, lang) for w in WORD.findall(spoken)) if spoken else len(digits)
        last = match.end()
    return count + sum(word_syllables(w, lang) for w in WORD.findall(text[last:]))


def spoken_seconds(text: str, lang: str) -> int:
    """How many seconds saying the text takes at SYLLABLES_PER_SECOND, rounded up."""
    return -(-syllables(text, lang) * 10 // int(SYLLABLES_PER_SECOND * 10))
