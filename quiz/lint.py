"""Keeps the four languages in step: same ids, same fields, same placeholders and digits as English; sane ids, ranks and page refs."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from quiz.content import (GENERATOR_PLACEHOLDERS, LANGUAGES, REFERENCE_LANGUAGE, SECTION_FIELDS, Game, Problems,
                          Site, digit_runs, line_of, placeholders)


def _leaves(node: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any, Any]]:
    """Every non-mapping value in a nested mapping, with its key path and parent mapping."""
    for key, value in node.items():
        if isinstance(value, dict):
            yield from _leaves(value, path + (key,))
        else:
            yield path + (key,), value, node


def _lookup(node: Any, path: tuple) -> Any:
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node


def _first_absent(path: tuple, node: Any) -> tuple:
    """The shortest prefix of path that node lacks, so a whole missing entry is reported once."""
    for depth in range(1, len(path) + 1):
        if _lookup(node, path[:depth]) is None:
            return path[:depth]
    return path


def _where(node: Any, path: tuple) -> int | None:
    """The line of the deepest key of path that exists."""
    line = line_of(node)
    for key in path:
        if not isinstance(node, dict) or key not in node:
            break
        line = line_of(node, key)
        node = node[key]
    return line


def mirror(reference: dict, other: dict, other_path: Path, lang: str, known: set[str] | None,
           problems: Problems, id_of=lambda path: ".".join(map(str, path))) -> None:
    """Check that other has exactly reference's keys, and per string the same placeholders and digits."""
    ref_leaves = {path: value for path, value, _ in _leaves(reference)}
    other_leaves = {path: value for path, value, _ in _leaves(other)}
    for path in sorted({_first_absent(path, other) for path in ref_leaves.keys() - other_leaves.keys()}, key=str):
        problems.add(other_path, _where(other, path[:-1]), id_of(path), f"missing the {lang} text")
    for path in sorted({_first_absent(path, reference) for path in other_leaves.keys() - ref_leaves.keys()}, key=str):
        problems.add(other_path, _where(other, path), id_of(path), f"extra key, not in the {REFERENCE_LANGUAGE} texts")
    for path in ref_leaves.keys() & other_leaves.keys():
        ref, text = ref_leaves[path], other_leaves[path]
        line = _where(other, path)
        if not isinstance(text, str):
            problems.add(other_path, line, id_of(path), f"must be text, not {type(text).__name__}")
            continue
        if not isinstance(ref, str):
            continue
        allowed = (known or set()) | GENERATOR_PLACEHOLDERS.get(path[-1], set())
        if known is not None:
            for name in sorted(placeholders(text) - allowed):
                problems.add(other_path, line, id_of(path), f"unknown placeholder {{{name}}}")
        if placeholders(text) != placeholders(ref):
            problems.add(other_path, line, id_of(path),
                         f"placeholders {sorted(placeholders(text))} differ from {REFERENCE_LANGUAGE} {sorted(placeholders(ref))}")
        if digit_runs(text) != digit_runs(ref):
            problems.add(other_path, line, id_of(path),
                         f"digits {digit_runs(text)} differ from {REFERENCE_LANGUAGE} {digit_runs(ref)}")


def lint_ui(site: Site, problems: Problems) -> None:
    reference = site.ui.get(REFERENCE_LANGUAGE)
    if reference is None:
        return
    for lang in LANGUAGES:
        if lang in site.ui:
            mirror(reference, site.ui[lang], site.root / f"ui.{lang}.yml", lang, None, problems)


def known_values(game: Game) -> dict[str, Any]:
    """Every placeholder a game's texts may use: its facts, the checker's derived facts and the as-of date."""
    values = dict(game.facts)
    derive = getattr(game.checker, "derived_facts", None)
    if derive is not None:
        values.update(derive(game.facts))
    values["as_of"] = game.as_of
    return values


def lint_structure(game: Game, problems: Problems) -> None:
    path = game.dir / "game.yml"
    seen: dict[str, str] = {}
    ranks: dict[int, str] = {}
    for page, sections in game.pages.items():
        for section in sections:
            if section.entries and not SECTION_FIELDS[section.kind]:
                problems.add(path, line_of(game.raw), None, f"section {section.kind!r} takes no entries")
            for entry in section.entries:
                if entry.id in seen:
                    problems.add(path, entry.line, entry.id, f"duplicate id (also in {seen[entry.id]})")
                seen[entry.id] = f"{page}/{section.kind}"
                if entry.pages and game.rulebook is None:
                    problems.add(path, entry.line, entry.id, "page refs given but the game has no rulebook")
                last = game.rulebook["pages"] if game.rulebook else 0
                for number in entry.pages:
                    if not 1 <= number <= last:
                        problems.add(path, entry.line, entry.id, f"page ref {number} is outside the rulebook's pages 1–{last}")
                if entry.rank is not None:
                    if entry.rank in ranks:
                        problems.add(path, entry.line, entry.id, f"rank {entry.rank} also given to {ranks[entry.rank]}")
                    ranks[entry.rank] = entry.id


def lint_game_texts(game: Game, problems: Problems) -> None:
    reference = game.texts.get(REFERENCE_LANGUAGE)
    if reference is None:
        return
    known = set(known_values(game))
    ref_path = game.dir / f"text.{REFERENCE_LANGUAGE}.yml"
    needed = [f"{page}_{part}" for page in game.extra_pages() + (["quiz"] if game.questions else [])
              for part in ("title", "description", "intro")] + (["rulebook_ref"] if game.rulebook else [])
    for key in needed:
        if key not in reference:
            problems.add(ref_path, line_of(reference), None, f"missing key {key!r}")
    fields_by_id = {e.id: SECTION_FIELDS[s.kind] for sections in game.pages.values() for s in sections for e in s.entries}
    entries = reference["entries"]
    for entry_id, fields in fields_by_id.items():
        if entry_id not in entries:
            problems.add(ref_path, line_of(entries), entry_id, "id in game.yml has no text")
            continue
        text = entries[entry_id]
        allowed = {f.rstrip("?"): not f.endswith("?") for f in fields}
        if not isinstance(text, dict):
            problems.add(ref_path, line_of(entries, entry_id), entry_id, f"needs the fields {', '.join(allowed)}")
            continue
        for field in text.keys() - allowed.keys():
            problems.add(ref_path, line_of(text, field), entry_id, f"unknown field {field!r}")
        for field in [f for f, required in allowed.items() if required and f not in text]:
            problems.add(ref_path, line_of(text), entry_id, f"missing field {field!r}")
    for entry_id in entries.keys() - fields_by_id.keys():
        problems.add(ref_path, line_of(entries, entry_id), entry_id, "text for an id that game.yml does not use")

    def id_of(path: tuple) -> str:
        return ".".join(map(str, path[1:] if path[0] == "entries" and len(path) > 1 else path))

    for lang in LANGUAGES:
        if lang in game.texts:
            mirror(reference, game.texts[lang], game.dir / f"text.{lang}.yml", lang, known, problems, id_of)


def lint_site(site: Site, problems: Problems) -> None:
    """Run every content check; problems are collected, not raised."""
    lint_ui(site, problems)
    for game in site.games:
        lint_structure(game, problems)
        lint_game_texts(game, problems)
