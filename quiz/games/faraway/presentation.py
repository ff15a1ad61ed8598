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
        return {"row": self.describe_regions, "sanctuaries": self.describe_sanctuaries, "sight": self.describe_sight}

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

    def describe_sight(self, sight: dict, words: dict, say) -> str:
        """A requirement against what its Region sees: "needs 1 stone and 1 chimera and sees 1 stone and 0 chimeras;
        left of it, still face down when it scores: Region 58 (1 chimera)"."""
        phrases = words["describe"]

        def listed(counts: dict[str, int]) -> str:
            return phrases["needed"].join(say(wonder, count) for wonder, count in counts.items())

        text = phrases["sight"].format(needs=listed(sight["needs"]), sees=listed(sight["sees"]))
        if sight["left"]:
            cards = [phrases["sight_card"].format(number=say.number(region["number"]),
                                                  features=phrases["features"].join(
                                                      self._features(region, words, say, "quest")))
                     for region in sight["left"]]
            text += phrases["sight_left"].format(cards=phrases["needed"].join(cards))
        return text

    def draw_regions(self, regions: list[dict], words: dict, say) -> dict:
        """A row of Regions as cards, left to right; a full row numbers the cards in scoring order (right to left)."""
        full = len(regions) == self.rules.facts.rounds
        cards = [{"title": say.number(region["number"]), "lines": self._features(region, words, say, "quest"),
                  "tone": region.get("colour"), "order": say.number(len(regions) - i) if full else None}
                 for i, region in enumerate(regions)]
        return {"kind": "cards", "cards": cards, "caption": words["describe"]["scoring_order"] if full else None}

    def describe_sanctuaries(self, sanctuaries: list[dict], words: dict, say) -> str:
        """Your Sanctuaries with what each shows: "no Sanctuaries", "1 Sanctuary (red, night symbol)", "2 Sanctuaries:
        one with 2 clues and a yellow one". Two or more are a clause each: in one bracket, "(2 clues; yellow)" read as
        a single card with both."""
        phrases = words["describe"]
        if not sanctuaries:
            return phrases["no_sanctuaries"]
        count = say("sanctuary", len(sanctuaries))
        if len(sanctuaries) == 1:
            features = self._features(sanctuaries[0], words, say, "task")
            return phrases["one_sanctuary"].format(count=count, features=phrases["features"].join(features)
                                                   or phrases["plain_sanctuary"])
        each = [self._one_of_several(sanctuary, words, say) for sanctuary in sanctuaries]
        return phrases["sanctuaries"].format(count=count,
                                             list=phrases["features"].join(each[:-1]) + phrases["and"] + each[-1])

    def _one_of_several(self, sanctuary: dict, words: dict, say) -> str:
        """One Sanctuary of a list, its colour as an adjective: "one with 2 clues", "a yellow one"."""
        phrases = words["describe"]
        colour = words["colours"][sanctuary["colour"]] if sanctuary.get("colour") else None
        rest = phrases["features"].join(self._features({**sanctuary, "colour": None}, words, say, "task"))
        frame = ("coloured_with" if rest else "coloured") if colour else ("with" if rest else "plain")
        return phrases[f"sanctuary_{frame}"].format(colour=colour, features=rest)
