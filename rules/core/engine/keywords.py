"""The engine's keyword registry: how card data becomes something the engine can run.

Every ability of a card is compiled once into an `AbilitySpec` from its speed, cost and parsed
keyword terms (rules.core.cards.KeywordTerm). The effect text is read only for what the terms cannot
say, through a small fixed list of phrases: who is targeted ("target enemy", "target ally" ...),
how long an effect lasts ("until the end of the round"), when a trigger happens ("at the end of
each round") and where an alteration's continuous ability reaches ("on this alteration's spot").
There is no per-card code.

A keyword outside `SUPPORTED`, or a trigger whose timing is not one of the known phrases, is a
*problem*: `check_playable` reports it, and the engine refuses a deck with such a card before any
game starts (it never silently ignores an ability).
"""

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TypedDict

from rules.core.awareness import Awareness
from rules.core.cards import Ability, Card, CardType, Cost, KeywordTerm, Speed
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
QUALIFIERS = frozenset({"quick", "chain", "cast", "execute", "line_of_sight"})
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
    }
)
SUPPORTED = MODIFIER_KEYWORDS | QUALIFIERS | EFFECT_KEYWORDS

PLACE_FROM_THOUGHTS = frozenset({"beckon", "build", "create", "trap"})
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


def _duration(text: str, default: str | None) -> str | None:
    if "end of the turn" in text or "this turn" in text or "end of turn" in text:
        return "turn"
    if "end of the round" in text or "this round" in text or "end of round" in text:
        return "round"
    return default


def _target_kind(text: str, default: str = "permanent") -> str:
    """Glossary: Target, Allies, Enemy. The words of the effect text narrow "a target"."""
    if "target enemy champion" in text:
        return "enemy_champion"
    if "target enemy" in text:
        return "enemy"
    if "target ally" in text:
        return "ally"
    if "target summon" in text:
        return "summon"
    if "target champion" in text:
        return "champion"
    if "target combatant" in text:
        return "combatant"
    if "to you or to a combatant" in text:
        return "you_or_combatant"
    if "one combatant" in text:
        return "combatant"
    return default


def _trigger_timing(keyword_terms: set[str], text: str) -> str | None:
    if "blitz" in keyword_terms or "enters the arena" in text:
        return "enter"
    if "beginning of each round" in text or "beginning of the round" in text:
        return "round_begin"
    if "end of the round in which it is placed" in text:
        return "round_end_entry"
    if "end of each round" in text or "end of the round" in text:
        return "round_end"
    if "beginning of its turn" in text or "beginning of each turn" in text:
        return "turn_begin"
    if "end of its turn" in text or "end of each turn" in text:
        return "turn_end"
    return None


def _scope(card: Card, text: str) -> str:
    """Whom a continuous ability affects (Glossary: Skill; alterations act on positions)."""
    if card.type is CardType.ENCHANTMENT:
        return "bearer"
    if card.type is CardType.ALTERATION:
        if "on this alteration's spot" in text or "on its spot" in text:
            return "spot"
        if "adjacent to this alteration" in text or "adjacent to it" in text:
            return "adjacent"
        if "around this alteration" in text or "around it" in text:
            return "around"
    return "self"


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


