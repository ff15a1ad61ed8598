"""Walking a language's texts: every leaf of a texts file with its key path, the line a key path is on, every string
in nested YAML data, a language's text files; what lint.py and lint_form.py read texts with."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from quiz.site.load.content import Game, Site
from quiz.site.load.source import line_of

WORDS = "words"    # a text file's glossary: checked by lint_words, not mirrored key for key


def leaves(node: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any, Any]]:
    """Every non-mapping value in a nested mapping, with its key path and parent mapping."""
    for key, value in node.items():
        if not path and key == WORDS:
            continue
        if isinstance(value, dict):
            yield from leaves(value, path + (key,))
        else:
            yield path + (key,), value, node


def lookup(node: Any, path: tuple) -> Any:
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node


def first_absent(path: tuple, node: Any) -> tuple:
    """The shortest prefix of path that node lacks, so a whole missing entry is reported once."""
    for depth in range(1, len(path) + 1):
        if lookup(node, path[:depth]) is None:
            return path[:depth]
    return path


def line_where(node: Any, path: tuple) -> int | None:
    """The line of the deepest key of path that exists."""
    line = line_of(node)
    for key in path:
        if not isinstance(node, dict) or key not in node:
            break
        line = line_of(node, key)
        node = node[key]
    return line


def strings_in(node: Any, path: tuple = ()) -> Iterator[tuple[tuple, str]]:
    """Every string in nested YAML data (words: included), with its key path."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from strings_in(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from strings_in(value, path + (index,))
    elif isinstance(node, str):
        yield path, node


def text_files(site: Site, lang: str, game: Game | None) -> list[tuple[Path, dict]]:
    """A game's texts and question texts in a language; game None: the language's interface texts."""
    if game is None:
        return [(site.root / f"ui.{lang}.yml", site.ui.get(lang) or {})]
    return [(game.dir / f"text.{lang}.yml", game.texts.get(lang) or {}),
            (game.dir / f"questions.{lang}.yml", game.question_texts.get(lang) or {})]
