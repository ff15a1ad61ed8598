"""Faraway's witnesses: for a rule's givens, a game record (engine.py) that replays from the deal to a moment whose
state shows exactly those givens, or None when none is found. A witness is built, not searched blindly: the rows each
player plays, then the deal and the centres that put those Regions in their hands, then the engine plays it out
(whoever finds a Sanctuary places the one the question gives, laid on top of the pile for that draw); only a short
Sanctuary pile needs a search, depth-first over rows that rise and fall and show the clues the draws need. Every
witness is replayed and read before it is returned: a record that does not reach the givens is never one."""
from __future__ import annotations

import itertools
from typing import Any, Iterator

from quiz.witnesses import Witnesses
from quiz.games.faraway.engine import Match, IllegalMove, replay
from quiz.games.faraway.givens import rising_steps

YOU = "you"                                                  # the player a question says "you" to
OTHERS = ("Bruno", "Cem", "Dora", "Emil", "Fatma", "Gül")    # players a question does not name
MID_ROUND = 4                                                # "a mid-game round"


def play_out(rules, rows: dict[str, list[int]], rounds: int, until: int | str | None = None,
             sanctuaries: dict[str, list[str]] | None = None) -> dict:
    """A record, at these rules, in which each player (in this seating order) plays their row, a Region a round, for
    `rounds` rounds, the last stopping after its first `until` turns (0: right after the plays), after the turn of the
    player named `until`, or at its end (None). Each hand holds the next Regions of its row: dealt the first, taking
    each next one from a centre laid out for it. Whoever finds a Sanctuary places the next one of their plan in
    `sanctuaries` (by id), laid on top of the pile for that draw with cards nobody plans under it, or else the first
    one drawn. IllegalMove if the Regions do not go round."""
    facts, names = rules.facts, list(rows)
    used = {n for row in rows.values() for n in row}
    spare = (n for n in range(facts.number_max, facts.number_min - 1, -1) if n not in used)
    taking = [r for r in range(1, rounds + 1) if rules.takes_from_center(r)]
    try:
        needs = {name: list(row) + [next(spare) for _ in range(facts.hand + len(taking) - len(row))]
                 for name, row in rows.items()}
        extra = {name: [next(spare) for _ in range(facts.dealt - facts.hand)] for name in names}
        centres = []
        for r in range(1, rounds + 1):
            takes = [needs[name][facts.hand + r - 1] for name in names] if r in taking else []
            centres.append(takes + [next(spare) for _ in range(rules.center_size(len(names)) - len(takes))])
    except StopIteration:
        raise IllegalMove(f"{len(names)} players' rows and hands need more Regions than the "
                          f"{facts.regions} there are") from None
    dealt = [n for name in names for n in needs[name][:facts.hand] + extra[name]]
    laid_out = [n for centre in centres for n in centre]
    record: dict[str, Any] = {"players": names, "regions": dealt + laid_out, "sanctuaries": [], "rounds": []}
    if facts.dealt != facts.hand:
        record.update(regions=dealt, kept={name: needs[name][:facts.hand] for name in names}, reshuffled=laid_out)
    game = replay(rules, record)
    pile = PileLayout(game, sanctuaries or {})
    for r in range(1, rounds + 1):
        played = {name: rows[name][r - 1] for name in names}
        game.play(played)
        done: list[dict] = []
        record["rounds"].append({"play": played, "turns": done})
        for player in game.pick_order():
            if r == rounds and (until == len(done) or (done and done[-1]["player"] == until)):
                break
            place = pile.draw_for(player) if game.finds(player) else None
            take = needs[player.name][facts.hand + r - 1] if r in taking else None
            game.turn(player.name, place, take)
            done.append({"player": player.name, "place": place, "take": take})
    record["sanctuaries"] = pile.top
    return record


