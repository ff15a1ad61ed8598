"""Belote as an engine: a deal from the shuffled pack to the last trick, each move checked by the table's rules; a
record that breaks one is refused with IllegalMove naming why. A question's givens are read off the state a record
reaches (witnesses.py), and the random deals the tests play are records too (play.py).

A record, as JSON:
    {"dealer": 3,                         the dealer's seat, 0 to 3; seats 0 and 2 are team A, 1 and 3 team B; play
                                          goes from the seat after the dealer
     "deck": ["HJ", "S9", ...],           the 32 cards from the top, as dealt (FFB rules 3.4, 3.5): five to each (three
                                          then two, or two then three: "first"), the next turned up; once someone takes,
                                          the turned card to the taker, then three to each, two to the taker
     "first": [3, 2],
     "taking": ["pass", "take"],          the calls from the seat after the dealer (FFB rules 4): in the first round
                                          "take" (the turned card's suit) or "pass"; once all four passed, a second
                                          round of "hearts", "diamonds", "clubs", "spades" (another suit) or "pass";
                                          all pass again: the deal is over
     "belote": true,                      the player holding the king and queen of trumps says belote and rebelote as
                                          he plays them (FFB rules 7; unsaid, they count nothing)
     "tricks": [["HJ", "H7", "S8", "H9"], ...]}   each trick's cards in the order played; the seat after the dealer
                                          leads the first, the taker of a trick the next
A record may stop anywhere: its state is the deal at that moment."""
from __future__ import annotations

import dataclasses

from quiz.checker import IllegalState, MalformedInput
from quiz.games.belote import components
from quiz.components import names
from quiz.games.belote.components import SUIT_NAMES, SUIT_OF_NAME, Card, master
from quiz.games.belote.legality import BeloteLegality

TEAM_OF_SEAT = ("A", "B", "A", "B")


class IllegalMove(IllegalState):
    """A move the rules do not allow at this moment, or a record that is no deal."""


@dataclasses.dataclass
class Trick:
    leader: int                # the seat that led it
    cards: list[Card]
    taker: int | None = None   # the seat that took it, once it has four cards


@dataclasses.dataclass
class State:
    """A deal at some moment: each seat's cards, the turned card, the calls, the trump and taker, the tricks."""

    dealer: int
    hands: list[list[Card]]
    turned: Card
    rest: list[Card]                       # the cards still to deal once someone takes
    calls: list[str] = dataclasses.field(default_factory=list)
    trump: str | None = None               # a suit letter
    taker: int | None = None
    all_passed: bool = False
    dealt: list[list[Card]] | None = None  # each seat's eight cards, once the deal is complete
    belote: int | None = None              # the seat that announced belote
    tricks: list[Trick] = dataclasses.field(default_factory=list)

    @property
    def over(self) -> bool:
        """Every trick played."""
        return bool(self.dealt) and sum(trick.taker is not None for trick in self.tricks) == len(self.dealt[0])


