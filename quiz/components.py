"""What every game with printed parts shares: its cards or tiles read from the names players write ("CJ", "H10", "R5"),
each name checked, a list of them checked for its length and for a part given twice where the pack holds each once."""
from __future__ import annotations

from typing import Generic, Iterable, TypeVar

from quiz.checker import MalformedInput

Part = TypeVar("Part")


class Named(Generic[Part]):
    """A game's parts by the names players write (str() of each part); `spelled` says how a name is written, for the
    one-line message a wrong one gets."""

    def __init__(self, parts: Iterable[Part], kind: str, spelled: str):
        self.by_name = {str(part): part for part in parts}
        self.parts = set(self.by_name.values())
        self.types = {type(part) for part in self.parts}
        self.kind, self.spelled = kind, spelled

    def one(self, name, where: str) -> Part:
        """The part a name writes (capitals or not); MalformedInput naming what is wrong otherwise."""
        if not isinstance(name, str) or name.upper() not in self.by_name:
            raise MalformedInput(f"{where}: {name!r} is no {self.kind} ({self.spelled})")
        return self.by_name[name.upper()]

    def many(self, names, where: str, count: int | None = None, each_once: bool = True) -> tuple[Part, ...]:
        """Parts from their names, `count` of them where a count is asked, none twice where the pack holds each once;
        MalformedInput otherwise."""
        if isinstance(names, (str, bytes)) or not isinstance(names, (list, tuple)):
            raise MalformedInput(f"{where}: expected a list of {self.kind}s, got {names!r}")
        found = tuple(part if type(part) in self.types and part in self.parts else self.one(part, f"{where}[{i}]")
                      for i, part in enumerate(names))
        if count is not None and len(found) != count:
            raise MalformedInput(f"{where}: {len(found)} {self.kind}s, not {count}")
        if each_once:
            seen: set = set()
            for part in found:
                if part in seen:
                    raise MalformedInput(f"{where}: {part} twice; the pack has each {self.kind} once")
                seen.add(part)
        return found


def names(parts) -> list[str]:
    """The names players write for these parts, in their order."""
    return [str(part) for part in parts]
