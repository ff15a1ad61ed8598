"""What Faraway's pages need from its rules: the numbers the texts quote, and cards worded and drawn in a language:
each card a question names by its number (or id) with its printed face from the card list, every feature it has and
nothing it lacks (the phrases come from `words: describe:` in text.<lang>.yml)."""
from __future__ import annotations

from typing import Any

from quiz.checker import Presentation
from quiz.games.faraway.beliefs import Faraway
from quiz.games.faraway.components import WONDERS


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
            text = phrases["per"].format(fame=text, per=words["per"]["-".join(per) if isinstance(per, tuple) else per])
        requires = scoring.get("requires") or {}
        needed = [say(w, requires[w]) for w in WONDERS if requires.get(w)]
        if needed:
            text = phrases["requires"].format(scoring=text, needed=phrases["needed"].join(needed))
        return text

    def region_faces(self, regions: list) -> list[dict]:
        """Regions as a question names them (numbers), each with its printed face."""
        return [self.rules.region_card(region, "regions").face() for region in regions]

    def sanctuary_faces(self, sanctuaries: list) -> list[dict]:
        return [self.rules.sanctuary_card(sanctuary, "sanctuaries").face() for sanctuary in sanctuaries]

    def describe_regions(self, regions: list, words: dict, say) -> str:
        """A row of Regions, left to right, each with its face: "60 (blue, 1 clue, quest: 16 fame, needs 2 stones and
        2 chimeras), 52 (red, quest: …)"."""
        phrases = words["describe"]
        described = []
        for region in self.region_faces(regions):
            parts = self._features(region, words, say, "quest")
            number = say.number(region["number"])
            described.append(phrases["card"].format(number=number, features=phrases["features"].join(parts))
                             if parts else number)
        return phrases["cards"].join(described)

    def describe_sight(self, sight: dict, words: dict, say) -> str:
        """A requirement against what its Region sees: "needs 1 stone and 1 chimera and sees 1 stone and 1 chimera", or
        what it sees too few of: "needs 1 stone and 1 chimera but sees 0 chimeras; left of it, still face down when it
        scores: Region 54 (…)"."""
        phrases = words["describe"]

        def listed(counts: dict[str, int]) -> str:
            return phrases["needed"].join(say(wonder, count) for wonder, count in counts.items())

        missing = {wonder: sight["sees"][wonder] for wonder, count in sight["needs"].items()
                   if sight["sees"][wonder] < count}
        text = phrases["sight_short" if missing else "sight"].format(needs=listed(sight["needs"]),
                                                                     sees=listed(missing or sight["sees"]))
        if sight["left"]:
            cards = [phrases["sight_card"].format(number=say.number(region["number"]),
                                                  features=phrases["features"].join(
                                                      self._features(region, words, say, "quest")))
                     for region in sight["left"]]
            text += phrases["sight_left"].format(cards=phrases["needed"].join(cards))
        return text

    def draw_regions(self, regions: list, words: dict, say) -> dict:
        """A row of Regions as cards, left to right; a full row numbers the cards in scoring order (right to left)."""
        regions = self.region_faces(regions)
        full = len(regions) == self.rules.facts.rounds
        cards = [{"title": say.number(region["number"]), "lines": self._features(region, words, say, "quest"),
                  "tone": region.get("colour"), "order": say.number(len(regions) - i) if full else None}
                 for i, region in enumerate(regions)]
        return {"kind": "cards", "cards": cards, "caption": words["describe"]["scoring_order"] if full else None}

    def describe_sanctuaries(self, sanctuaries: list, words: dict, say) -> str:
        """Your Sanctuaries with what each shows: "no Sanctuaries", "1 Sanctuary (red, night symbol)", "2 Sanctuaries:
        one with 2 clues and a yellow one". Two or more are a clause each: in one bracket, "(2 clues; yellow)" read as
        a single card with both."""
        phrases = words["describe"]
        sanctuaries = self.sanctuary_faces(sanctuaries)
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
        """One Sanctuary of a list, its colour as an adjective: "one with 1 stone and 1 clue", "a yellow one". Its
        features joined by "and": a comma would run into the next Sanctuary of the list."""
        phrases = words["describe"]
        colour = words["colours"][sanctuary["colour"]] if sanctuary.get("colour") else None
        rest = phrases["needed"].join(self._features({**sanctuary, "colour": None}, words, say, "task"))
        frame = ("coloured_with" if rest else "coloured") if colour else ("with" if rest else "plain")
        return phrases[f"sanctuary_{frame}"].format(colour=colour, features=rest)
