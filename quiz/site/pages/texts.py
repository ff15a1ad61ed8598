"""A game's texts in one language as its pages take them: filled in, numbered and dated as the language writes them,
the rulebook's page refs, the tables the checker computes; what every kind of page and file (quiz_files.py,
data_files.py, render.py) draws on."""
from __future__ import annotations

import functools
import json
import re
from fractions import Fraction

from babel import Locale
from babel.numbers import format_decimal as babel_decimal
from babel.numbers import format_percent as babel_percent
from babel.units import format_unit

from quiz.site.check.page_units import Units
from quiz.site.load.content import Game, Question, Site
from quiz.site.load.languages import site_languages
from quiz.site.pages.sets_page import SetWords
from quiz.site.pages.templating import templates

AT_TABLES = "at-tables"       # a game's data files at each scoring chart (the calculator's): fetched when one is needed
# Pictures drawn as a block of their own, not inside the line (see laid_out()).
BLOCK_PICTURES = {"cards"}
LEADING_PUNCTUATION = re.compile(r"^[\s.,;:]+")
CHART = {"width": 320, "bar_height": 22, "gap": 8, "left": 34, "right": 70}


def format_decimal(value: Fraction, lang: str) -> str:
    """A decimal with one place, as the language writes it (Babel, CLDR)."""
    return babel_decimal(float(value), format="#,##0.0", locale=lang)


def format_percent(value: Fraction, lang: str) -> str:
    """A share as a percent with one place, in the language's own percent pattern ("44,4 %", "%44,4")."""
    pattern = Locale.parse(lang).percent_formats[None].pattern.replace("#,##0", "#,##0.0", 1)
    return babel_percent(float(value), format=pattern, locale=lang)


@functools.lru_cache(maxsize=None, typed=True)   # a computed table at every chart repeats its cells
def format_cell(value, lang: str) -> str:
    """A computed value: a whole number, or a fraction shown exactly and as a percent (chances) or decimal; a fraction
    of 0 is a chance that is none (a roll that cannot score nothing, where six dead dice score), shown as a percent
    like its column."""
    if isinstance(value, Fraction) and value == 0:
        return format_percent(value, lang)
    if isinstance(value, Fraction) and value.denominator != 1:
        if value < 1:
            return f"{value.numerator}/{value.denominator} ≈ {format_percent(value, lang)}"
        return f"≈ {format_decimal(value, lang)}"
    return babel_decimal(int(value), locale=lang)


def page_span(pages: tuple[int, ...]) -> str:
    """Page numbers as the rulebook refs print them: runs joined by an en dash, the rest by commas."""
    parts, run = [], []
    for number in sorted(set(pages)):
        if run and number == run[-1] + 1:
            run.append(number)
            continue
        if run:
            parts.append(run)
        run = [number]
    if run:
        parts.append(run)
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in parts)


@functools.lru_cache(maxsize=8192)   # `mkdocs serve` draws the same variants again after every edit
def drawn_markup(segments_json: str) -> str:
    return str(templates().get_template("parts.md.j2").module.segments(laid_out(json.loads(segments_json))))


def laid_out(segments: list | None) -> list | None:
    """Segments ready to draw: a picture that stands as a block of its own (cards) takes the punctuation that follows
    it into its words, so no line starts with a lone full stop; the words (read aloud, copied) keep it."""
    if not segments:
        return segments
    out = []
    for part in segments:
        previous = out[-1] if out else None
        if isinstance(part, str) and isinstance(previous, dict) and previous["picture"]["kind"] in BLOCK_PICTURES:
            rest = LEADING_PUNCTUATION.sub("", part)
            out[-1] = {**previous, "text": previous["text"] + part[: len(part) - len(rest)]}
            part = rest
            if not part:
                continue
        out.append(part)
    return out


