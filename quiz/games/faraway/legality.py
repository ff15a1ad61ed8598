"""What no game of Faraway can reach, rule by rule (`_illegal_<rule>`, quiz/checker.py): a Region number twice, a row
that could not have found the Sanctuaries it shows, a draw bigger than the pile. The checker asks it before a rule
answers; the engine's replay (engine.py) is the other judge, for the questions a witness reaches."""
from __future__ import annotations

from typing import Iterator

from quiz.games.faraway.givens import duplicates, rising_steps
from quiz.games.faraway.rules import FarawayRules


class FarawayLegality(FarawayRules):
    """Faraway's rules with, for each rule a question asks, what no game reaches."""

    def _illegal_finds_sanctuary(self, previous, new) -> Iterator[str]:
        self.finds_sanctuary(previous, new)
        if previous == new:
            yield f"previous and new are both Region {new}; each number exists once"

    def _illegal_finds_sanctuary_in_row(self, row) -> Iterator[str]:
        yield from self._distinct(self._row(row, "row"), "row")

    def _illegal_sanctuaries_found(self, row) -> Iterator[str]:
        yield from self._distinct(self._row(row, "row"), "row")

    def _illegal_pick_order(self, played) -> Iterator[str]:
        self.pick_order(played)
        yield from self._distinct(list(played.values()), "played")

    def _unreachable_row(self, tableau) -> Iterator[str]:
        """A tableau during a round: its last Region just played, one Sanctuary placed for every earlier rise."""
        tableau = self.validate_tableau(tableau)
        numbers = [region["number"] for region in tableau["regions"]]
        yield from self._distinct(numbers, "regions")
        expected = rising_steps(numbers[:-1])
        if len(tableau["sanctuaries"]) != expected:
            yield (f"sanctuaries: {len(tableau['sanctuaries'])} Sanctuaries before this round, but the earlier Regions "
                   f"{numbers[:-1]} beat their predecessor {expected} time(s): one Sanctuary is placed per such round")

    _illegal_clues_in_tableau = _unreachable_row

    _illegal_sanctuary_draws_for = _unreachable_row

    def _illegal_score(self, tableau) -> Iterator[str]:
        """Scoring happens once, after the last round: every Region played, every Sanctuary found placed."""
        tableau = self.validate_tableau(tableau)
        numbers = [region["number"] for region in tableau["regions"]]
        yield from self._distinct(numbers, "regions")
        if len(numbers) != self.facts.rounds:
            yield (f"regions: {len(numbers)} Regions at scoring; after {self.facts.rounds} rounds everyone has "
                   f"{self.facts.rounds}")
        expected = rising_steps(numbers)
        if len(tableau["sanctuaries"]) != expected:
            yield (f"sanctuaries: {len(tableau['sanctuaries'])} Sanctuaries, but the row {numbers} beats its "
                   f"predecessor {expected} time(s): one Sanctuary is placed per such round")

    def _illegal_winner(self, players) -> Iterator[str]:
        """At the end: everyone has all eight Regions, no number twice at the table, one Sanctuary per rise."""
        self.final_fame(players)
        yield from self._distinct([n for player in players.values() for n in player["numbers"]], "players")
        for name, player in players.items():
            numbers = player["numbers"]
            if len(numbers) != self.facts.rounds:
                yield f"players[{name!r}].numbers: {len(numbers)} Regions; at the end everyone has {self.facts.rounds}"
            kept = len(player.get("sanctuaries") or [])
            if kept != rising_steps(numbers):
                yield (f"players[{name!r}]: {kept} Sanctuaries, but the row {numbers} beats its predecessor "
                       f"{rising_steps(numbers)} time(s): one Sanctuary is placed per such round")
        ids = [s for player in players.values() for s in player.get("sanctuaries") or []]
        for twice in duplicates(ids):
            yield f"players: the Sanctuary {twice!r} twice; each card exists once"

    _illegal_win_shared = _illegal_winner

    def _illegal_sanctuaries_at_end(self, row) -> Iterator[str]:
        numbers = [region["number"] for region in self._regions(row)]
        yield from self._distinct(numbers, "row")
        if len(numbers) != self.facts.rounds:
            yield f"row: {len(numbers)} Regions; the game ends after {self.facts.rounds}"

    def _illegal_places_sanctuary(self, round_number, previous, new) -> Iterator[str]:
        self.places_sanctuary(round_number, previous, new)
        if previous == new:
            yield f"previous and new are both Region {new}; each number exists once"

    def _illegal_center_left(self, players, taken) -> Iterator[str]:
        self.center_left(players, taken)
        return iter(())

    def _illegal_center_at_round_end(self, players, round_number) -> Iterator[str]:
        self.center_at_round_end(players, round_number)
        last = self.rounds_the_regions_last(players)
        if round_number > last:
            yield (f"round_number: {round_number}; with {players} players the {self.facts.regions} Regions fill the "
                   f"centre for {last} rounds only ({self.facts.hand} dealt to each, {self.center_size(players)} "
                   f"revealed each round)")

    def _illegal_first_scored(self, played) -> Iterator[str]:
        yield from self._distinct(self._row(played), "played")

    _illegal_sees_everything = _illegal_first_scored

    def _illegal_play_order(self, rows) -> Iterator[str]:
        yield from self._distinct(self._rows(rows), "rows")

    def _illegal_scoring_order(self, rows) -> Iterator[str]:
        numbers = self._rows(rows)
        yield from self._distinct(numbers, "rows")
        if len(numbers) != self.facts.rounds:
            yield (f"rows: {len(numbers)} Regions at scoring; after {self.facts.rounds} rounds everyone has "
                   f"{self.facts.rounds}")

    def _illegal_short_deck_draws(self, pile, players, round_number, seated) -> Iterator[str]:
        """The drawers are everyone who finds Sanctuaries this round. Unkept Sanctuaries go back under the pile, so it
        loses only the ones placed: at most one per player in each earlier round that can find one (from round 2), and
        the round is one the players' Regions last for."""
        self.short_deck_draws(pile, players, round_number, seated)
        yield from self._distinct([p["number"] for p in players.values()], "players")
        if round_number <= self.facts.no_sanctuary_round:
            yield f"round_number: {round_number}; nobody finds a Sanctuary in round {self.facts.no_sanctuary_round}"
        if round_number > self.rounds_the_regions_last(seated):
            yield (f"round_number: {round_number}; with {seated} players the Regions last for "
                   f"{self.rounds_the_regions_last(seated)} rounds")
        placed = seated * (round_number - 1 - self.facts.no_sanctuary_round)
        lowest = self.facts.sanctuaries - placed
        if not lowest <= pile <= self.facts.sanctuaries:
            yield (f"pile: {pile} Sanctuaries; of {self.facts.sanctuaries}, {seated} players place at most one each in "
                   f"rounds {self.facts.no_sanctuary_round + 1} to {round_number - 1}, so at least {lowest} are left")
        for name, player in players.items():
            if player["wants"] < self.facts.sanctuary_base_draw:
                yield (f"players[{name!r}].wants: {player['wants']}; a player who finds one draws at least "
                       f"{self.facts.sanctuary_base_draw}")
