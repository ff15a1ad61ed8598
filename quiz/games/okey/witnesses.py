"""Okey's witnesses: for a question's givens, a round the engine replays to them (quiz/witnesses.py). A round is laid
out backwards from how it ends: seat 0 starts, opens with runs worth 101 or more and throws (or, for a finish from the
hand, only throws); seats 1 to 3 each draw, open with runs and sets or with pairs where the question says so, and
throw; seat 0 draws, lays the rest of its rack and throws its last tile (the okey, for a finish with it). Each rack is
dealt so that it ends holding exactly the tiles the question gives."""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Iterator

from quiz.witnesses import Witnesses
from quiz.games.okey import components
from quiz.components import names
from quiz.games.okey.components import COLOURS, SET, Tile, okey_of
from quiz.games.okey.engine import Match, replay
from quiz.games.okey.legality import OkeyLegality

TRIES = 30


class RoundBuilder:
    """The tiles left to lay out a round with, and the melds, pairs and odd tiles taken from them."""

    def __init__(self, rules: OkeyLegality, indicator: Tile, rng: random.Random):
        self.rules, self.indicator, self.rng = rules, indicator, rng
        self.okey = okey_of(indicator)
        self.stock = Counter(SET)
        self.stock[indicator] -= 1

    @property
    def pool(self) -> list[Tile]:
        """The tiles left, shuffled: what the pile holds once the racks are dealt."""
        found = sorted(self.stock.elements(), key=str)
        self.rng.shuffle(found)
        return found

    def take(self, tiles) -> bool:
        """Take these tiles out of the stock; False (taking none) where it does not hold them."""
        wanted = Counter(tiles)
        if any(self.stock[tile] < count for tile, count in wanted.items()):
            return False
        self.stock -= wanted
        return True

    def melds(self, count: int, at_least: int) -> list[list[Tile]] | None:
        """Runs and sets from the stock with exactly `count` tiles worth `at_least` or more, no okey among them."""
        if count < 3:
            return None
        for _ in range(100):
            sizes, left = [], count
            while left:
                size = self.rng.choice([n for n in (3, 4, 5) if n <= left and (left - n == 0 or left - n >= 3)] or
                                       [left])
                sizes.append(size)
                left -= size
            found, used, total = [], Counter(), 0
            for size in sizes:
                meld = self.one_meld(size, used, high=total < at_least)
                if meld is None:
                    break
                found.append(meld)
                used.update(meld)
                total += sum(self.rules.meld_numbers(tuple(meld), self.okey))
            else:
                if sum(sum(self.rules.meld_numbers(tuple(m), self.okey)) for m in found) >= at_least:
                    self.take([tile for meld in found for tile in meld])
                    return found
        return None

    def one_meld(self, size: int, used: Counter, high: bool) -> list[Tile] | None:
        """A run or set of this size the stock still holds (besides `used`), drawn from all it can make; high numbers
        for an opening."""
        def free(tile: Tile) -> bool:
            return self.stock[tile] - used[tile] >= 1 and tile != self.okey

        runs = [[Tile(colour, start + step) for step in range(size)] for colour in COLOURS
                for start in range(11 - size if high else 1, 15 - size)]
        sets = [[Tile(colour, number) for colour in colours] for number in range(9 if high else 1, 14)
                for colours in combinations(COLOURS, size)] if size <= 4 else []
        found = [meld for meld in runs + sets if all(free(tile) for tile in meld)]
        return self.rng.choice(found) if found else None

    def pairs(self, count: int) -> list[list[Tile]] | None:
        """`count` pairs from the stock, no okey among them."""
        kinds = sorted((tile for tile, left in self.stock.items() if left == 2 and tile != self.okey), key=str)
        if len(kinds) < count:
            return None
        found = [[tile, tile] for tile in self.rng.sample(kinds, count)]
        self.take([tile for pair in found for tile in pair])
        return found

    def junk(self, count: int) -> list[Tile]:
        """Tiles from the stock that are no okey."""
        found = [tile for tile in self.pool if tile != self.okey][:count]
        self.take(found)
        return found


