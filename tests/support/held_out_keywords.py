"""The held-out style keyword sets as the engine plays them: the version-1 card texts of
tests/rules/data/held-out-keywords-v1.json (or of the second to ninth sets,
held-out-keywords-2-v1.json to -9-v1.json, each written blind by another hand) converted as `convert_cards` converts them (a card whose text says
something no field states is refused, and left out), and a timeline built around them for Ilsa
Marrowind of the bundled demo set. The heuristic bot's test (tests/rules/engine/test_bot_keywords.py)
and benchmarks/bot_keywords.py play with them. Every function takes the set's file, the first
set by default."""

import json
from functools import cache
from pathlib import Path
from typing import cast

from decks.core.bundled import card_set
from rules.core.cardfile import CardFileError, read_card_file, upgrade_file
from rules.core.cards import Card, name_key
from rules.core.decklist import Decklist, parse_decklist

DATA = Path(__file__).resolve().parents[1] / "rules" / "data"
HELD_OUT = DATA / "held-out-keywords-v1.json"
HELD_OUT_2 = DATA / "held-out-keywords-2-v1.json"
HELD_OUT_3 = DATA / "held-out-keywords-3-v1.json"
HELD_OUT_4 = DATA / "held-out-keywords-4-v1.json"
HELD_OUT_5 = DATA / "held-out-keywords-5-v1.json"
HELD_OUT_6 = DATA / "held-out-keywords-6-v1.json"
HELD_OUT_7 = DATA / "held-out-keywords-7-v1.json"
HELD_OUT_8 = DATA / "held-out-keywords-8-v1.json"
HELD_OUT_9 = DATA / "held-out-keywords-9-v1.json"
SETS = {
    "first": HELD_OUT,
    "second": HELD_OUT_2,
    "third": HELD_OUT_3,
    "fourth": HELD_OUT_4,
    "fifth": HELD_OUT_5,
    "sixth": HELD_OUT_6,
    "seventh": HELD_OUT_7,
    "eighth": HELD_OUT_8,
    "ninth": HELD_OUT_9,
}
# The cards each set's Replicate takes from the subconscious (the fourth and sixth sets'
# Replicates say what no field states, and are refused).
SUBCONSCIOUS = {
    HELD_OUT: "2 Slime",
    HELD_OUT_2: "2 Swarmling",
    HELD_OUT_3: "2 Swarmling",
    HELD_OUT_4: "",
    HELD_OUT_5: "2 Spawning Mite",
    HELD_OUT_6: "",
    HELD_OUT_7: "2 Brood Spawnling",
    HELD_OUT_8: "2 Brood Sower",
    HELD_OUT_9: "2 Mirror Imp",
}
CHAMPION = "Ilsa Marrowind"
# Cards of the demo set that fill the timeline up to 50 beside the keyword cards: two small
# summons with attacks (the held-out summons have none).
FILLERS = ("Emberfox Kit", "Jaelaran Militia")


@cache
def converted_file(path: Path = HELD_OUT) -> tuple[str, dict[str, str]]:
    """The keyword cards that convert, as a version-2 card file's text, and those refused
    (name -> the converter's problems), each card converted on its own."""
    data = json.loads(path.read_text())
    head = {k: v for k, v in data.items() if k not in ("cards", "_comment")}
    cards: list[object] = []
    refused: dict[str, str] = {}
    for raw in data["cards"]:
        raw = {k: v for k, v in raw.items() if k != "expect"}
        # Played under one champion (CHAMPION, Axon): an affiliation changes no keyword, and the
        # third set's writer gave its cards several.
        raw["affiliations"] = ["Axon"]
        try:
            upgraded = upgrade_file(json.dumps({**head, "cards": [raw]}))
        except CardFileError as exc:
            refused[raw["name"]] = "; ".join(str(p) for p in exc.problems)
            continue
        cards += cast(list, upgraded["cards"])
    text = json.dumps({**head, "format_version": 2, "cards": cards}, indent=2, ensure_ascii=False)
    return text, refused


@cache
def converted(path: Path = HELD_OUT) -> tuple[dict[str, Card], dict[str, str]]:
    """The keyword cards that convert (name_key -> Card) and those refused (name -> why)."""
    text, refused = converted_file(path)
    return {name_key(e.card.name): e.card for e in read_card_file(text).entries}, refused


def keyword_card_names(path: Path = HELD_OUT) -> list[str]:
    """The cards of the held-out set written for one keyword each (the second set's `expect`
    names the keyword; its other cards say the same things in other words), converted or not,
    in the file's order."""
    cards = json.loads(path.read_text())["cards"]
    if any("keyword" in raw["expect"] for raw in cards):
        return [raw["name"] for raw in cards if "keyword" in raw["expect"]]
    return [raw["name"] for raw in cards]


def card_names(path: Path = HELD_OUT) -> list[str]:
    """Every card of the held-out set, converted or not, in the file's order."""
    return [raw["name"] for raw in json.loads(path.read_text())["cards"]]


@cache
def all_cards(path: Path = HELD_OUT) -> dict[str, Card]:
    """The demo set and the converted keyword cards, name_key -> Card."""
    return {**card_set(), **converted(path)[0]}


def decklist_text(
    copies: int = 3,
    fillers: tuple[str, ...] = FILLERS,
    path: Path = HELD_OUT,
    others: bool = False,
) -> str:
    """50 timeline cards: `copies` of every keyword card that converts (with `others`, of the
    set's other cards instead, those that say the same things in other words; fewer copies where
    that would pass 50), filled up with `fillers` in turn, and the copies Replicate takes in the
    subconscious."""
    chosen = set(keyword_card_names(path))
    names = [
        card.name for card in converted(path)[0].values() if (card.name in chosen) is not others
    ]
    copies = max(1, min(copies, 50 // max(1, len(names))))
    count = dict.fromkeys(names, copies)
    for i in range(50 - sum(count.values())):
        name = fillers[i % len(fillers)]
        count[name] = count.get(name, 0) + 1
    lines = [f"{n} {name}" for name, n in count.items()]
    subconscious = ["Subconscious", SUBCONSCIOUS[path]] if SUBCONSCIOUS[path] else []
    return "\n".join([f"Champion: {CHAMPION}", "Timeline", *lines, *subconscious, ""])


def decklist(
    copies: int = 3, fillers: tuple[str, ...] = FILLERS, path: Path = HELD_OUT, others: bool = False
) -> Decklist:
    """The timeline of `decklist_text`, parsed."""
    return parse_decklist(decklist_text(copies, fillers, path, others))
