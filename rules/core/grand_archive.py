"""Grand Archive deck legality: a main deck, a material deck and a sideboard checked against a
Grand Archive format (rules.core.formats.GrandArchiveRules).

Citations are to the Grand Archive Comprehensive Rules by seed line (its headings were lost in
the source; docs/grand-archive.md). Violations have the same shape and codes list as Genesis's
(rules.core.timeline); rules.core.validation dispatches here by the format's game.
"""

from collections.abc import Mapping

from .decklist import Decklist, Section, tally
from .formats import GA, Format, GrandArchiveRules
from .game_cards import GameCard
from .timeline import (
    Code,
    Suggester,
    Totals,
    Validation,
    Violation,
    WarningCode,
    listing,
    plural,
    unknown_card,
)

REGALIA_RULE = f"{GA} › Supertypes, Regalia (L413-414)"
DIVINE_RELIC_RULE = f"{GA} › Keywords, Divine Relic (L1098)"
# One copy of each regalia in the material deck, in every format (L414); an item or weapon there
# is a regalia whatever its printed supertypes (L357, L376).
REGALIA_COPY_RULE = f"{GA} › Supertypes, Regalia (L414; items L357, weapons L376)"
MATERIALIZE_RULE = f"{GA} › Materialize Phase (L551; items L357, weapons L376)"
# L230: champions and regalia count 3 sideboard points, every other card 1.
HEAVY_POINTS = 3
DIVINE_RELIC = "divine relic"


def sideboard_points(card: GameCard) -> int:
    return HEAVY_POINTS if card.material_only else 1


def validate(
    decklist: Decklist, cards: Mapping[str, GameCard], fmt: Format, rules: GrandArchiveRules
) -> Validation:
    """Check `decklist` against `fmt`. `cards` maps name_key(name) to the Grand Archive card."""
    errors: list[Violation] = []
    warnings: list[Violation] = []
    suggest = Suggester(cards)
    tallies = {
        s: tally(decklist.entries(s)) for s in (Section.MAIN, Section.MATERIAL, Section.SIDEBOARD)
    }
    known: dict[Section, list[tuple[GameCard, int]]] = {}
    for section, rows in tallies.items():
        known[section] = []
        for key, (name, count) in rows.items():
            card = cards.get(key)
            if card is None:
                errors.append(unknown_card(section, name, suggest(key)))
            else:
                known[section].append((card, count))

    main_cards = sum(count for _, count in tallies[Section.MAIN].values())
    material_cards = sum(count for _, count in tallies[Section.MATERIAL].values())
    side_cards = sum(count for _, count in tallies[Section.SIDEBOARD].values())
    points = sum(sideboard_points(card) * count for card, count in known[Section.SIDEBOARD])

    if main_cards < rules.main_min:
        errors.append(
            Violation(
                Code.MAIN_SIZE,
                Section.MAIN,
                (),
                f"The main deck has {plural(main_cards, 'card')}; {fmt.name} needs at least "
                f"{rules.main_min}.",
                rules.main_rule,
            )
        )
    misplaced = [card.name for card, _ in known[Section.MAIN] if card.material_only]
    if misplaced:
        errors.append(
            Violation(
                Code.MATERIAL_ONLY,
                Section.MAIN,
                tuple(misplaced),
                f"{listing(misplaced)} {'is a champion or regalia' if len(misplaced) == 1 else 'are champions or regalia'}: "
                "champions and regalia start in the material deck, never in the main deck.",
                REGALIA_RULE,
            )
        )
    if fmt.copy_limit is not None:
        errors.extend(_check_copies(known, fmt.copy_limit, rules))

    if material_cards > rules.material_max:
        errors.append(
            Violation(
                Code.MATERIAL_SIZE,
                Section.MATERIAL,
                (),
                f"The material deck has {plural(material_cards, 'card')}; {fmt.name} allows at "
                f"most {rules.material_max}.",
                rules.material_rule,
            )
        )
    errors.extend(_check_material_copies(known[Section.MATERIAL], rules))
    if not any(card.is_champion and card.level == 0 for card, _ in known[Section.MATERIAL]):
        errors.append(
            Violation(
                Code.MATERIAL_CHAMPION_MISSING,
                Section.MATERIAL,
                (),
                "The material deck has no level 0 champion; it needs at least one.",
                rules.material_rule,
            )
        )
    relics = [card.name for card, _ in known[Section.MATERIAL] if DIVINE_RELIC in card.keywords]
    relic_count = sum(c for card, c in known[Section.MATERIAL] if DIVINE_RELIC in card.keywords)
    if relic_count > 1:
        errors.append(
            Violation(
                Code.DIVINE_RELIC,
                Section.MATERIAL,
                tuple(relics),
                f"The material deck has {relic_count} Divine Relic cards ({listing(relics)}); "
                "it may have only one.",
                DIVINE_RELIC_RULE,
            )
        )
    stray = [card.name for card, _ in known[Section.MATERIAL] if not card.materializable]
    if stray:
        warnings.append(
            Violation(
                WarningCode.MATERIAL_NOT_MATERIALIZABLE,
                Section.MATERIAL,
                tuple(stray),
                f"{listing(stray)} cannot be materialized: only champions and regalia (items and "
                "weapons among them) can be played from the material deck.",
                MATERIALIZE_RULE,
            )
        )

    if rules.sideboard_cards is not None and side_cards > rules.sideboard_cards:
        errors.append(
            Violation(
                Code.SIDEBOARD_SIZE,
                Section.SIDEBOARD,
                (),
                f"The sideboard has {plural(side_cards, 'card')}; {fmt.name} allows at most "
                f"{rules.sideboard_cards}.",
                rules.sideboard_rule,
            )
        )
    # Every card is worth at least a point, so a sideboard over the card cap is over the point
    # cap too: it is reported once, as too many cards.
    elif rules.sideboard_points is not None and points > rules.sideboard_points:
        errors.append(
            Violation(
                Code.SIDEBOARD_POINTS,
                Section.SIDEBOARD,
                (),
                f"The sideboard is worth {points} points (champions and regalia 3, other cards "
                f"1); {fmt.name} allows at most {rules.sideboard_points}.",
                rules.sideboard_rule,
            )
        )
    totals = Totals(
        counts=(
            ("main_cards", main_cards),
            ("material_cards", material_cards),
            ("sideboard_cards", side_cards),
            ("sideboard_points", points),
        )
    )
    return Validation(tuple(errors), tuple(warnings), totals)


