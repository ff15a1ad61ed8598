"""Skat as an engine: a deal played from the shuffled pack to the last trick, each move checked by the table's rules
(SkatLegality); a record that breaks one is refused with IllegalMove naming why. A question's givens are read off the
state a record reaches (witnesses.py), and the random games the tests play are records too (play.py).

A record, as JSON:
    {"players": 3,                       3, or 4 (the dealer sits the deal out)
     "dealer": 0,                        the dealer's seat, 0 to players - 1; forehand sits after the dealer
     "deck": ["CJ", "D7", ...],          the 32 cards from the top, as dealt: 3 to each player from forehand on,
                                         2 to the skat, 4 to each, 3 to each (kartenspiele-online.net, "Skat")
     "bidding": [18, "yes", 20, "pass", "pass"],   the calls in the order spoken (ISkO 3.3.2): middlehand says values to
                                         forehand, who answers "yes" or "pass", until one passes; then rearhand to the
                                         one left; a value said must be higher than the last; where both pass without
                                         a value, forehand says 18 or passes too (all passed: the deal is over)
     "skat": "hand" | ["SA", "H7"],      played hand, or the two cards put away after taking the skat up
     "contract": {"game": "clubs", "ouvert": false, "announced": null},
     "tricks": [["CJ", "C7", "D8"], ...]}   each trick's cards in the order played; forehand leads the first, the
                                         taker of a trick leads the next
A record may stop anywhere: its state is the game at that moment."""
from __future__ import annotations

import dataclasses

from quiz.checker import IllegalState, MalformedInput
from quiz.components import names
from quiz.games.skat.components import Card, cards, trick_winner
from quiz.games.skat.legality import SkatLegality

POSITIONS = ("forehand", "middlehand", "rearhand")


class IllegalMove(IllegalState):
    """A move the rules do not allow at this moment, or a record that is no game."""


@dataclasses.dataclass
class Trick:
    leader: int                # the position (0 forehand, 1 middlehand, 2 rearhand) that led it
    cards: list[Card]
    taker: int | None = None   # the position that took it, once it has three cards


@dataclasses.dataclass
class State:
    """A deal at some moment: what each position (forehand, middlehand, rearhand) holds, the skat, the bidding, the
    declarer's contract and the tricks."""

    players: int
    dealer: int
    seats: tuple[int, int, int]                 # the seats of forehand, middlehand and rearhand
    dealt: tuple[tuple[Card, ...], ...]         # each position's ten cards as dealt
    skat: tuple[Card, ...]                      # the skat as dealt
    hands: list[list[Card]]                     # each position's cards now
    bid: int = 0                                # the value the bidding reached (0: none said)
    declarer: int | None = None                 # the position that won the bidding
    all_passed: bool = False
    hand: bool | None = None                    # played without taking the skat up
    put_away: tuple[Card, ...] = ()             # the two cards that count for the declarer: put away, or the skat
    game: str | None = None
    ouvert: bool = False
    announced: str | None = None
    tricks: list[Trick] = dataclasses.field(default_factory=list)

    @property
    def declared(self) -> bool:
        return self.game is not None

    @property
    def over(self) -> bool:
        """Every trick played, or a Null game lost at the declarer's first trick: it is won only without a trick (ISkO
        5.2.7), so nothing after that one can change it."""
        finished = [trick for trick in self.tricks if trick.taker is not None]
        if self.game == "null" and any(trick.taker == self.declarer for trick in finished):
            return True
        return len(finished) == len(self.dealt[0])

    def declarer_tricks(self) -> list[Trick]:
        return [trick for trick in self.tricks if trick.taker is not None and trick.taker == self.declarer]

    def twelve(self) -> tuple[Card, ...]:
        """The declarer's cards for his Spitzen: the ten he plays with and the two that count for him, last."""
        held = self.dealt[self.declarer] + self.skat
        return tuple(card_ for card_ in held if card_ not in self.put_away) + self.put_away


