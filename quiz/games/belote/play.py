"""Random deals of Belote played by the engine's own moves: a shuffled pack, the first five dealt three then two or two
then three, calls drawn at random in both rounds, belote announced where a player holds it (most of the time), and
legal cards played at random. The tests count thousands of them against an independent scorer."""
from __future__ import annotations

import random

from quiz.components import names
from quiz.games.belote.components import DECK, SUIT_NAMES
from quiz.games.belote.engine import Match
from quiz.games.belote.legality import BeloteLegality


def random_record(rules: BeloteLegality, rng: random.Random) -> dict:
    """A whole deal as a record (engine.py), every move legal: played to its last trick, or all passed twice."""
    deck = list(DECK)
    rng.shuffle(deck)
    dealer, first = rng.randrange(4), rng.choice(([3, 2], [2, 3]))
    match = Match(rules, dealer)
    match.deal(deck, first)
    state = match.state
    record: dict = {"dealer": dealer, "deck": names(deck), "first": first, "taking": []}
    while state.taker is None and not state.all_passed:
        if len(state.calls) < 4:
            said = "take" if rng.random() < 0.3 else "pass"
        else:
            others = [name for suit, name in SUIT_NAMES.items() if suit != state.turned.suit]
            said = rng.choice(others) if rng.random() < 0.3 else "pass"
        match.call(said)
        record["taking"].append(said)
    if state.all_passed:
        return record
    if holds_belote(state) and rng.random() < 0.9:        # now and then a player forgets to say it
        match.announce_belote()
        record["belote"] = True
    record["tricks"] = []
    while not state.over:
        seat = match.to_play()
        trick = state.tricks[-1].cards if state.tricks and state.tricks[-1].taker is None else []
        card_ = rng.choice(rules.playable(state.hands[seat], trick, state.trump))
        match.play(card_)
        if not trick:
            record["tricks"].append([])
        record["tricks"][-1].append(str(card_))
    return record


def holds_belote(state) -> bool:
    """Whether one player was dealt both the king and the queen of trumps."""
    pair = {card_ for card_ in DECK if card_.suit == state.trump and card_.rank in ("K", "Q")}
    return any(pair <= set(hand) for hand in state.dealt)