def _check_copies(
    known: Mapping[Section, list[tuple[GameCard, int]]], limit: int, rules: GrandArchiveRules
) -> list[Violation]:
    """At most `limit` copies of a name in the main deck (L227), counting the sideboard with it:
    sideboard cards are swapped into the main deck between games (docs/grand-archive.md)."""
    counts: dict[str, int] = {}
    over: list[Violation] = []
    for section in (Section.MAIN, Section.SIDEBOARD):
        for card, count in known[section]:
            if card.material_only:
                continue
            before = counts.get(card.name, 0)
            counts[card.name] = before + count
            if before <= limit < counts[card.name]:
                over.append(
                    Violation(
                        Code.COPY_LIMIT,
                        section,
                        (card.name,),
                        f"{counts[card.name]} copies of {card.name} in the main deck and "
                        f"sideboard; at most {limit} are allowed.",
                        rules.main_rule,
                    )
                )
    return over


def _check_material_copies(
    material: list[tuple[GameCard, int]], rules: GrandArchiveRules
) -> list[Violation]:
    """One copy of each name in a constructed material deck (L228, L482); one of each regalia in
    every format (L414), items and weapons included (L357, L376)."""
    doubled = [
        card.name
        for card, count in material
        if count > 1 and (rules.material_unique or card.regalia_in_material_deck)
    ]
    if not doubled:
        return []
    rule = rules.material_rule if rules.material_unique else REGALIA_COPY_RULE
    return [
        Violation(
            Code.MATERIAL_COPIES,
            Section.MATERIAL,
            tuple(doubled),
            f"More than one copy of {listing(doubled)} in the material deck; it holds one copy "
            "of each.",
            rule,
        )
    ]
