/* Rules Refresher: a turn of Farkle played for the win (docs/assets/dice.js loads this when a calculator first weighs
   one): the race solved for two players at the table's rules (quiz/games/farkle/duel.py browser_files()), its chances
   looked up, one turn played on them as endgame.turn_chances() plays it (tests/test_browser_race.py holds the two equal). */
(function () {
  "use strict";

  function json(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) { throw new Error(String(response.status)); }
      return response.json();
    });
  }

  /* The race at a table: how it is played (race-<name>.json: its rolls, the end, the minimums, the penalty, a final
     round) and the chances of the other player's scores, fetched CHUNK_ROWS of them at a time (race-<name>-<k>.bin,
     16-bit fractions of 65535). */
  function Race(url) {
    this.url = url;
    this.meta = null;
    this.chunks = {};
  }

  Race.prototype.load = function () {
    var self = this;
    this.loading = this.loading || json(this.url).then(function (meta) {
      meta.most = Math.max.apply(null, meta.plan.offset);     /* the most steps one keep adds */
      self.meta = meta;
      return meta;
    });
    return this.loading;
  };

  /* The chances of a player at `other` steps to move, against every score of the mover and both players' farkles in
     a row: chance(score, theirs, yours). */
  Race.prototype.row = function (other) {
    var self = this;
    return this.load().then(function (meta) {
      var index = other - meta.floor;
      var chunk = Math.floor(index / meta.rows);
      if (!self.chunks[chunk]) {
        self.chunks[chunk] = fetch(self.url.replace(/\.json$/, "-" + chunk + ".bin")).then(function (response) {
          if (!response.ok) { throw new Error(String(response.status)); }
          return response.arrayBuffer();
        });
      }
      return self.chunks[chunk].then(function (buffer) {
        var width = (meta.goal - meta.floor) * meta.streaks * meta.streaks;
        var data = new DataView(buffer, (index % meta.rows) * width * 2, width * 2);
        return function (score, theirs, yours) {
          var at = ((Math.max(score, meta.floor) - meta.floor) * meta.streaks + theirs) * meta.streaks + yours;
          return data.getUint16(at * 2, true) / 65535;
        };
      });
    });
  };

  /* The turn of the player at `mover` steps against `other`, each with farkles in a row, from turn total `from` (steps)
     on, as endgame.turn_chances() plays it: value[n][t] the chance to win from total t with n dice in hand, rolled[n][t]
     what rolling on gives, bank[t] what banking gives (null: no bank allowed there). */
  Race.prototype.turn = function (chance, mover, other, own, theirs, from) {
    var meta = this.meta, plan = meta.plan;
    var needs = mover === 0 ? meta.needs[0] : meta.needs[1];
    var ends = Math.max(meta.goal + meta.beyond - mover, needs);
    var last = Math.max(ends - 1, from + meta.most);        /* every total one keep can reach from `from` */
    var top = last + meta.most + 1;
    var afterFarkle = meta.penalty && own === 2 ? 1 - chance(mover - meta.penalty, theirs, 0)
      : 1 - chance(mover, theirs, meta.penalty ? own + 1 : 0);
    function banked(turn) {
      var score = mover + turn;
      if (score < meta.goal) { return 1 - chance(score, theirs, 0); }
      if (!meta.final_round) { return 1; }
      var past = Math.min(score - meta.goal, meta.beyond + meta.most);
      var theirNeeds = other === 0 ? meta.needs[0] : meta.needs[1];
      return 1 - meta.reach_chances[Math.max(meta.goal + past - other + 1, theirNeeds)];
    }
    var bank = [], value = [], rolled = [], t, n;
    for (t = 0; t < top; t++) { bank.push(t >= needs ? banked(t) : null); }
    for (n = 0; n <= meta.dice; n++) {
      value.push(bank.map(function (ignored, turn) { return banked(turn); }));
      rolled.push([]);
    }
    for (t = last; t >= from; t--) {
      for (n = 1; n <= meta.dice; n++) {
        var sum = plan.farkle[n] * afterFarkle;
        for (var kind = plan.kind_start[n]; kind < plan.kind_start[n + 1]; kind++) {
          var best = -1;
          for (var option = plan.option_start[kind]; option < plan.option_start[kind + 1]; option++) {
            best = Math.max(best, value[plan.left[option]][t + plan.offset[option]]);
          }
          sum += plan.chance[kind] * best;
        }
        rolled[n][t] = sum;
        if (t < ends) { value[n][t] = bank[t] === null ? sum : Math.max(bank[t], sum); }
      }
    }
    return { value: value, rolled: rolled, bank: bank, ends: ends };
  };

  /* The scores typed on the calculator: both banked scores on the scoring step and below the end (below 0 only where
     a penalty can take them there, down to the solve's floor), the farkles in a row where they matter; null until both
     are typed, false where they cannot be a game's. */
  function typedScores(root, meta) {
    var lang = document.documentElement.lang;
    var typed = {};
    var blank = false;
    root.querySelectorAll("[data-score]").forEach(function (input) {
      var text = input.value.trim();
      blank = blank || !text;
      /* three farkles in a row can take a score below 0: parseWhole reads the minus */
      typed[input.getAttribute("data-score")] = window.RulesRefresher.parseWhole(text, lang);
    });
    if (blank) { return null; }
    var step = meta.step, end = meta.goal * step, low = meta.floor * step;
    var ok = [typed.yours, typed.theirs].every(function (value) {
      return Number.isInteger(value) && value % step === 0 && value < end && value >= low;
    });
    if (!ok) { return false; }
    var streaks = { yours: 0, theirs: 0 };
    root.querySelectorAll("[data-streak]").forEach(function (select) {
      streaks[select.getAttribute("data-streak")] = meta.penalty ? Number(select.value) : 0;
    });
    return { mover: typed.yours / step, other: typed.theirs / step, own: streaks.yours, theirs: streaks.theirs };
  }

  /* The play that wins most often, said in the calculator's words: of the scoring choices for the dice shown, the one
     that leaves the best chance (fewer dice kept on a tie), then bank or roll. */
  function winWords(calc, turn, meta, state, key, total) {
    var best = null;
    calc.turn.keeps[key].forEach(function (option) {
      var left = key.length - option[0].length || calc.maxDice;
      var after = (total + option[1]) / meta.step;
      var worth = turn.value[left][after];
      if (!best || worth > best.worth + 1e-9) { best = { dice: option[0], points: option[1], left: left, after: after, worth: worth }; }
    });
    var percent = new Intl.NumberFormat(document.documentElement.lang,
      { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
    var bank = turn.bank[best.after], roll = turn.rolled[best.left][best.after];
    var values = {
      keep: best.dice.split("").join(" "), points: calc.points(best.points), left: calc.leftWords(best.left),
      bank: bank === null ? "" : percent.format(bank), roll: percent.format(roll),
      minimum: calc.points((state.mover === 0 ? meta.needs[0] : meta.needs[1]) * meta.step)
    };
    var text;
    if (bank === null) {
      text = calc.ui.win_must_roll;
    } else if (bank === 1 && best.after >= turn.ends) {
      text = calc.ui.win_ends;
    } else if (Math.abs(bank - roll) < 0.0005) {      /* within what the chances' 16 bits can tell apart, shown */
      text = calc.ui.win_even;
    } else {
      text = bank > roll ? calc.ui.win_bank : calc.ui.win_roll;
    }
    return window.RulesRefresher.format(text, values);
  }

  /* The call for the win on a calculator (dice.js), once both scores are typed; nothing where the dice or the turn
     total changed while the chances were fetched. */
  Race.prototype.weigh = function (calc, key, total) {
    var race = this;
    return this.load().then(function (meta) {
      var streaks = calc.root.querySelector(".rr-calc-streaks");
      if (streaks) { streaks.hidden = !meta.penalty; }
      var state = typedScores(calc.root, meta);
      if (state === null) { return null; }
      if (state === false) { calc.win.textContent = calc.ui.win_scores; return null; }
      return race.row(state.other).then(function (chance) {
        if (key !== calc.dice.slice().sort().join("") || total !== calc.turnTotal()) { return; }
        var turn = race.turn(chance, state.mover, state.other, state.own, state.theirs, total / meta.step);
        calc.win.textContent = winWords(calc, turn, meta, state, key, total);
      });
    });
  };

  window.RulesRefresher.race = { Race: Race };
})();
