"""What every game's rules checker shares: the two kinds of bad input, facts as a frozen dataclass, the @rule and
@belief markers, rules bound to facts, with what an answer reads of them noted. A game's witnesses (quiz/witnesses.py)
and its presentation (quiz/presentation.py) are built on its rules."""
from __future__ import annotations

import copy
import dataclasses
import functools
import inspect
import typing
from typing import Any, Callable, Iterator

from quiz.reads import RESULT_READS, FineReads, TrackedFacts, facts_read, read_as_result  # noqa: F401 (re-exported)

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


class Facts:
    """A game's facts, as a frozen dataclass subclass: each field one fact of game.yml (`facts:`, and the tables a game
    keeps under `tables:`), typed. `from_game` reads them; an unknown, missing or mistyped fact is MalformedInput."""

    OPTIONS: str | None = None    # the field holding a table of options a house rule may add to (Farkle's scoring)

    def __init_subclass__(cls, **kwargs):
        """Facts hash once (a build looks tables up by them again and again; a dataclass hash goes through every
        field, Farkle's chart option by option): set before @dataclass runs, which keeps a __hash__ the class has."""
        super().__init_subclass__(**kwargs)
        cls.__hash__ = cls.__dict__.get("__hash__") or Facts._hash_once

    def _hash_once(self) -> int:
        if "_hash" not in self.__dict__:        # not pickled (__getstate__): a str's hash differs between processes
            object.__setattr__(self, "_hash", hash(tuple(getattr(self, f.name) for f in dataclasses.fields(self)
                                                         if f.compare)))
        return self.__dict__["_hash"]

    def __getstate__(self):
        return {name: value for name, value in self.__dict__.items() if name != "_hash"}

    @classmethod
    def from_game(cls, game: dict) -> "Facts":
        """The facts of a game.yml as plain data (its `facts:` mapping, and `tables:` where the game keeps some)."""
        facts = game.get("facts")
        if not isinstance(facts, dict):
            raise MalformedInput("facts: expected a mapping of fact names to values")
        return cls.from_mapping(facts, "facts")

    @classmethod
    def from_mapping(cls, values: dict, where: str) -> "Facts":
        """The facts from a mapping of field names to plain values, each checked against its field's type."""
        fields = {field.name: field for field in dataclasses.fields(cls) if field.init}
        for name in values:
            if name not in fields:
                raise MalformedInput(f"{where}.{name}: {cls.__name__} knows no such fact (it knows "
                                     f"{', '.join(sorted(fields))})")
        missing = [name for name, field in fields.items() if name not in values
                   and field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING]
        if missing:
            raise MalformedInput(f"{where}: missing {', '.join(missing)}")
        hints = _field_types(cls)
        for name, value in values.items():
            expected = hints.get(name)
            if expected in (int, bool, str) and type(value) is not expected:
                raise MalformedInput(f"{where}.{name}: {value!r} is not {_TYPE_WORDS[expected]}")
        return cls(**values)

    @classmethod
    def table_problems(cls, name: str, raw: Any) -> Iterator[tuple[str, str]]:
        """What a table kept in a file of its own (game.yml `tables: {cards: cards.yml}`) holds that the game's tables
        must not, each as (the dotted path in the file, why): the lint names the file's line. None by default."""
        return iter(())

    @classmethod
    def named_fields(cls) -> list[str]:
        """The facts a text may name and a rule set may change: every field but the table of options and the game's
        components (a field marked `metadata={"component": True}`, such as Faraway's cards)."""
        return [field.name for field in dataclasses.fields(cls)
                if field.init and field.name != cls.OPTIONS and not field.metadata.get("component")]

    def is_fact(self, name: str) -> bool:
        """Whether a name is one of these facts (a rule set may change it by name)."""
        return name in {field.name for field in dataclasses.fields(self) if field.init and not
                        field.metadata.get("component")} and not self.option(name)

    def option(self, option_id: str) -> Any:
        """A game keeps some rules as a table of options (Farkle's scoring): the one with this id, or None."""
        return None

    def changed(self, changes: dict, where: str) -> "Facts":
        """These facts with a rule set's or house rule's changes, each a fact by its name and its new value;
        MalformedInput naming the change otherwise. A game whose facts hold a table of options changes them too."""
        own = {field.name: getattr(self, field.name) for field in dataclasses.fields(self) if field.init}
        for name in changes:
            if not self.is_fact(name):
                raise MalformedInput(f"{where}.{name}: {type(self).__name__} knows no such fact")
        return type(self).from_mapping({**own, **changes}, where)


_TYPE_WORDS = {int: "a whole number", bool: "true or false", str: "a text"}


