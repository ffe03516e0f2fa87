"""What the deck pages show, worked out from a decklist: the sections with each card's
problems, the totals against the format's caps, the Chi curve, the card types, draw odds and
the export forms. Views call these and render the result; nothing here writes.
"""

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

from rules.core import odds
from rules.core.cards import name_key
from rules.core.decklist import (
    ALL_CARD_SECTIONS,
    GAME_SECTIONS,
    HEADERS,
    Decklist,
    Section,
    decklist_to_json,
    format_decklist,
    home_section,
)
from rules.core.formats import (
    DEFAULT_FORMAT,
    FORMATS,
    Format,
    GrandArchiveRules,
    TitansRules,
    get_format,
)
from rules.core.game_cards import GRAND_ARCHIVE_TYPES, TITANS_TYPES, GameCard
from rules.core.games import GENESIS, GRAND_ARCHIVE, TITANS_OF_EDEN, get_game
from rules.core.timeline import plural_noun

from . import forms, selectors, services

SEARCH_RESULTS = 40
CHI_BUCKETS = 8  # the Chi curve's last column is "8+"
TYPE_ORDER = ("summon", "spell", "technique", "alteration", "enchantment", "champion")


def builder_results(
    query: str, champion: str = "", legal_only: bool = True, game: str = GENESIS.slug
) -> dict:
    """Cards for the builder's search, of the chosen format's game only. Genesis: with no query,
    the champions to choose from; once a champion is chosen, only cards a timeline for it may
    hold, unless `legal_only` is off. Grand Archive: with no query, its champions (they go in
    the material deck); Titans of Eden: with no query, its cards. Each card of another game
    carries `adds`, the sections its buttons add it to, its home section first."""
    if game != GENESIS.slug:
        cards = selectors.card_search(query=query or _FIRST_LISTING[game][0], game=game)
        shown = list(cards[:SEARCH_RESULTS])
        for card in shown:
            card.adds = _add_targets(selectors.game_card_value(card))  # type: ignore[attr-defined]
        return {
            "search_game": game,
            "legal_for": None,
            "query": query,
            "listing": _FIRST_LISTING[game][1],
            "cards": shown,
            "total": cards.count(),
            "limit": SEARCH_RESULTS,
        }
    legal_for = champion if (query and champion and legal_only) else None
    cards = selectors.card_search(query=query or "t:champion", legal_for=legal_for, game=game)
    return {
        "search_game": game,
        "legal_for": legal_for,
        "query": query,
        "listing": "Champions",
        "cards": cards[:SEARCH_RESULTS],
        "total": cards.count(),
        "limit": SEARCH_RESULTS,
    }


# What the builder's search lists before anything is typed, and its title, per game.
_FIRST_LISTING = {
    GRAND_ARCHIVE.slug: ("t:champion", "Champions"),
    TITANS_OF_EDEN.slug: ("", "Cards"),
}


def _add_targets(card: GameCard) -> list[dict]:
    """The sections a search result's buttons add a card to: its home section (a Grand Archive
    champion or regalia: the material deck), then the sideboard for Grand Archive."""
    home = home_section(card)
    targets = [
        {"section": home.value, "label": _SECTION_TITLES.get(home, HEADERS[home]), "primary": True}
    ]
    if card.game == GRAND_ARCHIVE.slug:
        targets.append({"section": Section.SIDEBOARD.value, "label": "Sideboard", "primary": False})
    return targets


def builder_exports(decklist: Decklist) -> dict:
    text = format_decklist(decklist)
    return {"text": text, "json_text": json.dumps(decklist_to_json(decklist), indent=2)}


def deck_panels(decklist: Decklist, format_slug: str, odds_card: str = "") -> dict:
    """What the deck panels show: rows per section with the violations that name their cards,
    the validation with totals against the format's caps, the charts and the draw odds. The
    sections, cards and totals are the format's game's (docs/games.md)."""
    fmt = get_format(format_slug if format_slug in FORMATS else DEFAULT_FORMAT.slug)
    validation = services.deck_validate(decklist=decklist, format_slug=fmt.slug).as_dict()
    genesis = fmt.game == GENESIS.slug
    cards: Mapping[str, Any] = (
        selectors.card_index() if genesis else selectors.game_card_index(game=fmt.game)
    )
    problems = [{**v, "level": "error"} for v in validation["errors"]] + [
        {**v, "level": "warning"} for v in validation["warnings"]
    ]
    for problem in problems:
        problem["keys"] = {name_key(name) for name in problem["cards"]}
    totals = validation["totals"]
    chi = {"timeline": totals.get("timeline_chi"), "forethoughts": totals.get("forethoughts_chi")}
    own = GAME_SECTIONS[fmt.game]
    # Another game's sections that hold cards (a list pasted under another format) are shown
    # too, after the format's own, so their cards can be seen and taken out.
    shown = own + tuple(s for s in ALL_CARD_SECTIONS if s not in own and decklist.entries(s))
    sections = [
        _section(section, decklist.entries(section), cards, problems, chi.get(section.value))
        for section in shown
    ]
    sections[0]["primary"] = True
    champion = cards.get(name_key(decklist.champion)) if decklist.champion and genesis else None
    champion_problems = [p for p in problems if p["section"] == "champion"]
    for problem in champion_problems:
        problem["anchor"] = "champion-picker"
        problem["replace"] = f"{forms.OP_REPLACE}:champion:0:"
    first = sections[0]["rows"]
    first_size = sections[0]["cards"]
    return {
        "format": fmt,
        "game": get_game(fmt.game),
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
        "champion_choices": sorted(c.name for c in cards.values() if c.is_champion)
        if genesis
        else [],
        "totals": _totals(fmt, totals),
        "chart": _CHARTS[fmt.game],
        "curve": chi_curve(first),
        "types": type_counts(first, TYPE_ORDERS[fmt.game]),
        # Draw odds follow Genesis's opening hand and draws (Core Rulebook 5.2).
        **(draw_odds(first, first_size, odds_card) if genesis else {"odds": None}),
    }


