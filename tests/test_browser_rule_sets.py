"""A table's rules in real Chromium, for every game with rule sets (sets.yml) and every language: chosen on the rules
page, followed by the refresher, the calculator, the odds, the quiz and practice; kept on reload, offline and in the
link sent to another browser; an answer other rules give named by those rules. What the page should show is worked out
here with the rules checker at the table's facts (quiz/site/load/rulesets.py), never read from what the script did."""
from __future__ import annotations

import importlib
import json
import re

import pytest
from babel import Locale
from babel.numbers import format_decimal
from playwright.sync_api import expect

from browser_helpers import in_states
from browsing import visitor_context, watch
from rules_reading import LANGUAGES, RULES, game_pages, lang_prefix, questions, ui_texts
from quiz import games
from quiz.games import read_game
from quiz.site.load.problems import Problems
from quiz.site.load.rulesets import choices_of, load_rule_sets

pytestmark = pytest.mark.browser
GAMES_WITH_SETS = sorted(path.parent.name for path in RULES.glob("*/sets.yml"))
CASES = [(game, lang) for game in GAMES_WITH_SETS for lang in LANGUAGES]
# each game once, the languages turning through them (five games, four languages: every language at least once): a
# shared feature's generic pass per game (issue 59 point 7), not every game in every language
ROTATED = [(game, LANGUAGES[number % len(LANGUAGES)]) for number, game in enumerate(GAMES_WITH_SETS)]
assert {lang for _, lang in ROTATED} == set(LANGUAGES)


def rule_sets(game: str):
    checker_class, _ = games.contract(games.load(game))
    return load_rule_sets(RULES / game, game, checker_class.bind(read_game(game, RULES)).facts, Problems(RULES))


def a_table(game: str, lang: str, site_dir=None):
    """A table that is not the default, a different one per language where it can be: a set, and where the game has
    house rules one on a fact set to a choice the set does not have (so both the set and the house rule show); given
    the built site, one at which some stated question is asked with another answer than the default rules give (to
    name those rules), where any table has one (Faraway's variant changes only the deal: none has)."""
    sets = rule_sets(game)
    others = [set_id for set_id in sets.sets if set_id != sets.default] or [sets.default]   # Skat: house rules only
    start = LANGUAGES.index(lang) % len(others)
    tables = []
    for set_id in others[start:] + others[:start]:
        own = sets.set_facts(set_id)
        rule = next((rule for rule in sets.house_rules if rule.fact and rule.fact != "target"), None)
        value = rule and next(choice for choice in reversed(rule.choices) if choice != rule.value_in(own))
        table = sets.table(set_id, {rule.id: value} if rule else {})
        tables.append((sets, table, rule, value))
        if site_dir is None or differing_questions(site_dir, lang, game, sets.values(table)):
            return tables[-1]
    return tables[0]


def differing_questions(site_dir, lang: str, game: str, values: dict) -> list[str]:
    """The stated number and yes/no questions asked at a table with another answer than at the default table."""
    rules = rules_json(site_dir, lang, game)
    pool = json.loads((site_dir / lang_prefix(lang) / game / "quiz/practice.json").read_text(encoding="utf-8"))
    found = []
    for question in questions(game):
        at = pool["stated"][question["id"]].get("t")
        if not at or question["kind"] not in ("number", "yesno"):
            continue
        key = json.dumps([values[n] for n in at["n"].split(",")], separators=(",", ":"), ensure_ascii=False)
        group = at["g"][rules["keys"][at["n"]].index(key)]
        stated = ("yes" if question["answer"] else "no") if isinstance(question["answer"], bool) else question["answer"]
        if group > 0 and not at["x"][group - 1].get("hidden") and at["x"][group - 1]["answer"] != stated:
            found.append(question["id"])
    return found


def rules_json(site_dir, lang: str, game: str) -> dict:
    return json.loads((site_dir / lang_prefix(lang) / game / "rules.json").read_text(encoding="utf-8"))


def form_at(rules: dict, values: dict, unit: str):
    """What rules.json holds for a unit at a table with these values (the build's form for that table)."""
    found = rules["units"][unit]
    key = json.dumps([values[name] for name in found["n"].split(",")], separators=(",", ":"), ensure_ascii=False)
    return found["t"][found["v"][rules["keys"][found["n"]].index(key)]]


