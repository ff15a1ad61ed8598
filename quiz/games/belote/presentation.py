"""What Belote's pages need from its rules besides the answers: the numbers the texts quote (the pack's points, the
deal's with the dix de der, a suit's, the tie, the capot's last trick, and the refresher's worked deals, each counted
by the rules rather than typed), a question's cards in words: "V♥ 9♥ A♠ 7♣", each rank as the language writes it,
and the score sheet (belote/sheet/): sheet.js counts each deal with the table's facts, in the words of entry `sheet`."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from quiz.presentation import Presentation
from quiz.games.belote.beliefs import Belote
from quiz.games.belote.components import DECK, card

# The refresher's worked deals, as the checker counts them: (the takers' card points, their tricks, the side of the
# last trick, the side that announced belote). No source read gives a classic deal with its numbers (sources.md), so
# these are the hand-worked cases of tests/test_belote_checker.py.
MADE = (92, 5, "taker", None)            # 92 + the dix de der against 60: made, both record their points
DEDANS_BELOTE = (55, 3, "defence", "taker")  # 55 + belote against 107: dedans, the takers keep their belote
LITIGE = (71, 4, "taker", None)          # 71 + the dix de der against 81: a litige
BELOTE_CONTRACT = (62, 4, "taker", "taker")  # 62 + 10 + belote against 90: made with the belote, short of 82 without

SHEET_SCRIPT = Path(__file__).resolve().parent / "sheet.js"
# The sheet's own words (text.<lang>.yml, entry `sheet`), and the placeholders the page's script fills in each
SHEET_FIELDS = ("trump", *(f"trump_{suit}" for suit in ("hearts", "diamonds", "clubs", "spades")), "taker",
                "capot", "capot_none", "capot_taker", "capot_defence", "points", "last", "last_taker",
                "last_defence", "belote", "belote_none", "belote_taker", "belote_defence",
                "made", "made_capot", "made_minimum", "dedans", "dedans_minimum", "litige", "carried",
                "problem_points", "problem_no_tricks", "problem_other", "wins", "tie")
SHEET_FILLS = {"player": "player", "dealer": "player", "sits_out": "player", "round": "round", "missing": "field",
               "not_number": "field value", "made": "takers defence taker_sum defence_sum",
               "made_capot": "takers defence taker_sum defence_sum",
               "dedans": "takers defence taker_sum defence_sum points",
               "made_minimum": "takers defence cards minimum", "dedans_minimum": "takers defence cards minimum points",
               "litige": "takers defence taker_sum defence_sum held", "carried": "team points",
               "problem_points": "value most", "problem_no_tricks": "value", "wins": "team goal points",
               "tie": "goal points"}


class BelotePresentation(Presentation):
    rules: Belote
    tool_sections = frozenset({"score-list"})
    round_lists = {"sheet": (SHEET_SCRIPT, SHEET_FIELDS)}
    tool_placeholders = {field: frozenset(names.split()) for field, names in SHEET_FILLS.items()}

    def derived_facts(self) -> dict[str, Any]:
        """Numbers the texts quote, each worked out by the rules: the pack, the deal, a suit, the tie and the
        refresher's examples."""
        rules, facts = self.rules, self.rules.facts
        pack = rules.pack_points()
        deal = pack + facts.last_trick
        made, dedans = rules.count(*MADE), rules.count(*DEDANS_BELOTE)
        litige, contract = rules.count(*LITIGE), rules.count(*BELOTE_CONTRACT)
        return {
            "pack_points": pack, "deal_points": deal,
            "trump_suit_points": sum(rules.points_of(c, "H") for c in DECK if c.suit == "H"),
            "plain_suit_points": sum(rules.points_of(c, "H") for c in DECK if c.suit == "S"),
            "half_points": deal // 2,                                   # 81 each: a tie
            "half_belote": (deal + facts.belote_points) // 2,           # 91 each: a tie with a belote
            "more_than_half": deal // 2 + 1,                            # "at least 82", other sources' contract
            "capot_last": facts.capot_total - pack,                     # the dix de der of a capot: 100
            "example_made_points": MADE[0], "example_made_taker": made.taker, "example_made_defence": made.defence,
            "example_dedans_points": DEDANS_BELOTE[0], "example_dedans_with": DEDANS_BELOTE[0] + facts.belote_points,
            "example_dedans_against": dedans.made_defence, "example_dedans_defence": dedans.defence,
            "example_litige_points": LITIGE[0], "example_litige_each": litige.defence,
            "example_contract_points": BELOTE_CONTRACT[0], "example_contract_taker": contract.taker,
            "example_contract_defence": contract.defence,
            "example_contract_cards": BELOTE_CONTRACT[0] + facts.last_trick,
        }

    def text_formatters(self) -> dict[str, Callable[[Any, dict, Any], str]]:
        return {"cards": self.describe_cards, "card": self.describe_card}

    @staticmethod
    def describe_card(name: str, words: dict, say) -> str:
        """One card as its rank in the language and its suit symbol: "V♥", "10♠" (`card_ranks`, `card_suits` under
        words)."""
        found = card(name)
        return words["card_ranks"][found.rank] + words["card_suits"][found.suit]

    def describe_cards(self, names: list, words: dict, say) -> str:
        """Cards in the order given (a hand, or a trick as played), each as describe_card writes it: "V♥ 9♥ A♠ 7♣"."""
        if not isinstance(names, list) or not names:
            raise ValueError(f"{names!r} is not a list of cards")
        return " ".join(self.describe_card(name, words, say) for name in names)
