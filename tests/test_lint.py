"""The lint's problem codes, on the fixture game: every code has a failing fixture under tests/lint_fixtures/ and a line
in rules/README.md; each fixture breaks a copy of the fixture rules one way and gets exactly its code, with file, line
and id. Drafts: left out of a build while they have problems, shown by `mkdocs serve` while they are only unfinished."""
from __future__ import annotations

import collections
import re
from pathlib import Path

import pytest
import yaml

from repo_copies import FIXTURE_ID, LINT_FIXTURES, apply_lint_fixture, expected_line, fixture_rules
from rules_reading import ROOT, RULES
from quiz.site.check.pipeline import load_site
from quiz.site.load import codes
from quiz.site.load.problems import CODES, ContentError, Problems


def test_the_fixture_game_passes_the_lint_and_verify(tmp_path):
    site = load_site(fixture_rules(tmp_path / "rules"))
    assert [g.id for g in site.games] == [FIXTURE_ID] and not site.drafts


def test_every_code_has_a_fixture_and_a_line_in_the_guide():
    guide = (RULES / "README.md").read_text(encoding="utf-8")
    fixtures = {path.stem for path in LINT_FIXTURES.glob("RR*.yml")}
    assert fixtures == set(CODES), (sorted(set(CODES) - fixtures), sorted(fixtures - set(CODES)))
    missing = [code for code in CODES if not re.search(rf"^\| `{code}` \|", guide, re.M)]
    assert not missing, f"rules/README.md does not list {missing}"


@pytest.mark.parametrize("code", sorted(CODES))
def test_the_fixture_of_each_code_gets_exactly_that_code_with_file_line_and_id(code, tmp_path, monkeypatch):
    fixture = yaml.safe_load((LINT_FIXTURES / f"{code}.yml").read_text(encoding="utf-8"))
    rules = fixture_rules(tmp_path / "rules")
    apply_lint_fixture(fixture, rules, monkeypatch)
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    problems = caught.value.problems
    assert all(re.match(r"^rules/\S+(:\d+)?: ", str(p)) and "\n" not in str(p) for p in problems), problems
    expect = fixture["expect"]
    # exactly its code, as often as the fixture says (count, default 1), and only the other codes it lists (also)
    found = collections.Counter(p.code for p in problems)
    assert found == collections.Counter({code: fixture.get("count", 1), **(fixture.get("also") or {})}), \
        "\n".join(map(str, problems))
    wanted = [p for p in problems if p.code == code and p.file == f"rules/{expect['file']}"
              and expect["message"] in p.message]
    assert wanted, "\n".join(map(str, problems))
    problem = wanted[0]
    if "id" in expect:
        assert problem.id == expect["id"], str(problem)
    if "line_of" in expect:
        assert problem.line == expected_line(expect, rules), str(problem)



@pytest.mark.parametrize("forms, starts_a_clause", [
    ({"one": "# point is", "other": "# points are"}, True),                   # the RR115 fixture's
    ({"one": "# of them has", "other": "# of them have"}, True),
    ({"one": "# of them runs", "other": "# of them run"}, True),
    ({"one": "hat # von ihnen", "other": "haben # von ihnen"}, True),
    ({"one": "# Spieler hat", "other": "# Spieler haben"}, True),             # a noun that does not change, a verb
    ({"one": "# joueur a", "many": "# joueurs ont", "other": "# joueurs ont"}, True),
    ({"one": "# joueur joue", "many": "# joueurs jouent", "other": "# joueurs jouent"}, True),
    ({"one": "içlerinden # kişi ortadan bir kart", "other": "içlerinden # kişi ortadan birer kart"}, True),
    # issue 43 point 6: the count is an object, a modifier between it and its noun ("you roll 2 more Yahtzees")
    ({"one": "# more Yahtzee", "other": "# more Yahtzees"}, False),
    ({"one": "# weiteren Kniffel", "other": "# weitere Kniffel"}, False),
    ({"one": "# Yahtzee supplémentaire", "many": "# Yahtzees supplémentaires",
      "other": "# Yahtzees supplémentaires"}, False),
    ({"one": "# Yahtzee de plus", "many": "# Yahtzees de plus", "other": "# Yahtzees de plus"}, False),
    ({"one": "# Yahtzee daha", "other": "# Yahtzee daha"}, False),
    ({"one": "# die", "other": "# dice"}, False),
])
def test_a_count_starts_a_clause_where_a_word_past_its_noun_agrees(forms, starts_a_clause):
    """RR115 asks for "=1" where a verb or pronoun agrees with the count ("1 of them has" is a digit for a word); a
    word between the count and its noun that changes only as a plural does is the noun, not agreement."""
    from quiz.site.load.wording import count_starts_a_clause

    assert count_starts_a_clause(forms) is starts_a_clause

