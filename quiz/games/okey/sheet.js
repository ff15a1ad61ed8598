/* The Okey score sheet's count in the browser: one round counted as the checker counts it (quiz/games/okey/rules.py
   and legality.py: 202 for a hand never opened, the rack's sum, twice for a pairs opener, the finisher's -101, all
   doubled by a finish with the okey, with pairs or from the hand, an okey left in hand; or classic Okey's points) and
   refused where the checker refuses it, with a problem the page words in its language. tests/test_okey_sheet.py holds
   it to the checker on 10,000 rounds the engine plays and on 1,000 broken ones. The sheet page (okey/sheet/) is its
   next step; the facts come from the table's rules, as the page's data gives them. */
(function (root) {
  "use strict";
  const COLOURS = ["R", "Y", "B", "K"];
  const FINISHES = ["normal", "okey", "pairs", "hand"];
  const KEYS = ["indicator", "finish", "players"];
  const PLAYER_KEYS = ["opened", "pairs", "finished", "tiles"];

  function problem(code, detail) { return {problem: code, detail: detail === undefined ? null : detail}; }

  /* A tile's colour and number from its name ("R5"; "J" a false okey: colour "J", number 0), or null. */
  function tile(name) {
    if (typeof name !== "string") return null;
    const upper = name.toUpperCase();
    if (upper === "J") return {colour: "J", number: 0, name: "J"};
    const colour = upper[0], number = Number(upper.slice(1));
    if (!COLOURS.includes(colour) || !/^[0-9]+$/.test(upper.slice(1)) || number < 1 || number > 13 ||
        String(number) !== upper.slice(1)) return null;
    return {colour: colour, number: number, name: upper};
  }

  function okeyOf(indicator) { return {colour: indicator.colour, number: indicator.number % 13 + 1,
                                       name: indicator.colour + (indicator.number % 13 + 1)}; }

  function factor(finish, facts) {
    return {normal: 1, okey: facts.okey_finish_factor, pairs: facts.pairs_finish_factor,
            hand: facts.hand_finish_factor}[finish] || 1;
  }

  /* What a player who did not finish writes: 202 never opened, else the rack's sum (a false okey the okey's number,
     an okey 101 in the sum or on top), twice for a pairs opener, all of it times the finish's factor. */
  function penalty(okey, finish, player, tiles, facts) {
    const times = factor(finish, facts);
    if (!player.opened) return facts.unopened_penalty * times;
    const held = tiles.filter((t) => t.name === okey.name).length;
    let value = tiles.filter((t) => t.name !== okey.name)
      .reduce((sum, t) => sum + (t.colour === "J" ? okey.number : t.number), 0);
    let extra = 0;
    if (facts.held_okey_in_sum) value += held * facts.held_okey_penalty;
    else { value += held * okey.number; extra = held * facts.held_okey_penalty; }
    return value * times * (player.pairs ? facts.pairs_opener_factor : 1) + extra;
  }

  function classicLoss(finish, facts) {
    return {normal: facts.classic_normal, okey: facts.classic_okey, pairs: facts.classic_pairs}[finish] || 0;
  }

  /* Why this describes no round (the checker's order), or null. */
  function refused(input, facts) {
    if (input === null || typeof input !== "object" || Array.isArray(input)) return problem("not_a_round");
    const unknown = Object.keys(input).filter((key) => !KEYS.includes(key)).sort();
    if (unknown.length) return problem("unknown_key", unknown[0]);
    if (!("indicator" in input)) return problem("missing", "indicator");
    if (!("players" in input)) return problem("missing", "players");
    const finish = "finish" in input ? input.finish : null;
    const indicator = tile(input.indicator);
    if (indicator === null) return problem("no_tile", input.indicator);
    if (finish !== null && !FINISHES.includes(finish)) return problem("finish", finish);
    if (indicator.colour === "J") return problem("false_okey_indicator");
    const players = input.players;
    if (!Array.isArray(players) || players.length !== facts.players) return problem("players");
    const allowed = PLAYER_KEYS.concat(facts.classic ? ["showed_indicator"] : []);
    const racks = [];
    for (let seat = 0; seat < players.length; seat += 1) {
      const player = players[seat];
      if (player === null || typeof player !== "object" || Array.isArray(player) ||
          !PLAYER_KEYS.every((key) => key in player) || !Object.keys(player).every((key) => allowed.includes(key))) {
        return problem("player", seat + 1);
      }
      for (const key of PLAYER_KEYS.slice(0, 3).concat("showed_indicator" in player ? ["showed_indicator"] : [])) {
        if (typeof player[key] !== "boolean") return problem("flag", key);
      }
      if (!Array.isArray(player.tiles)) return problem("tiles", seat + 1);
      const rack = [];
      for (const name of player.tiles) {
        const found = tile(name);
        if (found === null) return problem("no_tile", name);
        rack.push(found);
      }
      racks.push(rack);
    }
    const finishers = players.map((player, seat) => player.finished ? seat : -1).filter((seat) => seat >= 0);
    if (finishers.length > 1) return problem("two_finishers", [finishers[0] + 1, finishers[1] + 1]);
    for (let seat = 0; seat < players.length; seat += 1) {
      const player = players[seat];
      if (player.finished && player.tiles.length) return problem("finisher_with_tiles", seat + 1);
      if (player.pairs && !player.opened && !facts.classic) return problem("pairs_unopened", seat + 1);
      if (player.tiles.length > facts.starter_tiles) return problem("rack_too_big", seat + 1);
    }
    if (finishers.length) {
      const finisher = players[finishers[0]];
      if (finish === null) return problem("finish_unsaid");
      if (finish === "pairs" && !finisher.pairs) return problem("pairs_finish_unpaired", finishers[0] + 1);
      if (finish === "hand" && facts.classic) return problem("hand_classic");
      if (finish === "hand" && players.some((player, seat) => seat !== finishers[0] && player.opened)) {
        return problem("hand_finish_opened");
      }
    }
    const copies = {};
    for (const found of [indicator].concat(...racks)) {
      copies[found.name] = (copies[found.name] || 0) + 1;
      if (copies[found.name] > 2) return problem("too_many", found.name);
    }
    return null;
  }

  /* One round as the sheet writes it: each player's penalty (the finisher's negative), or {problem, detail}. */
  function score(input, facts) {
    const why = refused(input, facts);
    if (why) return why;
    const indicator = tile(input.indicator), okey = okeyOf(indicator);
    const finishedSeat = input.players.findIndex((player) => player.finished);
    const finish = finishedSeat < 0 ? null : input.finish;
    let penalties;
    if (facts.classic) {
      const loss = classicLoss(finish, facts);
      const shown = input.players.map((player) => player.showed_indicator ? 1 : 0);
      const all = shown.reduce((sum, n) => sum + n, 0);
      penalties = input.players.map((player, seat) => (seat === finishedSeat ? 0 : loss) + all - shown[seat]);
    } else {
      penalties = input.players.map((player, seat) => seat === finishedSeat
        ? -facts.finish_reward * factor(finish, facts)
        : penalty(okey, finish, player, player.tiles.map(tile), facts));
    }
    return {penalties: penalties, okey: okey.name};
  }

  /* A round's racks as the table counts them, numbers and okeys rather than coloured tiles, made tiles again: each number
     in the first colour of which two copies are not yet out (the indicator's own red tile among them, the okey's tile
     left for the okeys), a real okey as the okey's tile, a false okey as "J". The penalties read only numbers, okeys
     and false okeys, so these score as the real tiles do; a number typed more often than the set holds it stays
     over, and is refused as too many. */
  function tilesOf(indicatorNumber, racks) {
    const okey = "R" + (indicatorNumber % 13 + 1), copies = {};
    copies["R" + indicatorNumber] = 1;
    const take = (name) => { copies[name] = (copies[name] || 0) + 1; return name; };
    return racks.map((rack) => rack === null ? [] : [].concat(
      rack.numbers.map((number) => take(["Y", "B", "K", "R"].map((colour) => colour + number)
        .find((name) => name !== okey && (copies[name] || 0) < 2) || "Y" + number)),
      new Array(rack.okeys).fill(okey).map(take), new Array(rack.falseOkeys).fill("J").map(take)));
  }

  /* The score sheet page's count (docs/assets/rounds.js draws the form and keeps the list): one round as typed. */
  const tool = {
    players: [4, 4],
    seats: 4,
    fields: [
      {name: "indicator", kind: "number"},
      {name: "finish", choices: ["normal", "okey", "pairs", "hand", "none"]},
      {name: "finisher", kind: "player"},
      {name: "opened", choices: ["no", "melds", "pairs"], each: true},
      {name: "tiles", kind: "numbers", each: true},
      {name: "okeys", kind: "number", each: true, initial: "0"},
      {name: "false_okeys", kind: "number", each: true, initial: "0"},
      {name: "showed", kind: "toggle", each: true},
    ],
    /* At classic Okey a round is the finish and who showed the gösterge's twin: no racks are counted. */
    shown(name, typed, player, facts) {
      const classic = Boolean(facts && facts.classic);
      const finisher = typed.finish !== undefined && typed.finish !== "none" ? typed.finisher : undefined;
      if (name === "finisher") return typed.finish !== undefined && typed.finish !== "none";
      if (name === "indicator") return !classic;
      if (player === undefined) return true;
      if (name === "showed") return classic;
      if (classic || String(player) === String(finisher)) return false;
      if (name === "opened") return true;
      return typed["opened." + player] === "melds" || typed["opened." + player] === "pairs";
    },
    count(values, table) {
      return table.facts.classic ? countClassic(values, table) : count101(values, table);
    },
    /* Who has won: in 101 the lowest total once the rounds agreed are played (baguvix.com.tr; 11 in paperzz.com's
       tournament rules); in classic Okey, once a player has lost all the points everyone starts with
       (boardgamewikia.com), whoever has lost least. Equal totals are said, not broken: no source read breaks them. */
    verdict(after, table) {
      const {facts, ui, fill, number} = table;
      let totals, text;
      if (facts.classic) {
        totals = after.find((row) => row.some((lost) => lost >= facts.classic_start));
        if (!totals) return null;
        text = ui.wins_classic;
      } else {
        if (after.length < facts.rounds) return null;
        totals = after[facts.rounds - 1];
        text = ui.wins_rounds;
      }
      const best = Math.min(...totals);
      const winners = totals.map((total, seat) => total === best ? table.name(seat) : null).filter(Boolean);
      const out = totals.findIndex((lost) => lost >= facts.classic_start);
      if (winners.length > 1) return fill(ui.shared, {names: winners.join(", "), points: number(best)});
      return fill(text, {player: winners[0], points: number(best), count: facts.rounds, out: table.name(out)});
    },
  };

  /* A classic round: what each player loses, from the finish and the gösterge shown (the checker's score_json). */
  function countClassic(values, table) {
    const {facts, ui, fill, number} = table;
    const finish = values.finish === "none" ? null : values.finish;
    const finisher = finish === null ? -1 : values.finisher;
    const input = {indicator: "R1", finish: finish, players: values.showed.map((showed, seat) => ({
      opened: false, pairs: finish === "pairs" && seat === finisher, finished: seat === finisher, tiles: [],
      showed_indicator: showed === true}))};
    const found = score(input, facts);
    if (found.problem) return {problem: ui["problem_" + found.problem] || ui.problem_other};
    const loss = classicLoss(finish, facts);
    const lines = found.penalties.map((points, seat) => {
      const name = table.name(seat);
      if (seat === finisher) {
        return points ? fill(ui.line_classic_finished_shown, {player: name, points: number(points)})
          : fill(ui.line_classic_finished, {player: name});
      }
      return fill(points > loss ? ui.line_classic_shown : ui.line_classic,
                  {player: name, loss: loss, shown: points - loss, points: number(points)});
    });
    return {scores: found.penalties, reason: lines.join(ui.between)};
  }

  /* A round of 101: each player's penalty, the racks told as numbers and made tiles again (tilesOf). */
  function count101(values, table) {
    const {facts, ui, fill, number} = table;
    const n = values.indicator;
    if (!isIntIn(n, 1, 13)) return {problem: fill(ui.problem_indicator, {value: n})};
    const finish = values.finish === "none" ? null : values.finish;
    const finisher = finish === null ? -1 : values.finisher;
    const racks = values.opened.map((opened, seat) => seat === finisher || opened === "no" ? null :
      {numbers: values.tiles[seat], okeys: values.okeys[seat], falseOkeys: values.false_okeys[seat]});
    for (const rack of racks) {
      if (rack === null) continue;
      const wrong = rack.numbers.find((k) => !isIntIn(k, 1, 13));
      if (wrong !== undefined) return {problem: fill(ui.problem_number, {value: wrong})};
      if (!isIntIn(rack.okeys, 0, 2) || !isIntIn(rack.falseOkeys, 0, 2)) return {problem: ui.problem_okeys};
    }
    const tiles = tilesOf(n, racks);
    const input = {indicator: "R" + n, finish: finish, players: values.opened.map((opened, seat) => ({
      opened: seat === finisher || opened !== "no", pairs: opened === "pairs", finished: seat === finisher,
      tiles: tiles[seat]}))};
    const found = score(input, facts);
    if (found.problem) {
      const detail = found.detail;
      if (found.problem === "too_many" && (detail === "J" || detail === "R" + (n % 13 + 1))) {
        return {problem: ui.problem_okeys};
      }
      const value = found.problem === "too_many" ? detail.slice(1)
        : ["rack_too_big", "pairs_finish_unpaired"].includes(found.problem) ? table.name(detail - 1) : detail;
      return {problem: fill(ui["problem_" + found.problem] || ui.problem_other,
                            {value: value, most: facts.starter_tiles})};
    }
    const okeyNumber = n % 13 + 1, times = factor(finish, facts);
    const lines = found.penalties.map((penalty, seat) => {
      const name = table.name(seat);
      if (seat === finisher) return fill(ui.line_finished, {player: name, points: number(penalty)});
      if (values.opened[seat] === "no") {
        return fill(times > 1 ? ui.line_unopened_times : ui.line_unopened,
                    {player: name, unopened: facts.unopened_penalty, times: times, points: number(penalty)});
      }
      const rack = racks[seat];
      const parts = rack.numbers.map(String).concat(new Array(rack.falseOkeys).fill(String(okeyNumber)))
        .concat(new Array(rack.okeys).fill(String(facts.held_okey_in_sum ? facts.held_okey_penalty : okeyNumber)));
      const sum = parts.reduce((total, part) => total + Number(part), 0);
      const text = fill(ui.line_opened, {player: name, sum: parts.join(" + ") || "0", total: sum});
      let more = "";                            /* what turns the rack's sum into the penalty, where anything does */
      if (values.opened[seat] === "pairs") more += fill(ui.times_pairs, {times: facts.pairs_opener_factor});
      if (times > 1) more += fill(ui.times_finish, {times: times});
      if (!facts.held_okey_in_sum && rack.okeys) {
        more += fill(ui.plus_okeys, {points: rack.okeys * facts.held_okey_penalty});
      }
      return more ? text + more + fill(ui.equals, {points: number(penalty)}) : text;
    });
    return {scores: found.penalties, reason: lines.join(ui.between)};
  }

  function isIntIn(n, low, high) { return Number.isInteger(n) && n >= low && n <= high; }

  const api = {score: score, refused: refused, tilesOf: tilesOf, tool: tool};
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else {
    root.OkeySheet = api;
    (root.RoundLists = root.RoundLists || {}).sheet = tool;
  }
})(this);
