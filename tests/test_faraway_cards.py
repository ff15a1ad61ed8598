"""Faraway's card list (rules/faraway/cards.yml) against what is printed and against itself: 68 Regions and 45
Sanctuaries, cards the issue checked by hand, each Sanctuary named by its face, the sources recorded; a broken card list
stops the build with one line naming file, line and card; `python -m quiz score faraway` scores real cards."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

import pytest
import yaml

from rules_reading import ROOT, RULES
from quiz.games import faraway as faraway_package
from quiz.site.check.pipeline import load_site
from quiz.site.load.problems import ContentError

CARDS = yaml.safe_load((RULES / "faraway/cards.yml").read_text(encoding="utf-8"))
REGIONS = {card["number"]: card for card in CARDS["regions"]}


def test_the_base_game_every_region_once_and_45_sanctuaries():
    assert sorted(REGIONS) == list(range(1, 69)) and len(CARDS["regions"]) == 68
    assert len(CARDS["sanctuaries"]) == 45 and len({card["id"] for card in CARDS["sanctuaries"]}) == 45
    facts = faraway_package.default().facts
    assert facts.regions == 68 and facts.sanctuaries == 45      # the numbers the pages quote agree with the list


def test_cards_as_printed_where_the_issue_checked_them():
    """Issue 40: Region 60 is blue with a clue and needs 2 stones and 2 chimeras for a fixed 16; Region 3 is a green
    day card worth 4; Region 5 is green."""
    assert REGIONS[60] == {"number": 60, "colour": "blue", "clues": 1, "requires": {"stone": 2, "chimera": 2},
                           "fame": 16}
    assert REGIONS[3] == {"number": 3, "colour": "green", "fame": 4}
    assert REGIONS[5]["colour"] == "green" and not REGIONS[3].get("night")


def test_every_region_has_a_colour_and_day_and_night_split_as_printed():
    """The base game's Regions are four colours of 17; the night cards are the numbers 20-40 with a night symbol."""
    colours = [card["colour"] for card in CARDS["regions"]]
    assert {colour: colours.count(colour) for colour in set(colours)} == {"red": 17, "green": 17, "blue": 17,
                                                                          "yellow": 17}
    night = [card["number"] for card in CARDS["regions"] if card.get("night")]
    assert night and min(night) >= 20 and max(night) <= 40


def test_a_sanctuary_is_named_by_its_face_and_each_list_numbers_them_its_own_way():
    sanctuaries = CARDS["sanctuaries"]
    for card in sanctuaries:
        words = card["id"].split("-")        # what it shows, then its fame and what that is paid for
        words = words[:next((i for i, word in enumerate(words) if word.isdigit()), len(words))]
        if card.get("colour"):
            assert words[0] == card["colour"], card
        assert ("night" in words) == bool(card.get("night")), card
        assert ("clue" in words) == bool(card.get("clues")), card
        for wonder in ("stone", "chimera", "thistle"):
            assert (wonder in words) == bool((card.get("wonders") or {}).get(wonder)), card
        if card.get("fame"):
            assert f"-{card['fame']}-" in f"-{card['id']}-", card
    numbered = [source for source in CARDS["sources"] if source != "gamepark"]
    for source in numbered:
        assert sorted(card["lists"][source] for card in sanctuaries) == list(range(1, 46)), source
    orders = {source: [card["lists"][source] for card in sanctuaries] for source in numbered}
    assert len({tuple(order) for order in orders.values()}) > 1      # they do number them differently


def test_the_sources_are_recorded_and_every_difference_names_one_of_them():
    sources = CARDS["sources"]
    assert len(sources) >= 3
    for source in sources.values():
        assert len(source["commit"]) == 40 and "/" in source["repository"] and source["paths"]
    differs = [(card["number"], source) for card in CARDS["regions"] for source in card.get("differs", {})]
    assert differs and all(source in sources for _, source in differs)
    # the value kept is the one most lists give: a field where one list differs is kept by the others
    assert all(len(card.get("differs", {})) < len(sources) / 2 for card in CARDS["regions"])


