"""Faraway's score sheet (the extra page `score`, docs/assets/sheet.js) in real Chromium: its scoring is the checker's
(quiz/games/faraway/rules.py score_sheet()) on 10,000 rows dealt and played by the engine, final and mid-game; and in
every language, a row and Sanctuaries typed in give the total and each card's reason worked out by hand from the
printed cards (rules/faraway/cards.yml), each reason with its fame per item ("2 fame × 2 stones"), a row read as a
player reads it out (typed with spaces, pasted whole; "100" refused, not split), Sanctuaries picked by colour, what
cannot happen is said in the page's words (a full row with fewer Sanctuaries than rises too), a table of up to six
named players gets the checker's winner (a tie broken by the lowest Region number), the sheet survives a reload and
works offline, storage refused or corrupt is said, and axe finds nothing in either palette."""
from __future__ import annotations

import json
import random
import re
import time

import pytest
import rjsmin
import yaml
from babel import Locale
from playwright.sync_api import expect

from browser_helpers import in_states, palettes_in_turn, url, violations
from browsing import visitor_context, watch
from rules_reading import LANGUAGES, ROOT, game_yml, texts
from quiz import games
from quiz.checker import IllegalState, MalformedInput
from quiz.games.faraway.engine import Match

pytestmark = pytest.mark.browser
GAME = "faraway"
PAGE = f"{GAME}/score/"
SHEET_JS = ROOT / "docs" / "assets" / "sheet.js"
ROWS = 10_000          # final and mid-game rows of dealt and played games, each scored by the page and the checker
FACTS = game_yml(GAME)["facts"]

# The example worked out by hand from cards.yml (Regions in play order; a Region sees itself, those to its right and
# every Sanctuary; Sanctuaries see everything). Sanctuaries: yellow-4-per-colour-set (yellow), red-1-per-red (red),
# clue-stone (grey: 1 clue, 1 stone).
#   60 blue, needs 2 stones 2 chimeras, 16: sees 1 stone (clue-stone), 0 chimeras -> 0
#   52 red, needs 3 stones, 4 per chimera: sees 1 stone -> 0
#   47 yellow, needs 1 chimera 1 thistle, 2 per red or yellow: sees 0 chimeras, 0 thistles -> 0
#   40 blue night, needs 1 stone 1 chimera 1 thistle, 3 per night: sees 1 stone, 0, 0 -> 0
#   30 red night stone, 2 per stone: 30's stone + clue-stone's = 2 -> 4
#   22 green night clue, 1 per clue: 22, 60, clue-stone = 3 -> 3
#   14 red thistle, 2 per night: 22, 30, 40 = 3 -> 6
#   9 blue, 5 fixed -> 5
#   yellow-4-per-colour-set: red 14 30 52 + red-1-per-red = 4, green 22 = 1, blue 9 40 60 = 3, yellow 47 + itself = 2:
#     1 set -> 4; red-1-per-red: 4 red cards -> 4; clue-stone: no fame -> 0. Total 18 + 8 = 26.
#   The row rises 7 times and holds 3 Sanctuaries: the sheet scores it and says that 4 are missing (each rise keeps
#   exactly one, seed 000).
EXAMPLE = [9, 14, 22, 30, 40, 47, 52, 60]
EXAMPLE_SANCTUARIES = ["yellow-4-per-colour-set", "red-1-per-red", "clue-stone"]
# S1, by hand from the example: the fame per item shown beside the count (Region 30: 2 per stone, sees 2 stones; the
# red Sanctuary: 1 per red card, sees 4).
PER_ITEM = {
    "en": ("Region 30: 2 fame × 2 stones: 4", "1 fame × 4 red cards: 4"),
    "de": ("Region 30: 2 Punkte × 2 Steine: 4", "1 Punkt × 4 rote Karten: 4"),
    "fr": ("Région 30 : 2 points de renommée × 2 pierres : 4", "1 point de renommée × 4 cartes rouges : 4"),
    "tr": ("30 numaralı Bölge kartı: 2 ün × 2 taş: 4", "1 ün × 4 kırmızı kart: 4"),
}
# Two rows of the same fame, by hand: 6 each (the Sanctuaries their rises found left out: said, and still scored).
#   A (4 14 7 3 19 15 2 11): 11, 2 per clue, sees no clue 0; 2 nothing; 15, 2 per chimera, sees none 0; 19, 2 per
#     thistle, sees its own 2; 3 fixed 4; 7 nothing; 14, 2 per night, sees no night card 0; 4 nothing. Lowest: 2.
#   B (12 5 1 16 6 8 13 10): 10, 3 per night, sees none 0; 13, 2 per stone, sees none 0; 8, 6 nothing; 16, 2 per
#     chimera, sees its own and 8's 4; 1 nothing; 5 fixed 2; 12 nothing. Lowest: 1.
TIE_A = [4, 14, 7, 3, 19, 15, 2, 11]
TIE_B = [12, 5, 1, 16, 6, 8, 13, 10]
SANCTUARY_COLOURS = {card["id"]: card.get("colour") or "grey" for card in yaml.safe_load(
    (ROOT / "rules" / GAME / "cards.yml").read_text(encoding="utf-8"))["sanctuaries"]}
