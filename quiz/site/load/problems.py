"""Problems found in rules/: where (file, line, id), a stable code, and what is wrong;
one line each, never a traceback."""
from __future__ import annotations

import dataclasses
import traceback
from pathlib import Path

from quiz.site.load.codes import CODES, Code

CODE_ROOT = Path(__file__).resolve().parents[2]       # quiz/: not .venv's packages, which live in the repository too



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

    def add(self, path: Path, line: int | None, id_: str | None, code: Code, message: str) -> None:
        if CODES.get(getattr(code, "number", None)) is not code:   # a slip in our code: not an assert, which -O drops
            raise ValueError(f"problem code {code!r} is not one of quiz/site/load/codes.py")
        problem = Problem(self.display(path), line, id_, code.number, message)
        if problem not in self.items:       # found twice (a question's texts, then its practice): said once
            self.items.append(problem)

    def display(self, path: Path) -> str:
        try:
            return str(path.resolve().relative_to(self.root.resolve().parent))
        except ValueError:
            return str(path)

    def raise_if_any(self) -> None:
        if self.items:
            raise ContentError(self.items)


def code_slip(error: BaseException) -> str:
    """An exception from our own code (a checker's NameError, a module that does not parse), as one line at the
    innermost place under quiz/ that raised it, as a YAML problem is said:
    "quiz/games/<game>/presentation.py:54: AttributeError: 'GameFacts' object has no attribute 'targt'"."""
    repository = CODE_ROOT.parent
    if isinstance(error, SyntaxError) and error.filename and Path(error.filename).resolve().is_relative_to(CODE_ROOT):
        # the module that does not parse, not the import that met it
        return (f"{Path(error.filename).resolve().relative_to(repository)}:{error.lineno}: "
                f"{type(error).__name__}: {error.msg}")
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if Path(frame.filename).resolve().is_relative_to(CODE_ROOT)]
    where = f"{Path(frames[-1].filename).resolve().relative_to(repository)}:{frames[-1].lineno}: " if frames else ""
    return where + "".join(traceback.format_exception_only(error)).strip().replace("\n", " ")   # with "Did you mean"
