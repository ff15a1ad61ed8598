"""Problems found in rules/: where (file, line, id), a stable code, and what is wrong; one line each, never a traceback."""
from __future__ import annotations

import dataclasses
import traceback
from pathlib import Path

CODE_ROOT = Path(__file__).resolve().parents[1]       # quiz/: not .venv's packages, which live in the repository too

# Each code has a failing fixture under tests/lint_fixtures/ and a line in rules/README.md.
CODES: dict[str, str] = {
    "RR001": "a YAML file does not parse",
    "RR002": "a file is missing, empty or unreadable",
    "RR003": "a key that the file's schema does not know",
    "RR004": "a key that the file's schema requires is missing",
    "RR005": "a value of the wrong type or form",
    "RR006": "a text file for a language the site does not build",
    "RR007": "a game without a usable rules checker (none, one that fails to import, an _illegal_ check of no rule), "
             "or a table its checker rejects",
    "RR101": "a translation lacks a text that English has",
    "RR102": "a translation has a key that English lacks",
    "RR103": "a text's placeholders differ from English (names or how often)",
    "RR104": "a text's typed digits differ from English",
    "RR105": "a text does not fill in: an unknown placeholder or filter",
    "RR106": "words: a count without exactly its language's CLDR forms, or a form that hides the number",
    "RR107": "words: a table's keys or a phrase's fields differ from English",
    "RR108": "a number typed into a text where a fact of that value holds it",
    "RR109": "a text that still says TODO (a draft's skeleton, written by `python -m quiz new`)",
    "RR110": "typography: a language that writes its colon with a no-break space before it (French) lacks that space "
             "before : ; ! ? or inside « »",
    "RR111": "a text would start a Markdown line with a number and a dot (\"1. turda\"), which the page draws as a list",
    "RR112": "a date typed into a text instead of {as_of}, which each language writes in its own format",
    "RR113": "a placeholder in a table's label (a column, numbers_rule, numbers_value), which a page shows as it is",
    "RR114": "an apostrophe other than the one its language writes (labels.apostrophe in ui.<lang>.yml)",
    "RR115": "words: a count that starts a clause (its forms agree past the noun) without an exact form \"=1\" saying one "
             "in words",
    "RR116": "a card named by a bare label (\"Bölge 60\") in a language that numbers it before its name (labels.numbered)",
    "RR117": "a second word for one thing in a language, where the game's glossary.yml names the one its pages use",
    "RR201": "an id used twice",
    "RR202": "a page ref outside the rulebook",
    "RR203": "an easy-to-forget entry without a rank, or a rank used twice",
    "RR204": "an id without its text, a text without its id, or a missing or unknown field",
    "RR205": "an easy-to-forget rule with fewer than two questions, or not one to three remember questions",
    "RR206": "a question's given named like a fact, which every text of the question would then say for that fact",
    "RR207": "a varied number written before a noun the game counts without the count's filter (\"{pile} cards\")",
    "RR301": "the stated answer is not the one the checker computes",
    "RR302": "the givens describe a game that cannot happen",
    "RR303": "a given the checker receives is not shown in the question's text",
    "RR304": "the checker rejects the givens as malformed",
    "RR305": "the checker crashed",
    "RR306": "derived, vary or keep do not work: a range draws malformed givens, too few variants keep the edge case "
             "(or a range needs a step)",
    "RR307": "a question names an unknown rule, checker rule, option or pick",
    "RR308": "a question's texts are missing or misshapen in a language",
    "RR309": "a question no wrong belief of its rule answers otherwise: it tests nothing",
    "RR310": "an easy-to-forget rule without a wrong belief in its checker, or a belief without its words",
    "RR311": "an easy-to-forget rule no practice variant tests, without a reason under `unpractised:`",
    "RR312": "a practice question whose answer does not move: one answer in every variant, or a yes/no answer in "
             "fewer than a quarter",
    "RR313": "a stated question no game reaches: its game's witnesses find no record the engine replays to its givens",
    "RR401": "a rule set or house rule whose changes the game's facts reject (an unknown fact or option, a value of the "
             "wrong form), or a default set that changes something",
    "RR402": "a rule set that names a source `sources:` lacks, or quotes, calls silent or disputed what is neither a "
             "fact nor one of its changes",
}


@dataclasses.dataclass(frozen=True)
class Problem:
    """One thing wrong with the content: where it is, its code and what is wrong."""

    file: str
    line: int | None
    id: str | None
    code: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.id}: {self.code} {self.message}" if self.id else f"{where}: {self.code} {self.message}"


class ContentError(Exception):
    """Raised with every problem found, one line each."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class Problems:
    """Collects problems, each named by the file's path relative to the folder above rules/."""

    def __init__(self, root: Path):
        self.root = root
        self.items: list[Problem] = []

    def add(self, path: Path, line: int | None, id_: str | None, code: str, message: str) -> None:
        if code not in CODES:       # a slip in our code, not in rules/: not an assert, which python -O drops
            raise ValueError(f"problem code {code!r} is not in quiz/site/problems.py CODES")
        problem = Problem(self.display(path), line, id_, code, message)
        if problem not in self.items:       # found twice (a question's texts, then its practice): said once
            self.items.append(problem)

    def display(self, path: Path) -> str:
        try:
            return str(path.resolve().relative_to(self.root.resolve().parent))
        except ValueError:
            return str(path)

    def items_for(self, path: Path) -> list[Problem]:
        """The problems found so far in one file."""
        shown = self.display(path)
        return [p for p in self.items if p.file == shown]

    def raise_if_any(self) -> None:
        if self.items:
            raise ContentError(self.items)


def code_slip(error: BaseException) -> str:
    """An exception from our own code (a checker's NameError, a module that does not parse), as one line at the
    innermost place under quiz/ that raised it, as a YAML problem is said:
    "quiz/games/farkle/presentation.py:54: AttributeError: 'FarkleFacts' object has no attribute 'targt'"."""
    repository = CODE_ROOT.parent
    if isinstance(error, SyntaxError) and error.filename and Path(error.filename).resolve().is_relative_to(CODE_ROOT):
        # the module that does not parse, not the import that met it
        return f"{Path(error.filename).resolve().relative_to(repository)}:{error.lineno}: {type(error).__name__}: {error.msg}"
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if Path(frame.filename).resolve().is_relative_to(CODE_ROOT)]
    where = f"{Path(frames[-1].filename).resolve().relative_to(repository)}:{frames[-1].lineno}: " if frames else ""
    return where + "".join(traceback.format_exception_only(error)).strip().replace("\n", " ")   # with "Did you mean"
