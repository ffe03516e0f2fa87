"""How card data becomes something the engine can run: every ability of a card is compiled once
into an `AbilitySpec` (rules.core.engine.specs).

An ability is compiled from its speed, cost, parsed keyword terms (rules.core.cards.KeywordTerm)
and the facts card format version 2 states as fields (docs/card-format.md): when a trigger
happens, what it targets and from where, how long a grant lasts, whom a continuous ability
reaches. Each keyword adds its own steps (its module of rules/core/engine/keywords/, through
rules.core.engine.registry); this module does what is common to all. The engine reads no card
text, and there is no per-card code.

A keyword outside the registry, or a fact an ability needs and does not state, is a *problem*:
`check_playable` reports it in plain English, and the engine refuses a deck with such a card
before any game starts (it never silently ignores an ability).
"""

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TypedDict

from rules.core.awareness import Awareness
from rules.core.cards import (
    CONTROLLERS,
    TARGET_KINDS,
    Ability,
    Card,
    CardType,
    Condition,
    Cost,
    Speed,
)
from rules.core.keywords import ELEMENTS, KEYWORDS

from . import registry
from .arena import pattern_key
from .keywords import (
    aerial,
    attack,
    break_,
    cast,
    chain,
    cure,
    death_touch,
    draw,
    elemental_selection,
    fatigue,
    flight,
    grounded,
    heal,
    line_of_sight,
    modify,
    modify_stack,
    negate,
    tiny,
)
from .keywords.base import Compiling
from .specs import DAMAGE, DRAIN, EACH, AbilitySpec, CardSpec, MissingFact, Modifier, Op

_ELEMENTS = frozenset(ELEMENTS)
_MODIFY = frozenset({modify.NAME, modify_stack.NAME})
_SPOT_TARGETS = frozenset({"spot_move", "spot_place", "spot_create", "spot_trap"})


def supported_keywords() -> frozenset[str]:
    """The keyword slugs (rules.core.keywords.GLOSSARY) this engine implements: those with a
    module in rules/core/engine/keywords/."""
    return registry.SUPPORTED


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


def _common(card: Card, index: int, ability: Ability, slugs: set[str]) -> _Common:
    """What the ability's attack terms and qualifiers say: Attributes (Attack), Chain, Cast,
    Line of Sight."""
    attributes = {a for t in ability.terms if t.keyword == attack.NAME for a in t.attributes}
    elements = frozenset(attributes & _ELEMENTS)
    if "elemental" in attributes and not elements:
        elements = frozenset({"elemental"})
    return _Common(
        card_name=card.name,
        index=index,
        name=ability.name,
        cost=ability.cost,
        attack=attack.NAME in slugs,
        cast=card.type is CardType.SPELL or cast.NAME in slugs,
        area="area" in attributes,
        elements=elements,
        range="range" in attributes,
        heavy="heavy" in attributes,
        chain=chain.NAME in slugs,
        line_of_sight=line_of_sight.NAME in slugs,
        awareness=card.awareness,
        pattern=pattern_key(card.awareness),
        optional=ability.optional,
        desperation=ability.desperation,
        conditions=ability.conditions,
    )


def compile_ability(card: Card, index: int, ability: Ability) -> tuple[AbilitySpec, list[str]]:
    """Compile one printed ability from its fields (card format version 2); the list holds what
    the engine cannot run, each naming the card, the ability and what is missing."""
    problems: list[str] = []
    slugs = {t.keyword for t in ability.terms}
    label = f"{card.name}: {ability.name}"
    for slug in sorted(slugs - registry.SUPPORTED):
        name = KEYWORDS[slug].name if slug in KEYWORDS else slug
        problems.append(f"{label}: the keyword {name} is not supported by the game engine")
    common = _common(card, index, ability, slugs)
    if ability.speed is Speed.CONTINUOUS:
        return _continuous(card, index, ability, common, problems), problems

    c = _compile_terms(card, index, ability, common["area"], label)
    problems += c.problems
    ops, target = c.ops, c.target
    if slugs & registry.OPTIONAL:
        common["optional"] = True  # Glossary: Count, it "allows a player to put a counter"
    each, target, ops = _each(ability, target, ops)
    targets = 1 if target is not None else 0
    pair = bool(slugs & registry.PAIRS) and not ability.includes_user
    if pair:
        targets = 2  # Glossary: Decoy, "two combatants switch spots"
    choose_element = ability.elements if elemental_selection.NAME in slugs else ()
    problems += _choice_problems(card, index, ability, slugs, ops)
    problems += _condition_problems(card, index, ability, target)
    if chain.NAME in slugs and target is not None:
        # Glossary: Chain. One linked target per value of the chained attack ("[3/2/1]").
        values = [len(t.values) for t in ability.terms if t.keyword == attack.NAME]
        targets = max(values, default=1)
    facts = _Facts(target, targets, pair, tuple(ops), choose_element, c.reach, each)
    if ability.speed is Speed.TRIGGER or ability.speed is Speed.IMMEDIATE:
        return _passive(card, index, ability, slugs, common, facts, problems), problems
    return _active(card, ability, slugs, common, facts, label, problems), problems