def broken(tmp_path, old: str, new: str) -> list:
    rules = shutil.copytree(RULES, tmp_path / "rules")
    path = rules / "faraway/cards.yml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_site(rules, verify=False)
    return [str(problem) for problem in caught.value.problems]


def line_of(text: str) -> int:
    lines = (RULES / "faraway/cards.yml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


@pytest.mark.parametrize("old, new, card, says", [
    ("{number: 68,", "{number: 69,", "69",
     "regions.67.number: Region 69 is outside 1-68: the base game's numbers (expansion cards are not covered)"),
    ("{number: 67,", "{number: 66,", "66", "regions.66.number: Region 66 is listed twice (also regions.65)"),
    ("{id: red-stone, colour: red,", "{id: red-stone, colour: green,", "red-stone",
     "'red-stone' is not what its face shows: its id is 'green-stone'"),
    ("{number: 3, colour: green, fame: 4}", "{number: 3, colour: green, fame: 4, per: moon}", "3", "'moon'"),
])
def test_a_broken_card_list_stops_the_build_in_one_line_naming_file_line_and_card(tmp_path, old, new, card, says):
    problems = broken(tmp_path, old, new)       # the first names the card changed; a number changed leaves one out
    assert all("\n" not in problem and "Traceback" not in problem for problem in problems), problems
    assert problems[0].startswith(f"rules/faraway/cards.yml:{line_of(old)}: {card}: "), problems
    assert says in problems[0], problems


def score(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "quiz", "score", "faraway", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_score_prints_one_json_object_of_real_cards():
    """Regions 9 14 22 30 40 47 52 60 rising all the way (seven Sanctuaries may be placed; three here), counted by
    hand from cards.yml, right to left: 60 needs 2 stones and 2 chimeras and sees 1 stone: 0; 52 needs 3 stones: 0;
    47 needs a chimera and a thistle: 0; 40 needs all three wonders: 0; 30 (2 per stone) sees its own stone and the
    grey Sanctuary's: 4; 22 (1 per clue) sees 22, 60 and the grey Sanctuary's clues: 3; 14 (2 per night card) sees
    22, 30 and 40: 6; 9: 5. The yellow Sanctuary pays 4 for the one set of four colours (green only 22), the red one
    1 per red card (14, 30, 52 and itself): 4; the grey one has no task."""
    done = score("9", "14", "22", "30", "40", "47", "52", "60", "--sanctuaries", "yellow-4-per-colour-set",
                 "red-1-per-red", "clue-stone")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"total": 26, "regions": [5, 6, 3, 4, 0, 0, 0, 0], "sanctuaries": [4, 4, 0]}


@pytest.mark.parametrize("args, says", [
    (["9", "14", "9"], "Region 9 appears twice"),
    (["9", "70"], "70 is outside 1–68"),
    ([str(n) for n in range(1, 10)], "9 Regions; a row holds 1 to 8"),
    (["9", "10", "--sanctuaries", "red-stone", "red-stone"], "'red-stone' appears twice"),
    (["10", "9", "--sanctuaries", "red-stone"], "1, but the row [10, 9] beats the Region before 0 time(s)"),
    (["9", "10", "--sanctuaries", "7"], "'7' is no Sanctuary of the base game"),
])
def test_score_says_what_is_wrong_in_one_line(args, says):
    done = score(*args)
    assert done.returncode == 1 and done.stdout == ""
    assert says in done.stderr and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr


# --- every card a question or practice variant describes, in every language, is the printed one --------------------

def form(words: dict, noun: str, count: int, lang: str) -> str:
    from babel import Locale

    forms = words[noun]
    return forms.get(f"={count}", forms[Locale.parse(lang).plural_form(count)]).replace("#", str(count))


def expected_items(card: dict, words: dict, lang: str) -> tuple[set, list]:
    """What a language must say of a printed card, read from cards.yml and the language's own words (not from the
    code that describes cards): the items every description of it holds, and the parts its quest must hold."""
    describe = words["describe"]
    items = {words["colours"][card["colour"]]}
    items |= {form(words, wonder, n, lang) for wonder, n in (card.get("wonders") or {}).items()}
    if card.get("clues"):
        items.add(form(words, "clue", card["clues"], lang))
    if card.get("night"):
        items.add(describe["night"])
    quest = []
    if card.get("fame"):
        quest.append(form(words, "fame", card["fame"], lang))
        per = card.get("per")
        if per is not None:
            quest.append(words["per"]["-".join(per) if isinstance(per, list) else per])
        quest += [form(words, wonder, n, lang) for wonder, n in (card.get("requires") or {}).items()]
    return items, quest


def faraway_texts(site):
    from rules_reading import variants

    game = next(g for g in site.games if g.id == "faraway")
    for question, givens, _, worded in variants(game):
        shown = givens.get("tableau", {}).get("regions") or givens.get("row") or []
        if isinstance(shown, list) and shown and "|row}" in game.question_texts["en"][question.id]["text"]:
            yield question.id, [n if isinstance(n, int) else n["number"] for n in shown], \
                (givens.get("tableau") or {}).get("sanctuaries") or [], worded


def test_every_card_a_question_describes_is_the_printed_card_in_every_language(site):
    """Issue 40: of the Regions the questions and their practice variants describe, none may differ from its printed
    face: each description holds its colour, wonders, clues, night symbol and quest as cards.yml has them, and nothing
    else; the card drawn beside the text shows the same; each Sanctuary's colour and symbols are said."""
    sanctuaries = {card["id"]: card for card in CARDS["sanctuaries"]}
    checked, pictured, differences = 0, 0, []
    words_in = {lang: yaml.safe_load((RULES / f"faraway/text.{lang}.yml").read_text(encoding="utf-8"))["words"]
                for lang in site.languages}
    for question_id, numbers, kept, worded in faraway_texts(site):
        for lang, texts in worded.items():
            words = words_in[lang]
            separator = words["describe"]["features"]
            quest_prefix = words["describe"]["quest"].split("{")[0]
            described = {int(n): body.replace("\u00a0", " ") for n, body in
                         re.findall(r"(?<!\d)(\d+) \(([^()]*)\)", texts["text"])}
            drawn = {card["title"]: card["lines"] for segment in texts.get("segments") or []
                     if isinstance(segment, dict) for card in segment.get("picture", {}).get("cards", [])}
            for number in numbers:
                items, quest = expected_items(REGIONS[number], words, lang)
                body = described.get(number)
                if body is None:
                    differences.append((question_id, lang, number, "not described"))
                    continue
                # the quest comes last, and may hold the separator itself ("…, needs 1 chimera")
                start = body.find(quest_prefix.replace("\u00a0", " ")) if quest_prefix else -1
                quests = [body[start:]] if start >= 0 else []
                plain_part = body[:start] if start >= 0 else body
                said = [item for item in plain_part.split(separator) if item] + quests
                plain = set(said) - set(quests)
                items = {item.replace("\u00a0", " ") for item in items}
                if plain != items or len(quests) != bool(quest) or \
                        any(part.replace("\u00a0", " ") not in quests[0] for part in quest):
                    differences.append((question_id, lang, number, body))
                if str(number) in drawn:
                    pictured += 1
                    if [line.replace("\u00a0", " ") for line in drawn[str(number)]] != said:
                        differences.append((question_id, lang, number, "drawn otherwise", drawn[str(number)]))
                checked += 1
            for sanctuary in kept:
                items, quest = expected_items({"colour": None, **sanctuaries[sanctuary]}, words, lang) \
                    if sanctuaries[sanctuary].get("colour") else (set(), [])
                if not sanctuaries[sanctuary].get("colour"):
                    _, quest = expected_items({**sanctuaries[sanctuary], "colour": "red"}, words, lang)
                    items = expected_items({**sanctuaries[sanctuary], "colour": "red"}, words, lang)[0] - \
                        {words["colours"]["red"]}
                text = texts["text"].replace("\u00a0", " ")
                missing = [part for part in [*items, *quest] if part.replace("\u00a0", " ") not in text]
                if missing:
                    differences.append((question_id, lang, sanctuary, missing))
    assert checked > 500 and pictured > 500 and not differences, differences[:10]
