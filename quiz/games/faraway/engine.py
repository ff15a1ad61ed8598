"""Faraway as an engine: a game's state from the deal, the moves of its rounds, each move applied by the seeds' rules
(one small method each, through FarawayRules), and a move that breaks them refused with IllegalMove naming why. A game
record replays from the deal to any moment of a round; a quiz question's givens are read off the state it reaches
(witnesses.py), so a question describes a game that can happen because a game reached it.

A record, as JSON (`python -m quiz witness faraway` prints them):
    {"players": ["Ana", "Bruno"],                 seating order; the first is the one a question calls "you"
     "regions": [12, 40, 7, ...],                 the Region deck from the top, as shuffled (the rest follow in number
                                                  order); each player is dealt `dealt` in seating order, then the centre
     "kept": {"Ana": [12, 40, 7], ...},           only where more are dealt than kept (the advanced set-up), with
     "reshuffled": [55, 30, ...],                 the deck from the top once the others are shuffled back
     "sanctuaries": ["clue-stone", ...],          the Sanctuary pile from the top, by id (rules/faraway/cards.yml; the
                                                  rest follow in the card list's order)
     "rounds": [{"play": {"Ana": 12, "Bruno": 40},
                 "turns": [{"player": "Ana", "place": 3, "take": 55}, ...]}, ...]}
A round's turns go lowest number first: each player places one of the Sanctuaries drawn, if the Region played beats
the one before (drawn from the top of the pile, the rest back under it at once), and takes a Region from the centre
(not in the last round). Every card is the printed one: its face, its clues above all, comes from the card list.
The last round of a record may stop after its plays or after some turns: the moment a question asks about."""
from __future__ import annotations

import dataclasses
from typing import Any

from quiz.checker import IllegalState
from quiz.games.faraway.rules import FarawayRules


class IllegalMove(IllegalState):
    """A move the rules do not allow in this state, or a record that is no game."""


@dataclasses.dataclass
class Player:
    name: str
    hand: list[int]
    row: list[int] = dataclasses.field(default_factory=list)
    sanctuaries: list[str] = dataclasses.field(default_factory=list)
    drew: list[str] = dataclasses.field(default_factory=list)      # the Sanctuaries drawn in the latest turn


@dataclasses.dataclass
class Turn:
    player: str
    drew: int           # Sanctuaries drawn (0: found none, or the pile was empty)
    place: str | None
    take: int | None