class FarawayWitnesses(Witnesses):
    """Witnesses at one table's rules (quiz.witnesses.Witnesses): a builder per rule a question asks, each laying out
    the rows, deal and centres of a game, and a reader per rule, the givens the state it reaches shows."""

    REPLAY = replay

    def rows_for(self, you: list[int], others: int = 1, length: int | None = None) -> dict[str, list[int]]:
        """Your row and rows for `others` players the question says nothing of: numbers nobody else plays, from the
        top down, so they never beat the one before (they find no Sanctuary)."""
        length = len(you) if length is None else length
        pool = [n for n in range(self.facts.number_max, self.facts.number_min - 1, -1) if n not in set(you)]
        rows = {YOU: list(you)}
        for name in OTHERS[:others]:
            rows[name], pool = pool[:length], pool[length:]
        return rows

    # --- the checks: each builder yields candidate records, each reader the givens a record's state shows -------------

    def _tableau_record(self, tableau: dict, until: int | None) -> dict:
        numbers = [card_key(region) for region in tableau["regions"]]
        return play_out(self.rules, self.rows_for(numbers), len(numbers), until,
                             {YOU: [card_key(s) for s in tableau.get("sanctuaries", [])]})

    def _build_score(self, tableau) -> Iterator[dict]:
        yield self._tableau_record(tableau, None)

    def _read_score(self, game: Match, record) -> dict:
        return {"tableau": game.tableau(you(game))} if game.over else {}

    def without_clues(self) -> list[str]:
        """The Sanctuaries that show no clue, in the card list's order."""
        return [card.key for card in self.facts.cards.sanctuaries if not card.clues]

    def _build_sanctuaries_at_end(self, row) -> Iterator[dict]:
        """Your row played out; each round that finds Sanctuaries, you keep one without a clue, as the question says."""
        numbers = [card_key(region) for region in row]
        yield play_out(self.rules, self.rows_for(numbers), len(numbers), None,
                            {YOU: self.without_clues()[:rising_steps(numbers)]})

    def _read_sanctuaries_at_end(self, game: Match, record) -> dict:
        kept = you(game).sanctuaries
        if not game.over or any(self.facts.cards.sanctuary(s).clues for s in kept):
            return {}
        return {"row": list(you(game).row)}

    def _build_sanctuary_draws_for(self, tableau) -> Iterator[dict]:
        yield self._tableau_record(tableau, 0)

    def _read_sanctuary_draws_for(self, game: Match, record) -> dict:
        return {"tableau": game.tableau(you(game))} if game.moment() == "plays" else {}

    _build_clues_in_tableau, _read_clues_in_tableau = _build_sanctuary_draws_for, _read_sanctuary_draws_for

    def _build_first_scored(self, played) -> Iterator[dict]:
        yield play_out(self.rules, self.rows_for(played), self.facts.rounds)

    def _read_first_scored(self, game: Match, record) -> dict:
        return {"played": list(you(game).row)} if game.over else {}

    _build_sees_everything, _read_sees_everything = _build_first_scored, _read_first_scored

    def _build_play_order(self, rows) -> Iterator[dict]:
        """Short of space, a row laid out in several lines: the record says how (`layout`, each line's length)."""
        record = play_out(self.rules, self.rows_for([n for line in rows for n in line]), self.facts.rounds)
        yield {**record, "layout": {YOU: [len(line) for line in rows]}}

    def _read_play_order(self, game: Match, record) -> dict:
        if not game.over:
            return {}
        row, lines = iter(you(game).row), record.get("layout", {}).get(YOU, [len(you(game).row)])
        return {"rows": [list(itertools.islice(row, length)) for length in lines]}

    _build_scoring_order, _read_scoring_order = _build_play_order, _read_play_order

    def _build_finds_sanctuary_in_row(self, row) -> Iterator[dict]:
        yield play_out(self.rules, self.rows_for(row), len(row), 0)

    def _read_finds_sanctuary_in_row(self, game: Match, record) -> dict:
        return {"row": list(you(game).row)} if game.moment() == "plays" else {}

    _build_sanctuaries_found, _read_sanctuaries_found = _build_finds_sanctuary_in_row, _read_finds_sanctuary_in_row

    def _build_sanctuaries_returned(self, drawn) -> Iterator[dict]:
        """Your turn in a round where your Region beats the one before, with drawn - 1 clues in your tableau: a rising
        row of Regions that show a clue each, after one that shows none; each Sanctuary kept on the way shows none."""
        clues = drawn - self.facts.sanctuary_base_draw
        with_clue = [card.key for card in self.facts.cards.regions if card.clues == 1]
        first = next(card.key for card in self.facts.cards.regions if not card.clues)
        if not 0 < clues <= min(len(with_clue), self.facts.rounds - 1) or first >= with_clue[0]:
            return
        row = [first] + with_clue[:clues]
        yield play_out(self.rules, self.rows_for(row), len(row), YOU, {YOU: self.without_clues()[:len(row) - 1]})

    def _read_sanctuaries_returned(self, game: Match, record) -> dict:
        return {"drawn": game.turns[-1].drew} if game.turns and game.turns[-1].player == YOU else {}

    _build_sanctuaries_placed, _read_sanctuaries_placed = _build_sanctuaries_returned, _read_sanctuaries_returned

    def _build_pick_order(self, played) -> Iterator[dict]:
        """The plays of a mid-game round: each player's number, after rows that fall until then."""
        names, rounds = list(played), MID_ROUND
        pool = [n for n in range(self.facts.number_max, self.facts.number_min - 1, -1) if n not in played.values()]
        rows = {}
        for name in names:
            rows[name], pool = pool[:rounds - 1] + [played[name]], pool[rounds - 1:]
        yield play_out(self.rules, rows, rounds, 0)

    def _read_pick_order(self, game: Match, record) -> dict:
        return {"played": dict(game.played)} if game.moment() == "plays" else {}

    def _build_center_left(self, players, taken) -> Iterator[dict]:
        rows = self.rows_for([], players - 1, MID_ROUND)
        rows[YOU] = [n for n in range(self.facts.number_min, self.facts.number_max + 1)
                     if all(n not in row for row in rows.values())][:MID_ROUND]
        yield play_out(self.rules, rows, MID_ROUND, taken)

    def _read_center_left(self, game: Match, record) -> dict:
        """During a round's turns, or at its end (everyone took: the turns stay until the next plays)."""
        if game.moment() not in ("turns", "plays", "round-end") or game.round == self.facts.rounds:
            return {}
        return {"players": len(game.players), "taken": len(game.turns)}

    def _build_takes_from_center(self, round_number) -> Iterator[dict]:
        yield play_out(self.rules, self.rows_for(list(range(self.facts.number_max, 0, -1))[:round_number]),
                       round_number, 0)

    def _read_takes_from_center(self, game: Match, record) -> dict:
        return {"round_number": game.round} if game.moment() == "plays" else {}

    def _build_places_sanctuary(self, round_number, previous, new) -> Iterator[dict]:
        before = [n for n in range(self.facts.number_max, 0, -1) if n not in (previous, new)][:round_number - 2]
        yield play_out(self.rules, self.rows_for(before + [previous, new]), round_number, 0)

    def _read_places_sanctuary(self, game: Match, record) -> dict:
        row = you(game).row
        if game.moment() != "plays" or len(row) < 2:
            return {}
        return {"round_number": game.round, "previous": row[-2], "new": row[-1]}

    def _build_center_at_round_end(self, players, round_number) -> Iterator[dict]:
        yield play_out(self.rules, self.rows_for(list(range(self.facts.number_max, 0, -1))[:round_number], players - 1),
                            round_number)

    def _read_center_at_round_end(self, game: Match, record) -> dict:
        ended = game.ended
        if ended is None or (game.played and not game.over):
            return {}
        return {"players": len(game.players), "round_number": ended[0]}

    def _build_winner(self, players) -> Iterator[dict]:
        """Each player's row, keeping the Sanctuaries the question gives them."""
        yield play_out(self.rules, {name: [card_key(n) for n in player["numbers"]] for name, player in players.items()},
                            self.facts.rounds, None,
                            {name: [card_key(s) for s in player.get("sanctuaries") or []]
                             for name, player in players.items()})

    def _read_winner(self, game: Match, record) -> dict:
        if not game.over:
            return {}
        found = {}
        for player in game.players:
            found[player.name] = {"numbers": list(player.row)}
            if player.sanctuaries:
                found[player.name]["sanctuaries"] = list(player.sanctuaries)
        return {"players": found}

    _build_win_shared, _read_win_shared = _build_winner, _read_winner

    # --- a short Sanctuary pile ---------------------------------------------------------------------------------------

    def _build_short_deck_draws(self, pile, players, round_number, seated) -> Iterator[dict]:
        """`seated` players, in round `round_number`: the drawers play their numbers and beat the Region before, with
        wants - 1 clues in their tableaux (Regions that show one, then Sanctuaries kept that show one); before that
        round, enough Sanctuaries were placed to leave `pile`: one per player whose Region beat the one before, in each
        round from the second."""
        facts = self.facts
        placed = facts.sanctuaries - pile
        drawers = dict(sorted(players.items(), key=lambda item: item[1]["number"]))
        quiet = [name for name in OTHERS if name not in players]
        earlier = round_number - 1 - facts.no_sanctuary_round        # rounds before this one that can find one
        if placed > seated * earlier:
            return
        names = list(drawers) + quiet[:seated - len(drawers)]
        clue = {card.key for card in facts.cards.regions if card.clues}
        for rises in _rises(names, drawers, placed, earlier):
            wanted = {name: (player["wants"] - facts.sanctuary_base_draw - rises[name],
                             player["wants"] - facts.sanctuary_base_draw) for name, player in drawers.items()}
            rows = _rows(names, drawers, rises, round_number, facts.number_min, facts.number_max, clue, wanted)
            if rows is None:
                continue
            plans = {}      # the drawers' clues add up to their draw; the others keep whatever comes first
            for name in drawers:
                on_regions = sum(n in clue for n in rows[name])
                from_sanctuaries = drawers[name]["wants"] - facts.sanctuary_base_draw - on_regions
                plans[name] = [WITH_CLUE] * from_sanctuaries + [WITHOUT_CLUE] * (rises[name] - from_sanctuaries)
            try:
                yield play_out(self.rules, rows, round_number, 0, plans)
            except IllegalMove:     # these rows do not go round: the next candidate may
                continue

    def _read_short_deck_draws(self, game: Match, record) -> dict:
        if game.moment() != "plays":
            return {}
        return {"pile": len(game.pile),
                "players": {p.name: {"number": p.row[-1], "wants": game.wants(p)}
                            for p in game.players if game.finds(p)},
                "round_number": game.round, "seated": len(game.players)}


