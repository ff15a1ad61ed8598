"""Faraway rules checker: one small predicate per rule, with the game's numbers read from rules/faraway/game.yml."""
from __future__ import annotations

from quiz.facts import game_facts

FACTS = game_facts("faraway")
ROUNDS: int = FACTS["rounds"]
NUMBER_MIN: int = FACTS["number_min"]
NUMBER_MAX: int = FACTS["number_max"]
PLAYERS_MIN: int = FACTS["players_min"]
PLAYERS_MAX: int = FACTS["players_max"]
CENTER_EXTRA: int = FACTS["center_extra"]
SANCTUARY_BASE_DRAW: int = FACTS["sanctuary_base_draw"]
NO_SANCTUARY_ROUND: int = FACTS["no_sanctuary_round"]
NO_PICK_ROUND: int = FACTS["no_pick_round"]
SANCTUARY_KEEP: int = FACTS["sanctuary_keep"]

COLOURS = ("blue", "green", "red", "yellow")
WONDERS = ("stone", "chimera", "thistle")
PER_KINDS = WONDERS + ("clue", "night") + COLOURS + ("colour-set",)
CARD_KEYS = {"colour", "wonders", "clues", "night"}
REGION_KEYS = CARD_KEYS | {"number", "quest"}
SANCTUARY_KEYS = CARD_KEYS | {"task"}


# --- validation: malformed input raises ValueError naming the place ---------------------------------------------

def _count(value, where: str) -> int:
    if type(value) is not int:
        raise ValueError(f"{where}: {value!r} is not a whole number")
    if value < 0:
        raise ValueError(f"{where}: {value} is negative")
    return value


def _number(value, where: str) -> int:
    if type(value) is not int:
        raise ValueError(f"{where}: {value!r} is not a region number")
    if not NUMBER_MIN <= value <= NUMBER_MAX:
        raise ValueError(f"{where}: {value} is outside {NUMBER_MIN}–{NUMBER_MAX}")
    return value


def _players(count: int, where: str = "players") -> int:
    if type(count) is not int or not PLAYERS_MIN <= count <= PLAYERS_MAX:
        raise ValueError(f"{where}: {count!r} players; Faraway is for {PLAYERS_MIN}–{PLAYERS_MAX}")
    return count


