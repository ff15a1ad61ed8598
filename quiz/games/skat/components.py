"""Skat's cards: the 32 of a French-suited pack (clubs, spades, hearts, diamonds; ace to seven) as players write
them ("CJ" the jack of clubs, "H10" the ten of hearts), read and checked, and their order in each game: the trumps,
the suit a card follows as, which card takes a trick (ISkO 2.3, 2.4). How they are dealt and what each is worth in card
points are rules: engine.py and rules.py (rules/skat/sources.md names the source of each)."""
from __future__ import annotations

import dataclasses
import functools

from quiz.components import Named

SUITS = ("C", "S", "H", "D")                       # clubs, spades, hearts, diamonds: the suit games' order of rank too
SUIT_GAMES = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}
SUIT_OF_GAME = {game: suit for suit, game in SUIT_GAMES.items()}
GAMES = ("clubs", "spades", "hearts", "diamonds", "grand", "null")
RANKS = ("A", "10", "K", "Q", "J", "9", "8", "7")  # a suit's order in a suit or grand game, the jack taken out of it
NULL_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")   # a suit's order in Null: the ten in its natural place


@dataclasses.dataclass(frozen=True)
class Card:
    """One card of the pack, by its suit letter and rank as players write them."""

    suit: str
    rank: str

    def __str__(self) -> str:
        return self.suit + self.rank

    @property
    def is_jack(self) -> bool:
        return self.rank == "J"


DECK = tuple(Card(suit, rank) for suit in SUITS for rank in RANKS)
CARDS = Named(DECK, "card", 'a suit C S H D and a rank A 10 K Q J 9 8 7, as "CJ", "H10"')


def card(name, where: str = "card") -> Card:
    """The card a name such as "CJ" or "H10" writes; MalformedInput naming what is wrong otherwise."""
    return name if isinstance(name, Card) else CARDS.one(name, where)


def cards(names_, count: int | None, where: str = "cards") -> tuple[Card, ...]:
    """Distinct cards from their names, `count` of them where a count is asked; MalformedInput otherwise."""
    return CARDS.many(names_, where, count)


JACKS = tuple(Card(suit, "J") for suit in SUITS)          # the four Spitzen of a grand, club jack first (ISkO 2.4)
TRUMP = "trump"                                            # the suit a trump card belongs to when following


@functools.cache
def trumps(game: str) -> tuple[Card, ...]:
    """The trumps of a game, highest first: the four jacks (club, spade, heart, diamond), then in a suit game the trump
    suit's ace, ten, king, queen, nine, eight, seven (ISkO 2.3, 2.4.3); none in Null (2.3.4)."""
    if game == "null":
        return ()
    if game == "grand":
        return JACKS
    suit = SUIT_OF_GAME[game]
    return JACKS + tuple(Card(suit, rank) for rank in RANKS if rank != "J")


def follows_as(card_: Card, game: str) -> str:
    """The suit a card belongs to when following: TRUMP for a trump (a jack belongs to the trumps, not to its suit, in
    every game but Null), else its own suit."""
    if game != "null" and (card_.is_jack or SUIT_OF_GAME.get(game) == card_.suit):
        return TRUMP
    return card_.suit


@functools.cache
def strength(card_: Card, game: str, led: str) -> int:
    """How high a card stands in a trick whose first card belongs to `led` (higher wins; 0: it cannot win)."""
    order = trumps(game)
    if card_ in order:
        return 100 - order.index(card_)
    if card_.suit != led:
        return 0
    ranks = NULL_RANKS if game == "null" else RANKS
    return 50 - ranks.index(card_.rank)


def trick_winner(trick: list[Card], game: str) -> int:
    """Which card (0, 1, 2 in the order played) takes a trick."""
    led = follows_as(trick[0], game)
    strengths = [strength(card_, game, led) for card_ in trick]
    return strengths.index(max(strengths))
