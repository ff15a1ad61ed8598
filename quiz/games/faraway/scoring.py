"""Faraway's fame: what each card sees when it is revealed and what its quest or task earns against it (seed 001,
scoring; KOSMOS p. 10, 12); rules.py's `score` and the final standings add it up."""
from __future__ import annotations

from quiz.games.faraway.components import COLOURS, WONDERS
from quiz.games.faraway.givens import FarawayGivens


class FarawayScoring(FarawayGivens):
    """The parts of scoring: sight, requirements, the times a quest pays, a tableau scored card by card."""

    def visible_for_region(self, tableau: dict, index: int) -> list[dict]:
        """A Region sees itself, the Regions to its right and every Sanctuary (p. 10)."""
        return tableau["regions"][index:] + tableau["sanctuaries"]

    @staticmethod
    def wonder_count(cards: list[dict], wonder: str) -> int:
        """How many of one wonder the cards show."""
        return sum(card["wonders"][wonder] for card in cards)

    def requirement_met(self, requires: dict[str, int], cards: list[dict]) -> bool:
        """A requirement needs every wonder shown, counted without using any up (p. 5, 12)."""
        return all(self.wonder_count(cards, w) >= n for w, n in requires.items())

    def times_scored(self, per, cards: list[dict]) -> int:
        """How many times a quest's fame is paid: once, or per wonder, clue, night card, colour card, colour set or set
        of wonders."""
        if per is None:
            return 1
        if per in WONDERS:
            return self.wonder_count(cards, per)
        if per == "clue":
            return sum(card["clues"] for card in cards)
        if per == "night":
            return sum(card["night"] for card in cards)
        if per == "colour-set":
            return min(sum(card["colour"] == c for card in cards) for c in COLOURS)
        if per == "wonder-set":
            return min(self.wonder_count(cards, w) for w in WONDERS)
        colours = per if isinstance(per, tuple) else (per,)
        return sum(card["colour"] in colours for card in cards)

    def quest_fame(self, quest: dict | None, cards: list[dict]) -> int:
        """The fame a quest or task earns against the cards it sees; 0 when its requirement is not met."""
        if quest is None or not self.requirement_met(quest["requires"], cards):
            return 0
        return quest["fame"] * self.times_scored(quest["per"], cards)

    def _scored(self, tableau: dict, sees, sanctuaries_see, met=None) -> dict:
        """A tableau scored with what each Region sees (`sees(tableau, index)`) and what the Sanctuaries see; `met`
        judges a requirement (index, requires, cards) where the rules' own judgement is not the one wanted."""
        met = met or (lambda index, requires, cards: self.requirement_met(requires, cards))
        regions, judged = [0] * len(tableau["regions"]), [None] * len(tableau["regions"])
        sight: list[dict | None] = [None] * len(tableau["regions"])
        for i in reversed(range(len(tableau["regions"]))):        # revealed right to left
            quest, cards = tableau["regions"][i]["quest"], sees(tableau, i)
            if quest is None:
                continue
            judged[i] = met(i, quest["requires"], cards) if any(quest["requires"].values()) else None
            if judged[i] is not None:
                sight[i] = self._sight(tableau["regions"][:i], quest["requires"], cards)
            if judged[i] is not False:
                regions[i] = quest["fame"] * self.times_scored(quest["per"], cards)
        sanctuaries = [self.quest_fame(s["task"], sanctuaries_see(tableau)) for s in tableau["sanctuaries"]]
        return {"regions": regions, "sanctuaries": sanctuaries, "total": sum(regions) + sum(sanctuaries), "met": judged,
                "sight": sight}

    def _sight(self, left: list[dict], requires: dict[str, int], cards: list[dict]) -> dict:
        """What a requirement asks, what its Region sees of it, and the Regions to its left, face down when it scores,
        that show a wonder it lacks: where a player looks to check it."""
        needs = {wonder: count for wonder, count in requires.items() if count}
        sees = {wonder: self.wonder_count(cards, wonder) for wonder in needs}
        short = [wonder for wonder in needs if sees[wonder] < needs[wonder]]
        return {"needs": needs, "sees": sees, "left": [r for r in left if any(r["wonders"][w] for w in short)]}

    @staticmethod
    def _everything(tableau: dict) -> list[dict]:
        return tableau["regions"] + tableau["sanctuaries"]
