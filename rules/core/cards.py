"""Cards as plain values: the shape the validator, the match protocol and the engine share.

Core Rulebook 5.2, Card Types / The Anatomy of a Champion Card / Anatomy of Abilities.
"""

import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any, NotRequired, TypedDict, cast

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


# --- what an ability does, as data (card format version 2, docs/card-format.md) ---------------
# The engine executes these fields and reads no card text. Each tuple lists every allowed value.

# When a trigger or immediate ability happens. "own_turn_*" is the turn of the permanent the
# ability is on (for a skill: of the combatant it is attached to); "turn_*" is every turn.
TRIGGER_EVENTS = (
    "enters_arena",
    "round_begins",
    "round_ends",
    "round_ends_after_entering",
    "turn_begins",
    "turn_ends",
    "own_turn_begins",
    "own_turn_ends",
    "summon_dies",
)
# What a targeted ability may target (Glossary: Target, Allies, Enemy, Combatant, Permanent).
TARGET_KINDS = (
    "permanent",
    "combatant",
    "champion",
    "summon",
    "ally",
    "ally_summon",
    "enemy",
    "enemy_champion",
    "enemy_summon",
    "you_or_combatant",
    "combatant_or_alteration",
    "ability",
)
# Where targets and spots are chosen from, measured from the card or permanent using it.
REACHES = ("awareness", "adjacent", "around", "arena")
# How long a granted keyword or ailment lasts. "until_removed" is the rulebook's default (Glossary:
# Gain(s); Adding and Removing Ailments and Keyword Abilities).
DURATIONS = ("turn", "round", "until_removed")
# Whom a continuous ability reaches: the permanent itself, the combatant a skill is attached to,
# or (alterations) combatants on, adjacent to or around its spot.
SCOPES = ("self", "bearer", "spot", "adjacent", "around")
# Which way a permanent placed from the thoughts faces: its champion's way, or the player's choice
# (Placing from the Thoughts: "the player may choose the orientation" when none is stated).
FACINGS = ("champion", "choice")
# Effects that follow the keyword effects of an ability ("..., then is destroyed"), in order:
# the permanent is destroyed or loses N HP; N counters are put on or removed from the card
# ("then put a counter on this summon"); a permanent rotates (Navigating the Arena, Rotation as
# a Part of an Ability); the targeted ability on the stack is copied (Using the Stack, Copying
# an Ability from a Champion / from a Summon).
FOLLOW_UPS = ("destroy_self", "lose_hp", "add_counter", "remove_counter", "rotate", "copy")
# Who a rotation turns: the one using the ability, or its target.
ROTATES = ("self", "target")
# Which way: a quarter turn right or left, a half turn, or the rotating player's choice of left
# or right (Rotation as a Part of an Ability: "If the ability causing rotation does not dictate
# which direction ... whichever player is doing the rotating ... chooses").
TURNS = ("right", "left", "around", "choice")


@dataclass(frozen=True)
class FollowUp:
    effect: str
    value: int = 0
    # rotate only: who turns and which way (ROTATES, TURNS).
    who: str = "self"
    turn: str = "choice"

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {"effect": self.effect}
        if self.value:
            data["value"] = self.value
        if self.effect == "rotate":
            data["who"], data["turn"] = self.who, self.turn
        return data


# Conditions an ability states ("if", "while"): what each `test` reads. Core Rulebook 5.2,
# Anatomy of Abilities (an ability's text states what it needs); the tests are those the cards
# use: counters held (Glossary: Count, Break), a summon killed this round (Glossary: Resurrect
# Beckon), the target's kind (a card type, or an ability's speed) and position on the stack
# (Glossary: Modify Stack [X]), and HP (Glossary: Desperation).
CONDITION_TESTS = (
    "counters",
    "summon_killed_this_round",
    "target_kind",
    "stack_position",
    "hp",
    "controller",
)
# The tests that read the ability's target: its kind, its place on the stack, who controls it.
TARGET_TESTS = frozenset({"target_kind", "stack_position", "controller"})
# Whose HP: the one using the ability, its target, or its champion.
CONDITION_WHO = ("self", "target", "champion")
# What `target_kind` may name: a card type, or the speed of an ability on the stack, or the kind
# of ability it is (Key Words: Attack Abilities; Resistance, "cast abilities").
CONDITION_KINDS = (
    "champion",
    "spell",
    "technique",
    "summon",
    "alteration",
    "enchantment",
    "action",
    "swift",
    "trigger",
    "immediate",
    "attack",
    "cast",
)
# Who controls a targeted ability on the stack (`controller`): the ability's player, or an
# opponent ("negate target ability an opponent controls").
CONTROLLERS = ("you", "opponent")
# The kinds of ability the glossary names, among CONDITION_KINDS.
ATTACK_ABILITY, CAST_ABILITY = CONDITION_KINDS[-2:]


