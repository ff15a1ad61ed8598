"""Skat (the Internationale Skatordnung): its cards, facts, rules, engine, wrong beliefs and presentation. default()
binds the checker to rules/skat/game.yml."""
from __future__ import annotations

from pathlib import Path

from quiz.games import REPO_RULES, read_game
from quiz.games.skat.beliefs import Skat
from quiz.games.skat.presentation import SkatPresentation
from quiz.games.skat.witnesses import SkatWitnesses

CHECKER, PRESENTATION, WITNESSES = Skat, SkatPresentation, SkatWitnesses


def default(rules_dir: Path = REPO_RULES) -> Skat:
    """The checker bound to rules/skat/game.yml: default().list_score(...)."""
    return Skat.bind(read_game("skat", rules_dir))
