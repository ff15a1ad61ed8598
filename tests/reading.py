"""What a reader reads on a built page: the article's text without what is hidden (answers in <details>, the re-read
line), buttons, the jump bar, scripts and drawings; and its words, counted the same way in a page and in a source
text."""
from __future__ import annotations

import re
from html.parser import HTMLParser

# Words per English word in a parallel text: 70 programs' message catalogues that Debian ships in German, French and
# Turkish (/usr/share/locale/<lang>/LC_MESSAGES/*.mo), the 4,983 messages of 8 English words or more translated in
# all three, counted with the pages' own word count (scripts/page_words.py --ratios measures it again). A cross-check
# without Turkish:
# Europarl v7's single-language sizes (statmt.org/europarl: German 47.2 M, French 54.2 M, English 54.0 M words) give
# French/German 1.15 (here 1.18) and English/German 1.14 (here 1.04): speeches run longer in English than menus do.
WORDS_PER_ENGLISH_WORD = {"en": 1.0, "de": 0.962, "fr": 1.135, "tr": 0.821}
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


def expected_words(model_words: int, model_lang: str, lang: str) -> int | None:
    """The model's words as they would run in `lang`; None for a language without a measured ratio."""
    if lang not in WORDS_PER_ENGLISH_WORD or model_lang not in WORDS_PER_ENGLISH_WORD:
        return None
    return round(model_words * WORDS_PER_ENGLISH_WORD[lang] / WORDS_PER_ENGLISH_WORD[model_lang])
