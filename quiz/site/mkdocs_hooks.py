"""MkDocs hooks: before every build, validate rules/ and write the generated pages into docs/<lang>/ (never committed);
the template filters that change Material's own blocks; after the build, one search index and one 404 page per language
and the offline files."""
from __future__ import annotations

import importlib
import importlib.resources
import json
import logging
import os
import re
import sys
from html import escape, unescape
from pathlib import Path
from urllib.parse import urlparse

import jinja2

from mkdocs.exceptions import PluginError
from mkdocs.utils import dirname_to_title
from mkdocs.plugins import event_priority

REPOSITORY = str(Path(__file__).resolve().parents[2])
sys.path.insert(0, REPOSITORY)

from quiz.site import generate, minify, offline, search_split  # noqa: E402  (needs the repository on sys.path)
from quiz.site.languages import site_languages  # noqa: E402
from quiz.site.problems import ContentError, code_slip  # noqa: E402

_state = {"command": "build", "site_dir": None}
LOG = logging.getLogger("mkdocs.plugins.rules_refresher")
# Outside MkDocs' loggers, so that --strict does not count it: a broken build while serving is shown, not aborted.
SERVE_LOG = logging.getLogger("rules_refresher.serve")


def on_startup(command, dirty):
    _state["command"] = command


def _nested_language_build(config) -> bool:
    """static-i18n builds each further language inside the first build's post_build."""
    i18n = config.plugins.get("i18n")
    return bool(i18n is not None and i18n.building)


def _code_as_on_disk() -> None:
    """`mkdocs serve` rebuilds in this process: after an edit under quiz/ (a checker, the site's code, a template, a
    schema), import the package afresh, so the rebuild verifies and renders with the code the author sees, as a cold
    build would. Every module-level memory of the old code goes with it."""
    global generate, minify, offline, search_split, site_languages, ContentError, code_slip
    if not generate.memo.code_moved():
        return
    for name in [name for name in sys.modules if name == "quiz" or name.startswith("quiz.")]:
        del sys.modules[name]
    if REPOSITORY not in sys.path:   # MkDocs takes back what this module put on sys.path once it has loaded it
        sys.path.insert(0, REPOSITORY)
    importlib.invalidate_caches()
    from quiz.site import generate, minify, offline, search_split  # noqa: F811 - the point: these afresh
    from quiz.site.languages import site_languages  # noqa: F811
    from quiz.site.problems import ContentError, code_slip  # noqa: F811
    LOG.info("quiz/ changed: its code imported afresh")


def _broken(message: str, config):
    """A build that fails stops with its problems. While serving, after a good build, it goes on with that build's
    pages (still in docs/) and every page shows the problems at its top: MkDocs would hold every request until a build
    succeeds, and the page the author has open would hang instead of saying what to mend. The next good build, which
    the server starts on the next save, takes them away and the page reloads by itself."""
    if _state["command"] != "serve" or _state.get("last_good") is None:
        raise PluginError(message)
    if not _nested_language_build(config):     # once, not once per language
        SERVE_LOG.error(message)
    _state["broken"] = message
    return _state["last_good"]


BROKEN_BANNER = ('<div class="admonition failure rr-broken" role="alert"><p class="admonition-title">{title}</p>'
                 '<pre><code>{problems}</code></pre></div>\n')


@event_priority(100)  # before mkdocs-static-i18n reads the docs folder and builds each language
def on_config(config):
    if not _nested_language_build(config):
        _state["site_dir"] = config.site_dir
    try:
        serving = _state["command"] == "serve"
        if serving and not _nested_language_build(config):
            _code_as_on_disk()
        # The Anki cards link to their rule only where the site will live: without SITE_URL the build is for
        # 127.0.0.1 (make serve), which no phone that imports the deck can open, so the cards name the rule unlinked.
        deck_url = (config.site_url or "") if os.environ.get("SITE_URL") else ""
        site = generate.write_docs(Path(config.docs_dir), show_drafts=serving, site_url=deck_url)
        if not _nested_language_build(config):
            _state.update(last_good=site, broken=None)
    except ContentError as error:
        site = _broken(f"rules/ has {len(error.problems)} problem(s):\n{error}", config)
    except Exception as error:     # a slip in the code (a checker's NameError): where it is, in one line, as for YAML
        site = _broken(code_slip(error), config)
    if not _nested_language_build(config):
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


# --- filters for Material's own blocks (overrides/): each fails the build if Material's markup has moved ------------

HREFLANG_LINK = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')
CONFIG_BASE = re.compile(r'(<script id="__config" type="application/json">.*?"base": )("(?:[^"\\]|\\.)*")', re.S)
SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'


