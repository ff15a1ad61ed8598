"""Okey's rules, as the Turkish rules pages give them (rules/okey/sources.md names each): the okey and the false okey,
runs and sets with the okey as a joker and what they count, opening a hand with 101 or five pairs, and the penalties of
a round of 101 Okey and what doubles them (or classic Okey's count). Bound to one table's facts; nothing here is
worded."""
from __future__ import annotations

from quiz.checker import MalformedInput, Rules, rule
from quiz.games.okey import components
from quiz.games.okey.components import Tile, okey_of
from quiz.games.okey.facts import OkeyFacts

FINISHES = ("normal", "okey", "pairs", "hand")


class OkeyRules(Rules):
    """The rules of Okey for one table's facts: by default 101 Okey's."""

    FACTS = OkeyFacts

    # --- input --------------------------------------------------------------------------------------------------------

    @staticmethod
    def _indicator(indicator) -> Tile:
        found = components.tile(indicator, "indicator")
        if found.is_false_okey:
            raise MalformedInput("indicator: a false okey is never the gösterge (another tile is turned)")
        return found

    @staticmethod
    def _flag(value, what: str) -> bool:
        if type(value) is not bool:
            raise MalformedInput(f"{what}: {value!r} is not true or false")
        return value

    @staticmethod
    def _finish(finish) -> str | None:
        if finish is not None and finish not in FINISHES:
            raise MalformedInput(f"finish: {finish!r}; one of {', '.join(FINISHES)}, or null where the pile ran out")
        return finish

    # --- the okey and what a tile stands for -------------------------------------------------------------------------

    @rule
    def okey(self, indicator: str) -> str:
        """The okey: the next number of the gösterge's colour, 13 followed by 1."""
        return str(okey_of(self._indicator(indicator)))

    @staticmethod
    def stands_for(tile: Tile, okey: Tile) -> Tile | None:
        """What a tile is in a meld: itself; a false okey the okey's own tile (mynet.com, wagsgallerys.blogspot.com);
        the okey a joker (None)."""
        if tile == okey:
            return None
        return okey if tile.is_false_okey else tile

    def meld_numbers(self, tiles: tuple[Tile, ...], okey: Tile) -> list[int] | None:
        """The numbers a meld's tiles count, in the order laid, the okeys as the tiles they stand for; None where the
        tiles are no meld. A set: three or four of one number, each of another colour. A run: three or more of one
        colour in order, 13 followed by 1 only where the table plays it (mynet.com: never in 101). With one tile
        that is not an okey, the meld is read as a run where it can be one (the tiles as laid, one after another)."""
        if len(tiles) < 3:
            return None
        known = [(i, stood) for i, tile in enumerate(tiles) if (stood := self.stands_for(tile, okey)) is not None]
        if not known:
            return None
        run = self._run(tiles, known)
        if run is not None:
            return run
        colours = [stood.colour for _, stood in known]
        if len({stood.number for _, stood in known}) == 1 and len(set(colours)) == len(colours) and len(tiles) <= 4:
            return [known[0][1].number] * len(tiles)
        return None

    def _run(self, tiles, known) -> list[int] | None:
        """The numbers of a run the tiles make as laid, or None."""
        if len({stood.colour for _, stood in known}) != 1:
            return None
        first, stood = known[0]
        start = stood.number - first
        end = start + len(tiles) - 1
        if start < 1 or end > 13 + self.facts.wraps:
            return None
        numbers = [(start + i - 1) % 13 + 1 for i in range(len(tiles))]
        if any(numbers[i] != stood.number for i, stood in known):
            return None
        return numbers

    @rule
    def valid_meld(self, tiles: list[str], indicator: str) -> bool:
        """Whether tiles, in the order laid, are a run or a set."""
        okey = okey_of(self._indicator(indicator))
        return self.meld_numbers(components.tiles(tiles), okey) is not None

    @rule
    def meld_value(self, tiles: list[str], indicator: str) -> int:
        """What a meld counts towards an opening: its numbers, the okey as the tile it stands for (okeya101.com)."""
        okey = okey_of(self._indicator(indicator))
        numbers = self.meld_numbers(components.tiles(tiles), okey)
        if numbers is None:
            raise MalformedInput(f"tiles: {tiles} are no run or set")
        return sum(numbers)

    @rule
    def opens(self, melds: list[list[str]], indicator: str) -> bool:
        """Whether melds open a hand: worth 101 or more together (cikcik.com)."""
        if not isinstance(melds, list) or not melds:
            raise MalformedInput("melds: expected a list of melds")
        return sum(self.meld_value(meld, indicator) for meld in melds) >= self.facts.opening_points

    def is_pair(self, pair: tuple[Tile, ...], okey: Tile) -> bool:
        """Two tiles of one colour and number (mynet.com), an okey standing for either."""
        if len(pair) != 2:
            return False
        stood = [self.stands_for(tile, okey) for tile in pair]
        return None in stood or stood[0] == stood[1]

    @rule
    def opens_with_pairs(self, pairs: list[list[str]], indicator: str) -> bool:
        """Whether pairs open a hand: five of them, whatever their numbers (okey101.blogspot.com)."""
        okey = okey_of(self._indicator(indicator))
        if not isinstance(pairs, list) or not pairs:
            raise MalformedInput("pairs: expected a list of pairs")
        found = [components.tiles(pair, f"pairs[{i}]") for i, pair in enumerate(pairs)]
        if not all(self.is_pair(pair, okey) for pair in found):
            raise MalformedInput("pairs: each is two tiles of one colour and number, or one with an okey")
        return len(found) >= self.facts.opening_pairs

    # --- the round's penalties ----------------------------------------------------------------------------------------

    def factor(self, finish: str | None) -> int:
        """What multiplies every penalty and the finisher's reward: 2 when the round ends with the okey thrown, by a
        player who opened with pairs, or from the hand (baguvix.com.tr, kerimayvaz77/okey-101-kurallari); 1 for a
        normal finish or a pile that ran out."""
        facts = self.facts
        return {None: 1, "normal": 1, "okey": facts.okey_finish_factor, "pairs": facts.pairs_finish_factor,
                "hand": facts.hand_finish_factor}[finish]

    def rack_value(self, tiles: tuple[Tile, ...], okey: Tile) -> tuple[int, int]:
        """What a rack left counts (cikcik.com: its numbers), a false okey the okey's number, and the okeys held,
        each costing 101: in the sum, or on top (kerimayvaz77/okey-101-kurallari "Okey Cezası")."""
        held = sum(tile == okey for tile in tiles)
        numbers = sum(okey.number if tile.is_false_okey else tile.number for tile in tiles if tile != okey)
        if self.facts.held_okey_in_sum:
            return numbers + held * self.facts.held_okey_penalty, 0
        return numbers + held * okey.number, held * self.facts.held_okey_penalty

    @rule
    def penalty(self, indicator: str, finish: str | None, opened: bool, pairs: bool, tiles: list[str]) -> int:
        """What a player who did not finish writes for the round (milliyet.com.tr, "Bitme kuralları"): 202 never
        opened; else the rack's sum, twice for a player who opened with pairs; all of it times the finish's factor."""
        okey = okey_of(self._indicator(indicator))
        finish, opened, pairs = self._finish(finish), self._flag(opened, "opened"), self._flag(pairs, "pairs")
        rack = components.tiles(tiles)
        factor = self.factor(finish)
        if not opened:
            return self.facts.unopened_penalty * factor
        value, extra = self.rack_value(rack, okey)
        return value * factor * (self.facts.pairs_opener_factor if pairs else 1) + extra

    @rule
    def finisher_score(self, finish: str) -> int:
        """What the player who finished writes: minus 101, times the finish's factor (baguvix.com.tr)."""
        finish = self._finish(finish)
        if finish is None:
            raise MalformedInput("finish: nobody finished: nobody writes the finisher's score")
        return -self.facts.finish_reward * self.factor(finish)

    def classic_loss(self, finish: str | None) -> int:
        """Classic Okey: what each other player loses (tualimforum.com, after Wikipedia): 2 for a normal finish, 4 with
        the okey thrown or from seven pairs; nothing where the pile ran out. Besides, each player who showed the
        gösterge's twin at the start takes 1 from every other player (milliyet.com.tr, wagsgallerys.blogspot.com)."""
        facts = self.facts
        return {None: 0, "normal": facts.classic_normal, "okey": facts.classic_okey,
                "pairs": facts.classic_pairs}[finish]
