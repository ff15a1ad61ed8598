"""What no game of Skat can reach, rule by rule (`_illegal_<rule>`, quiz/checker.py), and what no declaration may be:
an announcement outside a hand game, card points that do not fit the tricks, a value no game has bid, a game that cannot
reach the bid. The checker asks it before a rule answers; the engine (engine.py) asks it of each declaration; the
command line and the list take one game through it (score_json)."""
from __future__ import annotations

from typing import Iterator

from quiz.checker import IllegalState, MalformedInput
from quiz.games.skat.components import DECK, Card
from quiz.games.skat.rules import Outcome, SkatRules


class SkatLegality(SkatRules):
    """Skat's rules with, for each rule a question asks, what no game reaches."""

    def highest_value(self, game: str, known: tuple[Card, ...], hand: bool, ouvert: bool,
                      announced: str | None) -> int:
        """The most a declared game can still be worth, as the declarer knows his cards when he declares: a Null game's
        fixed value; else every level it can still reach (schneider and schwarz made), with the most Spitzen his cards
        allow: the ten he holds and, in a hand game, any two of the others in the unseen skat."""
        if game == "null":
            return self.null_value(hand, ouvert)
        if hand:
            spitzen = self._most_spitzen(game, set(known[:self.facts.hand_size]), self.facts.skat_size)
        else:
            spitzen = self._spitzen(game, known)[1]
        if ouvert:
            announced = "schwarz"
        levels = spitzen + 1 + hand + 2 + bool(announced) + (announced == "schwarz") + ouvert
        return self.base_value(game) * levels

    def _refused_contract(self, game: str, hand: bool, ouvert: bool, announced: str | None) -> Iterator[str]:
        """A contract the declarer cannot declare: an announcement outside a hand game or in Null, a suit or grand
        game ouvert without hand (ISkO 5.2.5, 5.2.6; 2.1.2 files ouvert among the hand games)."""
        if game == "null":
            if announced:
                yield f"{announced} is announced in a Null game, which has no schneider or schwarz"
            return
        if announced and not hand:
            yield f"{announced} is announced in a game that is not played hand: only a hand game may announce it"
        if ouvert and not hand:
            yield "a suit or grand game played ouvert is played hand too"
        if ouvert and announced == "schneider":
            yield "a suit or grand game played ouvert announces schwarz, not schneider"

    def _refused_play(self, game: str, cards: list[str], points: int, tricks: int) -> Iterator[str]:
        """Card points and tricks that no game of these cards can end with: the skat's points are always the
        declarer's; every trick holds three cards, so a side's points are at most those of its tricks' best cards."""
        twelve = self._twelve(cards)
        skat = sum(self.points_of(card_) for card_ in twelve[self.facts.hand_size:])
        if game == "null":
            return
        total = self.total_points()
        if points < skat:
            yield f"{points} card points, fewer than the skat's own {skat}, which count for the declarer"
            return
        others = sorted((self.points_of(card_) for card_ in DECK if card_ not in twelve[self.facts.hand_size:]),
                        reverse=True)
        most_taken = sum(others[:3 * tricks])
        most_lost = sum(others[:3 * (self.facts.hand_size - tricks)])
        if points - skat > most_taken:
            yield f"{points} card points in {tricks} tricks and the skat: {tricks} tricks hold {most_taken} at most"
        elif total - points > most_lost:
            yield (f"{points} card points with {tricks} tricks: the others' {self.facts.hand_size - tricks} tricks "
                   f"cannot hold the remaining {total - points}")

    def _refused_bid(self, bid: int) -> Iterator[str]:
        if bid not in self.bid_values():
            yield f"{bid} is not a value that can be bid (18, 20, 22, 23, 24, 27, …, {self.bid_values()[-1]})"

    def _refused_declaration(self, game: str, known: tuple[Card, ...], hand: bool, ouvert: bool,
                             announced: str | None, bid: int) -> Iterator[str]:
        """A game the declarer may not declare after this bid: one that cannot reach it whatever happens, such as a
        Null game worth less (the opponents refuse it: preisskat.org, "Null Hand offen", a Skatgericht ruling). A suit
        game that could still reach it may be declared, and is lost as overbid where it does not (ISkO 5.4.2)."""
        highest = self.highest_value(game, known, hand, ouvert, announced)
        if highest < bid:
            yield (f"{game} worth {highest} at most is declared after a bid of {bid}: a game must be able to reach "
                   f"the bid")

    def _illegal_list_score(self, game, cards, hand, ouvert, announced, points, tricks, bid) -> Iterator[str]:
        self.outcome(game, cards, hand, ouvert, announced, points, tricks, bid)
        yield from self._refused_contract(game, hand, ouvert, announced)
        yield from self._refused_play(game, cards, points, tricks)
        yield from self._refused_bid(bid)
        yield from self._refused_declaration(game, self._twelve(cards), hand, ouvert, announced, bid)

    def _illegal_seeger_fabian(self, game, cards, hand, ouvert, announced, points, tricks, bid) -> Iterator[str]:
        yield from self._illegal_list_score(game, cards, hand, ouvert, announced, points, tricks, bid)

    def _illegal_game_value(self, game, cards, hand, ouvert, announced, points, tricks) -> Iterator[str]:
        self.game_value(game, cards, hand, ouvert, announced, points, tricks)
        yield from self._refused_contract(game, hand, ouvert, announced)
        yield from self._refused_play(game, cards, points, tricks)

    def check_game(self, game, cards, hand, ouvert, announced, points, tricks, bid) -> None:
        """IllegalState naming the first reason these describe no game a table can have played."""
        reasons = self.illegal("list_score", dict(game=game, cards=cards, hand=hand, ouvert=ouvert,
                                                  announced=announced, points=points, tricks=tricks, bid=bid))
        if reasons:
            raise IllegalState(reasons[0])

    def times_doubled(self, kontra: str | None, bock: bool) -> int:
        """What a table that plays them multiplies a game's score by: Kontra twice, Re (after Kontra) four times
        (raschesspiele.de, "Kontra und Re"; kneipenskat.blogspot.com), a game of a Bock round twice more
        (skatspielen.info, "Spielvarianten"). The ISkO has neither: where the table does not play one, it is refused."""
        if kontra not in (None, "kontra", "re"):
            raise MalformedInput(f"kontra: {kontra!r}; null, \"kontra\" or \"re\"")
        if type(bock) is not bool:
            raise MalformedInput(f"bock: {bock!r}; true or false")
        if kontra and not self.facts.kontra:
            raise MalformedInput(f"kontra: {kontra!r}, but this table plays no Kontra (the ISkO has none)")
        if bock and not self.facts.bock:
            raise MalformedInput("bock: true, but this table plays no Bock rounds (the ISkO has none)")
        return {None: 1, "kontra": 2, "re": 4}[kontra] * (2 if bock else 1)

    def opens_bock(self, outcome: Outcome, hand: bool, ouvert: bool, points: int) -> bool:
        """Whether a game opens a Bock round where the table plays them (skatspielen.info, "Spielvarianten"): a Grand
        Hand, a Null ouvert Hand, or a game lost with 60 card points."""
        return self.facts.bock and (
            (outcome.game == "grand" and hand) or (outcome.game == "null" and hand and ouvert) or
            (outcome.game != "null" and not outcome.won and points == self.facts.win_points - 1))

    # --- one game as the command line and the list take it ----------------------------------------------------------

    INPUT_KEYS = ("game", "cards", "hand", "ouvert", "announced", "points", "tricks", "bid", "players", "kontra",
                  "bock")
    OPTIONAL = ("announced", "players", "kontra", "bock")

    def score_json(self, data) -> dict:
        """`python -m quiz score skat`: one game as a JSON object (INPUT_KEYS; a suit or grand game played ouvert may
        leave `announced` null, since ouvert is schwarz announced) scored as the list writes it: its value, won or lost,
        the score (times Kontra, Re and Bock where the table plays them), the Seeger-Fabian points of the declarer and
        of each opponent, the levels counted, and whether it opens a Bock round. MalformedInput or IllegalState, each
        one line, for what no game can be."""
        if not isinstance(data, dict):
            raise MalformedInput(f"expected a JSON object with {', '.join(self.INPUT_KEYS)}")
        unknown = sorted(set(data) - set(self.INPUT_KEYS))
        if unknown:
            raise MalformedInput(f"{unknown[0]}: unknown key; a game has {', '.join(self.INPUT_KEYS)}")
        missing = [key for key in self.INPUT_KEYS if key not in data and key not in self.OPTIONAL]
        if missing:
            raise MalformedInput(f"{missing[0]}: missing")
        game = dict(data)
        players = self._players(game.pop("players", 3))
        times = self.times_doubled(game.pop("kontra", None), game.pop("bock", False))
        game.setdefault("announced", None)
        if game["ouvert"] is True and game["game"] != "null" and game["announced"] == "schwarz":
            game["announced"] = None        # ouvert is schwarz announced: said or not, the same game
        self.check_game(**game)
        found = self.outcome(**game)
        score = found.score * times
        return {"value": found.value, "won": found.won, "score": score, "overbid": found.overbid,
                "levels": {level.name: level.count for level in found.levels},
                "with": found.with_spitzen,
                "list": {"declarer": score + (self.facts.list_won if found.won else -self.facts.list_lost),
                         "each_opponent": self.opponents_points(found.won, players)},
                "bock_opens": self.opens_bock(found, game["hand"], game["ouvert"], game["points"])}
