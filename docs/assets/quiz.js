/* Rules Refresher quiz: answer, reveal, mark what you did not know, practise on variants. Plain JS, no build step.
   The pages read fine without it: every answer also sits in a <details>. Answers come from the page (and the
   practice JSON), both written at build time by the Python rules checker; nothing here knows the rules. */
(function () {
  "use strict";

  var STORE_VERSION = 1;

  /* Progress store: one localStorage key per game. Blocked, full or corrupt storage just means no memory. */
  function storeKey(game) { return "rr-progress-v" + STORE_VERSION + "-" + game; }

  function loadMarks(game) {
    try {
      var raw = window.localStorage.getItem(storeKey(game));
      var data = raw ? JSON.parse(raw) : null;
      if (data && data.version === STORE_VERSION && data.marked && typeof data.marked === "object") {
        return data.marked;
      }
    } catch (e) { /* no storage: fall through */ }
    return {};
  }

  function saveMarks(game, marked) {
    try {
      window.localStorage.setItem(storeKey(game), JSON.stringify({ version: STORE_VERSION, marked: marked }));
    } catch (e) { /* no storage: marks last for this page only */ }
  }

  var el = window.RulesRefresher.el;
  var format = window.RulesRefresher.format;
  /* Tests make practice reproducible by setting window.rrRandom before the page loads. */
  function random() { return typeof window.rrRandom === "function" ? window.rrRandom() : Math.random(); }

  function Quiz(root) {
    this.root = root;
    this.game = root.getAttribute("data-game");
    this.ui = JSON.parse(root.getAttribute("data-ui"));
    this.marked = loadMarks(this.game);
  }

  /* Highlight every marked rule on this page and show the count with a reset button. */
  Quiz.prototype.showMarks = function () {
    var self = this;
    var ids = Object.keys(this.marked);
    document.querySelectorAll(".rr-forget, .rr-rule-group").forEach(function (node) {
      var rule = node.getAttribute("data-rule") || node.id;
      var on = self.marked[rule] === true;
      node.classList.toggle("rr-marked", on);
      var badge = node.querySelector(".rr-badge");
      if (on && !badge) {
        var heading = node.querySelector("h2, h3");
        if (heading) { heading.appendChild(el("span", { "class": "rr-badge" }, self.ui.marked)); }
      } else if (!on && badge) {
        badge.remove();
      }
    });
    document.querySelectorAll(".rr-progress").forEach(function (box) {
      box.hidden = ids.length === 0;
      box.querySelector(".rr-count").textContent = format(self.ui.to_reread, { count: ids.length });
    });
  };

  Quiz.prototype.mark = function (rule) {
    this.marked[rule] = true;
    saveMarks(this.game, this.marked);
    this.showMarks();
  };

  Quiz.prototype.reset = function () {
    this.marked = {};
    saveMarks(this.game, this.marked);
    this.showMarks();
  };

  /* Wire the answer controls the build put into a question block; `question` holds kind, answer, rule and label. */
  Quiz.prototype.wire = function (block, question, onDone) {
    var self = this;
    var ui = this.ui;
    var box = block.querySelector(".rr-controls");
    var result = box.querySelector(".rr-result");
    var picked = box.querySelector(".rr-picked");
    var choices = Array.prototype.slice.call(box.querySelectorAll(".rr-choice"));
    var chosen = [];

    function finish(correct, revealedOnly) {
      box.querySelectorAll("button, input").forEach(function (n) { n.disabled = true; });
      result.textContent = revealedOnly ? "" : (correct ? ui.right : ui.wrong) + " ";
      result.className = "rr-result " + (revealedOnly ? "rr-revealed" : correct ? "rr-is-right" : "rr-is-wrong");
      result.appendChild(el("span", {}, ui.answer + " " + question.label));
      if (!correct) { self.mark(question.rule); }
      var details = block.querySelector("details");
      if (details) { details.open = true; }
      if (correct && !revealedOnly) {
        var unknown = el("button", { "type": "button", "class": "md-button rr-unknown" }, ui.did_not_know);
        unknown.addEventListener("click", function () { self.mark(question.rule); unknown.disabled = true; });
        box.appendChild(unknown);
      }
      result.focus();
      if (onDone) { onDone(); }
    }

    function judge(given) {
      var expected = question.answer;
      var correct = Array.isArray(expected) ? JSON.stringify(given) === JSON.stringify(expected) : given === expected;
      finish(correct, false);
    }

    if (question.kind === "number") {
      var input = box.querySelector(".rr-input");
      var check = box.querySelector(".rr-check");
      check.addEventListener("click", function () {
        if (input.value.trim() === "") { input.focus(); return; }
        judge(Number(input.value));
      });
      input.addEventListener("keydown", function (event) { if (event.key === "Enter") { check.click(); } });
    } else if (question.kind === "order") {
      choices.forEach(function (button) {
        button.addEventListener("click", function () {
          chosen.push(button.getAttribute("data-value"));
          button.disabled = true;
          picked.textContent = chosen.join(" → ");
          if (chosen.length === choices.length) { judge(chosen); }
        });
      });
      box.querySelector(".rr-again").addEventListener("click", function () {
        chosen = [];
        picked.textContent = "";
        choices.forEach(function (n) { n.disabled = false; });
      });
    } else {
      choices.forEach(function (button) {
        button.addEventListener("click", function () { judge(button.getAttribute("data-value")); });
      });
    }
    box.querySelector(".rr-reveal").addEventListener("click", function () { finish(false, true); });
  };

  Quiz.prototype.questionFromBlock = function (block) {
    var answerNode = block.querySelector(".rr-a");
    return {
      kind: block.getAttribute("data-kind"),
      rule: block.getAttribute("data-rule"),
      answer: JSON.parse(block.getAttribute("data-answer")),
      options: JSON.parse(block.getAttribute("data-options")),
      label: answerNode ? answerNode.textContent : ""
    };
  };

  Quiz.prototype.setUpQuestions = function () {
    var self = this;
    document.querySelectorAll(".rr-q:not([data-rr-wired])").forEach(function (block) {
      block.setAttribute("data-rr-wired", "");
      self.wire(block, self.questionFromBlock(block));
    });
  };

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

    /* The block is the build's own markup (a <template> on the page), filled with the variant's texts. */
    function show() {
      var item = pool[Math.floor(random() * pool.length)];
      var template = document.getElementById("rr-practice-question");
      var block = template.content.firstElementChild.cloneNode(true);
      block.setAttribute("data-rule", item.rule);
      block.setAttribute("data-rr-wired", "");
      var text = block.querySelector(".rr-q-text");
      text.textContent = item.text;
      var slot = block.querySelector(".rr-controls-slot");
      slot.insertAdjacentHTML("afterend", controls[item.controls]);  /* markup written by the build, escaped there */
      slot.remove();
      block.querySelector(".rr-a").textContent = item.label;
      block.querySelector(".rr-why").textContent = item.why;
      var link = block.querySelector(".rr-rule-link a");
      link.setAttribute("href", "../#" + item.rule);
      link.textContent = item.rule_link;
      var next = el("button", { "type": "button", "class": "md-button rr-next" }, self.ui.next);
      next.addEventListener("click", show);
      stage.textContent = "";
      self.wire(block, item, function () { block.appendChild(next); });
      stage.appendChild(block);
      text.focus();
    }

    start.addEventListener("click", function () {
      if (pool) { show(); return; }
      start.disabled = true;
      fetch(url).then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      }).then(function (data) {
        pool = data.variants;
        controls = data.controls;
        start.disabled = false;
        show();
      }).catch(function () {
        start.disabled = false;
        stage.textContent = self.ui.practice_unavailable;
      });
    });
  };

  function setUp() {
    var root = document.getElementById("rr-game");
    if (!root) { return; }
    var quiz = new Quiz(root);
    document.querySelectorAll(".rr-reset:not([data-rr-wired])").forEach(function (button) {
      button.setAttribute("data-rr-wired", "");
      button.addEventListener("click", function () { quiz.reset(); });
    });
    quiz.setUpQuestions();
    quiz.setUpPractice();
    quiz.showMarks();
  }

  window.RulesRefresher.onEveryPage(setUp);
})();

/* Print shows every answer: open each <details> before printing, close the ones that were closed after. */
(function () {
  "use strict";
  var opened = [];
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll(".rr-q details:not([open])").forEach(function (d) { d.open = true; opened.push(d); });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (d) { d.open = false; });
    opened = [];
  });
})();