def _each(
    ability: Ability, target: str | None, ops: list[Op]
) -> tuple[str | None, str | None, list[Op]]:
    """(the `each` kind, the declared target, the steps): "each enemy in its awareness" acts on
    every permanent of the target kind in its reach and declares no target (card format,
    `each`)."""
    if target is None or target in _SPOT_TARGETS or not ability.each:
        return None, target, ops
    return target, None, [replace(op, who=EACH) if op.who == "target" else op for op in ops]


@dataclass(frozen=True)
class _Facts:
    """What the keyword terms of an active or triggered ability made of it."""

    target: str | None
    targets: int
    pair: bool
    effects: tuple[Op, ...]
    choose_element: tuple[str, ...]
    reach: str
    each: str | None


def _continuous(
    card: Card, index: int, ability: Ability, common: _Common, problems: list[str]
) -> AbilitySpec:
    """A Continuous ability: the modifiers it gives (Glossary: Continuous)."""
    modifiers: list[Modifier] = []
    label = f"{card.name}: {ability.name}"
    for t in ability.terms:
        if t.keyword in registry.MODIFIERS:
            modifiers.append(Modifier(t.keyword, t.value, t.specific))
        elif t.keyword in _MODIFY:
            if ability.modifies is None:
                problems.append(
                    MissingFact(card, index, "modifies", "which ability of the card it alters")
                )
        elif t.keyword in registry.SUPPORTED:
            problems.append(f"{label}: {t.keyword} cannot be a continuous ability in this engine")
    return AbilitySpec(
        speed=ability.speed,
        origin="passive",
        reach="own",
        modifiers=tuple(modifiers),
        scope=ability.scope or _default_scope(card),
        **common,
    )


def _passive(
    card: Card,
    index: int,
    ability: Ability,
    slugs: set[str],
    common: _Common,
    facts: _Facts,
    problems: list[str],
) -> AbilitySpec:
    """A Trigger or Immediate ability: when it happens, from the card's own field or from a
    keyword that is itself a trigger (Glossary: Blitz)."""
    timing = ability.trigger or next(
        (registry.TRIGGERS[k] for k in slugs if k in registry.TRIGGERS), None
    )
    if timing is None:
        problems.append(MissingFact(card, index, "trigger", "when it happens"))
    elif ability.dies is not None and timing != "summon_dies":
        problems.append(
            f"{card.name}: {ability.name}: 'dies' says which deaths a 'summon_dies' trigger "
            f"counts, and this one happens at '{timing}'"
        )
    if break_.NAME in slugs:
        # Glossary: Break, "a player may remove all counters from this card".
        common["optional"] = True
    return AbilitySpec(
        speed=ability.speed,
        origin="passive",
        reach="own" if facts.reach in ("card", "none") else facts.reach,
        target=facts.target,
        targets=facts.targets,
        pair=facts.pair,
        effects=facts.effects,
        trigger=timing,
        kinds=frozenset(op.kind for op in facts.effects),
        choose_element=facts.choose_element,
        each=facts.each,
        break_at=ability.break_at,
        dies=ability.dies if timing == "summon_dies" else None,
        **common,
    )


