"""The engine's keyword registry: how card data becomes something the engine can run.

Every ability of a card is compiled once into an `AbilitySpec` from its speed, cost, parsed
keyword terms (rules.core.cards.KeywordTerm) and the facts card format version 2 states as fields
(docs/card-format.md): when a trigger happens, what it targets and from where, how long a grant
lasts, whom a continuous ability reaches. The engine reads no card text, and there is no per-card
code.

A keyword outside `SUPPORTED`, or a fact an ability needs and does not state, is a *problem*:
`check_playable` reports it in plain English, and the engine refuses a deck with such a card
before any game starts (it never silently ignores an ability).
"""

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TypedDict

from mypy_extensions import mypyc_attr

from rules.core.awareness import Awareness
from rules.core.cards import TARGET_KINDS, Ability, Card, CardType, Condition, Cost, Speed
from rules.core.keywords import ELEMENTS, KEYWORDS

from .arena import pattern_key
from .damage import Modifier

_ELEMENTS = frozenset(ELEMENTS)

# Keywords that are a lasting property of a permanent (printed as Continuous, attached by a
# skill, granted for a while, or given as an ailment).
MODIFIER_KEYWORDS = frozenset(
    {
        "aerial",
        "counter_attack",
        "dash",
        "decay",
        "defense",
        "elemental_weakness",
        "fear",
        "flight",
        "grounded",
        "indirect_immunity",
        "pacify",
        "pinned",
        "resistance",
        "spectral",
        "stun",
        "tiny",
        "weakness",
    }
)
# Ailments and similar states that an active ability puts on its target.
AILMENT_KEYWORDS = frozenset({"decay", "grounded", "pacify", "pinned", "stun", "weakness"})
# Keywords that only qualify the ability they are in.
# (Elemental Selection: the attack's element is chosen; Break: the ability waits for counters;
# Modify and Modify Stack [X]: they alter another ability of the card.)
QUALIFIERS = frozenset(
    {
        "quick",
        "chain",
        "cast",
        "execute",
        "line_of_sight",
        "elemental_selection",
        "break",
        "modify",
        "modify_stack",
    }
)
# Keywords that are effects.
EFFECT_KEYWORDS = frozenset(
    {
        "attack",
        "beckon",
        "blitz",
        "build",
        "champion_curse",
        "create",
        "cure",
        "curse",
        "draw",
        "enchant",
        "fatigue",
        "heal",
        "hop",
        "move",
        "paralyze",
        "push",
        "trap",
        "brand",
        "count",
        "death_touch",
        "decoy",
        "decoy_summon",
        "madness",
        "negate",
        "replicate",
        "resurrect_beckon",
        "sacrifice",
        "toss",
        "warp",
    }
)
# Breakthrough is deprecated and read as Draw (Glossary: Breakthrough); the parser names it so.
SUPPORTED = MODIFIER_KEYWORDS | QUALIFIERS | EFFECT_KEYWORDS | {"breakthrough"}

PLACE_FROM_THOUGHTS = frozenset({"beckon", "resurrect_beckon", "build", "create", "trap"})
# Glossary: Brand, "a specific ailment": those that take no [X] or [Specific] of their own.
BRANDS = frozenset({"decay", "grounded", "pacify", "pinned", "stun"})
ATTACH = frozenset({"enchant", "curse", "champion_curse"})


def supported_keywords() -> frozenset[str]:
    """The keyword slugs (rules.core.keywords.GLOSSARY) this engine implements."""
    return SUPPORTED


@dataclass(frozen=True)
class Op:
    """One step of an ability's effect.

    `who` says what it acts on: "target" (the declared target or targets), "self" (the
    permanent or champion using the ability), "area" (everything in the awareness),
    "area_combatants", "bearer" (the combatant a skill is attached to) or "controller" (the
    player).
    """

    kind: str
    who: str = "target"
    value: int = 0
    values: tuple[int, ...] = ()
    keyword: str = ""
    specific: str | None = None
    duration: str | None = None  # "turn", "round", or None: until removed


