"""The whole site in the build's memo (quiz/site/build.py, quiz/site/memo.py): a warm build takes the
generated files from .cache/memo/ without loading rules/ again, an edit to any input is a new key, a hand-edited or
deleted generated file is put back, and a problem is never kept. In-process, on the fixture game."""
from __future__ import annotations

import pytest

from repo_copies import FIXTURE_GAME, FIXTURE_ID, fixture_rules
from rules_reading import LANGUAGES
from quiz.site import build as site_build, memo
from quiz.site.output import generate
from quiz.site.load.problems import ContentError

REFRESHER = f"{LANGUAGES[0]}/{FIXTURE_ID}/index.md"


@pytest.fixture
def rules(tmp_path, monkeypatch):
    monkeypatch.setattr(memo, "code_moved", lambda: False)   # quiz/ edited while tests run: kept all the same
    forget_this_process()
    yield fixture_rules(tmp_path / "repo" / "rules")
    forget_this_process()


def forget_this_process() -> None:
    """As a new `mkdocs build` process starts: no site written, no digest remembered."""
    generate._written.clear()
    site_build._digests.clear()


@pytest.fixture
def generations(monkeypatch):
    """Counts how often rules/ is loaded and rendered afresh."""
    calls = []
    real = site_build.make_site
    monkeypatch.setattr(site_build, "make_site", lambda *args: calls.append(args) or real(*args))
    return calls


def build(rules, docs):
    forget_this_process()
    return generate.write_docs(docs, rules)


def test_a_warm_build_takes_everything_from_the_cache(rules, tmp_path, generations):
    docs = tmp_path / "docs"
    first = build(rules, docs)
    page = (docs / REFRESHER).read_bytes()
    assert len(generations) == 1 and (rules.parent / ".cache" / "memo").is_dir()
    second = build(rules, docs)
    assert len(generations) == 1                          # no loading, no rendering
    assert second == first and (docs / REFRESHER).read_bytes() == page


def test_an_edited_input_is_generated_again(rules, tmp_path, generations):
    docs = tmp_path / "docs"
    build(rules, docs)
    text = rules / FIXTURE_ID / f"text.{LANGUAGES[0]}.yml"
    text.write_text(text.read_text(encoding="utf-8").replace("refresher_intro: ", "refresher_intro: Edited ", 1),
                    encoding="utf-8")
    build(rules, docs)
    assert len(generations) == 2
    assert "Edited" in (docs / REFRESHER).read_text(encoding="utf-8")


def test_a_hand_edited_or_deleted_generated_file_is_put_back(rules, tmp_path, generations):
    """From the memo while it holds every file (the site's "site files" unit names the pages units that hold a game's
    pages), else generated again."""
    docs = tmp_path / "docs"
    build(rules, docs)
    page = (docs / REFRESHER).read_bytes()
    (docs / REFRESHER).write_text("edited by hand", encoding="utf-8")
    build(rules, docs)
    assert (docs / REFRESHER).read_bytes() == page and len(generations) == 1
    folder = rules.parent / ".cache" / "memo"
    where = memo.Memo(rules).get(memo.site_files_key(generate._written["key"][0]))
    unit = next(key for lang, key, paths in where.units if REFRESHER.split("/", 1)[1] in paths and lang == LANGUAGES[0])
    (folder / f"{unit}.pickle").unlink()                   # the page's unit gone from the memo: generated again
    (docs / REFRESHER).unlink()
    build(rules, docs)
    assert (docs / REFRESHER).read_bytes() == page and len(generations) == 2
    (docs / REFRESHER).unlink()
    for kept in folder.glob("*.pickle"):
        kept.unlink()                                      # and the memo gone too: generated again
    build(rules, docs)
    assert (docs / REFRESHER).read_bytes() == page and len(generations) == 3


def test_a_problem_is_never_cached(rules, tmp_path, generations):
    docs = tmp_path / "docs"
    build(rules, docs)
    questions = rules / FIXTURE_ID / "questions.yml"
    good = questions.read_text(encoding="utf-8")
    questions.write_text(good.replace("answer:", "answer: 999999  #", 1), encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ContentError):
            build(rules, docs)
    assert len(generations) == 3                          # tried afresh each time
    questions.write_text(good, encoding="utf-8")
    build(rules, docs)
    assert len(generations) == 3                          # the good content's result was still there


def test_the_key_covers_every_input(rules):
    from quiz.site import build as site_build, memo

    code = memo.SiteCode(rules)
    package = (FIXTURE_GAME / "quiz" / "games" / FIXTURE_ID / "__init__.py").resolve()   # outside quiz/
    assert code.checkers[FIXTURE_ID] == [package]
    loaded = {path.relative_to(path.parents[1]).as_posix() for path in memo._LOADED}
    assert {"quiz/checker.py", "pages/render.py", "templates/parts.md.j2", "schema/ui.schema.json",
            f"{FIXTURE_ID}/__init__.py", "farkle/rules.py"} <= loaded
    digest = site_build.site_key(rules, False, "", 0)
    assert site_build.site_key(rules, False, "https://example.org/", 0) != digest
    assert site_build.site_key(rules, False, "", 1) != digest
    assert site_build.site_key(rules, True, "", 0) != digest
    text = rules / FIXTURE_ID / f"text.{LANGUAGES[-1]}.yml"
    text.write_text(text.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert site_build.site_key(rules, False, "", 0) != digest
