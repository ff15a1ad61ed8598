"""Skat's facts as frozen data (rules/skat/game.yml `facts:`; a table's rules change them): who plays, the cards'
points, the games' base values, what wins and what is schneider, what a lost game costs, and the list's points."""
from __future__ import annotations

import dataclasses

from quiz.checker import Facts


@dataclasses.dataclass(frozen=True)
class SkatFacts(Facts):
    players: int                  # at the table: 3, or 4 with the dealer sitting out each deal
    hand_size: int                # cards each player is dealt
    skat_size: int                # cards in the skat
    points_ace: int               # card points of each rank (the nine, eight and seven count nothing)
    points_ten: int
    points_king: int
    points_queen: int
    points_jack: int
    base_diamonds: int            # base values of the suit games and the grand
    base_hearts: int
    base_spades: int
    base_clubs: int
    base_grand: int
    value_null: int               # the four Null games' fixed values
    value_null_hand: int
    value_null_ouvert: int
    value_null_ouvert_hand: int
    lowest_bid: int               # the first value bid
    win_points: int               # card points the declarer needs to win a suit or grand game
    schneider_points: int         # a side with this many card points or fewer is schneider
    lost_factor: int              # a lost game is written as this many times its value, negative
    list_won: int                 # the Seeger-Fabian list: points added to a won game's value …
    list_lost: int                # … taken off a lost game's score …
    list_opponents_three: int     # … and given to each opponent when the declarer loses, at three players
    list_opponents_four: int      # … at four players
    # Yes/no house rules the ISkO does not have (rules/skat/sets.yml), off by default:
    kontra: bool = False          # an opponent may double the game (Kontra), the declarer double again (Re)
    bock: bool = False            # a Grand Hand, a Null ouvert Hand or a game lost with 60 opens a round counted double
