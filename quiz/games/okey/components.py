"""Okey's tiles: 106 of them, the numbers 1 to 13 in four colours twice over and two false okeys (sahte okey), as
players write them ("R5" a red five, "K13" a black thirteen, "J" a false okey), read and checked; and the okey a
gösterge makes (the next number of its colour, 13 followed by 1). Which melds they make and what they count are rules
(rules.py; rules/okey/sources.md names every source)."""
from __future__ import annotations

import dataclasses

from quiz.components import Named

COLOURS = ("R", "Y", "B", "K")                 # kırmızı, sarı, mavi, siyah
NUMBERS = range(1, 14)
FALSE_OKEY = "J"


@dataclasses.dataclass(frozen=True)
class Tile:
    """One tile by its colour and number; the false okey has neither (colour "J", number 0)."""

    colour: str
    number: int

    def __str__(self) -> str:
        return FALSE_OKEY if self.is_false_okey else f"{self.colour}{self.number}"

    @property
    def is_false_okey(self) -> bool:
        return self.colour == FALSE_OKEY


SAHTE = Tile(FALSE_OKEY, 0)
KINDS = tuple(Tile(colour, number) for colour in COLOURS for number in NUMBERS) + (SAHTE,)
SET = tuple(tile for tile in KINDS for _ in range(2))          # 106 tiles: each kind twice
TILES = Named(KINDS, "tile", 'a colour R Y B K and a number 1-13, as "R5", or J for a false okey')


def tile(name, where: str = "tile") -> Tile:
    """The tile a name such as "R5" or "J" writes; MalformedInput naming what is wrong otherwise."""
    return name if isinstance(name, Tile) else TILES.one(name, where)


def tiles(names_, where: str = "tiles") -> tuple[Tile, ...]:
    """Tiles from their names (the set holds each twice: too_many() says where a rack has more)."""
    return TILES.many(names_, where, each_once=False)


def okey_of(indicator: Tile) -> Tile:
    """The okey: the indicator's colour, one number higher, 13 followed by 1 (mimol.com.tr, mynet.com "Sahte okey")."""
    return Tile(indicator.colour, indicator.number % 13 + 1)


def too_many(found) -> Tile | None:
    """A tile that appears more often than the set holds it (twice), or None."""
    seen: dict[Tile, int] = {}
    for tile_ in found:
        seen[tile_] = seen.get(tile_, 0) + 1
        if seen[tile_] > 2:
            return tile_
    return None
