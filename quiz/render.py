"""Turns the validated rules/ content into the Markdown pages of every language (refresher, teach, home)."""
from __future__ import annotations

import html
import json
import re
from fractions import Fraction

from babel import Locale
from babel.numbers import format_decimal as babel_decimal
from babel.numbers import format_percent as babel_percent

from quiz import bank
from quiz.content import LANGUAGES, WORDS_PER_MINUTE, Game, Section, Site

PRACTICE_FILE = "practice.json"
CALCULATOR_FILE = "rolls.json"
WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


def format_decimal(value: Fraction, lang: str) -> str:
    """A decimal with one place, as the language writes it (Babel, CLDR)."""
    return babel_decimal(float(value), format="#,##0.0", locale=lang)


def format_percent(value: Fraction, lang: str) -> str:
    """A share as a percent with one place, in the language's own percent pattern ("44,4 %", "%44,4")."""
    pattern = Locale.parse(lang).percent_formats[None].pattern.replace("#,##0", "#,##0.0", 1)
    return babel_percent(float(value), format=pattern, locale=lang)


def format_cell(value, lang: str) -> str:
    """A computed value: a whole number, or a fraction shown exactly and as a percent (chances) or decimal."""
    if isinstance(value, Fraction) and value.denominator != 1:
        if value < 1:
            return f"{value.numerator}/{value.denominator} ≈ {format_percent(value, lang)}"
        return f"≈ {format_decimal(value, lang)}"
    return babel_decimal(int(value), locale=lang)


def escape(text: str) -> str:
    """YAML text is data, never markup: HTML special characters are shown as text."""
    return html.escape(text, quote=True)


def front_matter(title: str, description: str) -> str:
    return f"---\ntitle: {json.dumps(title, ensure_ascii=False)}\ndescription: {json.dumps(description, ensure_ascii=False)}\n---\n\n"


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


def spoken_words(text: str) -> int:
    return len(WORD.findall(text))


