"""Turns the validated content into the Markdown pages of every language: Python gathers each page's texts (filled in,
never markup; texts.py, quiz_files.py, data_files.py), the Jinja2 templates in quiz/site/pages/templates/ make the
markup, escaping every value."""
from __future__ import annotations

import json

from quiz.site.check import answers
from quiz.site.load.content import Game, Question, Section, Site
from quiz.site.load.languages import site_languages
from quiz.site.pages import speech
from quiz.site.pages.data_files import RULES_FILE, DataFiles, list_style, sheet_style
from quiz.site.pages.quiz_files import BELIEFS_FILE, PRACTICE_FILE, QuizFiles
from quiz.site.pages.templating import render

# The quiz texts docs/assets/quiz.js shows (its ui.<key>; a test keeps the two in step): only these ride in the page's
# data-ui, not every text the templates already wrote into the page. The words of the wrong beliefs are not among them:
# they are fetched (BELIEFS_FILE) when a player first touches a question.
SCRIPT_TEXTS = ("answer", "right", "wrong", "did_not_know", "empty_answer", "next", "marked", "to_reread",
                "you_missed", "practice_unavailable", "storage_unavailable", "anki_offline", "your_answer",
                "not_a_number", "believed", "learned", "cleared", "undo", "other_rules")
RULE_SET_TEXTS = ("other_rules",)    # only a game with rule sets needs these (the first load of others has no room)
# The macro of sections.md.j2 that draws each section kind.
SECTION_MACROS = {
    "summary": "paragraphs", "exceptions": "exceptions", "turn": "titled", "numbers": "numbers", "forget": "forget",
    "variant": "variant", "remember": "remember", "sources": "paragraphs", "calculator": "calculator",
    "computed-table": "computed_table", "sentences": "ordered", "goal": "paragraphs", "setup": "paragraphs",
    "round": "ordered", "scoring": "ordered", "end": "paragraphs", "mistakes": "mistakes", "teach-source": "paragraphs",
    "rule-sets": "rule_sets", "score-sheet": "score_sheet", "score-list": "score_list",
}
TOOL_KINDS = ("score-sheet", "score-list")    # sections whose entries are drawn by their own macro, not as texts
# Section macros that give their section a heading with the section kind as its anchor: the refresher's jump bar.
HEADED_MACROS = {"paragraphs", "titled", "numbers", "forget", "variant", "remember", "ordered", "mistakes", "rule_sets"}
# Material's search weight per page kind: a rule's explanation before the questions about it.
SEARCH_BOOST = {"refresher": 2}


class Writer(QuizFiles, DataFiles):
    """Gathers one game's pages in one language: the data each template draws (its files: QuizFiles, DataFiles)."""

    def section(self, section: Section) -> dict:
        own = self.texts.get("headings") or {}
        data = {"kind": section.kind, "macro": SECTION_MACROS[section.kind], "quiz": self.ui["quiz"],
                "heading": self.fill(own.get(section.kind) or self.ui["sections"].get(section.kind, "")),
                "entries": [self.entry(e, not self.game.same_at_every_table(section.kind)) for e in section.entries]
                if section.kind not in TOOL_KINDS else []}
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
                        table["id"], self.game.presented("computed_tables")[1],
                        lambda facts, entry_id=table["id"]: self.computed_rows(entry_id, self.game.at_table(facts)[1])):
                    table["u"] = table["id"]
        elif section.kind == "score-sheet":
            data.update(sheets=[self.score_sheet(e) for e in section.entries], style=sheet_style())
        elif section.kind == "score-list":
            data.update(lists=[self.score_list(e) for e in section.entries], style=list_style())
        elif section.kind == "rule-sets":
            data["heading"] = self.field(section.entries[0].id, "title")
            data.update(self.set_words().page(), labels={**self.ui["rule_sets"], "colon": self.ui["labels"]["colon"]})
        return data

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
        """quiz.js where the page asks questions, dice.js where it has a calculator, sheet.js and rounds.js where it
        has a score sheet or a round list; nothing else loads them."""
        sections = self.game.pages.get(name, [])
        asks = name == "quiz" or (name == "refresher" and bool(self.game.questions))
        return ((["quiz.js"] if asks else []) + (["dice.js"] if any(s.kind == "calculator" for s in sections) else [])
                + (["sheet.js"] if any(s.kind == "score-sheet" for s in sections) else [])
                + (["rounds.js"] if any(s.kind == "score-list" for s in sections) else []))

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
        # practice only where it has variants to serve (a game whose givens it cannot vary yet offers none)
        practised = any(pool.variants for pool in self.game.practice.values())
        return render("quiz.md.j2", page={**self.page("quiz"), "practice_file": PRACTICE_FILE, "groups": groups,
                                          "practised": practised,
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


# A game's card on the home page: these of its texts, where it gives them (text.<lang>.yml), in this order.
CARD_TEXTS = ("tagline", "players", "length")


def home(site: Site, lang: str) -> str:
    """The home page: a card per game, in game.yml's order (site.games), with its line, players and length where its
    texts give them, and its pages."""
    return render("home.md.j2", ui=site.ui[lang], games=[card(Writer(site, game, lang)) for game in site.games])


def card(writer: Writer) -> dict:
    """A game's card: its name, the texts of CARD_TEXTS it gives, filled in (None where it gives none), and its pages.
    An extra page's link reads its title without the game's name before it ("<name>: the odds" on its card is "the
    odds"; the page's CSS writes the first letter as a capital, in the page's language)."""
    game, texts = writer.game, writer.texts
    prefix = texts["name"] + writer.ui["labels"]["colon"]
    titles = {name: writer.plain(f"{name}_title") for name in game.extra_pages()}
    return {"id": game.id, "name": texts["name"], "quiz": bool(game.questions),
            **{key: writer.plain(key) if key in texts else None for key in CARD_TEXTS},
            "extra_pages": [{"name": name, "title": title.removeprefix(prefix) or title}
                            for name, title in titles.items()]}


def practice_drawn(game: Game) -> str:
    """Which practice variants a game keeps (their ids), without their words: which variants survive depends on how
    every language words them (practice.drop_repeated_variants), so one language's pages depend on the others' texts."""
    return repr([(question.id, [answers.variant_id(question, variant)
                                for variant in game.practice[question.id].variants])
                 for question in game.questions if question.id in game.practice])


def render_site(site: Site, site_url: str = "", deck_time: int = 0) -> dict[str, str | bytes]:
    """Every generated file: path under docs/ (starting with the language) -> Markdown, JSON, or an Anki deck's bytes.
    site_url is where the Anki cards link to; deck_time their notes' change time (see generate.content_time)."""
    pages: dict[str, str | bytes] = {}
    for lang in site.languages:
        pages[f"{lang}/index.md"] = home(site, lang)
        for game in site.games:
            for path, text in Writer(site, game, lang, site_url, deck_time).pages().items():
                pages[f"{lang}/{path}"] = text
    return pages