def _active(
    card: Card,
    ability: Ability,
    slugs: set[str],
    common: _Common,
    facts: _Facts,
    label: str,
    problems: list[str],
) -> AbilitySpec:
    """An active ability: at what speed, and whether it is played from the thoughts or by the
    permanent it is printed on."""
    # Speeds of Abilities. Quick makes an action swift; Trap is played at swift speed (Glossary:
    # Trap). "All heavy attacks are action speed" (Glossary: Heavy Attack [X]), but a Heavy
    # Attack printed Swift stays swift: "If the text of a card ... contradicts the rules of the
    # game, the card takes precedence" (Playing the Game, The Golden Rule).
    speed = Speed.SWIFT if slugs & registry.SWIFT else ability.speed
    origin = _origin(card, slugs, label, problems)
    if ability.dies is not None:
        problems.append(f"{label}: 'dies' belongs to a trigger that happens at 'summon_dies'")
    reach = facts.reach
    if reach == "card":
        reach = "own" if origin == "permanent" else ("card" if card.awareness else "none")
        if card.awareness is not None and card.awareness.unbounded and origin == "thoughts":
            reach = "arena"
    if facts.target == "spot_place" and reach == "none":
        problems.append(f"{label}: a place effect needs an awareness to choose a spot in")
    if not facts.effects and not problems:
        problems.append(f"{label}: the ability has no effect the engine can run")
    return AbilitySpec(
        speed=speed,
        origin=origin,
        reach=reach,
        target=facts.target,
        targets=facts.targets,
        pair=facts.pair,
        effects=facts.effects,
        kinds=frozenset(op.kind for op in facts.effects),
        facing=ability.facing or "choice",
        choose_element=facts.choose_element,
        each=facts.each,
        **common,
    )


def _origin(card: Card, slugs: set[str], label: str, problems: list[str]) -> str:
    """Where an active ability is played from: "thoughts" (spells and techniques, and the
    abilities that place or attach their card) or "permanent"."""
    if card.type in (CardType.SPELL, CardType.TECHNIQUE):
        return "thoughts"
    if card.type is CardType.SUMMON:
        return "thoughts" if slugs & registry.BECKONS else "permanent"
    if card.type is CardType.ALTERATION:
        if not slugs & registry.PLACES:
            problems.append(f"{label}: only abilities that place an alteration can be played")
            return "permanent"
        return "thoughts"
    if card.type is CardType.ENCHANTMENT:
        if not slugs & registry.ATTACHES:
            problems.append(f"{label}: only abilities that attach an enchantment can be played")
            return "permanent"
        return "thoughts"
    return "permanent"


def _choice_problems(
    card: Card, index: int, ability: Ability, slugs: set[str], ops: list[Op]
) -> list[str]:
    """The facts a choice or a Break needs, and the engine asks one choice as an ability
    resolves: an element, a spot, a rotation."""
    problems: list[str] = []
    choose_element = elemental_selection.NAME in slugs and ability.elements
    if elemental_selection.NAME in slugs and not ability.elements:
        problems.append(MissingFact(card, index, "elements", "the elements to choose from"))
    if break_.NAME in slugs and ability.break_at is None:
        problems.append(MissingFact(card, index, "break_at", "how many counters it needs"))
    kinds = {op.kind for op in ops}
    asks = ["element"] if choose_element else []
    asks += [k for k in registry.ASKS if k in kinds]
    # A rotation asks only when the card gives no direction (Rotation as a Part of an Ability).
    if any(op.kind == "rotate" and op.value == 0 for op in ops):
        asks.append("rotate")
    if len(asks) > 1:
        problems.append(
            f"{card.name}: {ability.name}: the engine asks one choice as an ability resolves, "
            f"and this one needs {' and '.join(asks)}"
        )
    return problems


