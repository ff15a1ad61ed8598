"""Reads the four public Faraway card lists that rules/faraway/cards.yml was built from, card by card, and prints every
field where a list differs from the card kept (and any card the file lacks): how cards.yml's `differs` notes were
found, and how to check them again.

    python scripts/faraway_card_lists.py <folder>

<folder> holds a git checkout (or bare repository) of each source named in cards.yml's `sources`, as
<owner>+<name>/repo (the layout `fetch` of the tool library writes; `git clone https://github.com/<owner>/<name>
<folder>/<owner>+<name>/repo` does too). The commit read is the one cards.yml records. Node reads Maximus220's JS."""
from __future__ import annotations

import argparse
import collections
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

CARDS = Path(__file__).resolve().parent.parent / "rules" / "faraway" / "cards.yml"
WONDERS = ("stone", "chimera", "thistle")
GAMEPARK_WONDERS = {"Rock": "stone", "Chimera": "chimera", "Thistle": "thistle"}


def face(colour, night, clues, wonders, requires, fixed, per) -> dict:
    """A card's face in one form for every list: fame as a fixed part plus a coefficient per thing counted."""
    return {"colour": colour, "night": bool(night), "clues": int(clues),
            "wonders": {w: int(wonders.get(w, 0)) for w in WONDERS}, "requires": {w: int(requires.get(w, 0))
                                                                                  for w in WONDERS},
            "fixed": int(fixed), "per": {kind: int(n) for kind, n in sorted(per.items()) if n}}


def written(card: dict) -> dict:
    """A card of cards.yml in that form."""
    per = card.get("per")
    counted = {} if per is None else {colour: card["fame"] for colour in per} if isinstance(per, list) else \
        {per: card["fame"]}
    return face(card.get("colour"), card.get("night"), card.get("clues", 0), card.get("wonders") or {},
                card.get("requires") or {}, card.get("fame", 0) if per is None else 0, counted)


def show(checkout: Path, commit: str, path: str) -> str:
    return subprocess.run(["git", "-C", str(checkout), "show", f"{commit}:{path}"], capture_output=True, text=True,
                          check=True).stdout


def gamepark(read) -> tuple[dict, list]:
    def descriptions(text: str) -> dict:
        found = {}
        for name, body in re.findall(r"const (\w+): CardDescription = \{([^}]*)\}", text):
            night, clue = re.search(r"night:\s*(\d)", body), re.search(r"clue:\s*(\d)", body)
            found[name] = (int(night.group(1)) if night else 0, int(clue.group(1)) if clue else 0,
                           collections.Counter(GAMEPARK_WONDERS[w] for w in re.findall(r"Wonder\.(\w+)", body)))
        return found

    def quests(text: str, enum: str) -> dict:
        found = {}
        for name, kind, args in re.findall(r"\[" + enum + r"\.(\w+)\]: new (\w+)\((.*)\),?\n", text):
            if "Sky" in name or "Exp" in name:      # the expansions
                continue
            points = int(args.split(",")[0])
            needs = collections.Counter(GAMEPARK_WONDERS[w] for w in re.findall(r"Wonder\.(\w+)", args))
            counted = {"NightQuest": "night", "ClueQuest": "clue", "RockQuest": "stone", "ChimeraQuest": "chimera",
                       "ThistleQuest": "thistle", "AllColorQuest": "colour-set", "WonderSetQuest": "wonder-set"}
            if kind == "BrutPointQuest":
                found[name] = (points, {}, needs)
            elif kind == "ColorQuest":
                found[name] = (0, {c.lower(): points for c in re.findall(r"Color\.(\w+)", args)}, needs)
            else:
                found[name] = (0, {counted[kind]: points}, needs)
        return found

    cards = "rules/src/cards/"
    region_faces, region_quests = descriptions(read(cards + "Regions.ts")), quests(read(cards + "RegionQuests.ts"),
                                                                                   "Region")
    regions = {}
    for name in re.findall(r"^\s*((?:Red|Green|Blue|Yellow)\d+) = ", read(cards + "Region.ts"), re.M):
        night, clue, wonders = region_faces.get(name, (0, 0, {}))
        fixed, per, needs = region_quests.get(name, (0, {}, {}))
        regions[int(re.sub(r"\D", "", name))] = face(re.match(r"[A-Z][a-z]+", name).group(0).lower(), night, clue,
                                                     wonders, needs, fixed, per)
    faces, tasks = descriptions(read(cards + "Sanctuaries.ts")), quests(read(cards + "SanctuaryQuests.ts"), "Sanctuary")
    sanctuaries = []
    for name in re.findall(r"^\s*((?:Red|Green|Blue|Yellow|Gray)\d+)", read(cards + "Sanctuary.ts"), re.M):
        colour = re.match(r"[A-Z][a-z]+", name).group(0).lower()
        night, clue, wonders = faces.get(name, (0, 0, {}))
        fixed, per, needs = tasks.get(name, (0, {}, {}))
        sanctuaries.append((name, face(None if colour == "gray" else colour, night, clue, wonders, needs, fixed, per)))
    return regions, sanctuaries


