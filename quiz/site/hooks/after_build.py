"""MkDocs hook, after the build (static-i18n has built every language into site/): each language's 404 page in its
place, one search index per language, our assets minified and named by their content, Material's stylesheets
without what the site never uses, the app manifests, and the offline files (none under `mkdocs serve`)."""
from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from quiz.site.hooks.session import STATE, nested_language_build


@event_priority(-200)  # after static-i18n has built every language into site/
def on_post_build(config):
    if nested_language_build(config):
        return
    from quiz.site.output import minify, offline, search_split
    from quiz.site.load.languages import site_languages
    site_dir = Path(STATE["site_dir"] or config.site_dir)
    not_found, STATE["not_found"] = STATE["not_found"], {}
    for language, page in not_found.items():
        target = site_dir / site_languages().prefix(language) / "404.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")
    search_split.split_search_index(site_dir)
    minify.minify_assets(site_dir)
    palette = minify.trim_palette(site_dir, config.theme.get("palette") or []) + minify.trim_main_stylesheet(site_dir)
    words = offline.content_address(site_dir, search_split.WORDS)
    try:
        search_split.name_the_search_workers(site_dir, words.rsplit("/", 1)[1])
    except (OSError, ValueError) as error:
        raise PluginError(str(error)) from None
    # after the stub has the addresses: its own depends on them; the pages lose their indentation in the same pass
    versions = offline.version_references(site_dir, offline.VERSIONED + tuple(palette), also=minify.without_indentation)
    try:
        offline.write_app_manifests(site_dir, config.extra["rr_ui"], versions)
    except ValueError as error:
        raise PluginError(str(error)) from None
    if STATE["command"] == "serve":   # no offline copy while editing (pages change on every save): a worker that goes
        (site_dir / "sw.js").write_text(offline.SERVE_WORKER, encoding="utf-8")   # away, not a 404 on every page
        return
    offline.write_offline_files(site_dir, Path(config.docs_dir) / "sw.js", config.extra["rr_ui"], versions)
