"""What Skat's pages need from its rules besides the answers: for now, the values that may be bid."""
from __future__ import annotations

from quiz.presentation import Presentation
from quiz.games.skat.beliefs import Skat


class SkatPresentation(Presentation):
    rules: Skat

    def derived_facts(self) -> dict:
        values = self.rules.bid_values()
        return {"highest_bid": values[-1], "bid_values": len(values)}