class Match:
    """A deal of Belote, move by move: deal(), call() for each call, then play() each card; announce_belote()."""

    def __init__(self, rules: BeloteLegality, dealer: int):
        if type(dealer) is not int or not 0 <= dealer < 4:
            raise IllegalMove(f"dealer: {dealer!r} is not a seat 0–3")
        self.rules, self.dealer = rules, dealer
        self.order = [(dealer + step) % 4 for step in range(1, 5)]      # from the seat after the dealer
        self.state: State | None = None

    def deal(self, deck: list[Card], first: list[int]) -> None:
        """Five cards to each, three then two (or two then three), from the seat after the dealer; one turned up."""
        if len(deck) != 32 or len(set(deck)) != 32:
            raise IllegalMove("deck: the 32 cards of the pack, each once")
        if sorted(first) != [2, 3]:
            raise IllegalMove(f"first: {first!r}; five cards each, dealt [3, 2] or [2, 3]")
        top = iter(deck)
        hands: list[list[Card]] = [[], [], [], []]
        for packet in first:
            for seat in self.order:
                hands[seat].extend(next(top) for _ in range(packet))
        turned = next(top)
        self.state = State(self.dealer, hands, turned, list(top))

    def call(self, said: str) -> None:
        """The next call of the taking: "take" in the first round, a suit's name (not the turned card's) in the second,
        or "pass"."""
        state = self._dealt("call")
        if state.taker is not None or state.all_passed:
            raise IllegalMove(f"call {said!r}: the taking is over")
        round_two = len(state.calls) >= 4
        seat = self.order[len(state.calls) % 4]
        if said == "pass":
            state.calls.append(said)
            if len(state.calls) == 8:
                state.all_passed = True
            return
        if not round_two and said == "take":
            trump = state.turned.suit
        elif round_two and said in SUIT_OF_NAME and SUIT_OF_NAME[said] != state.turned.suit:
            trump = SUIT_OF_NAME[said]
        else:
            allowed = f"another suit than {SUIT_NAMES[state.turned.suit]}" if round_two else "take"
            raise IllegalMove(f"call {said!r}: in round {2 if round_two else 1} a player says {allowed} or pass")
        state.calls.append(said)
        state.trump, state.taker = trump, seat
        self._complete()

    def _complete(self) -> None:
        """The turned card to the taker, then three to each and two to the taker, from the seat after the dealer."""
        state = self.state
        state.hands[state.taker].append(state.turned)
        rest = iter(state.rest)
        for seat in self.order:
            state.hands[seat].extend(next(rest) for _ in range(2 if seat == state.taker else 3))
        state.dealt = [list(hand) for hand in state.hands]

    def announce_belote(self) -> None:
        """The seat dealt the king and queen of trumps announces them (said as they are played)."""
        state = self._dealt("belote")
        if state.dealt is None:
            raise IllegalMove("belote: nobody has taken yet")
        pair = {Card(state.trump, "K"), Card(state.trump, "Q")}
        holder = next((seat for seat in range(4) if pair <= set(state.dealt[seat])), None)
        if holder is None:
            raise IllegalMove("belote: no player was dealt both the king and the queen of trumps")
        state.belote = holder

    def to_play(self) -> int:
        state = self._dealt("play")
        if not state.tricks:
            return self.order[0]
        trick = state.tricks[-1]
        return trick.taker if trick.taker is not None else (trick.leader + len(trick.cards)) % 4

    def play(self, card_: Card) -> None:
        state = self._dealt("play")
        if state.dealt is None:
            raise IllegalMove(f"play {card_}: nobody has taken")
        if state.over:
            raise IllegalMove(f"play {card_}: the deal is over")
        seat = self.to_play()
        if not state.tricks or state.tricks[-1].taker is not None:
            state.tricks.append(Trick(seat, []))
        trick, hand = state.tricks[-1], state.hands[seat]
        if card_ not in hand:
            raise IllegalMove(f"seat {seat} plays {card_}, a card not in hand")
        allowed = self.rules.playable(hand, trick.cards, state.trump)
        if card_ not in allowed:
            raise IllegalMove(f"seat {seat} plays {card_}; the rules ask one of {', '.join(map(str, allowed))}")
        hand.remove(card_)
        trick.cards.append(card_)
        if len(trick.cards) == 4:
            trick.taker = (trick.leader + master(trick.cards, state.trump)) % 4

    def result(self) -> dict:
        """Once the deal is over: the cards each team's tricks hold, the team of the last trick, the team that
        announced belote, the taking team."""
        state = self._dealt("count")
        if not state.over:
            raise IllegalMove("the deal is not over")
        won = {"A": [], "B": []}
        for trick in state.tricks:
            won[TEAM_OF_SEAT[trick.taker]].extend(trick.cards)
        return {"trump": SUIT_NAMES[state.trump], "taker": TEAM_OF_SEAT[state.taker],
                "won": {team: names(found) for team, found in won.items()},
                "last": TEAM_OF_SEAT[state.tricks[-1].taker],
                "belote": None if state.belote is None else TEAM_OF_SEAT[state.belote]}

    def _dealt(self, what: str) -> State:
        if self.state is None:
            raise IllegalMove(f"{what}: nothing is dealt yet")
        return self.state


def replay(rules: BeloteLegality, record: dict) -> Match:
    """The deal a record reaches, every move checked; IllegalMove naming the first that breaks a rule."""
    if not isinstance(record, dict):
        raise IllegalMove(f"a record is a mapping, not {record!r}")
    try:
        match = Match(rules, record.get("dealer", 3))
        match.deal(list(components.cards(record.get("deck", []), 32, "deck")), record.get("first", [3, 2]))
        for said in record.get("taking", []):
            match.call(said)
        if record.get("belote"):
            match.announce_belote()
        for number, trick in enumerate(record.get("tricks", []), 1):
            for card_ in components.cards(trick, None, f"tricks[{number - 1}]"):
                match.play(card_)
    except MalformedInput as exc:
        raise IllegalMove(str(exc)) from None
    return match
