/* Rules Refresher: the rules a table plays (a rule set and house rules, rules/<game>/sets.yml). The choice lives in
   the address (?rules=playmonster,opening-minimum:500, a link to send to the table) and on this device; the page
   follows it by looking up, in the build's rules.json, every text, table and answer the build computed for those
   rules (quiz/site/check/page_units.py, table_answers.py). It computes no rule itself: a table's values are worked out from
   its choice exactly as quiz/site/load/rulesets.py RuleSets.values does, and everything else is looked up by them. */
(function () {
  "use strict";

  /* Loaded by the stub under the page's title (quiz/site/pages/templates/parts.md.j2, playing) when the page needs it: a
     table chose other rules, the chooser is on the page, or a wrong answer asks which rules give it. */
  var R = null;
  var line = null;
  var stub = window.rrRules;

  function storeKey(game) { return "rr-rules-" + game; }

  function stored(game) {
    try { return localStorage.getItem(storeKey(game)); } catch (error) { return null; }
  }

  function store(game, address) {
    try { localStorage.setItem(storeKey(game), address); } catch (error) { /* kept for this page only */ }
  }

  /* The choice from ?rules= (kept on the device: the table sent the link), else the one kept. */
  function chosenAddress(game) {
    var given = new URLSearchParams(location.search).get("rules");
    if (given) { store(game, given); }
    return given || stored(game) || "";
  }

  function load(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) { throw new Error(String(response.status)); }
      return response.json();
    });
  }

  /* {set, house: {rule: value}, ignored: [part]} from an address; what the build does not know is left out, and
     listed in `ignored` as the address wrote it: a set or house rule it has no such name for, a value the rule does
     not offer, a house rule named again later (the last one counts). */
  function parse(rules, address) {
    var parts = address.split(",");
    var choice = { set: rules.sets[parts[0]] ? parts[0] : rules["default"], house: {}, ignored: [] };
    var given = {};
    if (!rules.sets[parts[0]] && parts[0]) { choice.ignored.push(parts[0]); }
    parts.slice(1).forEach(function (part) {
      var pair = part.split(":");
      var rule = rules.house.filter(function (found) { return found.id === pair[0]; })[0];
      var option = rule && rule.choices.filter(function (found) {
        return pair.length === 2 && (String(found[0]) === pair[1] ||
          (typeof found[0] === "boolean" && String(+found[0]) === pair[1]));
      })[0];
      if (!option) {
        if (part) { choice.ignored.push(part); }
        return;
      }
      if (rule.id in given) { choice.ignored.push(given[rule.id]); }
      given[rule.id] = part;
      choice.house[rule.id] = option[0];
    });
    return choice;
  }

  function address(rules, choice) {
    var own = rules.sets[choice.set];
    return [choice.set].concat(rules.house.filter(function (rule) {
      return rule.id in choice.house && choice.house[rule.id] !== ownValue(own, rule);
    }).map(function (rule) {
      var value = choice.house[rule.id];
      return rule.id + ":" + (typeof value === "boolean" ? +value : value);
    })).join(",");
  }

  function ownValue(own, rule) { return rule.fact ? own.values[rule.fact] : own.bits[rule.option]; }

  /* A table's values: its set's, each house rule's choice over them, the scoring chart by its id. */
  function valuesOf(rules, choice) {
    var own = rules.sets[choice.set];
    var values = JSON.parse(JSON.stringify(own.values));
    var bits = own.bits.slice();
    rules.house.forEach(function (rule) {
      if (!(rule.id in choice.house)) { return; }
      if (rule.fact) { values[rule.fact] = choice.house[rule.id]; } else { bits[rule.option] = choice.house[rule.id]; }
    });
    if (rules.options_field) {
      values[rules.options_field] = rules.options[choice.set + "|" + bits.map(function (bit) { return bit ? 1 : 0; }).join("")];
    }
    return values;
  }

  /* Where a table stands among the keys of some facts (rules.json lists them in the build's order). */
  function place(rules, names, values) {
    rules.places = rules.places || {};
    if (!rules.places[names]) {
      rules.places[names] = {};
      (rules.keys[names] || []).forEach(function (key, index) { rules.places[names][key] = index; });
    }
    var key = JSON.stringify(names.split(",").map(function (name) { return values[name]; }));
    return rules.places[names][key];
  }

  function isDefault(rules, choice) { return address(rules, choice) === rules["default"]; }

  function playing(rules, choice) {
    var words = [rules.sets[choice.set].name];
    rules.house.forEach(function (rule) {
      if (!(rule.id in choice.house) || choice.house[rule.id] === ownValue(rules.sets[choice.set], rule)) { return; }
      var label = rule.choices.filter(function (option) { return option[0] === choice.house[rule.id]; })[0][1];
      words.push(rule.name + rules.colon + label);
    });
    return words.join(" + ");
  }

  /* The parts of the address the site does not know, in a line of their own under the rules the page follows, each as
     the address wrote it: "Parts of the link this site does not know were ignored: bogus:1, 7". */
  function showIgnored(rules, ignored) {
    if (!rules.ignored) { return; }                       /* a rules.json saved before this release */
    var note = R.el("span", { "class": "rr-playing-ignored", role: "status" });
    line.appendChild(note);
    rules.ignored[ignored.length === 1 ? 0 : 1].split("{parts}").forEach(function (text, index) {
      if (index) {
        ignored.forEach(function (part, at) {
          if (at) { note.appendChild(document.createTextNode(", ")); }
          note.appendChild(R.el("code", {}, part));
        });
      }
      note.appendChild(document.createTextNode(text));
    });
  }

  /* --- the page: its texts, tables and calculator at the table ---------------------------------------------------- */

  function rows(table, cells) {
    var body = table.querySelector("tbody");
    body.textContent = "";
    cells.forEach(function (row) {
      var tr = R.el("tr");
      row.forEach(function (cell) { tr.appendChild(R.el("td", {}, cell)); });
      body.appendChild(tr);
    });
  }

  function bars(svg, found) {
    var texts = svg.querySelectorAll("text");
    svg.querySelectorAll("rect").forEach(function (rect, index) {
      var bar = found[index];
      if (!bar) { return; }
      rect.setAttribute("width", bar.length);
      texts[2 * index + 1].setAttribute("x", bar.value_x);
      texts[2 * index + 1].textContent = bar.value;
    });
  }

  function showUnits(rules, values) {
    document.querySelectorAll("[data-u]").forEach(function (node) {
      var unit = rules.units[node.getAttribute("data-u")];
      if (!unit) { return; }
      var form = unit.t[unit.v[place(rules, unit.n, values)]];
      if (typeof form === "boolean") {
        node.hidden = !form;
        if (node.classList.contains("rr-row-unit")) { node.closest("tr").hidden = !form; }  /* a numbers row */
      } else if (typeof form === "string" || form === null) {    /* null: the entry is not at this table */
        node.hidden = form === null;
        node.textContent = form || "";
      } else if (Array.isArray(form)) {
        rows(node.querySelector("table"), form);
      } else if (form) {
        rows(node.querySelector("table"), form.rows);
        bars(node.querySelector("svg"), form.bars);
      }
    });
  }

  /* The race solved for two players at a table, its file's name: a published set's, as it is (a house rule on top
     makes a table no solve covers), where its rules were solved (rules.json, Presentation.fetched_files); else "". */
  function raceOf(rules, choice) {
    return address(rules, choice) === choice.set ? rules.sets[choice.set].race || "" : "";
  }

  /* A calculator's files (its table of every roll, its solved turn) at the table: data-table and data-advice hold the
     default's names until the first change (kept in data-file-*), then the table's own address. */
  function showCalculator(rules, values, base, race) {
    document.querySelectorAll(".rr-calc").forEach(function (root) {
      var urls = {};
      if (root.hasAttribute("data-race")) {
        urls.raceUrl = race ? new URL(rules.at_tables + race, base).href : "";
        if (!root.calculator) { root.setAttribute("data-race", urls.raceUrl); }
      }
      [["table", "url"], ["advice", "adviceUrl"]].forEach(function (pair) {
        var file = root.getAttribute("data-file-" + pair[0]) || root.getAttribute("data-" + pair[0]);
        if (!file) { return; }
        root.setAttribute("data-file-" + pair[0], file);
        var at = rules.files[file];
        var url = at ? new URL(at.at + place(rules, at.n, values) + ".json", base).href : file;
        urls[pair[1]] = url;
        if (!root.calculator) { root.setAttribute("data-" + pair[0], url); }
        if (url !== file) { fetch(url).catch(function () { /* offline: the calculator says so when used */ }); }
      });
      if (root.calculator) { Object.assign(root.calculator, urls, { loading: null }); root.calculator.update(); }
    });
  }

  /* A round list (rounds.js) counts with the table's facts: passed now, or kept for the list when it is set up. */
  function showLists(values) {
    document.querySelectorAll(".rr-list[data-tool]").forEach(function (root) {
      root.tableValues = values;
      if (root.list) { root.list.atTable(values); }
    });
  }

  /* --- the quiz at the table: answers, words and the rule sets that give a wrong answer ----------------------------- */

  /* A question or variant at a table: as the checker answered it there, or null where it asked nothing (no game that
     table reaches). compare: also where its texts do not fit that table's rules (only its answer counts then). */
  function atTable(rules, values, item, compare) {
    if (!item.t) { return item; }
    var group = item.t.g[place(rules, item.t.n, values)];
    if (group === undefined || group < 0) { return null; }
    var found = Object.assign({}, item, { base: item.answer });
    if (group > 0) { Object.assign(found, item.t.x[group - 1]); }
    return found.hidden && !compare ? null : found;
  }

  /* The named sets as published, then this table with one house rule changed: the first whose answer this is. */
  function otherRules(rules, choice, question, given) {
    if (!question.t) { return null; }
    var block = question.base === undefined && !question.id && document.getElementById("q-" + question.q);   /* a stated one */
    var base = block ? JSON.parse(block.getAttribute("data-base-answer") || block.getAttribute("data-answer")) : question.base;
    var asked = { t: question.t, answer: base !== undefined ? base : question.answer };
    var candidates = Object.keys(rules.sets).filter(function (id) { return id !== choice.set || Object.keys(choice.house).length; })
      .map(function (id) { return { choice: { set: id, house: {} }, name: rules.sets[id].name }; });
    rules.house.forEach(function (rule) {
      rule.choices.forEach(function (option) {
        var house = Object.assign({}, choice.house);
        house[rule.id] = option[0];
        candidates.push({ choice: { set: choice.set, house: house }, name: rule.name + rules.colon + option[1] });
      });
    });
    var key = JSON.stringify(given);
    for (var i = 0; i < candidates.length; i += 1) {
      if (address(rules, candidates[i].choice) === address(rules, choice)) { continue; }
      var found = atTable(rules, valuesOf(rules, candidates[i].choice), asked, true);
      if (found && JSON.stringify(found.answer) === key) { return candidates[i].name; }
    }
    return null;
  }

  function showStated(rules, values, stated) {
    document.querySelectorAll(".rr-q[data-q]").forEach(function (block) {
      var own = stated[block.getAttribute("data-q")];
      if (!own || !own.t) { return; }
      if (!block.hasAttribute("data-base-answer")) { block.setAttribute("data-base-answer", block.getAttribute("data-answer")); }
      var found = atTable(rules, values, { t: own.t, answer: JSON.parse(block.getAttribute("data-base-answer")) });
      block.hidden = !found;
      if (!found || !found.label) { return; }
      block.setAttribute("data-answer", JSON.stringify(found.answer));
      var beliefs = {};
      found.beliefs.forEach(function (belief) { beliefs[belief.belief] = belief.answer; });
      block.setAttribute("data-beliefs", JSON.stringify(beliefs));
      block.querySelector(".rr-a").textContent = found.label;
      block.querySelector(".rr-why").textContent = found.why;
      if (found.html) { block.querySelector(".rr-q-text").innerHTML = found.html; }
      else if (found.text) { block.querySelector(".rr-q-text").textContent = found.text; }
    });
    document.querySelectorAll(".rr-rule-group").forEach(function (group) {
      group.hidden = !group.querySelector(".rr-q:not([hidden])");
    });
  }

  /* --- the chooser (the rules page) ------------------------------------------------------------------------------ */

  /* A choice made before rules.json arrived (a slow line, a first visit) is the table's latest word: kept, not reset. */
  function earlyChanges(form) {
    var touched = [];
    if (form) {
      form.addEventListener("change", function (event) {
        if (!form.hasAttribute("data-rr-wired")) { touched.push(event.target); }
      });
    }
    return touched;
  }

  function wireChooser(rules, choice, apply, touched) {
    var form = document.querySelector(".rr-chooser");
    if (!form || form.hasAttribute("data-rr-wired")) { return choice; }
    form.setAttribute("data-rr-wired", "");
    var link = form.querySelector(".rr-link-out");
    function sync() {
      form.querySelectorAll("input[name=rr-set]").forEach(function (radio) { radio.checked = radio.value === choice.set; });
      form.querySelectorAll("select[data-rule]").forEach(function (select) {
        var rule = rules.house.filter(function (found) { return found.id === select.getAttribute("data-rule"); })[0];
        var own = ownValue(rules.sets[choice.set], rule);
        var value = rule.id in choice.house ? choice.house[rule.id] : own;
        Array.prototype.forEach.call(select.options, function (option, index) {
          option.selected = JSON.stringify(rule.choices[index][0]) === JSON.stringify(value);
          option.textContent = rule.choices[index][1] + (JSON.stringify(rule.choices[index][0]) === JSON.stringify(own) ? " ✓" : "");
        });
      });
      document.querySelectorAll(".rr-set[data-set]").forEach(function (section) {
        section.classList.toggle("rr-chosen", section.getAttribute("data-set") === choice.set);
        section.parentNode.classList.add("rr-sets-chosen");
      });
      var url = new URL(location.href);
      url.search = "";
      url.hash = "";
      if (!isDefault(rules, choice)) { url.searchParams.set("rules", address(rules, choice)); }
      link.value = url.href.replace(/%2C/g, ",").replace(/%3A/g, ":");
    }
    function take(target) {
      if (target.name === "rr-set") { choice = { set: target.value, house: choice.house }; }
      if (target.hasAttribute("data-rule")) {
        var rule = rules.house.filter(function (found) { return found.id === target.getAttribute("data-rule"); })[0];
        choice.house[rule.id] = rule.choices[target.selectedIndex][0];
      }
      choice = parse(rules, address(rules, choice));
      store(rules.game, address(rules, choice));
    }
    form.addEventListener("change", function (event) {
      take(event.target);
      sync();
      apply(choice);
    });
    touched.forEach(take);
    sync();
    return choice;
  }

  /* The link out works from the start: at the default rules it is this page's address; otherwise it is empty until
     rules.json has said which rules the address names. */
  function wireLink(form, atDefault) {
    var link = form.querySelector(".rr-link-out");
    if (atDefault) { link.value = location.href.split(/[?#]/)[0]; }
    form.querySelector(".rr-copy").addEventListener("click", function () {
      var done = function () { form.querySelector(".rr-copied").hidden = false; };
      if (!link.value) { return; }
      if (navigator.clipboard) { navigator.clipboard.writeText(link.value).then(done, function () { link.select(); }); }
      else { link.select(); }
    });
  }

  /* At the default rules the chooser is on the page as the build wrote it; rules.json (the heaviest file of a first
     load) is fetched when a player goes for it: a tap, a key, a focus. */
  function whenGoneFor(form, then) {
    var kinds = ["pointerdown", "focusin", "change"];
    function once() {
      kinds.forEach(function (kind) { form.removeEventListener(kind, once); });
      then();
    }
    kinds.forEach(function (kind) { form.addEventListener(kind, once); });
  }

  function setUp() {
    line = document.querySelector(".rr-playing[data-rules]");
    stub.table = null;
    if (!line) { stub.done(); return; }
    var game = line.getAttribute("data-rules");
    var wanted = chosenAddress(game);
    var url = line.getAttribute("data-file");
    var base = new URL(url, location.href).href;
    var rulesFile = null;
    var pool = document.getElementById("rr-game");
    var poolUrl = pool && (pool.getAttribute("data-practice") || pool.getAttribute("data-questions"));
    var statedFile = null;
    function rulesData() { rulesFile = rulesFile || load(url); return rulesFile; }
    function statedData() {
      statedFile = statedFile || (poolUrl ? load(poolUrl).then(function (data) { return data.stated; }) : Promise.resolve({}));
      return statedFile;
    }
    var choice = null;
    var chooser = document.querySelector(".rr-chooser");
    var touched = earlyChanges(chooser);
    var atDefault = !wanted || wanted === line.getAttribute("data-default");
    /* the rules a wrong answer comes from, where another set or house rule gives it (the files load on the first) */
    stub.other = function () { return Promise.resolve(null); };
    if (poolUrl) {
      stub.other = function (question, given) {
        return Promise.all([rulesData(), question.t ? null : statedData()]).then(function (found) {
          var rules = found[0];
          var asked = question.t ? question : Object.assign({}, question, { t: (found[1][question.q] || {}).t });
          return otherRules(rules, choice || parse(rules, wanted || rules["default"]), asked, given);
        }).catch(function () { return null; });
      };
    }
    if (chooser) { wireLink(chooser, atDefault); }
    /* the page at the chosen rules, and the chooser wired, once rules.json is in */
    function follow() {
      return rulesData().then(function (rules) {
        function apply(chosen) {
          choice = chosen;
          var values = valuesOf(rules, choice);
          line.querySelector(".rr-playing-now").textContent = playing(rules, choice);
          showUnits(rules, values);
          showCalculator(rules, values, base, raceOf(rules, choice));
          showLists(values);
          stub.table = isDefault(rules, choice) ? null : {
            atTable: function (item) { return atTable(rules, values, item); },
            stated: function (id) { return statedFile && statedFile.done && statedFile.done[id]; }
          };
          if (!stub.table || !document.querySelector(".rr-q[data-q]")) { return null; }
          return statedData().then(function (stated) {
            statedFile.done = stated;
            showStated(rules, values, stated);
          });
        }
        var chosen = parse(rules, wanted || rules["default"]);
        if (chosen.ignored.length) {
          showIgnored(rules, chosen.ignored);
          store(rules.game, address(rules, chosen));     /* said once: the next page follows the rules it kept */
        }
        return apply(wireChooser(rules, chosen, function (changed) {
          var note = line.querySelector(".rr-playing-ignored");
          if (note) { line.removeChild(note); }             /* the table chose again: the link is behind it */
          return apply(changed);
        }, touched));
      }).catch(function () { line.classList.add("rr-playing-unknown"); });
    }
    if (atDefault) {
      if (chooser) { whenGoneFor(chooser, follow); }
      stub.done();
      return;
    }
    follow().then(stub.done, stub.done);
  }

  /* The table's values as the address chooses them, for tests/test_browser_rule_sets.py, which holds them to
     rulesets.py's at every table (the one computation the script repeats). */
  window.RulesRefresherTables = { parse: parse, address: address, valuesOf: valuesOf };

  /* after site.js (RulesRefresher), which a deferred script runs before DOMContentLoaded */
  function start() {
    R = window.RulesRefresher;
    setUp();
    (stub.asked || []).forEach(function (ask) { stub.other(ask[0], ask[1]).then(ask[2]); });
    stub.asked = [];
  }
  if (window.RulesRefresher) { start(); } else { document.addEventListener("DOMContentLoaded", start); }
})();
