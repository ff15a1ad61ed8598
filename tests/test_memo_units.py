"""The build's memo per unit (quiz/site/memo.py): after any edit a build that takes what it can from the memo writes
exactly what a build without it writes, in a fresh process too; an edit makes again only what it can have changed; the
practice pool kept across languages is part of every language's pages' key; serve and build share their units; a result
made while the code moved is not kept; the least recently used entry goes first. On a copy of the real games."""
from __future__ import annotations

import os
import pickle
import re
import shutil
import subprocess
import sys

import pytest

from rules_reading import DEFAULT_LANGUAGE, LANGUAGES, QUIZ_GAMES, ROOT, RULES
from quiz.site import generate, lint, memo, render, table_answers, verify

SITE_URL = "http://127.0.0.1:8000/"


@pytest.fixture
def rules(tmp_path):
    return shutil.copytree(RULES, tmp_path / "rules")


def files(rules, with_memo: bool = True, show_drafts: bool = False) -> dict[str, bytes]:
    kept = memo.Memo(rules.resolve()) if with_memo else None
    return generate._generate(rules.resolve(), show_drafts, SITE_URL, 0, kept)[1]


def in_a_fresh_process(rules) -> dict[str, bytes]:
    """What a new process generates from rules/ (no memo, nothing imported before)."""
    code = (f"import pickle, sys; sys.path.insert(0, {str(ROOT)!r}); from pathlib import Path; "
            f"from quiz.site import generate; "
            f"sys.stdout.buffer.write(pickle.dumps(generate._generate(Path({str(rules.resolve())!r}), False, "
            f"{SITE_URL!r}, 0)[1]))")
    return pickle.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, check=True).stdout)


def prefix_value(path, key: str, word: str) -> None:
    """Put a word in front of one YAML value (a quoted or a plain scalar)."""
    text = path.read_text(encoding="utf-8")
    edited = re.sub(rf'(?m)^(\s*{key}: "?)', rf"\g<1>{word} ", text, count=1)
    assert edited != text, f"{path}: no {key}"
    path.write_text(edited, encoding="utf-8")


def move_on_the_home_page(game_yml) -> None:
    """Change game.yml's order, which every language's home page shows."""
    text = game_yml.read_text(encoding="utf-8")
    edited = re.sub(r"(?m)^order: (\d+)", lambda m: f"order: {int(m.group(1)) + 10}", text, count=1)
    assert edited != text, f"{game_yml}: no order"
    game_yml.write_text(edited, encoding="utf-8")


def edits(rules, game: str):
    """Edits an author makes while serving: one language's page text, the interface texts, what every language shows
    from game.yml, each followed by what must have been verified again."""
    lang = LANGUAGES[-1]
    yield f"text.{lang}.yml", lambda: prefix_value(rules / game / f"text.{lang}.yml", "refresher_intro", "Edited")
    yield f"ui.{lang}.yml", lambda: prefix_value(rules / f"ui.{lang}.yml", "read_rule", "Edited")
    yield "game.yml", lambda: move_on_the_home_page(rules / game / "game.yml")


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_after_any_edit_the_memo_gives_what_a_build_without_it_gives(rules, game):
    files(rules)
    for name, edit in edits(rules, game):
        edit()
        assert files(rules) == files(rules, with_memo=False), f"after an edit to {name}"
    assert files(rules) == in_a_fresh_process(rules)


@pytest.fixture
def made(monkeypatch):
    """Which games are verified, which (game, language) texts filled in at every table by lint, which (game,
    language) pages rendered afresh, and which games' questions answered again at every table."""
    made = {"verified": [], "filled": [], "rendered": [], "answered": set()}
    real_verify, real_fill, real_pages = verify.verify_game, lint._fill_texts_at_tables, render.Writer.pages
    real_answer = table_answers.at_tables
    monkeypatch.setattr(table_answers, "at_tables", lambda g, *args: made["answered"].add(g.id)
                        or real_answer(g, *args))
    monkeypatch.setattr(verify, "verify_game", lambda site, g, problems: made["verified"].append(g.id)
                        or real_verify(site, g, problems))
    monkeypatch.setattr(lint, "_fill_texts_at_tables", lambda g, lang, problems: made["filled"].append((g.id, lang))
                        or real_fill(g, lang, problems))
    monkeypatch.setattr(render.Writer, "pages", lambda self: made["rendered"].append((self.game.id, self.lang))
                        or real_pages(self))
    return made


