"""Bad input stops `mkdocs build` with one line per problem, no traceback, and leaves the last good site/ untouched."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from conftest import copy_repo, mkdocs


def snapshot(site: Path) -> dict[str, str]:
    return {str(p.relative_to(site)): hashlib.sha256(p.read_bytes()).hexdigest() for p in site.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def good_repo(tmp_path_factory) -> Path:
    repo = copy_repo(tmp_path_factory.mktemp("repo"))
    result = mkdocs(repo)
    assert result.returncode == 0, result.stderr
    return repo


@pytest.fixture
def repo(good_repo, tmp_path) -> Path:
    """A fresh copy of the repository together with its last good site/."""
    import shutil

    target = tmp_path / "repo"
    shutil.copytree(good_repo, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


CASES = {
    "broken YAML": ("rules/faraway/text.de.yml", "  summary-pick:\n", "  summary-pick: [\n",
                    "rules/faraway/text.de.yml:"),
    "unknown key": ("rules/faraway/game.yml", "order: 1\n", "order: 1\nsubtitle: x\n",
                    "rules/faraway/game.yml:4: faraway: unknown key 'subtitle' in game.yml"),
    "missing translation": ("rules/faraway/text.tr.yml", "  tie-break:\n", "  tie-break-x:\n",
                            "tie-break: missing the tr text"),
    "placeholder mismatch": ("rules/faraway/text.fr.yml", "{players_max}", "{players_min}", "num-players.value: placeholders"),
    "digit mismatch": ("rules/faraway/text.de.yml", "(Beispiel auf S. 8 des", "(Beispiel auf S. 9 des",
                       "clues-count-all.right: digits"),
    "hidden given": ("rules/faraway/questions.yml", "    givens: {players: 5}\n    derived: {taken: players}",
                     "    givens: {players: 5, taken: 5}\n    derived: {}",
                     "centre-left-at-round-end: given 'taken' is not in the text and not derived"),
    "impossible game": ("rules/faraway/questions.yml", "givens: {row: [10, 52, 31]}", "givens: {row: [10, 52, 52]}",
                        "seed-10-52-31: the givens describe a game that cannot happen"),
    "duplicate id": ("rules/faraway/game.yml", "{id: center-refill, rank: 8", "{id: pick-order, rank: 8",
                     "pick-order: duplicate id"),
    "page ref out of range": ("rules/faraway/game.yml", "{id: turn-scoring, pages: [10]}", "{id: turn-scoring, pages: [0]}",
                              "turn-scoring: page ref 0 is outside"),
}


@pytest.mark.parametrize("case", CASES)
def test_bad_input_stops_the_build_cleanly(repo, case):
    file, old, new, expected = CASES[case]
    before = snapshot(repo / "site")
    path = repo / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = mkdocs(repo)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "Traceback" not in output
    assert expected in output, output
    problem_lines = [line for line in output.splitlines() if line.startswith("rules/")]
    assert problem_lines and all(expected.split(":")[0] in line or "rules/" in line for line in problem_lines)
    assert snapshot(repo / "site") == before
