"""Faraway's cards in words, where a reader misread them (content-review-4 F4, F5): several Sanctuaries are a clause
each, and a requirement's why names what its Region needs, sees, and has face down to its left."""
from __future__ import annotations

import pytest

from rules_reading import RULES
from quiz.games import faraway as faraway_package

faraway = faraway_package.default()

TWO_SANCTUARIES = [{"clues": 2}, {"colour": "yellow"}]
SAID = {
    "en": "2 Sanctuaries: one with 2 clues and a yellow one",
    "de": "2 Heiligtümer: eines (2 Hinweis-Symbole) und ein gelbes",      # "mit" would want the dative plural
    "fr": "2 Sanctuaires, un avec 2 Indices et un jaune",
    "tr": "2 Sığınak var: üzerinde 2 ipucu olan bir tane ve sarı bir tane",
}


def region(number, **card):
    return {"number": number, **card}


def row(chimera_on_14: int) -> dict:
    """requirement-needs-every-symbol's row: Region 39 needs a stone and a chimera; a chimera lies on 58,
    to its left."""
    return {"regions": [region(66), region(58, wonders={"chimera": 1}),
                        region(39, wonders={"stone": 1}, quest={"fame": 5, "requires": {"stone": 1, "chimera": 1}}),
                        region(30), region(22, quest={"fame": 3, "requires": {"chimera": 1}}),
                        region(14, wonders={"chimera": chimera_on_14}), region(9), region(3)], "sanctuaries": []}


@pytest.mark.parametrize("lang", SAID)
def test_two_sanctuaries_are_a_clause_each_not_one_bracket(site, lang):
    """'(2 clues; yellow)' read as one card with both; each Sanctuary is its own clause, its colour an adjective."""
    game = next(g for g in site.games if g.id == "faraway")
    said = game.wording(lang).fill("{s|sanctuaries}", {"s": TWO_SANCTUARIES})
    assert said.replace("\u00a0", " ") == SAID[lang]
    one = game.wording(lang).fill("{s|sanctuaries}", {"s": TWO_SANCTUARIES[1:]})
    assert "(" in one and ";" not in one          # one Sanctuary keeps the bracket: nothing to tell apart


def test_a_requirement_why_names_the_symbol_missing_and_where_it_lies(site):
    game = next(g for g in site.games if g.id == "faraway")
    fill = game.wording("en").fill
    unmet = faraway.score(row(chimera_on_14=0))
    assert unmet["regions"][2] == 0
    assert fill("{s|sight}", {"s": unmet["sight"][2]}) == (
        "needs 1 stone and 1 chimera and sees 1 stone and 0 chimeras; "
        "left of it, still face down when it scores: Region 58 (1 chimera)")
    met = faraway.score(row(chimera_on_14=1))
    assert met["regions"][2] == 5 and met["regions"][4] == 3      # the chimera on 14 serves 22 and 39 alike
    assert fill("{s|sight}", {"s": met["sight"][2]}) == "needs 1 stone and 1 chimera and sees 1 stone and 1 chimera"
    assert "sight" in (RULES / "faraway/questions.en.yml").read_text(encoding="utf-8")
