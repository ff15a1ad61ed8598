"""What Faraway's pages need from its rules: the numbers the texts quote, and cards worded and drawn in a language:
each card a question names by its number (or id) with its printed face from the card list, every feature it has and
nothing it lacks (the phrases come from `words: describe:` in text.<lang>.yml)."""
from __future__ import annotations

from typing import Any

from quiz.presentation import Presentation
from quiz.games.faraway.beliefs import Faraway
from quiz.games.faraway.components import COLOURS, WONDERS


def listed(items: list[str], phrases: dict) -> str:
    """Two items joined by "and", more as "A, B and C" (`list`, then `needed`): "1 stone, 1 chimera and 1 thistle"."""
    return phrases["list"].join(items[:-1]) + phrases["needed"] + items[-1] if len(items) > 1 else "".join(items)


def sight_frame(needs: dict[str, int], sees: dict[str, int]) -> tuple[str, dict, dict]:
    """Which words say a requirement against what its card sees (words.describe: sight, sight_short, sight_none,
    sight_mixed; docs/assets/sheet.js chooses alike), with the wonders it sees enough or some of, and those it sees
    none of: all met, or of those short only; some seen, none seen, or both."""
    short = {wonder: sees[wonder] for wonder, count in needs.items() if sees[wonder] < count}
    if not short:
        return "sight", {wonder: sees[wonder] for wonder in needs}, {}
    some = {wonder: n for wonder, n in short.items() if n}
    none = {wonder: 0 for wonder, n in short.items() if not n}
    return ("sight_mixed" if some and none else "sight_none" if none else "sight_short"), some, none


