"""Every state a real game can reach: each stated question and practice variant of every game comes with a witness, a
game record that the game's engine replays, move by move, to a state showing exactly the question's givens; the record
survives JSON (the format `python -m quiz witness` prints); and a record that breaks a rule (a card twice, a pile too
short, a seventh player, dice not rolled) is refused by the replay, naming why."""
from __future__ import annotations

import copy
import json
import random
from types import SimpleNamespace

import pytest

from repo_copies import FIXTURE_ID, fixture_rules
from rules_reading import GAMES, ROOT, variants
from quiz import games
from quiz.__main__ import main
from quiz.checker import IllegalState
from quiz.witnesses import Witnesses
from quiz.games.faraway.engine import replay as faraway_replay
from quiz.games.farkle.engine import replay as farkle_replay
from quiz.site.check import table_answers
from quiz.site.check.answers import with_derived
from quiz.site.load.source import plain


@pytest.fixture(params=GAMES)
def game(request, site):
    return next(g for g in site.games if g.id == request.param)


def test_every_question_and_variant_has_a_witness_the_engine_replays_to_its_givens(game):
    witnesses = game.witnesses(game.checker)
    count = 0
    for question, givens, _, _ in variants(game):
        record = game.witness(question.check, givens)
        assert record is not None, (question.id, givens)
        as_printed = json.loads(json.dumps(record, default=str))        # as printed
        assert witnesses.givens(question.check, as_printed) == json.loads(json.dumps(givens)), (question.id, givens)
        count += 1
    assert count > len(game.questions) if any(q.vary for q in game.questions) else count == len(game.questions)


def test_every_game_names_its_witnesses():
    for game_id in GAMES:
        assert games.witnesses(games.load(game_id)) is not None, game_id


def witness_of(site, game_id: str, question_id: str) -> tuple:
    game = next(g for g in site.games if g.id == game_id)
    question = next(q for q in game.questions if q.id == question_id)
    givens = next(g for q, g, _, _ in variants(game) if q.id == question_id)
    return game, question, givens, game.witness(question.check, givens)


def test_the_short_pile_is_reached_by_a_game_as_its_text_says(site):
    """Issue 30 and content-review-4 F1/F2: the question says the round and the players at the table, and the game
    that reaches it has them: in round 8 of five, 16 left means 29 Sanctuaries placed in rounds 2 to 7 ("almost
    everyone has found a Sanctuary in every round"), and Ana (58) and Bruno (64) beat the Region before theirs, each
    drawing 1 + the clues their real cards show."""
    game, question, givens, record = witness_of(site, "faraway", "short-pile-second-player")
    state = faraway_replay(game.checker, record)
    assert len(state.players) == givens["seated"] == 5 and state.round == givens["round_number"] == 8
    assert len(state.pile) == givens["pile"] == 16
    assert sum(len(p.sanctuaries) for p in state.players) == game.checker.facts.sanctuaries - 16
    cards = game.checker.facts.cards
    for player in state.players:
        if player.name in givens["players"]:
            clues = sum(cards.region(n).clues for n in player.row) + \
                sum(cards.sanctuary(s).clues for s in player.sanctuaries)
            assert 1 + clues == givens["players"][player.name]["wants"], player.name


def refused(replay, rules, record, why: str) -> None:
    with pytest.raises(IllegalState, match=why):
        replay(rules, record)


def test_a_faraway_record_that_breaks_a_rule_is_refused(site):
    game, question, givens, record = witness_of(site, "faraway", "short-pile-second-player")
    rules = game.checker
    faraway_replay(rules, record)

    twice = copy.deepcopy(record)                       # a card twice: Region 5 dealt to Ana and shown in the centre
    twice["regions"][len(twice["players"]) * rules.facts.hand] = twice["regions"][0]
    refused(faraway_replay, rules, twice, "appears twice")

    seventh = copy.deepcopy(record)
    seventh["players"] = seventh["players"] + ["Fatma", "Gül"]
    refused(faraway_replay, rules, seventh, "7 players")

    short = copy.deepcopy(record)                       # a Sanctuary placed that was never drawn
    turn = next(t for t in short["rounds"][1]["turns"] if t["place"] is not None)
    turn["place"] = next(s for s in rules.facts.cards.ids() if s not in short["sanctuaries"][:8])
    refused(faraway_replay, rules, short, "but drew Sanctuaries")

    unfound = copy.deepcopy(record)                     # round 1: nobody finds a Sanctuary
    unfound["rounds"][0]["turns"][0]["place"] = rules.facts.cards.ids()[0]
    refused(faraway_replay, rules, unfound, "without drawing one")

    not_in_hand = copy.deepcopy(record)
    not_in_hand["rounds"][0]["play"]["Ana"] = not_in_hand["rounds"][0]["play"]["Bruno"]
    refused(faraway_replay, rules, not_in_hand, "not in their hand")

    ninth = copy.deepcopy(record)                       # a round after the eighth
    ninth["rounds"].append(ninth["rounds"][-1])
    refused(faraway_replay, rules, ninth, "turns are due|game is over")


