"""Every game's rules checker, found from rules/: whatever it is given, it answers, or raises MalformedInput (not a game
at all) or IllegalState (a game that cannot happen) — never any other exception, so a bad question is one clean line."""
from __future__ import annotations

import copy
import functools
import inspect
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quiz import games
from quiz.checker import LEGALITY_PREFIX, IllegalState, MalformedInput
from quiz.games import read_game

RULES = Path(__file__).resolve().parent.parent / "rules"
GAME_IDS = sorted(path.parent.name for path in RULES.glob("*/game.yml"))


@functools.cache
def bound_checker(game_id: str):
    return games.bound(game_id, RULES)


CHECKS = [(game_id, check) for game_id in GAME_IDS for check in bound_checker(game_id).rules()]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 80), st.integers(), st.floats(allow_nan=True),
                    st.sampled_from(["", "stone", "red", "night", "clue", "Ana", "7"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=9),
    st.dictionaries(st.sampled_from(["regions", "sanctuaries", "number", "quest", "fame", "per", "requires", "clues",
                                     "colour", "wonders", "night", "task", "stone", "Ana", "Bruno", "wants", "numbers",
                                     "x"]), inner, max_size=6)), max_leaves=40)


def test_every_game_has_a_checker_with_rules_to_ask():
    assert GAME_IDS and all(bound_checker(game_id).rules() for game_id in GAME_IDS)


@functools.cache
def stated_givens(game_id: str) -> dict[str, list[dict]]:
    """The givens of the game's questions, by the rule they ask: well-formed games to vary one value of."""
    path = RULES / game_id / "questions.yml"
    found: dict[str, list[dict]] = {}
    for question in (yaml.safe_load(path.read_text(encoding="utf-8"))["questions"] if path.exists() else []):
        found.setdefault(question["check"], []).append(question["givens"])
    return found


def leaves(data, path=()):
    if isinstance(data, dict) and data:
        return [leaf for key, value in data.items() for leaf in leaves(value, path + (key,))]
    if isinstance(data, list) and data:
        return [leaf for i, value in enumerate(data) for leaf in leaves(value, path + (i,))]
    return [path]


def givens_near_a_question(data, questions: list[dict]) -> dict:
    """A question's givens with one value changed: mostly still well-formed, sometimes a game that cannot happen."""
    givens = copy.deepcopy(data.draw(st.sampled_from(questions), label="question"))
    path = data.draw(st.sampled_from(leaves(givens)), label="changed")
    if path:
        target = givens
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = data.draw(st.one_of(st.integers(-1, 12), VALUES), label="to")
    return givens


def outcome(function, *args):
    """What a checker call comes to: ("value", it), or the class of the error it raised."""
    try:
        return "value", function(*args)
    except (MalformedInput, IllegalState) as exc:
        return type(exc), str(exc)


