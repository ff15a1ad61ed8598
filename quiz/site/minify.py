"""Our own scripts and stylesheet minified: after a build, those under site/assets/ in place (docs/assets/ keeps the
readable, commented sources), and the inline scripts of overrides/ as pages are rendered. Material's own files are
minified already and left alone."""
from __future__ import annotations

import functools
from pathlib import Path

import rcssmin
import rjsmin

OWN_ASSETS = ("assets/site.js", "assets/quiz.js", "assets/dice.js", "assets/site.css",
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
