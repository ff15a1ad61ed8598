"""Faraway's rules: one small rule per method, and what no game can reach, bound to one table's facts (FarawayFacts).
Nothing here is worded: the words and pictures of cards are in presentation.py."""
from __future__ import annotations


from quiz.checker import IllegalState, MalformedInput, rule
from quiz.games.faraway.givens import count_of, duplicates, mapping, rising_steps, unknown_keys
from quiz.games.faraway.scoring import FarawayScoring


class FarawayRules(FarawayScoring):
    """The rules of Faraway (seed 000, the German KOSMOS refresher; seed 001, the French rules)."""

    @rule
    def center_size(self, players: int) -> int:
        """The centre holds one Region more than there are players (KOSMOS p. 3, 9)."""
        return self._players(players) + self.facts.center_extra

    def rounds_the_regions_last(self, players: int) -> int:
        """How many rounds the Regions fill the centre for: each player is dealt a hand, and each round's centre is
        players + 1 new Regions (seed 001: set-up, and the end of every round but the last). Six run out before
        round 8."""
        return min(self.facts.rounds,
                   (self.facts.regions - self.facts.hand * self._players(players)) // self.center_size(players))

    @rule
    def finds_sanctuary(self, previous: int | None, new: int) -> bool:
        """A Sanctuary is found when the new number beats the Region played directly before; never in round 1 (p. 8)."""
        self._number(new, "new")
        if previous is None:
            return False
        return new > self._number(previous, "previous")

    @rule
    def finds_sanctuary_in_row(self, row: list[int]) -> bool:
        """The same rule for a row so far, its last Region just played: round 1 (one Region) never finds one (p. 8)."""
        row = self._row(row, "row")
        return len(row) > 1 and self.finds_sanctuary(row[-2], row[-1])

    @rule
    def sanctuaries_found(self, row: list[int]) -> int:
        """How many rounds of a row so far found a Sanctuary, each round's Region against the one before it (p. 8)."""
        row = self._row(row, "row")
        return sum(self.finds_sanctuary_in_row(row[:end]) for end in range(1, len(row) + 1))

    @rule
    def sanctuary_draws(self, clues: int) -> int:
        """Draw 1 Sanctuary plus 1 per clue in the whole tableau, the new Region included (p. 8)."""
        return self.facts.sanctuary_base_draw + count_of(clues, "clues")

    @rule
    def pick_order(self, played: dict[str, int]) -> list[str]:
        """Players take from the centre by the number they played this round, lowest first (p. 9)."""
        played = mapping(played, "played")
        self._players(len(played))
        for name, number in played.items():
            self._number(number, f"played[{name!r}]")
        return sorted(played, key=lambda name: played[name])

    @rule
    def score(self, tableau: dict) -> dict:
        """Score a tableau: Regions right to left against what they see, then Sanctuaries against everything (p. 10).
        Besides the fame, `met` says for each Region with a requirement whether it saw every symbol the requirement
        shows, and `sight` what it needed, saw, and had to its left."""
        return self._scored(self.validate_tableau(tableau), self.visible_for_region, self._everything)

    def score_sheet(self, regions: list, sanctuaries: list) -> dict:
        """A player's cards scored as the score sheet scores them (8 Regions in play order, or fewer for a look
        mid-game): {total, regions: [fame, … left to right], sanctuaries: [fame, …]}. MalformedInput for a card the
        base game lacks or more Regions than rounds; IllegalState for what no game shows: a card twice, more
        Sanctuaries than the rises of the row found."""
        tableau = {"regions": list(regions), "sanctuaries": list(sanctuaries)}
        faces = self.validate_tableau(tableau)
        numbers = [region["number"] for region in faces["regions"]]
        for why in self._distinct(numbers, "regions"):
            raise IllegalState(why)
        twice = duplicates([sanctuary["id"] for sanctuary in faces["sanctuaries"]])
        if twice:
            raise IllegalState(f"sanctuaries: {twice[0]!r} appears twice; each card exists once")
        if len(sanctuaries) > rising_steps(numbers):
            raise IllegalState(f"sanctuaries: {len(sanctuaries)}, but the row {numbers} beats the Region before "
                               f"{rising_steps(numbers)} time(s): one Sanctuary is placed per such round")
        scored = self.score(tableau)
        return {"total": scored["total"], "regions": scored["regions"], "sanctuaries": scored["sanctuaries"]}

    def final_fame(self, players) -> dict[str, int]:
        """Each player's fame at the end, their real cards scored: {name: total}. A player is {numbers: the Regions in
        play order, sanctuaries: ids (none where the row never rose)}."""
        players = mapping(players, "players")
        self._players(len(players))
        fame = {}
        for name, player in players.items():
            where = f"players[{name!r}]"
            unknown_keys(mapping(player, where), {"numbers", "sanctuaries"}, where)
            numbers = player.get("numbers")
            if not isinstance(numbers, list) or not numbers:
                raise MalformedInput(f"{where}.numbers: expected a list of Region numbers")
            tableau = {"regions": numbers, "sanctuaries": player.get("sanctuaries") or []}
            faces = self.validate_tableau(tableau)
            fame[name] = self._scored(faces, self.visible_for_region, self._everything)["total"]
        return fame

    def _standing(self, players: dict, fame: dict[str, int], tie_break) -> dict:
        """The winner by fame, ties broken by `tie_break(name)` (lowest first), with every player's fame."""
        numbers = {name: [self.region_card(n, name).key for n in player["numbers"]] for name, player in players.items()}
        return {"winner": min(players, key=lambda name: (-fame[name], tie_break(numbers[name]))), "fame": fame}

    @rule
    def winner(self, players: dict[str, dict]) -> dict:
        """Most fame wins; on a tie, the lowest single Region number among the tied players (p. 10). `winner`: who
        wins; `fame`: what each player's cards score."""
        return self._standing(players, self.final_fame(players), min)

    @rule
    def win_shared(self, players: dict[str, dict]) -> dict:
        """A tie on fame still has one winner: no two Regions share a number, so the lowest among the tied players'
        Regions names one (p. 10). `shared`: whether the win is shared; `winner`: who wins; `fame`: each one's."""
        return {"shared": False, **self.winner(players)}

    @rule
    def clues_in_tableau(self, tableau: dict) -> int:
        """Every clue in the tableau counts: on Regions and Sanctuaries, the Region just played included (p. 8)."""
        tableau = self.validate_tableau(tableau)
        return sum(card["clues"] for card in tableau["regions"] + tableau["sanctuaries"])

    @rule
    def sanctuary_draws_for(self, tableau: dict) -> int:
        """How many Sanctuaries you draw this round, the rightmost Region being the one just played: none unless it
        beats the Region before it (p. 8)."""
        numbers = [region["number"] for region in self.validate_tableau(tableau)["regions"]]
        if not self.finds_sanctuary_in_row(numbers):
            return 0
        return self.sanctuary_draws(self.clues_in_tableau(tableau))

    @rule
    def sanctuaries_placed(self, drawn: int) -> int:
        """Of the Sanctuaries drawn, exactly 1 is placed; the rest go back under the pile (p. 8–9)."""
        return min(count_of(drawn, "drawn"), self.facts.sanctuary_keep)

    @rule
    def sanctuaries_returned(self, drawn: int) -> int:
        """How many of the Sanctuaries drawn go back face down under the pile: all but the one you place (p. 8–9)."""
        return count_of(drawn, "drawn") - self.sanctuaries_placed(drawn)

    @rule
    def sanctuaries_at_end(self, row: list[dict]) -> int:
        """Sanctuaries in your tableau after a row: one per round whose Region beat the one before, however many you
        drew (p. 8–9)."""
        return rising_steps([region["number"] for region in self._regions(row)])

    @rule
    def takes_from_center(self, round_number: int) -> bool:
        """Everyone takes a Region from the centre, except in the last round (p. 9)."""
        return self._round(round_number) != self.facts.rounds

    @rule
    def places_sanctuary(self, round_number: int, previous: int, new: int) -> bool:
        """A Sanctuary found is placed in every round, the last one too, though nobody takes a Region then (p. 9)."""
        self._round(round_number)
        return round_number != self.facts.no_sanctuary_round and self.finds_sanctuary(previous, new)

    @rule
    def center_at_round_end(self, players: int, round_number: int) -> int:
        """Regions in the centre once everyone has had their turn: 1, the one nobody took, except in the last round,
        where nobody takes and all players + 1 are still there (p. 9)."""
        self._round(round_number)
        return self.center_left(players, players if self.takes_from_center(round_number) else 0)

    @rule
    def center_left(self, players: int, taken: int) -> int:
        """Regions taken from the centre are not replaced during the round (p. 9)."""
        size = self.center_size(players)
        if type(taken) is not int or not 0 <= taken <= players:
            raise MalformedInput(f"taken: {taken!r}; between 0 and the {players} players may have taken")
        return size - taken

    @rule
    def first_scored(self, played: list[int]) -> int:
        """Scoring reveals the Regions right to left: the last one played is scored first (p. 10)."""
        return self._row(played)[-1]

    @rule
    def sees_everything(self, played: list[int]) -> int:
        """The first Region played, far left, is scored last and so sees every Region (p. 10)."""
        return self._row(played)[0]

    @rule
    def play_order(self, rows: list[list[int]]) -> list[int]:
        """Short of space, Regions lie in several rows read from top left to bottom right, in the order played
        (p. 7, 9)."""
        return self._rows(rows)

    @rule
    def scoring_order(self, rows: list[list[int]]) -> list[int]:
        """The order Regions are revealed at scoring: the play order backwards, last played first (p. 7, 10)."""
        return list(reversed(self._rows(rows)))

    def _snake(self, rows) -> list[int]:
        self._rows(rows)
        return [number for i, row in enumerate(rows) for number in (row if i % 2 == 0 else reversed(row))]

    @rule
    def short_deck_draws(self, pile: int, players: dict[str, dict], round_number: int, seated: int) -> dict[str, int]:
        """A short Sanctuary pile is drawn lowest number first; each places 1 and returns the rest at once (p. 9).
        The round and the players at the table change no draw; they say when the pile can be this short."""
        count_of(pile, "pile")
        self._round(round_number)
        self._players(seated, "seated")
        players = mapping(players, "players")
        if not 1 <= len(players) <= seated:
            raise MalformedInput(f"players: {len(players)} drawers; at most the {seated} players at the table")
        for name, player in players.items():
            unknown_keys(mapping(player, f"players[{name!r}]"), {"number", "wants"}, f"players[{name!r}]")
            self._number(player.get("number"), f"players[{name!r}].number")
            count_of(player.get("wants"), f"players[{name!r}].wants")
        drawn = {}
        for name in sorted(players, key=lambda n: players[n]["number"]):
            drawn[name] = min(players[name]["wants"], pile)
            pile -= self.sanctuaries_placed(drawn[name])
        return drawn
