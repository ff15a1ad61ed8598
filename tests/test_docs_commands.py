"""Every command README.md and rules/README.md show runs as shown there, and every file they name exists (issue 59.5).

A command is a line of a ```sh block or an `inline code` that starts as one (`make …`, `python -m quiz …`,
`.venv/bin/python …`, `echo … | … python -m quiz …`, `mkdocs …`, `.ci/run`). `python -m quiz …` runs in the
repository with the interpreter running the tests (the venv's) and exits 0, `score` printing JSON (or, where the docs
say it is refused, exiting 1 with one line); what is slow or writes into the repository runs as `--help`
(`new`, `strategy`, `witness` without `--why`, `lint --fix`, `mkdocs …`) and `verify` as `lint`. `make <target>` is a
rule of the Makefile and `make -n` reads it (nothing is made). A script under scripts/ answers `--help`. A `quiz.…`
name imports and evaluates. A path: every repository path the two files name (outside the sh blocks, whose comments
show what `new` would write) exists, the README's layout block entry by entry, and a bare file name (`reads.py`,
`hooks/material.py`) is the end of some kept file's path. Patterns (`<game>`, `*`, `{…}`, `…`) are not paths; site/,
.venv/ and .cache/ are built, not kept. Builds nothing and opens no browser."""
from __future__ import annotations

import functools
import importlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DOCS = ("README.md", "rules/README.md")
SH = ("sh", "bash", "shell", "console")
FENCE = re.compile(r"^```(\w*)[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)
INLINE = re.compile(r"`([^`]+)`")
PLACEHOLDER = "<*{…["                      # a pattern or an optional part, not a name
KEPT_PATH = re.compile(r"(?<![\w/.<>-])(?:quiz|rules|tests|scripts|docs|overrides|media|\.github|\.ci)/[\w./-]*")
TOP_LEVEL = re.compile(r"Makefile|mkdocs\.yml|[A-Z][A-Z_]*\.md|\.gitignore|pytest\.ini|ruff\.toml"
                       r"|requirements[\w-]*\.txt")
FILE_NAME = re.compile(r"[\w./-]*[\w-]\.(?:py|js|css|html|yml|yaml|json|md|svg|png|txt)")
QUIZ_NAME = re.compile(r"quiz(?:\.\w+)+(?:\(.*?\))?(?:\.\w+(?:\(.*?\))?)*")
COMMAND = re.compile(r"(?:[A-Z_]+=\S* )*make \w|(?:echo .*\| *)?(?:\.venv/bin/)?(?:python|mkdocs) |\.ci/\w")
NOT_KEPT = frozenset({"site", ".site-new", ".venv", ".cache", ".bench", ".git", ".pytest_cache", ".hypothesis"})
BUILT_FILES = frozenset({"index.html"})   # what the build writes into site/ and no kept file is
EXAMPLE_GAME = "faraway"                  # what a command's <game> stands for
TIMEOUT = 120
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def read(doc: str) -> str:
    return (ROOT / doc).read_text(encoding="utf-8")


def sh_lines(doc: str) -> list[str]:
    """The commands of a doc's sh blocks, a line each, without their comments."""
    return [line for lang, body in FENCE.findall(read(doc)) if lang in SH
            for line in (re.sub(r"\s+#.*", "", raw).strip() for raw in body.splitlines()) if line]


def unfenced(doc: str) -> str:
    """A doc without its sh blocks; a plain block (the layout) keeps its text, without its fence lines."""
    return FENCE.sub(lambda m: "" if m.group(1) in SH else m.group(2), read(doc))


def inline_codes(doc: str) -> list[tuple[str, str]]:
    """Each `inline code` (spread over lines or not) with the words after it, which may say it is refused or show
    what it prints."""
    text = unfenced(doc)
    return [(" ".join(m.group(1).split()), " ".join(text[m.end():m.end() + 300].split()))
            for m in INLINE.finditer(text)]


def alternatives(command: str) -> list[str]:
    """`python -m quiz lint|verify` is two commands."""
    found = re.search(r"\b(\w+(?:\|\w+)+)\b", command)
    if not found or " | " in command:
        return [command]
    return [command[:found.start()] + word + command[found.end():] for word in found.group(1).split("|")]


def shown_commands() -> dict[str, tuple[str, str]]:
    """Every command shown, first shown where (the doc, the words after it)."""
    shown: dict[str, tuple[str, str]] = {}
    for doc in DOCS:
        for line in sh_lines(doc):
            shown.setdefault(line, (doc, ""))
        for code, after in inline_codes(doc):
            if COMMAND.match(code):
                for command in alternatives(code):
                    shown.setdefault(command, (doc, after))
    return shown


def layout_paths(body: str) -> list[str]:
    """The paths of a layout block: a name line per file or folder, indented two spaces a level under its folder, its
    description after two spaces or more; deeper-indented lines carry descriptions on."""
    paths, folders = [], []           # folders: (level, path) of the folders open above the line
    for line in body.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        if not line.strip() or indent > 12:
            continue
        level = indent // 2
        folders = [(lv, path) for lv, path in folders if lv < level]
        names = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0].split()
        parent = folders[-1][1] if folders else ""
        paths += [parent + name for name in names]
        if len(names) == 1 and names[0].endswith("/"):
            folders.append((level, parent + names[0]))
    return paths


