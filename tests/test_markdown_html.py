"""Each page's Markdown converted to HTML once (quiz/site/hooks/markdown_html.py, the memo's "html" unit): a build
converts again only the pages whose Markdown changed, again all of them when the files their links resolve against
change, and always a page whose conversion warned; what it keeps builds the same site as converting afresh. On a small
MkDocs project built in-process, the hook its only one."""
from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort, BuildError
from mkdocs.structure.pages import Page

from quiz.site import memo

HOOK = Path(__file__).resolve().parents[1] / "quiz" / "site" / "hooks" / "markdown_html.py"
PAGES = {
    "index.md": "# Home\n\nSee [the rules](rules.md#scoring) and [the end](end.md).\n",
    "rules.md": "# Rules\n\n## Scoring {#scoring}\n\nThree *fives* score 500.\n\n## Turn\n\nRoll, keep, bank.\n",
    "end.md": "# End\n\nFirst to 10,000.\n",
}


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.setattr(memo, "code_moved", lambda: False)   # quiz/ edited while tests run: kept all the same
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")             # the theme writes the build's date into every page
    (tmp_path / "docs").mkdir()
    for name, text in PAGES.items():
        (tmp_path / "docs" / name).write_text(text, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(f"site_name: Kept\ntheme: mkdocs\nhooks:\n  - {HOOK}\n"
                                         "markdown_extensions:\n  - toc\n  - attr_list\n", encoding="utf-8")
    return tmp_path


@pytest.fixture
def converted(monkeypatch):
    """The pages each build converts (Page.render, which the hook calls for a page it has not kept)."""
    pages: list[str] = []
    real = Page.render
    monkeypatch.setattr(Page, "render", lambda page, *args: pages.append(page.file.src_uri) or real(page, *args))
    return pages


def built(project: Path, strict: bool = True, site: str = "site") -> dict[str, bytes]:
    """Build as `mkdocs build` does; every file of the site by path."""
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(project / site), strict=strict)
    build(config)
    return {path.relative_to(project / site).as_posix(): path.read_bytes()
            for path in sorted((project / site).rglob("*")) if path.is_file() and path.name != "sitemap.xml.gz"}


def test_a_second_build_converts_no_page_and_builds_the_same_site(project, converted):
    first = built(project)
    assert sorted(converted) == sorted(PAGES)
    converted.clear()
    assert built(project) == first and converted == []


def test_an_edit_converts_that_page_again_and_builds_what_converting_afresh_builds(project, converted):
    built(project)
    rules = project / "docs" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("500", "1,000"), encoding="utf-8")
    converted.clear()
    kept = built(project)
    assert converted == ["rules.md"] and b"1,000" in kept["rules/index.html"]
    shutil.rmtree(project / memo.FOLDER)
    assert built(project, site="afresh") == kept


def test_a_page_whose_link_target_moved_is_converted_again(project, converted):
    """index.md is unchanged, but its link now goes nowhere: kept by its Markdown alone it would show the old address
    and the build would pass. The files the links resolve against are in the unit's key."""
    built(project)
    (project / "docs" / "end.md").rename(project / "docs" / "last.md")
    converted.clear()
    with pytest.raises(Abort):       # --strict: the link to end.md warns
        built(project)
    assert "index.md" in converted


def test_a_page_whose_conversion_warns_is_converted_and_warns_every_build(project, converted, caplog):
    index = project / "docs" / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\nAnd [nowhere](missing.md).\n", encoding="utf-8")
    built(project, strict=False)
    for _ in range(2):
        converted.clear()
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="mkdocs"):
            built(project, strict=False)
        assert converted == ["index.md"]
        assert any("missing.md" in record.getMessage() for record in caplog.records)
    with pytest.raises((Abort, BuildError)):
        built(project)


def test_the_kept_table_of_contents_and_anchors_are_the_pages_own(project):
    """A restored page gives MkDocs what converting it gives: its table of contents (a link to #scoring is checked
    against the anchors kept), its title."""
    first = built(project)
    second = built(project)
    assert second["rules/index.html"] == first["rules/index.html"]
    assert b'href="#scoring"' in second["rules/index.html"] and b"<title>Rules - Kept</title>" in second[
        "rules/index.html"]


def test_a_change_of_markdown_settings_converts_every_page_again(project, converted):
    built(project)
    config = project / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("  - toc\n", "  - toc:\n      permalink: true\n"),
                      encoding="utf-8")
    converted.clear()
    site = built(project)
    assert sorted(converted) == sorted(PAGES) and b'class="headerlink"' in site["rules/index.html"]


def test_with_an_extension_that_reads_other_files_every_page_is_converted_every_build(project, converted):
    """A page that includes another file (pymdownx.snippets) changes when that file does, its own Markdown unchanged:
    kept by its Markdown it would show the old words."""
    (project / "part.txt").write_text("First to 10,000.\n", encoding="utf-8")
    (project / "docs" / "end.md").write_text('# End\n\n--8<-- "part.txt"\n', encoding="utf-8")
    config = project / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8") + f"  - pymdownx.snippets:\n      base_path: ['{project}']\n",
                      encoding="utf-8")
    built(project)
    (project / "part.txt").write_text("First to 5,000.\n", encoding="utf-8")
    converted.clear()
    site = built(project)
    assert sorted(converted) == sorted(PAGES) and b"First to 5,000." in site["end/index.html"]
