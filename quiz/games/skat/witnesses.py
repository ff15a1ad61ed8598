"""Skat's witnesses: for a question's givens, a deal the engine replays to them (quiz/witnesses.py). Middlehand is the
declarer: dealt the question's ten cards in its order, the skat its two; it says the bid and the others pass; it plays
hand or takes the skat up and puts those two away again; it declares the game; then the cards are played, the
opponents' twenty split between them, in an order searched for so that the declarer's tricks hold exactly the card
points and the number of tricks the question gives."""
from __future__ import annotations

import random
from typing import Iterator

from quiz.witnesses import Witnesses
from quiz.components import names
from quiz.games.skat.components import DECK, Card, card, follows_as, strength
from quiz.games.skat.engine import Match, replay
from quiz.games.skat.legality import SkatLegality

DECLARER = 1                  # middlehand: it bids, so the bid is its own to say
SPLITS = 40                   # ways of sharing the opponents' cards tried before giving up
TRICK_NODES = 500             # tricks tried in the search of one split


class SkatWitnesses(Witnesses):
    """Witnesses at one table's rules."""

    REPLAY = replay
    rules: SkatLegality

    # --- the deal up to the declaration -------------------------------------------------------------------------------

    def deal_for(self, cards: list[str], others: list[Card]) -> list[str]:
        """A pack, top first, that deals middlehand the first ten of `cards` in their order, the skat the last two, and
        forehand and rearhand the first and second half of `others`."""
        mine, skat, fore, rear = [card(name) for name in cards[:10]], cards[10:], others[:10], others[10:]
        deck: list = []
        for packet, start in ((3, 0), ("skat", 0), (4, 3), (3, 7)):
            if packet == "skat":
                deck += [card(name) for name in skat]
                continue
            deck += fore[start:start + packet] + mine[start:start + packet] + rear[start:start + packet]
        return names(deck)

    def declared(self, game: str, cards: list[str], hand: bool, ouvert: bool, announced, bid: int,
                 others: list[Card]) -> dict:
        """The record up to the declaration: middlehand says the bid, forehand and rearhand pass."""
        record = {"players": 3, "dealer": 0, "deck": self.deal_for(cards, others), "bidding": [bid, "pass", "pass"],
                  "skat": "hand" if hand else list(cards[10:]),
                  "contract": {"game": game, "ouvert": ouvert, "announced": announced}}
        return record

    def played(self, game: str, cards: list[str], hand: bool, ouvert: bool, announced, points: int, tricks: int,
               bid: int) -> Iterator[dict]:
        """Whole deals that end with the declarer holding exactly these card points and tricks."""
        rng = random.Random(f"{game}{cards}{points}{tricks}")
        skat_points = sum(self.rules.points_of(card(name)) for name in cards[10:])
        rest = [card_ for card_ in DECK if str(card_) not in cards]
        for _ in range(SPLITS):
            rng.shuffle(rest)
            record = self.declared(game, cards, hand, ouvert, announced, bid, rest)
            match = replay(self.rules, record)
            line = play_line(self.rules, match, points - skat_points, tricks, rng)
            if line is not None:
                yield {**record, "tricks": line}

    # --- one builder and reader for each rule -------------------------------------------------------------------------

    def _build_spitzen(self, game, cards):
        yield self.declared(game, cards, False, False, None, self.rules.facts.lowest_bid,
                            [c for c in DECK if str(c) not in cards])

    def _read_spitzen(self, match: Match, record) -> dict:
        state = match.state
        if not state.declared or state.game == "null":
            return {}
        return {"game": state.game, "cards": names(state.twelve())}

    def _build_null_value(self, hand, ouvert):
        cards = names(DECK[:12])
        yield self.declared("null", cards, hand, ouvert, None, self.rules.facts.lowest_bid,
                            [c for c in DECK if str(c) not in cards])

    def _read_null_value(self, match: Match, record) -> dict:
        state = match.state
        return {"hand": state.hand, "ouvert": state.ouvert} if state.game == "null" else {}

    def _build_may_announce(self, hand):
        cards = names(DECK[:12])
        record = self.declared("grand", cards, hand, False, None, self.rules.facts.lowest_bid,
                               [c for c in DECK if str(c) not in cards])
        del record["contract"]
        yield record

    def _read_may_announce(self, match: Match, record) -> dict:
        state = match.state
        return {"hand": state.hand} if state.hand is not None and not state.declared else {}

    def _build_game_value(self, game, cards, hand, ouvert, announced, points, tricks):
        yield from self.played(game, cards, hand, ouvert, announced, points, tricks, self.rules.facts.lowest_bid)

    def _read_game_value(self, match: Match, record) -> dict:
        state = match.state
        if not state.declared or not state.over:
            return {}
        return {"game": state.game, "cards": names(state.twelve()), "hand": state.hand, "ouvert": state.ouvert,
                "announced": state.announced, **match.result()}

    def _build_list_score(self, game, cards, hand, ouvert, announced, points, tricks, bid):
        yield from self.played(game, cards, hand, ouvert, announced, points, tricks, bid)

    def _read_list_score(self, match: Match, record) -> dict:
        shown = self._read_game_value(match, record)
        return {**shown, "bid": match.state.bid} if shown else {}

    _build_seeger_fabian, _read_seeger_fabian = _build_list_score, _read_list_score

    def _build_schneider(self, points):
        """A grand the declarer ends with these card points (the declarer's, as every Skat question counts them): a
        weak hand for few points, a strong one for many, the tricks tried from one up."""
        weak = ["CJ", "SJ", "HA", "H10", "C7", "C8", "S7", "S8", "D8", "D9", "D7", "H7"]
        strong = ["CJ", "SJ", "CA", "C10", "CK", "SA", "S10", "HA", "H10", "DA", "D7", "D8"]
        for cards in ((weak, strong) if points <= self.rules.facts.win_points else (strong, weak)):
            for tricks in range(1, self.rules.facts.hand_size):
                yield from self.played("grand", cards, False, False, None, points, tricks,
                                       self.rules.facts.lowest_bid)

    def _read_schneider(self, match: Match, record) -> dict:
        state = match.state
        if not state.declared or not state.over or state.game == "null":
            return {}
        return {"points": match.result()["points"]}


