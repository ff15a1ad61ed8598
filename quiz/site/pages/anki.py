"""Anki decks (.apkg) made with genanki from cards the site has already worded: stable ids, so a re-import updates the
notes instead of adding them again, and the same bytes for the same cards (a build is reproducible)."""
from __future__ import annotations

import dataclasses
import hashlib
import html
import io
import itertools
import sqlite3
import zipfile

import genanki

FIELDS = ("Question", "Answer", "Why", "Rule")
# The zip entries' date: fixed, so the same cards make the same file (zip stores each entry's time).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
CARD_CSS = """.card { font-family: system-ui, sans-serif; font-size: 20px; line-height: 1.4; text-align: left;
  color: #1b1b1b; background: #fff; max-width: 36em; margin: 0 auto; padding: 0 .5em; }
.nightMode.card, .night_mode .card { color: #eee; background: #1e1e1e; }
.nightMode a, .night_mode a { color: #9cd3ff; }
.rr-why { margin-top: .6em; }
.rr-belief { margin-top: .6em; font-size: 17px; }
.rr-rule { font-size: 16px; margin-top: 1em; }
"""
FRONT = "<div class=\"rr-q\">{{Question}}</div>"
BACK = ("{{FrontSide}}<hr id=\"answer\"><div class=\"rr-a\">{{Answer}}</div><div class=\"rr-why\">{{Why}}</div>"
        "<div class=\"rr-rule\">{{Rule}}</div>")


@dataclasses.dataclass(frozen=True)
class Card:
    key: str            # stable across builds: the question id, and for a practice variant its givens
    question: str       # plain text, as the page shows it
    answer: str         # plain text, its label included ("Answer: 3")
    why: str
    rule_text: str      # "Read the rule: …" with a link, "Rule: …" without
    rule_url: str       # absolute, or "" when the site has no address (the link text stays)
    tags: tuple[str, ...] = ()
    beliefs: tuple[str, ...] = ()   # a wrong answer each, with the belief it comes from, under the why


def stable_id(*parts: str) -> int:
    """A deck or model id from names: the same names give the same id on every machine (Anki wants 31-bit-ish ids)."""
    digest = hashlib.sha256("\x1f".join(parts).encode()).digest()
    return (1 << 30) + int.from_bytes(digest[:4], "big") % (1 << 30)


def _model() -> genanki.Model:
    return genanki.Model(stable_id("rules-refresher", "model", "v1"), "Rules Refresher",
                         fields=[{"name": name} for name in FIELDS],
                         templates=[{"name": "Question", "qfmt": FRONT, "afmt": BACK}], css=CARD_CSS)


def _note(model: genanki.Model, deck_key: str, card: Card) -> genanki.Note:
    text = html.escape(card.rule_text)
    rule = f'<a href="{html.escape(card.rule_url, quote=True)}">{text}</a>' if card.rule_url else text
    why = html.escape(card.why) + "".join(f'<div class="rr-belief">{html.escape(line)}</div>' for line in card.beliefs)
    return genanki.Note(model=model, fields=[html.escape(card.question), html.escape(card.answer), why, rule],
                        guid=genanki.guid_for(deck_key, card.key), tags=list(card.tags))


def deck_bytes(deck_key: str, name: str, description: str, cards: list[Card], timestamp: int) -> bytes:
    """One deck as the bytes of an .apkg: a zip holding the SQLite collection and an empty media list."""
    model = _model()
    deck = genanki.Deck(stable_id("rules-refresher", "deck", deck_key), name, description)
    for card in cards:
        deck.add_note(_note(model, deck_key, card))
    connection = sqlite3.connect(":memory:")   # in memory: a file on disk costs its syncs, most of a deck's time
    try:
        genanki.Package(deck).write_to_db(connection.cursor(), timestamp, itertools.count(timestamp * 1000))
        connection.commit()
        collection = connection.serialize()
    finally:
        connection.close()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as package:
        for name_in_zip, data in (("collection.anki2", collection), ("media", b"{}")):
            package.writestr(zipfile.ZipInfo(name_in_zip, date_time=ZIP_DATE), data, compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()
