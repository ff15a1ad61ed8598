"""Turns the validated rules/ content into the Markdown pages of every language (refresher, teach, home)."""
from __future__ import annotations

import html
import json
import random
import re

from quiz import bank
from quiz.content import LANGUAGES, WORDS_PER_MINUTE, Game, Section, Site, fill
from quiz.lint import known_values

PRACTICE_FILE = "practice.json"
PRACTICE_PER_QUESTION = 10
WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


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
        self.values = known_values(game)

    def field(self, entry_id: str, field: str) -> str:
        return escape(fill(self.texts["entries"][entry_id][field], self.values))

    def has(self, entry_id: str, field: str) -> bool:
        return field in self.texts["entries"][entry_id]

    def plain(self, key: str) -> str:
        return fill(self.texts[key], self.values)

    def heading(self, kind: str) -> str:
        own = self.texts.get("headings") or {}
        return escape(own.get(kind) or self.ui["sections"][kind])

    def ref(self, pages: tuple[int, ...]) -> str:
        if not pages or not self.game.rulebook:
            return ""
        label = fill(self.texts["rulebook_ref"], {"pages": page_span(pages)})
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
        labels = self.ui["labels"]
        with_refs = self.game.rulebook is not None
        out = self.section_heading(section)
        out += f"| {labels['rule']} | {labels['value']} |" + (f" {labels['pages']} |" if with_refs else "") + "\n"
        out += "|---|---|" + ("---|" if with_refs else "") + "\n"
        for entry in section.entries:
            row = f"| {self.field(entry.id, 'label')} | {self.field(entry.id, 'value')} |"
            out += row + (f" {self.ref(entry.pages)} |" if with_refs else "") + "\n"
        return out + "\n"

    def wrong_right(self, entry_id: str) -> str:
        labels = self.ui["labels"]
        out = ""
        if self.has(entry_id, "wrong"):
            out += f'<p class="rr-wrong"><strong>{escape(labels["wrong"])}</strong> {self.field(entry_id, "wrong")}</p>\n'
        out += f'<p class="rr-right"><strong>{escape(labels["right"])}</strong> {self.field(entry_id, "right")}</p>\n'
        return out

    def forget(self, section: Section) -> str:
        out = self.section_heading(section) + f"{escape(self.ui['sections']['forget_intro'])}\n\n"
        out += '<div class="rr-progress-slot"></div>\n\n' if self.game.questions else ""
        for entry in sorted(section.entries, key=lambda e: e.rank):
            out += f'<section class="rr-forget" id="{entry.id}" markdown>\n\n'
            out += f"### {self.field(entry.id, 'title')}\n\n{self.wrong_right(entry.id)}"
            ref = self.ref(entry.pages)
            out += f"<p>{ref}</p>\n" if ref else ""
            out += "\n</section>\n\n"
        return out

    def variant(self, section: Section) -> str:
        out = self.section_heading(section)
        for entry in section.entries:
            ref = self.ref(entry.pages)
            out += f"**{self.field(entry.id, 'title')}:** {self.field(entry.id, 'text')}" + (f" {ref}" if ref else "") + "\n\n"
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

    def answer_label(self, question, answer) -> str:
        quiz = self.ui["quiz"]
        if question.kind == "yesno":
            return quiz["yes"] if answer else quiz["no"]
        return bank.format_plain(answer)

    def question(self, question, rule_href: str) -> str:
        """One question as HTML that reads without JavaScript: the answer waits in a <details>."""
        texts = self.game.question_texts[self.lang][question.id]
        values = bank.values_for(self.values, question.givens, question.shown)
        answer = question.answer
        label = self.answer_label(question, answer)
        why = bank.fill_paths(bank.why_text(texts, answer), {**values, "answer": label})
        rule_title = fill(self.texts["entries"][question.rule]["title"], self.values)
        quiz = self.ui["quiz"]
        data = {"q": question.id, "rule": question.rule, "kind": question.kind,
                "answer": json.dumps(bank.format_answer(answer), ensure_ascii=False),
                "options": json.dumps(bank.options(question, answer), ensure_ascii=False)}
        attrs = " ".join(f'data-{k}="{escape(v)}"' for k, v in data.items())
        return (f'<div class="rr-q" id="q-{question.id}" {attrs}>\n'
                f'<p class="rr-q-text">{escape(bank.fill_paths(texts["text"], values))}</p>\n'
                f'<details class="rr-answer"><summary>{escape(quiz["show_answer"])}</summary>\n'
                f'<p><strong>{escape(quiz["answer"])}</strong> <span class="rr-a">{escape(label)}</span></p>\n'
                f'<p class="rr-why">{escape(why)}</p>\n'
                f'<p><a href="{rule_href}{question.rule}">{escape(quiz["read_rule"])}: {escape(rule_title)}</a></p>\n'
                f'</details>\n</div>\n\n')

    def quiz_marker(self, practice: bool) -> str:
        """Where quiz.js finds the game, its interface texts and (on the quiz page) the practice pool."""
        ui = json.dumps(self.ui["quiz"], ensure_ascii=False)
        pool = f' data-practice="{PRACTICE_FILE}"' if practice else ""
        return f'<div id="rr-game" hidden data-game="{self.game.id}" data-ui="{escape(ui)}"{pool}></div>\n\n'

    def quiz(self) -> str:
        out = front_matter(self.plain("quiz_title"), self.plain("quiz_description"))
        out += f"# {escape(self.plain('quiz_title'))}\n\n{escape(self.plain('quiz_intro'))}\n\n"
        out += self.quiz_marker(practice=True)
        out += '<div class="rr-progress-slot"></div>\n\n<div class="rr-practice"></div>\n\n'
        forget = [e for s in self.game.pages["refresher"] if s.kind == "forget" for e in s.entries]
        for entry in sorted(forget, key=lambda e: e.rank):
            questions = [q for q in self.game.questions if q.rule == entry.id]
            if questions:
                out += f'<section class="rr-rule-group" data-rule="{entry.id}" markdown>\n\n'
                out += f"## {self.field(entry.id, 'title')} {{ #rule-{entry.id} }}\n\n"
                out += "".join(self.question(q, rule_href="../#") for q in questions)
                out += "</section>\n\n"
        out += f"[{escape(self.ui['labels']['refresher_link'])}](index.md)\n"
        return out

    def practice_pool(self) -> str:
        """Checker-answered variants of every question with ranges, texts filled in this language."""
        items = []
        for question in self.game.questions:
            if not question.vary:
                continue
            texts = self.game.question_texts[self.lang][question.id]
            rng = random.Random(f"practice:{self.game.id}:{question.id}")
            for variant in bank.variants(self.game, question, rng, PRACTICE_PER_QUESTION):
                values = bank.values_for(self.values, variant["givens"], variant["shown"])
                label = self.answer_label(question, variant["answer"])
                items.append({
                    "q": question.id, "rule": question.rule, "kind": question.kind,
                    "text": bank.fill_paths(texts["text"], values),
                    "why": bank.fill_paths(bank.why_text(texts, variant["answer"]), {**values, "answer": label}),
                    "answer": bank.format_answer(variant["answer"]), "label": label,
                    "options": bank.options(question, variant["answer"]),
                })
        return json.dumps({"game": self.game.id, "lang": self.lang, "variants": items}, ensure_ascii=False,
                          separators=(",", ":"))

    def calculator(self, section: Section) -> str:
        return ""

    def odds(self, section: Section) -> str:
        return ""

    # --- teach sections -----------------------------------------------------------------------------------------------

    def ordered(self, section: Section) -> str:
        out = self.section_heading(section)
        for number, entry in enumerate(section.entries, 1):
            title = f"**{self.field(entry.id, 'title')}:** " if self.has(entry.id, "title") else ""
            out += f"{number}. {title}{self.field(entry.id, 'text')}\n"
        return out + "\n"

    def mistakes(self, section: Section) -> str:
        out = self.section_heading(section)
        for entry in section.entries:
            out += f"- ~~{self.field(entry.id, 'wrong')}~~ → {self.field(entry.id, 'right')}\n"
        return out + "\n"

    RENDERERS = {
        "summary": paragraphs, "exceptions": exceptions, "turn": titled, "numbers": numbers, "forget": forget,
        "variant": variant, "remember": remember, "sources": paragraphs, "calculator": calculator, "odds": odds,
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
                    parts.extend(fill(v, self.values) for v in self.texts["entries"][entry.id].values())
        return "\n".join(parts)

    def refresher(self) -> str:
        out = front_matter(self.plain("refresher_title"), self.plain("refresher_description"))
        out += f"# {escape(self.plain('refresher_title'))}\n\n{escape(self.plain('refresher_intro'))}\n\n"
        out += self.quiz_marker(practice=False) if self.game.questions else ""
        out += f"[{escape(self.ui['labels']['teach_link'])}](teach.md)\n{{ .rr-pagelinks }}\n\n"
        return out + self.body("refresher")

    def teach(self) -> str:
        words = spoken_words(self.spoken_text())
        seconds = round(words * 60 / WORDS_PER_MINUTE)
        read_aloud = fill(self.ui["labels"]["read_aloud"], {"words": words, "seconds": seconds, "wpm": WORDS_PER_MINUTE})
        out = front_matter(self.plain("teach_title"), self.plain("teach_description"))
        out += f"# {escape(self.plain('teach_title'))}\n\n{escape(self.plain('teach_intro'))}\n\n"
        out += f'<p class="rr-aloud">{escape(read_aloud)}</p>\n\n'
        out += self.body("teach")
        out += f"[{escape(self.ui['labels']['refresher_link'])}](index.md)\n"
        return out

    def pages(self) -> dict[str, str]:
        pages = {f"{self.game.id}/index.md": self.refresher(), f"{self.game.id}/teach.md": self.teach()}
        if self.game.questions:
            pages[f"{self.game.id}/quiz.md"] = self.quiz()
            pages[f"{self.game.id}/quiz/{PRACTICE_FILE}"] = self.practice_pool()
        return pages


def home(site: Site, lang: str) -> str:
    ui = site.ui[lang]
    out = front_matter(ui["home_title"], ui["home_description"])
    out += f"# {escape(ui['home_title'])}\n\n{escape(ui['home_intro'])}\n\n"
    for game in site.games:
        name = escape(game.texts[lang]["name"])
        out += f"## {name}\n\n"
        out += f"- [{escape(ui['home_refresher'])}]({game.id}/index.md)\n"
        out += f"- [{escape(ui['home_teach'])}]({game.id}/teach.md)\n"
        if game.questions:
            out += f"- [{escape(ui['home_quiz'])}]({game.id}/quiz.md)\n"
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
