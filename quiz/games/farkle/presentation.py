"""What Farkle's pages need from its rules: the numbers the texts quote, the odds table, the score-a-roll calculator's
table of every roll and its solved turn (which dice to keep, then bank or roll), the bank-or-roll tables from the best
play of a turn, the two-player figures where make strategy solved the table, and a set-aside worded as its scoring
parts."""
from __future__ import annotations

import functools
from decimal import Decimal
from typing import Any

from quiz.presentation import DICE_CALCULATOR, Presentation
from quiz.games.farkle import duel, endgame
from quiz.games.farkle.beliefs import BELIEVED_ENOUGH, Farkle
from quiz.games.farkle.reads import cached_per_chart
from quiz.games.farkle.scoring import counts, faces, rolls_with_ways


@cached_per_chart
def kind_scoring(chart) -> str:
    kinds = [option for option in chart.options if option.same]
    return "none" if not kinds else "multiple" if any(option.times_three for option in kinds) else "fixed"


@cached_per_chart
def scores_three_pairs(chart) -> bool:
    return any(option.pairs for option in chart.options)


@cached_per_chart
def scores_straight(chart) -> bool:
    return any(sorted(option.dice) == list(range(1, 7)) for option in chart.options)


@cached_per_chart
def scores_six_nothing(chart) -> bool:
    return any(option.nothing for option in chart.options)


@cached_per_chart
def scores_combinations(chart) -> bool:
    """Two triplets, four of a kind and a pair: any option of kinds, or six dice that score nothing."""
    return any(option.kinds or option.nothing for option in chart.options)


@functools.lru_cache(maxsize=None)
def _keeps(chart, dice: int) -> dict[str, list]:
    """For every roll that scores, the most points for keeping each number of its dice, with those dice (the chart's
    best_keeps(), as the turn's solve weighs a roll)."""
    keeps = {}
    for n in range(1, dice + 1):
        for roll, _, counted in rolls_with_ways(n):
            found = chart.best_keeps(counted)
            if found:
                keeps["".join(map(str, roll))] = [["".join(map(str, faces(part))), points]
                                                  for _, (points, part) in sorted(found.items())]
    return keeps


# what the texts' conditions ask of a scoring chart's shape, each a view of the chart (cached_per_chart)
SCORING_SHAPES = {"kind_scoring": kind_scoring, "scores_three_pairs": scores_three_pairs,
                  "scores_straight": scores_straight, "scores_six_nothing": scores_six_nothing,
                  "scores_combinations": scores_combinations}
GAIN_TOTALS = (300, 500, 1000, 2000, 3000)    # the turn totals the odds page shows the gain of rolling at
ADVICE_LIMIT = 10000                          # the calculator weighs turns up to this total (the seed's target)


