/* The Belote score sheet's count in the browser: one deal counted as the checker counts it (quiz/games/belote/rules.py
   and legality.py: the cards' points, the dix de der, the capot, belote, made or dedans, the litige) and refused where
   the checker refuses it, with a problem the page words in its language. tests/test_belote_sheet.py holds it to the
   checker on 10,000 deals the engine plays and on 1,000 broken ones. The sheet page (belote/sheet/) is its next step;
   the facts come from the table's rules, as the page's data gives them. */
(function (root) {
  "use strict";
  const SUITS = {hearts: "H", diamonds: "D", clubs: "C", spades: "S"};
  const RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"];
  const DECK = [].concat(...Object.values(SUITS).map((suit) => RANKS.map((rank) => suit + rank)));
  const KEYS = ["trump", "taker", "won", "last", "belote"];
  const TEAMS = ["A", "B"];

  function problem(code, detail) { return {problem: code, detail: detail === undefined ? null : detail}; }

  function cardPoints(card, trump, facts) {
    const suit = card[0], rank = card.slice(1);
    if (suit === trump && rank === "J") return facts.points_trump_jack;
    if (suit === trump && rank === "9") return facts.points_trump_nine;
    return {A: facts.points_ace, "10": facts.points_ten, K: facts.points_king, Q: facts.points_queen,
            J: facts.points_jack}[rank] || 0;
  }

  function packPoints(facts) { return DECK.reduce((sum, card) => sum + cardPoints(card, "H", facts), 0); }

  /* The deal counted from the takers' card points and tricks: what each side makes and records. */
  function count(takerPoints, takerTricks, last, belote, facts) {
    const capot = takerTricks === facts.hand_size ? "taker" : takerTricks === 0 ? "defence" : null;
    const takerCards = capot ? (capot === "taker" ? facts.capot_total : 0)
      : takerPoints + (last === "taker" ? facts.last_trick : 0);
    const defenceCards = (capot ? facts.capot_total : packPoints(facts) + facts.last_trick) - takerCards;
    const taker = takerCards + (belote === "taker" ? facts.belote_points : 0);
    const defence = defenceCards + (belote === "defence" ? facts.belote_points : 0);
    let made, tie;
    if (facts.contract_minimum) { made = takerCards >= facts.contract_minimum; tie = false; }
    else { made = taker > defence; tie = taker === defence; }
    if (made) return {taker: taker, defence: defence, made: true, capot: capot, held: 0};
    if (tie && facts.litige) return {taker: 0, defence: defence, made: false, capot: capot, held: taker};
    const whole = capot === "defence" ? facts.capot_total : facts.dedans_total;
    return {taker: belote === "taker" ? facts.belote_points : 0,
            defence: whole + (belote === "defence" ? facts.belote_points : 0), made: false, capot: capot, held: 0};
  }

  /* Why these describe no deal (the checker's order), or null. */
  function refused(input, facts) {
    if (input === null || typeof input !== "object" || Array.isArray(input)) return problem("not_a_deal");
    const unknown = Object.keys(input).filter((key) => !KEYS.includes(key)).sort();
    if (unknown.length) return problem("unknown_key", unknown[0]);
    const missing = KEYS.filter((key) => !(key in input) && key !== "belote");
    if (missing.length) return problem("missing", missing[0]);
    if (typeof input.trump !== "string" || !(input.trump in SUITS)) return problem("trump", input.trump);
    for (const key of ["taker", "last"]) if (!TEAMS.includes(input[key])) return problem(key, input[key]);
    const belote = "belote" in input ? input.belote : null;
    if (belote !== null && !TEAMS.includes(belote)) return problem("belote", belote);
    const won = input.won;
    if (won === null || typeof won !== "object" || Array.isArray(won) ||
        JSON.stringify(Object.keys(won).sort()) !== JSON.stringify(TEAMS)) return problem("won");
    const taken = {};
    for (const team of TEAMS) {
      if (!Array.isArray(won[team])) return problem("won_cards", team);
      const seen = new Set();
      for (const card of won[team]) {
        if (typeof card !== "string" || !DECK.includes(card.toUpperCase())) return problem("no_card", card);
        if (seen.has(card.toUpperCase())) return problem("card_twice", card.toUpperCase());
        seen.add(card.toUpperCase());
      }
      taken[team] = [...seen];
    }
    const both = taken.A.filter((card) => taken.B.includes(card)).sort();
    if (both.length) return problem("in_both", both[0]);
    const nowhere = DECK.filter((card) => !taken.A.includes(card) && !taken.B.includes(card));
    if (nowhere.length) return problem("not_played", nowhere.length);
    for (const team of TEAMS) {
      if (taken[team].length % facts.players) return problem("not_tricks", team);
    }
    const trump = SUITS[input.trump], takerTeam = input.taker;
    const points = taken[takerTeam].reduce((sum, card) => sum + cardPoints(card, trump, facts), 0);
    const tricks = taken[takerTeam].length / facts.players;
    const values = DECK.map((card) => cardPoints(card, "H", facts)).sort((a, b) => b - a);
    const top = (n) => values.slice(0, n).reduce((sum, value) => sum + value, 0);
    if (points > top(facts.players * tricks)) return problem("points_for_tricks");
    if (packPoints(facts) - points > top(facts.players * (facts.hand_size - tricks))) return problem("points_left");
    const lastSide = input.last === takerTeam ? tricks : facts.hand_size - tricks;
    if (!lastSide) return problem("last_without_trick", input.last);
    return null;
  }

  /* One deal as the sheet writes it, by team ("A", "B"), or {problem, detail} where it describes no deal. */
  function score(input, facts) {
    const why = refused(input, facts);
    if (why) return why;
    const takerTeam = input.taker, other = takerTeam === "A" ? "B" : "A";
    const trump = SUITS[input.trump];
    const cards = input.won[takerTeam].map((card) => card.toUpperCase());
    const role = (team) => team === null || team === undefined ? null : team === takerTeam ? "taker" : "defence";
    const found = count(cards.reduce((sum, card) => sum + cardPoints(card, trump, facts), 0),
                        cards.length / facts.players, role(input.last), role("belote" in input ? input.belote : null),
                        facts);
    const result = {};
    result[takerTeam] = found.taker;
    result[other] = found.defence;
    result.made = found.made;
    result.capot = found.capot === null ? null : found.capot === "taker" ? takerTeam : other;
    result.held = found.held;
    return result;
  }

  /* The tricks a deal told as the table tells it could have held: the takers' cards, worth exactly `points` in whole
     tricks (one to seven of them; all eight or none for a capot), the rest the defence's; null where no tricks hold
     those points. The count reads only the points and the tricks, so these count as the real ones do. */
  function cardsFor(points, capot, trump, facts) {
    const suit = SUITS[trump];
    if (capot) return capot === "taker" ? {taker: DECK.slice(), defence: []} : {taker: [], defence: DECK.slice()};
    /* reach[n][p]: the card (by its place in the pack) that last brings n cards to p points, from fewer cards */
    const values = DECK.map((card) => cardPoints(card, suit, facts));
    const most = packPoints(facts), size = facts.players * facts.hand_size;
    const reach = [new Map([[0, -1]])];
    values.forEach((value, index) => {
      for (let n = Math.min(index, size - facts.players) ; n >= 0; n -= 1) {
        for (const [sum] of reach[n] || []) {
          if (sum + value > most) continue;
          reach[n + 1] = reach[n + 1] || new Map();
          if (!reach[n + 1].has(sum + value)) reach[n + 1].set(sum + value, index);
        }
      }
    });
    for (let tricks = 1; tricks < facts.hand_size; tricks += 1) {
      const n = tricks * facts.players;
      if (!reach[n] || !reach[n].has(points)) continue;
      const taken = [];
      for (let left = n, sum = points, below = values.length; left > 0; left -= 1) {
        const index = lastBelow(reach, left, sum, below, values);
        taken.push(DECK[index]);
        sum -= values[index];
        below = index;
      }
      return {taker: taken, defence: DECK.filter((card) => !taken.includes(card))};
    }
    return null;
  }

  /* A card before place `below` that brings `left` cards to `sum` from a sum fewer cards reach with earlier cards. */
  function lastBelow(reach, left, sum, below, values) {
    for (let index = below - 1; index >= 0; index -= 1) {
      const rest = sum - values[index];
      if (rest >= 0 && reach[left - 1] && reach[left - 1].has(rest) && reach[left - 1].get(rest) < index) return index;
    }
    return -1;
  }

  /* The score sheet page's count (docs/assets/rounds.js draws the form and keeps the list): one deal as the table tells
     it, the two teams as the list's two players. What a litige holds is carried to the next deal: its takers have it
     if they make their contract, the defence if they are dedans, and a second litige holds it on. */
  const tool = {
    players: [2, 2],
    seats: 2,
    fields: [
      {name: "trump", choices: Object.keys(SUITS)},
      {name: "taker", kind: "player"},
      {name: "capot", choices: ["none", "taker", "defence"], initial: "none"},
      {name: "points", kind: "number"},
      {name: "last", choices: ["taker", "defence"]},
      {name: "belote", choices: ["none", "taker", "defence"], initial: "none"},
    ],
    shown(name, typed) {
      return !(["points", "last"].includes(name) && typed.capot !== undefined && typed.capot !== "none");
    },
    count(values, table) {
      const {facts, ui, fill, number} = table;
      const capot = values.capot === "none" ? null : values.capot;
      const points = capot === "taker" ? packPoints(facts) : capot === "defence" ? 0 : values.points;
      const most = packPoints(facts);
      if (!Number.isInteger(points) || points < 0 || points > most) {
        return {problem: fill(ui.problem_points, {value: points, most: most})};
      }
      const cards = cardsFor(points, capot, values.trump, facts);
      if (cards === null) return {problem: fill(ui.problem_no_tricks, {value: points})};
      const takerTeam = values.taker === 0 ? "A" : "B", other = takerTeam === "A" ? "B" : "A";
      const last = capot || values.last;
      const role = {taker: takerTeam, defence: other};
      const won = {};
      won[takerTeam] = cards.taker;
      won[other] = cards.defence;
      const found = score({trump: values.trump, taker: takerTeam, won: won, last: role[last],
                           belote: values.belote === "none" ? null : role[values.belote]}, facts);
      if (found.problem) return {problem: ui["problem_" + found.problem] || ui.problem_other};
      const scores = [found.A, found.B];
      const takers = table.name(values.taker), defence = table.name(1 - values.taker);
      const beloteOf = (side) => values.belote === side ? [String(facts.belote_points)] : [];
      const sum = (parts) => parts.length > 1 ? parts.join(" + ") + " = " +
        parts.reduce((total, part) => total + Number(part), 0) : parts[0];
      const takerParts = (capot === "taker" ? [String(facts.capot_total)] : capot ? ["0"] :
        [String(points)].concat(last === "taker" ? [String(facts.last_trick)] : [])).concat(beloteOf("taker"));
      const defenceParts = (capot === "defence" ? [String(facts.capot_total)] : capot ? ["0"] :
        [String(most - points)].concat(last === "defence" ? [String(facts.last_trick)] : [])).concat(beloteOf("defence"));
      const sums = {takers: takers, defence: defence, taker_sum: sum(takerParts), defence_sum: sum(defenceParts)};
      /* where the contract is a number of points, the takers' cards alone are held to it, the belote aside */
      const takerCards = points + (last === "taker" ? facts.last_trick : 0);
      Object.assign(sums, {cards: takerCards, minimum: facts.contract_minimum, points: number(found[other])});
      const atLeast = facts.contract_minimum > 0 && !capot;
      let reason;
      if (found.made) reason = fill(capot === "taker" ? ui.made_capot : atLeast ? ui.made_minimum : ui.made, sums);
      else if (found.held) reason = fill(ui.litige, Object.assign(sums, {held: found.held}));
      else reason = fill(atLeast ? ui.dedans_minimum : ui.dedans, sums);
      /* a litige held before: the winner of this deal takes it; a new litige holds it on */
      let carry = found.held ? {points: found.held} : null;
      if (table.carried && table.carried.points) {
        if (found.held) carry = {points: found.held + table.carried.points};
        else {
          const winner = found.made ? values.taker : 1 - values.taker;
          scores[winner] += table.carried.points;
          reason += fill(ui.carried, {team: table.name(winner), points: table.carried.points});
        }
      }
      return {scores: scores, reason: reason, carry: carry};
    },
    /* The first team to reach the target wins (FFB 10.4.2); where both reach it in the same deal, the FFB's text says
       only "the first", and the sheet takes the higher total, or says to play on where they are equal. */
    verdict(after, table) {
      const {facts, ui, fill, number} = table;
      const reached = after.find((totals) => totals.some((total) => total >= facts.target));
      if (!reached) return null;
      const best = Math.max(...reached);
      const leaders = reached.map((total, seat) => total === best ? seat : -1).filter((seat) => seat >= 0);
      if (leaders.length > 1) return fill(ui.tie, {goal: number(facts.target), points: number(best)});
      return fill(ui.wins, {team: table.name(leaders[0]), goal: number(facts.target), points: number(best)});
    },
  };

  const api = {score: score, refused: refused, count: count, cardsFor: cardsFor, tool: tool};
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else {
    root.BeloteSheet = api;
    (root.RoundLists = root.RoundLists || {}).sheet = tool;
  }
})(this);
