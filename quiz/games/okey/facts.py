"""Okey's facts as frozen data (rules/okey/game.yml `facts:`; a table's rules change them): the deal, the opening,
the penalties of a round and what doubles them, the okey left in hand, runs past 13; and classic Okey's count."""
from __future__ import annotations

import dataclasses

from quiz.checker import Facts


@dataclasses.dataclass(frozen=True)
class OkeyFacts(Facts):
    players: int                  # four at the table
    tiles_each: int               # tiles dealt to each player …
    starter_tiles: int            # … and to the one who starts, who discards first without drawing
    opening_points: int           # melds worth this much or more open a hand (el açmak) …
    opening_pairs: int            # … or this many pairs
    unopened_penalty: int         # a player who never opened pays this, whatever the rack holds
    finish_reward: int            # the finisher writes minus this
    pairs_opener_factor: int      # a player who opened with pairs pays the rack this many times
    okey_finish_factor: int       # every penalty and the finisher's reward, when the round ends with the okey thrown …
    pairs_finish_factor: int      # … by a player who opened with pairs …
    hand_finish_factor: int       # … or by a player who opened and finished at once while nobody else had opened
    held_okey_penalty: int        # an okey left in hand costs this …
    classic_normal: int           # classic: what each other player loses for a normal finish …
    classic_okey: int             # … one with the okey thrown …
    classic_pairs: int            # … one with seven pairs
    rounds: int                   # 101: the rounds a game lasts, lowest total wins
    classic_start: int            # classic: the points each player starts with; the game ends when one has none left
    # Yes/no rules, which game.yml's facts (numbers) do not hold; a table's rules change them (101 Okey's defaults):
    held_okey_in_sum: bool = False    # an okey left in hand costs its penalty on top (kerimayvaz77), not in the sum
    wraps: bool = False           # no 12-13-1 in 101 (mynet.com); classic Okey allows it
    classic: bool = False         # 101's penalties, not classic Okey's count