NAMES = ["Ayşe", "Jürgen", "Élodie", "Zoë", "Kemal", "Brigitte"]


# --- the rows: random games dealt and played by the engine to the end (2-5 players), and moments in the middle ------

def played_rows(rules, rng: random.Random, wanted: int) -> list[tuple[list[int], list[str]]]:
    """(Regions in play order, Sanctuaries placed) of every player at the end of random legal games, and of one player
    at a random moment of most of them (a row of fewer than eight): random deal, plays from hand, Sanctuaries placed
    from those drawn, Regions taken from the centre."""
    rows = []
    while len(rows) < wanted:
        rows += played_game(rules, rng, rng.randint(2, 5), rows)
    return rows[:wanted]


def played_game(rules, rng: random.Random, players: int, looks: list | None = None) -> list[tuple[list, list]]:
    """Every player's (Regions in play order, Sanctuaries placed) at the end of a random legal game; with `looks`, one
    player's at a random moment of most games is put there."""
    cards = rules.facts.cards
    regions, sanctuaries = cards.numbers(), cards.ids()
    rng.shuffle(regions)
    rng.shuffle(sanctuaries)
    game = Match(rules, [f"p{i}" for i in range(players)], regions, sanctuaries)
    stop_at = rng.randint(1, rules.facts.rounds - 1)
    while not game.over:
        game.play({player.name: rng.choice(player.hand) for player in game.players})
        last = not rules.takes_from_center(game.round)
        for player in game.pick_order():
            drawn = game.pile[:game.wants(player)] if game.finds(player) else []
            game.turn(player.name, rng.choice(drawn) if drawn else None,
                      None if last else rng.choice(game.centre))
        if looks is not None and game.round == stop_at and not game.over and rng.random() < 0.7:
            player = rng.choice(game.players)
            looks.append((list(player.row), list(player.sanctuaries)))
    return [(list(player.row), list(player.sanctuaries)) for player in game.players]


def table_rows(rules, players: int, seed: int) -> list[tuple[list[int], list[str]]]:
    """Whole rows for a table (a played game's rows cannot be had for six: the engine's Region deck runs out): every
    number and Sanctuary once at the table, each row keeping one Sanctuary per rise, as the sheet asks."""
    rng = random.Random(seed)
    numbers, ids = rules.facts.cards.numbers(), rules.facts.cards.ids()
    rng.shuffle(numbers)
    rng.shuffle(ids)
    rows = []
    for player in range(players):
        row = numbers[player * FACTS["rounds"]:(player + 1) * FACTS["rounds"]]
        kept, ids = ids[:rises(row)], ids[rises(row):]
        rows.append((row, kept))
    return rows


def rises(row: list[int]) -> int:
    return sum(later > earlier for earlier, later in zip(row, row[1:]))


def a_tie(rules) -> list[tuple[list[int], list[str]]]:
    """The first three-player game the engine deals and plays (seeds from 0) in which two players tie on fame."""
    for seed in range(1000):
        rows = played_game(rules, random.Random(seed), 3)
        if len({rules.score_sheet(*row)["total"] for row in rows}) == 2:
            return rows
    raise AssertionError("no tie in 1,000 games")


def broken(rows, rng: random.Random, ids: list[str]) -> list[tuple[list, list]]:
    """Rows no game shows: a number twice, a Sanctuary twice, one Sanctuary more than the row's rises found, a number
    outside the base game's."""
    out = []
    for regions, sanctuaries in rows:
        kind = rng.randrange(4)
        if kind == 0 and len(regions) > 1:
            regions = regions[:-1] + [regions[0]]
        elif kind == 1 and sanctuaries:
            sanctuaries = sanctuaries + [sanctuaries[0]]
        elif kind == 2:
            sanctuaries = sanctuaries + [next(i for i in ids if i not in sanctuaries)]
        else:
            regions = regions[:-1] + [rng.choice([0, FACTS["number_max"] + 1, 76])]
        out.append((regions, sanctuaries))
    return out


