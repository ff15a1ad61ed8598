"""The Anki decks: each game's quiz page offers one per language; the .apkg (a zip holding SQLite) holds a note for every
stated question and every practice variant, worded as on the site, with its answer, why and rule link; note ids stay
the same when a text changes (a re-import updates), and the same content gives the same bytes."""
from __future__ import annotations

import html
import io
import sqlite3
import zipfile
from pathlib import Path

import pytest

from conftest import FIXTURE_ID, LANGUAGES, QUIZ_GAMES, fixture_rules, lang_prefix, variants
from quiz.site.pipeline import load_site
from quiz.site.render import render_site

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
    game = next(g for g in site.games if g.id == game_id)
    apkg = site_dir / lang_prefix(lang) / game_id / "quiz" / f"{game_id}-{lang}.apkg"
    quiz_page = (site_dir / lang_prefix(lang) / game_id / "quiz" / "index.html").read_text(encoding="utf-8")
    assert f'href="{apkg.name}" download' in quiz_page
    found = notes(apkg.read_bytes(), tmp_path)
    expected = [(question, worded[lang]) for question, _, _, worded in variants(game)]
    answer = site.ui[lang]["quiz"]["answer"]
    words = _diagnoses(site, game, lang)

    def why_and_beliefs(worded) -> str:
        """The why, then each wrong answer with the belief it comes from, as the quiz page says it."""
        return worded["why"] + "".join(
            '<div class="rr-belief">' + site.ui[lang]["quiz"]["believed_card"].format(
                answer=b["label"], wrong=words[b["belief"]]["wrong"]) + "</div>" for b in worded["beliefs"])

    in_deck = sorted(tuple(html.unescape(field) for field in fields) for fields in found.values())
    assert sum('class="rr-belief"' in fields[2] for fields in found.values()) == len(found)   # every card catches one
    in_bank = sorted((worded["text"], f"{answer} {worded['label']}", why_and_beliefs(worded),
                      f'{site.ui[lang]["quiz"]["read_rule"]}{site.ui[lang]["labels"]["colon"]}'
                      f'{html.unescape(_title(site, game, lang, question.rule))}')
                     for question, worded in expected)
    assert in_deck == in_bank


def _diagnoses(site, game, lang):
    from quiz.site.render import Writer

    return Writer(site, game, lang).diagnoses()


def _title(site, game, lang, rule):
    from quiz.site.render import Writer

    return Writer(site, game, lang).field(rule, "title")

def test_notes_keep_their_ids_when_a_text_changes_and_bytes_repeat(tmp_path):
    rules = fixture_rules(tmp_path / "rules")
    deck = f"{FIXTURE_ID}/quiz/{FIXTURE_ID}-{LANGUAGES[0]}.apkg"
    first = render_site(load_site(rules), SITE_URL, 1_700_000_000)[f"{LANGUAGES[0]}/{deck}"]
    again = render_site(load_site(rules), SITE_URL, 1_700_000_000)[f"{LANGUAGES[0]}/{deck}"]
    assert first == again                          # reproducible: the same content, the same file
    questions = rules / FIXTURE_ID / f"questions.{LANGUAGES[0]}.yml"
    text = questions.read_text(encoding="utf-8")
    questions.write_text(text.replace("How many points", "How many points in all", 1), encoding="utf-8")
    changed = render_site(load_site(rules), SITE_URL, 1_700_000_001)[f"{LANGUAGES[0]}/{deck}"]
    before, after = notes(first, tmp_path / "a"), notes(changed, tmp_path / "b")
    site_links = [fields[3] for fields in before.values()]
    assert site_links and all(link.startswith(f'<a href="{SITE_URL}{FIXTURE_ID}/#') for link in site_links), site_links[:2]
    assert set(before) == set(after)               # same notes: Anki updates them
    assert sum(before[g] != after[g] for g in before) > 0