def choose(page, rules: dict, table, rule, value) -> None:
    page.locator(f".rr-chooser input[name=rr-set][value='{table.set}']").check()
    if rule is None:
        return
    select = page.locator(f".rr-chooser select[data-rule='{rule.id}']")
    index = next(i for i, choice in enumerate(next(h for h in rules["house"] if h["id"] == rule.id)["choices"])
                 if choice[0] == value)
    select.select_option(index=index)


@in_states("sw-controlled")
@pytest.mark.parametrize("game, lang", ROTATED)
def test_a_tables_rules_are_followed_by_every_page_and_kept(visitor, site_dir, browser, game, lang):
    sets, table, rule, value = a_table(game, lang, site_dir)
    rules = rules_json(site_dir, lang, game)
    values = sets.values(table)
    facts = sets.facts(table)
    checker = games.contract(games.load(game))[0](facts)
    page = visitor.open(lang, f"{game}/rules/")
    choose(page, rules, table, rule, value)
    set_name = rules["sets"][table.set]["name"]
    expect(page.locator(".rr-playing-now")).to_contain_text(set_name)
    if rule:
        expect(page.locator(".rr-playing-now")).to_contain_text(
            next(h for h in rules["house"] if h["id"] == rule.id)["name"])
    link = page.locator(".rr-link-out").input_value()
    assert f"rules={table.address()}" in link
    page.emulate_media(media="print")                 # the table's rules on one sheet, to lay on the table
    assert len(re.findall(rb"/Type\s*/Page[^s]", page.pdf(format="A4", prefer_css_page_size=True))) == 1
    page.emulate_media(media="screen")

    # every page: each text, table and entry that differs at this table, as the build made it for this table
    for name in game_pages(game):
        page.goto(visitor.url(lang, name))
        expect(page.locator(".rr-playing-now")).to_contain_text(set_name)
        for node in page.locator("[data-u]").all():
            unit = node.get_attribute("data-u")
            form = form_at(rules, values, unit)
            if form is None:                  # a text of an entry not on the page at this table
                assert node.is_hidden(), (name, unit)
            elif isinstance(form, bool):
                shown = node.locator("xpath=ancestor::tr") if "rr-row-unit" in (node.get_attribute("class") or "") \
                    else node                 # a row of the numbers table: the row itself
                assert shown.is_hidden() is not form, (name, unit)
            elif isinstance(form, str):
                assert node.text_content() == form, (name, unit)
            else:
                rows = node.locator("tbody tr")
                assert [row.split("\t") for row in rows.all_inner_texts()] == \
                    (form if isinstance(form, list) else form["rows"]), (name, unit)
    page.goto(visitor.url(lang, f"{game}/"))

    # the calculator scores by this table's rules
    calculator = page.locator(".rr-calc").first
    if calculator.count():
        ui = json.loads(calculator.get_attribute("data-ui"))
        for roll in ([2, 2, 3, 4, 6, 6], [1, 1, 1, 1], [1, 2, 3, 4, 5, 6], [2, 2, 2, 3, 3, 3]):
            calculator.locator(".rr-calc-clear").click()
            for face in roll:
                calculator.locator(f".rr-calc-faces .rr-die:nth-child({face})").click()
            points = checker.best_score(roll)
            if points:
                expect(calculator.locator(".rr-calc-result")).to_contain_text(
                    ui["best"].replace("{points}", format_decimal(points, locale=lang)))
            else:
                expect(calculator.locator(".rr-calc-result")).to_contain_text(ui["nothing"])
            if calculator.get_attribute("data-advice"):      # the best play from the turn solved at this table
                expect(calculator.locator(".rr-calc-advice")).to_have_text(
                    advice_expected(game, checker, ui, lang, roll, 0))

    # the quiz: each stated question as the checker answers it at this table, or not asked where it cannot be
    page.goto(visitor.url(lang, f"{game}/quiz/"))
    expect(page.locator(".rr-playing-now")).to_contain_text(set_name)
    pool = json.loads((site_dir / lang_prefix(lang) / game / "quiz/practice.json").read_text(encoding="utf-8"))
    page.wait_for_function("() => document.querySelectorAll('.rr-q[data-rr-wired]').length > 0")
    asked, named = 0, False
    differing = differing_questions(site_dir, lang, game, values)
    for block in page.locator(".rr-q[data-q]").all():
        question = block.get_attribute("data-q")
        at = pool["stated"][question].get("t")
        if at is None:                                # the same at every table
            assert block.is_visible() and question not in differing, question
            asked += 1
            continue
        key = json.dumps([values[n] for n in at["n"].split(",")], separators=(",", ":"), ensure_ascii=False)
        group = at["g"][rules["keys"][at["n"]].index(key)]
        shown = group >= 0 and (group == 0 or not at["x"][group - 1].get("hidden"))
        assert block.is_visible() is shown, question
        if not shown:
            continue
        asked += 1
        answer = json.loads(block.get_attribute("data-answer"))
        default_answer = json.loads(block.get_attribute("data-base-answer") or block.get_attribute("data-answer"))
        if group > 0:
            assert answer == at["x"][group - 1]["answer"], question
        if not named and answer != default_answer and block.get_attribute("data-kind") in ("number", "yesno"):
            if block.get_attribute("data-kind") == "number":      # the default rules' answer: named by those rules
                block.locator("input").fill(format_decimal(default_answer, locale=lang))
                block.locator(".rr-check").click()
            else:
                block.locator(f".rr-choice[data-value='{default_answer}']").click()
            expect(block.locator(".rr-diagnosis")).to_contain_text(rules["sets"][sets.default]["name"])
            named = True
    assert asked and named is bool(differing), (asked, named, differing)

    # practice serves only variants answered at this table, with this table's answer (where the game has practice)
    if pool.get("variants"):
        page.locator(".rr-practice-start").click()
        expect(page.locator(".rr-practice-q")).to_be_visible()

    # reload: the choice stays; the link opens another browser on the same rules
    page.reload()
    expect(page.locator(".rr-playing-now")).to_contain_text(set_name)
    other = visitor_context(browser, "first-visit")
    try:
        fresh = other.new_page()
        watch(fresh)
        fresh.goto(link.replace("rules/?", "?"))
        expect(fresh.locator(".rr-playing-now")).to_contain_text(set_name)
        assert fresh.console_errors == []
    finally:
        other.close()
    assert page.console_errors == [] and page.foreign_requests == []