@pytest.mark.parametrize("state", ["first-visit"])
def test_the_page_scores_every_dealt_row_as_the_checker_does(browser, state):
    """The page's scoring code (the minified sheet.js the build ships) against the checker's score_sheet(), card by
    card and in total, on 10,000 rows of games the engine dealt and played; and rows no game shows are refused by
    both."""
    checker = games.bound(GAME)
    _, presentation_class = games.contract(games.load(GAME))
    data = {"cards": presentation_class(checker).sheet_cards(), "rounds": FACTS["rounds"],
            "numbers": [FACTS["number_min"], FACTS["number_max"]]}
    rng = random.Random(40)
    started = time.perf_counter()
    rows = played_rows(checker, rng, ROWS)
    assert len(rows) == ROWS and sum(len(r) < FACTS["rounds"] for r, _ in rows) > ROWS // 10
    assert sum(len(s) for _, s in rows) > ROWS          # Sanctuaries placed, plenty of them
    bad = broken(rows[:1000], rng, checker.facts.cards.ids())
    expected = [checker.score_sheet(regions, sanctuaries) for regions, sanctuaries in rows]
    for regions, sanctuaries in bad:
        with pytest.raises((IllegalState, MalformedInput)):
            checker.score_sheet(regions, sanctuaries)
    context = visitor_context(browser, state)
    page = context.new_page()
    watch(page)
    page.set_content("<!doctype html><html lang='en'><head></head><body></body></html>")
    page.add_script_tag(content=rjsmin.jsmin(SHEET_JS.read_text(encoding="utf-8")))
    scored = page.evaluate("""([data, rows]) => rows.map(
        ([regions, sanctuaries]) => window.RulesRefresherSheet.scoreSheet(data, regions, sanctuaries))""",
                           [data, [[r, s] for r, s in rows + bad]])
    context.close()
    differences = [(row, want, got) for row, want, got in zip(rows, expected, scored[:ROWS]) if got != want]
    assert differences == [], f"{len(differences)} rows differ, the first: {differences[:3]}"
    assert all(set(got) == {"refused"} and got["refused"] for got in scored[ROWS:]), scored[ROWS:][:3]
    assert page.console_errors == []
    print(f"{ROWS} rows and {len(bad)} broken ones scored alike in {time.perf_counter() - started:.1f} s")


# --- the page, in every language, with the words its texts give ----------------------------------------------------

def words_of(lang: str) -> tuple[dict, dict]:
    game_texts = texts(GAME, lang)
    return game_texts["entries"]["score-sheet"], game_texts["words"]


def fill(text: str, **values) -> str:
    for name, value in {**FACTS, **values}.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def count(lang: str, words: dict, noun: str, n: int, plain: bool = False) -> str:
    """A count in the language's form for n; plain: as a number, never in words ("0 stones", not "no stones")."""
    forms = words[noun]
    exact = None if plain else forms.get(f"={n}")
    return (exact or forms.get(Locale.parse(lang).plural_form(n), forms["other"])).replace("#", str(n))


def plain(text: str) -> str:
    return " ".join(text.split())


def sheet_player(page, index: int):
    return page.locator(".rr-sheet-player").nth(index)


def enter(page, index: int, numbers: list) -> None:
    fields = sheet_player(page, index).locator(".rr-sheet-row input")
    for field in range(FACTS["rounds"]):
        fields.nth(field).fill(str(numbers[field]) if field < len(numbers) else "")


def pick(page, index: int, sanctuary: str, search: str = "") -> None:
    """A Sanctuary picked as a player holding it does: its colour pressed (or what it shows typed), then its face."""
    player = sheet_player(page, index)
    player.locator(".rr-sheet-add").click()
    if search:
        player.locator(".rr-sheet-search").fill(search)
    else:
        player.locator(f".rr-pick-colour-{SANCTUARY_COLOURS[sanctuary]}").click()
    button = player.locator(f".rr-pick[data-id='{sanctuary}']")
    expect(button).to_be_visible()
    button.click()


def lines(page, index: int) -> list[str]:
    found = sheet_player(page, index).locator(".rr-sheet-list li > span:last-child")
    return [plain(text) for text in found.all_inner_texts()]


def problems(page, index: int) -> list[str]:
    return [plain(t) for t in sheet_player(page, index).locator(".rr-sheet-problems li").all_inner_texts()]


def open_sheet(page, server, lang: str):
    if not hasattr(page, "console_errors"):
        watch(page)
    page.goto(url(server, lang, PAGE))
    expect(page.locator(".rr-sheet")).to_be_visible()
    return page


