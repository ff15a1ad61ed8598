"""An independent Skat scorer written from the ISkO, for testing the site's checker against.

It scores one finished game the way the Internationale Skatordnung (ISkO, DSkV/ISPA) and the Seeger-Fabian list do,
and nothing else: no bidding, no play, no house rules (Ramsch, Kontra/Re, Bock, Grand 20). It imports nothing from
`quiz`, so that a mistake in the site's checker cannot hide in here too. Where every rule comes from is listed in
rules/skat/sources.md; the sections below are the ISkO's numbers (page images at
https://www.yumpu.com/de/document/view/38595069/internationale-skatordnung-isko/9 and .../26), and where a section
could not be read the secondary source is named instead.
"""
from __future__ import annotations

SUITS = "CSHD"                                        # Kreuz, Pik, Herz, Karo: the rank of the suits (ISkO 1.2.1)
RANKS = ("A", "10", "K", "Q", "J", "9", "8", "7")
EYES = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}   # ISkO 1.2.2: 120 eyes in all

# Grundwerte. ISkO 3.3.1 points to 5.1-5.3 for the values; 5.1 itself was not readable, so these are from
# online-skat-lernen.de/skat-spielwert.html and skatspielen.info/spielbewertung.html, and agree with the ISkO 5.2.6
# examples (9 x 12 = 108 for Kreuz, 11 x 24 = 264 for Grand) and 3.3.1 (Karo with or without 1, simple: 18).
BASE = {"clubs": 12, "spades": 11, "hearts": 10, "diamonds": 9, "grand": 24}
SUIT_OF_GAME = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}

# The four Null games have fixed values (skatwelt.net/nullspiel, raschesspiele.de; ISkO 5.3 by 3.3.1's reference).
NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}   # (hand, ouvert)

# Seeger-Fabian (erweitertes Seeger-System, preisskat.org/leistungsbewertung.html): 50 for the declarer's won game,
# minus 50 for a lost one, and for a lost game each opponent, the sitting dealer included, gets 40 at a table of
# three and 30 at a table of four.
SEEGER_GAME = 50
SEEGER_OPPONENT = {3: 40, 4: 30}

ANNOUNCEMENTS = (None, "schneider", "schwarz")


def deck():
    """The 32 cards, written suit letter then rank: "CJ", "H10", "D7"."""
    return [suit + rank for suit in SUITS for rank in RANKS]


def eyes(card):
    """The card points of one card."""
    return EYES[card[1:]]


def trump_sequence(game):
    """The trumps from the top down (ISkO 2.3, 2.4.3): the four Jacks in the order of their suits, then in a suit game
    the seven other cards of the trump suit, A 10 K Q 9 8 7. Grand has only the Jacks (2.3.3)."""
    jacks = [suit + "J" for suit in SUITS]
    if game == "grand":
        return jacks
    suit = SUIT_OF_GAME[game]
    return jacks + [suit + rank for rank in RANKS if rank != "J"]


def matadors_of(game, cards):
    """(count, with_) for the declarer's twelve cards, the two in the skat included (ISkO 2.4.2).

    Walk the trump sequence from the Club Jack: holding it, count the trumps held in an unbroken run ("mit");
    without it, count the trumps missing in an unbroken run ("ohne") - at most 11 in a suit game, 4 in Grand (2.4.3).
    """
    held = set(cards)
    sequence = trump_sequence(game)
    with_ = sequence[0] in held
    count = 0
    for card in sequence:
        if (card in held) != with_:
            break
        count += 1
    return count, with_


def _check_cards(cards):
    known = set(deck())
    bad = [c for c in cards if c not in known]
    if bad:
        raise ValueError(f"not Skat cards: {bad}")
    if len(cards) != 12 or len(set(cards)) != 12:
        raise ValueError(f"the declarer has 12 distinct cards with the skat, not {len(cards)} "
                         f"({len(set(cards))} distinct)")


