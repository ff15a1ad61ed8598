"""How long a text takes to say (quiz/site/pages/speech.py): syllables counted by hand, in each language's own words,
numbers said as the language says them; the time at the stated rate."""
from __future__ import annotations

import re

import pytest

from quiz.site.load.languages import rules_dir, site_languages
from quiz.site.pages.speech import SYLLABLES_PER_SECOND, spoken_seconds, syllables


@pytest.mark.parametrize("lang, text, by_hand", [
    # Turkish, one syllable per vowel: seed 003, l. 11 (Son-ra o tur en dü-şük nu-ma-ra-yı oy-na-yan …)
    ("tr", "Sonra o tur en düşük numarayı oynayan, ortadan ilk kartı seçer.", 22),
    ("tr", "En çok ün toplayan kazanır.", 9),
    ("tr", "1.'ye kadar devam et.", 9),              # bi-rin-ci-ye ka-dar de-vam et: an ordinal, y a consonant
    ("tr", "8. turda", 6),                           # se-ki-zin-ci tur-da
    ("de", "Die meisten Punkte gewinnen.", 8),
    ("de", "Mehr als 10.000 Punkte", 7),              # mehr als zehn-tau-send Punk-te
    ("en", "Most fame wins.", 3),
    ("en", "Everyone puts a card face down at the same time.", 12),
    ("en", "More than 10,000 points", 6),            # more than ten thou-sand points
    ("fr", "Celui qui a le plus de renommée gagne.", 11),
    ("fr", "Tout le monde pose une carte face cachée en même temps.", 12),
    ("fr", "plus de 10\u202f000 points", 5),          # plus de dix mille points
])
def test_syllables_as_counted_by_hand(lang, text, by_hand):
    assert syllables(text, lang) == by_hand


def test_punctuation_and_quotes_are_silent():
    assert syllables("„Die meisten Punkte gewinnen.“ – ", "de") == syllables("Die meisten Punkte gewinnen", "de")


def test_seconds_at_the_stated_rate_rounded_up():
    text = "En çok ün toplayan kazanır."              # 9 syllables
    assert spoken_seconds(text, "tr") == -(-9 // SYLLABLES_PER_SECOND) == 3
    assert spoken_seconds(text * 7, "tr") == 18       # 63 syllables / 3.5 a second


@pytest.mark.parametrize("lang", site_languages().codes)
def test_the_dictionary_read_lazily_hyphenates_every_word_of_the_rules_as_pyphen_does(lang):
    """speech reads a pyphen dictionary pattern by pattern as words need them (German's 78,000 took 0.9 s to parse at
    once); pyphen's own HyphDict, parsed whole, is the reference: every word of every text and question in the
    language, and every pattern's letters as a word."""
    import pyphen

    from quiz.site.pages import speech

    found = pyphen.language_fallback(lang)
    if not found:
        pytest.skip(f"pyphen has no dictionary for {lang}: speech counts vowels")
    texts = " ".join(path.read_text(encoding="utf-8") for path in sorted(rules_dir().rglob(f"*.{lang}.yml")))
    lazy = speech._lazy_dictionary(pyphen.LANGUAGES[found])
    whole = pyphen.HyphDict(pyphen.LANGUAGES[found])
    words = sorted(set(re.findall(r"[^\W\d_]+", texts))) + sorted(whole.patterns)[::7]
    assert len(words) > 1000
    for word in words:
        assert [(int(p), p.data) for p in lazy.positions(word)] == \
            [(int(p), p.data) for p in whole.positions(word)], word
    assert lazy.maxlen == whole.maxlen
