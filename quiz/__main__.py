"""Command line: `python -m quiz lint` checks rules/ (`--fix`: French no-break spaces first); `python -m quiz verify`
also checks every quiz question; `python -m quiz witness <game> [question]` prints, as JSON, the game record that
reaches each question and practice variant (`--tables`: one for each group of tables of its rule sets it stands for;
`--why`: for each stated question, every record its witnesses build and why the engine's replay refuses it);
`python -m quiz new <id>` writes the skeleton of a new game as a draft;
`python -m quiz strategy [set …]` (make strategy) solves two-player Farkle for the win; `python -m quiz score faraway
22 60 52 47 40 30 14 9 --sanctuaries clue-stone` scores a Faraway tableau of real cards, as JSON; `python -m quiz score
skat` and `python -m quiz score belote` read one game or deal as a JSON object on standard input."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from quiz.site.load.problems import ContentError, code_slip


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["score"]:
        return score(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m quiz", description=__doc__)
    parser.add_argument("command", choices=["lint", "verify", "witness", "new", "strategy", "score"])
    parser.add_argument("game", nargs="?", help="new: the new game's id (lower-case words joined by '-'); witness: "
                                                "the game")
    parser.add_argument("question", nargs="?", help="witness: one question's id (default: every question)")
    parser.add_argument("sets", nargs="*", help="strategy: the rule sets to solve (default: the default one)")
    parser.add_argument("--rules", type=Path, default=None, help="the rules folder (default: rules/)")
    parser.add_argument("-v", "--verbose", action="store_true", help="verify: each question's practice pool, its "
                                                                       "answers and what was dropped, a line each")
    parser.add_argument("--tables", action="store_true", help="witness: at every table of the game's rule sets, one "
                                                              "record for each group of tables it stands for")
    parser.add_argument("--why", action="store_true", help="witness: for each stated question (or the one named), "
                                                           "every record the game's witnesses build for its givens and "
                                                           "why the engine's replay does not count it")
    parser.add_argument("--fix", action="store_true", help="lint: first put in the no-break spaces French typography "
                                                           "wants (RR110), then lint")
    args = parser.parse_args(argv)
    if args.command == "new":
        return new(args.game)
    if args.command == "strategy":
        return strategy([name for name in (args.game, args.question, *args.sets) if name])
    try:
        from quiz.site.load.languages import rules_dir   # here: a slip in the code these import is said in one line too
        from quiz.site.check.pipeline import load_site

        if args.command == "witness" and args.why:   # before verify, which stops at the RR313 this explains
            from quiz.site.load.loader import load_content

            return witness_why(load_content(args.rules or rules_dir()), args.game, args.question)
        if args.fix:
            from quiz.site.author.typography import apostrophes, fix_typography, spaced_languages

            root = args.rules or rules_dir()
            for path, count in fix_typography(root, spaced_languages(root), apostrophes(root)).items():
                print(f"{path}: no-break spaces and apostrophes put into {count} text(s)")

        site = load_site(args.rules or rules_dir(), verify=args.command in ("verify", "witness"))
    except ContentError as error:
        print(error, file=sys.stderr)
        print(f"{len(error.problems)} problem(s){fixable(error.problems)}{what_comes_next(error, args.command)}",
              file=sys.stderr)
        return 1
    except Exception as error:      # a slip in the code (a checker's NameError): where it is, in one line, as for YAML
        print(code_slip(error), file=sys.stderr)
        return 1
    for game_id, problems in site.drafts.items():
        print(f"draft {game_id}: left out of the site, {len(problems)} problem(s) left{fixable(problems)}:")
        print("\n".join(f"  {p}" for p in problems))
    if args.command == "verify":
        for game in site.games:
            if game.raw.get("draft") and game.id not in site.drafts:
                print(f"draft {game.id}: nothing left to say, so `make site` publishes it; now remove `draft: true` "
                      f"from rules/{game.id}/game.yml: while it is there, a later problem leaves the game out of the "
                      f"site instead of stopping the build")
    if args.command == "witness":
        return witness(site, args.game, args.question, args.tables)
    questions = sum(len(g.questions) for g in site.games)
    checked = f", {questions} quiz questions agree with the rules checkers" if args.command == "verify" else ""
    print(f"rules/ is consistent: {len(site.games)} game(s), {len(site.languages)} languages{checked}")
    if args.command == "lint":
        print("next: make verify recomputes every quiz answer and draws the practice variants (RR3xx)")
    if args.command == "verify":
        for game in site.games:
            pools = game.practice.values()
            print(f"  {game.id}: practice serves {sum(len(p.variants) for p in pools)} variants in each language, "
                  f"from {len(game.practice)} questions; dropped {sum(p.illegal for p in pools)} drawn as illegal, "
                  f"{sum(p.unreached for p in pools)} that no game reaches, "
                  f"{sum(p.lost for p in pools)} that lost what their question tests, {sum(p.untested for p in pools)} "
                  f"that no wrong belief answers otherwise, {sum(p.ambiguous for p in pools)} whose wrong answer "
                  f"points at two beliefs, {sum(p.other_case for p in pools)} that catch another belief with the "
                  f"stated question's why and {sum(p.repeated for p in pools)} that read like another")
            if args.verbose:
                for question in game.questions:
                    print(f"    {pool_line(question, game.practice.get(question.id))}")
    return 0


def pool_line(question, pool) -> str:
    """One question's practice pool as `verify -v` prints it: how many variants, the answers they have, the drops."""
    if pool is None:
        return f"{question.id} ({question.rule}): stated only, answer {question.answer!r}"
    answers = sorted({repr(variant["answer"]) for variant in pool.variants}, key=lambda r: (len(r), r))   # 2 before 12
    shown = ", ".join(answers[:8]) + (f", … ({len(answers)} in all)" if len(answers) > 8 else "")
    dropped = {"illegal": pool.illegal, "unreached": pool.unreached, "lost what it tests": pool.lost,
               "no belief answers otherwise": pool.untested, "ambiguous": pool.ambiguous,
               "another belief, the same why": pool.other_case, "repeated": pool.repeated}
    drops = ", ".join(f"{count} {why}" for why, count in dropped.items() if count) or "none"
    return f"{question.id} ({question.rule}): {len(pool.variants)} variants, answers {shown}; dropped: {drops}"


