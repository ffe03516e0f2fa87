"""Titans of Eden Constructed legality: a secret spellbook checked against the format
(rules.core.formats.TitansRules; Titans of Eden Rulebook › Constructed Format, Official Rules,
L412). Same violation shape and codes list as Genesis (rules.core.timeline).
"""

from collections.abc import Mapping

from .decklist import Decklist, Section, tally
from .formats import Format, TitansRules
from .game_cards import GameCard
from .timeline import Code, Suggester, Totals, Validation, Violation, listing, plural, unknown_card

COPIES_RULE = (
    "Event setting › Copy limit: the Titans of Eden Rulebook sets none, so it is off unless the "
    "event sets one"
)


def validate(
    decklist: Decklist, cards: Mapping[str, GameCard], fmt: Format, rules: TitansRules
) -> Validation:
    """Check the spellbook: exactly `spellbook_size` cards, each of an allowed element. There is
    no limit by species (L412); a copy limit applies only when the event sets one."""
    errors: list[Violation] = []
    suggest = Suggester(cards)
    rows = tally(decklist.entries(Section.SPELLBOOK))
    size = sum(count for _, count in rows.values())
    if size != rules.spellbook_size:
        errors.append(
            Violation(
                Code.SPELLBOOK_SIZE,
                Section.SPELLBOOK,
                (),
                f"The spellbook has {plural(size, 'card')}; {fmt.name} needs exactly "
                f"{rules.spellbook_size}.",
                rules.rule,
            )
        )
    wrong: list[GameCard] = []
    for key, (name, count) in rows.items():
        card = cards.get(key)
        if card is None:
            errors.append(unknown_card(Section.SPELLBOOK, name, suggest(key)))
            continue
        if card.element not in rules.elements:
            wrong.append(card)
        if fmt.copy_limit is not None and count > fmt.copy_limit:
            errors.append(
                Violation(
                    Code.COPY_LIMIT,
                    Section.SPELLBOOK,
                    (card.name,),
                    f"{count} copies of {card.name}; this event allows at most {fmt.copy_limit}.",
                    COPIES_RULE,
                )
            )
    for card in wrong:
        element = card.element or "no element"
        errors.append(
            Violation(
                Code.SPELLBOOK_ELEMENT,
                Section.SPELLBOOK,
                (card.name,),
                f"{card.name} is a {element} card; a spellbook holds only "
                f"{listing(sorted(rules.elements))} cards.",
                rules.rule,
            )
        )
    return Validation(tuple(errors), (), Totals(counts=(("spellbook_cards", size),)))
