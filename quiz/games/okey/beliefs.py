"""The wrong beliefs about Okey that players hold, as code: each answers a rule's givens the way a player holding it
would. With them, OkeyRules is the full checker the quiz verifies against."""
from __future__ import annotations


from quiz.checker import belief
from quiz.games.okey import components
from quiz.games.okey.components import Tile, okey_of
from quiz.games.okey.legality import OkeyLegality


class Okey(OkeyLegality):
    """Okey's rules with the wrong beliefs players hold about them."""

    def _with(self, **changes) -> "Okey":
        return self.with_facts(**changes)

    @belief("okey-next", distorts="okey")
    def _indicator_is_okey(self, indicator: str) -> str:
        """The gösterge itself is the okey."""
        return str(self._indicator(indicator))

    @belief("no-wrap", distorts="valid_meld")
    def _thirteen_then_one(self, tiles: list[str], indicator: str) -> bool:
        """A run goes on from 13 to 1."""
        return self._with(wraps=True).valid_meld(tiles, indicator)

    @belief("set-colours", distorts="valid_meld")
    def _set_any_colours(self, tiles: list[str], indicator: str) -> bool:
        """A set is three or four of one number, whatever their colours."""
        okey = okey_of(self._indicator(indicator))
        found = components.tiles(tiles)
        stood = [self.stands_for(tile, okey) for tile in found]
        numbers = {tile.number for tile in stood if tile is not None}
        return self.valid_meld(tiles, indicator) or (3 <= len(found) <= 4 and len(numbers) == 1)

    @belief("sahte-okey", distorts="valid_meld")
    def _false_okey_joker(self, tiles: list[str], indicator: str) -> bool:
        """A false okey is a joker, like the okey: it stands for any tile."""
        okey = okey_of(self._indicator(indicator))
        found = tuple(okey if tile.is_false_okey else tile for tile in components.tiles(tiles))
        return self.meld_numbers(found, okey) is not None

    @belief("okey-counts", distorts="meld_value")
    def _okey_at_zero(self, tiles: list[str], indicator: str) -> int:
        """An okey in a meld counts nothing towards the opening."""
        okey = okey_of(self._indicator(indicator))
        found = components.tiles(tiles)
        numbers = self.meld_numbers(found, okey)
        if numbers is None:
            return self.meld_value(tiles, indicator)
        return sum(number for number, tile in zip(numbers, found) if tile != okey)

    @belief("okey-counts", distorts="opens")
    def _opens_okey_at_zero(self, melds: list[list[str]], indicator: str) -> bool:
        """An okey in a meld counts nothing towards the opening."""
        self.opens(melds, indicator)
        return sum(self._okey_at_zero(meld, indicator) for meld in melds) >= self.facts.opening_points

    @belief("pairs-count", distorts="opens_with_pairs")
    def _pairs_by_points(self, pairs: list[list[str]], indicator: str) -> bool:
        """Pairs open like melds, when their numbers add up to 101."""
        self.opens_with_pairs(pairs, indicator)
        okey = okey_of(self._indicator(indicator))
        total = 0
        for pair in pairs:
            stood = [self.stands_for(tile, okey) for tile in components.tiles(pair)]
            known = next(tile for tile in stood + [Tile("R", 0)] if tile is not None)
            total += 2 * known.number
        return total >= self.facts.opening_points

    @belief("unopened-202", distorts="penalty")
    def _unopened_pays_rack(self, indicator: str, finish: str | None, opened: bool, pairs: bool,
                            tiles: list[str]) -> int:
        """A player who never opened pays what the rack adds up to, like everyone else."""
        return self.penalty(indicator, finish, True, False, tiles) if not opened else \
            self.penalty(indicator, finish, opened, pairs, tiles)

    @belief("doubling", distorts="penalty")
    def _nothing_doubles(self, indicator: str, finish: str | None, opened: bool, pairs: bool, tiles: list[str]) -> int:
        """How the round ended changes nothing: a finish with the okey or with pairs doubles no penalty."""
        return self._with(okey_finish_factor=1, pairs_finish_factor=1, hand_finish_factor=1).penalty(
            indicator, finish, opened, pairs, tiles)