def example_lines(lang: str) -> tuple[list[str], str]:
    """The example's lines in the order of scoring and its total, in the page's words, from the YAML."""
    ui, words = words_of(lang)
    describe = words["describe"]

    def say(noun, n):
        return count(lang, words, noun, n)

    def listed(items):      # "A and B"; "A, B and C"
        return describe["list"].join(items[:-1]) + describe["needed"] + items[-1] if len(items) > 1 else "".join(items)

    def sight(needs, sees):      # short of some: only those it sees too few of, those it sees none of apart
        short = [(w, n) for (w, n), (_, needed) in zip(sees, needs) if n < needed]
        some, none = [(w, n) for w, n in short if n], [(w, n) for w, n in short if not n]
        frame = "sight_mixed" if some and none else "sight_none" if none else "sight_short"
        return fill(describe[frame], needs=listed([say(w, n) for w, n in needs]),
                    sees=listed([say(w, n) for w, n in some]), none=listed([say(w, n) for w, n in none]))

    def region(number, reason, fame):
        return fill(ui["line"], card=fill(ui["region"], number=number), reason=reason, fame=fame)

    def counted(fame, n, per):        # "2 fame × 3 stones": the fame per item, the items counted
        noun = per if per in ("stone", "chimera", "thistle", "clue") else f"per_{per}"
        return fill(ui["counted"], fame=say("fame", fame), count=count(lang, words, noun, n, plain=True))

    def task(scoring):
        return fill(describe["task"], scoring=scoring)

    def sanctuary(features, reason, fame):
        return fill(ui["line"], card=fill(ui["sanctuary"], features=describe["features"].join(features)),
                    reason=reason, fame=fame)

    per = describe["per"]
    expected = [
        region(60, sight([("stone", 2), ("chimera", 2)], [("stone", 1), ("chimera", 0)]), 0),
        region(52, sight([("stone", 3)], [("stone", 1)]), 0),
        region(47, sight([("chimera", 1), ("thistle", 1)], [("chimera", 0), ("thistle", 0)]), 0),
        region(40, sight([("stone", 1), ("chimera", 1), ("thistle", 1)], [("stone", 1), ("chimera", 0),
                                                                           ("thistle", 0)]), 0),
        region(30, counted(2, 2, "stone"), 4),
        region(22, counted(1, 3, "clue"), 3),
        region(14, counted(2, 3, "night"), 6),
        region(9, fill(ui["always"], fame=say("fame", 5)), 5),
        sanctuary([words["colours"]["yellow"], task(fill(per, fame=say("fame", 4), per=words["per"]["colour-set"]))],
                  counted(4, 1, "colour-set"), 4),
        sanctuary([words["colours"]["red"], task(fill(per, fame=say("fame", 1), per=words["per"]["red"]))],
                  counted(1, 4, "red"), 4),
        sanctuary([say("stone", 1), say("clue", 1)], ui["nothing"], 0),
    ]
    return [plain(line) for line in expected], plain(fill(ui["total"], fame=say("fame", 26)))


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_row_and_sanctuaries_give_the_total_and_every_cards_reason(browser, server, lang, state):
    """The Sanctuaries picked by their faces, two found by what they show in the page's words (a clue, a colour); the
    cards' file fetched only once the sheet is used, not with the page."""
    context = visitor_context(browser, state)
    page = context.new_page()
    watch(page)
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    open_sheet(page, server, lang)
    page.wait_for_load_state("networkidle")
    assert not [u for u in fetched if u.endswith("score-sheet.json")], "the cards came with the page"
    _, words = words_of(lang)
    enter(page, 0, EXAMPLE)
    pick(page, 0, "yellow-4-per-colour-set", words["colours"]["yellow"])
    pick(page, 0, "red-1-per-red")
    pick(page, 0, "clue-stone", words["per"]["clue"])
    expected, total = example_lines(lang)
    expect(sheet_player(page, 0).locator(".rr-sheet-total")).to_have_text(total)
    assert plain(sheet_player(page, 0).locator(".rr-sheet-total").inner_text()) == total
    assert lines(page, 0) == expected
    region_30, red_sanctuary = PER_ITEM[lang]
    assert region_30 in lines(page, 0) and lines(page, 0)[9].endswith(red_sanctuary)
    # 7 rises, 3 Sanctuaries: scored, and said (S2)
    ui, _ = words_of(lang)
    assert problems(page, 0) == [plain(fill(ui["too_many"], chosen=count(lang, words, "sanctuary", 3), found=7))]
    faces = sheet_player(page, 0).locator(".rr-sheet-list .rr-face")
    assert faces.count() == len(expected)
    assert faces.first.get_attribute("role") == "img" and "60" in faces.first.get_attribute("aria-label")
    assert not re.search(r"\d", faces.last.locator(".rr-face-top").inner_text())     # a Sanctuary shows no number
    assert sheet_player(page, 0).locator(".rr-sheet-chosen li").count() == 3
    assert page.console_errors == [] and page.foreign_requests == []
    context.close()


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_search_finds_sanctuaries_by_what_they_show_in_the_pages_words(browser, server, lang, state):
    context = visitor_context(browser, state)
    page = open_sheet(context.new_page(), server, lang)
    _, words = words_of(lang)
    player = sheet_player(page, 0)
    player.locator(".rr-sheet-add").click()
    expect(player.locator(".rr-pick-colour").first).to_be_focused()      # the thumb's way first, no keyboard
    expect(player.locator(".rr-pick:visible")).to_have_count(0)            # a short picker: nothing narrowed yet
    for colour in ("red", "grey"):
        player.locator(f".rr-pick-colour-{colour}").click()
        expect(player.locator(f".rr-pick-colour-{colour}")).to_have_attribute("aria-pressed", "true")
        shown = sorted(player.locator(".rr-pick:visible").evaluate_all("bs => bs.map(b => b.dataset.id)"))
        assert shown == sorted(i for i, c in SANCTUARY_COLOURS.items() if c == colour), colour
    search = player.locator(".rr-sheet-search")
    search.fill(words["per"]["clue"])            # grey and a clue: both narrow
    shown = player.locator(".rr-pick:visible").evaluate_all("bs => bs.map(b => b.dataset.id)")
    assert shown and all(SANCTUARY_COLOURS[i] == "grey" for i in shown) and "yellow-clue" not in shown
    player.locator(".rr-pick-colour-grey").click()          # pressed again: every colour
    printed = yaml.safe_load((ROOT / "rules" / GAME / "cards.yml").read_text(encoding="utf-8"))["sanctuaries"]
    for word, shows in (("clue", lambda c: c.get("clues") or c.get("per") == "clue"),
                        ("stone", lambda c: (c.get("wonders") or {}).get("stone") or c.get("per") == "stone")):
        search.fill(words["per"][word].upper())             # capitals fold away (Turkish "IPUCU" too)
        shown = sorted(player.locator(".rr-pick:visible").evaluate_all("bs => bs.map(b => b.dataset.id)"))
        assert shown == sorted(c["id"] for c in printed if shows(c)), (lang, word)
    search.fill("zzzz")
    expect(player.locator(".rr-sheet-none")).to_be_visible()
    context.close()


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_cannot_happen_is_said_in_the_pages_words(browser, server, lang, state):
    ui, words = words_of(lang)
    context = visitor_context(browser, state)
    page = open_sheet(context.new_page(), server, lang)
    cases = [
        ([9, 14, 14], [], [fill(ui["twice"], number=14)]),
        ([9, 70], [], [fill(ui["outside"], value=70)]),
        ([9, 0], [], [fill(ui["outside"], value=0)]),
        (["9a"], [], [fill(ui["not_number"], value="9a")]),
        ([9], ["clue-stone"], [fill(ui["round_one"])]),
        ([60, 52, 47], ["clue-stone"], [fill(ui["too_many"], chosen=count(lang, words, "sanctuary", 1), found=0)]),
    ]
    for numbers, sanctuaries, expected in cases:
        page.locator(".rr-sheet-clear").click()
        enter(page, 0, numbers)
        for sanctuary in sanctuaries:
            pick(page, 0, sanctuary)
        expect(sheet_player(page, 0).locator(".rr-sheet-problems li").first).to_be_visible()
        assert problems(page, 0) == [plain(e) for e in expected], numbers
        assert sheet_player(page, 0).locator(".rr-sheet-total").count() == 0
    expect(sheet_player(page, 0).locator(".rr-sheet-row input[aria-invalid='true']")).to_have_count(0)
    page.locator(".rr-sheet-clear").click()
    enter(page, 0, [9, 14, 22])
    pick(page, 0, "clue-stone")
    pick(page, 0, "clue-stone")
    name = fill(ui["sanctuary"], features=words["describe"]["features"].join(
        [count(lang, words, "stone", 1), count(lang, words, "clue", 1)]))
    expect(sheet_player(page, 0).locator(".rr-sheet-problems li")).to_have_count(1)
    assert problems(page, 0) == [plain(fill(ui["sanctuary_twice"], card=name))]
    page.locator(".rr-sheet-clear").click()
    enter(page, 0, [9, 14, 14])
    expect(sheet_player(page, 0).locator(".rr-sheet-row input[aria-invalid='true']")).to_have_count(2)
    # across the players: a Region and a Sanctuary each exist once at the table
    page.locator(".rr-sheet-clear").click()
    page.locator(".rr-sheet-second").click()
    expect(sheet_player(page, 1)).to_be_visible()
    enter(page, 0, [9, 14])
    pick(page, 0, "clue-stone")
    enter(page, 1, [14, 22])
    pick(page, 1, "clue-stone")
    for index in (0, 1):
        expect(sheet_player(page, index).locator(".rr-sheet-problems li")).to_have_count(2)
        assert problems(page, index) == [plain(fill(ui["both_rows"], number=14)),
                                         plain(fill(ui["sanctuary_both"], card=name))]
    assert page.console_errors == []
    context.close()