@dataclass(frozen=True)
class AbilitySpec:
    """An ability as the engine runs it.

    `origin`: "thoughts" (played by the champion from the thoughts), "permanent" (played by the
    combatant it is printed on) or "passive". `reach`: where targets and areas are measured
    from: "card" (the card's own awareness, from the champion playing it), "own" (the
    permanent's awareness), "adjacent", "arena", "self_spot" or "none".
    """

    card_name: str
    index: int
    name: str
    speed: Speed
    cost: Cost
    origin: str
    reach: str
    target: str | None = None
    targets: int = 0
    effects: tuple[Op, ...] = ()
    attack: bool = False
    cast: bool = False
    area: bool = False
    elements: frozenset[str] = frozenset()
    range: bool = False
    heavy: bool = False
    chain: bool = False
    line_of_sight: bool = False
    trigger: str | None = None
    optional: bool = False
    modifiers: tuple[Modifier, ...] = ()
    scope: str = "self"
    awareness: Awareness | None = None
    pattern: int = -1  # arena.pattern_key(awareness)
    kinds: frozenset[str] = frozenset()  # the kinds of its effects ("damage", "beckon", ...)
    # Which way a permanent it places from the thoughts faces: "champion" or the player's "choice".
    facing: str = "champion"
    # Desperation: playable only while its champion has at most this much HP.
    desperation: int | None = None
    # Elemental Selection: the elements its player chooses the attack's element from.
    choose_element: tuple[str, ...] = ()
    # Break: it happens once the card holds this many counters.
    break_at: int | None = None
    # Modify Stack [X]: (X, added): its [X] values grow by `added` while it is X-th on the stack.
    stack_bonus: tuple[int, int] | None = None
    # Decoy: its two targets are any two different ones (not a chain).
    pair: bool = False
    # Conditions it is played (a trigger: happens) and resolves under (card format, conditions).
    conditions: tuple[Condition, ...] = ()
    # Abilities with equal target_key have the same legal targets from the same user.
    target_key: int = -1

    def __post_init__(self) -> None:
        facts = (
            self.target,
            self.reach,
            self.pattern,
            self.attack,
            self.cast,
            self.range,
            self.targets,
            self.line_of_sight,
            self.pair,
        )
        key = _TARGET_KEYS.setdefault(facts, len(_TARGET_KEYS))
        object.__setattr__(self, "target_key", key)

    @property
    def damage(self) -> int:
        """The damage (or HP loss) this ability deals in total, for bots and summaries."""
        return sum(sum(op.values) or op.value for op in self.effects if op.kind in DAMAGING)


DAMAGING = frozenset({"damage", "drain"})
_TARGET_KEYS: dict[tuple[object, ...], int] = {}


@dataclass(frozen=True)
class CardSpec:
    """Everything the engine needs to know about one card, compiled once."""

    card: Card
    abilities: tuple[AbilitySpec, ...]
    from_thoughts: tuple[AbilitySpec, ...]
    own: tuple[AbilitySpec, ...]
    triggers: tuple[AbilitySpec, ...]
    continuous: tuple[AbilitySpec, ...]
    problems: tuple[str, ...]
    # The problems that are facts the card file must add (MissingFact).
    missing: tuple["MissingFact", ...] = ()
    # Printed continuous modifiers by whom they reach: the permanent itself, the combatant a
    # skill is attached to, and (alterations) combatants on/adjacent to/around its spot.
    self_mods: tuple[Modifier, ...] = ()
    bearer_mods: tuple[Modifier, ...] = ()
    area_mods: tuple[tuple[str, Modifier], ...] = ()
    # Lookups the engine's hot paths need: the card's own awareness pattern, whether it
    # occupies a spot when it enters (before any skill), and its abilities from the thoughts by
    # speed.
    pattern: int = -1
    occupies: bool = True
    self_keywords: frozenset[str] = frozenset()  # the keywords of self_mods
    swift_from_thoughts: tuple[AbilitySpec, ...] = ()
    action_from_thoughts: tuple[AbilitySpec, ...] = ()


