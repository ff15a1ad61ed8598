"""Farkle as an engine: a game's state (each player's banked total and farkles in a row, the turn in progress: dice in
hand, the roll showing, the set-asides so far), its moves (roll, set aside, bank, end on a farkle), each applied by the
table's rules (FarkleRules), and a move that breaks them refused with IllegalMove naming why. A question's givens are
read off the state a game record reaches (witnesses.py).

A record, as JSON (`python -m quiz witness farkle` prints them):
    {"players": ["you", "Bruno"],                  seating order: "you" starts
     "turns": [{"player": "you",
                "rolls": [[1, 1, 1, 2, 3, 4]],         each roll's dice, in the order rolled
                "set_asides": [[1, 1, 1]],             after each roll, the dice set aside from it
                "end": "bank"}, ...]}                  "bank", "farkle" (the last roll scored nothing), or none:
                                                       the turn is still going, the moment a question asks about
A roll has as many dice as are in hand: all of them at the start of a turn and after hot dice (every die set aside),
else those not set aside yet. A set-aside comes from the roll before it and every die of it scores."""
from __future__ import annotations

import collections
import dataclasses
from typing import Any

from quiz.checker import IllegalState
from quiz.games.farkle.rules import FarkleRules


class IllegalMove(IllegalState):
    """A move the rules do not allow in this state, or a record that is no game."""


@dataclasses.dataclass
class TurnState:
    player: str
    in_hand: int
    rolls: list[list[int]] = dataclasses.field(default_factory=list)
    set_asides: list[list[int]] = dataclasses.field(default_factory=list)
    points: int = 0
    end: str | None = None              # "bank" or "farkle" once over
    banked_before: int = 0

    @property
    def showing(self) -> list[int] | None:
        """The roll waiting for a set-aside, if any."""
        return self.rolls[-1] if len(self.rolls) > len(self.set_asides) else None


