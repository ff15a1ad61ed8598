"""The pages' tools in real Chromium, for every game that has them: each dice calculator shows the answer its table
(written by the game's checker) holds for the dice tapped; each computed table fits a phone, and its chart (where it
has one) a bar per row."""
from __future__ import annotations

import json
import random
import re

import pytest
from babel.numbers import format_decimal
from playwright.sync_api import expect

from browser_helpers import in_states, language_for, url
from browsing import visitor_context
from rules_reading import GAMES, LANGUAGES, RULES, game_yml, lang_prefix
from quiz import games
from quiz.games import read_game

pytestmark = pytest.mark.browser


def entries_of(game: str, kind: str) -> list[tuple[str, str]]:
    """(page name, entry id) of every section of this kind, on every page of the game."""
    found = []
    for page, sections in [("refresher", game_yml(game)["refresher"]), ("teach", game_yml(game)["teach"]),
                           *[(name, s) for name, s in (game_yml(game).get("extra_pages") or {}).items()]]:
        found += [(page, e["id"]) for s in sections if s["section"] == kind for e in s.get("entries") or []]
    return found


CALCULATORS = [(game, entry) for game in GAMES for page, entry in entries_of(game, "calculator")]
def charted(game: str, entry: str) -> bool:
    """Whether the game's presentation draws a chart beside this computed table (a column of chances)."""
    checker_class, presentation_class = games.contract(games.load(game))
    table = presentation_class(checker_class.bind(read_game(game, RULES))).computed_tables()[entry]
    return bool(table.get("chart"))


TABLES = [(game, page, entry) for game in GAMES for page, entry in entries_of(game, "computed-table")]
CHARTS = [case for case in TABLES if charted(case[0], case[2])]


@in_states("first-visit", "sw-controlled")
@pytest.mark.parametrize("game, calculator", CALCULATORS)
def test_each_calculator_shows_the_answer_its_table_holds(visitor, site_dir, game, calculator):
    lang = language_for(game)
    page = visitor.open(lang, f"{game}/")
    root = page.locator(f"#{calculator} ~ .rr-calc, .rr-tool:has(#{calculator}) .rr-calc").first
    ui = json.loads(root.get_attribute("data-ui"))
    faces, most = int(root.get_attribute("data-faces")), int(root.get_attribute("data-dice"))
    table = json.loads((site_dir / lang_prefix(lang) / game / root.get_attribute("data-table")).read_text(
        encoding="utf-8"))
    result = root.locator(".rr-calc-result")
    rng = random.Random(game)
    rolls = [[rng.randint(1, faces) for _ in range(rng.randint(1, most))] for _ in range(6)]
    for roll in rolls:
        root.locator(".rr-calc-clear").click()
        for value in roll:
            root.locator(f".rr-calc-faces .rr-die:nth-child({value})").click()
        points, dice, every = table["".join(map(str, sorted(roll)))]
        if points == 0:
            expect(result).to_contain_text(ui["nothing"])
        else:
            expect(result).to_contain_text(ui["best"].replace("{points}", format_decimal(points, locale=lang)))
            expect(result).to_contain_text(" ".join(dice))
        if every:
            expect(result).to_contain_text(ui["all"])
    root.locator(".rr-calc-picked .rr-die").first.click()   # tapping a chosen die removes it
    expect(root.locator(".rr-calc-picked .rr-die")).to_have_count(len(rolls[-1]) - 1)
    for _ in range(most - (len(rolls[-1]) - 1)):
        root.locator(".rr-calc-faces .rr-die").first.click()
    expect(root.locator(".rr-calc-picked .rr-die")).to_have_count(most)
    expect(result).not_to_be_empty()
    score = result.inner_text()
    root.locator(".rr-calc-faces .rr-die").first.click()       # one die too many: refused, said, the score stays
    expect(root.locator(".rr-calc-note")).to_have_text(ui["full"])
    assert result.inner_text() == score
    assert page.console_errors == [] and page.foreign_requests == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game, page_name, entry", CHARTS)
def test_each_computed_table_has_a_bar_per_row(page, server, lang, game, page_name, entry):
    page.goto(url(server, lang, f"{game}/" + ("" if page_name == "refresher" else f"{page_name}/")))
    rows = page.locator(f"xpath=//h2[@id='{entry}']/following::table[1]//tbody/tr")
    bars = page.locator(f"xpath=//h2[@id='{entry}']/following::*[local-name()='svg'][1]//*[local-name()='rect']")
    expect(rows.first).to_be_visible()
    assert rows.count() == bars.count() > 0
    assert all(re.search(r"\d", cell) for cell in rows.locator("td").all_inner_texts())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game, page_name, entry", TABLES)
