"""The build's memo per unit (quiz/site/memo.py): an edit of each kind (a language's texts, ui.<lang>.yml, game.yml,
questions.yml, a template, a module only the pages read, a game's checker, the shared checker, lint, verify, a MkDocs
hook) makes again exactly the units that read it; every file of quiz/ that runs or is read while a unit is made is in
that unit's key; after any edit, code edits in a fresh process too, a build that takes what it can from the memo writes
exactly what a build without it writes; the practice pool kept across languages is part of every language's pages' key;
serve and build share their units; a result made while the code moved is not kept; the least recently used entry goes
first. On the fixture game Pips and Dots (Pips under another id: the game an edit to Pips leaves alone); one test on a
copy of the real Farkle, whose answers at its 4,320 tables are kept by what each read."""
from __future__ import annotations

import json
import os
import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import quiz.games
import quiz.witnesses
from repo_copies import FIXTURE_GAME, FIXTURE_ID, fixture_repo, fixture_rules, use_fixture_checker
from rules_reading import DEFAULT_LANGUAGE, LANGUAGES, ROOT, RULES, TESTS
from quiz.site import build as site_build, memo
from quiz.site.check import lint, page_units, practice, question_words, table_answers, verify
from quiz.site.pages import render
from quiz.site.load import codes
from quiz.site.load.problems import ContentError, Problems

SITE_URL = "http://127.0.0.1:8000/"
OTHER = "dots"
LANG = LANGUAGES[-1]
assert LANG != DEFAULT_LANGUAGE
CODE_MOVED = memo.code_moved


@pytest.fixture(scope="session")
def other_games(tmp_path_factory) -> Path:
    """Dots's checker package, a copy of Pips's, importable as quiz.games.dots for the test process (as Pips's is)."""
    folder = tmp_path_factory.mktemp("games")
    shutil.copytree(FIXTURE_GAME / "quiz" / "games" / FIXTURE_ID, folder / OTHER,
                    ignore=shutil.ignore_patterns("__pycache__"))
    use_fixture_checker()
    quiz.games.__path__.append(str(folder))
    return folder


@pytest.fixture
def rules(tmp_path, other_games, monkeypatch):
    """rules/ with the site's interface texts, Pips and Dots."""
    rules = fixture_rules(tmp_path / "repo" / "rules")
    shutil.copytree(rules / FIXTURE_ID, rules / OTHER)
    game_yml = rules / OTHER / "game.yml"
    text = game_yml.read_text(encoding="utf-8")
    game_yml.write_text(text.replace(f"id: {FIXTURE_ID}\n", f"id: {OTHER}\n").replace("order: 9\n", "order: 10\n"),
                        encoding="utf-8")
    monkeypatch.setattr(memo, "code_moved", lambda: False)   # others edit quiz/ while tests run: kept all the same
    return rules.resolve()


def files(rules, with_memo: bool = True, show_drafts: bool = False) -> dict[str, bytes]:
    kept = memo.Memo(rules.resolve()) if with_memo else None
    return site_build.make_site(rules.resolve(), show_drafts, SITE_URL, 0, kept)[1]


def in_a_fresh_process(rules, with_memo: bool = False, repo: Path = ROOT, games: tuple = ()) -> dict[str, bytes]:
    """What a new process generates from rules/ with the code of `repo` (nothing imported before; the memo of rules/
    if asked for), checker packages found in `games` folders too."""
    code = (f"import pickle, sys; sys.path.insert(0, {str(repo)!r}); from pathlib import Path; import quiz.games; "
            f"quiz.games.__path__.extend({[str(folder) for folder in games]!r}); "
            f"from quiz.site import build, memo; "
            f"rules = Path({str(rules.resolve())!r}); "
            f"sys.stdout.buffer.write(pickle.dumps(build.make_site(rules, False, {SITE_URL!r}, 0, "
            f"memo.Memo(rules) if {with_memo} else None)[1]))")
    return pickle.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, check=True).stdout)


def prefix_value(path, key: str, word: str) -> None:
    """Put a word in front of one YAML value (a quoted or a plain scalar)."""
    text = path.read_text(encoding="utf-8")
    edited = re.sub(rf'(?m)^(\s*{key}: "?)', rf"\g<1>{word} ", text, count=1)
    assert edited != text, f"{path}: no {key}"
    path.write_text(edited, encoding="utf-8")