@dataclass(frozen=True)
class Condition:
    """One condition of an ability: it is played (a trigger: it happens) and resolves only while
    the condition holds. `at_least`/`at_most` bound a number (counters, HP, stack position)."""

    test: str
    who: str = "self"
    at_least: int | None = None
    at_most: int | None = None
    kind: str | None = None

    @property
    def reads_target(self) -> bool:
        """Whether it reads the ability's target (so an ability with none can never meet it)."""
        return self.test in TARGET_TESTS or (self.test == "hp" and self.who == "target")

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {"test": self.test}
        if self.test == "hp":
            data["who"] = self.who
        for name in ("at_least", "at_most", "kind"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Condition":
        return cls(
            test=data["test"],
            who=data.get("who", "self"),
            at_least=data.get("at_least"),
            at_most=data.get("at_most"),
            kind=data.get("kind"),
        )


@dataclass(frozen=True)
class Death:
    """A `summon_dies` trigger's death, when not every death (Glossary: Count, "whenever the
    specified condition is met"): `whose` summon, "ally" or "enemy" (Glossary: Allies, Enemy);
    `where` it stood, "awareness", "adjacent" or "around", measured from the permanent with the
    trigger; `killed`, that it was killed rather than only died (Glossary: Kill(ed); Died/Dies:
    a sacrificed summon dies but is not killed)."""

    whose: str | None = None
    where: str | None = None
    killed: bool = False

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {}
        if self.whose is not None:
            data["whose"] = self.whose
        if self.where is not None:
            data["where"] = self.where
        if self.killed:
            data["killed"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Death":
        return cls(data.get("whose"), data.get("where"), bool(data.get("killed", False)))


@dataclass(frozen=True)
class Ability:
    """One printed ability: its speed, name (parsed into keyword terms), cost and text, and the
    facts the engine executes (card format version 2). `text` is for people only."""

    speed: Speed
    name: str
    terms: tuple[KeywordTerm, ...] = ()
    cost: Cost = Cost()
    text: str = ""
    trigger: str | None = None
    target: str | None = None
    reach: str | None = None
    each: bool = False
    duration: str | None = None
    scope: str | None = None
    optional: bool = False
    then: tuple[FollowUp, ...] = ()
    facing: str | None = None
    desperation: int | None = None
    # Elemental Selection: the elements the player may choose from.
    elements: tuple[str, ...] = ()
    # Break: how many counters must be on the card for it to happen.
    break_at: int | None = None
    # Modify and Modify Stack [X]: the ability of this card it alters (its position on the card)
    # and what it adds to that ability's [X] values.
    modifies: int | None = None
    adds: int = 0
    # Conditions it is played (or happens) and resolves under (all must hold).
    conditions: tuple[Condition, ...] = ()
    # Decoy: the switch is between whoever uses the ability and its one target ("You and target
    # ally switch spots"), not between two targets.
    includes_user: bool = False
    # A `summon_dies` trigger that happens for some deaths only (Death).
    dies: Death | None = None

    def facts(self) -> dict[str, object]:
        """The version-2 fields this ability sets, as JSON values (the database stores these)."""
        data: dict[str, object] = {}
        for name in FACT_FIELDS:
            value = getattr(self, name)
            if value is None or value is False or value == () or (name == "adds" and not value):
                continue  # unset (an ability index of 0 is set)
            if name == "then":
                value = [f.as_json() for f in self.then]
            elif name == "conditions":
                value = [c.as_json() for c in self.conditions]
            elif name == "elements":
                value = list(self.elements)
            elif name == "dies":
                value = self.dies.as_json()  # type: ignore[union-attr]
            data[name] = value
        return data

    @staticmethod
    def facts_from_json(data: dict[str, object]) -> dict[str, object]:
        """Keyword arguments for Ability from `facts()` output (or a card file's fields)."""
        out: dict[str, object] = {}
        for name in FACT_FIELDS:
            if name not in data:
                continue
            value = data[name]
            if name == "then":
                steps = cast("list[dict[str, Any]]", value)
                value = tuple(
                    FollowUp(
                        s["effect"],
                        int(s.get("value", 0)),
                        s.get("who", "self"),
                        s.get("turn", "choice"),
                    )
                    for s in steps
                )
            elif name == "conditions":
                tests = cast("list[dict[str, Any]]", value)
                value = tuple(Condition.from_json(c) for c in tests)
            elif name == "elements":
                value = tuple(cast("list[str]", value))
            elif name == "dies":
                value = Death.from_json(cast("dict[str, Any]", value))
            out[name] = value
        return out


FACT_FIELDS = (
    "trigger",
    "target",
    "reach",
    "each",
    "duration",
    "scope",
    "optional",
    "then",
    "facing",
    "desperation",
    "elements",
    "break_at",
    "modifies",
    "adds",
    "conditions",
    "includes_user",
    "dies",
)


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
    # Core Rulebook 5.2, Line of Sight: it stops on a permanent that "blocks line of sight".
    blocks_line_of_sight: bool = False

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
