"""Loads rules/ into the site's model (content.py): site texts, and per game its facts, tables, page structure, texts,
questions and a rules checker bound to those very facts. Every file is checked against its JSON Schema on the way in."""
from __future__ import annotations

import datetime
from pathlib import Path

from quiz import games
from quiz.checker import MalformedInput
from quiz.site.load import codes
from quiz.site.load.content import (PAGE_KINDS, Condition, Entry, Game, Question, Section, Site,
                                    conditions)
from quiz.site.load.languages import site_languages
from quiz.site.load.problems import Problems
from quiz.site.load.rulesets import load_rule_sets
from quiz.site.load.source import check_schema, line_at, line_of, load_yaml, plain


def _sections(raw: list, path: Path, problems: Problems) -> list[Section]:
    sections = []
    for item in raw:
        entries = []
        for e in item.get("entries") or []:
            when, applies = [], None
            for name, text in (e.get("when") or {}).items():
                condition = conditions(text)
                if condition is None:
                    problems.add(path, line_of(e, "when"), e["id"], codes.WRONG_VALUE,
                                 f"when.{name}: {text!r} is not a comparison like 'opening_minimum > 0'")
                else:
                    when.append((name, condition))
            if "applies" in e:
                applies = conditions(e["applies"])
                if applies is None:
                    problems.add(path, line_of(e, "applies"), e["id"], codes.WRONG_VALUE,
                                 f"applies: {e['applies']!r} is not a comparison like 'points_straight > 0'")
            entries.append(Entry(e["id"], tuple(e.get("pages", ())), e.get("rank"), line_of(e), tuple(when), applies))
        sections.append(Section(item["section"], entries, item.get("spoken", False)))
    return sections


def _bind_checker(game_id: str, raw: dict, path: Path, problems: Problems):
    """The game's rules checker, bound to the facts and tables of this very game.yml, and its presentation; (None, None)
    after reporting why not."""
    package, folder = games.package_name(game_id), games.folder(game_id)
    try:
        module = games.load(game_id)
    except Exception as exc:  # a checker that fails to import must not end in a traceback
        if isinstance(exc, ModuleNotFoundError) and exc.name == package:
            problems.add(path, None, game_id, codes.NO_CHECKER, f"no rules checker package {folder}/")
            return None, None
        # every module's own error in one run, each with its file and line, not only the first Python meets
        for message in games.import_problems(game_id) or [f"{folder}/ failed to load: {type(exc).__name__}: {exc}"]:
            problems.add(path, None, game_id, codes.NO_CHECKER, message)
        return None, None
    missing = games.contract_problems(module)
    for message in missing:
        problems.add(path, None, game_id, codes.NO_CHECKER, f"{folder}/: {message}")
    if missing:
        return None, None
    checker_class, presentation_class = module.CHECKER, module.PRESENTATION
    tables = _table_files(raw, path, checker_class.FACTS, problems)
    if tables is None:
        return None, None
    try:
        checker = checker_class.bind({**plain(raw), "tables": tables} if tables else plain(raw))
        return checker, presentation_class(checker)
    except MalformedInput as exc:  # a fact or table that is not the shape the checker declares
        line = line_of(raw, "tables" if str(exc).startswith("tables") else "facts")
        problems.add(path, line, game_id, codes.NO_CHECKER, f"{folder}/ rejects the facts: {exc}")
    except Exception as exc:  # e.g. a fact the checker needs is missing
        problems.add(path, None, game_id, codes.NO_CHECKER,
                     f"{folder}/ cannot use these facts: {type(exc).__name__}: {exc}")
    return None, None


def _table_files(raw: dict, path: Path, facts_class, problems: Problems) -> dict | None:
    """game.yml's tables, each one kept in a file of its own (`cards: cards.yml`) read in: checked against the schema
    the game's package keeps for it (quiz/games/<game>/cards.schema.json, which the file's first line names for an
    editor) and by the game's facts class (`table_problems`), each problem on that file's own line. None after
    reporting any."""
    tables, ok = plain(raw.get("tables") or {}), True
    for name, value in (raw.get("tables") or {}).items():
        if not isinstance(value, str):
            continue
        file = path.parent / value
        if not file.is_file():
            problems.add(path, line_of(raw["tables"], name), raw["id"], codes.MISSING_FILE,
                         f"tables.{name}: no file {value} next to game.yml")
            ok = False
            continue
        loaded = load_yaml(file, problems)
        home = games.location(raw["id"])
        own = home / f"{file.stem}.schema.json" if home is not None else None
        if loaded is None or (own is not None and own.is_file() and
                              not check_schema(loaded, own, file, problems, default_id=name,
                                               id_of_path=lambda where: _row_id(loaded, ".".join(map(str, where))))):
            ok = False
            continue
        for where, message in facts_class.table_problems(name, loaded):
            problems.add(file, line_at(loaded, where), _row_id(loaded, where) or name, codes.NO_CHECKER,
                         f"{where}: {message}" if where else message)
            ok = False
        tables[name] = plain(loaded)
    return tables if ok else None