class Writer:
    """Renders one game's pages in one language."""

    def __init__(self, site: Site, game: Game, lang: str):
        self.site, self.game, self.lang = site, game, lang
        self.ui = site.ui[lang]
        self.texts = game.texts[lang]
        self.values = game.values()
        self.wording = game.wording(lang)

    def fill(self, text: str, extra: dict | None = None) -> str:
        return self.wording.fill(text, {**self.values, **(extra or {})})

    def field(self, entry_id: str, field: str) -> str:
        return escape(self.fill(self.texts["entries"][entry_id][field]))

    def titled_colon(self, entry_id: str) -> str:
        """An entry's title and the colon as its language writes it ("Titre :" in French)."""
        return self.field(entry_id, "title").rstrip() + escape(self.ui["labels"]["colon"].rstrip())

    def has(self, entry_id: str, field: str) -> bool:
        return field in self.texts["entries"][entry_id]

    def plain(self, key: str) -> str:
        return self.fill(self.texts[key])

    def heading(self, kind: str) -> str:
        own = self.texts.get("headings") or {}
        return escape(own.get(kind) or self.ui["sections"][kind])

    def ref(self, pages: tuple[int, ...]) -> str:
        if not pages or not self.game.rulebook:
            return ""
        label = self.fill(self.texts["rulebook_ref"], {"pages": page_span(pages)})
        return f'<span class="rr-ref">{escape(label)}</span>'

    def section_heading(self, section: Section) -> str:
        return f"## {self.heading(section.kind)} {{ #{section.kind} }}\n\n"

    # --- refresher sections ---------------------------------------------------------------------------------------

    def paragraphs(self, section: Section) -> str:
        out = self.section_heading(section)
        for entry in section.entries:
            out += f"{self.field(entry.id, 'text')}\n\n"
        return out

    def exceptions(self, section: Section) -> str:
        out = ""
        for entry in section.entries:
            body = self.field(entry.id, "text")
            out += f'!!! note "{self.field(entry.id, "title")}"\n\n    {body}\n\n'
        return out

    def titled(self, section: Section) -> str:
        out = self.section_heading(section)
        for entry in section.entries:
            ref = self.ref(entry.pages)
            out += f"### {self.field(entry.id, 'title')} {{ #{entry.id} }}\n\n{self.field(entry.id, 'text')}"
            out += f" {ref}\n\n" if ref else "\n\n"
        return out

    def numbers(self, section: Section) -> str:
        own = self.texts.get("headings") or {}
        labels = {**self.ui["labels"], "rule": own.get("numbers_rule", self.ui["labels"]["rule"]),
                  "value": own.get("numbers_value", self.ui["labels"]["value"])}
        with_refs = self.game.rulebook is not None
        out = self.section_heading(section)
        out += f"| {escape(labels['rule'])} | {escape(labels['value'])} |" + (f" {escape(labels['pages'])} |" if with_refs else "") + "\n"
        out += "|---|---|" + ("---|" if with_refs else "") + "\n"
        for entry in section.entries:
            row = f"| {self.field(entry.id, 'label')} | {self.field(entry.id, 'value')} |"
            out += row + (f" {self.ref(entry.pages)} |" if with_refs else "") + "\n"
        return out + "\n"

    def wrong_right(self, entry_id: str, ref: str = "") -> str:
        labels = self.ui["labels"]
        out = ""
        if self.has(entry_id, "wrong"):
            out += f'<p class="rr-wrong"><strong>{escape(labels["wrong"])}</strong> {self.field(entry_id, "wrong")}</p>\n'
        out += f'<p class="rr-right"><strong>{escape(labels["right"])}</strong> {self.field(entry_id, "right")}'
        return out + (f" {ref}" if ref else "") + "</p>\n"

    def forget(self, section: Section) -> str:
        out = self.section_heading(section) + f"{escape(self.ui['sections']['forget_intro'])}\n\n"
        out += self.progress_box() if self.game.questions else ""
        for entry in sorted(section.entries, key=lambda e: e.rank):
            out += f'<section class="rr-forget" id="{entry.id}" markdown>\n\n'
            out += f"### {self.field(entry.id, 'title')}\n\n{self.wrong_right(entry.id, self.ref(entry.pages))}"
            out += "\n</section>\n\n"
        return out

    def variant(self, section: Section) -> str:
        out = self.section_heading(section)
        for entry in section.entries:
            ref = self.ref(entry.pages)
            out += f"**{self.titled_colon(entry.id)}** {self.field(entry.id, 'text')}" + (f" {ref}" if ref else "") + "\n\n"
        return out

    def remember(self, section: Section) -> str:
        chosen = [q for q in self.game.questions if q.remember]
        if not chosen:
            return ""
        quiz = self.ui["quiz"]
        out = self.section_heading(section) + f"{escape(quiz['remember_intro'])}\n\n"
        out += "".join(self.question(q, rule_href="#") for q in chosen)
        return out + f"\n[{escape(quiz['quiz_link'])}](quiz.md)\n{{ .rr-pagelinks }}\n\n"

    # --- questions ----------------------------------------------------------------------------------------------------

    def question(self, question, rule_href: str) -> str:
        """One question as HTML that reads without JavaScript: the answer waits in a <details>."""
        worded = self.game.worded[question.id][self.lang]
        answer = question.answer
        rule_title = self.fill(self.texts["entries"][question.rule]["title"])
        quiz = self.ui["quiz"]
        data = {"q": question.id, "rule": question.rule, "kind": question.kind,
                "answer": json.dumps(bank.format_answer(answer), ensure_ascii=False),
                "options": json.dumps(bank.options(question, answer), ensure_ascii=False)}
        attrs = " ".join(f'data-{k}="{escape(v)}"' for k, v in data.items())
        controls = self.controls(question.kind, bank.options(question, answer), f"rr-in-{question.id}")
        return (f'<div class="rr-q" id="q-{question.id}" {attrs}>\n'
                f'<p class="rr-q-text">{escape(worded["text"])}</p>\n'
                f'{controls}\n'
                f'<details class="rr-answer"><summary>{escape(quiz["show_answer"])}</summary>\n'
                f'<p><strong>{escape(quiz["answer"])}</strong> <span class="rr-a">{escape(worded["label"])}</span></p>\n'
                f'<p class="rr-why">{escape(worded["why"])}</p>\n'
                f'<p class="rr-rule-link"><a href="{rule_href}{question.rule}">{escape(quiz["read_rule"] + self.ui["labels"]["colon"] + rule_title)}</a></p>\n'
                f'</details>\n</div>\n\n')

    def controls(self, kind: str, options: list[str], input_id: str) -> str:
        """The answer controls of one question. Shown only with JavaScript (quiz.js wires them); in the page from the
        start, so nothing shifts when the script runs."""
        quiz = self.ui["quiz"]

        def choice(value: str, label: str) -> str:
            return f'<button type="button" class="md-button rr-choice" data-value="{escape(value)}">{escape(label)}</button>'

        if kind == "number":
            row = (f'<label class="rr-label" for="{input_id}">{escape(quiz["your_number"])}</label>'
                   f'<input type="number" inputmode="numeric" id="{input_id}" class="rr-input">'
                   f'<button type="button" class="md-button md-button--primary rr-check">{escape(quiz["check"])}</button>')
        elif kind == "order":
            row = (f'<span class="rr-label">{escape(quiz["your_order"])}</span>'
                   + "".join(choice(o, o) for o in options)
                   + f'<button type="button" class="md-button rr-again">{escape(quiz["start_over"])}</button>'
                   + '<span class="rr-picked" aria-live="polite"></span>')
        else:
            row = "".join(choice(o, quiz[o] if kind == "yesno" else o) for o in options)
        return (f'<div class="rr-controls"><div class="rr-row">{row}</div>'
                f'<button type="button" class="md-button rr-reveal">{escape(quiz["reveal"])}</button>'
                f'<p class="rr-result" tabindex="-1" aria-live="polite"></p></div>')

    def progress_box(self) -> str:
        """How many rules are marked for re-reading, with a reset; quiz.js fills in the count and shows it."""
        return (f'<div class="rr-progress" role="status" hidden><span class="rr-count"></span>'
                f'<button type="button" class="md-button rr-reset">{escape(self.ui["quiz"]["reset"])}</button></div>\n\n')

    def quiz_marker(self, practice: bool) -> str:
        """Where quiz.js finds the game, its interface texts and (on the quiz page) the practice pool."""
        ui = json.dumps(self.ui["quiz"], ensure_ascii=False)
        pool = f' data-practice="{PRACTICE_FILE}"' if practice else ""
        return f'<div id="rr-game" hidden data-game="{self.game.id}" data-ui="{escape(ui)}"{pool}></div>\n\n'

    def quiz(self) -> str:
        out = self.head("quiz")
        out += self.quiz_marker(practice=True)
        out += self.progress_box()
        out += (f'<div class="rr-practice"><button type="button" class="md-button md-button--primary rr-practice-start">'
                f'{escape(self.ui["quiz"]["practice"])}</button><div class="rr-practice-stage"></div></div>\n\n')
        forget = [e for s in self.game.pages["refresher"] if s.kind == "forget" for e in s.entries]
        for entry in sorted(forget, key=lambda e: e.rank):
            questions = [q for q in self.game.questions if q.rule == entry.id]
            if questions:
                out += f'<section class="rr-rule-group" data-rule="{entry.id}" markdown>\n\n'
                out += f"## {self.field(entry.id, 'title')} {{ #rule-{entry.id} }}\n\n"
                out += "".join(self.question(q, rule_href="../#") for q in questions)
                out += "</section>\n\n"
        return out + self.back_link()

    def practice_pool(self) -> str:
        """Checker-answered, legal variants of every question with ranges, worded in this language by the bank."""
        items, controls = [], {}
        for question in self.game.questions:
            for variant in self.game.practice.get(question.id, bank.Practice()).variants:
                worded = variant["worded"][self.lang]
                options = bank.options(question, variant["answer"])
                key = question.kind + ":" + "|".join(options)
                controls.setdefault(key, self.controls(question.kind, options, "rr-in-practice"))
                items.append({
                    "q": question.id, "rule": question.rule, "kind": question.kind, "controls": key,
                    "text": worded["text"], "why": worded["why"],
                    "answer": bank.format_answer(variant["answer"]), "label": worded["label"],
                })
        return json.dumps({"game": self.game.id, "lang": self.lang, "controls": controls, "variants": items},
                          ensure_ascii=False, separators=(",", ":"))

    def calculator(self, section: Section) -> str:
        """The score-a-roll calculator: dice.js looks every roll up in the checker's exported table."""
        ui = self.ui["calculator"]
        return (f"## {escape(ui['title'])} {{ #calculator }}\n\n{escape(ui['intro'])}\n\n"
                f'<div class="rr-calc" data-table="{CALCULATOR_FILE}" data-ui="{escape(json.dumps(ui, ensure_ascii=False))}">'
                f"<noscript>{escape(ui['noscript'])}</noscript></div>\n\n")

    def computed_table(self, section: Section) -> str:
        """A table the rules checker computes at build time, with an inline SVG chart of one column."""
        out = ""
        tables = self.game.checker.computed_tables()
        for entry in section.entries:
            table = tables[entry.id]
            columns = self.texts["entries"][entry.id]["columns"]
            out += f"## {self.field(entry.id, 'title')} {{ #{entry.id} }}\n\n{self.field(entry.id, 'text')}\n\n"
            out += "| " + " | ".join(escape(columns[c]) for c in table["columns"]) + " |\n"
            out += "|" + "---|" * len(table["columns"]) + "\n"
            for row in table["rows"]:
                out += "| " + " | ".join(escape(format_cell(row[c], self.lang)) for c in table["columns"]) + " |\n"
            out += "\n" + self.bar_chart(table, columns) + "\n\n"
        return out

    def bar_chart(self, table: dict, columns: dict) -> str:
        """Bars for the chart column (values 0–1), labelled by the first column; drawn by the build, no library."""
        key, label_key = table["chart"], table["columns"][0]
        width, bar_height, gap, left = 320, 22, 8, 34
        rows = table["rows"]
        height = len(rows) * (bar_height + gap)
        title = f"{columns[key]} ({columns[label_key]})"
        parts = [f'<svg class="rr-chart" viewBox="0 0 {width} {height}" width="100%" role="img" aria-label="{escape(title)}">']
        for i, row in enumerate(rows):
            y = i * (bar_height + gap)
            length = float(row[key]) * (width - left - 70)
            parts.append(f'<text x="0" y="{y + 16}">{escape(str(row[label_key]))}</text>'
                         f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{bar_height}" rx="3"></rect>'
                         f'<text x="{left + length + 6:.1f}" y="{y + 16}">{escape(format_percent(row[key], self.lang))}</text>')
        parts.append("</svg>")
        return "".join(parts)

    # --- teach sections -----------------------------------------------------------------------------------------------

    def ordered(self, section: Section) -> str:
        out = self.section_heading(section)
        for number, entry in enumerate(section.entries, 1):
            title = f"**{self.titled_colon(entry.id)}** " if self.has(entry.id, "title") else ""
            out += f"{number}. {title}{self.field(entry.id, 'text')}\n"
        return out + "\n"

    def mistakes(self, section: Section) -> str:
        out = self.section_heading(section)
        for entry in section.entries:
            out += f"- ~~{self.field(entry.id, 'wrong')}~~ → {self.field(entry.id, 'right')}\n"
        return out + "\n"

    RENDERERS = {
        "summary": paragraphs, "exceptions": exceptions, "turn": titled, "numbers": numbers, "forget": forget,
        "variant": variant, "remember": remember, "sources": paragraphs, "calculator": calculator,
        "computed-table": computed_table,
        "sentences": ordered, "goal": paragraphs, "setup": paragraphs, "round": ordered, "scoring": ordered,
        "end": paragraphs, "mistakes": mistakes, "teach-source": paragraphs,
    }

    def body(self, page: str) -> str:
        return "".join(self.RENDERERS[s.kind](self, s) for s in self.game.pages[page])

    def spoken_text(self) -> str:
        """Everything the host reads aloud on the teach page, as plain text."""
        parts = []
        for section in self.game.pages["teach"]:
            if section.spoken:
                for entry in section.entries:
                    parts.extend(self.fill(v) for v in self.texts["entries"][entry.id].values())
        return "\n".join(parts)

    def head(self, page: str) -> str:
        """Front matter, title and intro of a page, from the texts <page>_title, _description and _intro."""
        title = self.plain(f"{page}_title")
        return (front_matter(title, self.plain(f"{page}_description"))
                + f"# {escape(title)}\n\n{escape(self.plain(f'{page}_intro'))}\n\n")

    def back_link(self) -> str:
        return f"[{escape(self.ui['labels']['refresher_link'])}](index.md)\n"

    def refresher(self) -> str:
        out = self.head("refresher")
        out += self.quiz_marker(practice=False) if self.game.questions else ""
        out += f"[{escape(self.ui['labels']['teach_link'])}](teach.md)\n{{ .rr-pagelinks }}\n\n"
        return out + self.body("refresher")

    def teach(self) -> str:
        words = spoken_words(self.spoken_text())
        seconds = round(words * 60 / WORDS_PER_MINUTE)
        read_aloud = self.fill(self.ui["labels"]["read_aloud"], {"words": words, "seconds": seconds, "wpm": WORDS_PER_MINUTE})
        out = self.head("teach")
        out += f'<p class="rr-aloud">{escape(read_aloud)}</p>\n\n'
        return out + self.body("teach") + self.back_link()

    def extra_page(self, name: str) -> str:
        return self.head(name) + self.body(name) + self.back_link()

    def pages(self) -> dict[str, str]:
        game = self.game.id
        pages = {f"{game}/index.md": self.refresher(), f"{game}/teach.md": self.teach()}
        if self.game.questions:
            pages[f"{game}/quiz.md"] = self.quiz()
            pages[f"{game}/quiz/{PRACTICE_FILE}"] = self.practice_pool()
        for name in self.game.extra_pages():
            pages[f"{game}/{name}.md"] = self.extra_page(name)
        data_files = getattr(self.game.checker, "data_files", None)
        for file_name, data in (data_files() if data_files else {}).items():
            pages[f"{game}/{file_name}"] = json.dumps(data, separators=(",", ":"))
        return pages


