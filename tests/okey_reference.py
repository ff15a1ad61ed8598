"""An independent Okey scorer written from the Turkish sources, for testing the site's checker against.

It scores one finished round of 101 Okey or of classic (düz) Okey and nothing else: no dealing, no meld checking, no
in-play penalties (işlek taş, okey atma, short opening: 101 each, see below). It imports nothing from `quiz`, so a
mistake in the site's checker cannot hide in here too. The full list of sources, with quotes, is
rules/okey/sources.md; the short names in the comments are its keys:

  MIL101   https://www.milliyet.com.tr/oyun/101-okey-nasil-oynanir-101-okey-oyununun-bitme-kurallari-ve-hesaplamasi-6208386
  BAGUVIX  https://bilgi2.baguvix.com.tr/post/101-de-elden-bitmek-ka-puan
  KERIM    https://github.com/kerimayvaz77/okey-101-kurallari (okey-101-complete-rules.md)
  CIKCIK   http://cikcik.com/nasiloynanir/101okey/yuzbir_okey_oyunu.htm
  MIMOL    https://www.mimol.com.tr/okey/nasil-oynanir
  WAGS     https://wagsgallerys.blogspot.com/2010/09/okey-nasl-oynanr.html
  MILOKEY  https://www.milliyet.com.tr/oyun/okey-nasil-oynanir-klasik-okey-oyununun-kurallari-ve-oynanilisi-6208383
  TUALBITIS http://tualimforum.com/online-oyunlar/122512-okey-oyununda-bitis-turleri-okeyde-bitis-cesitleri.html
  OKAYGAME https://github.com/mrlyolyov/Okay_game_full (README.md)

Tiles are written colour letter + number: R kırmızı, Y sarı, B mavi, K siyah, 1-13 ("R4", "K13"); "J" is a sahte okey.

A player is a dict {opened, pairs, finished, tiles} (plus, for classic only, an optional showed_indicator). `finish`
is "normal", "okey", "pairs" or "hand" (elden bitmek); "okey+hand" / "okey+pairs" name the combinations. A round in
which nobody has finished is a round where the pile ran out.
"""
from __future__ import annotations

COLOURS = "RYBK"

# 101 round-end numbers.
UNOPENED = 202      # MIL101: "El açmamış her oyuncuya 202 puan yazılır."
FINISHER = -101     # BAGUVIX: "... bu oyuncu -101 puan alır."
HELD_OKEY = 101     # okey left in hand. Sources differ (sources.md, disagreement 6): KERIM adds 101 "normal cezasının
                    # üzerine"; an unnamed rules file counts the okey as 101 in the hand sum. We take the second
                    # reading: the okey is a tile worth 101, so it is doubled with the rest of the hand.

# 101 finish multipliers. BAGUVIX: okey finish doubles the others ("açmayan oyuncular 404") and the finisher writes
# -202; KERIM: çiftten bitme x2 (-202), elden bitme x2 (-202), elden okey x4, çift + okey x4.
MULTIPLIER_101 = {"normal": 1, "okey": 2, "pairs": 2, "hand": 2}

# Classic points each other player loses. TUALBITIS: normal 2, okey doubles, pairs 4; OKAYGAME: 2 / 4 / 4;
# the unnamed rules file: both okey and pairs 8. Deck out: nobody loses (OKAYGAME).
CLASSIC_LOSS = {"normal": 2, "okey": 4, "pairs": 4, "okey+pairs": 8}
INDICATOR_SHOWN = 1  # MILOKEY, WAGS: the indicator shown costs every other player one point.


def parse(tile: str) -> tuple[str, int]:
    """("R", 4) for "R4". The sahte okey "J" has no colour or number of its own."""
    colour, number = tile[0], int(tile[1:])
    if colour not in COLOURS or not 1 <= number <= 13:
        raise ValueError(f"not a tile: {tile!r}")
    return colour, number


