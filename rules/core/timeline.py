"""Timeline legality: check a decklist against a format and the card index.

`validate` returns every violation at once, each with a stable code, the section it is in, the
cards involved, a plain-English message with the numbers, and the rule it enforces. Warnings
(legal, but worth a look) are kept apart. The codes are listed in docs/decklist-format.md.
"""

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NotRequired, Protocol, TypedDict, cast

from .cards import Card
from .decklist import Decklist, Section, TallyRow, name_key, tally
from .formats import CORE, DEFAULT_FORMAT, Format, cite


class Code(StrEnum):
    """Violation codes. They are an API: add new ones, never rename or reuse one."""

    CHAMPION_MISSING = "champion_missing"
    CHAMPION_NOT_CHAMPION = "champion_not_champion"
    CHAMPION_IN_DECK = "champion_in_deck"
    TIMELINE_SIZE = "timeline_size"
    TIMELINE_CHI = "timeline_chi"
    AFFILIATION_NONE_SHARED = "affiliation_none_shared"
    AFFILIATION_FOREIGN = "affiliation_foreign"
    FORETHOUGHTS_CHI = "forethoughts_chi"
    UNKNOWN_CARD = "unknown_card"
    CARD_INCOMPLETE = "card_incomplete"
    COPY_LIMIT = "copy_limit"
    BANNED = "banned"
    SET_NOT_LEGAL = "set_not_legal"
    # Every game: a section the format's game does not have (rules.core.validation).
    SECTION_NOT_IN_FORMAT = "section_not_in_format"
    # Limited formats (sealed, draft) of every game.
    POOL_MISSING = "pool_missing"
    NOT_IN_POOL = "not_in_pool"
    # Grand Archive (rules.core.grand_archive).
    MAIN_SIZE = "main_size"
    MATERIAL_SIZE = "material_size"
    MATERIAL_COPIES = "material_copies"
    MATERIAL_CHAMPION_MISSING = "material_champion_missing"
    MATERIAL_ONLY = "material_only"
    DIVINE_RELIC = "divine_relic"
    SIDEBOARD_SIZE = "sideboard_size"
    SIDEBOARD_POINTS = "sideboard_points"
    # Titans of Eden (rules.core.titans_of_eden).
    SPELLBOOK_SIZE = "spellbook_size"
    SPELLBOOK_ELEMENT = "spellbook_element"


class WarningCode(StrEnum):
    FORETHOUGHTS_EMPTY = "forethoughts_empty"
    MANY_COPIES = "many_copies"
    FORMAT_LEGACY = "format_legacy"
    MATERIAL_NOT_MATERIALIZABLE = "material_not_materializable"


# With no copy limit, more than this many copies of one card in a timeline earns a warning.
MANY_COPIES = 10
# difflib is linear in the size of the card index; past this many unknown names in one
# decklist, the rest get no suggestions so a list of gibberish cannot make validation slow.
MAX_SUGGESTION_LOOKUPS = 25

INDEX_RULE = "Card index › every card a decklist names must be in it"
COPIES_RULE = "Product decision › Copies per card: no Genesis rulebook sets a limit"
CHAMPION_CARDS_RULE = cite(CORE, "Champion Cards")
LOCK_AND_SHOW_RULE = cite(CORE, "Lock and Show")


class ViolationDict(TypedDict):
    code: str
    section: str
    cards: list[str]
    message: str
    rule: str
    suggestions: NotRequired[list[str]]


@dataclass(frozen=True)
class Violation:
    code: str
    section: Section
    cards: tuple[str, ...]
    message: str
    rule: str
    suggestions: tuple[str, ...] | None = None  # only for unknown_card

    def as_dict(self) -> ViolationDict:
        data: ViolationDict = {
            "code": str(self.code),
            "section": str(self.section),
            "cards": list(self.cards),
            "message": self.message,
            "rule": self.rule,
        }
        if self.suggestions is not None:
            data["suggestions"] = list(self.suggestions)
        return data


