"""The content lint: passes on the real rules/, and each rule catches its own bad fixture with file, line and id."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from quiz.content import ContentError, load_site

RULES = Path(__file__).resolve().parent.parent / "rules"


def test_real_rules_pass_the_lint():
    site = load_site(RULES)
    assert [g.id for g in site.games][:1] == ["faraway"]


@pytest.fixture
def rules(tmp_path) -> Path:
    return Path(shutil.copytree(RULES, tmp_path / "rules"))


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture text {old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def problems(rules: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    return str(caught.value).splitlines()


def line_number(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_broken_yaml_names_file_and_line(rules):
    de = rules / "faraway/text.de.yml"
    edit(de, "  summary-pick:\n", "  summary-pick: [unclosed\n")
    [problem] = problems(rules)
    assert re.match(rf"faraway/text\.de\.yml:{line_number(de, 'summary-pick')+1}: broken YAML", problem.removeprefix("rules/")), problem


def test_missing_translation(rules):
    fr = rules / "faraway/text.fr.yml"
    text = fr.read_text(encoding="utf-8")
    fr.write_text(re.sub(r"  pick-order:\n    title: .*\n", "  pick-order:\n", text), encoding="utf-8")
    found = problems(rules)
    assert any("text.fr.yml:" in p and "pick-order.title: missing the fr text" in p for p in found), found


def test_extra_id_in_one_language(rules):
    tr = rules / "faraway/text.tr.yml"
    edit(tr, "entries:\n", "entries:\n  made-up-rule:\n    text: Fazladan\n")
    found = problems(rules)
    assert any(p.startswith(f"rules/faraway/text.tr.yml:{line_number(tr, 'made-up-rule')}: made-up-rule") and "extra key" in p
               for p in found), found


def test_placeholder_mismatch(rules):
    de = rules / "faraway/text.de.yml"
    edit(de, "{rounds} – am Ende", "{hand} – am Ende")
    found = problems(rules)
    assert any("text.de.yml:" in p and "num-rounds.value: placeholders" in p for p in found), found


def test_retyped_number_is_a_digit_mismatch(rules):
    de = rules / "faraway/text.de.yml"
    edit(de, "{rounds} – am Ende", "7 – am Ende")
    found = problems(rules)
    assert any("num-rounds.value: digits ['7']" in p for p in found), found


def test_unknown_placeholder(rules):
    for lang in ("en", "de", "fr", "tr"):
        edit(rules / f"faraway/text.{lang}.yml", "{players_max}", "{players_most}")
    found = problems(rules)
    assert any("text.en.yml:" in p and "unknown placeholder {players_most}" in p for p in found), found


def test_duplicate_id(rules):
    game = rules / "faraway/game.yml"
    edit(game, "{id: pick-order, rank: 5, pages: [9]}", "{id: keep-one-sanctuary, rank: 5, pages: [9]}")
    found = problems(rules)
    assert any(p.startswith("rules/faraway/game.yml:") and "keep-one-sanctuary: duplicate id" in p for p in found), found


def test_page_ref_out_of_range(rules):
    game = rules / "faraway/game.yml"
    edit(game, "{id: center-refill, rank: 8, pages: [9]}", "{id: center-refill, rank: 8, pages: [13]}")
    found = problems(rules)
    line = line_number(game, "id: center-refill")
    assert f"rules/faraway/game.yml:{line}: center-refill: page ref 13 is outside the rulebook's pages 1–12" in found


@pytest.mark.parametrize("file, old, new, message", [
    ("faraway/game.yml", "as_of:", "colour_of_box: red\nas_of:", "unknown key 'colour_of_box' in game.yml"),
    ("faraway/game.yml", "{id: pick-order, rank: 5, pages: [9]}", "{id: pick-order, rank: 5, pages: [9], note: x}",
     "unknown key 'note' in an entry"),
    ("faraway/text.en.yml", "    title: Only {sanctuary_keep}", "    hint: x\n    title: Only {sanctuary_keep}",
     "unknown field 'hint'"),
])
def test_unknown_keys_are_rejected(rules, file, old, new, message):
    edit(rules / file, old, new)
    found = problems(rules)
    assert any(message in p and p.startswith(f"rules/{file}:") for p in found), found


def test_forget_entry_needs_a_rank(rules):
    edit(rules / "faraway/game.yml", "{id: short-deck, rank: 13, pages: [9]}", "{id: short-deck, pages: [9]}")
    assert any("short-deck: an easy-to-forget entry needs a rank" in p for p in problems(rules))


def test_missing_language_file(rules):
    (rules / "faraway/text.tr.yml").unlink()
    assert any("text.tr.yml: faraway: missing the tr texts" in p for p in problems(rules))