class PageTexts:
    """One game's texts in one language, as every page and file of it takes them."""

    def __init__(self, site: Site, game: Game, lang: str, site_url: str = "", deck_time: int = 0):
        self.site, self.game, self.lang = site, game, lang
        self.site_url, self.deck_time = site_url, deck_time  # where the Anki cards link to; their notes' change time
        self.ui = site.ui[lang]
        self.texts = game.texts[lang]
        self.values = game.values()
        self.wording = game.wording(lang)
        self.units = Units(game, lang) if game.rule_sets is not None else None
        self.for_tools = game.left_for_tools()    # what the game's tools fill, left in every text as it is

    def fill(self, text: str, extra: dict | None = None) -> str:
        """A text with its placeholders filled in; those the game's tools fill stay as they are."""
        return self.wording.fill(text, {**self.values, **self.for_tools, **(extra or {})})

    def field(self, entry_id: str, field: str) -> str:
        return self.fill(self.texts["entries"][entry_id][field])

    def plain(self, key: str) -> str:
        return self.fill(self.texts[key])

    def ref(self, pages: tuple[int, ...]) -> str | None:
        if not pages or not self.game.rulebook:
            return None
        several = len(set(pages)) > 1 and "rulebook_refs" in self.texts   # "pp. 8–9" where the language says so
        return self.fill(self.texts["rulebook_refs" if several else "rulebook_ref"], {"pages": page_span(pages)})

    def title_colon(self, entry_id: str) -> str:
        """An entry's title and the colon as its language writes it ("Titre :" in French)."""
        return self.field(entry_id, "title").rstrip() + self.ui["labels"]["colon"].rstrip()

    def entry(self, entry, varies: bool = True) -> dict:
        """An entry's texts, filled in; its page ref as the rulebook label reads; the units of those that differ at
        tables whose rules differ (unless its section is one that does not vary: its words are the source's)."""
        raw = self.texts["entries"][entry.id]
        texts = entry.texts_at(raw, self.values) if entry.when else raw
        data = {"id": entry.id, "ref": self.ref(entry.pages)}
        data.update({name: self.fill(value) for name, value in texts.items() if isinstance(value, str)})
        data.setdefault("wrong", None)
        data["title_colon"] = self.title_colon(entry.id) if "title" in texts else None
        data["u"] = self.units.entry(entry, raw) if self.units is not None and varies else {}
        return data

    def set_words(self) -> SetWords:
        """The words of the game's rule sets in this language (the game has some: sets.yml)."""
        return SetWords(self.game.rule_sets, self.texts, self.ui, self.lang, self.fill,
                        lambda facts: self.game.at_table(facts)[1].named_plainly())

    def rule_link(self, question: Question) -> str:
        """"Read the rule: <its title>"."""
        return self.ui["quiz"]["read_rule"] + self.ui["labels"]["colon"] + self.field(question.rule, "title")

    def rule_named(self, question: Question) -> str:
        """"Rule: <its title>", where there is no link to follow (an Anki card of a site built without SITE_URL)."""
        return self.ui["quiz"]["rule_named"] + self.ui["labels"]["colon"] + self.field(question.rule, "title")

    def root_address(self) -> str:
        """The site's root, from the game's pages (<language prefix><game>/)."""
        return "../" * (1 + site_languages().prefix(self.lang).count("/"))

    def at_tables_address(self) -> str:
        """Where the game's files at every table are, from its pages (under the default language's game folder)."""
        return self.root_address() + f"{self.game.id}/{AT_TABLES}/"

    def size_label(self, size: int) -> str:
        """A file size as the language writes it ("48 kB", "48 ko")."""
        return format_unit(max(1, round(size / 1000)), "digital-kilobyte", locale=self.lang, length="short")

    def numbers_at(self, facts) -> list[list[str]]:
        """The scoring chart's rows at a table: each option it scores, named as the numbers table or the rule sets name
        it, with its points (or its multiple of the three of a kind); plainly where the presentation says a label's
        aside would disagree with another line."""
        words, plainly = self.set_words(), self.game.at_table(facts)[1].named_plainly()
        return [[words.rule_name(option.id, plain=option.id in plainly), words.option_value(option)]
                for option in getattr(facts, facts.OPTIONS)]

    def computed_rows(self, entry_id: str, presentation) -> dict | list:
        """A computed table's rows (and chart bars, where it has a chart) as another table's presentation
        computes them."""
        table = self.computed_table_of(entry_id, presentation)
        return {"rows": table["rows"], "bars": table["chart"]["bars"]} if table["chart"] else table["rows"]

    def computed_table(self, entry) -> dict:
        return self.computed_table_of(entry.id, self.game.presentation)

    def computed_table_of(self, entry_id: str, presentation) -> dict:
        """A table the checker computes at build time, and where it has one, the bars of its chart column (values 0–1).
        A column named by a number is headed by that number; a cell that is a word's id is that word
        (`columns.<id>` in the texts); a signed table writes its numbers with their sign, an empty cell as a dash."""
        table = presentation.computed_tables()[entry_id]
        columns = self.texts["entries"][entry_id]["columns"]
        return {"id": entry_id, "title": self.field(entry_id, "title"), "text": self.field(entry_id, "text"),
                "headers": [columns[c] if isinstance(c, str) else babel_decimal(c, locale=self.lang)
                            for c in table["columns"]],
                "rows": [[self.computed_cell(row[c], columns, table.get("signed") and c != table["columns"][0])
                          for c in table["columns"]] for row in table["rows"]],
                "chart": self.chart(table, columns) if table.get("chart") else None}

    def computed_cell(self, value, words: dict, signed: bool) -> str:
        if isinstance(value, str):
            return words[value]
        if value is None:
            return "–"
        if signed and value:
            return ("+" if value > 0 else "−") + format_cell(abs(value), self.lang)
        return format_cell(value, self.lang)

    def chart(self, table: dict, columns: dict) -> dict:
        """The bars of a computed table's chart column (values 0–1), labelled by its first column."""
        key, label_key = table["chart"], table["columns"][0]
        step = CHART["bar_height"] + CHART["gap"]
        bars = []
        for i, row in enumerate(table["rows"]):
            length = float(row[key]) * (CHART["width"] - CHART["left"] - CHART["right"])
            bars.append({"y": i * step, "label": str(row[label_key]), "length": f"{length:.1f}",
                         "value_x": f"{CHART['left'] + length + 6:.1f}", "value": format_percent(row[key], self.lang)})
        return {**CHART, "height": len(table["rows"]) * step, "bars": bars,
                "title": f"{columns[key]} ({columns[label_key]})"}
