"""Faraway's rules: one small rule per method, and what no game can reach, bound to one table's facts (FarawayFacts).
Nothing here is worded: the words and pictures of cards are in presentation.py."""
from __future__ import annotations

from typing import Iterator

from quiz.checker import IllegalState, MalformedInput, Rules, rule
from quiz.games.faraway.components import COLOURS, WONDERS, Card
from quiz.games.faraway.facts import FarawayFacts

FACE_KEYS = ("colour", "night", "clues", "wonders", "requires", "fame", "per")
BLANK_FACE = {"colour": None, "night": False, "clues": 0, "wonders": {}, "requires": {}, "fame": 0, "per": None}


# --- shape checks: malformed input raises MalformedInput naming the place ---------------------------------------------

def count_of(value, where: str) -> int:
    if type(value) is not int:
        raise MalformedInput(f"{where}: {value!r} is not a whole number")
    if value < 0:
        raise MalformedInput(f"{where}: {value} is negative")
    return value


def _mapping(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise MalformedInput(f"{where}: expected a mapping, got {type(value).__name__}")
    return value


def _unknown_keys(card: dict, allowed: set[str], where: str) -> None:
    for key in card:
        if key not in allowed:
            raise MalformedInput(f"{where}.{key}: unknown key; expected some of {', '.join(sorted(allowed))}")


def given_face_differs(card: Card, given: dict, where: str) -> Iterator[tuple[str, str]]:
    """Each part of a face a question gives a card that is not the printed card's own, as (path, why): a question may
    show a card's face, never another one (cards.yml holds the faces)."""
    own = {**BLANK_FACE, **card.as_written()}
    name = f"Region {card.key}" if card.is_region else f"the Sanctuary {card.key!r}"
    for key in FACE_KEYS:
        if key not in given:
            continue
        value = given[key]
        value = {w: n for w, n in value.items() if n} if isinstance(value, dict) else value
        if value != own[key]:
            yield f"{where}.{key}", f"{name} shows {key} {own[key]!r}, not {given[key]!r} (cards.yml)"


def _duplicates(numbers: list[int]) -> list[int]:
    seen, twice = set(), []
    for number in numbers:
        if number in seen and number not in twice:
            twice.append(number)
        seen.add(number)
    return twice


def rising_steps(numbers: list[int]) -> int:
    """How many Regions beat the one played directly before them: each such round found one Sanctuary."""
    return sum(later > earlier for earlier, later in zip(numbers, numbers[1:]))


class FarawayRules(Rules):
    """The rules of Faraway (seed 000, the German KOSMOS refresher; seed 001, the French rules)."""

    FACTS = FarawayFacts

    def _number(self, value, where: str) -> int:
        if type(value) is not int:
            raise MalformedInput(f"{where}: {value!r} is not a region number")
        if not self.facts.number_min <= value <= self.facts.number_max:
            raise MalformedInput(f"{where}: {value} is outside {self.facts.number_min}–{self.facts.number_max} "
                                 f"(the base game's Regions; expansion cards are not covered)")
        return value

    def _players(self, count: int, where: str = "players") -> int:
        if type(count) is not int or not self.facts.players_min <= count <= self.facts.players_max:
            raise MalformedInput(f"{where}: {count!r} players; Faraway is for "
                                 f"{self.facts.players_min}–{self.facts.players_max}")
        return count

    def _round(self, number) -> int:
        if type(number) is not int or not 1 <= number <= self.facts.rounds:
            raise MalformedInput(f"round: {number!r} is not a round 1–{self.facts.rounds}")
        return number

    def _row(self, played, where: str = "played") -> list[int]:
        if not isinstance(played, list) or not 1 <= len(played) <= self.facts.rounds:
            raise MalformedInput(f"{where}: expected a list of 1 to {self.facts.rounds} region numbers")
        for i, number in enumerate(played):
            self._number(number, f"{where}[{i}]")
        return played

    def _rows(self, rows) -> list[int]:
        """Regions laid out in several rows, read from top left to bottom right, as one row in play order."""
        if not isinstance(rows, list) or not rows or not all(isinstance(r, list) and r for r in rows):
            raise MalformedInput("rows: expected a list of rows, each a non-empty list of region numbers")
        return self._row([number for row in rows for number in row], "rows")

    def region_card(self, ref, where: str) -> Card:
        """The printed Region a question names: its number, or {number, …its face} (only its own face)."""
        number = ref.get("number") if isinstance(ref, dict) else ref
        card = self.facts.cards.region(self._number(number, f"{where}.number" if isinstance(ref, dict) else where))
        return self._own_face(card, ref, where)

    def sanctuary_card(self, ref, where: str) -> Card:
        """The printed Sanctuary a question names: its id (cards.yml), or {id, …its face} (only its own face)."""
        sanctuary_id = ref.get("id") if isinstance(ref, dict) else ref
        card = self.facts.cards.sanctuary(sanctuary_id) if isinstance(sanctuary_id, str) else None
        if card is None:
            raise MalformedInput(f"{where}: {sanctuary_id!r} is no Sanctuary of the base game (cards.yml ids, such as "
                                 f"{self.facts.cards.ids()[0]!r})")
        return self._own_face(card, ref, where)

    @staticmethod
    def _own_face(card: Card, ref, where: str) -> Card:
        if isinstance(ref, dict):
            _unknown_keys(ref, {"number" if card.is_region else "id", *FACE_KEYS}, where)
            for _, why in given_face_differs(card, ref, where):
                raise MalformedInput(why)
        return card

    def misdescribed(self, check: str, givens: dict) -> Iterator[tuple[str, str]]:
        """Every card a question names with a face ({number: 60, colour: red}) whose face is not the printed one."""
        def walk(value, where: str) -> Iterator[tuple[str, str]]:
            if isinstance(value, dict):
                card = None
                if type(value.get("number")) is int and set(value) - {"number"} <= set(FACE_KEYS):
                    card = self.facts.cards.region(value["number"])
                elif isinstance(value.get("id"), str) and set(value) - {"id"} <= set(FACE_KEYS):
                    card = self.facts.cards.sanctuary(value["id"])
                if card is not None:
                    yield from given_face_differs(card, value, where)
                    return
                for key, inner in value.items():
                    yield from walk(inner, f"{where}.{key}" if where else str(key))
            elif isinstance(value, list):
                for index, inner in enumerate(value):
                    yield from walk(inner, f"{where}.{index}")
        return walk(givens, "")

    def validate_tableau(self, tableau) -> dict:
        """A tableau as the rules read it, each card's face from the card list: {regions: [face…], sanctuaries:
        [face…]}; MalformedInput saying what is wrong and where."""
        tableau = _mapping(tableau, "tableau")
        _unknown_keys(tableau, {"regions", "sanctuaries"}, "tableau")
        regions = self._regions(tableau.get("regions"), "regions")
        sanctuaries_raw = tableau.get("sanctuaries") or []
        if not isinstance(sanctuaries_raw, list):
            raise MalformedInput("sanctuaries: expected a list of Sanctuary ids")
        sanctuaries = [self.sanctuary_card(raw, f"sanctuaries[{i}]").face() for i, raw in enumerate(sanctuaries_raw)]
        return {"regions": regions, "sanctuaries": sanctuaries}

    def _regions(self, row, where: str = "row") -> list[dict]:
        """A row of 1 to 8 Regions, by number (or number and own face), as faces."""
        if not isinstance(row, list) or not 1 <= len(row) <= self.facts.rounds:
            count = len(row) if isinstance(row, list) else row
            raise MalformedInput(f"{where}: {count!r} Regions; a row holds 1 to {self.facts.rounds}")
        return [self.region_card(raw, f"{where}[{i}]").face() for i, raw in enumerate(row)]

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
        played = _mapping(played, "played")
        self._players(len(played))
        for name, number in played.items():
            self._number(number, f"played[{name!r}]")
        return sorted(played, key=lambda name: played[name])

    def visible_for_region(self, tableau: dict, index: int) -> list[dict]:
        """A Region sees itself, the Regions to its right and every Sanctuary (p. 10)."""
        return tableau["regions"][index:] + tableau["sanctuaries"]

    @staticmethod
    def wonder_count(cards: list[dict], wonder: str) -> int:
        """How many of one wonder the cards show."""
        return sum(card["wonders"][wonder] for card in cards)

    def requirement_met(self, requires: dict[str, int], cards: list[dict]) -> bool:
        """A requirement needs every wonder shown, counted without using any up (p. 5, 12)."""
        return all(self.wonder_count(cards, w) >= n for w, n in requires.items())

    def times_scored(self, per, cards: list[dict]) -> int:
        """How many times a quest's fame is paid: once, or per wonder, clue, night card, colour card, colour set or set
        of wonders."""
        if per is None:
            return 1
        if per in WONDERS:
            return self.wonder_count(cards, per)
        if per == "clue":
            return sum(card["clues"] for card in cards)
        if per == "night":
            return sum(card["night"] for card in cards)
        if per == "colour-set":
            return min(sum(card["colour"] == c for card in cards) for c in COLOURS)
        if per == "wonder-set":
            return min(self.wonder_count(cards, w) for w in WONDERS)
        colours = per if isinstance(per, tuple) else (per,)
        return sum(card["colour"] in colours for card in cards)

    def quest_fame(self, quest: dict | None, cards: list[dict]) -> int:
        """The fame a quest or task earns against the cards it sees; 0 when its requirement is not met."""
        if quest is None or not self.requirement_met(quest["requires"], cards):
            return 0
        return quest["fame"] * self.times_scored(quest["per"], cards)

    def _scored(self, tableau: dict, sees, sanctuaries_see, met=None) -> dict:
        """A tableau scored with what each Region sees (`sees(tableau, index)`) and what the Sanctuaries see; `met`
        judges a requirement (index, requires, cards) where the rules' own judgement is not the one wanted."""
        met = met or (lambda index, requires, cards: self.requirement_met(requires, cards))
        regions, judged = [0] * len(tableau["regions"]), [None] * len(tableau["regions"])
        sight: list[dict | None] = [None] * len(tableau["regions"])
        for i in reversed(range(len(tableau["regions"]))):        # revealed right to left
            quest, cards = tableau["regions"][i]["quest"], sees(tableau, i)
            if quest is None:
                continue
            judged[i] = met(i, quest["requires"], cards) if any(quest["requires"].values()) else None
            if judged[i] is not None:
                sight[i] = self._sight(tableau["regions"][:i], quest["requires"], cards)
            if judged[i] is not False:
                regions[i] = quest["fame"] * self.times_scored(quest["per"], cards)
        sanctuaries = [self.quest_fame(s["task"], sanctuaries_see(tableau)) for s in tableau["sanctuaries"]]
        return {"regions": regions, "sanctuaries": sanctuaries, "total": sum(regions) + sum(sanctuaries), "met": judged,
                "sight": sight}

    def _sight(self, left: list[dict], requires: dict[str, int], cards: list[dict]) -> dict:
        """What a requirement asks, what its Region sees of it, and the Regions to its left, face down when it scores,
        that show a wonder it lacks: where a player looks to check it."""
        needs = {wonder: count for wonder, count in requires.items() if count}
        sees = {wonder: self.wonder_count(cards, wonder) for wonder in needs}
        short = [wonder for wonder in needs if sees[wonder] < needs[wonder]]
        return {"needs": needs, "sees": sees, "left": [r for r in left if any(r["wonders"][w] for w in short)]}

    @staticmethod
    def _everything(tableau: dict) -> list[dict]:
        return tableau["regions"] + tableau["sanctuaries"]

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
        twice = _duplicates([sanctuary["id"] for sanctuary in faces["sanctuaries"]])
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
        players = _mapping(players, "players")
        self._players(len(players))
        fame = {}
        for name, player in players.items():
            where = f"players[{name!r}]"
            _unknown_keys(_mapping(player, where), {"numbers", "sanctuaries"}, where)
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
        players = _mapping(players, "players")
        if not 1 <= len(players) <= seated:
            raise MalformedInput(f"players: {len(players)} drawers; at most the {seated} players at the table")
        for name, player in players.items():
            _unknown_keys(_mapping(player, f"players[{name!r}]"), {"number", "wants"}, f"players[{name!r}]")
            self._number(player.get("number"), f"players[{name!r}].number")
            count_of(player.get("wants"), f"players[{name!r}].wants")
        drawn = {}
        for name in sorted(players, key=lambda n: players[n]["number"]):
            drawn[name] = min(players[name]["wants"], pile)
            pile -= self.sanctuaries_placed(drawn[name])
        return drawn

    def _distinct(self, numbers: list[int], what: str) -> Iterator[str]:
        for number in _duplicates(numbers):
            yield f"{what}: Region {number} appears twice; each number exists once"

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
        for twice in _duplicates(ids):
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
