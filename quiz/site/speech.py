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

from quiz.site import memo

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
    if path not in pyphen.hdcache:   # pyphen's own cache of parsed patterns, filled from the memo: parsed once per version
        pyphen.hdcache[path] = memo.library_data(f"pyphen:{found}", lambda: pyphen.HyphDict(path))
    return pyphen.Pyphen(lang=found)


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
