"""Belote's rules, as the Fédération Française de Belote's rules give them (as transcribed in the carg app; other pages
where they say more): the cards' points, the cards a player may play, the deal's count (dix de der, capot, belote,
made or dedans, litige). Bound to one table's facts (BeloteFacts); nothing here is worded."""
from __future__ import annotations

import dataclasses

from quiz.checker import MalformedInput, Rules, rule
from quiz.games.belote import components
from quiz.games.belote.components import DECK, SUIT_OF_NAME, Card, master, strength
from quiz.games.belote.facts import BeloteFacts

ROLES = ("taker", "defence")


@dataclasses.dataclass(frozen=True)
class Count:
    """A deal counted: what each side makes (cards, dix de der or capot, belote), what each records, whether the takers
    made their contract, and the takers' points put back where a litige holds them for the next deal."""

    made_taker: int
    made_defence: int
    taker: int
    defence: int
    made: bool
    capot: str | None              # "taker" or "defence": the side that took every trick
    held: int = 0                  # a litige: the takers' points, for the next deal's winner


class BeloteRules(Rules):
    """The rules of Belote for one table's facts: by default the FFB's classic belote without announcements."""

    FACTS = BeloteFacts

    # --- input --------------------------------------------------------------------------------------------------------

    @staticmethod
    def _trump(trump) -> str:
        if not isinstance(trump, str) or trump not in SUIT_OF_NAME:
            raise MalformedInput(f"trump: {trump!r}; one of {', '.join(SUIT_OF_NAME)}")
        return SUIT_OF_NAME[trump]

    def _card_points(self, points) -> int:
        if type(points) is not int or not 0 <= points <= self.pack_points():
            raise MalformedInput(f"taker_points: {points!r} is not a count of card points 0–{self.pack_points()}")
        return points

    def _tricks(self, tricks) -> int:
        if type(tricks) is not int or not 0 <= tricks <= self.facts.hand_size:
            raise MalformedInput(f"taker_tricks: {tricks!r} is not a count of tricks 0–{self.facts.hand_size}")
        return tricks

    @staticmethod
    def _role(value, what: str, none: bool = False) -> str | None:
        if value not in ROLES and not (none and value is None):
            raise MalformedInput(f"{what}: {value!r}; \"taker\" or \"defence\"" + (" or null" if none else ""))
        return value

    # --- the cards ----------------------------------------------------------------------------------------------------

    def points_of(self, card_: Card, trump: str) -> int:
        """A card's points (FFB rules 6): in trumps jack 20, nine 14; everywhere ace 11, ten 10, king 4, queen 3, and
        a jack 2 outside trumps; the eight and seven nothing."""
        facts = self.facts
        if card_.suit == trump and card_.rank in ("J", "9"):
            return facts.points_trump_jack if card_.rank == "J" else facts.points_trump_nine
        return {"A": facts.points_ace, "10": facts.points_ten, "K": facts.points_king, "Q": facts.points_queen,
                "J": facts.points_jack}.get(card_.rank, 0)

    def pack_points(self) -> int:
        """The card points of the whole pack, whatever the trump: 152 (FFB rules 9.1)."""
        return sum(self.points_of(card_, "H") for card_ in DECK)

    @rule
    def trick_points(self, trick: list[str], trump: str) -> int:
        """The card points of one trick's four cards, with this trump (the dix de der aside)."""
        suit = self._trump(trump)
        return sum(self.points_of(card_, suit) for card_ in components.cards(trick, self.facts.players, "trick"))

    def playable(self, hand: list[Card], trick: list[Card], trump: str) -> list[Card]:
        """The cards of a hand that may be played to a trick (FFB rules 5.2): the suit led if held, and above the
        highest trump if trumps were led; without it a trump, above an opponent's trump where one can, a lower one
        where one cannot (where the table under-trumps); nothing is owed while the partner holds the trick."""
        if not trick:
            return list(hand)
        led = trick[0].suit
        follow = [c for c in hand if c.suit == led]
        trumps_held = [c for c in hand if c.suit == trump]
        best_trump = max((strength(c, trump, led) for c in trick if c.suit == trump), default=0)
        if led == trump:
            higher = [c for c in follow if strength(c, trump, led) > best_trump]
            return higher or follow or list(hand)
        if follow:
            return follow
        partner_holds = len(trick) >= 2 and master(trick, trump) == len(trick) - 2
        if not trumps_held or (partner_holds and self.facts.partner_exception):
            return list(hand)
        higher = [c for c in trumps_held if strength(c, trump, led) > best_trump]
        if higher:
            return higher
        return trumps_held if self.facts.under_trump else list(hand)

    @rule
    def may_play(self, card: str, hand: list[str], trick: list[str], trump: str) -> bool:
        """Whether a card of the hand may be played to the trick so far (its cards in the order played)."""
        suit = self._trump(trump)
        held, played = components.cards(hand, None, "hand"), components.cards(trick, None, "trick")
        if not 1 <= len(held) <= self.facts.hand_size or len(played) > self.facts.players - 1:
            raise MalformedInput(f"hand of {len(held)} and a trick of {len(played)}: a hand holds 1 to "
                                 f"{self.facts.hand_size} cards, a trick has 0 to {self.facts.players - 1} before it")
        wanted = components.card(card, "card")
        if wanted not in held:
            raise MalformedInput(f"card: {wanted} is not in the hand")
        return wanted in self.playable(list(held), list(played), suit)

    # --- the deal's count ---------------------------------------------------------------------------------------------

    def count(self, taker_points: int, taker_tricks: int, last: str, belote: str | None) -> Count:
        """The deal counted (FFB rules 9, 10): each side's card points, the dix de der to the side of the last trick,
        or for a side that took every trick the capot's total; 20 to the side that announced belote. The takers made
        it with more than the defence, belote counted (or, where the table asks a minimum, with that many points
        belote aside): both sides record what they made. Dedans, the defence records the whole deal and its belote,
        the takers only their belote, which no fall takes away. A tie is a litige where the table plays one: the
        defence records its points, the takers' wait for the next deal."""
        facts = self.facts
        taker_points, taker_tricks = self._card_points(taker_points), self._tricks(taker_tricks)
        last, belote = self._role(last, "last"), self._role(belote, "belote", none=True)
        capot = "taker" if taker_tricks == facts.hand_size else "defence" if taker_tricks == 0 else None
        if capot:
            taker_cards = facts.capot_total if capot == "taker" else 0
        else:
            taker_cards = taker_points + facts.last_trick * (last == "taker")
        defence_cards = (facts.capot_total if capot else self.pack_points() + facts.last_trick) - taker_cards
        taker = taker_cards + facts.belote_points * (belote == "taker")
        defence = defence_cards + facts.belote_points * (belote == "defence")
        if facts.contract_minimum:
            made, tie = taker_cards >= facts.contract_minimum, False
        else:
            made, tie = taker > defence, taker == defence
        if made:
            return Count(taker, defence, taker, defence, True, capot)
        if tie and facts.litige:
            return Count(taker, defence, 0, defence, False, capot, held=taker)
        whole = facts.capot_total if capot == "defence" else facts.dedans_total
        return Count(taker, defence, facts.belote_points * (belote == "taker"),
                     whole + facts.belote_points * (belote == "defence"), False, capot)

    @rule
    def made(self, taker_points: int, taker_tricks: int, last: str, belote: str | None) -> bool:
        """Whether the takers made their contract."""
        return self.count(taker_points, taker_tricks, last, belote).made

    @rule
    def taker_records(self, taker_points: int, taker_tricks: int, last: str, belote: str | None) -> int:
        """What the takers write for the deal."""
        return self.count(taker_points, taker_tricks, last, belote).taker

    @rule
    def defence_records(self, taker_points: int, taker_tricks: int, last: str, belote: str | None) -> int:
        """What the defence writes for the deal."""
        return self.count(taker_points, taker_tricks, last, belote).defence