class Match:
    """A deal of Skat, move by move: deal(), call() for each call of the bidding, take_skat() or play_hand(), declare(),
    then play() each card."""

    def __init__(self, rules: SkatLegality, players: int, dealer: int):
        if players not in (3, 4):
            raise IllegalMove(f"players: {players!r}; 3, or 4 with the dealer sitting out")
        if type(dealer) is not int or not 0 <= dealer < players:
            raise IllegalMove(f"dealer: {dealer!r} is not a seat 0–{players - 1}")
        self.rules = rules
        self.players, self.dealer = players, dealer
        seated = [(dealer + step) % players for step in range(1, players + 1)]
        self.seats = tuple(seat for seat in seated if seat != dealer or players == 3)[:3]
        self.state: State | None = None
        self._bidding = _Bidding(rules)

    # --- the deal -----------------------------------------------------------------------------------------------------

    def deal(self, deck: list[Card]) -> None:
        """Three cards to each from forehand on, two to the skat, four to each, three to each."""
        if len(deck) != 32 or len(set(deck)) != 32:
            raise IllegalMove("deck: the 32 cards of the pack, each once")
        hands: list[list[Card]] = [[], [], []]
        top = iter(deck)
        for packet in (3, "skat", 4, 3):
            if packet == "skat":
                skat = (next(top), next(top))
                continue
            for position in range(3):
                hands[position].extend(next(top) for _ in range(packet))
        self.state = State(self.players, self.dealer, self.seats, tuple(tuple(h) for h in hands), skat,
                           [list(h) for h in hands])

    # --- the bidding --------------------------------------------------------------------------------------------------

    def call(self, said) -> None:
        state = self._dealt("bid")
        if state.declarer is not None or state.all_passed:
            raise IllegalMove(f"call {said!r}: the bidding is over")
        self._bidding.call(said)
        if self._bidding.over:
            state.bid = self._bidding.value
            state.declarer = self._bidding.holder if self._bidding.value else None
            state.all_passed = not self._bidding.value

    # --- the skat and the contract -----------------------------------------------------------------------------------

    def play_hand(self) -> None:
        state = self._bid_won("play hand")
        state.hand, state.put_away = True, state.skat

    def take_skat(self, put_away: list[Card]) -> None:
        """The declarer takes the skat up and puts two of his twelve cards away: any two (the Skatordnung's 2.2.2 as
        skatclubvohwinkel.de prints it)."""
        state = self._bid_won("take the skat")
        held = state.hands[state.declarer] + list(state.skat)
        if len(put_away) != 2 or len(set(put_away)) != 2 or any(card_ not in held for card_ in put_away):
            raise IllegalMove(f"skat: puts away {names(put_away)}, not two of the declarer's twelve cards")
        state.hand, state.put_away = False, tuple(put_away)
        state.hands[state.declarer] = [card_ for card_ in held if card_ not in put_away]

    def declare(self, game: str, ouvert: bool, announced: str | None) -> None:
        state = self._dealt("declare")
        if state.hand is None or state.declared:
            raise IllegalMove(f"declare {game}: " + ("declared already" if state.declared else
                                                     "the declarer has not yet taken the skat or said hand"))
        try:
            reasons = list(self.rules._refused_contract(SkatLegality._game(game), state.hand, ouvert, announced))
        except MalformedInput as exc:
            raise IllegalMove(f"declare: {exc}") from None
        known = state.dealt[state.declarer] + state.skat
        known = tuple(card_ for card_ in known if card_ not in state.put_away) + state.put_away
        reasons += list(self.rules._refused_declaration(game, known, state.hand, ouvert, announced, state.bid))
        if reasons:
            raise IllegalMove(f"declare {game}: {reasons[0]}")
        state.game, state.ouvert, state.announced = game, ouvert, announced

    # --- the tricks ---------------------------------------------------------------------------------------------------

    def to_play(self) -> int:
        """The position whose card is due."""
        state = self._dealt("play")
        if not state.tricks or state.tricks[-1].taker is not None:
            return state.tricks[-1].taker if state.tricks else 0
        trick = state.tricks[-1]
        return (trick.leader + len(trick.cards)) % 3

    def play(self, card_: Card) -> None:
        state = self._dealt("play")
        if not state.declared:
            raise IllegalMove(f"play {card_}: no game is declared yet")
        if state.over:
            raise IllegalMove(f"play {card_}: the game is over")
        position = self.to_play()
        if not state.tricks or state.tricks[-1].taker is not None:
            state.tricks.append(Trick(position, []))
        trick = state.tricks[-1]
        hand = state.hands[position]
        if card_ not in hand:
            raise IllegalMove(f"{POSITIONS[position]} plays {card_}, a card not in hand")
        if not self.rules.may_play(card_, hand, trick.cards, state.game):
            allowed = [str(c) for c in hand if self.rules.may_play(c, hand, trick.cards, state.game)]
            raise IllegalMove(f"{POSITIONS[position]} plays {card_} and does not follow suit, holding "
                              f"{', '.join(allowed)}")
        hand.remove(card_)
        trick.cards.append(card_)
        if len(trick.cards) == 3:
            trick.taker = (trick.leader + trick_winner(trick.cards, state.game)) % 3

    def result(self) -> dict:
        """The declarer's card points (his tricks and the skat's two cards, ISkO 5.2.2) and tricks, once the game is
        over."""
        state = self._dealt("count")
        if not state.declared or not state.over:
            raise IllegalMove("the game is not over")
        taken = state.declarer_tricks()
        points = sum(self.rules.points_of(card_) for trick in taken for card_ in trick.cards)
        points += sum(self.rules.points_of(card_) for card_ in state.put_away)
        return {"points": points, "tricks": len(taken)}

    # --- helpers ------------------------------------------------------------------------------------------------------

    def _dealt(self, what: str) -> State:
        if self.state is None:
            raise IllegalMove(f"{what}: nothing is dealt yet")
        return self.state

    def _bid_won(self, what: str) -> State:
        state = self._dealt(what)
        if state.declarer is None:
            raise IllegalMove(f"{what}: " + ("every player passed" if state.all_passed else "the bidding is not over"))
        if state.hand is not None:
            raise IllegalMove(f"{what}: the declarer has already " + ("said hand" if state.hand else
                                                                       "taken the skat"))
        return state


