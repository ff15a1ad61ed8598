/* Rules Refresher score sheet (Faraway's), for the whole table (up to the game's most players, each named): each player
   types or pastes their Regions in the order played, as they read them out ("12 5 34 26 17": a space or comma ends a
   number, digits are never split), and picks their Sanctuaries by their faces, narrowed by colour or by what they show;
   the sheet scores every card in the order of scoring and says why ("2 fame × 3 stones"), in the page's language, and
   who wins. The cards' printed faces, their words and the sheet's texts come from the file the build writes next to the
   pages (quiz/games/faraway/presentation.py score_sheets(), quiz/site/pages/render.py), fetched when the sheet is first
   used, not with the page. What is typed is kept on this device (localStorage), shared by the pages of every language.

   The scoring is score() below, a pure function of the faces, as the rules checker scores (quiz/games/faraway/rules.py:
   Regions revealed right to left, each seeing itself, the Regions to its right and every Sanctuary; a requirement met
   only if every wonder it shows is in sight, none used up; Sanctuaries last, seeing everything).
   tests/test_faraway_sheet.py holds it to the checker's score_sheet() on 10,000 rows dealt and played by the engine. */
(function () {
  "use strict";

  var WONDERS = ["stone", "chimera", "thistle"];
  var COLOURS = ["red", "green", "blue", "yellow"];

  /* --- the rules: pure functions of the faces -------------------------------------------------------------------- */

  function sum(cards, value) {
    var total = 0;
    cards.forEach(function (card) { total += value(card); });
    return total;
  }

  function wonderCount(cards, index) { return sum(cards, function (card) { return card.wonders[index]; }); }

  function colourCount(cards, colours) {
    return sum(cards, function (card) { return colours.indexOf(card.colour) >= 0 ? 1 : 0; });
  }

  /* How many times a card's fame is paid against the cards it sees: per wonder, clue, night card, card of a colour
     (or of either of two), set of the four colours, set of the three wonders. */
  function times(per, cards) {
    var wonder = WONDERS.indexOf(per);
    if (wonder >= 0) { return wonderCount(cards, wonder); }
    if (per === "clue") { return sum(cards, function (card) { return card.clues; }); }
    if (per === "night") { return sum(cards, function (card) { return card.night ? 1 : 0; }); }
    if (per === "colour-set") {
      return Math.min.apply(null, COLOURS.map(function (colour) { return colourCount(cards, [colour]); }));
    }
    if (per === "wonder-set") {
      return Math.min.apply(null, WONDERS.map(function (name, index) { return wonderCount(cards, index); }));
    }
    return colourCount(cards, Array.isArray(per) ? per : [per]);
  }

  /* One card against the cards it sees: its fame, and why: what its requirement needs and what it sees of it (each
     wonder the card needs, counted in sight), and how many times it counts what it scores per. */
  function scored(card, seen) {
    var line = { fame: 0, needs: null, sees: null, met: true, times: null };
    if (!card.fame) { return line; }
    if (card.requires.some(function (count) { return count > 0; })) {
      line.needs = card.requires;
      line.sees = WONDERS.map(function (name, index) { return wonderCount(seen, index); });
      line.met = card.requires.every(function (count, index) { return line.sees[index] >= count; });
      if (!line.met) { return line; }
    }
    if (card.per !== null) { line.times = times(card.per, seen); }
    line.fame = card.fame * (card.per === null ? 1 : line.times);
    return line;
  }

  /* A player's cards scored (faces: the Regions in play order, the Sanctuaries): each Region's fame left to right,
     each Sanctuary's, the total, and the lines in the order of scoring (the Regions right to left, then the
     Sanctuaries), each {kind, index, fame, needs, sees, met, times}. */
  function score(regions, sanctuaries) {
    var result = { regions: regions.map(function () { return 0; }), sanctuaries: [], total: 0, lines: [] };
    for (var index = regions.length - 1; index >= 0; index -= 1) {
      var line = scored(regions[index], regions.slice(index).concat(sanctuaries));
      line.kind = "region";
      line.index = index;
      result.regions[index] = line.fame;
      result.lines.push(line);
    }
    var everything = regions.concat(sanctuaries);
    sanctuaries.forEach(function (sanctuary, index) {
      var line = scored(sanctuary, everything);
      line.kind = "sanctuary";
      line.index = index;
      result.sanctuaries.push(line.fame);
      result.lines.push(line);
    });
    result.total = sum(result.lines, function (line) { return line.fame; });
    return result;
  }

  /* How many Regions beat the one played directly before them: each such round found one Sanctuary. */
  function rises(numbers) {
    var found = 0;
    for (var i = 1; i < numbers.length; i += 1) { if (numbers[i] > numbers[i - 1]) { found += 1; } }
    return found;
  }

  function repeated(values) {
    return values.filter(function (value, index) { return values.indexOf(value) !== index; })
      .filter(function (value, index, twice) { return twice.indexOf(value) === index; });
  }

  /* What cannot happen in the players' cards, as typed: players [{regions: [text of each round's field], sanctuaries:
     [id]}], cards the file's (regions by number, sanctuaries by id), bounds [lowest, highest] printed number, rounds
     the most Regions a row holds. For each player: numbers (those typed, in order, empty fields left out) and
     problems [{kind, field?, value?, number?, id?, chosen?, found?}], kinds: not_number, outside, too_long, twice,
     both_rows, unknown, sanctuary_twice, sanctuary_both, round_one, too_many. */
  function problems(players, cards, bounds, rounds) {
    var found = players.map(function (player) {
      var numbers = [], fields = [], bad = [];
      player.regions.forEach(function (typed, field) {
        var text = String(typed).trim();
        if (!text) { return; }
        if (!/^\d+$/.test(text)) { bad.push({ kind: "not_number", field: field, value: text }); return; }
        var number = parseInt(text, 10);
        if (number < bounds[0] || number > bounds[1] || !cards.regions[number]) {
          bad.push({ kind: "outside", field: field, value: number });
          return;
        }
        numbers.push(number);
        fields.push(field);
      });
      if (numbers.length > rounds) { bad.push({ kind: "too_long" }); }
      repeated(numbers).forEach(function (number) {
        bad.push({ kind: "twice", number: number,
                   fields: fields.filter(function (field, i) { return numbers[i] === number; }) });
      });
      player.sanctuaries.forEach(function (id) {
        if (!Object.prototype.hasOwnProperty.call(cards.sanctuaries, id)) { bad.push({ kind: "unknown", id: id }); }
      });
      repeated(player.sanctuaries).forEach(function (id) { bad.push({ kind: "sanctuary_twice", id: id }); });
      if (player.sanctuaries.length > rises(numbers)) {
        bad.push(numbers.length <= 1 ? { kind: "round_one" } :
          { kind: "too_many", chosen: player.sanctuaries.length, found: rises(numbers) });
      }
      return { numbers: numbers, fields: fields, problems: bad };
    });
    found.forEach(function (mine, me) {
      found.forEach(function (theirs, them) {
        if (them === me) { return; }
        mine.numbers.forEach(function (number, i) {
          var already = mine.problems.some(function (p) { return p.kind === "both_rows" && p.number === number; });
          if (theirs.numbers.indexOf(number) >= 0 && !already) {
            mine.problems.push({ kind: "both_rows", number: number, fields: [mine.fields[i]] });
          }
        });
        players[me].sanctuaries.forEach(function (id) {
          var already = mine.problems.some(function (p) { return p.kind === "sanctuary_both" && p.id === id; });
          if (players[them].sanctuaries.indexOf(id) >= 0 && !already) {
            mine.problems.push({ kind: "sanctuary_both", id: id });
          }
        });
      });
    });
    return found;
  }

  /* One player's cards by number and id, checked and scored as the sheet does: {total, regions, sanctuaries}, or
     {refused: [problem kinds]} (what tests/test_faraway_sheet.py holds to the checker's score_sheet()). */
  function scoreSheet(data, numbers, ids) {
    var checked = problems([{ regions: numbers.map(String), sanctuaries: ids }], data.cards, data.numbers,
                           data.rounds)[0];
    if (checked.problems.length) {
      return { refused: checked.problems.map(function (problem) { return problem.kind; }) };
    }
    var result = score(numbers.map(function (n) { return data.cards.regions[n]; }),
                       ids.map(function (id) { return data.cards.sanctuaries[id]; }));
    return { total: result.total, regions: result.regions, sanctuaries: result.sanctuaries };
  }

  /* A full row with fewer Sanctuaries than its rises found: each rise keeps exactly one (seed 000: "genau 1 offen in die
     Auslage"), so one was forgotten. Said, but the row still scores (the checker scores it too): {kind: too_few,
     chosen, found}, or null. */
  function missing(checked, sanctuaries, rounds) {
    var found = rises(checked.numbers);
    return !checked.problems.length && checked.numbers.length === rounds && sanctuaries.length < found ?
      { kind: "too_few", chosen: sanctuaries.length, found: found } : null;
  }

  /* A row as a player reads it out, typed or pasted: the numbers apart wherever a space, comma, full stop or the like
     stands between them, never split inside (100 stays 100, and the sheet says it is no Region). */
  var APART = /[\s,;.:\/|+\-\u2013\u2014\u00b7]+/;

  function pieces(text) {
    return String(text).split(APART).filter(function (piece) { return piece !== ""; });
  }

  /* Who wins among players' results [{total, lowest}] (all scored): most fame; on a tie, the lowest single Region
     number among the tied (p. 10), which no two players share. {best: index, tie: whether others had that fame}. */
  function winner(results) {
    var best = 0;
    results.forEach(function (result, index) {
      var top = results[best];
      if (result.total > top.total || (result.total === top.total && result.lowest < top.lowest)) { best = index; }
    });
    return { best: best, tie: results.some(function (result, index) {
      return index !== best && result.total === results[best].total;
    }) };
  }

  window.RulesRefresherSheet = { score: score, problems: problems, scoreSheet: scoreSheet, rises: rises,
                                 missing: missing, pieces: pieces, winner: winner };

  var site = window.RulesRefresher;
  if (!site) { return; }          /* loaded on its own (a test of the scoring): nothing to set up */
  var el = site.el;

  /* --- words: the page's language, the file's words and texts ------------------------------------------------------ */

  function Words(data, lang) {
    this.data = data;
    this.ui = data.ui;
    this.words = data.words;
    this.lang = lang;
    this.plural = new Intl.PluralRules(lang);
    this.format = new Intl.NumberFormat(lang);
  }

  Words.prototype.number = function (n) { return this.format.format(n); };

  /* A count with its noun in the form the language's plural rule picks ("1 stone", "2 stones"), as the build's; plain,
     a number however it reads ("0 stones", where prose says "no stones"). */
  Words.prototype.count = function (noun, n, plain) {
    var forms = this.words[noun];
    return ((!plain && forms["=" + n]) || forms[this.plural.select(n)] || forms.other).replace("#", this.number(n));
  };

  Words.prototype.fill = function (template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, name) { return name in values ? values[name] : whole; });
  };

  /* A text with its placeholders filled, as nodes: a value that is a node (the fame, in bold) goes in as it is. */
  Words.prototype.nodes = function (template, values) {
    var fragment = document.createDocumentFragment();
    template.split(/(\{\w+\})/).forEach(function (part) {
      var name = /^\{(\w+)\}$/.exec(part);
      var value = name && name[1] in values ? values[name[1]] : part;
      if (value) { fragment.appendChild(typeof value === "string" ? document.createTextNode(value) : value); }
    });
    return fragment;
  };

  Words.prototype.regionName = function (number) { return this.fill(this.ui.region, { number: this.number(number) }); };

  Words.prototype.sanctuaryName = function (id) {
    return this.fill(this.ui.sanctuary, { features: this.data.described.sanctuaries[id] });
  };

  /* A Region's name and face, as a screen reader hears its drawing: "Region 60 (blue, 1 clue, quest: …)". */
  Words.prototype.regionWords = function (number) {
    return this.fill(this.words.face, { number: this.regionName(number),
                                        features: this.data.described.regions[number] });
  };

  /* What a card counts, counted: "3 stones", "2 night cards", "1 set of the four colours". */
  Words.prototype.counted = function (per, n) {
    var key = Array.isArray(per) ? per.join("-") : per;
    return this.count(WONDERS.indexOf(key) >= 0 || key === "clue" ? key : "per_" + key, n, true);
  };

  /* Two items joined by "and", more as "A, B and C", as the quiz words them (presentation.py listed). */
  Words.prototype.listed = function (items) {
    return items.length > 1 ? items.slice(0, -1).join(this.words.list) + this.words.needed + items[items.length - 1]
      : items.join("");
  };

  /* A requirement against what its card sees, as the quiz words it (presentation.py describe_sight, sight_frame):
     "needs 2 stones and 2 chimeras and sees 2 stones and 3 chimeras", or only what it sees too few of, what it sees
     none of said apart: "needs 2 stones and 2 chimeras but sees 1 stone and no chimeras". */
  Words.prototype.sight = function (line) {
    var self = this, needed = [], seen = [], some = [], none = [];
    line.needs.forEach(function (count, index) {
      if (count > 0) {
        var sees = line.sees[index], said = self.count(WONDERS[index], sees);
        needed.push(self.count(WONDERS[index], count));
        seen.push(said);
        if (sees < count) { (sees ? some : none).push(said); }
      }
    });
    var frame = line.met ? "sight" : some.length && none.length ? "sight_mixed" : none.length ? "sight_none"
      : "sight_short";
    return this.fill(this.words[frame], {
      needs: this.listed(needed), sees: this.listed(line.met ? seen : some), none: this.listed(none)
    });
  };

  /* Why a card scores what it does; what it counts with its fame per item: "2 fame × 3 stones". */
  Words.prototype.reason = function (card, line) {
    if (!card.fame) { return this.ui.nothing; }
    var sight = line.needs ? this.sight(line) : null;
    if (sight && !line.met) { return sight; }
    var counted = card.per === null ? null :
      this.fill(this.ui.counted, { fame: this.count("fame", card.fame), count: this.counted(card.per, line.times) });
    if (sight && counted) { return this.fill(this.ui.sight_counted, { sight: sight, counted: counted }); }
    return sight || counted || this.fill(this.ui.always, { fame: this.count("fame", card.fame) });
  };

  /* The words of one problem. */
  Words.prototype.problem = function (problem) {
    var ui = this.ui;
    var name = problem.id ? (this.data.described.sanctuaries[problem.id] ? this.sanctuaryName(problem.id) : problem.id) : "";
    var values = { value: typeof problem.value === "number" ? this.number(problem.value) : problem.value,
                   number: problem.number === undefined ? "" : this.number(problem.number), card: name,
                   chosen: problem.chosen === undefined ? "" : this.count("sanctuary", problem.chosen),
                   found: problem.found === undefined ? "" : this.number(problem.found) };
    /* fewer Sanctuaries than a full row's rises is said as more than them is: each rise keeps exactly one */
    return this.fill(ui[problem.kind === "too_few" ? "too_many" : problem.kind] || ui.not_number, values);
  };

  /* --- a card drawn small: the words are its accessible text ------------------------------------------------------- */

  function icon(kind) { return el("span", { "class": "rr-i rr-i-" + kind }); }

  function icons(counts, into) {
    counts.forEach(function (count, index) {
      for (var i = 0; i < count; i += 1) { into.appendChild(icon(WONDERS[index])); }
    });
  }

  function perIcons(per, into) {
    if (WONDERS.indexOf(per) >= 0 || per === "clue" || per === "night") { into.appendChild(icon(per)); return; }
    if (per === "wonder-set") { WONDERS.forEach(function (name) { into.appendChild(icon(name)); }); return; }
    (per === "colour-set" ? COLOURS : Array.isArray(per) ? per : [per]).forEach(function (colour) {
      into.appendChild(icon("c rr-i-c-" + colour));
    });
  }

  /* A card's face: a Region's number (a Sanctuary has none printed), the night symbol, its wonders and clues, and
     what it scores: what it needs (dashed), then its fame, or its fame per what it counts. */
  function drawnCard(card, number, label) {
    var face = el("span", { "class": "rr-face rr-face-" + (card.colour || "grey") });
    if (label) {
      face.setAttribute("role", "img");
      face.setAttribute("aria-label", label);
    } else {
      face.setAttribute("aria-hidden", "true");
    }
    var top = face.appendChild(el("span", { "class": "rr-face-top" }, number === null ? "" : String(number)));
    if (card.night) { top.appendChild(icon("night")); }
    var middle = face.appendChild(el("span", { "class": "rr-face-mid" }));
    icons(card.wonders, middle);
    for (var i = 0; i < card.clues; i += 1) { middle.appendChild(icon("clue")); }
    var quest = face.appendChild(el("span", { "class": "rr-face-quest" }));
    if (card.fame) {
      if (card.requires.some(function (count) { return count > 0; })) {
        icons(card.requires, quest.appendChild(el("span", { "class": "rr-face-needs" })));
      }
      var fame = quest.appendChild(el("span", { "class": "rr-face-fame" }, String(card.fame)));
      if (card.per !== null) {
        fame.appendChild(document.createTextNode("/"));
        perIcons(card.per, fame);
      }
    }
    return face;
  }

  /* --- the sheet on the page -------------------------------------------------------------------------------------- */

  var VERSION = 2;        /* 1: two players at most, unnamed, the second shown or not */

  function fold(text, lang) {
    return text.toLocaleLowerCase(lang).normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/\u0131/g, "i")
      .replace(/\s+/g, " ").trim();
  }

  function Sheet(root) {
    var self = this;
    this.root = root;
    this.lang = document.documentElement.lang;
    this.page = JSON.parse(root.getAttribute("data-ui"));
    this.file = root.getAttribute("data-file");
    this.key = root.getAttribute("data-store");
    this.playerText = root.getAttribute("data-player");
    this.data = null;
    this.words = null;
    this.loading = null;
    this.unkept = false;
    this.made = 0;
    this.notice = root.querySelector(".rr-sheet-notice");
    this.list = root.querySelector(".rr-sheet-players");
    var first = root.querySelector(".rr-sheet-player");
    this.blank = first.cloneNode(true);           /* every other player's controls are made from the first's */
    this.players = [this.player(first)];
    this.verdict = root.querySelector(".rr-sheet-verdict");
    this.adder = root.querySelector(".rr-sheet-second");
    this.root.addEventListener("focusin", function () { self.load().catch(function () {}); });
    this.adder.addEventListener("click", function () { self.addPlayer(); });
    this.root.querySelector(".rr-sheet-clear").addEventListener("click", function () { self.clear(); });
    this.restore();
    this.arrange();
    if (this.inUse()) { this.update(); }
  }

  /* A player's controls, wired: {box, nameField, fields, chosen, add, picker, status, lines, drop, sanctuaries}. */
  Sheet.prototype.player = function (box) {
    var self = this;
    var player = { box: box, nameField: box.querySelector(".rr-sheet-name"), sanctuaries: [],
                   fields: Array.prototype.slice.call(box.querySelectorAll(".rr-sheet-row input")),
                   chosen: box.querySelector(".rr-sheet-chosen"), add: box.querySelector(".rr-sheet-add"),
                   picker: box.querySelector(".rr-sheet-picker"), status: box.querySelector(".rr-sheet-status"),
                   lines: box.querySelector(".rr-sheet-lines"), drop: box.querySelector(".rr-sheet-drop"),
                   dropText: box.querySelector(".rr-sheet-drop").textContent };
    this.made += 1;
    player.tag = this.root.id + "-" + this.made;
    box.querySelectorAll("[id]").forEach(function (node) {
      node.id = player.tag + node.id.slice(node.id.lastIndexOf("-"));
    });
    box.querySelectorAll("[aria-labelledby]").forEach(function (node) {
      var was = node.getAttribute("aria-labelledby");
      node.setAttribute("aria-labelledby", player.tag + was.slice(was.lastIndexOf("-")));
    });
    player.nameField.addEventListener("input", function () { self.changed(); });
    player.fields.forEach(function (field, round) {
      field.addEventListener("input", function () { self.typed(player, round); });
      field.addEventListener("keydown", function (event) {
        if (event.key === "Enter") {              /* a phone's "next" or "go": on to the next round's field */
          event.preventDefault();
          self.moveTo(player, round + 1);
        }
      });
    });
    player.add.addEventListener("click", function () { self.togglePicker(player); });
    player.drop.addEventListener("click", function () { self.dropPlayer(player); });
    return player;
  };

  /* A player's name as the sheet says it: what the table typed, else "Player 3" by their place. */
  Sheet.prototype.name = function (player) {
    return player.nameField.value.trim() ||
      this.playerText.replace("{player}", new Intl.NumberFormat(this.lang).format(this.players.indexOf(player) + 1));
  };

  /* The players' names and the buttons that add and drop one, as the table stands now. */
  Sheet.prototype.arrange = function () {
    var self = this, most = this.data ? this.data.players[1] : Infinity;
    this.players.forEach(function (player, index) {
      var place = self.playerText.replace("{player}", new Intl.NumberFormat(self.lang).format(index + 1));
      player.nameField.setAttribute("aria-label", place);
      player.nameField.setAttribute("placeholder", place);
      player.drop.textContent = player.dropText.replace("{player}", self.name(player));
      player.drop.hidden = self.players.length < 2;
    });
    this.adder.hidden = this.players.length >= most;
    this.root.classList.toggle("rr-sheet-two", this.players.length > 1);
  };

  Sheet.prototype.addPlayer = function () {
    var self = this;
    this.load().then(function () {
      if (self.players.length >= self.data.players[1]) { return; }
      var player = self.newPlayer();
      self.changed();
      player.nameField.focus();
    }, function () {});
  };

  Sheet.prototype.newPlayer = function () {
    var box = this.blank.cloneNode(true);
    this.list.appendChild(box);
    var player = this.player(box);
    this.players.push(player);
    this.arrange();
    return player;
  };

  Sheet.prototype.dropPlayer = function (player) {
    if (this.players.length < 2) { return; }
    this.players.splice(this.players.indexOf(player), 1);
    player.box.remove();
    this.arrange();
    this.changed();
    this.adder.focus();
  };

  /* A new game at the same table: the cards go, the players and their names stay. */
  Sheet.prototype.clear = function () {
    var self = this;
    this.players.forEach(function (player) {
      player.fields.forEach(function (field) { field.value = ""; });
      player.sanctuaries = [];
      self.closePicker(player);
    });
    this.changed();
    this.players[0].fields[0].focus();
  };

  /* What was typed into a round's field: the numbers apart go into it and the next rounds' fields (a typed row, a
     pasted one), anything past the last field stays in it (and is said); a space or comma after a number moves on. */
  Sheet.prototype.typed = function (player, round) {
    var field = player.fields[round], text = field.value;
    if (APART.test(text)) {
      var found = pieces(text), room = player.fields.length - round;
      if (found.length > room) { found = found.slice(0, room - 1).concat([found.slice(room - 1).join(" ")]); }
      if (!found.length) { found = [""]; }
      found.forEach(function (piece, k) { player.fields[round + k].value = piece; });
      var last = round + found.length - 1;
      if (found[0] !== "" && APART.test(text.slice(-1))) {
        this.moveTo(player, last + 1);
      } else if (last !== round) {
        this.moveTo(player, last, true);
      }
    }
    this.changed();
  };

  /* Focus on a round's field: its number selected, so what is typed next takes its place (or, at the end, after it). */
  Sheet.prototype.moveTo = function (player, round, atEnd) {
    var field = player.fields[round];
    if (!field) { return; }
    field.focus();
    if (atEnd) { field.setSelectionRange(field.value.length, field.value.length); } else { field.select(); }
  };

  Sheet.prototype.say = function (text) {
    this.notice.textContent = text;
    this.notice.hidden = !text;
    this.notice.classList.toggle("rr-notice", Boolean(text));
  };

  /* --- kept on this device: blocked or full storage means this page only, and the notice says so; a record not in
     the shape this file writes (or its first version wrote) starts the sheet afresh, and the notice says that too -- */

  function shaped(record) {
    if (!record || (record.v !== 1 && record.v !== VERSION) || !Array.isArray(record.players) ||
        !record.players.length || (record.v === 1 && record.players.length > 2)) { return false; }
    return record.players.every(function (player) {
      return player && Array.isArray(player.regions) && Array.isArray(player.sanctuaries) &&
        (player.name === undefined || (typeof player.name === "string" && player.name.length <= 80)) &&
        player.regions.every(function (text) { return typeof text === "string" && text.length <= 80; }) &&
        player.sanctuaries.every(function (id) { return typeof id === "string"; });
    });
  }

  Sheet.prototype.restore = function () {
    var raw = null, record = null;
    try {
      raw = window.localStorage.getItem(this.key);
      window.localStorage.setItem("rr-probe", "1");
      window.localStorage.removeItem("rr-probe");
    } catch (e) {
      this.unkept = true;
      this.say(this.page.unkept);
    }
    if (!raw) { return; }
    try { record = JSON.parse(raw); } catch (e) { record = null; }
    if (!shaped(record)) {
      if (!this.unkept) { this.say(this.page.corrupt); }
      return;
    }
    var self = this;
    var kept = record.v === 1 && !record.second ? record.players.slice(0, 1) : record.players;
    kept.forEach(function (one, index) {
      var player = index ? self.newPlayer() : self.players[0];
      player.nameField.value = one.name || "";
      player.fields.forEach(function (field, round) { field.value = one.regions[round] || ""; });
      player.sanctuaries = one.sanctuaries.slice();
    });
  };

  Sheet.prototype.save = function () {
    var record = { v: VERSION, players: this.players.map(function (player) {
      return { name: player.nameField.value, sanctuaries: player.sanctuaries,
               regions: player.fields.map(function (field) { return field.value; }) };
    }) };
    try {
      window.localStorage.setItem(this.key, JSON.stringify(record));
    } catch (e) {
      if (!this.unkept) { this.unkept = true; this.say(this.page.unkept); }
    }
  };

  Sheet.prototype.inUse = function () {
    return this.players.some(function (player) {
      return player.sanctuaries.length || player.fields.some(function (field) { return field.value.trim(); });
    });
  };

  /* The cards and texts, fetched once, when the sheet is first used. */
  Sheet.prototype.load = function () {
    var self = this;
    if (!this.loading) {
      this.loading = fetch(this.file).then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      }).then(function (data) {
        self.data = data;
        self.words = new Words(data, self.lang);
        self.arrange();
      }, function (error) {
        self.loading = null;         /* asked again on the next use: the line may be back */
        self.say(self.page.no_data);
        throw error;
      });
    }
    return this.loading;
  };

  Sheet.prototype.changed = function () {
    this.arrange();
    this.save();
    this.update();
  };

  /* --- picking a Sanctuary: small faces, narrowed by a colour or by what it shows, typed --------------------------- */

  Sheet.prototype.togglePicker = function (player) {
    var self = this;
    if (!player.picker.hidden) { this.closePicker(player); return; }
    this.load().then(function () {
      if (!player.picker.firstChild) { self.buildPicker(player); }
      player.filter("", null);                   /* every Sanctuary again, the last search gone */
      player.picker.hidden = false;
      player.add.setAttribute("aria-expanded", "true");
      /* the colours first, the quick way with a thumb: no keyboard pops up over the faces */
      player.picker.querySelector(".rr-pick-colour").focus();
      player.picker.scrollIntoView({ block: "nearest" });
    }, function () {});
  };

  Sheet.prototype.closePicker = function (player) {
    if (player.picker.hidden) { return; }
    player.picker.hidden = true;
    player.add.setAttribute("aria-expanded", "false");
  };

  /* The picker: a search field, a button per colour (grey: no colour), and the Sanctuaries of the colour pressed or
     showing the words typed (both, if both), each as its face, its words its name; those already at the table last.
     Nothing pressed or typed, no face: the picker opens a screen's height short, and a colour shows 5 or 25 faces. */
  Sheet.prototype.buildPicker = function (player) {
    var self = this, words = this.words, ui = words.ui, cards = this.data.cards.sanctuaries;
    var id = player.tag + "-pick";
    var colours = player.picker.appendChild(el("p", { "class": "rr-pick-colours" }));
    var chips = COLOURS.concat(["grey"]).map(function (colour) {
      var chip = colours.appendChild(el("button", { "type": "button", "class": "rr-pick-colour rr-pick-colour-" +
        colour, "aria-pressed": "false" }, colour === "grey" ? ui.grey : words.words.colours[colour]));
      chip.rrColour = colour;
      chip.addEventListener("click", function () {
        player.filter(search.value, chip.getAttribute("aria-pressed") === "true" ? null : colour);
        player.picker.scrollIntoView({ block: "nearest" });
      });
      return chip;
    });
    var label = player.picker.appendChild(el("label", { "for": id + "-search" }, ui.search));
    var search = label.appendChild(el("input", { "id": id + "-search", "type": "search", "class": "rr-input rr-sheet-search",
                                                  "autocomplete": "off", "spellcheck": "false" }));
    var none = player.picker.appendChild(el("p", { "class": "rr-sheet-none", "hidden": "" }, ui.no_match));
    var list = player.picker.appendChild(el("div", { "class": "rr-pick-list" }));
    var buttons = [];
    COLOURS.concat([null]).forEach(function (colour) {
      var name = colour ? words.words.colours[colour] : ui.grey;
      Object.keys(cards).filter(function (key) { return cards[key].colour === colour; }).forEach(function (key) {
        var button = list.appendChild(el("button", { "type": "button", "class": "rr-pick", "data-id": key,
          "aria-label": words.sanctuaryName(key), "title": self.data.described.sanctuaries[key] }));
        button.appendChild(drawnCard(cards[key], null, null));
        button.rrWords = fold(name + " " + self.data.described.sanctuaries[key], self.lang);
        button.rrColour = colour || "grey";
        button.addEventListener("click", function () {
          player.sanctuaries.push(key);
          self.closePicker(player);
          player.add.focus();
          self.changed();
        });
        buttons.push(button);
      });
    });
    var close = player.picker.appendChild(el("button", { "type": "button", "class": "md-button" }, ui.done));
    close.addEventListener("click", function () { self.closePicker(player); player.add.focus(); });
    player.filter = function (text, colour) {
      search.value = text;
      player.colour = colour;
      chips.forEach(function (chip) { chip.setAttribute("aria-pressed", String(chip.rrColour === colour)); });
      var wanted = fold(text, self.lang), shown = 0;
      var taken = {};
      self.players.forEach(function (one) { one.sanctuaries.forEach(function (key) { taken[key] = true; }); });
      buttons.forEach(function (button) {
        button.hidden = (colour === null && wanted === "") || (colour !== null && button.rrColour !== colour) ||
          (wanted !== "" && button.rrWords.indexOf(wanted) < 0);
        button.style.order = taken[button.getAttribute("data-id")] ? "1" : "";
        shown += button.hidden ? 0 : 1;
      });
      none.hidden = shown > 0 || (colour === null && wanted === "");
    };
    search.addEventListener("input", function () { player.filter(search.value, player.colour); });
    player.picker.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { self.closePicker(player); player.add.focus(); }
    });
  };

  /* --- what the sheet shows: each player's problems or total and lines, and who wins ------------------------------- */

  Sheet.prototype.update = function () {
    var self = this;
    if (!this.data) {
      this.load().then(function () { self.update(); }, function () {});
      return;
    }
    var players = this.players, known = this.data.cards.sanctuaries;
    players.forEach(function (player) {          /* a card this release does not have (kept by an older one) */
      player.sanctuaries = player.sanctuaries.filter(function (id) {
        return Object.prototype.hasOwnProperty.call(known, id);
      });
    });
    var checked = problems(players.map(function (player) {
      return { regions: player.fields.map(function (field) { return field.value; }), sanctuaries: player.sanctuaries };
    }), this.data.cards, this.data.numbers, this.data.rounds);
    var results = players.map(function (player, index) { return self.show(player, checked[index]); });
    this.showVerdict(players, checked, results);
  };

  Sheet.prototype.show = function (player, checked) {
    var words = this.words, ui = words.ui, cards = this.data.cards;
    var bad = {};
    checked.problems.forEach(function (problem) {
      (problem.fields || (problem.field === undefined ? [] : [problem.field])).forEach(function (field) { bad[field] = true; });
    });
    player.fields.forEach(function (field, round) {
      if (bad[round]) { field.setAttribute("aria-invalid", "true"); } else { field.removeAttribute("aria-invalid"); }
    });
    this.showChosen(player, checked);
    player.status.textContent = "";
    player.lines.textContent = "";
    if (checked.problems.length) {
      var list = player.status.appendChild(el("ul", { "class": "rr-sheet-problems" }));
      checked.problems.forEach(function (problem) { list.appendChild(el("li", {}, words.problem(problem))); });
      return null;
    }
    if (!checked.numbers.length && !player.sanctuaries.length) { return null; }
    var regions = checked.numbers.map(function (n) { return cards.regions[n]; });
    var sanctuaries = player.sanctuaries.map(function (id) { return cards.sanctuaries[id]; });
    var result = score(regions, sanctuaries);
    player.status.appendChild(el("span", { "class": "rr-sheet-total" }))
      .appendChild(words.nodes(ui.total, { fame: words.count("fame", result.total) }));
    var forgotten = missing(checked, player.sanctuaries, this.data.rounds);
    if (forgotten) {
      player.status.appendChild(el("ul", { "class": "rr-sheet-problems" }))
        .appendChild(el("li", {}, words.problem(forgotten)));
    }
    player.lines.appendChild(el("p", { "class": "rr-sheet-order" }, ui.order));
    var lines = player.lines.appendChild(el("ol", { "class": "rr-sheet-list" }));
    result.lines.forEach(function (line) {
      var region = line.kind === "region";
      var card = region ? regions[line.index] : sanctuaries[line.index];
      var number = region ? checked.numbers[line.index] : null;
      var id = region ? null : player.sanctuaries[line.index];
      var item = lines.appendChild(el("li"));
      item.appendChild(drawnCard(card, number, region ? words.regionWords(number) : words.sanctuaryName(id)));
      item.appendChild(el("span")).appendChild(words.nodes(ui.line, {
        card: region ? words.regionName(number) : words.sanctuaryName(id), reason: words.reason(card, line),
        fame: el("strong", {}, words.number(line.fame)) }));
    });
    var full = checked.numbers.length === this.data.rounds;
    return { total: result.total, lowest: Math.min.apply(null, checked.numbers), full: full, done: full && !forgotten };
  };

  /* The Sanctuaries chosen, each drawn with its words and a button that takes it out again. */
  Sheet.prototype.showChosen = function (player, checked) {
    var self = this, words = this.words;
    var wrong = {};
    checked.problems.forEach(function (problem) { if (problem.id) { wrong[problem.id] = true; } });
    var focused = player.chosen.contains(document.activeElement);
    player.chosen.textContent = "";
    player.sanctuaries.forEach(function (id, index) {
      var card = self.data.cards.sanctuaries[id];
      var item = player.chosen.appendChild(el("li", wrong[id] ? { "class": "rr-sheet-bad" } : {}));
      if (card) { item.appendChild(drawnCard(card, null, null)); }
      item.appendChild(el("span", { "class": "rr-sheet-words" }, card ? self.data.described.sanctuaries[id] : id));
      var remove = item.appendChild(el("button", { "type": "button", "class": "rr-sheet-x",
        "aria-label": words.fill(words.ui.remove, { card: card ? words.sanctuaryName(id) : id }) }, "×"));
      remove.addEventListener("click", function () {
        player.sanctuaries.splice(index, 1);
        self.changed();
        var left = player.chosen.querySelectorAll(".rr-sheet-x");
        (left[index] || left[index - 1] || player.add).focus();
      });
    });
    if (focused && !player.chosen.contains(document.activeElement)) { player.add.focus(); }
  };

  /* Once every row is whole and scored: most fame wins; on a tie, the lowest single Region number among the tied. */
  Sheet.prototype.showVerdict = function (players, checked, results) {
    var words = this.words, ui = words.ui;
    this.verdict.textContent = "";
    if (players.length < 2 || checked.some(function (c) { return c.problems.length; })) { return; }
    if (!results.every(function (result) { return result && result.full; })) {
      this.verdict.textContent = ui.not_yet;
      return;
    }
    if (!results.every(function (result) { return result.done; })) { return; }    /* a Sanctuary forgotten: said */
    var won = winner(results), best = results[won.best];
    this.verdict.textContent = words.fill(won.tie ? ui.tie : ui.wins, {
      player: this.name(players[won.best]), fame: words.count("fame", best.total), number: words.number(best.lowest) });
  };

  function setUp() {
    document.querySelectorAll(".rr-sheet").forEach(function (root) {
      if (!root.sheet) { root.sheet = new Sheet(root); }
    });
  }

  site.onEveryPage(setUp);
})();
