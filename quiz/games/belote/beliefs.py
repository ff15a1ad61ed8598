"""The wrong beliefs about Belote that players hold, as code: each answers a rule's givens the way a player holding it
would. With them, BeloteRules is the full checker the quiz verifies against."""
from __future__ import annotations


from quiz.checker import belief
from quiz.games.belote import components
from quiz.games.belote.legality import BeloteLegality


class Belote(BeloteLegality):
    """Belote's rules with the wrong beliefs players hold about them."""

    def _plain_points(self, trick, trump, rank: str) -> int:
        """The points of a trick with the trump card of this rank counted as in any other suit."""
        suit = self._trump(trump)
        found = components.cards(trick, self.facts.players, "trick")
        return sum(self.points_of(card_, "" if card_.suit == suit and card_.rank == rank else suit)
                   for card_ in found)

    @belief("trump-nine-jack", distorts="trick_points")
    def _nine_as_plain(self, trick: list[str], trump: str) -> int:
        """The nine of trumps counts nothing, as a nine does in the other suits."""
        return self._plain_points(trick, trump, "9")

    @belief("trump-nine-jack", distorts="trick_points", name="jack-at-two")
    def _jack_as_plain(self, trick: list[str], trump: str) -> int:
        """The jack of trumps counts 2, as a jack does in the other suits."""
        return self._plain_points(trick, trump, "J")

    def _without_last_trick(self, taker_points, taker_tricks, last, belote):
        forgetful = self.with_facts(last_trick=0, capot_total=self.facts.capot_total - 10,
                                    dedans_total=self.facts.dedans_total - 10)
        return forgetful.count(taker_points, taker_tricks, last, belote)

    @belief("dix-de-der", distorts="taker_records")
    def _no_dix_de_der_taker(self, taker_points: int, taker_tricks: int, last: str, belote: str | None) -> int:
        """The last trick is worth only its cards: the deal holds 152 points, not 162."""
        return self._without_last_trick(taker_points, taker_tricks, last, belote).taker

    @belief("dix-de-der", distorts="defence_records")
    def _no_dix_de_der_defence(self, taker_points: int, taker_tricks: int, last: str, belote: str | None) -> int:
        """The last trick is worth only its cards: the deal holds 152 points, not 162."""
        return self._without_last_trick(taker_points, taker_tricks, last, belote).defence

    @belief("belote-kept", distorts="taker_records")
    def _belote_lost_when_dedans(self, taker_points: int, taker_tricks: int, last: str, belote: str | None) -> int:
        """Takers who are dedans lose their belote with everything else."""
        found = self.count(taker_points, taker_tricks, last, belote)
        return found.taker if found.made else 0

    @belief("litige", distorts="defence_records")
    def _tie_is_dedans(self, taker_points: int, taker_tricks: int, last: str, belote: str | None) -> int | None:
        """Takers with exactly as many points as the defence are dedans."""
        found = self.count(taker_points, taker_tricks, last, belote)
        if not self.facts.litige or not found.held:
            return found.defence
        return self.facts.dedans_total + self.facts.belote_points * (belote == "defence")

    @belief("capot", distorts="taker_records")
    def _capot_as_162(self, taker_points: int, taker_tricks: int, last: str, belote: str | None) -> int:
        """Every trick taken is worth the pack and the dix de der, 162, and nothing more."""
        found = self.count(taker_points, taker_tricks, last, belote)
        if found.capot != "taker":
            return found.taker
        return found.taker - self.facts.capot_total + self.pack_points() + self.facts.last_trick

    @belief("partner-master", distorts="may_play")
    def _trump_over_partner(self, card: str, hand: list[str], trick: list[str], trump: str) -> bool:
        """Without the suit led, a player must trump even while the partner holds the trick."""
        strict = self.with_facts(partner_exception=False)
        return strict.may_play(card, hand, trick, trump)

    @belief("overtrump", distorts="may_play")
    def _any_trump(self, card: str, hand: list[str], trick: list[str], trump: str) -> bool:
        """Where a trump is due, any trump will do, one lower than the trump already in the trick too."""
        self.may_play(card, hand, trick, trump)
        suit, wanted = self._trump(trump), components.card(card, "card")
        legal = self.playable(list(components.cards(hand, None, "hand")), list(components.cards(trick, None, "trick")),
                              suit)
        return wanted in legal or (wanted.suit == suit and any(c.suit == suit for c in legal))
