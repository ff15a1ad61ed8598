"""`python -m quiz lint --fix`: the no-break spaces a language that writes them (French: ui labels.colon starts with
one) wants before : ; ! ? and inside « », put into its YAML text files where lint RR110 finds them missing, and each
language's own apostrophe (ui labels.apostrophe: French ’) where RR114 finds the other. Only texts
change (quoted, or plain after a key), and the file must read back as the same texts but for those spaces, or it is
left as it was."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from quiz.site.check.lint_form import APOSTROPHE, APOSTROPHES, NO_BREAK_SPACES, unspaced_marks
from quiz.site.check.text_paths import strings_in

QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\']|\'\')*\'')
NO_BREAK = "\u00a0"
# `key: text` where the text is a plain scalar: no quote, flow collection, block scalar, anchor, alias or tag
PLAIN_VALUE = re.compile(r"^(\s*(?:-\s+)?[\w.-]+:\s+)([^\s\"'\[{|>&*!#%@`].*?)\s*$")


SPACE_BEFORE = [
    (re.compile(r" (?=[:;!?»])"), NO_BREAK),                                   # a plain space becomes a no-break one
    (re.compile(r"(?<=[^\s\u00a0\u202f:;!?/])(?=[;!?»])"), NO_BREAK),          # none at all: one goes in
    (re.compile(r"(?<=[^\s\u00a0\u202f:;!?\d])(?=:(?!//))"), NO_BREAK),        # not in 10:30 or https://
    (re.compile(r"(?<=«) "), NO_BREAK),
    (re.compile(r"(?<=«)(?=[^\s\u00a0\u202f])"), NO_BREAK),
]


def spaced(text: str) -> str:
    """A text with a no-break space before each : ; ! ? and » and after « that lacks one (a plain space becomes one)."""
    for pattern, space in SPACE_BEFORE:
        text = pattern.sub(space, text)
    return text


def fix_file(path: Path, apostrophe: str | None = None, spacing: bool = True) -> int:
    """Put the missing no-break spaces (where `spacing`) and the language's own apostrophe (where given) into one YAML
    file's texts; returns how many texts changed (0: none, or the file would not read back as the same texts but for
    those, and is left as it was)."""
    def needs(text: str) -> bool:
        return (spacing and bool(unspaced_marks(text))) or \
            bool(apostrophe and any(found.group() != apostrophe for found in APOSTROPHE.finditer(text)))

    def mended(text: str) -> str:
        text = spaced(text) if spacing else text
        return APOSTROPHE.sub(apostrophe, text) if apostrophe else text

    source = path.read_text(encoding="utf-8")
    changed, lines = 0, []
    for line in source.split("\n"):
        def fixed(match: re.Match) -> str:
            nonlocal changed
            quoted = match.group()
            end = match.end()
            if line[end:end + 1] == ":":          # a quoted key ("yes": …), not a text
                return quoted
            inner = yaml.safe_load(quoted)
            if not isinstance(inner, str) or not needs(inner):
                return quoted
            changed += 1
            if quoted[0] == "'":                  # in single quotes, ' is written twice
                return quoted[0] + mended(quoted[1:-1].replace("''", "'")).replace("'", "''") + quoted[-1]
            return quoted[0] + mended(quoted[1:-1]) + quoted[-1]
        if line.lstrip().startswith("#"):
            lines.append(line)
        elif plain := PLAIN_VALUE.match(line):       # `right: Seul … gagne; une …`: a text without quotes
            if needs(plain.group(2)):
                changed += 1
                line = plain.group(1) + mended(plain.group(2))
            lines.append(line)
        else:
            lines.append(QUOTED.sub(fixed, line))
    if not changed:
        return 0
    result = "\n".join(lines)

    def bare(text: str) -> str:
        return APOSTROPHE.sub("'", text.replace(NO_BREAK, " ").replace(" ", ""))
    before, after = ([text for _, text in strings_in(yaml.safe_load(data))] for data in (source, result))
    if len(before) != len(after) or any(bare(a) != bare(b) for a, b in zip(after, before)):
        return 0
    path.write_text(result, encoding="utf-8")
    return changed


def fix_typography(root: Path, languages: list[str], apostrophes: dict[str, str] | None = None) -> dict[Path, int]:
    """Every text file of each language given (no-break spaces) and of each language with its own apostrophe (the
    one it writes): path -> texts changed."""
    apostrophes = apostrophes or {}
    files = {path: lang for lang in {*languages, *apostrophes}
             for path in [root / f"ui.{lang}.yml", *root.glob(f"*/text.{lang}.yml"),
                          *root.glob(f"*/questions.{lang}.yml")] if path.exists()}
    return {path: count for path, lang in sorted(files.items())
            if (count := fix_file(path, apostrophes.get(lang), lang in languages))}


def apostrophes(root: Path) -> dict[str, str]:
    """Each language's own apostrophe (ui.<lang>.yml labels.apostrophe; lint RR114)."""
    found = {}
    for path in sorted(root.glob("ui.*.yml")):
        labels = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("labels") or {}
        if labels.get("apostrophe") in APOSTROPHES:
            found[path.name.split(".")[1]] = labels["apostrophe"]
    return found


def spaced_languages(root: Path) -> list[str]:
    """The languages whose colon (ui.<lang>.yml labels.colon) starts with a no-break space: French."""
    found = []
    for path in sorted(root.glob("ui.*.yml")):
        labels = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("labels") or {}
        if str(labels.get("colon", ""))[:1] in NO_BREAK_SPACES:
            found.append(path.name.split(".")[1])
    return found
