"""Skat's rules, as the Internationale Skatordnung (ISkO) gives them: the cards' points and order in each game,
following suit, the Spitzen, the game's value from its levels (Gewinnstufen), won or lost, the overbid game, and what
the list writes. Bound to one table's facts (SkatFacts); nothing here is worded."""
from __future__ import annotations

import dataclasses
from quiz.checker import IllegalState, MalformedInput, Rules, rule
from quiz.games.skat.components import DECK, GAMES, Card, cards, follows_as, trumps
from quiz.games.skat.facts import SkatFacts

ANNOUNCEMENTS = (None, "schneider", "schwarz")


@dataclasses.dataclass(frozen=True)
class Level:
    """One level (Gewinnstufe) a suit or grand game's value counts: its name and how many it adds to the multiplier."""

    name: str    # spitzen, game, hand, schneider, schneider_announced, schwarz, schwarz_announced, ouvert
    count: int


@dataclasses.dataclass(frozen=True)
class Outcome:
    """A game as the list writes it: its value (raised to the bid where the declarer overbid), whether the declarer won,
    the score on the list (negative and multiplied when lost) and, for a suit or grand game, the levels counted."""

    game: str
    value: int
    won: bool
    score: int
    overbid: bool
    base: int                      # the base value (a Null game's fixed value)
    levels: tuple[Level, ...]      # empty for a Null game
    with_spitzen: bool | None      # "with" (True) or "without" (False) the Spitzen; None in Null

    @property
    def multiplier(self) -> int:
        return sum(level.count for level in self.levels)


