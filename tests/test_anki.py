"""The Anki decks: each game's quiz page offers one per language; the .apkg (a zip holding SQLite) holds a note for
every stated question and every practice variant, worded as on the site, with its answer, why and rule link; note ids
stay the same when a text changes (a re-import updates), and the same content gives the same bytes; a few cards of the
fixture game written out by hand, as they should read."""
from __future__ import annotations

import html
import io
import os
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from repo_copies import FIXTURE_GAME, FIXTURE_ID, fixture_rules
from rules_reading import LANGUAGES, QUIZ_GAMES, ROOT, lang_prefix, variants
from quiz.site.check.pipeline import load_site
from quiz.site.pages.render import render_site

SITE_URL = "https://example.org/rr/"


def notes(apkg: bytes, tmp_path: Path) -> dict[str, list[str]]:
    """guid -> fields, read straight from the package's SQLite collection."""
    with zipfile.ZipFile(io.BytesIO(apkg)) as package:
        assert sorted(package.namelist()) == ["collection.anki2", "media"]
        assert package.read("media") == b"{}"
        tmp_path.mkdir(parents=True, exist_ok=True)
        database = tmp_path / "collection.anki2"
        database.write_bytes(package.read("collection.anki2"))
    with sqlite3.connect(database) as connection:
        rows = connection.execute("select guid, flds from notes").fetchall()
        cards = connection.execute("select count(*) from cards").fetchone()[0]
    connection.close()
    assert cards == len(rows)                      # one card per note
    return {guid: fields.split("\x1f") for guid, fields in rows}


