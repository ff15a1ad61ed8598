"""MkDocs hook, Material's markup: the template filters that change Material's own blocks (each stops the build,
naming its override, if Material's markup has moved; tests/upstream/ records what they lean on), compiled templates
kept across builds, the table of contents as the headings write it, and each language's own 404 page."""
from __future__ import annotations

import importlib.resources
import json
import re
from html import escape, unescape
from urllib.parse import urlparse

import jinja2
from mkdocs.exceptions import PluginError

from quiz.site.hooks.session import STATE

# --- filters for Material's own blocks (overrides/) ----------------------------------------------------------------

HREFLANG_LINK = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')
CONFIG_BASE = re.compile(r'(<script id="__config" type="application/json">.*?"base": )("(?:[^"\\]|\\.)*")', re.S)
SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'


def without_hreflang_links(html: str) -> str:
    return jinja2.utils.markupsafe.Markup(HREFLANG_LINK.sub("", html))


TITLE = re.compile(r"<title>(.*?) - (.*?)</title>", re.S)


def one_site_name(html: str) -> str:
    """A tab title that names the site once: a page whose own title already holds the site's name (a German refresher's
    "<game> – Regeln auffrischen", the home page's "Rules Refresher") keeps it without Material's " - <site name>" after
    it."""
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
    from quiz.site.load.languages import site_languages
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
    from quiz.site.output import minify
    return jinja2.utils.markupsafe.Markup(minify.script(str(source)))


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates kept for the life of the process. MkDocs makes a new Jinja environment for every build, and
    static-i18n builds once per language (`mkdocs serve` again after every edit): each compiled all of Material's
    templates and ours anew. Jinja checks a kept one against its template's checksum."""

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


HEADING = re.compile(r'<h[1-6][^>]*\bid="([^"]+)"[^>]*>(.*?)</h[1-6]>', re.S)
NO_BREAK_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " "})


def on_page_content(html, page, config, files):
    """The table of contents titles as the headings write them: Python-Markdown's toc folds every run of whitespace to
    one plain space, so French lost the no-break space before : ? ! that its headings keep ("Vous jouez une
    variante ?" broke before the "?" in the sidebar). Only a title that differs from its heading in those spaces
    changes."""
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
        from quiz.site.load.languages import site_languages
        languages = site_languages()
        page = SWITCHER_LINK.sub(lambda m: m.group(1) + root + languages.prefix(m.group(3)) + m.group(2),
                                 output_content)
        STATE["not_found"][config.theme["language"]] = page
    return output_content
