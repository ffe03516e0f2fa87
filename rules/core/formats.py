"""Timeline formats as data: the numbers and rules a decklist is validated against.

A format says how big a timeline is, how much Chi it and the forethoughts may hold, how strict
the affiliation rule is, and (for custom events) which sets are legal, which cards are banned
and how many copies of one card are allowed. `rules.core.timeline.validate` applies it.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType

from .decklist import name_key

CORE = "Core Rulebook 5.2"
ORIGINS = "Origins Rule Book"


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
    game: str = "genesis"
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

DEFAULT_FORMAT = GENESIS_STANDARD

FORMATS: Mapping[str, Format] = MappingProxyType(
    {fmt.slug: fmt for fmt in (GENESIS_STANDARD, GENESIS_ORIGINS_LEGACY)}
)


def get_format(slug: str) -> Format:
    """The format with this slug; `UnknownFormatError` (a LookupError) names the known ones."""
    try:
        return FORMATS[slug]
    except (KeyError, TypeError):
        known = ", ".join(sorted(FORMATS))
        raise UnknownFormatError(
            f"No format is called {slug!r}; the formats are: {known}."
        ) from None