@dataclass(frozen=True)
class Totals:
    """Genesis's four totals, or (for other games) `counts`: (name, number) pairs such as
    ("main_cards", 60)."""

    timeline_cards: int = 0
    timeline_chi: int = 0
    forethoughts_cards: int = 0
    forethoughts_chi: int = 0
    counts: tuple[tuple[str, int], ...] = ()

    def as_dict(self) -> dict[str, int]:
        if self.counts:
            return dict(self.counts)
        return {
            "timeline_cards": self.timeline_cards,
            "timeline_chi": self.timeline_chi,
            "forethoughts_cards": self.forethoughts_cards,
            "forethoughts_chi": self.forethoughts_chi,
        }


@dataclass(frozen=True)
class Validation:
    errors: tuple[Violation, ...]
    warnings: tuple[Violation, ...]
    totals: Totals

    @property
    def legal(self) -> bool:
        return not self.errors

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(error.code for error in self.errors)

    # Any: callers read the violations and totals inside it.
    def as_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "errors": [error.as_dict() for error in self.errors],
            "warnings": [warning.as_dict() for warning in self.warnings],
            "totals": self.totals.as_dict(),
        }


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def plural_noun(word: str) -> str:
    """A card type's name in the plural: "Ally" → "Allies", "Summon" → "Summons"."""
    if word.endswith("y") and word[-2:-1].lower() not in ("a", "e", "i", "o", "u", ""):
        return word[:-1] + "ies"
    return word + "s"


def listing(names: Iterable[str], conjunction: str = "and") -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"


def _describe_champion(champion: Card) -> str:
    """E.g. Nubia (Axon; world Jaelara): the world is shown because it counts as an affiliation."""
    parts = ", ".join(sorted(champion.affiliations)) or "no affiliations"
    if champion.world:
        parts += f"; world {champion.world}"
    return f"{champion.name} ({parts})"


class NamedCard(Protocol):
    """What suggestions need of a card of any game (rules.core.cards.Card, game_cards.GameCard)."""

    @property
    def name(self) -> str: ...

    @property
    def is_champion(self) -> bool: ...


class Suggester:
    """Close names from the card index, for unknown_card. Built lazily: legal decks never pay."""

    def __init__(self, cards: Mapping[str, NamedCard]) -> None:
        self.cards = cards
        self.pools: dict[bool, list[str]] = {}
        self.lookups = 0

    def __call__(self, key: str, champions_only: bool = False) -> tuple[str, ...]:
        if self.lookups >= MAX_SUGGESTION_LOOKUPS:
            return ()
        self.lookups += 1
        if champions_only not in self.pools:
            self.pools[champions_only] = [
                k for k, card in self.cards.items() if not champions_only or card.is_champion
            ]
        matches = difflib.get_close_matches(key, self.pools[champions_only], n=3, cutoff=0.6)
        if not matches and champions_only:
            return self(key)
        return tuple(self.cards[match].name for match in matches)


def unknown_card(section: Section, name: str, suggestions: tuple[str, ...]) -> Violation:
    hint = f" Did you mean {listing(suggestions, 'or')}?" if suggestions else ""
    return Violation(
        Code.UNKNOWN_CARD,
        section,
        (name,),
        f"No card called {name!r} is in the card index.{hint}",
        INDEX_RULE,
        suggestions,
    )


