"""Farkle's witnesses: for a rule's givens, a game record (engine.py) that replays to a moment whose state shows exactly
those givens. Your earlier turns bank what a question says you have, in turns a table lets you bank (three 1s, then
what is left); the other player farkles, or where three farkles in a row cost points, banks the least a bank may before
a third; the turn the question asks about is yours, each set-aside from a roll that shows it and dice that score
nothing beside it."""
from __future__ import annotations

import functools
import itertools
from typing import Any, Iterator

from quiz.witnesses import Witnesses
from quiz.games.farkle.engine import Match, replay
from quiz.games.farkle.reads import cached_per_chart
from quiz.games.farkle.rules import FarkleRules
from quiz.games.farkle.scoring import counts

YOU, OTHER = "you", "Bruno"
TURN_CHUNK = 1000           # what one of your earlier turns banks: three 1s, in every set
PLAIN_FACES = (2, 4, 6, 3)  # faces beside a set-aside: none scores alone, and at most two of a face, so no set


class FarkleWitnesses(Witnesses):
    """Witnesses at one table's rules (quiz.witnesses.Witnesses)."""

    REPLAY = replay

    def __init__(self, rules: FarkleRules):
        super().__init__(rules)
        self.dice = rules.facts.dice

    # --- turns -------------------------------------------------------------------------------------------------------

    def rolls_for(self, set_asides: list[list[int]]) -> list[list[int]] | None:
        """A roll for each set-aside: the set-aside and, beside it, as many other dice as are in hand; None where a
        set-aside needs more dice than are in hand."""
        in_hand, rolls = self.dice, []
        for dice in set_asides:
            if len(dice) > in_hand:
                return None
            rolls.append(list(dice) + beside(dice, in_hand - len(dice)))
            in_hand = in_hand - len(dice) or self.dice
        return rolls

    def in_hand_after(self, set_asides: list[list[int]]) -> int:
        in_hand = self.dice
        for dice in set_asides:
            in_hand = in_hand - len(dice) or self.dice
        return in_hand

    def farkle_roll(self, n: int) -> list[int] | None:
        return _farkle_roll(self.rules, n)

    def scoring_turn(self, points: int) -> list[list[int]] | None:
        """Set-asides that score exactly `points`, as few as can be (a triple, a single 1 or 5)."""
        return _scoring_turn(self.rules, points)

    def turn(self, player: str, set_asides: list[list[int]], end: str | None,
             last_roll: list[int] | None = None) -> dict:
        rolls = self.rolls_for(set_asides)
        if rolls is None:
            return {}
        if last_roll is not None:
            rolls.append(list(last_roll))
        record: dict[str, Any] = {"player": player, "rolls": rolls, "set_asides": [list(d) for d in set_asides]}
        if end:
            record["end"] = end
        return record

    def banked_turns(self, banked: int) -> list[dict] | None:
        """Your turns, each followed by the other player's, banking `banked` in all: a first turn the table lets you
        bank, then TURN_CHUNK a turn, the rest with the last; None where no such turns add up to it."""
        if banked == 0:
            return []
        chunks = [TURN_CHUNK] * (banked // TURN_CHUNK)
        rest = banked - TURN_CHUNK * len(chunks)
        if rest:
            if chunks and not self.rules.may_bank(TURN_CHUNK, rest):
                chunks[-1] += rest
            else:
                chunks.append(rest)
        turns, total, others = [], 0, _Other(self)
        for points in chunks:
            set_asides = self.scoring_turn(points)
            if set_asides is None or not self.rules.may_bank(total, points):
                return None
            turns.append(self.turn(YOU, set_asides, "bank"))
            total += points
            turns.append(others.next_turn())
        return turns

    def record(self, turns: list[dict]) -> dict:
        return {"players": [YOU, OTHER], "turns": [t for t in turns if t is not None]}

    def your_turn(self, set_asides: list[list[int]], end: str | None = None, last_roll=None,
                  banked: int = 0) -> Iterator[dict]:
        earlier = self.banked_turns(banked)
        if earlier is None:
            return
        turn = self.turn(YOU, set_asides, end, last_roll)
        if turn:
            yield self.record(earlier + [turn])

    def before_roll(self, roll: list[int]) -> list[list[int]]:
        """Set-asides that leave as many dice in hand as the roll has: single 1s (or nothing, for a full roll)."""
        return [[1] * (self.dice - len(roll))] if len(roll) < self.dice else []

    # --- the checks ---------------------------------------------------------------------------------------------------

    def _build_score(self, set_aside) -> Iterator[dict]:
        yield from self.your_turn([list(set_aside)])

    def _read_score(self, game: Match, record) -> dict:
        turn = game.turn
        return {"set_aside": list(turn.set_asides[-1])} if game.moment() == "set aside" else {}

    def _roll_witness(self, roll) -> Iterator[dict]:
        before = self.before_roll(roll)
        yield from self.your_turn(before, last_roll=list(roll))

    def _read_roll(self, game: Match, record) -> dict:
        return {"roll": list(game.turn.showing)} if game.moment() == "rolled" else {}

    _build_best_score = _build_best_set_aside = _build_fewest_to_set_aside = _build_best_dice = _roll_witness
    _build_is_farkle = _build_is_hot_dice = _roll_witness
    _read_best_score = _read_best_set_aside = _read_fewest_to_set_aside = _read_best_dice = _read_roll
    _read_is_farkle = _read_is_hot_dice = _read_roll

    def _build_turn_points(self, set_asides) -> Iterator[dict]:
        yield from self.your_turn(set_asides)

    def _read_turn_points(self, game: Match, record) -> dict:
        return {"set_asides": [list(d) for d in game.turn.set_asides]} if game.moment() == "set aside" else {}

    def _build_total_after_turn(self, banked, set_asides, farkled) -> Iterator[dict]:
        if not farkled:
            yield from self.your_turn(set_asides, "bank", banked=banked)
            return
        last = self.farkle_roll(self.in_hand_after(set_asides))
        if last is not None:
            yield from self.your_turn(set_asides, "farkle", last, banked=banked)

    def _read_total_after_turn(self, game: Match, record) -> dict:
        turn = game.turn
        if turn is None or turn.end is None or turn.player != YOU:
            return {}
        return {"banked": turn.banked_before, "set_asides": [list(d) for d in turn.set_asides],
                "farkled": turn.end == "farkle"}

    def _build_game_ends(self, banked) -> Iterator[dict]:
        """Your turns bank up to `banked`; the question asks at the end of the last."""
        turns = self.banked_turns(banked)
        if turns:
            yield self.record(turns[:-1])

    def _read_game_ends(self, game: Match, record) -> dict:
        turn = game.turn
        if turn is None or turn.end != "bank" or turn.player != YOU:
            return {}
        return {"banked": game.banked[YOU]}

    _build_others_play_on, _read_others_play_on = _build_game_ends, _read_game_ends

    def _build_points_to_end(self, banked) -> Iterator[dict]:
        """At the start of your turn, with `banked` banked."""
        turns = self.banked_turns(banked)
        if turns is not None:
            yield self.record(turns)

    def _read_points_to_end(self, game: Match, record) -> dict:
        if game.moment() not in ("start", "ended") or (game.turn and game.turn.player == YOU):
            return {}
        return {"banked": game.banked[YOU]}

    def _build_rolls_again(self, turn_total, in_hand) -> Iterator[dict]:
        """On the board (an earlier turn banked), your turn reaches the total with these dice in hand."""
        set_asides = _turn_reaching(self.rules.chart, self.dice, turn_total, in_hand)
        if set_asides is not None:
            yield from self.your_turn([list(piece) for piece in set_asides], banked=TURN_CHUNK)

    def _read_rolls_again(self, game: Match, record) -> dict:
        """After a set-aside of your turn, with points banked before and no farkle in a row (no penalty looms)."""
        turn = game.turn
        if game.moment() != "set aside" or turn.player != YOU or not turn.banked_before or game.farkles_in_row[YOU]:
            return {}
        return {"turn_total": turn.points, "in_hand": turn.in_hand}

    def _build_winning_call(self, banked, other_banked, turn_total, in_hand) -> Iterator[dict]:
        """Both players bank their totals in as many turns each (about TURN_CHUNK a turn), you first; then your turn
        reaches the total with these dice in hand."""
        step = self.rules.chart.step
        if banked % step or other_banked % step:
            return
        turns = -(-max(banked, other_banked, 1) // TURN_CHUNK)
        yours, theirs = even_parts(banked, turns, step), even_parts(other_banked, turns, step)
        record: list[dict] = []
        for mine, others in zip(yours, theirs):
            for player, points in ((YOU, mine), (OTHER, others)):
                set_asides = self.scoring_turn(points) if points else None
                if set_asides is None:
                    return
                record.append(self.turn(player, set_asides, "bank"))
        reaching = _turn_reaching(self.rules.chart, self.dice, turn_total, in_hand)
        if reaching is not None:
            yield self.record(record + [self.turn(YOU, [list(piece) for piece in reaching], None)])

    def _read_winning_call(self, game: Match, record) -> dict:
        """After a set-aside of your turn, against one other player, with both last turns banked."""
        turn = game.turn
        if game.moment() != "set aside" or turn.player != YOU or len(game.players) != 2 or any(
                game.farkles_in_row.values()) or game.last_turns is not None:
            return {}
        return {"banked": turn.banked_before, "other_banked": game.banked[OTHER], "turn_total": turn.points,
                "in_hand": turn.in_hand}


def even_parts(total: int, count: int, step: int) -> list[int]:
    """`total` in `count` parts on the score step, as even as can be, the larger first."""
    steps, extra = divmod(total // step, count)
    return [(steps + (i < extra)) * step for i in range(count)]


def beside(dice: list[int], count: int) -> list[int]:
    """`count` dice to show beside a set-aside in its roll: faces it does not use, each once before any twice (no
    triple, no straight, no three pairs beside a pair)."""
    faces = [face for face in PLAIN_FACES if face not in dice] or list(PLAIN_FACES)
    return [faces[i % len(faces)] for i in range(count)]


class _Other:
    """The other player's turns: a farkle on the first roll, or where a third farkle in a row costs points, a bank of
    the least the table allows after two."""

    def __init__(self, witnesses: FarkleWitnesses):
        self.witnesses, self.farkles, self.banked = witnesses, 0, 0

    def next_turn(self) -> dict | None:
        w = self.witnesses
        if self.farkles == 2 and w.rules.farkles_cost():
            step = w.rules.chart.step
            needed = max(w.rules.bank_needs(self.banked), step)
            points = next(p for p in itertools.count(needed, step) if w.scoring_turn(p) is not None)
            self.farkles, self.banked = 0, self.banked + points
            return w.turn(OTHER, w.scoring_turn(points), "bank")
        self.farkles += 1
        return w.turn(OTHER, [], "farkle", w.farkle_roll(w.dice))


def _farkle_roll(rules: FarkleRules, n: int) -> list[int] | None:
    """A roll of n dice that scores nothing at this table (the first in number order), or None (a table where six dice
    that score nothing score after all)."""
    found = _first_farkle(rules.chart, n)
    return list(found) if found is not None else None


@cached_per_chart
def _first_farkle(chart, n: int) -> tuple[int, ...] | None:
    for roll in itertools.combinations_with_replacement(range(1, 7), n):
        if chart.best_set_aside(counts(roll))[0] == 0:
            return roll
    return None


def _scoring_turn(rules: FarkleRules, points: int) -> list[list[int]] | None:
    found = _set_asides_scoring(rules.chart, rules.facts.dice, points)
    return [list(piece) for piece in found] if found is not None else None


@cached_per_chart
def _set_asides_scoring(chart, dice: int, points: int) -> tuple[tuple[int, ...], ...] | None:
    """Set-asides scoring exactly `points`, as few as can be, by coin change over what a triple or a single 1 or 5
    scores at this table; triples first, each from a roll of the dice in hand."""
    pieces = [(face,) * 3 for face in (1, 6, 5, 4, 3, 2)] + [(1,), (5,)]
    priced = [(chart.best_split(counts(piece)), piece) for piece in pieces]
    priced = [(p, piece) for p, piece in priced if p]
    step = chart.step
    best: dict[int, list] = {0: []}
    for total in range(step, points + 1, step):
        options = [best[total - p] + [piece] for p, piece in priced if total - p in best]
        if options:
            best[total] = min(options, key=len)
    found = best.get(points)
    if not found:
        return None
    in_hand, turn = dice, []
    for piece in sorted(found, key=len, reverse=True):
        if len(piece) > in_hand:
            return None
        turn.append(piece)
        in_hand = in_hand - len(piece) or dice
    return tuple(turn)


@cached_per_chart
def _turn_reaching(chart, dice: int, points: int, in_hand: int) -> tuple[tuple[int, ...], ...] | None:
    """Set-asides (triples, single 1s and 5s, each from a roll of the dice in hand) that score exactly `points` and
    leave `in_hand` dice in hand, as few as can be: a search over (points, dice in hand)."""
    if not points:
        return None
    bound = 1000
    while bound < points:       # a search to the next power of two of a thousand: a few per chart serve every total
        bound *= 2
    return _turns_up_to(chart, dice, bound).get((points, in_hand))


@functools.lru_cache(maxsize=None)
def _turns_up_to(chart, dice: int, bound: int) -> dict[tuple[int, int], tuple]:
    """Breadth first from the turn's start, each state (total, dice in hand) up to a total of `bound` with the first
    path that reaches it. A state's path does not depend on how far the search went (every piece adds points, so only
    states of a lower total lead to it, met in the same order): one search serves every total under its bound, not
    one per (total, dice in hand)."""
    pieces = [(face,) * 3 for face in (1, 6, 5, 4, 3, 2)] + [(1,), (5,)]
    priced = [(p, piece) for p, piece in ((chart.best_split(counts(piece)), piece) for piece in pieces) if p]
    paths: dict[tuple[int, int], tuple] = {(0, dice): ()}
    frontier = [(0, dice)]
    while frontier:
        following = []
        for total, hand in frontier:
            for p, piece in priced:
                if len(piece) > hand or total + p > bound:
                    continue
                state = (total + p, hand - len(piece) or dice)
                if state not in paths:
                    paths[state] = paths[(total, hand)] + (piece,)
                    following.append(state)
        frontier = following
    return paths

