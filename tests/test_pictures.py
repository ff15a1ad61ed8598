"""Pictures in question texts (dice as faces, a Faraway row as cards) say exactly what the words say: for every question
and practice variant of every game, in every language, the words around and behind each picture join up to the text the
checker's givens were worded into, and a drawn die shows the face the givens hold."""
from __future__ import annotations

import pytest

from rules_reading import GAMES, LANGUAGES, RULES, variants
from quiz.site.check import answers
from quiz.site.pages.texts import laid_out
from quiz.site.load.wording import Wording


def joined(segments) -> str:
    return "".join(part if isinstance(part, str) else part["text"] for part in segments)


@pytest.mark.parametrize("game_id", GAMES)
def test_pictures_stand_for_exactly_their_words(site, game_id):
    """Each worded question with pictures reads, joined up, as its text filled in whole (Wording.fill, which draws
    nothing), before and after a block picture takes the full stop after it."""
    game = next(g for g in site.games if g.id == game_id)
    drawn = 0
    for question, givens, answer, worded in variants(game):
        result = answers.computed(game, question, givens)[0]
        for lang in LANGUAGES:
            segments = worded[lang]["segments"]
            if segments is None:
                continue
            drawn += 1
            values = {**game.values(), **givens, "result": result,
                      "answer": answer if question.kind == "number" else worded[lang]["label"]}
            whole = game.wording(lang).fill(game.question_texts[lang][question.id]["text"], values)
            assert joined(segments) == whole, (question.id, lang)
            assert joined(laid_out(segments)) == whole, (question.id, lang)
    if any("|dice}" in t or "|row}" in t
           for t in (RULES / game_id).joinpath("questions.en.yml").read_text().split("\n")):
        assert drawn, f"{game_id}: texts with drawable placeholders, but no picture drawn"


def test_a_games_picture_stands_between_the_words_around_it():
    """A filter a checker both words and draws (text_formatters and text_pictures), by hand."""
    wording = Wording("de", {"card": {"one": "# Karte", "other": "# Karten"}},
                      formatters={"row": lambda row, words, say: " und ".join(map(say.number, row))},
                      pictures={"row": lambda row, words, say: {"kind": "cards", "cards": [{"title": say.number(n)}
                                                                                           for n in row]}})
    segments = wording.segments("Deine Reihe: {row|row}. Du hältst {held|card}.", {"row": [1200, 52], "held": 1})
    assert segments == ["Deine Reihe: ", {"picture": {"kind": "cards", "cards": [{"title": "1.200"}, {"title": "52"}]},
                                          "text": "1.200 und 52"}, ". Du hältst 1 Karte."]


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

