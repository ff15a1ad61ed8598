"""An independent Belote scorer written from the French sources, for testing the site's checker against.

It scores one finished deal of French Belote (four players, two teams A and B, 32 cards) from the card points each team
took, and nothing else: no dealing, no bidding, no play. It imports nothing from `quiz`, so that a mistake in the site's
checker cannot hide in here too. The sources, with quotes, are listed in rules/belote/sources.md; the section
numbers below are those of the Fédération Française de Belote rules as transcribed in the open-source app carg
(github.com/vareversat/carg, assets/rules/french_belote_rules.md = "FFB", coinche_belote_rules.md = "FFB-coinche",
contree_belote_rules.md = "FFB-contrée"); the FFB's own PDFs could not be read.

The rule sets (the `rules` argument) are words joined by "+":
  classic         FFB: a team's total = card points + dix de der (252 for a capot) + its belote + its announcements if
                  its best one wins; made iff the takers' total is strictly higher (FFB 10.1.1); a tie is a litige
                  (FFB 10.1.3); dedans: the defence scores 162 (252 if it took every trick) + every announcement that
                  counted + its own belote, the takers only their belote (FFB 7, 10.2; FFB-coinche 10.1.2). No rounding.
  capot-250       a capot is worth 250 instead of 252 (club-belote.com, CyberFoxar/CardWeb: "162 + 88").
  min-82          made iff the takers' card points + dix de der reach 82, belote and announcements not counted
                  (devenirparent.net: "au moins 82 points (hors Belote-Rebelote)"); so no litige.
  egalite-dedans  a tie is dedans (contree.org/marque: "à égalité l'envoyeur est déclaré dedans").
  arrondi         each team's recorded score is rounded to the nearest ten, 5 up (FFB 10.3: 84 -> 80, 85 -> 90).
  contree-<bid>   Belote contrée with that bid (80..160) or contree-capot (FFB-contrée 4.1, 4.2, 10.1); add
                  "+coinche" (x2) or "+surcoinche" (x4), and "+arrondi" to round as FFB-contrée 10.2 does.
"""
from __future__ import annotations

import re

SUITS = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}
SUIT_LETTER = {name: letter for letter, name in SUITS.items()}
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")

# FFB 6 (and ffbelote.org III): trump J 20, 9 14, A 11, 10 10, K 4, Q 3, 8 and 7 nothing; the other suits A 11, 10 10,
# K 4, Q 3, J 2, 9 8 7 nothing. 62 in trumps + 3 x 30 = 152 (exoty.com; devenirparent.net).
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
# Strength, strongest first (regledujeu.fr "Ordre des cartes"; doczz "Belote contrée - le règlement officiel").
TRUMP_ORDER = ("J", "9", "A", "10", "K", "Q", "8", "7")
PLAIN_ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")
# The order for sequences and carrés is the natural one (contree.org/annonces: "A, R, D, V, 10, 9, 8, 7").
NATURAL_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7")

CARD_POINTS = 152          # the 32 cards
DIX_DE_DER = 10            # FFB 9.1: 152 + 10 = 162
GAME_POINTS = 162
BELOTE = 20                # FFB 7
CONTREE_CHUTE = 160        # FFB-contrée 10.1.1 / 10.1.2: "160 points (de chute)"
CONTREE_CAPOT_BID = 250    # FFB-contrée 10.1.1: "250 points pour un capot demandé"

# contree.org/annonces, FFB-coinche 8, larousse.fr: carrés of J 200, of 9 150, of A 10 K Q 100 (7s and 8s nothing);
# cent (5 in sequence) 100, cinquante (4) 50, tierce (3) 20.
SEQUENCES = {"tierce": (3, 20), "cinquante": (4, 50), "cent": (5, 100)}
CARRES = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}

TEAMS = ("A", "B")


def other(team):
    return "B" if team == "A" else "A"


