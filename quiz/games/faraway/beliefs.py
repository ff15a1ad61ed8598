"""The wrong beliefs about Faraway that its easy-to-forget entries name, as code: each answers a rule's givens the way a
player holding it would. With them, FarawayRules (and legality.py's checks) is the full checker the quiz verifies
against."""
from __future__ import annotations

from quiz.checker import belief
from quiz.games.faraway.components import WONDERS
from quiz.games.faraway.givens import count_of
from quiz.games.faraway.legality import FarawayLegality


class Faraway(FarawayLegality):
    """Faraway's rules with the wrong beliefs players hold about them."""

    @belief("sanctuary-previous-only", distorts="finds_sanctuary_in_row")
    def _beats_every_earlier_region(self, row: list[int]) -> bool:
        """The new number must beat every Region played before, not only the last one."""
        row = self._row(row, "row")
        return len(row) > 1 and row[-1] > max(row[:-1])

    @belief("sanctuary-previous-only", distorts="finds_sanctuary_in_row", name="beats-any-earlier")
    def _beats_any_earlier_region(self, row: list[int]) -> bool:
        """Beating any earlier Region of yours finds a Sanctuary."""
        row = self._row(row, "row")
        return len(row) > 1 and row[-1] > min(row[:-1])

    @belief("no-sanctuary-round-one", distorts="finds_sanctuary_in_row", name="round-one-beats-nothing")
    def _round_one_finds_one(self, row: list[int]) -> bool:
        """In round 1 there is nothing before to beat, so any number finds a Sanctuary."""
        row = self._row(row, "row")
        return len(row) == 1 or row[-1] > row[-2]

    @belief("no-sanctuary-round-one", distorts="sanctuaries_found", name="round-one-beats-nothing")
    def _round_one_found_one_too(self, row: list[int]) -> int:
        """In round 1 there is nothing before to beat, so any number finds a Sanctuary."""
        return self.sanctuaries_found(row) + 1

    @belief("pick-order", distorts="pick_order")
    def _clockwise(self, played: dict[str, int]) -> list[str]:
        """Players take from the centre clockwise, in the order they sit."""
        self.pick_order(played)
        return list(played)

    @belief("pick-order", distorts="pick_order", name="highest-first")
    def _highest_first(self, played: dict[str, int]) -> list[str]:
        """The highest number takes first."""
        return list(reversed(self.pick_order(played)))

    @belief("scoring-visibility", distorts="score")
    def _every_region_sees_everything(self, tableau: dict) -> dict:
        """At scoring every Region sees the whole tableau."""
        return self._scored(self.validate_tableau(tableau), lambda t, i: self._everything(t), self._everything)

    @belief("scoring-visibility", distorts="score", name="left-to-right")
    def _scored_left_to_right(self, tableau: dict) -> dict:
        """Regions are revealed from left to right: each sees itself, the Regions to its left and the Sanctuaries."""
        return self._scored(self.validate_tableau(tableau),
                            lambda t, i: t["regions"][:i + 1] + t["sanctuaries"], self._everything)

    @belief("sanctuaries-count-for-all", distorts="score", name="sanctuaries-only-for-themselves")
    def _sanctuaries_not_seen_by_regions(self, tableau: dict) -> dict:
        """Sanctuaries count only for their own tasks: a Region's quest sees the Regions only."""
        return self._scored(self.validate_tableau(tableau), lambda t, i: t["regions"][i:], self._everything)

    @belief("requirements-not-consumed", distorts="score")
    def _symbols_used_up(self, tableau: dict) -> dict:
        """A symbol that met a requirement is used up: later requirements can no longer count it."""
        used = {wonder: 0 for wonder in WONDERS}

        def met(index: int, requires: dict, cards: list[dict]) -> bool:
            if not all(self.wonder_count(cards, w) - used[w] >= n for w, n in requires.items()):
                return False
            for wonder, needed in requires.items():
                used[wonder] += needed
            return True
        return self._scored(self.validate_tableau(tableau), self.visible_for_region, self._everything, met)

    @belief("requirements-not-consumed", distorts="score", name="one-symbol-enough")
    def _one_symbol_enough(self, tableau: dict) -> dict:
        """One of the symbols a requirement shows is enough to meet it."""
        return self._scored(self.validate_tableau(tableau), self.visible_for_region, self._everything,
                            lambda index, requires, cards: any(self.wonder_count(cards, w) >= n
                                                               for w, n in requires.items() if n))

    @belief("sanctuaries-score-last", distorts="score", name="sanctuaries-scored-first")
    def _sanctuaries_scored_first(self, tableau: dict) -> dict:
        """Sanctuaries are scored first, while every Region still lies face down."""
        return self._scored(self.validate_tableau(tableau), self.visible_for_region, lambda t: t["sanctuaries"])

    @belief("tie-break", distorts="win_shared")
    def _equal_fame_shares_the_win(self, players: dict[str, dict]) -> dict:
        """Players with equal fame share the win."""
        found = self.win_shared(players)
        fames = sorted(found["fame"].values(), reverse=True)
        return {**found, "shared": len(fames) > 1 and fames[0] == fames[1]}

    @belief("tie-break", distorts="winner", name="highest-number-breaks-ties")
    def _highest_number_breaks_ties(self, players: dict[str, dict]) -> dict:
        """On a tie, whoever has the highest Region number wins."""
        return self._standing(players, self.final_fame(players), lambda numbers: -max(numbers))

    @belief("tie-break", distorts="winner", name="lowest-number-wins")
    def _lowest_number_always_wins(self, players: dict[str, dict]) -> dict:
        """The lowest Region number wins, tie or not."""
        fame = self.final_fame(players)
        return self._standing(players, {name: 0 for name in fame}, min) | {"fame": fame}

    @belief("clues-count-all", distorts="sanctuary_draws_for")
    def _new_region_clues_wait(self, tableau: dict) -> int:
        """The clues of the Region just played do not count yet for this round's draw."""
        if not self.sanctuary_draws_for(tableau):
            return 0
        faces = self.validate_tableau(tableau)
        return self.sanctuary_draws(sum(card["clues"] for card in faces["regions"][:-1] + faces["sanctuaries"]))

    @belief("clues-count-all", distorts="sanctuary_draws_for", name="sanctuary-clues-ignored")
    def _sanctuary_clues_ignored(self, tableau: dict) -> int:
        """Only clues on Regions count for the draw, not those on Sanctuaries."""
        if not self.sanctuary_draws_for(tableau):
            return 0
        return self.sanctuary_draws(sum(card["clues"] for card in self.validate_tableau(tableau)["regions"]))

    @belief("no-sanctuary-round-one", distorts="sanctuary_draws_for", name="round-one-beats-nothing")
    def _round_one_draws(self, tableau: dict) -> int:
        """In round 1 there is nothing before to beat, so any number finds a Sanctuary."""
        if len(self.validate_tableau(tableau)["regions"]) > 1:
            return self.sanctuary_draws_for(tableau)
        return self.sanctuary_draws(self.clues_in_tableau(tableau))

    @belief("keep-one-sanctuary", distorts="sanctuaries_placed")
    def _place_every_one_drawn(self, drawn: int) -> int:
        """Every Sanctuary drawn goes into the tableau."""
        return count_of(drawn, "drawn")

    @belief("keep-one-sanctuary", distorts="sanctuaries_returned")
    def _return_none(self, drawn: int) -> int:
        """Every Sanctuary drawn goes into the tableau."""
        count_of(drawn, "drawn")
        return 0

    @belief("keep-one-sanctuary", distorts="sanctuaries_at_end")
    def _every_drawn_one_kept(self, row: list[dict]) -> int:
        """Every Sanctuary drawn goes into the tableau (here none of them shows a clue)."""
        regions, kept = self._regions(row), 0
        for i in range(1, len(regions)):
            if regions[i]["number"] > regions[i - 1]["number"]:
                kept += self.sanctuary_draws(sum(r["clues"] for r in regions[:i + 1]))
        return kept

    @belief("last-round", distorts="takes_from_center", name="takes-in-last-round")
    def _always_takes(self, round_number: int) -> bool:
        """Everyone takes a Region from the centre in every round, the last one too."""
        self._round(round_number)
        return True

    @belief("last-round", distorts="places_sanctuary", name="no-sanctuary-in-last-round")
    def _no_sanctuary_without_a_take(self, round_number: int, previous: int, new: int) -> bool:
        """Nobody takes a Region in the last round, so nobody places a Sanctuary either."""
        return self.places_sanctuary(round_number, previous, new) and round_number != self.facts.rounds

    @belief("last-round", distorts="center_at_round_end", name="takes-in-last-round")
    def _centre_emptied_in_last_round(self, players: int, round_number: int) -> int:
        """Everyone takes a Region from the centre in every round, the last one too."""
        self.center_at_round_end(players, round_number)
        return self.center_left(players, players)

    @belief("center-refill", distorts="center_left")
    def _refilled_after_each_take(self, players: int, taken: int) -> int:
        """A new Region is laid out after every card taken, so the centre stays full."""
        self.center_left(players, taken)
        return self.center_size(players)

    @belief("scoring-visibility", distorts="first_scored", name="left-to-right")
    def _first_played_scored_first(self, played: list[int]) -> int:
        """Regions are revealed from left to right: each sees itself, the Regions to its left and the Sanctuaries."""
        return self._row(played)[0]

    @belief("scoring-visibility", distorts="sees_everything", name="left-to-right")
    def _last_played_sees_everything(self, played: list[int]) -> int:
        """Regions are revealed from left to right: each sees itself, the Regions to its left and the Sanctuaries."""
        return self._row(played)[-1]

    @belief("order-visible", distorts="play_order", name="rows-snake-back")
    def _rows_snake_back(self, rows: list[list[int]]) -> list[int]:
        """The second row runs back from right to left, under the end of the first, like a snake."""
        return self._snake(rows)

    @belief("order-visible", distorts="scoring_order", name="rows-snake-back")
    def _snake_scored_backwards(self, rows: list[list[int]]) -> list[int]:
        """The second row runs back from right to left, under the end of the first, like a snake."""
        return list(reversed(self._snake(rows)))

    @belief("short-deck", distorts="short_deck_draws", name="returned-after-everyone")
    def _returned_after_everyone(self, pile: int, players: dict[str, dict], round_number: int,
                                 seated: int) -> dict[str, int]:
        """Everyone draws before anyone returns a card: the later drawers share what the earlier ones left."""
        self.short_deck_draws(pile, players, round_number, seated)
        drawn = {}
        for name in sorted(players, key=lambda n: players[n]["number"]):
            drawn[name] = min(players[name]["wants"], pile)
            pile -= drawn[name]
        return drawn