def _row_id(data, dotted: str) -> str | None:
    """The row a dotted path in a table file leads into, by its `id` or `number` (a card: "red-stone", "69")."""
    found, node = None, data
    for part in dotted.split(".") if dotted else []:
        node = node[int(part)] if isinstance(node, list) and part.isdigit() and int(part) < len(node) else \
            node.get(part) if isinstance(node, dict) else None
        if isinstance(node, dict) and isinstance(node.get("id", node.get("number")), (str, int)):
            found = str(node.get("id", node.get("number")))
    return found


def _entry_id(where: list) -> str | None:
    """The id a schema error in a text file belongs to: entries.<id>… in text files, <id>… in question texts."""
    if len(where) > 1 and where[0] == "entries":
        return str(where[1])
    return None


def _load_texts(game_dir: Path, stem: str, schema_name: str, languages: tuple[str, ...], problems: Problems,
                game_id: str, id_of_path=_entry_id) -> dict[str, dict]:
    """One file per language (text.<lang>.yml or questions.<lang>.yml), each checked against its schema."""
    texts = {}
    for lang in languages:
        path = game_dir / f"{stem}.{lang}.yml"
        if not path.exists():
            problems.add(path, None, game_id, codes.MISSING_FILE, f"missing the {lang} texts")
            continue
        loaded = load_yaml(path, problems)
        if loaded is not None and check_schema(loaded, schema_name, path, problems, id_of_path=id_of_path):
            texts[lang] = loaded
    for extra in sorted(game_dir.glob(f"{stem}.*.yml")):
        lang = extra.name.split(".")[1]
        if lang not in languages:
            problems.add(extra, None, None, codes.UNBUILT_LANGUAGE,
                         f"unknown language {lang!r}; the site builds {', '.join(languages)}")
    return texts


def _question(raw: dict, path: Path, problems: Problems) -> Question | None:
    keep = None
    if "keep" in raw:
        keep = []
        for text in raw["keep"]:
            condition = Condition.parse(text)
            if condition is None:
                problems.add(path, line_of(raw, "keep"), raw["id"], codes.VARIANTS_FAIL,
                             f"keep: {text!r} is not a comparison like 'answer == yes' or 'taken <= players'")
                return None
            keep.append(condition)
    presumes = _comparisons(raw, "presumes", raw.get("presumes") or [], "'final_round == no'", path, problems)
    why_when = _comparisons(raw, "why_when", (raw.get("why_when") or {}).items(), "'answer > 0'", path, problems)
    if presumes is None or why_when is None:
        return None
    return Question(raw["id"], raw["rule"], raw["kind"], raw["check"], plain(raw["givens"]), plain(raw["answer"]),
                    line_of(raw), raw.get("pick"), plain(raw.get("derived") or {}), plain(raw.get("vary") or {}), keep,
                    plain(raw.get("options")), bool(raw.get("remember", False)), tuple(presumes), tuple(why_when))


def _comparisons(raw: dict, key: str, texts, example: str, path: Path, problems: Problems) -> list | None:
    """A question's `presumes` (texts, each read into its comparisons, all in one list) or `why_when` (name and text
    pairs, each read into (name, its comparisons)); None, the problem added, where one is not a comparison."""
    found = []
    for item in texts:
        name, text = item if isinstance(item, tuple) else (None, item)
        comparisons = conditions(text)
        if comparisons is None:
            problems.add(path, line_of(raw, key), raw["id"], codes.WRONG_VALUE,
                         f"{key}{'' if name is None else '.' + name}: {text!r} is not a comparison like {example}")
            return None
        if name is None:
            found.extend(comparisons)
        else:
            found.append((name, comparisons))
    return found