# Glossary: Stun, "this round"; every other grant with no stated duration lasts until removed
# (Glossary: Gain(s); Adding and Removing Ailments and Keyword Abilities).
_DEFAULT_DURATION = {"stun": "round"}
# What a targeted keyword targets when the card names nothing narrower, from its glossary entry:
# Basic/Range/Heavy/Elemental Attack and Cure, "a target"; Drain Attack, "target combatant";
# Push, "target combatant or alteration"; Paralyze, "target champion or summon"; Fatigue, "a
# champion".
_DEFAULT_TARGET = {
    "attack": "permanent",
    "drain": "combatant",
    "push": "combatant_or_alteration",
    "paralyze": "combatant",
    "cure": "permanent",
    "fatigue": "champion",
    "brand": "combatant",
    "death_touch": "summon",
    "decoy": "combatant",
    "decoy_summon": "summon",
    "madness": "champion",
    "negate": "ability",
    "sacrifice": "sacrifice",
    "toss": "combatant",
    "warp": "permanent",
}
# Keywords that are themselves triggers and say when they happen (Glossary: Blitz).
_KEYWORD_TRIGGERS = {"blitz": "enters_arena", "death_touch": "enters_arena", "break": "break"}


# mypyc (setup.py) cannot compile a subclass of str to a native class.
@mypyc_attr(native_class=False)
class MissingFact(str):
    """A problem that is a fact the ability needs and its card does not state: the importer
    refuses such a card, naming the ability and the field to add (docs/card-format.md)."""

    ability_index: int
    ability_name: str
    field: str
    what: str

    def __new__(cls, card: Card, ability_index: int, field: str, what: str) -> "MissingFact":
        ability = card.abilities[ability_index].name
        # str.__new__, not super().__new__: mypyc compiles the latter as object.__new__.
        made = str.__new__(cls, f"{card.name}: {ability}: needs '{field}' ({what})")
        made.ability_index = ability_index
        made.ability_name = ability
        made.field = field
        made.what = what
        return made


def _default_scope(card: Card) -> str:
    """Glossary: Skill. A skill's continuous abilities reach the combatant it is attached to."""
    return "bearer" if card.type is CardType.ENCHANTMENT else "self"


class _Common(TypedDict):
    """The fields every AbilitySpec of one printed ability gets the same way."""

    card_name: str
    index: int
    name: str
    cost: Cost
    attack: bool
    cast: bool
    area: bool
    elements: frozenset[str]
    range: bool
    heavy: bool
    chain: bool
    line_of_sight: bool
    awareness: Awareness | None
    pattern: int
    optional: bool
    desperation: int | None
    conditions: tuple[Condition, ...]


