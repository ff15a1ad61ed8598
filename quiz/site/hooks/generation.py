"""MkDocs hook, the generation: before every build, rules/ validated and the pages written into docs/<lang>/ (never
committed); under `mkdocs serve`, the code imported afresh after an edit under quiz/, a broken save shown on the last
good pages, and what to watch. (mkdocs.yml lists the hooks, one concern each; session.py is what they share.)"""
from __future__ import annotations

import importlib
import os
import sys
from html import escape
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.utils import dirname_to_title

from quiz.site.hooks.session import LOG, SERVE_LOG, STATE, nested_language_build

SESSION_MODULE = "quiz.site.hooks.session"
BROKEN_BANNER = ('<div class="admonition failure rr-broken" role="alert"><p class="admonition-title">{title}</p>'
                 '<pre><code>{problems}</code></pre></div>\n')


def on_startup(command, dirty):
    STATE["command"] = command


def _code_as_on_disk() -> None:
    """`mkdocs serve` rebuilds in this process: after an edit under quiz/ (a checker, the site's code, a template, a
    schema), import the package afresh, so the rebuild verifies and renders with the code the author sees, as a cold
    build would. Every module-level memory of the old code goes with it but the session's (session.py); the hooks
    import what they use as they run, so each runs the new code."""
    from quiz.site import memo
    if not memo.code_moved():
        return
    for name in [name for name in sys.modules
                 if (name == "quiz" or name.startswith("quiz.")) and name != SESSION_MODULE]:
        del sys.modules[name]
    importlib.invalidate_caches()
    LOG.info("quiz/ changed: its code imported afresh")


def _broken(message: str, config):
    """A build that fails stops with its problems. While serving, after a good build, it goes on with that build's
    pages (still in docs/) and every page shows the problems at its top: MkDocs would hold every request until a build
    succeeds, and the page the author has open would hang instead of saying what to mend. The next good build, which
    the server starts on the next save, takes them away and the page reloads by itself."""
    if STATE["command"] != "serve" or STATE.get("last_good") is None:
        raise PluginError(message)
    if not nested_language_build(config):     # once, not once per language
        SERVE_LOG.error(message)
    STATE["broken"] = message
    return STATE["last_good"]


def _generated(config):
    """rules/ validated and written into docs/<lang>/: the summary the build needs (generate.Generated)."""
    serving = STATE["command"] == "serve"
    try:
        if serving and not nested_language_build(config):
            _code_as_on_disk()
        from quiz.site.output import generate
        # The Anki cards link to their rule only where the site will live: without SITE_URL the build is for
        # 127.0.0.1 (make serve), which no phone that imports the deck can open, so the cards name the rule unlinked.
        deck_url = (config.site_url or "") if os.environ.get("SITE_URL") else ""
        site = generate.write_docs(Path(config.docs_dir), show_drafts=serving, site_url=deck_url)
    except Exception as error:     # a YAML problem, or a slip in the code (a NameError): where, in one line each
        from quiz.site.load.problems import ContentError, code_slip
        if isinstance(error, ContentError):
            return _broken(f"rules/ has {len(error.problems)} problem(s):\n{error}", config)
        return _broken(code_slip(error), config)
    if not nested_language_build(config):
        STATE.update(last_good=site, broken=None)
    return site


@event_priority(100)  # before mkdocs-static-i18n reads the docs folder and builds each language
def on_config(config):
    if not nested_language_build(config):
        STATE["site_dir"] = config.site_dir
    site = _generated(config)
    from quiz.site.load.languages import site_languages
    if not nested_language_build(config):
        for game_id, problems in site.drafts.items():
            state = "shown while serving" if game_id in site.shown_drafts else "left out of the site"
            LOG.info(f"draft {game_id!r} {state}: {len(problems)} problem(s) left, first: {problems[0]}")
    languages = site_languages()
    config.extra["rr_ui"] = site.ui  # for the theme's 404 page
    config.extra["rr_language_prefix"] = {code: languages.prefix(code) for code in languages.codes}
    i18n = config.plugins.get("i18n")
    if i18n is not None:
        for language in i18n.config.languages:
            if language.locale in site.ui:
                language.site_name = site.ui[language.locale]["site_name"]
                labels = site.ui[language.locale]["labels"]
                language.theme = {"palette": [{"toggle": {"name": labels["to_dark"]}},
                                              {"toggle": {"name": labels["to_light"]}}]}
                # A game's navigation section is named after its folder ("Sky team"): show its name in the language.
                language.nav_translations = {dirname_to_title(game_id): names[language.locale]
                                             for game_id, names in site.game_names.items() if language.locale in names}
    return config


def on_page_content(html, page, config, files):
    """While serving a broken build, its problems at the top of every page (see _broken)."""
    if STATE.get("broken"):
        html = BROKEN_BANNER.format(title="The last save broke the build: this is the last good one. Mend it and save; "
                                          "this page comes back by itself.", problems=escape(STATE["broken"])) + html
    return html


def on_serve(server, config, builder):
    """Watch rules/, the code under quiz/ (each folder but __pycache__, where an import afresh writes) and the
    hand-written files under docs/, not the pages generated into docs/<lang>/: a rebuild's own writes there would
    set off a second rebuild after every edit."""
    from quiz.site.output import generate
    from quiz.site.load.languages import site_languages
    server.unwatch(config.docs_dir)
    generated = set(site_languages().codes)
    for path in sorted(Path(config.docs_dir).iterdir()):
        if path.name not in generated:
            server.watch(str(path))
    server.watch(str(generate.rules_dir()))
    from quiz.site.memo import PACKAGE
    for folder in sorted({path.parent for path in PACKAGE.rglob("*") if "__pycache__" not in path.parts}):
        server.watch(str(folder), recursive=False)
    return server
