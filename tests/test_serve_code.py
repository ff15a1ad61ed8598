"""An author's loop with `mkdocs serve` on a copy of the repository: a checker edit that makes a stated answer wrong is
reported by the running server as a cold build reports it, and on the page the author has open, which goes on
answering (MkDocs alone would hold every request until a good build); a template edit shows on the served page, and
what the server generated afterwards is byte for byte what `mkdocs build` in a fresh process generates. On the fixture
game, whose build takes seconds: every code edit makes every game's units again (the memo keys the code whole), and the
real games' would make this one test take minutes."""
from __future__ import annotations

import html
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
import yaml

from repo_copies import FIXTURE_GAME, FIXTURE_ID, fixture_repo, mkdocs
from rules_reading import LANGUAGES

pytestmark = pytest.mark.slow
DECK_TIME = "1700000000"   # the decks' notes' time, the same in both copies (else each copy's newest file's)
TEMPLATE_MARKER = "Template edited while serving"


def a_yes_no_question() -> dict:
    """A stated yes/no question of the fixture game: negating its checker rule makes its stated answer wrong."""
    stated = yaml.safe_load((FIXTURE_GAME / "rules" / FIXTURE_ID / "questions.yml").read_text(encoding="utf-8"))
    return next(q for q in stated["questions"] if q["kind"] == "yesno")


def negate_rule(checker: Path, rule: str) -> str:
    """The checker module's text with one rule answering the opposite (what an author's slip does), for the class of
    the module that defines it."""
    from quiz import games

    checker_class, _ = games.contract(games.load(FIXTURE_ID))
    name = next(k.__name__ for k in checker_class.__mro__ if rule in vars(k))
    return checker.read_text(encoding="utf-8") + (
        f"\n\ndef _slip(method):\n    import functools\n\n    @functools.wraps(method)\n"
        f"    def wrong(self, *args, **kwargs):\n        return not method(self, *args, **kwargs)\n"
        f"    return wrong\n\n\n"
        f"{name}.{rule} = _slip({name}.{rule})\n")


class Serving:
    def __init__(self, repo):
        self.url = f"http://127.0.0.1:{free_port()}/"
        self.log: list[str] = []
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
        env.pop("RULES_DIR", None)
        env.pop("SITE_URL", None)
        # As `make serve` runs it: the console script, whose sys.path holds its own folder, not the repository; the
        # checkout comes from the .pth `make` writes into the venv, which names the original: this copy goes first
        env["PYTHONPATH"] = str(repo)
        mkdocs = str(Path(sys.executable).parent / "mkdocs")
        self.process = subprocess.Popen([mkdocs, "serve", "-a", self.url[7:-1]], cwd=repo,
                                        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        threading.Thread(target=lambda: self.log.extend(self.process.stderr), daemon=True).start()
        self.wait(lambda: "Serving on" in "".join(self.log), "serving")

    def wait(self, done, what: str, timeout: float = 180) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            assert self.process.poll() is None, "".join(self.log)
            assert time.monotonic() < deadline, f"never {what}:\n" + "".join(self.log[-30:])
            time.sleep(0.2)

    def page(self, path: str) -> str:
        try:
            with urllib.request.urlopen(self.url + path, timeout=10) as response:
                return response.read().decode("utf-8")
        except OSError:
            return ""

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def generated(repo) -> dict[str, bytes]:
    return {p.relative_to(repo / "docs").as_posix(): p.read_bytes()
            for lang in LANGUAGES for p in sorted((repo / "docs" / lang).rglob("*")) if p.is_file()}


def test_serve_verifies_and_renders_with_the_code_on_disk(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", DECK_TIME)
    served_repo, built_repo = fixture_repo(tmp_path / "served"), fixture_repo(tmp_path / "built")
    game, question = FIXTURE_ID, a_yes_no_question()
    assert mkdocs(served_repo).returncode == 0     # what the last build kept, as an author's copy has it
    checker = served_repo / "quiz" / "games" / FIXTURE_ID / "__init__.py"
    good_checker = checker.read_text(encoding="utf-8")
    slipped = negate_rule(checker, question["check"])
    template = served_repo / "quiz" / "site" / "pages" / "templates" / "refresher.md.j2"
    server = Serving(served_repo)
    try:
        checker.write_text(slipped, encoding="utf-8")
        (built_repo / checker.relative_to(served_repo)).write_text(slipped, encoding="utf-8")
        cold = mkdocs(built_repo)
        assert cold.returncode != 0
        stated = [line.strip() for line in cold.stderr.splitlines() if re.search(rf": {question['id']}: RR301 ", line)]
        assert stated, cold.stderr   # the cold build names the question whose stated answer is now wrong
        server.wait(lambda: stated[0] in "".join(server.log), f"reported {stated[0]}")
        page = f"{game}/"      # the page the author has open: it answers, with the problem at its top
        server.wait(lambda: stated[0] in html.unescape(server.page(page)), "showed the problem on the page")

        for repo in (served_repo, built_repo):   # the slip mended, the template edited, in both copies
            (repo / checker.relative_to(served_repo)).write_text(good_checker, encoding="utf-8")
            edited = repo / template.relative_to(served_repo)
            edited.write_text(edited.read_text(encoding="utf-8") + f"\n\n{TEMPLATE_MARKER}\n", encoding="utf-8")
        server.wait(lambda: TEMPLATE_MARKER in server.page(page), "showed the template edit")
        assert "rr-broken" not in server.page(page)      # mended: the problem has gone from the page
        assert "make serve: no offline copy" in server.page("sw.js")    # a worker that goes away, not a 404
        assert mkdocs(built_repo).returncode == 0
        served, built = generated(served_repo), generated(built_repo)
        assert served.keys() == built.keys()
        assert [name for name in served if served[name] != built[name]] == []
    finally:
        server.close()
