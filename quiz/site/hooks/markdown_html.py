"""MkDocs hook, Markdown into HTML once: each page's HTML, table of contents, title and anchors kept in the memo while
its Markdown, the files its links resolve against, the Markdown settings and the code stay, so that a warm build
converts no page and a `mkdocs serve` rebuild only the pages an edit changed (all 44 pages: a quarter of a build)."""
from __future__ import annotations

import functools
import hashlib
import logging
import pickle
from pathlib import Path

from mkdocs.structure.pages import Page

from quiz.site.hooks.session import LOG

# each language build's kept HTML, by its config (static-i18n builds the further languages inside the first one's
# post_build: after this build's pages are converted, so no two of these are open at once, but they are kept apart)
_OPEN: dict[int, tuple] = {}
# Markdown extensions whose output depends on files other than the page (included text, embedded images): a page kept
# by its own Markdown would miss their edits, so with any of them configured every page is converted every build
READS_OTHER_FILES = ("pymdownx.snippets", "pymdownx.b64", "markdown_include", "mdx_include")


def on_nav(nav, config, files):
    """The build's files are final (static-i18n has made them its language's): open the unit they and the Markdown
    settings key, in the memo of the repository mkdocs.yml is in; none with an extension that reads other files."""
    _OPEN.pop(id(config), None)     # a build that failed before on_env left its own, and ids are reused
    if any(_name(extension).startswith(READS_OTHER_FILES) for extension in config.markdown_extensions):
        LOG.debug("a Markdown extension reads files other than the page: every page is converted")
        return nav
    from quiz.site import memo
    store = memo.Store(Path(config.config_file_path).resolve().parent / memo.FOLDER)
    links = hashlib.sha256(repr(sorted((f.src_uri, f.dest_uri, f.url, f.inclusion.name) for f in files)).encode())
    settings = repr((config.markdown_extensions, config.mdx_configs, config.validation, config.use_directory_urls,
                     config.site_url))
    unit_key = memo.html_key(links.hexdigest(), settings)
    _OPEN[id(config)] = (store, unit_key, memo.Kept(store.get(unit_key) or {}))
    return nav


def _name(extension) -> str:
    """A configured extension's name: as mkdocs.yml gives it, or the module of an instance."""
    return extension if isinstance(extension, str) else type(extension).__module__


def on_pre_page(page, config, files):
    if id(config) in _OPEN:
        page.render = functools.partial(converted_once, page, _OPEN[id(config)][2])
    return page


def on_env(env, config, files):
    """Every page is converted: keep what this build converted, if it asked for other pages than the last."""
    store, unit_key, kept = _OPEN.pop(id(config), (None, None, None))
    if kept is not None and kept.changed():
        store.put(unit_key, kept.now)
    return env


class _Said(logging.Handler):
    def __init__(self):
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


def converted_once(page: Page, kept, config, files) -> None:
    """Page.render, or what it made from the same Markdown at the same files before. A page whose conversion said
    anything (a link to no page) is converted again each build, so that it says it again (and --strict stops)."""
    source = (page.file.src_uri, hashlib.sha256(page.markdown.encode()).hexdigest())
    if source not in kept.now and source in kept.before:
        kept.now[source] = kept.before[source]
    if source in kept.now:
        content, toc, title, anchors, links = pickle.loads(kept.now[source])
        page.content, page.toc, page._title_from_render, page.present_anchor_ids = content, toc, title, anchors
        if links is not None:
            page.links_to_anchors = {files.get_file_from_path(src_uri): anchors for src_uri, anchors in links.items()}
        return
    said, mkdocs_log = _Said(), logging.getLogger("mkdocs")
    mkdocs_log.addHandler(said)
    try:
        Page.render(page, config, files)
    finally:
        mkdocs_log.removeHandler(said)
    if said.records:
        LOG.debug(f"{page.file.src_uri}: its conversion logged, so it is not kept")
        return
    links = {to.src_uri: anchors for to, anchors in page.links_to_anchors.items()} \
        if page.links_to_anchors is not None else None
    kept.now[source] = pickle.dumps((page.content, page.toc, page._title_from_render, page.present_anchor_ids, links),
                                    protocol=pickle.HIGHEST_PROTOCOL)
