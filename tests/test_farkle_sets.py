"""Farkle's rule sets (rules/farkle/sets.yml) against their sources: every set scores 32 rolls as its source's own table
says, worked out by hand here (never from the YAML the checker reads); the house rules each change what their sources
say; a set's turn rules (minimums, the end, the final round) as its source words them."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from quiz.checker import IllegalState
from quiz.games.farkle import Farkle
from quiz.site.load.problems import Problems
from quiz.site.load.rulesets import load_rule_sets

RULES = Path(__file__).resolve().parent.parent / "rules"
SETS = ("seed", "playmonster", "zilch", "busche-neller", "facebook", "farkle-games")     # the columns of ROLLS
FILE_SETS = list(yaml.safe_load((RULES / "farkle" / "sets.yml").read_text(encoding="utf-8"))["sets"])   # as plain YAML


def rule_sets():
    problems = Problems(RULES)
    found = load_rule_sets(RULES / "farkle", "farkle", Farkle.bind(_game()).facts, problems)
    assert not problems.items, problems.items
    return found


def _game():
    from quiz.games import read_game
    return read_game("farkle", RULES)


def checker(set_id: str, **house) -> Farkle:
    sets = rule_sets()
    return Farkle(sets.facts(sets.table(set_id, house)))


# Each row: a roll, then its best score in the seed's rules (seed 004 "Optionen"); PlayMonster's boxed sheet (three 1s
# 300; four, five, six of a kind 1,000, 2,000, 3,000; straight and three pairs 1,500; four of a kind and a pair 1,500;
# two triplets 2,500); Zilch (each die over three doubles; straight and three pairs 1,500; six dice with nothing 500);
# Busche & Neller (1s, 5s and three of a kind only); Facebook (four, five, six of a kind two, three, four times the
# three; straight 1,500; three pairs 750); farkle.games (the same multiples; straight 1,000; "Three Different Pairs"
# 750: four of a kind and a pair are no three different pairs, content-review-5 F4).
ROLLS = [
    # roll                 seed   playmonster zilch busche-n. facebook farkle.games
    ([1],                  100,   100,   100,   100,   100,   100),
    ([5],                  50,    50,    50,    50,    50,    50),
    ([2],                  0,     0,     0,     0,     0,     0),
    ([1, 5],               150,   150,   150,   150,   150,   150),
    ([2, 3, 4, 6, 6, 2],   0,     0,     500,   0,     0,     0),      # two pairs: only Zilch scores six dead dice
    ([1, 1, 1],            1000,  300,   1000,  1000,  1000,  1000),
    ([2, 2, 2],            200,   200,   200,   200,   200,   200),
    ([6, 6, 6],            600,   600,   600,   600,   600,   600),
    ([1, 1, 1, 1],         1100,  1000,  2000,  1100,  2000,  2000),   # seed: three 1s + a 1 beats 1,000
    ([2, 2, 2, 2],         1000,  1000,  400,   200,   400,   400),
    ([3, 3, 3, 3, 3],      2000,  2000,  1200,  300,   900,   900),
    ([4, 4, 4, 4, 4, 4],   3000,  3000,  3200,  800,   1600,  1600),   # Busche & Neller: two threes of 4
    ([1, 2, 3, 4, 5, 6],   2500,  1500,  1500,  150,   1500,  1000),
    ([2, 2, 3, 3, 6, 6],   1500,  1500,  1500,  0,     750,   750),
    ([1, 1, 5, 5, 3, 3],   1500,  1500,  1500,  300,   750,   750),
    ([2, 2, 2, 2, 3, 3],   1500,  1500,  1500,  200,   750,   400),    # four and a pair: three pairs, or its own line
    ([1, 1, 1, 1, 5, 5],   1500,  1500,  2100,  1200,  2100,  2100),
    ([3, 3, 3, 6, 6, 6],   900,   2500,  900,   900,   900,   900),    # two triplets: PlayMonster's own line
    ([1, 1, 1, 5, 5, 5],   1500,  2500,  1500,  1500,  1500,  1500),
    ([6, 6, 6, 1, 5, 2],   750,   750,   750,   750,   750,   750),
    ([5, 5, 5, 5],         1000,  1000,  1000,  550,   1000,  1000),
    ([5, 5, 5, 5, 5],      2000,  2000,  2000,  600,   1500,  1500),
    ([1, 1, 1, 1, 1, 1],   3000,  3000,  8000,  2000,  4000,  4000),
    ([2, 3, 4, 6, 6, 3],   0,     0,     500,   0,     0,     0),
    ([2, 2, 3, 4, 6],      0,     0,     0,     0,     0,     0),      # five dice: Zilch's 500 needs all six
    ([1, 2, 3, 4, 5],      150,   150,   150,   150,   150,   150),    # no set scores a short straight
    ([2, 3, 4, 5, 6, 6],   50,    50,    50,    50,    50,    50),
    ([4, 4, 4, 4, 1, 5],   1150,  1150,  950,   550,   950,   950),
    ([2, 2, 2, 3, 3, 3],   500,   2500,  500,   500,   500,   500),
    ([6, 6, 6, 6, 6, 1],   2100,  2100,  2500,  700,   1900,  1900),
    ([1, 1, 2, 2, 2, 2],   1500,  1500,  1500,  400,   750,   600),
    ([5, 5, 6, 6, 6, 6],   1500,  1500,  1500,  700,   1300,  1300),
]


@pytest.mark.parametrize("set_id", FILE_SETS)
def test_every_set_scores_rolls_as_its_source_says(set_id):
    """Every set sets.yml has (read from the file itself), a column of ROLLS worked out from its source."""
    assert set_id in SETS, f"{set_id}: a set of sets.yml that ROLLS does not score: add its column, from its source"
    rules = checker(set_id)
    column = SETS.index(set_id) + 1
    wrong = [(roll, row[column], rules.best_score(roll)) for roll, *rest in ROLLS for row in [(roll, *rest)]
             if rules.best_score(roll) != row[column]]
    assert len(ROLLS) >= 30 and not wrong, f"{set_id}: (roll, its source's score, the checker's) {wrong}"


def test_farkle_chances_where_a_set_changes_them():
    """KNOWN-TRAPS: with neither three pairs nor the straight, 6 dice farkle 1,440 of 46,656 (3.09 %), not 1,080;
    Zilch's six dead dice score 500, so six dice never farkle there."""
    assert checker("seed").farkle_chance(6) * 46656 == 1080
    assert checker("busche-neller").farkle_chance(6) * 46656 == 1440
    assert checker("zilch").farkle_chance(6) == 0
    assert checker("zilch").farkle_chance(5) == checker("seed").farkle_chance(5)


