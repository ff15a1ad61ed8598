"""Reads a rules/ YAML file with the line of every mapping and key, and checks it against its JSON Schema
(quiz/site/load/schema/), turning each schema error into a problem that names file, line and id; and checks that its
first line names that schema for an editor ($schema=…)."""
from __future__ import annotations

import datetime

import functools
import hashlib
import json
import os
import pickle
import re
from pathlib import Path
from typing import Any, Iterable

import jsonschema
import yaml

from quiz.site.load import codes
from quiz.site.load.languages import REPO_ROOT
from quiz.site.load.problems import Problems

SCHEMA_DIR = Path(__file__).resolve().parent / "schema"


class LineDict(dict):
    """A mapping that remembers the YAML line (1-based) of itself and of each key."""

    line: int = 0
    key_lines: dict


class _LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml's parser when present
    pass


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    mapping = LineDict()
    mapping.line = node.start_mark.line + 1
    mapping.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, (str, int, float, bool)) or key is None:
            raise yaml.constructor.ConstructorError(None, None, "a key must be a plain value", key_node.start_mark)
        if isinstance(key, bool):
            key = "true" if key else "false"     # `true:` in a table of terms means the value true, as text
        if key in mapping:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        mapping[key] = loader.construct_object(value_node, deep=True)
        mapping.key_lines[key] = key_node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def line_of(mapping: Any, key: Any = None) -> int | None:
    """The YAML line of a mapping, or of one of its keys."""
    if not isinstance(mapping, LineDict):
        return None
    if key is not None and key in mapping.key_lines:
        return mapping.key_lines[key]
    return mapping.line


