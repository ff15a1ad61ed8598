"""Fuzz, on the fixture game: mutations of its rules either build or stop with clean one-line problems, never a crash;
HTML in YAML is escaped."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from repo_copies import FIXTURE_ID, fixture_repo, fixture_rules, mkdocs
from rules_reading import LANGUAGES
from quiz.site.check.pipeline import load_site
from quiz.site.load.problems import ContentError
from quiz.site.pages.render import render_site

TEMPLATE = fixture_rules(Path(__import__("tempfile").mkdtemp(prefix="rr-fuzz-")) / "rules")
FILES = sorted(p.relative_to(TEMPLATE).as_posix() for p in TEMPLATE.rglob("*.yml"))
BROKEN_SYNTAX = ["{", "]", ": :", "\t- x", "- [", "&anchor", "*nope", "'", "key: [1, 2", "? x", "%YAML 9"]
ODD_VALUES = [None, True, 1.5, 10 ** 30, -10 ** 9, 0, "", "text", [], {}, ["a", 1], {"x": {"y": []}},
              "{rounds}", "{nope}", "<script>alert('x')</script>", "7 8 9", "ü\u202e\x00"]


def leaf_paths(node, path=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield path + (key,)
            yield from leaf_paths(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield path + (i,)
            yield from leaf_paths(value, path + (i,))


def parent_of(data, path):
    for key in path[:-1]:
        data = data[key]
    return data


@st.composite
def mutations(draw):
    name = draw(st.sampled_from(FILES))
    kind = draw(st.sampled_from(["syntax", "delete", "retype", "wrong-language", "empty", "duplicate"]))
    return name, kind, draw(st.randoms(use_true_random=False))


def mutate(rules: Path, name: str, kind: str, rnd) -> None:
    path = rules / name
    text = path.read_text(encoding="utf-8")
    if kind == "syntax":
        lines = text.splitlines()
        lines.insert(rnd.randrange(len(lines) + 1), rnd.choice(BROKEN_SYNTAX))
        path.write_text("\n".join(lines), encoding="utf-8")
    elif kind == "empty":
        path.write_text(rnd.choice(["", "null", "[]", "just text"]), encoding="utf-8")
    elif kind == "wrong-language":
        path.rename(path.with_name(re.sub(r"\.(en|de|fr|tr)\.yml$", ".xx.yml", path.name)
                                   if re.search(r"\.(en|de|fr|tr)\.yml$", path.name) else "extra.yml"))
    elif kind == "duplicate":
        lines = text.splitlines()
        i = rnd.randrange(len(lines))
        lines.insert(i, lines[i])
        path.write_text("\n".join(lines), encoding="utf-8")
    else:
        data = yaml.safe_load(text)
        paths = list(leaf_paths(data))
        if not paths:
            return
        target = rnd.choice(paths)
        parent = parent_of(data, target)
        if kind == "delete":
            del parent[target[-1]]
        else:
            parent[target[-1]] = rnd.choice(ODD_VALUES)
        path.write_text(schema_line(text) + yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def schema_line(text: str) -> str:
    """A YAML file's first line, which names its schema (lint RR008), to keep above the data dumped again."""
    return text.splitlines(keepends=True)[0] if text.startswith("#") else ""


@pytest.mark.slow
@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(mutations())
def test_mutated_rules_build_or_stop_cleanly(tmp_path_factory, mutation):
    name, kind, rnd = mutation
    rules = Path(shutil.copytree(TEMPLATE, tmp_path_factory.mktemp("fuzz") / "rules"))
    mutate(rules, name, kind, rnd)
    try:
        render_site(load_site(rules))
    except ContentError as error:
        assert error.problems, "a ContentError lists its problems"
        for line in str(error).splitlines():
            assert re.match(r"^\S+\.yml(:\d+)?: ", line) or line.startswith(str(rules)), line
    finally:
        shutil.rmtree(rules.parent, ignore_errors=True)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_mutated_rules_never_half_write_site(tmp_path, seed):
    """A few real builds: a failed build prints no traceback and leaves the previous site/ exactly as it was."""
    import random

    repo = fixture_repo(tmp_path / "repo")
    assert mkdocs(repo).returncode == 0
    before = {p: p.read_bytes() for p in (repo / "site").rglob("*") if p.is_file()}
    rnd = random.Random(seed)
    mutate(repo / "rules", rnd.choice(FILES), rnd.choice(["syntax", "retype", "delete"]), rnd)
    result = mkdocs(repo)
    assert "Traceback" not in result.stdout + result.stderr
    if result.returncode != 0:
        assert {p: p.read_bytes() for p in (repo / "site").rglob("*") if p.is_file()} == before


@pytest.mark.slow
def test_markup_in_yaml_shows_as_text(tmp_path):
    repo = fixture_repo(tmp_path / "repo")
    hostile = "<script>alert('x')</script><img src=x onerror=\"alert('y')\">"
    for lang in LANGUAGES:
        path = repo / f"rules/{FIXTURE_ID}/text.{lang}.yml"
        data = path.read_text(encoding="utf-8")
        data = re.sub(r"(?m)^refresher_intro: .*$",
                      "refresher_intro: " + yaml.safe_dump(hostile).strip().removesuffix("..."), data)
        path.write_text(data, encoding="utf-8")
        questions = repo / f"rules/{FIXTURE_ID}/questions.{lang}.yml"
        original = questions.read_text(encoding="utf-8")
        q = yaml.safe_load(original)
        q["order-of-two"]["text"] = hostile + " {played.Ana} {played.Bruno}"
        questions.write_text(schema_line(original) + yaml.safe_dump(q, allow_unicode=True), encoding="utf-8")
    result = mkdocs(repo)
    assert result.returncode == 0, result.stderr
    for page in [f"site/{FIXTURE_ID}/index.html", f"site/{LANGUAGES[1]}/{FIXTURE_ID}/quiz/index.html"]:
        html = (repo / page).read_text(encoding="utf-8")
        assert "<script>alert(" not in html and "<img src=x onerror" not in html and "onerror=\"alert" not in html
        assert "&lt;script&gt;alert(" in html
