"""The wrong beliefs about Skat's count that players hold, as code: each answers a rule's givens the way a player
holding it would. With them, SkatRules is the full checker the quiz verifies against."""
from __future__ import annotations

from quiz.checker import MalformedInput, belief
from quiz.games.skat.legality import SkatLegality


class Skat(SkatLegality):
    """Skat's rules with the wrong beliefs players hold about its count."""

    @belief("spitzen-skat", distorts="spitzen")
    def _spitzen_without_skat(self, game: str, cards: list[str]) -> int | None:
        """The Spitzen are counted from the ten cards in hand, the skat's two left out."""
        if self._game(game) == "null":
            raise MalformedInput("game: a Null game has no Spitzen")
        return self._spitzen(game, self._twelve(cards)[:self.facts.hand_size])[1]

    @belief("lost-doubled", distorts="list_score")
    def _lost_single(self, game, cards, hand, ouvert, announced, points, tricks, bid) -> int:
        """A lost game is written with its value once, not twice."""
        found = self.outcome(game, cards, hand, ouvert, announced, points, tricks, bid)
        return found.score if found.won else -found.value

    @belief("lost-doubled", distorts="list_score", name="hand-lost-single")
    def _hand_lost_single(self, game, cards, hand, ouvert, announced, points, tricks, bid) -> int:
        """A lost hand game is written once, as the old rules had it; only a game with the skat taken up is doubled."""
        found = self.outcome(game, cards, hand, ouvert, announced, points, tricks, bid)
        return -found.value if hand and not found.won else found.score

    @belief("overbid", distorts="list_score")
    def _overbid_at_bid(self, game, cards, hand, ouvert, announced, points, tricks, bid) -> int:
        """An overbid game is lost with the value bid, not with the next multiple of its base value."""
        found = self.outcome(game, cards, hand, ouvert, announced, points, tricks, bid)
        return -self.facts.lost_factor * bid if found.overbid else found.score

    @belief("schneider-30", distorts="schneider")
    def _schneider_below_30(self, points: int) -> bool:
        """A side is schneider only with fewer than 30 card points: 30 itself is enough."""
        return self._card_points(points) < self.facts.schneider_points

    @belief("announce-hand", distorts="may_announce")
    def _announce_any_game(self, hand: bool) -> bool:
        """Schneider may be announced in any game, with the skat taken up too."""
        self._flag(hand, "hand")
        return True

    @belief("null-fixed", distorts="null_value")
    def _null_multiplied(self, hand: bool, ouvert: bool) -> int:
        """A Null game counts like a suit game: 23 times one level for the game, one for hand, one for ouvert."""
        return self.facts.value_null * (1 + self._flag(hand, "hand") + self._flag(ouvert, "ouvert"))

    @belief("ohne", distorts="game_value")
    def _without_counts_nothing(self, game, cards, hand, ouvert, announced, points, tricks) -> int | None:
        """Played "without" the top jack, a game has no Spitzen to count: only its other levels multiply."""
        if self._game(game) == "null" or self._spitzen(game, self._twelve(cards))[0]:
            return None
        levels = self.levels(game, cards, hand, ouvert, announced, points, tricks)
        return self.base_value(game) * sum(level.count for level in levels if level.name != "spitzen")

    @belief("ouvert-schwarz", distorts="game_value")
    def _ouvert_one_level(self, game, cards, hand, ouvert, announced, points, tricks) -> int | None:
        """An open suit or grand game adds one level for ouvert and nothing for schneider and schwarz announced."""
        if self._game(game) == "null" or not ouvert:
            return None
        levels = self.levels(game, cards, hand, False, None, points, tricks)
        return self.base_value(game) * (sum(level.count for level in levels) + 1)

    @belief("seeger-fabian", distorts="seeger_fabian")
    def _no_fifty(self, game, cards, hand, ouvert, announced, points, tricks, bid) -> int:
        """The Seeger-Fabian list writes the game's score and nothing more: no 50 for playing it."""
        return self.list_score(game, cards, hand, ouvert, announced, points, tricks, bid)