def test_each_computed_table_fits_a_phone_and_every_row_is_filled(page, server, lang, game, page_name, entry):
    """Every computed table, charted or not (Farkle's bank table, the gain of one more roll): every row, and a cell
    in every column of it, seen at a phone's width without scrolling sideways."""
    page.goto(url(server, lang, f"{game}/" + ("" if page_name == "refresher" else f"{page_name}/")))
    table = page.locator(f"xpath=//h2[@id='{entry}']/following::table[1]")
    expect(table).to_be_visible()
    columns = table.locator("thead th").count()
    assert all(row.locator("td").count() == columns for row in table.locator("tbody tr").all())
    assert all(cell.strip() for cell in table.locator("td").all_inner_texts())
    assert table.evaluate("t => t.closest('.md-typeset__scrollwrap, table').scrollWidth <= innerWidth")


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game, calculator", CALCULATORS)
def test_a_calculator_by_keyboard_writes_points_as_the_page_does_and_keeps_the_focus(browser, server, site_dir, game,
                                                                                     calculator, lang, state):
    """The highest-scoring roll of the most dice (thousands, in the format of the page's tables, which Babel writes),
    tapped in with Enter; then every die removed with Enter: the focus stays in the calculator each time."""
    context = visitor_context(browser, state)
    page = context.new_page()
    page.goto(url(server, lang, f"{game}/"))
    root = page.locator(f"#{calculator} ~ .rr-calc, .rr-tool:has(#{calculator}) .rr-calc").first
    ui, most = json.loads(root.get_attribute("data-ui")), int(root.get_attribute("data-dice"))
    table = json.loads((site_dir / lang_prefix(lang) / game / root.get_attribute("data-table")).read_text("utf-8"))
    roll = max((key for key in table if len(key) == most), key=lambda key: table[key][0])
    for value in roll:
        root.locator(f".rr-calc-faces .rr-die:nth-child({value})").focus()
        page.keyboard.press("Enter")
    expect(root.locator(".rr-calc-result")).to_contain_text(
        ui["best"].replace("{points}", format_decimal(table[roll][0], locale=lang)))
    root.locator(".rr-calc-picked .rr-die").nth(most // 2).focus()
    for left in range(most - 1, -1, -1):
        page.keyboard.press("Enter")
        expect(root.locator(".rr-calc-picked .rr-die")).to_have_count(left)
        focus_kept = "node => node.contains(document.activeElement) && document.activeElement.matches('button')"
        assert root.evaluate(focus_kept), page.evaluate("document.activeElement.outerHTML.slice(0, 100)")
    context.close()


@in_states("first-visit")
@pytest.mark.parametrize("game, calculator", CALCULATORS)
def test_a_calculator_takes_its_place_before_its_script_runs(visitor, game, calculator):
    """Its controls are in the page as it is painted: wiring them moves nothing below them (built by the script, they
    grew the page after Material's start-up, which then measured every heading again, a long task on a slow phone)."""
    lang = language_for(game)
    page = visitor.page
    selector = f"#{calculator} ~ .rr-calc, .rr-tool:has(#{calculator}) .rr-calc"
    page.route("**/assets/dice.js*", lambda route: route.abort())
    visitor.open(lang, f"{game}/")
    root = page.locator(selector).first
    unwired = root.evaluate("node => [node.getBoundingClientRect().height, node.innerHTML]")
    page.unroute("**/assets/dice.js*")
    page.reload()
    page.wait_for_function("selector => document.querySelector(selector).calculator", arg=selector.split(", ")[1])
    assert root.evaluate("node => [node.getBoundingClientRect().height, node.innerHTML]") == unwired
    root.locator(".rr-calc-faces .rr-die").first.click()
    expect(root.locator(".rr-calc-picked .rr-die")).to_have_count(1)


@in_states("no-javascript")
@pytest.mark.parametrize("game, calculator", CALCULATORS)
def test_without_javascript_a_calculator_shows_only_its_note(visitor, game, calculator):
    lang = language_for(game)
    page = visitor.open(lang, f"{game}/")
    root = page.locator(f"#{calculator} ~ .rr-calc, .rr-tool:has(#{calculator}) .rr-calc").first
    expect(root.locator("noscript")).to_have_count(1)
    assert root.inner_text().strip() == json.loads(root.get_attribute("data-ui"))["noscript"]
    buttons = root.locator("button").all()
    assert buttons and not any(button.is_visible() for button in buttons)