def paste(page, field, text: str) -> None:
    """Text pasted into a field as a player pastes it: through the clipboard, Ctrl+V."""
    page.evaluate("text => navigator.clipboard.writeText(text)", text)
    field.click()
    page.keyboard.press("ControlOrMeta+V")


def add_player(page, name: str) -> None:
    page.locator(".rr-sheet-second").click()
    player = page.locator(".rr-sheet-player").last
    expect(player.locator(".rr-sheet-name")).to_be_focused()
    page.keyboard.type(name)


def winner_of(rows) -> tuple[int, int, int]:
    """The checker's winner of these rows (its place at the table), its fame and its lowest Region number."""
    players = {str(i): {"numbers": row, "sanctuaries": kept} for i, (row, kept) in enumerate(rows)}
    best = int(games.bound(GAME).winner(players)["winner"])
    return best, games.bound(GAME).score_sheet(*rows[best])["total"], min(rows[best][0])


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_table_of_six_named_players_gets_the_checkers_winner(browser, server, lang, state):
    """Six players named, each row pasted whole, every Sanctuary picked through the page by its colour: each total is
    the checker's, and so is the winner, said by name; a player added and dropped again; the names kept through a
    reload."""
    ui, words = words_of(lang)
    rows = table_rows(games.bound(GAME), FACTS["players_max"], seed=60)
    context = visitor_context(browser, state, permissions=["clipboard-read", "clipboard-write"])
    page = open_sheet(context.new_page(), server, lang)
    verdict = page.locator(".rr-sheet-verdict")
    sheet_player(page, 0).locator(".rr-sheet-name").fill(NAMES[0])
    for name in NAMES[1:]:
        add_player(page, name)
    expect(page.locator(".rr-sheet-player")).to_have_count(FACTS["players_max"])
    expect(page.locator(".rr-sheet-second")).to_be_hidden()          # six at most
    for index, (row, kept) in enumerate(rows):
        paste(page, sheet_player(page, index).locator(".rr-sheet-row input").first, " ".join(map(str, row)))
        if index == 0:
            expect(verdict).to_have_text(plain(fill(ui["not_yet"])))
        for sanctuary in kept:
            pick(page, index, sanctuary)
    for index, (row, kept) in enumerate(rows):
        fame = games.bound(GAME).score_sheet(row, kept)["total"]
        expect(sheet_player(page, index).locator(".rr-sheet-total")).to_have_text(
            plain(fill(ui["total"], fame=count(lang, words, "fame", fame))))
        assert sheet_player(page, index).locator(".rr-sheet-row input").evaluate_all(
            "fs => fs.map(f => f.value)") == [str(n) for n in row]
    best, fame, _ = winner_of(rows)
    said = plain(fill(ui["wins"], player=NAMES[best], fame=count(lang, words, "fame", fame)))
    expect(verdict).to_have_text(said)
    page.reload()
    expect(verdict).to_have_text(said)
    assert page.locator(".rr-sheet-name").evaluate_all("fs => fs.map(f => f.value)") == NAMES
    sheet_player(page, 1).locator(".rr-sheet-drop").click()           # Jürgen leaves: the winner among five
    expect(page.locator(".rr-sheet-player")).to_have_count(FACTS["players_max"] - 1)
    expect(page.locator(".rr-sheet-second")).to_be_focused()
    left = rows[:1] + rows[2:]
    best, fame, _ = winner_of(left)
    expect(verdict).to_have_text(plain(fill(ui["wins"], player=(NAMES[:1] + NAMES[2:])[best],
                                            fame=count(lang, words, "fame", fame))))
    assert page.console_errors == []
    context.close()


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tie_goes_to_the_lowest_region_number_among_the_tied(browser, server, lang, state):
    """Three players of a game the engine played, two of them on the same fame: the tied player with the lowest Region
    number wins (seed 001: "parmi les joueurs concernés par l'égalité"), named by place when no name was typed; a row
    not yet whole holds the verdict back; two players alone get theirs too."""
    ui, words = words_of(lang)
    rows = a_tie(games.bound(GAME))
    context = visitor_context(browser, state)
    page = open_sheet(context.new_page(), server, lang)
    verdict = page.locator(".rr-sheet-verdict")
    page.locator(".rr-sheet-second").click()
    expect(sheet_player(page, 1).locator(".rr-sheet-name")).to_be_focused()
    page.locator(".rr-sheet-second").click()
    expect(page.locator(".rr-sheet-player")).to_have_count(3)
    for index, (row, kept) in enumerate(rows[:2]):
        enter(page, index, row)
        for sanctuary in kept:
            pick(page, index, sanctuary)
    enter(page, 2, rows[2][0][:5])
    expect(verdict).to_have_text(plain(fill(ui["not_yet"])))
    enter(page, 2, rows[2][0])
    for sanctuary in rows[2][1]:
        pick(page, 2, sanctuary)
    best, fame, lowest = winner_of(rows)
    expect(verdict).to_have_text(plain(fill(ui["tie"], fame=count(lang, words, "fame", fame),
                                            player=fill(ui["player"], player=best + 1), number=lowest)))
    # the one not tied leaves: the same two tie, the winner named by the place they have now
    fames = [games.bound(GAME).score_sheet(*row)["total"] for row in rows]
    other = next(index for index, f in enumerate(fames) if fames.count(f) == 1)
    page.locator(".rr-sheet-drop").nth(other).click()
    expect(page.locator(".rr-sheet-player")).to_have_count(2)
    tied = rows[:other] + rows[other + 1:]
    best, fame, lowest = winner_of(tied)
    expect(verdict).to_have_text(plain(fill(ui["tie"], fame=count(lang, words, "fame", fame),
                                            player=fill(ui["player"], player=best + 1), number=lowest)))
    page.locator(".rr-sheet-drop").nth(1).click()
    expect(page.locator(".rr-sheet-drop")).to_be_hidden()          # one player: nobody to drop, no verdict
    expect(verdict).to_be_empty()
    assert page.console_errors == []
    context.close()


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_row_typed_as_a_player_reads_it_out(browser, server, lang, state):
    """'12 5 34 26 17' typed key by key: a space ends a number, a one-digit one too (no 'next' key); '100' into an
    empty sheet stays one number and is refused in the page's words; commas and the phone's Enter key move on."""
    ui, _ = words_of(lang)
    context = visitor_context(browser, state)
    page = open_sheet(context.new_page(), server, lang)
    fields = sheet_player(page, 0).locator(".rr-sheet-row input")

    def typed() -> list[str]:
        return fields.evaluate_all("fs => fs.map(f => f.value)")

    fields.first.click()
    page.keyboard.type("12 5 34 26 17")
    assert typed() == ["12", "5", "34", "26", "17", "", "", ""]
    expect(fields.nth(4)).to_be_focused()
    expect(sheet_player(page, 0).locator(".rr-sheet-total")).to_be_visible()
    page.locator(".rr-sheet-clear").click()
    page.keyboard.type("100")
    assert typed() == ["100", "", "", "", "", "", "", ""]
    expect(sheet_player(page, 0).locator(".rr-sheet-problems li")).to_have_text(plain(fill(ui["outside"], value=100)))
    expect(fields.first).to_have_attribute("aria-invalid", "true")
    page.locator(".rr-sheet-clear").click()
    page.keyboard.type("7,8, 9")
    page.keyboard.press("Enter")
    page.keyboard.type("66")
    assert typed() == ["7", "8", "9", "66", "", "", "", ""]
    assert page.console_errors == []
    context.close()


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_pasted_row_fills_the_row(browser, server, lang, state):
    """'60 52 47 40 30 22 14 9' pasted into the first field fills all eight; pasted into the third, the numbers go
    from there on and what the row cannot hold stays in its last field, said; a pasted list with commas and a line
    break reads the same."""
    ui, words = words_of(lang)
    context = visitor_context(browser, state, permissions=["clipboard-read", "clipboard-write"])
    page = open_sheet(context.new_page(), server, lang)
    fields = sheet_player(page, 0).locator(".rr-sheet-row input")

    def typed() -> list[str]:
        return fields.evaluate_all("fs => fs.map(f => f.value)")

    paste(page, fields.first, "60 52 47 40 30 22 14 9")
    assert typed() == ["60", "52", "47", "40", "30", "22", "14", "9"]
    expect(sheet_player(page, 0).locator(".rr-sheet-total")).to_have_text(
        plain(fill(ui["total"], fame=count(lang, words, "fame", games.bound(GAME).score_sheet(
            [60, 52, 47, 40, 30, 22, 14, 9], [])["total"]))))
    page.locator(".rr-sheet-clear").click()
    paste(page, fields.nth(2), "60, 52,\n47 40 30 22 14 9")
    assert typed() == ["", "", "60", "52", "47", "40", "30", "22 14 9"]
    expect(sheet_player(page, 0).locator(".rr-sheet-problems li")).to_have_text(
        plain(fill(ui["not_number"], value="22 14 9")))
    assert page.console_errors == []
    context.close()


