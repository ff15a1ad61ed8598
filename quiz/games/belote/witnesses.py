"""Belote's witnesses: for a question's givens, a deal the engine replays to them (quiz/witnesses.py). The dealer sits
at seat 3, so seat 0 speaks first and leads; the cards are shared so that the question's hand, trick or belote is
where it must be, the taker takes (the turned card its trump, or named in the second round), and for a deal's count
the tricks are searched, trick by trick, until the takers' tricks hold exactly the question's card points and number
of tricks and the last trick falls to the side it names."""
from __future__ import annotations

import random

from quiz.witnesses import Witnesses
from quiz.games.belote import components
from quiz.components import names
from quiz.games.belote.components import DECK, SUIT_NAMES, SUIT_OF_NAME, Card, master
from quiz.games.belote.engine import TEAM_OF_SEAT, Match, replay
from quiz.games.belote.legality import BeloteLegality

DEALER = 3
ORDER = (0, 1, 2, 3)           # from the seat after the dealer
TRIES = 40                     # ways of sharing the other cards tried before giving up
TRICK_NODES = 3000             # tricks tried in the search of one sharing


class BeloteWitnesses(Witnesses):
    """Witnesses at one table's rules."""

    REPLAY = replay
    rules: BeloteLegality

    def record_for(self, hands: list[list[Card]], taker: int, trump: str) -> dict | None:
        """A record up to the first card: the deck that deals these final hands (five each, three then two, the turned
        card, then three each and two to the taker), the taker taking its suit in the first round, or naming it in
        the second where no card of it could be the turned one; None where the taker holds no card to turn."""
        own = hands[taker]
        turned = next((c for c in own if c.suit == trump), None)
        taking = ["pass"] * taker + ["take"]
        if turned is None:
            turned = own[0]
            taking = ["pass"] * (4 + taker) + [SUIT_NAMES[trump]]
        firsts = {seat: [c for c in hands[seat] if c != turned][:5] if seat == taker else hands[seat][:5]
                  for seat in ORDER}
        deck: list[Card] = []
        for start, size in ((0, 3), (3, 2)):
            for seat in ORDER:
                deck += firsts[seat][start:start + size]
        deck.append(turned)
        for seat in ORDER:
            deck += [c for c in hands[seat] if c not in firsts[seat] and c != turned]
        return {"dealer": DEALER, "deck": names(deck), "first": [3, 2], "taking": taking}

    # --- one trick: its points, or a card asked about -----------------------------------------------------------------

    def first_trick(self, trick: list[Card], trump: str, fixed: dict[int, list[Card]], rng: random.Random):
        """Records whose first trick starts with these cards (seat 0 leading), the hands `fixed` as given: each other
        player's hand filled with cards that leave the card it plays a legal one."""
        suit = SUIT_OF_NAME[trump]
        pool = [c for c in DECK if c not in trick and all(c not in hand for hand in fixed.values())]
        for _ in range(TRIES):
            rng.shuffle(pool)
            left, hands = list(pool), {seat: list(hand) for seat, hand in fixed.items()}
            bound_first = [seat for seat in range(len(trick) - 1, 0, -1) if seat not in fixed]   # the most bound first
            for seat in bound_first + [seat for seat in ORDER if seat not in bound_first and seat not in fixed]:
                own = [trick[seat]] if seat < len(trick) else []
                for candidate in list(left):
                    if len(own) == 8:
                        break
                    if not own or seat >= len(trick) or own[0] in self.rules.playable(own + [candidate],
                                                                                      trick[:seat], suit):
                        own.append(candidate)
                        left.remove(candidate)
                hands[seat] = own
            hands = [hands[seat] for seat in ORDER]
            if any(len(hand) != 8 for hand in hands):
                continue
            for taker in ORDER:
                record = self.record_for(hands, taker, suit)
                if record is not None:
                    yield {**record, "tricks": [names(trick)]}
                    break

    def _build_trick_points(self, trick, trump):
        rng = random.Random(f"{trick}{trump}")
        yield from self.first_trick(list(components.cards(trick, 4, "trick")), trump, {}, rng)

    def _read_trick_points(self, match: Match, record) -> dict:
        state = match.state
        if not state.tricks or state.tricks[0].taker is None:
            return {}
        return {"trick": names(state.tricks[0].cards), "trump": SUIT_NAMES[state.trump]}

    def _build_may_play(self, card, hand, trick, trump):
        held, played = list(components.cards(hand, None, "hand")), list(components.cards(trick, None, "trick"))
        if len(held) != 8 or len(played) > 3:
            return
        rng = random.Random(f"{hand}{trick}{trump}")
        for record in self.first_trick(played, trump, {len(played): held}, rng):
            yield {**record, "asks": card}

    def _read_may_play(self, match: Match, record) -> dict:
        state = match.state
        trick = state.tricks[-1] if state.tricks else None
        if state.dealt is None or (trick is not None and trick.taker is not None):
            return {}
        hand = state.hands[match.to_play()]
        if record.get("asks") not in names(hand):
            return {}
        return {"card": record["asks"], "hand": names(hand), "trick": names(trick.cards) if trick else [],
                "trump": SUIT_NAMES[state.trump]}

    # --- a whole deal's count -----------------------------------------------------------------------------------------

    def _build_taker_records(self, taker_points, taker_tricks, last, belote):
        rng = random.Random(f"{taker_points}{taker_tricks}{last}{belote}")
        for _ in range(TRIES // 4):
            trump = rng.choice(list(SUIT_NAMES.values()))
            suit = SUIT_OF_NAME[trump]
            pool = list(DECK)
            rng.shuffle(pool)
            hands = [pool[8 * seat:8 * seat + 8] for seat in ORDER]
            if not share_belote(hands, suit, belote, rng):
                continue
            record = self.record_for(hands, 0, suit)
            if belote:
                record["belote"] = True
            match = replay(self.rules, record)
            line = play_line(self.rules, match, taker_points, taker_tricks, last, rng)
            if line is not None:
                yield {**record, "tricks": line}

    def _read_taker_records(self, match: Match, record) -> dict:
        state = match.state
        if not state.over:
            return {}
        taker_team = TEAM_OF_SEAT[state.taker]
        role = {taker_team: "taker", "B" if taker_team == "A" else "A": "defence"}
        taken = [trick for trick in state.tricks if TEAM_OF_SEAT[trick.taker] == taker_team]
        return {"taker_points": sum(self.rules.points_of(c, state.trump) for trick in taken for c in trick.cards),
                "taker_tricks": len(taken), "last": role[TEAM_OF_SEAT[state.tricks[-1].taker]],
                "belote": None if state.belote is None else role[TEAM_OF_SEAT[state.belote]]}

    _build_defence_records = _build_made = _build_taker_records
    _read_defence_records = _read_made = _read_taker_records


def share_belote(hands: list[list[Card]], trump: str, belote: str | None, rng: random.Random) -> bool:
    """Move the king and queen of trumps into one hand of the side that announces belote (seat 0's side takes), or
    apart where nobody does; False where that cannot be done by swapping cards."""
    pair = [Card(trump, "K"), Card(trump, "Q")]
    seats = {"taker": (0, 2), "defence": (1, 3)}.get(belote)
    if seats is None:
        holders = [next(s for s in ORDER if c in hands[s]) for c in pair]
        if holders[0] == holders[1]:
            other = (holders[0] + 1) % 4
            swap(hands, pair[1], holders[0], other, rng)
        return True
    target = rng.choice(seats)
    for c in pair:
        holder = next(s for s in ORDER if c in hands[s])
        if holder != target:
            swap(hands, c, holder, target, rng, keep=pair)
    return True


def swap(hands, card_: Card, source: int, target: int, rng: random.Random, keep=()) -> None:
    """Move a card from one hand to another, a card of the other (not one to keep) going back."""
    back = rng.choice([c for c in hands[target] if c not in keep])
    hands[source][hands[source].index(card_)] = back
    hands[target][hands[target].index(back)] = card_


def play_line(rules: BeloteLegality, match: Match, points: int, tricks: int, last: str,
              rng: random.Random) -> list | None:
    """The eight tricks of a dealt deal, searched trick by trick, in which the takers' side takes exactly `tricks`
    tricks holding `points` card points and the last trick falls to `last`; None where the search finds none."""
    state = match.state
    trump, takers = state.trump, {state.taker, (state.taker + 2) % 4}
    hands = [list(hand) for hand in state.hands]
    found: list = []
    nodes = [TRICK_NODES]

    worth = {card_: rules.points_of(card_, trump) for card_ in DECK}     # looked up once: asked millions of times

    def feasible(tricks_left: int, points_left: int) -> bool:
        """Whether the cards left can still give the takers these points in these tricks: each trick holds one card of
        each hand, so their tricks hold at most the best `tricks_left` of every hand and at least the worst."""
        rounds = len(hands[0])
        if not 0 <= tricks_left <= rounds or points_left < 0:
            return False
        values = [sorted(worth[c] for c in hand) for hand in hands]
        least = sum(sum(hand[:tricks_left]) for hand in values)
        most = sum(sum(hand[rounds - tricks_left:]) for hand in values)
        return least <= points_left <= most

    def search(leader: int, tricks_left: int, points_left: int) -> bool:
        rounds = len(hands[0])
        if not rounds:
            return tricks_left == 0 and points_left == 0
        if not feasible(tricks_left, points_left):
            return False
        order = [(leader + step) % 4 for step in range(4)]
        combos: list[list[Card]] = [[]]
        for seat in order:
            combos = [combo + [c] for combo in combos for c in rules.playable(hands[seat], combo, trump)]
            if len(combos) > 400:
                combos = rng.sample(combos, 400)
        rng.shuffle(combos)
        share = tricks_left / rounds
        each = points_left / tricks_left if tricks_left else 0

        def closeness(combo) -> float:
            mine = order[master(combo, trump)] in takers
            value = sum(worth[c] for c in combo)
            if rounds == 1:
                return 0 if mine == (last == "taker") else 9
            return (1 - share) + abs(value - each) / 60 if mine else share + (value / 60 if not tricks_left else 0)
        combos.sort(key=closeness)
        for combo in combos[:10]:
            nodes[0] -= 1
            if nodes[0] < 0:
                return False
            winner = order[master(combo, trump)]
            mine = winner in takers
            if rounds == 1 and mine != (last == "taker"):
                continue
            value = sum(worth[c] for c in combo)
            for seat, played in zip(order, combo):
                hands[seat].remove(played)
            found.append(names(combo))
            if search(winner, tricks_left - mine, points_left - value * mine):
                return True
            found.pop()
            for seat, played in zip(order, combo):
                hands[seat].append(played)
        return False

    return found if search(0, tricks, points) else None
