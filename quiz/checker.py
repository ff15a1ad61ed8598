"""What every rules checker shares: the two kinds of bad input, the @rule and @belief markers, and binding rules to a
game's facts."""
from __future__ import annotations

import dataclasses
import functools
import inspect
from pathlib import Path
from typing import Any, Callable, Iterator

import yaml

REPO_RULES = Path(__file__).resolve().parent.parent / "rules"


class MalformedInput(ValueError):
    """Input no game could even describe: a wrong type, an unknown key, a value out of range."""


class IllegalState(ValueError):
    """Well-formed input that no real game can reach (two Regions with one number, an unreachable score…)."""


def rule(function: Callable) -> Callable:
    """Marks a method as a rule the quiz may ask about (a question's `check`)."""
    function.is_rule = True
    return function


@dataclasses.dataclass(frozen=True)
class Belief:
    """A wrong belief an easy-to-forget entry names, for one rule: the answer a player holding it gives."""

    entry: str       # the easy-to-forget entry (game.yml) whose wrong belief it is
    name: str        # its id: the entry's own id for the belief its `wrong:` text names, else `beliefs.<name>`'s words
    distorts: str    # the @rule it answers instead of, with the same givens
    method: str      # the method that computes it
    doc: str         # its one-line docstring: the belief in the checker's words


def belief(entry: str, distorts: str, name: str | None = None) -> Callable[[Callable], Callable]:
    """Marks a method as a wrong belief of the easy-to-forget `entry`: called with the givens of the rule `distorts`
    (the same signature), it returns the answer a player holding the belief gives, or None where the belief gives none.
    Without a name it is the belief the entry's `wrong:` text names; an entry whose players hold several names each
    other one (its words: `beliefs: {name: …}` in text.<lang>.yml). One belief may distort several rules: one method
    each, the same entry and name."""
    def mark(function: Callable) -> Callable:
        function.belief = (entry, name or entry, distorts)
        return function
    return mark


