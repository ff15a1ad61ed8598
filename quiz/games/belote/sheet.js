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

  const api = {score: score, refused: refused, count: count};
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.BeloteSheet = api;
})(this);