class Match:
    """A game of Farkle: each turn roll(), set_aside() after each roll, then bank() or, on a roll that scores nothing,
    farkle(); the next player's turn starts with start()."""

    def __init__(self, rules: FarkleRules, players: list[str]):
        if len(players) < 2 or len(set(players)) != len(players):
            raise IllegalMove(f"players: {players}; two or more, each named once")
        self.rules, self.players = rules, list(players)
        self.banked = {name: 0 for name in players}
        self.farkles_in_row = {name: 0 for name in players}
        self.turns: list[TurnState] = []
        self.last_turns: set[str] | None = None     # in a final round, who still has their last turn
        self.over = False

    @property
    def turn(self) -> TurnState | None:
        return self.turns[-1] if self.turns else None

    def start(self, player: str) -> None:
        if self.over:
            raise IllegalMove(f"turn of {player!r}: the game is over")
        if self.turn is not None and self.turn.end is None:
            raise IllegalMove(f"turn of {player!r}: {self.turn.player}'s turn has not ended")
        due = self.players[len(self.turns) % len(self.players)]
        if player != due:
            raise IllegalMove(f"turn of {player!r}: it is {due}'s turn")
        self.turns.append(TurnState(player, self.rules.facts.dice, banked_before=self.banked[player]))

    def roll(self, dice: list[int]) -> None:
        turn = self._going("roll")
        if turn.showing is not None:
            raise IllegalMove(f"{turn.player} rolls again before setting aside from {turn.showing}")
        if len(dice) != turn.in_hand or any(type(d) is not int or not 1 <= d <= 6 for d in dice):
            raise IllegalMove(f"{turn.player} rolls {dice}: {turn.in_hand} dice in hand, each showing 1 to 6")
        turn.rolls.append(list(dice))

    def set_aside(self, dice: list[int]) -> None:
        turn = self._going("set aside")
        showing = turn.showing
        if showing is None:
            raise IllegalMove(f"{turn.player} sets aside {dice} without a roll to take them from")
        if not dice or collections.Counter(dice) - collections.Counter(showing):
            raise IllegalMove(f"{turn.player} sets aside {dice}, not dice of the roll {showing}")
        points = self.rules.score(list(dice))
        if points is None:
            raise IllegalMove(f"{turn.player} sets aside {dice}: some of these dice score nothing")
        turn.set_asides.append(list(dice))
        turn.points += points
        turn.in_hand -= len(dice)
        if turn.in_hand == 0:               # hot dice: all six back in hand
            turn.in_hand = self.rules.facts.dice

    def bank(self) -> None:
        turn = self._going("bank")
        if turn.showing is not None or not turn.set_asides:
            raise IllegalMove(f"{turn.player} banks without setting aside from the last roll")
        if not self.rules.may_bank(self.banked[turn.player], turn.points):
            raise IllegalMove(f"{turn.player} banks {turn.points}: a bank needs "
                              f"{self.rules.bank_needs(self.banked[turn.player])} in one turn here")
        self.banked[turn.player] += turn.points
        self.farkles_in_row[turn.player] = 0
        turn.end = "bank"
        self._after_turn(turn, reached=self.rules.passes_the_end(self.banked[turn.player]))

    def farkle(self) -> None:
        """The roll showing scores nothing: the turn's points are lost (a third farkle in a row costs more where the
        table says so)."""
        turn = self._going("end on a farkle")
        if turn.showing is None or self.rules.best_score(turn.showing) != 0:
            raise IllegalMove(f"{turn.player} farkles, but the roll {turn.showing} scores")
        self.farkles_in_row[turn.player] += 1
        penalty = self.rules.farkle_penalty(self.farkles_in_row[turn.player])
        if penalty:
            self.banked[turn.player] -= penalty
            self.farkles_in_row[turn.player] = 0
        turn.end = "farkle"
        self._after_turn(turn, reached=False)

    def _going(self, move: str) -> TurnState:
        turn = self.turn
        if turn is None or turn.end is not None or self.over:
            raise IllegalMove(f"{move}: no turn is going")
        return turn

    def _after_turn(self, turn: TurnState, reached: bool) -> None:
        """The end: at once, or after everyone else's last turn where the table plays a final round."""
        if self.last_turns is not None:
            self.last_turns.discard(turn.player)
            self.over = not self.last_turns
        elif reached:
            if self.rules.facts.final_round:
                self.last_turns = set(self.players) - {turn.player}
            else:
                self.over = True

    def moment(self) -> str:
        """"rolled" (a roll showing), "set aside" (after a set-aside, before rolling on or banking), "ended" (the
        latest turn is over), "start" (no turn yet), "over"."""
        if self.over:
            return "over"
        turn = self.turn
        if turn is None:
            return "start"
        if turn.end:
            return "ended"
        return "rolled" if turn.showing is not None else "set aside"


def replay(rules: FarkleRules, record: dict[str, Any]) -> Match:
    """The state a record reaches, every move checked; IllegalMove naming the first one that breaks a rule."""
    game = Match(rules, list(record["players"]))
    for index, turn in enumerate(record.get("turns", [])):
        rolls, set_asides, end = turn.get("rolls", []), turn.get("set_asides", []), turn.get("end")
        if index < len(record["turns"]) - 1 and end is None:
            raise IllegalMove(f"turns[{index}]: only the last turn of a record may stop before its end")
        game.start(turn["player"])
        for number, dice in enumerate(rolls):
            game.roll(dice)
            if number < len(set_asides):
                game.set_aside(set_asides[number])
        if len(set_asides) > len(rolls):
            raise IllegalMove(f"turns[{index}]: {len(set_asides)} set-asides from {len(rolls)} rolls")
        if end == "bank":
            game.bank()
        elif end == "farkle":
            game.farkle()
        elif end is not None:
            raise IllegalMove(f"turns[{index}].end: {end!r}; a turn ends with a bank or a farkle")
    return game