def compile_ability(card: Card, index: int, ability: Ability) -> tuple[AbilitySpec, list[str]]:
    """Compile one printed ability from its fields (card format version 2); the list holds what
    the engine cannot run, each naming the card, the ability and what is missing."""
    problems: list[str] = []
    terms = ability.terms
    slugs = {t.keyword for t in terms}
    label = f"{card.name}: {ability.name}"

    for slug in sorted(slugs - SUPPORTED):
        name = KEYWORDS[slug].name if slug in KEYWORDS else slug
        problems.append(f"{label}: the keyword {name} is not supported by the game engine")

    speed = ability.speed
    attack_terms = [t for t in terms if t.keyword == "attack"]
    attributes = {a for t in attack_terms for a in t.attributes}
    attack = bool(attack_terms)
    area = "area" in attributes
    chain = "chain" in slugs
    cast = card.type is CardType.SPELL or "cast" in slugs
    elements = frozenset(attributes & _ELEMENTS)
    if "elemental" in attributes and not elements:
        elements = frozenset({"elemental"})
    line = "line_of_sight" in slugs

    common: _Common = {
        "card_name": card.name,
        "index": index,
        "name": ability.name,
        "cost": ability.cost,
        "attack": attack,
        "cast": cast,
        "area": area,
        "elements": elements,
        "range": "range" in attributes,
        "heavy": "heavy" in attributes,
        "chain": chain,
        "line_of_sight": line,
        "awareness": card.awareness,
        "pattern": pattern_key(card.awareness),
        "optional": ability.optional,
        "desperation": ability.desperation,
        "conditions": ability.conditions,
    }

    if speed is Speed.CONTINUOUS:
        modifiers: list[Modifier] = []
        for t in terms:
            if t.keyword in MODIFIER_KEYWORDS:
                modifiers.append(Modifier(t.keyword, t.value, t.specific))
            elif t.keyword in ("modify", "modify_stack"):
                if ability.modifies is None:
                    problems.append(
                        MissingFact(card, index, "modifies", "which ability of the card it alters")
                    )
            elif t.keyword in SUPPORTED:
                problems.append(
                    f"{label}: {t.keyword} cannot be a continuous ability in this engine"
                )
        spec = AbilitySpec(
            speed=speed,
            origin="passive",
            reach="own",
            modifiers=tuple(modifiers),
            scope=ability.scope or _default_scope(card),
            **common,
        )
        return spec, problems

    ops, target, reach = _effects(card, index, ability, attributes, problems, label)
    if "count" in slugs:
        common["optional"] = True  # Glossary: Count, it "allows a player to put a counter"
    if target is not None and target not in _SPOT_TARGETS and ability.each:
        target = None  # "every combatant in its awareness": no declared target
    targets = 1 if target is not None else 0
    pair = bool(slugs & {"decoy", "decoy_summon"}) and not ability.includes_user
    if pair:
        targets = 2  # Glossary: Decoy, "two combatants switch spots"
    choose_element: tuple[str, ...] = ()
    if "elemental_selection" in slugs:
        choose_element = ability.elements
        if not choose_element:
            problems.append(MissingFact(card, index, "elements", "the elements to choose from"))
    asks = [
        k
        for k in ("element", "toss", "warp", "replicate", "resurrect", "beckon", "rotate")
        # A rotation asks only when the card gives no direction (Rotation as a Part of an
        # Ability).
        if k
        in {op.kind for op in ops if op.kind != "rotate" or op.value == 0}
        | ({"element"} if choose_element else set())
    ]
    if len(asks) > 1:
        problems.append(
            f"{label}: the engine asks one choice as an ability resolves, and this one needs "
            f"{' and '.join(asks)}"
        )
    break_at = ability.break_at
    if "break" in slugs and break_at is None:
        problems.append(MissingFact(card, index, "break_at", "how many counters it needs"))
    problems += _condition_problems(card, index, ability, target)
    if chain and target is not None:
        # Glossary: Chain. One linked target per value of the chained attack ("[3/2/1]").
        targets = max((len(t.values) for t in attack_terms), default=1)

    if speed is Speed.TRIGGER or speed is Speed.IMMEDIATE:
        timing = ability.trigger or next(
            (_KEYWORD_TRIGGERS[k] for k in slugs if k in _KEYWORD_TRIGGERS), None
        )
        if timing is None:
            problems.append(MissingFact(card, index, "trigger", "when it happens"))
        if "break" in slugs:
            # Glossary: Break, "a player may remove all counters from this card".
            common["optional"] = True
        spec = AbilitySpec(
            speed=speed,
            origin="passive",
            reach="own" if reach in ("card", "none") else reach,
            target=target,
            targets=targets,
            pair=pair,
            effects=tuple(ops),
            trigger=timing,
            kinds=frozenset(op.kind for op in ops),
            choose_element=choose_element,
            break_at=break_at,
            **common,
        )
        return spec, problems

    # Active abilities: Speeds of Abilities. Quick makes an action swift; Trap is played at
    # swift speed (Glossary: Trap). "All heavy attacks are action speed" (Glossary: Heavy Attack
    # [X]), but a Heavy Attack printed Swift stays swift: "If the text of a card ... contradicts
    # the rules of the game, the card takes precedence" (Playing the Game, The Golden Rule).
    if "quick" in slugs:
        speed = Speed.SWIFT
    if "trap" in slugs:
        speed = Speed.SWIFT

    places = slugs & PLACE_FROM_THOUGHTS
    attaches = slugs & ATTACH
    if card.type in (CardType.SPELL, CardType.TECHNIQUE):
        origin = "thoughts"
    elif card.type is CardType.SUMMON:
        origin = "thoughts" if slugs & {"beckon", "resurrect_beckon"} else "permanent"
    elif card.type is CardType.ALTERATION:
        origin = "thoughts" if places else "permanent"
        if not places:
            problems.append(f"{label}: only abilities that place an alteration can be played")
    elif card.type is CardType.ENCHANTMENT:
        origin = "thoughts" if attaches else "permanent"
        if not attaches:
            problems.append(f"{label}: only abilities that attach an enchantment can be played")
    else:
        origin = "permanent"
    if reach == "card":
        reach = "own" if origin == "permanent" else ("card" if card.awareness else "none")
        if card.awareness is not None and card.awareness.unbounded and origin == "thoughts":
            reach = "arena"
    if target == "spot_place" and reach == "none":
        problems.append(f"{label}: a place effect needs an awareness to choose a spot in")
    if not ops and not problems:
        problems.append(f"{label}: the ability has no effect the engine can run")
    spec = AbilitySpec(
        speed=speed,
        origin=origin,
        reach=reach,
        target=target,
        targets=targets,
        pair=pair,
        effects=tuple(ops),
        kinds=frozenset(op.kind for op in ops),
        facing=ability.facing or "choice",
        choose_element=choose_element,
        **common,
    )
    return spec, problems