def named_paths() -> dict[str, str]:
    """Every repository path the docs name, by the doc that first names it: kept folders' paths anywhere outside the
    sh blocks, top-level files and bare file names in backticks, the layout blocks' entries."""
    named: dict[str, str] = {}
    for doc in DOCS:
        text = unfenced(doc)
        for m in KEPT_PATH.finditer(text):
            if text[m.end():m.end() + 1] not in PLACEHOLDER:
                named.setdefault(m.group(0).rstrip("."), doc)
        for code, _ in inline_codes(doc):
            if TOP_LEVEL.fullmatch(code) or (FILE_NAME.fullmatch(code) and not KEPT_PATH.match(code)):
                named.setdefault(code, doc)
        for lang, body in FENCE.findall(read(doc)):
            if lang not in SH:
                for path in layout_paths(body):
                    if not any(c in path for c in PLACEHOLDER):
                        named.setdefault(path, doc)
    return named


@functools.cache
def kept_files() -> tuple[str, ...]:
    """Every file of the checkout as a path from its root, the built and generated ones left out."""
    kept = []
    for folder, dirs, files in os.walk(ROOT):
        here = Path(folder).relative_to(ROOT)
        dirs[:] = [d for d in dirs if d != "__pycache__" and not (here == Path(".") and d in NOT_KEPT)
                   and not (here == Path("docs") and d != "assets")]   # docs/<lang>/ is generated
        kept += [(here / name).as_posix() for name in files]
    return tuple(kept)


def first_question(game: str) -> str:
    return yaml.safe_load(read(f"rules/{game}/questions.yml"))["questions"][0]["id"]


def quiz_arguments(args: list[str]) -> list[str]:
    """A `python -m quiz` command's arguments as the test runs them: placeholders filled in with a real game and
    question, optional parts left out; what is slow or writes files as `--help`, `verify` as `lint`."""
    args = [{"<game>": EXAMPLE_GAME, "<question>": first_question(EXAMPLE_GAME)}.get(a, a)
            for a in args if not a.startswith("[")]
    command = args[0]
    if command == "verify":         # every answer recomputed and every variant drawn: minutes; lint reads the same
        return ["lint"]
    if (command in ("new", "strategy")                    # new writes rules/<id>/…; strategy solves for minutes
            or (command == "lint" and "--fix" in args)    # rewrites rules/ in place
            or (command == "witness" and "--why" not in args)):   # verifies the whole site first
        return [command, "--help"]
    return args


@functools.cache
def ran(argv: tuple[str, ...], stdin: str | None = None, settings: tuple[tuple[str, str], ...] = ()
        ) -> subprocess.CompletedProcess:
    """A command run in the repository, once: several shown commands run as the same `new --help`."""
    return subprocess.run(argv, cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=TIMEOUT,
                          env={**ENV, **dict(settings)})


def said(result: subprocess.CompletedProcess) -> str:
    return f"exit {result.returncode}\nstdout: {result.stdout[-2000:]}\nstderr: {result.stderr[-2000:]}"


COMMANDS = shown_commands()
PATHS = named_paths()
SCRIPTS = sorted({path for path in [*PATHS, *(w for c in COMMANDS for w in c.split())]
                  if re.fullmatch(r"scripts/\w+\.py", path)})
QUIZ_NAMES = sorted({code for doc in DOCS for code, _ in inline_codes(doc) if QUIZ_NAME.fullmatch(code)})


def short(text: str) -> str:
    return text if len(text) <= 70 else text[:67] + "..."


def test_the_docs_show_commands_and_paths():
    """The reading above finds what the docs hold: were a block's fence or a backtick lost, it would find nothing."""
    assert any(c.startswith("make ") for c in COMMANDS) and any("python -m quiz score" in c for c in COMMANDS)
    assert "quiz/site/load/loader.py" in PATHS and "mkdocs.yml" in PATHS
    assert all(read(doc).count("`") % 2 == 0 for doc in DOCS), "a backtick without its pair"


