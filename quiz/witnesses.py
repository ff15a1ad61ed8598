"""What every game's witnesses share: for a rule's givens, game records its engine replays from the start to a state
showing exactly them (python-chess: a position reached by legal moves is legal), and why each other record does not
count (`python -m quiz witness --why`)."""
from __future__ import annotations

from typing import Any, Callable, Iterator

from quiz.checker import IllegalState, MalformedInput, Rules


class Witnesses:
    """A game's witnesses at one table: for a rule's givens, a whole game record that the game's engine replays from
    the start to a state showing exactly those givens (python-chess: a position reached by legal moves is legal; one
    typed in is only checked). A question whose givens no record reaches describes no game.

    A subclass names its engine's `replay(rules, record)` (IllegalState, with why, for a record that is no game) as
    REPLAY, and for each rule a question may ask, `_build_<rule>(**givens)` yielding candidate records and
    `_read_<rule>(state, record)` the givens the state shows ({} at a moment the rule does not ask about). Every
    candidate is replayed and read before it counts: a builder's mistake costs a witness, never a wrong one."""

    REPLAY: Callable[[Any, dict], Any]

    def __init__(self, rules: Rules):
        self.rules, self.facts = rules, rules.facts

    def replay(self, record: dict) -> Any:
        """The state a record reaches, every move checked."""
        return type(self).REPLAY(self.rules, record)

    def witness(self, check: str, givens: dict) -> dict | None:
        """A record that reaches these givens of `check`, or None: none found (no builder for the rule, or no game)."""
        return next((record for _, record, refused in self.attempts(check, givens) if refused is None), None)

    def attempts(self, check: str, givens: dict) -> Iterator[tuple[int | None, dict | None, str | None]]:
        """Each candidate the builder yields for these givens, numbered from 1, with why it does not count (None: it
        reaches them), as `python -m quiz witness --why` prints them; then, where the search ends early, (None, None,
        why). IllegalState or MalformedInput from the builder, or MalformedInput from the replay, ends it: the givens
        are no game the builder can lay out (so a builder's own slip that raises one shows only as no witness)."""
        build = getattr(self, f"_build_{check}", None)
        if build is None:
            yield None, None, f"{type(self).__name__} has no _build_{check}: no question of {check} has a witness"
            return
        try:
            for number, record in enumerate(build(**givens), 1):
                yield number, record, self.refusal(check, record, givens)
        except (IllegalState, MalformedInput) as exc:
            yield None, None, f"the search ends: {type(exc).__name__}: {exc}"

    def refusal(self, check: str, record: dict | None, givens: dict) -> str | None:
        """Why a candidate record is no witness of these givens (None: the engine replays it to them)."""
        if record is None:
            return "the builder yielded None"
        try:
            shown = self.givens(check, record)
        except IllegalState as exc:
            return f"the engine refused it: {exc}"
        if shown == givens:
            return None
        if not isinstance(shown, dict):
            return f"the reader gave {shown!r}, not the givens {givens!r}"
        differ = [key for key in {**givens, **shown} if shown.get(key, ...) != givens.get(key, ...)]
        said = "; ".join(f"{key}: {shown[key]!r}" if key in shown else f"no {key}" for key in differ)
        wanted = "; ".join(f"{key}: {givens[key]!r}" if key in givens else f"no {key}" for key in differ)
        reordered = all(isinstance(shown.get(key), list) and isinstance(givens.get(key), list)
                        and sorted(map(repr, shown[key])) == sorted(map(repr, givens[key])) for key in differ)
        order = " (the same in another order: a reader gives them in the givens' order)" if reordered else ""
        return f"the reader gave {said}, not the givens' {wanted}{order}"

    def givens(self, check: str, record: dict) -> dict:
        """The givens of `check` that the state a record reaches shows; IllegalState if it is no game."""
        return getattr(self, f"_read_{check}")(self.replay(record), record)