def validate(
    decklist: Decklist, cards: Mapping[str, Card], fmt: Format = DEFAULT_FORMAT
) -> Validation:
    """Check `decklist` against `fmt`. `cards` maps name_key(name) to the card of that name."""
    errors: list[Violation] = []
    suggest = Suggester(cards)
    champion, champion_key = _check_champion(decklist.champion, cards, fmt, suggest, errors)

    tallies = {
        section: tally(decklist.entries(section))
        for section in (Section.TIMELINE, Section.FORETHOUGHTS)
    }
    timeline = _check_section(
        Section.TIMELINE, tallies[Section.TIMELINE], cards, fmt, champion, champion_key, suggest
    )
    forethoughts = _check_section(
        Section.FORETHOUGHTS,
        tallies[Section.FORETHOUGHTS],
        cards,
        fmt,
        champion,
        champion_key,
        suggest,
    )
    totals = Totals(timeline[0], timeline[1], forethoughts[0], forethoughts[1])

    if not fmt.size_is_legal(totals.timeline_cards):
        errors.append(
            Violation(
                Code.TIMELINE_SIZE,
                Section.TIMELINE,
                (),
                f"The timeline has {plural(totals.timeline_cards, 'card')}; {fmt.name} needs "
                f"{fmt.timeline_size_rule.words} {fmt.timeline_size}.",
                fmt.timeline_rule,
            )
        )
    if totals.timeline_chi > fmt.chi_cap:
        errors.append(
            Violation(
                Code.TIMELINE_CHI,
                Section.TIMELINE,
                (),
                f"The timeline's Chi adds up to {totals.timeline_chi}; {fmt.name} allows at most "
                f"{fmt.chi_cap}.",
                fmt.timeline_rule,
            )
        )
    errors.extend(timeline[2])
    # Core Rulebook 5.2, The Forethoughts Explained: forethoughts may hold any number of cards
    # up to 100 Chi in all, and count toward neither the timeline's 50 cards nor its 250 Chi.
    if totals.forethoughts_chi > fmt.forethoughts_chi_cap:
        errors.append(
            Violation(
                Code.FORETHOUGHTS_CHI,
                Section.FORETHOUGHTS,
                (),
                f"The forethoughts' Chi adds up to {totals.forethoughts_chi}; {fmt.name} allows "
                f"at most {fmt.forethoughts_chi_cap}.",
                fmt.forethoughts_rule,
            )
        )
    errors.extend(forethoughts[2])
    if fmt.copy_limit is not None:
        errors.extend(_check_copies(tallies, fmt))
    errors.extend(_check_subconscious(decklist, cards, champion_key, suggest))
    return Validation(tuple(errors), tuple(_warnings(tallies, fmt)), totals)


def _check_champion(
    name: str | None,
    cards: Mapping[str, Card],
    fmt: Format,
    suggest: Suggester,
    errors: list[Violation],
) -> tuple[Card | None, str | None]:
    """The champion card, if the decklist names a real one; its key, if it names anything."""
    if name is None or not name.strip():
        errors.append(
            Violation(
                Code.CHAMPION_MISSING,
                Section.CHAMPION,
                (),
                f"The decklist names no champion; {fmt.name} needs one champion card.",
                fmt.champion_rule,
            )
        )
        return None, None
    key = name_key(name)
    card = cards.get(key)
    if card is None:
        errors.append(unknown_card(Section.CHAMPION, name, suggest(key, champions_only=True)))
        return None, key
    if not card.is_champion:
        errors.append(
            Violation(
                Code.CHAMPION_NOT_CHAMPION,
                Section.CHAMPION,
                (card.name,),
                f"{card.name} is a {card.type} card, not a champion; {fmt.name} needs a champion "
                "card as the champion.",
                fmt.champion_rule,
            )
        )
        return None, key
    errors.extend(_check_format_lists(card, Section.CHAMPION, fmt))
    return card, key


def _check_section(
    section: Section,
    tally: dict[str, TallyRow],
    cards: Mapping[str, Card],
    fmt: Format,
    champion: Card | None,
    champion_key: str | None,
    suggest: Suggester,
) -> tuple[int, int, list[Violation]]:
    """Card count, Chi total and per-card violations of the timeline or the forethoughts."""
    errors: list[Violation] = []
    total_cards = total_chi = 0
    if section is Section.TIMELINE:
        where, cap, chi_rule, affiliation_rule = "timeline", fmt.chi_cap, fmt.timeline_rule, ""
    else:
        # The Forethoughts Explained: they must be "cards that would normally be able to fit
        # into your timeline", so the affiliation rule applies to them too.
        where, cap, chi_rule = "forethoughts", fmt.forethoughts_chi_cap, fmt.forethoughts_rule
        affiliation_rule = f"{fmt.forethoughts_rule}; "
    affiliation_rule += fmt.affiliation_rule

    for key, (name, count) in tally.items():
        total_cards += count
        card = cards.get(key)
        if card is None:
            errors.append(unknown_card(section, name, suggest(key)))
            continue
        if card.is_champion:
            # Core Rulebook 5.2, Champion Cards: a champion never goes to any zone but the
            # arena; Building a Standard Constructed Timeline: it is not one of the 50 cards.
            whose = "your champion" if key == champion_key else "a champion card"
            errors.append(
                Violation(
                    Code.CHAMPION_IN_DECK,
                    section,
                    (card.name,),
                    f"{card.name} is {whose}; champion cards cannot be in the {where}.",
                    CHAMPION_CARDS_RULE,
                )
            )
            continue
        if card.chi is None:
            errors.append(
                Violation(
                    Code.CARD_INCOMPLETE,
                    section,
                    (card.name,),
                    f"{card.name}'s Chi is not known (its source does not reveal it), so the "
                    f"{where} cannot be checked against its {cap}-Chi cap; it counts as 0 in the "
                    "totals.",
                    chi_rule,
                )
            )
        else:
            total_chi += count * card.chi
        if champion is not None:
            errors.extend(_check_affiliations(card, section, champion, fmt, affiliation_rule))
        errors.extend(_check_format_lists(card, section, fmt))
    return total_cards, total_chi, errors