@in_states("first-visit")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_survives_a_reload_and_a_change_of_language(visitor, lang):
    page = visitor.open(lang, PAGE)
    _, total = example_lines(lang)
    enter(page, 0, EXAMPLE)
    for sanctuary in EXAMPLE_SANCTUARIES:
        pick(page, 0, sanctuary)
    page.locator(".rr-sheet-second").click()
    expect(sheet_player(page, 1)).to_be_visible()
    page.keyboard.type(NAMES[1])
    enter(page, 1, TIE_B)
    page.reload()
    assert page.locator(".rr-sheet-name").evaluate_all("fs => fs.map(f => f.value)") == ["", NAMES[1]]
    expect(sheet_player(page, 0).locator(".rr-sheet-total")).to_have_text(total)
    assert sheet_player(page, 0).locator(".rr-sheet-row input").evaluate_all("fs => fs.map(f => f.value)") == \
        [str(n) for n in EXAMPLE]
    expect(sheet_player(page, 1)).to_be_visible()
    other = LANGUAGES[(LANGUAGES.index(lang) + 1) % len(LANGUAGES)]
    page.goto(visitor.url(other, PAGE))
    expect(sheet_player(page, 0).locator(".rr-sheet-total")).to_have_text(example_lines(other)[1])
    expect(sheet_player(page, 0).locator(".rr-sheet-chosen li")).to_have_count(3)
    assert page.locator(".rr-sheet-notice").is_hidden()
    assert page.console_errors == []