def again(made) -> None:
    for units in made.values():
        units.clear()


def with_tables(game: str, pairs: list) -> list:
    """Lint fills a game's texts at every table only where it has rule sets."""
    return pairs if (RULES / game / "sets.yml").is_file() else []


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_an_edit_to_one_language_makes_only_that_games_language_again(rules, game, made):
    files(rules)
    lang = LANGUAGES[-1]
    prefix_value(rules / game / f"text.{lang}.yml", "refresher_intro", "Edited")
    again(made)
    files(rules)
    # the words of its questions at every table are made again, not their answers: those read no language
    assert made == {"verified": [game], "filled": with_tables(game, [(game, lang)]), "rendered": [(game, lang)],
                    "answered": set()}

    again(made)
    move_on_the_home_page(rules / game / "game.yml")
    files(rules)
    assert made == {"verified": [game], "filled": with_tables(game, [(game, lang) for lang in LANGUAGES]),
                    "rendered": [(game, lang) for lang in LANGUAGES], "answered": set(with_tables(game, [game]))}


def test_serve_and_build_share_each_games_units(rules, made):
    files(rules, show_drafts=False)
    again(made)
    files(rules, show_drafts=True)   # as `mkdocs serve` builds: no draft here, so nothing of a game changes
    assert made == {"verified": [], "filled": [], "rendered": [], "answered": set()}


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_one_languages_pages_are_made_again_when_another_language_changes_which_variants_are_kept(
        rules, game, monkeypatch):
    """practice.drop_repeated_variants drops a variant that reads like another in any language: an edit to one
    language's questions can change every language's practice pool. Here the edit is simulated: one more variant
    dropped."""
    other = next(lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE)
    untouched = next(lang for lang in LANGUAGES if lang not in (DEFAULT_LANGUAGE, other))
    pool = f"{untouched}/{game}/quiz/{render.PRACTICE_FILE}"
    before = files(rules)[pool]
    real_drop = verify.drop_repeated_variants

    def drop_one_more(g):
        real_drop(g)
        if g.id == game:
            practised = next(p for p in g.practice.values() if p.variants)
            practised.variants.pop()
    monkeypatch.setattr(verify, "drop_repeated_variants", drop_one_more)
    prefix_value(rules / game / f"questions.{other}.yml", "text", "Edited")
    after = files(rules)
    assert after[pool] != before and after == files(rules, with_memo=False)


def test_a_result_made_while_the_code_moved_is_not_kept(rules, tmp_path, monkeypatch):
    checker = tmp_path / "checker.py"   # stands for the package: the real one may be edited while tests run
    checker.write_text("RULE = 1\n", encoding="utf-8")
    monkeypatch.setattr(memo, "_package_files", lambda: [checker])
    monkeypatch.setattr(memo, "_LOADED", {checker: memo._sha(checker)})
    monkeypatch.setattr(memo, "_STATS", {checker: memo._stat(checker)})
    assert not memo.code_moved()
    checker.write_text("RULE = 2\n", encoding="utf-8")
    assert memo.code_moved()
    files(rules)
    assert not list((rules.parent / memo.FOLDER).glob("*.pickle"))


def test_the_least_recently_used_entry_goes_first(rules, monkeypatch):
    monkeypatch.setattr(memo, "ENTRIES", 3)
    monkeypatch.setattr(memo, "code_moved", lambda: False)   # the package may be edited while tests run
    kept = memo.Memo(rules)
    for number in range(3):
        kept.put(f"k{number}", number)
    older = (rules.parent / memo.FOLDER / "k1.pickle").stat().st_mtime_ns
    os.utime(rules.parent / memo.FOLDER / "k0.pickle", ns=(older + 1, older + 1))   # k0 used after k1 and k2
    os.utime(rules.parent / memo.FOLDER / "k2.pickle", ns=(older, older))
    kept.put("k3", 3)
    assert [kept.get(f"k{n}") for n in range(4)] == [0, None, 2, 3]