class OkeyWitnesses(Witnesses):
    """Witnesses at one table's rules."""

    REPLAY = replay
    rules: OkeyLegality

    def round_record(self, indicator: Tile, finish: str | None, seats: dict[int, dict],
                     rng: random.Random) -> dict | None:
        """A round that ends with `finish` thrown by seat 0 (None: seat 0 throws its first tile and the record stops
        there), seats 1 to 3 as `seats` says ({"opened", "pairs", "tiles"}: the tiles given, or None for any)."""
        facts = self.rules.facts
        build = RoundBuilder(self.rules, indicator, rng)
        okey = build.okey
        if not build.take([tile for spec in seats.values() if spec.get("tiles") for tile in spec["tiles"]]):
            return None
        finisher_throws = okey if finish == "okey" else None
        if finisher_throws is not None and not build.take([okey]):
            return None
        plans: dict[int, dict] = {}
        for seat in (1, 2, 3):
            spec = seats.get(seat, {"opened": False, "pairs": False, "tiles": None})
            laid: list[list[Tile]] = []
            if spec["opened"]:
                if spec["pairs"]:
                    count = (facts.tiles_each - len(spec["tiles"])) // 2 if spec.get("tiles") is not None else 5
                    if spec.get("tiles") is not None and (facts.tiles_each - len(spec["tiles"])) % 2:
                        return None
                    laid = build.pairs(max(count, 0))
                    if laid is None or len(laid) < facts.opening_pairs:
                        return None
                else:
                    count = facts.tiles_each - len(spec["tiles"]) if spec.get("tiles") is not None else 12
                    laid = build.melds(count, facts.opening_points) if count >= 3 else None
                    if laid is None:
                        return None
            kept = list(spec["tiles"]) if spec.get("tiles") is not None else build.junk(
                facts.tiles_each - sum(len(meld) for meld in laid))
            if sum(len(meld) for meld in laid) + len(kept) != facts.tiles_each:
                return None
            plans[seat] = {"laid": laid, "kept": kept, "pairs": bool(spec["opened"] and spec["pairs"])}
        # seat 0: opens at its first turn (not for a finish from the hand), lays the rest at its second
        if finish == "hand":
            first, second = [], build.melds(facts.tiles_each, facts.opening_points)
        else:
            first = build.melds(12, facts.opening_points)
            second = build.melds(facts.tiles_each - 12, 0) if first else None
        if second is None or first is None:
            return None
        thrown_first = build.junk(1)
        last = finisher_throws or build.junk(1)[0]
        throws = {seat: build.junk(1)[0] for seat in (1, 2, 3)}
        if len(thrown_first) != 1:
            return None
        # the deal: seat 0 holds its melds, its first throw, its last throw; it draws one tile of its second melds
        drawn_by_0 = second[0][0]
        seat0 = [tile for meld in first + second for tile in meld] + thrown_first + [last]
        seat0.remove(drawn_by_0)
        hands = [seat0]
        pile = []
        for seat in (1, 2, 3):
            plan = plans[seat]
            hand = [tile for meld in plan["laid"] for tile in meld] + plan["kept"] + [throws[seat]]
            drawn = hand.pop(rng.randrange(len(hand)))
            pile.append(drawn)
            hands.append(hand)
        pile.append(drawn_by_0)
        pile += build.pool
        turns = [{"open": [names(meld) for meld in first], "discard": str(thrown_first[0])} if first
                 else {"discard": str(thrown_first[0])}]
        for seat in (1, 2, 3):
            plan = plans[seat]
            move = {"draw": "pile", "discard": str(throws[seat])}
            if plan["laid"]:
                move["pairs" if plan["pairs"] else "open"] = [names(meld) for meld in plan["laid"]]
            turns.append(move)
        turns.append({"draw": "pile", "open": [names(meld) for meld in second], "discard": str(last)})
        return {"indicator": str(indicator), "hands": [names(hand) for hand in hands], "pile": names(pile),
                "turns": turns}

    # --- builders and readers ---------------------------------------------------------------------------------------

    def _build_penalty(self, indicator, finish, opened, pairs, tiles) -> Iterator[dict]:
        rng = random.Random(f"{indicator}{finish}{opened}{pairs}{tiles}")
        spec = {"opened": opened, "pairs": pairs, "tiles": list(components.tiles(tiles))}
        for _ in range(TRIES):
            if finish == "hand" and opened:
                return
            record = self.round_record(components.tile(indicator), finish, {1: spec}, rng)
            if record is not None:
                yield record

    def _read_penalty(self, match: Match, record) -> dict:
        state = match.state
        if not state.over or state.finished is None:
            return {}
        return {"indicator": str(state.indicator), "finish": state.finish, "opened": state.opened[1],
                "pairs": state.pairs[1], "tiles": names(state.hands[1])}

    def _build_okey(self, indicator):
        yield from self.holding(indicator, [], [])

    def _read_okey(self, match: Match, record) -> dict:
        return {"indicator": str(match.state.indicator)}

    # --- a rack about to lay: a meld, an opening, pairs ---------------------------------------------------------------

    def holding(self, indicator: str, tiles: list[Tile], asks) -> Iterator[dict]:
        """A deal where seat 1 holds these tiles, the record stopped after seat 0's first throw, at seat 1's turn;
        `asks` is what the question asks about them (the reader takes it where seat 1 holds it)."""
        facts, shown = self.rules.facts, components.tile(indicator)
        rng = random.Random(f"{indicator}{names(tiles)}")
        for _ in range(TRIES):
            build = RoundBuilder(self.rules, shown, rng)
            if not build.take(tiles) or len(tiles) > facts.tiles_each:
                return
            hands = [build.junk(facts.starter_tiles), list(tiles) + build.junk(facts.tiles_each - len(tiles))]
            hands += [build.junk(facts.tiles_each) for _ in range(facts.players - 2)]
            if any(len(hand) != size for hand, size in zip(hands, [facts.starter_tiles] + [facts.tiles_each] * 3)):
                continue
            yield {"indicator": indicator, "hands": [names(hand) for hand in hands], "pile": names(build.pool),
                   "turns": [{"discard": str(hands[0][0])}], "asks": asks}
            return

    def _asked(self, match: Match, record, key: str, groups) -> dict:
        state = match.state
        rack = list(state.hands[1])
        if state.turns != 1:
            return {}
        for tile in (tile for group in groups for tile in components.tiles(group)):
            if tile not in rack:
                return {}
            rack.remove(tile)
        return {key: record["asks"], "indicator": str(state.indicator)}

    def _build_valid_meld(self, tiles, indicator):
        yield from self.holding(indicator, list(components.tiles(tiles)), list(tiles))

    def _read_valid_meld(self, match: Match, record) -> dict:
        return self._asked(match, record, "tiles", [record.get("asks", [])])

    _build_meld_value, _read_meld_value = _build_valid_meld, _read_valid_meld

    def _build_opens(self, melds, indicator):
        yield from self.holding(indicator, [tile for meld in melds for tile in components.tiles(meld)], melds)

    def _read_opens(self, match: Match, record) -> dict:
        found = self._asked(match, record, "melds", record.get("asks", []))
        return found

    def _build_opens_with_pairs(self, pairs, indicator):
        yield from self.holding(indicator, [tile for pair in pairs for tile in components.tiles(pair)], pairs)

    def _read_opens_with_pairs(self, match: Match, record) -> dict:
        return self._asked(match, record, "pairs", record.get("asks", []))
