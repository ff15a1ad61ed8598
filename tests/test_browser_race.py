"""The calculator's call for the win in real Chromium (docs/assets/dice.js and race.js, from the race solved in
quiz/games/farkle/duel.py): the page plays a turn on its 16-bit chances as endgame.turn_chances() plays it on the solved
file, at every solved set, sampled states with farkles in a row and a final round among them; with both scores typed,
the words say the play that wins most often, in every language; a house rule on top of a set (no solve) hides the
scores; the chances, once fetched, work offline too."""
from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

from browser_helpers import in_states, url
from rules_reading import LANGUAGES, RULES
from quiz.games import bound
from quiz.games.farkle import duel, endgame
from quiz.games.farkle.presentation import FarklePresentation
from quiz.site.load.problems import Problems
from quiz.site.load.rulesets import load_rule_sets

pytestmark = pytest.mark.browser

SEED = bound("farkle")
SETS = load_rule_sets(RULES / "farkle", "farkle", SEED.facts, Problems(RULES))
SOLVED = [set_id for set_id in SETS.sets if duel.load(type(SEED)(SETS.facts(SETS.table(set_id)))) is not None]
CLOSE = 1e-4        # 16-bit chances (1/65535 each) through a turn's weighted sums: far below a shown tenth of a percent


def at_set(set_id: str):
    return type(SEED)(SETS.facts(SETS.table(set_id)))


def sampled(race: duel.Race, seed: str, count: int) -> list[tuple[int, int, int, int, int]]:
    """(mover, other, own, theirs, turn total) in steps, near the end and anywhere."""
    rng = random.Random(seed)
    states = []
    for _ in range(count):
        mover = rng.randrange(max(race.floor, race.goal - 60), race.goal) if rng.random() < 0.6 \
            else rng.randrange(race.floor, race.goal)
        other = rng.randrange(race.floor, race.goal)
        states.append((mover, other, rng.randrange(race.streaks), rng.randrange(race.streaks), rng.randrange(1, 40)))
    return states


def open_calculator(page, server: str, lang: str, rules: str = ""):
    page.goto(url(server, lang, "farkle/") + (f"?rules={rules}" if rules else ""))
    return page.locator(".rr-calc").first


@pytest.mark.parametrize("set_id", SOLVED)
def test_the_page_plays_a_turn_for_the_win_as_the_solver_does(page, server, set_id):
    rules = at_set(set_id)
    race = duel.Race.of(rules)
    _, chances = duel.load(rules)
    open_calculator(page, server, "en", "" if set_id == SETS.default else set_id)
    address = f"{server}farkle/at-tables/{endgame.browser_stem(rules)}.json"
    page.wait_for_function("""address => { const calculator = document.querySelector(".rr-calc").calculator;
      return calculator && new URL(calculator.raceUrl, location.href).href === address; }""", arg=address)
    states = sampled(race, set_id, 12)
    script = page.locator(".rr-calc").first.get_attribute("data-race-script")    # dice.js loads it when first used
    page.add_script_tag(url=page.evaluate("script => new URL(script, location.href).href", script))
    found = page.evaluate("""([address, states]) => {
      const race = new window.RulesRefresher.race.Race(new URL(address, location.href).href);
      return Promise.all(states.map(([mover, other, own, theirs, from]) => race.row(other).then(chance => {
        const turn = race.turn(chance, mover, other, own, theirs, from);
        return [turn.bank[from], [1, 2, 3, 4, 5, 6].map(n => turn.rolled[n][from])];
      })));
    }""", [address, states])
    for state, (bank, rolled) in zip(states, found):
        mover, other, own, theirs, total = state
        turn = endgame.turn_chances(rules, chances, mover, other, own, theirs, from_turn=total)
        expected_bank = turn.bank[total]
        assert (bank is None) == (expected_bank is None), state
        if bank is not None:
            assert abs(bank - expected_bank) < CLOSE, state
        for n in range(1, race.dice + 1):
            assert abs(rolled[n - 1] - turn.rolled[n][total]) < CLOSE, (state, n)
    assert page.console_errors == [] and page.foreign_requests == []


