"""101 Okey as an engine: a round from the deal to its end, each move checked by the table's rules; a record that
breaks one is refused with IllegalMove naming why. A question's givens are read off the state a record reaches
(witnesses.py), and the random rounds the tests play are records too (play.py).

A record, as JSON:
    {"indicator": "R4",                    the gösterge, face up: it stays out of play
     "hands": [[22 tiles], [21], [21], [21]],   as dealt; seat 0 starts (milliyet.com.tr: 22 to the starter)
     "pile": ["B7", ...],                  the rest, face down, in the order drawn; the 106 tiles are all there once
     "turns": [{"draw": "pile" | "discard",    none on the starter's first turn: it discards first
                "open": [["R5", "R6", "R7"], ...],  melds laid: to open, worth 101 or more; once opened, any …
                "pairs": [["B3", "B3"], ...],      … or pairs (five or more; later turns may lay more pairs)
                "add": [[0, ["R4", "R5", "R6", "R7"]], ...],   a meld on the table (by its number, in the order
                                                    laid) made longer with tiles from the hand: once opened
                "discard": "K9"}, ...]}            every turn ends with a tile thrown; the last one finishes
A round ends when a player's rack is empty after the throw (finished), or when the pile is empty at the end of a turn.
At a classic Okey table (14 tiles, 15 to the starter) there is no opening: tiles are laid only in the turn that
finishes, the whole rack at once, and a finish is with the okey, with pairs or plain (tualimforum.com, "bitiş türleri").
A record may stop anywhere: its state is the round at that moment."""
from __future__ import annotations

import dataclasses

from quiz.checker import IllegalState, MalformedInput
from quiz.games.okey import components
from quiz.components import names
from quiz.games.okey.components import SET, Tile, okey_of
from quiz.games.okey.legality import OkeyLegality


class IllegalMove(IllegalState):
    """A move the rules do not allow at this moment, or a record that is no round."""


@dataclasses.dataclass
class Meld:
    owner: int
    tiles: list[Tile]
    pairs: bool = False


@dataclasses.dataclass
class State:
    """A round at some moment: the gösterge and okey, each rack, the pile, the melds on the table, who opened (and
    with pairs), the last tile thrown, how the round ended."""

    indicator: Tile
    okey: Tile
    hands: list[list[Tile]]
    pile: list[Tile]
    melds: list[Meld] = dataclasses.field(default_factory=list)
    opened: list[bool] = dataclasses.field(default_factory=lambda: [False] * 4)
    pairs: list[bool] = dataclasses.field(default_factory=lambda: [False] * 4)
    turns: int = 0
    thrown: Tile | None = None
    finished: int | None = None
    finish: str | None = None
    pile_ran_out: bool = False

    @property
    def over(self) -> bool:
        return self.finished is not None or self.pile_ran_out

    @property
    def to_play(self) -> int:
        return self.turns % len(self.hands)