@in_states("offline")
@pytest.mark.parametrize("game, lang", CASES[:1] + CASES[-1:])
def test_offline_a_chosen_table_is_still_followed(visitor, site_dir, game, lang):
    """Chosen while online (the first visit saves the language), the rules hold offline: the stored choice, rules.json
    from the saved language, the calculator's table for these rules as fetched online."""
    sets, table, rule, value = a_table(game, lang)
    rules = rules_json(site_dir, lang, game)
    page = visitor.page
    page.goto(visitor.url(lang, f"{game}/rules/?rules={table.address()}"))
    page.wait_for_function("document.documentElement.getAttribute('data-rr-offline') === 'ready'", timeout=60000)
    page.goto(visitor.url(lang, f"{game}/"))              # the table's calculator file is fetched (and kept) here
    expect(page.locator(".rr-playing-now")).to_contain_text(rules["sets"][table.set]["name"])
    page.wait_for_timeout(500)
    visitor.go_offline()
    page.reload()
    expect(page.locator(".rr-playing-now")).to_contain_text(rules["sets"][table.set]["name"])
    if "numbers" in rules["units"]:
        rows = page.locator(".rr-numbers tbody tr")
        expect(rows).to_have_count(len(form_at(rules, sets.values(table), "numbers")))
    calculator = page.locator(".rr-calc").first
    if calculator.count():
        for face in (1, 1, 1, 1):
            calculator.locator(f".rr-calc-faces .rr-die:nth-child({face})").click()
        points = games.contract(games.load(game))[0](sets.facts(table)).best_score([1, 1, 1, 1])
        expect(calculator.locator(".rr-calc-result")).to_contain_text(format_decimal(points, locale=lang))


