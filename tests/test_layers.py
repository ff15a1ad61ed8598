"""The layers of quiz/ (quiz.LAYERS): every import goes to a layer listed before its own, within a game's package to a
module before its own (facts, rules, beliefs, presentation), so there is no cycle; no game imports another; and no
module imports another module's private name."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import quiz
from quiz.games import GAME_MODULES as GAME_MODULES_ORDER

PACKAGE = Path(quiz.__file__).resolve().parent
INFRASTRUCTURE = {"__init__", "__main__", "checker"}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
GAME_MODULES = {name for name in MODULES if name.startswith("quiz.games.")}


def layer_of(name: str) -> int | None:
    for index, layer in enumerate(quiz.LAYERS):
        if name in layer or (quiz.GAMES in layer and name in GAME_MODULES):
            return index
    return None


def game_rank(name: str) -> tuple[str, int]:
    """A game module's package and its place in quiz.games.GAME_MODULES (the package itself after all of them)."""
    package, _, module = name.removeprefix("quiz.games.").partition(".")
    return package, GAME_MODULES_ORDER.index(module) if module in GAME_MODULES_ORDER else len(GAME_MODULES_ORDER)


def earlier(target: str, name: str) -> bool:
    """Whether `name` may import `target`: an earlier layer, or within one game's package an earlier module."""
    if name in GAME_MODULES and target in GAME_MODULES:
        (package, rank), (own, own_rank) = game_rank(target), game_rank(name)
        return package == own and rank < own_rank
    return layer_of(target) is not None and layer_of(target) < layer_of(name)


def imports(path: Path) -> list[tuple[str, str, int]]:
    """(module imported, name imported or "", line) for every import of a quiz module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, "", node.lineno) for alias in node.names if alias.name.startswith("quiz")]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("quiz"):
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.append((submodule, "", node.lineno) if submodule in MODULES
                             else (node.module, alias.name, node.lineno))
    return found


PACKAGES = ("quiz", "quiz.site", *quiz.STAGES[:-1])    # a docstring each; quiz.site.hooks holds hooks' code


def test_every_module_has_a_layer():
    unplaced = [name for name in MODULES if name not in PACKAGES and layer_of(name) is None]
    assert not unplaced, f"add these to quiz.LAYERS: {unplaced}"


def test_imports_go_only_to_earlier_layers():
    wrong = []
    for name, path in MODULES.items():
        if name in PACKAGES:
            continue
        for target, _, line in imports(path):
            if target in PACKAGES:
                continue
            if not earlier(target, name):
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {name} (layer {layer_of(name)}) imports "
                             f"{target} (layer {layer_of(target)})")
    assert not wrong, "\n".join(wrong)


def stage_of(name: str) -> int | None:
    return next((index for index, stage in enumerate(quiz.STAGES) if name == stage or name.startswith(f"{stage}.")),
                None)


def test_the_site_folders_are_its_stages_in_order():
    """quiz/site/ (issue 43 point 4): every module of the site in a stage's folder (but memo.py and build.py, the build
    with its memo, between the pages and the output), each stage's layers after the one before's, so a folder's place
    says what runs before it; a stage's __init__.py says what the stage does and holds nothing else."""
    site = [name for name in MODULES if name.startswith("quiz.site.") and name not in PACKAGES]
    assert sorted(name for name in site if stage_of(name) is None) == ["quiz.site.build", "quiz.site.memo"]
    assert layer_of("quiz.site.pages.render") < layer_of("quiz.site.memo") < layer_of("quiz.site.build") \
        < layer_of("quiz.site.output.generate")
    order = [(layer_of(name), stage_of(name), name) for name in site if stage_of(name) is not None]
    wrong = [(name, later) for (layer, stage, name) in order for (other_layer, other_stage, later) in order
             if stage < other_stage and layer > other_layer]
    assert not wrong, wrong
    for stage in quiz.STAGES[:-1]:
        tree = ast.parse(MODULES[stage].read_text(encoding="utf-8"))
        assert ast.get_docstring(tree) and len(tree.body) == 1, f"{stage}: a docstring and nothing else"


def test_the_stages_know_nothing_of_the_memo():
    """Issue 59 point 1: load, check, pages and output are plain functions of their inputs; the memo is read and kept in
    one place (quiz/site/build.py), so no module of theirs names it."""
    naming = [f"{path.relative_to(PACKAGE.parent)}:{number}" for name, path in MODULES.items()
              if stage_of(name) is not None and stage_of(name) < quiz.STAGES.index("quiz.site.author")
              for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
              if re.search(r"\bmemo\b", line)]
    assert naming == []