def card_points(card, trump):
    """The points of one card, written suit letter then rank ("HJ", "S9", "D10"), with `trump` a suit name or letter."""
    suit, rank = card[:1], card[1:]
    if suit not in SUITS or rank not in RANKS:
        raise ValueError(f"not a Belote card: {card!r}")
    trump = SUIT_LETTER.get(trump, trump)
    if trump not in SUITS:
        raise ValueError(f"not a trump suit: {trump!r}")
    return (TRUMP_POINTS if suit == trump else PLAIN_POINTS)[rank]


def deck():
    return [suit + rank for suit in SUITS for rank in RANKS]


# --- announcements ---------------------------------------------------------------------------------------------------
# Written "carre-J", "carre-9", ..., or "tierce" / "cinquante" / "cent", optionally with the top card of the sequence in
# card notation: "tierce-HA" is A K Q of hearts. Without a top card two equal sequences cannot be told apart.

_ANNOUNCEMENT = re.compile(r"^(?:carre-(?P<carre>J|9|A|10|K|Q)"
                           r"|(?P<seq>tierce|cinquante|cent)(?:-(?P<top>[HDCS](?:10|[7-9JQKA])))?)$")


def announcement_value(name):
    return _parse_announcement(name, None)[0]


def _parse_announcement(name, trump_letter):
    """(value, key) where key orders announcements of one value (FFB-coinche 8.3)."""
    match = _ANNOUNCEMENT.match(name)
    if not match:
        raise ValueError(f"not an announcement: {name!r}")
    if match["carre"]:
        rank = match["carre"]
        # FFB-coinche 8: "Un carré de 100 points est plus fort qu'un cent." Between two carrés of 100 the higher rank
        # wins (CardWeb: "un carré de Roi est supérieur à un carré de Dames"), taken in the natural order.
        return CARRES[rank], (1, len(NATURAL_ORDER) - NATURAL_ORDER.index(rank), 0)
    length, value = SEQUENCES[match["seq"]]
    top = match["top"]
    if top is None:
        return value, (0, 0, 0)
    suit, rank = top[0], top[1:]
    if NATURAL_ORDER.index(rank) + length > len(NATURAL_ORDER):
        raise ValueError(f"no {match['seq']} can have {rank} as its top card")
    # FFB-coinche 8.3: "Une tierce à l'as bat une tierce à la dame", then "une annonce dans la couleur de l'atout est
    # supérieure".
    return value, (0, len(NATURAL_ORDER) - NATURAL_ORDER.index(rank), int(suit == trump_letter))


def counting_announcements(announcements, trump):
    """{team: points} of the announcements that count: only the side with the best one scores, all of its own
    (FFB-coinche 8.3: "les annonces d'un seul camp peuvent être prises en compte"; "son camp voit toutes ses annonces
    validées"); a perfect tie between the two best ones means nobody scores ("aucune annonce ne compte")."""
    result = {"A": 0, "B": 0}
    if not announcements:
        return result
    trump_letter = SUIT_LETTER[trump]
    best = {}
    for team in TEAMS:
        parsed = [_parse_announcement(name, trump_letter) for name in announcements.get(team) or []]
        if parsed:
            best[team] = (max(parsed), sum(value for value, _ in parsed))
    if not best:
        return result
    if len(best) == 2 and best["A"][0] == best["B"][0]:
        return result
    winner = max(best, key=lambda team: best[team][0])
    result[winner] = best[winner][1]
    return result


# --- rules -----------------------------------------------------------------------------------------------------------

def parse_rules(rules):
    words = rules.split("+")
    opts = {"capot": 252, "test": "more", "tie": "litige", "round": False, "contree": None, "multiplier": 1}
    for word in words:
        if word == "classic":
            pass
        elif word == "capot-250":
            opts["capot"] = 250
        elif word == "min-82":
            opts["test"] = "min82"
        elif word == "egalite-dedans":
            opts["tie"] = "dedans"
        elif word == "arrondi":
            opts["round"] = True
        elif word.startswith("contree-"):
            bid = word[len("contree-"):]
            if bid == "capot":
                opts["contree"] = "capot"
            elif bid.isdigit() and 80 <= int(bid) <= 160 and int(bid) % 10 == 0:   # FFB-contrée 4.1
                opts["contree"] = int(bid)
            else:
                raise ValueError(f"not a contrée bid: {word!r}")
        elif word == "coinche":
            opts["multiplier"] = 2                     # FFB-contrée 4.1: "multiplié par 2"
        elif word == "surcoinche":
            opts["multiplier"] = 4                     # "multiplié par 4"
        else:
            raise ValueError(f"unknown rules word: {word!r} in {rules!r}")
    if opts["multiplier"] != 1 and opts["contree"] is None:
        raise ValueError("coinche and surcoinche need a contrée bid")
    return opts


