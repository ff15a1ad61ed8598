"""Pips, a synthetic game for the machinery's tests: every section kind and answer kind, no real game's content.
Roll some dice with few faces; your total is every pip; the higher total wins; the most points leads; the highest
roll goes first. It is a rules checker like any other, and tests/test_drop_in_game.py builds the site with it added.
Its engine: each round every player rolls (all dice, or fewer to try a total), and whoever rolls the higher total wins
the round and scores that total as points (a tie scores nothing); a game record replays round by round
(PipsWitnesses)."""
from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction
from typing import Any, Iterator

from quiz.checker import Facts, IllegalState, MalformedInput, Rules, belief, rule
from quiz.presentation import DICE_CALCULATOR, Presentation
from quiz.witnesses import Witnesses


@dataclasses.dataclass(frozen=True)
class PipsFacts(Facts):
    dice: int
    faces: int
    rounds: int
    players_min: int
    players_max: int


class Pips(Rules):
    """The rules of Pips, with the wrong beliefs players hold (one module: a fixture needs no more)."""

    FACTS = PipsFacts

    WITHOUT_BELIEF = {"leader-by-points": "the fixture's one rule without a wrong belief: "
                                          "its questions stay as they are"}

    def _roll(self, roll, what: str = "roll") -> list[int]:
        if not isinstance(roll, list) or not 1 <= len(roll) <= self.facts.dice:
            raise MalformedInput(f"{what}: expected a list of 1 to {self.facts.dice} dice")
        for i, face in enumerate(roll):
            if type(face) is not int or not 1 <= face <= self.facts.faces:
                raise MalformedInput(f"{what}[{i}]: {face!r} is not a face 1–{self.facts.faces}")
        return roll

    def _totals(self, totals, what: str) -> dict[str, int]:
        if not isinstance(totals, dict) or not 2 <= len(totals) <= self.facts.players_max:
            raise MalformedInput(f"{what}: expected 2 to {self.facts.players_max} players and their numbers")
        for name, value in totals.items():
            if type(value) is not int or value < 0:
                raise MalformedInput(f"{what}[{name!r}]: {value!r} is not a whole number")
        return totals

    @rule
    def roll_total(self, roll: list[int]) -> int:
        """A roll counts every pip of every die."""
        return sum(self._roll(roll))

    @belief("count-every-die", distorts="roll_total")
    def _highest_die_only(self, roll: list[int]) -> int:
        """Only the highest die counts."""
        return max(self._roll(roll))

    @rule
    def wins_round(self, mine: int, theirs: int) -> bool:
        """The higher total wins the round; a tie wins nothing."""
        for name, value in (("mine", mine), ("theirs", theirs)):
            if type(value) is not int or value < 0:
                raise MalformedInput(f"{name}: {value!r} is not a total")
        return mine > theirs

    @belief("higher-wins", distorts="wins_round")
    def _tie_shares(self, mine: int, theirs: int) -> bool:
        """A tie shares the round: both win it."""
        return self.wins_round(mine, theirs) or mine == theirs

    @belief("higher-wins", distorts="wins_round", name="lower-wins")
    def _lower_wins(self, mine: int, theirs: int) -> bool:
        """The lower total wins."""
        self.wins_round(mine, theirs)
        return mine < theirs

    @rule
    def leader(self, players: dict[str, int]) -> str:
        """Whoever has the most points leads."""
        players = self._totals(players, "players")
        return max(players, key=players.get)

    @rule
    def turn_order(self, played: dict[str, int]) -> list[str]:
        """The highest roll goes first, then falling."""
        played = self._totals(played, "played")
        return sorted(played, key=played.get, reverse=True)

    @belief("highest-goes-first", distorts="turn_order")
    def _clockwise(self, played: dict[str, int]) -> list[str]:
        """Play goes clockwise, in the order the players sit."""
        return list(self._totals(played, "played"))

    def _illegal_wins_round(self, mine, theirs) -> Iterator[str]:
        self.wins_round(mine, theirs)
        dice, faces = self.facts.dice, self.facts.faces
        for name, value in (("mine", mine), ("theirs", theirs)):
            if not dice <= value <= dice * faces:
                yield f"{name}: {value}; {dice} dice make {dice} to {dice * faces}"

    def _illegal_leader(self, players) -> Iterator[str]:
        values = list(self._totals(players, "players").values())
        if values.count(max(values)) > 1:
            yield "players: two lead with the same points; the rules name no tie-break"

    def _illegal_turn_order(self, played) -> Iterator[str]:
        values = list(self._totals(played, "played").values())
        if len(set(values)) != len(values):
            yield "played: two equal rolls; the rules name no tie-break"
        dice, faces = self.facts.dice, self.facts.faces
        for name, value in played.items():
            if not dice <= value <= dice * faces:
                yield f"played[{name!r}]: {value}; {dice} dice make {dice} to {dice * faces}"


