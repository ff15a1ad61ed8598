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
tagline: TODO one line about the game, for its card on the home page.
players: "{{players_min}} – {{players_max}}"
length: TODO how long a game lasts (its rounds, or the score that ends it).
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


SKELETON = Path(__file__).parent / "skeleton"    # the checker package's and its test's texts, {name}, {package} and
                                                  # {game_id} filled in (str.format: a brace of their own is doubled)
PACKAGE_MODULES = ("facts.py", "rules.py", "engine.py", "witnesses.py", "beliefs.py", "presentation.py", "__init__.py")


def _filled(template: Path, game_id: str) -> str:
    return template.read_text(encoding="utf-8").format(
        name=class_name(game_id), package=games.package_name(game_id), game_id=game_id)


def checker_package(game_id: str) -> dict[str, str]:
    """quiz/games/<game>/: the facts, the rules, the engine and its witnesses, the wrong beliefs, the presentation, and
    the package naming them."""
    return {module: _filled(SKELETON / "game" / f"{module}.txt", game_id) for module in PACKAGE_MODULES}


def checker_test_py(game_id: str) -> str:
    return _filled(SKELETON / "test_checker.py.txt", game_id)


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
