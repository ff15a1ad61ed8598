"""What a reader reads on a built page: the article's text without what is hidden (answers in <details>, the re-read
line), buttons, the jump bar, scripts and drawings; and its words, counted the same way in a page and in a source text."""
from __future__ import annotations

import re
from html.parser import HTMLParser

WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")   # words and numbers; "Hinweis-Symbol", "l'ordre" count once
SKIPPED_TAGS = {"details", "button", "script", "style", "noscript", "svg", "template"}
SKIPPED_CLASSES = {"rr-jumps", "headerlink"}
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__()
        self.in_article = False
        self.skipping: list[bool] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "article":
            self.in_article = True
        if not self.in_article or tag in VOID_TAGS:
            return
        attributes = dict(attrs)
        classes = set((attributes.get("class") or "").split())
        self.skipping.append(tag in SKIPPED_TAGS or "hidden" in attributes or bool(classes & SKIPPED_CLASSES))

    def handle_endtag(self, tag):
        if tag == "article":
            self.in_article = False
        elif self.in_article and tag not in VOID_TAGS and self.skipping:
            self.skipping.pop()

    def handle_data(self, data):
        if self.in_article and not any(self.skipping):
            self.text.append(data)


def reader_text(page_html: str) -> str:
    reader = _Reader()
    reader.feed(page_html)
    return " ".join(" ".join(reader.text).split())


def words(text: str) -> int:
    return len(WORD.findall(text))