def fixable(problems) -> str:
    """How many of these problems `lint --fix` puts right, said once: French typed with plain spaces or straight
    apostrophes gives a line a text (RR110, RR114), and one command mends them all."""
    from quiz.site.load import codes

    count = sum(p.code in (codes.FRENCH_SPACING.number, codes.OTHER_APOSTROPHE.number) for p in problems)
    return f"; {count} of them (RR110, RR114) `python -m quiz lint --fix` puts right" if count else ""


def what_comes_next(error: ContentError, command: str) -> str:
    """Problems come in stages (files and schema, then the lint, then verify): say which stage stopped and what runs
    after it, so a clean run is not taken for the end of them."""
    codes = {problem.code for problem in error.problems}
    if codes and all(code.startswith("RR0") for code in codes):
        return "; reading rules/ stopped here: the lint (RR1xx, RR2xx) and verify (RR3xx) run once these are mended"
    if command == "lint" and not any(code.startswith("RR3") for code in codes):
        return "; then make verify recomputes every quiz answer (RR3xx)"
    return ""


def witness(site, game_id: str | None, question_id: str | None, tables: bool = False) -> int:
    """Every question's (or one question's) givens, with the record that reaches them, as JSON lines of
    {"game", "question", "variant" (null: the stated question), "check", "givens", "record"}; with `tables`, at every
    table of the game's rule sets: one line for each record found, with "tables" (how many it stands for) and "table"
    (the plainest of them, as ?rules= writes it), and its givens there."""
    import json

    from quiz.site.check.answers import variant_id, with_derived
    from quiz.site.check.practice import Practice
    from quiz.site.load.source import plain
    from quiz.site.check.table_answers import at_tables

    game, questions = _game_and_questions(site, game_id, question_id)
    if game is None:
        return 2
    for question in questions:
        stated = with_derived(question, question.givens, game.values())
        cases = [(None, stated)] + [(variant_id(question, v), v["givens"])
                                    for v in game.practice.get(question.id, Practice()).variants]
        for variant, givens in cases:
            line = {"game": game.id, "question": question.id, "variant": variant, "check": question.check}
            if not tables or game.rule_sets is None:
                print(json.dumps({**line, "givens": plain(givens), "record": game.witness(question.check, givens)},
                                 ensure_ascii=False, default=str))
                continue
            drawn = question.givens if variant is None else givens
            for record, indices in at_tables(game, question, drawn, site.default_language).records:
                sets = game.rule_sets
                at = with_derived(question, drawn, game.table_values(sets.facts_of(sets.all_values()[indices[0]])))
                print(json.dumps({**line, "tables": len(indices), "table": sets.table_of(indices[0]).address(),
                                  "givens": plain(at), "record": record}, ensure_ascii=False, default=str))
    return 0