_SPOT_TARGETS = frozenset({"spot_move", "spot_place", "spot_create", "spot_trap"})


def _effects(
    card: Card,
    ability_index: int,
    ability: Ability,
    attributes: set[str],
    problems: list[str],
    label: str,
) -> tuple[list[Op], str | None, str]:
    """The ability's effects in printed order, the kind of target it declares (None, a kind of
    rules.core.cards.TARGET_KINDS, or a spot_* kind) and its reach ("card": the awareness of
    whoever plays it, or "adjacent", "around", "arena")."""
    ops: list[Op] = []
    # The card file's kinds (rules.core.cards.TARGET_KINDS) are queries.kind_matches' own.
    kind = ability.target
    if kind is not None and kind not in TARGET_KINDS:
        problems.append(f"{label}: the engine cannot target '{kind}'")
        kind = None
    reach = ability.reach if ability.reach and ability.reach != "awareness" else "card"
    target: str | None = None
    who_self = "bearer" if card.type is CardType.ENCHANTMENT else "self"
    area = "area" in attributes
    each = ability.each

    def needs_target(keyword: str) -> str:
        # The card's own kind, or the one the keyword's glossary entry gives.
        return kind or _DEFAULT_TARGET[keyword]

    for t in ability.terms:
        k = t.keyword
        if k == "attack":
            if area:
                ops.append(Op("damage", "area", values=t.values or (t.value or 0,)))
            elif "drain" in t.attributes:
                ops.append(Op("drain", "target", value=t.value or 0))
                target = target or needs_target("drain")
            else:
                ops.append(Op("damage", "target", values=t.values or (t.value or 0,)))
                target = target or needs_target("attack")
        elif k == "push":
            ops.append(Op("push", "target"))
            target = target or needs_target("push")
        elif k == "paralyze":
            ops.append(Op("exert", "target"))
            ops.append(Op("ailment", "target", keyword="stun", duration="round"))
            target = target or needs_target("paralyze")
        elif k == "cure":
            if each:
                ops.append(Op("cure", "area_combatants", value=t.value or 0))
            else:
                ops.append(Op("cure", "target", value=t.value or 0))
                target = target or needs_target("cure")
        elif k == "heal":
            ops.append(Op("heal", who_self, value=t.value or 0))
        elif k == "draw":
            ops.append(Op("draw", "controller", value=t.value or 1))
        elif k in MODIFIER_KEYWORDS:
            # A keyword or ailment goes to the declared target, or else to the one using the
            # ability (Glossary: Gain(s)).
            who = "target" if kind is not None else who_self
            ops.append(
                Op(
                    "ailment" if k in AILMENT_KEYWORDS else "grant",
                    who,
                    value=t.value or 0,
                    keyword=k,
                    specific=t.specific,
                    duration=_duration(ability.duration, k),
                )
            )
            if who == "target":
                target = target or kind
        elif k == "move":
            ops.append(Op("move", "self"))
            target = "spot_move"
            # Navigating the Arena, Moving as a Part of an Ability: with no destination given,
            # the move is to an adjacent unoccupied spot.
            reach = ability.reach if ability.reach not in (None, "awareness") else "card"
            if ability.reach is None:
                reach = "adjacent"
        elif k == "hop":
            ops.append(Op("hop", "self"))
            target = "spot_place"
        elif k == "beckon":
            ops.append(Op("beckon", "self"))
        elif k == "build":
            ops.append(Op("build", "self"))
        elif k == "create":
            ops.append(Op("create", "target"))
            target = "spot_create"
        elif k == "trap":
            ops.append(Op("trap", "target"))
            target = "spot_trap"
        elif k in ATTACH:
            ops.append(Op("attach", "target", keyword=k))
            target = {
                "enchant": "you_or_combatant",
                "curse": "enemy",
                "champion_curse": "enemy_champion",
            }[k]
        elif k == "fatigue":
            if ability.speed in (Speed.TRIGGER, Speed.IMMEDIATE) and kind is None:
                ops.append(Op("fatigue", who_self, value=t.value or 0))
            else:
                ops.append(Op("fatigue", "target", value=t.value or 0))
                target = target or needs_target("fatigue")
        elif k == "blitz":
            ops.append(Op("blitz", "self"))
        elif k == "brand":
            ailment = (t.specific or "").lower()
            if ailment not in BRANDS:
                problems.append(f"{label}: Brand names an ailment ({', '.join(sorted(BRANDS))})")
            ops.append(
                Op(
                    "ailment",
                    "target",
                    keyword=ailment,
                    duration=_duration(ability.duration, ailment),
                )
            )
            target = target or needs_target("brand")
        elif k == "count":
            ops.append(Op("counter", "self"))
        elif k == "death_touch":
            ops.append(Op("death_touch", "target", value=t.value or 0))
            target = target or needs_target("death_touch")
            if ability.reach is None:
                reach = "around"  # Glossary: Death Touch, "target summon around it"
        elif k == "decoy" or k == "decoy_summon":
            # "You and target ally switch spots": the user is one side of the switch.
            ops.append(Op("switch", "user_and_target" if ability.includes_user else "target"))
            target = target or needs_target(k)
        elif k == "madness":
            ops.append(Op("madness", "target"))
            target = target or needs_target("madness")
        elif k == "negate":
            ops.append(Op("negate", "target"))
            if kind not in (None, "ability"):
                # Glossary: Negate, "Remove target ability from the stack": any other target
                # makes an ability the engine would never play.
                problems.append(
                    MissingFact(
                        card,
                        ability_index,
                        "target",
                        f"an ability on the stack (Glossary: Negate), not {kind!r}",
                    )
                )
            target = "ability"
        elif k == "replicate":
            ops.append(Op("replicate", "self", value=t.value or 1))
        elif k == "resurrect_beckon":
            ops.append(Op("resurrect", "self"))
        elif k == "sacrifice":
            ops.append(Op("sacrifice", "target"))
            target = target or needs_target("sacrifice")
            if ability.reach is None:
                reach = "arena"  # Glossary: Sacrifice names allies and skills, not a reach
        elif k == "toss":
            ops.append(Op("toss", "target"))
            target = target or needs_target("toss")
        elif k == "warp":
            ops.append(Op("warp", "self"))
            target = target or needs_target("warp")
    for step in ability.then:
        if step.effect == "rotate":
            # Navigating the Arena, Rotation as a Part of an Ability.
            ops.append(Op("rotate", step.who, _TURNS[step.turn]))
            if step.who == "target":
                target = target or kind or "permanent"
        elif step.effect == "copy":
            # Using the Stack, Copying an Ability: the copied ability is on the stack.
            ops.append(Op("copy", "target"))
            target = "ability"
        else:
            kind_of = "destroy" if step.effect == "destroy_self" else step.effect
            ops.append(Op(kind_of, "self", step.value))
    if target == "ability" and not {op.kind for op in ops} & {"negate", "copy"}:
        problems.append(
            f"{label}: only Negate and a copy target an ability on the stack; the engine would "
            "never play this ability"
        )
    return ops, target, reach


