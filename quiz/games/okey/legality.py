"""What no round of Okey can reach, rule by rule (`_illegal_<rule>`, quiz/checker.py): a tile the set does not hold so
many of, a finisher with tiles left, pairs without opening; and a round as the command line and the score sheet take
it (score_json), refused in one line where it cannot be. The engine's replay (engine.py) is the other judge."""
from __future__ import annotations

from typing import Iterator

from quiz.checker import IllegalState, MalformedInput
from quiz.games.okey import components
from quiz.games.okey.components import okey_of, too_many
from quiz.games.okey.rules import OkeyRules

PLAYER_KEYS = ("opened", "pairs", "finished", "tiles")
CLASSIC_KEYS = ("showed_indicator",)      # classic Okey: the player who showed the gösterge's twin at the start


class OkeyLegality(OkeyRules):
    """Okey's rules with, for each rule a question asks, what no round reaches."""

    def _refused_tiles(self, indicator, *groups) -> Iterator[str]:
        """More copies of a tile than the set holds, the gösterge counted (it stays on the table)."""
        found = [self._indicator(indicator)] + [tile for group in groups for tile in components.tiles(group)]
        extra = too_many(found)
        if extra is not None:
            yield f"{extra} three times or more: the set holds each tile twice"

    def _illegal_penalty(self, indicator, finish, opened, pairs, tiles) -> Iterator[str]:
        self.penalty(indicator, finish, opened, pairs, tiles)
        if pairs and not opened:
            yield "opened with pairs, but not opened"
        yield from self._refused_tiles(indicator, tiles)

    def _illegal_valid_meld(self, tiles, indicator) -> Iterator[str]:
        self.valid_meld(tiles, indicator)
        yield from self._refused_tiles(indicator, tiles)

    def _illegal_meld_value(self, tiles, indicator) -> Iterator[str]:
        self.meld_value(tiles, indicator)
        yield from self._refused_tiles(indicator, tiles)

    def _illegal_opens(self, melds, indicator) -> Iterator[str]:
        self.opens(melds, indicator)
        yield from self._refused_tiles(indicator, *melds)

    def _illegal_opens_with_pairs(self, pairs, indicator) -> Iterator[str]:
        self.opens_with_pairs(pairs, indicator)
        yield from self._refused_tiles(indicator, *pairs)

    # --- one round as the command line and the score sheet take it ---------------------------------------------------

    INPUT_KEYS = ("indicator", "finish", "players")

    def score_json(self, data) -> dict:
        """`python -m quiz score okey`: one round as a JSON object (the gösterge; how the round ended, "normal", "okey",
        "pairs" or "hand", or null where the pile ran out; for each of the four players whether they opened, with
        pairs, whether they finished, the tiles left) counted as the table writes it: each player's penalty for the
        round (the finisher's negative). MalformedInput or IllegalState, one line each."""
        if not isinstance(data, dict):
            raise MalformedInput(f"expected a JSON object with {', '.join(self.INPUT_KEYS)}")
        unknown = sorted(set(data) - set(self.INPUT_KEYS))
        if unknown:
            raise MalformedInput(f"{unknown[0]}: unknown key; a round has {', '.join(self.INPUT_KEYS)}")
        if "indicator" not in data or "players" not in data:
            raise MalformedInput(f"{'indicator' if 'indicator' not in data else 'players'}: missing")
        indicator, finish = data["indicator"], self._finish(data.get("finish"))
        okey = okey_of(self._indicator(indicator))
        players = data["players"]
        if not isinstance(players, list) or len(players) != self.facts.players:
            raise MalformedInput(f"players: expected {self.facts.players}, one mapping each")
        for seat, player in enumerate(players):
            allowed = set(PLAYER_KEYS) | (set(CLASSIC_KEYS) if self.facts.classic else set())
            if not isinstance(player, dict) or not set(PLAYER_KEYS) <= set(player) <= allowed:
                raise MalformedInput(f"players[{seat}]: expected {', '.join(PLAYER_KEYS)}")
            for key in [*PLAYER_KEYS[:3], *(key for key in CLASSIC_KEYS if key in player)]:
                self._flag(player[key], f"players[{seat}].{key}")
            components.tiles(player["tiles"], f"players[{seat}].tiles")
        reasons = list(self._refused_round(indicator, finish, players))
        if reasons:
            raise IllegalState(reasons[0])
        finished = next((seat for seat, player in enumerate(players) if player["finished"]), None)
        if finished is None:
            finish = None
        if self.facts.classic:
            loss, shown = self.classic_loss(finish), [player.get("showed_indicator", False) for player in players]
            return {"penalties": [(0 if seat == finished else loss) + sum(shown) - shown[seat]
                                  for seat in range(len(players))], "okey": str(okey)}
        return {"penalties": [self.finisher_score(finish) if seat == finished else
                              self.penalty(indicator, finish, player["opened"], player["pairs"], player["tiles"])
                              for seat, player in enumerate(players)], "okey": str(okey)}

    def _refused_round(self, indicator, finish, players) -> Iterator[str]:
        """A round no table ends with: two finishers, a finisher with tiles left, how it ended said without a
        finisher, pairs without opening, a pairs finish by one who did not open with pairs, a finish from the hand
        with another player opened, more copies of a tile than the set holds, a rack bigger than a deal."""
        finishers = [seat for seat, player in enumerate(players) if player["finished"]]
        if len(finishers) > 1:
            yield f"players {finishers[0] + 1} and {finishers[1] + 1} both finished: one player ends a round"
        for seat, player in enumerate(players):
            if player["finished"] and player["tiles"]:
                yield f"player {seat + 1} finished with {len(player['tiles'])} tile(s) left: a finisher has none"
            if player["pairs"] and not player["opened"] and not self.facts.classic:
                yield f"player {seat + 1} opened with pairs but did not open"
            if len(player["tiles"]) > self.facts.starter_tiles:
                yield f"player {seat + 1} holds {len(player['tiles'])} tiles: a rack holds {self.facts.starter_tiles}" \
                      f" at most"
        if finishers:
            finisher = players[finishers[0]]
            if finish is None:
                yield "a player finished: say how (normal, okey, pairs or hand)"
            elif finish == "pairs" and not finisher["pairs"]:
                yield f"a pairs finish by player {finishers[0] + 1}, who did not open with pairs"
            elif finish == "hand" and self.facts.classic:
                yield "a finish from the hand (elden) at classic Okey, where nobody opens before finishing"
            elif finish == "hand" and any(player["opened"] for seat, player in enumerate(players)
                                          if seat != finishers[0]):
                yield "a finish from the hand (elden) while another player had opened"
        yield from self._refused_tiles(indicator, *(player["tiles"] for player in players))