@pytest.mark.parametrize("command", sorted(COMMANDS), ids=short)
def test_a_shown_command_works(command):
    doc, after = COMMANDS[command]
    where = f"{doc} shows `{command}`"
    tokens = shlex.split(command)
    stdin = None
    if "|" in tokens:                                     # echo '<json>' | .venv/bin/python -m quiz score skat
        cut = tokens.index("|")
        feed, tokens = tokens[:cut], tokens[cut + 1:]
        assert feed[0] == "echo" and len(feed) == 2, f"{where}: only `echo '…' | …` is fed here"
        stdin = feed[1] + "\n"
    settings = {}                                         # SITE_URL=… make site
    while "=" in tokens[0]:
        name, value = tokens.pop(0).split("=", 1)
        settings[name] = value

    if tokens[0] == "make":
        if not shutil.which("make"):
            pytest.skip("no make here")
        makefile = read("Makefile")
        for target in (t for t in tokens[1:] if "=" not in t and not t.startswith("-")):
            assert re.search(rf"^{re.escape(target)}:", makefile, re.M), f"{where}: the Makefile has no `{target}`"
        result = ran(("make", "-n", *tokens[1:]), settings=tuple(settings.items()))
        assert result.returncode == 0, f"{where}: make -n: {said(result)}"
        return
    if tokens[0] in ("python", ".venv/bin/python") and tokens[1:3] == ["-m", "quiz"]:
        args = quiz_arguments(tokens[3:])
        assert not [a for a in args if any(c in a for c in "<*{")], f"{where}: a placeholder this test cannot fill"
        result = ran((sys.executable, "-m", "quiz", *args), stdin)
        sentence = re.split(r"\.\s", after, maxsplit=1)[0]
        if args[0] == "score" and re.search(r"\brefuse|\bexit 1\b", sentence):
            assert result.returncode == 1 and len(result.stderr.splitlines()) == 1, f"{where}, refused: {said(result)}"
            return
        assert result.returncode == 0, f"{where}, run as python -m quiz {' '.join(args)}: {said(result)}"
        if args[-1] == "--help":                          # not run: its options are at least the command's own
            for flag in (t for t in tokens[3:] if t.startswith("-")):
                assert re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", result.stdout), f"{where}: no {flag}"
        if args[0] == "score":
            printed = json.loads(result.stdout)
            assert isinstance(printed, dict), f"{where}: not JSON: {result.stdout}"
            shown = re.match(r"[^`]*`(\{.*?\})`", sentence)   # what the docs say it prints, where they show it
            assert not shown or printed == json.loads(shown.group(1)), f"{where}: it prints {result.stdout}"
        return
    if tokens[0] in ("python", ".venv/bin/python") and tokens[1].startswith("scripts/"):
        assert (ROOT / tokens[1]).is_file(), f"{where}: no such script"   # its --help: test_a_named_script_answers_help
        return
    if tokens[0] in ("mkdocs", ".venv/bin/mkdocs"):   # builds, serves or publishes: its options only
        result = ran((str(Path(sys.executable).parent / "mkdocs"), *tokens[1:2], "--help"))
        assert result.returncode == 0, f"{where}: mkdocs {tokens[1]} --help: {said(result)}"
        return
    if (ROOT / tokens[0]).is_file():                   # .ci/run: make test, on a clean clone
        assert os.access(ROOT / tokens[0], os.X_OK), f"{where}: {tokens[0]} is not executable"
        return
    pytest.fail(f"{where}: a command this test does not know how to check; teach it here")


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_named_script_answers_help(script):
    source = read(script)
    assert "ArgumentParser" in source, f"{script} takes no --help: the test would run it"
    result = ran((sys.executable, script, "--help"))
    assert result.returncode == 0 and "usage:" in result.stdout, f"{script} --help: {said(result)}"


@pytest.mark.parametrize("path", sorted(PATHS), ids=short)
def test_a_named_path_exists(path):
    where = f"{PATHS[path]} names `{path}`"
    if KEPT_PATH.fullmatch(path) or TOP_LEVEL.fullmatch(path):
        assert (ROOT / path).exists(), f"{where}: there is no such file or folder"
        if path.endswith("/"):
            assert (ROOT / path).is_dir(), f"{where}: not a folder"
        return
    if path in BUILT_FILES:
        return
    assert any(("/" + kept).endswith("/" + path) for kept in kept_files()), f"{where}: no kept file is called that"


@pytest.mark.parametrize("name", QUIZ_NAMES)
def test_a_named_quiz_name_evaluates(name):
    """`quiz.checker.Facts`, `quiz.games.bound("farkle").score([1, 1, 5])`: its module imports and it evaluates."""
    parts = re.match(r"quiz(?:\.\w+)*", name).group(0).split(".")
    for end in range(len(parts), 0, -1):
        try:
            importlib.import_module(".".join(parts[:end]))
            break
        except ModuleNotFoundError:
            continue
    try:
        eval(name, {"quiz": sys.modules["quiz"]})
    except Exception as error:
        pytest.fail(f"the docs name `{name}`: {type(error).__name__}: {error}")