def test_a_document_that_fitted_its_schema_is_not_validated_again_until_it_changes(monkeypatch):
    from quiz.site import source
    from quiz.site.problems import Problems

    path = RULES / f"ui.{LANGUAGES[0]}.yml"
    problems = Problems(RULES)
    document = source.load_yaml(path, problems)
    source._FITTING.clear()
    validated = []
    real = source._validator
    monkeypatch.setattr(source, "_validator", lambda name: validated.append(name) or real(name))
    assert source.check_schema(document, "ui", path, problems) and source.check_schema(document, "ui", path, problems)
    assert validated == ["ui"]
    document["site_name"] = 5
    assert not source.check_schema(document, "ui", path, problems) and validated == ["ui", "ui"]
    assert [p.code for p in problems.items] == ["RR005"]


def test_a_file_is_parsed_again_only_when_its_text_changes_and_each_load_is_a_fresh_copy(tmp_path, monkeypatch):
    from quiz.site import source
    from quiz.site.problems import Problems

    path = tmp_path / f"ui.{LANGUAGES[0]}.yml"
    path.write_text((RULES / path.name).read_text(encoding="utf-8"), encoding="utf-8")
    problems = Problems(tmp_path)
    source._PARSED.clear()
    parsed = []
    real = source._parse
    monkeypatch.setattr(source, "_parse", lambda *args: parsed.append(args[0]) or real(*args))
    first = source.load_yaml(path, problems)
    first["site_name"] = "Changed by a caller"
    second = source.load_yaml(path, problems)
    assert parsed == [path] and second != first and second.key_lines == first.key_lines and second.line == first.line
    path.write_text(path.read_text(encoding="utf-8").replace("site_name:", "# edited\nsite_name:", 1), encoding="utf-8")
    third = source.load_yaml(path, problems)
    assert parsed == [path, path] and third.key_lines["site_name"] == second.key_lines["site_name"] + 1
    assert problems.items == []


def test_compiled_templates_are_kept_across_builds_and_compiled_again_when_a_template_changes(tmp_path, monkeypatch):
    """Each build (each language, each serve rebuild) makes a new Jinja environment; the hooks give every one the same
    kept compilations, which Jinja checks against the template's checksum."""
    import jinja2

    from quiz.site.hooks.material import CompiledTemplates

    kept, compiled = CompiledTemplates(), []
    real = jinja2.Environment.compile

    def counted(env, source, name=None, *rest):
        compiled.append(name)
        return real(env, source, name, *rest)

    monkeypatch.setattr(jinja2.Environment, "compile", counted)
    (tmp_path / "page.html").write_text("{% for word in words %}{{ word|upper }} {% endfor %}", encoding="utf-8")

    def build() -> str:
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(tmp_path)))
        env.bytecode_cache = kept   # as on_env sets it, after MkDocs made the environment
        return env.get_template("page.html").render(words=["a", "b"])

    assert build() == build() == "A B " and compiled == ["page.html"]
    (tmp_path / "page.html").write_text("{{ words|join('+') }}", encoding="utf-8")
    assert build() == "a+b" and compiled == ["page.html", "page.html"]


def test_every_key_is_made_in_memo_py_from_its_table_of_units():
    """What each unit's key covers is said once (memo.UNITS) and the keys are made there: no other module of quiz/
    hashes a key of its own (memo.key), so no unit can be kept under a key that leaves out one of its inputs
    unnoticed."""
    import re

    from rules_reading import ROOT
    made_elsewhere = [path.name for path in (ROOT / "quiz").rglob("*.py") if path.name != "memo.py"
                      and re.search(r"\bmemo\.key\(|\b_game_key\(", path.read_text(encoding="utf-8"))]
    assert made_elsewhere == []
    source = (ROOT / "quiz" / "site" / "memo.py").read_text(encoding="utf-8")
    for unit in memo.UNITS:
        assert re.search(rf'"{unit}"', source.split("UNITS = {", 1)[1]), unit
    assert set(memo.UNITS) == {"site", "site files", "verify", "tables", "answers at tables", "texts at tables",
                               "pages"}
