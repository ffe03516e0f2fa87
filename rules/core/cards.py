"""Cards as plain values: the shape the validator, the match protocol and the engine share.

Core Rulebook 5.2, Card Types / The Anatomy of a Champion Card / Anatomy of Abilities.
"""

import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import NotRequired, TypedDict

from .awareness import Awareness


@lru_cache(maxsize=8192)
def name_key(name: str) -> str:
    """The form card names are matched in (decklists, imports): NFKC-normalised, case-folded,
    whitespace collapsed. "  phyr   CUB " and "Phyr Cub" are the same card."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


class CardType(StrEnum):
    CHAMPION = "champion"
    SPELL = "spell"
    TECHNIQUE = "technique"
    SUMMON = "summon"
    ALTERATION = "alteration"
    ENCHANTMENT = "enchantment"


NON_CHAMPION_TYPES = tuple(t for t in CardType if t is not CardType.CHAMPION)
# Core Rulebook 5.2, Permanents in the Arena: champions, summons and alterations stay in the arena.
PERMANENT_TYPES = frozenset({CardType.CHAMPION, CardType.SUMMON, CardType.ALTERATION})


class Speed(StrEnum):
    """Core Rulebook 5.2, Speeds of Abilities: two active speeds, three passive ones."""

    ACTION = "action"
    SWIFT = "swift"
    IMMEDIATE = "immediate"
    TRIGGER = "trigger"
    CONTINUOUS = "continuous"


COST_KINDS = ("aura", "energy", "hp", "exert", "discard")


@dataclass(frozen=True)
class Cost:
    """Core Rulebook 5.2, The Costs of Abilities: any combination of the five kinds."""

    aura: int = 0
    energy: int = 0
    hp: int = 0
    exert: bool = False
    discard: int = 0

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(kind for kind in COST_KINDS if getattr(self, kind))

    def __str__(self) -> str:
        parts = [
            f"{getattr(self, k)} {label}"
            for k, label in (
                ("aura", "Aura"),
                ("energy", "Energy"),
                ("hp", "HP"),
                ("discard", "Discard"),
            )
            if getattr(self, k)
        ]
        if self.exert:
            parts.append("Exert")
        return " + ".join(parts) or "Free"


class KeywordTermJson(TypedDict):
    """A KeywordTerm as stored (KeywordTerm.as_dict): only the parts it has."""

    keyword: str
    attributes: NotRequired[list[str]]
    value: NotRequired[int]
    values: NotRequired[list[int]]
    specific: NotRequired[str]


@dataclass(frozen=True)
class KeywordTerm:
    """One keyword of an ability name, with its parameters made machine-readable.

    "Area Range Attack [4]" is one term: keyword "attack", attributes ("area", "range"), value 4.
    "Weakness [Electric]" is keyword "weakness" with specific "electric".
    """

    keyword: str
    value: int | None = None
    values: tuple[int, ...] = ()
    specific: str | None = None
    attributes: tuple[str, ...] = ()

    def as_dict(self) -> KeywordTermJson:
        data: KeywordTermJson = {"keyword": self.keyword}
        if self.attributes:
            data["attributes"] = list(self.attributes)
        if self.value is not None:
            data["value"] = self.value
        if len(self.values) > 1:
            data["values"] = list(self.values)
        if self.specific is not None:
            data["specific"] = self.specific
        return data

    @classmethod
    def from_dict(cls, data: KeywordTermJson) -> "KeywordTerm":
        value = data.get("value")
        return cls(
            keyword=data["keyword"],
            value=value,
            values=tuple(data.get("values", () if value is None else (value,))),
            specific=data.get("specific"),
            attributes=tuple(data.get("attributes", ())),
        )

    @property
    def index_slugs(self) -> tuple[str, ...]:
        """Names this term is found under by `kw:` searches: "attack", "range_attack", ..."""
        if self.keyword == "attack":
            return ("attack", *(f"{attribute}_attack" for attribute in self.attributes))
        return (self.keyword,)


@dataclass(frozen=True)
class Ability:
    speed: Speed
    name: str
    terms: tuple[KeywordTerm, ...] = ()
    cost: Cost = Cost()
    text: str = ""


@dataclass(frozen=True)
class Card:
    """A card as printed. Champions carry HP/Aura/Energy Reduction/world; others carry Chi."""

    name: str
    type: CardType
    affiliations: frozenset[str]
    chi: int | None = None
    hp: int | None = None
    aura: int | None = None
    energy_reduction: int | None = None
    world: str | None = None
    awareness: Awareness | None = None
    abilities: tuple[Ability, ...] = ()
    set_code: str = ""
    occupies_spot: bool = True
    text: str = ""
    source: str = "demo"

    @property
    def is_champion(self) -> bool:
        return self.type is CardType.CHAMPION

    @property
    def identity(self) -> frozenset[str]:
        """What a timeline may draw on: Core Rulebook 5.2, Anatomy E: the world counts as an
        affiliation of the champion."""
        return self.affiliations | ({self.world} if self.world else frozenset())

    @property
    def keywords(self) -> frozenset[str]:
        return frozenset(slug for a in self.abilities for t in a.terms for slug in t.index_slugs)


@dataclass(frozen=True)
class CardSet:
    code: str
    name: str
    cards: tuple[Card, ...] = field(default_factory=tuple)