def round_ten(points):
    """FFB 10.3: to the nearest ten, 84 -> 80, 85 -> 90."""
    return (points + 5) // 10 * 10


# --- scoring ---------------------------------------------------------------------------------------------------------

def _check(trump, taker, points, last, belote, capot):
    if trump not in SUIT_LETTER:
        raise ValueError(f"trump must be one of {sorted(SUIT_LETTER)}, not {trump!r}")
    for name, team in (("taker", taker), ("last", last)):
        if team not in TEAMS:
            raise ValueError(f"{name} must be A or B, not {team!r}")
    for name, team in (("belote", belote), ("capot", capot)):
        if team is not None and team not in TEAMS:
            raise ValueError(f"{name} must be None, A or B, not {team!r}")
    if set(points) != set(TEAMS) or any(not isinstance(points[t], int) or points[t] < 0 for t in TEAMS):
        raise ValueError(f"points must give A and B as whole numbers: {points!r}")
    if points["A"] + points["B"] != CARD_POINTS:
        raise ValueError(f"the card points add up to {CARD_POINTS}, not {points['A'] + points['B']}")
    if capot is not None and (points[capot] != CARD_POINTS or last != capot):
        raise ValueError("a team that took every trick has all 152 card points and the last trick")


def _deal(trump, taker, points, last, belote=None, announcements=None, capot=None, rules="classic"):
    """The whole result: {"A", "B", "made", "held"} (held = the takers' points put back by a litige)."""
    _check(trump, taker, points, last, belote, capot)
    opts = parse_rules(rules)
    defence = other(taker)
    capot_total = opts["capot"]

    # FFB 10.1: each side totals its card points, the dix de der and its belote (and, FFB-coinche 10.1, its
    # announcements). FFB 9.2: for a capot "le dix de der vaut 100 points, portant ainsi le total à 252 points".
    tricks = {team: points[team] for team in TEAMS}
    if capot is not None:
        tricks[capot] = capot_total
    else:
        tricks[last] += DIX_DE_DER
    belotes = {team: BELOTE if belote == team else 0 for team in TEAMS}
    annonces = counting_announcements(announcements, trump)
    total = {team: tricks[team] + belotes[team] + annonces[team] for team in TEAMS}

    if opts["contree"] is not None:
        recorded, made = _contree(opts, taker, defence, total, tricks, belotes, annonces, capot, capot_total)
        held = 0
    else:
        recorded, made, held = _classic(opts, taker, defence, total, tricks, belotes, annonces, capot, capot_total)

    if opts["round"]:
        recorded = {team: round_ten(recorded[team]) for team in TEAMS}
    return {"A": recorded["A"], "B": recorded["B"], "made": made, "held": held}


def _classic(opts, taker, defence, total, tricks, belotes, annonces, capot, capot_total):
    if opts["test"] == "min82":
        # devenirparent.net: "au moins 82 points (hors Belote-Rebelote)": cards + dix de der only.
        made, tie = tricks[taker] >= 82, False
    else:
        # FFB 10.1.1: "strictement supérieur au total de points de l'équipe adverse, en incluant la belote".
        made, tie = total[taker] > total[defence], total[taker] == total[defence]

    if made:
        # FFB 10.2: "les deux équipes marquent le nombre de points qu'elles ont réalisés".
        recorded = dict(total)
        if capot == taker and annonces[defence]:
            # FFB-coinche 10.1.1, cas particulier: a capot by the takers makes the defence's announcements change hands.
            recorded[taker] += annonces[defence]
            recorded[defence] -= annonces[defence]
        return recorded, True, 0

    if tie and opts["tie"] == "litige":
        # FFB 10.1.3: the defence scores its points now, the takers' are put back for the next deal.
        return {taker: 0, defence: total[defence]}, False, total[taker]

    # Dedans. FFB 10.2: "l'équipe n'ayant pas chuté marque 162 points ou 252 points s'il elle a réalisé un capot";
    # FFB 7: the belote "est imprenable"; FFB-coinche 10.1.2 / contree.org "Marque": every announcement goes to it.
    base = capot_total if capot == defence else GAME_POINTS
    recorded = {defence: base + annonces["A"] + annonces["B"] + belotes[defence], taker: belotes[taker]}
    return recorded, False, 0