def _mapping(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise ValueError(f"{where}: expected a mapping, got {type(value).__name__}")
    return value


def _unknown_keys(card: dict, allowed: set[str], where: str) -> None:
    for key in card:
        if key not in allowed:
            raise ValueError(f"{where}.{key}: unknown key; expected some of {', '.join(sorted(allowed))}")


def _wonders(value, where: str) -> dict[str, int]:
    value = _mapping(value or {}, where)
    for wonder, count in value.items():
        if wonder not in WONDERS:
            raise ValueError(f"{where}.{wonder}: {wonder!r} is not one of {', '.join(WONDERS)}")
        _count(count, f"{where}.{wonder}")
    return {w: value.get(w, 0) for w in WONDERS}


def _per(value, where: str):
    if value is None:
        return None
    if isinstance(value, list):
        if len(value) != 2 or any(c not in COLOURS for c in value) or value[0] == value[1]:
            raise ValueError(f"{where}: {value!r} is not a pair of two different colours of {', '.join(COLOURS)}")
        return tuple(value)
    if value not in PER_KINDS:
        raise ValueError(f"{where}: {value!r} is not one of {', '.join(PER_KINDS)}, a pair of colours or null")
    return value


def _card(raw, where: str, allowed: set[str]) -> dict:
    raw = _mapping(raw, where)
    _unknown_keys(raw, allowed, where)
    colour = raw.get("colour")
    if colour is not None and colour not in COLOURS:
        raise ValueError(f"{where}.colour: {colour!r} is not one of {', '.join(COLOURS)}")
    night = raw.get("night", False)
    if not isinstance(night, bool):
        raise ValueError(f"{where}.night: {night!r} is not true or false")
    return {"colour": colour, "wonders": _wonders(raw.get("wonders"), f"{where}.wonders"),
            "clues": _count(raw.get("clues", 0), f"{where}.clues"), "night": night}


def _scoring(raw, where: str, allow_requires: bool) -> dict | None:
    if raw is None:
        return None
    raw = _mapping(raw, where)
    _unknown_keys(raw, {"fame", "per", "requires"} if allow_requires else {"fame", "per"}, where)
    return {"fame": _count(raw.get("fame", 0), f"{where}.fame"), "per": _per(raw.get("per"), f"{where}.per"),
            "requires": _wonders(raw.get("requires"), f"{where}.requires")}


def validate_tableau(tableau) -> dict:
    """Return a normalised copy of a tableau, or raise ValueError saying what is wrong and where."""
    tableau = _mapping(tableau, "tableau")
    _unknown_keys(tableau, {"regions", "sanctuaries"}, "tableau")
    regions_raw = tableau.get("regions")
    if not isinstance(regions_raw, list) or not 1 <= len(regions_raw) <= ROUNDS:
        count = len(regions_raw) if isinstance(regions_raw, list) else regions_raw
        raise ValueError(f"regions: {count!r} regions; a tableau holds 1 to {ROUNDS}")
    regions, seen = [], {}
    for i, raw in enumerate(regions_raw):
        where = f"regions[{i}]"
        card = _card(raw, where, REGION_KEYS)
        if "number" not in raw:
            raise ValueError(f"{where}.number: missing")
        card["number"] = _number(raw["number"], f"{where}.number")
        if card["number"] in seen:
            raise ValueError(f"{where}.number: {card['number']} is already regions[{seen[card['number']]}]; each number exists once")
        seen[card["number"]] = i
        card["quest"] = _scoring(raw.get("quest"), f"{where}.quest", allow_requires=True)
        regions.append(card)
    sanctuaries_raw = tableau.get("sanctuaries") or []
    if not isinstance(sanctuaries_raw, list):
        raise ValueError("sanctuaries: expected a list")
    sanctuaries = []
    for i, raw in enumerate(sanctuaries_raw):
        card = _card(raw, f"sanctuaries[{i}]", SANCTUARY_KEYS)
        card["task"] = _scoring(raw.get("task"), f"sanctuaries[{i}].task", allow_requires=False)
        sanctuaries.append(card)
    return {"regions": regions, "sanctuaries": sanctuaries}


# --- the rules ------------------------------------------------------------------------------------------------------

def center_size(players: int) -> int:
    """The centre holds one Region more than there are players (KOSMOS p. 3, 9)."""
    return _players(players) + CENTER_EXTRA


def finds_sanctuary(previous: int | None, new: int) -> bool:
    """A Sanctuary is found when the new number beats the Region played directly before; never in round 1 (p. 8)."""
    _number(new, "new")
    if previous is None:
        return False
    if _number(previous, "previous") == new:
        raise ValueError(f"new: {new} equals previous; each number exists once")
    return new > previous


def sanctuary_draws(clues: int) -> int:
    """Draw 1 Sanctuary plus 1 per clue in the whole tableau, the new Region included (p. 8)."""
    return SANCTUARY_BASE_DRAW + _count(clues, "clues")


def pick_order(played: dict[str, int]) -> list[str]:
    """Players take from the centre by the number they played this round, lowest first (p. 9)."""
    played = _mapping(played, "played")
    _players(len(played))
    numbers: dict[int, str] = {}
    for name, number in played.items():
        _number(number, f"played[{name!r}]")
        if number in numbers:
            raise ValueError(f"played[{name!r}]: {number} was also played by {numbers[number]!r}")
        numbers[number] = name
    return [numbers[n] for n in sorted(numbers)]


def visible_for_region(tableau: dict, index: int) -> list[dict]:
    """A Region sees itself, the Regions to its right and every Sanctuary (p. 10)."""
    return tableau["regions"][index:] + tableau["sanctuaries"]


def wonder_count(cards: list[dict], wonder: str) -> int:
    """How many of one wonder the cards show."""
    return sum(card["wonders"][wonder] for card in cards)


def requirement_met(requires: dict[str, int], cards: list[dict]) -> bool:
    """A requirement needs every wonder shown, counted without using any up (p. 5, 12)."""
    return all(wonder_count(cards, w) >= n for w, n in requires.items())


def times_scored(per, cards: list[dict]) -> int:
    """How many times a quest's fame is paid: once, or per wonder, clue, night card, colour card or colour set."""
    if per is None:
        return 1
    if per in WONDERS:
        return wonder_count(cards, per)
    if per == "clue":
        return sum(card["clues"] for card in cards)
    if per == "night":
        return sum(card["night"] for card in cards)
    if per == "colour-set":
        return min(sum(card["colour"] == c for card in cards) for c in COLOURS)
    colours = per if isinstance(per, tuple) else (per,)
    return sum(card["colour"] in colours for card in cards)


def quest_fame(quest: dict | None, cards: list[dict]) -> int:
    """The fame a quest or task earns against the cards it sees; 0 when its requirement is not met."""
    if quest is None or not requirement_met(quest["requires"], cards):
        return 0
    return quest["fame"] * times_scored(quest["per"], cards)


def score(tableau: dict) -> dict:
    """Score a tableau: Regions right to left against what they see, then Sanctuaries against everything (p. 10)."""
    tableau = validate_tableau(tableau)
    regions = [quest_fame(region["quest"], visible_for_region(tableau, i))
               for i, region in enumerate(tableau["regions"])]
    everything = tableau["regions"] + tableau["sanctuaries"]
    sanctuaries = [quest_fame(s["task"], everything) for s in tableau["sanctuaries"]]
    return {"regions": regions, "sanctuaries": sanctuaries, "total": sum(regions) + sum(sanctuaries)}


def winner(players: dict[str, dict]) -> str:
    """Most fame wins; on a tie, the lowest single Region number among the tied players (p. 10)."""
    players = _mapping(players, "players")
    _players(len(players))
    owners: dict[int, str] = {}
    for name, player in players.items():
        where = f"players[{name!r}]"
        player = _mapping(player, where)
        _unknown_keys(player, {"fame", "numbers"}, where)
        _count(player.get("fame"), f"{where}.fame")
        numbers = player.get("numbers")
        if not isinstance(numbers, list) or not numbers:
            raise ValueError(f"{where}.numbers: expected a list of region numbers")
        for number in numbers:
            _number(number, f"{where}.numbers")
            if number in owners:
                raise ValueError(f"{where}.numbers: {number} is also {owners[number]!r}'s; each number exists once")
            owners[number] = name
    return min(players, key=lambda name: (-players[name]["fame"], min(players[name]["numbers"])))


def clues_in_tableau(tableau: dict) -> int:
    """Every clue in the tableau counts: on Regions and Sanctuaries, the Region just played included (p. 8)."""
    tableau = validate_tableau(tableau)
    return sum(card["clues"] for card in tableau["regions"] + tableau["sanctuaries"])


def sanctuary_draws_for(tableau: dict) -> int:
    """How many Sanctuaries you draw with this tableau, its rightmost Region being the one just played (p. 8)."""
    return sanctuary_draws(clues_in_tableau(tableau))


def sanctuaries_placed(drawn: int) -> int:
    """Of the Sanctuaries drawn, exactly 1 is placed; the rest go back under the pile (p. 8–9)."""
    return min(_count(drawn, "drawn"), SANCTUARY_KEEP)


def _round(number: int) -> int:
    if type(number) is not int or not 1 <= number <= ROUNDS:
        raise ValueError(f"round: {number!r} is not a round 1–{ROUNDS}")
    return number


def takes_from_center(round_number: int) -> bool:
    """Everyone takes a Region from the centre, except in the last round (p. 9)."""
    return _round(round_number) != NO_PICK_ROUND


def center_left(players: int, taken: int) -> int:
    """Regions taken from the centre are not replaced during the round (p. 9)."""
    size = center_size(players)
    if type(taken) is not int or not 0 <= taken <= players:
        raise ValueError(f"taken: {taken!r}; between 0 and the {players} players may have taken")
    return size - taken


def first_scored(played: list[int]) -> int:
    """Scoring reveals the Regions right to left: the last one played is scored first (p. 10)."""
    return _played_row(played)[-1]


def sees_everything(played: list[int]) -> int:
    """The first Region played, far left, is scored last and so sees every Region (p. 10)."""
    return _played_row(played)[0]


def _played_row(played) -> list[int]:
    if not isinstance(played, list) or not 1 <= len(played) <= ROUNDS:
        raise ValueError(f"played: expected a list of 1 to {ROUNDS} region numbers")
    for i, number in enumerate(played):
        _number(number, f"played[{i}]")
    if len(set(played)) != len(played):
        raise ValueError("played: a region number appears twice; each number exists once")
    return played


def short_deck_draws(pile: int, players: dict[str, dict]) -> dict[str, int]:
    """A short Sanctuary pile is drawn lowest number first; each places 1 and returns the rest at once (p. 9)."""
    _count(pile, "pile")
    order = pick_order({name: _mapping(p, f"players[{name!r}]").get("number") for name, p in players.items()})
    drawn = {}
    for name in order:
        wanted = _count(players[name].get("wants"), f"players[{name!r}].wants")
        drawn[name] = min(wanted, pile)
        pile -= sanctuaries_placed(drawn[name])
    return drawn


def derived_facts(facts: dict) -> dict[str, int]:
    """Numbers the texts quote that follow from the facts, computed by the rules above."""
    return {
        "center_example": center_size(facts["center_example_players"]),
        "setup_example_center": center_size(facts["setup_example_players"]),
        "draw_example_draw": sanctuary_draws(facts["draw_example_clues"]),
        "variant_return": facts["variant_deal"] - facts["variant_keep"],
    }
