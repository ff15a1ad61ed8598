"""Faraway (seeds 000, 001, 003): its facts, rules, wrong beliefs and presentation. default() binds the checker to
rules/faraway/."""
from __future__ import annotations

from pathlib import Path

from quiz.games import REPO_RULES, read_game
from quiz.games.faraway.beliefs import Faraway
from quiz.games.faraway.facts import FarawayFacts
from quiz.games.faraway.witnesses import FarawayWitnesses
from quiz.games.faraway.presentation import FarawayPresentation
from quiz.games.faraway.components import COLOURS, PER_KINDS, WONDERS, Card, CardList
from quiz.games.faraway.givens import rising_steps
from quiz.games.faraway.rules import FarawayRules

WITNESSES = FarawayWitnesses
CHECKER, PRESENTATION = Faraway, FarawayPresentation


def default(rules_dir: Path = REPO_RULES) -> Faraway:
    """The checker bound to rules/faraway/game.yml: default().center_size(4)."""
    return Faraway.bind(read_game("faraway", rules_dir))


__all__ = ["CHECKER", "WITNESSES", "Card", "CardList", "FarawayWitnesses", "COLOURS", "PER_KINDS", "PRESENTATION",
           "WONDERS", "Faraway", "FarawayFacts", "FarawayPresentation", "FarawayRules", "default", "rising_steps"]