WITH_CLUE, WITHOUT_CLUE = "?with-clue", "?without-clue"     # in a plan: any Sanctuary that shows a clue, or none


class PileLayout:
    """The Sanctuary pile of a record laid out draw by draw, as a game is played out: each player who finds Sanctuaries
    gets the next one of their plan (an id, or WITH_CLUE / WITHOUT_CLUE: any such card) on top of what they draw, with
    cards nobody plans under it, so they can place it. `top` is the pile from the top so far (the rest of the card
    list follows in its order). Once the draws have gone through the untouched pile (returned cards coming up again),
    a draw takes what comes, and the player places the planned card or kind if it is among them."""

    def __init__(self, game: Match, plans: dict[str, list[str]]):
        self.game, self.plans = game, {name: list(ids) for name, ids in plans.items()}
        planned = {sanctuary for ids in plans.values() for sanctuary in ids}
        self.free = [s for s in game.facts.cards.ids() if s not in planned]     # not laid out yet, nobody's plan
        self.top: list[str] = []
        self.cards = len(game.pile)

    def fits(self, sanctuary: str, planned: str | None) -> bool:
        if planned in (WITH_CLUE, WITHOUT_CLUE):
            return bool(self.game.facts.cards.sanctuary(sanctuary).clues) == (planned == WITH_CLUE)
        return planned is None or sanctuary == planned

    def draw_for(self, player) -> str | None:
        """The Sanctuary the player places this turn: the next of their plan, or the first one drawn."""
        wants = self.game.wants(player)
        plan = self.plans.get(player.name) or []
        planned = plan.pop(0) if plan else None
        untouched = self.cards - len(self.top)
        if untouched >= wants:
            first = planned if planned is not None and planned not in (WITH_CLUE, WITHOUT_CLUE) else \
                next((s for s in self.free if self.fits(s, planned)), None)
            segment = ([first] if first else []) + [s for s in self.free if s != first][:wants - bool(first)]
            self.free = [s for s in self.free if s not in segment]
            returned = self.game.pile[untouched:]
            rest = [s for s in self.game.pile[:untouched] if s not in segment]
            self.game.pile = segment + rest + returned
            self.top += segment
        return next((s for s in self.game.pile[:wants] if self.fits(s, planned)), None)


