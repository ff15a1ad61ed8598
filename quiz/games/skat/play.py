"""Random deals of Skat played by the engine's own moves: a shuffled pack, bidding to limits drawn at random (each no
higher than the bidder's cards could ever be worth), the skat taken or not, a game declared that can reach the bid
(sometimes overbid all the same, ouvert or announced), and legal cards played at random. The tests score thousands of
them against an independent scorer and the list page's script."""
from __future__ import annotations

import random

from quiz.components import names
from quiz.games.skat.components import DECK, GAMES
from quiz.games.skat.engine import Match
from quiz.games.skat.legality import SkatLegality


def random_record(rules: SkatLegality, rng: random.Random, players: int | None = None) -> dict:
    """A whole deal as a record (engine.py), every move legal: a game played to its end, or a deal everyone passed."""
    players = players or rng.choice((3, 4))
    dealer = rng.randrange(players)
    deck = list(DECK)
    rng.shuffle(deck)
    match = Match(rules, players, dealer)
    match.deal(deck)
    state = match.state
    record: dict = {"players": players, "dealer": dealer, "deck": names(deck), "bidding": []}
    values = rules.bid_values()
    limits = []
    for held in state.hands:
        most = _most_with(rules, tuple(held))
        reach = [value for value in values if value <= most]
        limits.append(rng.choice(reach[:rng.choice((1, 4, 10, len(reach)))]) if rng.random() < 0.8 else 0)
    for said in _calls(values, limits):
        match.call(said)
        record["bidding"].append(said)
    if state.all_passed:
        return record
    held = state.hands[state.declarer]
    put_away = rng.sample(held + list(state.skat), 2)
    taken = tuple(card_ for card_ in held + list(state.skat) if card_ not in put_away) + tuple(put_away)
    if rng.random() < 0.25 or not _contracts(rules, taken, False, state.bid):
        match.play_hand()
        record["skat"] = "hand"
        contracts = _contracts(rules, tuple(held) + state.skat, True, state.bid)
    else:
        match.take_skat(put_away)
        record["skat"] = names(put_away)
        contracts = _contracts(rules, taken, False, state.bid)
    game, ouvert, announced = rng.choice(contracts)
    match.declare(game, ouvert, announced)
    record["contract"] = {"game": game, "ouvert": ouvert, "announced": announced}
    record["tricks"] = []
    while not state.over:
        position = match.to_play()
        hand = state.hands[position]
        trick = state.tricks[-1].cards if state.tricks and state.tricks[-1].taker is None else []
        card_ = rng.choice([c for c in hand if rules.may_play(c, hand, trick, game)])
        match.play(card_)
        if not trick:
            record["tricks"].append([])
        record["tricks"][-1].append(str(card_))
    return record


def _contracts(rules: SkatLegality, known: tuple, hand: bool, bid: int) -> list[tuple[str, bool, str | None]]:
    """Every contract the declarer may declare with these cards (his ten, then the two of the skat): those that can
    reach the bid, announcements and ouvert only where the rules allow them, the plain ones weighted to come up most."""
    found = []
    for game in GAMES:
        for ouvert in (False, True):
            for announced in (None, "schneider", "schwarz"):
                if list(rules._refused_contract(game, hand, ouvert, announced)) or \
                        list(rules._refused_declaration(game, known, hand, ouvert, announced, bid)):
                    continue
                found += [(game, ouvert, announced)] * (6 if not ouvert and not announced else 1)
    return found


def _most_with(rules: SkatLegality, held: tuple) -> int:
    """The most any hand game could be worth with these ten cards, for a bidder's limit."""
    return max(rules.highest_value(game, held, True, True, None) for game in GAMES)


def _calls(values: tuple[int, ...], limits: list[int]):
    """The calls of a bidding where each position says or holds values up to its limit (0: passes at once)."""
    value, holder = 0, 0
    for bidder in (1, 2):
        while True:
            higher = [v for v in values if v > value]
            if not higher or higher[0] > limits[bidder]:
                yield "pass"
                break
            value = higher[0]
            yield value
            if value > limits[holder]:
                yield "pass"
                holder = bidder
                break
            yield "yes"
    if not value:
        yield values[0] if limits[0] else "pass"
