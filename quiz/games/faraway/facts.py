"""Faraway's facts as frozen data: rounds, numbers, the centre, the Sanctuary pile and the seeds' worked examples
(rules/faraway/game.yml `facts:`), and the cards as printed (`tables: {cards: cards.yml}`)."""
from __future__ import annotations

import dataclasses
from typing import Any, Iterator

from quiz.checker import Facts, MalformedInput
from quiz.games.faraway.components import CardList, card_problems


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
    cards: CardList = dataclasses.field(default=CardList(), repr=False, metadata={"component": True})

    @classmethod
    def from_game(cls, game: dict) -> FarawayFacts:
        facts = super().from_game({"facts": dict(game.get("facts") or {})})
        tables = game.get("tables") or {}
        for name in tables:
            if name != "cards":
                raise MalformedInput(f"tables.{name}: Faraway knows no such table (it has cards)")
        if "cards" not in tables:
            raise MalformedInput("tables.cards: missing: the card list (cards: cards.yml)")
        return dataclasses.replace(facts, cards=CardList.from_mapping(tables["cards"], "cards"))

    @classmethod
    def table_problems(cls, name: str, raw: Any) -> Iterator[tuple[str, str]]:
        if name != "cards":
            yield "", f"Faraway knows no table {name!r} (it has cards)"
            return
        yield from card_problems(raw)