class FarklePresentation(Presentation):
    rules: Farkle
    tool_sections = frozenset({"calculator"})
    # the score-a-roll calculator's (docs/assets/dice.js, race.js): a dice calculator's, and its advice for the most
    # points (advice_*) and for the win (win_*)
    tool_placeholders = {
        **DICE_CALCULATOR,
        **{field: frozenset({"keep", "points", "left", "roll", "bank"})
           for field in ("advice_roll", "advice_bank", "win_bank", "win_roll", "win_even")},
        "advice_must_roll": frozenset({"keep", "points", "left", "minimum"}),
        "win_must_roll": frozenset({"keep", "points", "left", "roll", "minimum"}),
        "win_ends": frozenset({"keep", "points"})}

    def derived_parts(self):
        """The numbers the texts quote, in parts by the facts they read: a text that quotes a scoring figure is not
        written again for every target, and one that quotes the target not for every scoring chart."""
        return [self.scoring_numbers, self.end_numbers, self.turn_numbers, self.race_numbers]

    def scoring_numbers(self) -> dict[str, Any]:
        """What the texts and their conditions (game.yml `when`, `applies`; questions.yml `presumes`) ask of a table's
        scoring: each option's points ({points_<id>}), or for dice of a kind worth a multiple of the three, that
        multiple ({times_<id>}); how dice of a kind score ('fixed', 'multiple', 'none'); whether three pairs, the
        straight, six dead dice and any such combination (two triplets, four of a kind and a pair) score; and the best
        scores of a few sets the texts discuss."""
        rules = self.rules
        values: dict[str, Any] = {}
        for option in rules.chart.whole().options:      # which numbers there are; each reads its own option
            name = option.id.replace("-", "_")
            values[f"times_{name}" if option.times_three else f"points_{name}"] = \
                lambda option_id=option.id: (lambda found: found.points or found.times_three)(
                    rules.chart.option(option_id))
        for name, shows in SCORING_SHAPES.items():
            values[name] = lambda shows=shows: shows(rules.chart)
        values["example_total"] = lambda: rules.turn_points([[1, 1], [1]])
        values["four_ones_best"] = lambda: rules.score([1, 1, 1, 1])
        values["four_and_pair_best"] = lambda: rules.score([2, 2, 2, 2, 3, 3])
        values["score_step"] = lambda: rules.chart.step
        return values

    def end_numbers(self) -> dict[str, Any]:
        rules = self.rules
        return {"just_past_target": rules.facts.target + rules.chart.step,      # the least a turn can end above it
                "past_target": rules.facts.target + 4 * rules.chart.step}       # a turn's end a little above it

    def turn_numbers(self) -> dict[str, Any]:
        """From the best play of one turn (strategy.py): the total from which to bank with 1 to 5 dice in hand, what a
        turn is worth from its start; and the round number a belief banks at."""
        rules = self.rules
        strategy = rules.turn_strategy()
        bank_from = self.bank_from()
        values: dict[str, Any] = {f"bank_from_{n}": bank_from[n] for n in range(1, rules.facts.dice)}
        values["turn_worth"] = round(strategy.expected_turn())
        values["believed_enough"] = BELIEVED_ENOUGH
        return values

    def bank_from(self) -> dict[int, int | None]:
        """The solved turn's total to bank from, per number of dice in hand (TurnStrategy.bank_from: once per solved
        turn, which every table with this scoring chart and bank minimum shares)."""
        return self.rules.turn_strategy().bank_from

    def race_numbers(self) -> dict[str, Any]:
        """Two players solved for the win (duel.py, make strategy), where this table was: the first player's chance in
        percent, and the fair compensation."""
        race = duel.figures(self.rules)
        if race is None:
            return {}
        return {"first_player_wins": Decimal(race["first_wins"] * 100).quantize(Decimal("0.1")),
                "compensation": race["compensation"]}

    def named_plainly(self) -> set[str]:
        """Three pairs where the label's aside "(four of a kind plus a pair counts too)" is not so: where four of a kind
        and a pair has a line of its own (it reads as two prices for one roll), or does not count as three pairs."""
        scoring = self.rules.facts.scoring
        own_line = any(option.kinds == (4, 2) for option in scoring)
        return {option.id for option in scoring if option.pairs and (own_line or not option.four_and_pair)}

    def roll_table(self) -> dict[str, list]:
        """The checker's answer for every multiset of 1–6 dice: key "11356" -> [best score, best dice, hot dice]."""
        rules, scored = self.rules, {}
        for n in range(1, rules.facts.dice + 1):
            for roll, _, counted in rolls_with_ways(n):
                points, part, _ = rules.chart.best_set_aside(counted)
                hot = int(rules.chart.best_split(counted) is not None)
                scored["".join(map(str, roll))] = [points, "".join(map(str, faces(part))), hot]
        return scored

    def computed_tables(self) -> dict[str, dict]:
        """Tables the pages show, computed by the rules: the odds for 1 to 6 dice; from the best play of a turn, the
        total from which to bank with each number of dice ("always roll" where no total below the solver's cap, or the
        target, banks),
        and what one more roll gains over banking at a few turn totals."""
        rules = self.rules
        dice = range(1, rules.facts.dice + 1)
        rows = [{"dice": n, "farkle": rules.farkle_chance(n), "expected": rules.expected_best_score(n)} for n in dice]
        strategy, bank_from = rules.turn_strategy(), self.bank_from()
        # a total past the target is never reached before banking ends the game: there the advice is to roll on
        thresholds = [{"dice": n, "bank_from": bank_from[n] if bank_from[n] and bank_from[n] <= rules.facts.target
                       else "always_roll"} for n in dice]
        gains = [{"dice": n, **{total: round(strategy.gain_of_rolling(total, n)) if total >= rules.facts.bank_minimum
                                else None for total in GAIN_TOTALS}} for n in dice]       # None: no bank allowed yet
        return {"odds-table": {"columns": ["dice", "farkle", "expected"], "chart": "farkle", "rows": rows},
                "bank-table": {"columns": ["dice", "bank_from"], "rows": thresholds},
                "gain-table": {"columns": ["dice", *GAIN_TOTALS], "signed": True, "rows": gains}}

    def calculators(self) -> dict[str, dict]:
        """The score-a-roll calculator: tap dice, read the best score from the table of every roll; with your turn's
        points so far, the best play from the solved turn (which dice to keep, then bank or roll); with both players'
        banked scores too, the play that wins most often, from the solved race (`race`: its file, where solved)."""
        race = f"{endgame.browser_stem(self.rules)}.json" if duel.load(self.rules) is not None else ""
        return {"score-a-roll": {"table": "rolls.json", "advice": "turn.json", "faces": 6,
                                 "dice": self.rules.facts.dice, "turn_limit": ADVICE_LIMIT,
                                 "turn_step": self.rules.chart.step, "left_word": "dice_in_hand", "race": race}}

    def fetched_files(self) -> dict[str, str | bytes]:
        """The race solved for two players at this table (duel.py), for the calculator's chance to win: none where
        the table was not solved (a house rule on top of a published set)."""
        return endgame.browser_files(self.rules)

    def data_files(self) -> dict[str, object]:
        """JSON the browser looks up instead of re-implementing the rules (the score-a-roll calculator)."""
        return {"rolls.json": self.roll_table(), "turn.json": self.turn_table()}

    def turn_table(self) -> dict:
        """The solved turn as the calculator weighs a roll (docs/assets/dice.js), for a player on the board: for each
        roll that scores, the most points for keeping each number of its dice ("keeps": key -> [[dice, points], …]);
        per number of dice in hand, the total from which to bank ("bank_from"), what the turn is worth below it when
        playing best ("values", from 0 in steps of "step"; from there on, the total itself), and what rolling on is
        worth up to ADVICE_LIMIT and one keep past it ("roll", to a point: it is only shown); values to three
        decimals."""
        rules = self.rules
        strategy, step, dice = rules.turn_strategy(), rules.chart.step, rules.facts.dice
        keeps, bank_from = self.keeps(), self.bank_from()
        reach = max(points for options in keeps.values() for _, points in options)    # the most one keep adds
        return {"step": step, "needed": rules.facts.bank_minimum, "bank_from": bank_from,
                "values": {n: [round(v, 3) for v in strategy.value[n][:(bank_from[n] or strategy.cap) // step]]
                           for n in range(1, dice + 1)},
                "roll": {n: [round(v) for v in strategy.roll_value[n][:(ADVICE_LIMIT + reach) // step + 1]]
                         for n in range(1, dice + 1)},
                "keeps": keeps}

    def keeps(self) -> dict[str, list]:
        """For each roll that scores: the most points for keeping each number of its dice, with those dice (once per
        scoring chart and number of dice)."""
        return _keeps(self.rules.chart.whole(), self.rules.facts.dice)

    def text_formatters(self):
        return {"split": self.describe_split}

    def describe_split(self, parts: list[list[int]], words: dict, say) -> str:
        """A set-aside split into its scoring parts, each with its points: "6 6 6 (600) + 1 (100) + 5 (50)"."""
        described = []
        for part in parts:
            points = self.rules.chart.best_split(counts(self.rules._dice(part, "split")))
            if points is None:
                raise ValueError(f"{part} is no scoring part")
            described.append(f"{' '.join(say.number(d) for d in part)} ({say.number(points)})")
        return " + ".join(described)
