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
import re
import sys
import traceback
from pathlib import Path
from types import ModuleType

import yaml

from quiz.checker import MalformedInput, Rules
from quiz.presentation import Presentation
from quiz.witnesses import Witnesses

# each imports only those before it
GAME_MODULES = ("components", "facts", "givens", "scoring", "reads", "rules", "legality", "engine", "witnesses", "play",
                "strategy", "duel_kernels", "duel", "endgame", "beliefs", "presentation")


QUIZ = Path(__file__).resolve().parent.parent
REPO_RULES = QUIZ.parent / "rules"


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


def contract_problems(package: ModuleType) -> list[str]:
    """What a game's package lacks of what it must name (CHECKER, PRESENTATION; WITNESSES where it names one), each
    saying what to name."""
    checker, presentation = getattr(package, "CHECKER", None), getattr(package, "PRESENTATION", None)
    found = getattr(package, "WITNESSES", None)
    problems = []
    if not (isinstance(checker, type) and issubclass(checker, Rules)):
        problems.append(f"{package.__name__} must name its checker, a subclass of quiz.checker.Rules, as CHECKER")
    if not (isinstance(presentation, type) and issubclass(presentation, Presentation)):
        problems.append(f"{package.__name__} must name its presentation, a subclass of "
                        f"quiz.presentation.Presentation, as PRESENTATION")
    if found is not None and not (isinstance(found, type) and issubclass(found, Witnesses)):
        problems.append(f"{package.__name__}.WITNESSES must be a subclass of quiz.witnesses.Witnesses")
    return problems


def contract(package: ModuleType) -> tuple[type[Rules], type[Presentation]]:
    """The checker class and the presentation class a game's package names; TypeError saying what is missing."""
    problems = contract_problems(package)
    if problems:
        raise TypeError("; ".join(problems))
    return package.CHECKER, package.PRESENTATION


def witnesses(package: ModuleType) -> type[Witnesses] | None:
    """The witnesses class a game's package names as WITNESSES; None where it names none (then no question of the game
    has a game that reaches it: RR313); TypeError if WITNESSES is something else."""
    problems = [problem for problem in contract_problems(package) if ".WITNESSES" in problem]
    if problems:
        raise TypeError(problems[0])
    return getattr(package, "WITNESSES", None)


def import_problems(game_id: str) -> list[str]:
    """Why a game's package fails to import, every module's own error in one run (Python stops at the first): each
    module imported in GAME_MODULES' order with the package's __init__.py held back, then __init__.py; a module that
    fails only because it imports a broken one is not reported again. Each line names the file and line, the error and,
    where a name or module it imports is elsewhere in quiz/, where. Nothing of the package is left imported."""
    name, home = package_name(game_id), location(game_id)
    spec = importlib.util.find_spec(name) if home is not None else None
    if spec is None or home is None:
        return []
    order = {module: number for number, module in enumerate(GAME_MODULES)}
    modules = sorted((path.stem for path in home.glob("*.py") if path.stem != "__init__"),
                     key=lambda module: (order.get(module, len(order)), module))
    _forget(name)
    problems: dict[str, str] = {}
    try:
        package = importlib.util.module_from_spec(spec)
        sys.modules[name] = package          # its submodules import with their package's __init__.py not run yet
        for module in modules:
            _record(lambda: importlib.import_module(f"{name}.{module}"), game_id, home, problems)
        _record(lambda: spec.loader.exec_module(package), game_id, home, problems)
    finally:
        _forget(name)
    return list(problems.values())


def _forget(name: str) -> None:
    for module in [module for module in sys.modules if module == name or module.startswith(f"{name}.")]:
        del sys.modules[module]


def _record(load, game_id: str, home: Path, problems: dict[str, str]) -> None:
    """Run one import; a failure is kept under the file and line it comes from (once, however many modules meet it)."""
    try:
        load()
    except Exception as exc:  # whatever a module's code raises is the author's to see, as one line
        frames = [(exc.filename, exc.lineno)] if isinstance(exc, SyntaxError) else \
            [(frame.filename, frame.lineno) for frame in traceback.extract_tb(exc.__traceback__)]
        inside = [(Path(file).resolve(), line) for file, line in frames
                  if file and home in Path(file).resolve().parents]
        where = f"{folder(game_id)}/{inside[-1][0].relative_to(home).as_posix()}:{inside[-1][1]}" if inside \
            else f"{folder(game_id)}/"
        problems.setdefault(where, f"{where} failed to load: {type(exc).__name__}: {exc}{_where_now(exc)}")


def _where_now(exc: Exception) -> str:
    """For an import of a name or module quiz/ has elsewhere (moved since the game was written), where it is now."""
    missing = re.match(r"cannot import name '(\w+)' from '(quiz[\w.]*)'", str(exc)) if isinstance(exc, ImportError) \
        else None
    if isinstance(exc, ModuleNotFoundError) and (exc.name or "").startswith("quiz."):
        last = exc.name.rsplit(".", 1)[1]
        homes = [_module_name(path) for path in QUIZ.rglob(f"{last}.py") if "games" not in path.parts]
        return f" (quiz/ has {', '.join(sorted(homes))}: import from there)" if homes else ""
    if missing is None:
        return ""
    defined = re.compile(rf"^(?:class|def) {missing.group(1)}\b|^{missing.group(1)}\s*[:=]", re.MULTILINE)
    homes = [_module_name(path) for path in QUIZ.rglob("*.py") if "games" not in path.relative_to(QUIZ).parts
             and defined.search(path.read_text(encoding="utf-8"))]
    return f" ({missing.group(1)} is in {', '.join(sorted(homes))}: import it from there)" if homes else ""


def _module_name(path: Path) -> str:
    return ".".join(["quiz", *path.relative_to(QUIZ).with_suffix("").parts]).removesuffix(".__init__")


def bound(game_id: str, rules_dir: Path = REPO_RULES) -> Rules:
    """A game's checker bound to rules/<game>/game.yml, for scripts and notebooks: bound("farkle").score([1, 1, 5])."""
    checker, _ = contract(load(game_id))
    return checker.bind(read_game(game_id, rules_dir))