# Quarter turns clockwise a rotation makes; 0 is the rotating player's choice of left or right.
_TURNS = {"right": 1, "left": 3, "around": 2, "choice": 0}
_TARGET_TESTS = frozenset({"target_kind", "stack_position"})
_PERMANENT_KINDS = frozenset({"champion", "summon", "alteration"})


def _condition_problems(card: Card, index: int, ability: Ability, target: str | None) -> list[str]:
    """A condition that reads a target needs one, and one of the right sort: a position on the
    stack is an ability's, a speed an ability's."""
    problems: list[str] = []
    label = f"{card.name}: {ability.name}"
    for condition in ability.conditions:
        reads_target = condition.test in _TARGET_TESTS or (
            condition.test == "hp" and condition.who == "target"
        )
        if reads_target and target is None:
            problems.append(f"{label}: its condition ({condition.test}) needs a target")
        elif condition.test == "stack_position" and target != "ability":
            problems.append(f"{label}: a position on the stack is an ability's")
        elif condition.test == "target_kind" and condition.kind is None:
            problems.append(MissingFact(card, index, "conditions", "the kind the target must be"))
        elif (
            condition.test == "target_kind"
            and target != "ability"
            and condition.kind not in _PERMANENT_KINDS
        ):
            problems.append(
                f"{label}: its target is a permanent, never a {condition.kind}; the engine would "
                "never play this ability"
            )
        elif (
            condition.at_least is not None
            and condition.at_most is not None
            and condition.at_least > condition.at_most
        ):
            problems.append(
                f"{label}: its condition ({condition.test}) can never hold: at least "
                f"{condition.at_least} and at most {condition.at_most}; the engine would never "
                "play this ability"
            )
        elif condition.test in ("counters", "hp", "stack_position") and (
            condition.at_least is None and condition.at_most is None
        ):
            problems.append(
                MissingFact(card, index, "conditions", "at_least or at_most, the bound it tests")
            )
    return problems


