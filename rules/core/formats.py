"""Formats as data: the numbers and rules a decklist is validated against, for every game.

Every format belongs to a game (rules.core.games) and its slug is namespaced by it. It carries the
match settings events take from it (best of N, sideboarding between games, who chooses to go
first, and where those settings come from) and whether it is limited (sealed or draft: the deck
comes from the player's pool).

A Genesis format says how big a timeline is, how much Chi it and the forethoughts may hold, how
strict the affiliation rule is, and (for custom events) which sets are legal, which cards are
banned and how many copies of one card are allowed; `rules.core.timeline.validate` applies it.
Grand Archive and Titans of Eden formats carry their deck rules in `deck_rules`
(`GrandArchiveRules`, `TitansRules`), applied by `rules.core.grand_archive` and
`rules.core.titans_of_eden`; `rules.core.validation.validate` dispatches by the format's game.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType

from .decklist import name_key
from .games import GENESIS, GRAND_ARCHIVE, TITANS_OF_EDEN

CORE = "Core Rulebook 5.2"
ORIGINS = "Origins Rule Book"
GA = GRAND_ARCHIVE.rulebook
TOE = TITANS_OF_EDEN.rulebook


def cite(rulebook: str, section: str) -> str:
    """How a violation names the rule it enforces: "Core Rulebook 5.2 › The Forethoughts …"."""
    return f"{rulebook} › {section}"


class SizeRule(StrEnum):
    """Whether the timeline size is an exact number or a minimum."""

    EXACTLY = "exactly"
    AT_LEAST = "at_least"

    @property
    def words(self) -> str:
        return "exactly" if self is SizeRule.EXACTLY else "at least"


class FirstPlayer(StrEnum):
    """Who chooses (or is) the first player in each game of a match."""

    # Genesis (decisions.md, Leading player in game 1): a random winner chooses in game 1; in
    # later games the loser of the previous game chooses.
    RANDOM_THEN_LOSER = "random-then-loser"
    # Decided at random before every game (Grand Archive Comprehensive Rules L105: "any random
    # method that all players agree to"; Titans of Eden: the Avatar Mat goes to a random player).
    RANDOM = "random"

    @property
    def words(self) -> str:
        if self is FirstPlayer.RANDOM_THEN_LOSER:
            return "a random player chooses in game 1; the loser of the previous game chooses after"
        return "decided at random before every game"


@dataclass(frozen=True)
class GrandArchiveRules:
    """Grand Archive deck rules (Grand Archive Comprehensive Rules L226-234, L413-414, L481-482).

    `material_unique` is the constructed rule of one copy per name in the material deck (L228,
    L482); regalia are one copy each in every format (L414). `sideboard_cards`/`sideboard_points`
    None mean the sideboard is the rest of the pool (limited formats, L234).
    """

    main_min: int
    material_max: int
    material_unique: bool
    sideboard_cards: int | None
    sideboard_points: int | None
    main_rule: str
    material_rule: str
    sideboard_rule: str


@dataclass(frozen=True)
class TitansRules:
    """Titans of Eden Constructed (Titans of Eden Rulebook › Official Rules, L412): a spellbook of
    exactly `spellbook_size` cards, each of one of `elements`; no limit by species."""

    spellbook_size: int = 32
    elements: frozenset[str] = frozenset({"storm", "fire", "ice", "rock"})
    rule: str = ""


class UnknownFormatError(LookupError):
    """Raised by `get_format` for a slug no format has."""


@dataclass(frozen=True)
class Format:
    """The rules a timeline is built to. Every number is a setting, so events can differ.

    `copy_limit` None means no limit: no Genesis rulebook sets one
    (Product decision › Copies per card). Empty `legal_sets` means every set is legal; `banned_cards` holds card names.
    """

    name: str
    slug: str
    game: str = GENESIS.slug
    timeline_size: int = 50
    timeline_size_rule: SizeRule = SizeRule.EXACTLY
    chi_cap: int = 250
    forethoughts_chi_cap: int = 100
    copy_limit: int | None = None
    legal_sets: frozenset[str] = frozenset()
    banned_cards: frozenset[str] = frozenset()
    # Core Rulebook 5.2, F- Affiliations: every affiliation of a card must also be one of the
    # champion's. The Origins rule book only asks for one shared affiliation.
    no_foreign_affiliations: bool = True
    legacy: bool = False
    description: str = ""
    # Match settings, which events take from their format (an organizer may change them where
    # the game's rules are silent). `settings_source` cites them, or says that no source has them.
    best_of: int = 3
    sideboarding: bool = True
    first_player: FirstPlayer = FirstPlayer.RANDOM_THEN_LOSER
    settings_source: str = (
        "Core Rulebook 5.2 › Lock and Show (best of three, forethought swaps); "
        "Product decision › Who leads"
    )
    # Sealed and draft: the deck must come from the player's recorded pool.
    limited: bool = False
    # The deck rules of a game other than Genesis (None for Genesis formats).
    deck_rules: GrandArchiveRules | TitansRules | None = None
    # Citations carried by violations, so a legacy format cites the rulebook it follows.
    champion_rule: str = cite(CORE, "Champion Cards")
    timeline_rule: str = cite(CORE, "Building a Standard Constructed Timeline")
    affiliation_rule: str = cite(CORE, "F- Affiliations and E- World Symbol")
    forethoughts_rule: str = cite(CORE, "The Forethoughts Explained")

    def __post_init__(self) -> None:
        # Accept any iterable of names or set codes, but store them as frozensets so the format
        # stays hashable and cannot change under a running validation.
        for name in ("legal_sets", "banned_cards"):
            value: Iterable[str] = getattr(self, name)
            if not isinstance(value, frozenset):
                object.__setattr__(self, name, frozenset(value))
        # Settings read from a database or a form arrive as plain strings.
        object.__setattr__(self, "timeline_size_rule", SizeRule(self.timeline_size_rule))
        object.__setattr__(self, "first_player", FirstPlayer(self.first_player))
        if self.best_of < 1 or self.best_of % 2 == 0:
            raise ValueError(f"best_of must be an odd number of games, not {self.best_of}")
        if self.copy_limit is not None and self.copy_limit < 1:
            raise ValueError(f"copy_limit must be at least 1 or None, not {self.copy_limit}")

    @cached_property
    def banned_keys(self) -> frozenset[str]:
        """Banned names compared the way decklists are matched: case and spacing ignored."""
        return frozenset(name_key(name) for name in self.banned_cards)

    def size_is_legal(self, cards: int) -> bool:
        if self.timeline_size_rule is SizeRule.EXACTLY:
            return cards == self.timeline_size
        return cards >= self.timeline_size


GENESIS_STANDARD = Format(
    name="Genesis Standard Constructed",
    slug="genesis-standard",
    description=(
        "Core Rulebook 5.2: one champion; a timeline of exactly 50 cards with at most 250 Chi; "
        "forethoughts of at most 100 Chi; every card shares an affiliation with the champion "
        "and has none the champion lacks."
    ),
)

# Shared decisions, "Older rulebooks": the Origins rule book's deck rules may be offered as a
# clearly labelled legacy format, never the default. That book has no forethoughts; this format
# keeps Core Rulebook 5.2's 100-Chi forethoughts so the best-of-three lock and show still works.
GENESIS_ORIGINS_LEGACY = Format(
    name="Genesis Origins (legacy)",
    slug="genesis-origins-legacy",
    timeline_size_rule=SizeRule.AT_LEAST,
    no_foreign_affiliations=False,
    legacy=True,
    description=(
        "Legacy, from the obsolete Origins rule book: at least 50 cards with at most 250 Chi; "
        "every card shares at least one affiliation with the champion. Not for official play."
    ),
    champion_rule=cite(ORIGINS, "Creating a deck"),
    timeline_rule=cite(ORIGINS, "Creating a deck"),
    affiliation_rule=cite(ORIGINS, "Creating a deck"),
)

# Grand Archive's tournament rules (match structure, sideboarding) are in a separate document
# the sources lack (Grand Archive Comprehensive Rules L238); docs/grand-archive.md.
GA_SETTINGS_SOURCE = (
    "Missing: Grand Archive's tournament rules document is not among the sources "
    f"({GA} L238 leaves match structure and sideboarding to it); default best of three with "
    f"sideboarding, first player at random ({GA} L105). The organizer may change them."
)
# The seed lost its headings, so its rules are cited by topic and seed line; the lookup links a
# citation by line to the section holding that line (rules.core.citations.cited_line).
_GA_CONSTRUCTED = "Format Conventions, Standard Constructed"
_GA_DRAFT = "Format Conventions, Standard Draft"

GRAND_ARCHIVE_STANDARD = Format(
    name="Grand Archive Standard Constructed",
    slug="grand-archive-standard",
    game=GRAND_ARCHIVE.slug,
    copy_limit=4,  # L227: at most four copies of a card with the same name in the main deck
    description=(
        "A main deck of at least 60 cards with at most 4 copies of a name; a material deck of at "
        "most 12 cards, one of each, with a level-0 champion; champions and regalia only in the "
        "material deck; a sideboard of at most 15 cards and 15 points (champions and regalia 3)."
    ),
    first_player=FirstPlayer.RANDOM,
    settings_source=GA_SETTINGS_SOURCE,
    deck_rules=GrandArchiveRules(
        main_min=60,
        material_max=12,
        material_unique=True,
        sideboard_cards=15,
        sideboard_points=15,
        main_rule=cite(GA, f"{_GA_CONSTRUCTED} (L227)"),
        material_rule=cite(GA, f"{_GA_CONSTRUCTED} (L228-229, L481-482)"),
        sideboard_rule=cite(GA, f"{_GA_CONSTRUCTED} (L230)"),
    ),
)

# L232: "Maximum limits on copies of cards are draft format-specific": no limit unless an event
# sets one (deck_validate's copy_limit). L233 "limited to a deck size of 10" is read as at most
# 10 (docs/grand-archive.md, Decisions).
_GA_LIMITED_RULES = GrandArchiveRules(
    main_min=30,
    material_max=10,
    material_unique=False,  # L482 asks for unique material cards in constructed formats only
    sideboard_cards=None,
    sideboard_points=None,
    main_rule=cite(GA, f"{_GA_DRAFT} (L232)"),
    material_rule=cite(GA, f"{_GA_DRAFT} (L233)"),
    sideboard_rule=cite(GA, f"{_GA_DRAFT} (L234)"),
)

GRAND_ARCHIVE_DRAFT = Format(
    name="Grand Archive Standard Draft",
    slug="grand-archive-draft",
    game=GRAND_ARCHIVE.slug,
    description=(
        "From the drafted pool: a main deck of at least 30 cards; a material deck of at most 10 "
        "cards with a level-0 champion; the sideboard is the rest of the pool."
    ),
    first_player=FirstPlayer.RANDOM,
    settings_source=GA_SETTINGS_SOURCE,
    limited=True,
    deck_rules=_GA_LIMITED_RULES,
)

# The comprehensive rules define no sealed format; sealed uses the draft conventions, the only
# limited ones they give (L231-234). docs/grand-archive.md, Decisions.
GRAND_ARCHIVE_SEALED = Format(
    name="Grand Archive Sealed",
    slug="grand-archive-sealed",
    game=GRAND_ARCHIVE.slug,
    description=(
        "From the opened pool, with the draft conventions (the rules define no sealed format): "
        "a main deck of at least 30 cards; a material deck of at most 10 cards with a level-0 "
        "champion; the sideboard is the rest of the pool."
    ),
    first_player=FirstPlayer.RANDOM,
    settings_source=GA_SETTINGS_SOURCE,
    limited=True,
    deck_rules=_GA_LIMITED_RULES,
)

TITANS_OF_EDEN_CONSTRUCTED = Format(
    name="Titans of Eden Constructed",
    slug="titans-of-eden-constructed",
    game=TITANS_OF_EDEN.slug,
    description=(
        "A secret spellbook of exactly 32 storm, fire, ice and rock cards; no limit by species. "
        "Copy limits are an event setting, off by default."
    ),
    # The rulebook defines no match structure: one game, no sideboard, the Avatar Mat (the
    # first player) to a random player or team (Titans of Eden Rulebook › Setup).
    best_of=1,
    sideboarding=False,
    first_player=FirstPlayer.RANDOM,
    settings_source=(
        f"Missing: the {TOE} defines no match structure; default one game, no sideboard, the "
        "Avatar Mat to a random player or team. The organizer may change them."
    ),
    deck_rules=TitansRules(rule=f"{TOE} › Constructed Format, Official Rules (L412)"),
)

DEFAULT_FORMAT = GENESIS_STANDARD

FORMATS: Mapping[str, Format] = MappingProxyType(
    {
        fmt.slug: fmt
        for fmt in (
            GENESIS_STANDARD,
            GENESIS_ORIGINS_LEGACY,
            GRAND_ARCHIVE_STANDARD,
            GRAND_ARCHIVE_DRAFT,
            GRAND_ARCHIVE_SEALED,
            TITANS_OF_EDEN_CONSTRUCTED,
        )
    }
)


def formats_of(game: str) -> tuple[Format, ...]:
    """The formats of one game, in the order FORMATS lists them."""
    return tuple(fmt for fmt in FORMATS.values() if fmt.game == game)


def get_format(slug: str) -> Format:
    """The format with this slug; `UnknownFormatError` (a LookupError) names the known ones."""
    try:
        return FORMATS[slug]
    except (KeyError, TypeError):
        known = ", ".join(sorted(FORMATS))
        raise UnknownFormatError(
            f"No format is called {slug!r}; the formats are: {known}."
        ) from None