class PipsPresentation(Presentation):
    rules: Pips
    tool_sections = frozenset({"calculator"})      # its dice calculator's words are the same at every table
    tool_placeholders = DICE_CALCULATOR

    def rolls(self, n: int):
        return itertools.product(range(1, self.rules.facts.faces + 1), repeat=n)

    def computed_tables(self) -> dict[str, dict]:
        rows, faces = [], self.rules.facts.faces
        for n in range(1, self.rules.facts.dice + 1):
            rolls = list(self.rolls(n))
            rows.append({"dice": n, "top": Fraction(sum(sum(r) == n * faces for r in rolls), len(rolls)),
                         "expected": Fraction(sum(map(sum, rolls)), len(rolls))})
        return {"chances": {"columns": ["dice", "top", "expected"], "chart": "top", "rows": rows}}

    def calculators(self) -> dict[str, dict]:
        return {"total-of-a-roll": {"table": "totals.json", "faces": self.rules.facts.faces,
                                    "dice": self.rules.facts.dice}}

    def data_files(self) -> dict[str, Any]:
        table = {}
        for n in range(1, self.rules.facts.dice + 1):
            for roll in itertools.combinations_with_replacement(range(1, self.rules.facts.faces + 1), n):
                table["".join(map(str, roll))] = [sum(roll), "".join(map(str, roll)), 1]
        return {"totals.json": table}

    def derived_facts(self) -> dict[str, Any]:
        return {"top_total": self.rules.facts.dice * self.rules.facts.faces}


def replay(rules: Pips, record: dict) -> dict:
    """A Pips record ({"players": [...], "rounds": [{name: dice rolled}, ...]}) replayed: each round's totals and every
    player's points; IllegalState for a roll no die makes or a round too many."""
    facts, players = rules.facts, list(record["players"])
    if not facts.players_min <= len(players) <= facts.players_max:
        raise IllegalState(f"players: {len(players)}; Pips is for {facts.players_min}-{facts.players_max}")
    points = {name: 0 for name in players}
    if len(record["rounds"]) > facts.rounds:
        raise IllegalState(f"rounds: {len(record['rounds'])}; the game has {facts.rounds}")
    totals: dict = {}
    for number, rolled in enumerate(record["rounds"]):
        if set(rolled) != set(players):
            raise IllegalState(f"rounds[{number}]: every player rolls, and only players")
        for name, roll in rolled.items():
            if not 1 <= len(roll) <= facts.dice or any(not 1 <= die <= facts.faces for die in roll):
                raise IllegalState(f"rounds[{number}][{name!r}]: {roll} is no roll of {facts.dice} dice "
                                   f"1-{facts.faces}")
        totals = {name: sum(roll) for name, roll in rolled.items()}
        best = max(totals.values())
        if list(totals.values()).count(best) == 1:
            points[max(totals, key=totals.get)] += best
    last = record["rounds"][-1] if record["rounds"] else {}
    return {"last": last, "totals": totals, "points": points}


class PipsWitnesses(Witnesses):
    """A record per question: the rolls of the rounds that give its totals or points."""

    REPLAY = replay

    def dice_for(self, total: int) -> list[int] | None:
        """All dice, showing `total` (as even as can be); None outside what they can show."""
        dice, faces = self.facts.dice, self.facts.faces
        if not dice <= total <= dice * faces:
            return None
        share, left = divmod(total, dice)
        return [share + (i < left) for i in range(dice)]

    def _build_roll_total(self, roll):
        yield {"players": ["Ana", "Bruno"], "rounds": [{"Ana": list(roll), "Bruno": [1]}]}

    def _read_roll_total(self, state, record):
        return {"roll": state["last"]["Ana"]}

    def _build_wins_round(self, mine, theirs):
        mine_dice, their_dice = self.dice_for(mine), self.dice_for(theirs)
        if mine_dice and their_dice:
            yield {"players": ["you", "Bruno"], "rounds": [{"you": mine_dice, "Bruno": their_dice}]}

    def _read_wins_round(self, state, record):
        return {"mine": state["totals"]["you"], "theirs": state["totals"]["Bruno"]}

    def _build_turn_order(self, played):
        rolled = {name: self.dice_for(total) for name, total in played.items()}
        if all(rolled.values()):
            yield {"players": list(played), "rounds": [rolled]}

    def _read_turn_order(self, state, record):
        return {"played": state["totals"]}

    def _build_leader(self, players):
        """Each player's points as rounds they win, each with a total of the highest dice can show or what is left
        (at least 2); the others roll one die showing 1 in those rounds. One point alone is no round won."""
        highest, faces = self.facts.dice * self.facts.faces, self.facts.faces
        rounds = []
        for name, points in players.items():
            while points:
                won = min(points, highest)
                if points - won == 1:           # leave 2, not 1: a round won scores at least 2
                    won -= 1
                if won < 2:
                    return
                dice = [faces] * (won // faces) + ([won % faces] if won % faces else [])
                rounds.append({other: dice if other == name else [1] for other in players})
                points -= won
        yield {"players": list(players), "rounds": rounds}

    def _read_leader(self, state, record):
        return {"players": state["points"]}


CHECKER, PRESENTATION, WITNESSES = Pips, PipsPresentation, PipsWitnesses
