/* Rules Refresher dice calculator: tap the dice of a roll, read the checker's answer from the table the build wrote.
   It looks answers up and never computes them: the table, the most dice and every text come from the page (data-table,
   data-dice, data-ui) and its buttons are the page's own, all written by the game's rules checker and texts. Where the
   page has a solved turn (data-advice), your turn's points so far give the best play: of the scoring choices the build
   listed, the one its solved values make worth most, then bank or roll by its thresholds (a comparison, no rule).
   Where the table's rules were solved for two players (data-race, quiz/games/farkle/duel.py browser_files()), both
   banked scores give the play that wins most often: race.js, loaded then, weighs it. */
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
    this.adviceUrl = root.getAttribute("data-advice");
    this.maxDice = Number(root.getAttribute("data-dice"));
    this.raceUrl = root.getAttribute("data-race") || "";
    this.race = null;
    this.table = null;
    this.turn = null;
    this.loading = null;
    this.dice = [];
    /* points as the page's tables write them (Babel at build): 1.100 de, 1 100 fr, 1,100 en; the formatter is made
       at the first die tapped, not as the page opens (its locale data is a long task on a slow phone) */
    this.number = null;
    this.wire();
  }

  function json(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) { throw new Error(String(response.status)); }
      return response.json();
    });
  }

  Calculator.prototype.load = function () {
    var self = this;
    if (!this.loading) {
      this.loading = Promise.all([json(this.url), this.adviceUrl ? json(this.adviceUrl) : null]).then(function (found) {
        self.table = found[0];
        self.turn = found[1];
      });
    }
    return this.loading;
  };

  /* The controls are the page's own (quiz/site/pages/templates/sections.md.j2): wired here, not built, so nothing moves. */
  Calculator.prototype.wire = function () {
    var self = this;
    this.root.querySelectorAll(".rr-calc-faces .rr-die").forEach(function (button) {
      var value = Number(button.getAttribute("data-face"));
      button.addEventListener("click", function () { self.add(value); });
    });
    this.picked = this.root.querySelector(".rr-calc-picked");
    this.root.querySelector(".rr-calc-clear").addEventListener("click", function () { self.dice = []; self.update(); });
    this.result = this.root.querySelector(".rr-calc-result");
    this.advice = this.root.querySelector(".rr-calc-advice");
    this.total = this.root.querySelector(".rr-calc-turn input");
    if (this.total) { this.total.addEventListener("input", function () { self.update(); }); }
    this.note = this.root.querySelector(".rr-calc-note");   /* a die refused: the score stays */
    this.win = this.root.querySelector(".rr-calc-win");
    this.raceFields = this.root.querySelector(".rr-calc-race");
    this.root.querySelectorAll("[data-score], [data-streak]").forEach(function (input) {
      input.addEventListener("input", function () { self.update(); });
      input.addEventListener("change", function () { self.update(); });
    });
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
    if (this.advice) { this.advice.textContent = ""; }
    if (this.win) { this.win.textContent = ""; }
    if (this.raceFields) { this.raceFields.hidden = !this.raceUrl; }
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
    this.showAdvice(key);
  };

  /* The turn's points so far as typed: a whole number on the scoring step, within what the build solved; else null. */
  Calculator.prototype.turnTotal = function () {
    var value = Number(this.total.value || 0);
    var ok = Number.isInteger(value) && value >= 0 && value <= Number(this.total.max) && value % this.turn.step === 0;
    return ok ? value : null;
  };

  /* What a turn is worth from `total` with `n` dice in hand, playing best: the build's value below the total from which
     banking is best, the total itself from there on. */
  Calculator.prototype.worth = function (total, n) {
    var values = this.turn.values[n];
    var index = total / this.turn.step;
    return index < values.length ? values[index] : total;
  };

  Calculator.prototype.leftWords = function (n) {
    var forms = this.ui.left_forms;
    this.plural = this.plural || new Intl.PluralRules(document.documentElement.lang);
    return (forms["=" + n] || forms[this.plural.select(n)] || forms.other).replace("#", this.points(n));
  };

  /* The best play after this roll: of the scoring choices (the most points for keeping each number of dice), the one
     that leaves the turn worth most (fewer dice kept on a tie), then bank where the build's threshold says so. */
  Calculator.prototype.showAdvice = function (key) {
    if (!this.advice || !this.turn || !this.turn.keeps[key]) { return; }
    var total = this.turnTotal();
    if (total === null) { return; }
    var self = this;
    var turn = this.turn;
    var best = null;
    turn.keeps[key].forEach(function (option) {
      var left = key.length - option[0].length || self.maxDice;
      var after = total + option[1];
      var worth = self.worth(after, left);
      if (!best || worth > best.worth + 1e-9) { best = { dice: option[0], points: option[1], left: left, after: after, worth: worth }; }
    });
    var bankFrom = turn.bank_from[best.left];
    var values = {
      keep: best.dice.split("").join(" "), points: this.points(best.points), left: this.leftWords(best.left),
      bank: this.points(best.after), minimum: this.points(turn.needed)
    };
    var rolled = turn.roll[best.left][best.after / turn.step];
    values.roll = rolled === undefined ? "" : this.points(rolled);
    var text;
    if (best.after < turn.needed) {
      text = this.ui.advice_must_roll;
    } else if (bankFrom !== null && best.after >= bankFrom) {
      text = this.ui.advice_bank;
    } else {
      text = this.ui.advice_roll;
    }
    this.advice.textContent = format(text, values);
    this.showWin(key, total);
  };

  /* race.js, which plays a turn for the win: loaded (once) when a turn is first weighed for the win, not with the
     page, whose first load it would weigh on (tests/test_budgets.py). */
  var raceScript = null;
  function raceModule(root) {
    if (window.RulesRefresher.race) { return Promise.resolve(window.RulesRefresher.race); }
    raceScript = raceScript || new Promise(function (resolve, reject) {
      var script = el("script", { src: root.getAttribute("data-race-script") });
      script.onload = function () { resolve(window.RulesRefresher.race); };
      script.onerror = function () { raceScript = null; reject(new Error("race.js")); };
      document.head.appendChild(script);
    });
    return raceScript;
  }

  /* The play that wins most often against one other player, where the table was solved and both scores are typed:
     of the scoring choices, the one that leaves the best chance (fewer dice kept on a tie), then bank or roll. */
  Calculator.prototype.showWin = function (key, total) {
    var self = this;
    if (!this.win) { return; }
    if (!this.raceUrl) { this.win.textContent = this.ui.win_unsolved; return; }   /* a house rule: no solve */
    var typed = Array.prototype.some.call(this.root.querySelectorAll("[data-score]"), function (input) {
      return input.value.trim();
    });
    if (!typed && !this.race) { return; }       /* no score typed yet: nothing to load */
    raceModule(this.root).then(function (module) {
      if (!self.race || self.race.url !== self.raceUrl) { self.race = new module.Race(self.raceUrl); }
      return self.race.weigh(self, key, total);
    }).catch(function () { self.win.textContent = self.ui.win_offline; });
  };

  function setUp() {
    document.querySelectorAll(".rr-calc").forEach(function (root) {
      if (!root.calculator) { root.calculator = new Calculator(root); }
    });
  }

  window.RulesRefresher.onEveryPage(setUp);
})();
