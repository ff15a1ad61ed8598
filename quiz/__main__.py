"""Command line: `python -m quiz lint` checks rules/; `python -m quiz verify` also checks every quiz question."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from quiz.site.content import rules_dir
from quiz.site.pipeline import load_site
from quiz.site.problems import ContentError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m quiz", description=__doc__)
    parser.add_argument("command", choices=["lint", "verify"])
    parser.add_argument("--rules", type=Path, default=None, help="the rules folder (default: rules/)")
    args = parser.parse_args(argv)
    try:
        site = load_site(args.rules or rules_dir(), verify=args.command == "verify")
    except ContentError as error:
        print(error, file=sys.stderr)
        print(f"{len(error.problems)} problem(s)", file=sys.stderr)
        return 1
    questions = sum(len(g.questions) for g in site.games)
    checked = f", {questions} quiz questions agree with the rules checkers" if args.command == "verify" else ""
    print(f"rules/ is consistent: {len(site.games)} game(s), {len(site.languages)} languages{checked}")
    if args.command == "verify":
        for game in site.games:
            pools = game.practice.values()
            print(f"  {game.id}: practice serves {sum(len(p.variants) for p in pools)} variants in each language, "
                  f"from {len(game.practice)} questions; dropped {sum(p.illegal for p in pools)} drawn as illegal "
                  f"and {sum(p.lost for p in pools)} that lost what their question tests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
