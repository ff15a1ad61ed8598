"""How long the pages are, per game and language, from a built site: the refresher's words against its model's (the
source game.yml names under refresher_model, and what the page may add), and the teach script's spoken time.

    make site && .venv/bin/python scripts/page_words.py [site] [--seeds ../shared/seeds] [--diff GAME] [--sections]

A model is written in one language; the same text runs to more or fewer words in another. Each refresher is measured
against its model's words times WORDS_PER_ENGLISH_WORD of its language over that of the model's: the words a parallel
text takes in each language, counted as the pages are counted. --ratios measures them again (see measured_ratios).

--seeds counts each model source again from its file (the seed whose name starts with the number game.yml gives) to
check the figure game.yml records; --diff GAME prints, word for word, where the refresher in the model's language
differs from its model (with --seeds); --sections prints each section's words in every language, against the model
language's section times the ratio, to show where a page runs long."""
from __future__ import annotations

import argparse
import difflib
import gettext
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from reading import WORD, WORDS_PER_ENGLISH_WORD, expected_words, reader_text, words  # noqa: E402  (as the tests count)
from quiz.site.load.languages import site_languages  # noqa: E402
from quiz.site.pages.speech import SYLLABLES_PER_SECOND, spoken_seconds, syllables  # noqa: E402


RATIO_MESSAGE_MIN_WORDS = 8     # shorter messages are labels ("Open", "Datei"), not sentences


def measured_ratios(locale_dir: Path = Path("/usr/share/locale")) -> tuple[dict[str, float], int, int]:
    """Words per English word of every other site language, in the gettext catalogues this machine has in all of
    them: (ratios, catalogues, messages)."""
    others = [lang for lang in site_languages().codes if lang != "en"]
    names = set.intersection(*({p.name for p in (locale_dir / lang / "LC_MESSAGES").glob("*.mo")} for lang in others))
    totals = dict.fromkeys(["en", *others], 0)
    messages = catalogues = 0
    for name in sorted(names):
        try:
            catalogs = [gettext.GNUTranslations((locale_dir / lang / "LC_MESSAGES" / name).open("rb"))._catalog
                        for lang in others]
        except OSError:
            continue
        catalogues += 1
        for source, first in catalogs[0].items():
            translated = [first] + [catalog.get(source) for catalog in catalogs[1:]]
            if (not isinstance(source, str) or "%" in source or words(source) < RATIO_MESSAGE_MIN_WORDS
                    or not all(isinstance(text, str) and text.strip() for text in translated)):
                continue
            messages += 1
            totals["en"] += words(source)
            for lang, text in zip(others, translated):
                totals[lang] += words(text)
    return {lang: round(total / totals["en"], 3) for lang, total in totals.items()}, catalogues, messages


def section_words(page_html: str) -> dict[str, int]:
    """Words under each <h2> of a page's article (the part before the first heading as "")."""
    article = re.search(r"<article.*?</article>", page_html, re.S).group(0)
    parts = re.split(r'(<h2 id="[^"]*")', article)
    found = {"": words(reader_text(parts[0] + "</article>"))}
    for opening, body in zip(parts[1::2], parts[2::2]):
        found[opening[8:-1]] = words(reader_text(f"<article>{opening}{body}"))
    return found


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
    parser.add_argument("--sections", action="store_true")
    parser.add_argument("--ratios", action="store_true")
    args = parser.parse_args()
    languages = site_languages().codes
    if args.ratios:
        ratios, catalogues, messages = measured_ratios()
        print(f"words per English word, {messages} messages of {RATIO_MESSAGE_MIN_WORDS}+ words in {catalogues} "
              f"catalogues: {ratios} (WORDS_PER_ENGLISH_WORD: {WORDS_PER_ENGLISH_WORD})")
        return 0
    print(f"{'game':10} {'lang':4} {'refresher words':>16} {'model there':>12} {'over':>6} {'+ added there':>14} "
          f"{'over':>6} {'script':>7} {'syllables':>9}")
    for game_yml in sorted((ROOT / "rules").glob("*/game.yml")):
        game = yaml.safe_load(game_yml.read_text(encoding="utf-8"))
        model = game.get("refresher_model") or {}
        kinds = [s["section"] for s in game["teach"] if s.get("spoken")]
        if args.seeds and model and (found := seed_file(args.seeds, model["source"])):
            counted = words(found.read_text(encoding="utf-8"))
            print(f"{game['id']}: {found.name} counts {counted} words; game.yml says {model['words']}")
        for lang in languages:
            refresher = words(reader_text(page(args.site, lang, f"{game['id']}/")))
            expected = expected_words(model["words"], model["lang"], lang) if model else None
            allowed = expected_words(model["words"] + model["added"], model["lang"], lang) if model else None
            over = f"{refresher / expected - 1:+.0%}" if expected else ""
            over_allowed = f"{refresher / allowed - 1:+.0%}" if allowed else ""
            script = spoken(page(args.site, lang, f"{game['id']}/teach/"), kinds)
            print(f"{game['id']:10} {lang:4} {refresher:>16} {expected or '':>12} {over:>6} {allowed or '':>14} "
                  f"{over_allowed:>6} {spoken_seconds(script, lang):>6}s {syllables(script, lang):>9}")
        if args.sections and model:
            counts = {lang: section_words(page(args.site, lang, f"{game['id']}/")) for lang in languages}
            print(f"  {'section':24} " + " ".join(f"{lang:>11}" for lang in languages))
            for section, in_model_lang in counts[model["lang"]].items():
                cells = []
                for lang in languages:
                    there = expected_words(in_model_lang, model["lang"], lang)
                    cells.append(f"{counts[lang].get(section, 0):>5}" + (f" ({there:>3})" if there else "      "))
                print(f"  {section or '(top)':24} " + " ".join(cells))
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
