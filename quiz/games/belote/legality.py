"""What no deal of Belote can reach, rule by rule (`_illegal_<rule>`, quiz/checker.py): points that do not fit the
tricks, a last trick to a side with no trick, a card twice; and a deal as the command line and the score sheet take it
(score_json), refused in one line where it cannot be. The engine's replay (engine.py) is the other judge."""
from __future__ import annotations

from typing import Iterator

from quiz.checker import IllegalState, MalformedInput
from quiz.games.belote import components
from quiz.games.belote.components import DECK
from quiz.games.belote.rules import BeloteRules

TEAMS = ("A", "B")


class BeloteLegality(BeloteRules):
    """Belote's rules with, for each rule a question asks, what no deal reaches."""

    def _refused_count(self, taker_points: int, taker_tricks: int, last: str) -> Iterator[str]:
        """Card points and tricks no deal ends with: a side's points are at most those of its tricks' best cards, a
        side without a trick has none and not the last trick."""
        facts = self.facts
        self.count(taker_points, taker_tricks, last, None)
        values = sorted((self.points_of(card_, "H") for card_ in DECK), reverse=True)
        defence_tricks = facts.hand_size - taker_tricks
        if taker_points > sum(values[:facts.players * taker_tricks]):
            yield f"{taker_points} card points in {taker_tricks} tricks: they hold {sum(values[:4 * taker_tricks])} " \
                  f"at most"
        elif self.pack_points() - taker_points > sum(values[:facts.players * defence_tricks]):
            yield (f"{taker_points} card points for the takers with {taker_tricks} tricks: the defence's "
                   f"{defence_tricks} tricks cannot hold the other {self.pack_points() - taker_points}")
        side_tricks = {"taker": taker_tricks, "defence": defence_tricks}
        if not side_tricks[last]:
            yield f"the last trick to the {last}, who took no trick"

    def _illegal_made(self, taker_points, taker_tricks, last, belote) -> Iterator[str]:
        yield from self._refused_count(taker_points, taker_tricks, last)

    def _illegal_taker_records(self, taker_points, taker_tricks, last, belote) -> Iterator[str]:
        yield from self._refused_count(taker_points, taker_tricks, last)

    def _illegal_defence_records(self, taker_points, taker_tricks, last, belote) -> Iterator[str]:
        yield from self._refused_count(taker_points, taker_tricks, last)

    def _illegal_may_play(self, card, hand, trick, trump) -> Iterator[str]:
        self.may_play(card, hand, trick, trump)
        both = set(components.cards(hand, None, "hand")) & set(components.cards(trick, None, "trick"))
        if both:
            yield f"{sorted(map(str, both))[0]} is both in the hand and in the trick"

    # --- one deal as the command line and the score sheet take it ----------------------------------------------------

    INPUT_KEYS = ("trump", "taker", "won", "last", "belote")

    def score_json(self, data) -> dict:
        """`python -m quiz score belote`: one deal as a JSON object (INPUT_KEYS: the trump, the taking team "A" or "B",
        the 32 cards split by the team whose tricks hold them, the team of the last trick, the team that announced
        belote or null) counted as the table writes it: what each team records, whether the takers made it, the
        capot, and the points a litige holds for the next deal. MalformedInput or IllegalState, one line each."""
        if not isinstance(data, dict):
            raise MalformedInput(f"expected a JSON object with {', '.join(self.INPUT_KEYS)}")
        unknown = sorted(set(data) - set(self.INPUT_KEYS))
        if unknown:
            raise MalformedInput(f"{unknown[0]}: unknown key; a deal has {', '.join(self.INPUT_KEYS)}")
        missing = [key for key in self.INPUT_KEYS if key not in data and key != "belote"]
        if missing:
            raise MalformedInput(f"{missing[0]}: missing")
        trump = self._trump(data["trump"])
        for key in ("taker", "last"):
            if data[key] not in TEAMS:
                raise MalformedInput(f"{key}: {data[key]!r}; \"A\" or \"B\"")
        belote = data.get("belote")
        if belote not in (None, *TEAMS):
            raise MalformedInput(f"belote: {belote!r}; null, \"A\" or \"B\"")
        won = data["won"]
        if not isinstance(won, dict) or sorted(won) != list(TEAMS):
            raise MalformedInput("won: expected {\"A\": [cards], \"B\": [cards]}")
        taken = {team: components.cards(won[team], None, f"won.{team}") for team in TEAMS}
        twice = set(taken["A"]) & set(taken["B"])
        if twice:
            raise IllegalState(f"{sorted(map(str, twice))[0]} is in both teams' tricks; the pack has each card once")
        missing_cards = [str(card_) for card_ in DECK if card_ not in taken["A"] and card_ not in taken["B"]]
        if missing_cards:
            raise IllegalState(f"{len(missing_cards)} card(s) in no team's tricks, first {missing_cards[0]}: the 32 "
                               f"cards are all played")
        for team in TEAMS:
            if len(taken[team]) % self.facts.players:
                raise IllegalState(f"won.{team}: {len(taken[team])} cards; a trick is {self.facts.players} cards")
        taker, other = data["taker"], "B" if data["taker"] == "A" else "A"
        role = {taker: "taker", other: "defence"}
        points = sum(self.points_of(card_, trump) for card_ in taken[taker])
        tricks = len(taken[taker]) // self.facts.players
        reasons = list(self._refused_count(points, tricks, role[data["last"]]))
        if reasons:
            raise IllegalState(reasons[0])
        found = self.count(points, tricks, role[data["last"]], role.get(belote))
        return {taker: found.taker, other: found.defence, "made": found.made,
                "capot": {"taker": taker, "defence": other}.get(found.capot), "held": found.held}
