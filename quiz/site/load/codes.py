"""Problem codes: one named constant each, with the stable number a problem line shows ("RR301") and what it means.
Each has a failing fixture under tests/lint_fixtures/ and a line in rules/README.md."""
from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Code:
    """A kind of problem in rules/: its number ("RR301") and what it means."""

    number: str
    means: str

    def __str__(self) -> str:
        return self.number


# the files: YAML, schema, languages, the checker
BROKEN_YAML = Code(
    "RR001", "a YAML file does not parse")
MISSING_FILE = Code(
    "RR002", "a file is missing, empty or unreadable")
UNKNOWN_KEY = Code(
    "RR003", "a key that the file's schema does not know")
MISSING_KEY = Code(
    "RR004", "a key that the file's schema requires is missing")
WRONG_VALUE = Code(
    "RR005", "a value of the wrong type or form")
UNBUILT_LANGUAGE = Code(
    "RR006", "a text file for a language the site does not build")
NO_CHECKER = Code(
    "RR007", "a game without a usable rules checker (none, one that fails to import, an _illegal_ check of no rule), "
             "or a table its checker rejects")
SCHEMA_LINE = Code(
    "RR008", "a YAML file whose first line does not name its JSON Schema ($schema=…) for an editor, or names a file "
             "that does not exist or is not the schema the build checks it against")

# the languages kept in step (lint)
MISSING_TEXT = Code(
    "RR101", "a translation lacks a text that English has")
EXTRA_TEXT = Code(
    "RR102", "a translation has a key that English lacks")
OTHER_PLACEHOLDERS = Code(
    "RR103", "a text's placeholders differ from English (names or how often)")
OTHER_DIGITS = Code(
    "RR104", "a text's typed digits differ from English")
DOES_NOT_FILL = Code(
    "RR105", "a text does not fill in: an unknown placeholder or filter")
COUNT_FORMS = Code(
    "RR106", "words: a count without exactly its language's CLDR forms, or a form that hides the number")
OTHER_WORDS_KEYS = Code(
    "RR107", "words: a table's keys or a phrase's fields differ from English")
TYPED_FACT = Code(
    "RR108", "a number typed into a text where a fact of that value holds it")
TODO_LEFT = Code(
    "RR109", "a text that still says TODO (a draft's skeleton, written by `python -m quiz new`)")
FRENCH_SPACING = Code(
    "RR110", "typography: a language that writes its colon with a no-break space before it (French) lacks that space "
             "before : ; ! ? or inside « »")
READS_AS_LIST = Code(
    "RR111", "a text would start a Markdown line with a number and a dot (\"1. turda\"), "
             "which the page draws as a list")
TYPED_DATE = Code(
    "RR112", "a date typed into a text instead of {as_of}, which each language writes in its own format")
PLACEHOLDER_IN_LABEL = Code(
    "RR113", "a placeholder in a table's label (a column, numbers_rule, numbers_value), which a page shows as it is")
OTHER_APOSTROPHE = Code(
    "RR114", "an apostrophe other than the one its language writes (labels.apostrophe in ui.<lang>.yml)")
COUNT_STARTS_CLAUSE = Code(
    "RR115", "words: a count that starts a clause (its forms agree past the noun) without an exact form \"=1\" saying "
             "one in words")
BARE_LABEL = Code(
    "RR116", "a card named by a bare label (\"Bölge 60\") in a language that numbers it before its name "
             "(labels.numbered)")
ONE_IN_WORDS = Code(
    "RR118", "a count of one written as a digit before the word after which its language says it in words "
             "(labels.one_in_words: Turkish \"1 tanesini\" for \"birini\")")
NESTED_LABEL = Code(
    "RR119", "a text with brackets inside brackets, or a rule's value words with a colon of their own (the page writes "
             "them after the rule's name and a colon: \"Two triplets: no bonus: …\")")
SECOND_WORD = Code(
    "RR117", "a second word for one thing in a language, where the game's glossary.yml names the one its pages use")

# the game's structure (lint)
ID_TWICE = Code(
    "RR201", "an id used twice")
PAGE_OUTSIDE_RULEBOOK = Code(
    "RR202", "a page ref outside the rulebook")
RANK = Code(
    "RR203", "an easy-to-forget entry without a rank, or a rank used twice")
ID_WITHOUT_TEXT = Code(
    "RR204", "an id without its text, a text without its id, or a missing or unknown field")
QUESTION_COUNT = Code(
    "RR205", "an easy-to-forget rule with fewer than two questions, or not one to three remember questions")
GIVEN_NAMED_LIKE_FACT = Code(
    "RR206", "a question's given named like a fact, which every text of the question would then say for that fact")
VARIED_COUNT_UNFILTERED = Code(
    "RR207", "a varied number written before a noun the game counts without the count's filter (\"{pile} cards\")")
NOT_ITS_FACE = Code(
    "RR208", "a question gives a printed component (a card) a face other than its own: the game's card list holds it")

# the questions, verified by the checker
WRONG_ANSWER = Code(
    "RR301", "the stated answer is not the one the checker computes")
NO_SUCH_GAME = Code(
    "RR302", "the givens describe a game that cannot happen")
GIVEN_NOT_SHOWN = Code(
    "RR303", "a given the checker receives is not shown in the question's text")
MALFORMED_GIVENS = Code(
    "RR304", "the checker rejects the givens as malformed")
CHECKER_CRASHED = Code(
    "RR305", "the checker crashed")
VARIANTS_FAIL = Code(
    "RR306", "derived, vary or keep do not work: a range draws malformed givens, too few variants keep the edge case "
             "(or a range needs a step)")
UNKNOWN_NAME = Code(
    "RR307", "a question names an unknown rule, checker rule, option or pick")
QUESTION_TEXTS = Code(
    "RR308", "a question's texts are missing or misshapen in a language")
TESTS_NOTHING = Code(
    "RR309", "a question no wrong belief of its rule answers otherwise: it tests nothing")
BELIEF_MISSING = Code(
    "RR310", "an easy-to-forget rule without a wrong belief in its checker, or a belief without its words")
UNPRACTISED = Code(
    "RR311", "an easy-to-forget rule no practice variant tests, without a reason under `unpractised:`")
ANSWER_DOES_NOT_MOVE = Code(
    "RR312", "a practice question whose answer does not move: one answer in every variant, or a yes/no answer in fewer"
             " than a quarter")
UNREACHED = Code(
    "RR313", "a stated question no game reaches: its game's witnesses find no record the engine replays to its givens")
WHY_SENTENCE = Code(
    "RR314", "a why's sentence said only where its condition holds (why_when) that does not work: a condition naming "
             "what is neither a given, a fact, the answer nor the result, a sentence and its condition not both there, "
             "or a sentence said in no case the question asks")

# rule sets and house rules
RULE_SET_REJECTED = Code(
    "RR401", "a rule set or house rule whose changes the game's facts reject (an unknown fact or option, a value of "
             "the wrong form), or a default set that changes something")
SOURCE_MISMATCH = Code(
    "RR402", "a rule set that names a source `sources:` lacks, or quotes, calls silent or disputed what is neither a "
             "fact nor one of its changes")

CODES: dict[str, Code] = {code.number: code for code in list(globals().values()) if isinstance(code, Code)}