def home(site: Site, lang: str) -> str:
    ui = site.ui[lang]
    out = front_matter(ui["home_title"], ui["home_description"])
    out += f"# {escape(ui['home_title'])}\n\n{escape(ui['home_intro'])}\n\n"
    out += f'<p class="rr-offline-note">{escape(ui["home_offline"])}</p>\n\n'
    for game in site.games:
        name = escape(game.texts[lang]["name"])
        out += f"## {name}\n\n"
        out += f"- [{escape(ui['home_refresher'])}]({game.id}/index.md)\n"
        out += f"- [{escape(ui['home_teach'])}]({game.id}/teach.md)\n"
        if game.questions:
            out += f"- [{escape(ui['home_quiz'])}]({game.id}/quiz.md)\n"
        for name in game.extra_pages():
            out += f"- [{escape(Writer(site, game, lang).plain(f'{name}_title'))}]({game.id}/{name}.md)\n"
        out += "\n"
    return out


def render_site(site: Site) -> dict[str, str]:
    """Every generated page: path under docs/ (starting with the language) -> Markdown."""
    pages = {}
    for lang in LANGUAGES:
        pages[f"{lang}/index.md"] = home(site, lang)
        for game in site.games:
            for path, text in Writer(site, game, lang).pages().items():
                pages[f"{lang}/{path}"] = text
    return pages
