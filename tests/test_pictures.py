"""Pictures in question texts (dice as faces, a Faraway row as cards) say exactly what the words say: for every question
and practice variant of every game, in every language, the words around and behind each picture join up to the text the
checker's givens were worded into, and a drawn die shows the face the givens hold."""
from __future__ import annotations

import pytest

from conftest import GAMES, LANGUAGES, RULES, variants
from quiz.site.render import laid_out
from quiz.site.wording import Wording


def joined(segments) -> str:
    return "".join(part if isinstance(part, str) else part["text"] for part in segments)


def every_wording(site, game_id):
    game = next(g for g in site.games if g.id == game_id)
    return ((question, worded) for question, _, _, worded in variants(game))


@pytest.mark.parametrize("game_id", GAMES)
def test_pictures_stand_for_exactly_their_words(site, game_id):
    drawn = 0
    for question, worded in every_wording(site, game_id):
        for lang in LANGUAGES:
            segments = worded[lang]["segments"]
            if segments is None:
                continue
            drawn += 1
            assert joined(segments) == worded[lang]["text"], (question.id, lang)
            assert joined(laid_out(segments)) == worded[lang]["text"], (question.id, lang)
    if any("|dice}" in t or "|row}" in t for t in (RULES / game_id).joinpath("questions.en.yml").read_text().split("\n")):
        assert drawn, f"{game_id}: texts with drawable placeholders, but no picture drawn"


def test_dice_are_drawn_face_for_face():
    wording = Wording("de")
    segments = wording.segments("Du würfelst {roll|dice}. Dann {kept|dice}.", {"roll": [2, 3, 6], "kept": [5]})
    assert segments == ["Du würfelst ", {"picture": {"kind": "dice", "faces": [2, 3, 6]}, "text": "2 3 6"},
                        ". Dann ", {"picture": {"kind": "dice", "faces": [5]}, "text": "5"}, "."]


def test_a_block_picture_takes_the_full_stop_after_it_not_an_inline_one():
    cards = {"picture": {"kind": "cards", "cards": []}, "text": "60, 52"}
    dice = {"picture": {"kind": "dice", "faces": [1]}, "text": "1"}
    assert laid_out(["Row: ", cards, ". You have none."]) == ["Row: ", {**cards, "text": "60, 52. "}, "You have none."]
    assert laid_out(["Roll: ", dice, ". Farkle?"]) == ["Roll: ", dice, ". Farkle?"]