@in_states("storage-blocked", "storage-full")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_storage_that_keeps_nothing_is_said_and_the_sheet_still_scores(visitor, lang):
    ui, _ = words_of(lang)
    page = visitor.open(lang, PAGE)
    if visitor.state == "storage-blocked":
        expect(page.locator(".rr-sheet-notice")).to_have_text(plain(ui["unkept"]))
    enter(page, 0, EXAMPLE)
    for sanctuary in EXAMPLE_SANCTUARIES:
        pick(page, 0, sanctuary)
    expect(sheet_player(page, 0).locator(".rr-sheet-total")).to_have_text(example_lines(lang)[1])
    expect(page.locator(".rr-sheet-notice")).to_have_text(plain(ui["unkept"]))
    assert page.console_errors == []


@in_states("storage-corrupt")
@pytest.mark.parametrize("record", ["{not json", '{"v": 1, "players": "nine"}', '[1, 2, 3]'])
def test_a_corrupt_sheet_is_said_and_the_sheet_starts_afresh(visitor, record):
    lang = LANGUAGES[len(record) % len(LANGUAGES)]
    ui, _ = words_of(lang)
    visitor.context.add_init_script(f"localStorage.setItem('rr-sheet-{GAME}', {json.dumps(record)})")
    page = visitor.open(lang, PAGE)
    expect(page.locator(".rr-sheet-notice")).to_have_text(plain(ui["corrupt"]))
    enter(page, 0, EXAMPLE)
    for sanctuary in EXAMPLE_SANCTUARIES:
        pick(page, 0, sanctuary)
    expect(sheet_player(page, 0).locator(".rr-sheet-total")).to_have_text(example_lines(lang)[1])
    assert page.console_errors == []