@pytest.mark.parametrize("game_id", QUIZ_GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_deck_holds_the_verified_bank_as_the_site_words_it(site, site_dir, tmp_path, game_id, lang):
    """The test site is built without SITE_URL (for 127.0.0.1): each card names its rule without a link."""
    from quiz.site.pages.render import Writer

    game = next(g for g in site.games if g.id == game_id)
    apkg = site_dir / lang_prefix(lang) / game_id / "quiz" / f"{game_id}-{lang}.apkg"
    quiz_page = (site_dir / lang_prefix(lang) / game_id / "quiz" / "index.html").read_text(encoding="utf-8")
    assert f'href="{apkg.name}" download' in quiz_page
    found = notes(apkg.read_bytes(), tmp_path)
    expected = [(question, worded[lang]) for question, _, _, worded in variants(game)]
    ui = site.ui[lang]
    writer = Writer(site, game, lang)
    words = writer.diagnoses()
    titles = {question.rule: html.unescape(writer.field(question.rule, "title")) for question, _ in expected}

    def why_and_beliefs(worded) -> str:
        """The why, then each wrong answer with the belief it comes from, as the quiz page says it."""
        return worded["why"] + "".join(
            '<div class="rr-belief">' + ui["quiz"]["believed_card"].format(
                answer=b["label"], wrong=words[b["belief"]]["wrong"]) + "</div>" for b in worded["beliefs"])

    in_deck = sorted(tuple(html.unescape(field) for field in fields) for fields in found.values())
    assert sum('class="rr-belief"' in fields[2] for fields in found.values()) == len(found)   # every card catches one
    in_bank = sorted((worded["text"], f"{ui['quiz']['answer']} {worded['label']}", why_and_beliefs(worded),
                      f'{ui["quiz"]["rule_named"]}{ui["labels"]["colon"]}{titles[question.rule]}')
                     for question, worded in expected)
    assert in_deck == in_bank
    assert ui["quiz"]["anki_intro_named"] in html.unescape(quiz_page)    # the page promises no link the cards lack


# Cards of the fixture game's decks written out by hand, as a player reads them, with the answers worked out here and
# not by the build that makes the deck: 4 + 1 + 3 = 8, and a player who counts only the highest die says 4; 9 beats 7,
# so one who thinks the lower total wins says no. The test above holds every card to the site's words; this one holds
# the words to what they should say.
BY_HAND = {
    "en": [["You roll 4 1 3. How many points is that?", "Answer: 8",
            "8 points: every pip of every die counts.<div class=\"rr-belief\">“4” is the answer if you think: Only the "
            "highest die counts.</div>", "pips/#count-every-die\">Read the rule: Count every die</a>"],
           ["Your total is 9, the other player's 7. Do you win the round?", "Answer: Yes",
            "9 is higher than 7.<div class=\"rr-belief\">“No” is the answer if you think: The lower total wins.</div>",
            "pips/#higher-wins\">Read the rule: The higher total wins</a>"]],
    "de": [["Du würfelst 4 1 3. Wie viele Punkte sind das?", "Antwort: 8",
            "8 Punkte: Jedes Auge jedes Würfels zählt.<div class=\"rr-belief\">„4“ ist die Antwort, wenn du denkst: "
            "Nur der höchste Würfel zählt.</div>",
            "de/pips/#count-every-die\">Regel nachlesen: Jeder Würfel zählt</a>"],
           ["Deine Summe ist 9, die der anderen Person 7. Gewinnst du die Runde?", "Antwort: Ja",
            "9 ist höher als 7.<div class=\"rr-belief\">„Nein“ ist die Antwort, wenn du denkst: Die niedrigere Summe "
            "gewinnt.</div>", "de/pips/#higher-wins\">Regel nachlesen: Die höhere Summe gewinnt</a>"]],
}


def test_cards_say_what_a_player_should_read_written_out_by_hand(tmp_path):
    files = render_site(load_site(fixture_rules(tmp_path / "rules")), SITE_URL, 1_700_000_000)
    for lang, cards in BY_HAND.items():
        deck = notes(files[f"{lang}/{FIXTURE_ID}/quiz/{FIXTURE_ID}-{lang}.apkg"], tmp_path / lang)
        in_deck = {html.unescape(fields[0]): [html.unescape(field) for field in fields] for fields in deck.values()}
        for text, answer, why, link in cards:
            assert in_deck[text][1:3] == [answer, why], (lang, text)
            assert in_deck[text][3].startswith(f'<a href="{SITE_URL}') and in_deck[text][3].endswith(link), (lang, text)


# One deck of the fixture game, built in a process of its own: nothing remembered from an earlier build can answer.
BUILD_ONE_DECK = """
import sys
from pathlib import Path
import quiz.games
quiz.games.__path__.append(sys.argv[1])
from quiz.site.check.pipeline import load_site
from quiz.site.pages.render import render_site
sys.stdout.buffer.write(render_site(load_site(Path(sys.argv[2])), sys.argv[3], int(sys.argv[4]))[sys.argv[5]])
"""


def decks_in_fresh_processes(rules: Path, deck: str, timestamp: int, hash_seeds: tuple[str, ...]) -> list[bytes]:
    """The deck built once per hash seed, each in a process of its own (side by side)."""
    builds = [subprocess.Popen([sys.executable, "-c", BUILD_ONE_DECK, str(FIXTURE_GAME / "quiz" / "games"), str(rules),
                                SITE_URL, str(timestamp), deck],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=dict(os.environ, PYTHONHASHSEED=seed, NO_MKDOCS_2_WARNING="1"))
              for seed in hash_seeds]
    outputs = [build.communicate(timeout=300) for build in builds]
    assert all(build.returncode == 0 for build in builds), [err.decode() for _, err in outputs]
    return [out for out, _ in outputs]


def test_the_same_cards_give_the_same_deck_bytes_in_every_build(tmp_path):
    """Two builds in two processes (string hashing seeded differently, so no set order is shared): the same file. In one
    process the deck's memo handed the second build the first one's bytes, so nothing was compared."""
    rules = fixture_rules(tmp_path / "rules")
    deck = f"{LANGUAGES[0]}/{FIXTURE_ID}/quiz/{FIXTURE_ID}-{LANGUAGES[0]}.apkg"
    first, again = decks_in_fresh_processes(rules, deck, 1_700_000_000, ("1", "2"))
    assert first[:2] == b"PK" and first == again


def test_notes_keep_their_ids_when_a_text_changes(tmp_path):
    rules = fixture_rules(tmp_path / "rules")
    deck = f"{FIXTURE_ID}/quiz/{FIXTURE_ID}-{LANGUAGES[0]}.apkg"
    first = render_site(load_site(rules), SITE_URL, 1_700_000_000)[f"{LANGUAGES[0]}/{deck}"]
    questions = rules / FIXTURE_ID / f"questions.{LANGUAGES[0]}.yml"
    text = questions.read_text(encoding="utf-8")
    questions.write_text(text.replace("How many points", "How many points in all", 1), encoding="utf-8")
    changed = render_site(load_site(rules), SITE_URL, 1_700_000_001)[f"{LANGUAGES[0]}/{deck}"]
    before, after = notes(first, tmp_path / "a"), notes(changed, tmp_path / "b")
    site_links = [fields[3] for fields in before.values()]
    assert site_links and all(link.startswith(f'<a href="{SITE_URL}{FIXTURE_ID}/#') for link in site_links), \
        site_links[:2]
    assert set(before) == set(after)               # same notes: Anki updates them
    assert sum(before[g] != after[g] for g in before) > 0