def expected_call(lang: str, ui: dict, rules, banked: int, other: int, total: int, roll: list[int], page) -> str:
    """The words the calculator shows for the win: the keep that leaves the best chance (endgame.turn_chances on the
    solved file), then bank or roll; its percents as the page formats a number."""
    race, (_, chances) = duel.Race.of(rules), duel.load(rules)
    step = race.step
    turn = endgame.turn_chances(rules, chances, banked // step, other // step, from_turn=total // step)
    options = FarklePresentation(rules).keeps()["".join(map(str, sorted(roll)))]
    best = None
    for dice, points in options:
        left = len(roll) - len(dice) or race.dice
        after = (total + points) // step
        worth = turn.value[left][after]
        if best is None or worth > best[0] + 1e-9:
            best = (worth, dice, points, left, after)
    _, dice, points, left, after = best
    bank, rolled = turn.bank[after], turn.rolled[left][after]
    percent = page.evaluate("""values => values.map(value => new Intl.NumberFormat(document.documentElement.lang,
      {style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1}).format(value))""", [bank, rolled])
    number = page.evaluate("values => values.map(value => new Intl.NumberFormat(document.documentElement.lang)"
                           ".format(value))", [points])
    forms = ui["left_forms"]
    plural = page.evaluate("n => new Intl.PluralRules(document.documentElement.lang).select(n)", left)
    left_words = (forms.get(f"={left}") or forms.get(plural) or forms["other"]).replace("#", str(left))
    template = ui["win_bank"] if bank > rolled else ui["win_roll"]
    assert abs(bank - rolled) > 0.001, "a call the test can tell apart"
    return template.format(keep=" ".join(dice), points=number[0], left=left_words, bank=percent[0], roll=percent[1])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_both_scores_typed_the_calculator_says_the_play_that_wins_most_often(page, server, lang):
    """Near the end, 9,150 against 9,450 with 350 so far: the call for the win, in the page's words."""
    rules = at_set(SETS.default)
    root = open_calculator(page, server, lang)
    ui = json.loads(root.get_attribute("data-ui"))
    root.locator(".rr-calc-turn input").fill("350")
    roll = [1, 2, 3, 4, 6, 6]
    for value in roll:
        root.locator(f".rr-calc-faces .rr-die:nth-child({value})").click()
    expect(root.locator(".rr-calc-win")).to_be_empty()          # no scores yet: the points advice only
    expect(root.locator(".rr-calc-advice")).not_to_be_empty()
    root.locator("[data-score=yours]").fill(page.evaluate("n => new Intl.NumberFormat(document.documentElement.lang)"
                                                          ".format(n)", 9150))
    root.locator("[data-score=theirs]").fill("9450")
    expect(root.locator(".rr-calc-win")).to_have_text(expected_call(lang, ui, rules, 9150, 9450, 350, roll, page))
    root.locator("[data-score=theirs]").fill("9475")            # off the scoring step: said, no call
    expect(root.locator(".rr-calc-win")).to_have_text(ui["win_scores"])
    expect(root.locator(".rr-calc-streaks")).to_be_hidden()     # no penalty at the default rules
    assert page.console_errors == [] and page.foreign_requests == []


def test_at_a_penalty_set_the_farkles_in_a_row_count_and_a_house_rule_hides_the_scores(page, server):
    penalty = next(set_id for set_id in SOLVED if at_set(set_id).facts.three_farkles)
    root = open_calculator(page, server, "en", penalty)
    root.locator(".rr-calc-turn input").fill("300")
    for value in (1, 2, 3, 4, 6, 6):
        root.locator(f".rr-calc-faces .rr-die:nth-child({value})").click()
    root.locator("[data-score=yours]").fill("6000")
    root.locator("[data-score=theirs]").fill("9000")
    expect(root.locator(".rr-calc-streaks")).to_be_visible()
    calm = root.locator(".rr-calc-win").inner_text()
    root.locator("[data-streak=yours]").select_option("2")        # a farkle now would cost the penalty too
    expect(root.locator(".rr-calc-win")).not_to_have_text(calm)
    page.goto(url(server, "en", f"farkle/?rules={penalty},target:5000"))
    page.wait_for_function("""() => { const calculator = document.querySelector(".rr-calc").calculator;
      return calculator && calculator.raceUrl === ""; }""")
    expect(page.locator(".rr-calc .rr-calc-race").first).to_be_hidden()
    assert page.console_errors == [] and page.foreign_requests == []


def near_the_end(root) -> None:
    """A roll of 1 5 2 3 4 6 on a turn of 300, at 9,000 against 9,500: a call the race must be fetched for."""
    for value in (1, 5, 2, 3, 4, 6):
        root.locator(f".rr-calc-faces .rr-die:nth-child({value})").click()
    root.locator(".rr-calc-turn input").fill("300")
    root.locator("[data-score=yours]").fill("9000")
    root.locator("[data-score=theirs]").fill("9500")


@in_states("sw-controlled")
def test_the_chances_once_fetched_work_offline(visitor):
    page = visitor.open("en", "farkle/")
    root = page.locator(".rr-calc").first
    near_the_end(root)
    expect(root.locator(".rr-calc-win")).not_to_be_empty()
    online = root.locator(".rr-calc-win").inner_text()
    visitor.go_offline()
    page.reload()
    root = page.locator(".rr-calc").first
    near_the_end(root)
    expect(root.locator(".rr-calc-win")).to_have_text(online)
