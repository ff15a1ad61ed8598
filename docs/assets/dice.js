/* Rules Refresher dice calculator: tap the dice of a roll, read the checker's answer from the table the build wrote.
   It looks answers up and never computes them: the table, the most dice and every text come from the page (data-table,
   data-dice, data-ui) and its buttons are the page's own, all written by the game's rules checker and texts. */
(function () {
  "use strict";

  var el = window.RulesRefresher.el;
  var format = window.RulesRefresher.format;

  /* A die drawn as its face (site.css); the button around it carries the number as its name. */
  function drawnDie(value) { return el("span", { "class": "rr-d rr-d" + value, "aria-hidden": "true" }, value > 6 ? String(value) : ""); }

  function Calculator(root) {
    this.root = root;
    this.ui = JSON.parse(root.getAttribute("data-ui"));
    this.url = root.getAttribute("data-table");
    this.maxDice = Number(root.getAttribute("data-dice"));
    this.table = null;
    this.loading = null;
    this.dice = [];
    /* points as the page's tables write them (Babel at build): 1.100 de, 1 100 fr, 1,100 en; the formatter is made
       at the first die tapped, not as the page opens (its locale data is a long task on a slow phone) */
    this.number = null;
    this.wire();
  }

  Calculator.prototype.load = function () {
    var self = this;
    if (!this.loading) {
      this.loading = fetch(this.url).then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      }).then(function (table) { self.table = table; });
    }
    return this.loading;
  };

  /* The controls are the page's own (quiz/site/templates/sections.md.j2): wired here, not built, so nothing moves. */
  Calculator.prototype.wire = function () {
    var self = this;
    this.root.querySelectorAll(".rr-calc-faces .rr-die").forEach(function (button) {
      var value = Number(button.getAttribute("data-face"));
      button.addEventListener("click", function () { self.add(value); });
    });
    this.picked = this.root.querySelector(".rr-calc-picked");
    this.root.querySelector(".rr-calc-clear").addEventListener("click", function () { self.dice = []; self.update(); });
    this.result = this.root.querySelector(".rr-calc-result");
    this.note = this.root.querySelector(".rr-calc-note");   /* a die refused: the score stays */
  };

  Calculator.prototype.add = function (value) {
    if (this.dice.length >= this.maxDice) { this.note.textContent = this.ui.full; return; }
    this.dice.push(value);
    this.update();
  };

  Calculator.prototype.update = function () {
    var self = this;
    var ui = this.ui;
    this.picked.textContent = "";
    this.note.textContent = "";
    if (!this.dice.length) { this.picked.appendChild(el("span", {}, ui.empty)); }
    this.dice.forEach(function (value, index) {
      var button = el("button", { "type": "button", "class": "rr-die rr-die-picked", "aria-label": ui.remove + " (" + value + ")" });
      button.appendChild(drawnDie(value));
      button.addEventListener("click", function () {
        self.dice.splice(index, 1);
        self.update();
        /* the focus stays in the tool (its button is gone): on the next die, the one before, or the first face */
        var left = self.picked.querySelectorAll(".rr-die");
        (left[index] || left[index - 1] || self.root.querySelector(".rr-calc-faces .rr-die")).focus();
      });
      self.picked.appendChild(button);
    });
    if (!this.dice.length) { this.result.textContent = ""; return; }
    var key = this.dice.slice().sort().join("");
    this.load().then(function () { self.show(key); }, function () { self.result.textContent = ui.noscript; });
  };

  Calculator.prototype.points = function (value) {
    this.number = this.number || new Intl.NumberFormat(document.documentElement.lang);
    return this.number.format(value);
  };

  Calculator.prototype.show = function (key) {
    if (key !== this.dice.slice().sort().join("")) { return; }   /* a newer tap is already on its way */
    var entry = this.table[key];
    var ui = this.ui;
    var result = this.result;
    result.textContent = "";
    result.className = "rr-calc-result";
    if (entry[0] === 0) {
      result.classList.add("rr-calc-nothing");
      result.appendChild(el("strong", {}, ui.nothing));
      return;
    }
    result.appendChild(el("strong", {}, format(ui.best, { points: this.points(entry[0]) })));
    result.appendChild(document.createTextNode(" – " + format(ui["with"], { set_aside: entry[1].split("").join(" ") })));
    if (entry[2] === 1) {
      result.classList.add("rr-calc-all");
      result.appendChild(el("br"));
      result.appendChild(el("strong", {}, ui.all));
    }
  };

  function setUp() {
    document.querySelectorAll(".rr-calc").forEach(function (root) {
      if (!root.calculator) { root.calculator = new Calculator(root); }
    });
  }

  window.RulesRefresher.onEveryPage(setUp);
})();