class FarawayPresentation(Presentation):
    rules: Faraway
    tool_sections = frozenset({"score-sheet"})
    # the score sheet's: its players and rounds numbered by the page, the rest by its script (docs/assets/sheet.js)
    tool_placeholders = {field: frozenset(names.split()) for field, names in (
        ("player", "player"), ("drop_second", "player"), ("round", "round"), ("remove", "card"), ("total", "fame"),
        ("region", "number"), ("sanctuary", "features"), ("line", "card reason fame"), ("always", "fame"),
        ("counted", "fame count"),
        ("sight_counted", "sight counted"), ("not_number", "value"), ("outside", "value"), ("twice", "number"),
        ("both_rows", "number"), ("too_many", "chosen found"), ("sanctuary_twice", "card"), ("sanctuary_both", "card"),
        ("wins", "player fame"), ("tie", "fame player number"))}

    def derived_facts(self) -> dict[str, Any]:
        """Numbers the texts quote that follow from the facts, computed by the rules."""
        rules, facts = self.rules, self.rules.facts
        return {
            "center_example": rules.center_size(facts.center_example_players),
            "setup_example_center": rules.center_size(facts.setup_example_players),
            "draw_example_draw": rules.sanctuary_draws(facts.draw_example_clues),
            "variant_return": facts.variant_deal - facts.variant_keep,
            "no_pick_round": facts.rounds,   # nobody takes from the centre in the last round
        }

    def text_formatters(self):
        return {"row": self.describe_regions, "sanctuaries": self.describe_sanctuaries, "sight": self.describe_sight}

    def text_pictures(self):
        return {"row": self.draw_regions}

    def _features(self, card: dict, words: dict, say, scoring_key: str) -> list[str]:
        phrases = words["describe"]
        parts = []
        if card.get("colour"):
            parts.append(words["colours"][card["colour"]])
        # A count of 0 is not said, like any feature a card lacks: "15 (no clue), 28, 49 (1 clue)" read as if 28's clues
        # were not given.
        for wonder in WONDERS:
            count = (card.get("wonders") or {}).get(wonder)
            if count:
                parts.append(say(wonder, count))
        if card.get("clues"):
            parts.append(say("clue", card["clues"]))
        if card.get("night"):
            parts.append(phrases["night"])
        scoring = card.get(scoring_key)
        if scoring is not None:
            parts.append(phrases[scoring_key].format(scoring=self._describe_scoring(scoring, words, say)))
        return parts

    @staticmethod
    def _describe_scoring(scoring: dict, words: dict, say) -> str:
        phrases = words["describe"]
        text = say("fame", scoring.get("fame", 0))
        per = scoring.get("per")
        if per is not None:
            text = phrases["per"].format(fame=text, per=words["per"]["-".join(per) if isinstance(per, tuple) else per])
        requires = scoring.get("requires") or {}
        needed = [say(w, requires[w]) for w in WONDERS if requires.get(w)]
        if needed:
            text = phrases["requires"].format(scoring=text, needed=listed(needed, phrases))
        return text

    def region_faces(self, regions: list) -> list[dict]:
        """Regions as a question names them (numbers), each with its printed face."""
        return [self.rules.region_card(region, "regions").face() for region in regions]

    def sanctuary_faces(self, sanctuaries: list) -> list[dict]:
        return [self.rules.sanctuary_card(sanctuary, "sanctuaries").face() for sanctuary in sanctuaries]

    def describe_regions(self, regions: list, words: dict, say) -> str:
        """A row of Regions, left to right, each with its face: "60 (blue, 1 clue, quest: 16 fame, needs 2 stones and
        2 chimeras), 52 (red, quest: …)"."""
        phrases = words["describe"]
        described = []
        for region in self.region_faces(regions):
            parts = self._features(region, words, say, "quest")
            number = say.number(region["number"])
            described.append(phrases["card"].format(number=number, features=phrases["features"].join(parts))
                             if parts else number)
        return phrases["cards"].join(described)

    def describe_sight(self, sight: dict, words: dict, say) -> str:
        """A requirement against what its Region sees: "needs 1 stone and 1 chimera and sees 1 stone and 1 chimera", or
        what it sees too few of: "needs 1 stone and 1 chimera but sees no chimeras; left of it, still face down when it
        scores: Region 54 (…)". What it sees none of is said apart (sight_frame()): French and Turkish negate the verb
        for it ("ne voit aucune chimère", "hiç kimera görmez")."""
        phrases = words["describe"]

        def counted(counts: dict[str, int]) -> str:
            return listed([say(wonder, count) for wonder, count in counts.items()], phrases)

        frame, sees, none = sight_frame(sight["needs"], sight["sees"])
        text = phrases[frame].format(needs=counted(sight["needs"]), sees=counted(sees), none=counted(none))
        if sight["left"]:
            cards = [phrases["sight_card"].format(number=say.number(region["number"]),
                                                  features=phrases["features"].join(
                                                      self._features(region, words, say, "quest")))
                     for region in sight["left"]]
            text += phrases["sight_left"].format(cards=phrases["needed"].join(cards))
        return text

    def draw_regions(self, regions: list, words: dict, say) -> dict:
        """A row of Regions as cards, left to right, each drawn with its face's icons, and a legend of the icons the row
        shows; a full row numbers the cards in scoring order (right to left)."""
        regions = self.region_faces(regions)
        full = len(regions) == self.rules.facts.rounds
        cards = [{"title": say.number(region["number"]), "lines": self._features(region, words, say, "quest"),
                  "tone": region.get("colour"), "order": say.number(len(regions) - i) if full else None,
                  "face": self.drawn_face(region)}
                 for i, region in enumerate(regions)]
        used = {kind for card in cards for kind in [*card["face"]["marks"], *card["face"]["needs"],
                                                    *(card["face"]["per"] or [])]}
        used |= {"night"} if any(card["face"]["night"] for card in cards) else set()
        used |= {"needs"} if any(card["face"]["needs"] for card in cards) else set()
        legend = [{"icon": kind, "word": words["describe"]["night"] if kind == "night" else
                   words["describe"]["legend_needs"] if kind == "needs" else words["per"][kind]}
                  for kind in ("night", *WONDERS, "clue", "needs") if kind in used]
        return {"kind": "cards", "cards": cards, "caption": words["describe"]["scoring_order"] if full else None,
                "legend": legend}

    @staticmethod
    def drawn_face(card: dict) -> dict:
        """What a card shows, as the icons the page draws it with (the template's `face` macro; docs/assets/sheet.js
        draws the score sheet's alike): the night symbol, its wonders and clues, and its quest: the wonders it needs,
        its fame and the icons of what the fame is paid per."""
        def icons(counts: dict) -> list[str]:
            return [wonder for wonder in WONDERS for _ in range(counts.get(wonder, 0))]

        quest, per = card.get("quest"), None
        if quest and quest["per"] is not None:
            kind = quest["per"]
            per = list(WONDERS) if kind == "wonder-set" else [kind] if kind in (*WONDERS, "clue", "night") else \
                [f"c-{colour}" for colour in (COLOURS if kind == "colour-set" else
                                              kind if isinstance(kind, tuple) else (kind,))]
        return {"night": card["night"], "marks": icons(card["wonders"]) + ["clue"] * card["clues"],
                "needs": icons(quest["requires"]) if quest else [], "fame": quest["fame"] if quest else None,
                "per": per}

    def describe_sanctuaries(self, sanctuaries: list, words: dict, say) -> str:
        """Your Sanctuaries with what each shows: "no Sanctuaries", "1 Sanctuary (red, night symbol)", "1 Sanctuary
        (grey, 1 clue)", "2 Sanctuaries: a grey one (2 clues) and a yellow one". Two or more are a clause each: in one
        bracket, "(2 clues; yellow)" read as a single card with both."""
        phrases = words["describe"]
        sanctuaries = self.sanctuary_faces(sanctuaries)
        if not sanctuaries:
            return phrases["no_sanctuaries"]
        count = say("sanctuary", len(sanctuaries))
        if len(sanctuaries) == 1:
            features = self._features(sanctuaries[0], words, say, "task")
            frame = "one_sanctuary" if sanctuaries[0].get("colour") else "one_sanctuary_grey"
            return phrases[frame].format(count=count, features=phrases["features"].join(features)
                                         or phrases["plain_sanctuary"])
        each = [self._one_of_several(sanctuary, words, say) for sanctuary in sanctuaries]
        return phrases["sanctuaries"].format(count=count,
                                             list=phrases["features"].join(each[:-1]) + phrases["and"] + each[-1])

    def _one_of_several(self, sanctuary: dict, words: dict, say) -> str:
        """One Sanctuary of a list, its colour as an adjective: "one with 1 stone and 1 clue", "a yellow one". Its
        features joined by "and": a comma would run into the next Sanctuary of the list."""
        phrases = words["describe"]
        colour = words["colours"][sanctuary["colour"]] if sanctuary.get("colour") else None
        rest = phrases["needed"].join(self._features({**sanctuary, "colour": None}, words, say, "task"))
        frame = ("coloured_with" if rest else "coloured") if colour else ("with" if rest else "plain")
        return phrases[f"sanctuary_{frame}"].format(colour=colour, features=rest)

    # --- the score sheet (the extra page `score`: a `score-sheet` section, scored in the browser by assets/sheet.js) --

    def sheet_cards(self) -> dict[str, dict]:
        """Every card's printed face as the score sheet's script scores it: Regions by number, Sanctuaries by id in the
        card list's order. A face is {colour (None: a grey Sanctuary), night, clues, wonders and requires (counts of
        stone, chimera, thistle), fame, per (None: fixed fame; two colours as a list)}."""
        def face(card) -> dict:
            return {"colour": card.colour, "night": card.night, "clues": card.clues, "wonders": list(card.wonders),
                    "requires": list(card.requires), "fame": card.fame,
                    "per": list(card.per) if isinstance(card.per, tuple) else card.per}

        cards = self.rules.facts.cards
        return {"regions": {str(card.key): face(card) for card in cards.regions},
                "sanctuaries": {card.key: face(card) for card in cards.sanctuaries}}

    def score_sheets(self, words: dict, say) -> dict[str, dict]:
        """The score sheet's cards in one language, by its entry id: every face (sheet_cards), each card's words as the
        quiz describes it ("blue, 1 clue, quest: 16 fame, needs 2 stones and 2 chimeras"), the words its reasons are
        made of (counts with their plural forms, colours, what a card scores per and those counted, a requirement
        against what it sees), the bounds of a row (its most Regions, the numbers printed), the players at a table."""
        phrases, facts, cards = words["describe"], self.rules.facts, self.rules.facts.cards

        def described(card, scoring_key: str) -> str:
            return phrases["features"].join(self._features(card.face(), words, say, scoring_key))

        return {"score-sheet": {
            "cards": self.sheet_cards(),
            "described": {"regions": {str(card.key): described(card, "quest") for card in cards.regions},
                          "sanctuaries": {card.key: described(card, "task") or phrases["plain_sanctuary"]
                                          for card in cards.sanctuaries}},
            # a card's fame counted per item: the wonders' and clues' counts, and per_<what> for the others
            "words": {**{noun: words[noun] for noun in (*WONDERS, "clue", "fame", "sanctuary")},
                      **{f"per_{per}": words[f"per_{per}"] for per in words["per"] if per not in (*WONDERS, "clue")},
                      "colours": words["colours"], "per": words["per"],
                      "face": phrases["card"],     # a card named with its features: "{number} ({features})"
                      **{name: phrases[name] for name in ("sight", "sight_short", "sight_none", "sight_mixed", "needed",
                                                          "list", "features")}},
            "rounds": facts.rounds, "numbers": [facts.number_min, facts.number_max],
            "players": [facts.players_min, facts.players_max],
            "wonders": list(WONDERS)}}