@in_states("first-visit")
@pytest.mark.parametrize("game, lang", CASES[:1] + CASES[-1:])
def test_a_choice_made_before_the_rules_arrive_is_kept(visitor, site_dir, game, lang):
    """On a slow line a player picks a set before rules.json has arrived: once it does, that choice is the table's,
    not reset to the default (CI caught the chooser wired after a click, a sw-controlled run in Turkish)."""
    sets, table, rule, value = a_table(game, lang)
    rules = rules_json(site_dir, lang, game)
    held = []
    page = visitor.page
    def hold(route):
        held.append(route)
    page.route("**/rules.json", hold)
    page.goto(visitor.url(lang, f"{game}/rules/"))
    page.wait_for_function("() => document.documentElement.classList.contains('rr-js')")
    with page.expect_request("**/rules.json"):         # asked for when the player goes for the chooser
        choose(page, rules, table, rule, value)
    assert page.locator(".rr-chooser[data-rr-wired]").count() == 0 and held, "rules.json was not held back"
    for route in held:
        route.continue_()
    page.unroute("**/rules.json")
    expect(page.locator(".rr-chooser[data-rr-wired]")).to_have_count(1)
    expect(page.locator(".rr-playing-now")).to_contain_text(rules["sets"][table.set]["name"])
    assert f"rules={table.address()}" in page.locator(".rr-link-out").input_value()
    page.reload()
    expect(page.locator(".rr-playing-now")).to_contain_text(rules["sets"][table.set]["name"])


@in_states("first-visit")
@pytest.mark.parametrize("game, lang", CASES[:1] + CASES[-1:])
def test_at_the_default_rules_the_chooser_is_ready_and_rules_json_waits_for_a_player(visitor, site_dir, game, lang):
    """rules.json is the heaviest file a page could load (28 KB gzip for Farkle): the rules page at the default rules
    shows its chooser as rules.js would (the default set, each house rule at its value, ✓, the link) without it, and
    fetches it when a player goes for the chooser, which is then wired."""
    rules = rules_json(site_dir, lang, game)
    page = visitor.page
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(visitor.url(lang, f"{game}/rules/"))
    page.wait_for_load_state("networkidle")
    assert not [u for u in requested if u.endswith("/rules.json")], requested
    default_set = rules["default"].split(",")[0]
    expect(page.locator(f".rr-chooser input[name=rr-set][value='{default_set}']")).to_be_checked()
    own = rules["sets"][default_set]
    for house in rules["house"]:
        value = own["values"][house["fact"]] if house.get("fact") else own["bits"][house["option"]]
        index = next(i for i, choice in enumerate(house["choices"]) if choice[0] == value)
        select = page.locator(f".rr-chooser select[data-rule='{house['id']}']")
        assert select.evaluate("s => s.selectedIndex") == index, house["id"]
        assert select.locator("option").all_inner_texts() == \
            [choice[1] + (" ✓" if i == index else "") for i, choice in enumerate(house["choices"])], house["id"]
    assert page.locator(".rr-link-out").input_value() == visitor.url(lang, f"{game}/rules/")
    with page.expect_request("**/rules.json"):
        page.locator(".rr-chooser input[name=rr-set]").first.focus()
    expect(page.locator(".rr-chooser[data-rr-wired]")).to_have_count(1)
    assert page.locator(".rr-link-out").input_value() == visitor.url(lang, f"{game}/rules/")
    assert page.console_errors == []


@in_states("first-visit")
@pytest.mark.parametrize("game, lang", ROTATED)
def test_a_rule_link_says_which_of_its_parts_it_ignored(visitor, site_dir, game, lang):
    """Issue 60: a link whose ?rules= names what this site does not know (a house rule, a value a rule does not offer,
    a set) follows what it knows and says, in one line in the page's language under the rules it follows, which parts
    it ignored, as the link wrote them; the next page, without the link, follows the same rules and says nothing. A
    link with known parts only says nothing; a choice made on the rules page takes the line away."""
    sets, table, rule, value = a_table(game, lang)
    rules, ui = rules_json(site_dir, lang, game), ui_texts(lang)["rule_sets"]
    set_name = rules["sets"][table.set]["name"]
    unknown = ["bogus:1", f"{rule.id}:7.5" if rule else "bogus"]
    page = visitor.open(lang, f"{game}/?rules={','.join([table.address(), *unknown])}")
    note = page.locator(".rr-playing .rr-playing-ignored")
    expect(note).to_have_text(ui["ignored_several"].replace("{parts}", ", ".join(unknown)))
    assert note.locator("code").all_inner_texts() == unknown
    expect(page.locator(".rr-playing-now")).to_contain_text(set_name)
    if rule:
        expect(page.locator(".rr-playing-now")).to_contain_text(next(h for h in rules["house"]
                                                                       if h["id"] == rule.id)["name"])

    page.goto(visitor.url(lang, f"{game}/teach/"))           # the link's known parts kept on the device, said once
    expect(page.locator(".rr-playing-now")).to_contain_text(set_name)
    expect(page.locator(".rr-playing-ignored")).to_have_count(0)

    page.goto(visitor.url(lang, f"{game}/rules/?rules=nonsense"))     # a set this site does not know: its default
    note = page.locator(".rr-playing .rr-playing-ignored")
    expect(note).to_have_text(ui["ignored"].replace("{parts}", "nonsense"))
    expect(page.locator(".rr-chooser input[name=rr-set][value='{}']".format(rules["default"].split(",")[0]))) \
        .to_be_checked()
    choose(page, rules, table, rule, value)
    expect(note).to_have_count(0)

    page.evaluate("localStorage.clear()")                     # the link alone says which rules
    page.goto(visitor.url(lang, f"{game}/?rules={table.address()}"))
    expect(page.locator(".rr-playing-now")).to_contain_text(set_name)
    expect(page.locator(".rr-playing-ignored")).to_have_count(0)
    assert page.console_errors == []


