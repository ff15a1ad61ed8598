"""Farkle (seed 004): its facts, rules, wrong beliefs and presentation. default() binds the checker to rules/farkle/."""
from __future__ import annotations

from pathlib import Path

from quiz.games import REPO_RULES, read_game
from quiz.games.farkle.beliefs import Farkle
from quiz.games.farkle.facts import FarkleFacts, ScoringOption
from quiz.games.farkle.witnesses import FarkleWitnesses
from quiz.games.farkle.presentation import FarklePresentation
from quiz.games.farkle.rules import FarkleRules

WITNESSES = FarkleWitnesses
CHECKER, PRESENTATION = Farkle, FarklePresentation


def default(rules_dir: Path = REPO_RULES) -> Farkle:
    """The checker bound to rules/farkle/game.yml: default().score([1, 1, 5])."""
    return Farkle.bind(read_game("farkle", rules_dir))


__all__ = ["CHECKER", "WITNESSES", "FarkleWitnesses", "PRESENTATION", "Farkle", "FarkleFacts", "FarklePresentation",
           "FarkleRules", "ScoringOption", "default"]
