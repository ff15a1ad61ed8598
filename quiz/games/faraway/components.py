"""Faraway's cards as printed (rules/faraway/cards.yml): each Region by its number, each Sanctuary by an id made from
its face (Sanctuaries carry no printed number), read once into frozen data the rules look a card's face up in."""
from __future__ import annotations

import dataclasses
from typing import Any, Iterator

from quiz.checker import MalformedInput

COLOURS = ("red", "green", "blue", "yellow")
WONDERS = ("stone", "chimera", "thistle")
PER_KINDS = WONDERS + ("clue", "night") + COLOURS + ("colour-set", "wonder-set")
FACE_KEYS = ("colour", "night", "clues", "wonders", "requires", "fame", "per")
REGIONS_IN_BASE_GAME = 68          # the printed numbers 1-68; the expansions add 0 and 69-76
SANCTUARIES_IN_BASE_GAME = 45
SOURCE_KEYS = ("differs", "lists")  # where a card's reading comes from; not part of its face


@dataclasses.dataclass(frozen=True)
class Card:
    """One card's face: its colour (None: a grey Sanctuary), the night symbol, clues, the wonders it shows, and what it
    scores: `fame` once, or per `per` (a wonder, clue, night, a colour, a pair of colours, a set of the four colours or
    of the three wonders), when every wonder in `requires` is in sight. `key`: a Region's number or a Sanctuary's id."""

    key: int | str
    colour: str | None = None
    night: bool = False
    clues: int = 0
    wonders: tuple[int, int, int] = (0, 0, 0)          # stone, chimera, thistle
    requires: tuple[int, int, int] = (0, 0, 0)
    fame: int = 0
    per: str | tuple[str, str] | None = None

    @property
    def is_region(self) -> bool:
        return isinstance(self.key, int)

    def wonder(self, name: str) -> int:
        return self.wonders[WONDERS.index(name)]

    def needs(self, name: str) -> int:
        return self.requires[WONDERS.index(name)]

    def face(self) -> dict[str, Any]:
        """The face as rules.py reads a card: colour, wonders and clues, night, and the quest (a Region's) or task (a
        Sanctuary's): {fame, per, requires}, or None where the card scores nothing."""
        scoring = None
        if self.fame:
            scoring = {"fame": self.fame, "per": self.per, "requires": dict(zip(WONDERS, self.requires))}
        face = {"colour": self.colour, "wonders": dict(zip(WONDERS, self.wonders)), "clues": self.clues,
                "night": self.night}
        if self.is_region:
            return {"number": self.key, **face, "quest": scoring}
        return {"id": self.key, **face, "task": scoring}

    def as_written(self) -> dict[str, Any]:
        """The face as cards.yml writes it: only what the card shows."""
        written: dict[str, Any] = {}
        if self.colour:
            written["colour"] = self.colour
        if self.night:
            written["night"] = True
        if self.clues:
            written["clues"] = self.clues
        for key in ("wonders", "requires"):
            counts = {w: n for w, n in zip(WONDERS, getattr(self, key)) if n}
            if counts:
                written[key] = counts
        if self.fame:
            written["fame"] = self.fame
        if self.per is not None:
            written["per"] = list(self.per) if isinstance(self.per, tuple) else self.per
        return written

    def made_id(self) -> str:
        """The id a Sanctuary's face makes: what it shows, then its task ("red-1-per-red", "clue-stone", "5-fame")."""
        parts = [self.colour] if self.colour else []
        parts += ["night"] if self.night else []
        parts += ["clue" if self.clues == 1 else f"{self.clues}-clues"] if self.clues else []
        parts += [w if n == 1 else f"{n}-{w}s" for w, n in zip(WONDERS, self.wonders) if n]
        if self.fame and self.per is None:
            parts.append(f"{self.fame}-fame")
        elif self.fame:
            kind = "-or-".join(sorted(self.per)) if isinstance(self.per, tuple) else self.per
            parts.append(f"{self.fame}-per-{kind}")
        return "-".join(parts)


