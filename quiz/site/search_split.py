"""Splits Material's one search index (every language, loaded by every page) into one index per language."""
from __future__ import annotations

import json
from pathlib import Path

from quiz.site.languages import Languages, site_languages

INDEX = "search/search_index.json"


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
