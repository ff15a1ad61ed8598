"""Belote (the French Belote federation's classic rules): its cards, facts, rules, engine, wrong beliefs and
presentation. default() binds the checker to rules/belote/game.yml."""
from __future__ import annotations

from pathlib import Path

from quiz.games import REPO_RULES, read_game
from quiz.games.belote.beliefs import Belote
from quiz.games.belote.presentation import BelotePresentation
from quiz.games.belote.witnesses import BeloteWitnesses

CHECKER, PRESENTATION, WITNESSES = Belote, BelotePresentation, BeloteWitnesses


def default(rules_dir: Path = REPO_RULES) -> Belote:
    """The checker bound to rules/belote/game.yml."""
    return Belote.bind(read_game("belote", rules_dir))