def test_the_short_pile_needs_its_placed_sanctuaries(site):
    """A pile shorter than five players can leave by round 8 (one Sanctuary each in rounds 2 to 7) has no witness, the
    same question asked of it."""
    game, question, givens, record = witness_of(site, "faraway", "short-pile-second-player")
    placed_at_most = game.checker.facts.players_max * (game.checker.rounds_the_regions_last(6) - 2)
    low = dict(givens, pile=game.checker.facts.sanctuaries - max(placed_at_most, 5 * 6) - 1)
    assert game.witness(question.check, low) is None


def test_a_farkle_record_that_breaks_a_rule_is_refused(site):
    game, question, givens, record = witness_of(site, "farkle", "farkle-after-three-sets")
    rules = game.checker
    farkle_replay(rules, record)

    wrong_count = copy.deepcopy(record)                 # five dice rolled at the start of a turn
    wrong_count["turns"][0]["rolls"][0] = wrong_count["turns"][0]["rolls"][0][:5]
    refused(farkle_replay, rules, wrong_count, "6 dice in hand")

    not_rolled = copy.deepcopy(record)                  # a set-aside the roll does not show
    not_rolled["turns"][0]["set_asides"][0] = [5, 5, 5]
    refused(farkle_replay, rules, not_rolled, "not dice of the roll")

    scores_nothing = copy.deepcopy(record)
    scores_nothing["turns"][0]["set_asides"][0] = [2]
    refused(farkle_replay, rules, scores_nothing, "score nothing")

    no_farkle = copy.deepcopy(record)                   # a farkle on a roll that scores
    no_farkle["turns"][1]["rolls"][0] = [1, 2, 3, 4, 6, 6]
    refused(farkle_replay, rules, no_farkle, "scores")

    out_of_turn = copy.deepcopy(record)
    out_of_turn["turns"][1]["player"] = "you"
    refused(farkle_replay, rules, out_of_turn, "it is Bruno's turn")


def test_a_farkle_bank_below_the_tables_minimum_is_refused(site):
    """At a table whose bank needs 300, a first turn of three 1s banks; a single 5 does not."""
    game = next(g for g in site.games if g.id == "farkle")
    sets = game.rule_sets
    rules = next(type(game.checker)(sets.set_facts(s)) for s in sets.sets if sets.set_facts(s).bank_minimum == 300)
    turn = {"player": "you", "rolls": [[5, 2, 3, 4, 6, 6]], "set_asides": [[5]], "end": "bank"}
    refused(farkle_replay, rules, {"players": ["you", "Bruno"], "turns": [turn]}, "a bank needs")
    witnesses = game.witnesses(rules)
    assert witnesses.witness("total_after_turn", {"banked": 0, "set_asides": [[5]], "farkled": False}) is None
    assert witnesses.witness("total_after_turn", {"banked": 0, "set_asides": [[1, 1, 1]], "farkled": False})


@pytest.mark.parametrize("game_id", sorted(path.parent.name for path in ROOT.glob("rules/*/sets.yml")))
def test_every_witness_at_every_table_replays_to_its_givens_there(site, game_id):
    """At every table of a game's rule sets (`python -m quiz witness <game> --tables`): each record found for a group of
    tables that saw alike what its replay read is replayed by the engine under the rules of the first table of its
    group and of another one drawn from it, and shows the question's givens there; a table with no record is one whose
    rules no game reaches the givens under (content-review-5 F1)."""
    game = next(g for g in site.games if g.id == game_id)
    sets, rng, replayed = game.rule_sets, random.Random(game_id), 0
    for question in game.questions:
        practice = game.practice.get(question.id)
        for drawn in [question.givens] + [v["givens"] for v in (practice.variants if practice else [])]:
            for record, tables in table_answers.at_tables(game, question, drawn, site.default_language).records:
                for index in {tables[0], rng.choice(tables)}:
                    facts = sets.facts_of(sets.all_values()[index])
                    givens = plain(with_derived(question, drawn, game.table_values(facts)))
                    checker = type(game.checker)(facts)
                    assert game.witnesses(checker).givens(question.check, json.loads(json.dumps(record))) == \
                        json.loads(json.dumps(givens)), (question.id, sets.table_of(index).address())
                    replayed += 1
    assert replayed >= len(game.questions)             # each question's records, at least one table each


def _replay_rolls(rules, record: dict) -> list[int]:
    for face in record["roll"]:
        if not 1 <= face <= 6:
            raise IllegalState(f"roll: {face} is no face of a die")
    return record["roll"]