def _raised_to_bid(value, base, bid):
    """ISkO 5.4.2 (quoted at skatblog.com/tag/ueberreizt): an overbid game is lost, and "Es ist das Vielfache des
    Grundwertes des angesagten Spiels zu berechnen, dass der Reizwert mindestens eingestellt wird" - the smallest
    multiple of the base value that is not below the bid."""
    if value >= bid:
        return value
    return -(-bid // base) * base


def score(game, cards=None, matadors=None, with_=None, hand=False, ouvert=False, announced=None, points=0, tricks=0,
          bid=18, players=3):
    """Score one game for the list.

    game: clubs, spades, hearts, diamonds, grand or null. cards: the declarer's 10 cards and the 2 of the skat, or
    give matadors (a positive count) and with_ ("mit" True, "ohne" False) instead. points: the declarer's eyes, the
    skat included (ISkO 5.2.2); tricks: the declarer's tricks. Returns value (the game value the list uses, raised
    for an overbid game), won, score (+value, or -2 x value when lost), declarer_list (Seeger-Fabian: score +/- 50)
    and each_opponent (40 or 30 each when the declarer lost, else 0).
    """
    if players not in SEEGER_OPPONENT:
        raise ValueError("Skat is scored here at a table of 3 or 4")
    if not 0 <= points <= 120 or not 0 <= tricks <= 10:
        raise ValueError("points are 0..120 and tricks 0..10")
    if tricks == 10 and points != 120:
        raise ValueError("all ten tricks and the skat are all 120 eyes")
    if tricks == 0 and points > 22:
        raise ValueError("with no trick the declarer has only the skat's eyes, 22 at most")
    if announced not in ANNOUNCEMENTS:
        raise ValueError(f"announced is one of {ANNOUNCEMENTS}")

    if game == "null":
        if announced:
            raise ValueError("Schneider and Schwarz are not announced in a Null game")
        value = NULL_VALUES[(bool(hand), bool(ouvert))]
        if bid > value:
            # A Null game's value is known when it is declared, so it cannot be overbid by a card in the skat; a
            # declaration below the bid is to be refused (preisskat.org/null-hand-offen.html). No source found says
            # how to score one anyway, so this scorer will not guess.
            raise ValueError(f"a Null game worth {value} cannot be declared at a bid of {bid}")
        won = tricks == 0                                 # ISkO 5.2.7: won if the declarer takes no trick
        return _listed(value, won, players)

    if game not in BASE:
        raise ValueError(f"unknown game {game!r}")
    base = BASE[game]
    if cards is not None:
        _check_cards(cards)
        found = matadors_of(game, cards)
        if matadors is not None and (matadors, with_) != found:
            raise ValueError(f"the cards make {found}, not {(matadors, with_)}")
        matadors, with_ = found
    if matadors is None or with_ is None:
        raise ValueError("give the cards, or matadors and with_")
    if not 1 <= matadors <= (4 if game == "grand" else 11):
        raise ValueError("a suit game is with or without 1 to 11, Grand 1 to 4 (ISkO 2.4.3)")

    if ouvert:
        # ISkO 5.2.6: an open suit or Grand game counts as Schwarz announced from the start; it is a hand game
        # (the ISkO 2.1.2 table lists ouvert among the Handspiele; stura.htw-dresden.de: "nur ... wenn Hand").
        hand, announced = True, "schwarz"
    if announced and not hand:
        raise ValueError("Schneider or Schwarz can be announced only in a hand game (ISkO 5.2.5)")

    declarer_schneider = points <= 30                     # ISkO 5.2.3: the party with 30 or fewer eyes
    opponents_schneider = 120 - points <= 30
    declarer_schwarz = tricks == 0                        # ISkO 5.2.4: the party that took no trick
    opponents_schwarz = tricks == 10

    # Won: the 61st eye, skat included (5.2.2); an announced level must be reached (5.2.5); ouvert gives no trick.
    won = points >= 61
    if announced in ("schneider", "schwarz"):
        won = won and opponents_schneider
    if announced == "schwarz":
        won = won and opponents_schwarz

    # The levels (Gewinnstufen, ISkO 5.2): Spiel, Hand, Schneider, Schneider angesagt, Schwarz, Schwarz angesagt,
    # Offen, one each. A lost game counts at least the level that was announced; the declarer's own Schneider is
    # not counted a second time (no "Eigenschneider", 5.2.5). Schwarz announced includes Schneider announced, as
    # the 5.2.6 examples count it (Kreuz ouvert with 2 = 9 x 12).
    levels = 1 + bool(hand)
    levels += bool(announced) or opponents_schneider or declarer_schneider          # Schneider
    levels += bool(announced)                                                       # Schneider angesagt
    levels += announced == "schwarz" or opponents_schwarz or declarer_schwarz       # Schwarz
    levels += announced == "schwarz"                                                # Schwarz angesagt
    levels += bool(ouvert)                                                          # Offen
    value = (matadors + levels) * base

    if value < bid:                                       # overbid: lost, at the raised value (5.4.2)
        won = False
        value = _raised_to_bid(value, base, bid)
    return _listed(value, won, players)


def _listed(value, won, players):
    # A won game is written with its value, a lost one with twice its value negative, hand games too (lost hand
    # games are doubled under the ISkO since 1999: stura.htw-dresden.de "Verlorene Handspiele werden normal
    # verdoppelt"; the older rule wrote them single - see the notes).
    written = value if won else -2 * value
    return {
        "value": value,
        "won": won,
        "score": written,
        "declarer_list": written + (SEEGER_GAME if won else -SEEGER_GAME),
        "each_opponent": 0 if won else SEEGER_OPPONENT[players],
    }
