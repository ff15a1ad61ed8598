"""What Belote's pages need from its rules besides the answers: for now, the deal's total with the dix de der."""
from __future__ import annotations

from quiz.presentation import Presentation
from quiz.games.belote.beliefs import Belote


class BelotePresentation(Presentation):
    rules: Belote

    def derived_facts(self) -> dict:
        return {"pack_points": self.rules.pack_points(),
                "deal_points": self.rules.pack_points() + self.rules.facts.last_trick}