class _Bidding:
    """The calls of the bidding in ISkO order (3.3.2, and skatwelt.net, "Reizen"): middlehand says values to
    forehand until one passes, then rearhand to the one left; where no value was said, forehand may say the lowest or
    pass."""

    def __init__(self, rules: SkatLegality):
        self.values = rules.bid_values()
        self.value = 0
        self.holder, self.bidder = 0, 1     # positions: forehand holds, middlehand says
        self.waiting_answer = False
        self.last_word = False              # everyone passed without a value: forehand's word
        self.over = False

    def call(self, said) -> None:
        if self.last_word:
            if said == self.values[0]:
                self.value, self.over = said, True
            elif said == "pass":
                self.over = True
            else:
                raise IllegalMove(f"bidding: {said!r}; forehand, left alone, says {self.values[0]} or passes")
            return
        if self.waiting_answer:
            if said not in ("yes", "pass"):
                raise IllegalMove(f"bidding: {POSITIONS[self.holder]} answers {said!r}, not yes or pass")
            self.waiting_answer = False
            if said == "pass":
                self.holder = self.bidder
                self._next_stage()
            return
        if said == "pass":
            self._next_stage()
            return
        if said not in self.values:
            raise IllegalMove(f"bidding: {said!r} is not a value that can be bid")
        if said <= self.value:
            raise IllegalMove(f"bidding: {said} after {self.value}; a value said must be higher")
        self.value, self.waiting_answer = said, True

    def _next_stage(self) -> None:
        if self.bidder == 1:
            self.bidder = 2
        elif self.value:
            self.over = True
        else:
            self.last_word = True


def replay(rules: SkatLegality, record: dict) -> Match:
    """The deal a record reaches (its state, and its result once over), every move checked; IllegalMove naming the
    first that breaks a rule."""
    if not isinstance(record, dict):
        raise IllegalMove(f"a record is a mapping, not {record!r}")
    try:
        match = Match(rules, record.get("players", 3), record.get("dealer", 0))
        match.deal(list(cards(record.get("deck", []), 32, "deck")))
        for said in record.get("bidding", []):
            match.call(said)
        if "skat" in record:
            match.play_hand() if record["skat"] == "hand" else match.take_skat(list(cards(record["skat"], 2, "skat")))
        if "contract" in record:
            contract = record["contract"]
            if not isinstance(contract, dict):
                raise IllegalMove(f"contract: {contract!r} is not a mapping of game, ouvert and announced")
            match.declare(contract.get("game"), contract.get("ouvert", False), contract.get("announced"))
        for number, trick in enumerate(record.get("tricks", []), 1):
            for card_ in cards(trick, None, f"tricks[{number - 1}]"):
                match.play(card_)
    except MalformedInput as exc:
        raise IllegalMove(str(exc)) from None
    return match
