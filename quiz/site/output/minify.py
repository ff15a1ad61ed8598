"""Our own scripts and stylesheet minified: after a build, those under site/assets/ in place (docs/assets/ keeps the
readable, commented sources), and the inline scripts of overrides/ as pages are rendered. Material's own files are
minified already; of its palette stylesheet, the colours the site does not use are left out, and of its main one the
components no page holds."""
from __future__ import annotations

import functools
import re
from pathlib import Path

import rcssmin
import rjsmin

OWN_ASSETS = ("assets/site.js", "assets/quiz.js", "assets/dice.js", "assets/race.js", "assets/rules.js",
              "assets/sheet.js", "assets/rounds.js", "assets/site.css",
              "assets/javascripts/workers/rr-search-lazy.js", "assets/javascripts/workers/rr-search-words.js")


@functools.lru_cache(maxsize=8)   # an inline script is the same in every page
def script(source: str) -> str:
    return rjsmin.jsmin(source)


def minify_assets(site: Path) -> dict[str, tuple[int, int]]:
    """Minify each of OWN_ASSETS the build copied; returns name -> (bytes before, bytes after)."""
    sizes = {}
    for relative in OWN_ASSETS:
        path = site / relative
        if not path.is_file():
            continue
        source = path.read_text(encoding="utf-8")
        small = rcssmin.cssmin(source) if path.suffix == ".css" else rjsmin.jsmin(source)
        path.write_text(small, encoding="utf-8")
        sizes[relative] = (len(source.encode()), len(small.encode()))
    return sizes


# Where whitespace is the content: left as it is.
PRESERVED = re.compile(r"(<(pre|textarea)\b.*?</\2>)", re.S | re.I)
HAS_PRESERVED = re.compile(r"<(?:pre|textarea)\b", re.I)
LINE_BREAK_AND_SPACE = re.compile(r"\n[ \t\n]*")     # a newline, then any indentation and blank lines


def without_indentation(html: str) -> str:
    """A page without the indentation and blank lines its templates leave (about 570 B gzip of a quiz page's first
    load): each run of a newline and spaces becomes one newline, which a browser shows as the one space it showed
    before (none at all between blocks); <pre> and <textarea>, where whitespace is the content, stay as they are."""
    if not HAS_PRESERVED.search(html):     # most pages: one pass over the page
        return LINE_BREAK_AND_SPACE.sub("\n", html)
    parts = PRESERVED.split(html)      # text, then each preserved element and its tag name
    return "".join(LINE_BREAK_AND_SPACE.sub("\n", part) if i % 3 == 0 else part
                   for i, part in enumerate(parts) if i % 3 != 2)


PALETTE = "assets/stylesheets/palette.*.min.css"
COLOR_ATTRIBUTE = re.compile(r"\[data-md-color-(?:primary|accent)=([\w-]+)\]")


def _blocks(css: str):
    """The top-level statements of minified CSS: (prelude, body) for a block, (statement, None) for `@x ...;`."""
    start, depth, quote, opened = 0, 0, "", 0
    for i, char in enumerate(css):
        if quote:
            quote = "" if char == quote and css[i - 1] != "\\" else quote
        elif char in "\"'":
            quote = char
        elif char == "{":
            if depth == 0:
                opened = i
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                yield css[start:opened].strip(), css[opened + 1:i]
                start = i + 1
        elif char == ";" and depth == 0:
            yield css[start:i].strip(), None
            start = i + 1


def _selectors(prelude: str) -> list[str]:
    """A selector list split at its top-level commas (not those inside :is(), :not()…)."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(prelude):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(prelude[start:i])
            start = i + 1
    return parts + [prelude[start:]]


def _required(selector: str) -> str:
    """The part of a selector every element it matches must match: without what stands inside :is(), :not()…"""
    while True:
        inner = re.sub(r"\([^()]*\)", "", selector)
        if inner == selector:
            return selector
        selector = inner


def without_selectors(css: str, unwanted) -> str:
    """Minified CSS without the selectors `unwanted(selector)` says go, and without rules and blocks left empty."""
    kept = []
    for prelude, body in _blocks(css):
        if body is None:
            kept.append(prelude + ";")
        elif prelude.startswith("@"):
            inner = without_selectors(body, unwanted) if prelude.startswith(("@media", "@supports")) else body
            if inner:
                kept.append(prelude + "{" + inner + "}")
        else:
            selectors = [s for s in _selectors(prelude) if not unwanted(s)]
            if selectors:
                kept.append(",".join(selectors) + "{" + body + "}")
    return "".join(kept)


def without_unused_colors(css: str, used: set[str]) -> str:
    """Material's palette CSS without the selectors of primary and accent colours the site does not use (it ships all
    nineteen; a site that names its own uses none of them): the same rules for the colours in `used`."""
    return without_selectors(css, lambda selector: not set(COLOR_ATTRIBUTE.findall(_required(selector))) <= used)


# Material's main stylesheet styles every component it has; these the site's pages never hold, for it turns on none
# of the features or extensions that bring them (mkdocs.yml: no code blocks, tabs, tooltips, annotations, footnotes,
# emoji, repository link, version, social links, consent, blog, tags, feedback, announcement, navigation tabs).
# A selector that needs one of these classes goes, for the first load's sake (tests/test_minify.py checks no page or
# script of ours uses one).
UNUSED_CLASSES = ("tabbed-", "mermaid", "md-annotation", "md-tooltip", "md-version", "md-source", "md-social",
                  "md-banner", "footnote", "task-list", "critic", "keys", "twemoji", "emojione", "gemoji", "highlight",
                  "md-code__", "md-clipboard", "arithmatex", "md-tabs", "md-status", "md-post", "md-blog", "md-author",
                  "md-tag", "md-feedback", "md-consent", "md-content__button",
                  "linenos")   # a class, or a class's start
# ... the class itself, or one of its family: a name that goes on after it with "-" ("footnote-ref", "md-tabs__link")
UNUSED_COMPONENTS = re.compile(r"\.(?:" + "|".join(map(re.escape, UNUSED_CLASSES)) + r")"
                               r"(?:(?<=[-_])[\w-]*|-[\w-]*|_[\w-]*)?(?![\w-])")
MAIN_STYLESHEET = "assets/stylesheets/main.*.min.css"


def trim_main_stylesheet(site: Path) -> list[str]:
    """Leave out of Material's main stylesheet the rules of components no page holds (UNUSED_COMPONENTS); returns the
    files changed, relative to the site (the caller versions their address, as for the palette)."""
    changed = []
    for path in sorted(site.glob(MAIN_STYLESHEET)):
        css = path.read_text(encoding="utf-8")
        trimmed = without_selectors(css, lambda selector: bool(UNUSED_COMPONENTS.search(_required(selector))))
        if trimmed != css:
            path.write_text(trimmed, encoding="utf-8")
            changed.append(path.relative_to(site).as_posix())
    return changed


def trim_palette(site: Path, palettes: list[dict]) -> list[str]:
    """Leave out of Material's palette stylesheet every colour the theme's palettes do not name; returns the files
    changed, relative to the site (their content changed under the same name: the caller versions their address)."""
    used = {palette.get(part) or "indigo" for palette in palettes for part in ("primary", "accent")}
    changed = []
    for path in sorted(site.glob(PALETTE)):
        css = path.read_text(encoding="utf-8")
        trimmed = without_unused_colors(css, used)
        if trimmed != css:
            path.write_text(trimmed, encoding="utf-8")
            changed.append(path.relative_to(site).as_posix())
    return changed
