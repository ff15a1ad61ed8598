"""A build of rules/ with the memo (memo.py), and the one place that reads and keeps it: the whole generated site, and
per game its lint passed, its verification (its practice draws, its words in each language, its witnesses' records,
its answers at every table), its texts filled in at every table and its pages per language, each taken from the memo
where nothing it is made of changed, made by the stages (load, check, pages: plain functions of their inputs, which know
nothing of a memo) where something did, and kept once it passed. A problem in rules/ is never kept."""
from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Callable

from quiz.site import memo
from quiz.site.load.languages import MKDOCS_CONFIG

GENERATED_NOTE = ("<!-- Generated from rules/ by quiz/site/output/generate.py on every build. "
                  "Do not edit: change the YAML. -->\n")


@dataclasses.dataclass(frozen=True)
class Generated:
    """What a build needs from rules/ besides the files: the little the MkDocs hooks read, and what was written."""
    ui: dict[str, dict]                       # the site's own texts per language
    game_names: dict[str, dict[str, str]]     # game id -> language -> the game's name
    drafts: dict[str, list[str]]              # draft game id -> its problems, one line each
    shown_drafts: frozenset[str]              # drafts shown anyway (while serving)
    files: dict[str, str]                     # path under docs/ (starting with the language) -> sha256 of its bytes


_digests: dict = {}


def site_key(root: Path, show_drafts: bool, site_url: str, deck_time: int) -> str:
    """The key of the whole generated site (memo.UNITS["site"]): every file under rules/, mkdocs.yml (the languages),
    the code and the build's own settings; remembered while no input file's size or change time moves (static-i18n
    asks once per language)."""
    code = memo.SiteCode(root)
    files = [p for p in sorted(root.rglob("*")) if p.is_file()] + [MKDOCS_CONFIG]
    signature = (tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files), code.digest(), show_drafts,
                 site_url, deck_time)
    if _digests.get("signature") != signature:
        rules = memo.files_digest(files[:-1], root)
        _digests.update(signature=signature, digest=memo.site_key(rules, MKDOCS_CONFIG.read_bytes(), *signature[1:]))
    return _digests["digest"]


@dataclasses.dataclass(frozen=True)
class SiteFiles:
    """Where a generated site's files are in the memo (its "site files" unit): each game's pages in one language are
    the pages unit under its key; the few no game's unit holds (the home pages) are here, so that a regeneration does
    not write again what the pages units hold."""
    units: tuple[tuple[str, str, tuple[str, ...]], ...]     # (language, pages unit key, the paths it holds)
    own: dict[str, bytes]

    def read(self, kept: memo.Memo) -> dict[str, bytes] | None:
        """Every file's bytes; None where a pages unit has left the memo since (the site is made again)."""
        files = dict(self.own)
        for lang, key, _ in self.units:
            game_pages = kept.get(key)
            if game_pages is None:
                return None
            files.update({f"{lang}/{path}": as_written(path, content) for path, content in game_pages.items()})
        return files


def generated_site(root: Path, key: str, show_drafts: bool, site_url: str, deck_time: int,
                   held: Callable[[Generated], bool]) -> tuple[Generated, dict[str, bytes] | None]:
    """The site rules/ makes (its summary) and every file's bytes, None where `held` says docs/ holds them already:
    from the memo, or made afresh (each game's part again only where its inputs changed). Raises ContentError."""
    kept = memo.Memo(root)
    generated = kept.get(key)
    if generated is not None and held(generated):
        return generated, None
    where = kept.get(memo.site_files_key(key)) if generated is not None else None
    files = where.read(kept) if where is not None else None
    if files is None:
        generated, files, where = make_site(root, show_drafts, site_url, deck_time, kept)
        kept.put(memo.site_files_key(key), where)
        kept.put(key, generated)
    return generated, files


def make_site(root: Path, show_drafts: bool, site_url: str, deck_time: int,
              kept: memo.Memo | None = None) -> tuple[Generated, dict[str, bytes], SiteFiles]:
    """Load, lint, verify and render rules/ (raises ContentError on any problem): the summary, every file's bytes and
    where the memo holds them. kept: the memo each game's parts are taken from and kept in (None: a build without)."""
    site = load_site(root, show_drafts, kept)
    units: list = []
    files = {relative: as_written(relative, content)
             for relative, content in render_site(site, site_url, deck_time, kept, units).items()}
    in_units = {f"{lang}/{path}" for lang, _, paths in units for path in paths}
    where = SiteFiles(tuple(units), {relative: data for relative, data in files.items() if relative not in in_units})
    generated = Generated(
        ui=json.loads(json.dumps(site.ui)),   # plain dicts: loading the summary must not import the YAML loader
        game_names={game.id: {lang: texts["name"] for lang, texts in game.texts.items()} for game in site.games},
        drafts={game_id: [str(p) for p in problems] for game_id, problems in site.drafts.items()},
        shown_drafts=frozenset(game.id for game in site.games if game.id in site.drafts),
        files={relative: hashlib.sha256(data).hexdigest() for relative, data in files.items()})
    return generated, files, where