def without_hreflang_links(html: str) -> str:
    return jinja2.utils.markupsafe.Markup(HREFLANG_LINK.sub("", html))


TITLE = re.compile(r"<title>(.*?) - (.*?)</title>", re.S)


def one_site_name(html: str) -> str:
    """A tab title that names the site once: a page whose own title already holds the site's name ("Farkle – Regeln
    auffrischen", the home page's "Rules Refresher") keeps it without Material's " - <site name>" after it."""
    html = str(html)
    found = TITLE.search(html)
    if found and found.group(2) in found.group(1):
        html = html.replace(found.group(0), f"<title>{found.group(1)}</title>", 1)
    return jinja2.utils.markupsafe.Markup(html)


def changed_once(html: str, material: str | re.Pattern, ours, template: str, moved: str) -> str:
    """Material's markup with one change of ours: the first match of `material` (a string or a pattern) replaced by
    `ours` (for a pattern, a replacement or a function of the match); the build stops, naming the override, if
    Material's markup has moved."""
    html = str(html)  # a plain string: re.sub on Markup would escape the groups it puts back
    found = material.search(html) if isinstance(material, re.Pattern) else material in html
    if not found:
        raise PluginError(f"{template}: Material's {moved}; see tests/upstream/")
    changed = material.sub(ours, html, count=1) if isinstance(material, re.Pattern) else html.replace(material, ours, 1)
    return jinja2.utils.markupsafe.Markup(changed)


def language_search_base(html: str, base_url: str, language: str) -> str:
    """Material's __config with "base" at the root of the page's language (joined, so "/" + "de/" is "/de/")."""
    prefix = site_languages().prefix(language)
    base = (base_url.rstrip("/") + "/" + prefix) if prefix else base_url
    base = base if base_url else (prefix or ".")
    return changed_once(html, CONFIG_BASE, lambda m: m.group(1) + json.dumps(base), "overrides/main.html",
                        '__config block has no "base" any more')


SEARCH_WORKER = re.compile(r'("search": "[^"]*?assets/javascripts/workers/)search\.[0-9a-f]+\.min\.js(")')


def lazy_search_worker(html: str) -> str:
    """Material's __config with our stub worker (docs/assets/javascripts/workers/rr-search-lazy.js) in place of its
    search worker: the stub loads the real one, whose name the build writes into it, only when search is first used."""
    return changed_once(html, SEARCH_WORKER, r"\1rr-search-lazy.js\2", "overrides/main.html",
                        "__config names no search worker any more")


MATERIAL_BUNDLE = re.compile(r'(<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js")(></script>)')


def deferred_bundle(html: str) -> str:
    """Material's bundle with "defer": the page paints without waiting for it (at the end of <body> it is still
    fetched at high priority and delays the first paint on a slow line); deferred scripts keep their order."""
    return changed_once(html, MATERIAL_BUNDLE, r"\1 defer\2", "overrides/main.html",
                        "scripts block loads no bundle any more")


def dialog_name(html: str, label: str) -> str:
    """An accessible name for Material's search dialog (axe: aria-dialog-name)."""
    named = SEARCH_DIALOG[:-1] + f' aria-label="{jinja2.utils.markupsafe.escape(label)}">'
    return changed_once(html, SEARCH_DIALOG, named, "overrides/partials/search.html", "search dialog markup moved")


MATERIAL_PALETTE = 'data-md-component="palette"'


def own_palette_switch(html: str) -> str:
    """Material's palette toggle without its component mark, so Material's bundle leaves it to our script
    (overrides/partials/palette.html)."""
    return changed_once(html, MATERIAL_PALETTE, "data-rr-palette", "overrides/partials/palette.html",
                        "palette markup moved")