@pytest.mark.parametrize("file, old, new, expected", [
    ("pips/game.yml", "{id: leader-by-points, rank: 3, pages: [3]}",
     "{id: leader-by-points, rank: 3, pages: [3], note: x}",
     "leader-by-points: RR003 unknown key 'note' in an entry"),
    ("pips/questions.yml", "    check: roll_total\n    givens: {roll: [4, 1, 3]}",
     "    check: roll_total\n    mood: x\n    givens: {roll: [4, 1, 3]}",
     "three-dice-total: RR003 unknown key 'mood' in a question"),
    ("pips/questions.de.yml", "three-dice-total:\n", "three-dice-total:\n  hint: x\n",
     "three-dice-total: RR003 unknown key 'hint' in a question's texts"),
    ("ui.fr.yml", "sections:\n", "sections:\n  extra:\n    deep: x\n",
     "RR005 sections.extra must be text, not a mapping"),
    # a source's own date, copied as it is written: the message gives it in the form wanted, not a second example
    ("pips/game.yml", 'as_of: "2026-11-30"', "as_of: 30.11.2026",
     "RR005 as_of: '30.11.2026' is not written YYYY-MM-DD: write 2026-11-30"),
])
def test_the_schema_rejects_what_it_does_not_know_in_every_kind_of_file(tmp_path, file, old, new, expected):
    rules = fixture_rules(tmp_path / "rules")
    path = rules / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    assert expected in str(caught.value), str(caught.value)


def make_draft(rules: Path, unfinished: bool) -> None:
    game = rules / FIXTURE_ID / "game.yml"
    game.write_text(game.read_text(encoding="utf-8").replace("order: 9\n", "order: 9\ndraft: true\n"), encoding="utf-8")
    if unfinished:
        text = rules / FIXTURE_ID / "text.en.yml"
        text.write_text(text.read_text(encoding="utf-8").replace("text: A tie wins nothing.",
                                                                 "text: TODO explain ties."),
                        encoding="utf-8")


def test_a_finished_draft_is_built(tmp_path):
    rules = fixture_rules(tmp_path / "rules")
    make_draft(rules, unfinished=False)
    site = load_site(rules)
    assert [g.id for g in site.games] == [FIXTURE_ID] and not site.drafts


def test_an_unfinished_draft_is_left_out_of_a_build_and_shown_while_serving(tmp_path):
    rules = fixture_rules(tmp_path / "rules")
    make_draft(rules, unfinished=True)
    built = load_site(rules)
    assert built.games == [] and [p.code for p in built.drafts[FIXTURE_ID]] == ["RR109"]
    served = load_site(rules, show_drafts=True)
    assert [g.id for g in served.games] == [FIXTURE_ID]


def test_verify_tells_the_author_of_a_finished_draft_to_take_draft_true_out(tmp_path, capsys):
    """Issue 43 point 6: a draft with nothing left to say is published, and stays `draft: true` unless someone says to
    remove it; while it is there, a later slip leaves the game out of `make site` instead of stopping it."""
    from quiz.__main__ import main

    rules = fixture_rules(tmp_path / "rules")
    make_draft(rules, unfinished=True)
    assert main(["verify", "--rules", str(rules)]) == 0
    assert "remove `draft: true`" not in capsys.readouterr().out
    text = rules / FIXTURE_ID / "text.en.yml"
    text.write_text(text.read_text(encoding="utf-8").replace("TODO explain ties.", "A tie wins nothing."),
                    encoding="utf-8")
    assert main(["verify", "--rules", str(rules)]) == 0
    assert f"draft {FIXTURE_ID}: nothing left to say, so `make site` publishes it; now remove `draft: true` from " \
           f"rules/{FIXTURE_ID}/game.yml" in capsys.readouterr().out


