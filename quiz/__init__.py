"""Rules Refresher: each game's rules checker (quiz/games/<game>/, built on quiz/checker.py) and the site made from
rules/ (quiz/site/). The layers below import only from layers listed before them; tests/test_layers.py checks it."""

GAMES = "<games>"   # stands for every module of every game package, quiz/games/<game>/
                    # (within one, quiz.games.GAME_MODULES)
# quiz/site/'s folders, one a stage, in the order a build runs them (each layer below belongs to one, in this order;
# quiz/site/memo.py and quiz/site/build.py, the build with its memo, sit between the pages and the output)
STAGES = ("quiz.site.load", "quiz.site.check", "quiz.site.pages", "quiz.site.output", "quiz.site.author",
          "quiz.site.hooks")
LAYERS: tuple[tuple[str, ...], ...] = (
    ("quiz.reads",),                                                     # what an answer reads of the facts
    ("quiz.checker",),                                                   # what every rules checker shares
    ("quiz.witnesses", "quiz.presentation", "quiz.components"),         # what games share: witnesses, pages, parts
    ("quiz.games",),                                                     # where each game's package is
    (GAMES,),                                                            # quiz.games.faraway, quiz.games.farkle, …
    # quiz/site/load/: rules/ read into the model
    ("quiz.site.load.codes",),                                           # problem codes, named
    ("quiz.site.load.languages", "quiz.site.load.problems",              # languages, problems,
     "quiz.site.load.wording"),                                          # how a text is filled in
    ("quiz.site.load.source",),                                          # YAML with lines, JSON Schema
    ("quiz.site.load.rulesets",),                                        # rule sets and house rules: a table's facts
    ("quiz.site.load.content",),                                         # the model of rules/
    ("quiz.site.load.loader",),                                          # rules/ loaded into it
    # quiz/site/check/: the model checked
    ("quiz.site.check.page_units",),                                     # texts per table, filled in once
    ("quiz.site.check.text_paths",),                                     # walking a language's texts
    ("quiz.site.check.lint_form",),                                      # the form of a text (lint's)
    ("quiz.site.check.lint", "quiz.site.check.answers"),                 # languages in step; a question's answers
    ("quiz.site.check.question_check",),                                 # one question verified
    ("quiz.site.check.question_words",),                                 # a verified question in every language
    ("quiz.site.check.practice",),                                       # its practice variants
    ("quiz.site.check.verify",),                                         # a game's questions verified
    ("quiz.site.check.table_answers",),                                  # each question at every rule set's table
    ("quiz.site.check.pipeline",),                                       # load + lint + verify
    # quiz/site/pages/: the checked model drawn
    ("quiz.site.pages.speech", "quiz.site.pages.anki",                   # how long a text takes to say; Anki decks;
     "quiz.site.pages.templating"),                                      # the Jinja2 environment
    ("quiz.site.pages.sets_page",),                                      # rule sets' words
    ("quiz.site.pages.texts",),                                          # a game's texts as its pages take them
    ("quiz.site.pages.quiz_files", "quiz.site.pages.data_files"),        # quiz files; files fetched when needed
    ("quiz.site.pages.render",),                                         # pages, through the Jinja2 templates
    ("quiz.site.memo",),                                                 # the build's memo, keyed by code and inputs
    ("quiz.site.build",),                                                # a build of rules/ with it
    # quiz/site/output/ (into docs/, after the build) and quiz/site/author/ (lint --fix, a new game's skeleton)
    ("quiz.site.output.budgets", "quiz.site.output.generate", "quiz.site.output.offline",
     "quiz.site.output.search_split", "quiz.site.output.minify", "quiz.site.author.typography",
     "quiz.site.author.scaffold"),
    ("quiz.site.hooks.session",),                                        # what a build's hooks share
    ("quiz.site.hooks", "quiz.site.hooks.generation", "quiz.site.hooks.material",  # MkDocs hooks, one concern each;
     "quiz.site.hooks.after_build", "quiz.__main__"),                    # and the command line
)