class Rules:
    """A game's rules bound to its facts (a frozen dataclass, the game's FACTS): they come in, nothing is read on the
    side. The same rules bound to other facts (a rule set, a house rule) answer for that table.

    Subclasses add one small @rule method per rule, and for a rule whose input can describe an impossible game, a
    generator `_illegal_<rule>(**givens)` that yields why the givens cannot occur (python-chess's `status()`)."""

    FACTS: type[Facts] = Facts
    # Easy-to-forget entries whose wrong belief no rule of the checker can compute, each with why (see @belief).
    WITHOUT_BELIEF: dict[str, str] = {}

    def __init_subclass__(cls, **kwargs):
        """A belief that names no rule, or takes other givens than the rule it distorts, stops the module loading; so
        does an `_illegal_<name>` method whose name is no rule (misspelled, it would never run: every game legal)."""
        super().__init_subclass__(**kwargs)
        _beliefs(cls)
        _legality_checks(cls)

    def __init__(self, facts: Facts, reads: set | None = None):
        """These rules bound to one table's facts; with `reads`, a set every fact they read is noted in: the facts an
        answer depends on."""
        if not isinstance(facts, self.FACTS):
            raise TypeError(f"{type(self).__name__} takes its facts as {self.FACTS.__name__}, "
                            f"got {type(facts).__name__}")
        self.facts = facts if reads is None else TrackedFacts(facts, reads)

    def with_facts(self, **changes) -> "Rules":
        """These rules at facts changed as a belief imagines them (no dix de der, no partner exception): at a table
        whose reads are noted, the facts left as they are are still noted where read."""
        rules = copy.copy(self)
        facts = self.facts
        rules.facts = facts.replaced(**changes) if isinstance(facts, TrackedFacts) else \
            dataclasses.replace(facts, **changes)
        return rules

    @classmethod
    def read_value(cls, facts: Facts, read: str | tuple) -> Any:
        """What a noted read (see FineReads) sees at these facts: a fact's value, or a view's (view())."""
        if isinstance(read, str):
            return getattr(facts, read)
        if read[0] == "result":
            method, declared = RESULT_READS[read[1]]
            reads: set = set()
            value = method(cls(facts, reads), *read[2])
            if not reads <= set(declared):
                raise TypeError(f"{read[1]} reads {sorted(reads - set(declared))}, which its read_as_result does not "
                                f"declare")
            return value
        return cls.view(facts, read)

    @classmethod
    def view(cls, facts: Facts, read: tuple) -> Any:
        """The value of a view of a fact (a tuple the game's rules note instead of the whole fact); a game that notes
        views says what each sees."""
        raise NotImplementedError(f"{cls.__name__} notes no view {read!r}")

    @classmethod
    def bind(cls, game: dict):
        """These rules bound to the facts of a game.yml read as plain data; MalformedInput names what is wrong."""
        return cls(cls.FACTS.from_game(game))

    @classmethod
    def rules(cls) -> list[str]:
        """The names a question may use as its `check`."""
        return list(_rule_signatures(cls))

    def _bound(self, check: str, givens: Any) -> dict[str, Any]:
        """The givens as keyword arguments of the rule `check`; MalformedInput for an unknown rule or a wrong set of
        givens. Every rule's parameters are plain names, so givens that name exactly its required ones, or some of its
        optional ones too, are its arguments as they are (inspect's bind, for the message, only when they are not)."""
        names = _rule_parameters(type(self)).get(check)
        if names is None:
            raise MalformedInput(f"{check!r} is not a rule of {type(self).__name__}")
        if not isinstance(givens, dict) or not all(isinstance(name, str) for name in givens):
            raise MalformedInput(f"givens: expected a mapping of names to values, got {givens!r}")
        required, allowed = names
        if required <= givens.keys() <= allowed:
            return givens
        try:
            _rule_signatures(type(self))[check].bind(**givens)
        except TypeError as exc:
            raise MalformedInput(f"givens of {check}: {exc}") from None
        return givens

    def call(self, check: str, givens: dict) -> Any:
        """The rule `check` applied to the givens (keyword arguments)."""
        return getattr(self, check)(**self._bound(check, givens))

    def illegal(self, check: str, givens: dict) -> list[str]:
        """Why these givens of `check` cannot occur in a real game; empty when they can.

        Raises MalformedInput first if the givens are malformed, so a caller never mistakes one for the other."""
        arguments = self._bound(check, givens)
        judge: Callable[..., Iterator[str]] | None = getattr(self, f"{LEGALITY_PREFIX}{check}", None)
        return list(judge(**arguments)) if judge else []

    @classmethod
    def beliefs(cls) -> list[Belief]:
        """Every wrong belief the checker computes, in the order the class declares them."""
        return list(_beliefs(cls))

    def believe(self, belief: Belief, givens: dict) -> Any:
        """The answer a player holding the belief gives for these givens of the rule it distorts
        (None: it gives none)."""
        return getattr(self, belief.method)(**self._bound(belief.distorts, givens))

    def misdescribed(self, check: str, givens: dict) -> Iterator[tuple[str, str]]:
        """Each part of the givens of `check` that describes one of the game's printed components otherwise than it is
        printed, as (the dotted path in the givens, why): a question may show a card's face, never another one.
        Nothing, for a game without printed components."""
        return iter(())

    def check_legal(self, check: str, givens: dict) -> None:
        """Raise IllegalState naming the first reason these givens cannot occur in a game."""
        reasons = self.illegal(check, givens)
        if reasons:
            raise IllegalState(reasons[0])


@functools.cache   # a class's fields do not change; a build makes a table's facts from a mapping again and again
def _field_types(cls: type) -> dict[str, Any]:
    """Each field of a Facts class with its type, its annotations resolved (get_type_hints evaluates them each call)."""
    return typing.get_type_hints(cls)


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
def _rule_parameters(cls: type) -> dict[str, tuple[frozenset, frozenset]]:
    """Each rule's parameters by name: (the required ones, all of them). None takes *args or **kwargs (checked here)."""
    found = {}
    for name, signature in _rule_signatures(cls).items():
        parameters = signature.parameters.values()
        if any(p.kind not in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) for p in parameters):
            raise TypeError(f"{cls.__name__}.{name}: a rule takes named parameters only")
        found[name] = (frozenset(p.name for p in parameters if p.default is p.empty),
                       frozenset(p.name for p in parameters))
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
            own = signature.replace(parameters=list(signature.parameters.values())[1:],
                                    return_annotation=inspect.Signature.empty)
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