@dataclasses.dataclass(frozen=True)
class CardList:
    """The base game's cards: Regions by number, Sanctuaries by id, each card once."""

    regions: tuple[Card, ...] = ()
    sanctuaries: tuple[Card, ...] = ()

    def __post_init__(self):
        object.__setattr__(self, "_regions", {card.key: card for card in self.regions})
        object.__setattr__(self, "_sanctuaries", {card.key: card for card in self.sanctuaries})

    def __hash__(self) -> int:     # the facts it belongs to are hashed often; the cards never change in a process
        if "_hash" not in self.__dict__:
            object.__setattr__(self, "_hash", hash((self.regions, self.sanctuaries)))
        return self.__dict__["_hash"]

    def region(self, number: int) -> Card | None:
        return self._regions.get(number)

    def sanctuary(self, sanctuary_id: str) -> Card | None:
        return self._sanctuaries.get(sanctuary_id)

    def numbers(self) -> list[int]:
        return [card.key for card in self.regions]

    def ids(self) -> list[str]:
        return [card.key for card in self.sanctuaries]

    @classmethod
    def from_mapping(cls, raw: Any, where: str = "cards") -> CardList:
        """The cards of cards.yml as plain data; MalformedInput naming the first card and field that is not a face."""
        problems = list(card_problems(raw))
        if problems:
            path, message = problems[0]
            raise MalformedInput(f"{where}.{path}: {message}" if path else f"{where}: {message}")
        return cls(tuple(_card(raw_card, raw_card["number"]) for raw_card in raw["regions"]),
                   tuple(_card(raw_card, raw_card["id"]) for raw_card in raw["sanctuaries"]))


def _counts(value: dict | None) -> tuple[int, int, int]:
    return tuple((value or {}).get(w, 0) for w in WONDERS)


def _card(raw: dict, key: int | str) -> Card:
    per = raw.get("per")
    return Card(key, raw.get("colour"), bool(raw.get("night", False)), raw.get("clues", 0), _counts(raw.get("wonders")),
                _counts(raw.get("requires")), raw.get("fame", 0), tuple(per) if isinstance(per, list) else per)


# --- what cards.yml must hold, each problem as (path in the file, message): the lint names file and line -----------

def card_problems(raw: Any) -> Iterator[tuple[str, str]]:
    """Every way cards.yml's data is not the base game's card list: the shape of each face, every Region number
    1-68 once, 45 Sanctuaries each once, each id the one its face makes, each source list's numbers in range."""
    if not isinstance(raw, dict) or not isinstance(raw.get("regions"), list) or \
            not isinstance(raw.get("sanctuaries"), list):
        yield "", "expected `regions:` and `sanctuaries:`, each a list of cards"
        return
    sources = raw.get("sources") or {}
    for kind, key in (("regions", "number"), ("sanctuaries", "id")):
        for index, card in enumerate(raw[kind]):
            if not isinstance(card, dict):
                yield f"{kind}.{index}", f"expected a card: a mapping with its {key} and face"
    yield from _region_problems(raw["regions"], sources)
    yield from _sanctuary_problems(raw["sanctuaries"], sources)


def _mappings(cards: list) -> Iterator[tuple[int, dict]]:
    """The entries of a card list that are mappings, with their index (card_problems() names the others)."""
    return ((index, card) for index, card in enumerate(cards) if isinstance(card, dict))


def _region_problems(regions: list, sources: dict) -> Iterator[tuple[str, str]]:
    numbers: dict[int, int] = {}
    for index, card in _mappings(regions):
        where = f"regions.{index}"
        number = card.get("number")
        if type(number) is not int:
            yield f"{where}.number", f"{number!r} is not a Region number"
        elif not 1 <= number <= REGIONS_IN_BASE_GAME:
            yield (f"{where}.number", f"Region {number} is outside 1-{REGIONS_IN_BASE_GAME}: the base game's numbers "
                   f"(expansion cards are not covered)")
        elif number in numbers:
            yield f"{where}.number", f"Region {number} is listed twice (also regions.{numbers[number]})"
        else:
            numbers[number] = index
        yield from _face_problems(card, where, {"number", *SOURCE_KEYS}, sources)
    missing = sorted(set(range(1, REGIONS_IN_BASE_GAME + 1)) - set(numbers))
    if missing:
        yield "regions", (f"{'Region' if len(missing) == 1 else 'Regions'} {', '.join(map(str, missing))} "
                          f"{'is' if len(missing) == 1 else 'are'} missing: the base game has 1-{REGIONS_IN_BASE_GAME}")