def test_no_module_imports_another_ones_private_names():
    private = [f"{path.relative_to(PACKAGE.parent)}:{line}: {target}.{imported}"
               for name, path in MODULES.items() for target, imported, line in imports(path)
               if imported.startswith("_")]
    assert not private, "\n".join(private)


def test_every_game_brings_its_checker_tests():
    """rules/README.md, "The tests a game brings": tests/test_<game>_checker.py, the rules against hand-worked cases."""
    from rules_reading import GAMES, ROOT
    from quiz import games

    missing = [game for game in GAMES
               if not (ROOT / "tests" / f"test_{games.package_name(game).rsplit('.', 1)[-1]}_checker.py").is_file()]
    assert not missing, f"no tests/test_<game>_checker.py for {missing} (python -m quiz new writes one)"


def test_the_guide_lists_every_module_of_a_game_package_as_the_skeleton_writes_them():
    """rules/README.md's table of a game's modules (issue 43 point 6: it said "four modules" long after engine.py and
    witnesses.py came): every module quiz.games.GAME_MODULES orders, in its order, then __init__.py; marked *skeleton*
    exactly where `python -m quiz new` writes one."""
    from rules_reading import ROOT
    from quiz.site.author import scaffold

    guide = (ROOT / "rules" / "README.md").read_text(encoding="utf-8")
    section = guide[guide.index("## The checker"):guide.index("### From one module to a package")]
    rows = [line.split(" | ")[0] for line in section.splitlines() if line.startswith("| `")]
    listed = [name for row in rows for name in re.findall(r"`(\w+)\.py`", row)]
    assert listed == [*GAME_MODULES_ORDER, "__init__"], listed
    skeleton = {name for row in rows if "*skeleton*" in row for name in re.findall(r"`(\w+)\.py`", row)}
    assert skeleton == {name.removesuffix(".py") for name in scaffold.checker_package("sky-team")}


def test_no_module_over_400_lines_and_no_class_over_250():
    """Issue 43's measure of a unit a newcomer can read: quiz/ has no module over 400 lines and no class over 250
    (ARCHITECTURE.md says how the last ones were split)."""
    long = []
    for path in sorted(Path(quiz.__file__).parent.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > 400:
            long.append(f"{path.name}: {text.count(chr(10))} lines")
        long += [f"{path.name}: class {node.name}, {node.end_lineno - node.lineno + 1} lines"
                 for node in ast.walk(ast.parse(text)) if isinstance(node, ast.ClassDef)
                 and node.end_lineno - node.lineno + 1 > 250]
    assert not long, long


def game_ids() -> set[str]:
    """Every game by its id: each folder of rules/ with a game.yml (its `id:`) and each package under quiz/games/, as
    written with "-" and with "_" (sky-team, sky_team)."""
    root = PACKAGE.parent
    ids = {path.parent.name for path in (root / "rules").glob("*/game.yml")}
    ids |= {match for path in (root / "rules").glob("*/game.yml")
            for match in re.findall(r"^id:\s*[\"']?([\w-]+)", path.read_text(encoding="utf-8"), re.M)}
    ids |= {path.name for path in (PACKAGE / "games").iterdir() if path.is_dir() and path.name != "__pycache__"}
    return ids | {game.replace("_", "-") for game in ids} | {game.replace("-", "_") for game in ids}


def test_the_site_code_names_no_game():
    """Issue 59 point 4: quiz/site/ (its code, templates, schemas, skeleton texts) names no game, not even in a comment
    or docstring: what a game's pages need comes from its package (its presentation's `tool_sections`,
    `tool_placeholders`) or its game.yml, so a new game needs no line of the site's code. docs/assets/*.js, the
    browser's scripts, are not the site's code under quiz/site/."""
    games = game_ids()
    assert {"faraway", "farkle"} <= games
    word = re.compile(r"\b(" + "|".join(sorted(map(re.escape, games), key=len, reverse=True)) + r")\b", re.I)
    named = [f"{path.relative_to(PACKAGE.parent)}:{number}: {found.group(0)}"
             for path in sorted((PACKAGE / "site").rglob("*")) if path.is_file() and "__pycache__" not in path.parts
             and path.suffix in {".py", ".html", ".json", ".js", ".j2", ".css", ".txt", ".md"}
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             for found in [word.search(line)] if found]
    assert not named, "say \"a game\" or \"a tool section\":\n" + "\n".join(named)