class Rules:
    """A game's rules bound to one game.yml: its facts and tables come in, nothing is read on the side.

    Subclasses add one small @rule method per rule, and for a rule whose input can describe an impossible game, a
    generator `_illegal_<rule>(**givens)` that yields why the givens cannot occur (python-chess's `status()`)."""

    # The shape of each table this game keeps under `tables:` in game.yml, as JSON Schema (one row each).
    TABLES: dict[str, dict] = {}
    # Easy-to-forget entries whose wrong belief no rule of the checker can compute, each with why (see @belief).
    WITHOUT_BELIEF: dict[str, str] = {}

    def __init_subclass__(cls, **kwargs):
        """A belief that names no rule, or takes other givens than the rule it distorts, stops the module loading; so
        does an `_illegal_<name>` method whose name is no rule (misspelled, it would never run: every game legal)."""
        super().__init_subclass__(**kwargs)
        _beliefs(cls)
        _legality_checks(cls)

    def __init__(self, game: dict):
        self.game = game
        self.facts: dict[str, Any] = dict(game["facts"])
        self.tables: dict[str, list] = self._checked_tables(game.get("tables") or {})

    def _checked_tables(self, tables: dict) -> dict[str, list]:
        """The game's tables, each checked against the row shape its checker declares; MalformedInput otherwise."""
        import jsonschema  # here, not at the top: a build whose pages come from the cache binds no checker

        for name in tables.keys() - self.TABLES.keys():
            raise MalformedInput(f"tables.{name}: {type(self).__name__} knows no such table")
        for name, row_schema in self.TABLES.items():
            if name not in tables:
                raise MalformedInput(f"tables.{name}: missing")
            error = jsonschema.exceptions.best_match(
                jsonschema.Draft202012Validator({"type": "array", "items": row_schema}).iter_errors(tables[name]))
            if error is not None:
                where = ".".join(map(str, error.absolute_path))
                raise MalformedInput(f"tables.{name}.{where}: {error.message}")
        return tables

    @classmethod
    def rules(cls) -> list[str]:
        """The names a question may use as its `check`."""
        return list(_rule_signatures(cls))

    def _bound(self, check: str, givens: Any) -> inspect.BoundArguments:
        """The givens as arguments of the rule `check`; MalformedInput for an unknown rule or a wrong set of givens."""
        signature = _rule_signatures(type(self)).get(check)
        if signature is None:
            raise MalformedInput(f"{check!r} is not a rule of {type(self).__name__}")
        if not isinstance(givens, dict) or not all(isinstance(name, str) for name in givens):
            raise MalformedInput(f"givens: expected a mapping of names to values, got {givens!r}")
        try:
            return signature.bind(**givens)
        except TypeError as exc:
            raise MalformedInput(f"givens of {check}: {exc}") from None

    def call(self, check: str, givens: dict) -> Any:
        """The rule `check` applied to the givens (keyword arguments)."""
        bound = self._bound(check, givens)
        return getattr(self, check)(*bound.args, **bound.kwargs)

    def illegal(self, check: str, givens: dict) -> list[str]:
        """Why these givens of `check` cannot occur in a real game; empty when they can.

        Raises MalformedInput first if the givens are malformed, so a caller never mistakes one for the other."""
        bound = self._bound(check, givens)
        judge: Callable[..., Iterator[str]] | None = getattr(self, f"{LEGALITY_PREFIX}{check}", None)
        return list(judge(*bound.args, **bound.kwargs)) if judge else []

    @classmethod
    def beliefs(cls) -> list[Belief]:
        """Every wrong belief the checker computes, in the order the class declares them."""
        return list(_beliefs(cls))

    def believe(self, belief: Belief, givens: dict) -> Any:
        """The answer a player holding the belief gives for these givens of the rule it distorts (None: it gives none)."""
        bound = self._bound(belief.distorts, givens)
        return getattr(self, belief.method)(*bound.args, **bound.kwargs)

    def check_legal(self, check: str, givens: dict) -> None:
        """Raise IllegalState naming the first reason these givens cannot occur in a game."""
        reasons = self.illegal(check, givens)
        if reasons:
            raise IllegalState(reasons[0])

    # Optional hooks the site uses; a game overrides what it has.
    def derived_facts(self) -> dict[str, Any]:
        """Numbers the texts quote that follow from the facts, computed by the rules."""
        return {}

    def computed_tables(self) -> dict[str, dict]:
        """Tables the pages show that the rules compute (for a `computed-table` section), by entry id."""
        return {}

    def calculators(self) -> dict[str, dict]:
        """Dice calculators the pages offer (a `calculator` section entry): id -> its table file (one of data_files()),
        how many faces a die has and how many dice a roll may have."""
        return {}

    def data_files(self) -> dict[str, object]:
        """JSON written next to the game's pages for the browser to look answers up in, by file name."""
        return {}

    def text_formatters(self) -> dict[str, Callable[[Any, dict, Any], str]]:
        """Placeholder filters only this game needs, e.g. {tableau.regions|row}: name -> f(value, words, say) giving
        the words, where words is the language's `words:` and say its quiz.site.wording.Wording: say(noun, n) counts
        ("3 clues"), say.number(n) writes a number, say.lang is the language's code."""
        return {}

    def text_pictures(self) -> dict[str, Callable[[Any, dict, Any], dict]]:
        """How some of those filters are drawn on a page: name -> f(value, words, say) giving a picture, for now
        {"kind": "cards", "cards": [{"title", "lines", "tone", "order"}], "caption"} (see quiz/site/templates/parts)."""
        return {}


@functools.cache   # a class's rules do not change; practice binds thousands of givens to them
def _rule_signatures(cls: type) -> dict[str, inspect.Signature]:
    """Each rule of a Rules class by name, with its signature as a bound method has it (without self)."""
    found = {}
    for name, member in sorted(inspect.getmembers(cls, inspect.isfunction)):
        if getattr(member, "is_rule", False):
            signature = inspect.signature(member)
            found[name] = signature.replace(parameters=list(signature.parameters.values())[1:])
    return found


