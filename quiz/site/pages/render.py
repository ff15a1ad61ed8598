"""Turns the validated content into the Markdown pages of every language: Python gathers each page's texts (filled in,
never markup), the Jinja2 templates in quiz/site/templates/ make the markup, escaping every value."""
from __future__ import annotations

import functools
import itertools
import json
import re
from fractions import Fraction
from pathlib import Path

import rcssmin
from babel import Locale
from babel.numbers import format_decimal as babel_decimal
from babel.numbers import format_percent as babel_percent
from babel.units import format_unit
from markupsafe import Markup

from quiz.site import anki, answers, speech
from quiz.site.practice import Practice
from quiz.site.content import (BROWSER_PLACEHOLDERS, GENERATOR_PLACEHOLDERS, SAME_AT_EVERY_TABLE, Game, Question,
                               Section, Site)
from quiz.site.languages import site_languages
from quiz.site.memo import Memo
from quiz.site.page_units import Units
from quiz.site.rulesets import ADDRESS_KEY, choices_of
from quiz.site.sets_page import SetWords
from quiz.site.table_answers import varies
from quiz.site.templating import render, templates

PRACTICE_FILE = "practice.json"
RULES_FILE = "rules.json"
# a game's data files at each scoring table (the calculator's): fetched when a table needs one
AT_TABLES = "at-tables"
BELIEFS_FILE = "beliefs.json"
# The quiz texts docs/assets/quiz.js shows (its ui.<key>; a test keeps the two in step): only these ride in the page's
# data-ui, not every text the templates already wrote into the page. The words of the wrong beliefs are not among them:
# they are fetched (BELIEFS_FILE) when a player first touches a question.
SCRIPT_TEXTS = ("answer", "right", "wrong", "did_not_know", "empty_answer", "next", "marked", "to_reread",
                "you_missed", "practice_unavailable", "storage_unavailable", "anki_offline", "your_answer",
                "not_a_number", "believed", "learned", "cleared", "undo", "other_rules")
RULE_SET_TEXTS = ("other_rules",)    # only a game with rule sets needs these (the first load of others has no room)
WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
# The macro of sections.md.j2 that draws each section kind.
SECTION_MACROS = {
    "summary": "paragraphs", "exceptions": "exceptions", "turn": "titled", "numbers": "numbers", "forget": "forget",
    "variant": "variant", "remember": "remember", "sources": "paragraphs", "calculator": "calculator",
    "computed-table": "computed_table", "sentences": "ordered", "goal": "paragraphs", "setup": "paragraphs",
    "round": "ordered", "scoring": "ordered", "end": "paragraphs", "mistakes": "mistakes", "teach-source": "paragraphs",
    "rule-sets": "rule_sets", "score-sheet": "score_sheet",
}
# Section macros that give their section a heading with the section kind as its anchor: the refresher's jump bar.
HEADED_MACROS = {"paragraphs", "titled", "numbers", "forget", "variant", "remember", "ordered", "mistakes", "rule_sets"}
# A score sheet's texts the page needs before its cards are fetched (the rest ride in its JSON file with the cards).
SHEET_PAGE_TEXTS = ("no_data", "unkept", "corrupt")
SHEET_STYLE = Path(__file__).resolve().parent / "templates" / "score-sheet.css"
# Pictures drawn as a block of their own, not inside the line (see laid_out()).
BLOCK_PICTURES = {"cards"}
LEADING_PUNCTUATION = re.compile(r"^[\s.,;:]+")
# Material's search weight per page kind: a rule's explanation before the questions about it.
SEARCH_BOOST = {"refresher": 2}
CHART = {"width": 320, "bar_height": 22, "gap": 8, "left": 34, "right": 70}


def format_decimal(value: Fraction, lang: str) -> str:
    """A decimal with one place, as the language writes it (Babel, CLDR)."""
    return babel_decimal(float(value), format="#,##0.0", locale=lang)


def format_percent(value: Fraction, lang: str) -> str:
    """A share as a percent with one place, in the language's own percent pattern ("44,4 %", "%44,4")."""
    pattern = Locale.parse(lang).percent_formats[None].pattern.replace("#,##0", "#,##0.0", 1)
    return babel_percent(float(value), format=pattern, locale=lang)