def card_key(ref) -> int | str:
    """A card as a question names it, by its number or id: a question may write {number: 60, …its own face}."""
    if isinstance(ref, dict):
        return ref["number"] if "number" in ref else ref["id"]
    return ref


def you(game: Match):
    return next(p for p in game.players if p.name == YOU)


def _rises(names: list[str], drawers: dict, placed: int, earlier: int) -> Iterator[dict[str, int]]:
    """Ways to share `placed` Sanctuaries among the players, at most one a round in the `earlier` rounds: the players
    who do not draw now first, then the drawers with the highest numbers (a low number has little room below it for
    Regions that each beat the one before)."""
    order = [n for n in names if n not in drawers] + sorted(drawers, key=lambda n: -drawers[n]["number"])
    left, rises = placed, {}
    for name in order:
        rises[name] = min(earlier, left)
        left -= rises[name]
    if not left:
        yield rises
        yield {name: rises[name] for name in names}


def _rows(names: list[str], drawers: dict, rises: dict[str, int], rounds: int, low: int, high: int,
          clue: set[int] = frozenset(), wanted: dict | None = None) -> dict | None:
    """Rows of `rounds` Regions, all numbers different: a player with k rises beats the Region before in rounds 2 to
    k + 1 and not after, until the last round, which a drawer wins with their number and the others lose; a player in
    `wanted` has between (low, high) of its numbers in `clue`. The drawers with the lowest numbers are laid first, each
    row from its last Region backwards."""
    free = set(range(low, high + 1)) - {d["number"] for d in drawers.values()}
    rows = {}
    for name in sorted(names, key=lambda n: (n not in drawers, drawers.get(n, {}).get("number", 0))):
        pattern = [True] * rises[name] + [False] * (rounds - 2 - rises[name]) + [name in drawers]   # steps 2..rounds
        row = _row(pattern, drawers[name]["number"] if name in drawers else None, free, clue,
                   (wanted or {}).get(name))
        if row is None:
            return None
        free -= set(row)
        rows[name] = row
    return {name: rows[name] for name in names}