def witness_why(site, game_id: str | None, question_id: str | None) -> int:
    """For each stated question (or the one named), at the game's own rules: every record its witnesses' builder
    yields for the givens, up to the first that reaches them, and why each before it does not count (the engine's
    reason for refusing it, or what the reader gave instead of the givens); 1 where a question has none."""
    from quiz import games
    from quiz.site.check.answers import with_derived
    from quiz.site.load.source import plain

    game, questions = _game_and_questions(site, game_id, question_id)
    if game is None:
        return 2
    if game.witnesses is None:
        print(f"{game.id}: {games.folder(game.id)}/__init__.py names no WITNESSES: no question has a witness",
              file=sys.stderr)
        return 1
    unreached = 0
    for question in questions:
        givens = plain(with_derived(question, question.givens, game.values()))
        print(f"{question.id}: {question.check}({', '.join(f'{k}={v!r}' for k, v in givens.items())})")
        reached, said = False, False
        for number, record, refused in game.witnesses(game.checker).attempts(question.check, givens):
            print(f"  record {number}: {refused or 'reaches the givens'}" if number else f"  {refused}")
            said, reached = True, number is not None and refused is None
            if reached:
                break
        if not said:
            print("  the builder yielded no record for these givens")
        unreached += not reached
    return 1 if unreached else 0


def _game_and_questions(site, game_id: str | None, question_id: str | None) -> tuple:
    """The game and its questions (all, or the one named) `witness` is asked about; (None, []) after saying why not."""
    game = next((g for g in site.games if g.id == game_id), None)
    if game is None:
        print(f"python -m quiz witness <game> [question]: games: {', '.join(g.id for g in site.games)}",
              file=sys.stderr)
        return None, []
    questions = [q for q in game.questions if question_id in (None, q.id)]
    if not questions:
        print(f"{game_id} has no question {question_id!r}", file=sys.stderr)
        return None, []
    return game, questions


def at_table(checker, game_id: str, address):
    """The checker bound to the facts of the table an address names ("ffb,litige:0"): MalformedInput where the game
    has no rule sets or no such table."""
    from quiz.checker import MalformedInput
    from quiz.games import REPO_RULES
    from quiz.site.load.problems import Problems
    from quiz.site.load.rulesets import load_rule_sets

    problems = Problems(REPO_RULES.parent)
    sets = load_rule_sets(REPO_RULES / game_id, game_id, checker.facts, problems)
    if sets is None:
        raise MalformedInput(f"rules: {game_id} has no rule sets to choose from")
    return type(checker)(sets.facts(sets.parse(address)))


