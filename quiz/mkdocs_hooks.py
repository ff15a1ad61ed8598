"""MkDocs hooks: before every build, validate rules/ and write the generated pages into docs/<lang>/ (never committed)."""
from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quiz import generate  # noqa: E402  (needs the repository on sys.path)
from quiz.content import ContentError  # noqa: E402


@event_priority(100)  # before mkdocs-static-i18n reads the docs folder and builds each language
def on_config(config):
    try:
        site = generate.write_docs(Path(config.docs_dir))
    except ContentError as error:
        raise PluginError(f"rules/ has {len(error.problems)} problem(s):\n{error}") from None
    i18n = config.plugins.get("i18n")
    if i18n is not None:
        for language in i18n.config.languages:
            if language.locale in site.ui:
                language.site_name = site.ui[language.locale]["site_name"]
    return config


def on_serve(server, config, builder):
    server.watch(str(generate.rules_dir()))
    return server