def plain(data: Any) -> Any:
    """A fresh copy of nested YAML data as plain dicts and lists (line numbers are only needed for messages)."""
    if isinstance(data, dict):
        return {key: plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [plain(value) for value in data]
    return data


# digest of a file's path and text -> its parsed data, pickled: `mkdocs serve` re-reads every file per edit, and
# unpickling a fresh copy costs less than parsing
_PARSED: dict[bytes, bytes] = {}
_PARSED_LIMIT = 512


def load_yaml(path: Path, problems: Problems) -> Any:
    """Parse one YAML file; a syntax error becomes a problem naming its line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        problems.add(path, None, None, codes.MISSING_FILE, f"cannot read: {exc.strerror}")
        return None
    except UnicodeDecodeError:
        problems.add(path, None, None, codes.MISSING_FILE, "not UTF-8 text")
        return None
    digest = hashlib.sha256(f"{path}\0{text}".encode()).digest()   # this file unchanged, not any file alike
    if digest in _PARSED:
        return pickle.loads(_PARSED[digest])
    data = _parse(path, text, problems)
    if data is not None:
        if len(_PARSED) >= _PARSED_LIMIT:
            _PARSED.clear()
        _PARSED[digest] = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
    return data


def _parse(path: Path, text: str, problems: Problems) -> Any:
    try:
        data = yaml.load(text, Loader=_LineLoader)  # noqa: S506 - _LineLoader is a SafeLoader
    except yaml.MarkedYAMLError as exc:
        problems.add(path, *_broken_at(exc))
        return None
    except yaml.YAMLError as exc:
        problems.add(path, None, None, codes.BROKEN_YAML, f"broken YAML: {exc}")
        return None
    if data is None:
        problems.add(path, None, None, codes.MISSING_FILE, "the file is empty")
    return data


# what a YAML error says was left open
OPENED = {"flow sequence": "[", "flow mapping": "{", "quoted scalar": "quote"}


def _broken_at(exc: yaml.MarkedYAMLError) -> tuple[int | None, None, str, str]:
    """(line, id, code, message) of a YAML error, at the line to mend: for a bracket or quote left open, the line that
    opened it (the parser notices only where the next line starts, one line or many later); else where it stopped."""
    opened = bool(exc.context and exc.context_mark and ("flow" in exc.context or "quoted scalar" in exc.context))
    if opened:
        stopped = f" (the parser stopped on line {exc.problem_mark.line + 1})" if exc.problem_mark else ""
        what = next((words for kind, words in OPENED.items() if kind in exc.context), "bracket")
        return (exc.context_mark.line + 1, None, codes.BROKEN_YAML,
                f"broken YAML: the {what} opened on this line is not closed{stopped}")
    mark = exc.problem_mark or exc.context_mark
    return mark.line + 1 if mark else None, None, codes.BROKEN_YAML, f"broken YAML: {exc.problem or exc.context}"


@functools.cache
def schema(name: str | Path) -> dict:
    """One of quiz/site/load/schema/ by name, or a game's own schema by its path
    (quiz/games/<game>/cards.schema.json)."""
    path = name if isinstance(name, Path) else SCHEMA_DIR / f"{name}.schema.json"
    return json.loads(path.read_text(encoding="utf-8"))


@functools.cache
def _validator(name: str | Path) -> jsonschema.protocols.Validator:
    document = schema(name)
    validator_class = jsonschema.validators.validator_for(document)
    validator_class.check_schema(document)
    return validator_class(document)


def _walk(data: Any, path: Iterable) -> tuple[int | None, str | None, Any, Any]:
    """Follow a schema error's path into the data: the line of the deepest key, the nearest id, and the parent."""
    line, id_, node, parent = line_of(data), None, data, None
    for key in path:
        if isinstance(node, dict) and isinstance(node.get("id"), str):
            id_ = node["id"]
        if isinstance(node, dict) and key in node:
            line = line_of(node, key) or line
            parent, node = node, node[key]
        elif isinstance(node, list) and isinstance(key, int) and key < len(node):
            parent, node = node, node[key]
            line = line_of(node) or line
        else:
            break
    if isinstance(node, dict) and isinstance(node.get("id"), str):
        id_ = node["id"]
    return line, id_, node, parent


def line_at(data: Any, dotted: str) -> int | None:
    """The YAML line of the value at a dotted path ("regions.59.colour"), or of the deepest part of it there is."""
    return _walk(data, [int(part) if part.isdigit() else part for part in dotted.split(".") if part])[0]


def _type_name(value: Any) -> str:
    for kind, name in ((bool, "true/false"), (dict, "a mapping"), (list, "a list"), (str, "text"),
                       (int, "a whole number"), (float, "a decimal number"), (type(None), "empty")):
        if isinstance(value, kind):
            return name
    return type(value).__name__


_FITTING: set[bytes] = set()   # digests of (schema, file, data) found to fit: `mkdocs serve` re-reads unchanged files
_FITTING_LIMIT = 4096


# "02.11.2026", as the German and French seeds write
DAY_FIRST_DATE = re.compile(r"(\d{1,2})[./](\d{1,2})[./](\d{4})")


def _iso_date(value) -> str | None:
    """A day-first date written as YYYY-MM-DD ("02.11.2026" -> "2026-11-02"), if it is one."""
    found = DAY_FIRST_DATE.fullmatch(str(value).strip())
    if not found:
        return None
    day, month, year = map(int, found.groups())
    try:
        return datetime.date(year, month, day).isoformat()
    except ValueError:
        return None


SCHEMA_LINE = re.compile(r"#\s*yaml-language-server:\s*\$schema=(\S+)\s*")


def check_schema_line(path: Path, schema_name: str | Path, problems: Problems, default_id: str | None = None) -> None:
    """A YAML file's first line names the schema the build checks it against, so that an editor with a YAML language
    server checks it too: `# yaml-language-server: $schema=<that schema, relative to the file>`. The path is followed
    from the file's place in the repository whose quiz/ this is (a copy of rules/ elsewhere, as the tests make, is
    followed as if it stood in its rules/). One problem, on line 1, when the line is missing, names no file there, or
    names another file than that schema."""
    schema_file = schema_name if isinstance(schema_name, Path) else SCHEMA_DIR / f"{schema_name}.schema.json"
    schema_file = schema_file.resolve()
    try:
        home = REPO_ROOT / "rules" / path.resolve().relative_to(problems.root.resolve())
    except ValueError:
        home = path
    wanted = Path(os.path.relpath(schema_file, home.parent.resolve())).as_posix()
    try:
        with path.open(encoding="utf-8") as file:
            first = file.readline()
    except (OSError, UnicodeDecodeError):
        return      # said when it was read
    found = SCHEMA_LINE.fullmatch(first.rstrip("\n"))
    named = found and Path(os.path.normpath(home.parent / found.group(1)))   # "..": the path's parts, not the disk's
    if not found:
        problems.add(path, 1, default_id, codes.SCHEMA_LINE,
                     f"the first line does not name the file's schema: begin it with "
                     f"'# yaml-language-server: $schema={wanted}'")
    elif not named.is_file():
        problems.add(path, 1, default_id, codes.SCHEMA_LINE,
                     f"$schema={found.group(1)} names no file: write $schema={wanted}")
    elif named.resolve() != schema_file:
        problems.add(path, 1, default_id, codes.SCHEMA_LINE,
                     f"$schema={found.group(1)} is not the schema the build checks this file against: write "
                     f"$schema={wanted}")


def check_schema(data: Any, schema_name: str | Path, path: Path, problems: Problems, default_id: str | None = None,
                 id_of_path=None) -> bool:
    """Report every way data differs from its schema, one problem each; True when it fits. Its $schema line is
    checked too (check_schema_line), which does not change whether the data fits."""
    check_schema_line(path, schema_name, problems, default_id)
    fingerprint = hashlib.sha256(repr((schema_name, str(path), data)).encode()).digest()   # lines only name problems
    if fingerprint in _FITTING:
        return True
    ok = True
    errors = sorted((_deepest(e) for e in _validator(schema_name).iter_errors(data)),
                    key=lambda e: [str(p) for p in e.absolute_path])
    for error in errors:
        ok = False
        where = list(error.absolute_path)
        line, id_, node, _ = _walk(data, where)
        id_ = id_ or (id_of_path(where) if id_of_path else None) or default_id
        what = error.schema.get("title") or (str(where[-1]) if where else schema(schema_name).get("title", "the file"))
        if error.validator == "additionalProperties":
            known = set(error.schema.get("properties", {}))
            patterns = [re.compile(p) for p in error.schema.get("patternProperties", {})]
            for key in node if isinstance(node, dict) else []:
                if key not in known and not any(p.search(str(key)) for p in patterns):
                    problems.add(path, line_of(node, key) or line, id_, codes.UNKNOWN_KEY,
                                 f"unknown key {key!r} in {what}")
        elif error.validator == "required":
            missing = error.message.split("'")[1] if "'" in error.message else error.message
            problems.add(path, line, id_, codes.MISSING_KEY, f"missing key {missing!r} in {what}")
        elif error.validator == "type":
            wanted = error.schema["type"]
            wanted = " or ".join(map(_type_label, wanted)) if isinstance(wanted, list) else _type_label(wanted)
            problems.add(path, line, id_, codes.WRONG_VALUE,
                         f"{_label(where, what)} must be {wanted}, not {_type_name(node)}")
        elif error.validator == "enum":
            choices = ", ".join(map(str, error.schema["enum"]))
            problems.add(path, line, id_, codes.WRONG_VALUE, f"{_label(where, what)}: {node!r} is not one of {choices}")
        elif error.validator in ("pattern", "propertyNames", "not") and error.schema.get("description") is None:
            problems.add(path, line, id_, codes.WRONG_VALUE,
                         f"{_label(where, what)}: {error.instance!r} is not a valid name here")
        elif error.schema.get("format") == "date" and (iso := _iso_date(error.instance)):
            problems.add(path, line, id_, codes.WRONG_VALUE,
                         f"{_label(where, what)}: {error.instance!r} is not written "
                         f"YYYY-MM-DD: write {iso}")
        else:
            hint = error.schema.get("description")
            detail = f"{error.instance!r} must be {hint}" if hint else error.message
            problems.add(path, line, id_, codes.WRONG_VALUE, f"{_label(where, what)}: {detail}")
    if ok:
        if len(_FITTING) >= _FITTING_LIMIT:
            _FITTING.clear()
        _FITTING.add(fingerprint)
    return ok


def _deepest(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """For "none of these shapes fit" (anyOf), the error of the shape that came closest, down to the value at fault."""
    while error.context:
        error = max(error.context, key=lambda e: (len(e.absolute_path), e.validator != "type"))
    return error


def _type_label(name: str) -> str:
    return {"object": "a mapping", "array": "a list", "string": "text", "boolean": "true or false",
            "integer": "a whole number", "number": "a number"}.get(name, name)


def _label(where: list, what: str) -> str:
    return ".".join(map(str, where)) if where else what
