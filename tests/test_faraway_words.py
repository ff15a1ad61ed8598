"""Faraway's cards in words, where a reader misread them (content-review-4 F4, F5): several Sanctuaries are a clause
each, and a requirement's why names what its Region needs, sees, and has face down to its left."""
from __future__ import annotations

import pytest

from rules_reading import RULES
from quiz.games import faraway as faraway_package

faraway = faraway_package.default()

TWO_SANCTUARIES = ["clue-stone", "yellow-clue"]      # grey with a clue and a stone; yellow with a clue
SAID = {
    "en": "2 Sanctuaries: a grey one (1 stone and 1 clue) and a yellow one (1 clue)",
    "de": "2 Heiligtümer: ein graues (1 Stein und 1 Hinweis-Symbol) und ein gelbes (1 Hinweis-Symbol)",
    "fr": "avez 2 Sanctuaires : un gris (1 pierre et 1 Indice) et un jaune (1 Indice)",     # "Vous {…}."
    "tr": "2 Sığınak var: gri bir tane (1 taş ve 1 ipucu) ve sarı bir tane (1 ipucu)",
}


def row(with_chimera: int) -> dict:
    """requirement-needs-every-symbol's row: Region 47 needs a chimera and a thistle (19 shows the thistle); the only
    chimera lies on 54, to its left, unless the card before the last two is 16, a red Region with a chimera, which 24
    (needs a chimera) counts as well."""
    return {"regions": [66, 54, 47, 24, 19, 16 if with_chimera else 11, 3, 2], "sanctuaries": []}


@pytest.mark.parametrize("lang", SAID)
def test_two_sanctuaries_are_a_clause_each_not_one_bracket(site, lang):
    """'(2 clues; yellow)' read as one card with both; "one with 1 stone and 1 clue and a yellow one" as one card with a
    stone, a clue and a yellow one: each Sanctuary is its own clause, its colour an adjective, what it shows in
    brackets (review 5 D5, T10)."""
    game = next(g for g in site.games if g.id == "faraway")
    said = game.wording(lang).fill("{s|sanctuaries}", {"s": TWO_SANCTUARIES})
    assert said.replace("\u00a0", " ") == SAID[lang]
    one = game.wording(lang).fill("{s|sanctuaries}", {"s": TWO_SANCTUARIES[1:]})
    assert "(" in one and ";" not in one          # one Sanctuary keeps the bracket: nothing to tell apart


def test_a_requirement_why_names_the_symbol_missing_and_where_it_lies(site):
    game = next(g for g in site.games if g.id == "faraway")
    fill = game.wording("en").fill
    unmet = faraway.score(row(with_chimera=0))
    assert unmet["regions"][2] == 0
    assert fill("{s|sight}", {"s": unmet["sight"][2]}) == (
        "needs 1 chimera and 1 thistle but sees no chimeras; left of it, still face down when it scores: Region 54 "
        "(green, 1 chimera, quest: 4 fame per clue, needs 2 thistles)")
    met = faraway.score(row(with_chimera=1))
    # 2 × (47 yellow, 19 and 16 red) = 6 for 47; 24 sees the same chimera: 2 per night card, itself the only one
    assert met["regions"][2] == 6 and met["regions"][3] == 2
    assert fill("{s|sight}", {"s": met["sight"][2]}) == "needs 1 chimera and 1 thistle and sees 1 chimera and 1 thistle"
    assert "sight" in (RULES / "faraway/questions.en.yml").read_text(encoding="utf-8")