def load_site(root: Path, show_drafts: bool, kept: memo.Memo | None):
    """check.pipeline.load_site, each game's part from the memo where it holds it (imported here: a build the memo
    holds whole needs none of the stages)."""
    from quiz.site.check import lint
    from quiz.site.check.page_units import Filled
    from quiz.site.check.pipeline import set_drafts_aside
    from quiz.site.load.loader import load_content
    from quiz.site.load.problems import Problems

    if kept is None:
        from quiz.site.check.pipeline import load_site as without_memo
        return without_memo(root, show_drafts=show_drafts)
    site = load_content(root)   # a draft that does not even load is in site.drafts already
    problems = Problems(root)
    lint.lint_interface(site, problems)
    for game in site.games:
        filled_key = kept.texts_at_tables_key(site.root, game.dir)
        filled = Filled(kept.get(filled_key) or {})
        lint_key = kept.lint_key(site.root, game.dir, site.languages, site.default_language)
        if kept.get(lint_key):
            lint.lint_texts_at_tables(site, game, problems, filled)   # the pages' texts at every table
        else:
            found_before = len(problems.items)
            lint.lint_game(site, game, problems, filled)
            if len(problems.items) == found_before:
                kept.put(lint_key, True)
        if filled.changed():
            kept.put(filled_key, filled.asked)
    set_drafts_aside(site, problems, show_drafts)
    problems.raise_if_any()
    for game in site.games:
        if game.questions:
            _verify_game(site, game, problems, kept)
    set_drafts_aside(site, problems, show_drafts)
    problems.raise_if_any()
    return site


def _verify_game(site, game, problems, kept: memo.Memo) -> None:
    """A game's verification from the memo whole while its files in every language, the interface texts and the code
    are unchanged; else verified again with what it reads kept apart, by what each part reads: its practice draws, its
    words in each language, its witnesses' records and its answers at every table (so an edit to one language's texts
    words that language again, draws nothing and replays no game again); kept whole once it passed at every table."""
    from quiz.site.check.practice import Draws
    from quiz.site.check.question_words import Words
    from quiz.site.check.table_answers import KeptTableAnswers, verify_game_tables
    from quiz.site.check.verify import verify_game
    from quiz.site.load.content import Kept

    verify_key = kept.verify_key(site.root, game.dir, site.languages, site.default_language)
    verified = kept.get(verify_key)
    if verified is not None:
        game.worded, game.practice, game.tables = verified
        return
    found_before = len(problems.items)
    words = Words({lang: kept.get(kept.words_key(site.root, game.dir, lang)) or {} for lang in site.languages})
    draws_key = kept.practice_draws_key(site.root, game.dir, site.default_language)
    draws = Draws(kept.get(draws_key) or {})
    witnesses_key = kept.witnesses_key(site.root, game.dir)
    game.witnessed = Kept(kept.get(witnesses_key) or {})
    verify_game(site, game, problems, draws, words)
    if draws.changed():
        kept.put(draws_key, draws.asked)
    if game.witnessed.changed():
        kept.put(witnesses_key, game.witnessed.asked)
    before_tables = len(problems.items)
    answers_key = kept.answers_at_tables_key(site.root, game.dir)
    answered = KeptTableAnswers(kept.get(answers_key) or {})
    verify_game_tables(site, game, problems, answered, words)
    if len(problems.items) == before_tables and answered.changed():
        kept.put(answers_key, answered.asked)
    for lang in site.languages:
        worded = words.kept(lang)
        if worded is not None:
            kept.put(kept.words_key(site.root, game.dir, lang), worded)
    if len(problems.items) == found_before:
        kept.put(verify_key, (game.worded, game.practice, game.tables))


def render_site(site, site_url: str, deck_time: int, kept: memo.Memo | None,
                units: list[tuple[str, str, tuple[str, ...]]]) -> dict[str, str | bytes]:
    """pages.render.render_site, a game's pages and deck in one language from the memo while everything they are made
    of is unchanged — the game's files in that language and the default one, their interface texts, the practice pool
    as drawn, the languages' names, the code — and kept in it. `units` is given each one's language, key and paths."""
    from quiz.site.load.languages import site_languages
    from quiz.site.pages.render import Writer, home, practice_drawn, render_site as without_memo

    if kept is None:
        return without_memo(site, site_url, deck_time)
    pages: dict[str, str | bytes] = {}
    languages = site_languages()
    for lang in site.languages:
        pages[f"{lang}/index.md"] = home(site, lang)
        for game in site.games:
            key = kept.pages_key(site.root, game.dir, lang, site.default_language, languages, practice_drawn(game),
                                 site_url, deck_time)
            game_pages = kept.get(key)
            if game_pages is None:
                game_pages = Writer(site, game, lang, site_url, deck_time).pages()
                kept.put(key, game_pages)
            units.append((lang, key, tuple(game_pages)))
            for path, text in game_pages.items():
                pages[f"{lang}/{path}"] = text
    return pages


def as_written(relative: str, content: str | bytes) -> bytes:
    if isinstance(content, bytes):
        return content
    return (_with_note(content) if relative.endswith(".md") else content).encode("utf-8")


def _with_note(markdown: str) -> str:
    """Put the do-not-edit note after the front matter, where Markdown hides it."""
    if markdown.startswith("---\n"):
        end = markdown.index("\n---\n", 4) + 5
        return markdown[:end] + GENERATED_NOTE + markdown[end:]
    return GENERATED_NOTE + markdown