def compile_ability(card: Card, index: int, ability: Ability) -> tuple[AbilitySpec, list[str]]:
    """Compile one printed ability; the list holds what the engine cannot run."""
    problems: list[str] = []
    text = " ".join(ability.text.lower().split())
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
    }

    if speed is Speed.CONTINUOUS:
        modifiers: list[Modifier] = []
        for t in terms:
            if t.keyword in MODIFIER_KEYWORDS:
                modifiers.append(Modifier(t.keyword, t.value, t.specific))
            elif t.keyword in SUPPORTED:
                problems.append(
                    f"{label}: {t.keyword} cannot be a continuous ability in this engine"
                )
        spec = AbilitySpec(
            speed=speed,
            origin="passive",
            reach="own",
            modifiers=tuple(modifiers),
            scope=_scope(card, text),
            **common,
        )
        return spec, problems

    if speed is Speed.TRIGGER or speed is Speed.IMMEDIATE:
        timing = _trigger_timing(slugs, text)
        if timing is None:
            problems.append(f"{label}: the engine does not understand when this trigger happens")
        ops, target, targets = _trigger_ops(card, terms, text, problems, label)
        spec = AbilitySpec(
            speed=speed,
            origin="passive",
            reach="own",
            target=target,
            targets=targets,
            effects=tuple(ops),
            trigger=timing,
            optional=" may " in f" {text} ",
            kinds=frozenset(op.kind for op in ops),
            **common,
        )
        return spec, problems

    # Active abilities: Speeds of Abilities. Quick makes an action swift; every Heavy Attack is
    # action speed (Glossary: Heavy Attack [X]).
    if "quick" in slugs:
        speed = Speed.SWIFT
    elif "heavy" in attributes:
        speed = Speed.ACTION
    if "trap" in slugs:
        speed = Speed.SWIFT  # Glossary: Trap, played at swift speed.

    places = slugs & PLACE_FROM_THOUGHTS
    attaches = slugs & ATTACH
    if card.type in (CardType.SPELL, CardType.TECHNIQUE):
        origin = "thoughts"
    elif card.type is CardType.SUMMON:
        origin = "thoughts" if "beckon" in slugs else "permanent"
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
    reach = "own" if origin == "permanent" else ("card" if card.awareness is not None else "none")
    if card.awareness is not None and card.awareness.unbounded and origin == "thoughts":
        reach = "arena"

    # ops (list[Op]) and target (str | None) have their types from the trigger branch above.
    ops = []
    target = None
    targets = 0
    kind = _target_kind(text)
    for t in terms:
        k = t.keyword
        if k == "attack":
            if area:
                ops.append(Op("damage", "area", values=t.values or (t.value or 0,)))
            elif "drain" in t.attributes:
                ops.append(Op("drain", "target", value=t.value or 0))
                target = target or kind
            else:
                ops.append(Op("damage", "target", values=t.values or (t.value or 0,)))
                target = target or kind
        elif k == "push":
            ops.append(Op("push", "target"))
            target = target or kind
        elif k == "paralyze":
            ops.append(Op("exert", "target"))
            ops.append(Op("ailment", "target", keyword="stun", duration="round"))
            target = target or "combatant"
        elif k in AILMENT_KEYWORDS and ("target" in text or attack):
            default = "round" if k == "stun" else None  # Glossary: Stun, "this round"
            ops.append(
                Op(
                    "ailment",
                    "target",
                    value=t.value or 0,
                    keyword=k,
                    specific=t.specific,
                    duration=_duration(text, default),
                )
            )
            target = target or (kind if kind != "permanent" else "combatant")
        elif k == "cure":
            ops.append(Op("cure", "target", value=t.value or 0))
            target = target or kind
        elif k == "heal":
            ops.append(Op("heal", "self", value=t.value or 0))
        elif k == "draw":
            ops.append(Op("draw", "controller", value=t.value or 1))
        elif k in MODIFIER_KEYWORDS:
            who = "target" if "target" in text else "self"
            ops.append(
                Op(
                    "grant",
                    who,
                    value=t.value or 0,
                    keyword=k,
                    specific=t.specific,
                    duration=_duration(text, "round"),
                )
            )
            if who == "target":
                target = target or kind
        elif k == "move":
            ops.append(Op("move", "self"))
            target = "spot_move"
            # Navigating the Arena, Moving as a Part of an Ability: with no destination given,
            # the move is to an adjacent unoccupied spot.
            if "adjacent" in text or reach == "none" or "awareness" not in text:
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
            ops.append(Op("fatigue", "target", value=t.value or 0))
            target = target or "champion"
        elif k == "blitz":
            ops.append(Op("blitz", "self"))
        elif k in QUALIFIERS:
            continue
    if target is not None:
        targets = 1
    if chain and target is not None:
        # Glossary: Chain. One linked target per value of the chained attack ("[3/2/1]").
        targets = max((len(t.values) for t in attack_terms), default=1)
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
        effects=tuple(ops),
        optional=" may " in f" {text} ",
        kinds=frozenset(op.kind for op in ops),
        **common,
    )
    return spec, problems


def _trigger_ops(
    card: Card, terms: tuple[KeywordTerm, ...], text: str, problems: list[str], label: str
) -> tuple[list[Op], str | None, int]:
    ops: list[Op] = []
    target = None
    who_self = "bearer" if card.type is CardType.ENCHANTMENT else "self"
    for t in terms:
        k = t.keyword
        if k == "attack":
            if "area" in t.attributes:
                ops.append(Op("damage", "area", values=t.values or (t.value or 0,)))
            elif "drain" in t.attributes:
                ops.append(Op("drain", "target", value=t.value or 0))
                target = _target_kind(text)
            else:
                ops.append(Op("damage", "target", values=t.values or (t.value or 0,)))
                target = _target_kind(text)
        elif k == "cure":
            if "every combatant" in text or "each combatant" in text:
                ops.append(Op("cure", "area_combatants", value=t.value or 0))
            else:
                ops.append(Op("cure", "target", value=t.value or 0))
                target = _target_kind(text, "combatant")
        elif k == "heal":
            ops.append(Op("heal", who_self, value=t.value or 0))
        elif k == "draw":
            ops.append(Op("draw", "controller", value=t.value or 1))
        elif k == "fatigue":
            ops.append(Op("fatigue", who_self, value=t.value or 0))
        elif k == "blitz":
            ops.append(Op("blitz", "self"))
        elif k in SUPPORTED:
            problems.append(f"{label}: {k} cannot be a trigger in this engine")
    # Follow-ups the text adds after the keyword effect.
    if "then is destroyed" in text or "then it is destroyed" in text:
        ops.append(Op("destroy", "self"))
    if "then this alteration loses" in text or "then it loses" in text:
        amount = next((int(w) for w in text.split("loses", 1)[1].split() if w.isdigit()), 1)
        ops.append(Op("lose_hp", "self", value=amount))
    return ops, target, (1 if target else 0)


@lru_cache(maxsize=4096)
def card_spec(card: Card) -> CardSpec:
    """Compile every ability of `card` (cached: cards are immutable values)."""
    specs = []
    problems: list[str] = []
    for index, ability in enumerate(card.abilities):
        spec, found = compile_ability(card, index, ability)
        specs.append(spec)
        problems += found
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