def _row(pattern: list[bool], last: int | None, free: set[int], clue: set[int] = frozenset(),
         clues: tuple[int, int] | None = None) -> list[int] | None:
    """A row whose step i beats the one before iff pattern[i] (step 2 first), ending with `last` (or any free number),
    from free numbers, with between clues[0] and clues[1] of them in `clue` (if given); by depth-first search from the
    end, largest number below first after a rise, smallest above first after a fall, so that runs keep room, and
    numbers in `clue` first while the row may take more (fewer Sanctuaries with a clue are needed then)."""
    low, high = clues if clues is not None else (0, len(pattern) + 1)

    def extend(row: list[int], steps: list[bool]) -> list[int] | None:
        shown = sum(n in clue for n in row)
        if shown > high or shown + len(steps) < low:
            return None
        if not steps:
            return row
        rise, head = steps[-1], row[0]
        candidates = sorted((n for n in free if n < head), reverse=True) if rise else \
            sorted(n for n in free if n > head)
        if clues is not None:
            candidates.sort(key=lambda n: (n in clue) != (shown < high))   # a stable sort: the order above within each
        for number in [c for c in candidates if c not in row][:4]:
            found = extend([number] + row, steps[:-1])
            if found is not None:
                return found
        return None
    starts = [last] if last is not None else sorted(free, key=lambda n: abs(n - 34))[:3]
    for start in starts:
        found = extend([start], pattern)
        if found is not None:
            return found
    return None
