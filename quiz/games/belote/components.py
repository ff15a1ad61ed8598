"""Belote's cards: the 32 of a French pack (hearts, diamonds, clubs, spades; seven to ace) as players write them ("HJ"
the jack of hearts, "S9", "D10"), read and checked, and their order in a deal: in trumps jack, nine, ace, ten, king,
queen, eight, seven; in the other suits ace, ten, king, queen, jack, nine, eight, seven (FFB rules 6, as transcribed in
the carg app; regledujeu.fr). What each is worth is a rule (rules.py; rules/belote/sources.md names every source)."""
from __future__ import annotations

import dataclasses
import functools

from quiz.components import Named

SUITS = ("H", "D", "C", "S")
SUIT_NAMES = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}
SUIT_OF_NAME = {name: suit for suit, name in SUIT_NAMES.items()}
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
TRUMP_ORDER = ("J", "9", "A", "10", "K", "Q", "8", "7")     # highest first
PLAIN_ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")


@dataclasses.dataclass(frozen=True)
class Card:
    """One card of the pack, by its suit letter and rank as players write them."""

    suit: str
    rank: str

    def __str__(self) -> str:
        return self.suit + self.rank


DECK = tuple(Card(suit, rank) for suit in SUITS for rank in RANKS)
CARDS = Named(DECK, "card", 'a suit H D C S and a rank 7 8 9 10 J Q K A, as "HJ", "D10"')


def card(name, where: str = "card") -> Card:
    """The card a name such as "HJ" or "D10" writes; MalformedInput naming what is wrong otherwise."""
    return name if isinstance(name, Card) else CARDS.one(name, where)


def cards(names_, count: int | None = None, where: str = "cards") -> tuple[Card, ...]:
    """Distinct cards from their names, `count` of them where a count is asked; MalformedInput otherwise."""
    return CARDS.many(names_, where, count)


@functools.cache
def strength(card_: Card, trump: str, led: str) -> int:
    """How high a card stands in a trick whose first card is of suit `led` (higher wins; 0: it cannot win)."""
    if card_.suit == trump:
        return 100 - TRUMP_ORDER.index(card_.rank)
    if card_.suit != led:
        return 0
    return 50 - PLAIN_ORDER.index(card_.rank)


def master(trick: list[Card], trump: str) -> int:
    """Which card of a trick (0 the first played) holds it so far."""
    strengths = [strength(card_, trump, trick[0].suit) for card_ in trick]
    return strengths.index(max(strengths))