def okey_tile(indicator: str) -> str:
    """The okey: the indicator's colour, one higher, 13 wrapping to 1.

    IKECLUB/MIMOL: "Gösterge "Mavi 7" ise, "Mavi 8" okey olur"; MIMOL: "Gösterge 13 ise, okey 1 olur".
    A sahte okey is never the indicator (MYNSAHTE: "gösterge yeniden belirlenir").
    """
    if indicator == "J":
        raise ValueError("a sahte okey cannot be the indicator; the indicator is drawn again")
    colour, number = parse(indicator)
    return f"{colour}{number % 13 + 1}"


def tile_value(tile: str, indicator: str) -> int:
    """What a tile left in hand counts at the end of a 101 round.

    Face value for an ordinary tile (NEDIR: "bir kırmızı 3 = üç puan, bir siyah 11 = 11 puan"); a sahte okey stands
    for the okey's own tile (WAGS: "Sahte okey de oyunda kırmızı 11'in yerine kullanılır"), so it counts the okey's
    number; the okey itself counts HELD_OKEY (see above).
    """
    okey = okey_tile(indicator)
    if tile == "J":
        return parse(okey)[1]
    if tile == okey:
        return HELD_OKEY
    return parse(tile)[1]


def _multiplier(finish: str, table: dict[str, int]) -> int:
    factor = 1
    for part in finish.split("+"):
        if part not in table:
            raise ValueError(f"unknown finish: {finish!r}")
        factor *= table[part]
    return factor


def penalties(indicator: str, finish: str, players: list[dict], variant: str = "101") -> list[int]:
    """What each player writes for the round, in seat order.

    101: positive is a penalty, the finisher's score is negative, lowest total wins (MIL101).
    classic: the points each player loses from their running total (20 at the start); the finisher loses 0.
    """
    okey_tile(indicator)                       # checks the indicator
    finishers = [i for i, p in enumerate(players) if p.get("finished")]
    if len(finishers) > 1:
        raise ValueError("at most one player finishes a round")
    if variant == "101":
        return _penalties_101(indicator, finish, players, bool(finishers))
    if variant == "classic":
        return _penalties_classic(finish, players, bool(finishers))
    raise ValueError(f"unknown variant: {variant!r}")


def _penalties_101(indicator: str, finish: str, players: list[dict], someone_finished: bool) -> list[int]:
    # The pile ran out: everybody counts their rack, nothing is doubled (MIL101: "her oyuncunun kalan taşları sayılır").
    m = _multiplier(finish, MULTIPLIER_101) if someone_finished else 1
    out = []
    for p in players:
        if p.get("finished"):
            out.append(FINISHER * m)
        elif not p.get("opened"):
            # KERIM: "Açmayan oyuncu ıstakasındaki taşlara bakılmaksızın 202 ceza puanı alır"; BAGUVIX: 404 after okey.
            out.append(UNOPENED * m)
        else:
            # CIKCIK: "ıstakanızda kalan taşların rakam değerleri toplamı size ceza olarak yazılır".
            total = sum(tile_value(t, indicator) for t in p.get("tiles", []))
            if p.get("pairs"):
                total *= 2                  # KERIM: "Çift açan oyuncunun cezası 2 katına çıkar"
            out.append(total * m)
    return out


def _penalties_classic(finish: str, players: list[dict], someone_finished: bool) -> list[int]:
    if "hand" in finish.split("+"):
        raise ValueError("elden bitmek is a 101 finish; classic okey has none")
    loss = CLASSIC_LOSS.get("+".join(sorted(finish.split("+"), key=["okey", "pairs", "normal"].index)))
    if loss is None:
        raise ValueError(f"unknown finish: {finish!r}")
    out = [0 if (p.get("finished") or not someone_finished) else loss for p in players]
    for i, p in enumerate(players):
        if p.get("showed_indicator"):
            for j in range(len(out)):
                if j != i:
                    out[j] += INDICATOR_SHOWN
    return out