def _compile_terms(card: Card, index: int, ability: Ability, area: bool, label: str) -> Compiling:
    """The ability's steps in printed order, each keyword adding its own (its module's
    compile step), then the follow-ups; the kind of target it declares (None, a kind of
    rules.core.cards.TARGET_KINDS, or a spot_* kind) and its reach ("card": the awareness of
    whoever plays it, or "adjacent", "around", "arena")."""
    # The card file's kinds (rules.core.cards.TARGET_KINDS) are queries.kind_matches' own.
    kind = ability.target
    problems: list[str] = []
    if kind is not None and kind not in TARGET_KINDS:
        problems.append(f"{label}: the engine cannot target '{kind}'")
        kind = None
    c = Compiling(
        card=card,
        index=index,
        ability=ability,
        kind=kind,
        reach=ability.reach if ability.reach and ability.reach != "awareness" else "card",
        who_self="bearer" if card.type is CardType.ENCHANTMENT else "self",
        area=area,
        label=label,
        problems=problems,
    )
    for term in ability.terms:
        rule = registry.BY_NAME.get(term.keyword)
        if rule is not None and rule.compile is not None:
            rule.compile(c, term)
    _follow_ups(c)
    if c.target == negate.TARGET and not {op.kind for op in c.ops} & {negate.NAME, "copy"}:
        c.problems.append(
            f"{label}: only Negate and a copy target an ability on the stack; the engine would "
            "never play this ability"
        )
    return c


def _follow_ups(c: Compiling) -> None:
    """What follows the keyword effects ("..., then is destroyed"; rules.core.cards.FOLLOW_UPS)."""
    for step in c.ability.then:
        if step.effect == "rotate":
            # Navigating the Arena, Rotation as a Part of an Ability.
            c.ops.append(Op("rotate", step.who, _TURNS[step.turn]))
            if step.who == "target":
                c.target = c.target or c.kind or "permanent"
        elif step.effect == "copy":
            # Using the Stack, Copying an Ability: the copied ability is on the stack.
            c.ops.append(Op("copy", "target"))
            c.target = negate.TARGET
        else:
            kind_of = "destroy" if step.effect == "destroy_self" else step.effect
            c.ops.append(Op(kind_of, "self", step.value))


# Quarter turns clockwise a rotation makes; 0 is the rotating player's choice of left or right.
_TURNS = {"right": 1, "left": 3, "around": 2, "choice": 0}
_PERMANENT_KINDS = frozenset({"champion", "summon", "alteration"})


def _condition_problems(card: Card, index: int, ability: Ability, target: str | None) -> list[str]:
    """A condition that reads a target needs one, and one of the right sort (a position on the
    stack, a speed or a controller is an ability's); a bound needs a side and must be able to
    hold."""
    label = f"{card.name}: {ability.name}"
    problems: list[str] = []
    for condition in ability.conditions:
        problem = _target_problem(card, index, label, condition, target) or _bound_problem(
            card, index, label, condition
        )
        if problem is not None:
            problems.append(problem)
    return problems


def _target_problem(
    card: Card, index: int, label: str, condition: Condition, target: str | None
) -> str | None:
    """What a condition that reads the target needs of the ability's target, if anything."""
    test = condition.test
    if condition.reads_target and target is None:
        return f"{label}: its condition ({test}) needs a target"
    if test == "stack_position" and target != "ability":
        return f"{label}: a position on the stack is an ability's"
    if test == "controller" and target != "ability":
        return (
            f"{label}: 'controller' reads an ability on the stack; a permanent's side is its "
            "target kind (ally, enemy)"
        )
    if test == "controller" and condition.kind not in CONTROLLERS:
        return MissingFact(card, index, "conditions", "who controls it: you or opponent")
    if test == "target_kind" and condition.kind is None:
        return MissingFact(card, index, "conditions", "the kind the target must be")
    if test == "target_kind" and target != "ability" and condition.kind not in _PERMANENT_KINDS:
        return (
            f"{label}: its target is a permanent, never a {condition.kind}; the engine would "
            "never play this ability"
        )
    return None