def format_cell(value, lang: str) -> str:
    """A computed value: a whole number, or a fraction shown exactly and as a percent (chances) or decimal; a fraction
    of 0 is a chance that is none (6 dice never farkle where six dead dice score), shown as a percent like its
    column."""
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


@functools.cache
def sheet_style() -> Markup:
    """A score sheet's style, minified, for its page only (other pages' first load has no room for it)."""
    return Markup(rcssmin.cssmin(SHEET_STYLE.read_text(encoding="utf-8")))


@functools.lru_cache(maxsize=8192)   # `mkdocs serve` draws the same variants again after every edit
def _drawn(segments_json: str) -> str:
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


class Writer:
    """Gathers one game's pages in one language: the data each template draws."""

    def __init__(self, site: Site, game: Game, lang: str, site_url: str = "", deck_time: int = 0):
        self.site, self.game, self.lang = site, game, lang
        self.site_url, self.deck_time = site_url, deck_time  # where the Anki cards link to; their notes' change time
        self.ui = site.ui[lang]
        self.texts = game.texts[lang]
        self.values = game.values()
        self.wording = game.wording(lang)
        self.units = Units(game, lang) if game.rule_sets is not None else None

    def fill(self, text: str, extra: dict | None = None) -> str:
        """A text with its placeholders filled in; those a calculator fills in the browser stay as they are."""
        return self.wording.fill(text, {**self.values, **{name: f"{{{name}}}" for name in BROWSER_PLACEHOLDERS},
                                        **(extra or {})})

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

    def section(self, section: Section) -> dict:
        own = self.texts.get("headings") or {}
        data = {"kind": section.kind, "macro": SECTION_MACROS[section.kind], "quiz": self.ui["quiz"],
                "heading": self.fill(own.get(section.kind) or self.ui["sections"].get(section.kind, "")),
                "entries": [self.entry(e, section.kind not in SAME_AT_EVERY_TABLE) for e in section.entries]
                if section.kind != "score-sheet" else []}
        if section.kind == "numbers":
            labels = self.ui["labels"]
            data["labels"] = {"rule": own.get("numbers_rule", labels["rule"]),
                              "value": own.get("numbers_value", labels["value"]), "pages": labels["pages"]}
            data["with_refs"] = self.game.rulebook is not None
            options = self.game.rule_sets.base.OPTIONS if self.game.rule_sets is not None else None
            if options and self.units.table("numbers", (options,), self.numbers_at):
                data["u"] = "numbers"
        elif section.kind == "forget":
            data.update(intro=self.ui["sections"]["forget_intro"], labels=self.ui["labels"],
                        progress=bool(self.game.questions))
            made = {e["id"]: e for e in data["entries"]}
            data["entries"] = [{**made[e.id], "rank": e.rank} for e in sorted(section.entries, key=lambda e: e.rank)]
        elif section.kind == "remember":
            remember = sorted((q for q in self.game.questions if q.remember), key=self.quick_first)
            data["questions"] = [self.question(q, "#") for q in remember]
        elif section.kind == "calculator":
            tools = self.game.presentation.calculators()
            for entry, texts in zip(section.entries, data["entries"]):
                texts["ui"] = {name: value for name, value in texts.items()
                               if isinstance(value, str) and name not in ("id", "ref", "title_colon")}
                texts.update(tools[entry.id])
                if "race" in texts:     # a file it fetches by name (Presentation.fetched_files), where it has one,
                    texts["race"] = self.at_tables_address() + texts["race"] if texts["race"] else ""
                    texts["race_script"] = self.root_address() + "assets/race.js"
                if tools[entry.id].get("left_word"):      # the dice left, counted in the page's words (plural forms)
                    texts["ui"]["left_forms"] = self.texts["words"][tools[entry.id]["left_word"]]
        elif section.kind == "computed-table":
            data["tables"] = [self.computed_table(e) for e in section.entries]
            for table in data["tables"]:
                if self.units is not None and self.units.table(
                        table["id"], self.units.presentation_reads(lambda presentation: presentation.computed_tables()),
                        lambda facts, entry_id=table["id"]: self.computed_rows(entry_id, self.game.at_table(facts)[1])):
                    table["u"] = table["id"]
        elif section.kind == "score-sheet":
            data.update(sheets=[self.score_sheet(e) for e in section.entries], style=sheet_style())
        elif section.kind == "rule-sets":
            data["heading"] = self.field(section.entries[0].id, "title")
            data.update(self.set_words().page(), labels={**self.ui["rule_sets"], "colon": self.ui["labels"]["colon"]})
        return data

    def set_words(self) -> SetWords:
        """The words of the game's rule sets in this language (the game has some: sets.yml)."""
        return SetWords(self.game.rule_sets, self.texts, self.ui, self.lang, self.fill,
                        lambda facts: self.game.at_table(facts)[1].named_plainly())

    def quick_first(self, question: Question) -> tuple:
        """"Do you remember?" opens with the question answered fastest, as seed 000's five-second one: a yes/no before
        the others, a short text (in the default language, so every language asks in the same order) before a long
        one."""
        text = self.game.worded[question.id][self.site.default_language]["text"]
        return question.kind != "yesno", len(text.split())

    def sections(self, page: str) -> list[dict]:
        made = [self.section(s) for s in self.game.pages[page]]
        for sheet in (sheet for data in made for sheet in data.get("sheets", ())):
            sheet["file"] = ("" if page == "refresher" else "../") + sheet["file"]     # next to the refresher
        return made

    # --- a score sheet: the page's controls, and its cards and texts in a file fetched when the sheet is first used --

    def sheet_texts(self, entry_id: str) -> dict[str, str]:
        """A score sheet's texts: the facts filled in, what its script fills in ({card}, {fame}, …) left as it is."""
        return {field: self.fill(text, {name: f"{{{name}}}" for name in GENERATOR_PLACEHOLDERS.get(field, ())})
                for field, text in self.texts["entries"][entry_id].items()}

    def score_sheet(self, entry) -> dict:
        """The sheet as the page draws it: two players (the second hidden until asked for), a field for each round's
        Region, the texts its script shows before its file is in."""
        texts, raw = self.sheet_texts(entry.id), self.texts["entries"][entry.id]
        return {"id": entry.id, "file": f"{entry.id}.json", "texts": texts, "store": f"rr-sheet-{self.game.id}",
                "players": [self.fill(raw["player"], {"player": n}) for n in (1, 2)],
                "rounds": [(n, self.fill(raw["round"], {"round": n}))
                           for n in range(1, self.sheet_tools()[entry.id]["rounds"] + 1)],
                "ui": {name: texts[name] for name in SHEET_PAGE_TEXTS}}

    def sheet_tools(self) -> dict[str, dict]:
        """The presentation's score sheets in this language (score_sheets()): cards, their words, a row's length."""
        if "_sheet_tools" not in self.__dict__:
            self._sheet_tools = self.game.presentation.score_sheets(self.texts.get("words") or {}, self.wording)
        return self._sheet_tools

    def score_sheet_files(self) -> dict[str, str]:
        """Each score sheet's file in this language: its cards, their words and the sheet's texts (score_sheets())."""
        return {f"{self.game.id}/{entry.id}.json": json.dumps(
                    {**self.sheet_tools()[entry.id], "lang": self.lang, "ui": self.sheet_texts(entry.id)},
                    ensure_ascii=False, separators=(",", ":"))
                for sections in self.game.pages.values() for section in sections if section.kind == "score-sheet"
                for entry in section.entries}

    # --- questions ----------------------------------------------------------------------------------------------------

    def question(self, question: Question, rule_href: str) -> dict:
        """One question as the page shows it; its answer waits in a <details>."""
        worded = self.game.worded[question.id][self.lang]
        options = answers.options(question, question.answer)
        return {"id": question.id, "rule": question.rule, "kind": question.kind, "options": options,
                "answer_json": json.dumps(answers.format_answer(question.answer), ensure_ascii=False),
                # the wrong beliefs it catches, belief -> its answer (their rule is the question's): the page's first
                # load has room for these, not for their words
                "beliefs_json": json.dumps({b["belief"]: b["answer"] for b in worded["beliefs"]}, ensure_ascii=False,
                                           separators=(",", ":")),
                "text": worded["text"], "segments": laid_out(worded["segments"]), "label": worded["label"],
                "why": worded["why"], "rule_href": f"{rule_href}{question.rule}", "rule_link": self.rule_link(question)}

    @staticmethod
    def believed(worded: dict) -> list[dict]:
        """The wrong beliefs a question or variant catches, as the page compares a player's answer with them."""
        return [{"answer": b["answer"], "rule": b["rule"], "belief": b["belief"]} for b in worded["beliefs"]]

    def diagnoses(self) -> dict[str, dict]:
        """The words of each wrong belief the game's questions can catch, with the right rule to set against it: belief
        name -> {"wrong", "right"}. Not on the pages (the first load has no room for them): in BELIEFS_FILE."""
        words = {}
        for belief in self.game.checker.beliefs():
            if belief.name in words:
                continue
            wrong = (self.field(belief.entry, "wrong") if belief.name == belief.entry
                     else self.fill(self.texts["beliefs"][belief.name]))
            words[belief.name] = {"wrong": wrong, "right": self.field(belief.entry, "right")}
        return words

    def rule_link(self, question: Question) -> str:
        """"Read the rule: <its title>"."""
        return self.ui["quiz"]["read_rule"] + self.ui["labels"]["colon"] + self.field(question.rule, "title")

    def rule_named(self, question: Question) -> str:
        """"Rule: <its title>", where there is no link to follow (an Anki card of a site built without SITE_URL)."""
        return self.ui["quiz"]["rule_named"] + self.ui["labels"]["colon"] + self.field(question.rule, "title")

    def controls(self, kind: str, options: list[str], input_id: str) -> str:
        return str(templates().get_template("parts.md.j2").module.controls(kind, options, input_id, self.ui["quiz"]))

    @staticmethod
    def drawn_text(segments: list) -> str:
        """A question's text with its pictures, as the page's own questions show it (the same macro)."""
        return _drawn(json.dumps(segments, ensure_ascii=False, sort_keys=True))

    def practice_pool(self) -> str:
        """Checker-answered, legal variants of every question with ranges, worded in this language by the bank; and
        the words of every stated question, which the refresher shows under a rule whose question was missed."""
        items, controls = [], {}
        for question in self.game.questions:
            for variant in self.game.practice.get(question.id, Practice()).variants:
                worded = variant["worded"][self.lang]
                options = answers.options(question, variant["answer"])
                key = question.kind + ":" + "|".join(options)
                if key not in controls:   # a few kinds of control serve hundreds of variants
                    controls[key] = self.controls(question.kind, options, "rr-in-practice")
                item = {
                    "id": answers.variant_id(question, variant), "q": question.id, "rule": question.rule,
                    "kind": question.kind, "controls": key, "text": worded["text"], "why": worded["why"],
                    "rule_link": self.rule_link(question), "answer": answers.format_answer(variant["answer"]),
                    "label": worded["label"],
                }
                if worded["beliefs"]:
                    item["beliefs"] = self.believed(worded)
                if worded["segments"]:
                    item["html"] = self.drawn_text(worded["segments"])
                if varies(variant.get("tables")):
                    item["t"] = self.at_tables(variant["tables"], worded)
                items.append(item)
        stated = {}
        for q in self.game.questions:
            worded = self.game.worded[q.id][self.lang]
            stated[q.id] = {"text": worded["text"], "why": worded["why"]}
            if varies(self.game.tables.get(q.id)):
                stated[q.id]["t"] = self.at_tables(self.game.tables[q.id], worded)
        return json.dumps({"game": self.game.id, "lang": self.lang, "controls": controls, "variants": items,
                           "stated": stated}, ensure_ascii=False, separators=(",", ":"))

    def at_tables(self, tables: dict, worded: dict) -> dict:
        """A question's answers at every table, as the page's script looks them up: "n" names the facts they depend on
        (rules.json lists every key of them in order), "g" each key's group (-1: no question at that table), "x" the
        groups after the default's: answer, label, text, why and the wrong beliefs' answers."""
        names = tables["names"]
        keys = self.game.rule_sets.projections(names)
        self.units.at_each(names)                       # rules.json lists these keys
        groups = []
        for group in tables["groups"][1:]:
            if group["words"] is None:       # its answer, for naming the rules a wrong answer comes from; not asked
                groups.append({"answer": answers.format_answer(group["answer"]), "hidden": 1})
                continue
            words = group["words"][self.lang]
            found = {"answer": answers.format_answer(group["answer"]), "label": words["label"], "why": words["why"],
                     "beliefs": self.believed(words)}
            if words["text"] != worded["text"]:
                found["text"] = words["text"]
                if words["segments"]:
                    found["html"] = self.drawn_text(words["segments"])
            groups.append(found)
        return {"n": ",".join(names), "g": [tables["by"][key] for key in keys], "x": groups}

    # --- the Anki deck ------------------------------------------------------------------------------------------------

    def deck_file(self) -> str:
        return f"{self.game.id}-{self.lang}.apkg"

    def anki_cards(self) -> list[anki.Card]:
        """Every stated question and every practice variant, as the pages word them, linking to its rule online."""
        answer = self.ui["quiz"]["answer"]
        diagnoses = self.diagnoses()
        home = (self.site_url.rstrip("/") + "/" + site_languages().prefix(self.lang) + self.game.id + "/#"
                if self.site_url else "")
        cards = []
        for question in self.game.questions:
            worded = self.game.worded[question.id][self.lang]
            stated = [("stated", worded)]
            variants = [(answers.variant_id(question, v), v["worded"][self.lang])
                        for v in self.game.practice.get(question.id, Practice()).variants]
            for key, texts in stated + variants:
                cards.append(anki.Card(
                    key=key if key != "stated" else f"{question.id}:stated", question=texts["text"],
                    answer=f"{answer} {texts['label']}",
                    why=texts["why"], rule_text=self.rule_link(question) if home else self.rule_named(question),
                    rule_url=home + question.rule if home else "",
                    tags=(question.rule, "stated" if key == "stated" else "practice"),
                    beliefs=tuple(self.ui["quiz"]["believed_card"].format(answer=b["label"],
                                                                          wrong=diagnoses[b["belief"]]["wrong"])
                                  for b in texts["beliefs"])))
        return cards

    def anki_deck(self) -> bytes:
        """The deck of the default rules; a game with rule sets says so in its description (one deck, not one a set)."""
        name = f"{self.ui['site_name']}::{self.texts['name']} · {site_languages().name(self.lang)}"
        description = self.plain("quiz_description")
        if self.game.rule_sets is not None:
            description += " " + self.fill(self.ui["rule_sets"]["deck_note"],
                                           {"default": self.set_words().set_name(self.game.rule_sets.default)})
        return anki.deck_bytes(f"{self.game.id}:{self.lang}", name, description, self.anki_cards(), self.deck_time)

    def size_label(self, size: int) -> str:
        """A file size as the language writes it ("48 kB", "48 ko")."""
        return format_unit(max(1, round(size / 1000)), "digital-kilobyte", locale=self.lang, length="short")

    # --- computed by the checker ------------------------------------------------------------------------------------

    def numbers_at(self, facts) -> list[list[str]]:
        """The scoring table's rows at a table: each option it scores, named as the numbers table or the rule sets name
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

    # --- pages --------------------------------------------------------------------------------------------------------

    def spoken_text(self) -> str:
        """Everything the host reads aloud on the teach page, as plain text."""
        parts = []
        for section in self.game.pages["teach"]:
            if section.spoken:
                for entry in section.entries:
                    texts = entry.texts_at(self.texts["entries"][entry.id], self.values)
                    parts.extend(self.fill(v) for v in texts.values() if isinstance(v, str))
        return "\n".join(parts)

    def page(self, name: str) -> dict:
        """What every page has: its title, description and intro, the site texts, the game, the scripts it needs."""
        return {"title": self.plain(f"{name}_title"), "description": self.plain(f"{name}_description"),
                "intro": self.plain(f"{name}_intro"), "ui": self.ui, "quiz": self.ui["quiz"], "game": self.game.id,
                "script_texts": {key: self.ui["quiz"][key] for key in SCRIPT_TEXTS
                                 if key not in RULE_SET_TEXTS or self.game.rule_sets is not None},
                "search_boost": SEARCH_BOOST.get(name), "scripts": self.scripts(name), "playing": self.playing(name)}

    def playing(self, name: str) -> dict | None:
        """The line under the title of a game with rule sets: what the page follows, and the link to choose."""
        if self.game.rule_sets is None:
            return None
        on_rules_page = any(s.kind == "rule-sets" for s in self.game.pages.get(name, []))
        page = next((p for p, sections in self.game.pages.items()
                     if any(s.kind == "rule-sets" for s in sections)), None)
        return {"game": self.game.id, "label": self.ui["rule_sets"]["playing"],
                "now": self.set_words().set_name(self.game.rule_sets.default), "change": self.ui["rule_sets"]["change"],
                "link": ("" if name == "refresher" else "../") + f"{page}/" if page and not on_rules_page else None,
                "default": self.game.rule_sets.default,
                "file": RULES_FILE if name == "refresher" else f"../{RULES_FILE}", "chooser": on_rules_page,
                "script": "../" * (site_languages().prefix(self.lang).count("/") + (name != "refresher") + 1)
                          + "assets/rules.js"}

    def scripts(self, name: str) -> list[str]:
        """quiz.js where the page asks questions, dice.js where it has a calculator; nothing else loads them."""
        sections = self.game.pages.get(name, [])
        asks = name == "quiz" or (name == "refresher" and bool(self.game.questions))
        return ((["quiz.js"] if asks else []) + (["dice.js"] if any(s.kind == "calculator" for s in sections) else [])
                + (["sheet.js"] if any(s.kind == "score-sheet" for s in sections) else []))

    @staticmethod
    def jumps(sections: list[dict]) -> list[dict]:
        """The jump bar: every heading a section puts on the page, in page order."""
        links = []
        for section in sections:
            if section["macro"] in HEADED_MACROS and section["heading"] and section.get("questions", True):
                links.append({"href": "#" + section["kind"], "text": section["heading"]})
            elif section["macro"] == "calculator":
                links.extend({"href": "#" + e["id"], "text": e["title"]} for e in section["entries"])
        return links

    def refresher(self) -> str:
        sections = self.sections("refresher")
        page = {**self.page("refresher"), "marker": bool(self.game.questions), "jumps": self.jumps(sections),
                "beliefs_file": f"quiz/{BELIEFS_FILE}", "questions_file": f"quiz/{PRACTICE_FILE}",
                "teach_link": self.ui["labels"]["teach_link"], "sections": sections,
                # an extra page the game's texts give a link to (<name>_link), beside the teach page's
                "extra_links": [{"text": self.plain(f"{name}_link"), "target": f"{name}.md"}
                                for name in self.game.extra_pages() if f"{name}_link" in self.texts]}
        return render("refresher.md.j2", page=page)

    def teach(self) -> str:
        spoken = self.spoken_text()
        read_aloud = self.fill(self.ui["labels"]["read_aloud"], {
            "seconds": speech.spoken_seconds(spoken, self.lang), "syllables": speech.syllables(spoken, self.lang),
            "rate": round(speech.SYLLABLES_PER_SECOND * 60)})
        return render("teach.md.j2", page={**self.page("teach"), "read_aloud": read_aloud,
                                           "sections": self.sections("teach")})

    def quiz(self, deck_size: int) -> str:
        forget = [e for s in self.game.pages["refresher"] if s.kind == "forget" for e in s.entries]
        groups = []
        for entry in sorted(forget, key=lambda e: e.rank):
            questions = [self.question(q, "../#") for q in self.game.questions if q.rule == entry.id]
            if questions:
                groups.append({"rule": entry.id, "title": self.field(entry.id, "title"), "questions": questions})
        anki_link = self.fill(self.ui["quiz"]["anki_link"], {"size": self.size_label(deck_size)})
        # the deck's cards link to their rules only where the site knows its address: the page promises what they hold
        anki_intro = self.ui["quiz"]["anki_intro" if self.site_url else "anki_intro_named"]
        return render("quiz.md.j2", page={**self.page("quiz"), "practice_file": PRACTICE_FILE, "groups": groups,
                                          "beliefs_file": BELIEFS_FILE, "anki_intro": anki_intro,
                                          "deck": {"file": self.deck_file(), "link": anki_link}})

    def extra_page(self, name: str) -> str:
        return render("extra.md.j2", page={**self.page(name), "sections": self.sections(name)})

    def pages(self) -> dict[str, str | bytes]:
        game = self.game.id
        pages: dict[str, str | bytes] = {f"{game}/index.md": self.refresher(), f"{game}/teach.md": self.teach()}
        if self.game.questions:
            deck = self.anki_deck()
            pages[f"{game}/quiz.md"] = self.quiz(len(deck))
            pages[f"{game}/quiz/{PRACTICE_FILE}"] = self.practice_pool()
            pages[f"{game}/quiz/{BELIEFS_FILE}"] = json.dumps(self.diagnoses(), ensure_ascii=False,
                                                              separators=(",", ":"))
            pages[f"{game}/quiz/{self.deck_file()}"] = deck
        for name in self.game.extra_pages():
            pages[f"{game}/{name}.md"] = self.extra_page(name)
        for file_name, data in self.game.presentation.data_files().items():
            pages[f"{game}/{file_name}"] = json.dumps(data, separators=(",", ":"))
        pages.update(self.score_sheet_files())
        pages.update(self.fetched_files())
        if self.game.rule_sets is not None:
            pages.update(self.files_at_tables())
            pages[f"{game}/{RULES_FILE}"] = self.rules_file()      # last: the other files add their keys to it
        return pages

    # --- rule sets: what the page's script needs to follow a table's choice ----------------------------------------

    def files_at_tables(self) -> dict[str, str]:
        """The presentation's data files (the calculator's table of every roll) at every table whose facts they read
        differ, once, under the default language's game folder: <game>/at-tables/<file stem>-<n>.json, n the key's
        place among rules.json's keys of those facts. Every language's rules.json points there; the service worker
        saves one when a page first fetches it, not with the language."""
        names = tuple(sorted(set(self.units.presentation_reads(lambda p: p.data_files())) & self.units.varying))
        if not names:
            return {}
        self.units.at_each(names)            # rules.json lists these keys
        if self.lang != self.site.default_language:
            return {}
        files = {}
        for number, facts in enumerate(self.units.at_each(names)):
            for file_name, data in self.game.at_table(facts)[1].data_files().items():
                stem = file_name.rsplit(".", 1)[0]
                files[f"{self.game.id}/{AT_TABLES}/{stem}-{number}.json"] = json.dumps(data, separators=(",", ":"))
        return files

    def fetched_files(self) -> dict[str, str | bytes]:
        """The files a calculator fetches by name (Presentation.fetched_files) at the game's own table and at each rule
        set's, once, under the default language's game folder beside the data files at every table."""
        if self.lang != self.site.default_language:
            return {}
        tables = [self.game.checker.facts] + ([self.game.rule_sets.facts(self.game.rule_sets.table(set_id))
                                               for set_id in self.game.rule_sets.sets] if self.game.rule_sets else [])
        return {f"{self.game.id}/{AT_TABLES}/{file_name}": data for facts in dict.fromkeys(tables)  # the default once
                for file_name, data in self.game.at_table(facts)[1].fetched_files().items()}

    def root_address(self) -> str:
        """The site's root, from the game's pages (<language prefix><game>/)."""
        return "../" * (1 + site_languages().prefix(self.lang).count("/"))

    def at_tables_address(self) -> str:
        """Where the game's files at every table are, from its pages (under the default language's game folder)."""
        return self.root_address() + f"{self.game.id}/{AT_TABLES}/"

    def rules_file(self) -> str:
        """rules.json: the sets and house rules as the script works a table's values out from its choice (the same
        way rulesets.RuleSets.values does), their names in this language, every page text that differs between tables
        (page_units), and where the data files are at each scoring table."""
        rule_sets, words = self.game.rule_sets, self.set_words()
        options_field, option_rules = rule_sets.base.OPTIONS, rule_sets.option_rules()
        sets = {}
        for set_id in rule_sets.sets:
            values = rule_sets.values(rule_sets.table(set_id))
            races = [tool.get("race") for tool in self.game.at_table(rule_sets.facts(rule_sets.table(set_id)))[1]
                     .calculators().values() if tool.get("race")]
            sets[set_id] = {"name": words.set_name(set_id),
                            "values": {name: value for name, value in values.items() if name != options_field},
                            "bits": [rule.value_in(rule_sets.set_facts(set_id)) for rule in option_rules],
                            "race": races[0] if races else ""}
        house = [{"id": rule.id, "name": words.house_name(rule),
                  **({"fact": rule.fact} if rule.fact else {"option": option_rules.index(rule)}),
                  "choices": [[value, words.choice(rule, value)] for value in choices_of(rule)]}
                 for rule in rule_sets.house_rules]
        options = {f"{set_id}|{''.join(str(int(bit)) for bit in bits)}": rule_sets.options_id(set_id, bits)
                   for set_id in rule_sets.sets for bits in itertools.product((False, True), repeat=len(option_rules))
                   } if options_field else {}
        names = ",".join(sorted(set(self.units.presentation_reads(lambda p: p.data_files())) & self.units.varying))
        files = {name: {"n": names, "at": self.at_tables_address() + f"{name.rsplit('.', 1)[0]}-"}
                 for name in self.game.presentation.data_files()} if names else {}
        return json.dumps({"game": self.game.id, "default": rule_sets.default, "address": ADDRESS_KEY,
                           "at_tables": self.at_tables_address(),
                           "colon": self.ui["labels"]["colon"],
                           "options_field": options_field, "sets": sets, "house": house, "options": options,
                           "files": files, **self.units.data()}, ensure_ascii=False, separators=(",", ":"))


def home(site: Site, lang: str) -> str:
    games = [{"id": game.id, "name": game.texts[lang]["name"], "quiz": bool(game.questions),
              "extra_pages": [{"name": name, "title": Writer(site, game, lang).plain(f"{name}_title")}
                              for name in game.extra_pages()]}
             for game in site.games]
    return render("home.md.j2", ui=site.ui[lang], games=games)


def practice_drawn(game: Game) -> str:
    """Which practice variants a game keeps (their ids), without their words: which variants survive depends on how
    every language words them (practice.drop_repeated_variants), so one language's pages depend on the others' texts."""
    return repr([(question.id, [answers.variant_id(question, variant)
                                for variant in game.practice[question.id].variants])
                 for question in game.questions if question.id in game.practice])


def render_site(site: Site, site_url: str = "", deck_time: int = 0, memo: Memo | None = None) -> dict[str, str | bytes]:
    """Every generated file: path under docs/ (starting with the language) -> Markdown, JSON, or an Anki deck's bytes.
    site_url is where the Anki cards link to; deck_time their notes' change time (see generate.content_time).
    memo (a build's): a game's pages and deck in one language are taken from it while everything they are made of is
    unchanged — the game's files in that language and the default one, their interface texts, the practice pool as
    drawn, the languages' names, the game's code and the site's — and kept in it."""
    pages: dict[str, str | bytes] = {}
    languages = site_languages()
    for lang in site.languages:
        pages[f"{lang}/index.md"] = home(site, lang)
        for game in site.games:
            key = memo and memo.pages_key(site.root, game.dir, lang, site.default_language, languages,
                                          practice_drawn(game), site_url, deck_time)
            game_pages = memo.get(key) if memo else None
            if game_pages is None:
                game_pages = Writer(site, game, lang, site_url, deck_time).pages()
                if memo:
                    memo.put(key, game_pages)
            for path, text in game_pages.items():
                pages[f"{lang}/{path}"] = text
    return pages
