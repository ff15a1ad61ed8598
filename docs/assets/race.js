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

  window.RulesRefresher.race = { Race: Race };
})();