@in_states("first-visit")
def test_a_sheet_kept_by_the_two_player_release_opens_as_it_was(visitor):
    """A record of the first version (two players at most, unnamed, the second shown or not) is no corrupt one: both
    rows come back, named by place."""
    lang = LANGUAGES[0]
    ui, words = words_of(lang)
    record = {"v": 1, "second": True, "players": [{"regions": [str(n) for n in row], "sanctuaries": []}
                                                  for row in (TIE_A, TIE_B)]}
    visitor.context.add_init_script(f"localStorage.setItem('rr-sheet-{GAME}', {json.dumps(json.dumps(record))})")
    page = visitor.open(lang, PAGE)
    expect(page.locator(".rr-sheet-player")).to_have_count(2)
    for index in (0, 1):
        expect(sheet_player(page, index).locator(".rr-sheet-total")).to_have_text(
            plain(fill(ui["total"], fame=count(lang, words, "fame", 6))))
    assert page.locator(".rr-sheet-name").evaluate_all("fs => fs.map(f => f.placeholder)") == [
        fill(ui["player"], player=n) for n in (1, 2)]
    assert page.locator(".rr-sheet-notice").is_hidden()
    assert page.console_errors == []


@in_states("offline")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_offline_after_one_visit_the_sheet_scores(visitor, lang):
    """The language saved on the first visit to any of its pages (here its home), then the network gone and the server
    stopped: the sheet opens, fetches its cards from the saved copy and scores."""
    visitor.open(lang)
    page = visitor.page
    page.goto(visitor.url(lang, PAGE))
    enter(page, 0, EXAMPLE)
    for sanctuary in EXAMPLE_SANCTUARIES:
        pick(page, 0, sanctuary)
    expected, total = example_lines(lang)
    expect(sheet_player(page, 0).locator(".rr-sheet-total")).to_have_text(total)
    assert lines(page, 0) == expected
    assert page.console_errors == []


@in_states("offline-unsaved")
def test_cards_that_cannot_be_fetched_are_said(visitor):
    lang = LANGUAGES[-1]
    ui, _ = words_of(lang)
    page = visitor.open(lang, PAGE)
    sheet_player(page, 0).locator(".rr-sheet-row input").first.fill("9")
    expect(page.locator(".rr-sheet-notice")).to_have_text(plain(ui["no_data"]))


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("lang, scheme", palettes_in_turn())
def test_no_axe_violations_on_the_sheet_in_use(browser, server, lang, scheme, state):
    """The sheet scored, with a problem said, the picker open and a card hovered and focused, in both palettes."""
    context = visitor_context(browser, state, color_scheme=scheme)
    page = open_sheet(context.new_page(), server, lang)
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; animation: none !important; }")
    page.locator(".rr-sheet-second").click()
    expect(sheet_player(page, 1)).to_be_visible()
    page.keyboard.type(NAMES[1])
    enter(page, 0, EXAMPLE)
    for sanctuary in EXAMPLE_SANCTUARIES:
        pick(page, 0, sanctuary)
    enter(page, 1, [5, "x"])
    expect(sheet_player(page, 1).locator(".rr-sheet-problems li").first).to_be_visible()
    sheet_player(page, 0).locator(".rr-sheet-add").click()
    sheet_player(page, 0).locator(".rr-pick-colour-grey").click()
    sheet_player(page, 0).locator(".rr-pick-colour-red").hover()
    sheet_player(page, 0).locator(".rr-pick:visible").nth(3).hover()
    sheet_player(page, 0).locator(".rr-pick:visible").nth(4).focus()
    found = violations(page)
    context.close()
    assert found == []


def test_the_sheet_prints_what_was_scored_without_its_controls(page, server):
    open_sheet(page, server, LANGUAGES[0])
    enter(page, 0, EXAMPLE)
    pick(page, 0, "clue-stone")
    expect(sheet_player(page, 0).locator(".rr-sheet-total")).to_be_visible()
    page.emulate_media(media="print")
    for selector in (".rr-sheet-add", ".rr-sheet-tools", ".rr-sheet-x", ".rr-sheet-drop", ".md-header"):
        expect(page.locator(selector).first).to_be_hidden()
    expect(sheet_player(page, 0).locator(".rr-sheet-list li").first).to_be_visible()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_refresher_links_to_the_sheet(page, server, lang):
    page.goto(url(server, lang, f"{GAME}/"))
    link = page.locator(".rr-pagelinks a[href$='score/']").first
    expect(link).to_have_text(plain(texts(GAME, lang)["score_link"]))
    link.click()
    expect(page.locator(".rr-sheet")).to_be_visible()
