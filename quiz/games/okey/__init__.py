"""Okey (101 Okey as Turkish tables play it, classic Okey as a second rule set): its tiles, facts, rules, engine, wrong
beliefs and presentation. default() binds the checker to rules/okey/game.yml."""
from __future__ import annotations

from pathlib import Path

from quiz.games import REPO_RULES, read_game
from quiz.games.okey.beliefs import Okey
from quiz.games.okey.presentation import OkeyPresentation
from quiz.games.okey.witnesses import OkeyWitnesses

CHECKER, PRESENTATION, WITNESSES = Okey, OkeyPresentation, OkeyWitnesses


def default(rules_dir: Path = REPO_RULES) -> Okey:
    """The checker bound to rules/okey/game.yml."""
    return Okey.bind(read_game("okey", rules_dir))