def _bound_problem(card: Card, index: int, label: str, condition: Condition) -> str | None:
    """A bound that can never hold, or a counted test without one."""
    low, high = condition.at_least, condition.at_most
    if low is not None and high is not None and low > high:
        return (
            f"{label}: its condition ({condition.test}) can never hold: at least {low} and at "
            f"most {high}; the engine would never play this ability"
        )
    if condition.test in ("counters", "hp", "stack_position") and low is None and high is None:
        return MissingFact(card, index, "conditions", "at_least or at_most, the bound it tests")
    return None


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
    self_mods = _self_mods(continuous)
    if card.type is CardType.ALTERATION:
        occupies = card.occupies_spot
    else:
        occupies = not any(m.keyword == tiny.NAME for m in self_mods)
    hand = tuple(s for s in specs if s.origin == "thoughts")
    own = tuple(s for s in specs if s.origin == "permanent")
    swift_own, playable_own, swift_own_exerted = _playable_own(card, own)
    return CardSpec(
        card=card,
        abilities=tuple(specs),
        from_thoughts=hand,
        own=own,
        triggers=tuple(s for s in specs if s.trigger is not None),
        continuous=tuple(continuous),
        problems=tuple(problems),
        missing=tuple(p for p in problems if isinstance(p, MissingFact)),
        self_mods=self_mods,
        bearer_mods=_bearer_mods(continuous),
        area_mods=_area_mods(continuous),
        pattern=pattern_key(card.awareness),
        occupies=occupies,
        self_keywords=frozenset(m.keyword for m in self_mods),
        swift_from_thoughts=tuple(s for s in hand if s.speed is Speed.SWIFT),
        action_from_thoughts=tuple(s for s in hand if s.speed is Speed.ACTION),
        swift_own=swift_own,
        playable_own=playable_own,
        swift_own_exerted=swift_own_exerted,
        gives=_gives(specs),
    )


def _gives(specs: list[AbilitySpec]) -> frozenset[str]:
    """The keywords the card can put on a permanent (CardSpec.gives): the modifiers of its
    abilities (printed on it, given to a skill's bearer or to an area) and the keywords its
    steps grant."""
    return frozenset(m.keyword for s in specs for m in s.modifiers) | frozenset(
        op.keyword for s in specs for op in s.effects if op.keyword
    )


def _playable_own(
    card: Card, own: tuple[AbilitySpec, ...]
) -> tuple[tuple[AbilitySpec, ...], tuple[AbilitySpec, ...], tuple[AbilitySpec, ...]]:
    """The own abilities a player may play with the card in the arena, in printed order: the
    swift ones, the swift and action ones, and the swift ones an exerted permanent can pay for
    (The Costs of Abilities: not Exert); none for an alteration (Core Rulebook 5.2,
    Alterations)."""
    if card.type is CardType.ALTERATION:
        return (), (), ()
    playable = tuple(s for s in own if s.speed is Speed.SWIFT or s.speed is Speed.ACTION)
    swift = tuple(s for s in playable if s.speed is Speed.SWIFT)
    return swift, playable, tuple(s for s in swift if not s.cost.exert)


def _self_mods(continuous: list[AbilitySpec]) -> tuple[Modifier, ...]:
    """The printed continuous modifiers a permanent has itself."""
    self_mods = tuple(m for s in continuous if s.scope == "self" for m in s.modifiers)
    if any(m.keyword == grounded.NAME for m in self_mods):
        # Glossary: Grounded, it does not have Flight or Aerial.
        self_mods = tuple(m for m in self_mods if m.keyword not in (flight.NAME, aerial.NAME))
    return self_mods


def _bearer_mods(continuous: list[AbilitySpec]) -> tuple[Modifier, ...]:
    """A skill's printed modifiers for the combatant it is attached to."""
    return tuple(m for s in continuous if s.scope == "bearer" for m in s.modifiers)


def _area_mods(continuous: list[AbilitySpec]) -> tuple[tuple[str, Modifier], ...]:
    """An alteration's printed modifiers for combatants on, adjacent to or around its spot."""
    return tuple(
        (s.scope, m)
        for s in continuous
        if s.scope in ("spot", "adjacent", "around")
        for m in s.modifiers
    )


# The steps whose [X] values Modify alters.
_SCALED = frozenset(
    {DAMAGE, DRAIN, heal.NAME, cure.NAME, fatigue.NAME, death_touch.NAME, draw.NAME}
)


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
        if ability.speed is not Speed.CONTINUOUS or not slugs & _MODIFY:
            continue
        other = ability.modifies
        if other is None:
            continue  # reported as a missing fact
        if not 0 <= other < len(specs) or other == index:
            problems.append(f"{card.name}: {ability.name}: 'modifies' names no other ability")
            continue
        stack_term = next((t for t in ability.terms if t.keyword == modify_stack.NAME), None)
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
