"""What the deck pages show, worked out from a decklist: the sections with each card's
problems, the totals against the format's caps, the Chi curve, the card types, draw odds and
the export forms. Views call these and render the result; nothing here writes.
"""

import json
from collections import Counter
from typing import Any

from rules.core import odds
from rules.core.cards import name_key
from rules.core.decklist import (
    GAME_SECTIONS,
    Decklist,
    Section,
    decklist_to_json,
    format_decklist,
)
from rules.core.formats import DEFAULT_FORMAT, FORMATS, get_format
from rules.core.games import GENESIS

from . import forms, selectors, services

SEARCH_RESULTS = 40
CHI_BUCKETS = 8  # the Chi curve's last column is "8+"
TYPE_ORDER = ("summon", "spell", "technique", "alteration", "enchantment", "champion")


def builder_results(query: str, champion: str = "", legal_only: bool = True) -> dict:
    """Cards for the builder's search; with no query, the champions to choose from. Once a
    champion is chosen, only cards a timeline for it may hold, unless `legal_only` is off."""
    legal_for = champion if (query and champion and legal_only) else None
    cards = selectors.card_search(query=query or "t:champion", legal_for=legal_for)
    return {
        "legal_for": legal_for,
        "query": query,
        "cards": cards[:SEARCH_RESULTS],
        "total": cards.count(),
        "limit": SEARCH_RESULTS,
    }


def builder_exports(decklist: Decklist) -> dict:
    text = format_decklist(decklist)
    return {"text": text, "json_text": json.dumps(decklist_to_json(decklist), indent=2)}


def deck_panels(decklist: Decklist, format_slug: str, odds_card: str = "") -> dict:
    """What the deck panels show: rows per section with the violations that name their cards,
    the validation with totals against the format's caps, the charts and the draw odds."""
    fmt = get_format(format_slug if format_slug in FORMATS else DEFAULT_FORMAT.slug)
    validation = services.deck_validate(decklist=decklist, format_slug=fmt.slug).as_dict()
    # The builder's card details are Genesis's; another game's deck (saved through the API) is
    # shown with its own sections and verdict, without card details (docs/games.md).
    cards = selectors.card_index() if fmt.game == GENESIS.slug else {}
    problems = [{**v, "level": "error"} for v in validation["errors"]] + [
        {**v, "level": "warning"} for v in validation["warnings"]
    ]
    for problem in problems:
        problem["keys"] = {name_key(name) for name in problem["cards"]}
    totals = validation["totals"]
    chi = {"timeline": totals.get("timeline_chi"), "forethoughts": totals.get("forethoughts_chi")}
    sections = [
        _section(section, decklist.entries(section), cards, problems, chi.get(section.value))
        for section in GAME_SECTIONS[fmt.game]
    ]
    champion = cards.get(name_key(decklist.champion)) if decklist.champion else None
    champion_problems = [p for p in problems if p["section"] == "champion"]
    for problem in champion_problems:
        problem["anchor"] = "champion-picker"
        problem["replace"] = f"{forms.OP_REPLACE}:champion:0:"
    timeline = sections[0]["rows"]
    return {
        "format": fmt,
        "validation": validation,
        "errors": [p for p in problems if p["level"] == "error"],
        "warnings": [p for p in problems if p["level"] == "warning"],
        "sections": sections,
        "champion": {
            "name": decklist.champion or "",
            "card": champion,
            "affiliations": sorted(champion.affiliations) if champion else [],
            "problems": champion_problems,
        },
        "champion_choices": sorted(c.name for c in cards.values() if c.is_champion),
        "totals": [
            _total(
                "Timeline cards",
                "cards",
                totals["timeline_cards"],
                fmt.timeline_size,
                fmt.size_is_legal(totals["timeline_cards"]),
                fmt.timeline_size_rule.words,
            ),
            _total("Timeline Chi", "Chi", totals["timeline_chi"], fmt.chi_cap),
            _total(
                "Forethoughts Chi",
                "forethoughts Chi",
                totals["forethoughts_chi"],
                fmt.forethoughts_chi_cap,
            ),
        ],
        "curve": chi_curve(timeline),
        "types": type_counts(timeline),
        **draw_odds(timeline, totals["timeline_cards"], odds_card),
    }


def _section(section, entries, cards, problems: list[dict], chi: int | None) -> dict:
    """One section's rows. A violation naming a card is shown on that card's row (and links
    there from the validation panel); one naming no card is shown under the section's title."""
    rows = []
    for index, entry in enumerate(entries):
        key = name_key(entry.name)
        card = cards.get(key)
        row = {
            "index": index,
            "id": f"{section.value}-{index}",
            "count": entry.count,
            "name": entry.name,
            "card": card,
            "type": card.type.value if card else "",
            "search": 'name:"{}"'.format(entry.name.replace('"', "")),
            "problems": [p for p in problems if p["section"] == section and key in p["keys"]],
        }
        for problem in row["problems"]:
            problem.setdefault("anchor", f"row-{row['id']}")
            problem["replace"] = f"{forms.OP_REPLACE}:{section.value}:{index}:"
        rows.append(row)
    general = [p for p in problems if p["section"] == section and not p["cards"]]
    for problem in general:
        problem["anchor"] = f"section-{section.value}"
    return {
        "key": section.value,
        "title": section.value.capitalize(),
        "rows": rows,
        "groups": _groups(rows),
        "cards": sum(row["count"] for row in rows),
        "chi": chi,
        "problems": general,
    }