def test_house_rules_add_their_scoring_options():
    """Two triplets 2,500 (PlayMonster, Busche's generator), four of a kind and a pair 1,500 (PlayMonster), six dice
    that score nothing 500 (Zilch, Wikipedia), on top of any set."""
    assert checker("seed", **{"two-triplets": True}).best_score([2, 2, 2, 3, 3, 3]) == 2500
    assert checker("busche-neller", **{"four-and-pair": True}).best_score([2, 2, 2, 2, 3, 3]) == 1500
    assert checker("seed", **{"six-nothing": True}).best_score([2, 2, 3, 4, 6, 6]) == 500
    assert checker("playmonster", **{"two-triplets": False}).best_score([2, 2, 2, 3, 3, 3]) == 500
    assert checker("seed", **{"six-nothing": True}).is_hot_dice([2, 2, 3, 4, 6, 6])


def test_what_a_bank_needs():
    """PlayMonster: "To get on the Score Pad for the first time … 500 points"; Zilch: "at least 300 points" for any
    bank; the seed names no minimum; a house rule sets the first bank's."""
    playmonster, zilch, seed = checker("playmonster"), checker("zilch"), checker("seed")
    with pytest.raises(IllegalState):
        playmonster.total_after_turn(0, [[1, 1, 1], [5, 5]], False)        # 300 + 100 < 500
    assert playmonster.total_after_turn(0, [[5, 5, 5]], False) == 500
    assert playmonster.total_after_turn(600, [[5]], False) == 650         # on the board: anything banks
    with pytest.raises(IllegalState):
        zilch.total_after_turn(1000, [[1, 1]], False)
    assert zilch.total_after_turn(1000, [[1, 1, 1]], False) == 2000
    assert seed.total_after_turn(0, [[5]], False) == 50
    with pytest.raises(IllegalState):
        checker("seed", **{"opening-minimum": 750}).total_after_turn(0, [[6, 6, 6]], False)


def test_three_farkles_in_a_row_leave_a_farkle_unanswered_unless_told_which_one():
    with pytest.raises(IllegalState):
        checker("zilch").total_after_turn(4200, [[1, 1, 1], [5]], True)
    assert checker("seed").total_after_turn(4200, [[1, 1, 1], [5]], True) == 4200


def test_the_end_as_each_set_words_it():
    """Seed 004: more than 10,000, at once. PlayMonster: 10,000 or more, then everyone else one last turn. Busche &
    Neller: the first to a banked 10,000 or more wins. A house rule moves the target."""
    seed, playmonster, minimal = checker("seed"), checker("playmonster"), checker("busche-neller")
    assert (seed.game_ends(10000), seed.game_ends(10050), seed.points_to_end(9350)) == (False, True, 700)
    assert (minimal.game_ends(10000), minimal.points_to_end(9350)) == (True, 650)
    assert (playmonster.game_ends(10000), playmonster.others_play_on(10000), playmonster.others_play_on(10500)) == \
        (False, True, True)
    assert checker("seed", target=5000).game_ends(5050) and not checker("seed", target=20000).game_ends(10050)
    assert checker("seed", **{"final-round": True}).others_play_on(10050)


@pytest.mark.parametrize("set_id", SETS)
def test_the_calculators_keeps_are_a_search_of_every_part_of_every_roll(set_id):
    """The score-a-roll calculator's keeps, which the turn's solve weighs a roll by too (the chart's best_keeps(),
    worked out from the rolls one die smaller: issue 43), against a search of every part of every roll of one to six
    dice in the order of counts: for each number of dice kept, the most points and the first dice that score them."""
    import itertools

    from quiz.games.farkle.presentation import _keeps
    from quiz.games.farkle.scoring import counts, faces
    chart = checker(set_id, **({"six-nothing": True} if set_id == "seed" else {})).chart
    searched = {}
    for n in range(1, 7):
        for roll in itertools.combinations_with_replacement(range(1, 7), n):
            options: dict[int, tuple[int, str]] = {}
            for part in itertools.product(*(range(count + 1) for count in counts(roll))):
                points = chart.best_split(part) if sum(part) else None
                if points and points > options.get(sum(part), (0, ""))[0]:
                    options[sum(part)] = (points, "".join(map(str, faces(part))))
            if options:
                searched["".join(map(str, roll))] = [[kept, points] for _, (points, kept) in sorted(options.items())]
    assert _keeps.__wrapped__(chart, 6) == searched
    assert list(_keeps.__wrapped__(chart, 6)) == list(searched)        # in the order the calculator's file lists them