def _duration(given: str | None, keyword: str) -> str | None:
    """How long a granted keyword or ailment lasts: "turn", "round" or None (until removed)."""
    if given is None:
        return _DEFAULT_DURATION.get(keyword)
    return None if given == "until_removed" else given


@lru_cache(maxsize=4096)
def card_spec(card: Card) -> CardSpec:
    """Compile every ability of `card` (cached: cards are immutable values)."""
    specs = []
    problems: list[str] = []
    for index, ability in enumerate(card.abilities):
        spec, found = compile_ability(card, index, ability)
        specs.append(spec)
        problems += found
    problems += _modify(card, specs)
    problems += _stat_problems(card, specs)
    continuous = [s for s in specs if s.speed is Speed.CONTINUOUS]
    self_mods = tuple(m for s in continuous if s.scope == "self" for m in s.modifiers)
    if any(m.keyword == "grounded" for m in self_mods):
        # Glossary: Grounded, it does not have Flight or Aerial.
        self_mods = tuple(m for m in self_mods if m.keyword not in ("flight", "aerial"))
    if card.type is CardType.ALTERATION:
        occupies = card.occupies_spot
    else:
        occupies = not any(m.keyword == "tiny" for m in self_mods)
    hand = [s for s in specs if s.origin == "thoughts"]
    return CardSpec(
        card=card,
        abilities=tuple(specs),
        from_thoughts=tuple(s for s in specs if s.origin == "thoughts"),
        own=tuple(s for s in specs if s.origin == "permanent"),
        triggers=tuple(s for s in specs if s.trigger is not None),
        continuous=tuple(continuous),
        problems=tuple(problems),
        missing=tuple(p for p in problems if isinstance(p, MissingFact)),
        self_mods=self_mods,
        bearer_mods=tuple(m for s in continuous if s.scope == "bearer" for m in s.modifiers),
        area_mods=tuple(
            (s.scope, m)
            for s in continuous
            if s.scope in ("spot", "adjacent", "around")
            for m in s.modifiers
        ),
        pattern=pattern_key(card.awareness),
        occupies=occupies,
        self_keywords=frozenset(m.keyword for m in self_mods),
        swift_from_thoughts=tuple(s for s in hand if s.speed is Speed.SWIFT),
        action_from_thoughts=tuple(s for s in hand if s.speed is Speed.ACTION),
    )


