"""What Okey's pages need from its rules besides the answers: the numbers the texts quote (the set's size, what a
doubled round writes, the refresher's worked examples, each counted by the rules rather than typed), and the tiles of
a question in words, as players name them: colour and number ("kırmızı 7", "red 7", "le 7 rouge"), the false okey as
the false okey, a rack grouped by colour."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from quiz.presentation import Presentation
from quiz.games.okey import components
from quiz.games.okey.beliefs import Okey
from quiz.games.okey.components import COLOURS, SET

# The refresher's worked examples, as the checker counts them (rules/okey/sources.md names each rule's source).
# The gösterge blue 4 makes blue 5 the okey (mimol.com.tr's "Mavi 7" → "Mavi 8", one number lower) …
EXAMPLE_INDICATOR = "B4"
# … which stands for the red 12 in this run: 11 + 12 + 13 towards the opening (okeya101.com, tests/test_okey_checker.py)
EXAMPLE_OKEY_RUN = ["R11", "B5", "R13"]
# A gösterge 13: its okey is the 1 of its colour (mimol.com.tr, mynet.com "Sahte okey").
EXAMPLE_WRAP_INDICATOR = "K13"
# Three tiles left on an opened player's rack (the README's `quiz score okey` example, the okey there not among them).
EXAMPLE_RACK = ["R5", "K7", "Y12"]
# The penalties during play (an işlek taş thrown, the okey thrown, an opening short of 101): tualimforum.com "CEZA
# PUANLARI", baguvix.com.tr "101 de işler taş alınır mı?". Not a fact of the checker, which counts a round's end only
# (sources.md: "These in-play penalties are not modelled"); the pages quote it from here, not typed into a text.
PLAY_PENALTY = 101
# The score sheet's count in the browser (docs/assets/rounds.js draws the sheet around it); tests/test_okey_sheet.py
# holds it to the checker.
SHEET_SCRIPT = Path(__file__).resolve().parent / "sheet.js"
# The sheet's texts besides every round list's (rules/okey/text.<lang>.yml, entry `sheet`), and what its script fills.
SHEET_FIELDS = ("indicator", "finish", *(f"finish_{way}" for way in ("normal", "okey", "pairs", "hand", "none")),
                "finisher", "opened", "opened_no", "opened_melds", "opened_pairs", "tiles", "okeys", "false_okeys",
                "line_finished", "line_unopened", "line_unopened_times", "line_opened", "times_pairs", "times_finish",
                "plus_okeys", "equals", "between", *(f"problem_{problem}" for problem in (
                    "indicator", "number", "okeys", "too_many", "rack_too_big", "pairs_finish_unpaired",
                    "hand_finish_opened", "other", "hand_classic")),
                "showed", "line_classic", "line_classic_shown", "line_classic_finished", "line_classic_finished_shown",
                "wins_rounds", "wins_classic", "shared")
SHEET_FILLS = {"player": "player", "dealer": "player", "sits_out": "player", "round": "round", "missing": "field",
               "not_number": "field value", "line_finished": "player points",
               "line_unopened": "player points", "line_unopened_times": "player times points",
               "line_opened": "player sum total", "times_pairs": "times", "times_finish": "times",
               "plus_okeys": "points", "equals": "points", "problem_indicator": "value", "problem_number": "value",
               "problem_too_many": "value", "problem_rack_too_big": "value most",
               "problem_pairs_finish_unpaired": "value", "line_classic": "player points",
               "line_classic_shown": "player loss shown points", "line_classic_finished": "player",
               "line_classic_finished_shown": "player points", "wins_rounds": "count player points",
               "wins_classic": "out player points", "shared": "names points"}


class OkeyPresentation(Presentation):
    rules: Okey
    tool_sections = frozenset({"score-list"})
    round_lists = {"sheet": (SHEET_SCRIPT, SHEET_FIELDS)}
    tool_placeholders = {field: frozenset(names.split()) for field, names in SHEET_FILLS.items()}

    def derived_facts(self) -> dict[str, Any]:
        """Numbers the texts quote, each worked out by the rules: the set's tiles, a doubled round's penalties, and the
        refresher's examples (the okey a gösterge makes, a run with the okey in it, a rack counted four ways)."""
        rules = self.rules
        shown, rack = EXAMPLE_INDICATOR, EXAMPLE_RACK
        return {
            "tiles_total": len(SET),
            "unopened_doubled": rules.penalty(shown, "okey", False, False, []),
            "finish_doubled": -rules.finisher_score("okey"),
            "pairs_okey_factor": rules.penalty(shown, "okey", True, True, ["R1"]),      # one 1 left: the factor
            "example_indicator": shown, "example_okey": rules.okey(shown),
            "example_wrap_indicator": EXAMPLE_WRAP_INDICATOR, "example_wrap_okey": rules.okey(EXAMPLE_WRAP_INDICATOR),
            "example_okey_run": list(EXAMPLE_OKEY_RUN),
            "example_okey_run_value": rules.meld_value(EXAMPLE_OKEY_RUN, shown),
            "example_rack": list(rack),
            "example_rack_sum": rules.penalty(shown, "normal", True, False, rack),
            "example_rack_okey": rules.penalty(shown, "okey", True, False, rack),
            "example_rack_pairs": rules.penalty(shown, "normal", True, True, rack),
            "example_rack_pairs_okey": rules.penalty(shown, "okey", True, True, rack),
            "play_penalty": PLAY_PENALTY,
        }

    def text_formatters(self) -> dict[str, Callable[[Any, dict, Any], str]]:
        return {"tile": self.describe_tile, "okey": self.describe_okey, "meld": self.describe_meld,
                "melds": self.describe_melds, "rack": self.describe_rack, "rack_sum": self.rack_sum}

    @staticmethod
    def describe_tile(name, words: dict, say) -> str:
        """One tile as players name it: its colour and number in the language's order ("kırmızı 7", "le 7 rouge":
        `colour` and `describe.tile` under words), the false okey by its name (`describe.false_okey`)."""
        found = components.tile(name)
        if found.is_false_okey:
            return words["describe"]["false_okey"]
        return words["describe"]["tile"].format(colour=words["colour"][found.colour], number=say.number(found.number))

    def describe_okey(self, indicator, words: dict, say) -> str:
        """The okey a gösterge makes, as describe_tile says a tile: {indicator|okey} is "kırmızı 5" for "R4"."""
        return self.describe_tile(self.rules.okey(indicator), words, say)

    def describe_meld(self, names: list, words: dict, say) -> str:
        """A meld's tiles in the order laid: "kırmızı 11 – mavi 5 – kırmızı 13"."""
        if not isinstance(names, list) or not names:
            raise ValueError(f"{names!r} is no meld")
        return words["describe"]["meld"].join(self.describe_tile(name, words, say) for name in names)

    def describe_melds(self, melds: list, words: dict, say) -> str:
        """Several melds or pairs, each as describe_meld says it, one after another: "… ; …"."""
        if not isinstance(melds, list) or not melds:
            raise ValueError(f"{melds!r} are no melds")
        return words["describe"]["melds"].join(self.describe_meld(meld, words, say) for meld in melds)

    @staticmethod
    def describe_rack(names: list, words: dict, say) -> str:
        """A rack as a player reads it: grouped by colour (red, yellow, blue, black), each colour's numbers from low to
        high ("kırmızı 1 3 3 9 · sarı 2 7 · …"), a false okey last."""
        found = components.tiles(names)
        groups = []
        for colour in COLOURS:
            numbers = sorted(tile.number for tile in found if tile.colour == colour)
            if numbers:
                groups.append(words["describe"]["rack_group"].format(
                    colour=words["colour_group"][colour], numbers=" ".join(say.number(n) for n in numbers)))
        groups += [words["describe"]["false_okey"]] * sum(tile.is_false_okey for tile in found)
        return words["describe"]["rack"].join(groups)

    @staticmethod
    def rack_sum(names: list, words: dict, say) -> str:
        """What a rack's numbers add up to, the sum a player who opened writes (no false okey in it: its value is the
        okey's, which the rack alone does not tell)."""
        found = components.tiles(names)
        if any(tile.is_false_okey for tile in found):
            raise ValueError("a false okey counts the okey's number: the rack alone does not say it")
        return say.number(sum(tile.number for tile in found))
