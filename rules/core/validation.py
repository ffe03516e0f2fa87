"""Deck legality for every game: one entry point that dispatches by the format's game.

Genesis lists go to rules.core.timeline exactly as before; Grand Archive and Titans of Eden lists
to their own modules. Checks every game shares live here: sections the game does not have, the
event's copy limit, and (limited formats) the player's pool.
"""

import dataclasses
from collections.abc import Mapping

from . import grand_archive, titans_of_eden
from .cards import Card
from .decklist import ALL_CARD_SECTIONS, GAME_SECTIONS, Decklist, Section, tally
from .formats import Format, GrandArchiveRules, TitansRules
from .game_cards import GameCard
from .games import GENESIS, get_game
from .timeline import Code, Validation, Violation
from .timeline import validate as validate_genesis

SECTIONS_RULE = "Decklist format › each game's sections"


def validate(
    decklist: Decklist,
    cards: Mapping[str, Card] | Mapping[str, GameCard],
    fmt: Format,
    *,
    pool: Decklist | None = None,
    copy_limit: int | None = None,
) -> Validation:
    """Check `decklist` against `fmt`, with `cards` the card index of the format's game (name_key
    to card). `copy_limit` overrides the format's (an event setting); `pool` is the player's
    recorded pool, needed by limited formats."""
    if copy_limit is not None:
        fmt = dataclasses.replace(fmt, copy_limit=copy_limit)
    extra = foreign_sections(decklist, fmt)
    if fmt.limited:
        extra += check_pool(decklist, pool, fmt)
    rules = fmt.deck_rules
    if isinstance(rules, GrandArchiveRules):
        result = grand_archive.validate(decklist, _game_cards(cards), fmt, rules)
    elif isinstance(rules, TitansRules):
        result = titans_of_eden.validate(decklist, _game_cards(cards), fmt, rules)
    else:
        result = validate_genesis(decklist, _genesis_cards(cards), fmt)
    if not extra:
        return result
    return Validation(tuple(extra) + result.errors, result.warnings, result.totals)


def _game_cards(cards: Mapping[str, Card] | Mapping[str, GameCard]) -> Mapping[str, GameCard]:
    # A Genesis index given for another game's format finds none of its cards: every name is
    # then unknown, which is what it is in that game.
    if any(not isinstance(card, GameCard) for card in cards.values()):
        return {}
    return cards  # type: ignore[return-value]


def _genesis_cards(cards: Mapping[str, Card] | Mapping[str, GameCard]) -> Mapping[str, Card]:
    if any(not isinstance(card, Card) for card in cards.values()):
        return {}
    return cards  # type: ignore[return-value]


def foreign_sections(decklist: Decklist, fmt: Format) -> list[Violation]:
    """A section the format's game does not have (a Grand Archive main deck in a Genesis
    format, a timeline in a Titans of Eden one) is refused, never silently ignored."""
    own = GAME_SECTIONS[fmt.game]
    game = get_game(fmt.game)
    violations = []
    if decklist.champion is not None and fmt.game != GENESIS.slug:
        violations.append(_foreign(Section.CHAMPION, fmt, game.name, own))
    for section in ALL_CARD_SECTIONS:
        if section not in own and decklist.entries(section):
            violations.append(_foreign(section, fmt, game.name, own))
    return violations


def _foreign(section: Section, fmt: Format, game: str, own: tuple[Section, ...]) -> Violation:
    names = ", ".join(s.value for s in own)
    return Violation(
        Code.SECTION_NOT_IN_FORMAT,
        section,
        (),
        f"{fmt.name} is a {game} format: a deck has no {section.value} section, only {names}.",
        SECTIONS_RULE,
    )


def check_pool(decklist: Decklist, pool: Decklist | None, fmt: Format) -> list[Violation]:
    """Limited formats: every card of the deck (all of its game's sections, the sideboard too:
    in Grand Archive draft it is the rest of the pool, L234) comes from the player's pool, whose
    cards may be listed in any section."""
    sections = GAME_SECTIONS[fmt.game]
    rule = f"{fmt.name} › the deck comes from the player's pool"
    if pool is None:
        return [
            Violation(
                Code.POOL_MISSING,
                sections[0],
                (),
                f"{fmt.name} is a limited format: a deck is checked against the player's "
                "recorded pool, and none was given.",
                rule,
            )
        ]
    available = tally(e for s in ALL_CARD_SECTIONS for e in pool.entries(s))
    used: dict[str, int] = {}
    violations = []
    for section in sections:
        for key, (name, count) in tally(decklist.entries(section)).items():
            before = used.get(key, 0)
            used[key] = before + count
            have = available[key][1] if key in available else 0
            if before <= have < used[key]:
                violations.append(
                    Violation(
                        Code.NOT_IN_POOL,
                        section,
                        (name,),
                        f"The deck uses {used[key]} {name}, but the pool has {have}.",
                        rule,
                    )
                )
    return violations
