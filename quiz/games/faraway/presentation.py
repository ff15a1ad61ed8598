"""What Faraway's pages need from its rules: the numbers the texts quote, and cards worded and drawn in a language
(every feature a card has, nothing it lacks; the phrases come from `words: describe:` in text.<lang>.yml)."""
from __future__ import annotations

from typing import Any

from quiz.checker import Presentation
from quiz.games.faraway.beliefs import Faraway
from quiz.games.faraway.rules import WONDERS


class FarawayPresentation(Presentation):
    rules: Faraway

    def derived_facts(self) -> dict[str, Any]:
        """Numbers the texts quote that follow from the facts, computed by the rules."""
        rules, facts = self.rules, self.rules.facts
        return {
            "center_example": rules.center_size(facts.center_example_players),
            "setup_example_center": rules.center_size(facts.setup_example_players),
            "draw_example_draw": rules.sanctuary_draws(facts.draw_example_clues),
            "variant_return": facts.variant_deal - facts.variant_keep,
            "no_pick_round": facts.rounds,   # nobody takes from the centre in the last round
        }

    def text_formatters(self):
        return {"row": self.describe_regions, "sanctuaries": self.describe_sanctuaries}

    def text_pictures(self):
        return {"row": self.draw_regions}

    def _features(self, card: dict, words: dict, say, scoring_key: str) -> list[str]:
        phrases = words["describe"]
        parts = []
        if card.get("colour"):
            parts.append(words["colours"][card["colour"]])
        # A count of 0 is not said, like any feature a card lacks: "15 (no clue), 28, 49 (1 clue)" read as if 28's clues
        # were not given.
        for wonder in WONDERS:
            count = (card.get("wonders") or {}).get(wonder)
            if count:
                parts.append(say(wonder, count))
        if card.get("clues"):
            parts.append(say("clue", card["clues"]))
        if card.get("night"):
            parts.append(phrases["night"])
        scoring = card.get(scoring_key)
        if scoring is not None:
            parts.append(phrases[scoring_key].format(scoring=self._describe_scoring(scoring, words, say)))
        return parts

    @staticmethod
    def _describe_scoring(scoring: dict, words: dict, say) -> str:
        phrases = words["describe"]
        text = say("fame", scoring.get("fame", 0))
        per = scoring.get("per")
        if per is not None:
            text = phrases["per"].format(fame=text, per=words["per"]["-".join(per) if isinstance(per, list) else per])
        requires = scoring.get("requires") or {}
        needed = [say(w, requires[w]) for w in WONDERS if requires.get(w)]
        if needed:
            text = phrases["requires"].format(scoring=text, needed=phrases["needed"].join(needed))
        return text

    def describe_regions(self, regions: list[dict], words: dict, say) -> str:
        """A row of Regions, left to right: "60 (quest: 2 fame per stone), 52, 47 (1 stone)"."""
        phrases = words["describe"]
        described = []
        for region in regions:
            parts = self._features(region, words, say, "quest")
            number = say.number(region["number"])
            described.append(phrases["card"].format(number=number, features=phrases["features"].join(parts))
                             if parts else number)
        return phrases["cards"].join(described)

    def draw_regions(self, regions: list[dict], words: dict, say) -> dict:
        """A row of Regions as cards, left to right; a full row numbers the cards in scoring order (right to left)."""
        full = len(regions) == self.rules.facts.rounds
        cards = [{"title": say.number(region["number"]), "lines": self._features(region, words, say, "quest"),
                  "tone": region.get("colour"), "order": say.number(len(regions) - i) if full else None}
                 for i, region in enumerate(regions)]
        return {"kind": "cards", "cards": cards, "caption": words["describe"]["scoring_order"] if full else None}

    def describe_sanctuaries(self, sanctuaries: list[dict], words: dict, say) -> str:
        """Your Sanctuaries with what each shows: "no Sanctuaries", "2 Sanctuaries (1 clue; red, night symbol)"."""
        phrases = words["describe"]
        if not sanctuaries:
            return phrases["no_sanctuaries"]
        described = [phrases["features"].join(self._features(s, words, say, "task")) or phrases["plain_sanctuary"]
                     for s in sanctuaries]
        return phrases["sanctuaries"].format(count=say("sanctuary", len(sanctuaries)),
                                             list=phrases["sanctuary_list"].join(described))