def play_line(rules: SkatLegality, match: Match, points: int, tricks: int, rng: random.Random) -> list | None:
    """The tricks of a declared deal, searched trick by trick, in which the declarer takes exactly `tricks` tricks
    holding `points` card points (the skat's aside); None where the search finds none. A lost Null game ends at the
    declarer's first trick."""
    state = match.state
    game, declarer = state.game, state.declarer
    hands = [list(hand) for hand in state.hands]
    found: list = []
    nodes = [TRICK_NODES]
    # Looked up once: the search asks millions of times. The moves it tries are the cards that follow the led suit
    # (ISkO 4.2, as rules.may_play has it); the engine's replay of the record found checks every one again.
    worth = {card_: rules.points_of(card_) for card_ in DECK}
    suit = {card_: follows_as(card_, game) for card_ in DECK}
    rank = {(card_, led): strength(card_, game, led) for card_ in DECK for led in set(suit.values())}

    def playable(hand: list[Card], led: str) -> list[Card]:
        following = [c for c in hand if suit[c] == led]
        return following or hand

    def winner(combo) -> int:
        led = suit[combo[0]]
        ranks = [rank[(c, led)] for c in combo]
        return ranks.index(max(ranks))

    def feasible(tricks_left: int, points_left: int) -> bool:
        """Whether the cards left can still give the declarer these points in these tricks: each trick holds one card
        of each hand, so his tricks hold at most the best `tricks_left` of every hand and at least the worst."""
        rounds = len(hands[0])
        if not 0 <= tricks_left <= rounds or points_left < 0:
            return False
        values = [sorted(worth[c] for c in hand) for hand in hands]
        least = sum(sum(hand[:tricks_left]) for hand in values)
        most = sum(sum(hand[rounds - tricks_left:]) for hand in values)
        return least <= points_left <= most

    def search(leader: int, tricks_left: int, points_left: int) -> bool:
        if game == "null" and tricks == 1 and tricks_left == 0:
            return points_left == 0                       # the declarer's first trick ends a lost Null game
        if not hands[0]:
            return tricks_left == 0 and points_left == 0
        if not feasible(tricks_left, points_left):
            return False
        order = [(leader + step) % 3 for step in range(3)]
        combos = [(first, second, third) for first in hands[order[0]]
                  for second in playable(hands[order[1]], suit[first])
                  for third in playable(hands[order[2]], suit[first])]
        rng.shuffle(combos)
        rounds = len(hands[0])
        share = tricks_left / rounds
        each = points_left / tricks_left if tricks_left else 0
        scored = []
        for combo in combos:
            taker = order[winner(combo)]
            value = worth[combo[0]] + worth[combo[1]] + worth[combo[2]]
            closeness = (1 - share) + abs(value - each) / 40 if taker == declarer else \
                share + (value / 40 if tricks_left == rounds else 0)
            scored.append((closeness, taker, value, combo))
        scored.sort(key=lambda item: item[0])
        for _, taker, value, combo in scored[:12]:
            nodes[0] -= 1
            if nodes[0] < 0:
                return False
            mine = taker == declarer
            for seat, played in zip(order, combo):
                hands[seat].remove(played)
            found.append([str(c) for c in combo])
            if search(taker, tricks_left - mine, points_left - value * mine):
                return True
            found.pop()
            for seat, played in zip(order, combo):
                hands[seat].append(played)
        return False

    return found if search(0, tricks, points) else None
