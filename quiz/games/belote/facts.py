"""Belote's facts as frozen data (rules/belote/game.yml `facts:`; a table's rules change them): the deal, the cards'
points, the dix de der, the capot, the belote, what the contract asks, the litige, and the play's obligations."""
from __future__ import annotations

import dataclasses

from quiz.checker import Facts


@dataclasses.dataclass(frozen=True)
class BeloteFacts(Facts):
    players: int                  # four, two teams of two facing each other
    hand_size: int                # cards each player holds once the deal is complete
    first_cards: int              # cards each player is dealt before a card is turned
    points_trump_jack: int        # the jack and the nine of trumps
    points_trump_nine: int
    points_ace: int               # the other cards, in trumps and elsewhere
    points_ten: int
    points_king: int
    points_queen: int
    points_jack: int              # a jack that is not a trump
    last_trick: int               # the dix de der
    capot_total: int              # what a team that takes every trick makes in all (the dix de der becomes 100)
    belote_points: int            # the king and queen of trumps in one hand, announced
    dedans_total: int             # what the defence records for the cards when the takers are dedans
    contract_minimum: int         # 0: the takers must make more than the defence; else these points, belote aside
    target: int                   # the points that end the game
    # Yes/no rules, which game.yml's facts (numbers) do not hold; a table's rules change them (the FFB's classic
    # rules as the defaults, rules/belote/sources.md):
    litige: bool = True           # FFB 10.1.3: a tie is a litige, the takers' points wait for the next deal
    partner_exception: bool = True    # FFB 5.2: no need to trump while the partner holds the trick
    under_trump: bool = True      # FFB 5.2: unable to beat an opponent's trump, play a lower one (pisser)