_SCALED = frozenset({"damage", "drain", "heal", "cure", "fatigue", "death_touch", "draw"})


def with_added(spec: AbilitySpec, added: int) -> AbilitySpec:
    """`spec` with `added` on each [X] value of its effects (Glossary: Modify)."""
    ops = tuple(
        replace(
            op,
            value=max(op.value + added, 0) if op.value else op.value,
            values=tuple(max(v + added, 0) for v in op.values),
        )
        if op.kind in _SCALED
        else op
        for op in spec.effects
    )
    return replace(spec, effects=ops)


def _modify(card: Card, specs: list[AbilitySpec]) -> list[str]:
    """Glossary: Modify, "continuously alters another ability on this card", and Modify Stack
    [X], "while it is in the [X] position on the stack": the card's `modifies` ability gains
    `adds` on its [X] values, always or (Modify Stack) only while it is X-th on the stack."""
    problems: list[str] = []
    for index, ability in enumerate(card.abilities):
        slugs = {t.keyword for t in ability.terms}
        if ability.speed is not Speed.CONTINUOUS or not slugs & {"modify", "modify_stack"}:
            continue
        other = ability.modifies
        if other is None:
            continue  # reported as a missing fact
        if not 0 <= other < len(specs) or other == index:
            problems.append(f"{card.name}: {ability.name}: 'modifies' names no other ability")
            continue
        stack_term = next((t for t in ability.terms if t.keyword == "modify_stack"), None)
        if stack_term is not None:
            specs[other] = replace(specs[other], stack_bonus=(stack_term.value or 1, ability.adds))
        else:
            specs[other] = with_added(specs[other], ability.adds)
    return problems


def _stat_problems(card: Card, specs: list[AbilitySpec]) -> list[str]:
    missing = []
    if card.is_champion:
        for field in ("hp", "aura", "energy_reduction"):
            if getattr(card, field) is None:
                missing.append(field)
    else:
        if card.chi is None:
            missing.append("chi")
        if card.type in (CardType.SUMMON, CardType.ALTERATION) and card.hp is None:
            missing.append("hp")
    problems = []
    if missing:
        problems.append(
            f"{card.name}: its {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} "
            "not revealed, so the engine cannot play it"
        )
    if not card.is_champion and not any(s.origin == "thoughts" for s in specs):
        problems.append(f"{card.name}: it has no ability that can be played from the thoughts")
    return problems


def check_playable(cards: Iterable[Card]) -> list[str]:
    """Plain-English problems that stop the engine from playing these cards (empty: all fine).

    Each problem names the card and says what is wrong: a keyword outside
    `supported_keywords()`, a trigger the engine cannot time, or stats the card data leaves
    unrevealed. Repeated cards are reported once.
    """
    problems: list[str] = []
    seen: set[str] = set()
    for card in cards:
        if card.name in seen:
            continue
        seen.add(card.name)
        problems += card_spec(card).problems
    return problems
