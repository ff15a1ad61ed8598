"""What each product lever would buy on the cold build: copies of the repository at 20 games (as `make bench` scales
them), each with one feature cut in its code, built cold (no cache, no generated Markdown), interleaved with plain
mkdocs-material on the same Markdown. An experiment for deciding what the site makes in every build; nothing here is
the site's code, and a cut that no longer applies (the code moved) stops the run with the line it looked for.

Run: .venv/bin/python scripts/bench_levers.py [--runs N] (default 4; about 3 minutes a run on 2 cores).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench  # noqa: E402  (its copies, scaling, plain config and timing)

SIXTEEN = ("quiz/site/check/practice.py", "PRACTICE_VARIANTS = 16", "PRACTICE_VARIANTS = 8")
NO_DECK = ("quiz/site/pages/render.py", "deck = self.anki_deck()", "deck = b'x' * 40000")   # the page links a deck
NO_PRACTICE = [("quiz/site/check/verify.py", "if question.vary and len(problems.items) == found_before:", "if False:"),
               ("quiz/site/check/practice.py", "    declared = game.unpractised\n", "    return\n")]
LEVERS = {
    "ours now": [],
    "8 practice variants, not 16": [SIXTEEN],
    "no Anki decks": [NO_DECK],
    "8 variants and no decks": [SIXTEEN, NO_DECK],
    "no practice and no decks": NO_PRACTICE + [NO_DECK],
}


def cut(repo: Path, edits: list[tuple[str, str, str]]) -> None:
    for relative, old, new in edits:
        path = repo / relative
        text = path.read_text(encoding="utf-8")
        if old not in text:
            sys.exit(f"{relative}: no longer holds {old!r}; update the lever")
        path.write_text(text.replace(old, new), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=4)
    runs = parser.parse_args().runs
    build = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"]
    with tempfile.TemporaryDirectory() as temp:
        repos = {}
        for i, (name, edits) in enumerate(LEVERS.items()):
            repo = bench.copy_repo(Path(temp) / f"lever{i}")
            bench.scale_to(repo, bench.SCALE_GAMES)
            cut(repo, edits)
            bench.subprocess.run(build + ["-d", str(repo / "site")], cwd=repo, env=bench.ENV, check=True,
                                 capture_output=True)
            repos[name] = repo
        plain_repo = repos["ours now"]
        plain = build + ["-f", str(bench.plain_config(plain_repo)), "-d", str(plain_repo / "site-plain")]
        cpu: dict[str, list[float]] = {"plain mkdocs-material": [], **{name: [] for name in repos}}
        for _ in range(runs):
            cpu["plain mkdocs-material"].append(bench.timed(plain, plain_repo)[1])
            for name, repo in repos.items():
                bench.forget_generated(repo)
                cpu[name].append(bench.timed(build + ["-d", str(repo / "site")], repo)[1])
    base = statistics.median(cpu["plain mkdocs-material"])
    print(f"cold build at {bench.SCALE_GAMES} games, CPU seconds, {runs} interleaved runs (median, min–max):")
    for name, values in cpu.items():
        print(f"  {name:30} {bench.spread(values)}   ratio {statistics.median(values) / base:.2f}")


if __name__ == "__main__":
    main()
