"""The games' rules, one package each under quiz/games/<game>/ (its id with "_" for "-"), in modules that import only
the ones before them: components.py where a game has printed parts to look up (Faraway's cards), facts.py (the facts as
a frozen dataclass, read from game.yml), where reading a question's givens is a job of its own givens.py (Faraway's:
numbers, rows, cards by their printed faces), where a game needs them scoring.py (what its rules score with: Farkle's
scoring chart, Faraway's fame card by card) and reads.py (what an answer reads of it, noted finely), rules.py (one
small method per rule), where it is a module of its own legality.py (what no game reaches, per rule), engine.py (a
game's state and moves, each applied by the rules: a record replays to a state or is refused), witnesses.py (for a
question's givens, a game record that reaches them), where its tests play random games play.py (whole games of
legal moves drawn at random, Skat's), where a game has one strategy.py (the best play, solved from the
rules: Farkle's bank or roll) and duel.py (two players, solved for the win), beliefs.py (the wrong beliefs players hold,
as code: the full checker), presentation.py (the numbers, tables, filters and pictures the pages need). The package
names them: CHECKER, WITNESSES and PRESENTATION."""
from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from types import ModuleType

import yaml

from quiz.checker import MalformedInput, Rules
from quiz.presentation import Presentation
from quiz.witnesses import Witnesses

# each imports only those before it
GAME_MODULES = ("components", "facts", "givens", "scoring", "reads", "rules", "legality", "engine", "witnesses", "play",
                "strategy", "duel_kernels", "duel", "endgame", "beliefs", "presentation")


REPO_RULES = Path(__file__).resolve().parent.parent.parent / "rules"


def read_game(game_id: str, rules_dir: Path = REPO_RULES) -> dict:
    """A game.yml as plain data, its tables kept in files of their own read in, for binding a checker outside a site
    build (scripts, notebooks, tests)."""
    path = rules_dir / game_id / "game.yml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("facts"), dict):
        raise MalformedInput(f"{path}: no facts mapping")
    for name, value in (data.get("tables") or {}).items():
        if isinstance(value, str):
            data["tables"][name] = yaml.safe_load((path.parent / value).read_text(encoding="utf-8"))
    return data


def package_name(game_id: str) -> str:
    """A game's package: quiz.games.<id with "_" for "-"> (no "-" in a Python name)."""
    return f"{__name__}.{game_id.replace('-', '_')}"


def folder(game_id: str) -> str:
    """Where a game's package lives, as messages name it: quiz/games/<id with "_" for "-">."""
    return "quiz/games/" + package_name(game_id).rsplit(".", 1)[1]


def location(game_id: str) -> Path | None:
    """The folder a game's package is found in (quiz/games/<game>/, or wherever quiz.games.__path__ finds it)."""
    try:
        spec = importlib.util.find_spec(package_name(game_id))
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))).resolve()


def load(game_id: str) -> ModuleType:
    """A game's package, imported; ImportError (or whatever its code raises) if it cannot be."""
    return importlib.import_module(package_name(game_id))


def contract(package: ModuleType) -> tuple[type[Rules], type[Presentation]]:
    """The checker class and the presentation class a game's package names; TypeError saying what is missing."""
    checker, presentation = getattr(package, "CHECKER", None), getattr(package, "PRESENTATION", None)
    if not (isinstance(checker, type) and issubclass(checker, Rules)):
        raise TypeError(f"{package.__name__} must name its checker, a subclass of quiz.checker.Rules, as CHECKER")
    if not (isinstance(presentation, type) and issubclass(presentation, Presentation)):
        raise TypeError(f"{package.__name__} must name its presentation, a subclass of quiz.presentation.Presentation, "
                        f"as PRESENTATION")
    return checker, presentation


def witnesses(package: ModuleType) -> type[Witnesses] | None:
    """The witnesses class a game's package names as WITNESSES; None where it names none (then no question of the game
    has a game that reaches it: RR313); TypeError if WITNESSES is something else."""
    found = getattr(package, "WITNESSES", None)
    if found is not None and not (isinstance(found, type) and issubclass(found, Witnesses)):
        raise TypeError(f"{package.__name__}.WITNESSES must be a subclass of quiz.witnesses.Witnesses")
    return found


def bound(game_id: str, rules_dir: Path = REPO_RULES) -> Rules:
    """A game's checker bound to rules/<game>/game.yml, for scripts and notebooks: bound("farkle").score([1, 1, 5])."""
    checker, _ = contract(load(game_id))
    return checker.bind(read_game(game_id, rules_dir))
