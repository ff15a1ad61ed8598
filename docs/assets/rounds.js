/* Rules Refresher round list (a `score-list` section): the players at the table by name, the dealer shown and moved on
   after each round, one form a round, and the list of rounds with each player's running total. What a round scores and
   why is the game's own count, a script the page carries beside the list (a game's `score_lists()` in its presentation,
   registered in window.RoundLists under the list's id): its fields, and count(values, table) giving each player's
   points and the reason in the page's words (and what the round carries into the next, where it holds points over),
   or a problem in them; where the game ends at a score, verdict(totals after each round, table) says who has won. On a game with rule sets, rules.js passes the facts of the table's chosen rules (atTable).
   This file names no game.
   The list is kept on this device (localStorage, under the list's data-store key), as typed: each round is counted
   again from what was typed whenever the page opens, so a new release's count applies to the whole list. */
(function () {
  "use strict";

  var site = window.RulesRefresher, el = site.el;

  function storageOf() {
    try {
      var probe = "rr-probe";
      window.localStorage.setItem(probe, probe);
      window.localStorage.removeItem(probe);
      return window.localStorage;
    } catch (e) {
      return null;
    }
  }

  /* What is typed in a field, or the choice it starts with (a field's `initial`). */
  function typedOr(typed, field) {
    return typed[field.name] === undefined ? field.initial : typed[field.name];
  }

  function List(root, tool) {
    this.root = root;
    this.tool = tool;
    this.ui = JSON.parse(root.getAttribute("data-ui"));
    this.baseFacts = this.facts = JSON.parse(root.getAttribute("data-facts"));
    this.key = root.getAttribute("data-store");
    this.lang = document.documentElement.lang;
    this.storage = storageOf();
    this.state = this.read();
    this.build();
    /* At a table whose rules are not the default ones, rules.js passes their facts (atTable) once they are in: the
       list waits for them rather than counting at the default rules first (a reload showed other totals for a moment).
       Where rules.js itself cannot come (rules.json failing is said by rules.js, and ends the wait at once), it counts
       at the default ones after a while all the same: long enough for a busy phone to fetch the rules first. */
    var self = this, rules = window.rrRules;
    if (rules && rules.ready) {
      Promise.race([rules.ready, new Promise(function (resolve) { setTimeout(resolve, 8000); })]).then(function () {
        if (!self.rendered) { self.render(); }
      });
    } else {
      this.render();
    }
  }

  /* A fresh list: the fewest players the game has, unnamed, the first dealing, nothing typed. */
  List.prototype.fresh = function () {
    var players = [];
    for (var i = 0; i < this.tool.players[0]; i++) { players.push(""); }
    return { players: players, dealer: 0, options: {}, rounds: [], typed: {} };
  };

  List.prototype.read = function () {
    var notice = null, state = null;
    if (!this.storage) {
      notice = this.ui.unkept;
    } else {
      var saved = this.storage.getItem(this.key);
      if (saved !== null) {
        try {
          state = JSON.parse(saved);
          if (!state || !Array.isArray(state.players) || !Array.isArray(state.rounds) ||
              state.players.length < this.tool.players[0] || state.players.length > this.tool.players[1]) {
            throw new Error("not a list");
          }
        } catch (e) {
          state = null;
          notice = this.ui.corrupt;
        }
      }
    }
    this.notice = notice;
    state = state || this.fresh();
    state.options = state.options || {};
    state.typed = state.typed || {};
    state.dealer = Number.isInteger(state.dealer) ? state.dealer % state.players.length : 0;
    return state;
  };

  List.prototype.save = function () {
    if (!this.storage) { return; }
    try {
      this.storage.setItem(this.key, JSON.stringify(this.state));
    } catch (e) {
      this.notice = this.ui.unkept;
      this.showNotice();
    }
  };

  /* Whether the form asks this field (of this player, for a field each player answers) with what is typed so far, at
     the table's rules: the game's shown(), where it has one. */
  List.prototype.asks = function (field, typed, player) {
    return !this.tool.shown || this.tool.shown(field.name, typed, player, this.facts);
  };

  /* The rules the table chose on a game with rule sets (rules.js passes their facts by name): the form and every
     round are counted again with them. */
  List.prototype.atTable = function (values) {
    var facts = {}, base = this.baseFacts;
    Object.keys(base).forEach(function (name) { facts[name] = name in values ? values[name] : base[name]; });
    this.facts = facts;
    this.render();
  };

  /* A player's name as the list shows it: what was typed, else "Player 2". */
  List.prototype.name = function (index) {
    return this.state.players[index].trim() || site.format(this.ui.player, { player: index + 1 });
  };

  /* Who plays this round: everyone, but the dealer where the table has more players than the game seats. */
  List.prototype.seated = function (dealer) {
    var all = this.state.players.map(function (_, index) { return index; });
    return all.length > this.tool.seats ? all.filter(function (index) { return index !== dealer; }) : all;
  };

  List.prototype.table = function (dealer) {
    return { facts: this.facts, players: this.state.players.length, seated: this.seated(dealer), dealer: dealer,
             options: this.state.options, ui: this.ui, lang: this.lang,
             number: this.number.bind(this), name: this.name.bind(this), fill: site.format };
  };

  List.prototype.number = function (n) {
    var text = new Intl.NumberFormat(this.lang).format(Math.abs(n));
    return (n < 0 ? "\u2212" : "") + text;
  };

  /* --- drawing ------------------------------------------------------------------------------------------------- */

  List.prototype.build = function () {
    var self = this, ui = this.ui;
    this.root.textContent = "";
    this.noticeLine = this.root.appendChild(el("p", { "class": "rr-list-notice", role: "status", hidden: "" }));
    var names = this.root.appendChild(el("fieldset", { "class": "rr-list-players" }));
    names.appendChild(el("legend", {}, ui.players));
    this.nameList = names.appendChild(el("div", { "class": "rr-list-names" }));
    var buttons = names.appendChild(el("p", { "class": "rr-list-tools" }));
    this.addPlayer = buttons.appendChild(el("button", { type: "button", "class": "md-button" }, ui.add_player));
    this.dropPlayer = buttons.appendChild(el("button", { type: "button", "class": "md-button" }, ui.remove_player));
    this.addPlayer.addEventListener("click", function () { self.changePlayers(1); });
    this.dropPlayer.addEventListener("click", function () { self.changePlayers(-1); });
    this.options = this.root.appendChild(el("div", { "class": "rr-list-options" }));
    this.form = this.root.appendChild(el("fieldset", { "class": "rr-list-round" }));
    this.list = this.root.appendChild(el("div", { "class": "rr-list-rounds" }));
  };

  List.prototype.showNotice = function () {
    this.noticeLine.hidden = !this.notice;
    this.noticeLine.textContent = this.notice || "";
  };

  List.prototype.changePlayers = function (by) {
    var count = this.state.players.length + by;
    if (count < this.tool.players[0] || count > this.tool.players[1]) { return; }
    if (by > 0) { this.state.players.push(""); } else { this.state.players.pop(); }
    this.state.dealer = this.state.dealer % count;
    this.save();
    this.render();
  };

  List.prototype.render = function () {
    this.rendered = true;
    this.showNotice();
    this.renderNames();
    this.renderOptions();
    this.renderForm();
    this.renderRounds();
  };

  List.prototype.renderNames = function () {
    var self = this, ui = this.ui;
    var focused = document.activeElement && this.nameList.contains(document.activeElement) ?
      document.activeElement.getAttribute("data-player") : null;
    this.nameList.textContent = "";
    this.state.players.forEach(function (typed, index) {
      var label = self.nameList.appendChild(el("label", { "class": "rr-list-name" }));
      label.appendChild(el("span", {}, site.format(ui.player, { player: index + 1 })));
      var input = label.appendChild(el("input", { "class": "rr-input", type: "text", autocomplete: "off",
        spellcheck: "false", maxlength: "24", "data-player": String(index) }));
      input.value = typed;
      input.addEventListener("input", function () {
        self.state.players[index] = input.value;
        self.save();
        self.renderForm();
        self.renderRounds();
      });
      if (focused === String(index)) { input.focus(); }
    });
    this.addPlayer.hidden = this.state.players.length >= this.tool.players[1];
    this.dropPlayer.hidden = this.state.players.length <= this.tool.players[0] || this.state.rounds.length > 0;
  };

  /* The table's choices the whole list follows (how the game counts the list), each a row of radio buttons. */
  List.prototype.renderOptions = function () {
    var self = this;
    this.options.textContent = "";
    (this.tool.options || []).forEach(function (option) {
      var set = self.options.appendChild(el("fieldset", { "class": "rr-list-choice" }));
      set.appendChild(el("legend", {}, self.ui[option.name]));
      var now = self.state.options[option.name] || option.choices[0];
      option.choices.forEach(function (choice) {
        var label = set.appendChild(el("label"));
        var input = label.appendChild(el("input", { type: "radio", name: self.root.id + "-" + option.name,
                                                    value: choice }));
        input.checked = choice === now;
        input.disabled = self.state.rounds.length > 0;    /* a list is counted one way from its first round */
        label.appendChild(document.createTextNode(" " + self.ui[option.name + "_" + choice]));
        input.addEventListener("change", function () {
          self.state.options[option.name] = choice;
          self.save();
          self.renderRounds();
        });
      });
    });
  };

  /* One round's form: the dealer, each field the game asks for (those shown for what is typed so far), what the round
     counts as typed (or why it cannot be), and the button that writes it on the list. */
  List.prototype.renderForm = function () {
    var self = this, ui = this.ui, typed = this.state.typed, dealer = this.state.dealer;
    var focused = document.activeElement && this.form.contains(document.activeElement) ?
      document.activeElement.getAttribute("data-field") + "|" + (document.activeElement.value || "") : null;
    this.form.textContent = "";
    var seated = this.seated(dealer);
    this.form.appendChild(el("legend", {}, site.format(ui.round, { round: this.state.rounds.length + 1 })));
    this.form.appendChild(el("p", { "class": "rr-list-dealer" },
      site.format(seated.length < this.state.players.length ? ui.sits_out : ui.dealer, { player: this.name(dealer) })));
    this.tool.fields.forEach(function (field) {
      if (!field.each) {
        if (self.asks(field, typed)) { self.drawField(self.form, field, field.name, seated); }
        return;
      }
      seated.forEach(function (player) {        /* a field each player answers for, under the player's name */
        if (!self.asks(field, typed, player)) { return; }
        var own = self.form.querySelector('[data-seat="' + player + '"]') ||
          self.form.appendChild(el("fieldset", { "class": "rr-list-seat", "data-seat": String(player) }));
        if (!own.firstChild) { own.appendChild(el("legend", {}, self.name(player))); }
        self.drawField(own, field, field.name + "." + player, seated);
      });
    });
    var counted = this.counted(typed, dealer, this.carriedOver());
    this.preview = this.form.appendChild(el("p", { "class": "rr-list-preview", "aria-live": "polite" },
      counted.text));
    if (counted.problem) { this.preview.classList.add("rr-list-problem"); }
    var write = this.form.appendChild(el("button", { type: "button", "class": "md-button md-button--primary" },
      ui.add));
    write.disabled = !counted.scores;
    write.addEventListener("click", function () { self.write(); });
    if (focused) {
      var name = focused.split("|")[0];
      var again = this.form.querySelector('[data-field="' + name + '"]:checked') ||
        this.form.querySelector('input[type="text"][data-field="' + name + '"], input[type="checkbox"][data-field="' +
                                name + '"]');
      if (again) { again.focus(); }
    }
  };

  /* One field of the form under `parent`, typed under `key` (a field each player answers for: "tiles.2"). */
  List.prototype.drawField = function (parent, field, key, seated) {
    var self = this, ui = this.ui, typed = this.state.typed;
    var current = typed[key] === undefined ? field.initial : typed[key];
    var choices = field.kind === "player" ? seated.map(String) : field.choices;
    if (choices) {
      var set = parent.appendChild(el("fieldset", { "class": "rr-list-choice" }));
      set.appendChild(el("legend", {}, ui[field.name]));
      choices.forEach(function (choice) {
        var label = set.appendChild(el("label"));
        var input = label.appendChild(el("input", { type: "radio", name: self.root.id + "-" + key, value: choice,
                                                    "data-field": key }));
        input.checked = String(current) === choice;
        label.appendChild(document.createTextNode(" " + (field.kind === "player" ? self.name(Number(choice)) :
                                                         ui[field.name + "_" + choice])));
        input.addEventListener("change", function () { self.type(key, choice); });
      });
    } else if (field.kind === "toggle") {
      var box = parent.appendChild(el("label", { "class": "rr-list-toggle" }));
      var check = box.appendChild(el("input", { type: "checkbox", "data-field": key }));
      check.checked = current === true;
      box.appendChild(document.createTextNode(" " + ui[field.name]));
      check.addEventListener("change", function () { self.type(key, check.checked); });
    } else {                                    /* a number, or (kind "numbers") several, as a rack is counted */
      var line = parent.appendChild(el("label", { "class": "rr-list-number" }));
      line.appendChild(el("span", {}, ui[field.name]));
      var input = line.appendChild(el("input", { "class": "rr-input", type: "text", autocomplete: "off",
        spellcheck: "false", inputmode: field.kind === "numbers" ? "text" : "numeric",
        maxlength: field.kind === "numbers" ? "80" : "4", "data-field": key }));
      input.value = current === undefined ? "" : current;
      input.addEventListener("input", function () { self.type(key, input.value, true); });
    }
  };

  /* A typed value as the game's count takes it: numbers read as the page writes them, a player by their place;
     undefined where nothing is typed yet, NaN (or a list holding one) where it is no whole number. */
  List.prototype.parse = function (field, value) {
    if (field.kind === "number") {
      return value === undefined || String(value).trim() === "" ? undefined : site.parseWhole(value, this.lang);
    }
    if (field.kind === "numbers") {
      var self = this, words = value === undefined ? [] : String(value).trim().split(/[\s,;+]+/).filter(Boolean);
      return words.length ? words.map(function (word) { return site.parseWhole(word, self.lang); }) : undefined;
    }
    if (field.kind === "player") { return value === undefined ? undefined : Number(value); }
    if (field.kind === "toggle") { return value === true; }
    return value;
  };

  /* What is typed, as the game's count takes it: numbers read as the page writes them, a player by their place. */
  List.prototype.values = function (typed, dealer) {
    var self = this, values = {}, seated = this.seated(dealer);
    this.tool.fields.forEach(function (field) {
      if (!field.each) {
        if (self.asks(field, typed)) {
          values[field.name] = self.parse(field, typedOr(typed, field));
        }
        return;
      }
      values[field.name] = self.state.players.map(function (_, player) {
        if (seated.indexOf(player) < 0 || !self.asks(field, typed, player)) {
          return null;                          /* not asked of this player */
        }
        var value = typed[field.name + "." + player];
        return self.parse(field, value === undefined ? field.initial : value);
      });
    });
    return values;
  };

  /* A round as typed: its scores and reason, a problem, or (not all typed yet) the words asking for the rest. */
  List.prototype.counted = function (typed, dealer, carried) {
    var self = this, values = this.values(typed, dealer), missing = null, bad = null;
    var isBad = function (value) {
      return (typeof value === "number" && isNaN(value)) || (Array.isArray(value) && value.some(isBad));
    };
    this.tool.fields.forEach(function (field) {
      var each = field.each ? values[field.name] || [] : [values[field.name]];
      each.forEach(function (value, player) {
        if (!(field.name in values) || value === null) { return; }
        var what = field.each ? self.ui[field.name] + " (" + self.name(player) + ")" : self.ui[field.name];
        var key = field.each ? field.name + "." + player : field.name;
        if (value === undefined && !missing) { missing = what; }
        if (isBad(value) && !bad) { bad = { field: what, value: typed[key] }; }
      });
    });
    if (bad) { return { problem: true, text: site.format(this.ui.not_number, bad) }; }
    if (missing) { return { text: site.format(this.ui.missing, { field: missing }) }; }
    var table = this.table(dealer);
    table.carried = carried === undefined ? null : carried;
    var result = this.tool.count(values, table);
    if (result.problem) { return { problem: true, text: result.problem }; }
    return { scores: result.scores, text: result.reason, carry: result.carry === undefined ? null : result.carry };
  };

  /* What the rounds written so far carry into the next (a game's count may hold points over: Belote's litige). */
  List.prototype.carriedOver = function () {
    var self = this, carried = null;
    this.state.rounds.forEach(function (round) { carried = self.counted(round.typed, round.dealer, carried).carry; });
    return carried;
  };

  List.prototype.type = function (name, value, keepFocus) {
    this.state.typed[name] = value;
    this.save();
    if (keepFocus) {
      var counted = this.counted(this.state.typed, this.state.dealer, this.carriedOver());
      var write = this.form.querySelector(".md-button--primary");
      this.preview.textContent = counted.text;
      this.preview.classList.toggle("rr-list-problem", !!counted.problem);
      write.disabled = !counted.scores;
    } else {
      this.renderForm();
    }
  };

  List.prototype.write = function () {
    var counted = this.counted(this.state.typed, this.state.dealer, this.carriedOver());
    if (!counted.scores) { return; }
    this.state.rounds.push({ typed: this.state.typed, dealer: this.state.dealer });
    this.state.typed = {};
    this.state.dealer = (this.state.dealer + 1) % this.state.players.length;
    this.save();
    this.render();
    var first = this.form.querySelector("input");
    if (first) { first.focus(); }
  };

  /* The list: each round's reason and points, and the running totals, as the table counts them. */
  List.prototype.renderRounds = function () {
    var self = this, ui = this.ui, players = this.state.players.length;
    this.list.textContent = "";
    if (!this.state.rounds.length) {
      this.list.appendChild(el("p", { "class": "rr-list-empty" }, ui.empty));
      return;
    }
    var table = this.list.appendChild(el("table", { "class": "rr-list-table" }));
    var head = table.appendChild(el("thead")).appendChild(el("tr"));
    head.appendChild(el("th", { scope: "col" }, "#"));
    head.appendChild(el("th", { scope: "col" }, ui.reason));
    for (var p = 0; p < players; p++) { head.appendChild(el("th", { scope: "col" }, this.name(p))); }
    var body = table.appendChild(el("tbody")), totals = new Array(players).fill(0), carried = null, after = [];
    this.state.rounds.forEach(function (round, index) {
      var counted = self.counted(round.typed, round.dealer, carried);
      carried = counted.carry;
      var row = body.appendChild(el("tr"));
      row.appendChild(el("td", {}, String(index + 1)));
      row.appendChild(el("td", counted.scores ? {} : { "class": "rr-list-problem" }, counted.text));
      for (var p = 0; p < players; p++) {
        var points = counted.scores ? counted.scores[p] || 0 : 0;
        totals[p] += points;
        row.appendChild(el("td", { "class": "rr-list-points" }, points ? self.number(points) : ""));
      }
      after.push(totals.slice());
    });
    var foot = table.appendChild(el("tfoot")).appendChild(el("tr"));
    foot.appendChild(el("th", { scope: "row", colspan: "2" }, ui.total));
    totals.forEach(function (total) { foot.appendChild(el("td", { "class": "rr-list-points" }, self.number(total))); });
    /* who has won, where the game ends at a score (the game's verdict(), given the totals after each round) */
    var verdict = this.tool.verdict ? this.tool.verdict(after, this.table(this.state.dealer)) : null;
    if (verdict) { this.list.appendChild(el("p", { "class": "rr-list-verdict", role: "status" }, verdict)); }
    var tools = this.list.appendChild(el("p", { "class": "rr-list-tools" }));
    var undo = tools.appendChild(el("button", { type: "button", "class": "md-button" }, ui.undo));
    var clear = tools.appendChild(el("button", { type: "button", "class": "md-button" }, ui.clear));
    undo.addEventListener("click", function () {
      var last = self.state.rounds.pop();
      self.state.typed = last.typed;
      self.state.dealer = last.dealer;
      self.save();
      self.render();
    });
    clear.addEventListener("click", function () {
      if (!window.confirm(ui.confirm_clear)) { return; }
      var names = self.state.players;
      self.state = self.fresh();
      self.state.players = names;
      self.save();
      self.render();
    });
  };

  function setUp() {
    document.querySelectorAll(".rr-list[data-tool]").forEach(function (root) {
      var tool = (window.RoundLists || {})[root.getAttribute("data-tool")];
      if (tool && !root.list) {
        root.list = new List(root, tool);
        if (root.tableValues) { root.list.atTable(root.tableValues); }    /* the rules came in first */
      }
    });
  }

  site.onEveryPage(setUp);
})();