# The charts' words per game: what the first section is called and what its cost is.
_CHARTS = {
    GENESIS.slug: {"title": "Timeline", "section": "timeline", "cost": "Chi"},
    GRAND_ARCHIVE.slug: {"title": "Main deck", "section": "main deck", "cost": "Cost"},
    TITANS_OF_EDEN.slug: {"title": "Spellbook", "section": "spellbook", "cost": "Cost"},
}
# The card types in the order the charts and the deck page's groups list them.
TYPE_ORDERS = {
    GENESIS.slug: TYPE_ORDER,
    GRAND_ARCHIVE.slug: GRAND_ARCHIVE_TYPES,
    TITANS_OF_EDEN.slug: TITANS_TYPES,
}


def _totals(fmt: Format, totals: dict[str, int]) -> list[dict]:
    """The totals against the format's caps, as the status bar and validation panel show them."""
    rules = fmt.deck_rules
    if isinstance(rules, GrandArchiveRules):
        shown = [
            _total(
                "Main deck cards",
                "main",
                totals["main_cards"],
                rules.main_min,
                totals["main_cards"] >= rules.main_min,
                "at least",
            ),
            _total("Material deck cards", "material", totals["material_cards"], rules.material_max),
        ]
        if rules.sideboard_cards is not None:
            shown.append(
                _total(
                    "Sideboard cards", "sideboard", totals["sideboard_cards"], rules.sideboard_cards
                )
            )
        if rules.sideboard_points is not None:
            shown.append(
                _total(
                    "Sideboard points",
                    "sideboard points",
                    totals["sideboard_points"],
                    rules.sideboard_points,
                )
            )
        return shown
    if isinstance(rules, TitansRules):
        size = totals["spellbook_cards"]
        return [
            _total(
                "Spellbook cards",
                "cards",
                size,
                rules.spellbook_size,
                size == rules.spellbook_size,
                "exactly",
            )
        ]
    return [
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
    ]


def _card_facts(card) -> tuple[int | None, str, str]:
    """A row's cost (Genesis: Chi), type and short facts, for a card of any game."""
    if card is None:
        return None, "", ""
    if isinstance(card, GameCard):
        facts = [
            card.element,
            f"level {card.level}" if card.level is not None else "",
            card.species,
            "regalia" if card.is_regalia else "",
        ]
        return card.cost, card.type, " · ".join(f for f in facts if f)
    return card.chi, card.type.value, ""


def _section(section, entries, cards, problems: list[dict], chi: int | None) -> dict:
    """One section's rows. A violation naming a card is shown on that card's row (and links
    there from the validation panel); one naming no card is shown under the section's title."""
    rows = []
    game = _SECTION_GAME[section]
    for index, entry in enumerate(entries):
        key = name_key(entry.name)
        card = cards.get(key)
        cost, kind, facts = _card_facts(card)
        row = {
            "index": index,
            "id": f"{section.value}-{index}",
            "count": entry.count,
            "name": entry.name,
            "card": card,
            "cost": cost,
            "type": kind,
            "facts": facts,
            "game": game,
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
        "title": _SECTION_TITLES.get(section, section.value.capitalize()),
        "primary": False,
        "rows": rows,
        "groups": _groups(rows, TYPE_ORDERS[game]),
        "cards": sum(row["count"] for row in rows),
        "chi": chi,
        "problems": general,
    }


_SECTION_GAME = {section: game for game, sections in GAME_SECTIONS.items() for section in sections}
_SECTION_TITLES = {Section.MAIN: "Main deck", Section.MATERIAL: "Material deck"}
_GROUP_TITLES = {"": "Unknown cards"}


def _groups(rows: list[dict], order: tuple[str, ...]) -> list[dict]:
    """The deck view's rows grouped by card type (the game's types, then cards the index lacks),
    each group sorted by cost (Genesis: Chi) then name, with its count of cards (the builder
    keeps the list's own order, which its controls refer to)."""
    groups = []
    kinds = [*order, *sorted({row["type"] for row in rows} - {*order, ""}), ""]
    for kind in kinds:
        members = [row for row in rows if row["type"] == kind]
        if not members:
            continue
        members.sort(
            key=lambda row: (row["cost"] is None, row["cost"] or 0, row["name"].casefold())
        )
        title = _GROUP_TITLES.get(kind, plural_noun(kind.capitalize()))
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
    """Cards per Chi value (another game's: per cost), 0 (or 1) to 8+, then cards whose Chi is
    not known."""
    counts: Counter[int | None] = Counter()
    for row in rows:
        chi = row["cost"]
        counts[min(chi, CHI_BUCKETS) if chi is not None else None] += row["count"]
    first = 0 if counts[0] else 1
    buckets = [
        (str(chi) + ("+" if chi == CHI_BUCKETS else ""), counts[chi])
        for chi in range(first, CHI_BUCKETS + 1)
    ]
    if counts[None]:
        buckets.append(("?", counts[None]))
    return _bars(buckets)


def type_counts(rows: list[dict], types: tuple[str, ...] = TYPE_ORDER) -> list[dict]:
    counts: Counter[str] = Counter()
    for row in rows:
        counts[row["type"] or "unknown"] += row["count"]
    order = [t for t in types if counts[t]] + (["unknown"] if counts["unknown"] else [])
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
                {"value": t, "label": plural_noun(t.capitalize()), "count": types[t]}
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