def _sanctuary_problems(sanctuaries: list, sources: dict) -> Iterator[tuple[str, str]]:
    ids: dict[str, int] = {}
    for index, card in _mappings(sanctuaries):
        where = f"sanctuaries.{index}"
        if index >= SANCTUARIES_IN_BASE_GAME:
            yield (where, f"a Sanctuary beyond the base game's {SANCTUARIES_IN_BASE_GAME} (expansion cards are not "
                   f"covered)")
        problems = list(_face_problems(card, where, {"id", *SOURCE_KEYS}, sources))
        yield from problems
        sanctuary_id = card.get("id")
        if not isinstance(sanctuary_id, str):
            yield f"{where}.id", f"{sanctuary_id!r} is not a Sanctuary id"
            continue
        if sanctuary_id in ids:
            yield f"{where}.id", f"{sanctuary_id!r} is listed twice (also sanctuaries.{ids[sanctuary_id]})"
        ids.setdefault(sanctuary_id, index)
        if not problems and (made := _card(card, sanctuary_id).made_id()) != sanctuary_id:
            yield f"{where}.id", f"{sanctuary_id!r} is not what its face shows: its id is {made!r}"
        if card.get("fame") and card.get("requires"):
            yield f"{where}.requires", "a Sanctuary's task has no requirement (seed 000: never tied to one)"
        yield from _list_numbers(card.get("lists"), f"{where}.lists", sources)
    if len(sanctuaries) < SANCTUARIES_IN_BASE_GAME:
        yield "sanctuaries", f"{len(sanctuaries)} Sanctuaries; the base game has {SANCTUARIES_IN_BASE_GAME}"
    for source in sources:
        seen: dict[int, str] = {}
        for _, card in _mappings(sanctuaries):
            number = (card.get("lists") or {}).get(source)
            if isinstance(number, int) and number in seen:
                yield "sanctuaries", f"{source} numbers two Sanctuaries {number}: {seen[number]} and {card.get('id')}"
            elif number is not None:
                seen[number] = card.get("id")


def _face_problems(card: dict, where: str, own_keys: set, sources: dict) -> Iterator[tuple[str, str]]:
    for key in card:
        if key not in FACE_KEYS and key not in own_keys:
            yield f"{where}.{key}", f"unknown key; a card has {', '.join(sorted({*FACE_KEYS, *own_keys}))}"
    colour = card.get("colour")
    if colour is not None and colour not in COLOURS:
        yield f"{where}.colour", f"{colour!r} is not one of {', '.join(COLOURS)} (a grey card has none)"
    if "number" in own_keys and colour is None:
        yield f"{where}.colour", "a Region always has a colour"
    if not isinstance(card.get("night", False), bool):
        yield f"{where}.night", f"{card['night']!r} is not true or false"
    if not _whole(card.get("clues", 0)):
        yield f"{where}.clues", f"{card['clues']!r} is not a whole number"
    for key in ("wonders", "requires"):
        counts = card.get(key) or {}
        if not isinstance(counts, dict):
            yield f"{where}.{key}", "expected a mapping of wonders to counts"
            continue
        for wonder, count in counts.items():
            if wonder not in WONDERS:
                yield f"{where}.{key}.{wonder}", f"{wonder!r} is not one of {', '.join(WONDERS)}"
            elif not _whole(count) or count == 0:
                yield f"{where}.{key}.{wonder}", f"{count!r} is not a count of 1 or more (leave out what it lacks)"
    fame, per = card.get("fame", 0), card.get("per")
    if not _whole(fame):
        yield f"{where}.fame", f"{fame!r} is not a whole number"
    if per is not None:
        pair = isinstance(per, list) and len(per) == 2 and per[0] != per[1] and all(c in COLOURS for c in per)
        if not pair and per not in PER_KINDS:
            yield f"{where}.per", (f"{per!r} is not one of {', '.join(PER_KINDS)} or a pair of two colours")
        if not fame:
            yield f"{where}.per", "fame per something needs its fame"
    if card.get("requires") and not fame:
        yield f"{where}.requires", "a requirement belongs to a quest: give its fame"
    differs = card.get("differs") or {}
    if not isinstance(differs, dict) or any(source not in sources for source in differs):
        yield f"{where}.differs", f"names a list that is not one of the sources ({', '.join(sources)})"


def _list_numbers(lists: Any, where: str, sources: dict) -> Iterator[tuple[str, str]]:
    if lists is None:
        return
    if not isinstance(lists, dict):
        yield where, "expected each source list's own number for this card"
        return
    for source, number in lists.items():
        if source not in sources:
            yield f"{where}.{source}", f"{source!r} is not one of the sources ({', '.join(sources)})"
        elif type(number) is int and not 1 <= number <= SANCTUARIES_IN_BASE_GAME:
            yield (f"{where}.{source}", f"{number} is outside 1-{SANCTUARIES_IN_BASE_GAME}: the base game's "
                   f"Sanctuaries (expansion cards are not covered)")


def _whole(value: Any) -> bool:
    return type(value) is int and value >= 0
