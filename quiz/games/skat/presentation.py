"""What Skat's pages need from its rules besides the answers: the numbers the texts quote (the values that may be bid,
the card points of the pack, and the worked examples of the refresher, each counted by the rules rather than typed),
and the cards of a question in words: the declarer's ten with suit symbols, the skat's two marked."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from quiz.presentation import Presentation
from quiz.games.skat.beliefs import Skat
from quiz.games.skat.components import card

# The refresher's worked examples, as the checker counts them (rules/skat/sources.md names each one's source).
# Clubs Hand "with 2" (the club and spade jack), lost with 55 card points: the README's `quiz score skat` example.
WITH_TWO = ["CJ", "SJ", "CA", "C10", "C9", "C8", "SA", "S7", "H8", "H9", "D7", "D8"]
# Spades Hand bid to 72 on "without 5", the club jack in the skat: with 1 (skatblog.com, "Das überreizte Handspiel",
# quoting ISkO 5.4.2).
OVERBID = ["S10", "SK", "SQ", "S9", "S8", "S7", "HA", "H10", "DA", "D10", "CJ", "D7"]
OVERBID_BID = 72
# Clubs ouvert "with 2", the example of ISkO 5.2.6.
OUVERT = ["CJ", "SJ", "CA", "C10", "CK", "CQ", "C9", "C8", "C7", "SA", "H7", "D7"]
# A grand "without 4": no jack among the declarer's twelve cards.
WITHOUT_FOUR = ["CA", "C10", "CK", "SA", "S10", "SK", "HA", "H10", "DA", "D10", "CQ", "SQ"]
FIRST_BIDS = 7           # how many of the lowest bids the numbers table lists before "…"
# The Skat list's count in the browser (docs/assets/rounds.js draws the list around it); tests/test_skat_list.py holds
# it to the checker.
LIST_SCRIPT = Path(__file__).resolve().parent / "list.js"
# The list's texts besides every round list's (rules/skat/text.<lang>.yml, entry `list`), and what its script fills in.
LIST_FIELDS = (
    "count", "count_points", "count_seeger", "declarer", "game", *(f"game_{game}" for game in (
        "clubs", "spades", "hearts", "diamonds", "grand", "null")), "hand", "ouvert", "announced", "announced_none",
    "announced_schneider", "announced_schwarz", "spitzen", "spitzen_with", "spitzen_without", "spitzen_count", "points",
    "tricks", "bid", "with_hand", "with_ouvert", *(f"level_{level}" for level in (
        "with", "without", "game", "hand", "schneider", "schneider_announced", "schwarz", "schwarz_announced",
        "ouvert")), "reason_suit", "reason_null", "overbid", "won", "lost", "seeger_won", "seeger_lost",
    "kontra", "kontra_none", "kontra_kontra", "kontra_re", "bock", "doubled", "bock_opens",
    *(f"problem_{problem}" for problem in (
        "spitzen", "points", "tricks", "bid", "bid_value", "cannot_reach_bid", "points_for_tricks", "points_left",
        "ouvert_without_hand", "other")))
LIST_FILLS = {"player": "player", "dealer": "player", "sits_out": "player", "round": "round", "missing": "field",
              "not_number": "field value", "level_with": "count", "level_without": "count",
              "reason_suit": "game levels multiplier base value", "reason_null": "game value", "overbid": "bid value",
              "won": "score", "lost": "score", "seeger_won": "list each", "seeger_lost": "list each",
              "problem_spitzen": "count most", "problem_points": "value", "problem_tricks": "value",
              "problem_bid": "value", "problem_bid_value": "value", "problem_cannot_reach_bid": "most bid",
              "problem_points_for_tricks": "most", "problem_points_left": "value", "doubled": "what times score",
              "bock_opens": "games"}


class SkatPresentation(Presentation):
    rules: Skat
    tool_sections = frozenset({"score-list"})
    round_lists = {"list": (LIST_SCRIPT, LIST_FIELDS)}
    tool_placeholders = {field: frozenset(names.split()) for field, names in LIST_FILLS.items()}

    def derived_facts(self) -> dict[str, Any]:
        """Numbers the texts quote, each worked out by the rules: the bidding's values, the pack's card points, and the
        refresher's examples (a value, its levels, what it costs lost)."""
        rules, facts = self.rules, self.rules.facts
        values = rules.bid_values()
        total = rules.total_points()
        hand = rules.outcome("clubs", WITH_TWO, True, False, None, 55, 5, facts.lowest_bid)
        overbid = rules.outcome("spades", OVERBID, True, False, None, 75, 6, OVERBID_BID)
        overbid_made = rules.game_value("spades", OVERBID, True, False, None, 75, 6)
        ouvert = rules.outcome("clubs", OUVERT, True, True, None, total, facts.hand_size, facts.lowest_bid)
        without = rules.outcome("grand", WITHOUT_FOUR, False, False, None, 75, 7, facts.lowest_bid)
        return {
            "highest_bid": values[-1], "bid_values": len(values), "first_bids": list(values[:FIRST_BIDS]),
            "total_points": total,
            "lose_points": facts.win_points - 1,                       # 60 card points lose: the 61st wins
            "schneider_win": total - facts.schneider_points,           # the declarer needs this many for schneider
            "example_hand_value": hand.value, "example_hand_lost": -hand.score,
            "example_overbid_bid": OVERBID_BID, "example_overbid_value": overbid_made,
            "example_overbid_lost": overbid.value, "example_overbid_score": -overbid.score,
            "example_ouvert_value": ouvert.value, "example_ouvert_levels": ouvert.multiplier,
            "example_without_value": without.value,
        }

    def text_formatters(self) -> dict[str, Callable[[Any, dict, Any], str]]:
        return {"cards": self.describe_cards, "bids": self.describe_bids, "lost_value": self.lost_value}

    def describe_cards(self, names: list, words: dict, say) -> str:
        """The declarer's twelve cards, his ten then the skat's two, each as its suit symbol and its rank in the
        language ("♣B ♠B ♣A … (Skat: ♦7 ♦8)"): `card_suits` and `card_ranks` under words, the frame `describe.cards`."""
        size = self.rules.facts.hand_size
        if len(names) != size + self.rules.facts.skat_size:
            raise ValueError(f"{len(names)} cards, not the declarer's {size} and the skat's")
        shown = [words["card_suits"][found.suit] + words["card_ranks"][found.rank] for found in map(card, names)]
        return words["describe"]["cards"].format(hand=" ".join(shown[:size]), skat=" ".join(shown[size:]))

    @staticmethod
    def describe_bids(values: list, words: dict, say) -> str:
        """The lowest values that may be bid, as the bidding says them, then more to come: "18, 20, 22, 23, …"."""
        return words["describe"]["bids"].format(values=", ".join(say.number(value) for value in values))

    def lost_value(self, score: int, words: dict, say) -> str:
        """The value a lost game was counted with, from what the list writes for it (negative, `lost_factor` times)."""
        if type(score) is not int or score >= 0 or score % self.rules.facts.lost_factor:
            raise ValueError(f"{score!r} is not what a lost game writes")
        return say.number(-score // self.rules.facts.lost_factor)