# The order of the deck view's groups: the timeline's card types, then cards the index lacks.
_GROUP_ORDER = ("summon", "spell", "technique", "alteration", "enchantment", "champion", "")
_GROUP_TITLES = {"": "Unknown cards"}


def _groups(rows: list[dict]) -> list[dict]:
    """The deck view's rows grouped by card type, each group sorted by Chi then name, with its
    count of cards (the builder keeps the list's own order, which its controls refer to)."""
    groups = []
    for kind in _GROUP_ORDER:
        members = [row for row in rows if row["type"] == kind]
        if not members:
            continue
        members.sort(
            key=lambda row: (
                row["card"] is None or row["card"].chi is None,
                row["card"].chi if row["card"] is not None and row["card"].chi is not None else 0,
                row["name"].casefold(),
            )
        )
        title = _GROUP_TITLES.get(kind, kind.capitalize() + "s")
        groups.append({"title": title, "rows": members, "cards": sum(r["count"] for r in members)})
    return groups


def _total(label, short, value: int, cap: int, ok: bool | None = None, words="at most") -> dict:
    return {
        "label": label,
        "short": short,
        "value": value,
        "cap": cap,
        "ok": value <= cap if ok is None else ok,
        "rule": f"{words} {cap}",
        "percent": min(100, round(100 * value / cap)) if cap else 0,
    }


def chi_curve(rows: list[dict]) -> list[dict]:
    """Timeline cards per Chi value, 0 (or 1) to 8+, then cards whose Chi is not known."""
    counts: Counter[int | None] = Counter()
    for row in rows:
        chi = row["card"].chi if row["card"] else None
        counts[min(chi, CHI_BUCKETS) if chi is not None else None] += row["count"]
    first = 0 if counts[0] else 1
    buckets = [
        (str(chi) + ("+" if chi == CHI_BUCKETS else ""), counts[chi])
        for chi in range(first, CHI_BUCKETS + 1)
    ]
    if counts[None]:
        buckets.append(("?", counts[None]))
    return _bars(buckets)


def type_counts(rows: list[dict]) -> list[dict]:
    counts: Counter[str] = Counter()
    for row in rows:
        counts[row["type"] or "unknown"] += row["count"]
    order = [t for t in TYPE_ORDER if counts[t]] + (["unknown"] if counts["unknown"] else [])
    return _bars([(kind, counts[kind]) for kind in order])


def _bars(pairs: list[tuple[str, int]]) -> list[dict]:
    top = max([count for _, count in pairs] + [1])
    return [
        {"label": label, "count": count, "percent": round(100 * count / top)}
        for label, count in pairs
    ]


def draw_odds(rows: list[dict], deck_size: int, chosen: str) -> dict:
    """The draw-odds table for the chosen timeline card (by default the first one)."""
    if not rows or not deck_size:
        return {"odds": None}
    by_key = {name_key(row["name"]): row for row in rows}
    row = by_key.get(name_key(chosen), rows[0])
    return {
        "odds": {
            "name": row["name"],
            "copies": row["count"],
            "deck_size": deck_size,
            "table": odds.draw_table(row["count"], deck_size),
        },
        "odds_choices": [(r["name"], r["count"]) for r in rows],
    }


def group_odds(decklist: Decklist, chosen: list[str], group_type: str = "") -> dict:
    """The deck page's group draw odds: the timeline's cards to tick, the card types to pick as
    a group, and the chance of at least one card of the group by each round. `group_type`
    (a card type) makes the group every card of that type; otherwise it is the `chosen` names."""
    entries = decklist.entries(Section.TIMELINE)
    deck_size = sum(entry.count for entry in entries)
    if not deck_size:
        return {"group": None}
    cards = selectors.card_index()
    wanted = {name_key(name) for name in chosen}
    choices: list[dict[str, Any]] = []
    for index, entry in enumerate(entries):
        card = cards.get(name_key(entry.name))
        kind = card.type.value if card else ""
        in_group = kind == group_type if group_type else name_key(entry.name) in wanted
        choices.append(
            {
                "id": f"group-{index}",
                "name": entry.name,
                "count": entry.count,
                "type": kind,
                "picked": in_group,
            }
        )
    types: Counter[str] = Counter()
    for choice in choices:
        if choice["type"]:
            types[choice["type"]] += choice["count"]
    picked = [c for c in choices if c["picked"]]
    return {
        "group": {
            "choices": choices,
            "types": [
                {"value": t, "label": t.capitalize() + "s", "count": types[t]}
                for t in TYPE_ORDER
                if types[t]
            ],
            "picked": picked,
            "copies": odds.group_copies(c["count"] for c in picked),
            "deck_size": deck_size,
            "table": odds.group_draw_table([c["count"] for c in picked], deck_size)
            if picked
            else (),
        }
    }