def _check_affiliations(
    card: Card, section: Section, champion: Card, fmt: Format, rule: str
) -> list[Violation]:
    # Core Rulebook 5.2, F- Affiliations: cards "must match one or more of these symbols, and
    # cannot have any affiliations not present on the champion's card"; E- World Symbol: the
    # world "counts as part of the champion's affiliations" (Card.identity includes it). A card
    # that shares none gets only affiliation_none_shared: its message names the foreign ones.
    allowed = champion.identity
    own = card.identity
    if not own & allowed:
        held = f"({', '.join(sorted(own))})" if own else "(it has no affiliations)"
        return [
            Violation(
                Code.AFFILIATION_NONE_SHARED,
                section,
                (card.name,),
                f"{card.name} {held} shares no affiliation with {_describe_champion(champion)}.",
                rule,
            )
        ]
    foreign = sorted(own - allowed)
    if foreign and fmt.no_foreign_affiliations:
        word = "affiliation" if len(foreign) == 1 else "affiliations"
        return [
            Violation(
                Code.AFFILIATION_FOREIGN,
                section,
                (card.name,),
                f"{card.name} has the {word} {listing(foreign)}, which "
                f"{_describe_champion(champion)} lacks.",
                rule,
            )
        ]
    return []


def _check_format_lists(card: Card, section: Section, fmt: Format) -> list[Violation]:
    """The format's banned list and legal sets (both empty in the rulebook formats)."""
    errors = []
    if fmt.banned_cards and name_key(card.name) in fmt.banned_keys:
        errors.append(
            Violation(
                Code.BANNED,
                section,
                (card.name,),
                f"{card.name} is banned in {fmt.name}.",
                f"{fmt.name} › Banned cards",
            )
        )
    if fmt.legal_sets and card.set_code not in fmt.legal_sets:
        from_set = f"set {card.set_code}" if card.set_code else "no known set"
        errors.append(
            Violation(
                Code.SET_NOT_LEGAL,
                section,
                (card.name,),
                f"{card.name} is from {from_set}; {fmt.name} allows only cards from "
                f"{listing(sorted(fmt.legal_sets), 'or')}.",
                f"{fmt.name} › Legal sets",
            )
        )
    return errors


def _check_copies(tallies: dict[Section, dict[str, TallyRow]], fmt: Format) -> list[Violation]:
    # The limit counts the timeline and forethoughts together: lock and show can move every
    # forethought copy into the timeline. Subconscious copies are tokens and are not counted
    # (Core Rulebook 5.2, The Out of Game Zone (Subconscious)).
    limit = fmt.copy_limit or 0
    timeline, forethoughts = tallies[Section.TIMELINE], tallies[Section.FORETHOUGHTS]
    errors = []
    for key in dict.fromkeys([*timeline, *forethoughts]):
        name, in_timeline = timeline.get(key, (None, 0))
        other_name, in_forethoughts = forethoughts.get(key, (None, 0))
        if in_timeline + in_forethoughts <= limit:
            continue
        # The key comes from one of the two tallies, so one of them has the name as written.
        name = cast(str, name or other_name)
        if in_forethoughts and in_timeline:
            where = f"{in_timeline} in the timeline and {in_forethoughts} in the forethoughts"
        elif in_timeline:
            where = "in the timeline"
        else:
            where = "in the forethoughts"
        errors.append(
            Violation(
                Code.COPY_LIMIT,
                # Blame the forethoughts only when they are what takes the card over the limit.
                Section.TIMELINE if in_timeline > limit else Section.FORETHOUGHTS,
                (name,),
                f"There are {in_timeline + in_forethoughts} copies of {name} ({where}); "
                f"{fmt.name} allows at most {limit} of one card.",
                f"{fmt.name} › Copy limit",
            )
        )
    return errors