# --- the calculator's advice: the best play after a roll, at the table's rules ----------------------------------------

ADVICE_ROLLS = ([2, 2, 3, 3, 4, 6], [1, 1, 5, 2, 3, 4], [2, 2, 2, 2, 3, 3], [1, 1, 1, 1], [5, 3, 4], [1, 5])


def advice_expected(game: str, checker, ui: dict, lang: str, roll: list[int], total: int) -> str:
    """The calculator's advice line as the game's solved turn gives it (its strategy module's keep()), worded with the
    calculator's texts; "" where the roll farkles."""
    strategy = importlib.import_module(f"{games.package_name(game)}.strategy")
    solved = checker.turn_strategy()
    best = strategy.keep(checker, solved, total, roll)
    if not best["dice"]:
        return ""
    number = lambda value: format_decimal(value, locale=lang)        # noqa: E731
    forms, after = ui["left_forms"], total + best["points"]
    left = forms.get(f"={best['left']}") or forms[Locale.parse(lang).plural_form(best["left"])]
    text = ui["advice_must_roll"] if after < checker.facts.bank_minimum else \
        ui["advice_bank"] if best["bank"] else ui["advice_roll"]
    values = {"keep": " ".join(map(str, best["dice"])), "points": number(best["points"]), "bank": number(after),
              "left": left.replace("#", number(best["left"])), "minimum": number(checker.facts.bank_minimum),
              "roll": number(round(solved.roll_value[best["left"]][after // solved.step]))}
    return re.sub(r"\{(\w+)\}", lambda match: values[match.group(1)], text)


def advice_changing_house_rule(game: str, lang: str):
    """A house rule on the default set, and a roll and turn total, at which the calculator's advice differs from the
    default table's: (table, rule, value, roll, total, checker there, default checker)."""
    sets = rule_sets(game)
    default = games.contract(games.load(game))[0](sets.facts(sets.table(sets.default)))
    for rule in sets.house_rules:
        for value in choices_of(rule):
            if value == rule.value_in(sets.set_facts(sets.default)):
                continue
            table = sets.table(sets.default, {rule.id: value})
            checker = games.contract(games.load(game))[0](sets.facts(table))
            for roll in ADVICE_ROLLS:
                for total in (0, 350):
                    ui = {"advice_roll": "r{keep}", "advice_bank": "b{keep}", "advice_must_roll": "m{keep}",
                          "left_forms": {"other": "#"}}
                    if advice_expected(game, checker, ui, lang, roll, total) != \
                            advice_expected(game, default, ui, lang, roll, total):
                        return table, rule, value, roll, total, checker, default
    return None


def advises(game: str) -> bool:
    """Whether a game's calculators include one that gives the best play (its presentation names a solved turn)."""
    checker_class, presentation_class = games.contract(games.load(game))
    calculators = presentation_class(checker_class.bind(read_game(game, RULES))).calculators()
    return any(calculator.get("advice") for calculator in calculators.values())


@in_states("first-visit")
@pytest.mark.parametrize("game, lang", [(game, lang) for game, lang in CASES if advises(game)])
def test_the_calculator_advises_the_best_play_and_follows_a_house_rule(visitor, site_dir, game, lang):
    """With your turn's points so far, the calculator says which dice to keep and whether to bank (issue 31), as the
    solved turn does at the default table, and otherwise once a house rule changes the scoring."""
    page = visitor.page
    page.goto(visitor.url(lang, f"{game}/"))
    calculator = page.locator(".rr-calc[data-advice]").first
    found = advice_changing_house_rule(game, lang)
    assert found, "no house rule changes the calculator's advice for the rolls tried"
    table, rule, value, roll, total, checker, default = found
    ui = json.loads(calculator.get_attribute("data-ui"))

    def advice_on_page() -> None:
        calculator.locator(".rr-calc-clear").click()
        calculator.locator(".rr-calc-turn input").fill(str(total))
        for face in roll:
            calculator.locator(f".rr-calc-faces .rr-die:nth-child({face})").click()

    advice_on_page()
    expect(calculator.locator(".rr-calc-advice")).to_have_text(advice_expected(game, default, ui, lang, roll, total))
    page.goto(visitor.url(lang, f"{game}/rules/?rules={table.address()}"))
    expect(page.locator(".rr-playing-now")).to_contain_text(
        next(h for h in rules_json(site_dir, lang, game)["house"] if h["id"] == rule.id)["name"])
    page.goto(visitor.url(lang, f"{game}/"))
    calculator = page.locator(".rr-calc[data-advice]").first
    advice_on_page()
    changed = advice_expected(game, checker, ui, lang, roll, total)
    expect(calculator.locator(".rr-calc-advice")).to_have_text(changed)
    assert changed != advice_expected(game, default, ui, lang, roll, total)
    assert page.console_errors == []


@in_states("first-visit")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_that_ended_at_a_lower_target_is_not_asked_about(visitor, lang):
    """content-review-5 F1: at a table playing to 5,000, "You have 7,300 points banked … and then you farkle" describes
    a turn nobody takes (the game ended at 5,000): the stated question is not asked there, while the same page at the
    default rules asks it (the variants: tests/test_table_answers.py, at every table)."""
    stated = next(q for q in questions("farkle") if q["id"] == "farkle-after-three-sets")
    assert stated["givens"]["banked"] > 5000          # the case the review found
    page = visitor.open(lang, "farkle/quiz/")
    expect(page.locator(".rr-q[data-q='farkle-after-three-sets']")).to_be_visible()
    page.goto(visitor.url(lang, "farkle/quiz/") + "?rules=seed,target:5000")
    expect(page.locator(".rr-playing-now")).to_contain_text(format_decimal(5000, locale=lang))
    page.wait_for_function("() => document.querySelectorAll('.rr-q[data-rr-wired]').length > 0")
    expect(page.locator(".rr-q[data-q='farkle-after-three-sets']")).to_be_hidden()
    expect(page.locator(".rr-q[data-q='four-ones']")).to_be_visible()
    assert page.console_errors == []


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("game", GAMES_WITH_SETS)
def test_the_script_works_out_every_tables_values_as_the_build_does(browser, site_dir, game, state):
    """Issue 43: a table's values are the one thing rules.js computes rather than looks up (its set's values, the
    house rules over them, the scoring chart by its id), so at every table the game's rule sets make its address parses
    to the table, writes back the same, and gives the values rulesets.py RuleSets.values gives."""
    sets = rule_sets(game)
    tables = list(sets.tables())
    rules = rules_json(site_dir, LANGUAGES[0], game)
    context = visitor_context(browser, state)
    page = context.new_page()
    watch(page)
    page.set_content("<!doctype html><html lang='en'><head></head><body></body></html>")
    page.add_script_tag(path=str(RULES.parent / "docs" / "assets" / "rules.js"))
    found = page.evaluate("""([rules, addresses]) => addresses.map((written) => {
        const tables = window.RulesRefresherTables, choice = tables.parse(rules, written);
        return [tables.address(rules, choice), tables.valuesOf(rules, choice)];
    })""", [rules, [table.address() for table in tables]])
    context.close()
    expected = [[table.address(), sets.values(table)] for table in tables]
    differences = [(want, got) for want, got in zip(expected, found) if got != want]
    assert len(found) == len(tables) > 1 and differences == [], f"{len(differences)} differ, first: {differences[:2]}"
    assert page.console_errors == []
