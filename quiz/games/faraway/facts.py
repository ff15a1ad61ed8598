"""Faraway's facts as frozen data: rounds, numbers, the centre, the Sanctuary pile and the seeds' worked examples
(rules/faraway/game.yml `facts:`)."""
from __future__ import annotations

import dataclasses

from quiz.checker import Facts


@dataclasses.dataclass(frozen=True)
class FarawayFacts(Facts):
    """Every fact of game.yml: the rules read some, the texts quote all of them."""

    players_min: int            # the checker's input bound only; the sources give no player count
    players_max: int
    rounds: int
    hand: int                   # Regions in each player's hand after setup
    dealt: int                  # Regions dealt to each player at setup (the advanced variant deals more, keeps `hand`)
    center_extra: int           # Regions in the centre = players + center_extra
    number_min: int
    number_max: int
    regions: int
    sanctuaries: int
    landscapes: int
    wonders: int
    sanctuary_base_draw: int    # Sanctuaries drawn = base + clues in your whole tableau
    sanctuary_keep: int
    no_sanctuary_round: int
    variant_deal: int           # the advanced set-up: deal this many …
    variant_keep: int           # … keep this many
    center_example_players: int
    setup_example_players: int
    draw_example_clues: int
    draw_example_page: int
    scored_second: int