def inline_script(source: str) -> str:
    """A script written readably in a template, minified into the page (the readable text stays in overrides/)."""
    return jinja2.utils.markupsafe.Markup(minify.script(str(source)))


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates kept for the life of the process. MkDocs makes a new Jinja environment for every build, and
    static-i18n builds once per language (`mkdocs serve` again after every edit): each compiled all of Material's
    templates and ours anew, a third of a build. Jinja checks a kept one against its template's checksum."""

    def __init__(self):
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket):
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket):
        self.compiled[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()


def on_env(env, config, files):
    """Material's own templates under "material/" (an override can wrap one), the filters above, and compiled templates
    kept across builds."""
    env.bytecode_cache = COMPILED_TEMPLATES
    material = jinja2.FileSystemLoader(str(importlib.resources.files("material") / "templates"))
    env.loader = jinja2.ChoiceLoader([env.loader, jinja2.PrefixLoader({"material": material})])
    env.filters.update(without_hreflang_links=without_hreflang_links, language_search_base=language_search_base,
                       lazy_search_worker=lazy_search_worker, deferred_bundle=deferred_bundle,
                       dialog_name=dialog_name, own_palette_switch=own_palette_switch,
                       inline_script=inline_script, one_site_name=one_site_name)
    return env


def on_serve(server, config, builder):
    """Watch rules/, the code under quiz/ (each folder but __pycache__, where an import afresh writes) and the
    hand-written files under docs/, not the pages generated into docs/<lang>/: a rebuild's own writes there would
    set off a second rebuild after every edit."""
    server.unwatch(config.docs_dir)
    generated = set(site_languages().codes)
    for path in sorted(Path(config.docs_dir).iterdir()):
        if path.name not in generated:
            server.watch(str(path))
    server.watch(str(generate.rules_dir()))
    for folder in sorted({path.parent for path in generate.memo.PACKAGE.rglob("*") if "__pycache__" not in path.parts}):
        server.watch(str(folder), recursive=False)
    return server


HEADING = re.compile(r'<h[1-6][^>]*\bid="([^"]+)"[^>]*>(.*?)</h[1-6]>', re.S)
NO_BREAK_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " "})


def on_page_content(html, page, config, files):
    """While serving a broken build, its problems at the top of every page (see _broken).

    The table of contents titles as the headings write them: Python-Markdown's toc folds every run of whitespace to
    one plain space, so French lost the no-break space before : ? ! that its headings keep ("Vous jouez une
    variante ?" broke before the "?" in the sidebar). Only a title that differs from its heading in those spaces
    changes."""
    if _state.get("broken"):
        html = BROKEN_BANNER.format(title="The last save broke the build: this is the last good one. Mend it and save; "
                                          "this page comes back by itself.", problems=escape(_state["broken"])) + html
    headings = {anchor: unescape(re.sub(r"<[^>]+>", "", inner)).strip() for anchor, inner in HEADING.findall(html)}
    stack = list(page.toc.items)
    while stack:
        item = stack.pop()
        stack.extend(item.children)
        heading = headings.get(item.id)
        if heading and heading != unescape(item.title) and heading.translate(NO_BREAK_SPACES) == unescape(item.title):
            item.title = escape(heading)      # kept escaped, as the toc extension keeps its titles
    return html


SWITCHER_LINK = re.compile(r'(<a href=")[^"]*(" hreflang="([\w-]+)" class="md-select__link")')


def on_post_template(output_content, template_name, config):
    """Every language build renders 404.html to the site root; keep each language's own (the default one at the root),
    its language switcher pointing at each language's home (static-i18n leaves the last page's links there)."""
    if template_name == "404.html":
        root = urlparse(config.site_url or "/").path.rstrip("/") + "/"
        languages = site_languages()
        page = SWITCHER_LINK.sub(lambda m: m.group(1) + root + languages.prefix(m.group(3)) + m.group(2), output_content)
        _state.setdefault("not_found", {})[config.theme["language"]] = page
    return output_content


@event_priority(-200)  # after static-i18n has built every language into site/
def on_post_build(config):
    if _nested_language_build(config):
        return
    site_dir = Path(_state["site_dir"] or config.site_dir)
    for language, page in _state.pop("not_found", {}).items():
        target = site_dir / site_languages().prefix(language) / "404.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")
    search_split.split_search_index(site_dir)
    minify.collapse_indentation(site_dir)
    minify.minify_assets(site_dir)
    palette = minify.trim_palette(site_dir, config.theme.get("palette") or []) + minify.trim_main_stylesheet(site_dir)
    words = offline.content_address(site_dir, search_split.WORDS)
    try:
        search_split.name_the_search_workers(site_dir, words.rsplit("/", 1)[1])
    except (OSError, ValueError) as error:
        raise PluginError(str(error)) from None
    versions = offline.version_references(site_dir, offline.VERSIONED + tuple(palette))   # after the stub has the addresses: its own depends on them
    try:
        offline.write_app_manifests(site_dir, config.extra["rr_ui"], versions)
    except ValueError as error:
        raise PluginError(str(error)) from None
    if _state["command"] == "serve":   # no offline copy while editing (pages change on every save): a worker that goes
        (site_dir / "sw.js").write_text(offline.SERVE_WORKER, encoding="utf-8")   # away, not a 404 on every page
        return
    offline.write_offline_files(site_dir, Path(config.docs_dir) / "sw.js", config.extra["rr_ui"], versions)
