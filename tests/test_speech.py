"""How long a text takes to say (quiz/site/speech.py): syllables counted by hand, in each language's own words, numbers
said as the language says them; the time at the stated rate."""
from __future__ import annotations

import pytest

from quiz.site.speech import SYLLABLES_PER_SECOND, spoken_seconds, syllables


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
