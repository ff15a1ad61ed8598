"""What one `mkdocs build` or `mkdocs serve` session keeps between its hooks (quiz/site/hooks/, one concern each)
and between serve's rebuilds: the command, where the site goes, the last good generation and a broken one's problems,
each language's 404 page. A code reload under serve (generation.py) keeps this module, and only it."""
from __future__ import annotations

import logging

STATE: dict = {"command": "build", "site_dir": None, "last_good": None, "broken": None, "not_found": {}}
LOG = logging.getLogger("mkdocs.plugins.rules_refresher")
# Outside MkDocs' loggers, so that --strict does not count it: a broken build while serving is shown, not aborted.
SERVE_LOG = logging.getLogger("rules_refresher.serve")


def nested_language_build(config) -> bool:
    """static-i18n builds each further language inside the first build's post_build."""
    i18n = config.plugins.get("i18n")
    return bool(i18n is not None and i18n.building)