class SkatRules(Rules):
    """The rules of Skat for one table's facts: by default the ISkO's."""

    FACTS = SkatFacts

    # --- input --------------------------------------------------------------------------------------------------------

    @staticmethod
    def _game(game) -> str:
        if game not in GAMES:
            raise MalformedInput(f"game: {game!r}; one of {', '.join(GAMES)}")
        return game

    def _twelve(self, hand_and_skat) -> tuple[Card, ...]:
        """The declarer's cards with the skat's: his 10 and the skat's 2 last, each card once."""
        size = self.facts.hand_size + self.facts.skat_size
        return cards(hand_and_skat, size, "cards")

    @staticmethod
    def _flag(value, what: str) -> bool:
        if type(value) is not bool:
            raise MalformedInput(f"{what}: {value!r} is not true or false")
        return value

    @staticmethod
    def _announced(value) -> str | None:
        if value not in ANNOUNCEMENTS:
            raise MalformedInput(f"announced: {value!r}; null, \"schneider\" or \"schwarz\"")
        return value

    def _card_points(self, points) -> int:
        if type(points) is not int or not 0 <= points <= self.total_points():
            raise MalformedInput(f"points: {points!r} is not a count of card points 0–{self.total_points()}")
        return points

    def _tricks(self, tricks) -> int:
        if type(tricks) is not int or not 0 <= tricks <= self.facts.hand_size:
            raise MalformedInput(f"tricks: {tricks!r} is not a count of tricks 0–{self.facts.hand_size}")
        return tricks

    def _bid(self, bid) -> int:
        if type(bid) is not int:
            raise MalformedInput(f"bid: {bid!r} is not a value bid")
        return bid

    def _players(self, players) -> int:
        if players not in (3, 4):
            raise MalformedInput(f"players: {players!r}; Skat is played by 3, or 4 with the dealer sitting out")
        return players

    # --- the cards ----------------------------------------------------------------------------------------------------

    def points_of(self, card: Card) -> int:
        """A card's points (ISkO 1.2.2): ace 11, ten 10, king 4, queen 3, jack 2, the rest nothing."""
        facts = self.facts
        return {"A": facts.points_ace, "10": facts.points_ten, "K": facts.points_king, "Q": facts.points_queen,
                "J": facts.points_jack}.get(card.rank, 0)

    def total_points(self) -> int:
        """The card points of the whole pack: 120 (worked out once per table: it is asked for every game)."""
        if "_total_points" not in self.__dict__:
            self._total_points = sum(self.points_of(card_) for card_ in DECK)
        return self._total_points

    def may_play(self, card: Card, hand: list[Card], trick: list[Card], game: str) -> bool:
        """Whether a card from the hand may be played to the trick: the first card of a trick is free; after it, a
        player who holds a card of the led suit (trumps counting as one suit) must play one (ISkO 4.2; its penalty,
        4.2.3, quoted at skatblog.com)."""
        if card not in hand:
            return False
        if not trick:
            return True
        led = follows_as(trick[0], game)
        return follows_as(card, game) == led or not any(follows_as(c, game) == led for c in hand)

    # --- a game's value -----------------------------------------------------------------------------------------------

    def base_value(self, game: str) -> int:
        """A suit game's or the grand's base value: diamonds 9, hearts 10, spades 11, clubs 12, grand 24 (ISkO 5.1, and
        its own examples in 5.2.6)."""
        facts = self.facts
        return {"diamonds": facts.base_diamonds, "hearts": facts.base_hearts, "spades": facts.base_spades,
                "clubs": facts.base_clubs, "grand": facts.base_grand}[self._game(game)]

    def _spitzen(self, game: str, twelve: tuple[Card, ...]) -> tuple[bool, int]:
        """With (True) or without (False) how many Spitzen: the unbroken run of trumps from the club jack down that the
        declarer's twelve cards, the skat's included (ISkO 2.4.2), hold, or that they lack."""
        held, order = set(twelve), trumps(game)
        with_ = order[0] in held
        count = next((i for i, trump in enumerate(order) if (trump in held) != with_), len(order))
        return with_, count

    def _most_spitzen(self, game: str, held: set, unseen: int) -> int:
        """The most Spitzen a game can have with these cards and `unseen` more (a hand game's skat): with, where the
        unseen cards fill at most that many gaps in the run from the club jack; or without, the top trumps not held."""
        order = trumps(game)
        gaps, with_ = 0, 0
        for trump in order:
            gaps += trump not in held
            if gaps > unseen:
                break
            with_ += 1
        without = next((i for i, trump in enumerate(order) if trump in held), len(order))
        return max(with_, without)

    @rule
    def spitzen(self, game: str, cards: list[str]) -> int:
        """How many Spitzen a suit or grand game is played with or without (the skat's two cards, last, counting)."""
        game = self._game(game)
        if game == "null":
            raise MalformedInput("game: a Null game has no Spitzen")
        return self._spitzen(game, self._twelve(cards))[1]

    @rule
    def null_value(self, hand: bool, ouvert: bool) -> int:
        """A Null game's fixed value (ISkO 5.3, by 3.3.1; skatwelt.net, "Nullspiel"): 23, Hand 35, ouvert 46, ouvert
        Hand 59."""
        hand, ouvert = self._flag(hand, "hand"), self._flag(ouvert, "ouvert")
        facts = self.facts
        return {(False, False): facts.value_null, (True, False): facts.value_null_hand,
                (False, True): facts.value_null_ouvert, (True, True): facts.value_null_ouvert_hand}[hand, ouvert]

    @rule
    def schneider(self, points: int) -> bool:
        """Whether a side with these card points is schneider (ISkO 5.2.3: 30 or fewer)."""
        return self._card_points(points) <= self.facts.schneider_points

    @rule
    def may_announce(self, hand: bool) -> bool:
        """Whether the declarer may announce schneider or schwarz (ISkO 5.2.5: only in a hand game)."""
        return self._flag(hand, "hand")

    def levels(self, game: str, cards: list[str], hand: bool, ouvert: bool, announced: str | None, points: int,
               tricks: int) -> tuple[Level, ...]:
        """The levels a suit or grand game counts (ISkO 5.2.3-5.2.6): its Spitzen, the game, hand, schneider (either
        side with 30 or fewer), schneider announced, schwarz (either side without a trick), schwarz announced, ouvert.
        Ouvert is schwarz announced; schwarz announced is schneider announced too."""
        game = self._game(game)
        twelve = self._twelve(cards)
        hand, ouvert = self._flag(hand, "hand"), self._flag(ouvert, "ouvert")
        announced, points, tricks = self._announced(announced), self._card_points(points), self._tricks(tricks)
        if ouvert:
            announced = "schwarz"
        spitzen = self._spitzen(game, twelve)[1]
        made_schneider = self.schneider(points) or self.schneider(self.total_points() - points)
        made_schwarz = tricks in (0, self.facts.hand_size)
        found = [Level("spitzen", spitzen), Level("game", 1), Level("hand", 1) if hand else None,
                 Level("schneider", 1) if made_schneider or announced else None,
                 Level("schneider_announced", 1) if announced else None,
                 Level("schwarz", 1) if made_schwarz or announced == "schwarz" else None,
                 Level("schwarz_announced", 1) if announced == "schwarz" else None,
                 Level("ouvert", 1) if ouvert else None]
        return tuple(level for level in found if level)

    @rule
    def game_value(self, game: str, cards: list[str], hand: bool, ouvert: bool, announced: str | None, points: int,
                   tricks: int) -> int:
        """A game's value as played, before any bid is looked at: a Null game's fixed value, else the base value times
        the levels counted."""
        if self._game(game) == "null":
            self._twelve(cards), self._card_points(points), self._tricks(tricks), self._announced(announced)
            return self.null_value(hand, ouvert)
        return self.base_value(game) * sum(level.count for level in
                                           self.levels(game, cards, hand, ouvert, announced, points, tricks))

    def made(self, game: str, announced: str | None, ouvert: bool, points: int, tricks: int) -> bool:
        """Whether the declarer made what the game asks, the bid aside: Null no trick (ISkO 5.2.7); else 61 card points
        or more (5.2.2), and 90 or more where schneider was announced, every trick where schwarz was (5.2.5, 5.2.6)."""
        if game == "null":
            return tricks == 0
        if ouvert:
            announced = "schwarz"
        if announced == "schwarz":
            return tricks == self.facts.hand_size
        if announced == "schneider":
            return self.schneider(self.total_points() - points)
        return points >= self.facts.win_points

    def lowest_value_reaching(self, game: str, bid: int) -> int:
        """What an overbid suit or grand game is lost with (ISkO 5.4.2): the smallest multiple of its base value that
        reaches the bid. A Null game is never overbid: its value is known when it is declared, and one below the bid
        may not be declared (legality.py)."""
        if game == "null":
            raise IllegalState(f"a Null game cannot be declared after a bid of {bid}: its value is fixed and lower")
        base = self.base_value(game)
        return -(-bid // base) * base

    def outcome(self, game: str, cards: list[str], hand: bool, ouvert: bool, announced: str | None, points: int,
                tricks: int, bid: int) -> Outcome:
        """The game as the list writes it: won when the declarer made the game and its value reaches the
        bid; lost otherwise, an overbid game with the lowest value of that game reaching the bid (ISkO 5.4.2), and a
        lost game written as twice its value, negative, a hand game too (the ISkO since 1999; stura.htw-dresden.de)."""
        game = self._game(game)
        points, tricks = self._card_points(points), self._tricks(tricks)     # checked in a Null game too
        value = self.game_value(game, cards, hand, ouvert, announced, points, tricks)
        bid = self._bid(bid)
        overbid = value < bid
        won = self.made(game, announced, ouvert, points, tricks) and not overbid
        if overbid:
            value = self.lowest_value_reaching(game, bid)
        if game == "null":
            base, levels, with_ = self.null_value(hand, ouvert), (), None
        else:
            base, levels = self.base_value(game), self.levels(game, cards, hand, ouvert, announced, points, tricks)
            with_ = self._spitzen(game, self._twelve(cards))[0]
        return Outcome(game, value, won, value if won else -self.facts.lost_factor * value, overbid, base, levels,
                       with_)

    @rule
    def list_score(self, game: str, cards: list[str], hand: bool, ouvert: bool, announced: str | None, points: int,
                   tricks: int, bid: int) -> int:
        """What the list writes for the declarer: the game's value when won, minus twice it when lost."""
        return self.outcome(game, cards, hand, ouvert, announced, points, tricks, bid).score

    @rule
    def seeger_fabian(self, game: str, cards: list[str], hand: bool, ouvert: bool, announced: str | None, points: int,
                      tricks: int, bid: int) -> int:
        """The declarer's points on a Seeger-Fabian list: the list's score plus 50 when won, minus 50 when lost."""
        found = self.outcome(game, cards, hand, ouvert, announced, points, tricks, bid)
        return found.score + (self.facts.list_won if found.won else -self.facts.list_lost)

    def opponents_points(self, won: bool, players: int) -> int:
        """What each opponent gets on a Seeger-Fabian list: nothing when the declarer won; when he lost, 40 at a table
        of three, 30 at a table of four (every other player, the dealer sitting out too: preisskat.org,
        "Leistungsbewertung")."""
        players = self._players(players)
        if won:
            return 0
        return self.facts.list_opponents_three if players == 3 else self.facts.list_opponents_four

    # --- the bidding --------------------------------------------------------------------------------------------------

    def null_values(self) -> tuple[int, ...]:
        return tuple(sorted({self.null_value(hand, ouvert) for hand in (False, True) for ouvert in (False, True)}))

    def most_levels(self, game: str) -> int:
        """The most levels a suit or grand game can count: all its trumps as Spitzen, and every other level."""
        return len(trumps(game)) + 7

    def bid_values(self) -> tuple[int, ...]:
        """Every value that may be bid (ISkO 3.3.1): the values some game can have, from the lowest bid up."""
        values = set(self.null_values())
        for game in GAMES[:-1]:
            base = self.base_value(game)
            values.update(base * multiplier for multiplier in range(2, self.most_levels(game) + 1))
        return tuple(sorted(value for value in values if value >= self.facts.lowest_bid))
