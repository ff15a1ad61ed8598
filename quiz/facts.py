"""Reads a game's language-neutral facts from rules/<game>/game.yml, so checkers never retype a number."""
from __future__ import annotations

import os
from pathlib import Path

import yaml

REPO_ROOT = Path(__file__).resolve().parent.parent


def rules_dir() -> Path:
    """The rules/ folder; RULES_DIR overrides it (tests point it at a copy)."""
    return Path(os.environ.get("RULES_DIR") or REPO_ROOT / "rules")


def game_facts(game_id: str) -> dict:
    """The facts mapping of one game."""
    path = rules_dir() / game_id / "game.yml"
    with path.open(encoding="utf-8") as handle:
        data = yaml.safe_load(handle)
    facts = data.get("facts") if isinstance(data, dict) else None
    if not isinstance(facts, dict):
        raise ValueError(f"{path}: no facts mapping")
    return facts


def game_data(game_id: str) -> dict:
    """The whole game.yml of one game (facts and fact tables such as Farkle's scoring options)."""
    path = rules_dir() / game_id / "game.yml"
    with path.open(encoding="utf-8") as handle:
        data = yaml.safe_load(handle)
    if not isinstance(data, dict) or not isinstance(data.get("facts"), dict):
        raise ValueError(f"{path}: no facts mapping")
    return data
