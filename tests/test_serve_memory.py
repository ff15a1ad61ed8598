"""What `mkdocs serve` keeps between builds (remember=True: quiz/site/bank.verify_site, render.render_site): after any
edit it writes exactly the files a fresh build writes, and it verifies, draws and words again only what the edit can
have changed. In-process, on a copy of the real games."""
from __future__ import annotations

import re
import shutil

import pytest

from conftest import LANGUAGES, QUIZ_GAMES, RULES
from quiz.site import bank, generate, render

SITE_URL = "http://127.0.0.1:8000/"


def forget():
    for memory in (bank._verified, bank._draws, bank._wordings, render._rendered):
        memory.clear()


@pytest.fixture
def rules(tmp_path):
    forget()
    yield shutil.copytree(RULES, tmp_path / "rules")
    forget()


def files(rules, remember: bool) -> dict[str, bytes]:
    return generate._generate(rules.resolve(), False, SITE_URL, 0, remember)[1]


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
def test_after_any_edit_serving_writes_what_a_fresh_build_writes(rules, game):
    files(rules, remember=True)
    for name, edit in edits(rules, game):
        edit()
        served = files(rules, remember=True)
        assert served == files(rules, remember=False), f"after an edit to {name}"


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_an_edit_to_one_language_words_only_that_language_again_and_draws_nothing(rules, game, monkeypatch):
    files(rules, remember=True)
    verified, drawn, worded = [], [], []
    real_verify, real_draw, real_word = bank.verify_game, bank.QuestionCheck.draw, bank.QuestionCheck.word
    monkeypatch.setattr(bank, "verify_game", lambda site, g, *rest: verified.append(g.id) or real_verify(site, g, *rest))
    monkeypatch.setattr(bank.QuestionCheck, "draw", lambda self: drawn.append(self.question.id) or real_draw(self))
    def word(self, entries, givens, answer, *result_and_beliefs):
        remembered = self.remembered.wordings
        worded.extend(lang for lang in entries if (self.question.id, repr(givens), repr(answer)) not in remembered[lang])
        return real_word(self, entries, givens, answer, *result_and_beliefs)
    monkeypatch.setattr(bank.QuestionCheck, "word", word)

    lang = LANGUAGES[-1]
    prefix_value(rules / game / f"questions.{lang}.yml", "text", "Edited")
    files(rules, remember=True)
    assert verified == [game]                 # the other games are taken back whole
    assert drawn == []                        # no practice variant drawn or answered again
    assert worded and set(worded) == {lang}   # worded again in the edited language only

    verified.clear(), drawn.clear(), worded.clear()
    move_on_the_home_page(rules / game / "game.yml")
    files(rules, remember=True)
    assert verified == [game] and drawn and set(worded) == set(LANGUAGES)


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

    from quiz.site.mkdocs_hooks import CompiledTemplates

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
