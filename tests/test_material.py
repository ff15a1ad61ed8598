"""Our overrides lean on Material's own templates: tests/upstream/ holds each file or block as the Material version we
wrote them against (outside overrides/, MkDocs' custom_dir, which would publish them). When the installed Material
differs, this fails with a diff, so an upgrade is a conscious step: read the diff, adjust overrides/ (and the filters in
quiz/site/hooks/material.py), then copy the new text upstream."""
from __future__ import annotations

import difflib
import importlib.resources
import re
from pathlib import Path

import pytest

OVERRIDES = Path(__file__).resolve().parent.parent / "overrides"
UPSTREAM = Path(__file__).resolve().parent / "upstream"
MATERIAL = Path(str(importlib.resources.files("material") / "templates"))
RECORDS = sorted(p.relative_to(UPSTREAM).as_posix() for p in UPSTREAM.rglob("*") if p.is_file())


def installed(record: str) -> str:
    """The installed Material's text of a recorded file ("404.html") or block ("base.html#config")."""
    file, _, block = record.partition("#")
    text = (MATERIAL / file).read_text(encoding="utf-8")
    if not block:
        return text
    match = re.search(r"\{% block " + re.escape(block) + r" %\}.*?\{% endblock %\}", text, re.S)
    assert match, f"Material's {file} has no block {block!r} any more"
    return match.group(0) + "\n"


def test_every_override_has_its_upstream_recorded():
    overridden = {p.relative_to(OVERRIDES).as_posix() for p in OVERRIDES.rglob("*.html")}
    main_blocks = set(re.findall(r"\{% block (\w+) %\}", (OVERRIDES / "main.html").read_text(encoding="utf-8")))
    recorded_files = {r for r in RECORDS if "#" not in r}
    recorded_blocks = {r.partition("#")[2] for r in RECORDS if r.startswith("base.html#")}
    assert overridden - {"main.html"} <= recorded_files, overridden - recorded_files
    # extrahead is an empty hook block in Material: nothing upstream to follow
    assert main_blocks - {"extrahead"} <= recorded_blocks, main_blocks - recorded_blocks


@pytest.mark.parametrize("record", RECORDS)
def test_installed_material_matches_what_the_overrides_were_written_against(record):
    ours = (UPSTREAM / record).read_text(encoding="utf-8")
    theirs = installed(record)
    diff = "".join(difflib.unified_diff(ours.splitlines(True), theirs.splitlines(True),
                                        f"tests/upstream/{record}", f"installed Material {record}"))
    assert not diff, f"Material changed {record} since the overrides were written:\n{diff}"


def test_no_hashed_material_asset_is_typed_into_an_override():
    for path in OVERRIDES.rglob("*.html"):
        assert not re.search(r"\.[0-9a-f]{8}\.min\.(js|css)", path.read_text(encoding="utf-8")), path


@pytest.mark.parametrize("name, args, template", [
    ("language_search_base", ("/", "de"), "overrides/main.html"),
    ("lazy_search_worker", (), "overrides/main.html"),
    ("deferred_bundle", (), "overrides/main.html"),
    ("dialog_name", ("Search",), "overrides/partials/search.html"),
    ("own_palette_switch", (), "overrides/partials/palette.html"),
])
def test_a_filter_whose_material_markup_moved_stops_the_build_naming_its_override(name, args, template):
    from mkdocs.exceptions import PluginError

    from quiz.site.hooks import material

    with pytest.raises(PluginError, match=f"^{re.escape(template)}: Material's .*; see tests/upstream/$"):
        getattr(material, name)("<p>markup from another Material</p>", *args)
