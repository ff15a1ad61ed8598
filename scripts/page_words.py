"""How long the pages are, per game and language, from a built site: the refresher's words against its model's (the
source game.yml names under refresher_model, and what the page may add), and the teach script's spoken time.

    make site && .venv/bin/python scripts/page_words.py [site] [--seeds ../shared/seeds] [--diff GAME]

--seeds counts each model source again from its file (the seed whose name starts with the number game.yml gives) to
check the figure game.yml records; --diff GAME prints, word for word, where the refresher in the model's language
differs from its model (with --seeds)."""
from __future__ import annotations

import argparse
import difflib
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from reading import WORD, reader_text, words  # noqa: E402  (the count the tests use)
from quiz.site.languages import site_languages  # noqa: E402
from quiz.site.speech import SYLLABLES_PER_SECOND, spoken_seconds, syllables  # noqa: E402


def page(site: Path, lang: str, path: str) -> str:
    return (site / site_languages().prefix(lang) / path / "index.html").read_text(encoding="utf-8")


def spoken(page_html: str, kinds: list[str]) -> str:
    parts = []
    for kind in kinds:
        match = re.search(rf'<h2 id="{re.escape(kind)}">.*?</h2>(.*?)(?=<h2|<a href="\.\./"|$)', page_html, re.S)
        parts.append(reader_text(f"<article>{match.group(1)}</article>") if match else "")
    return "\n".join(parts)


def seed_file(seeds: Path, source: str) -> Path | None:
    number = re.search(r"seed (\d+)", source)
    found = sorted(seeds.glob(f"{number.group(1)}_*.txt")) if number else []
    return found[0] if found else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", nargs="?", type=Path, default=ROOT / "site")
    parser.add_argument("--seeds", type=Path)
    parser.add_argument("--diff", metavar="GAME")
    args = parser.parse_args()
    languages = site_languages().codes
    print(f"{'game':10} {'lang':4} {'refresher words':>16} {'model + added':>14} {'script':>7} {'syllables':>9}")
    for game_yml in sorted((ROOT / "rules").glob("*/game.yml")):
        game = yaml.safe_load(game_yml.read_text(encoding="utf-8"))
        model = game.get("refresher_model") or {}
        kinds = [s["section"] for s in game["teach"] if s.get("spoken")]
        if args.seeds and model and (found := seed_file(args.seeds, model["source"])):
            counted = words(found.read_text(encoding="utf-8"))
            print(f"{game['id']}: {found.name} counts {counted} words; game.yml says {model['words']}")
        for lang in languages:
            refresher = words(reader_text(page(args.site, lang, f"{game['id']}/")))
            limit = f"{model['words']} + {model['added']}" if model and model["lang"] == lang else ""
            script = spoken(page(args.site, lang, f"{game['id']}/teach/"), kinds)
            print(f"{game['id']:10} {lang:4} {refresher:>16} {limit:>14} {spoken_seconds(script, lang):>6}s "
                  f"{syllables(script, lang):>9}")
        if args.diff == game["id"] and args.seeds and model and found:
            ours = WORD.findall(reader_text(page(args.site, model["lang"], f"{game['id']}/")))
            theirs = WORD.findall(found.read_text(encoding="utf-8"))
            for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=theirs, b=ours, autojunk=False).get_opcodes():
                if op != "equal":
                    print(f"  {op:7} {' '.join(theirs[i1:i2])[:90]!r} -> {' '.join(ours[j1:j2])[:90]!r} "
                          f"({i2 - i1} -> {j2 - j1})")
    print(f"(script: the teach sections marked spoken, at {SYLLABLES_PER_SECOND} syllables a second)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
