"""What every game's presentation shares: what its pages need besides the rules' answers (numbers the texts quote,
tables, calculators, filters and pictures), each nothing until a game has it."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from typing import Any, Callable

from quiz.checker import Rules

# What a dice calculator's script (docs/assets/dice.js) fills in its texts: the face of the die a button adds, a roll's
# best score and the dice that make it. A game that offers one (a `calculator` section) names these among its
# tool_placeholders, and "calculator" among its tool_sections.
DICE_CALCULATOR = {"add": frozenset({"face"}), "best": frozenset({"points"}), "with": frozenset({"set_aside"})}


class Presentation:
    """What a game's pages need besides the rules' answers, computed from them: numbers its texts quote, tables and
    calculators, placeholder filters and pictures. Bound to one checker (so to one game's facts); a game overrides what
    it has. Words live in the texts, never here: a filter gets the language's `words:` and puts them together."""

    # The section kinds of the game's tools (a `calculator`, a `score-sheet`): their words are the tool's own, the same
    # at every table of the game's rule sets, so no page marks them as differing between tables.
    tool_sections: frozenset[str] = frozenset()
    # The placeholders the game's tools fill in themselves, by the text field they stand in: the tool's script in the
    # browser (a calculator's "best": {points}) or the page that draws it (a score sheet's "player": {player}). Lint
    # takes them as filled; every page of the game leaves them in its texts as they are, for the tool.
    tool_placeholders: dict[str, frozenset[str]] = {}
    # Round lists the pages offer (a `score-list` section entry): id -> the game's count in the browser (a file of its
    # package that registers itself in window.RoundLists under the entry's id) and the fields its texts have besides
    # every list's.
    round_lists: dict[str, tuple[Path, tuple[str, ...]]] = {}

    def __init__(self, rules: Rules):
        self.rules = rules

    def derived_facts(self) -> dict[str, Any]:
        """Numbers the texts quote that follow from the facts, computed by the rules: every part's (derived_parts())."""
        values: dict[str, Any] = {}
        for part in self.derived_parts():
            values.update({name: value() if callable(value) else value for name, value in part().items()})
        return values

    def derived_parts(self) -> list[Callable[[], dict[str, Any]]]:
        """derived_facts() in parts that read different facts: a page text is then written for each table by the facts
        its own number's part reads, not by every fact any number reads (override one or the other). A part may give
        a number as a function of none: then what that function reads is that number's alone (the part's own reads
        only decide which numbers it gives)."""
        return []

    def computed_tables(self) -> dict[str, dict]:
        """Tables the pages show that the rules compute (for a `computed-table` section), by entry id."""
        return {}

    def named_plainly(self) -> set[str]:
        """Options the numbers table names by their plain name (rule_sets' words), not its label: where the label's
        aside would disagree with another line of the table at these facts."""
        return set()

    def calculators(self) -> dict[str, dict]:
        """Dice calculators the pages offer (a `calculator` section entry): id -> its table file (one of data_files()),
        how many faces a die has and how many dice a roll may have."""
        return {}

    def data_files(self) -> dict[str, object]:
        """JSON written next to the game's pages for the browser to look answers up in, by file name."""
        return {}

    def fetched_files(self) -> dict[str, str | bytes]:
        """Files a calculator fetches by name at this table only where it has them (Farkle's race, solved for two
        players at a published rule set's own rules): written once for the game, with the data files at every table;
        a calculator's `race` names the one to start from ("" where this table has none)."""
        return {}

    def score_sheets(self, words: dict, say: Any) -> dict[str, dict]:
        """Score sheets the pages offer (a `score-sheet` section entry): id -> the cards and words in one language that
        its script scores a player's cards with, written as <game>/<id>.json in that language."""
        return {}

    def score_lists(self) -> dict[str, dict]:
        """The round lists (`round_lists`, drawn by docs/assets/rounds.js): id -> its `script`, the `facts` it counts
        with (those these rules are bound to) and its `fields`."""
        facts = dataclasses.asdict(self.rules.facts)
        return {list_id: {"script": script, "facts": facts, "fields": fields}
                for list_id, (script, fields) in self.round_lists.items()}

    def text_formatters(self) -> dict[str, Callable[[Any, dict, Any], str]]:
        """Placeholder filters only this game needs, e.g. {tableau.regions|row}: name -> f(value, words, say) giving
        the words, where words is the language's `words:` and say its quiz.site.load.wording.Wording: say(noun, n)
        counts ("3 clues"), say.number(n) writes a number, say.lang is the language's code."""
        return {}

    def text_pictures(self) -> dict[str, Callable[[Any, dict, Any], dict]]:
        """How some of those filters are drawn on a page: name -> f(value, words, say) giving a picture, for now
        {"kind": "cards", "cards": [{"title", "lines", "tone", "order"}], "caption"}
        (see quiz/site/pages/templates/parts)."""
        return {}