def score(argv: list[str]) -> int:
    """python -m quiz score <game> …: one game's count as JSON. A game whose checker reads one JSON object (score_json:
    Skat) takes it on standard input; Faraway takes its tableau as arguments, <card> … [--sanctuaries <id> …], and
    prints {"total", "regions": [fame, … left to right], "sanctuaries": [fame, …]}. A JSON object's "rules" names the
    table it is counted at, as ?rules= does ("ffb,litige:0"); without it, the default rules. Bad input: exit 1, one
    line."""
    import json

    from quiz.checker import IllegalState, MalformedInput
    from quiz.games import bound

    game_id = argv[0] if argv and not argv[0].startswith("-") else None
    try:
        checker = bound(game_id) if game_id else None
    except (ImportError, OSError):
        checker = None
    if checker is not None and hasattr(checker, "score_json") and len(argv) == 1:
        try:
            data = json.loads(sys.stdin.read())
            if isinstance(data, dict) and "rules" in data:
                data = dict(data)
                checker = at_table(checker, game_id, data.pop("rules"))
            print(json.dumps(checker.score_json(data)))
        except json.JSONDecodeError as error:
            print(f"python -m quiz score {game_id}: not one JSON object: {error}", file=sys.stderr)
            return 1
        except (MalformedInput, IllegalState) as error:
            print(f"python -m quiz score {game_id}: {error}", file=sys.stderr)
            return 1
        return 0
    parser = argparse.ArgumentParser(prog="python -m quiz score", description=score.__doc__)
    parser.add_argument("game", help="a game with a score sheet or list: faraway (arguments), skat (JSON on stdin)")
    parser.add_argument("regions", nargs="+", help="the Regions' numbers in play order, left to right (8, or fewer)")
    parser.add_argument("--sanctuaries", nargs="*", default=[], help="the Sanctuaries' ids (rules/faraway/cards.yml)")
    args = parser.parse_args(argv)
    if checker is None:
        print(f"python -m quiz score: no game {args.game!r}", file=sys.stderr)
        return 2
    if not hasattr(checker, "score_sheet"):
        print(f"python -m quiz score: {args.game} has no score sheet", file=sys.stderr)
        return 2
    try:
        regions = [int(number) if number.lstrip("-").isdigit() else number for number in args.regions]
        result = checker.score_sheet(regions, args.sanctuaries)
    except (MalformedInput, IllegalState) as error:
        print(f"python -m quiz score: {error}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


def strategy(set_ids: list[str]) -> int:
    """make strategy [SETS="set …"]: two-player Farkle solved for the win at the default rule set, or at each named one,
    into quiz/games/farkle/solved/ (quiz/games/farkle/duel.py)."""
    import json

    from quiz.games import REPO_RULES
    from quiz.games import bound
    from quiz.games.farkle import duel
    from quiz.site.load.problems import Problems
    from quiz.site.load.rulesets import load_rule_sets

    seed = bound("farkle")
    sets = load_rule_sets(REPO_RULES / "farkle", "farkle", seed.facts, Problems(REPO_RULES))
    for set_id in set_ids or [sets.default]:
        if set_id not in sets.sets:
            print(f"python -m quiz strategy: no rule set {set_id!r} (rules/farkle/sets.yml: {', '.join(sets.sets)})",
                  file=sys.stderr)
            return 2
        rules = type(seed)(sets.facts(sets.table(set_id)))
        if duel.Race.of(rules) is None:
            print(f"{set_id}: not solved: a final round and a farkle penalty together are more than this solver holds")
            continue
        head, chances = duel.solve(rules, log=lambda line: print(f"  {set_id}: {line}", flush=True))
        path = duel.write(rules, head, chances)
        written = json.loads(path.read_text(encoding="utf-8"))
        print(f"{set_id}: {path.relative_to(REPO_RULES.parent)}: first player wins {written['first_wins']:.4%}, "
              f"{written['compensation']} points even it; {head['states']:,} turn states, {head['rounds']} rounds, "
              f"{head['wall_seconds']} s ({head['cpu_seconds']} s CPU), {head['peak_memory_mb']} MB", flush=True)
    return 0


def new(game_id: str | None) -> int:
    from quiz.site.author.scaffold import new_game

    if not game_id:
        print("python -m quiz new <id>: name the game, e.g. `python -m quiz new sky-team`", file=sys.stderr)
        return 2
    try:
        written = new_game(game_id)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"wrote the draft of {game_id!r}:")
    print("\n".join(f"  {path}" for path in written))
    print("`make serve` shows it; replace every TODO (`make lint` lists them), then `make site` publishes it.")
    print(f"Once `python -m quiz verify` has nothing left to say of it, remove `draft: true` from "
          f"rules/{game_id}/game.yml: while it is there, a problem leaves the game out of `make site` instead of "
          f"stopping the build.")
    print("Its tests: the file written in tests/, to fill in (each rule, each wrong belief, the engine refusing a "
          "record that breaks a rule); rules/README.md, \"Starting a game\", is the guide.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
