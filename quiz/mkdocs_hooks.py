"""MkDocs hooks: before every build, validate rules/ and write the generated pages into docs/<lang>/ (never committed)."""
from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quiz import generate, offline, search_split  # noqa: E402  (needs the repository on sys.path)
from quiz.content import DEFAULT_LANGUAGE, ContentError  # noqa: E402

_state = {"command": "build", "site_dir": None}


def on_startup(command, dirty):
    _state["command"] = command


def _nested_language_build(config) -> bool:
    """static-i18n builds each further language inside the first build's post_build."""
    i18n = config.plugins.get("i18n")
    return bool(i18n is not None and i18n.building)


@event_priority(100)  # before mkdocs-static-i18n reads the docs folder and builds each language
def on_config(config):
    if not _nested_language_build(config):
        _state["site_dir"] = config.site_dir
    try:
        site = generate.write_docs(Path(config.docs_dir))
    except ContentError as error:
        raise PluginError(f"rules/ has {len(error.problems)} problem(s):\n{error}") from None
    config.extra["rr_ui"] = site.ui  # for the theme's 404 page
    i18n = config.plugins.get("i18n")
    if i18n is not None:
        for language in i18n.config.languages:
            if language.locale in site.ui:
                language.site_name = site.ui[language.locale]["site_name"]
    return config


def on_serve(server, config, builder):
    server.watch(str(generate.rules_dir()))
    return server


def on_post_template(output_content, template_name, config):
    """Every language build renders 404.html to the site root; keep each language's own (English at the root)."""
    if template_name == "404.html":
        _state.setdefault("not_found", {})[config.theme["language"]] = output_content
    return output_content


@event_priority(-200)  # after static-i18n has built every language into site/
def on_post_build(config):
    if _nested_language_build(config):
        return
    site_dir = Path(_state["site_dir"] or config.site_dir)
    for language, page in _state.pop("not_found", {}).items():
        target = site_dir / ("404.html" if language == DEFAULT_LANGUAGE else f"{language}/404.html")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")
    search_split.split_search_index(site_dir)
    if _state["command"] == "serve":
        (site_dir / "sw.js").unlink(missing_ok=True)  # no offline cache while editing: pages change on every save
        return
    offline.write_offline_files(site_dir, Path(config.docs_dir) / "sw.js")
