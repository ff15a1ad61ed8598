"""Search after the build: Material's one search index (every language, loaded by every page) split into one index per
language, and our stub worker told the addresses of what it loads: our search words and Material's real worker."""
from __future__ import annotations

import json
from pathlib import Path

from quiz.site.load.languages import Languages, site_languages

INDEX = "search/search_index.json"
WORKERS = "assets/javascripts/workers/"
STUB = WORKERS + "rr-search-lazy.js"          # docs/assets/javascripts/workers/: loads the other two
WORDS = WORKERS + "rr-search-words.js"        # how players type: folding, highlights as written


def split_search_index(site: Path, languages: Languages | None = None) -> dict[str, int]:
    """Write <lang>/search/search_index.json per language (English at the root); returns each one's size in bytes.

    The pages' __config "base" points at their language's root (overrides/main.html), so Material's search fetches
    only its own language's index and loads only that language's stemmer."""
    languages = languages or site_languages()
    whole = json.loads((site / INDEX).read_text(encoding="utf-8"))
    sizes = {}
    others = tuple(languages.prefix(other) for other in languages.codes if other != languages.default)
    for lang in languages.codes:
        prefix = languages.prefix(lang)
        docs = [dict(doc, location=doc["location"][len(prefix):]) for doc in whole["docs"]
                if (doc["location"].startswith(prefix) if prefix else not doc["location"].startswith(others))]
        index = {"config": dict(whole["config"], lang=[lang]), "docs": docs}
        target = site / prefix / INDEX
        target.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
        target.write_text(text, encoding="utf-8")
        sizes[lang] = len(text.encode())
    return sizes


def name_the_search_workers(site: Path, words_address: str) -> str:
    """Write into our stub worker the addresses of the scripts it loads when search is first used: our search words
    (words_address, next to it: the build names it by its content) and Material's search worker (search.<hash>.min.js);
    returns the worker's name. Written into the stub's own text, they survive every cache (a ?worker= query did not:
    the service worker's copy of the stub had lost it)."""
    found = sorted(path.name for path in (site / WORKERS).glob("search.*.min.js"))
    if len(found) != 1:
        raise FileNotFoundError(f"{WORKERS}: expected one search.<hash>.min.js of Material's, found {found}")
    stub = site / STUB
    text = stub.read_text(encoding="utf-8")
    for placeholder in ("__SEARCH_WORDS__", "__SEARCH_WORKER__"):
        if placeholder not in text:
            raise ValueError(f"{STUB}: no {placeholder} to write an address in")
    stub.write_text(text.replace("__SEARCH_WORDS__", words_address).replace("__SEARCH_WORKER__", found[0]),
                    encoding="utf-8")
    return found[0]