class RollWitnesses(Witnesses):
    """A builder with each slip an author makes, in turn, before a record that counts."""

    REPLAY = _replay_rolls

    def _build_roll(self, roll):
        yield None                          # a builder may yield None: no record of this kind for these givens
        yield {"roll": [7]}                 # the engine refuses it
        yield {"roll": sorted(roll)}        # read back in another order than the givens'
        yield {"roll": list(roll)}
        yield {"roll": [1]}                 # never tried: the first record that counts ends the search

    def _read_roll(self, state, record):
        return {"roll": state}

    def _build_slip(self, roll):
        raise IllegalState("a slip in the builder")
        yield


def test_witness_why_says_why_each_candidate_record_does_not_count():
    """Issue 43 point 6: the reader must give the givens exactly, in their order; a builder may yield None; a record
    the engine refuses says the engine's reason; IllegalState inside a builder ends the search, said as such."""
    witnesses = RollWitnesses(SimpleNamespace(facts=None))
    tried = list(witnesses.attempts("roll", {"roll": [3, 1]}))[:4]
    assert [(number, refused) for number, _, refused in tried] == [
        (1, "the builder yielded None"),
        (2, "the engine refused it: roll: 7 is no face of a die"),
        (3, "the reader gave roll: [1, 3], not the givens' roll: [3, 1] (the same in another order: a reader gives "
            "them in the givens' order)"),
        (4, None)]
    assert witnesses.witness("roll", {"roll": [3, 1]}) == {"roll": [3, 1]}
    assert list(witnesses.attempts("slip", {"roll": [3]})) == [
        (None, None, "the search ends: IllegalState: a slip in the builder")]
    assert witnesses.witness("slip", {"roll": [3]}) is None
    assert list(witnesses.attempts("other", {})) == [
        (None, None, "RollWitnesses has no _build_other: no question of other has a witness")]


def test_witness_why_on_the_command_line_explains_a_question_no_game_reaches(tmp_path, capsys):
    """`python -m quiz witness <game> <question> --why` works where verify stops at the RR313 it explains: the fixture
    game's Ana with 1 point, which no round won gives."""
    rules = fixture_rules(tmp_path / "rules")
    questions = rules / FIXTURE_ID / "questions.yml"
    questions.write_text(questions.read_text(encoding="utf-8").replace(
        "givens: {players: {Ana: 6, Bruno: 10}}", "givens: {players: {Ana: 1, Bruno: 10}}"), encoding="utf-8")
    assert main(["witness", FIXTURE_ID, "fewer-points-trail", "--why", "--rules", str(rules)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "fewer-points-trail: leader(players={'Ana': 1, 'Bruno': 10})",
        "  the builder yielded no record for these givens"]
    assert main(["witness", FIXTURE_ID, "three-dice-total", "--why", "--rules", str(rules)]) == 0
    assert capsys.readouterr().out.splitlines() == ["three-dice-total: roll_total(roll=[4, 1, 3])",
                                                    "  record 1: reaches the givens"]


def test_a_farkle_turn_reaching_a_total_takes_fewest_set_asides_whatever_the_search_bound(site):
    """The witnesses' search (one per chart, grown to the total asked: issue 43) against a brute force: the fewest
    set-asides of triples and single 1s and 5s, each from the dice in hand, that score exactly the total and leave
    that many dice in hand; the same path asked under a small bound and a large one."""
    from quiz.games.farkle.scoring import counts
    from quiz.games.farkle.witnesses import _turn_reaching, _turns_up_to
    game = next(g for g in site.games if g.id == "farkle")
    pieces = [(face,) * 3 for face in range(1, 7)] + [(1,), (5,)]
    for values in list(game.rule_sets.projections(("scoring",)).values())[::12]:
        chart = type(game.checker)(game.rule_sets.facts_of(values)).chart
        priced = [(chart.best_split(counts(piece)), len(piece)) for piece in pieces]
        priced = [(points, size) for points, size in priced if points]

        def fewest(total: int, in_hand: int) -> int | None:
            ends = {(0, 6)}
            for length in range(0, 12):
                if (total, in_hand) in ends and total:
                    return length
                ends = {(t + p, (h - size) or 6) for t, h in ends for p, size in priced if size <= h and t + p <= total}
            return None

        for total in range(0, 1600, chart.step * 3):
            for in_hand in range(1, 7):
                found = _turn_reaching(chart, 6, total, in_hand)
                assert (None if found is None else len(found)) == fewest(total, in_hand), (values, total, in_hand)
                if found is not None:
                    assert sum(chart.best_split(counts(piece)) for piece in found) == total
                    assert _turns_up_to(chart, 6, 8000)[(total, in_hand)] == found