def test_a_broken_draft_is_not_shown_either(tmp_path):
    rules = fixture_rules(tmp_path / "rules")
    make_draft(rules, unfinished=False)
    questions = rules / FIXTURE_ID / "questions.yml"
    questions.write_text(questions.read_text(encoding="utf-8").replace("    answer: 8", "    answer: 9"),
                         encoding="utf-8")
    served = load_site(rules, show_drafts=True)
    assert served.games == [] and [p.code for p in served.drafts[FIXTURE_ID]] == ["RR301"]



def a_second_game_without_its_checker(rules: Path, draft: bool, game_yml_extra: str = "") -> str:
    """The fixture game copied under a new id that no checker module has (RR007 when loading)."""
    new = f"{FIXTURE_ID}nochecker"
    (rules / new).mkdir()
    for path in (rules / FIXTURE_ID).iterdir():
        (rules / new / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    game = rules / new / "game.yml"
    text = game.read_text(encoding="utf-8").replace(f"id: {FIXTURE_ID}\n", f"id: {new}\n")
    game.write_text(text.replace("order: 9\n", "order: 9\n" + ("draft: true\n" if draft else "") + game_yml_extra),
                    encoding="utf-8")
    return new


@pytest.mark.parametrize("extra, codes", [("", {"RR007"}), ("mood: curious\n", {"RR003"})])
def test_a_draft_that_does_not_even_load_is_left_out_and_the_rest_is_built(tmp_path, extra, codes):
    rules = fixture_rules(tmp_path / "rules")
    draft = a_second_game_without_its_checker(rules, draft=True, game_yml_extra=extra)
    for show in (False, True):
        site = load_site(rules, show_drafts=show)
        assert [g.id for g in site.games] == [FIXTURE_ID]
        assert {p.code for p in site.drafts[draft]} == codes and all(draft in p.file for p in site.drafts[draft])


def test_the_same_game_not_marked_draft_stops_the_build(tmp_path):
    rules = fixture_rules(tmp_path / "rules")
    game = a_second_game_without_its_checker(rules, draft=False)
    with pytest.raises(ContentError, match=f"{game}: RR007 no rules checker package"):
        load_site(rules)

# --- every bad input a line, never a traceback ------------------------------------------------------------------------

@pytest.mark.parametrize("old, new, expected", [
    ("  - id: two-dice-total", "  - id: three-dice-total",
     "questions.yml:13: three-dice-total: RR201 duplicate question id"),
    ("    answer: 8", "    answer: [not, an, answer]",
     "questions.yml:10: three-dice-total: RR005 questions.0.answer must be a whole number, not a list"),
    ("    answer: true", "    answer: 'yes'",
     "questions.yml:25: higher-total-wins: RR005 questions.2.answer must be true or false, not text"),
    ("    answer: Ana", "    answer: 1",
     "questions.yml:42: most-points-lead: RR005 questions.4.answer must be text, not a whole"),
    ("    answer: [Bruno, Cem, Ana]", "    answer: [Bruno, 3, Ana]",
     "questions.yml:57: order-of-three: RR005 questions.6.answer.1 must be text, not a whole number"),
])
def test_a_question_with_a_duplicate_id_or_an_answer_not_of_its_kind_is_one_line(tmp_path, old, new, expected):
    """Two questions with one id ended in a TypeError in question_check.py; an answer of another kind than the
    question's in one in wording.number: the schema types the answer by the kind."""
    rules = fixture_rules(tmp_path / "rules")
    questions = rules / FIXTURE_ID / "questions.yml"
    text = questions.read_text(encoding="utf-8")
    assert old in text
    questions.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    assert f"rules/{FIXTURE_ID}/{expected}" in str(caught.value), str(caught.value)


@pytest.mark.parametrize("module, expected", [
    ("import a_module_this_site_does_not_have\n",
     "RR007 quiz/games/{game}/rules.py:1 failed to load: ModuleNotFoundError: No module named "
     "'a_module_this_site_does_not_have'"),
    ("from quiz.games.pips import Pips\n\n\nclass Misspelled(Pips):\n    def _illegal_wins_rond(self, mine, theirs):\n"
     "        yield 'never asked'\n",
     "RR007 quiz/games/{game}/rules.py:4 failed to load: TypeError: Misspelled._illegal_wins_rond (line 5): "
     "'wins_rond' is not a @rule of Misspelled, so this legality check would never run "
     "(did you mean _illegal_wins_round?)"),
    ("from quiz.games.pips import Pips\n\nclass Broken(Pips)\n",
     "RR007 quiz/games/{game}/rules.py:3 failed to load: SyntaxError: "),
])
def test_a_checker_that_fails_to_import_is_reported_with_its_error(tmp_path, monkeypatch, module, expected):
    """A checker whose own import fails was reported as "no rules checker module"; a misspelled _illegal_<rule> meant
    "always legal" without a word."""
    import quiz.games

    rules = fixture_rules(tmp_path / "rules")
    game = a_second_game_without_its_checker(rules, draft=False)
    checkers = tmp_path / "checkers"
    (checkers / game).mkdir(parents=True)
    (checkers / game / "__init__.py").write_text("from quiz.games.%s.rules import *  # noqa\n" % game, encoding="utf-8")
    (checkers / game / "rules.py").write_text(module, encoding="utf-8")
    monkeypatch.setattr(quiz.games, "__path__", [*quiz.games.__path__, str(checkers)])
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    assert f"rules/{game}/game.yml: {game}: " + expected.format(game=game) in str(caught.value), str(caught.value)


def test_a_game_package_reports_every_import_and_contract_problem_in_one_run(tmp_path, monkeypatch):
    """Issue 59 point 6: a game written to an earlier contract (Presentation was in quiz.checker) with a second module
    broken as well reports both, each with its file and line and, for a moved name, where it is now; a module that
    fails only because it imports a broken one is not reported again. A package that loads but names neither CHECKER
    nor PRESENTATION gets both lines."""
    import quiz.games

    rules = fixture_rules(tmp_path / "rules")
    game = a_second_game_without_its_checker(rules, draft=False)
    package = tmp_path / "checkers" / game
    package.mkdir(parents=True)
    modules = {"__init__.py": f"from quiz.games.{game}.presentation import *  # noqa\n",
               "facts.py": "X = 1\n\nY = undefined_name\n",
               "rules.py": f"from quiz.games.{game}.facts import X  # noqa\n",
               "presentation.py": "from quiz.checker import Presentation  # noqa\n"}
    for file, source in modules.items():
        (package / file).write_text(source, encoding="utf-8")
    monkeypatch.setattr(quiz.games, "__path__", [*quiz.games.__path__, str(package.parent)])
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    lines = [line.split(f"{game}: RR007 ", 1)[1] for line in str(caught.value).splitlines() if "RR007" in line]
    folder = f"quiz/games/{game}"
    assert lines == [f"{folder}/facts.py:3 failed to load: NameError: name 'undefined_name' is not defined",
                     f"{folder}/presentation.py:1 failed to load: ImportError: cannot import name 'Presentation' from "
                     f"'quiz.checker' ({quiz.checker.__file__}) (Presentation is in quiz.presentation: import it from "
                     f"there)"], lines

    for file, source in {"facts.py": "X = 1\n", "presentation.py": "Z = 2\n"}.items():
        (package / file).write_text(source, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    lines = [line.split(f"{game}: RR007 ", 1)[1] for line in str(caught.value).splitlines() if "RR007" in line]
    assert [line.split(" must name ")[1].split(",")[0] for line in lines] == ["its checker", "its presentation"], lines


def step_problems(tmp_path, monkeypatch, judge: str, ranges: str) -> list[str]:
    """The RR306 lines of the fixture game with points in fifties, simulated on its leader rule (yielded as a game that
    cannot happen, or raised as malformed input), its stated totals in fifties and these ranges."""
    from quiz import games
    from quiz.checker import MalformedInput

    def fifties(self, players):
        for name, points in players.items():
            if points % 50:
                if judge == "raises":
                    raise MalformedInput(f"players[{name!r}]: points come in fifties")
                yield f"players[{name!r}]: points come in fifties"

    rules = fixture_rules(tmp_path / "rules")
    monkeypatch.setattr(games.contract(games.load(FIXTURE_ID))[0], "_illegal_leader", fifties,
                        raising=False)
    # a game of points in fifties reaches any such total: only the legality check above judges them here
    monkeypatch.setattr(games.witnesses(games.load(FIXTURE_ID)), "witness", lambda self, check, givens: {"at": givens})
    questions = rules / FIXTURE_ID / "questions.yml"
    text = questions.read_text(encoding="utf-8")
    for old, new in [("{Ana: 14, Bruno: 11}", "{Ana: 150, Bruno: 100}"),
                     ("{Ana: 6, Bruno: 10}", "{Ana: 50, Bruno: 100}"),
                     ("{players.Ana: [0, 20], players.Bruno: [0, 20]}", ranges)]:
        assert old in text
        text = text.replace(old, new)
    questions.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    return [str(p) for p in caught.value.problems if p.code == "RR306"]


def test_a_range_that_misses_its_step_is_told_it_even_when_a_few_variants_are_left(tmp_path, monkeypatch):
    """A range without its step built silently with a handful of variants (one total in 50 is a game): most draws are
    no game, so the step is said, as when none is left."""
    lines = step_problems(tmp_path, monkeypatch, "yields", "{players.Ana: [0, 1000]}")
    assert len(lines) == 1 and re.search(r"most-points-lead: RR306 vary: \d+ draws are games that cannot happen, only "
                                         r"[4-9] of 16 variants are left; players.Ana is a game only every 50 "
                                         r"from 150: give its range that step, \[0, 1000, 50\]$", lines[0]), lines


@pytest.mark.parametrize("judge", ["yields", "raises"])
def test_a_range_whose_values_are_games_only_every_n_is_told_the_step(tmp_path, monkeypatch, judge):
    """RR306 said "narrow the ranges" where a step [low, high, step] was the fix (Farkle totals in fifties), as an
    impossible game (too few variants) and as malformed input."""
    lines = step_problems(tmp_path, monkeypatch, judge, "{players.Ana: [0, 1000], players.Bruno: [5, 995]}")
    assert len(lines) == 1 and lines[0].startswith(f"rules/{FIXTURE_ID}/questions.yml:35: most-points-lead: RR306 "), \
        lines
    assert lines[0].endswith("players.Ana is a game only every 50 from 150: give its range that step, [0, 1000, 50]; "
                             "players.Bruno is a game only every 50 from 100: give its range that step, "
                             "[50, 950, 50]"), lines


def test_lint_fix_puts_back_the_french_no_break_spaces_and_nothing_else(tmp_path):
    """A French author types plain spaces (or none) before : ; ! ?: `python -m quiz lint --fix` puts in the no-break
    spaces RR110 asks for, in the quoted texts only, and the files read back as they were written by hand."""
    from quiz.site.author.typography import fix_typography, spaced_languages

    rules = fixture_rules(tmp_path / "rules")
    files = [rules / "ui.fr.yml", *rules.glob("*/*.fr.yml")]
    written = {path: path.read_text(encoding="utf-8") for path in files}
    for path, text in written.items():
        broken = "\n".join(line if line.lstrip().startswith("#") else
                           line.replace("\u00a0:", " :").replace("\u00a0?", "?").replace("\u00a0;", ";")
                           for line in text.split("\n"))
        path.write_text(broken, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    assert {p.code for p in caught.value.problems} == {"RR110"}
    assert spaced_languages(rules) == ["fr"]
    assert fix_typography(rules, ["fr"])
    assert {path: path.read_text(encoding="utf-8") for path in files} == written
    load_site(rules)


def test_lint_fix_puts_back_the_french_apostrophe_and_nothing_else(tmp_path):
    """French writes ’ (ui.fr.yml labels.apostrophe, as seed 001 does): a text typed with ' is RR114, and `python -m
    quiz lint --fix` puts the typographic one back, in texts only, single-quoted ones too; the files read back as they
    were written by hand."""
    from quiz.site.author.typography import apostrophes, fix_typography

    rules = fixture_rules(tmp_path / "rules")
    files = [rules / "ui.fr.yml", *rules.glob("*/*.fr.yml")]
    written = {path: path.read_text(encoding="utf-8") for path in files}
    assert sum(text.count("\u2019") for text in written.values()) > 10
    for path, text in written.items():
        path.write_text("\n".join(line if line.lstrip().startswith("#") or "apostrophe:" in line else
                                  line.replace("\u2019", "'") for line in text.split("\n")), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_site(rules)
    assert {p.code for p in caught.value.problems} == {"RR114"}
    assert apostrophes(rules)["fr"] == "\u2019"
    assert fix_typography(rules, [], apostrophes(rules))
    assert {path: path.read_text(encoding="utf-8") for path in files} == written
    load_site(rules)


def test_the_problem_count_says_once_what_lint_fix_puts_right(tmp_path, capsys):
    """Issue 43 point 6: French typed with straight apostrophes is a line a text (RR114, each at its own line and id);
    the count under them says that one `python -m quiz lint --fix` mends them all."""
    from quiz.__main__ import main

    rules = fixture_rules(tmp_path / "rules")
    for path in [rules / "ui.fr.yml", *rules.glob("*/*.fr.yml")]:
        path.write_text("\n".join(line if line.lstrip().startswith("#") or "apostrophe:" in line else
                                  line.replace("\u2019", "'") for line in path.read_text(encoding="utf-8").split("\n")),
                        encoding="utf-8")
    assert main(["lint", "--rules", str(rules)]) == 1
    lines = capsys.readouterr().err.splitlines()
    found = [line for line in lines if " RR114 " in line]
    assert len(found) > 5 and len({line.split(": ")[0] for line in found}) == len(found)   # one a file and line
    assert lines[-1].startswith(f"{len(found)} problem(s); {len(found)} of them (RR110, RR114) `python -m quiz lint "
                                f"--fix` puts right"), lines[-1]


def test_problem_codes_are_named_constants_and_every_one_is_raised():
    """A problem code is written by its name (codes.WRONG_ANSWER), never as a string ("RR301") that a typo would slip
    past; every name quiz/site/load/codes.py defines is raised somewhere (read from the source, not only where a fixture
    reaches it), and Problems.add refuses anything else, under python -O too."""
    sources = {path: path.read_text(encoding="utf-8") for path in (ROOT / "quiz").rglob("*.py")
               if path.name != "codes.py"}
    literals = {f"{path.relative_to(ROOT)}: {code}" for path, text in sources.items()
                for code in re.findall(r'"(RR\d{3})"', text)}
    assert not literals, sorted(literals)
    used = {name for text in sources.values() for name in re.findall(r"\bcodes\.([A-Z_0-9]+)\b", text)}
    named = {name for name, value in vars(codes).items() if isinstance(value, codes.Code)}
    assert used - named == set(), sorted(used - named)
    assert named - used == set(), f"codes nothing raises: {sorted(named - used)}"
    assert len(named) == len(CODES)
    problems = Problems(ROOT)
    for slip in ("RR301", codes.Code("RR301", "a look-alike")):
        with pytest.raises(ValueError, match="not one of quiz/site/load/codes.py"):
            problems.add(ROOT / "rules", None, None, slip, "x")


@pytest.mark.parametrize("text, nested", [
    ("Ein Gleichstand (fast (nie)) gewinnt nichts.", True),
    ("Ein Gleichstand (fast nie) gewinnt (meist) nichts.", False),
    ("Ein Gleichstand (fast nie gewinnt nichts.", False),
    ("Ein Gleichstand ((fast nie)) gewinnt nichts.", True),
])
def test_brackets_inside_brackets_are_the_other_half_of_rr119(tmp_path, text, nested):
    """RR119's fixture is the colon in a rule's words; this is its other half, only nested brackets, not two after each
    other or one left open."""
    rules = fixture_rules(tmp_path / "rules")
    path = rules / FIXTURE_ID / "text.de.yml"
    source = path.read_text(encoding="utf-8")
    path.write_text(source.replace("    text: Ein Gleichstand gewinnt nichts.\n", f"    text: {text}\n"),
                    encoding="utf-8")
    assert path.read_text(encoding="utf-8") != source
    try:
        load_site(rules)
        found = []
    except ContentError as error:
        found = [p for p in error.problems if p.code == codes.NESTED_LABEL.number]
    assert bool(found) is nested and all(p.id == "entries.exceptions.text" for p in found), found
