"""Random rounds of 101 Okey played by the engine's own moves: a shuffled set, a gösterge that is no false okey, racks
searched for runs and sets (or pairs) worth an opening, tiles added to the table's melds where they fit, and a tile
thrown at random; played until someone finishes or the pile runs out. The tests count thousands of them against an
independent scorer."""
from __future__ import annotations

import random

from quiz.components import names
from quiz.games.okey.components import COLOURS, SET, Tile
from quiz.games.okey.engine import Match
from quiz.games.okey.legality import OkeyLegality


def random_record(rules: OkeyLegality, rng: random.Random, pairs_share: float = 0.3) -> dict:
    """A whole round as a record (engine.py), every move legal."""
    facts = rules.facts
    tiles = list(SET)
    rng.shuffle(tiles)
    indicator = next(tile for tile in tiles if not tile.is_false_okey)
    tiles.remove(indicator)
    sizes = [facts.starter_tiles] + [facts.tiles_each] * (facts.players - 1)
    hands, start = [], 0
    for size in sizes:
        hands.append(tiles[start:start + size])
        start += size
    record = {"indicator": str(indicator), "hands": [names(hand) for hand in hands], "pile": names(tiles[start:]),
              "turns": []}
    match = Match(rules, indicator, hands, tiles[start:])
    state = match.state
    goes_for_pairs = [rng.random() < pairs_share for _ in range(facts.players)]
    while not state.over:
        seat, move = state.to_play, {}
        if state.turns:
            move["draw"] = "discard" if state.thrown is not None and rng.random() < 0.05 else "pile"
        hand = list(state.hands[seat]) + ([state.pile[0] if move["draw"] == "pile" else state.thrown]
                                          if state.turns else [])
        if not state.opened[seat]:
            if goes_for_pairs[seat]:
                pairs = find_pairs(rules, hand, state.okey)
                if len(pairs) >= facts.opening_pairs:
                    move["pairs"] = [names(pair) for pair in pairs]
            else:
                melds = find_melds(rules, hand, state.okey)
                if sum(sum(rules.meld_numbers(tuple(meld), state.okey)) for meld in melds) >= facts.opening_points:
                    move["open"] = [names(meld) for meld in melds]
        laid = [tile for group in move.get("open", []) + move.get("pairs", []) for tile in group]
        left = list(hand)
        for name in laid:
            left.remove(next(tile for tile in left if str(tile) == name))
        if state.opened[seat] or "open" in move:
            move["add"] = []
            if not state.pairs[seat]:
                for index, meld in enumerate(state.melds):
                    grown = grow(rules, meld.tiles, left, state.okey) if not meld.pairs else None
                    if grown is not None and len(left) > 1:
                        move["add"].append([index, names(grown[0])])
                        left.remove(grown[1])
            if not move["add"]:
                del move["add"]
        move["discard"] = str(rng.choice(left))
        match.turn(move)
        record["turns"].append(move)
    return record


def find_melds(rules: OkeyLegality, hand: list[Tile], okey: Tile) -> list[list[Tile]]:
    """Runs and sets in a rack, taken greedily, the most valuable first, none sharing a tile (okeys and false okeys
    left alone): counted on a grid of colour by number, quick enough to look at every turn."""
    grid = {colour: [0] * 15 for colour in COLOURS}
    for tile in hand:
        if tile != okey and not tile.is_false_okey:
            grid[tile.colour][tile.number] += 1
    found = []
    while True:
        best, best_value = None, 0
        for colour in COLOURS:
            row = grid[colour]
            for start in range(1, 12):
                length = 0
                while length < 5 and row[start + length]:
                    length += 1
                value = length * (2 * start + length - 1) // 2
                if length >= 3 and value > best_value:
                    best, best_value = [Tile(colour, start + step) for step in range(length)], value
        for number in range(1, 14):
            colours = [colour for colour in COLOURS if grid[colour][number]]
            if len(colours) >= 3 and number * len(colours) > best_value:
                best, best_value = [Tile(colour, number) for colour in colours], number * len(colours)
        if best is None:
            return found
        found.append(best)
        for tile in best:
            grid[tile.colour][tile.number] -= 1


def find_pairs(rules: OkeyLegality, hand: list[Tile], okey: Tile) -> list[list[Tile]]:
    """Pairs of one colour and number in a rack, none sharing a tile."""
    left, found = list(hand), []
    for tile in list(left):
        if tile in left and tile != okey:
            left.remove(tile)
            if tile in left:
                left.remove(tile)
                found.append([tile, tile])
            else:
                left.append(tile)
    return found


def grow(rules: OkeyLegality, meld: list[Tile], hand: list[Tile], okey: Tile):
    """A meld one tile longer, at either end, with a tile of the hand; (the new meld, the tile) or None."""
    for tile in hand:
        for grown in (meld + [tile], [tile] + meld):
            if rules.meld_numbers(tuple(grown), okey) is not None:
                return grown, tile
    return None
