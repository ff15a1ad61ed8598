"""`python -m quiz new <id>`: the skeleton of a new game, as a draft: rules/<id>/ (game.yml, a text file and a question
text file per language, questions.yml), quiz/games/<id>/ (facts, a rule, an engine and its witnesses, its wrong
beliefs, presentation: the modules rules/README.md marks *skeleton*) and tests/test_<id>_checker.py (a rule, the wrong
beliefs, malformed input, the engine refusing a record that breaks a rule, a witness).
`mkdocs serve` shows the draft; a build leaves it out until the lint and verify have nothing left to say (every TODO
replaced)."""
from __future__ import annotations

import datetime
import keyword
import re
from pathlib import Path

import yaml

from quiz import games
from quiz.site.load.languages import REPO_ROOT, site_languages

ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


def class_name(game_id: str) -> str:
    return "".join(part.capitalize() for part in game_id.split("-"))


def game_yml(game_id: str) -> str:
    today = datetime.date.today().isoformat()
    return f"""# yaml-language-server: $schema=../../quiz/site/load/schema/game.schema.json
# TODO: one line on the game and its sources (rules/README.md lists every key).
id: {game_id}
order: 99
as_of: "{today}"   # the date the sources give for themselves; without one, remove it and {{as_of}} from the texts
draft: true

facts:
  players_min: 2
  players_max: 4

refresher:
  - section: summary
    entries: [{{id: summary}}]
  - section: turn
    entries: [{{id: turn-first-step}}]
  - section: numbers
    entries: [{{id: num-players}}]
  - section: forget
    entries:
      - {{id: first-rule, rank: 1}}
  - section: remember
  - section: sources
    entries: [{{id: sources}}]

teach:
  - section: sentences
    spoken: true
    entries: [{{id: say-1}}]
  - section: goal
    entries: [{{id: goal}}]
  - section: setup
    entries: [{{id: setup}}]
  - section: round
    entries: [{{id: round-first-step}}]
  - section: scoring
    entries: [{{id: scoring}}]
  - section: end
    entries: [{{id: end}}]
  - section: mistakes
    entries: [{{id: mistake-first}}]
  - section: teach-source
    entries: [{{id: teach-source}}]
"""


def text_yml(game_id: str, lang: str) -> str:
    name = class_name(game_id)
    return (f"""# yaml-language-server: $schema=../../quiz/site/load/schema/text.schema.json
# {name} texts ({lang}). Replace every TODO; keep the {{placeholders}} as they are, in every language.
name: {name}
refresher_title: "{name}: TODO rules refresher"
refresher_description: "TODO: one sentence for search engines."
refresher_intro: TODO for whom this page is and what it covers.
teach_title: "{name}: TODO teach it in two minutes"
teach_description: "TODO: one sentence for search engines."
teach_intro: TODO tell the table this, in this order.
quiz_title: "{name}: TODO quiz on the edge cases"
quiz_description: "TODO: one sentence for search engines."
quiz_intro: TODO think first, then reveal.

beliefs:      # the words of a wrong belief quiz/games/<game>/beliefs.py names (@belief name=…) beside the entry's """
            f"""own `wrong:`
  host-not-counted: TODO a second wrong belief players hold, if they hold one.

entries:
  summary:
    text: TODO the game in one sentence.
  turn-first-step:
    title: TODO the first step
    text: TODO what a player does.
  num-players:
    label: TODO Players
    value: "{{players_min}} – {{players_max}}"
  first-rule:
    title: TODO the rule people get wrong
    wrong: TODO what they believe.
    right: TODO what the rules say.
  sources:
    text: "TODO the sources, in our own words. As of {{as_of}}."
  say-1:
    text: TODO the first sentence to read aloud.
  goal:
    text: TODO the goal.
  setup:
    text: TODO the setup.
  round-first-step:
    title: TODO the first step
    text: TODO what happens.
  scoring:
    text: TODO how to score.
  end:
    text: TODO how the game ends.
  mistake-first:
    wrong: TODO a common mistake.
    right: TODO the rule.
  teach-source:
    text: TODO the sources.
""")


def questions_yml() -> str:
    return ("""# yaml-language-server: $schema=../../quiz/site/load/schema/questions.schema.json
# TODO: at least two questions per easy-to-forget rule, three with remember: true (rules/README.md, "Questions"); each
# answered otherwise by a wrong belief of its rule (@belief in the checker); practice variants (vary, keep) for each """
            """rule.
questions:
  - id: the-fewest-players
    rule: first-rule
    remember: true
    kind: yesno
    check: enough_players
    givens: {}
    derived: {players: players_min}
    answer: true
  - id: more-than-the-most
    rule: first-rule
    remember: true
    kind: yesno
    check: enough_players
    givens: {players: 5}
    answer: false
  - id: a-table-of-six
    rule: first-rule
    remember: true
    kind: yesno
    check: enough_players
    givens: {players: 6}
    answer: false

unpractised:
  first-rule: "TODO: vary a question of this rule, or say here why no practice variant can test it."
""")


