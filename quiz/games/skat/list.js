/* The Skat list's count in the browser: one game scored as the checker scores it (quiz/games/skat/rules.py and
   legality.py: the ISkO's levels, won or lost, overbid, the Seeger-Fabian list) and refused where the checker refuses
   it, with a problem the page words in its language. tests/test_skat_list.py holds it to the checker on 10,000 deals
   the engine plays and on 1,000 broken ones. The list page (skat/list/) is its next step; the facts come from the
   table's rules, as the page's data gives them. */
(function (root) {
  "use strict";
  const SUITS = ["C", "S", "H", "D"];
  const RANKS = ["A", "10", "K", "Q", "J", "9", "8", "7"];
  const GAMES = ["clubs", "spades", "hearts", "diamonds", "grand", "null"];
  const SUIT_OF_GAME = {clubs: "C", spades: "S", hearts: "H", diamonds: "D"};
  const DECK = [].concat(...SUITS.map((suit) => RANKS.map((rank) => suit + rank)));
  const KEYS = ["game", "cards", "hand", "ouvert", "announced", "points", "tricks", "bid", "players", "kontra", "bock"];
  const OPTIONAL = ["announced", "players", "kontra", "bock"];

  function problem(code, detail) { return {problem: code, detail: detail === undefined ? null : detail}; }
  const isInt = (n) => typeof n === "number" && Number.isInteger(n);

  function trumps(game) {
    if (game === "null") return [];
    const jacks = SUITS.map((suit) => suit + "J");
    if (game === "grand") return jacks;
    const suit = SUIT_OF_GAME[game];
    return jacks.concat(RANKS.filter((rank) => rank !== "J").map((rank) => suit + rank));
  }

  function cardPoints(card, facts) {
    const rank = card.slice(1);
    return {A: facts.points_ace, "10": facts.points_ten, K: facts.points_king, Q: facts.points_queen,
            J: facts.points_jack}[rank] || 0;
  }

  function totalPoints(facts) { return DECK.reduce((sum, card) => sum + cardPoints(card, facts), 0); }

  /* With (true) or without (false) how many Spitzen: the unbroken run from the club jack the cards hold, or lack. */
  function spitzen(game, held) {
    const order = trumps(game), has = new Set(held), withThem = has.has(order[0]);
    let count = 0;
    while (count < order.length && has.has(order[count]) === withThem) count += 1;
    return [withThem, count];
  }

  /* The most Spitzen a hand game can have: the ten held and any `unseen` more cards in the skat. */
  function mostSpitzen(game, held, unseen) {
    const order = trumps(game), has = new Set(held);
    let gaps = 0, withThem = 0;
    for (const trump of order) {
      gaps += has.has(trump) ? 0 : 1;
      if (gaps > unseen) break;
      withThem += 1;
    }
    let without = order.findIndex((trump) => has.has(trump));
    if (without < 0) without = order.length;
    return Math.max(withThem, without);
  }

  function baseValue(game, facts) {
    return {diamonds: facts.base_diamonds, hearts: facts.base_hearts, spades: facts.base_spades,
            clubs: facts.base_clubs, grand: facts.base_grand}[game];
  }

  function nullValue(hand, ouvert, facts) {
    if (hand) return ouvert ? facts.value_null_ouvert_hand : facts.value_null_hand;
    return ouvert ? facts.value_null_ouvert : facts.value_null;
  }

  function bidValues(facts) {
    const values = new Set([false, true].flatMap((hand) => [false, true].map((o) => nullValue(hand, o, facts))));
    for (const game of GAMES.slice(0, 5)) {
      const most = trumps(game).length + 7;
      for (let multiplier = 2; multiplier <= most; multiplier += 1) values.add(baseValue(game, facts) * multiplier);
    }
    return [...values].filter((value) => value >= facts.lowest_bid).sort((a, b) => a - b);
  }

  /* The levels a suit or grand game counts, as [name, count]: Spitzen, game, hand, schneider, schneider announced,
     schwarz, schwarz announced, ouvert. */
  function levels(game, twelve, hand, ouvert, announced, points, tricks, facts) {
    if (ouvert) announced = "schwarz";
    const total = totalPoints(facts), low = facts.schneider_points;
    const found = [["spitzen", spitzen(game, twelve)[1]], ["game", 1]];
    if (hand) found.push(["hand", 1]);
    if (points <= low || total - points <= low || announced) found.push(["schneider", 1]);
    if (announced) found.push(["schneider_announced", 1]);
    if (tricks === 0 || tricks === facts.hand_size || announced === "schwarz") found.push(["schwarz", 1]);
    if (announced === "schwarz") found.push(["schwarz_announced", 1]);
    if (ouvert) found.push(["ouvert", 1]);
    return found;
  }

  function made(game, announced, ouvert, points, tricks, facts) {
    if (game === "null") return tricks === 0;
    if (ouvert) announced = "schwarz";
    if (announced === "schwarz") return tricks === facts.hand_size;
    if (announced === "schneider") return totalPoints(facts) - points <= facts.schneider_points;
    return points >= facts.win_points;
  }

  function highestValue(game, twelve, hand, ouvert, announced, facts) {
    if (game === "null") return nullValue(hand, ouvert, facts);
    const held = twelve.slice(0, facts.hand_size);
    const count = hand ? mostSpitzen(game, held, facts.skat_size) : spitzen(game, twelve)[1];
    if (ouvert) announced = "schwarz";
    const levelsLeft = count + 1 + (hand ? 1 : 0) + 2 + (announced ? 1 : 0) + (announced === "schwarz" ? 1 : 0) +
      (ouvert ? 1 : 0);
    return baseValue(game, facts) * levelsLeft;
  }

  /* Why these describe no game (the checker's order: malformed input first, then what no game reaches), or null. */
  function refused(input, facts) {
    if (input === null || typeof input !== "object" || Array.isArray(input)) return problem("not_a_game");
    const unknown = Object.keys(input).filter((key) => !KEYS.includes(key)).sort();
    if (unknown.length) return problem("unknown_key", unknown[0]);
    const missing = KEYS.filter((key) => !(key in input) && !OPTIONAL.includes(key));
    if (missing.length) return problem("missing", missing[0]);
    const players = "players" in input ? input.players : 3;
    if (players !== 3 && players !== 4) return problem("players", players);
    const kontra = "kontra" in input ? input.kontra : null, bock = "bock" in input ? input.bock : false;
    if (![null, "kontra", "re"].includes(kontra)) return problem("kontra", kontra);
    if (typeof bock !== "boolean") return problem("bock", bock);
    if (kontra && !facts.kontra) return problem("kontra_not_played", kontra);
    if (bock && !facts.bock) return problem("bock_not_played");
    const {game, cards, hand, ouvert, points, tricks, bid} = input;
    const announced = "announced" in input ? input.announced : null;
    if (!GAMES.includes(game)) return problem("game", game);
    if (!Array.isArray(cards)) return problem("cards");
    for (let i = 0; i < cards.length; i += 1) {
      if (typeof cards[i] !== "string" || !DECK.includes(cards[i].toUpperCase())) return problem("no_card", cards[i]);
    }
    const size = facts.hand_size + facts.skat_size;
    if (cards.length !== size) return problem("card_count", cards.length);
    const twelve = cards.map((card) => card.toUpperCase());
    const seen = new Set();
    for (const card of twelve) {
      if (seen.has(card)) return problem("card_twice", card);
      seen.add(card);
    }
    if (typeof hand !== "boolean") return problem("hand", hand);
    if (typeof ouvert !== "boolean") return problem("ouvert", ouvert);
    if (![null, "schneider", "schwarz"].includes(announced)) return problem("announced", announced);
    if (!isInt(points) || points < 0 || points > totalPoints(facts)) return problem("points", points);
    if (!isInt(tricks) || tricks < 0 || tricks > facts.hand_size) return problem("tricks", tricks);
    if (!isInt(bid)) return problem("bid", bid);
    let said = announced;
    if (ouvert && game !== "null" && said === "schwarz") said = null;
    // the contract
    if (game === "null") {
      if (said) return problem("null_announced", said);
    } else {
      if (said && !hand) return problem("announced_without_hand", said);
      if (ouvert && !hand) return problem("ouvert_without_hand");
      if (ouvert && said === "schneider") return problem("ouvert_schneider");
    }
    // the play
    if (game !== "null") {
      const skat = twelve.slice(facts.hand_size).reduce((sum, card) => sum + cardPoints(card, facts), 0);
      if (points < skat) return problem("fewer_than_skat", skat);
      const others = DECK.filter((card) => !twelve.slice(facts.hand_size).includes(card))
        .map((card) => cardPoints(card, facts)).sort((a, b) => b - a);
      const sum = (values) => values.reduce((total, value) => total + value, 0);
      const mostTaken = sum(others.slice(0, 3 * tricks));
      const mostLost = sum(others.slice(0, 3 * (facts.hand_size - tricks)));
      if (points - skat > mostTaken) return problem("points_for_tricks", mostTaken);
      if (totalPoints(facts) - points > mostLost) return problem("points_left", totalPoints(facts) - points);
    }
    if (!bidValues(facts).includes(bid)) return problem("bid_value", bid);
    const highest = highestValue(game, twelve, hand, ouvert, said, facts);
    if (highest < bid) return problem("cannot_reach_bid", highest);
    return null;
  }

  /* One game as the list writes it, or {problem, detail} where it describes no game. */
  function score(input, facts) {
    const why = refused(input, facts);
    if (why) return why;
    const {game, hand, ouvert, points, tricks, bid} = input;
    const twelve = input.cards.map((card) => card.toUpperCase());
    let announced = "announced" in input ? input.announced : null;
    if (ouvert && game !== "null" && announced === "schwarz") announced = null;
    const players = "players" in input ? input.players : 3;
    let value, counted = [], withThem = null;
    if (game === "null") {
      value = nullValue(hand, ouvert, facts);
    } else {
      counted = levels(game, twelve, hand, ouvert, announced, points, tricks, facts);
      value = baseValue(game, facts) * counted.reduce((total, level) => total + level[1], 0);
      withThem = spitzen(game, twelve)[0];
    }
    const overbid = value < bid;
    const won = made(game, announced, ouvert, points, tricks, facts) && !overbid;
    if (overbid) {
      const base = baseValue(game, facts);
      value = Math.ceil(bid / base) * base;
    }
    const times = {kontra: 2, re: 4}[input.kontra] || 1;
    const written = (won ? value : -facts.lost_factor * value) * times * (input.bock ? 2 : 1);
    const bockOpens = facts.bock && ((game === "grand" && hand) || (game === "null" && hand && ouvert) ||
                                     (game !== "null" && !won && points === facts.win_points - 1));
    return {value: value, won: won, score: written, overbid: overbid, levels: Object.fromEntries(counted),
            with: withThem,
            list: {declarer: written + (won ? facts.list_won : -facts.list_lost),
                   each_opponent: won ? 0 : players === 3 ? facts.list_opponents_three : facts.list_opponents_four},
            bock_opens: Boolean(bockOpens)};
  }

  /* Twelve cards with exactly these Spitzen, for a list told "with 2" rather than the cards: the run in the hand with
     every later trump as far as ten cards go, or without, the trump that ends the gap and no other (in a hand game, the
     most Spitzen the unseen skat could add), the best other cards beside them; in the skat the first pair, the least
     worth first, for
     which `fits` holds (the card points and tricks told need a skat of their own: a declarer without a trick holds just
     the skat's points). The value reads only the Spitzen, so every such twelve scores the same. Null where no game has
     these Spitzen. */
  function twelveWith(game, withThem, count, facts, fits) {
    const order = trumps(game);
    if (!isInt(count) || count < 1 || count > order.length) return null;
    const run = withThem ? order.slice(0, count) : order.slice(count, count + 1);
    const out = new Set(withThem ? order.slice(count, count + 1) : order.slice(0, count));
    const later = order.slice(count + 1);
    const choices = DECK.filter((card) => !out.has(card))
      .sort((a, b) => cardPoints(a, facts) - cardPoints(b, facts) || DECK.indexOf(a) - DECK.indexOf(b));
    let first = null;
    for (let i = 0; i < choices.length; i += 1) {
      for (let j = i + 1; j < choices.length; j += 1) {
        const skat = [choices[i], choices[j]];
        const held = run.concat(withThem ? later : []).filter((card) => !skat.includes(card));
        if (run.filter((card) => !skat.includes(card)).length > facts.hand_size) continue;
        const best = choices.filter((card) => !skat.includes(card) && !held.includes(card) && !order.includes(card))
          .reverse();
        const twelve = held.concat(best).slice(0, facts.hand_size).concat(skat);
        if (first === null) first = twelve;
        if (!fits || fits(twelve)) return twelve;
      }
    }
    return first;
  }

  /* The list page's count (docs/assets/rounds.js draws the form and keeps the list): one game as typed, scored as
     above, in the page's words. */
  const LEVELS = ["game", "hand", "schneider", "schneider_announced", "schwarz", "schwarz_announced", "ouvert"];
  const tool = {
    players: [3, 4],
    seats: 3,
    options: [{name: "count", choices: ["points", "seeger"]}],
    fields: [
      {name: "declarer", kind: "player"},
      {name: "game", choices: GAMES},
      {name: "hand", kind: "toggle"},
      {name: "ouvert", kind: "toggle"},
      {name: "announced", choices: ["none", "schneider", "schwarz"], initial: "none"},
      {name: "spitzen", choices: ["with", "without"]},
      {name: "spitzen_count", kind: "number"},
      {name: "points", kind: "number"},
      {name: "tricks", kind: "number"},
      {name: "bid", kind: "number"},
      {name: "kontra", choices: ["none", "kontra", "re"], initial: "none"},
    ],
    shown(name, typed, player, facts) {
      const suitOrGrand = typed.game !== undefined && typed.game !== "null";
      if (name === "kontra") return Boolean(facts && facts.kontra);   /* where the table plays Kontra and Re */
      if (name === "announced") return suitOrGrand && typed.hand === true && typed.ouvert !== true;
      if (name === "spitzen" || name === "spitzen_count" || name === "points") return suitOrGrand;
      return true;
    },
    count(values, table) {
      const {facts, ui, fill, number} = table;
      const game = values.game, suitOrGrand = game !== "null";
      /* a Bock round: the games still to count double, carried from the games before */
      const bockLeft = facts.bock && table.carried ? table.carried.bock : 0;
      const input = {game: game, cards: DECK.slice(0, facts.hand_size + facts.skat_size), hand: values.hand,
                     ouvert: values.ouvert,
                     announced: values.announced === "none" || values.announced === undefined ? null : values.announced,
                     points: suitOrGrand ? values.points : 0, tricks: values.tricks, bid: values.bid,
                     players: table.players, kontra: values.kontra && values.kontra !== "none" ? values.kontra : null,
                     bock: bockLeft > 0};
      if (suitOrGrand) {
        input.cards = twelveWith(game, values.spitzen === "with", values.spitzen_count, facts,
                                 (twelve) => refused({...input, cards: twelve}, facts) === null);
        if (input.cards === null) {
          return {problem: fill(ui.problem_spitzen, {count: values.spitzen_count, most: trumps(game).length})};
        }
      }
      const found = score(input, facts);
      if (found.problem) {
        return {problem: fill(ui["problem_" + found.problem] || ui.problem_other,
                              {value: found.detail, most: found.detail, bid: values.bid})};
      }
      const name = ui["game_" + game] + (values.hand ? ui.with_hand : "") + (values.ouvert ? ui.with_ouvert : "");
      let reason;
      if (suitOrGrand) {
        const spitzenWord = fill(values.spitzen === "with" ? ui.level_with : ui.level_without,
                                 {count: values.spitzen_count});
        const counted = [spitzenWord].concat(LEVELS.filter((level) => found.levels[level])
          .map((level) => ui["level_" + level]));
        const multiplier = Object.values(found.levels).reduce((sum, n) => sum + n, 0);
        const base = baseValue(game, facts);
        reason = fill(ui.reason_suit, {game: name, levels: counted.join(", "), multiplier: multiplier, base: base,
                                  value: multiplier * base});
        if (found.overbid) reason += fill(ui.overbid, {bid: number(values.bid), value: number(found.value)});
      } else {
        reason = fill(ui.reason_null, {game: name, value: number(found.value)});
      }
      const doubled = [input.kontra ? ui["kontra_" + input.kontra] : null, input.bock ? ui.bock : null]
        .filter(Boolean);
      const times = ({kontra: 2, re: 4}[input.kontra] || 1) * (input.bock ? 2 : 1);
      reason += fill(found.won ? ui.won : ui.lost, {score: number(found.score / times)});
      if (times > 1) reason += fill(ui.doubled, {what: doubled.join(" + "), times: times, score: number(found.score)});
      const scores = new Array(table.players).fill(0);
      if (table.options.count === "seeger") {
        scores.forEach((_, seat) => { scores[seat] = found.list.each_opponent; });
        scores[values.declarer] = found.list.declarer;
        reason += fill(found.won ? ui.seeger_won : ui.seeger_lost,
                       {list: number(found.list.declarer), each: number(found.list.each_opponent)});
      } else {
        scores[values.declarer] = found.score;
      }
      if (found.bock_opens) reason += fill(ui.bock_opens, {games: table.players});
      const carry = facts.bock ? {bock: Math.max(bockLeft - 1, 0) + (found.bock_opens ? table.players : 0)} : null;
      return {scores: scores, reason: reason, carry: carry};
    },
  };

  const api = {score: score, refused: refused, bidValues: bidValues, spitzen: spitzen, twelveWith: twelveWith,
               tool: tool};
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else {
    root.SkatList = api;
    (root.RoundLists = root.RoundLists || {}).list = tool;
  }
})(this);