class Match:
    """A game of Faraway in progress: deal(), then per round play() and one turn() per player, lowest number first."""

    def __init__(self, rules: FarawayRules, players: list[str], regions: list[int], sanctuaries: list[str]):
        facts = rules.facts
        if len(set(players)) != len(players):
            raise IllegalMove(f"players: {players}: a name twice")
        if not facts.players_min <= len(players) <= facts.players_max:
            raise IllegalMove(f"players: {len(players)} players; Faraway is for "
                              f"{facts.players_min}-{facts.players_max}")
        self.rules, self.facts = rules, facts
        self.deck = _shuffled(regions, facts.cards.numbers(), "regions")
        self.pile = _shuffled(sanctuaries, facts.cards.ids(), "sanctuaries")
        self.players = [Player(name, self._draw_regions(facts.dealt)) for name in players]
        self.centre: list[int] = []
        self.round = 0                  # the round being played; 0 before the first
        self.played: dict[str, int] = {}
        self.turns: list[Turn] = []     # this round's turns so far
        self.over = False
        self.ended: tuple[int, list[int]] | None = None     # the last round ended: its number, the centre then
        self.stuck = ""                 # why no next round can start: the Regions ran out (six players, round 8)
        if facts.dealt == facts.hand:
            self._reveal()

    # --- set-up -------------------------------------------------------------------------------------------------------

    def _draw_regions(self, count: int) -> list[int]:
        if len(self.deck) < count:
            raise IllegalMove(f"the Region deck has {len(self.deck)} cards, {count} are needed: the Regions run out")
        drawn, self.deck = self.deck[:count], self.deck[count:]
        return drawn

    def keep(self, kept: dict[str, list[int]], reshuffled: list[int]) -> None:
        """The advanced set-up: each keeps `hand` of the Regions dealt, the rest go back into the deck (`reshuffled`:
        its order from the top), then the centre is revealed."""
        if self.facts.dealt == self.facts.hand or self.centre or self.round:
            raise IllegalMove("kept: only at set-up, and only where more Regions are dealt than kept")
        returned = []
        for player in self.players:
            chosen = kept.get(player.name, [])
            if len(chosen) != self.facts.hand or not set(chosen) <= set(player.hand) or len(set(chosen)) != len(chosen):
                raise IllegalMove(f"kept[{player.name!r}]: {chosen}; keep {self.facts.hand} of the dealt {player.hand}")
            returned += [n for n in player.hand if n not in chosen]
            player.hand = list(chosen)
        self.deck = _shuffled(reshuffled, sorted(self.deck + returned), "reshuffled")
        self._reveal()

    def _reveal(self) -> None:
        self.centre = self._draw_regions(self.rules.center_size(len(self.players)))
        self.round += 1

    # --- a round ------------------------------------------------------------------------------------------------------

    def play(self, played: dict[str, int]) -> None:
        """Everyone plays a Region from their hand at once; it goes at the right of their row."""
        if self.stuck:
            raise IllegalMove(f"play in round {self.round + 1}: {self.stuck}")
        if self.over or not self.round or self.played:
            why = "the game is over" if self.over else "the set-up is not done" if not self.round else "turns are due"
            raise IllegalMove(f"play: not now ({why})")
        if set(played) != {p.name for p in self.players}:
            raise IllegalMove(f"play: {sorted(played)}; every player plays, and only players")
        for player in self.players:
            number = played[player.name]
            if number not in player.hand:
                raise IllegalMove(f"play[{player.name!r}]: Region {number} is not in their hand {sorted(player.hand)}")
        for player in self.players:
            player.hand.remove(played[player.name])
            player.row.append(played[player.name])
        self.played, self.turns, self.ended = dict(played), [], None

    def moment(self) -> str:
        """Where in the game the state is: "set-up", "plays" (all played, no turn yet), "turns" (some taken),
        "round-end" (all taken, the next round's centre out), "over"."""
        if self.over:
            return "over"
        if not self.round:
            return "set-up"
        if self.played:
            return "turns" if self.turns else "plays"
        return "round-end" if self.ended else "set-up"

    def pick_order(self) -> list[Player]:
        by_name = {p.name: p for p in self.players}
        return [by_name[name] for name in self.rules.pick_order(self.played)]

    def finds(self, player: Player) -> bool:
        """Whether the Region just played beats the one before it (never in round 1)."""
        return self.rules.finds_sanctuary(player.row[-2] if len(player.row) > 1 else None, player.row[-1])

    def tableau(self, player: Player) -> dict:
        """A player's cards as a question gives them: the row's Regions by number, the Sanctuaries placed by id."""
        return {"regions": list(player.row), "sanctuaries": list(player.sanctuaries)}

    def wants(self, player: Player) -> int:
        """How many Sanctuaries a player who found one draws: the base and one per clue in the tableau."""
        return self.rules.sanctuary_draws(self.rules.clues_in_tableau(self.tableau(player)))

    def turn(self, player_name: str, place: int | None, take: int | None) -> Turn:
        """The next player by number: draws and places a Sanctuary if they found one (the rest back under the pile at
        once), and takes a Region from the centre unless this is the last round."""
        order = self.pick_order() if self.played else []
        if len(self.turns) >= len(order):
            raise IllegalMove(f"turn of {player_name!r}: no turn is due")
        player = order[len(self.turns)]
        if player.name != player_name:
            raise IllegalMove(f"turn of {player_name!r}: {player.name} plays first (lowest number first)")
        drew = []
        if self.finds(player):
            drew, self.pile = self.pile[:self.wants(player)], self.pile[self.wants(player):]
        if drew:
            if place not in drew:
                raise IllegalMove(f"turn of {player.name!r}: places {place}, but drew Sanctuaries {drew}")
            player.sanctuaries.append(place)
            self.pile += [s for s in drew if s != place]
        elif place is not None:
            raise IllegalMove(f"turn of {player.name!r}: places Sanctuary {place} without drawing one")
        last = not self.rules.takes_from_center(self.round)
        if last and take is not None:
            raise IllegalMove(f"turn of {player.name!r}: takes Region {take} in the last round, where nobody takes")
        if not last:
            if take not in self.centre:
                raise IllegalMove(f"turn of {player.name!r}: takes Region {take}, not in the centre {self.centre}")
            self.centre.remove(take)
            player.hand.append(take)
        player.drew = drew
        self.turns.append(Turn(player.name, len(drew), place, take))
        if len(self.turns) == len(order):
            self._end_round()
        return self.turns[-1]

    def _end_round(self) -> None:
        """The Region nobody took is discarded; a new centre is revealed unless the game is over."""
        self.ended = (self.round, list(self.centre))
        if self.round == self.facts.rounds:
            self.over = True
            return
        self.played = {}
        try:
            self._reveal()
        except IllegalMove as exc:
            self.stuck = str(exc)


def _shuffled(order: list, cards, what: str) -> list:
    """A shuffled pile: `order` from the top, then every other card in order; each card once, none made up."""
    cards = list(cards)
    unknown = [c for c in order if c not in set(cards)]
    if unknown:
        raise IllegalMove(f"{what}: {unknown[0]} is no card of the game")
    if len(set(order)) != len(order):
        twice = next(c for c in order if order.count(c) > 1)
        raise IllegalMove(f"{what}: {twice} appears twice; each card exists once")
    rest = set(order)
    return list(order) + [c for c in cards if c not in rest]


def replay(rules: FarawayRules, record: dict[str, Any]) -> Match:
    """The state a record reaches, every move checked; IllegalMove naming the first one that breaks a rule."""
    game = Match(rules, list(record["players"]), list(record.get("regions", [])), list(record.get("sanctuaries", [])))
    if "kept" in record or rules.facts.dealt != rules.facts.hand:
        game.keep(record.get("kept") or {}, list(record.get("reshuffled", [])))
    for number, round_ in enumerate(record.get("rounds", []), 1):
        if game.over:
            raise IllegalMove(f"rounds[{number - 1}]: the game is over after {rules.facts.rounds} rounds")
        game.play(round_["play"])
        for turn in round_.get("turns", []):
            game.turn(turn["player"], turn.get("place"), turn.get("take"))
    return game
