/* Rules Refresher quiz: answer, reveal, mark what you did not know, practise what you missed. Plain JS, no build step.
   The pages read fine without it: every answer also sits in a <details>. Answers come from the page (and the
   practice JSON), both written at build time by the Python rules checker; nothing here knows the rules.

   One record per game drives both the refresher's "Rules to re-read" and practice: a Leitner schedule. A rule you miss
   goes to box 1 (marked for re-reading, with what you got wrong); each right answer moves it up a box and further out
   in practice; past box 2 it is learned and unmarked. Practice serves the rules that are due first, and no variant
   twice before the pool is used up. */
(function () {
  "use strict";

  var STORE_VERSION = 2;
  var LEARNED_BOX = 3;          /* a rule that reaches this box leaves the re-read list */
  var SPACING = 2;              /* at least this many other questions come between two of one missed rule */

  var el = window.RulesRefresher.el;
  var format = window.RulesRefresher.format;
  /* Tests make practice reproducible by setting window.rrRandom before the page loads. */
  /* A game with rule sets (the stub under the page's title, rules.js): the visitor's table where its rules are not the
     page's own, else null; and which other rules give a wrong answer. */
  function rules() { return window.rrRules; }
  function table() { return rules() && rules().table; }

  function random() { return typeof window.rrRandom === "function" ? window.rrRandom() : Math.random(); }

  /* --- the record: localStorage, versioned; blocked or full storage means memory for this page only, and a notice
     that says so; each part of a stored record is read on its own, and a part not in its expected shape is dropped,
     never the quiz (a record is written by older and newer releases of this file, and by hand in devtools) -------- */

  function storeKey(game, version) { return "rr-progress-v" + version + "-" + game; }

  function emptyRecord() { return { version: STORE_VERSION, turn: 0, rules: {}, seen: {} }; }

  var unkept = false;   /* storage refused to read or to keep something: marks last only as long as this page */

  function isMap(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }

  function isCount(value) { return typeof value === "number" && isFinite(value) && value >= 0; }

  /* A stored value as JSON; null when there is none or it is not JSON (corrupt: the record starts afresh). */
  function stored(key) {
    var raw = null;
    try { raw = window.localStorage.getItem(key); } catch (e) { unkept = true; }
    try { return raw ? JSON.parse(raw) : null; } catch (e) { return null; }
  }

  /* A rule's entry: its box and when it is due; the question missed, by id (and the practice variant's id): its
     words are looked up in the language of the page that shows them (missedTexts). */
  function readEntry(entry) {
    if (!isMap(entry)) { return null; }
    var read = { box: entry.box >= 1 && entry.box < LEARNED_BOX && entry.box % 1 === 0 ? entry.box : 1,
                 due: isCount(entry.due) ? entry.due : 0 };
    if (isMap(entry.missed) && typeof entry.missed.q === "string") {
      read.missed = { q: entry.missed.q };
      if (typeof entry.missed.v === "string") { read.missed.v = entry.missed.v; }
    }
    return read;
  }

  /* The stored record with each known part checked (other parts kept as they are, for a newer release). */
  function readRecord(data) {
    var record = data;
    record.version = STORE_VERSION;
    record.turn = isCount(data.turn) ? data.turn : 0;
    var rules = isMap(data.rules) ? data.rules : {};
    record.rules = {};
    Object.keys(rules).forEach(function (rule) {
      var entry = readEntry(rules[rule]);
      if (entry) { record.rules[rule] = entry; }
    });
    var seen = isMap(data.seen) ? data.seen : {};
    record.seen = {};
    Object.keys(seen).forEach(function (lang) {
      if (Array.isArray(seen[lang])) {
        record.seen[lang] = seen[lang].filter(function (id) { return typeof id === "string"; });
      }
    });
    if (typeof record.lastRule !== "string") { delete record.lastRule; }
    return record;
  }

  function loadRecord(game) {
    var data = stored(storeKey(game, STORE_VERSION));
    if (isMap(data)) { return readRecord(data); }
    var record = emptyRecord();
    var old = stored(storeKey(game, 1));   /* version 1: marks only */
    if (isMap(old) && isMap(old.marked)) {
      Object.keys(old.marked).forEach(function (rule) { record.rules[rule] = { box: 1, due: 0 }; });
    }
    return record;
  }

  function saveRecord(game, record) {
    try {
      window.localStorage.setItem(storeKey(game, STORE_VERSION), JSON.stringify(record));
    } catch (e) { unkept = true; }
  }

  /* Whether storage keeps anything at all (blocked, or full): found out before the first answer, not after it. */
  function probeStorage() {
    try {
      window.localStorage.setItem("rr-probe", "1");
      window.localStorage.removeItem("rr-probe");
    } catch (e) { unkept = true; }
  }

  /* --- the schedule: pure functions, tested in the browser through RulesRefresher.practice -------------------------- */

  /* A missed rule is due at once; practice still puts other questions between a miss and its rule (see below). */
  function missed(record, rule, what) {
    record.rules[rule] = { box: 1, due: record.turn, missed: what || (record.rules[rule] || {}).missed };
  }

  function answeredRight(record, rule) {
    var entry = record.rules[rule];
    if (!entry) { return; }
    entry.box += 1;
    entry.due = record.turn + Math.pow(2, entry.box - 1);
    if (entry.box >= LEARNED_BOX) { delete record.rules[rule]; }
  }

  /* The build gives each variant an id that stays while its givens do. */
  function variantId(item) { return item.id; }

  /* The next variant: one not served since the pool was last used up. A rule that is due comes first (the lowest box
     first; a fresh variant of the very question missed, if any, since it catches the belief that missed it), but
     never right after a question it served or one of the SPACING questions before, and never twice in a row with
     another due rule: between due rules comes a rule you are not re-learning, so two missed rules come back spaced
     (A, x, B, y, A …), not A, B, A, B. A question right after its answer tests nothing. */
  function nextVariant(pool, record, lang, rand) {
    var seen = record.seen[lang] || [];
    var fresh = pool.filter(function (item) { return seen.indexOf(variantId(item)) < 0; });
    if (!fresh.length) { seen = []; fresh = pool.slice(); }
    var recent = Array.isArray(record.recent) ? record.recent.slice(0, SPACING) : [];
    var marked = function (rule) { return Object.prototype.hasOwnProperty.call(record.rules, rule); };
    var notRecent = function (item) { return recent.indexOf(item.rule) < 0; };
    var choices = null;
    if (!record.reviewed) {
      var due = Object.keys(record.rules).filter(function (rule) {
        return record.rules[rule] && record.rules[rule].due <= record.turn && recent.indexOf(rule) < 0;
      }).sort(function (a, b) { return record.rules[a].box - record.rules[b].box || record.rules[a].due - record.rules[b].due; });
      for (var i = 0; i < due.length && !choices; i++) {
        var ofRule = fresh.filter(function (item) { return item.rule === due[i]; });
        var missedQ = (record.rules[due[i]].missed || {}).q;
        var ofMissed = ofRule.filter(function (item) { return item.q === missedQ; });
        if (ofRule.length) { choices = ofMissed.length ? ofMissed : ofRule; }
      }
    }
    record.reviewed = Boolean(choices);
    if (!choices) {
      var others = fresh.filter(function (item) { return notRecent(item) && !marked(item.rule); });
      var spaced = fresh.filter(notRecent);
      choices = others.length ? others : spaced.length ? spaced : fresh;
    }
    var item = choices[Math.floor(rand() * choices.length)];
    record.seen[lang] = seen.concat([variantId(item)]);
    record.recent = [item.rule].concat(recent).slice(0, SPACING);
    record.turn += 1;
    return item;
  }

  var parseWhole = window.RulesRefresher.parseWhole;

  /* A stated question's beliefs as its block carries them (belief -> answer; their rule is the question's), in the
     form practice variants carry them. */
  function beliefList(byName, rule) {
    return Object.keys(byName).map(function (name) { return { belief: name, rule: rule, answer: byName[name] }; });
  }

  /* The wrong beliefs a given answer comes from (two may give the same one), as the build found them. */
  function believedBy(beliefs, given) {
    var key = JSON.stringify(given);
    return (beliefs || []).filter(function (belief) { return JSON.stringify(belief.answer) === key; });
  }

  window.RulesRefresher.practice = { nextVariant: nextVariant, missed: missed, answeredRight: answeredRight,
                                     emptyRecord: emptyRecord, variantId: variantId };
  window.RulesRefresher.answers = { parseWhole: parseWhole, believedBy: believedBy };

  /* --- the page -------------------------------------------------------------------------------------------------- */

  function Quiz(root) {
    this.root = root;
    this.game = root.getAttribute("data-game");
    this.lang = document.documentElement.lang;
    this.ui = JSON.parse(root.getAttribute("data-ui"));
    this.words = null;
    this.record = loadRecord(this.game);
    this.missedTexts = null;     /* question and variant id -> {text, why} in this page's language, once fetched */
  }

  /* The words of the wrong beliefs (belief -> {wrong, right}): a file of their own, fetched once, when a player first
     touches a question (the first load has no room for them); the offline copy of the language holds it too. */
  Quiz.prototype.beliefWords = function () {
    var self = this;
    var url = this.root.getAttribute("data-beliefs");
    if (!this.words) {
      this.words = !url ? Promise.resolve({}) : fetch(url).then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      }).catch(function () { self.words = null; return {}; });
    }
    return this.words;
  };

  Quiz.prototype.save = function () {
    saveRecord(this.game, this.record);
    this.showNotice();
    this.showMarks();
  };

  /* Said once, under the page's title, when storage keeps nothing: the marks would vanish on the next page. */
  Quiz.prototype.showNotice = function () {
    if (!unkept || document.querySelector(".rr-storage-notice")) { return; }
    this.root.insertAdjacentElement("afterend", el("p", { "class": "rr-notice rr-storage-notice", "role": "status" },
                                                   this.ui.storage_unavailable));
  };

  /* The words of the questions missed, in this page's language, from the quiz's practice file (saved for offline
     use with the page): fetched once, only when a marked rule has a missed question to show. */
  Quiz.prototype.loadMissedTexts = function () {
    var self = this;
    var url = this.root.getAttribute("data-questions");
    if (!url || this.missedTexts) { return; }
    this.missedTexts = {};
    fetch(url).then(function (response) {
      if (!response.ok) { throw new Error(String(response.status)); }
      return response.json();
    }).then(function (data) {
      var texts = isMap(data.stated) ? data.stated : {};
      (Array.isArray(data.variants) ? data.variants : []).forEach(function (item) { texts[item.id] = item; });
      self.missedTexts = texts;
      self.showMarks();
    }).catch(function () { /* the marks stay, without the question */ });
  };

  Quiz.prototype.missedText = function (missed) {
    var texts = this.missedTexts || {};
    var found = (missed.v && texts[missed.v]) || texts[missed.q];
    return found && typeof found.text === "string" ? found : null;
  };

  /* Marked rules: highlighted, gathered at the top of "Easy to forget" in rank order with what you got wrong, counted
     in the re-read line under the title and in the progress box, with a reset. */
  Quiz.prototype.showMarks = function () {
    var self = this;
    var rules = this.record.rules;
    var count = 0;     /* the rules marked that this page shows: one an older release had is not counted */
    var wantsTexts = false;
    document.querySelectorAll(".rr-forget, .rr-rule-group").forEach(function (node) {
      var rule = node.getAttribute("data-rule") || node.id;
      var on = Object.prototype.hasOwnProperty.call(rules, rule);
      count += on ? 1 : 0;
      node.classList.toggle("rr-marked", on);
      var badge = node.querySelector(".rr-badge");
      if (on && !badge) {
        var heading = node.querySelector("h2, h3");
        if (heading) { heading.appendChild(el("span", { "class": "rr-badge" }, self.ui.marked)); }
      } else if (!on && badge) {
        badge.remove();
      }
      var why = node.querySelector(".rr-missed");
      if (why) { why.remove(); }
      var missed = on && rules[rule].missed && node.classList.contains("rr-forget") ? rules[rule].missed : null;
      var question = missed && self.missedText(missed);
      wantsTexts = wantsTexts || Boolean(missed);
      if (question) {
        why = el("div", { "class": "rr-missed" });
        why.appendChild(el("p", {}, self.ui.you_missed + " " + question.text));
        why.appendChild(el("p", {}, question.why));
        node.appendChild(why);
      }
    });
    if (wantsTexts) { this.loadMissedTexts(); }
    var list = document.querySelector(".rr-forget") && document.querySelector(".rr-forget").parentNode;
    if (list) {
      var sections = Array.prototype.slice.call(list.querySelectorAll(":scope > .rr-forget"));
      var after = sections[sections.length - 1].nextSibling;     /* what follows the rules, never one of them */
      sections.sort(function (a, b) {
        var marked = b.classList.contains("rr-marked") - a.classList.contains("rr-marked");
        return marked || Number(a.getAttribute("data-rank")) - Number(b.getAttribute("data-rank"));
      });
      sections.forEach(function (section) { list.insertBefore(section, after); });
    }
    var label = format(this.ui.to_reread, { count: count });
    document.querySelectorAll(".rr-progress").forEach(function (box) {
      box.hidden = count === 0;
      box.querySelector(".rr-count").textContent = label;
    });
    document.querySelectorAll(".rr-reread").forEach(function (item) {
      item.hidden = count === 0;
      item.querySelector("a").textContent = label;
    });
  };

  Quiz.prototype.missed = function (rule, what) {
    missed(this.record, rule, what);
    this.save();
  };

  Quiz.prototype.answeredRight = function (rule) {
    answeredRight(this.record, rule);
    this.save();
  };

  /* Clearing every mark at once is one tap: it says so, with a button that brings them back (and takes the focus). */
  Quiz.prototype.reset = function (button) {
    var self = this;
    var before = this.record.rules;
    this.record.rules = {};
    this.save();
    document.querySelectorAll(".rr-undo").forEach(function (old) { old.remove(); });
    var notice = el("p", { "class": "rr-notice rr-undo", "role": "status" }, this.ui.cleared + " ");
    var undo = el("button", { "type": "button", "class": "md-button" }, this.ui.undo);
    undo.addEventListener("click", function () {
      Object.keys(before).forEach(function (rule) {     /* a rule marked again since then keeps its newer entry */
        if (!Object.prototype.hasOwnProperty.call(self.record.rules, rule)) { self.record.rules[rule] = before[rule]; }
      });
      self.save();
      notice.remove();
      button.focus();
    });
    notice.appendChild(undo);
    button.closest(".rr-progress").insertAdjacentElement("afterend", notice);
    undo.focus();
  };

  /* Wire the answer controls the build put into a question block; `question` holds kind, answer, rule, label, the
     wrong beliefs the build found with their answers, and the text and why a miss records. Answering is honest: the
     answer opened before answering counts as not known and nothing after it is judged; the chosen answer stays shown;
     a wrong answer a belief gives says which belief, and the rule's right words. */
  Quiz.prototype.wire = function (block, question, onDone) {
    var self = this;
    var ui = this.ui;
    var box = block.querySelector(".rr-controls");
    var result = box.querySelector(".rr-result");
    var picked = box.querySelector(".rr-picked");
    var details = block.querySelector("details");
    var choices = Array.prototype.slice.call(box.querySelectorAll(".rr-choice"));
    var chosen = [];
    var what = { q: question.q, v: question.id };     /* the practice variant's id, if it is one */
    var done = false;

    function say(className, text) {
      result.appendChild(el("span", { "class": className }, text));
    }

    /* outcome: "right", "wrong" or "revealed" (the answer opened before answering); given: what was answered, as
       the page shows it. */
    function finish(outcome, given, shown) {
      if (done) { return; }
      done = true;
      box.querySelectorAll("button, input").forEach(function (n) { n.disabled = true; });
      var listed = Object.prototype.hasOwnProperty.call(self.record.rules, question.rule);
      result.textContent = "";
      result.className = "rr-result " + { right: "rr-is-right", wrong: "rr-is-wrong", revealed: "rr-revealed" }[outcome];
      if (outcome !== "revealed") { say("rr-verdict", (outcome === "right" ? ui.right : ui.wrong) + " "); }
      if (outcome === "wrong") { say("rr-given", ui.your_answer + " " + shown + " · "); }
      say("rr-right-answer", ui.answer + " " + question.label);
      if (outcome === "right") {
        self.answeredRight(question.rule);
        if (listed && !Object.prototype.hasOwnProperty.call(self.record.rules, question.rule)) { say("rr-learned", ui.learned); }
      } else {
        self.missed(question.rule, what);
        if (outcome === "revealed") { say("rr-noted", ui.marked); }
      }
      if (outcome === "wrong") {
        /* an answer other rules give (another rule set, a house rule) is no wrong belief: name the rules (rules.js);
           only an answer no rules give is diagnosed as the belief behind it, one line a belief, then the right rule */
        var diagnosis = el("span", { "class": "rr-diagnosis" });
        result.appendChild(diagnosis);
        Promise.all([rules() && rules().other(question, given), self.beliefWords()]).then(function (found) {
          if (found[0]) { diagnosis.textContent = format(ui.other_rules, { rules: found[0], answer: question.label }); return; }
          var said = believedBy(question.beliefs, given).map(function (belief) { return found[1][belief.belief]; }).filter(Boolean);
          said.forEach(function (words) { diagnosis.appendChild(el("span", {}, format(ui.believed, { wrong: words.wrong }) + " ")); });
          if (said.length) { diagnosis.appendChild(el("span", {}, said[0].right)); }
        });
      }
      if (details) { details.open = true; }
      if (outcome === "right") {
        var unknown = el("button", { "type": "button", "class": "md-button rr-unknown" }, ui.did_not_know);
        unknown.addEventListener("click", function () {
          self.missed(question.rule, what);
          unknown.disabled = true;
          unknown.textContent = ui.marked;
          unknown.classList.add("rr-chosen");
          say("rr-noted", ui.marked);
          result.focus();
        });
        box.appendChild(unknown);
      }
      result.focus();
      if (onDone) { onDone(); }
    }

    function judge(given, shown) {
      var expected = question.answer;
      var correct = Array.isArray(expected) ? JSON.stringify(given) === JSON.stringify(expected) : given === expected;
      finish(correct ? "right" : "wrong", given, shown);
    }

    function hint(text, focus) {
      result.className = "rr-result rr-hint";
      result.textContent = text;
      focus.focus();
    }

    if (question.kind === "number") {
      var input = box.querySelector(".rr-input");
      var check = box.querySelector(".rr-check");
      check.addEventListener("click", function () {
        if (input.value.trim() === "") { hint(ui.empty_answer, input); return; }
        var given = parseWhole(input.value, self.lang);
        if (isNaN(given)) {
          hint(format(ui.not_a_number, { example: new Intl.NumberFormat(self.lang).format(4200) }), input);
          return;
        }
        judge(given, input.value.trim());
      });
      input.addEventListener("keydown", function (event) { if (event.key === "Enter") { check.click(); } });
    } else if (question.kind === "order") {
      var again = box.querySelector(".rr-again");
      choices.forEach(function (button) {
        button.addEventListener("click", function () {
          chosen.push(button.getAttribute("data-value"));
          button.disabled = true;
          button.classList.add("rr-chosen");
          picked.textContent = chosen.join(" → ");
          if (chosen.length === choices.length) { judge(chosen, chosen.join(" → ")); return; }
          var nextChoice = choices.filter(function (n) { return !n.disabled; })[0];
          (nextChoice || again).focus();
        });
      });
      again.addEventListener("click", function () {
        chosen = [];
        picked.textContent = "";
        choices.forEach(function (n) { n.disabled = false; n.classList.remove("rr-chosen"); });
        choices[0].focus();
      });
    } else {
      choices.forEach(function (button) {
        button.addEventListener("click", function () {
          button.classList.add("rr-chosen");
          button.setAttribute("aria-pressed", "true");
          judge(button.getAttribute("data-value"), button.textContent);
        });
      });
    }
    box.querySelector(".rr-reveal").addEventListener("click", function () { finish("revealed"); });
    if (details) {
      details.addEventListener("toggle", function () {
        if (details.open && !done && !window.RulesRefresher.printing) { finish("revealed"); }
      });
    }
  };

  Quiz.prototype.questionFromBlock = function (block) {
    var answerNode = block.querySelector(".rr-a");
    return {
      q: block.getAttribute("data-q"),
      kind: block.getAttribute("data-kind"),
      rule: block.getAttribute("data-rule"),
      answer: JSON.parse(block.getAttribute("data-answer")),
      label: answerNode ? answerNode.textContent : "",
      beliefs: beliefList(JSON.parse(block.getAttribute("data-beliefs") || "{}"), block.getAttribute("data-rule"))
    };
  };

  Quiz.prototype.setUpQuestions = function () {
    var self = this;
    document.querySelectorAll(".rr-q:not([data-rr-wired])").forEach(function (block) {
      block.setAttribute("data-rr-wired", "");
      self.wire(block, self.questionFromBlock(block));
    });
  };

  var PRACTICE_HASH = "practice=";

  /* Practice: fetch the pool of checker-answered variants only when asked, then serve one at a time. */
  Quiz.prototype.setUpPractice = function () {
    var self = this;
    var url = this.root.getAttribute("data-practice");
    var start = document.querySelector(".rr-practice-start");
    var stage = document.querySelector(".rr-practice-stage");
    if (!url || !start || start.hasAttribute("data-rr-wired")) { return; }
    start.setAttribute("data-rr-wired", "");
    var pool = null;
    var controls = null;

    /* The block is the build's own markup (a <template> on the page), filled with the variant's texts; the variant
       the schedule picks, or the one asked for (the question on screen when the reader switched language). */
    function show(asked) {
      var item = asked || nextVariant(pool, self.record, self.lang, random);
      saveRecord(self.game, self.record);
      var template = document.getElementById("rr-practice-question");
      var block = template.content.firstElementChild.cloneNode(true);
      block.setAttribute("data-rule", item.rule);
      block.setAttribute("data-rr-wired", "");
      var text = block.querySelector(".rr-q-text");
      if (item.html) { text.innerHTML = item.html; } else { text.textContent = item.text; }  /* markup escaped by the build */
      var slot = block.querySelector(".rr-controls-slot");
      slot.insertAdjacentHTML("afterend", controls[item.controls]);  /* markup written by the build, escaped there */
      slot.remove();
      block.querySelector(".rr-a").textContent = item.label;
      block.querySelector(".rr-why").textContent = item.why;
      var link = block.querySelector(".rr-rule-link a");
      link.setAttribute("href", "../#" + item.rule);
      link.textContent = item.rule_link;
      var next = el("button", { "type": "button", "class": "md-button rr-next" }, self.ui.next);
      next.addEventListener("click", function () { show(); });
      stage.textContent = "";
      /* right after the result, which takes the focus: the next question is one Tab away */
      self.wire(block, item, function () {
        block.querySelector(".rr-result").insertAdjacentElement("afterend", next);
      });
      stage.appendChild(block);
      stage.setAttribute("data-rr-keep", PRACTICE_HASH + item.id);    /* site.js: the language switch carries it */
      text.focus();
    }

    function load(then) {
      if (pool) { then(); return; }
      start.disabled = true;
      fetch(url).then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      }).then(function (data) {
        /* at a table with other rules (rules.js): each variant as the checker answered it there, if it did */
        pool = table() ? data.variants.map(table().atTable).filter(Boolean) : data.variants;
        controls = data.controls;
        start.disabled = false;
        then();
      }).catch(function () {
        start.disabled = false;
        stage.textContent = self.ui.practice_unavailable;
      });
    }

    start.addEventListener("click", function () { load(function () { show(); }); });

    /* Arrived from another language with a practice question on screen: the same variant, in this language. */
    var asked = location.hash.indexOf("#" + PRACTICE_HASH) === 0 &&
      decodeURIComponent(location.hash.slice(PRACTICE_HASH.length + 1));
    if (asked) {    /* once rules.js knows the table, as the stated questions wait for it */
      Promise.resolve(rules() && rules().ready).then(function () { load(function () {
        var item = pool.filter(function (variant) { return variant.id === asked; })[0];
        if (!item) { return; }
        show(item);
        stage.scrollIntoView({ block: "center" });
      }); });
    }
  };

  /* The Anki deck, fetched and handed to the browser as a file: so it comes from the copy the service worker saved
     with the page when offline (a plain download link bypasses the service worker and fails without a word); a deck
     neither saved nor reachable says so. */
  Quiz.prototype.setUpDeck = function () {
    var ui = this.ui;
    document.querySelectorAll(".rr-anki a[download]:not([data-rr-wired])").forEach(function (link) {
      link.setAttribute("data-rr-wired", "");
      link.addEventListener("click", function (event) {
        event.preventDefault();
        fetch(link.href).then(function (response) {
          if (!response.ok) { throw new Error(String(response.status)); }
          return response.blob();
        }).then(function (deck) {
          var file = el("a", { "href": URL.createObjectURL(deck), "download": link.pathname.split("/").pop() });
          document.body.appendChild(file);
          file.click();
          file.remove();
          setTimeout(function () { URL.revokeObjectURL(file.href); }, 60000);
        }).catch(function () {
          var row = link.parentNode;
          if (!row.nextElementSibling || !row.nextElementSibling.classList.contains("rr-deck-notice")) {
            row.insertAdjacentElement("afterend", el("p", { "class": "rr-notice rr-deck-notice", "role": "status" },
                                                      ui.anki_offline));
          }
        });
      });
    });
  };

  var currentQuiz = null;
  var listening = false;

  function setUp() {
    var root = document.getElementById("rr-game");
    if (!root) { return; }
    var quiz = new Quiz(root);
    probeStorage();
    quiz.showNotice();
    document.querySelectorAll(".rr-reset:not([data-rr-wired])").forEach(function (button) {
      button.setAttribute("data-rr-wired", "");
      button.addEventListener("click", function () { quiz.reset(button); });
    });
    Promise.resolve(rules() && rules().ready).then(function () { quiz.setUpQuestions(); });
    quiz.setUpPractice();
    quiz.setUpDeck();
    currentQuiz = quiz;
    if (!listening) {    /* once per document, for the quiz of the page shown now */
      listening = true;
      ["pointerdown", "focusin"].forEach(function (type) {
        document.addEventListener(type, function (event) {
          if (currentQuiz && event.target.closest && event.target.closest(".rr-q, .rr-practice")) { currentQuiz.beliefWords(); }
        }, { passive: true });
      });
    }
    quiz.showMarks();
  }

  window.RulesRefresher.onEveryPage(setUp);
})();

/* Print shows every answer: open each <details> before printing, close the ones that were closed after. */
(function () {
  "use strict";
  var opened = [];
  /* Opening an answer marks its rule "did not know": not when printing opens them (quiz.js's toggle handler reads
     this flag, and their toggle events may come after afterprint). */
  window.addEventListener("beforeprint", function () {
    window.RulesRefresher.printing = true;
    document.querySelectorAll(".rr-q details:not([open])").forEach(function (d) { d.open = true; opened.push(d); });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (d) { d.open = false; });
    opened = [];
    setTimeout(function () { window.RulesRefresher.printing = false; }, 0);
  });
})();
