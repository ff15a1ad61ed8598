"""A game's quiz in one language, besides its page: the questions as the pages show them, the practice variants (at
every table), the words of the wrong beliefs, the Anki deck."""
from __future__ import annotations

import json

from quiz.site.check import answers
from quiz.site.check.practice import Practice
from quiz.site.check.table_answers import varies
from quiz.site.load.content import Question
from quiz.site.load.languages import site_languages
from quiz.site.pages import anki
from quiz.site.pages.templating import templates
from quiz.site.pages.texts import PageTexts, drawn_markup, laid_out

PRACTICE_FILE = "practice.json"
BELIEFS_FILE = "beliefs.json"


class QuizFiles(PageTexts):
    """The quiz's questions, practice pool, beliefs and deck of one game in one language."""

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

    def controls(self, kind: str, options: list[str], input_id: str) -> str:
        return str(templates().get_template("parts.md.j2").module.controls(kind, options, input_id, self.ui["quiz"]))

    @staticmethod
    def drawn_text(segments: list) -> str:
        """A question's text with its pictures, as the page's own questions show it (the same macro)."""
        return drawn_markup(json.dumps(segments, ensure_ascii=False, sort_keys=True))

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
        self.units.listed(names)                        # rules.json lists these keys
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
