"""Rules Refresher: each game's rules checker (quiz/games/<game>/, built on quiz/checker.py) and the site made from
rules/ (quiz/site/). The layers below import only from layers listed before them; tests/test_layers.py checks it."""

GAMES = "<games>"   # stands for every module of every game package, quiz/games/<game>/
                    # (within one, quiz.games.GAME_MODULES)
LAYERS: tuple[tuple[str, ...], ...] = (
    ("quiz.checker",),                                                    # what every rules checker shares
    ("quiz.games",),                                                      # where each game's package is
    (GAMES,),                                                             # quiz.games.faraway, quiz.games.farkle, …
    ("quiz.site.memo",),                                                  # the build's memo, keyed by code and inputs
    ("quiz.site.codes",),                                                 # problem codes, named
    ("quiz.site.languages", "quiz.site.problems", "quiz.site.wording",    # languages, problems, wording;
     "quiz.site.speech",                                                 # how long a text takes to say;
     "quiz.site.anki", "quiz.site.templating"),                          # Anki decks; the Jinja2 environment
    ("quiz.site.source",),                                                # YAML with lines, JSON Schema
    ("quiz.site.rulesets",),                                              # rule sets and house rules: a table's facts
    ("quiz.site.content",),                                               # load rules/ into the model
    ("quiz.site.page_units",),                                            # texts per table, filled in once
    ("quiz.site.lint", "quiz.site.answers"),                              # languages in step; a question's answers
    ("quiz.site.bank",),                                                  # one question verified
    ("quiz.site.question_words",),                                        # a verified question in every language
    ("quiz.site.practice",),                                              # its practice variants
    ("quiz.site.verify",),                                                # a game's question bank verified
    ("quiz.site.typography",),                                            # lint --fix: French no-break spaces put in
    ("quiz.site.table_answers",),                                         # each question at every rule set's table
    ("quiz.site.pipeline",),                                              # load + lint + verify
    ("quiz.site.sets_page",),                                             # rule sets' words
    ("quiz.site.render",),                                                # pages, through the Jinja2 templates
    ("quiz.site.generate", "quiz.site.offline", "quiz.site.search_split",  # into docs/; after the build;
     "quiz.site.minify", "quiz.site.scaffold"),                          # a new game's skeleton
    ("quiz.site.hooks.session",),                                         # what a build's hooks share
    ("quiz.site.hooks", "quiz.site.hooks.generation", "quiz.site.hooks.material",   # MkDocs hooks, one concern each;
     "quiz.site.hooks.after_build", "quiz.__main__"),                    # and the command line
)