def question_texts_yml(lang: str) -> str:
    body = "".join(f"""{qid}:
  text: "TODO: {{players}} at the table – can you play?"
  why:
    "yes": "TODO why yes."
    "no": "TODO why no."
""" for qid in ("the-fewest-players", "more-than-the-most", "a-table-of-six"))
    return ("# yaml-language-server: $schema=../../quiz/site/load/schema/question-texts.schema.json\n"
            f"# TODO ({lang}).\n{body}")


def checker_package(game_id: str) -> dict[str, str]:
    """quiz/games/<game>/: the facts, the rules, the engine and its witnesses, the wrong beliefs, the presentation, and
    the package naming them."""
    name, package = class_name(game_id), games.package_name(game_id)
    return {
        "facts.py": f'''"""{name}'s facts as frozen data (rules/{game_id}/game.yml `facts:`). TODO: a field per fact."""
from __future__ import annotations

import dataclasses

from quiz.checker import Facts


@dataclasses.dataclass(frozen=True)
class {name}Facts(Facts):
    players_min: int
    players_max: int
''',
        "rules.py": f'''"""{name}'s rules: one small rule per method, bound to one table's facts. '''
                    f'''TODO: name the sources."""
from __future__ import annotations

from typing import Iterator

from quiz.checker import MalformedInput, Rules, rule
from {package}.facts import {name}Facts


class {name}Rules(Rules):
    """The rules of {name}."""

    FACTS = {name}Facts

    @rule
    def enough_players(self, players: int) -> bool:
        """TODO: replace with the game's first rule. A table of players_min to players_max players can play."""
        if type(players) is not int or players < 0:
            raise MalformedInput(f"players: {{players!r}} is not a number of players")
        return self.facts.players_min <= players <= self.facts.players_max

    def _illegal_enough_players(self, players) -> Iterator[str]:
        """TODO: what no real game can reach, for each rule (python-chess's status())."""
        self.enough_players(players)
        return iter(())
''',
        "engine.py": f'''"""{name} as an engine: a game's state and its moves, each applied by the rules; a record '''
                     f'''that breaks
one is refused with IllegalState naming why. TODO: the real moves (deal, turns, rounds), one small method each.

A record, as JSON: {{"players": ["Ana", "Bruno", ...]}}: who sat down to play."""
from __future__ import annotations

import dataclasses

from quiz.checker import IllegalState
from {package}.rules import {name}Rules


@dataclasses.dataclass
class Table:
    players: list[str]


def replay(rules: {name}Rules, record: dict) -> Table:
    """The state a record reaches, every move checked."""
    players = list(record.get("players", []))
    if len(set(players)) != len(players):
        raise IllegalState(f"players: {{players}}: a name twice")
    return Table(players)
''',
        "witnesses.py": f'''"""{name}'s witnesses: for a question's givens, a game record the engine replays to them '''
                        f'''(rules/README.md).
TODO: a builder and a reader for each rule a question asks."""
from __future__ import annotations

from quiz.checker import Witnesses
from {package}.engine import Table, replay


class {name}Witnesses(Witnesses):
    REPLAY = replay

    def _build_enough_players(self, players):
        """TODO: a table where this many sat down to play."""
        yield {{"players": [f"player {{n}}" for n in range(1, players + 1)]}}

    def _read_enough_players(self, table: Table, record) -> dict:
        return {{"players": len(table.players)}}
''',
        "beliefs.py": f'''"""The wrong beliefs about {name} its easy-to-forget entries name, as code. '''
                      f'''TODO: one per wrong belief."""
from __future__ import annotations

from quiz.checker import belief
from {package}.rules import {name}Rules


class {name}({name}Rules):
    """{name}'s rules with the wrong beliefs players hold about them."""

    @belief("first-rule", distorts="enough_players")
    def _no_upper_limit(self, players: int) -> bool:
        """TODO: the wrong belief the entry's `wrong:` names, as the answer a player holding it gives: here, no most."""
        return self.enough_players(players) or players > self.facts.players_max

    @belief("first-rule", distorts="enough_players", name="host-not-counted")
    def _host_not_counted(self, players: int) -> bool:
        """TODO: another wrong belief (its words: `beliefs:`); here the host forgets to count themselves."""
        return self.enough_players(max(players - 1, 0))
''',
        "presentation.py": f'''"""What {name}'s pages need from its rules: numbers the texts quote, tables, '''
                           f'''calculators, pictures."""
from __future__ import annotations

from quiz.checker import Presentation
from {package}.beliefs import {name}


class {name}Presentation(Presentation):
    rules: {name}
''',
        "__init__.py": f'''"""{name}: its facts, rules, wrong beliefs and presentation (quiz/games/__init__.py says '''
                       f'''what each is for)."""
from __future__ import annotations

from {package}.beliefs import {name}
from {package}.presentation import {name}Presentation
from {package}.witnesses import {name}Witnesses

CHECKER, PRESENTATION, WITNESSES = {name}, {name}Presentation, {name}Witnesses
''',
    }