@functools.cache
def _beliefs(cls: type) -> tuple[Belief, ...]:
    """Each @belief of a Rules class in declaration order (base classes first), checked against the rule it distorts."""
    found, seen, rules = [], set(), _rule_signatures(cls)
    for klass in reversed(cls.__mro__):
        for method, member in list(vars(klass).items()):
            if not (callable(member) and hasattr(member, "belief")) or method in seen:
                continue
            seen.add(method)
            entry, name, distorts = member.belief
            where = f"{cls.__name__}.{method}"
            if distorts not in rules:
                raise TypeError(f"{where}: @belief distorts {distorts!r}, which is not a @rule of {cls.__name__}")
            signature = inspect.signature(member)
            own = signature.replace(parameters=list(signature.parameters.values())[1:], return_annotation=inspect.Signature.empty)
            if [(p.name, p.kind) for p in own.parameters.values()] != \
                    [(p.name, p.kind) for p in rules[distorts].parameters.values()]:
                raise TypeError(f"{where}: takes {own}, but the rule {distorts} it distorts takes {rules[distorts]}")
            doc = inspect.getdoc(member) or ""
            if not doc or "\n" in doc.strip():
                raise TypeError(f"{where}: a belief says in a one-line docstring what the player believes")
            if any(b.name == name and b.distorts == distorts for b in found):
                raise TypeError(f"{where}: the belief {name!r} of {entry!r} distorts {distorts} twice")
            if any(b.name == name and b.entry != entry for b in found):
                raise TypeError(f"{where}: the belief name {name!r} belongs to another entry already")
            found.append(Belief(entry, name, distorts, method, doc.strip()))
    return tuple(found)


LEGALITY_PREFIX = "_illegal_"


def _legality_checks(cls: type) -> None:
    """Each `_illegal_<rule>` of a Rules class names one of its rules; TypeError naming the method otherwise."""
    import difflib

    rules = _rule_signatures(cls)
    for name in sorted(dir(cls)):
        if not name.startswith(LEGALITY_PREFIX) or name[len(LEGALITY_PREFIX):] in rules:
            continue
        close = difflib.get_close_matches(name[len(LEGALITY_PREFIX):], rules, n=1)
        hint = f"did you mean {LEGALITY_PREFIX}{close[0]}?" if close else f"its rules: {', '.join(rules)}"
        try:
            line = f" (line {inspect.getsourcelines(getattr(cls, name))[1]})"
        except (OSError, TypeError):
            line = ""
        raise TypeError(f"{cls.__name__}.{name}{line}: {name[len(LEGALITY_PREFIX):]!r} is not a @rule of "
                        f"{cls.__name__}, so this legality check would never run ({hint}); a helper takes another name")


def rules_class(module: Any) -> type[Rules] | None:
    """The one Rules subclass a game's checker module defines (None if it defines none, or several)."""
    found = [value for value in vars(module).values()
             if isinstance(value, type) and issubclass(value, Rules) and value.__module__ == module.__name__]
    return found[0] if len(found) == 1 else None


def read_game(game_id: str, rules_dir: Path = REPO_RULES) -> dict:
    """A game.yml as plain data, for binding a checker outside a site build (scripts, notebooks, tests)."""
    path = rules_dir / game_id / "game.yml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("facts"), dict):
        raise MalformedInput(f"{path}: no facts mapping")
    return data


def module_binding(rules_class: type[Rules], game_id: str) -> Callable[[str], Any]:
    """A module __getattr__ (PEP 562): `quiz.<game>.<rule>(...)` uses rules/<game>/game.yml, read on first use."""
    @functools.lru_cache(maxsize=1)
    def default() -> Rules:
        return rules_class(read_game(game_id))

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        try:
            return getattr(default(), name)
        except AttributeError:
            raise AttributeError(f"module 'quiz.{game_id}' has no attribute {name!r}") from None

    return __getattr__