def maximus220(read) -> tuple[dict, list]:
    with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as file:
        file.write(read("class/cards.js"))
    data = json.loads(subprocess.run(["node", "-e", f"console.log(JSON.stringify(require({json.dumps(file.name)})))"],
                                     capture_output=True, text=True, check=True).stdout)
    names = {"colorSet": "colour-set", "wonderSet": "wonder-set", "colorless": "gray"}

    def read_card(card: dict) -> dict:
        fame, fixed, per = card.get("fame"), 0, {}
        if isinstance(fame, int):
            fixed = fame
        elif fame:
            what = fame["per"]
            per = {what["region1"]: fame["score"], what["region2"]: fame["score"]} if isinstance(what, dict) else \
                {names.get(what, what): fame["score"]}
        return face(None if card["biome"] == "colorless" else card["biome"], card.get("night", False),
                    1 if card.get("clue") is True else card.get("clue") or 0, card.get("wonders") or {},
                    card.get("quest") or {}, fixed, per)
    return ({card["number"]: read_card(card) for card in data["regions"] if 1 <= card["number"] <= 68},
            [(card["tile"], read_card(card)) for card in data["sanctuaries"] if card["tile"] <= 45])


def pedroteosousa(read) -> tuple[dict, list]:
    """card_info.csv's columns, as its FarawayStateUpdater.swift reads them."""
    regions, sanctuaries = {}, []
    for line in read("Faraway Calculator/card_info.csv").splitlines():
        if not line.strip():
            continue
        c = [int(x) if x else 0 for x in line.split(",")]
        per = {"stone": c[10], "chimera": c[11], "thistle": c[12], "clue": c[13], "night": c[14], "red": c[15],
               "green": c[16], "blue": c[17], "yellow": c[18], "colour-set": c[19], "wonder-set": c[21], "gray": c[22]}
        card = face([None, "red", "green", "blue", "yellow"][c[2]], c[1], c[3], dict(zip(WONDERS, c[4:7])),
                    dict(zip(WONDERS, c[7:10])), c[20], per)
        if c[23] == 0 and 1 <= c[0] <= 68:
            regions[c[0]] = card
        elif c[23] == 1 and c[0] <= 45:
            sanctuaries.append((c[0], card))
    return regions, sanctuaries


def boardgamebuddy(read) -> tuple[dict, list]:
    data = json.loads(read("games/faraway/cards.json"))

    def read_card(card: dict) -> dict:
        points = card["points"]
        kind = points["type"]
        # "perYellowOrBlue": each colour named; "perHint": clue; "perLandscapeSet": a set of the four colours
        counted = [] if kind == "fixed" else ["colour-set"] if kind == "perLandscapeSet" else \
            [{"hint": "clue"}.get(c.lower(), c.lower()) for c in re.findall(r"[A-Z][a-z]+", kind[3:]) if c != "Or"]
        return face(None if card["color"] == "none" else card["color"], card["night"], card["symbols"]["hints"],
                    card["symbols"], {w: card["condition"][f"{w}_min"] for w in WONDERS},
                    points["value"] if kind == "fixed" else 0, {c: int(points["per"]) for c in counted})
    return ({int(k): read_card(card) for k, card in data["region"].items()},
            [(int(k), read_card(card)) for k, card in data["sanctuary"].items()])


READERS = {"gamepark": gamepark, "maximus220": maximus220, "pedroteosousa": pedroteosousa,
           "boardgamebuddy": boardgamebuddy}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="checkouts of the sources as <owner>+<name>/repo")
    args = parser.parse_args(argv)
    cards = yaml.safe_load(CARDS.read_text(encoding="utf-8"))
    kept = {card["number"]: written(card) for card in cards["regions"]}
    kept_sanctuaries = collections.Counter(json.dumps(written(card), sort_keys=True) for card in cards["sanctuaries"])
    differences = 0
    for key, source in cards["sources"].items():
        checkout = args.folder / source["repository"].replace("/", "+") / "repo"
        regions, sanctuaries = READERS[key](lambda path: show(checkout, source["commit"], path))
        for number in sorted(kept):
            theirs = regions.get(number)
            if theirs is None:
                print(f"{key}: Region {number} missing")
                differences += 1
                continue
            for field in kept[number]:
                if theirs[field] != kept[number][field]:
                    print(f"{key}: Region {number} {field}: {theirs[field]} (cards.yml: {kept[number][field]})")
                    differences += 1
        theirs_sanctuaries = collections.Counter(json.dumps(card, sort_keys=True) for _, card in sanctuaries)
        for card, count in (theirs_sanctuaries - kept_sanctuaries).items():
            print(f"{key}: a Sanctuary cards.yml lacks ({count}×): {card}")
            differences += 1
        for card, count in (kept_sanctuaries - theirs_sanctuaries).items():
            print(f"{key}: lacks a Sanctuary of cards.yml ({count}×): {card}")
            differences += 1
    print(f"{differences} difference(s); cards.yml notes each Region's under `differs`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