def checker_test_py(game_id: str) -> str:
    name, package = class_name(game_id), games.package_name(game_id)
    return (f'''"""The {name} rules checker against the rules: one test per rule, citing its source (TODO), with
hand-computed cases; its engine refusing records that break a rule; a witness it replays. It lives in tests/, where
`make check` finds it (rules/README.md, "The tests a game brings", says why not in the game's package)."""
from __future__ import annotations

import pytest

from quiz.checker import IllegalState, MalformedInput
from quiz.games import bound
from {package} import WITNESSES
from {package}.engine import replay

game = bound("{game_id}")


def test_enough_players():
    """TODO: cite the source of the rule."""
    assert [game.enough_players(n) for n in (1, 2, 4, 5)] == [False, True, True, False]


def test_wrong_beliefs():
    """TODO: the answers a player holding each wrong belief gives, by hand."""
    [no_upper, host] = game.beliefs()
    assert game.believe(no_upper, {{"players": 5}}) is True
    assert game.believe(host, {{"players": 2}}) is False


def test_malformed_input():
    with pytest.raises(MalformedInput):
        game.enough_players("three")


def test_the_engine_refuses_a_record_that_breaks_a_rule():
    """TODO: for each move the engine checks, a record that breaks it (a card twice, a turn out of order), refused
    with IllegalState naming why: a witness counts only because the engine would refuse it otherwise."""
    replay(game, {{"players": ["Ana", "Bruno"]}})
    with pytest.raises(IllegalState, match="a name twice"):
        replay(game, {{"players": ["Ana", "Ana"]}})


def test_a_witness_replays_to_its_givens():
    """TODO: for each rule a question asks, a record its witnesses build, replayed by the engine to the givens (python
    -m quiz witness {game_id} <question> --why says why a record does not count)."""
    witnesses = WITNESSES(game)
    record = witnesses.witness("enough_players", {{"players": 3}})
    assert record is not None and witnesses.givens("enough_players", record) == {{"players": 3}}
''')


VALUE_MARK = re.compile(r' ?([:;!?])(?=[\s"]|$)')
YAML_KEY = re.compile(r'^(\s*(?:"[^"]*"|[\w-]+):\s)(.*)$')


def typeset(skeleton: str, lang: str, root: Path) -> str:
    """The skeleton's texts in the language's typography: where its colon (ui labels.colon) has a no-break space before
    it, as French does, so do the texts' : ; ! ? (the lint's RR110), keys and comments left as they are."""
    try:
        ui = yaml.safe_load((root / "rules" / f"ui.{lang}.yml").read_text(encoding="utf-8")) or {}
    except OSError:
        return skeleton
    colon = (ui.get("labels") or {}).get("colon", "")
    if not colon or colon[0] not in "\u00a0\u202f":
        return skeleton
    lines = []
    for line in skeleton.split("\n"):
        key = YAML_KEY.match(line)
        if key and not line.lstrip().startswith("#"):
            line = key.group(1) + VALUE_MARK.sub(lambda m: colon[0] + m.group(1), key.group(2))
        lines.append(line)
    return "\n".join(lines)


def new_game(game_id: str, root: Path = REPO_ROOT) -> list[Path]:
    """Write the skeleton of a new game; returns the files written. ValueError if the id is taken or not an id."""
    if not ID.match(game_id):
        raise ValueError(f"{game_id!r} is not a game id: lower-case words joined by '-'")
    module = games.package_name(game_id).rsplit(".", 1)[1]
    if keyword.iskeyword(module):
        raise ValueError(f"{game_id!r} cannot name a Python module (a Python keyword)")
    folder = root / "rules" / game_id
    files = {folder / "game.yml": game_yml(game_id), folder / "questions.yml": questions_yml(),
             root / "tests" / f"test_{module}_checker.py": checker_test_py(game_id)}
    files.update({root / games.folder(game_id) / name: text for name, text in checker_package(game_id).items()})
    for lang in site_languages(root / "mkdocs.yml").codes:
        files[folder / f"text.{lang}.yml"] = typeset(text_yml(game_id, lang), lang, root)
        files[folder / f"questions.{lang}.yml"] = typeset(question_texts_yml(lang), lang, root)
    taken = [path for path in files if path.exists()]
    if taken:
        raise ValueError(f"{game_id!r} exists already: {', '.join(str(p.relative_to(root)) for p in taken)}")
    folder.mkdir(parents=True)
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return sorted(files)