def _check_subconscious(
    decklist: Decklist, cards: Mapping[str, Card], champion_key: str | None, suggest: Suggester
) -> list[Violation]:
    # Shared decisions, "Subconscious cards": each must be in the card index; they are not
    # checked for affiliation and count toward no total. The Core Rulebook sets no other rule
    # for them, except that a champion card can never be put into the subconscious.
    errors = []
    for key, (name, _count) in tally(decklist.subconscious).items():
        card = cards.get(key)
        if card is None:
            errors.append(unknown_card(Section.SUBCONSCIOUS, name, suggest(key)))
        elif card.is_champion:
            whose = "your champion" if key == champion_key else "a champion card"
            errors.append(
                Violation(
                    Code.CHAMPION_IN_DECK,
                    Section.SUBCONSCIOUS,
                    (card.name,),
                    f"{card.name} is {whose}; champion cards cannot be in the subconscious.",
                    CHAMPION_CARDS_RULE,
                )
            )
    return errors


def _warnings(tallies: dict[Section, dict[str, TallyRow]], fmt: Format) -> list[Violation]:
    warnings = []
    if fmt.legacy:
        warnings.append(
            Violation(
                WarningCode.FORMAT_LEGACY,
                Section.TIMELINE,
                (),
                f"{fmt.name} follows an obsolete rulebook; official play uses "
                "Genesis Standard Constructed (Core Rulebook 5.2).",
                fmt.timeline_rule,
            )
        )
    if not tallies[Section.FORETHOUGHTS]:
        warnings.append(
            Violation(
                WarningCode.FORETHOUGHTS_EMPTY,
                Section.FORETHOUGHTS,
                (),
                "There are no forethoughts, so there is nothing to swap in during lock and show "
                "between games.",
                LOCK_AND_SHOW_RULE,
            )
        )
    if fmt.copy_limit is None:
        for name, count in tallies[Section.TIMELINE].values():
            if count > MANY_COPIES:
                warnings.append(
                    Violation(
                        WarningCode.MANY_COPIES,
                        Section.TIMELINE,
                        (name,),
                        f"The timeline has {count} copies of {name}. That is legal (no Genesis "
                        "rulebook limits copies), but check the count.",
                        COPIES_RULE,
                    )
                )
    return warnings


@dataclass(frozen=True)
class Legality:
    """Whether a card may be in some timeline of a format, and why (or why not)."""

    legal: bool
    reason: str
    rule: str


def legality(card: Card, fmt: Format = DEFAULT_FORMAT) -> Legality:
    """Whether `card` can be played in `fmt` at all, for the card's page: its Chi known, not
    banned, in a legal set, and (for a timeline card) an affiliation a champion can share. Which
    champions may hold it is the affiliation rule's part (Core Rulebook 5.2, F- Affiliations)."""
    if fmt.banned_cards and name_key(card.name) in fmt.banned_keys:
        return Legality(False, f"It is banned in {fmt.name}.", fmt.timeline_rule)
    if fmt.legal_sets and card.set_code not in fmt.legal_sets:
        return Legality(
            False,
            f"Its set ({card.set_code}) is not one of {fmt.name}'s legal sets.",
            fmt.timeline_rule,
        )
    if card.is_champion:
        if card.hp is None or card.aura is None:
            return Legality(
                False, "Its stats are not revealed, so it cannot lead a game.", fmt.champion_rule
            )
        return Legality(True, "It leads a timeline as its champion.", fmt.champion_rule)
    if card.chi is None:
        return Legality(
            False,
            "Its Chi is not revealed, so no timeline can count it against the Chi cap.",
            fmt.timeline_rule,
        )
    if not card.affiliations:
        return Legality(
            False,
            "It has no affiliation, and a timeline's cards must share one with the champion.",
            fmt.affiliation_rule,
        )
    names = listing(sorted(card.affiliations), "and" if fmt.no_foreign_affiliations else "or")
    whose = (
        f"a champion whose affiliations (its world counts) include {names}"
        if fmt.no_foreign_affiliations
        else f"a champion with {names} among its affiliations (its world counts)"
    )
    return Legality(True, f"In the timeline or forethoughts of {whose}.", fmt.affiliation_rule)