def change_a_word(text_yml) -> None:
    """A count word's forms changed alike (under `words:`, what the texts count in a language's own forms)."""
    text = text_yml.read_text(encoding="utf-8")
    edited = re.sub(r"(?m)^  point: .*$", lambda line: re.sub(r'"# (\w+)', r'"# \1s', line.group()), text, count=1)
    assert edited != text, f"{text_yml}: no point in words"
    text_yml.write_text(edited, encoding="utf-8")


def move_on_the_home_page(game_yml) -> None:
    """Change game.yml's order, which every language's home page shows."""
    text = game_yml.read_text(encoding="utf-8")
    edited = re.sub(r"(?m)^order: (\d+)", lambda m: f"order: {int(m.group(1)) + 10}", text, count=1)
    assert edited != text, f"{game_yml}: no order"
    game_yml.write_text(edited, encoding="utf-8")


def append_a_comment(path) -> None:
    path.write_text(path.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")


def input_edits(rules, game: str = FIXTURE_ID):
    """Edits an author makes while serving: one language's page text, an entry a table's rules fill in, a question
    text, the interface texts, what every language shows from game.yml."""
    yield f"text.{LANG}.yml", lambda: prefix_value(rules / game / f"text.{LANG}.yml", "refresher_intro", "Edited")
    yield f"an entry of text.{LANG}.yml", lambda: prefix_value(rules / game / f"text.{LANG}.yml", "text", "Edited")
    yield f"questions.{LANG}.yml", lambda: prefix_value(rules / game / f"questions.{LANG}.yml", "text", "Edited")
    yield f"ui.{LANG}.yml", lambda: prefix_value(rules / f"ui.{LANG}.yml", "read_rule", "Edited")
    yield "game.yml", lambda: move_on_the_home_page(rules / game / "game.yml")


def test_after_any_edit_the_memo_gives_what_a_build_without_it_gives(rules, other_games):
    files(rules)
    for name, edit in input_edits(rules):
        edit()
        assert files(rules) == files(rules, with_memo=False), f"after an edit to {name}"
    games = (str(FIXTURE_GAME / "quiz" / "games"), str(other_games))
    assert files(rules) == in_a_fresh_process(rules, games=games)


def test_a_code_edit_reaches_what_the_memo_gives_in_a_fresh_process(tmp_path):
    """As `mkdocs build` runs after an edit: a new process, the edited code loaded, the memo of the builds before. A
    unit keyed by too little of the code would come from the memo as the old code made it."""
    repo = fixture_repo(tmp_path / "repo")
    rules = repo / "rules"
    built = in_a_fresh_process(rules, with_memo=True, repo=repo)
    edits = [("a template", repo / "quiz/site/pages/templates/refresher.md.j2", "{% endfor %}\n",
              "{% endfor %}\nEdited\n"),
             ("the game's checker", repo / f"quiz/games/{FIXTURE_ID}/__init__.py",     # the calculator's table
              '"".join(map(str, roll)), 1]', '"".join(map(str, roll)), 2]')]
    for name, path, old, new in edits:
        text = path.read_text(encoding="utf-8")
        assert text.endswith(old) or text.count(old) == 1, name
        path.write_text(text[:-len(old)] + new if text.endswith(old) else text.replace(old, new), encoding="utf-8")
        from_memo = in_a_fresh_process(rules, with_memo=True, repo=repo)
        assert from_memo != built and from_memo == in_a_fresh_process(rules, repo=repo), name
        built = from_memo


@pytest.fixture
def made(monkeypatch):
    """What a build makes afresh: the games linted, the games verified, whose practice variants are drawn, the (game,
    language) whose questions are worded again (at any table), the games whose witnesses search for a game record, the
    games whose answers are worked out at every table, the (game, language) with an entry filled in at every table, the
    pages rendered."""
    made = {"linted": set(), "verified": set(), "drawn": set(), "worded": set(), "searched": set(), "answered": set(),
            "filled": set(), "rendered": set()}
    real_lint = lint.lint_game
    monkeypatch.setattr(lint, "lint_game", lambda site, g, *args: made["linted"].add(g.id) or real_lint(site, g, *args))
    real_verify, real_answer = verify.verify_game, table_answers.at_tables
    real_fill, real_pages, real_draw = page_units._entry_at_tables, render.Writer.pages, practice.PracticeDraw.draw
    monkeypatch.setattr(verify, "verify_game", lambda site, g, *args: made["verified"].add(g.id)
                        or real_verify(site, g, *args))
    monkeypatch.setattr(practice.PracticeDraw, "draw", lambda self: made["drawn"].add(self.game.id) or real_draw(self))
    real_word_in = question_words.word_in

    def word_in(check, lang, *args):
        made["worded"].add((check.game.id, lang))
        return real_word_in(check, lang, *args)
    monkeypatch.setattr(question_words, "word_in", word_in)
    real_search = quiz.witnesses.Witnesses.witness
    monkeypatch.setattr(quiz.witnesses.Witnesses, "witness", lambda self, *args:     # quiz.games.<game>.…
                        made["searched"].add(type(self).__module__.split(".")[2]) or real_search(self, *args))
    monkeypatch.setattr(table_answers, "at_tables", lambda g, *args: made["answered"].add(g.id)
                        or real_answer(g, *args))
    monkeypatch.setattr(page_units, "_entry_at_tables", lambda g, wording, *args:
                        made["filled"].add((g.id, wording.lang)) or real_fill(g, wording, *args))
    monkeypatch.setattr(render.Writer, "pages", lambda self: made["rendered"].add((self.game.id, self.lang))
                        or real_pages(self))
    return made


def again(made) -> None:
    for units in made.values():
        units.clear()


def redone(games=(), linted=(), verified=(), drawn=(), worded=(), searched=(), answered=(), filled=(),
           rendered=()) -> dict:
    """The units made again: `games`' every unit, or each kind's own."""
    each = {(game, lang) for game in games for lang in LANGUAGES}
    return {"linted": set(games) | set(linted), "verified": set(games) | set(verified),
            "drawn": set(games) | set(drawn), "worded": each | set(worded), "searched": set(games) | set(searched),
            "answered": set(games) | set(answered), "filled": each | set(filled), "rendered": each | set(rendered)}


def edited_code(monkeypatch, path: Path):
    """An edit to a code file, as a process that loaded the edited file keys its units (by the bytes it loaded): the
    file itself is left as it is, other tests and workers run it (test_a_code_edit_reaches_… edits real files)."""
    def edit():
        assert path in memo._LOADED, path
        monkeypatch.setitem(memo._LOADED, path, f"edited {memo._LOADED[path]}")
    return edit


def edits_of_each_kind(rules, monkeypatch):
    """(kind, the edit, the units it makes again, whether it makes the whole site again)."""
    pips, dots, lang = FIXTURE_ID, OTHER, LANG
    at = {(pips, lang)}
    code = lambda relative: edited_code(monkeypatch, memo.PACKAGE / relative)     # noqa: E731
    yield (f"a language's page text, text.{lang}.yml refresher_intro",
           lambda: prefix_value(rules / pips / f"text.{lang}.yml", "refresher_intro", "Edited"),
           redone(linted=[pips], verified=[pips], worded=at, rendered=at), True)
    yield (f"a language's entry (a text a table's rules fill in), text.{lang}.yml",
           lambda: prefix_value(rules / pips / f"text.{lang}.yml", "text", "Edited"),
           redone(linted=[pips], verified=[pips], worded=at, filled=at, rendered=at), True)
    yield (f"a language's count words, text.{lang}.yml words: (every entry of it filled in again)",
           lambda: change_a_word(rules / pips / f"text.{lang}.yml"),
           redone(linted=[pips], verified=[pips], worded=at, filled=at, rendered=at), True)
    yield (f"a language's question texts, questions.{lang}.yml",
           lambda: prefix_value(rules / pips / f"questions.{lang}.yml", "text", "Edited"),
           redone(linted=[pips], verified=[pips], worded=at, rendered=at), True)
    yield (f"the default language's question texts, questions.{DEFAULT_LANGUAGE}.yml (a variant's why is compared with "
           "the stated question's in it)",
           lambda: prefix_value(rules / pips / f"questions.{DEFAULT_LANGUAGE}.yml", "text", "Edited"),
           redone(linted=[pips], verified=[pips], drawn=[pips], worded={(pips, DEFAULT_LANGUAGE)},
                  searched=[pips], rendered={(pips, lang) for lang in LANGUAGES}), True)   # draws new givens
    yield (f"ui.{lang}.yml", lambda: prefix_value(rules / f"ui.{lang}.yml", "read_rule", "Edited"),
           redone(linted=[pips, dots], verified=[pips, dots], worded={(pips, lang), (dots, lang)},
                  rendered={(pips, lang), (dots, lang)}), True)
    yield "game.yml", lambda: move_on_the_home_page(rules / pips / "game.yml"), redone([pips]), True
    yield "questions.yml", lambda: append_a_comment(rules / pips / "questions.yml"), redone([pips]), True
    # the code is keyed whole (memo.SiteCode): an edit to any code file makes every unit of every game again
    for name, edit in [("a template", code("site/pages/templates/sections.md.j2")),
                       ("the game's checker, outside quiz/",
                        edited_code(monkeypatch, (FIXTURE_GAME / "quiz/games/pips/__init__.py").resolve())),
                       ("the shared checker, quiz/checker.py", code("checker.py")),
                       ("a MkDocs hook", code("site/hooks/material.py"))]:
        yield name, edit, redone([pips, dots]), True


def test_an_edit_of_each_kind_makes_again_exactly_the_units_that_read_it(rules, made, monkeypatch):
    """Issue 43 point 3: answers (in no language) apart from words (per language), templates apart from checkers."""
    def site_key() -> str:
        site_build._digests.clear()
        return site_build.site_key(rules, False, SITE_URL, 0)

    files(rules)
    before = site_key()
    for kind, edit, expected, whole_site in edits_of_each_kind(rules, monkeypatch):
        again(made)
        edit()
        files(rules)
        assert made == expected, kind
        assert (site_key() != before) is whole_site, kind
        before = site_key()


# --- every file that makes a site is in its key ----------------------------------------------------------------------

def traced_build(rules_dir: str) -> list[str]:
    """Every file that runs, or is opened, while this process builds rules/ (run it in a fresh one: a cache an earlier
    test filled hides what made it)."""
    rules = Path(rules_dir)
    use_fixture_checker()
    seen: set[str] = set()

    def ran(frame, event, arg):
        if event == "call":
            seen.add(frame.f_code.co_filename)

    def opened(event, args):
        if event == "open" and isinstance(args[0], (str, os.PathLike)):
            seen.add(os.fspath(args[0]))
    sys.addaudithook(opened)
    sys.setprofile(ran)
    try:
        site_build.make_site(rules, False, SITE_URL, 0)
    finally:
        sys.setprofile(None)
    return sorted(seen)


def test_every_code_file_that_makes_a_site_is_in_its_key(tmp_path):
    """A unit keyed by too little of the code is kept after an edit that changes it: here every file of quiz/ and of the
    game's package (found by its id, outside quiz/) that runs or is read while a build makes the site is among the files
    the key covers (memo.SiteCode), templates and schemas included."""
    rules = fixture_rules(tmp_path / "rules").resolve()
    code = (f"import json, sys; sys.path[:0] = [{str(TESTS)!r}, {str(ROOT)!r}]; import test_memo_units; "
            f"print(json.dumps(test_memo_units.traced_build({str(rules)!r})))")
    seen = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    package = (FIXTURE_GAME / "quiz" / "games" / FIXTURE_ID).resolve()
    found = {Path(name).resolve() for name in seen if not name.startswith("<")}    # not <frozen …>, <string>
    made_from = {path for path in found if (memo.PACKAGE in path.parents or package in path.parents)
                 and "__pycache__" not in path.parts}                     # compiled from a file the key has
    assert made_from - set(memo.SiteCode(rules).files()) == set()
    # what the trace sees is the real thing: the game's package outside quiz/, a template, a schema
    assert package / "__init__.py" in made_from
    assert {".j2", ".json"} <= {path.suffix for path in made_from}


def test_serve_and_build_share_each_games_units(rules, made):
    files(rules, show_drafts=False)
    again(made)
    files(rules, show_drafts=True)   # as `mkdocs serve` builds: no draft here, so nothing of a game changes
    assert made == redone()


def test_one_languages_pages_are_made_again_when_another_language_changes_which_variants_are_kept(rules, monkeypatch):
    """practice.drop_repeated_variants drops a variant that reads like another in any language: an edit to one
    language's questions can change every language's practice pool. Here the edit is simulated: one more variant
    dropped."""
    game = FIXTURE_ID
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


@pytest.mark.slow
def test_on_farkle_an_edit_to_a_question_text_words_that_language_again_not_the_answers(tmp_path, made, monkeypatch):
    """The real shape: Farkle's questions at its 4,320 tables, each answer kept by the question, its drawn givens and
    the facts its texts name (table_answers.KeptTableAnswers). After an edit to one language's question texts the build
    takes every answer from the memo and words that language again, at every table, and writes what a build without the
    memo writes."""
    monkeypatch.setattr(memo, "code_moved", lambda: False)
    rules = tmp_path / "rules"
    shutil.copytree(RULES / "farkle", rules / "farkle")
    for path in RULES.glob("ui.*.yml"):
        shutil.copy(path, rules)
    files(rules)
    again(made)
    prefix_value(rules / "farkle" / f"questions.{LANG}.yml", "text", "Edited")
    from_memo = files(rules)
    assert made["answered"] == set() and made["worded"] == {("farkle", LANG)} and ("farkle", LANG) in made["rendered"]
    assert from_memo == files(rules, with_memo=False)


def test_a_games_lint_is_kept_only_once_it_passed(rules):
    """A game's lint is kept as passed, so a text with a problem fails every build until it is mended, not only the
    first; the other game's lint, kept, is not run again."""
    text = rules / FIXTURE_ID / f"text.{LANG}.yml"
    good = text.read_text(encoding="utf-8")
    files(rules)
    prefix_value(text, "refresher_intro", "TODO")
    for _ in range(2):
        with pytest.raises(ContentError, match=codes.TODO_LEFT.number):
            files(rules)
    text.write_text(good, encoding="utf-8")
    assert files(rules) == files(rules, with_memo=False)


def test_a_verification_is_kept_only_once_it_passed_at_every_table(rules, monkeypatch):
    """A game's verification is kept with its questions answered and worded at every table: a problem found there
    fails every build, not only the first (the next would take the verification as passed)."""
    real_tables_of = table_answers._tables_of

    def tables_of(site, game, problems, *args):
        problems.add(game.dir / "questions.yml", 1, "a-question", codes.DOES_NOT_FILL, "no words at this table")
        return real_tables_of(site, game, problems, *args)
    monkeypatch.setattr(table_answers, "_tables_of", tables_of)
    for _ in range(2):
        with pytest.raises(ContentError, match="no words at this table"):
            files(rules)
    monkeypatch.setattr(table_answers, "_tables_of", real_tables_of)
    assert files(rules) == files(rules, with_memo=False)


def test_a_result_made_while_the_code_moved_is_not_kept(rules, tmp_path, monkeypatch):
    monkeypatch.setattr(memo, "code_moved", CODE_MOVED)
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
    kept = memo.Memo(rules)
    for number in range(3):
        kept.put(f"k{number}", number)
    older = (rules.parent / memo.FOLDER / "k1.pickle").stat().st_mtime_ns
    os.utime(rules.parent / memo.FOLDER / "k0.pickle", ns=(older + 1, older + 1))   # k0 used after k1 and k2
    os.utime(rules.parent / memo.FOLDER / "k2.pickle", ns=(older, older))
    kept.put("k3", 3)
    assert [kept.get(f"k{n}") for n in range(4)] == [0, None, 2, 3]


def test_a_document_that_fitted_its_schema_is_not_validated_again_until_it_changes(monkeypatch):
    from quiz.site.load import source

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
    from quiz.site.load import source

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
    """What each unit's key covers is said once (memo.UNITS) and the keys are made there: no other module
    of quiz/ hashes a key of its own (memo.key), so no unit can be kept under a key that leaves out one of its inputs
    unnoticed."""
    made_elsewhere = [path.name for path in (ROOT / "quiz").rglob("*.py") if path.name != "memo.py"
                      and re.search(r"\bmemo\.key\(|\b_game_key\(", path.read_text(encoding="utf-8"))]
    assert made_elsewhere == []
    source = (ROOT / "quiz" / "site" / "memo.py").read_text(encoding="utf-8")
    for unit in memo.UNITS:
        assert re.search(rf'"{unit}"', source.split("UNITS = {", 1)[1]), unit
    assert set(memo.UNITS) == {"site", "site files", "lint", "verify", "practice draws", "words", "witnesses",
                               "answers at tables", "texts at tables", "pages"}