@pytest.mark.parametrize("game_id, check", CHECKS, ids=[f"{g}.{c}" for g, c in CHECKS])
@settings(max_examples=min(60, settings.default.max_examples), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_givens_are_answered_or_rejected_cleanly(game_id, check, data):
    """Whatever the givens, the legality check and the rule agree on what they are: a name the rule does not take, or
    one missing, is malformed to both; givens the legality check finds malformed, the rule rejects too; a game the rule
    finds impossible, the legality check names, where the game has one for the rule (Farkle has none: the engine's
    replay decides what a game reaches, tests/test_witnesses.py); and a rule's answer is the same each time."""
    checker = bound_checker(game_id)
    names = list(inspect.signature(getattr(checker, check)).parameters)
    questions = stated_givens(game_id).get(check)
    if questions and data.draw(st.integers(0, 3), label="near a question") > 0:
        givens = givens_near_a_question(data, questions)
    else:
        givens = data.draw(st.fixed_dictionaries({name: VALUES for name in names},
                                                 optional={"unexpected": VALUES}), label="givens")
        if data.draw(st.booleans(), label="drop one") and names:
            givens.pop(names[0], None)
    judged, answered = outcome(checker.illegal, check, givens), outcome(checker.call, check, givens)
    if "unexpected" in givens or set(givens) != set(names):
        assert judged[0] is answered[0] is MalformedInput, (judged, answered)
        return
    if judged[0] is MalformedInput:
        assert answered[0] is MalformedInput, f"the legality check rejects the givens ({judged[1]}), the rule does not"
    else:
        assert all(isinstance(reason, str) and reason for reason in judged[1]), judged
    if answered[0] is IllegalState and hasattr(checker, LEGALITY_PREFIX + check):
        assert judged[0] == "value" and judged[1], f"the rule finds no game ({answered[1]}), the legality check none"
    if answered[0] == "value":
        assert outcome(checker.call, check, givens) == answered


# --- wrong beliefs ---------------------------------------------------------------------------------------------------

BELIEFS = [(game_id, belief) for game_id in GAME_IDS for belief in bound_checker(game_id).beliefs()]


def forget_entries(game_id: str) -> list[str]:
    game = read_game(game_id, RULES)
    return [e["id"] for s in game.get("refresher", []) if s["section"] == "forget" for e in s["entries"]]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_easy_to_forget_rule_has_a_wrong_belief_or_says_why_not(game_id):
    """Each entry's wrong belief is code: the answer a player holding it gives. An entry without one names why."""
    checker = bound_checker(game_id)
    believed = {b.entry for b in checker.beliefs()}
    missing = [entry for entry in forget_entries(game_id)
               if entry not in believed and entry not in checker.WITHOUT_BELIEF]
    assert not missing, f"{games.folder(game_id)}/beliefs.py computes no wrong belief of {missing}"
    assert all(b.entry in forget_entries(game_id) for b in checker.beliefs())


@pytest.mark.parametrize("game_id, belief", BELIEFS, ids=[f"{g}.{b.method}" for g, b in BELIEFS])
@settings(max_examples=min(25, settings.default.max_examples), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_givens_are_believed_or_rejected_cleanly(game_id, belief, data):
    """A belief takes the givens of the rule it distorts and, like a rule, answers or raises one of the two errors."""
    checker = bound_checker(game_id)
    names = list(inspect.signature(getattr(checker, belief.distorts)).parameters)
    givens = data.draw(st.fixed_dictionaries({name: VALUES for name in names}), label="givens")
    try:
        checker.believe(belief, givens)
    except (MalformedInput, IllegalState):
        pass


def test_a_belief_must_take_the_givens_of_the_rule_it_distorts():
    from quiz.checker import Rules, belief, rule

    with pytest.raises(TypeError, match="takes .*but the rule total it distorts takes"):
        class Wrong(Rules):
            @rule
            def total(self, roll: list) -> int:
                """Every die counts."""
                return sum(roll)

            @belief("count-every-die", distorts="total")
            def _highest(self, dice: list) -> int:
                """Only the highest die counts."""
                return max(dice)
    with pytest.raises(TypeError, match="not a @rule"):
        class Nowhere(Rules):
            @belief("count-every-die", distorts="total")
            def _highest(self, roll: list) -> int:
                """Only the highest die counts."""
                return max(roll)


def test_an_illegal_check_that_names_no_rule_stops_the_module_loading():
    """Misspelled, `_illegal_<rule>` never ran: every game of that rule counted as legal without a word."""
    from quiz.checker import Rules, rule

    with pytest.raises(TypeError,
                       match=r"Wrong\._illegal_totl .*'totl' is not a @rule .*did you mean _illegal_total\?"):
        class Wrong(Rules):
            @rule
            def total(self, roll: list) -> int:
                """Every die counts."""
                return sum(roll)

            def _illegal_totl(self, roll: list):
                yield "never asked"
    assert all(name[len("_illegal_"):] in bound_checker(game_id).rules() for game_id in GAME_IDS
               for name in dir(bound_checker(game_id)) if name.startswith("_illegal_"))


def test_a_game_filter_is_called_as_the_checker_contract_says():
    """checker.py documented f(value, words, lang) while wording.py passes the language's Wording."""
    from quiz.presentation import Presentation
    from quiz.site.load.wording import Wording

    calls = []
    words = {"clue": {"one": "# Hinweis", "other": "# Hinweise"}}
    wording = Wording("de", words, formatters={"clues": lambda value, words, say: calls.append((value, words, say))
                                               or say("clue", value)})
    assert wording.fill("{n|clues}", {"n": 4200}) == "4.200 Hinweise"
    value, given_words, say = calls[0]
    assert (value, given_words, say.lang, say.number(2)) == (4200, words, "de", "2")
    assert "f(value, words, say)" in " ".join(inspect.getdoc(Presentation.text_formatters).split())


def test_an_exact_form_says_its_number_in_words_and_wins_over_the_category():
    from quiz.site.load.wording import Wording

    """ICU's `=1`: French "one" covers 0 and 1, so "un dé" must be the form for exactly 1, and 0 keeps "# dé"; German's
    "one" form stays a count elsewhere."""
    french = Wording("fr", {"die": {"=1": "un dé", "one": "# dé", "many": "# dés", "other": "# dés"}})
    assert [french.fill("{n|die}", {"n": n}) for n in (0, 1, 2)] == ["0 dé", "un dé", "2 dés"]
    german = Wording("de", {"die": {"=1": "einen Würfel", "one": "# Würfel", "other": "# Würfel"}})
    assert german.fill("{n|die}", {"n": 1}) == "einen Würfel" and german.fill("{n|die}", {"n": 3}) == "3 Würfel"


def test_an_english_date_is_written_as_british_english_writes_it():
    """content-review-4 E2: the English pages spell "colour", so "as of 2 November 2026", not "November 2, 2026"."""
    import datetime

    from quiz.site.load.wording import Wording

    day = datetime.date(2026, 11, 2)
    assert Wording("en").fill("{as_of}", {"as_of": day}) == "2 November 2026"
    assert Wording("de").fill("{as_of}", {"as_of": day}) == "2. November 2026"



@pytest.mark.parametrize("game_id", GAME_IDS)
def test_facts_hash_as_they_compare_and_keep_no_hash_in_a_pickle(game_id):
    """Facts keep their hash once worked out (issue 43: tables are looked up by their facts); equal facts hash alike,
    facts that differ in one field compare unequal, and a pickle (the memo, another process) carries no hash: a str's
    hash differs from one process to the next."""
    import dataclasses
    import pickle
    facts = bound_checker(game_id).facts
    again = dataclasses.replace(facts)
    assert facts == again and hash(facts) == hash(again) and hash(facts) == hash(facts)
    name = facts.named_fields()[0]
    value = getattr(facts, name)
    other = dataclasses.replace(facts, **{name: value + 1 if isinstance(value, int) else value})
    assert (other == facts) is (getattr(other, name) == value)
    copied = pickle.loads(pickle.dumps(facts))
    assert "_hash" not in copied.__dict__ and copied == facts and hash(copied) == hash(facts)
