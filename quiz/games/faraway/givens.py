"""How Faraway's rules read a question's givens: Region numbers, rows, player counts and rounds, each card by its
printed face (cards.yml, through the facts), a tableau as faces; what is malformed raises MalformedInput naming where.
The rules (rules.py) and the fame (scoring.py) stand on it."""
from __future__ import annotations

from typing import Iterator

from quiz.checker import MalformedInput, Rules
from quiz.games.faraway.components import FACE_KEYS, Card
from quiz.games.faraway.facts import FarawayFacts

BLANK_FACE = {"colour": None, "night": False, "clues": 0, "wonders": {}, "requires": {}, "fame": 0, "per": None}


# --- shape checks: malformed input raises MalformedInput naming the place ---------------------------------------------

def count_of(value, where: str) -> int:
    if type(value) is not int:
        raise MalformedInput(f"{where}: {value!r} is not a whole number")
    if value < 0:
        raise MalformedInput(f"{where}: {value} is negative")
    return value


def mapping(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise MalformedInput(f"{where}: expected a mapping, got {type(value).__name__}")
    return value


def unknown_keys(card: dict, allowed: set[str], where: str) -> None:
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


def duplicates(numbers: list[int]) -> list[int]:
    seen, twice = set(), []
    for number in numbers:
        if number in seen and number not in twice:
            twice.append(number)
        seen.add(number)
    return twice


def rising_steps(numbers: list[int]) -> int:
    """How many Regions beat the one played directly before them: each such round found one Sanctuary."""
    return sum(later > earlier for earlier, later in zip(numbers, numbers[1:]))


class FarawayGivens(Rules):
    """Faraway's givens read against one table's facts: what every rule checks before it applies."""
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
            unknown_keys(ref, {"number" if card.is_region else "id", *FACE_KEYS}, where)
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
        tableau = mapping(tableau, "tableau")
        unknown_keys(tableau, {"regions", "sanctuaries"}, "tableau")
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

    def _distinct(self, numbers: list[int], what: str) -> Iterator[str]:
        for number in duplicates(numbers):
            yield f"{what}: Region {number} appears twice; each number exists once"