def _contree(opts, taker, defence, total, tricks, belotes, annonces, capot, capot_total):
    bid = opts["contree"]
    mult = opts["multiplier"]
    contract = CONTREE_CAPOT_BID if bid == "capot" else bid
    # FFB-contrée 4.2 / 10.1.1: reach the bid (or take all eight tricks for a capot bid) AND score more than the
    # defence; 10.1.2: a tie is a failure ("supérieur ou égal aux preneurs").
    reached = capot == taker if bid == "capot" else total[taker] >= bid
    made = reached and total[taker] > total[defence]
    if made:
        if mult == 1:
            # "Les preneurs marquent : Leur total + Le montant du contrat"; "Les défenseurs marquent : Leur total".
            recorded = {taker: total[taker] + contract, defence: total[defence]}
            if capot == taker:
                recorded[taker] += annonces[defence]          # the defence's announcements change hands
                recorded[defence] -= annonces[defence]
        else:
            # "(160 points (ou 250 si capot réalisé) + Leurs annonces + Leur belote + annonces des défenseurs +
            # contrat) x 2 (resp. 4)"; the defence scores nothing but its belote ("réputés imprenables").
            base = 250 if capot == taker else CONTREE_CHUTE
            recorded = {taker: (base + annonces["A"] + annonces["B"] + belotes[taker] + contract) * mult,
                        defence: belotes[defence]}
        return recorded, True
    # FFB-contrée 10.1.2: "160 points de chute + Leurs annonces + Leur belote + Les annonces des preneurs + Le montant
    # du contrat", doubled or quadrupled; the takers keep only their belote.
    recorded = {defence: (CONTREE_CHUTE + annonces["A"] + annonces["B"] + belotes[defence] + contract) * mult,
                taker: belotes[taker]}
    return recorded, False


def score(trump, taker, points, last, belote=None, announcements=None, capot=None, rules="classic"):
    """The points each team records for the deal, and whether the takers made their contract.

    trump: hearts | diamonds | clubs | spades; taker, last, belote, capot: "A" / "B" (belote and capot may be None);
    points: {"A": n, "B": m}, the card points of each team's tricks without the dix de der (n + m = 152);
    announcements: {"A": [...], "B": [...]} as described above. A litige records made=False, the takers 0 and the
    defence its points; litige_held() gives the points put back.
    """
    result = _deal(trump, taker, points, last, belote, announcements, capot, rules)
    return {"A": result["A"], "B": result["B"], "made": result["made"]}


def litige_held(trump, taker, points, last, belote=None, announcements=None, capot=None, rules="classic"):
    """The takers' points put back for the next deal by a litige (FFB 10.1.3), 0 when there is none."""
    return _deal(trump, taker, points, last, belote, announcements, capot, rules)["held"]


# The tables add up: 62 in trumps, 30 in each other suit, 152 in all.
assert sum(card_points(card, "hearts") for card in deck()) == CARD_POINTS
assert sum(card_points(card, "H") for card in deck() if card[0] == "H") == 62
assert list(TRUMP_ORDER) == sorted(TRUMP_POINTS, key=lambda r: (-TRUMP_POINTS[r], -RANKS.index(r)))
assert list(PLAIN_ORDER) == sorted(PLAIN_POINTS, key=lambda r: (-PLAIN_POINTS[r], -RANKS.index(r)))