def _load_questions(game: Game, languages: tuple[str, ...], problems: Problems) -> None:
    """questions.yml and questions.<lang>.yml of a game that has a quiz; a game without them has none."""
    path = game.dir / "questions.yml"
    if not path.exists():
        return
    raw = load_yaml(path, problems)
    if raw is None or not check_schema(raw, "questions", path, problems):
        return
    game.questions = [q for q in (_question(item, path, problems) for item in raw["questions"]) if q is not None]
    game.unpractised = raw.get("unpractised") or {}
    game.question_texts = _load_texts(game.dir, "questions", "question-texts", languages, problems, game.id,
                                      id_of_path=lambda where: str(where[0]) if where else None)


def _date(raw: dict, path: Path, problems: Problems) -> datetime.date | None:
    """game.yml's as_of as a date (the schema has checked its YYYY-MM-DD form)."""
    if "as_of" not in raw:
        return None
    try:
        return datetime.date.fromisoformat(raw["as_of"])
    except ValueError:
        problems.add(path, line_of(raw, "as_of"), raw["id"], codes.WRONG_VALUE, f"as_of {raw['as_of']!r} is no date")
        return None


def load_game(game_dir: Path, languages: tuple[str, ...], problems: Problems) -> Game | None:
    path = game_dir / "game.yml"
    if not path.exists():
        problems.add(path, None, game_dir.name, codes.MISSING_FILE, "missing game.yml")
        return None
    raw = load_yaml(path, problems)
    if raw is None or not check_schema(raw, "game", path, problems, default_id=game_dir.name):
        return None
    if raw["id"] != game_dir.name:
        problems.add(path, line_of(raw, "id"), str(raw["id"]), codes.WRONG_VALUE,
                     f"id must match its folder name {game_dir.name!r}")
    pages = {kind: _sections(raw[kind], path, problems) for kind in PAGE_KINDS}
    for name, sections in (raw.get("extra_pages") or {}).items():
        pages[name] = _sections(sections, path, problems)
    checker, presentation = _bind_checker(game_dir.name, raw, path, problems)
    texts = _load_texts(game_dir, "text", "text", languages, problems, game_dir.name)
    game = Game(raw["id"], game_dir, raw["order"], _date(raw, path, problems), raw.get("rulebook"), dict(raw["facts"]),
                pages, texts, checker, presentation, raw)
    game.rule_sets = load_rule_sets(game_dir, game.id, checker.facts if checker else None, problems)
    glossary = game_dir / "glossary.yml"
    if glossary.exists() and (loaded := load_yaml(glossary, problems)) is not None \
            and check_schema(loaded, "glossary", glossary, problems, default_id=game.id):
        game.glossary = loaded
    if checker is not None:   # a package that names a checker whose WITNESSES is not one has none (contract_problems)
        game.witnesses = games.witnesses(games.load(game.id))
    _load_questions(game, languages, problems)
    return game


def load_content(root: Path) -> Site:
    """Load and schema-check everything under rules/; raise ContentError listing every problem."""
    problems = Problems(root)
    languages = site_languages()
    ui = {}
    for lang in languages.codes:
        path = root / f"ui.{lang}.yml"
        if not path.exists():
            problems.add(path, None, None, codes.MISSING_FILE, f"missing the {lang} interface texts")
            continue
        loaded = load_yaml(path, problems)
        if loaded is not None and check_schema(loaded, "ui", path, problems):
            ui[lang] = loaded
    for extra in sorted(root.glob("ui.*.yml")):
        if extra.name.split(".")[1] not in languages.codes:
            problems.add(extra, None, None, codes.UNBUILT_LANGUAGE,
                         f"unknown language {extra.name.split('.')[1]!r}; the site builds {', '.join(languages.codes)}")
    games, drafts = [], {}
    for game_dir in sorted(d for d in root.iterdir() if d.is_dir()):
        found_before = len(problems.items)
        game = load_game(game_dir, languages.codes, problems)
        if len(problems.items) > found_before and _marked_draft(game_dir):
            drafts[game_dir.name] = problems.items[found_before:]   # a draft that does not load stays out of the site
            del problems.items[found_before:]
        elif game is not None:
            games.append(game)
    problems.raise_if_any()
    return Site(root, ui, sorted(games, key=lambda g: (g.order, g.id)), languages.codes, languages.default, drafts)


def _marked_draft(game_dir: Path) -> bool:
    """Whether the game's game.yml parses and says `draft: true` (its other problems notwithstanding)."""
    raw = load_yaml(game_dir / "game.yml", Problems(game_dir.parent))
    return isinstance(raw, dict) and raw.get("draft") is True