class Match:
    """A round of 101 Okey, turn by turn: turn() for each."""

    def __init__(self, rules: OkeyLegality, indicator: Tile, hands: list[list[Tile]], pile: list[Tile]):
        if indicator.is_false_okey:
            raise IllegalMove("indicator: a false okey is never the gösterge")
        facts = rules.facts
        sizes = [len(hand) for hand in hands]
        if sizes != [facts.starter_tiles] + [facts.tiles_each] * (facts.players - 1):
            raise IllegalMove(f"hands of {sizes} tiles: {facts.starter_tiles} to the starter, {facts.tiles_each} "
                              f"to each other player")
        dealt = sorted(map(str, [indicator, *pile, *(tile for hand in hands for tile in hand)]))
        if dealt != sorted(map(str, SET)):
            extra = components.too_many([indicator, *pile, *(tile for hand in hands for tile in hand)])
            raise IllegalMove("the gösterge, hands and pile are not the set's 106 tiles"
                              + (f": {extra} three times" if extra else ""))
        self.rules = rules
        self.state = State(indicator, okey_of(indicator), [list(hand) for hand in hands], list(pile))

    def turn(self, move: dict) -> None:
        state = self.state
        if state.over:
            raise IllegalMove("turn: the round is over")
        seat = state.to_play
        hand = state.hands[seat]
        opened_before = any(state.opened)
        self._draw(seat, move.get("draw"))
        opening_now = False
        if "open" in move or "pairs" in move:
            opening_now = self._open(seat, move)
        for index, tiles in move.get("add", []):
            self._add(seat, index, [components.tile(name) for name in tiles])
        if "discard" not in move:
            raise IllegalMove(f"seat {seat}: a turn ends with a tile thrown")
        thrown = components.tile(move["discard"], "discard")
        self._take(seat, [thrown])
        state.thrown = thrown
        state.turns += 1
        classic = self.rules.facts.classic
        if classic and hand and ("open" in move or "pairs" in move or "add" in move):
            raise IllegalMove(f"seat {seat}: in classic Okey a player lays tiles only to finish, the whole rack at "
                              f"once")
        if not hand:
            state.finished = seat
            state.finish = ("okey" if thrown == state.okey else
                            "hand" if opening_now and not opened_before and not classic else
                            "pairs" if state.pairs[seat] else "normal")
        elif not state.pile:
            state.pile_ran_out = True

    def _draw(self, seat: int, draw) -> None:
        state = self.state
        if state.turns == 0:
            if draw is not None:
                raise IllegalMove("the starter's first turn: it holds 22 tiles and throws one without drawing")
            return
        if draw == "pile":
            state.hands[seat].append(state.pile.pop(0))
        elif draw == "discard":
            state.hands[seat].append(state.thrown)
            state.thrown = None
        else:
            raise IllegalMove(f"seat {seat}: draw {draw!r}; \"pile\" or \"discard\" (the tile the player before threw)")

    def _take(self, seat: int, tiles: list[Tile]) -> None:
        hand = self.state.hands[seat]
        for tile in tiles:
            if tile not in hand:
                raise IllegalMove(f"seat {seat} lays or throws {tile}, which its rack does not hold")
            hand.remove(tile)

    def _open(self, seat: int, move: dict) -> bool:
        """Melds worth 101 or more, or five pairs or more, to open; once opened, more of the same kind; True where
        this opens the hand."""
        state, rules = self.state, self.rules
        if "pairs" in move:
            pairs = [components.tiles(pair, "pairs") for pair in move["pairs"]]
            if state.opened[seat] and not state.pairs[seat]:
                raise IllegalMove(f"seat {seat} opened with melds: it lays no pairs")
            if not all(rules.is_pair(pair, state.okey) for pair in pairs):
                raise IllegalMove(f"seat {seat}: pairs {move['pairs']}: each two tiles of one colour and number")
            if not state.opened[seat] and len(pairs) < rules.facts.opening_pairs:
                raise IllegalMove(f"seat {seat} opens with {len(pairs)} pairs: {rules.facts.opening_pairs} needed")
            for pair in pairs:
                self._take(seat, list(pair))
                state.melds.append(Meld(seat, list(pair), pairs=True))
            opening = not state.opened[seat]
            state.opened[seat] = state.pairs[seat] = True
            return opening
        if state.pairs[seat]:
            raise IllegalMove(f"seat {seat} opened with pairs: it lays no runs or sets")
        melds = [components.tiles(meld, "open") for meld in move["open"]]
        values = [rules.meld_numbers(meld, state.okey) for meld in melds]
        if None in values:
            raise IllegalMove(f"seat {seat} lays {names(melds[values.index(None)])}, which is no run or set")
        total = sum(sum(numbers) for numbers in values)
        if not state.opened[seat] and total < rules.facts.opening_points and not rules.facts.classic:
            raise IllegalMove(f"seat {seat} opens with {total}: {rules.facts.opening_points} or more needed")
        for meld in melds:
            self._take(seat, list(meld))
            state.melds.append(Meld(seat, list(meld)))
        opening = not state.opened[seat]
        state.opened[seat] = True
        return opening

    def _add(self, seat: int, index, tiles: list[Tile]) -> None:
        """A meld on the table made longer (işleme, milliyet.com.tr: only by a player who has opened; one who opened
        with pairs too: kerimayvaz77, "İşleme Kuralları", and baguvix, rules/okey/sources.md)."""
        state = self.state
        if not state.opened[seat]:
            raise IllegalMove(f"seat {seat} adds to a meld: only a player who has opened may")
        if type(index) is not int or not 0 <= index < len(state.melds) or state.melds[index].pairs:
            raise IllegalMove(f"seat {seat} adds to meld {index!r}, which is not a run or set on the table")
        old = state.melds[index].tiles
        rest = list(tiles)
        for tile in old:
            if tile not in rest:
                raise IllegalMove(f"seat {seat}: {names(tiles)} does not keep the meld {names(old)}")
            rest.remove(tile)
        if not rest or self.rules.meld_numbers(tuple(tiles), state.okey) is None:
            raise IllegalMove(f"seat {seat}: {names(tiles)} is no longer run or set")
        self._take(seat, rest)
        state.melds[index].tiles = list(tiles)

    def result(self) -> dict:
        """Once the round is over, as the score sheet and the command line take it."""
        state = self.state
        if not state.over:
            raise IllegalMove("the round is not over")
        return {"indicator": str(state.indicator), "finish": state.finish,
                "players": [{"opened": state.opened[seat], "pairs": state.pairs[seat],
                             "finished": state.finished == seat, "tiles": names(state.hands[seat])}
                            for seat in range(len(state.hands))]}


def replay(rules: OkeyLegality, record: dict) -> Match:
    """The round a record reaches, every move checked; IllegalMove naming the first that breaks a rule."""
    if not isinstance(record, dict):
        raise IllegalMove(f"a record is a mapping, not {record!r}")
    try:
        hands = [list(components.tiles(hand, "hands")) for hand in record.get("hands", [])]
        match = Match(rules, components.tile(record.get("indicator"), "indicator"), hands,
                      list(components.tiles(record.get("pile", []), "pile")))
        for move in record.get("turns", []):
            if not isinstance(move, dict):
                raise IllegalMove(f"a turn is a mapping, not {move!r}")
            match.turn(move)
    except MalformedInput as exc:
        raise IllegalMove(str(exc)) from None
    return match
